"""Playing cards as values: ranks, suits, their names and glyphs, and packs.

Pure (no screen): rules models of card games use it, and ``cardview`` draws what it
describes.  Ranks run 1 (ace) to 13 (king); suits are numbered in the order of
``SUITS`` below.  The suit glyphs are the code page 437 ones (03h-06h), so a card
reads the same on a monochrome card as on a colour one: colour never tells the suit
alone.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
SUIT_GLYPHS = "\u2660\u2665\u2666\u2663"  # CP437 06h, 03h, 04h, 05h
SUIT_LETTERS = "SHDC"
RED_SUITS = frozenset((HEARTS, DIAMONDS))

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = ("", "ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
              "JACK", "QUEEN", "KING")


class Card(NamedTuple):
    rank: int  # 1 (ace) .. 13 (king)
    suit: int  # SPADES, HEARTS, DIAMONDS or CLUBS

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    # shadows tuple.index (searching a card's two fields is never wanted) under the name every
    # program and saved game already uses for a card's place in the pack
    @property
    def index(self) -> int:  # type: ignore[override]
        """0..51: suit-major, ace first (the order of a new pack)."""
        return self.suit * 13 + self.rank - 1

    @classmethod
    def from_index(cls, i: int) -> Card:
        if not 0 <= i < 52:
            raise ValueError(f"card index {i} outside 0..51")
        return cls(i % 13 + 1, i // 13)

    @property
    def text(self) -> str:
        """Rank and suit glyph, 2 or 3 characters: 'A\u2660', '10\u2665'."""
        return RANK_TEXT[self.rank] + SUIT_GLYPHS[self.suit]

    @property
    def code(self) -> str:
        """Plain ASCII, for files and logs: 'AS', 'TH', 'QC' (T for ten)."""
        return ("A23456789TJQK"[self.rank - 1]) + SUIT_LETTERS[self.suit]

    @classmethod
    def parse(cls, code: str) -> Card:
        """The inverse of ``code`` ('10' is accepted for T)."""
        c = code.strip().upper().replace("10", "T")
        if len(c) != 2 or c[0] not in "A23456789TJQK" or c[1] not in SUIT_LETTERS:
            raise ValueError(f"not a card: {code!r}")
        return cls("A23456789TJQK".index(c[0]) + 1, SUIT_LETTERS.index(c[1]))

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} OF {SUITS[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def pack() -> list[Card]:
    """One new 52-card pack, in index order."""
    return [Card.from_index(i) for i in range(52)]


def packs(n: int) -> list[Card]:
    """``n`` packs together (Spider plays with two)."""
    return [c for _ in range(n) for c in pack()]


def counts(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card: the check behind every card-conservation invariant."""
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out
