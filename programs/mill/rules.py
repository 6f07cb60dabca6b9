"""Tommy's Mill (nine men's morris) as a pure model: board, moves, rules, game record.

The 24 points are numbered the way the original program's keyboard entry numbers them
(rows read left to right, top to bottom)::

     1 ----------- 2 ----------- 3
     |             |             |
     |    4 ------ 5 ------ 6    |
     |    |        |        |    |
     |    |   7 -- 8 -- 9   |    |
     |    |   |         |   |    |
    10 - 11 - 12       13 - 14 - 15
     |    |   |         |   |    |
     |    |  16 - 17 - 18   |    |
     |    |        |        |    |
     |   19 ----- 20 ----- 21    |
     |             |             |
    22 ---------- 23 ---------- 24

A set of points is a 24-bit int, bit ``p - 1`` for point ``p``: the whole board is two ints,
so mill tests and neighbour sets are a mask compare, which is what lets the pure-Python
computer player (``ai.py``) look nine plies ahead.

Rule decisions where the original instructions leave room (all tested):

* Only a mill *newly formed by the move* captures: the moved or placed piece must be one of
  its three. Opening a mill and closing it again later counts as a new mill. A move closing
  two mills at once still captures only one piece.
* The mover may decline a capture (``Move.capture == DECLINE``).
* Protection: a piece in a mill is never taken, even when all the opponent's pieces stand
  in mills (the mover can then only decline), except under the
  ``take_from_mill_when_only_three`` option; see :func:`capturable`.
* A side loses when its pieces on the board plus pieces still in hand drop below three, or
  when it is to move and has no legal move. Both sides always have a free point to place on
  (at most 18 of the 24 points are ever filled), so blocking can only happen after placing.
* Kiddie option: a side that has exactly three pieces left (none in hand) jumps to any free
  point instead of sliding along a segment.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from vconsole.toolkit.history import History

WHITE: Final = 0
BLACK: Final = 1
COLOR_NAMES: Final = ("white", "black")

N_POINTS: Final = 24
PIECES_PER_SIDE: Final = 9
FULL: Final = (1 << N_POINTS) - 1

#: The 16 segments of three points; three own pieces on one of them is a mill.
SEGMENTS: Final[tuple[tuple[int, int, int], ...]] = (
    (1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12),
    (13, 14, 15), (16, 17, 18), (19, 20, 21), (22, 23, 24),
    (1, 10, 22), (4, 11, 19), (7, 12, 16), (2, 5, 8),
    (17, 20, 23), (9, 13, 18), (6, 14, 21), (3, 15, 24),
)


def bit(point: int) -> int:
    """The one-bit mask of ``point`` (1-24)."""
    return 1 << (point - 1)


def points_of(mask: int) -> list[int]:
    """The points (ascending) whose bits are set in ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


def mask_of(points: Iterator[int] | list[int] | tuple[int, ...] | set[int]) -> int:
    m = 0
    for p in points:
        if not 1 <= p <= N_POINTS:
            raise ValueError(f"point {p} is not on the board (1-24)")
        m |= bit(p)
    return m


MILL_MASKS: Final[tuple[int, ...]] = tuple(mask_of(s) for s in SEGMENTS)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    adj: list[set[int]] = [set() for _ in range(N_POINTS + 1)]
    for a, b, c in SEGMENTS:
        for x, y in ((a, b), (b, c)):
            adj[x].add(y)
            adj[y].add(x)
    return tuple(tuple(sorted(s)) for s in adj)


#: NEIGHBOURS[p] = points one segment step from p (index 0 unused).
NEIGHBOURS: Final = _neighbours()
#: ADJ_MASK[p] = NEIGHBOURS[p] as a mask (index 0 unused).
ADJ_MASK: Final[tuple[int, ...]] = tuple(mask_of(n) for n in NEIGHBOURS)
#: MILLS_AT[p] = the two mill masks through point p (every point lies on exactly two).
MILLS_AT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(m for m in MILL_MASKS if m & bit(p)) if p else () for p in range(N_POINTS + 1))


@dataclass(frozen=True, slots=True)
class Options:
    """The two game options of the original's option menu."""

    kiddie: bool = False
    """A side reduced to three pieces may jump to any free point."""
    take_from_mill_when_only_three: bool = False
    """A mill may be broken by a capture when it is all the opponent has left."""


#: ``Move.capture`` value for "this move closes a mill and the mover takes nothing".
DECLINE: Final = 0


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One ply: a placement (``frm is None``) or a slide/jump, plus the capture decision.

    ``capture`` is ``None`` when the move closes no mill, a point number (1-24) when it
    closes a mill and takes the opponent piece there, or :data:`DECLINE` (0) when it closes a
    mill and takes nothing. So a mill-closing move always carries an explicit decision, just
    as the keyboard entry requires a third number for it.
    """

    frm: int | None
    to: int
    capture: int | None = None

    @property
    def is_placement(self) -> bool:
        return self.frm is None

    @property
    def closes_mill(self) -> bool:
        return self.capture is not None

    @property
    def declined(self) -> bool:
        return self.capture == DECLINE


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in the given position."""


@dataclass(frozen=True, slots=True)
class Position:
    """A full game state: who stands where, who is to move, what is still in hand.

    Immutable: :func:`apply` returns a new position, which is what lets :class:`Game` keep
    every position for backstepping without copying.
    """

    white: int = 0
    black: int = 0
    turn: int = WHITE
    in_hand: tuple[int, int] = (PIECES_PER_SIDE, PIECES_PER_SIDE)
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        if self.white & self.black or (self.white | self.black) & ~FULL:
            raise ValueError("white and black masks overlap or leave the board")
        if self.turn not in (WHITE, BLACK):
            raise ValueError(f"turn must be WHITE (0) or BLACK (1), not {self.turn!r}")
        for c in (WHITE, BLACK):
            on_board = (self.white, self.black)[c].bit_count()
            if not 0 <= self.in_hand[c] or on_board + self.in_hand[c] > PIECES_PER_SIDE:
                raise ValueError(f"{COLOR_NAMES[c]} has more than {PIECES_PER_SIDE} pieces")

    @classmethod
    def start(cls, options: Options | None = None) -> Position:
        """The empty board, White to place first."""
        return cls(options=options or Options())

    @classmethod
    def from_points(cls, white: list[int] | tuple[int, ...] = (), black: list[int] | tuple[int, ...] = (),
                    turn: int = WHITE, in_hand: tuple[int, int] = (0, 0),
                    options: Options | None = None) -> Position:
        """Build a position from point lists (handy for tests and set-ups)."""
        return cls(mask_of(white), mask_of(black), turn, (in_hand[0], in_hand[1]), options or Options())

    def pieces(self, color: int) -> int:
        return self.black if color else self.white

    def at(self, point: int) -> int | None:
        """WHITE, BLACK or None for the piece standing on ``point``."""
        b = bit(point)
        if self.white & b:
            return WHITE
        if self.black & b:
            return BLACK
        return None

    def material(self, color: int) -> int:
        """Pieces on the board plus pieces still to place: below 3 means the game is lost."""
        return self.pieces(color).bit_count() + self.in_hand[color]

    @property
    def empty(self) -> int:
        return FULL ^ (self.white | self.black)

    @property
    def placing(self) -> bool:
        """True while the side to move still has a piece to lay down."""
        return self.in_hand[self.turn] > 0

    def jumping(self, color: int) -> bool:
        """True when ``color`` may jump anywhere (kiddie option, exactly three left)."""
        return (self.options.kiddie and self.in_hand[color] == 0
                and self.pieces(color).bit_count() == 3)


def in_mills(mask: int) -> int:
    """The subset of ``mask`` standing in complete mills of ``mask``."""
    out = 0
    for m in MILL_MASKS:
        if mask & m == m:
            out |= m
    return out


def closes_mill(own_after: int, point: int) -> bool:
    """True if the piece on ``point`` is part of a mill in ``own_after``."""
    for m in MILLS_AT[point]:
        if own_after & m == m:
            return True
    return False


def capturable(victim: int, victim_in_hand: int, options: Options) -> int:
    """The victim's pieces that a mill may take (a mask; may be 0).

    * Pieces outside mills may be taken; pieces inside mills are protected, even when
      every victim piece stands in a mill (then the capture is impossible and only
      declining is left).
    * The one exception is the ``take_from_mill_when_only_three`` option: when the
      victim's whole army is one mill of three (none in hand), any of the three may be
      taken (which wins the game at once).
    """
    free = victim & ~in_mills(victim)
    if free:
        return free
    if options.take_from_mill_when_only_three and victim.bit_count() == 3 and victim_in_hand == 0:
        return victim
    return 0


def _targets(pos: Position, frm: int | None) -> int:
    if frm is None:
        return pos.empty
    if pos.jumping(pos.turn):
        return pos.empty
    return ADJ_MASK[frm] & pos.empty


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move of the side to move, each capture choice (and declining) separately.

    Empty when the side to move has lost (no move, or fewer than three pieces).
    """
    me = pos.turn
    if pos.material(me) < 3 or pos.material(1 - me) < 3:
        return []
    own = pos.pieces(me)
    victim = pos.pieces(1 - me)
    caps: list[int] | None = None
    out: list[Move] = []
    froms: list[int | None] = [None]
    if not pos.placing:
        froms = [*points_of(own)]
    for frm in froms:
        base = own if frm is None else own & ~bit(frm)
        for to in points_of(_targets(pos, frm)):
            if closes_mill(base | bit(to), to):
                if caps is None:
                    caps = points_of(capturable(victim, pos.in_hand[1 - me], pos.options))
                out.extend(Move(frm, to, c) for c in caps)
                out.append(Move(frm, to, DECLINE))
            else:
                out.append(Move(frm, to, None))
    return out


def apply(pos: Position, move: Move) -> Position:
    """The position after ``move``; raises :class:`IllegalMoveError` if it is not legal."""
    if move not in legal_moves(pos):
        raise IllegalMoveError(f"illegal move {move} for {COLOR_NAMES[pos.turn]}")
    return apply_unchecked(pos, move)


def apply_unchecked(pos: Position, move: Move) -> Position:
    """``apply`` without the legality check, for callers that took the move from legal_moves."""
    me = pos.turn
    own = pos.pieces(me)
    victim = pos.pieces(1 - me)
    hand = list(pos.in_hand)
    if move.frm is None:
        hand[me] -= 1
    else:
        own &= ~bit(move.frm)
    own |= bit(move.to)
    if move.capture:
        victim &= ~bit(move.capture)
    white, black = (own, victim) if me == WHITE else (victim, own)
    return Position(white, black, 1 - me, (hand[0], hand[1]), pos.options)


def winner(pos: Position) -> int | None:
    """WHITE or BLACK once the game is decided in ``pos``, else None."""
    for c in (WHITE, BLACK):
        if pos.material(c) < 3:
            return 1 - c
    if not legal_moves(pos):
        return 1 - pos.turn
    return None


def result(pos: Position) -> str | None:
    """'white' or 'black' once ``pos`` is decided, else None (draws belong to :class:`Game`)."""
    w = winner(pos)
    return None if w is None else COLOR_NAMES[w]


#: Plies the game record holds. The original showed a fixed-size move buffer; 200 plies is
#: our choice (about the size of such a table in a 1987 program and far longer than a
#: decided game). A game that fills it ends as a draw: nothing further could be recorded,
#: and it is also the draw rule computer-versus-computer games need.
MOVE_BUFFER_SIZE: Final = 200


class GameOverError(RuntimeError):
    """A move was offered after the game (at the current pointer) was decided."""


class Game(History[Position, Move]):
    """The move record with a pointer, for backstep ('.') and undo-backstep ('/').

    A toolkit History of positions: every ply's position is kept, so stepping is free.
    Playing a move while backstepped discards the moves after the pointer (the game
    branches there).  The record holds ``buffer_size`` plies; a full buffer is a draw.
    """

    def __init__(self, options: Options | None = None, buffer_size: int = MOVE_BUFFER_SIZE) -> None:
        self.options = options or Options()
        self.buffer_size = buffer_size
        super().__init__(Position.start(self.options), apply)

    @property
    def position(self) -> Position:
        return self.state

    @property
    def _positions(self) -> list[Position]:
        """The recorded positions (ply 0 first), for tests that tamper with the record."""
        return self._states

    def result(self) -> str | None:
        """'white', 'black', 'draw' (buffer full) or None while the game goes on."""
        w = winner(self.position)
        if w is not None:
            return COLOR_NAMES[w]
        if self.pointer >= self.buffer_size:
            return "draw"
        return None

    def play(self, move: Move) -> Position:
        """Record and make ``move`` at the pointer (checked for legality)."""
        if self.result() is not None:
            raise GameOverError(f"the game is over ({self.result()})")
        return super().play(move)

    def backstep(self) -> bool:
        """Take back one ply ('.'); False at the start of the game."""
        return self.back()
