"""The test card program: what it draws and how its keys change the display registers."""
import numpy as np
import pytest

from vconsole.keyboard import Key
from vconsole.render import render_frame
from vconsole.video import TextScreen
from vconsole_programs.testcard import PROGRAM
from vconsole_programs.testcard.main import (
    ATTRS_LEFT,
    ATTRS_TOP,
    CHARSET_LEFT,
    CHARSET_TOP,
    CURSOR_COL,
    CURSOR_ROW,
    CURSOR_SHAPES,
    CardSettings,
    draw,
    main,
)

# BIOS key words (scan << 8 | ASCII)
ESC, F7, KEY_B, KEY_C, KEY_K, KEY_Q, KEY_X = 0x011B, 0x4100, 0x3062, 0x2E63, 0x256B, 0x1051, 0x2D78


class FakeKeyboard:
    def __init__(self, words):
        self.words = list(words)

    def read(self):
        return Key(self.words.pop(0))


class FakeDos:
    def __init__(self, words):
        self.screen = TextScreen()
        self.keyboard = FakeKeyboard(words)


def test_program_record():
    assert PROGRAM.name == "TESTCARD"
    assert PROGRAM.main.resolve() is main  # the record names main lazily (imported when the program runs)
    assert PROGRAM.summary


def test_charset_grid_holds_every_character_once():
    scr = TextScreen()
    draw(scr)
    grid = scr.cells[CHARSET_TOP:CHARSET_TOP + 16, CHARSET_LEFT:CHARSET_LEFT + 16, 0]
    assert grid.flatten().tolist() == list(range(256))
    assert (scr.cells[CHARSET_TOP:CHARSET_TOP + 16, CHARSET_LEFT:CHARSET_LEFT + 16, 1] == 0x07).all()


def test_attribute_table_shows_each_attribute_with_its_own_code():
    scr = TextScreen()
    draw(scr)
    for attr in (0x00, 0x1E, 0x70, 0x8F, 0xFF):
        bg, fg = attr >> 4, attr & 0x0F
        row, col = ATTRS_TOP + bg, ATTRS_LEFT + 3 * fg
        assert scr.text(row, col, 3) == f" {attr:02X}"
        assert scr.cells[row, col:col + 3, 1].tolist() == [attr] * 3


def test_registers_after_draw():
    scr = TextScreen()
    draw(scr, CardSettings(border=5, shape=1, blink=False))
    assert scr.border == 5 and scr.blink is False
    assert (scr.cursor_row, scr.cursor_col) == (CURSOR_ROW, CURSOR_COL)
    assert (scr.cursor_start, scr.cursor_end) == CURSOR_SHAPES[1][:2]


def test_card_renders_on_every_adapter():
    scr = TextScreen()
    draw(scr)
    for name in ("cga", "ega", "vga", "mda"):
        f = render_frame(scr.snapshot(), name)
        assert f.std() > 10  # something visible, not a blank screen


@pytest.mark.parametrize("quit_word", [ESC, F7, KEY_Q, 0x1071])
def test_keys_cycle_border_cursor_and_blink_then_quit(quit_word):
    dos = FakeDos([KEY_B, KEY_B, KEY_C, KEY_K, KEY_X, quit_word])
    snapshots = []
    real_read = dos.keyboard.read

    def read():
        snapshots.append((dos.screen.border, dos.screen.cursor_start, dos.screen.cursor_end, dos.screen.blink))
        return real_read()
    dos.keyboard.read = read
    assert main(dos) == 0
    start0, end0, _ = CURSOR_SHAPES[0]
    start1, end1, _ = CURSOR_SHAPES[1]
    assert snapshots == [
        (1, start0, end0, True),   # as drawn
        (2, start0, end0, True),   # B
        (3, start0, end0, True),   # B
        (3, start1, end1, True),   # C
        (3, start1, end1, False),  # K
        (3, start1, end1, False),  # X does nothing
    ]
    assert "bright back" in dos.screen.text(21)
    assert f"CX={start1:02X}{end1:02X}h" in dos.screen.text(20)


def test_border_wraps_after_fifteen_and_cursor_shapes_cycle():
    dos = FakeDos([KEY_B] * 16 + [KEY_C] * len(CURSOR_SHAPES) + [ESC])
    main(dos)
    assert dos.screen.border == 1
    assert (dos.screen.cursor_start, dos.screen.cursor_end) == CURSOR_SHAPES[0][:2]


def test_hidden_cursor_shape_is_offered():
    assert any(start & 0x20 for start, _, _ in CURSOR_SHAPES)
    frames = []
    scr = TextScreen()
    hidden = next(i for i, (s, _, _) in enumerate(CURSOR_SHAPES) if s & 0x20)
    for shape in (0, hidden):
        draw(scr, CardSettings(shape=shape))
        frames.append(render_frame(scr.snapshot(), "ega", frame=0))
    assert not np.array_equal(frames[0], frames[1])


def test_the_cursor_label_says_what_the_card_shows():
    from vconsole_programs.testcard.main import cursor_label

    colour, mono = TextScreen(), TextScreen(mono=True)
    assert cursor_label(colour, 0x06, 0x07, "underline") == "underline"  # the BIOS rescales it
    assert cursor_label(mono, 0x06, 0x07, "underline") == "lines 6-7"  # mid-cell on a 14-line cell
    assert cursor_label(mono, 0x20, 0x00, "hidden") == "hidden"
    assert cursor_label(mono, 0x07, 0x06, "start > end") == "start > end"
