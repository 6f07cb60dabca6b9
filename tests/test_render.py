"""The renderer against hand-computed pixels and against DOSBox 0.74's own screenshots.

Two kinds of golden data, neither produced by the renderer:
  * hand-written glyph rows (from the IBM fonts, typed in here) and the RGBI
    palette, so a cell's pixels can be worked out on paper;
  * tests/golden/: screenshots DOSBox 0.74 took of programs in tests/golden/asm
    (see tests/golden/README.md), with the 4000-byte video memory they showed.
DOSBox's known differences from the hardware are applied to *our* frame before
comparing (its EGA palette shows colour 6 as AAAA00; its vgaonly machine
renders red and blue with 5 bits, 55 -> 52 and AA -> AD; its CGA machine uses
the BIOS 8x8 font and doubles every line).
"""
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from vconsole.adapters import ADAPTERS, CGA, EGA, MDA, VGA
from vconsole.capture import load_png
from vconsole.render import Renderer, frame_size, phase, render_frame
from vconsole.video import MouseCursor, ScreenState

GOLDEN = Path(__file__).parent / "golden"

BLACK, BLUE, BROWN, GREY = (0, 0, 0), (0, 0, 0xAA), (0xAA, 0x55, 0), (0xAA, 0xAA, 0xAA)
YELLOW, WHITE, LRED = (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF), (0xFF, 0x55, 0x55)

# 'A' in the IBM EGA BIOS 8x14 font and the VGA 8x16 font (one byte per line, MSB left)
A_8X14 = [0x00, 0x00, 0x10, 0x38, 0x6C, 0xC6, 0xC6, 0xFE, 0xC6, 0xC6, 0xC6, 0x00, 0x00, 0x00]
A_8X16 = [0x00, 0x00, 0x10, 0x38, 0x6C, 0xC6, 0xC6, 0xFE, 0xC6, 0xC6, 0xC6, 0xC6, 0x00, 0x00, 0x00, 0x00]
# 'A' in the IBM MDA character ROM (9x14 cells) and the CGA ROM (8x8)
A_MDA = [0x00, 0x00, 0x08, 0x1C, 0x36, 0x63, 0x63, 0x7F, 0x63, 0x63, 0x63, 0x00, 0x00, 0x00]
A_CGA = [0x30, 0x78, 0xCC, 0xCC, 0xFC, 0xCC, 0xCC, 0x00]
HLINE_ROW = 7  # C4h (single horizontal line) lights all 8 dots on line 7 in the 8x16 and 8x14 fonts


def blank_cells(attr=0x07):
    cells = np.zeros((25, 80, 2), dtype=np.uint8)
    cells[..., 0] = 0x20
    cells[..., 1] = attr
    return cells


def state(cells, **kw):
    kw.setdefault("cursor_row", 25)  # parked below the screen unless a test wants it
    return ScreenState(cells=cells, **kw)


def expected_cell(rows, width, fg, bg, ninth=False):
    """Pixels of one cell worked out from its glyph bytes."""
    out = np.zeros((len(rows), width, 3), dtype=np.uint8)
    for y, byte in enumerate(rows):
        for x in range(width):
            if x < 8:
                on = (byte >> (7 - x)) & 1
            else:
                on = (byte & 1) if ninth else 0
            out[y, x] = fg if on else bg
    return out


def cell_of(frame, adapter, r, c):
    return frame[r * adapter.cell_h:(r + 1) * adapter.cell_h, c * adapter.cell_w:(c + 1) * adapter.cell_w]


# -- hand-computed cells -------------------------------------------------------------------------------

def test_ega_cell_A_1E_pixel_by_pixel():
    cells = blank_cells()
    cells[5, 10] = (0x41, 0x1E)
    f = render_frame(state(cells), EGA, border=False)
    assert f.shape == (350, 640, 3)
    assert np.array_equal(cell_of(f, EGA, 5, 10), expected_cell(A_8X14, 8, YELLOW, BLUE))
    assert np.array_equal(cell_of(f, EGA, 5, 11), expected_cell([0] * 14, 8, GREY, BLACK))


def test_vga_ninth_column_box_character_versus_letter():
    cells = blank_cells(0x1E)
    cells[0, 0] = (0x41, 0x1E)
    cells[0, 1] = (0xC4, 0x1E)
    f = render_frame(state(cells), VGA, border=False)
    assert f.shape == (400, 720, 3)
    assert np.array_equal(cell_of(f, VGA, 0, 0), expected_cell(A_8X16, 9, YELLOW, BLUE, ninth=False))
    hline = [0xFF if y == HLINE_ROW else 0 for y in range(16)]
    assert np.array_equal(cell_of(f, VGA, 0, 1), expected_cell(hline, 9, YELLOW, BLUE, ninth=True))
    # so the line runs unbroken across the 9-dot cell
    assert (cell_of(f, VGA, 0, 1)[HLINE_ROW] == YELLOW).all()


def test_cga_rom_glyph():
    cells = blank_cells()
    cells[24, 79] = (0x41, 0x4F)
    f = render_frame(state(cells), CGA, border=False)
    assert f.shape == (200, 640, 3)
    assert np.array_equal(cell_of(f, CGA, 24, 79), expected_cell(A_CGA, 8, WHITE, (0xAA, 0, 0)))


def test_mda_underline_on_line_12_across_nine_dots():
    cells = blank_cells()
    cells[2, 3] = (0x41, 0x01)  # normal, underlined
    cells[2, 4] = (0x41, 0x09)  # bright, underlined
    cells[2, 5] = (0x41, 0x07)  # normal, no underline
    f = render_frame(state(cells), MDA, monitor="white", border=False)
    assert f.shape == (350, 720, 3)
    n, b = (0xAA,) * 3, (0xFF,) * 3

    def underlined(fg):
        out = expected_cell(A_MDA, 9, fg, BLACK)
        out[12] = fg  # line 12 of 0-13, all nine dots
        return out
    assert np.array_equal(cell_of(f, MDA, 2, 3), underlined(n))
    assert np.array_equal(cell_of(f, MDA, 2, 4), underlined(b))
    assert np.array_equal(cell_of(f, MDA, 2, 5), expected_cell(A_MDA, 9, n, BLACK))


@pytest.mark.parametrize("attr", [0x00, 0x08, 0x80, 0x88])
def test_mda_invisible_attributes(attr):
    cells = blank_cells()
    cells[0, 0] = (0xDB, attr)  # a full block would light everything if shown
    f = render_frame(state(cells, blink=False), MDA, monitor="white", border=False)
    assert not cell_of(f, MDA, 0, 0).any()


def test_mda_reverse_and_dark_on_lit():
    cells = blank_cells()
    cells[0, 0] = (0x20, 0x70)
    cells[0, 1] = (0x41, 0x78)
    cells[0, 2] = (0x41, 0xF8)
    f = render_frame(state(cells), MDA, monitor="white", border=False)
    assert (cell_of(f, MDA, 0, 0) == 0xAA).all()
    for c in (1, 2):
        assert np.array_equal(cell_of(f, MDA, 0, c), expected_cell(A_MDA, 9, BLACK, (0xAA,) * 3))


def test_mda_green_on_colour_monitor_choice():
    cells = blank_cells()
    cells[0, 0] = (0xDB, 0x0F)
    f = render_frame(state(cells), MDA, monitor="color", border=False)
    assert tuple(f[0, 0]) == (0, 0xFF, 0)


@pytest.mark.parametrize("name,off_frames,on_frames", [
    ("cga", (8, 24), (0, 16, 32)),
    ("ega", (16,), (0, 8, 32)),
    ("vga", (16, 24), (0, 8, 32)),
    ("mda", (16,), (0, 8, 32)),
])
def test_blink_phase_in_pixels(name, off_frames, on_frames):
    a = ADAPTERS[name]
    cells = blank_cells()
    cells[1, 1] = (0xDB, 0x8F)  # blinking full block
    for frame in on_frames:
        f = render_frame(state(cells), a, monitor="white", frame=frame, border=False)
        assert (cell_of(f, a, 1, 1)[:, :8] == 0xFF).all(), frame
    for frame in off_frames:
        f = render_frame(state(cells), a, monitor="white", frame=frame, border=False)
        assert not cell_of(f, a, 1, 1).any(), frame


def test_blink_disabled_gives_bright_background():
    cells = blank_cells()
    cells[0, 0] = (0x20, 0xC0)
    for frame in (0, 16):
        f = render_frame(state(cells, blink=False), EGA, frame=frame, border=False)
        assert (cell_of(f, EGA, 0, 0) == LRED).all()
    f = render_frame(state(cells, blink=True), EGA, frame=0, border=False)
    assert (cell_of(f, EGA, 0, 0) == (0xAA, 0, 0)).all()


# CX=0607h: the MDA takes it unscaled, a line mid-cell (the corrected reference notes, issue 29)
@pytest.mark.parametrize("name,lines", [("cga", (6, 7)), ("ega", (11, 12)), ("vga", (13, 14)), ("mda", (6, 7))])
def test_default_cursor_rows_and_width(name, lines):
    a = ADAPTERS[name]
    cells = blank_cells(0x1E)
    s = state(cells, cursor_row=4, cursor_col=9, cursor_start=6, cursor_end=7)
    lit = render_frame(s, a, monitor="white", frame=0, border=False)
    dark = render_frame(s, a, monitor="white", frame=8, border=False)
    cell_lit, cell_dark = cell_of(lit, a, 4, 9), cell_of(dark, a, 4, 9)
    changed_rows = np.flatnonzero((cell_lit != cell_dark).any(axis=(1, 2)))
    assert changed_rows.tolist() == list(range(lines[0], lines[1] + 1))
    # the cursor is 8 dots wide, drawn in the cell's foreground; a 9th column stays background
    fg = render_frame(state(np.where(cells == 0x20, 0xDB, cells).astype(np.uint8)), a, monitor="white",
                      border=False)[4 * a.cell_h, 9 * a.cell_w]
    assert (cell_lit[lines[0], :8] == fg).all()
    if a.cell_w == 9:
        assert (cell_lit[lines[0], 8] == cell_dark[lines[0], 8]).all()
    # everything outside the cursor cell is identical
    lit[4 * a.cell_h:5 * a.cell_h, 9 * a.cell_w:10 * a.cell_w] = 0
    dark[4 * a.cell_h:5 * a.cell_h, 9 * a.cell_w:10 * a.cell_w] = 0
    assert np.array_equal(lit, dark)


def test_hidden_and_offscreen_cursor_draw_nothing():
    cells = blank_cells(0x1E)
    base = render_frame(state(cells), EGA, frame=0, border=False)
    for kw in (dict(cursor_row=0, cursor_col=0, cursor_start=0x20, cursor_end=0),
               dict(cursor_row=25, cursor_col=0), dict(cursor_row=3, cursor_col=80)):
        assert np.array_equal(render_frame(state(cells, **kw), EGA, frame=0, border=False), base)


def test_mouse_text_cursor_masks_the_cell_word():
    # reference notes: masks 77FF/7700 over attribute 1Eh show attribute 61h
    cells = blank_cells(0x1E)
    cells[7, 20] = (0x41, 0x1E)
    s = state(cells, mouse=MouseCursor(row=7, col=20))
    for frame in (0, 16):  # it never blinks
        f = render_frame(s, EGA, frame=frame, border=False)
        assert np.array_equal(cell_of(f, EGA, 7, 20), expected_cell(A_8X14, 8, BLUE, BROWN))
    # video memory itself is untouched
    assert tuple(s.cells[7, 20]) == (0x41, 0x1E)
    custom = state(cells, mouse=MouseCursor(row=7, col=20, and_mask=0x0000, xor_mask=0x4FDB))
    f = render_frame(custom, EGA, border=False)
    assert (cell_of(f, EGA, 7, 20) == WHITE).all()


@pytest.mark.parametrize("name,band", [("cga", (32, 10)), ("ega", (32, 18)), ("vga", (36, 20))])
def test_border_band(name, band):
    a = ADAPTERS[name]
    cells = blank_cells(0x1E)
    s = state(cells, border=4)
    f = render_frame(s, a, border=True)
    bx, by = band
    assert f.shape == (a.height + 2 * by, a.width + 2 * bx, 3)
    assert frame_size(a) == (f.shape[1], f.shape[0])
    red = (0xAA, 0, 0)
    mask = np.ones(f.shape[:2], dtype=bool)
    mask[by:by + a.height, bx:bx + a.width] = False
    assert (f[mask] == red).all()
    assert np.array_equal(f[by:by + a.height, bx:bx + a.width], render_frame(s, a, border=False))


def test_mono_cards_have_no_border():
    s = state(blank_cells(), border=4)
    assert render_frame(s, MDA, border=True).shape == (350, 720, 3)


def test_phase_helper():
    assert phase("ega", 0) == (True, True)
    assert phase("ega", 8) == (True, False)
    assert phase("cga", 8) == (False, False)


# -- the incremental renderer ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cga", "ega", "vga", "mda"])
def test_renderer_matches_pure_function_through_changes(name):
    a = ADAPTERS[name]
    rng = np.random.default_rng(7)
    cells = rng.integers(0, 256, (25, 80, 2), dtype=np.uint8)
    r = Renderer(a, monitor="amber" if a.mono else "color")
    kw = dict(cursor_row=3, cursor_col=4, cursor_start=0, cursor_end=7, border=2)
    for frame_no in range(0, 70, 3):
        if frame_no % 2:
            n = int(rng.integers(1, 6))
            cells[rng.integers(0, 25, n), rng.integers(0, 80, n)] = rng.integers(0, 256, (n, 2), dtype=np.uint8)
        if frame_no == 30:
            cells[:] = rng.integers(0, 256, (25, 80, 2), dtype=np.uint8)  # a full-screen change
        if frame_no == 33:
            kw.update(cursor_row=24, cursor_col=79, border=9, blink=False)
        if frame_no == 45:
            kw.update(mouse=MouseCursor(row=10, col=10))
        if frame_no == 51:
            kw.update(mouse=MouseCursor(row=11, col=12), cursor_row=25)
        s = ScreenState(cells=cells.copy(), **kw)
        got = r.frame(s, frame_no)
        want = render_frame(s, a, monitor=r.monitor, frame=frame_no, border=True)
        assert np.array_equal(got, want), frame_no
    assert r.partial_redraws > 5  # the fast path was really taken


def test_renderer_redraws_only_changed_cells():
    r = Renderer(EGA)
    cells = blank_cells()
    r.frame(state(cells), 0)
    cells[12, 40] = (0x41, 0x1E)
    f = r.frame(state(cells), 1)
    assert r.full_redraws == 1 and r.partial_redraws == 1
    assert np.array_equal(f, render_frame(state(cells), EGA, frame=1))


# -- DOSBox 0.74 screenshots ---------------------------------------------------------------------------

def dosbox_ega(frame):
    """machine=ega's BIOS palette shows colour 6 as AAAA00 (real EGA: brown AA5500)."""
    out = frame.copy()
    out[(out == BROWN).all(axis=-1)] = (0xAA, 0xAA, 0x00)
    return out


def dosbox_vga(frame):
    """machine=vgaonly keeps red and blue in 5 bits: 55 -> 52, AA -> AD (green is exact)."""
    out = frame.copy()
    for ch in (0, 2):
        plane = out[..., ch]
        plane[plane == 0x55] = 0x52
        plane[plane == 0xAA] = 0xAD
    return out


def dosbox_cga(frame):
    """machine=cga captures 640x400: each of the 200 lines twice."""
    return np.repeat(frame, 2, axis=0)


CGA_AS_DOSBOX = dataclasses.replace(CGA, font="bios_8x8")  # DOSBox's CGA uses the BIOS 8x8 shapes


def cells_bin():
    data = (GOLDEN / "cells.bin").read_bytes()
    assert len(data) == 4000
    return data


@pytest.mark.parametrize("png,adapter,fix,blink,frames", [
    # blink enabled: each screenshot caught one of the two phases; both were captured
    ("ega_cells_phase_a.png", EGA, dosbox_ega, True, (0,)),
    ("ega_cells_phase_b.png", EGA, dosbox_ega, True, (16,)),
    ("vga_cells_phase_a.png", VGA, dosbox_vga, True, (0,)),
    ("vga_cells_phase_b.png", VGA, dosbox_vga, True, (16,)),
    ("cga_cells_phase_a.png", CGA_AS_DOSBOX, dosbox_cga, True, (0,)),
    ("cga_cells_phase_b.png", CGA_AS_DOSBOX, dosbox_cga, True, (8,)),
    # blink disabled (VGA: INT 10h AX=1003h BL=0; CGA: port 3D8h = 09h): bright backgrounds
    ("vga_cells_bright_bg.png", VGA, dosbox_vga, False, (0, 16)),
    ("cga_cells_bright_bg.png", CGA_AS_DOSBOX, dosbox_cga, False, (0, 8)),
])
def test_every_character_and_attribute_matches_dosbox(png, adapter, fix, blink, frames):
    ref = load_png(GOLDEN / png)
    s = ScreenState.from_dump(cells_bin(), blink=blink, cursor_row=25)
    for frame in frames:
        ours = fix(render_frame(s, adapter, frame=frame, border=False))
        assert ours.shape == ref.shape
        bad = (ours != ref).any(axis=-1)
        assert not bad.any(), f"{png} frame {frame}: {bad.sum()} pixels differ"


def test_the_two_blink_phases_really_differ():
    s = ScreenState.from_dump(cells_bin(), blink=True, cursor_row=25)
    assert not np.array_equal(render_frame(s, EGA, frame=0), render_frame(s, EGA, frame=16))
    assert not np.array_equal(load_png(GOLDEN / "ega_cells_phase_a.png"), load_png(GOLDEN / "ega_cells_phase_b.png"))


@pytest.mark.parametrize("cx", ["0607", "0007", "0003", "2000", "0706", "0D0E"])
@pytest.mark.parametrize("prefix,adapter,fix", [("ega", EGA, dosbox_ega), ("vga", VGA, dosbox_vga)])
def test_cursor_shapes_match_dosbox(cx, prefix, adapter, fix):
    # tests/golden/asm/cursor.asm: '.' attr 07 everywhere, 'A' attr 1Eh at row 3 col 7 under the cursor
    cells = blank_cells()
    cells[..., 0] = 0x2E
    cells[3, 7] = (0x41, 0x1E)
    value = int(cx, 16)
    s = ScreenState(cells=cells, cursor_row=3, cursor_col=7, cursor_start=value >> 8, cursor_end=value & 0xFF)
    ref = load_png(GOLDEN / f"{prefix}_cursor_{cx}.png")
    ours = fix(render_frame(s, adapter, frame=0, border=False))  # frame 0: cursor lit
    assert np.array_equal(ours, ref)
