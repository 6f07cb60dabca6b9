"""Screen state + adapter + time -> the RGB picture the monitor shows.

A text-mode card builds every pixel row of a character cell from two bytes:
the glyph row its character generator returns for (character, scan line) and
the cell's attribute.  We do the same in one gather: a look-up table indexed
by (attribute, glyph row code) holds the finished row of RGB pixels, so a
whole frame is `lut[attr * codes + glyph_row]` over all 25 x rows x 80
(cell, scan line) pairs, written straight into the output in scan order.

The glyph row code is the font byte, widened by one bit on 9-dot cards: the
ninth dot copies dot 8 for the line-graphics characters C0h-DFh and is
background otherwise, which depends on the character, not the byte, so it is
folded into the code (byte << 1 | ninth dot).  The MDA underline replaces the
code of scan line 12 by "all dots on" for every attribute whose foreground
bits are 001, whatever its background (71h is underlined normal video).  Blink,
the MDA's attribute decoding (adapters.mda_levels) and the monitor tint live
in the colour tables (see adapters.colour_tables), so they cost nothing here.

On top come the hardware cursor (the cell's foreground colour, 8 dots wide
even in 9-dot cells, on the scan lines the CRTC was given), the INT 33h text
mouse cursor (the cell word masked before drawing) and the overscan border.

The cells may be any rows x columns when the adapter is set up for them
(Adapter.text_mode: a picture taller or wider than the screen, in a loaded
font's height); a program's own character set and colours (ScreenState.font,
.palette) replace the card's where the card can be reprogrammed (EGA, VGA).

`render_frame` is the pure function; `Renderer` keeps the last picture and
redraws only the cells that changed, for the window's 60-70 Hz loop.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

import numpy as np

from .adapters import MDA_UNDERLINE_ROW, Adapter, DacPalette, border_rgb, check_monitor, colour_tables, get_adapter
from .fonts import Glyphs
from .video import ScreenState

__all__ = ["render_frame", "frame_bands", "Renderer", "frame_size", "phase"]


# -- tables ---------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def _glyph_codes(glyphs: Glyphs, cell_w: int, cell_h: int) -> np.ndarray:
    """(256, cell_h) intp: the glyph row code of every (character, scan line)."""
    font = glyphs.fitted(cell_h).array.astype(np.intp)
    if cell_w == 8:
        codes = font
    else:
        ninth = np.zeros_like(font)
        ninth[0xC0:0xE0] = font[0xC0:0xE0] & 1
        codes = (font << 1) | ninth
    codes = np.ascontiguousarray(codes)
    codes.flags.writeable = False
    return codes


def _character_set(adapter: Adapter, font: Glyphs | None) -> Glyphs:
    """The glyphs the card scans: a loaded set where the card has RAM for one, else its ROM."""
    if font is not None and adapter.loads_fonts:
        return font
    return Glyphs.named(adapter.font)


def _codes(adapter: Adapter, font: Glyphs | None = None) -> np.ndarray:
    return _glyph_codes(_character_set(adapter, font), adapter.cell_w, adapter.cell_h)


def _code_count(adapter: Adapter) -> int:
    return 1 << adapter.cell_w


def _palette_for(adapter: Adapter, palette: DacPalette | None) -> DacPalette | None:
    """The palette that matters to this card (None where it cannot be programmed), for cache keys."""
    return palette if adapter.palette_bits else None


def _lut(adapter: Adapter, monitor: str, blink_enabled: bool, text_on: bool,
         palette: DacPalette | None = None) -> np.ndarray:
    """(256 * 2**cell_w, cell_w * 3) uint8: pixel row for (attribute, glyph row code)."""
    colours = (adapter.mono, adapter.palette_bits)
    return _lut_for(adapter.cell_w, colours, monitor, blink_enabled, text_on, _palette_for(adapter, palette))


@functools.lru_cache(maxsize=32)
def _lut_for(cell_w: int, colours: tuple[bool, int], monitor: str, blink_enabled: bool, text_on: bool,
             palette: DacPalette | None) -> np.ndarray:
    """The look-up table keyed by what it depends on (not rows or columns, so tall pictures share it)."""
    mono, palette_bits = colours
    probe = Adapter(name="lut", cell_w=cell_w, cell_h=1, font="", refresh_hz=1.0, text_blink_frames=1,
                    mono=mono, palette_bits=palette_bits)
    fg, bg = colour_tables(probe, monitor, blink_enabled, text_on, palette)
    n = 1 << cell_w
    shifts = np.arange(cell_w - 1, -1, -1)
    bits = ((np.arange(n)[:, None] >> shifts) & 1).astype(bool)  # (n, cell_w), dot 0 leftmost
    lut = np.where(bits[None, :, :, None], fg[:, None, None, :], bg[:, None, None, :])
    lut = np.ascontiguousarray(lut.reshape(256 * n, cell_w * 3), dtype=np.uint8)
    lut.flags.writeable = False
    return lut


@functools.lru_cache(maxsize=32)
def _cursor_fg(adapter: Adapter, monitor: str, blink_enabled: bool, palette: DacPalette | None = None) -> np.ndarray:
    """The cursor takes the cell's foreground colour, whatever the blink phase."""
    return colour_tables(adapter, monitor, blink_enabled, True, _palette_for(adapter, palette))[0]


# -- timing -----------------------------------------------------------------------------------------

def phase(adapter: Adapter | str, frame: int) -> tuple[bool, bool]:
    """(blinking text shown, cursor lit) at retrace count `frame`.

    The picture of an unchanged screen can differ between two frames only
    when this pair differs, so a window needs to redraw only then.
    """
    a = get_adapter(adapter)
    return a.text_visible(frame), a.cursor_visible(frame)


def frame_size(adapter: Adapter | str, border: bool = True) -> tuple[int, int]:
    """(width, height) of what render_frame returns."""
    a = get_adapter(adapter)
    bx, by = a.band(border)
    return a.width + 2 * bx, a.height + 2 * by


# -- drawing pieces ---------------------------------------------------------------------------------

def effective_cells(state: ScreenState) -> np.ndarray:
    """The cells as the card scans them: the mouse's text cursor applied to its cell.

    The INT 33h driver's software cursor replaces the word (attribute << 8 |
    character) under it by (word AND screen mask) XOR cursor mask while it is
    shown; video memory itself keeps the original, so we apply it to a copy.
    """
    cells = state.cells
    m = state.mouse
    if m is None or not (0 <= m.row < cells.shape[0] and 0 <= m.col < cells.shape[1]):
        return cells
    cells = cells.copy()
    word = (int(cells[m.row, m.col, 1]) << 8) | int(cells[m.row, m.col, 0])
    word = (word & m.and_mask) ^ m.xor_mask
    cells[m.row, m.col, 0] = word & 0xFF
    cells[m.row, m.col, 1] = (word >> 8) & 0xFF
    return cells


def _row_indices(adapter: Adapter, chars: np.ndarray, attrs: np.ndarray,
                 font: Glyphs | None = None) -> np.ndarray:
    """LUT indices (..., cell_h) for cells given as arrays of characters and attributes."""
    codes = _codes(adapter, font)
    n = _code_count(adapter)
    idx = codes[chars]  # (..., cell_h)
    idx += attrs[..., None].astype(np.intp) * n
    if adapter.mono:
        under = (attrs & 0x07) == 0x01
        if under.any():
            row = idx[..., MDA_UNDERLINE_ROW]
            row[under] = attrs[under].astype(np.intp) * n + (n - 1)
    result: np.ndarray = idx
    return result


def _draw_cells(adapter: Adapter, lut: np.ndarray, cells: np.ndarray, band: np.ndarray,
                side_units: int = 0, border_colour: int = 0, font: Glyphs | None = None) -> None:
    """All the cells into `band`: the (H, side + W + side, 3) rows of the frame that hold them.

    The left and right overscan strips are whole multiples of the cell width,
    so they ride along in the same gather as `side_units` extra "cells" whose
    row is all foreground dots of attribute `border_colour` (colours 0-15
    never blink); one take() then writes the band in memory order.
    """
    rows, cols = cells.shape[:2]
    idx = _row_indices(adapter, cells[..., 0], cells[..., 1], font)  # (rows, cols, h)
    idx = idx.transpose(0, 2, 1)  # scan order: cell row, scan line, column
    if side_units:
        n = _code_count(adapter)
        full = np.empty((rows, adapter.cell_h, cols + 2 * side_units), dtype=np.intp)
        full[..., :side_units] = (border_colour & 0x0F) * n + (n - 1)
        full[..., cols + side_units:] = (border_colour & 0x0F) * n + (n - 1)
        full[..., side_units:cols + side_units] = idx
        idx = full
    target = band.reshape(rows, adapter.cell_h, cols + 2 * side_units, adapter.cell_w * 3)
    if not np.may_share_memory(target, band):
        raise ValueError("the band must be C-contiguous rows of the frame")
    np.take(lut, idx, axis=0, out=target, mode="clip")


def _draw_some_cells(adapter: Adapter, lut: np.ndarray, cells: np.ndarray, rows: np.ndarray,
                     cols: np.ndarray, out: np.ndarray, font: Glyphs | None = None) -> None:
    """Only the listed cells into `out`, in one vectorised scatter."""
    idx = _row_indices(adapter, cells[rows, cols, 0], cells[rows, cols, 1], font)  # (n, h)
    target = out.reshape(cells.shape[0], adapter.cell_h, cells.shape[1], adapter.cell_w * 3)
    target[rows, :, cols] = lut[idx]


def _draw_cursor(adapter: Adapter, state: ScreenState, cells: np.ndarray, fg: np.ndarray,
                 out: np.ndarray) -> tuple[int, int] | None:
    """The hardware cursor over its cell; returns the cell it covers (None when not drawn)."""
    r, c = state.cursor_row, state.cursor_col
    if not (0 <= r < cells.shape[0] and 0 <= c < cells.shape[1]):
        return None
    mask = adapter.cursor_mask(state.cursor_start, state.cursor_end)
    if not mask.any():
        return None
    h, w = adapter.cell_h, adapter.cell_w
    lines = np.flatnonzero(mask) + r * h
    out[lines, c * w:c * w + 8] = fg[cells[r, c, 1]]
    return r, c


def _paint_border(frame: np.ndarray, bx: int, by: int, rgb: np.ndarray, sides: bool = True) -> None:
    """Fill the overscan band; rows are written as whole byte runs (a 3-byte pattern is slow)."""
    height, width = frame.shape[:2]
    flat = frame.reshape(height, width * 3)
    line = np.tile(np.asarray(rgb, dtype=np.uint8), width)
    if by:
        flat[:by] = line
        flat[height - by:] = line
    if bx and sides:
        flat[by:height - by, :bx * 3] = line[:bx * 3]
        flat[by:height - by, (width - bx) * 3:] = line[:bx * 3]


# -- the pure function ------------------------------------------------------------------------------

def render_frame(state: ScreenState, adapter: Adapter | str | None = None, monitor: str = "color",
                 frame: int = 0, border: bool = True) -> np.ndarray:
    """The picture at retrace count `frame` as a new (H, W, 3) uint8 array, native pixels.

    With border=False the result is exactly the active display area (what
    DOSBox's screenshots hold); with border=True colour cards get the
    overscan band of adapter.border_px in the border colour all round.
    """
    a = get_adapter(adapter)
    check_monitor(monitor)
    if state.cells.shape[:2] != (a.rows, a.cols):
        raise ValueError(f"{state.cells.shape[0]}x{state.cells.shape[1]} cells on a {a.name} set up for"
                         f" {a.rows}x{a.cols} (see Adapter.text_mode)")
    text_on, cursor_on = phase(a, frame)
    palette = _palette_for(a, state.palette)
    lut = _lut(a, monitor, bool(state.blink), text_on, palette)
    cells = effective_cells(state)
    width, height = frame_size(a, border)
    out = np.empty((height, width, 3), dtype=np.uint8)
    bx, by = (width - a.width) // 2, (height - a.height) // 2
    _draw_cells(a, lut, cells, out[by:by + a.height], bx // a.cell_w, state.border, state.font)
    if cursor_on:
        active = out[by:by + a.height, bx:bx + a.width]
        _draw_cursor(a, state, cells, _cursor_fg(a, monitor, bool(state.blink), palette), active)
    if by:
        _paint_border(out, bx, by, border_rgb(a, state.border, monitor, palette), sides=False)
    return out


def frame_bands(state: ScreenState, adapter: Adapter | str | None = None, monitor: str = "color",
                frame: int = 0, border: bool = True, band_rows: int = 200) -> Iterator[np.ndarray]:
    """render_frame's picture in horizontal strips of at most `band_rows` cell rows, top first.

    Stacked, the strips are exactly render_frame(state, adapter, ...); a picture
    thousands of rows tall never has to be in memory whole (vconsole render
    streams the strips into its PNG).  Each strip is a new array.
    """
    a = get_adapter(adapter)
    rows = state.cells.shape[0]
    if state.cells.shape[:2] != (a.rows, a.cols):
        raise ValueError(f"{rows}x{state.cells.shape[1]} cells on a {a.name} set up for {a.rows}x{a.cols}")
    _, by = a.band(border)
    for top in range(0, rows, max(1, int(band_rows))):
        n = min(band_rows, rows - top)
        mouse = state.mouse
        if mouse is not None:
            mouse = mouse._replace(row=mouse.row - top) if top <= mouse.row < top + n else None
        part = dataclasses.replace(state, cells=state.cells[top:top + n], cursor_row=state.cursor_row - top,
                                   mouse=mouse)
        img = render_frame(part, a.text_mode(rows=n, cols=a.cols), monitor, frame, border)
        first = 0 if top == 0 else by
        last = img.shape[0] if top + n == rows else img.shape[0] - by
        yield img[first:last]


# -- the incremental renderer -----------------------------------------------------------------------

class Renderer:
    """Keeps the last picture and redraws only what changed since, for the window.

    `frame()` returns the renderer's own buffer; it stays valid until the next
    call (copy it to keep it).  A full redraw happens when the blink phase or
    the blink setting changes the colour tables, or when many cells changed.
    """

    FULL_REDRAW_CELLS = 400  # past this many changed cells one full gather is cheaper

    def __init__(self, adapter: Adapter | str | None = None, monitor: str = "color",
                 border: bool = True) -> None:
        self.adapter = get_adapter(adapter)
        self.monitor = check_monitor(monitor)
        self.border = border
        width, height = frame_size(self.adapter, border)
        self._out = np.zeros((height, width, 3), dtype=np.uint8)
        self._bx, self._by = (width - self.adapter.width) // 2, (height - self.adapter.height) // 2
        self._active = self._out[self._by:self._by + self.adapter.height,
                                 self._bx:self._bx + self.adapter.width]
        self._cells: np.ndarray | None = None  # effective cells last drawn
        self._key: tuple[object, ...] | None = None  # (blink enabled, text shown, font, palette) of the last full draw
        self._cursor_cell: tuple[int, int] | None = None
        self._border_colour: tuple[int, DacPalette | None] | None = None
        self.full_redraws = 0  # counters for tests and the benchmark
        self.partial_redraws = 0
        for text_on in (True, False):  # build both blink phases now, not as a 10-20 ms hitch mid-blink
            _lut(self.adapter, self.monitor, True, text_on)

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the frames this renderer returns."""
        return self._out.shape[1], self._out.shape[0]

    def phase(self, frame_no: int) -> tuple[bool, bool]:
        """(blinking text shown, cursor lit): the only way time changes the picture."""
        return phase(self.adapter, frame_no)

    def frame(self, state: ScreenState, frame_no: int = 0) -> np.ndarray:
        a = self.adapter
        text_on, cursor_on = self.phase(frame_no)
        palette = _palette_for(a, state.palette)
        font = state.font if a.loads_fonts else None
        key = (bool(state.blink), text_on, font, palette)
        lut = _lut(a, self.monitor, bool(state.blink), text_on, palette)
        cells = effective_cells(state)
        band = self._out[self._by:self._by + a.height]
        units = self._bx // a.cell_w
        if self._cells is None or key != self._key:
            _draw_cells(a, lut, cells, band, units, state.border, font)
            self.full_redraws += 1
        else:
            words_now = cells.view(np.uint16)[..., 0]
            words_then = self._cells.view(np.uint16)[..., 0]
            changed = words_now != words_then
            if self._cursor_cell is not None:
                changed[self._cursor_cell] = True  # take the old cursor off
            rows, cols = np.nonzero(changed)
            if len(rows) > self.FULL_REDRAW_CELLS:
                _draw_cells(a, lut, cells, band, units, state.border, font)
                self.full_redraws += 1
            elif len(rows):
                _draw_some_cells(a, lut, cells, rows, cols, self._active, font)
                self.partial_redraws += 1
        self._cells = np.array(cells, copy=True)
        self._key = key
        self._cursor_cell = None
        if cursor_on:
            self._cursor_cell = _draw_cursor(a, state, cells, _cursor_fg(a, self.monitor, key[0], palette),
                                             self._active)
        border = (state.border, palette)
        if (self._bx or self._by) and border != self._border_colour:
            _paint_border(self._out, self._bx, self._by, border_rgb(a, state.border, self.monitor, palette))
            self._border_colour = border
        return self._out
