"""Paste and copy (frontends.clipboard): the clipboard's text typed at the program's pace, the screen's text out.

The BIOS buffer holds 15 words (IBM BIOS: a 16-word ring, one slot kept empty) and
drops the 16th with a beep; a paste must never lose one, however slowly the program reads.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from vconsole import cp437
from vconsole.frontends.clipboard import (
    HEADROOM,
    PasteError,
    Selection,
    Typist,
    highlight,
    paste_words,
    screen_text,
)
from vconsole.frontends.inputs import Inputs
from vconsole.keyboard import BUFFER_SIZE
from vconsole.machine import Machine, MachineConfig
from vconsole.video import TextScreen


def test_words_for_typed_text():
    # US keys carry their scan codes (IBM BIOS): 'a' 1E61h, 'A' 1E41h, '!' 0221h, Enter 1C0Dh, Tab 0F09h
    assert paste_words("aA!\n\t") == [0x1E61, 0x1E41, 0x0221, 0x1C0D, 0x0F09]
    assert paste_words("x\r\ny\rz") == [0x2D78, 0x1C0D, 0x1579, 0x1C0D, 0x2C7A]  # CR LF and CR: one Enter
    # CP437 characters no US key has arrive as Alt+keypad entry gave them: scan code 0
    assert paste_words("é£│♥") == [0x0082, 0x009C, 0x00B3, 0x0003]


def test_characters_cp437_lacks_are_refused_in_one_message():
    with pytest.raises(PasteError) as e:
        paste_words("price: 5€ ✓ ok €")
    msg = str(e.value)
    assert "\n" not in msg and "nothing pasted" in msg
    assert "U+20AC" in msg and "U+2713" in msg and msg.count("U+20AC") == 1
    with pytest.raises(PasteError):
        paste_words("bell\x07")  # a control character is not a key


def test_many_refused_characters_are_counted_not_listed():
    with pytest.raises(PasteError) as e:
        paste_words("".join(chr(0x4E00 + i) for i in range(20)))
    assert "and 12 more" in str(e.value)


@pytest.mark.parametrize("reads_every", [1, 3, 17])
def test_2000_characters_into_a_slowly_reading_program_lose_nothing(reads_every):
    rng = random.Random(reads_every)
    printable = [c for c in map(chr, range(0x20, 0x7F))] + ["\n", "é", "░"]
    text = "".join(rng.choice(printable) for _ in range(2000))
    machine = Machine(MachineConfig())
    kb = machine.keyboard
    typist = Typist(Inputs(machine), kb)
    expected = paste_words(text)
    typist.start(expected)
    got: list[int] = []
    looks = 0
    while typist.active or kb.pending():
        typist.feed()  # the window's regular look
        assert kb.pending() <= BUFFER_SIZE - HEADROOM
        looks += 1
        if looks % reads_every == 0:  # the program reads one key now and then
            key = kb.get()
            if key is not None:
                got.append(key.word)
        assert looks < 2000 * reads_every + 100
    assert kb.dropped == 0
    assert got == expected  # enhanced read: words as stored (no E0h/F0h words in typed text)


def test_typist_leaves_room_for_the_person_typing():
    machine = Machine(MachineConfig())
    typist = Typist(Inputs(machine), machine.keyboard)
    typist.start(paste_words("x" * 40))
    assert typist.feed() == BUFFER_SIZE - HEADROOM
    assert typist.feed() == 0  # nothing read yet: nothing more typed
    assert machine.keyboard.push(0x1C0D)  # the person's own key still fits
    assert typist.left == 40 - (BUFFER_SIZE - HEADROOM)
    left = typist.left
    assert typist.cancel() == left and not typist.active


def test_copy_is_the_screens_text_as_unicode():
    s = TextScreen()
    s.write(0, 0, "Hello")
    s.put(1, 2, 0x03)  # ♥
    s.write(2, 0, "ü═╗")
    text = screen_text(s.snapshot().cells)
    assert text == "Hello\n  ♥\nü═╗\n"
    assert cp437.encode(text.replace("\n", "")) == b"Hello  \x03\x81\xcd\xbb"


def test_copy_of_a_rectangle():
    s = TextScreen()
    for r in range(5):
        s.write(r, 0, f"row{r} abcdefgh")
    assert screen_text(s.snapshot().cells, (1, 5, 3, 7)) == "abc\nabc\nabc\n"
    assert screen_text(s.snapshot().cells, (0, 0, 0, 3)) == "row0"


def test_selection_rectangle_in_cells():
    sel = Selection(639, 199)  # the bottom-right cell, from virtual pixels
    assert sel.start == (24, 79)
    sel.move(0, 0)
    assert sel.rect == (0, 0, 24, 79)
    sel = Selection(8 * 10 + 3, 8 * 5 + 1)
    sel.move(8 * 12, 8 * 6)
    assert sel.rect == (5, 10, 6, 12)


def test_highlight_inverts_only_the_selected_cells():
    frame = np.zeros((10 * 2 + 4, 8 * 3 + 6, 3), np.uint8)
    out = highlight(frame, (0, 1, 0, 1), (8, 10), (3, 2))
    assert (out[2:12, 11:19] == 255).all()
    assert out.sum() == 255 * 3 * 80
    assert frame.sum() == 0  # the frame itself untouched
