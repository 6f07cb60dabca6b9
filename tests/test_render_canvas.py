"""The renderer beyond 80x25: taller and wider pictures, a loaded character set, a program's palette.

A card set up for more rows or columns (Adapter.text_mode) draws every cell exactly as it
draws it on its own screen, so a tall picture must be its 25-row screens stacked, a wide one
its 80-column screens side by side.  A character set loaded into an EGA/VGA (TextScreen.load_font)
replaces the glyphs; a palette (TextScreen.set_palette) replaces the colours; the CGA and MDA,
which read a ROM and have no palette, ignore both.
"""
from __future__ import annotations

import numpy as np
import pytest

from vconsole.adapters import ADAPTERS, CGA, EGA, MDA, RGBI_PALETTE, VGA, palette_rgb
from vconsole.capture import display_size, geometry, to_display
from vconsole.fonts import Glyphs, load_font
from vconsole.machine import Machine
from vconsole.render import Renderer, render_frame
from vconsole.video import ScreenState, TextScreen


def _cells(rows: int, cols: int, seed: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    cells = rng.integers(0, 256, (rows, cols, 2), dtype=np.uint8)
    cells.flags.writeable = False
    return cells


def _active(img: np.ndarray, a) -> np.ndarray:
    bx, by = a.band(True)
    return img[by:img.shape[0] - by, bx:img.shape[1] - bx]


# -- character sets -----------------------------------------------------------------------------------
def test_glyphs_compare_by_value_and_fit_a_cell_height():
    vga = Glyphs.named("bios_8x16")
    assert vga == Glyphs(load_font("bios_8x16").tobytes(), 16)
    assert hash(vga) == hash(Glyphs.from_array(load_font("bios_8x16")))
    assert vga != Glyphs.named("bios_8x16_9dot")
    short = vga.fitted(14)
    assert short.height == 14 and np.array_equal(short.array, load_font("bios_8x16")[:, :14])
    tall = Glyphs.named("bios_8x8").fitted(16)
    assert np.array_equal(tall.array[:, :8], load_font("bios_8x8")) and not tall.array[:, 8:].any()
    assert vga.fitted(16) is vga
    with pytest.raises(ValueError, match="1 to 32 rows"):
        Glyphs(b"", 0)
    with pytest.raises(ValueError, match="4096 bytes"):
        Glyphs(b"\0" * 4095, 16)
    with pytest.raises(ValueError):
        vga.array[0, 0] = 1


# -- text_mode -------------------------------------------------------------------------------------------
def test_text_mode_keeps_the_cards_scan_and_a_border_of_four_columns():
    tall = EGA.text_mode(rows=100)
    assert (tall.width, tall.height) == (640, 1400) and tall.scan_size == (640, 350)
    assert tall.refresh_hz == EGA.refresh_hz and tall.text_blink_frames == EGA.text_blink_frames
    eight = VGA.text_mode(cell_w=8, font="bios_8x16")
    assert eight.border_px == (32, 20) and eight.scan_size == (640, 400) and eight.font == "bios_8x16"
    assert VGA.text_mode() == VGA and EGA.text_mode(25, 80) == EGA  # nothing asked, nothing changed
    with pytest.raises(ValueError):
        VGA.text_mode(cell_w=7)


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_a_tall_picture_is_its_screens_stacked(name):
    a = ADAPTERS[name]
    cells = _cells(50, 80)
    whole = _active(render_frame(ScreenState(cells=cells, cursor_start=0x20), a.text_mode(rows=50), frame=20), a)
    parts = [_active(render_frame(ScreenState(cells=cells[r:r + 25], cursor_start=0x20), a, frame=20), a)
             for r in (0, 25)]
    assert np.array_equal(whole, np.concatenate(parts, axis=0))


@pytest.mark.parametrize("name", ["cga", "vga", "mda"])
def test_a_wide_picture_is_its_screens_side_by_side(name):
    a = ADAPTERS[name]
    cells = _cells(25, 160, seed=8)
    wide = render_frame(ScreenState(cells=cells, cursor_start=0x20, border=3), a.text_mode(cols=160))
    parts = [render_frame(ScreenState(cells=cells[:, c:c + 80], cursor_start=0x20, border=3), a) for c in (0, 80)]
    bx, _ = a.band(True)
    assert np.array_equal(wide[:, :bx + a.width], parts[0][:, :bx + a.width])
    assert np.array_equal(wide[:, bx + a.width:], parts[1][:, bx:])


def test_cells_must_match_the_mode():
    with pytest.raises(ValueError, match="50x80 cells on a vga set up for 25x80"):
        render_frame(ScreenState(cells=_cells(50, 80)), VGA)


# -- a loaded character set ---------------------------------------------------------------------------------
def _one_cell(char: int, attr: int = 0x07, rows: int = 25) -> np.ndarray:
    cells = np.zeros((rows, 80, 2), dtype=np.uint8)
    cells[..., 0], cells[..., 1] = 0x20, 0x07
    cells[0, 0] = (char, attr)
    return cells


def _custom_font(height: int) -> Glyphs:
    font = np.zeros((256, height), dtype=np.uint8)
    font[0x41] = 0xFF  # 'A' is a solid block
    font[0xC4] = 0x81  # a line-graphics code with its 8th dot on: the 9th repeats it
    font[0x42] = 0x01  # an ordinary code with its 8th dot on: the 9th stays background
    return Glyphs.from_array(font, "test")


@pytest.mark.parametrize("name", ["ega", "vga"])
def test_a_loaded_font_replaces_the_glyphs_on_ega_and_vga(name):
    a = ADAPTERS[name]
    font = _custom_font(a.cell_h)
    img = render_frame(ScreenState(cells=_one_cell(0x41), font=font, cursor_start=0x20), a, border=False)
    assert (img[:a.cell_h, :8] == 0xAA).all()  # every dot of the cell lit in colour 7
    plain = render_frame(ScreenState(cells=_one_cell(0x41), cursor_start=0x20), a, border=False)
    assert not np.array_equal(img, plain)
    assert np.array_equal(img[a.cell_h:], plain[a.cell_h:])  # the rest of the screen: blanks either way


def test_the_ninth_dot_rule_holds_for_a_loaded_font():
    font = _custom_font(16)
    for char, ninth_lit in ((0xC4, True), (0x42, False)):
        img = render_frame(ScreenState(cells=_one_cell(char), font=font, cursor_start=0x20), VGA, border=False)
        assert (img[:16, 7] == 0xAA).all() and (img[:16, 8] == 0xAA).all() == ninth_lit
        assert not (img[:16, 8] == 0xAA).any() or ninth_lit


@pytest.mark.parametrize("name", ["cga", "mda", "hercules"])
def test_rom_cards_ignore_a_loaded_font_and_a_palette(name):
    a = ADAPTERS[name]
    cells = _cells(25, 80)
    plain = render_frame(ScreenState(cells=cells), a, frame=3)
    other = render_frame(ScreenState(cells=cells, font=_custom_font(a.cell_h), palette=((63, 0, 0),) * 16), a, frame=3)
    assert np.array_equal(plain, other)


def test_a_font_of_another_height_keeps_the_cell_height():
    """INT 10h AX=1100h: an 8-row set in 16-row cells leaves rows 8-15 blank; a 16-row set in 14-row cells is cut."""
    short = np.zeros((256, 8), dtype=np.uint8)
    short[0x41] = 0xFF
    short = Glyphs.from_array(short)
    img = render_frame(ScreenState(cells=_one_cell(0x41), font=short, cursor_start=0x20), VGA, border=False)
    assert (img[:8, :8] == 0xAA).all() and not img[8:16, :8].any()
    tall = np.zeros((256, 16), dtype=np.uint8)
    tall[0x41] = 0xFF
    tall = Glyphs.from_array(tall)
    img = render_frame(ScreenState(cells=_one_cell(0x41), font=tall, cursor_start=0x20), EGA, border=False)
    assert img.shape[0] == 350 and (img[:14, :8] == 0xAA).all() and not img[14:28, :8].any()


def test_a_tall_font_mode_draws_cells_as_tall_as_the_font():
    """AX=1110h: the CRTC follows the font, so 8-row glyphs make 8-line cells on a VGA."""
    a = VGA.text_mode(rows=50, cell_h=8, font="bios_8x8")
    img = render_frame(ScreenState(cells=_one_cell(0xDB, rows=50), cursor_start=0x20), a, border=False)
    assert img.shape == (400, 720, 3)
    assert (img[:8, :9] == 0xAA).all() and not img[8:16, :9].any()


# -- a program's palette ---------------------------------------------------------------------------------------
def test_palette_colours_per_card():
    pal = tuple([(10, 20, 30), (63, 0, 0), (42, 21, 0)] + [(0, 0, 0)] * 13)
    vga = palette_rgb(VGA, pal)
    assert tuple(vga[0]) == (40, 81, 121) and tuple(vga[1]) == (255, 0, 0) and tuple(vga[2]) == (0xAA, 0x55, 0)
    ega = palette_rgb(EGA, pal)
    assert tuple(ega[0]) == (0, 0x55, 0x55) and tuple(ega[1]) == (0xFF, 0, 0) and tuple(ega[2]) == (0xAA, 0x55, 0)
    assert palette_rgb(CGA, pal) is RGBI_PALETTE and palette_rgb(MDA, pal) is RGBI_PALETTE
    standard = tuple(tuple(int(v) >> 2 for v in rgb) for rgb in RGBI_PALETTE)
    assert np.array_equal(palette_rgb(VGA, standard), RGBI_PALETTE)  # the RGBI colours are DAC values


def test_palette_reaches_cells_and_border():
    pal = tuple([(0, 0, 0), (63, 0, 0)] + [(0, 0, 63)] * 14)
    state = ScreenState(cells=_one_cell(0x20, 0x10), palette=pal, border=1, cursor_start=0x20)
    img = render_frame(state, VGA)
    assert tuple(img[0, 0]) == (255, 0, 0)  # border colour 1 is palette colour 1
    assert tuple(img[20, 36]) == (255, 0, 0)  # the cell's background
    assert tuple(img[20 + 16, 36]) == (0, 0, 0)  # the next row: blanks in 07, background colour 0


def test_the_window_renderer_follows_font_and_palette_changes():
    screen = TextScreen()
    screen.write(0, 0, "ABC", 0x1E)
    r = Renderer(VGA)
    for change in (lambda: None, lambda: screen.load_font(_custom_font(16)),
                   lambda: screen.set_palette([(i, 63 - i, 0) for i in range(16)]),
                   lambda: screen.write(3, 3, "A", 0x2F), lambda: screen.load_font(None),
                   lambda: screen.set_palette(None)):
        change()
        state = screen.snapshot()
        assert np.array_equal(r.frame(state, 0), render_frame(state, VGA, frame=0))


def test_text_screen_keeps_font_and_palette_until_the_program_ends():
    m = Machine()
    font = _custom_font(14)
    m.screen.load_font(font)
    m.screen.set_palette([(1, 2, 3)] * 16)
    state = m.screen.snapshot()
    assert state.font is font and state.palette == ((1, 2, 3),) * 16
    with pytest.raises(ValueError, match="16 .red, green, blue. triples"):
        m.screen.set_palette([(64, 0, 0)] * 16)
    m.tidy()
    assert m.screen.snapshot().font is None and m.screen.snapshot().palette is None


# -- the 4:3 shape of a taller picture --------------------------------------------------------------------------
@pytest.mark.parametrize("a, per_screen", [(VGA, 540), (VGA.text_mode(cell_w=8, font="bios_8x16"), 480),
                                           (EGA, 480), (CGA, 480)])
def test_each_screen_of_a_tall_picture_keeps_the_monitor_shape(a, per_screen):
    tall = a.text_mode(rows=75, cell_w=a.cell_w)
    g = geometry(tall, 1, border=False)
    assert g.shown_active_h == 3 * per_screen and g.shown_active_w == a.width
    assert display_size(a, 2, border=False) == (2 * a.width, 2 * per_screen)
    frame = render_frame(ScreenState(cells=_cells(75, 80)), tall, border=False)
    assert to_display(frame, tall, 1, border=False).shape == (3 * per_screen, a.width, 3)
