"""A board of squares on the text screen, a cursor that walks it, and how the cursor is drawn.

``Board`` is geometry only: ``rows`` x ``cols`` squares, each ``cell_h`` x ``cell_w`` text
cells, the first at screen (``top``, ``left``), with ``gap_h`` / ``gap_w`` blank cells
between squares, and ``valid(r, c)`` for boards that are not rectangles (String of
Pearls' rows of 3-5-7-7-5-7-7-5-3).  It says where each square is on the screen and which
square a click landed on.  Squares are (r, c), like every position in the program API.

``BoardCursor`` is the keyboard player's pointer.  An arrow goes to the next square in
that direction that is valid and not ``skip``-ped (Anciento's "skip occupied squares"),
passing over the others; at the edge it ``wrap``-s round or stops, and on an odd-shaped
board, when no square lies straight ahead, it goes to the nearest one in the next row or
column that way (so Up from the end of a long row still climbs).  Home / PgUp / End /
PgDn jump to the square nearest each corner (top-left, top-right, bottom-left,
bottom-right, as the keypad lays them out) and ``home_key`` (Gray * by default) to the
home square.  The keypad with Num Lock off sends the same BIOS words as the gray keys, so
it works unchanged; with Num Lock on its digits move the cursor too (``keypad_digits``),
told apart from the top-row digits by their scan codes.

``paint_cursor`` marks a square by its attribute ("attr": the whole square in the theme's
cursor role (or the role it is given); "invert": each cell's own colours swapped, which shows on any board, in mono too)
or by a frame ("frame": box lines in the gap around the square, or over its own edge cells
when there is no gap; "brackets": a triangle either side, for one-row squares).  ``CursorMark``
remembers what it covered so it can be taken off again, and ``Blinker`` makes it blink
at an adjustable rate, the phase taken from machine time (``dos.now()``), so a recorded
run replays the same frames.  Both read in mono: the "cursor" role is reverse video there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import COLS, ROWS, TextScreen

from .hits import HitMap
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

Square = tuple[int, int]

# keypad scan codes (Num Lock on: digits) -> the cursor key they stand for
KEYPAD_SCANS = {0x47: "Home", 0x48: "Up", 0x49: "PgUp", 0x4B: "Left", 0x4D: "Right",
                0x4F: "End", 0x50: "Down", 0x51: "PgDn"}
DIRECTIONS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}
CORNERS = {"Home": (0, 0), "PgUp": (0, 1), "End": (1, 0), "PgDn": (1, 1)}  # (bottom?, right?)


@dataclass
class Board:
    rows: int
    cols: int
    top: int = 0
    left: int = 0
    cell_h: int = 1
    cell_w: int = 1
    gap_h: int = 0
    gap_w: int = 0
    valid: Callable[[int, int], bool] = field(default=lambda r, c: True)

    def __post_init__(self) -> None:
        bottom, right = self.rect(self.rows - 1, self.cols - 1)[2:]
        if self.top < 0 or self.left < 0 or bottom >= ROWS or right >= COLS:
            raise ValueError(f"a board reaching ({bottom}, {right}) leaves the 80x25 screen")
        self._hits: HitMap[Square] | None = None

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def is_square(self, r: int, c: int) -> bool:
        """On the grid and part of the board."""
        return self.inside(r, c) and bool(self.valid(r, c))

    def squares(self) -> Iterator[Square]:
        """Every valid square, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                if self.valid(r, c):
                    yield r, c

    def rect(self, r: int, c: int) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) screen cells of square (r, c), inclusive."""
        top = self.top + r * (self.cell_h + self.gap_h)
        left = self.left + c * (self.cell_w + self.gap_w)
        return top, left, top + self.cell_h - 1, left + self.cell_w - 1

    def origin(self, r: int, c: int) -> tuple[int, int]:
        return self.rect(r, c)[:2]

    @property
    def hits(self) -> HitMap[Square]:
        """Each valid square's cells, for the mouse (gaps are not squares)."""
        if self._hits is None:
            self._hits = HitMap()
            for r, c in self.squares():
                self._hits.add(*self.rect(r, c), (r, c))
        return self._hits

    def square_at(self, row: int, col: int) -> Square | None:
        """The square under screen cell (row, col), or None (a gap, off the board)."""
        return self.hits.at(row, col)


class BoardCursor:
    """Where the keyboard player points; ``handle(key)`` moves it and says whether it used the key."""

    def __init__(self, board: Board, *, home: Square | None = None, at: Square | None = None,
                 wrap: bool = False, skip: Callable[[int, int], bool] | None = None,
                 keypad_digits: bool = True, home_key: str | None = "Gray*") -> None:
        self.board = board
        self.wrap = wrap
        self.skip = skip
        self.keypad_digits = keypad_digits
        self.home_key = home_key
        centre = ((board.rows - 1) / 2, (board.cols - 1) / 2)
        self.home = home if home is not None else self.nearest(*centre, eligible_only=False)
        if not board.is_square(*self.home):
            raise ValueError(f"home square {self.home} is not on the board")
        self.pos: Square = at if at is not None else self.home

    @property
    def row(self) -> int:
        return self.pos[0]

    @property
    def col(self) -> int:
        return self.pos[1]

    def eligible(self, r: int, c: int) -> bool:
        """A square the arrows may stop on: on the board and not skipped."""
        return self.board.is_square(r, c) and not (self.skip is not None and self.skip(r, c))

    def nearest(self, r: float, c: float, *, eligible_only: bool = True) -> Square:
        """The square nearest a point (ties: upper, then left); skipped squares only when nothing else."""
        found = [(rr, cc) for rr, cc in self.board.squares() if not eligible_only or self.eligible(rr, cc)]
        if not found:
            found = list(self.board.squares())
        if not found:
            raise ValueError("the board has no squares")
        return min(found, key=lambda s: ((s[0] - r) ** 2 + (s[1] - c) ** 2, s[0], s[1]))

    def move(self, dr: int, dc: int) -> bool:
        """One step of an arrow; True when the cursor moved."""
        target = self._along(dr, dc)
        if target is None:
            target = self._beyond(dr, dc)
        if target is None or target == self.pos:
            return False
        self.pos = target
        return True

    def _along(self, dr: int, dc: int) -> Square | None:
        """The first eligible square straight ahead, then (wrapping) from the far edge back."""
        b = self.board
        r, c = self.pos
        steps = b.rows if dr else b.cols
        for k in range(1, steps):
            rr, cc = r + dr * k, c + dc * k
            if not b.inside(rr, cc):
                if not self.wrap:
                    return None
                rr, cc = rr % b.rows, cc % b.cols
            if self.eligible(rr, cc):
                return rr, cc
        return None

    def _beyond(self, dr: int, dc: int) -> Square | None:
        """Nothing straight ahead: the nearest eligible square in the next line that way."""
        b = self.board
        r, c = self.pos
        if dr:
            for rr in range(r + dr, b.rows if dr > 0 else -1, dr):
                line = [(rr, cc) for cc in range(b.cols) if self.eligible(rr, cc)]
                if line:
                    return min(line, key=lambda s: (abs(s[1] - c), s[1]))
        else:
            for cc in range(c + dc, b.cols if dc > 0 else -1, dc):
                line = [(rr, cc) for rr in range(b.rows) if self.eligible(rr, cc)]
                if line:
                    return min(line, key=lambda s: (abs(s[0] - r), s[0]))
        return None

    def corner(self, name: str) -> bool:
        """Jump to the square nearest a corner: "Home" "PgUp" "End" "PgDn"."""
        down, right = CORNERS[name]
        target = self.nearest(down * (self.board.rows - 1), right * (self.board.cols - 1))
        moved = target != self.pos
        self.pos = target
        return moved

    def go_home(self) -> bool:
        moved = self.pos != self.home
        self.pos = self.home
        return moved

    def key_name(self, key: Key) -> str:
        """The cursor key a key stands for (a keypad digit with Num Lock on counts as its arrow)."""
        if self.keypad_digits and key.char.isdigit() and key.scan in KEYPAD_SCANS:
            return KEYPAD_SCANS[key.scan]
        return key.name

    def handle(self, key: Key) -> bool:
        """Use a cursor key: True when it was one of the cursor's keys (moved or not)."""
        name = self.key_name(key)
        if name in DIRECTIONS:
            self.move(*DIRECTIONS[name])
        elif name in CORNERS:
            self.corner(name)
        elif self.home_key is not None and name == self.home_key:
            self.go_home()
        else:
            return False
        return True


# -- drawing the cursor ------------------------------------------------------------------
def cursor_cells(board: Board, square: Square, style: str = "attr") -> Sequence[tuple[int, int, str | None]]:
    """The cells a cursor of ``style`` occupies: (row, col, character or None to keep it)."""
    top, left, bottom, right = board.rect(*square)
    if style in ("attr", "invert"):
        return [(r, c, None) for r in range(top, bottom + 1) for c in range(left, right + 1)]
    if style == "brackets":
        if board.gap_w >= 1 or board.cols == 1:
            return [(r, left - 1, "\x10") for r in range(top, bottom + 1)] + \
                   [(r, right + 1, "\x11") for r in range(top, bottom + 1)]
        return [(r, left, "\x10") for r in range(top, bottom + 1)] + \
               [(r, right, "\x11") for r in range(top, bottom + 1)]
    if style == "frame":
        if board.gap_h >= 1 and board.gap_w >= 1:
            top, left, bottom, right = top - 1, left - 1, bottom + 1, right + 1
        if bottom == top or right == left:
            return cursor_cells(board, square, "attr")
        cells = [(top, left, "┌"), (top, right, "┐"), (bottom, left, "└"), (bottom, right, "┘")]
        cells += [(top, c, "─") for c in range(left + 1, right)] + [(bottom, c, "─") for c in range(left + 1, right)]
        cells += [(r, left, "│") for r in range(top + 1, bottom)] + [(r, right, "│") for r in range(top + 1, bottom)]
        return cells
    raise ValueError(f"unknown cursor style {style!r} (attr, invert, frame, brackets)")


def inverted(attr: int, mono: bool) -> int:
    """The attribute with foreground and background swapped (blink bit cleared): a mark that
    shows whatever colours the square has.  An MDA knows only normal and reverse video."""
    if mono:
        return 0x07 if attr & 0x77 == 0x70 else 0x70
    return ((attr & 0x07) << 4) | ((attr >> 4) & 0x07) | (attr & 0x08)


def paint_cursor(screen: TextScreen, theme: Theme, board: Board, square: Square, role: str = "cursor",
                 style: str = "attr") -> None:
    """Draw a cursor on ``square`` (cells off the screen are left out) in the theme's ``role``,
    except for "invert", which swaps each cell's own colours."""
    attr = theme[role]
    for r, c, ch in cursor_cells(board, square, style):
        if 0 <= r < ROWS and 0 <= c < COLS:
            if style == "invert":
                screen.set_attr(r, c, inverted(screen.read(r, c)[1], screen.mono))
            elif ch is None:
                screen.set_attr(r, c, attr)
            else:
                screen.put(r, c, ch, attr)


class CursorMark:
    """A cursor that keeps what it covers: ``show(square)`` paints, ``hide()`` puts the cells back.

    The program hides it before it redraws the squares underneath and shows it again after,
    so the cells it keeps are never stale.
    """

    def __init__(self, screen: TextScreen, theme: Theme, board: Board, role: str = "cursor",
                 style: str = "attr") -> None:
        self.screen, self.theme, self.board, self.role, self.style = screen, theme, board, role, style
        self.square: Square | None = None
        self._kept: list[tuple[int, int, int, int]] = []

    @property
    def shown(self) -> bool:
        return self.square is not None

    def show(self, square: Square) -> None:
        if self.square == square:
            return
        self.hide()
        kept = []
        for r, c, _ in cursor_cells(self.board, square, self.style):
            if 0 <= r < ROWS and 0 <= c < COLS:
                kept.append((r, c, *self.screen.read(r, c)))
        self._kept = kept
        paint_cursor(self.screen, self.theme, self.board, square, self.role, self.style)
        self.square = square

    def hide(self) -> None:
        for r, c, ch, a in reversed(self._kept):
            self.screen.put(r, c, ch, a)
        self._kept = []
        self.square = None


#: blink rates (on-off cycles a second) that ``<`` and ``>`` step through; 0 is steady
RATES = (0.0, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)


class Blinker:
    """A ``CursorMark`` that blinks: shown for the first half of each cycle, hidden for the second.

    The phase counts from ``restart(now)`` (called on every move, so a moved cursor is seen
    at once) in machine seconds.  The program's loop waits with ``input(dos)``, which wakes
    up at each change of phase to repaint, or calls ``update(now)`` and ``timeout(now)``
    itself.  ``faster()`` / ``slower()`` step through ``RATES``.
    """

    def __init__(self, mark: CursorMark, rate: float = 2.0) -> None:
        self.mark = mark
        self.rate = rate
        self.since = 0.0
        self.square: Square | None = None

    def set_rate(self, rate: float) -> None:
        if rate < 0:
            raise ValueError("a blink rate is cycles a second, 0 or more")
        self.rate = rate

    def faster(self) -> float:
        self.rate = next((r for r in RATES if r > self.rate), RATES[-1])
        return self.rate

    def slower(self) -> float:
        self.rate = next((r for r in reversed(RATES) if r < self.rate), RATES[0])
        return self.rate

    def visible_at(self, now: float) -> bool:
        if self.rate <= 0:
            return True
        return int((now - self.since) * self.rate * 2) % 2 == 0

    def timeout(self, now: float) -> float | None:
        """Seconds to the next change of phase (None for a steady cursor)."""
        if self.rate <= 0:
            return None
        half = 0.5 / self.rate
        done = (now - self.since) % half
        return max(half - done, 1e-6)

    def place(self, square: Square | None, now: float) -> None:
        """Put the cursor on ``square`` (None: take it off), seen at once."""
        self.square = square
        self.since = now
        self.update(now)

    def update(self, now: float) -> None:
        if self.square is not None and self.visible_at(now):
            self.mark.show(self.square)
        else:
            self.mark.hide()

    def input(self, dos: Dos, timeout: float | None = None) -> Key | MouseEvent | None:
        """``dos.input`` that keeps the cursor blinking meanwhile (None when ``timeout`` passes)."""
        deadline = None if timeout is None else dos.now() + timeout
        while True:
            now = dos.now()
            self.update(now)
            wait = self.timeout(now) if self.square is not None else None
            if deadline is not None:
                left = deadline - now
                if left <= 0:
                    return None
                wait = left if wait is None else min(wait, left)
            ev = dos.input(timeout=wait)
            if ev is not None:
                return ev
