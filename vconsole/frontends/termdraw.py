"""The 80x25 screen as terminal output: only the cells that changed, in few bytes.

``Painter.frame`` compares the cells (character and attribute, the mouse's
text cursor applied as the card shows it) with what it drew last and writes
only the difference: a cursor move where the next changed cell is not where
the terminal's cursor already is, an SGR change only where the style differs
from the one the terminal is in, then the characters (code page 437 as
Unicode, cp437.TO_UNICODE).  The colours, blink and the MDA's underline come
from ``adapters.colour_tables`` and termcolour.  A terminal larger than 80x25
shows the screen centred, the rest in the border colour; a smaller one gets
one message until it is large enough again.

The hardware cursor ends at its cell in the terminal's cursor, as a blinking
underline or block (DECSCUSR), the shape nearest the scan lines it covers.
"""
from __future__ import annotations

import numpy as np

from ..adapters import Adapter, DacPalette, border_rgb, colour_tables
from ..cp437 import TO_UNICODE
from ..render import effective_cells
from ..video import ScreenState
from . import termcolour

CSI = "\x1b["
GLYPHS = (" ",) + TO_UNICODE[1:]  # NUL shows as a blank cell
MERGE_GAP = 3  # unchanged cells between two changed ones that are rewritten rather than jumped over
SYNC_CELLS = 200  # a change this large is wrapped in a synchronized update (no tearing where supported)
CURSOR_BLOCK, CURSOR_UNDERLINE = 1, 3  # DECSCUSR: blinking block, blinking underline
TOO_SMALL = "vconsole needs a terminal of at least 80x25; this one is {w}x{h}. Please make it larger."


class Style:
    """What an attribute byte looks like in the terminal: SGR colour parameters, blink, underline."""

    __slots__ = ("bg", "blink", "fg", "under")

    def __init__(self, fg: str, bg: str, blink: bool, under: bool) -> None:
        self.fg, self.bg, self.blink, self.under = fg, bg, blink, under


def styles(adapter: Adapter, monitor: str, blink: bool, palette: DacPalette | None, depth: str) -> list[Style]:
    """The 256 attribute styles for this card, monitor, blink mode, palette and colour depth."""
    fg, bg = colour_tables(adapter, monitor, blink, True, palette)
    tint = mono_tint(adapter, monitor)
    out = []
    for attr in range(256):
        under = adapter.mono and (attr & 0x07) == 0x01
        out.append(Style(termcolour.fg_param(fg[attr], depth, tint), termcolour.bg_param(bg[attr], depth, tint),
                         blink and bool(attr & 0x80), under))
    return out


def mono_tint(adapter: Adapter, monitor: str) -> str | None:
    """The phosphor of a monochrome picture (the MDA shows green on a "color" monitor), else None."""
    if monitor != "color":
        return monitor
    return "green" if adapter.mono else None


class Painter:
    """Turns screen states into terminal output for one terminal; remembers what it drew."""

    def __init__(self, adapter: Adapter, monitor: str, depth: str) -> None:
        self.adapter, self.monitor, self.depth = adapter, monitor, depth
        self._styles_key: tuple[bool, DacPalette | None] | None = None  # (blink, palette) of _styles
        self._styles: list[Style] = []
        self.invalidate()

    def invalidate(self) -> None:
        """The terminal's contents are unknown (resized, redrawn by someone else): draw everything next."""
        self.drawn: np.ndarray | None = None
        self.size: tuple[int, int] | None = None
        self.border: int | None = None
        self.sgr: tuple[str, str, bool, bool] | None = None  # (fg, bg, blink, under) the terminal is in; None: unknown
        self.pos: tuple[int, int] | None = None  # the terminal's cursor (screen row, col); None: unknown
        self.cursor: tuple[int, int, int] | tuple[()] | None = ()  # (row, col, shape) shown, None hidden, (): unknown
        self.small_said: tuple[int, int] | None = None

    def frame(self, state: ScreenState, cols: int, lines: int) -> str:
        """The output that brings a terminal of cols x lines from what it shows to `state`."""
        rows_n, cols_n = state.cells.shape[:2]
        if cols < cols_n or lines < rows_n:
            return self._too_small(cols, lines)
        self.small_said = None
        out: list[str] = []
        key = (state.blink, state.palette)
        if key != self._styles_key:
            self._styles = styles(self.adapter, self.monitor, state.blink, state.palette, self.depth)
            self._styles_key = key
            self.drawn = None
        top, left = (lines - rows_n) // 2, (cols - cols_n) // 2
        if self.size != (cols, lines) or (self.border != state.border and (cols, lines) != (cols_n, rows_n)):
            self.drawn = None
        cells = effective_cells(state)
        words = cells[..., 0].astype(np.uint16) | (cells[..., 1].astype(np.uint16) << 8)
        if self.drawn is None:
            out.append(self._clear(state, cols, lines, top, left, rows_n, cols_n))
            changed = np.ones(words.shape, dtype=bool)
        else:
            changed = words != self.drawn
        self.size, self.border = (cols, lines), state.border
        n_changed = int(changed.sum())
        for r in np.flatnonzero(changed.any(axis=1)):
            self._row(out, int(r), words[r], np.flatnonzero(changed[r]), top, left, cols)
        self.drawn = words
        self._place_cursor(out, state, top, left)
        text = "".join(out)
        if n_changed >= SYNC_CELLS:
            text = "\x1b[?2026h" + text + "\x1b[?2026l"
        return text

    # -- pieces --------------------------------------------------------------------------------------
    def _too_small(self, cols: int, lines: int) -> str:
        if self.small_said == (cols, lines):
            return ""
        self.invalidate()
        self.small_said = (cols, lines)
        msg = TOO_SMALL.format(w=cols, h=lines)
        words, rows, line = msg.split(), [], ""
        for w in words:  # wrapped at word boundaries to the width there is
            if line and len(line) + 1 + len(w) > cols:
                rows.append(line)
                line = w
            else:
                line = f"{line} {w}" if line else w
        rows.append(line)
        body = "\r\n".join(r[:cols] for r in rows[:max(1, lines)])
        return f"{CSI}0m{CSI}?25l{CSI}2J{CSI}H" + body

    def _clear(self, state: ScreenState, cols: int, lines: int, top: int, left: int, rows_n: int,
               cols_n: int) -> str:
        """Blank the terminal; paint the frame around the screen in the border colour."""
        self.sgr, self.pos = None, None
        parts = [f"{CSI}0m{CSI}2J"]
        if (cols, lines) != (cols_n, rows_n):
            rgb = border_rgb(self.adapter, state.border, self.monitor, state.palette)
            tint = mono_tint(self.adapter, self.monitor)
            parts.append(f"{CSI}{termcolour.bg_param(rgb, self.depth, tint)}m")
            for y in range(lines):
                if top <= y < top + rows_n:
                    parts.append(f"{CSI}{y + 1};1H" + " " * left)
                    if cols - left - cols_n:
                        parts.append(f"{CSI}{y + 1};{left + cols_n + 1}H" + " " * (cols - left - cols_n))
                else:
                    parts.append(f"{CSI}{y + 1};1H" + " " * cols)
            parts.append(f"{CSI}0m")
        return "".join(parts)

    def _row(self, out: list[str], r: int, words: np.ndarray, changed: np.ndarray, top: int, left: int,
             cols: int) -> None:
        runs: list[list[int]] = []
        for c in changed.tolist():
            if runs and c - runs[-1][1] <= MERGE_GAP + 1:
                runs[-1][1] = c
            else:
                runs.append([c, c])
        styles_ = self._styles
        for start, end in runs:
            self._move(out, r, start, top, left)
            for c in range(start, end + 1):
                w = int(words[c])
                self._style(out, styles_[w >> 8])
                out.append(GLYPHS[w & 0xFF])
            self.pos = (r, end + 1) if left + end + 1 < cols else None  # the last column leaves wrap pending

    def _move(self, out: list[str], r: int, c: int, top: int, left: int) -> None:
        """The shortest cursor move from where the terminal's cursor is: along the row or the
        column (CUF, CUB, CUD, CUU) when it is on either, else an absolute CUP."""
        if self.pos == (r, c):
            return
        move = f"{CSI}{top + r + 1};{left + c + 1}H" if left + c else f"{CSI}{top + r + 1}H"
        if self.pos is not None:
            pr, pc = self.pos
            if pr == r or pc == c:
                n, final = ((c - pc, "C") if c > pc else (pc - c, "D")) if pr == r else \
                    ((r - pr, "B") if r > pr else (pr - r, "A"))
                rel = f"{CSI}{final}" if n == 1 else f"{CSI}{n}{final}"
                move = rel if len(rel) < len(move) else move
        out.append(move)
        self.pos = (r, c)

    def _style(self, out: list[str], s: Style) -> None:
        now = self.sgr
        want = (s.fg, s.bg, s.blink, s.under)
        if now == want:
            return
        if now is None:
            params = ["0", s.fg, s.bg] + (["5"] if s.blink else []) + (["4"] if s.under else [])
        else:
            params = []
            if now[0] != s.fg:
                params.append(s.fg)
            if now[1] != s.bg:
                params.append(s.bg)
            if now[2] != s.blink:
                params.append("5" if s.blink else "25")
            if now[3] != s.under:
                params.append("4" if s.under else "24")
        out.append(CSI + ";".join(params) + "m")
        self.sgr = want

    def _place_cursor(self, out: list[str], state: ScreenState, top: int, left: int) -> None:
        rows_n, cols_n = state.cells.shape[:2]
        want: tuple[int, int, int] | None = None
        lines = None if state.cursor_hidden else self.adapter.cursor_lines(state.cursor_start, state.cursor_end)
        if lines is not None and 0 <= state.cursor_row < rows_n and 0 <= state.cursor_col < cols_n:
            first, last = lines
            shape = CURSOR_BLOCK if 2 * (last - first + 1) >= self.adapter.cell_h else CURSOR_UNDERLINE
            want = (state.cursor_row, state.cursor_col, shape)
        if want is None:
            if self.cursor != want:
                out.append(f"{CSI}?25l")
            self.cursor = None
            return
        self._move(out, want[0], want[1], top, left)
        if not self.cursor or self.cursor[2] != want[2]:  # hidden or unknown, or another shape
            out.append(f"{CSI}{want[2]} q{CSI}?25h")
        self.cursor = want
