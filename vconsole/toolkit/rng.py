"""A documented random-number generator for numbered games: the same number, the same game, forever.

``random.Random`` promises a stable ``random()`` stream but not the methods built on it
(``shuffle``, ``randrange`` and ``choice`` have changed between Python releases), so a game
numbered 505 could deal differently after an upgrade.  Numbered games (Anciento's "Select a
game 1-32000", a replayed card deal) therefore use this generator, whose every step is
written here and pinned by tests:

* the state is 24 bits; each step is ``state = (state * 0xFD43FD + 0xC39EC3) mod 2**24``,
  the linear congruential generator of Microsoft QuickBASIC's and QBasic's ``RND``
  (full period 2**24: the increment is odd and the multiplier is 1 mod 4);
* ``random()`` is ``state / 2**24`` after the step, the value ``RND`` returned;
* ``below(n)`` is ``int(random() * n)``, BASIC's ``INT(RND * n)``;
* ``shuffle`` is Fisher-Yates from the last element down: for ``i`` from ``len - 1`` to 1,
  swap element ``i`` with element ``below(i + 1)``;
* a seed (any integer, a game number) becomes the state ``seed mod 2**24`` followed by
  ``WARMUP`` steps, so that game numbers that differ by one do not start alike.

It is a game generator, not a cryptographic one, and it is meant to be: it is small enough
to re-implement in any language from this text and get the same games.
"""
from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MULTIPLIER = 0xFD43FD
INCREMENT = 0xC39EC3
MODULUS = 1 << 24
WARMUP = 8


class GameRandom:
    """The QuickBASIC RND sequence from a seed; see the module text for the exact rules."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed % MODULUS
        for _ in range(WARMUP):
            self.step()

    def step(self) -> int:
        """Advance once; the new 24-bit state."""
        self.state = (self.state * MULTIPLIER + INCREMENT) % MODULUS
        return self.state

    def random(self) -> float:
        """A float in [0, 1): the next state divided by 2**24."""
        return self.step() / MODULUS

    def below(self, n: int) -> int:
        """A whole number in 0..n-1: int(random() * n)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        return int(self.random() * n)

    def randint(self, lo: int, hi: int) -> int:
        """A whole number in lo..hi, both included."""
        if hi < lo:
            raise ValueError(f"randint({lo}, {hi}): empty range")
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the end, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state % MODULUS
