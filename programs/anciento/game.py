"""One game of Anciento with its move record: take back, put back, replay, end.

The record is the toolkit's History of immutable Positions, so a take-back restores the score,
the BONUS and the Quatro count exactly as they were, and placing after a take-back branches
the game there (the taken-back moves can no longer be put back).
"""
from __future__ import annotations

from collections.abc import Iterable

from vconsole.toolkit.history import History

from .rules import (
    CELLS,
    FinalScore,
    Position,
    current_stone,
    final_score,
    legal_cells,
    match,
    place,
    start_position,
    upcoming,
)
from .stones import TO_PLAY, Deal


class Game:
    def __init__(self, deal: Deal, moves: Iterable[int] = (), start: Position | None = None) -> None:
        """``start`` replaces the deal's starting position (tests set up boards with it)."""
        self.deal = deal
        self.history: History[Position, int] = History.replayed(
            start or start_position(deal), self._apply, moves, capacity=TO_PLAY)

    def _apply(self, pos: Position, c: int) -> Position:
        return place(self.deal, pos, c)

    # -- looking ---------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.history.state

    @property
    def stone(self) -> int | None:
        """The stone to place now (None when all are placed)."""
        return current_stone(self.deal, self.position)

    def upcoming(self, n: int) -> tuple[int, ...]:
        return upcoming(self.deal, self.position, n)

    def legal(self) -> list[int]:
        return legal_cells(self.deal, self.position)

    def match(self, c: int) -> int:
        """Neighbours the current stone would match on ``c`` (0: it may not go there)."""
        s = self.stone
        return 0 if s is None or not 0 <= c < CELLS else match(self.position.board, c, s)

    @property
    def all_placed(self) -> bool:
        return self.position.placed == TO_PLAY

    @property
    def blocked(self) -> bool:
        """Stones are left but the current one fits nowhere (F10 or a take-back are the ways on)."""
        return not self.all_placed and not self.legal()

    @property
    def moves(self) -> tuple[int, ...]:
        """The squares of the placements in effect now."""
        return self.history.played()

    def final(self) -> FinalScore:
        return final_score(self.position)

    # -- changing --------------------------------------------------------------------------
    def place(self, c: int) -> Position:
        """Place the current stone on ``c`` (rules.IllegalMove if it may not go there)."""
        return self.history.play(c)

    def take_back(self) -> bool:
        return self.history.back()

    def put_back(self) -> bool:
        return self.history.forward()

    @property
    def can_take_back(self) -> bool:
        return self.history.can_back

    @property
    def can_put_back(self) -> bool:
        return self.history.can_forward
