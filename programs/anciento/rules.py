"""Anciento's board, matching rules and scoring as a pure model.

The board is 10 x 10 squares: the 8 x 8 playing squares inside a frame of 36 grey edge squares.
(72 stones cannot fit on 64 squares, yet the game pays a bonus for placing all of them; the grey
frame is where placing is allowed but scores nothing.)  Squares are numbered ``row * 10 + col``,
row 0 at the top.

Matching, with only the orthogonal neighbours counting.  A stone goes on an empty square next
to 1 to 4 stones, and every neighbour must share its shape or its pattern.  Each neighbour is
counted as a shape match or a pattern match (a neighbour sharing both may count as either):

* 1 neighbour: any match;
* 2 neighbours: one shape match and one pattern match;
* 3 neighbours: two shape and one pattern match, or one shape and two pattern matches;
* 4 neighbours (a Quatro): two shape and two pattern matches.

Scoring: a stone on the grey frame scores 0; otherwise 1, 2, 4 or 8 points for 1, 2, 3 or 4
neighbours, times BONUS.  BONUS starts at 1 and doubles after each Quatro, the Quatro itself
still scored at the old BONUS.  (A Quatro can only be made inside the frame: a frame square has
at most three neighbours.)

At the end (F10): 25 points for the first Quatro, 50 for the second, 100 for the third and so
on, all added (q Quatros pay 25 * (2**q - 1)); and 1000, 500 or 100 points when 0, 1 or 2 stones
are left unplaced.

Decided here: the six starting stones stand on the four corner squares and on two diagonal
centre squares (``START_CELLS``), like the game this one follows; the first two picked go to the
centre.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .stones import STARTERS, TO_PLAY, Deal, pattern_of, shape_of

SIDE: Final = 10
CELLS: Final = SIDE * SIDE
EMPTY: Final = -1
#: Where the six starters go, in the order they were picked.
START_CELLS: Final = (44, 55, 0, 9, 90, 99)

QUATRO: Final = 4
FIRST_QUATRO_BONUS: Final = 25
#: Bonus by how many stones were left unplaced at the end.
LEFT_BONUS: Final = {0: 1000, 1: 500, 2: 100}


def cell(row: int, col: int) -> int:
    return row * SIDE + col


def row_col(c: int) -> tuple[int, int]:
    return divmod(c, SIDE)


def is_edge(c: int) -> bool:
    r, k = divmod(c, SIDE)
    return r in (0, SIDE - 1) or k in (0, SIDE - 1)


def _neighbours(c: int) -> tuple[int, ...]:
    r, k = divmod(c, SIDE)
    out = []
    for dr, dk in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < SIDE and 0 <= k + dk < SIDE:
            out.append(cell(r + dr, k + dk))
    return tuple(out)


NEIGHBOURS: Final = tuple(_neighbours(c) for c in range(CELLS))
EDGE: Final = tuple(is_edge(c) for c in range(CELLS))
#: (shape matches, pattern matches) each neighbour count requires; see the module text.
SPLITS: Final = {1: ((1, 0), (0, 1)), 2: ((1, 1),), 3: ((2, 1), (1, 2)), 4: ((2, 2),)}


def fits(stone: int, neighbours: Sequence[int]) -> bool:
    """Whether ``stone`` may sit next to exactly these (occupied) neighbour stones."""
    n = len(neighbours)
    if not 1 <= n <= 4:
        return False
    s, p = shape_of(stone), pattern_of(stone)
    shape_only = pattern_only = both = 0
    for m in neighbours:
        ms, mp = shape_of(m) == s, pattern_of(m) == p
        if ms and mp:
            both += 1
        elif ms:
            shape_only += 1
        elif mp:
            pattern_only += 1
        else:
            return False
    # the "both" neighbours can go to either side: some split must be reachable
    return any(shape_only <= want_s <= shape_only + both and pattern_only <= want_p
               for want_s, want_p in SPLITS[n])


def occupied_neighbours(board: Sequence[int], c: int) -> list[int]:
    return [board[m] for m in NEIGHBOURS[c] if board[m] != EMPTY]


def match(board: Sequence[int], c: int, stone: int) -> int:
    """How many neighbours ``stone`` would match on square ``c`` (1..4), or 0 if it may not go there."""
    if board[c] != EMPTY:
        return 0
    nb = occupied_neighbours(board, c)
    return len(nb) if fits(stone, nb) else 0


def points(c: int, neighbours: int, bonus: int) -> int:
    """What a placement next to ``neighbours`` stones on square ``c`` scores."""
    return 0 if EDGE[c] else (1 << (neighbours - 1)) * bonus


def quatro_bonus(quatros: int) -> int:
    """25 for the first Quatro, doubling for each further one, all added."""
    return FIRST_QUATRO_BONUS * ((1 << quatros) - 1)


def left_bonus(left: int) -> int:
    return LEFT_BONUS.get(left, 0)


@dataclass(frozen=True)
class Position:
    """The game after some placements: never changed once made (the history keeps them all)."""
    board: tuple[int, ...]
    placed: int = 0  # stones of the sequence placed so far
    score: int = 0
    bonus: int = 1
    quatros: int = 0
    last_match: int = 0  # neighbours matched by the move that led here (0 at the start)
    last_points: int = 0

    @property
    def left(self) -> int:
        return TO_PLAY - self.placed


class IllegalMove(ValueError):
    pass


def start_position(deal: Deal) -> Position:
    board = [EMPTY] * CELLS
    for c, s in zip(START_CELLS, deal.starters):
        board[c] = s
    return Position(tuple(board))


def current_stone(deal: Deal, pos: Position) -> int | None:
    """The stone to place now, or None once all 66 are placed."""
    return deal.sequence[pos.placed] if pos.placed < TO_PLAY else None


def upcoming(deal: Deal, pos: Position, n: int) -> tuple[int, ...]:
    """The stone to place and the ``n - 1`` after it (fewer near the end)."""
    return deal.sequence[pos.placed:pos.placed + n]


def legal_cells(deal: Deal, pos: Position) -> list[int]:
    stone = current_stone(deal, pos)
    if stone is None:
        return []
    return [c for c in range(CELLS) if match(pos.board, c, stone)]


def place(deal: Deal, pos: Position, c: int) -> Position:
    """The position after placing the current stone on square ``c`` (IllegalMove if it may not)."""
    stone = current_stone(deal, pos)
    if stone is None:
        raise IllegalMove("every stone is placed")
    if not 0 <= c < CELLS:
        raise IllegalMove(f"no square {c}")
    n = match(pos.board, c, stone)
    if not n:
        raise IllegalMove(f"the stone does not fit on square {c}")
    gained = points(c, n, pos.bonus)
    board = list(pos.board)
    board[c] = stone
    quatro = n == QUATRO
    return Position(tuple(board), pos.placed + 1, pos.score + gained,
                    pos.bonus * 2 if quatro else pos.bonus, pos.quatros + quatro, n, gained)


@dataclass(frozen=True)
class FinalScore:
    """The score when the game is ended (F10) in ``pos``."""
    play: int
    quatro_bonus: int
    left_bonus: int
    quatros: int
    left: int

    @property
    def total(self) -> int:
        return self.play + self.quatro_bonus + self.left_bonus


def final_score(pos: Position) -> FinalScore:
    return FinalScore(pos.score, quatro_bonus(pos.quatros), left_bonus(pos.left), pos.quatros, pos.left)


def stones_on_board(pos: Position) -> int:
    return sum(1 for s in pos.board if s != EMPTY)


def conserved(deal: Deal, pos: Position) -> bool:
    """The 72-stone invariant: the board holds the starters and exactly the placed stones."""
    on_board = sorted(s for s in pos.board if s != EMPTY)
    expected = sorted(deal.starters + deal.sequence[:pos.placed])
    return on_board == expected and len(on_board) + pos.left == STARTERS + TO_PLAY
