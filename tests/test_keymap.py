"""Pyglet key and pointer events -> BIOS words and INT 33h positions, without a window."""
from __future__ import annotations

import sys

import pytest

from vconsole.frontends import keymap
from vconsole.frontends.keymap import K, KeyMapper, host_hotkey, largest_scale, physical_key, place
from vconsole.keyboard import ALT, CTRL, LEFT_SHIFT, NUM_LOCK, Keyboard, KeyboardInput

NUM = K.MOD_NUMLOCK


def _mapper(shifted_symbols: bool = True) -> tuple[Keyboard, KeyMapper]:
    kb = Keyboard()
    return kb, KeyMapper(KeyboardInput(kb), shifted_symbols=shifted_symbols)


def _words(kb: Keyboard) -> list[int]:
    return [k.word for k in iter(kb.get, None)]


def tap(m: KeyMapper, symbol: int, mods: int = NUM, t: float = 0.0) -> None:
    m.press(symbol, mods, t)
    m.release(symbol, mods)


# (pyglet symbol, modifiers held while it goes down, expected BIOS word) - X11 symbols.
EVENTS = [
    (K.A, NUM, 0x1E61), (K.A, NUM | K.MOD_SHIFT, 0x1E41), (K.A, NUM | K.MOD_CAPSLOCK, 0x1E41),
    (K.Q, NUM | K.MOD_CTRL, 0x1011), (K.X, NUM | K.MOD_ALT, 0x2D00), (K.Z, NUM | K.MOD_SHIFT | K.MOD_CTRL, 0x2C1A),
    (K._1, NUM, 0x0231), (K.EXCLAMATION, NUM | K.MOD_SHIFT, 0x0221), (K.AT, NUM | K.MOD_SHIFT, 0x0340),
    (K.AT, NUM | K.MOD_SHIFT | K.MOD_CTRL, 0x0300), (K._1, NUM | K.MOD_ALT, 0x7800),
    (K.SPACE, NUM, 0x3920), (K.RETURN, NUM, 0x1C0D), (K.ESCAPE, NUM, 0x011B), (K.BACKSPACE, NUM, 0x0E08),
    (K.TAB, NUM, 0x0F09), (K.SLASH, NUM, 0x352F), (K.QUESTION, NUM | K.MOD_SHIFT, 0x353F),
    (K.F1, NUM, 0x3B00), (K.F10, NUM | K.MOD_SHIFT, 0x5D00), (K.F5, NUM | K.MOD_ALT, 0x6C00),
    (K.F12, NUM, 0x8600), (K.F11, NUM | K.MOD_CTRL, 0x8900),
    (K.UP, NUM, 0x4800), (K.PAGEDOWN, NUM, 0x5100), (K.HOME, NUM | K.MOD_CTRL, 0x7700), (K.DELETE, NUM, 0x5300),
    (K.NUM_7, NUM, 0x4737), (K.NUM_HOME, 0, 0x4700), (K.NUM_HOME, NUM | K.MOD_SHIFT, 0x4700),
    (K.NUM_UP, 0, 0x4800), (K.NUM_BEGIN, 0, 0x4C00), (K.NUM_5, NUM, 0x4C35), (K.NUM_DECIMAL, NUM, 0x532E),
    (K.NUM_ADD, NUM, 0x4E2B), (K.NUM_SUBTRACT, NUM, 0x4A2D), (K.NUM_MULTIPLY, NUM, 0x372A),
    (K.NUM_DIVIDE, NUM, 0x352F), (K.NUM_ENTER, NUM, 0x1C0D),
]


@pytest.mark.parametrize("symbol,mods,want", EVENTS, ids=[f"{K.symbol_string(s)}-{m}" for s, m, _ in EVENTS])
def test_x11_events_give_bios_words(symbol, mods, want):
    kb, m = _mapper()
    m.sync_modifiers(mods)  # as if the modifiers went down before
    m.press(symbol, mods, 0.0)
    assert _words(kb) == [want]


def test_modifier_keys_drive_the_flags():
    kb, m = _mapper()
    m.press(K.LSHIFT, NUM, 0)
    m.press(K.RCTRL, NUM | K.MOD_SHIFT, 0)
    m.press(K.LALT, NUM | K.MOD_SHIFT | K.MOD_CTRL, 0)
    assert kb.shift_state() == LEFT_SHIFT | CTRL | ALT | NUM_LOCK
    for s in (K.LSHIFT, K.RCTRL, K.LALT):
        m.release(s, 0)
    assert kb.shift_state() == NUM_LOCK


def test_shift_1_released_as_1_is_not_left_stuck():
    kb, m = _mapper()
    m.press(K.LSHIFT, NUM, 0)
    assert m.press(K.EXCLAMATION, NUM | K.MOD_SHIFT, 0) == "1"
    m.release(K.LSHIFT, NUM | K.MOD_SHIFT)
    name, pressed_as = m.release(K._1, NUM)  # X11 now names the key by its unshifted symbol
    assert (name, pressed_as) == ("1", K.EXCLAMATION)  # the window discards this from pressed_keys
    m.press(K.LSHIFT, NUM, 0)
    m.press(K.EXCLAMATION, NUM | K.MOD_SHIFT, 0)
    assert _words(kb) == [0x0221, 0x0221]


def test_host_repeats_are_ignored_and_typematic_comes_from_the_emulator():
    kb, m = _mapper()
    m.press(K.F7, NUM, 0.0)
    m.press(K.F7, NUM, 0.1)  # a host repeat (or a second symbol for a held key)
    assert _words(kb) == [0x4100]
    assert m.kbd.tick(0.55) == [0x4100]
    m.release(K.F7, NUM)
    assert m.kbd.tick(5.0) == []


def test_ctrl_letter_needs_no_text_event():
    kb, m = _mapper()
    m.press(K.LCTRL, NUM, 0)
    m.press(K.Q, NUM | K.MOD_CTRL, 0)
    assert _words(kb) == [0x1011]


def test_modifier_missed_while_unfocused_is_reconciled():
    kb, m = _mapper()
    m.press(K.LCTRL, NUM, 0)  # then the window lost focus and Ctrl went up elsewhere
    m.press(K.A, NUM, 0)
    assert _words(kb) == [0x1E61]
    m.press(K.B, NUM | K.MOD_SHIFT, 0)  # Shift went down elsewhere
    assert _words(kb) == [0x3042]


def test_lock_lights_follow_the_host():
    kb, m = _mapper()
    m.press(K.NUM_7, 0, 0)  # host Num Lock off: the BIOS flag follows
    assert not kb.shift_state() & NUM_LOCK
    assert _words(kb) == [0x4700]


def test_release_all_on_focus_loss():
    kb, m = _mapper()
    m.press(K.LSHIFT, NUM, 0)
    m.press(K.A, NUM | K.MOD_SHIFT, 0)
    assert sorted(m.release_all()) == sorted([K.LSHIFT, K.A])
    assert kb.shift_state() == NUM_LOCK
    assert m.kbd.tick(10.0) == []


def test_windows_and_mac_symbols_are_unshifted_keys():
    kb, m = _mapper(shifted_symbols=False)
    m.press(K.LSHIFT, NUM, 0)
    m.press(K._1, NUM | K.MOD_SHIFT, 0)
    m.press(K.SLASH, NUM | K.MOD_SHIFT, 0)
    assert _words(kb) == [0x0221, 0x353F]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X keycodes are evdev codes on Linux only")
def test_shift_tab_arrives_as_a_user_key_with_the_x_keycode():
    kb, m = _mapper()
    m.press(K.LSHIFT, NUM, 0)
    m.press(K.user_key(23), NUM | K.MOD_SHIFT, 0)  # ISO_Left_Tab: keycode 23 = scan 0Fh + 8
    assert _words(kb) == [0x0F00]


def test_unknown_symbols_are_ignored():
    assert physical_key(K.MENU) == (None, None)
    kb, m = _mapper()
    assert m.press(K.MENU, NUM, 0) is None
    assert _words(kb) == []


def test_host_hotkeys():
    assert host_hotkey(K.F5, K.MOD_CTRL | NUM) == keymap.SCREENSHOT
    assert host_hotkey(K.F6, K.MOD_CTRL) == keymap.RECORD
    assert host_hotkey(K.RETURN, K.MOD_ALT) == keymap.FULLSCREEN
    assert host_hotkey(K.F5, 0) is None
    assert host_hotkey(K.F5, K.MOD_ALT) is None
    assert host_hotkey(K.NUM_ENTER, K.MOD_ALT) is None  # Alt+keypad Enter is a program key (A600h)


def test_mouse_buttons():
    assert keymap.MOUSE_BUTTONS[keymap.M.LEFT] == 0
    assert keymap.MOUSE_BUTTONS[keymap.M.RIGHT] == 1
    assert keymap.MOUSE_BUTTONS[keymap.M.MIDDLE] == 2


# -- the picture in the window ----------------------------------------------------------------------------

EGA_FRAME = (704, 386)  # 640x350 + 32/18 px of border each side
EGA_ACTIVE = (32, 18, 640, 350)


def _shown(k):  # a 4:3 picture 704x528 at scale 1 (the geometry does not care how it was found)
    return 704 * k, 528 * k


def _steps(k):
    return k, k


def _place(w, h):
    return place(w, h, *EGA_FRAME, EGA_ACTIVE, _shown, _steps)


def test_place_uses_whole_steps_and_centres():
    p = _place(1600, 1200)
    assert p.scale == 2 and (p.width, p.height) == (1408, 772)
    assert (p.x, p.y) == ((1600 - 1408) // 2, (1200 - 772) // 2)
    small = _place(352, 400)
    assert small.scale == 0 and small.width == 352 and small.height == 193  # below 1x: same shape


def test_place_with_cga_steps_from_capture():
    from vconsole.capture import display_size, scale_steps
    from vconsole.render import frame_size

    fw, fh = frame_size("cga")
    shown1 = display_size("cga", 1)
    p = place(*shown1, fw, fh, (32, 10, 640, 200), lambda k: display_size("cga", k),
              lambda k: scale_steps("cga", k))
    sx, sy = scale_steps("cga", 1)
    assert p.scale == 1 and (p.width, p.height) == (fw * sx, fh * sy)


def test_pointer_maps_to_virtual_pixels_with_y_from_the_bottom():
    p = place(704, 386, *EGA_FRAME, EGA_ACTIVE, lambda k: (704 * k, 386 * k), _steps)  # 1:1
    assert (p.x, p.y, p.width, p.height) == (0, 0, 704, 386)
    top = 386 - 1  # pyglet's y of the top pixel row
    assert p.to_virtual(32, top - 18) == (0, 0)
    # the centre of cell (col 40, row 12): native x 32 + 40*8 + 4, y 18 + 12*14 + 7
    assert p.to_virtual(32 + 40 * 8 + 4, top - (18 + 12 * 14 + 7)) == (40 * 8 + 4, 12 * 8 + 4)
    # the last row of pixels of row 24, last column
    assert p.to_virtual(32 + 639, top - (18 + 349)) == (639, 199)
    # scaled 2x the same cells map the same way
    p2 = place(1408, 772, *EGA_FRAME, EGA_ACTIVE, lambda k: (704 * k, 386 * k), _steps)
    assert p2.to_virtual(2 * (32 + 40 * 8 + 4), 771 - 2 * (18 + 12 * 14 + 7)) == (40 * 8 + 4, 12 * 8 + 4)


def test_pointer_over_border_or_letterbox_clamps_to_the_edge_cell():
    p = _place(1000, 800)
    assert p.to_virtual(0, 0) == (0, 199)  # bottom-left corner of the window
    assert p.to_virtual(999, 799) == (639, 0)  # top-right
    assert p.to_virtual(500, 799)[1] == 0
    assert p.to_virtual(0, 400)[0] == 0


def test_largest_scale_fits_the_screen():
    assert largest_scale(1920, 1080, 704, 528) == 1
    assert largest_scale(3840, 2160, 704, 528) == 3
    assert largest_scale(640, 480, 704, 528) == 1  # never below 1
