"""The mono cards' cursor drawn as IBM's MDA and Hercules draw it (tests/golden/mono_cursor.txt),
and programs asking for the card's own underline and block (issue 29)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vconsole.adapters import ADAPTERS
from vconsole.render import render_frame
from vconsole.testing import run as run_headless
from vconsole.video import ScreenState, TextScreen

TABLE = Path(__file__).parent / "golden" / "mono_cursor.txt"


def reference() -> dict[int, tuple[int, int]]:
    rows = {}
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            cx, first, last = line.split()[:3]
            rows[int(cx, 16)] = (int(first), int(last))
    return rows


def cell(frame: np.ndarray, a, row: int, col: int) -> np.ndarray:
    return frame[row * a.cell_h:(row + 1) * a.cell_h, col * a.cell_w:(col + 1) * a.cell_w]


def picture(cx: int, adapter: str, frame: int = 0) -> np.ndarray:
    cells = np.zeros((25, 80, 2), dtype=np.uint8)
    cells[..., 0], cells[..., 1] = 0x20, 0x07
    s = ScreenState(cells=cells, cursor_row=3, cursor_col=7, cursor_start=cx >> 8, cursor_end=cx & 0xFF)
    return render_frame(s, ADAPTERS[adapter], monitor="white", frame=frame, border=False)


def test_the_reference_holds_the_three_values_the_issue_names():
    assert {0x0607, 0x0007, 0x0B0C} <= set(reference())


@pytest.mark.parametrize("adapter", ["mda", "hercules"])
@pytest.mark.parametrize("cx", sorted(reference()))
def test_the_cursor_lights_the_scan_lines_as_given(adapter, cx):
    first, last = reference()[cx]
    a = ADAPTERS[adapter]
    lit = picture(cx, adapter)
    fg = render_frame(ScreenState(cells=np.full((25, 80, 2), (0xDB, 0x07), dtype=np.uint8)), a,
                      monitor="white", border=False)[0, 0]
    bg = lit[0, 0]
    expected = np.empty((a.cell_h, a.cell_w, 3), dtype=lit.dtype)
    expected[:] = bg
    expected[first:last + 1, :8] = fg
    assert np.array_equal(cell(lit, a, 3, 7), expected)
    # the unlit phase shows a blank cell, and nothing else on the screen differs
    dark = picture(cx, adapter, frame=a.cursor_blink_frames)
    assert (cell(dark, a, 3, 7) == bg).all()
    lit[3 * a.cell_h:4 * a.cell_h, 7 * a.cell_w:8 * a.cell_w] = 0
    dark[3 * a.cell_h:4 * a.cell_h, 7 * a.cell_w:8 * a.cell_w] = 0
    assert np.array_equal(lit, dark)


@pytest.mark.parametrize("mono, underline, block", [
    (True, (11, 12), (0, 13)), (False, (6, 7), (0, 7)),
])
def test_programs_ask_for_the_cards_own_underline_and_block(mono, underline, block):
    scr = TextScreen(mono=mono)
    assert scr.standard_cursor() == underline and scr.standard_cursor(block=True) == block
    scr.hide_cursor()
    scr.show_cursor()
    assert (scr.cursor_start, scr.cursor_end) == underline
    scr.show_cursor(block=True)
    assert (scr.cursor_start, scr.cursor_end) == block


@pytest.mark.parametrize("adapter", ["cga", "ega", "vga", "mda", "hercules"])
def test_the_standard_shapes_are_a_bottom_underline_and_a_whole_cell_on_every_card(adapter):
    a = ADAPTERS[adapter]
    scr = TextScreen(mono=a.mono)
    first, last = a.cursor_lines(*scr.standard_cursor())
    assert last >= a.cell_h - 3 and last - first == 1  # two lines at the foot of the cell
    assert a.cursor_lines(*scr.standard_cursor(block=True)) == (0, a.cell_h - 1)


def test_the_mouse_hardware_cursor_without_lines_is_the_cards_underline():
    from vconsole.mouse import MouseDriver
    for mono, lines in ((True, (0x0B, 0x0C)), (False, (0x06, 0x07))):
        m = MouseDriver(TextScreen(mono=mono))
        m.set_text_cursor(True)
        assert m.hardware_lines == lines


# each game at one of its text fields, where the cursor shows (keyboard only, no mouse)
FIELDS = [("mill", "Enter S"), ("cardmine", "Enter"), ("pearls", "Enter"), ("anciento", "Enter 3"),
          ("spider", "Esc G"), ("shell", "")]


@pytest.mark.parametrize("adapter", ["mda", "hercules"])
@pytest.mark.parametrize("package, script", FIELDS)
def test_no_game_shows_a_line_mid_cell_on_a_mono_card(tmp_path, package, script, adapter):
    import importlib
    program = importlib.import_module(f"vconsole_programs.{package}").PROGRAM
    out = run_headless(program, script, drive=tmp_path, adapter=adapter, mouse=False, mute=True)
    s = out.state
    assert s.cursor_row < 25 and not s.cursor_start & 0x20, "the field shows no cursor"
    assert ADAPTERS[adapter].cursor_lines(s.cursor_start, s.cursor_end) == (11, 12)
