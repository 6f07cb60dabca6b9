"""The BIOS keyboard: every key's word through both INT 16h reads, the shift flags, typematic repeat.

The expected words are written out here from the IBM BIOS keyboard tables for
the 101-key enhanced keyboard (IBM PS/2 and PC BIOS Interface Technical
Reference, "Keyboard Service" INT 16h and its character-code tables, as Ralf
Brown's interrupt list reproduces them for INT 16h AH=00h and AH=10h).  They
are deliberately not taken from vconsole's own tables.

The enhanced read (AH=10h) delivers every key; the gray cursor-block keys
carry E0h in the low byte (Up 48E0, Ctrl+Up 8DE0), keypad Enter and keypad /
have scan code E0h.  The standard read (AH=00h) gives only what the 83/84-key
keyboard could send: the gray keys like their keypad twins (Up 4800, keypad /
352F, keypad Enter 1C0D) and nothing at all for the keys that exist only on
the 101-key keyboard, which it throws away from the buffer: F11/F12 in every
state, Alt+Enter/Esc/Backspace, Ctrl+Tab and Alt+Tab, Alt with the cursor
block, Ctrl and Alt with the gray + - * /, Alt+keypad Enter, Ctrl+keypad
8/2/0/./5, Alt with punctuation, keypad 5 with Num Lock off.
"""
from __future__ import annotations

import pytest

from vconsole.int09 import KeyboardInput, Typematic
from vconsole.keyboard import (
    ALT,
    BUFFER_SIZE,
    CAPS_LOCK,
    CTRL,
    INSERT,
    LEFT_SHIFT,
    NUM_LOCK,
    RIGHT_SHIFT,
    SCROLL_LOCK,
    Key,
    Keyboard,
    bios_word,
    enhanced_word,
    standard_word,
    word_for,
)

# key: enhanced read (AH=10h) plain Shift Ctrl Alt | standard read (AH=00h) plain Shift Ctrl Alt
# "-" the BIOS stores nothing for the key; "x" the standard read throws the key away.
# Num Lock off, Caps Lock off.  Up ... Del are the gray cursor-block keys, KPn the keypad.
IBM_TABLE = r"""
a         1E61 1E41 1E01 1E00 | 1E61 1E41 1E01 1E00
b         3062 3042 3002 3000 | 3062 3042 3002 3000
c         2E63 2E43 2E03 2E00 | 2E63 2E43 2E03 2E00
d         2064 2044 2004 2000 | 2064 2044 2004 2000
e         1265 1245 1205 1200 | 1265 1245 1205 1200
f         2166 2146 2106 2100 | 2166 2146 2106 2100
g         2267 2247 2207 2200 | 2267 2247 2207 2200
h         2368 2348 2308 2300 | 2368 2348 2308 2300
i         1769 1749 1709 1700 | 1769 1749 1709 1700
j         246A 244A 240A 2400 | 246A 244A 240A 2400
k         256B 254B 250B 2500 | 256B 254B 250B 2500
l         266C 264C 260C 2600 | 266C 264C 260C 2600
m         326D 324D 320D 3200 | 326D 324D 320D 3200
n         316E 314E 310E 3100 | 316E 314E 310E 3100
o         186F 184F 180F 1800 | 186F 184F 180F 1800
p         1970 1950 1910 1900 | 1970 1950 1910 1900
q         1071 1051 1011 1000 | 1071 1051 1011 1000
r         1372 1352 1312 1300 | 1372 1352 1312 1300
s         1F73 1F53 1F13 1F00 | 1F73 1F53 1F13 1F00
t         1474 1454 1414 1400 | 1474 1454 1414 1400
u         1675 1655 1615 1600 | 1675 1655 1615 1600
v         2F76 2F56 2F16 2F00 | 2F76 2F56 2F16 2F00
w         1177 1157 1117 1100 | 1177 1157 1117 1100
x         2D78 2D58 2D18 2D00 | 2D78 2D58 2D18 2D00
y         1579 1559 1519 1500 | 1579 1559 1519 1500
z         2C7A 2C5A 2C1A 2C00 | 2C7A 2C5A 2C1A 2C00
1         0231 0221 -    7800 | 0231 0221 -    7800
2         0332 0340 0300 7900 | 0332 0340 0300 7900
3         0433 0423 -    7A00 | 0433 0423 -    7A00
4         0534 0524 -    7B00 | 0534 0524 -    7B00
5         0635 0625 -    7C00 | 0635 0625 -    7C00
6         0736 075E 071E 7D00 | 0736 075E 071E 7D00
7         0837 0826 -    7E00 | 0837 0826 -    7E00
8         0938 092A -    7F00 | 0938 092A -    7F00
9         0A39 0A28 -    8000 | 0A39 0A28 -    8000
0         0B30 0B29 -    8100 | 0B30 0B29 -    8100
-         0C2D 0C5F 0C1F 8200 | 0C2D 0C5F 0C1F 8200
=         0D3D 0D2B -    8300 | 0D3D 0D2B -    8300
[         1A5B 1A7B 1A1B 1A00 | 1A5B 1A7B 1A1B x
]         1B5D 1B7D 1B1D 1B00 | 1B5D 1B7D 1B1D x
;         273B 273A -    2700 | 273B 273A -    x
'         2827 2822 -    2800 | 2827 2822 -    x
`         2960 297E -    2900 | 2960 297E -    x
\         2B5C 2B7C 2B1C 2B00 | 2B5C 2B7C 2B1C x
,         332C 333C -    3300 | 332C 333C -    x
.         342E 343E -    3400 | 342E 343E -    x
/         352F 353F -    3500 | 352F 353F -    x
Space     3920 3920 3920 3920 | 3920 3920 3920 3920
Esc       011B 011B 011B 0100 | 011B 011B 011B x
Backspace 0E08 0E08 0E7F 0E00 | 0E08 0E08 0E7F x
Tab       0F09 0F00 9400 A500 | 0F09 0F00 x    x
Enter     1C0D 1C0D 1C0A 1C00 | 1C0D 1C0D 1C0A x
F1        3B00 5400 5E00 6800 | 3B00 5400 5E00 6800
F2        3C00 5500 5F00 6900 | 3C00 5500 5F00 6900
F3        3D00 5600 6000 6A00 | 3D00 5600 6000 6A00
F4        3E00 5700 6100 6B00 | 3E00 5700 6100 6B00
F5        3F00 5800 6200 6C00 | 3F00 5800 6200 6C00
F6        4000 5900 6300 6D00 | 4000 5900 6300 6D00
F7        4100 5A00 6400 6E00 | 4100 5A00 6400 6E00
F8        4200 5B00 6500 6F00 | 4200 5B00 6500 6F00
F9        4300 5C00 6600 7000 | 4300 5C00 6600 7000
F10       4400 5D00 6700 7100 | 4400 5D00 6700 7100
F11       8500 8700 8900 8B00 | x    x    x    x
F12       8600 8800 8A00 8C00 | x    x    x    x
Up        48E0 48E0 8DE0 9800 | 4800 4800 x    x
Down      50E0 50E0 91E0 A000 | 5000 5000 x    x
Left      4BE0 4BE0 73E0 9B00 | 4B00 4B00 7300 x
Right     4DE0 4DE0 74E0 9D00 | 4D00 4D00 7400 x
Home      47E0 47E0 77E0 9700 | 4700 4700 7700 x
End       4FE0 4FE0 75E0 9F00 | 4F00 4F00 7500 x
PgUp      49E0 49E0 84E0 9900 | 4900 4900 8400 x
PgDn      51E0 51E0 76E0 A100 | 5100 5100 7600 x
Ins       52E0 52E0 92E0 A200 | 5200 5200 x    x
Del       53E0 53E0 93E0 A300 | 5300 5300 x    x
Gray/     E02F E02F 9500 A400 | 352F 352F x    x
Gray*     372A 372A 9600 3700 | 372A 372A x    x
Gray-     4A2D 4A2D 8E00 4A00 | 4A2D 4A2D x    x
Gray+     4E2B 4E2B 9000 4E00 | 4E2B 4E2B x    x
KPEnter   E00D E00D E00A A600 | 1C0D 1C0D 1C0A x
KP7       4700 4737 7700 -    | 4700 4737 7700 -
KP8       4800 4838 8D00 -    | 4800 4838 x    -
KP9       4900 4939 8400 -    | 4900 4939 8400 -
KP4       4B00 4B34 7300 -    | 4B00 4B34 7300 -
KP5       4C00 4C35 8F00 -    | x    4C35 x    -
KP6       4D00 4D36 7400 -    | 4D00 4D36 7400 -
KP1       4F00 4F31 7500 -    | 4F00 4F31 7500 -
KP2       5000 5032 9100 -    | 5000 5032 x    -
KP3       5100 5133 7600 -    | 5100 5133 7600 -
KP0       5200 5230 9200 -    | 5200 5230 x    -
KP.       5300 532E 9300 -    | 5300 532E x    -
"""
MODS = ((), ("LShift",), ("LCtrl",), ("LAlt",))
NOTHING, DISCARDED = "-", "x"


def _table():
    rows = []
    for line in IBM_TABLE.strip().splitlines():
        left, right = line.split("|")
        name, *enhanced = left.split()
        standard = right.split()
        assert len(enhanced) == len(standard) == 4, line
        for mods, e, s in zip(MODS, enhanced, standard):
            assert (e == NOTHING) == (s == NOTHING), line
            rows.append((name, mods, None if e == NOTHING else int(e, 16),
                         s if s in (NOTHING, DISCARDED) else int(s, 16)))
    return rows


ROWS = _table()
IDS = [f"{'+'.join(m + (n,))}" for n, m, _, _ in ROWS]


def _fresh(num_lock: bool = False) -> tuple[Keyboard, KeyboardInput]:
    kb = Keyboard()
    ki = KeyboardInput(kb)
    ki.set_locks(num=num_lock, caps=False, scroll=False)
    return kb, ki


def _press(kb: Keyboard, ki: KeyboardInput, name: str, mods: tuple[str, ...]) -> None:
    for m in mods:
        ki.press(m, 0.0)
    ki.press(name, 0.0)


@pytest.mark.parametrize("name,mods,enhanced,standard", ROWS, ids=IDS)
def test_every_key_through_the_enhanced_read(name, mods, enhanced, standard):
    kb, ki = _fresh()
    _press(kb, ki, name, mods)
    got = [k.word for k in iter(lambda: kb.get("enhanced"), None)]
    assert got == ([] if enhanced is None else [enhanced])


@pytest.mark.parametrize("name,mods,enhanced,standard", ROWS, ids=IDS)
def test_every_key_through_the_standard_read(name, mods, enhanced, standard):
    kb, ki = _fresh()
    _press(kb, ki, name, mods)
    assert kb.pending("standard") == (1 if isinstance(standard, int) else 0)
    got = [k.word for k in iter(lambda: kb.get("standard"), None)]
    assert got == ([standard] if isinstance(standard, int) else [])
    assert kb.pending("enhanced") == 0  # a discarded key is gone from the buffer, not skipped


def test_the_standard_read_throws_away_what_it_cannot_give_and_delivers_the_next_key():
    kb, ki = _fresh()
    for key, mods in (("F11", ()), ("Up", ("LCtrl",)), ("Enter", ("LAlt",)), ("a", ()), ("F12", ())):
        _press(kb, ki, key, mods)
        ki.release_all()
    assert kb.pending() == 5  # the default read is the enhanced one: all five are keys
    assert kb.pending("standard") == 1
    assert kb.peek("standard") == Key(0x1E61)  # AH=01h discarded the three before 'a'
    assert kb.pending("enhanced") == 2
    assert kb.int16(0x00) == 0x1E61
    assert kb.int16(0x01) is None  # F12 is thrown away as AH=01h looks: ZF set, buffer empty
    assert kb.pending("enhanced") == 0


def test_int16_functions():
    kb, ki = _fresh()
    _press(kb, ki, "Up", ("LCtrl",))
    ki.release_all()
    _press(kb, ki, "Up", ())
    assert kb.int16(0x11) == 0x8DE0  # AH=11h peeks
    assert kb.int16(0x10) == 0x8DE0  # Ctrl+Up: 8DE0, not 8D00
    assert kb.int16(0x01) == 0x4800  # AH=01h: the gray Up without E0h
    assert kb.int16(0x10) == 0x48E0
    assert kb.int16(0x11) is None
    assert kb.int16(0x02) == kb.shift_state()
    assert kb.int16(0x05) is None  # not offered


# Stored words as the IBM BIOS's INT 09h leaves them, and what its two translation routines
# make of them (the BIOS listing's standard and extended "translate" routines).
TRANSLATIONS = [
    # stored, AH=10h, AH=00h (None: thrown away)
    (0x48E0, 0x48E0, 0x4800), (0x8DE0, 0x8DE0, None), (0x84E0, 0x84E0, 0x8400),
    (0xE02F, 0xE02F, 0x352F), (0xE00D, 0xE00D, 0x1C0D), (0xE00A, 0xE00A, 0x1C0A),
    (0x1CF0, 0x1C00, None), (0x4CF0, 0x4C00, None), (0x27F0, 0x2700, None),
    (0x8500, 0x8500, None), (0x8400, 0x8400, 0x8400), (0xA600, 0xA600, None),
    (0x00E0, 0x00E0, 0x00E0), (0x00F0, 0x00F0, 0x00F0),  # scan code 0 (Alt+224, Alt+240) passes
    (0x0000, 0x0000, 0x0000), (0x1E61, 0x1E61, 0x1E61),
]


@pytest.mark.parametrize("stored,enhanced,standard", TRANSLATIONS)
def test_the_two_translations(stored, enhanced, standard):
    assert enhanced_word(stored) == enhanced
    assert standard_word(stored) == standard


def test_right_shift_and_right_ctrl_alt_act_like_the_left_ones():
    kb, ki = _fresh()
    for mod, key, want in (("RShift", "a", 0x1E41), ("RCtrl", "q", 0x1011), ("RAlt", "x", 0x2D00)):
        ki.press(mod, 0.0)
        ki.press(key, 0.0)
        ki.release(key)
        ki.release(mod)
        assert kb.get().word == want


KEYPAD_NUM_LOCK_ON = {  # Num Lock on: digits; Shift gives the cursor keys back
    "KP7": (0x4737, 0x4700), "KP8": (0x4838, 0x4800), "KP9": (0x4939, 0x4900),
    "KP4": (0x4B34, 0x4B00), "KP5": (0x4C35, 0x4C00), "KP6": (0x4D36, 0x4D00),
    "KP1": (0x4F31, 0x4F00), "KP2": (0x5032, 0x5000), "KP3": (0x5133, 0x5100),
    "KP0": (0x5230, 0x5200), "KP.": (0x532E, 0x5300),
}


@pytest.mark.parametrize("name", sorted(KEYPAD_NUM_LOCK_ON))
def test_keypad_with_num_lock(name):
    plain, shifted = KEYPAD_NUM_LOCK_ON[name]  # as the enhanced read gives them
    assert enhanced_word(bios_word(name, NUM_LOCK)) == plain
    assert enhanced_word(bios_word(name, NUM_LOCK | LEFT_SHIFT)) == shifted
    assert enhanced_word(bios_word(name, NUM_LOCK | RIGHT_SHIFT)) == shifted


def test_caps_lock_affects_letters_only_and_shift_undoes_it():
    assert bios_word("a", CAPS_LOCK) == 0x1E41
    assert bios_word("a", CAPS_LOCK | LEFT_SHIFT) == 0x1E61
    assert bios_word("1", CAPS_LOCK) == 0x0231
    assert bios_word(";", CAPS_LOCK) == 0x273B
    assert bios_word("q", CAPS_LOCK | CTRL) == 0x1011


def test_alt_wins_over_ctrl_and_ctrl_over_shift():
    assert bios_word("F1", ALT | CTRL | LEFT_SHIFT) == 0x6800
    assert bios_word("F1", CTRL | LEFT_SHIFT) == 0x5E00
    assert bios_word("q", CTRL | LEFT_SHIFT) == 0x1011


def test_shift_flags_follow_keys_and_locks_toggle():
    kb, ki = _fresh()
    ki.press("LShift", 0)
    assert kb.shift_state() == LEFT_SHIFT
    ki.press("RShift", 0)
    ki.press("LCtrl", 0)
    ki.press("RAlt", 0)
    assert kb.shift_state() == LEFT_SHIFT | RIGHT_SHIFT | CTRL | ALT
    ki.press("RCtrl", 0)
    ki.release("LCtrl")  # the other Ctrl is still down
    assert kb.shift_state() & CTRL
    for k in ("RCtrl", "RAlt", "LShift", "RShift"):
        ki.release(k)
    assert kb.shift_state() == 0
    for lock, bit in (("CapsLock", CAPS_LOCK), ("NumLock", NUM_LOCK), ("ScrollLock", SCROLL_LOCK)):
        ki.press(lock, 0)
        ki.release(lock)
        assert kb.shift_state() == bit
        ki.press(lock, 0)
        ki.release(lock)
        assert kb.shift_state() == 0
    ki.press("Ins", 0)
    assert kb.shift_state() == INSERT  # the BIOS flips insert mode on Ins


def test_bios_default_flags_have_num_lock_on():
    assert Keyboard().shift_state() == NUM_LOCK


def test_alt_number_entry_on_the_keypad():
    kb, ki = _fresh(num_lock=True)
    ki.press("LAlt", 0)
    for d in ("KP6", "KP5"):
        ki.press(d, 0)
        ki.release(d)
    assert kb.pending() == 0
    ki.release("LAlt")
    assert kb.get().word == 0x0041  # 'A' with scan code 0
    ki.press("LAlt", 0)
    for d in ("KP2", "KP5", "KP7"):  # 257 wraps to 1
        ki.press(d, 0)
        ki.release(d)
    ki.release("LAlt")
    assert kb.get().word == 0x0001


def test_ctrl_break_empties_the_buffer_and_stores_zero():
    kb, ki = _fresh()
    ki.press("a", 0)
    ki.release("a")
    ki.press("LCtrl", 0)
    ki.press("Break", 0)
    assert [k.word for k in iter(kb.get, None)] == [0x0000]


def test_host_layout_character_is_used_for_plain_typing():
    kb, ki = _fresh()
    ki.press("LShift", 0)
    ki.press("7", 0, char="/")  # e.g. a German layout's Shift+7
    assert kb.get().word == 0x352F
    ki.press("LCtrl", 0)
    ki.release("7")
    ki.press("2", 0, char="@")  # with Ctrl the physical key decides
    assert kb.get().word == 0x0300


# -- typematic -----------------------------------------------------------------------------------

def test_typematic_delay_then_rate():
    kb, ki = _fresh()
    ki.press("F1", 10.0)
    assert kb.get().word == 0x3B00
    assert ki.tick(10.49) == []
    assert ki.tick(10.5) == [0x3B00]
    words = []
    t = 10.5
    while t < 11.5:  # one second of repeats at the 10.9/s default
        t += 0.01
        words += ki.tick(t)
    assert 10 <= len(words) <= 11
    ki.release("F1")
    assert ki.tick(20.0) == []


def test_only_the_last_key_pressed_repeats():
    kb, ki = _fresh()
    ki.press("a", 0.0)
    ki.press("LShift", 0.2)  # shift becomes the repeating key; it stores nothing
    assert ki.tick(2.0) == []
    ki.release("LShift")
    assert ki.tick(3.0) == []  # 'a' does not start again
    kb.flush()
    ki.press("b", 4.0)
    ki.press("c", 4.1)
    ki.release("b")  # releasing the older key leaves c repeating
    assert ki.tick(4.6) == [0x2E63]


def test_repeats_use_current_shift_state_and_are_bounded_after_a_stall():
    kb, ki = _fresh()
    ki.press("x", 0.0)
    kb.flush()
    assert len(ki.tick(100.0)) == 3  # a host that stalled does not flood the buffer
    t = Typematic(delay=0.25, rate=30.0)
    t.press("F2", 0.0)
    assert t.due(0.24) == 0 and t.due(0.25) == 1 and t.due(0.25 + 1 / 30) == 1


# -- INT 16h services ------------------------------------------------------------------------------

def test_type_ahead_holds_15_and_the_16th_beeps_and_is_lost():
    beeps = []
    kb = Keyboard(on_overflow=lambda: beeps.append(1))
    for i in range(BUFFER_SIZE):
        assert kb.push(0x1E61 + i)
    assert not kb.push(0x3B00)
    assert beeps == [1] and kb.dropped == 1 and kb.pending() == 15
    assert [k.word for k in iter(kb.get, None)] == [0x1E61 + i for i in range(15)]


def test_peek_keeps_the_key_read_takes_it_flush_empties():
    kb = Keyboard()
    kb.push(0x1011)
    assert kb.peek() == Key(0x1011)
    assert kb.pending() == 1
    assert kb.read() == Key(0x1011)
    assert kb.peek() is None
    kb.push(0x011B)
    kb.push(0x3B00)
    kb.flush()
    assert kb.pending() == 0 and kb.get() is None


def test_read_waits_through_idle_until_a_key_arrives():
    calls = []
    kb = Keyboard()

    def idle(deadline, wake_on_input):
        calls.append((deadline, wake_on_input))
        if len(calls) == 3:
            kb.push(0x4800)

    kb.idle = idle
    assert kb.read().name == "Up"
    assert calls == [(None, "keys")] * 3  # a key read must not be woken by mouse events


def test_key_names():
    names = {0x1011: "Ctrl+Q", 0x2D00: "Alt+X", 0x3B00: "F1", 0x8600: "F12", 0x0F00: "Shift+Tab",
             0x4E2B: "Gray+", 0x011B: "Esc", 0x1C0D: "Enter", 0x1E61: "a", 0x7800: "Alt+1",
             0x2700: "Alt+;", 0x9100: "Ctrl+Down"}
    for word, name in names.items():
        assert Key(word).name == name


def test_names_and_characters_are_the_same_through_both_reads():
    # a program on the enhanced read sees E0h in the low byte, and E0h as keypad Enter's scan
    # code; the names it compares against must not change for that
    enhanced = {0x48E0: "Up", 0x50E0: "Down", 0x4BE0: "Left", 0x4DE0: "Right", 0x47E0: "Home",
                0x4FE0: "End", 0x49E0: "PgUp", 0x51E0: "PgDn", 0x52E0: "Ins", 0x53E0: "Del",
                0x8DE0: "Ctrl+Up", 0x73E0: "Ctrl+Left", 0x84E0: "Ctrl+PgUp", 0x9800: "Alt+Up",
                0xE00D: "Enter", 0x1C00: "Alt+Enter", 0x0100: "Alt+Esc", 0x0E00: "Alt+Backspace",
                0x9400: "Ctrl+Tab", 0xA500: "Alt+Tab", 0x8500: "F11", 0x8C00: "Alt+F12",
                0x4E2B: "Gray+", 0x4A2D: "Gray-", 0x372A: "Gray*", 0x1A00: "Alt+[", 0xA600: "Alt+KPEnter"}
    for word, name in enhanced.items():
        assert Key(word).name == name, hex(word)
    for name, mods, e, s in ROWS:
        if e is not None and isinstance(s, int):
            assert Key(e).name == Key(s).name and Key(e).char == Key(s).char, (name, mods)
    assert Key(0xE02F).char == "/" and Key(0xE00D).char == ""


def test_script_names_agree_with_the_keyboard():
    for name, mods, enhanced, standard in ROWS:
        if enhanced is None or name.startswith("KP") or (mods and len(name) == 1 and not name.isalpha()
                                                         and mods == ("LShift",)):
            continue
        script = {(): "", ("LShift",): "Shift+", ("LCtrl",): "Ctrl+", ("LAlt",): "Alt+"}[mods]
        word = word_for(script + name)  # what the key script puts in the buffer
        assert enhanced_word(word) == enhanced, script + name
        assert standard_word(word) == (standard if isinstance(standard, int) else None), script + name


def test_script_keypad_names_mean_num_lock_on():
    assert word_for("KP8") == 0x4838 and word_for("Shift+KP8") == 0x4800
    assert word_for("Ctrl+KP8") == 0x8D00 and word_for("Ctrl+KP7") == 0x7700
    # Alt held over one keypad digit, then let go: Alt-number entry, the code with scan code 0
    assert word_for("Alt+KP8") == 0x0008 and word_for("Alt+KP5") == 0x0005
    kb, ki = _fresh(num_lock=True)
    for key in ("LAlt", "KP8"):
        ki.press(key, 0.0)
    ki.release_all()
    assert kb.get().word == word_for("Alt+KP8")
    with pytest.raises(KeyError):
        word_for("Alt+KP0")  # a total of 0 stores nothing
