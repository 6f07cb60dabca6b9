"""Strings of pearls: runs of consecutive numbers, how they are scored and compared.

A set of pearls is an int with bit ``n`` for pearl ``n`` (1-48), so a player's pearls are one
int and everything here is a few shifts and masks.

Decisions where the document leaves room (all tested):

* In the game for 2-6 players a string is two or more consecutive pearls, and every pearl a
  player holds joins whatever it touches (taking 13 while holding 12 and 14 makes one string
  12-13-14).  A lone pearl is not a string: the solitaire rules say a single pearl is "now"
  a string, which is the difference.
* Who wins (the first scoring method): compare each player's string lengths longest first; the
  first difference decides; a player who has run out of strings counts 0 there.  Players equal
  all the way share the win.
* The second scoring method: the table in the document for each string (2 = 3 points ... 11 =
  66, 12 or more = 100, a lone pearl 0); the highest total wins; equal totals are decided by
  the first method, and players equal in both share the win.
* Solitaire keeps explicit strings (pearls once in different strings never join); see
  :class:`SoloStrings`.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .board import squares_of  # the same walk over set bits, here over pearl numbers

N_PEARLS: Final = 48
ALL_PEARLS: Final = ((1 << (N_PEARLS + 1)) - 1) & ~1  # bits 1..48

#: Scoring method 2: points for a string of n pearls (index n, 0-11); 12 or more score LONG_POINTS.
POINTS: Final = (0, 0, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)
LONG_POINTS: Final = 100

#: The first and second scoring methods, as the options menu names them.
METHOD_LONGEST: Final = 1
METHOD_POINTS: Final = 2

#: Solitaire: a string shorter than this counts against the player.
SHORT: Final = 6
#: The document's words for a solitaire score (index = short strings; 6 or more: the last).
RATINGS: Final = ("PERFECT", "VERY GOOD", "GOOD", "FAIR", "OK", "MIDDLING", "POOR")
#: The high-score file stores PERFECT_VALUE - SHORT_PENALTY * short strings.
PERFECT_VALUE: Final = 10_000
SHORT_PENALTY: Final = 100


def mask_of(pearls: Iterable[int]) -> int:
    m = 0
    for p in pearls:
        if not 1 <= p <= N_PEARLS:
            raise ValueError(f"pearl {p} is not 1-{N_PEARLS}")
        m |= 1 << p
    return m


def pearls_of(mask: int) -> list[int]:
    """The pearl numbers set in ``mask`` (bit n = pearl n), lowest first."""
    return squares_of(mask)


def runs(mask: int) -> list[tuple[int, int]]:
    """Every run of consecutive pearls in ``mask`` as (first, last), lowest first; lone
    pearls included (as (n, n))."""
    starts = pearls_of(mask & ~(mask << 1))
    ends = pearls_of(mask & ~(mask >> 1))
    return list(zip(starts, ends))


def strings(mask: int) -> list[tuple[int, int]]:
    """The multiplayer strings in ``mask``: runs of two or more, lowest first."""
    return [(a, b) for a, b in runs(mask) if b > a]


def lengths(mask: int) -> list[int]:
    """The multiplayer string lengths, longest first."""
    return sorted((b - a + 1 for a, b in strings(mask)), reverse=True)


def points_for(length: int) -> int:
    """Scoring method 2 for one string of ``length`` pearls (a lone pearl scores 0)."""
    return LONG_POINTS if length >= len(POINTS) else POINTS[length]


def points(mask: int) -> int:
    """Scoring method 2: the total for all of a player's strings."""
    return sum(points_for(n) for n in lengths(mask))


def longest_key(mask: int) -> tuple[int, ...]:
    """Sort key of the first method: string lengths longest first, padded with zeros so keys
    of different players compare element by element (24 strings at most)."""
    ls = lengths(mask)
    return tuple(ls) + (0,) * (N_PEARLS // 2 - len(ls))


def rank_key(mask: int, method: int = METHOD_LONGEST) -> tuple[int, ...]:
    """Greater is better; equal keys share the place."""
    if method == METHOD_POINTS:
        return (points(mask),) + longest_key(mask)
    if method != METHOD_LONGEST:
        raise ValueError(f"scoring method {method!r} is not 1 or 2")
    return longest_key(mask)


def winners(masks: Sequence[int], method: int = METHOD_LONGEST) -> list[int]:
    """Indices of the players who win (more than one when they are equal in every way)."""
    keys = [rank_key(m, method) for m in masks]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


# -- solitaire ---------------------------------------------------------------------------------

#: Solitaire join choice when a pearl fits two strings: the upper string (the one ending just
#: below the pearl, listed above it because strings are listed lowest numbers first) or the
#: lower one (starting just above it).  The keys 1 and 2 choose them.
UPPER: Final = 1
LOWER: Final = 2


class SoloStrings:
    """Solitaire strings: pearls taken (``taken``) and the places where two taken neighbours
    belong to different strings (``breaks``: bit n means n and n+1 are in different strings).

    A pearl that fits the end of one string goes on it; one that fits none starts a string of
    its own; one that fits two (both neighbours taken) goes on the one the player chooses and
    leaves a break on the other side, so strings never join.
    """

    __slots__ = ("taken", "breaks")

    def __init__(self, taken: int = 0, breaks: int = 0) -> None:
        self.taken = taken
        self.breaks = breaks

    def copy(self) -> SoloStrings:
        return SoloStrings(self.taken, self.breaks)

    def needs_choice(self, pearl: int) -> bool:
        """True when ``pearl`` fits the end of two strings (the player must choose)."""
        return bool(self.taken >> (pearl - 1) & 1 and self.taken >> (pearl + 1) & 1)

    def add(self, pearl: int, choice: int | None = None) -> None:
        bit = 1 << pearl
        if self.taken & bit:
            raise ValueError(f"pearl {pearl} is already in a string")
        if self.needs_choice(pearl):
            if choice == UPPER:
                self.breaks |= bit            # pearl stays apart from pearl + 1
            elif choice == LOWER:
                self.breaks |= bit >> 1       # pearl - 1 stays apart from pearl
            else:
                raise ValueError(f"pearl {pearl} fits two strings: choose {UPPER} (upper) or {LOWER} (lower)")
        self.taken |= bit

    def candidates(self, pearl: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The two strings ``pearl`` could join (upper, lower), or None when it fits fewer."""
        if not self.needs_choice(pearl):
            return None
        by_end = {b: (a, b) for a, b in self.strings()}
        by_start = {a: (a, b) for a, b in self.strings()}
        return by_end[pearl - 1], by_start[pearl + 1]

    def strings(self) -> list[tuple[int, int]]:
        """Every string as (first, last), lowest first; a lone pearl is a string."""
        return solo_strings(self.taken, self.breaks)

    def short_count(self) -> int:
        return short_count(self.taken, self.breaks)


def solo_strings(taken: int, breaks: int) -> list[tuple[int, int]]:
    starts = pearls_of(taken & (~(taken << 1) | (breaks << 1)))
    ends = pearls_of(taken & (~(taken >> 1) | breaks))
    return list(zip(starts, ends))


def short_count(taken: int, breaks: int) -> int:
    """The number of solitaire strings shorter than SHORT pearls, by masks alone."""
    starts = taken & (~(taken << 1) | (breaks << 1))
    linked = taken & (taken >> 1) & ~breaks          # n is in the same string as n + 1
    chain = linked
    for k in range(1, SHORT - 1):
        chain &= linked >> k                        # n .. n + k + 1 all in one string
    return (starts & ~chain).bit_count()


def rating(short: int) -> str:
    """The document's word for a solitaire score of ``short`` short strings."""
    return RATINGS[min(short, len(RATINGS) - 1)]


def high_score_value(short: int) -> int:
    """What the high-score file stores for a finished solitaire game."""
    return PERFECT_VALUE - SHORT_PENALTY * short
