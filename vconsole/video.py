"""The text-mode video buffer and the BIOS video services a program leans on.

The cell buffer is laid out exactly like B800:0000 (or B000:0000 on a mono
card): 25 rows of 80 (character, attribute) byte pairs.  Keeping that layout
means a 4000-byte ``.BIN`` dump loads with one ``frombuffer`` and the renderer
can index glyphs and colours straight from it.

Writes are guarded by a lock because the program runs in its own thread while
the front end takes snapshots to draw; a snapshot is a cheap 4000-byte copy.
"""
from __future__ import annotations

import threading
from typing import Any, NamedTuple

import numpy as np

from . import cp437
from .adapters import DacPalette, check_palette
from .fonts import Glyphs
from .records import record

ROWS, COLS = 25, 80
DUMP_SIZE = ROWS * COLS * 2

# Box-drawing bytes: (top-left, top-right, bottom-left, bottom-right, horizontal, vertical)
_BOX_SINGLE = (0xDA, 0xBF, 0xC0, 0xD9, 0xC4, 0xB3)
_BOX_DOUBLE = (0xC9, 0xBB, 0xC8, 0xBC, 0xCD, 0xBA)
# The cursor lines a mode set leaves, as INT 10h AH=01h takes them: the colour BIOSes
# underline at 6-7 (EGA/VGA scale it to their taller cells); the MDA BIOS uses 11-12 of 14,
# and the mono card's 6845 takes AH=01h values unscaled (0607h would be a line mid-cell).
CURSOR_COLOUR = (0x06, 0x07)
CURSOR_MONO = (0x0B, 0x0C)
# The whole cell: CGA's 0-7, which the EGA/VGA BIOS stretches over its taller cells; the
# mono card's 14 lines, 0-13, as they are.
CURSOR_BLOCK_COLOUR = (0x00, 0x07)
CURSOR_BLOCK_MONO = (0x00, 0x0D)


# The cursor and saved-cells records are NamedTuples, not dataclasses: on Python 3.11 a frozen dataclass
# compiles six generated methods when its module is imported (about a third of a millisecond each class).
class MouseCursor(NamedTuple):
    """The INT 33h software text cursor as the renderer needs it."""

    row: int
    col: int
    and_mask: int = 0x77FF
    xor_mask: int = 0x7700


class MouseHardwareCursor(NamedTuple):
    """The INT 33h driver's hardware text cursor (function 0Ah, BX=1): the CRTC cursor on its cell.

    start and end are scan lines as INT 10h AH=01h takes them (the EGA/VGA
    BIOS scales them for taller cells, as for a program's own cursor).
    """

    row: int
    col: int
    start: int
    end: int


@record
class ScreenState:
    """An immutable picture of everything the video hardware would scan out.

    ``cells`` is (rows, cols, 2): 25 x 80 for the TextScreen, any size for a
    picture drawn with a card set up for more (Adapter.text_mode).  ``font``
    is a character set a program loaded (None: the card's own) and
    ``palette`` the colours it gave attributes 0-15 (None: RGBI); a card that
    cannot be reprogrammed that way ignores them.
    """

    cells: np.ndarray  # (rows, cols, 2) uint8, read-only copy
    cursor_row: int = 0
    cursor_col: int = 0
    cursor_start: int = 6
    cursor_end: int = 7
    blink: bool = True
    border: int = 0
    mouse: MouseCursor | None = None
    font: Glyphs | None = None
    palette: DacPalette | None = None

    @property
    def cursor_hidden(self) -> bool:
        """Bit 5 of the start line switches the CRTC cursor off (CX=2000h)."""
        return bool(self.cursor_start & 0x20)

    @classmethod
    def from_dump(cls, data: bytes, **kw: Any) -> ScreenState:
        """A raw B800:0000 dump (160 bytes a row) as a screen, e.g. an ANSI-art .BIN."""
        if len(data) != DUMP_SIZE:
            raise ValueError(
                f"a screen dump must be exactly {DUMP_SIZE} bytes (80x25 cells of char, attribute);"
                f" got {len(data)}"
            )
        cells = np.frombuffer(bytes(data), dtype=np.uint8).reshape(ROWS, COLS, 2).copy()
        cells.flags.writeable = False
        return cls(cells=cells, **kw)


class SavedRect(NamedTuple):
    """Cells under a pop-up, kept so the window can be put back exactly."""

    top: int
    left: int
    cells: np.ndarray


def _char_code(char: int | str) -> int:
    return char if isinstance(char, int) else cp437.encode(char)[0]


def _blank(region: np.ndarray, attr: int) -> None:
    """Spaces in one attribute: what the BIOS leaves in a cleared or scrolled-in area."""
    region[..., 0] = 0x20
    region[..., 1] = attr


def _clip(top: int, left: int, bottom: int, right: int) -> tuple[int, int, int, int]:
    """Clamp a window to the screen the way the BIOS does for AH=06h/07h."""
    top, left = max(0, top), max(0, left)
    bottom, right = min(ROWS - 1, bottom), min(COLS - 1, right)
    return top, left, bottom, right


class TextScreen:
    """80x25 text page 0: cells, hardware cursor, blink bit and border register.

    Rows and columns are 0-based, as in INT 10h.  Attribute arguments are the
    raw attribute byte (foreground bits 0-3, background 4-6, blink/bright 7).
    """

    def __init__(self, mono: bool = False) -> None:
        self.mono = mono
        self.cells = np.zeros((ROWS, COLS, 2), dtype=np.uint8)
        _blank(self.cells, 0x07)
        self.cursor_row = 0
        self.cursor_col = 0
        self.cursor_start, self.cursor_end = CURSOR_MONO if mono else CURSOR_COLOUR
        self.blink = True
        self.border = 0
        self.font: Glyphs | None = None
        self.palette: DacPalette | None = None
        self.mouse: MouseCursor | None = None
        self.mouse_crtc: MouseHardwareCursor | None = None
        self.version = 0
        self.lock = threading.RLock()

    # -- change bookkeeping -------------------------------------------------
    def _changed(self) -> None:
        self.version += 1

    def snapshot(self) -> ScreenState:
        """What the card scans out.  The CRTC has one cursor: while the mouse driver's hardware
        text cursor is shown it sits on the pointer's cell, otherwise on the program's."""
        with self.lock:
            cells = self.cells.copy()
            cells.flags.writeable = False
            crtc = self.mouse_crtc
            if crtc is None:
                row, col, start, end = self.cursor_row, self.cursor_col, self.cursor_start, self.cursor_end
            else:
                row, col, start, end = crtc.row, crtc.col, crtc.start, crtc.end
            return ScreenState(
                cells=cells,
                cursor_row=row,
                cursor_col=col,
                cursor_start=start,
                cursor_end=end,
                blink=self.blink,
                border=self.border,
                mouse=self.mouse,
                font=self.font,
                palette=self.palette,
            )

    def load_dump(self, data: bytes) -> None:
        state = ScreenState.from_dump(data)
        with self.lock:
            self.cells[:] = state.cells
            self._changed()

    def dump(self) -> bytes:
        """The 4000 bytes of video memory, as a DOS program would BSAVE them."""
        with self.lock:
            return self.cells.tobytes()

    # -- registers ----------------------------------------------------------
    def set_border(self, colour: int) -> None:
        """Overscan colour (CGA port 3D9h / EGA-VGA INT 10h AX=1001h); 0-15."""
        with self.lock:
            self.border = int(colour) & 0x0F
            self._changed()

    def set_blink(self, enabled: bool) -> None:
        """Attribute bit 7: blink (True) or bright background (False), INT 10h AX=1003h."""
        with self.lock:
            self.blink = bool(enabled)
            self._changed()

    def load_font(self, glyphs: Glyphs | None) -> None:
        """INT 10h AX=1100h: a program's own character set (None: back to the card's ROM set).

        The character height stays the card's: a shorter set leaves blank rows
        under each glyph, a taller one is cut at the cell's bottom (Glyphs.fitted).
        Only EGA and VGA have a character generator in RAM; a CGA or MDA keeps
        showing its ROM, which the renderer knows from the adapter.
        """
        with self.lock:
            self.font = glyphs
            self._changed()

    def set_palette(self, palette: DacPalette | None) -> None:
        """INT 10h AX=1012h: colours for attributes 0-15 as 6-bit (r, g, b) DAC values (None: RGBI)."""
        with self.lock:
            self.palette = None if palette is None else check_palette(palette)
            self._changed()

    def set_cursor(self, row: int, col: int) -> None:
        """INT 10h AH=02h.  A row past the screen (e.g. 25) parks the cursor out of sight."""
        with self.lock:
            self.cursor_row, self.cursor_col = int(row), int(col)
            self._changed()

    def set_cursor_shape(self, start: int, end: int) -> None:
        """INT 10h AH=01h with CH=start, CL=end, in CGA scan lines (the EGA/VGA BIOS scales them)."""
        with self.lock:
            self.cursor_start, self.cursor_end = int(start) & 0xFF, int(end) & 0xFF
            self._changed()

    def hide_cursor(self) -> None:
        self.set_cursor_shape(0x20, 0x00)

    def standard_cursor(self, block: bool = False) -> tuple[int, int]:
        """This card's normal underline (what a mode set leaves) or its full-cell block, as the
        (start, end) that INT 10h AH=01h takes: a program asks for these rather than passing
        colour-card numbers such as 0607h, which a mono card draws as a line mid-cell."""
        if block:
            return CURSOR_BLOCK_MONO if self.mono else CURSOR_BLOCK_COLOUR
        return CURSOR_MONO if self.mono else CURSOR_COLOUR

    def show_cursor(self, start: int | None = None, end: int | None = None, *, block: bool = False) -> None:
        """The given lines, or by default the card's normal underline (``block``: its full block)."""
        default = self.standard_cursor(block)
        self.set_cursor_shape(default[0] if start is None else start, default[1] if end is None else end)

    @property
    def cursor_hidden(self) -> bool:
        return bool(self.cursor_start & 0x20)

    def set_mouse_cursor(self, cursor: MouseCursor | None) -> None:
        """Called by the mouse driver; the software cursor is drawn over the cells, never into them."""
        with self.lock:
            if cursor != self.mouse:
                self.mouse = cursor
                self._changed()

    def set_mouse_hardware_cursor(self, cursor: MouseHardwareCursor | None) -> None:
        """Called by the mouse driver: the CRTC cursor follows the pointer while this is set.

        The program's own cursor (position and shape) is kept and shows again
        when the driver lets go, so a text field's cursor survives the pointer.
        """
        with self.lock:
            if cursor != self.mouse_crtc:
                self.mouse_crtc = cursor
                self._changed()

    # -- cell services ------------------------------------------------------
    def put(self, row: int, col: int, char: int | str, attr: int | None = None) -> None:
        """Write one cell (INT 10h AH=09h for one character); attr None keeps the old attribute."""
        code = _char_code(char)
        if not (0 <= row < ROWS and 0 <= col < COLS):
            return
        with self.lock:
            self.cells[row, col, 0] = code
            if attr is not None:
                self.cells[row, col, 1] = attr
            self._changed()

    def write(self, row: int, col: int, text: str | bytes, attr: int | None = None) -> int:
        """Write a string into video memory starting at (row, col).

        Like a program poking B800:0000, text that runs past column 79 goes on at
        column 0 of the next row, and anything past the last cell of the screen
        is dropped.  attr None keeps each cell's attribute.  Returns the number of
        cells written.
        """
        data = cp437.encode(text)
        if not (0 <= row < ROWS) or col < 0:
            return 0
        start = row * COLS + col
        end = min(start + len(data), ROWS * COLS)
        if end <= start:
            return 0
        with self.lock:
            flat = self.cells.reshape(-1, 2)
            flat[start:end, 0] = np.frombuffer(data[: end - start], dtype=np.uint8)
            if attr is not None:
                flat[start:end, 1] = attr
            self._changed()
        return end - start

    def centre(self, row: int, text: str, attr: int | None = None, left: int = 0, right: int = COLS - 1) -> int:
        """Write text centred between two columns; returns the starting column."""
        col = left + max(0, (right - left + 1 - len(text)) // 2)
        self.write(row, col, text, attr)
        return col

    def blit(self, row: int, col: int, cells: np.ndarray) -> None:
        """Copy a block of (character, attribute) pairs to (row, col), clipped to the screen.

        What a program's REP MOVSW into B800:0000 does: a viewer showing part of
        a picture larger than the screen, a saved screen put back.
        """
        cells = np.asarray(cells, dtype=np.uint8)
        if cells.ndim != 3 or cells.shape[2] != 2:
            raise ValueError(f"expected (rows, cols, 2) cells, got shape {cells.shape}")
        top, left = max(0, row), max(0, col)
        bottom, right = min(ROWS, row + cells.shape[0]), min(COLS, col + cells.shape[1])
        if top >= bottom or left >= right:
            return
        with self.lock:
            self.cells[top:bottom, left:right] = cells[top - row:bottom - row, left - col:right - col]
            self._changed()

    def set_attr(self, row: int, col: int, attr: int, count: int = 1) -> None:
        """Change attributes only (highlight bars, menus) for count cells along the row."""
        if not (0 <= row < ROWS):
            return
        with self.lock:
            self.cells[row, max(0, col):min(COLS, col + count), 1] = attr
            self._changed()

    def fill(self, top: int, left: int, bottom: int, right: int, char: int | str = " ",
             attr: int | None = 0x07) -> None:
        """Fill a rectangle (inclusive corners) clipped to the screen."""
        code = _char_code(char)
        top, left, bottom, right = _clip(top, left, bottom, right)
        if top > bottom or left > right:
            return
        with self.lock:
            self.cells[top:bottom + 1, left:right + 1, 0] = code
            if attr is not None:
                self.cells[top:bottom + 1, left:right + 1, 1] = attr
            self._changed()

    def box(self, top: int, left: int, bottom: int, right: int, attr: int, double: bool = False,
            fill: bool = False) -> None:
        """Draw a single- or double-line frame with CP437 box characters; optionally blank its inside."""
        tl, tr, bl, br, h, v = _BOX_DOUBLE if double else _BOX_SINGLE
        with self.lock:
            if fill and bottom - top >= 2 and right - left >= 2:
                self.fill(top + 1, left + 1, bottom - 1, right - 1, " ", attr)
            self.fill(top, left + 1, top, right - 1, h, attr)
            self.fill(bottom, left + 1, bottom, right - 1, h, attr)
            self.fill(top + 1, left, bottom - 1, left, v, attr)
            self.fill(top + 1, right, bottom - 1, right, v, attr)
            self.put(top, left, tl, attr)
            self.put(top, right, tr, attr)
            self.put(bottom, left, bl, attr)
            self.put(bottom, right, br, attr)

    def scroll_up(self, top: int, left: int, bottom: int, right: int, lines: int = 1, attr: int = 0x07) -> None:
        """INT 10h AH=06h: move a window up, blanking the rows it uncovers.

        lines=0, or lines >= the window's height, clears the whole window, which
        is how the BIOS (and every program that used AH=06h AL=0 to clear) does it.
        """
        self._scroll(top, left, bottom, right, lines, attr, up=True)

    def scroll_down(self, top: int, left: int, bottom: int, right: int, lines: int = 1, attr: int = 0x07) -> None:
        """INT 10h AH=07h: move a window down; same rules as scroll_up."""
        self._scroll(top, left, bottom, right, lines, attr, up=False)

    def _scroll(self, top: int, left: int, bottom: int, right: int, lines: int, attr: int, up: bool) -> None:
        top, left, bottom, right = _clip(top, left, bottom, right)
        if top > bottom or left > right:
            return
        height = bottom - top + 1
        with self.lock:
            win = self.cells[top:bottom + 1, left:right + 1]
            if lines <= 0 or lines >= height:
                _blank(win, attr)
            elif up:
                win[:-lines] = win[lines:].copy()
                _blank(win[-lines:], attr)
            else:
                win[lines:] = win[:-lines].copy()
                _blank(win[:lines], attr)
            self._changed()

    def clear(self, attr: int = 0x07) -> None:
        """Blank the screen in one attribute and home the cursor, like CLS."""
        with self.lock:
            _blank(self.cells, attr)
            self.cursor_row = self.cursor_col = 0
            self._changed()

    # -- reading back ---------------------------------------------------------
    def read(self, row: int, col: int) -> tuple[int, int]:
        """INT 10h AH=08h: (character, attribute) at a cell."""
        with self.lock:
            c, a = self.cells[row, col]
            return int(c), int(a)

    def text(self, row: int, col: int = 0, width: int | None = None) -> str:
        """A row's characters as Unicode (CP437 pictures for 00-1F)."""
        width = COLS - col if width is None else width
        with self.lock:
            return cp437.decode(self.cells[row, col:col + width, 0].tobytes())

    def lines(self) -> list[str]:
        """The 25 rows as Unicode text, trailing blanks kept (fixed width)."""
        return [self.text(r) for r in range(ROWS)]

    def used_rows(self) -> np.ndarray:
        """(25,) bool: rows that show something, a character or a background colour.

        Blank cells are the three codes the character generator draws empty (00,
        20, FF) on a black background; with blinking off, bit 7 is a background too.
        """
        with self.lock:
            chars, attrs = self.cells[..., 0], self.cells[..., 1]
            background = attrs & (0x70 if self.blink else 0xF0)
            drawn = ~np.isin(chars, (0x00, 0x20, 0xFF)) | (background != 0)
            rows: np.ndarray = drawn.any(axis=1)
            return rows

    def save(self, top: int, left: int, bottom: int, right: int) -> SavedRect:
        """Keep the cells under a pop-up window."""
        top, left, bottom, right = _clip(top, left, bottom, right)
        with self.lock:
            return SavedRect(top, left, self.cells[top:bottom + 1, left:right + 1].copy())

    def restore(self, saved: SavedRect) -> None:
        """Put back what save() took, cell for cell."""
        h, w = saved.cells.shape[:2]
        with self.lock:
            self.cells[saved.top:saved.top + h, saved.left:saved.left + w] = saved.cells
            self._changed()

    # -- teletype ---------------------------------------------------------------
    def tty(self, text: str | bytes, attr: int | None = None) -> None:
        """INT 10h AH=0Eh / DOS console output at the cursor.

        CR, LF, BS and BEL act as on DOS (BEL is left to the caller's speaker);
        text wraps at column 80 and the screen scrolls up at the bottom with the
        attribute of the cell under the cursor, as the BIOS does.  A cursor parked
        off the screen (row 25 is how games hid it) is brought back to the nearest
        cell first, so output after such a program lands on the bottom row.
        """
        data = cp437.encode(text) if isinstance(text, str) else bytes(text)
        with self.lock:
            self.cursor_row = min(max(self.cursor_row, 0), ROWS - 1)
            self.cursor_col = min(max(self.cursor_col, 0), COLS - 1)
            for b in data:
                if b == 0x0D:
                    self.cursor_col = 0
                elif b == 0x0A:
                    self._newline()
                elif b == 0x08:
                    self.cursor_col = max(0, self.cursor_col - 1)
                elif b == 0x07:
                    continue
                else:
                    r, c = self.cursor_row, self.cursor_col
                    self.cells[r, c, 0] = b
                    if attr is not None:
                        self.cells[r, c, 1] = attr
                    self.cursor_col += 1
                    if self.cursor_col >= COLS:
                        self.cursor_col = 0
                        self._newline()
            self._changed()

    def _newline(self) -> None:
        if self.cursor_row < ROWS - 1:
            self.cursor_row += 1
        else:
            fill = int(self.cells[ROWS - 1, min(self.cursor_col, COLS - 1), 1])
            self._scroll(0, 0, ROWS - 1, COLS - 1, 1, fill, up=True)
