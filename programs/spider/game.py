"""One game of Spider: the record of actions, UNDO, and the cheating flag.

UNDO takes back any action, one at a time, back to the opening layout.  Taking back a deal,
or an action that turned a face-down card up (a move or a removal that uncovered it), marks
the game as cheated for good: the player has seen cards they should not have, so the game
may not enter the Hit Parade.  Taking back any other move is free.  There is no redo: an
undone action is forgotten.
"""
from __future__ import annotations

from vconsole.toolkit.history import History

from .rules import Action, Board, Deal, new_board
from .scoring import score


def _apply(board: Board, action: Action) -> Board:
    return board.play(action)


class Game:
    def __init__(self, seed: int = 0, board: Board | None = None) -> None:
        self.seed = seed
        self.history: History[Board, Action] = History(board if board is not None else new_board(seed), _apply)
        self.cheated = False
        self.entered = False  # the game took its place in the Hit Parade (at QUIT): once only

    @property
    def may_enter(self) -> bool:
        """May the game still enter the Hit Parade?"""
        return not (self.cheated or self.entered)

    @property
    def board(self) -> Board:
        return self.history.state

    @property
    def score(self) -> int:
        return score(self.board)

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.history.played()

    def play(self, action: Action) -> Board:
        """Play ``action`` (raises rules.IllegalAction, changing nothing, if it is illegal)."""
        board = self.history.play(action)
        self.history.truncate()
        return board

    def can_undo(self) -> bool:
        return self.history.can_back

    def undo_cheats(self) -> bool:
        """Would UNDO now count as cheating? (The control panel shows UNDO lit when so.)"""
        last = self.history.last
        if last is None:
            return False
        before = self.history.state_at(self.history.pointer - 1)
        return isinstance(last, Deal) or before.turns_card(last)

    def undo(self) -> bool:
        """Take back the last action; False when there is none."""
        if not self.can_undo():
            return False
        if self.undo_cheats():
            self.cheated = True
        self.history.back()
        self.history.truncate()
        return True
