"""The game of String of Pearls as a pure model: set-up, turns, the power's moves, the end.

The board geometry (and what "in a straight line" means on a board of uneven rows) is in
``board.py``; strings and scoring in ``strings.py``.  Decisions taken here (all tested):

* Set-up: the 48 pearls and the power are shuffled (Fisher-Yates driven by the ``random()``
  of the generator passed in) and laid one per square in square order.
* The first player is picked at random, then play goes round in seating order; in solitaire
  the one player takes every turn.
* A move names the square of the pearl to take.  The power may go to the first pearl in any
  of the eight directions; only when no pearl lies on any of the eight lines may it hop, and
  then to any pearl.  The square the power leaves stays empty for the rest of the game.
* Solitaire: when the pearl taken fits the end of two strings the move must carry the choice
  (1 upper, 2 lower, see ``strings.SoloStrings``); otherwise no choice is asked for.
* The game ends when the last pearl is taken (the power then stands alone on the board).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from . import board, strings
from .board import N_SQUARES
from .strings import METHOD_LONGEST, N_PEARLS, SoloStrings

#: Cell values: a pearl is its number 1-48.
EMPTY: Final = 0
POWER: Final = -1

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


class Random(Protocol):
    def random(self) -> float: ...


def below(rng: Random, n: int) -> int:
    """A whole number in 0..n-1 from any generator with ``random()`` (GameRandom's rule)."""
    return int(rng.random() * n)


def shuffled(items: Sequence[int], rng: Random) -> list[int]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


class IllegalMove(ValueError):
    """A take the rules do not allow now."""


@dataclass(frozen=True, slots=True)
class Take:
    """One move as it happened: who took which pearl from where, and how the power got there."""

    player: int
    pearl: int
    square: int        # where the pearl lay; the power stands here now
    origin: int        # the power's square before the move
    hop: bool          # no pearl was in a straight line, so the power hopped
    choice: int | None = None   # solitaire: 1 upper / 2 lower when the pearl fitted two strings


class Game:
    """A whole game.  ``players`` is 1 (solitaire) or 2-6."""

    def __init__(self, cells: Sequence[int], players: int, first: int = 0,
                 method: int = METHOD_LONGEST) -> None:
        if not (players == 1 or MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise ValueError(f"{players} players: the game is for 1 (solitaire) or 2-6")
        if len(cells) != N_SQUARES:
            raise ValueError(f"the board has {N_SQUARES} squares, not {len(cells)}")
        if list(cells).count(POWER) != 1:
            raise ValueError("the board must hold the power exactly once")
        on_board = [c for c in cells if c > 0]
        if len(set(on_board)) != len(on_board) or not all(1 <= c <= N_PEARLS for c in on_board):
            raise ValueError("pearls on the board must be distinct numbers 1-48")
        self.cells = list(cells)
        self.players = players
        self.method = method
        self.first = first % players
        self.turn = self.first
        self.power = self.cells.index(POWER)
        self.occupied = 0
        for s, c in enumerate(self.cells):
            if c > 0:
                self.occupied |= 1 << s
        self.held = [0] * players
        self.solo = SoloStrings() if players == 1 else None
        self.takes: list[Take] = []

    @classmethod
    def new(cls, players: int, rng: Random, method: int = METHOD_LONGEST) -> Game:
        """Pearls and power scrambled one per square, first player picked at random."""
        cells = shuffled([POWER] + list(range(1, N_PEARLS + 1)), rng)
        return cls(cells, players, below(rng, players), method)

    # -- questions ---------------------------------------------------------------------------
    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def over(self) -> bool:
        return not self.occupied

    def targets(self) -> list[int]:
        """Squares whose pearl the player to move may take (empty when the game is over)."""
        return board.legal_targets(self.occupied, self.power)

    def must_hop(self) -> bool:
        """No pearl in a straight line from the power: the next take is a hop."""
        return bool(self.occupied) and not board.reachable(self.occupied, self.power)

    def needs_choice(self, square: int) -> bool:
        """Solitaire: the pearl on ``square`` fits the end of two strings."""
        return self.solo is not None and self.cells[square] > 0 and self.solo.needs_choice(self.cells[square])

    def pearls_on_board(self) -> list[int]:
        return sorted(c for c in self.cells if c > 0)

    # -- moves -------------------------------------------------------------------------------
    def take(self, square: int, choice: int | None = None) -> Take:
        if self.over:
            raise IllegalMove("the game is over")
        if not 0 <= square < N_SQUARES or self.cells[square] <= 0:
            raise IllegalMove(f"square {square} holds no pearl")
        hop = self.must_hop()
        if square not in self.targets():
            raise IllegalMove(f"the power cannot reach square {square} in a straight line")
        pearl = self.cells[square]
        if self.solo is not None:
            if self.solo.needs_choice(pearl):
                if choice not in (strings.UPPER, strings.LOWER):
                    raise IllegalMove(f"pearl {pearl} fits two strings: a choice 1 or 2 is needed")
            else:
                choice = None
            self.solo.add(pearl, choice)
        elif choice is not None:
            raise IllegalMove("a choice of strings is only made in solitaire")
        move = Take(self.turn, pearl, square, self.power, hop, choice)
        self.cells[self.power] = EMPTY
        self.cells[square] = POWER
        self.occupied &= ~(1 << square)
        self.power = square
        self.held[self.turn] |= 1 << pearl
        self.takes.append(move)
        self.turn = (self.turn + 1) % self.players
        return move

    # -- results -----------------------------------------------------------------------------
    def strings_of(self, player: int) -> list[tuple[int, int]]:
        """What a player shows: solitaire strings (lone pearls included) or multiplayer runs
        of two or more."""
        if self.solo is not None:
            return self.solo.strings()
        return strings.strings(self.held[player])

    def loose_pearls(self, player: int) -> list[int]:
        """Multiplayer: pearls held that are not (yet) part of any string."""
        return [a for a, b in strings.runs(self.held[player]) if a == b]

    def scores(self) -> list[int]:
        """Scoring method 2 points per player (solitaire: the short-string count)."""
        if self.solo is not None:
            return [self.solo.short_count()]
        return [strings.points(m) for m in self.held]

    def winners(self) -> list[int]:
        """Who wins so far by the chosen method (all tied players)."""
        return strings.winners(self.held, self.method)

    def short_strings(self) -> int:
        if self.solo is None:
            raise ValueError("short strings are a solitaire score")
        return self.solo.short_count()

    def check(self) -> None:
        """Raise AssertionError unless every pearl and the power are accounted for."""
        on_board = [c for c in self.cells if c > 0]
        assert self.cells.count(POWER) == 1 and self.cells[self.power] == POWER
        assert self.cells.count(EMPTY) == len(self.takes)
        held = 0
        total = 0
        for m in self.held:
            assert not held & m, "a pearl is held by two players"
            held |= m
            total += m.bit_count()
        board_mask = strings.mask_of(on_board)
        assert len(on_board) + total == N_PEARLS, "pearls lost or doubled"
        assert board_mask | held == strings.ALL_PEARLS and not board_mask & held
        assert self.occupied == sum(1 << s for s, c in enumerate(self.cells) if c > 0)
        if self.solo is not None:
            assert self.solo.taken == held
