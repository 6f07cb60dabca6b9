"""The 49-square board of String of Pearls: its shape, its squares and its straight lines.

The document gives only the row lengths, 3-5-7-7-5-7-7-5-3.  We centre every row on a grid
seven squares wide and nine high, so a row of 3 uses columns 2-4, a row of 5 columns 1-5 and
a row of 7 columns 0-6::

        . . .          row 0   squares  0- 2
      . . . . .        row 1   squares  3- 7
    . . . . . . .      row 2   squares  8-14
    . . . . . . .      row 3   squares 15-21
      . . . . .        row 4   squares 22-26
    . . . . . . .      row 5   squares 27-33
    . . . . . . .      row 6   squares 34-40
      . . . . .        row 7   squares 41-45
        . . .          row 8   squares 46-48

Squares are numbered row by row, left to right (row-major), so moving down, or right along a
row, always goes to a higher number.  A straight line is one of the eight grid directions
(up, down, left, right and the four diagonals).  Where a line passes a place the grid has but
the board does not (beside a shorter row, e.g. column 0 in row 4) the power flies over it as
it flies over an empty square: a line ends only at the edge of the 7 x 9 grid.  So the first
pearl in a direction is the first *square* in that direction that holds a pearl.

Each square's eight lines are kept as bit masks of the squares on them (bit ``s`` for square
``s``): the nearest pearl in a direction that raises square numbers is the lowest set bit of
``occupied & line``, in a direction that lowers them the highest one, so finding every move
is eight mask operations, which is what the computer players need.
"""
from __future__ import annotations

from typing import Final

ROW_LENGTHS: Final = (3, 5, 7, 7, 5, 7, 7, 5, 3)
WIDTH: Final = 7
HEIGHT: Final = len(ROW_LENGTHS)


def _squares() -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for row, length in enumerate(ROW_LENGTHS):
        first = (WIDTH - length) // 2
        out.extend((row, col) for col in range(first, first + length))
    return tuple(out)


#: SQUARES[s] = (row, column) on the 7 x 9 grid.
SQUARES: Final = _squares()
N_SQUARES: Final = len(SQUARES)
#: (row, column) -> square number, for the places the board has.
INDEX: Final = {rc: s for s, rc in enumerate(SQUARES)}
ALL: Final = (1 << N_SQUARES) - 1

#: The eight directions, clockwise from up, as (name, row step, column step).
DIRECTIONS: Final = (
    ("UP", -1, 0), ("UP-RIGHT", -1, 1), ("RIGHT", 0, 1), ("DOWN-RIGHT", 1, 1),
    ("DOWN", 1, 0), ("DOWN-LEFT", 1, -1), ("LEFT", 0, -1), ("UP-LEFT", -1, -1),
)


def line(square: int, direction: int) -> tuple[int, ...]:
    """The board squares met going from ``square`` in ``direction`` (an index into DIRECTIONS),
    nearest first; places outside the board but inside the grid are passed over."""
    _, dr, dc = DIRECTIONS[direction]
    row, col = SQUARES[square]
    out = []
    row, col = row + dr, col + dc
    while 0 <= row < HEIGHT and 0 <= col < WIDTH:
        if (row, col) in INDEX:
            out.append(INDEX[(row, col)])
        row, col = row + dr, col + dc
    return tuple(out)


def _mask(squares: tuple[int, ...]) -> int:
    m = 0
    for s in squares:
        m |= 1 << s
    return m


#: LINES[s] = the non-empty lines from square s as (mask, ascending): ascending lines go to
#: higher square numbers, so their nearest square is the mask's lowest bit.
LINES: Final[tuple[tuple[tuple[int, bool], ...], ...]] = tuple(
    tuple((_mask(ln), ln[0] > s) for d in range(len(DIRECTIONS)) if (ln := line(s, d)))
    for s in range(N_SQUARES))


def reachable(occupied: int, square: int) -> list[int]:
    """The squares of the first pearl in each direction from ``square``, given the mask of
    squares holding pearls (the power's own square must not be in it)."""
    out = []
    for mask, ascending in LINES[square]:
        m = occupied & mask
        if m:
            out.append((m & -m).bit_length() - 1 if ascending else m.bit_length() - 1)
    return out


def squares_of(mask: int) -> list[int]:
    """The numbers of the bits set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_targets(occupied: int, square: int) -> list[int]:
    """Where the power standing on ``square`` may go: the pearls it reaches in a straight line,
    or, when it reaches none, every pearl on the board (the hop)."""
    return reachable(occupied, square) or squares_of(occupied)
