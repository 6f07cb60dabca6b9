"""Pyglet key and pointer events -> BIOS words and INT 33h positions, without a window."""
from __future__ import annotations

import math
import sys

import numpy as np
import pytest

from vconsole.capture import display_rows, display_size
from vconsole.frontends import keymap
from vconsole.frontends.keymap import K, KeyMapper, fitting_scale, host_hotkey, largest_scale, physical_key, place
from vconsole.int09 import KeyboardInput
from vconsole.keyboard import ALT, CTRL, LEFT_SHIFT, NUM_LOCK, Keyboard

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
# Words as the enhanced read (INT 16h AH=10h, the default) gives them: the gray cursor keys
# keep E0h in the low byte, keypad / and Enter have scan code E0h; their keypad twins do not.
EVENTS = [
    (K.A, NUM, 0x1E61), (K.A, NUM | K.MOD_SHIFT, 0x1E41), (K.A, NUM | K.MOD_CAPSLOCK, 0x1E41),
    (K.Q, NUM | K.MOD_CTRL, 0x1011), (K.X, NUM | K.MOD_ALT, 0x2D00), (K.Z, NUM | K.MOD_SHIFT | K.MOD_CTRL, 0x2C1A),
    (K._1, NUM, 0x0231), (K.EXCLAMATION, NUM | K.MOD_SHIFT, 0x0221), (K.AT, NUM | K.MOD_SHIFT, 0x0340),
    (K.AT, NUM | K.MOD_SHIFT | K.MOD_CTRL, 0x0300), (K._1, NUM | K.MOD_ALT, 0x7800),
    (K.SPACE, NUM, 0x3920), (K.RETURN, NUM, 0x1C0D), (K.ESCAPE, NUM, 0x011B), (K.BACKSPACE, NUM, 0x0E08),
    (K.TAB, NUM, 0x0F09), (K.SLASH, NUM, 0x352F), (K.QUESTION, NUM | K.MOD_SHIFT, 0x353F),
    (K.F1, NUM, 0x3B00), (K.F10, NUM | K.MOD_SHIFT, 0x5D00), (K.F5, NUM | K.MOD_ALT, 0x6C00),
    (K.F12, NUM, 0x8600), (K.F11, NUM | K.MOD_CTRL, 0x8900),
    (K.UP, NUM, 0x48E0), (K.PAGEDOWN, NUM, 0x51E0), (K.HOME, NUM | K.MOD_CTRL, 0x77E0), (K.DELETE, NUM, 0x53E0),
    (K.NUM_7, NUM, 0x4737), (K.NUM_HOME, 0, 0x4700), (K.NUM_HOME, NUM | K.MOD_SHIFT, 0x4700),
    (K.NUM_UP, 0, 0x4800), (K.NUM_BEGIN, 0, 0x4C00), (K.NUM_5, NUM, 0x4C35), (K.NUM_DECIMAL, NUM, 0x532E),
    (K.NUM_ADD, NUM, 0x4E2B), (K.NUM_SUBTRACT, NUM, 0x4A2D), (K.NUM_MULTIPLY, NUM, 0x372A),
    (K.NUM_DIVIDE, NUM, 0xE02F), (K.NUM_ENTER, NUM, 0xE00D),
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
    assert host_hotkey(K.F7, K.MOD_CTRL) == keymap.VIDEO
    assert host_hotkey(K.F7, 0) is None  # plain F7 is the programs' (quit in the Tommy's Toys games)
    assert host_hotkey(K.RETURN, K.MOD_ALT) == keymap.FULLSCREEN
    assert host_hotkey(K.F5, 0) is None
    assert host_hotkey(K.F5, K.MOD_ALT) is None
    assert host_hotkey(K.NUM_ENTER, K.MOD_ALT) is None  # Alt+keypad Enter is a program key (A600h)


def test_mouse_buttons():
    assert keymap.MOUSE_BUTTONS[keymap.M.LEFT] == 0
    assert keymap.MOUSE_BUTTONS[keymap.M.RIGHT] == 1
    assert keymap.MOUSE_BUTTONS[keymap.M.MIDDLE] == 2


# -- the picture in the window ----------------------------------------------------------------------------
# EGA: a 704x386 frame (640x350 + 32/18 border each side) shown as 704x530 at scale 1: the active area
# 640x480 (4:3) starting 25 rows down, the band 18 lines * 480/350 = 25 rows (see tests/test_capture.py).

def test_with_scale_place_uses_the_largest_whole_scale_and_centres():
    p = place(1600, 1200, "ega", whole=True)  # --scale: whole scales only, letterboxed
    assert p.scale == 2 and (p.width, p.height) == display_size("ega", 2) == (1408, 1058)
    assert (p.x, p.y) == ((1600 - 1408) // 2, (1200 - 1058) // 2)
    assert place(1407, 2000, "ega", whole=True).scale == 1 and place(2000, 1057, "ega", whole=True).scale == 1
    assert place(704, 530, "ega", whole=True).scale == 1 and place(704, 529, "ega", whole=True).scale == 0
    p = place(1400, 1100, "cga", whole=True)  # CGA 1408x1056 at scale 2 does not fit 1400 wide
    assert p.scale == 1 and (p.width, p.height) == (704, 528) and (p.x, p.y) == (348, 286)
    assert place(5000, 5000, "vga", max_scale=3, whole=True).scale == 3  # e.g. the GL's largest texture


def test_a_window_at_a_whole_scale_size_is_drawn_pixel_for_pixel():
    for adapter in ("cga", "ega", "vga", "mda"):
        for k in (1, 2, 3):
            w, h = display_size(adapter, k)
            p = place(w, h, adapter)
            assert p.scale == k and not p.sharp and (p.x, p.y, p.width, p.height) == (0, 0, w, h)
            assert p.active == (p.geometry.shown_band_x, p.geometry.shown_band_y, p.geometry.shown_active_w,
                                p.geometry.shown_active_h)


# The largest picture on common screens, worked out by hand for EGA (640x350 active, band 32x18):
# the active area 4m x 3m, band round(32 * 4m / 640) across and round(18 * 3m / 350) down.
SCREENS = {
    (1280, 1024): (1164, 873, 58, 45),  # narrower than 4:3: fills the width (1164 + 2 * 58 = 1280)
    (1366, 768): (928, 696, 46, 36),  # 696 + 2 * 36 = 768
    (1920, 1080): (1304, 978, 65, 50),  # 1078: m = 327 would need 981 + 2 * 50 = 1081
    (2560, 1440): (1740, 1305, 87, 67),  # 1439
    (3840, 2160): (2608, 1956, 130, 101),  # 2158
}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_full_screen_on_common_screens_fills_the_height_or_width_at_exactly_4_3(screen):
    w, h = screen
    p = place(w, h, "ega")
    f = p.fit
    assert (f.active_w, f.active_h, f.band_x, f.band_y) == SCREENS[screen]
    for adapter in ("cga", "ega", "vga", "mda", "hercules"):
        p = place(w, h, adapter)
        f = p.fit
        assert f.active_w * 3 == f.active_h * 4  # exactly 4:3, never distorted
        assert f.width <= w and f.height <= h
        assert h - f.height <= 3 or w - f.width <= 3  # fills the height, or the width when narrower
        assert (p.x, p.y) == ((w - f.width) // 2, (h - f.height) // 2)  # centred
        ax, ay, aw, ah = p.active
        assert ax - p.x == f.band_x and ay - p.y == f.band_y and (aw, ah) == (f.active_w, f.active_h)
        k = p.scale
        if k:  # a whole scale only where it is that very size (MDA at 1920x1080 is exactly 2x)
            assert display_size(adapter, k) == (f.width, f.height)
        else:
            assert p.sharp and fitting_scale(w, h, adapter) * p.geometry.active_w < f.active_w
    assert place(1920, 1080, "mda").scale == 2 and place(3840, 2160, "hercules").scale == 4


def test_with_scale_a_full_screen_keeps_whole_pixels():
    p = place(1920, 1080, "ega", whole=True)
    assert p.scale == 2 and (p.width, p.height) == (1408, 1058) and (p.x, p.y) == (256, 11)
    assert place(3840, 2160, "vga", whole=True).scale == 3


def test_place_below_scale_1_shrinks_with_the_same_shape():
    small = place(352, 400, "ega")
    assert small.scale == 0 and small.sharp
    assert (small.fit.active_w, small.fit.active_h) == (320, 240)  # 640x480 halved
    assert (small.width, small.height) == (352, 264)
    assert (small.x, small.y) == (0, (400 - 264) // 2)
    assert place(352, 400, "ega", whole=True) == small  # no whole scale fits at all


def test_pointer_follows_the_row_map_at_scale_1():
    p = place(704, 530, "ega")
    assert (p.x, p.y, p.width, p.height) == (0, 0, 704, 530)
    rows = display_rows("ega", 1)
    for dy in range(530):  # every display row: the native line shown there, in virtual pixels
        line = int(rows[dy]) - 18
        vx, vy = p.to_virtual(32 + 40 * 8 + 4, 529 - dy)
        assert vx == 40 * 8 + 4
        if line < 0 or line >= 350:  # the band above or below: clamped to the edge
            assert vy == (0 if line < 0 else 199)
        else:
            assert vy == (2 * line + 1) * 200 // 700 and vy // 8 == line // 14  # the cell the eye sees
    # the first and last display rows of the active area are cell rows 0 and 24
    assert p.to_virtual(32, 529 - 25) == (0, 0)
    assert p.to_virtual(32 + 639, 529 - (25 + 479)) == (639, 199)


def test_pointer_at_scale_2_in_a_letterboxed_window():
    p = place(1600, 1200, "ega", whole=True)
    top = 1200 - p.y - p.height  # window rows above the picture
    rows = display_rows("ega", 2)
    # cell (col 40, row 12): its middle native line 18 + 12*14 + 7, at the display rows that show it
    dys = np.flatnonzero(rows == 18 + 12 * 14 + 7)
    assert len(dys) in (2, 3)
    for dy in dys:
        for dx in (2 * (32 + 40 * 8), 2 * (32 + 40 * 8 + 7) + 1):  # first and last display column of the cell
            vx, vy = p.to_virtual(p.x + dx, 1199 - (top + dy))
            assert (vx // 8, vy // 8) == (40, 12)
    # one display row above the cell's first line is the row above
    first = np.flatnonzero(rows == 18 + 12 * 14)[0]
    assert p.to_virtual(p.x + 2 * 32 + 10, 1199 - (top + first - 1))[1] // 8 == 11
    assert p.to_virtual(p.x + 2 * 32 + 10, 1199 - (top + first))[1] // 8 == 12


def test_pointer_on_cga_at_scale_1_hits_the_line_shown():
    p = place(704, 528, "cga")
    rows = display_rows("cga", 1)
    for dy in range(24, 24 + 480):
        assert p.to_virtual(100, 527 - dy)[1] == rows[dy] - 10  # CGA: virtual y is the native line


def test_pointer_over_border_or_letterbox_clamps_to_the_edge_cell():
    p = place(1000, 800, "ega", whole=True)
    assert p.to_virtual(0, 0) == (0, 199)  # bottom-left corner of the window
    assert p.to_virtual(999, 799) == (639, 0)  # top-right
    assert p.to_virtual(500, 799)[1] == 0
    assert p.to_virtual(0, 400)[0] == 0
    top = 800 - p.y - p.height
    assert p.to_virtual(p.x + 10, 799 - (top + 24)) == (0, 0)  # the last band row above the active area
    assert p.to_virtual(p.x + 703, 799 - (top + 530 - 25)) == (639, 199)  # the first band row below it


def test_pointer_in_a_window_below_scale_1():
    p = place(352, 265, "ega")  # the picture halved
    assert p.to_virtual(16 + 20 * 4, 264 - 130)[0] // 8 == 20
    assert p.to_virtual(0, 264) == (0, 0) and p.to_virtual(351, 0) == (639, 199)


def test_pointer_on_a_sharp_picture_maps_linearly_to_the_cell_shown():
    p = place(1920, 1080, "ega")  # 1304x978 active, 65 and 50 display pixels of band
    ax, ay, aw, ah = p.active
    top = 1080 - ay - ah
    for col in (0, 1, 39, 40, 79):
        for row in (0, 12, 24):
            # the first and last display pixels whose centres lie on the cell
            x0, x1 = (ax + math.ceil(c * 8 * aw / 640 - 0.5) - (c > col) for c in (col, col + 1))
            y0, y1 = (top + math.ceil(r * 14 * ah / 350 - 0.5) - (r > row) for r in (row, row + 1))
            for x in (x0, x1):
                for y in (y0, y1):
                    vx, vy = p.to_virtual(x, 1079 - y)
                    assert (vx // 8, vy // 8) == (col, row), (col, row, x, y)
    assert p.to_virtual(0, 0) == (0, 199) and p.to_virtual(1919, 1079) == (639, 0)  # letterbox: clamped
    assert p.to_virtual(ax - 1, 1079 - top) == (0, 0) and p.to_virtual(ax + aw, 1079 - top - ah) == (639, 199)


def test_largest_scale_fits_the_area():
    assert largest_scale(1920, 1080 - 48 - 48, "ega") == 1  # 1408x1058 would not fit
    assert largest_scale(1920, 1200 - 48, "ega") == 2  # 1408x1058 fits 1152
    assert largest_scale(3840, 2160 - 96, "ega") == 3  # 2112x1590
    assert largest_scale(3840, 2160 - 96, "cga") == 3
    assert largest_scale(2560, 1440 - 96, "vga") == 2  # 1584x1188
    assert largest_scale(640, 480, "ega") == 1  # never below 1
