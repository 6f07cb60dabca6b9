"""The mine's geometry and the card codes the rules model works in.

The mine is 4 rows by 16 columns.  A square is one int, ``row * 16 + col`` (both from 0),
so the whole mine is a few 64-long lists and a neighbour set is a precomputed tuple: the
computer miner walks tunnels millions of times and must not build objects to do it.

Each miner has his own 52-card pack, so a card on the table is known by its owner too.  A
card code is ``owner * 52 + Card.index`` (0..103); ``vconsole.toolkit.cards.Card`` is the
readable form at the edges (screen, files, tests).

Keyboard notation follows the original program: rows 1-4, columns 1-9 then A-G for 10-16.
"""
from __future__ import annotations

from typing import Final

from vconsole.toolkit.cards import Card

ROWS: Final = 4
COLS: Final = 16
SQUARES: Final = ROWS * COLS

#: Column keys as the original's keyboard entry names them: 1..9, A=10 .. G=16.
COL_KEYS: Final = "123456789ABCDEFG"
ROW_KEYS: Final = "1234"


def square(row: int, col: int) -> int:
    return row * COLS + col


def row_col(sq: int) -> tuple[int, int]:
    return divmod(sq, COLS)


def square_name(sq: int) -> str:
    """'2-7' style: row then column, as typed (row 1-4, column 1-9 or A-G)."""
    r, c = row_col(sq)
    return f"{ROW_KEYS[r]}-{COL_KEYS[c]}"


def parse_square(text: str) -> int:
    """The inverse of ``square_name`` (the dash is optional)."""
    t = text.strip().upper().replace("-", "")
    if len(t) != 2 or t[0] not in ROW_KEYS or t[1] not in COL_KEYS:
        raise ValueError(f"not a square: {text!r}")
    return square(ROW_KEYS.index(t[0]), COL_KEYS.index(t[1]))


def _neighbours(sq: int) -> tuple[int, ...]:
    r, c = row_col(sq)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):  # N E S W
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(square(rr, cc))
    return tuple(out)


#: The orthogonal neighbours of each square (katty-corner never counts).
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(s) for s in range(SQUARES))

# -- card codes ----------------------------------------------------------------------------
CODES: Final = 104


def code(owner: int, card: Card) -> int:
    return owner * 52 + card.index


def owner_of(c: int) -> int:
    return c // 52


def card_of(c: int) -> Card:
    return Card.from_index(c % 52)


def suit_of(c: int) -> int:
    return (c % 52) // 13


def rank_of(c: int) -> int:
    return c % 13 + 1


#: What a card does when played face up, by rank (index 1..13).
MOVEMENT, SHAFT, LODE = 0, 1, 2
ROLE: Final = (None, LODE, MOVEMENT, MOVEMENT, MOVEMENT, SHAFT, SHAFT, SHAFT, SHAFT, SHAFT,
               SHAFT, LODE, LODE, LODE)

#: Points of a mother lode by rank: J Q K A = 1 2 3 4; every other rank 0.
LODE_POINTS: Final = (0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3)

#: Rank order for the first-miner draw and for sorting hands: aces high.
HIGH: Final = (0, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def role_of(c: int) -> int:
    role = ROLE[c % 13 + 1]
    if role is None:  # (ranks run 1-13: the slot before the ace is never read)
        raise ValueError(f"no role for card code {c}")
    return role


def points_of(c: int) -> int:
    return LODE_POINTS[c % 13 + 1]


def hand_key(c: int) -> tuple[int, int]:
    """Hands are kept sorted: by suit, then rank with aces high (lodes last in each suit)."""
    return (c % 52) // 13, HIGH[c % 13 + 1]
