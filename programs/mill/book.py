"""Level 9's placing book: the first placements, chosen by a deep search done offline.

The empty and nearly empty board is where a pure-Python search is slowest and sees least
(every point is open, nothing is forced), yet where the end of placing is furthest away.
``scripts/build_mill_book.py`` searches every such position (up to its mirror images) with
the C yardstick of ``scripts/mill_ref.c`` to a fixed depth and writes ``book.txt`` beside
this file: per position, every placement that reaches the best value at that depth. Level 9
plays from it while it has the position, choosing among those equal moves with the game's
rng (so games vary beyond mirror images), and searches from there on.

File format, one position a line (``#`` starts a comment)::

    WHITE BLACK TURN DEPTH VALUE POINTS

WHITE and BLACK are 6-digit hex point masks of the least symmetry image of the position
(see :func:`symmetry.canonical`), TURN 0 or 1, DEPTH the search depth, VALUE the value for
the side to move (100 = one piece) and POINTS the best placements, comma-separated, in the
same image's numbering. Only capture-free placing positions are in the book, so the pieces
in hand follow from the pieces on the board.
"""

from __future__ import annotations

import random
from functools import lru_cache
from importlib import resources

from .rules import PIECES_PER_SIDE, Move, Position
from .symmetry import INVERSES, canonical

FILE_NAME = "book.txt"


#: (white mask, black mask, side to move) of a canonical position.
Key = tuple[int, int, int]
#: (search depth, value, the equally good points to place on).
Entry = tuple[int, int, tuple[int, ...]]
Book = dict[Key, Entry]


def parse(text: str) -> Book:
    """{(white, black, turn): (depth, value, best points)} from the book's text."""
    out: Book = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        w, b, turn, depth, value, points = line.split()
        out[(int(w, 16), int(b, 16), int(turn))] = (int(depth), int(value),
                                                    tuple(int(p) for p in points.split(",")))
    return out


@lru_cache(maxsize=1)
def entries() -> Book:
    """The shipped book (empty if the data file is missing)."""
    try:
        text = resources.files(__package__).joinpath(FILE_NAME).read_text(encoding="ascii")
    except FileNotFoundError:
        return {}
    return parse(text)


def moves(pos: Position, book: Book | None = None, min_depth: int = 0) -> list[Move]:
    """The book's equally good placements in ``pos`` (empty when it is not in the book, or
    searched to less than ``min_depth``)."""
    w, b = pos.white, pos.black
    if pos.in_hand != (PIECES_PER_SIDE - w.bit_count(), PIECES_PER_SIDE - b.bit_count()):
        return []  # a capture happened (or a set-up position): not a book position
    cw, cb, g = canonical(w, b)
    entry = (entries() if book is None else book).get((cw, cb, pos.turn))
    if entry is None or entry[0] < min_depth:
        return []
    inverse = INVERSES[g]
    return sorted(Move(None, inverse[p - 1] + 1) for p in entry[2])


def choose(pos: Position, rng: random.Random, min_depth: int = 0) -> Move | None:
    """A book move for ``pos`` picked with ``rng``, or None when out of book (or the entry was
    searched to less than ``min_depth``)."""
    options = moves(pos, min_depth=min_depth)
    return rng.choice(options) if options else None
