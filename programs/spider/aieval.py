"""How good a Spider position looks to the automatic player: a sum over columns, cached.

A position here is what a player sees: for each column the face-up cards as small ints
(``suit * 16 + rank``: two cards are in suit and in sequence exactly when their codes differ
by one, and ranks compare with ``& 15``) and the number of face-down cards under them.
``UNKNOWN`` (0) stands for a card the search has turned but cannot know: it fits nothing.

The value of a column depends on that column alone, so a move changes two terms and the
search updates its value from the cache instead of summing ten columns again.
"""
from __future__ import annotations

from collections.abc import Sequence

from vconsole.toolkit.cards import KING

UNKNOWN = 0

#: Weights, found by playing seeded games (seeds 1000 and up, never the benchmark's).
W = dict(
    DOWN=20.0,      # per face-down card
    CLEAR=30.0,     # a column with no face-down card
    EMPTY=60.0,     # an empty column (on top of CLEAR)
    SUIT=6.0,       # a card on the next-higher card of its suit
    NAT=-3.0,       # a card on the next-higher card of another suit
    BREAK=-5.0,     # a card on any other card
    SUIT_D=6.0,     # the same three links when they lie over face-down cards
    NAT_D=-3.0,
    BREAK_D=-5.0,
    KBASE=5.0,      # a clear column built on a King
    REMOVED=200.0,  # a complete suit off the table
    REVEAL=10.0,    # extra for a turned card (what it shows may help)
    DEAL=-100.0,    # a deal, on top of the unknown card it puts on every column
)

_cache: dict[tuple[int, tuple[int, ...]], float] = {}
CACHE_LIMIT = 400_000


def clear_cache() -> None:
    """Forget cached column values (after changing a weight)."""
    _cache.clear()


def col_value(down: int, cards: tuple[int, ...]) -> float:
    key = (down, cards)
    v = _cache.get(key)
    if v is not None:
        return v
    w = W
    if not cards:
        v = w["EMPTY"] + w["CLEAR"] if down == 0 else -w["DOWN"] * down
    else:
        v = -w["DOWN"] * down
        if down:
            suit, nat, brk = w["SUIT_D"], w["NAT_D"], w["BREAK_D"]
        else:
            v += w["CLEAR"]
            if cards[0] & 15 == KING:
                v += w["KBASE"]
            suit, nat, brk = w["SUIT"], w["NAT"], w["BREAK"]
        prev = cards[0]
        for c in cards[1:]:
            if prev - c == 1:
                v += suit
            elif c and (prev & 15) == (c & 15) + 1:
                v += nat
            else:
                v += brk
            prev = c
    if len(_cache) > CACHE_LIMIT:
        _cache.clear()
    _cache[key] = v
    return v


def evaluate(cols: Sequence[tuple[int, ...]], down: Sequence[int], removed: int) -> float:
    return sum(col_value(d, c) for d, c in zip(down, cols)) + W["REMOVED"] * removed


def deal_delta(down: Sequence[int]) -> float:
    """What a deal changes in the value of a position with no empty column: every column
    gets a card nobody has seen yet, which lies in sequence with nothing."""
    covered = sum(1 for d in down if d)
    return covered * W["BREAK_D"] + (len(down) - covered) * W["BREAK"] + W["DEAL"]
