"""Anciento's 72 stones and how a game's stones are dealt (numbered games included).

A stone kind is one int 0..35: ``shape * 6 + pattern``.  Each kind comes twice, so the bag
holds 72 stones.  A deal is the order in which the bag empties: the first six stones are the
ones already on the board when the game starts, the other 66 come one by one.

How a number becomes a deal (stable forever, re-implementable from this text):

1. the bag in kind order ``0, 0, 1, 1, ..., 35, 35`` is shuffled by
   ``vconsole.toolkit.rng.GameRandom(number).shuffle`` (Fisher-Yates from the end, QuickBASIC's
   RND; see that module);
2. walking the shuffled bag from the front, a stone whose shape and pattern are both new to
   the stones picked so far is picked, until six are picked: together they show every shape
   and every pattern, as the game's start requires (the walk always finds six: a kind whose
   shape and pattern are both unused cannot have been taken yet);
3. the six picked stones, in the order picked, go to ``START_CELLS`` (see rules.py), and the
   66 others keep their shuffled order as the sequence to play.

Pure: imports nothing from vconsole except the toolkit's generator.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vconsole.toolkit.rng import GameRandom

SHAPES: Final = 6
PATTERNS: Final = 6
KINDS: Final = SHAPES * PATTERNS
COPIES: Final = 2
STONES: Final = KINDS * COPIES  # 72
STARTERS: Final = 6
TO_PLAY: Final = STONES - STARTERS  # 66

FIRST_NUMBER: Final = 1
LAST_NUMBER: Final = 32000


def kind(shape: int, pattern: int) -> int:
    return shape * PATTERNS + pattern


def shape_of(stone: int) -> int:
    return stone // PATTERNS


def pattern_of(stone: int) -> int:
    return stone % PATTERNS


def bag() -> list[int]:
    """The 72 stones in kind order (two of each kind)."""
    return [k for k in range(KINDS) for _ in range(COPIES)]


def pick_starters(order: Sequence[int]) -> tuple[list[int], list[int]]:
    """Split a bag order into the six starters (every shape and pattern once) and the rest."""
    starters: list[int] = []
    rest: list[int] = []
    shapes: set[int] = set()
    patterns: set[int] = set()
    for s in order:
        if len(starters) < STARTERS and shape_of(s) not in shapes and pattern_of(s) not in patterns:
            starters.append(s)
            shapes.add(shape_of(s))
            patterns.add(pattern_of(s))
        else:
            rest.append(s)
    if len(starters) != STARTERS:
        raise ValueError("this bag order has no six stones showing every shape and pattern")
    return starters, rest


@dataclass(frozen=True)
class Deal:
    """One game's stones: ``starters`` (on the board at the start) then ``sequence`` (to play).

    ``number`` is the game number (1..32000) or None for an unnumbered random game.
    """
    starters: tuple[int, ...]
    sequence: tuple[int, ...]
    number: int | None = None

    def __post_init__(self) -> None:
        check_deal(self.starters, self.sequence)

    @property
    def order(self) -> tuple[int, ...]:
        """All 72 stones: the starters, then the sequence."""
        return self.starters + self.sequence


def check_deal(starters: Sequence[int], sequence: Sequence[int]) -> None:
    """Raise ValueError unless these are the 72 stones with six valid starters."""
    if len(starters) != STARTERS or len(sequence) != TO_PLAY:
        raise ValueError(f"a deal has {STARTERS} starters and {TO_PLAY} stones to play")
    if sorted(list(starters) + list(sequence)) != bag():
        raise ValueError("a deal holds every one of the 36 kinds exactly twice")
    if len({shape_of(s) for s in starters}) != SHAPES or len({pattern_of(s) for s in starters}) != PATTERNS:
        raise ValueError("the six starters must show every shape and every pattern")


def deal_from_order(order: Sequence[int], number: int | None = None) -> Deal:
    starters, rest = pick_starters(order)
    return Deal(tuple(starters), tuple(rest), number)


def seeded_deal(seed: int, number: int | None = None) -> Deal:
    """The deal a GameRandom seeded with ``seed`` gives (numbered games use their number)."""
    order = GameRandom(seed).shuffled(bag())
    return deal_from_order(order, number)


def numbered_deal(number: int) -> Deal:
    """Game ``number`` (1..32000): the same stones in the same order on every machine, forever."""
    if not FIRST_NUMBER <= number <= LAST_NUMBER:
        raise ValueError(f"game numbers run from {FIRST_NUMBER} to {LAST_NUMBER}")
    return seeded_deal(number, number)


def numbered_sequence(number: int) -> tuple[int, ...]:
    """All 72 stones of game ``number`` in order: the six starters, then the 66 to play."""
    return numbered_deal(number).order
