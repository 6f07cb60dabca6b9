"""Spider (two packs, ten columns) as a pure model: the board, the three actions, the deal.

A :class:`Board` is an immutable value, so the game record (``vconsole.toolkit.history``)
keeps one per action and UNDO restores exactly.  Each column is a tuple of cards from the
bottom up; the first ``down[c]`` of them lie face down.  The stock is dealt in order, ten
cards at a time, one on each column from the left.

Rule decisions where the document leaves room (all tested, all said in the help text):

* The opening layout: the 104 shuffled cards are dealt round by round, left to right, 44
  face down (columns 1 to 4 get five, columns 5 to 10 get four, as the usual table has
  it), then one face-up card on each column; the last 50 are the stock.
* A group that may move is a run on top of a column of consecutive cards of one suit,
  each one rank below the card under it; any part of it that reaches the top of the column
  moves as well (a sub-group).  It goes onto a card one rank higher of any suit, or into an
  empty column.
* A complete King-to-Ace run of one suit is never moved: the action that would move it
  removes it from the table instead (:class:`Remove`).  The player chooses when: a complete
  suit may stay on the table, and suits left there score (see ``scoring``).  A complete suit
  buried under dealt cards still counts as complete; it can be removed once it is on top.
* Whatever uncovers a face-down card (a move or a removal) turns it face up at once.
* A deal needs cards in the stock and no empty column.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from vconsole.toolkit.cards import ACE, KING, Card, packs
from vconsole.toolkit.rng import GameRandom

N_COLUMNS = 10
N_CARDS = 104
N_SUITS_TO_BUILD = 8
DEAL_SIZE = N_COLUMNS
N_DEALS = 5
SUIT_LENGTH = KING - ACE + 1  # a complete suit, King to Ace: 13 cards
#: Face-down cards in each column at the start: the first four columns get five.
DOWN_AT_START = (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
N_DOWN_AT_START = sum(DOWN_AT_START)  # 44


class Move(NamedTuple):
    """Move the cards of column ``src`` from index ``start`` up onto column ``dst``."""
    src: int
    start: int
    dst: int


class Deal(NamedTuple):
    """One card from the stock onto each column."""


class Remove(NamedTuple):
    """Take the complete King-to-Ace suit on top of column ``col`` off the table."""
    col: int


Action = Move | Deal | Remove


class IllegalAction(ValueError):
    pass


def follows(upper: Card, lower: Card) -> bool:
    """``lower`` may lie on ``upper`` inside a movable group: same suit, one rank below."""
    return upper.suit == lower.suit and upper.rank == lower.rank + 1


@dataclass(frozen=True)
class Board:
    columns: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]
    stock: tuple[Card, ...]
    removed: tuple[int, ...] = ()  # suits taken off the table, in the order taken

    # -- looking ------------------------------------------------------------------------
    @property
    def deals_done(self) -> int:
        return N_DEALS - len(self.stock) // DEAL_SIZE

    @property
    def deals_left(self) -> int:
        return len(self.stock) // DEAL_SIZE

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (removed suits as their 13 cards)."""
        out = [c for col in self.columns for c in col]
        out += self.stock
        for suit in self.removed:
            out += [Card(r, suit) for r in range(KING, ACE - 1, -1)]
        return out

    def face_down(self) -> int:
        return sum(self.down)

    def empty_columns(self) -> list[int]:
        return [c for c, col in enumerate(self.columns) if not col]

    def group_start(self, col: int) -> int:
        """Index of the first card of the movable group on top of ``col`` (len if empty)."""
        cards = self.columns[col]
        i = len(cards)
        if i == 0:
            return 0
        i -= 1
        lowest = self.down[col]
        while i > lowest and follows(cards[i - 1], cards[i]):
            i -= 1
        return i

    def in_top_group(self, col: int, index: int) -> bool:
        return self.group_start(col) <= index < len(self.columns[col])

    def is_complete_from(self, col: int, start: int) -> bool:
        """The cards of ``col`` from ``start`` to the top are a whole King-to-Ace suit."""
        cards = self.columns[col]
        return (len(cards) - start == SUIT_LENGTH and start >= self.down[col]
                and cards[start].rank == KING and self.group_start(col) <= start)

    def complete_on_top(self, col: int) -> bool:
        n = len(self.columns[col])
        return n >= SUIT_LENGTH and self.is_complete_from(col, n - SUIT_LENGTH)

    def complete_on_table(self) -> list[tuple[int, int]]:
        """(column, index of the King) of every complete suit lying on the table."""
        out = []
        for c, cards in enumerate(self.columns):
            i = self.down[c]
            n = len(cards)
            while i <= n - SUIT_LENGTH:
                if cards[i].rank == KING and all(follows(cards[j], cards[j + 1]) for j in range(i, i + 12)):
                    out.append((c, i))
                    i += SUIT_LENGTH
                else:
                    i += 1
        return out

    def suits_complete(self) -> int:
        return len(self.removed) + len(self.complete_on_table())

    @property
    def won(self) -> bool:
        return self.suits_complete() == N_SUITS_TO_BUILD

    def accepts(self, dst: int, card: Card) -> bool:
        """May a group whose first card is ``card`` go onto column ``dst``?"""
        cards = self.columns[dst]
        return not cards or cards[-1].rank == card.rank + 1

    # -- legality -----------------------------------------------------------------------
    def can_deal(self) -> bool:
        return bool(self.stock) and all(self.columns)

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal here, else the reason in a few words."""
        if isinstance(action, Deal):
            if not self.stock:
                return "no cards left to deal"
            if not all(self.columns):
                return "no deal while a column is empty"
            return None
        if isinstance(action, Remove):
            if not 0 <= action.col < N_COLUMNS:
                return "no such column"
            if not self.complete_on_top(action.col):
                return "no complete suit on top of that column"
            return None
        if isinstance(action, Move):
            src, start, dst = action
            if not (0 <= src < N_COLUMNS and 0 <= dst < N_COLUMNS) or src == dst:
                return "no such column"
            cards = self.columns[src]
            if not self.down[src] <= start < len(cards):
                return "no such card"
            if start < self.group_start(src):
                return "those cards are not one run of a suit"
            if self.is_complete_from(src, start):
                return "a complete suit is removed, not moved"
            if not self.accepts(dst, cards[start]):
                return "it does not fit there"
            return None
        return "not an action"

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move, by source column, then start, then destination."""
        cols = self.columns
        for src in range(N_COLUMNS):
            cards = cols[src]
            if not cards:
                continue
            g = self.group_start(src)
            for start in range(g, len(cards)):
                if self.is_complete_from(src, start):
                    continue
                want = cards[start].rank + 1
                for dst in range(N_COLUMNS):
                    if dst != src and (not cols[dst] or cols[dst][-1].rank == want):
                        yield Move(src, start, dst)

    def legal_actions(self) -> Iterator[Action]:
        for c in range(N_COLUMNS):
            if self.complete_on_top(c):
                yield Remove(c)
        yield from self.legal_moves()
        if self.can_deal():
            yield Deal()

    # -- changing -----------------------------------------------------------------------
    def play(self, action: Action) -> Board:
        """The board after ``action``; raises IllegalAction (and changes nothing) if illegal."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(f"{action}: {why}")
        columns = list(self.columns)
        down = list(self.down)
        stock = self.stock
        removed = self.removed
        if isinstance(action, Deal):
            dealt, stock = stock[:DEAL_SIZE], stock[DEAL_SIZE:]
            columns = [col + (card,) for col, card in zip(columns, dealt)]
        elif isinstance(action, Remove):
            col = columns[action.col]
            removed = removed + (col[-1].suit,)
            columns[action.col] = col[:-SUIT_LENGTH]
            _turn(columns, down, action.col)
        else:
            src, start, dst = action
            moving = columns[src][start:]
            columns[src] = columns[src][:start]
            columns[dst] = columns[dst] + moving
            _turn(columns, down, src)
        return Board(tuple(columns), tuple(down), stock, removed)

    def turns_card(self, action: Action) -> bool:
        """Does ``action`` uncover (and so turn) a face-down card?"""
        if isinstance(action, Move):
            return action.start == self.down[action.src] > 0
        if isinstance(action, Remove):
            return len(self.columns[action.col]) - SUIT_LENGTH == self.down[action.col] > 0
        return False


def _turn(columns: list[tuple[Card, ...]], down: list[int], col: int) -> None:
    if down[col] and down[col] == len(columns[col]):
        down[col] -= 1


def new_board(seed: int) -> Board:
    """Game number ``seed``: the two packs shuffled by GameRandom and dealt as described above."""
    cards = GameRandom(seed).shuffled(packs(2))
    return deal_out(cards)


def deal_out(cards: list[Card]) -> Board:
    """Lay out 104 cards in the order given: face down round by round, then face up, then stock."""
    if len(cards) != N_CARDS:
        raise ValueError(f"Spider needs {N_CARDS} cards, got {len(cards)}")
    columns: list[list[Card]] = [[] for _ in range(N_COLUMNS)]
    it = iter(cards)
    for row in range(max(DOWN_AT_START)):
        for c in range(N_COLUMNS):
            if row < DOWN_AT_START[c]:
                columns[c].append(next(it))
    for c in range(N_COLUMNS):
        columns[c].append(next(it))
    stock = tuple(it)
    return Board(tuple(tuple(col) for col in columns), DOWN_AT_START, stock)
