"""A record of moves with a pointer: undo (back), redo (forward) and replay, for any game.

The record keeps the state after every move, so stepping either way is free and an undo
restores exactly what was there (score, bonus, whose turn: whatever the state holds).
Playing a move while stepped back discards the moves after the pointer: the game branches
there, as Mill's backstep, Anciento's take-back and Spider's UNDO all do.

Pure: no screen, no disk, no machine.  A rules model may keep one (see docs/ARCHITECTURE.md).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

S = TypeVar("S")  # a state (immutable, or at least never changed once recorded)
M = TypeVar("M")  # a move


class HistoryFull(RuntimeError):
    """The record has reached its capacity (a game of the time had a fixed move buffer)."""


class History(Generic[S, M]):
    def __init__(self, start: S, apply: Callable[[S, M], S], capacity: int | None = None) -> None:
        """``apply(state, move)`` returns the next state (and raises for an illegal move)."""
        self._apply = apply
        self.capacity = capacity
        self._states: list[S] = [start]
        self._moves: list[M] = []
        self._pointer = 0

    # -- looking ------------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The state at the pointer: what is on the board now."""
        return self._states[self._pointer]

    @property
    def start(self) -> S:
        return self._states[0]

    @property
    def pointer(self) -> int:
        """How many recorded moves are in effect now."""
        return self._pointer

    @property
    def moves(self) -> tuple[M, ...]:
        """Every recorded move, including those stepped back over."""
        return tuple(self._moves)

    def played(self) -> tuple[M, ...]:
        """The moves up to the pointer."""
        return tuple(self._moves[: self._pointer])

    def state_at(self, ply: int) -> S:
        """The state after ``ply`` moves (0 = the start), for any recorded ply."""
        return self._states[ply]

    @property
    def last(self) -> M | None:
        """The move that led to the current state, or None at the start."""
        return self._moves[self._pointer - 1] if self._pointer else None

    @property
    def can_back(self) -> bool:
        return self._pointer > 0

    @property
    def can_forward(self) -> bool:
        return self._pointer < len(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    # -- changing -----------------------------------------------------------------------
    def play(self, move: M) -> S:
        """Make ``move`` at the pointer and record it; the moves after the pointer are dropped."""
        if self.capacity is not None and self._pointer >= self.capacity:
            raise HistoryFull(f"the move record holds {self.capacity} moves")
        nxt = self._apply(self.state, move)  # may raise: then nothing changes
        del self._moves[self._pointer:]
        del self._states[self._pointer + 1:]
        self._moves.append(move)
        self._states.append(nxt)
        self._pointer += 1
        return nxt

    def back(self) -> bool:
        """Undo one move; False at the start."""
        if not self.can_back:
            return False
        self._pointer -= 1
        return True

    def forward(self) -> bool:
        """Redo one undone move; False at the end of the record."""
        if not self.can_forward:
            return False
        self._pointer += 1
        return True

    def go(self, ply: int) -> None:
        """Move the pointer to any recorded ply (0 .. len)."""
        if not 0 <= ply <= len(self._moves):
            raise IndexError(f"ply {ply} outside 0..{len(self._moves)}")
        self._pointer = ply

    def truncate(self) -> None:
        """Forget the moves after the pointer (no redo past here)."""
        del self._moves[self._pointer:]
        del self._states[self._pointer + 1:]

    @classmethod
    def replayed(cls, start: S, apply: Callable[[S, M], S], moves: Iterable[M],
                 capacity: int | None = None) -> History[S, M]:
        """A record built by playing ``moves`` from ``start`` (raises at the first illegal one)."""
        h = cls(start, apply, capacity)
        for m in moves:
            h.play(m)
        return h
