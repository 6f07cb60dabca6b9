"""Keyboard layouts as DOS KEYB delivered them (frontends.layouts): US, UK, German, French.

Expected words are scan code << 8 | the character in code page 437, the scan code being
the physical key's (IBM 101/102-key keyboard), the characters those the national keycaps
show: e.g. the German keyboard's 'Z' key (scan 15h) types 'z', AltGr+Q '@', and the French
first digit-row key '&' without Shift.
"""
from __future__ import annotations

import pytest

from vconsole.frontends.keymap import K, KeyMapper
from vconsole.frontends.layouts import (
    LAYOUT_NAMES,
    LAYOUTS,
    Translator,
    host_layout,
    scan_of,
)
from vconsole.int09 import KeyboardInput
from vconsole.keyboard import CAPS_LOCK, LEFT_SHIFT, Keyboard

SHIFT = LEFT_SHIFT


def typed(layout: str, *presses: tuple[str, int, frozenset]) -> list[int]:
    t = Translator(layout)
    out: list[int] = []
    for key, flags, held in presses:
        words = t(key, flags, held)
        assert words is not None, key
        out += words
    return out


def one(layout: str, key: str, flags: int = 0, held=frozenset()) -> int:
    words = Translator(layout)(key, flags, frozenset(held))
    assert words is not None and len(words) == 1, words
    return words[0]


@pytest.mark.parametrize("key,flags,word", [
    ("a", 0, 0x1E61), ("a", SHIFT, 0x1E41), ("2", SHIFT, 0x0340), ("'", SHIFT, 0x2822),
    ("\\", 0, 0x2B5C), ("ISO<>", 0, 0x565C), ("z", 0, 0x2C7A), ("a", CAPS_LOCK, 0x1E41),
])
def test_us(key, flags, word):
    assert one("us", key, flags) == word


@pytest.mark.parametrize("key,flags,word", [
    ("3", SHIFT, 0x049C),  # £ is 9Ch in code page 437
    ("2", SHIFT, 0x0322), ("'", SHIFT, 0x2840), ("\\", 0, 0x2B23), ("\\", SHIFT, 0x2B7E),
    ("ISO<>", 0, 0x565C), ("`", SHIFT, 0x29AA),  # ¬ AAh
])
def test_uk(key, flags, word):
    assert one("uk", key, flags) == word


@pytest.mark.parametrize("key,flags,held,word", [
    ("y", 0, (), 0x157A),  # the key in the US 'Y' place is 'Z' on a German keyboard
    ("z", 0, (), 0x2C79),
    ("-", 0, (), 0x0CE1),  # ß E1h
    ("[", 0, (), 0x1A81), ("[", SHIFT, (), 0x1A9A),  # ü, Ü
    (";", 0, (), 0x2794), ("'", 0, (), 0x2884),  # ö, ä
    ("'", CAPS_LOCK, (), 0x288E),  # Caps Lock gives Ä
    ("7", SHIFT, (), 0x082F), ("0", SHIFT, (), 0x0B3D), ("]", 0, (), 0x1B2B),
    ("3", SHIFT, (), 0x0415),  # § is 15h
    ("q", 0x08, {"RAlt"}, 0x1040),  # AltGr+Q: @
    ("7", 0x08, {"RAlt"}, 0x087B), ("8", 0x08, {"RAlt"}, 0x095B), ("-", 0x08, {"RAlt"}, 0x0C5C),
    ("ISO<>", 0x08, {"RAlt"}, 0x567C), ("]", 0x08, {"RAlt"}, 0x1B7E), ("m", 0x08, {"RAlt"}, 0x32E6),
    ("2", 0x08, {"RAlt"}, 0x03FD),  # ²
])
def test_german(key, flags, held, word):
    assert one("de", key, flags, held) == word


@pytest.mark.parametrize("key,flags,held,word", [
    ("q", 0, (), 0x1061), ("a", 0, (), 0x1E71), ("w", 0, (), 0x117A), ("z", 0, (), 0x2C77),  # AZERTY: z at 11h, w at 2Ch
    ("1", 0, (), 0x0226), ("1", SHIFT, (), 0x0231), ("2", 0, (), 0x0382),  # & 1 é
    ("7", 0, (), 0x088A), ("9", 0, (), 0x0A87), ("0", 0, (), 0x0B85),  # è ç à
    ("'", 0, (), 0x2897), (";", 0, (), 0x276D), ("m", 0, (), 0x322C),  # ù, m, ','
    ("/", SHIFT, (), 0x3515), ("-", SHIFT, (), 0x0CF8),  # § 15h, ° F8h
    ("0", 0x08, {"RAlt"}, 0x0B40), ("2", 0x08, {"RAlt"}, 0x037E), ("3", 0x08, {"RAlt"}, 0x0423),  # @ ~ #
    ("=", 0x08, {"RAlt"}, 0x0D7D),
])
def test_french(key, flags, held, word):
    assert one("fr", key, flags, held) == word


def test_dead_keys_compose_as_keyb_did():
    none = frozenset()
    assert typed("fr", ("[", 0, none), ("e", 0, none)) == [0x1288]  # ^ then e: ê 88h
    assert typed("fr", ("[", SHIFT, none), ("u", 0, none)) == [0x1681]  # ¨ then u: ü
    assert typed("fr", ("[", 0, none), ("Space", 0, none)) == [0x395E]  # the accent alone
    assert typed("fr", ("[", 0, none), ("b", 0, none)) == [0x305E, 0x3062]  # no b^: both keys' characters
    assert typed("de", ("=", 0, none), ("e", 0, none)) == [0x1282]  # ´ then e: é
    assert typed("de", ("=", SHIFT, none), ("a", 0, none)) == [0x1E85]  # ` then a: à
    assert typed("de", ("`", 0, none), ("`", 0, none)) == [0x295E, 0x295E]  # ^ twice: both


def test_ctrl_and_alt():
    assert one("de", "y", 0x04) == 0x151A  # Ctrl+Z on the German keyboard: ^Z with the key's scan code
    assert Translator("de")("y", 0x08, frozenset()) is None  # Alt combinations are the scan code's (BIOS)
    assert one("fr", "q", 0x04) == 0x1001  # Ctrl+A


def test_through_the_int09_model():
    """KeyboardInput (INT 09h) with a translator: AltGr+Q on German stores 1040h."""
    kb = Keyboard()
    ki = KeyboardInput(kb)
    ki.translate = Translator("de")
    ki.press("RAlt", 0.0)
    ki.press("q", 0.0)
    ki.release("q")
    ki.release("RAlt")
    ki.press("LAlt", 0.0)
    ki.press("q", 0.0)  # left Alt stays Alt: Alt+Q 1000h
    assert kb.get().word == 0x1040
    assert kb.get().word == 0x1000


def test_mapper_takes_keys_by_position():
    kb = Keyboard()
    ki = KeyboardInput(kb)
    ki.translate = Translator("fr")
    m = KeyMapper(ki, shifted_symbols=True)
    m.by_position = True
    m.scan = 0x10  # the X key code said: the key at scan 10h, whatever symbol the host made of it
    m.press(K.A, 0, 0.0)
    m.release(K.A, 0)
    m.scan = None
    assert kb.get().word == 0x1061  # 'a' on AZERTY


def test_names_and_scans():
    assert set(LAYOUT_NAMES) >= {"us", "uk", "de", "fr"}
    from vconsole.names import KEYBOARD_LAYOUTS

    assert KEYBOARD_LAYOUTS == LAYOUT_NAMES  # what --keyboard offers is what the tables hold
    assert scan_of("ISO<>") == 0x56 and scan_of("q") == 0x10
    assert {lay.keyb for lay in LAYOUTS.values()} >= {"US", "UK", "GR", "FR"}
    assert host_layout(None) is None or __import__("sys").platform == "win32"
