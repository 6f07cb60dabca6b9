"""A miner's play as he enters it: a hand card, a square, the pawn's square, a bump square.

The original took a hand card number (1-9, A for 10), then a square typed row first (1-4)
then column (1-9, A-G); the mouse does the same by clicking the card and the squares.
``Entry`` narrows the legal plays one choice at a time, so whatever is offered can still
end in a legal play, and says why a choice is refused.  It knows no screen: the human turn
(human.py) feeds it keys and clicks and draws what it says.

Stages: "card"; then "square" (where the card goes; for a movement card, where the walk
ends); then "pawn" (the one-space hop after a shaft or lode, skipped when there is only
one); then "bump" (where the other pawn goes, when the pawn lands on it; the square both pawns
are on leaves it there: the bump is the bumper's choice).
"""
from __future__ import annotations

from vconsole.toolkit.cards import Card

from . import messages as say
from .mine import COL_KEYS, LODE, MOVEMENT, ROW_KEYS, card_of, rank_of, role_of, square
from .rules import (
    DIG_PLAY,
    DISCARD_PLAY,
    MOVE_PLAY,
    NO_BUMP,
    Play,
    State,
    legal_plays,
    lode_squares,
    shaft_squares,
    targets,
)

CARD, SQUARE, PAWN, BUMP = "card", "square", "pawn", "bump"
HAND_KEYS = "123456789ABCDEFG"


class Entry:
    def __init__(self, state: State) -> None:
        self.state = state
        self.me = state.turn
        self.hand = state.hands[self.me]
        self.plays = legal_plays(state)
        kinds = {p.kind for p in self.plays}
        self.mode = "dig" if kinds == {DIG_PLAY} else "discard" if kinds == {DISCARD_PLAY} else "play"
        self.playable = {i for i, c in enumerate(self.hand) if any(p.card == c for p in self.plays)}
        self.reset()

    def reset(self) -> None:
        self.stage = CARD
        self.index: int | None = None
        self.chosen: list[Play] = []
        self.square: int | None = None
        self.dest: int | None = None
        self.row: int | None = None  # a row typed, waiting for its column
        self.done: Play | None = None
        self.auto_hop = False  # the pawn's hop was the only one: the program chose it, not a key

    # -- what to show -----------------------------------------------------------------------
    @property
    def card(self) -> Card | None:
        return None if self.index is None else card_of(self.hand[self.index])

    @property
    def picked(self) -> Card:
        """The card chosen: there is one from the SQUARE stage on."""
        card = self.card
        if card is None:
            raise RuntimeError("no card has been chosen yet")
        return card

    @property
    def kind(self) -> int | None:
        return self.chosen[0].kind if self.chosen else None

    def marked(self) -> tuple[set[int], set[int]]:
        """(empty squares the card may go to, cards the pawn may go to or the bump may use)."""
        if self.stage == SQUARE:
            if self.kind == MOVE_PLAY:
                return set(), {p.dest for p in self.chosen}
            return {p.square for p in self.chosen}, set()
        if self.stage == PAWN:
            return set(), {p.dest for p in self.chosen}
        if self.stage == BUMP and self.dest is not None:  # the shared square too: leaving the pawn there
            dest = self.dest
            return set(), {dest if p.bump < 0 else p.bump for p in self.chosen}
        return set(), set()

    def typed(self) -> str:
        return "" if self.row is None else f"{ROW_KEYS[self.row]}-"

    # -- choices --------------------------------------------------------------------------
    def choose_card(self, i: int) -> str | None:
        """Pick hand card ``i``: None, or why not.  A throw-away play is done at once."""
        if not 0 <= i < len(self.hand):
            return say.no_such_card(HAND_KEYS[i] if i < len(HAND_KEYS) else "?", len(self.hand))
        c = self.hand[i]
        chosen = [p for p in self.plays if p.card == c]
        if not chosen:
            return self._why_not(c)
        self.reset()
        self.index, self.chosen = i, chosen
        if chosen[0].kind == DISCARD_PLAY:
            self.done = chosen[0]
            return None
        self.stage = SQUARE
        return None

    def _why_not(self, c: int) -> str:
        card = card_of(c)
        role = role_of(c)
        if role == MOVEMENT:
            return say.walk_impossible(card)
        near_down, near_shaft = targets(self.state)
        if role == LODE:  # a place for it exists, so it is the pawn that could not move after it
            return say.lode_impossible(card, bool(lode_squares(near_down, near_shaft, card.suit)))
        return say.shaft_impossible(card, bool(shaft_squares(near_down, near_shaft, card.suit)))

    def choose_square(self, sq: int) -> str | None:
        """A square for the current stage: None, or why not."""
        self.row = None
        if self.stage == SQUARE:
            if self.kind == MOVE_PLAY:
                left = [p for p in self.chosen if p.dest == sq]
                if not left:
                    return say.not_a_walk(sq, rank_of(self.chosen[0].card))
                self.dest = sq
                self.chosen = left
                return self._after_dest()
            left = [p for p in self.chosen if p.square == sq]
            if not left:
                return say.not_a_place(sq, self.picked)
            self.square, self.chosen = sq, left
            if self.kind == DIG_PLAY:
                self.done = left[0]
                return None
            dests = {p.dest for p in left}
            if len(dests) == 1:
                self.dest = dests.pop()
                self.auto_hop = True
                return self._after_dest()
            self.stage = PAWN
            return None
        if self.stage == PAWN:
            left = [p for p in self.chosen if p.dest == sq]
            if not left:
                return say.not_a_hop(sq)
            self.dest, self.chosen = sq, left
            return self._after_dest()
        if self.stage == BUMP:
            left = [p for p in self.chosen if p.bump == (NO_BUMP if sq == self.dest else sq)]
            if not left:
                return say.not_a_bump(sq)
            self.done = left[0]
            return None
        return None

    def _after_dest(self) -> str | None:
        if len(self.chosen) == 1:
            self.done = self.chosen[0]
        else:  # landing on the other pawn: where does it go?
            self.stage = BUMP
        return None

    def back(self) -> bool:
        """Undo the last choice (a half-typed square first); False when there is nothing to undo."""
        if self.row is not None:
            self.row = None
            return True
        if self.stage == CARD:
            return False
        if self.stage == SQUARE:
            self.reset()
            return True
        # PAWN or BUMP: back to choosing the square, with the card's plays again
        i = self.index
        self.reset()
        if i is not None:  # (PAWN and BUMP come after a card was chosen)
            self.choose_card(i)
        return True

    # -- typed keys -----------------------------------------------------------------------
    def key(self, ch: str) -> str | None:
        """A typed character: None when used, a message when refused, "" when not ours."""
        ch = ch.upper()
        if self.stage == CARD:
            if ch and ch in HAND_KEYS:
                return self.choose_card(HAND_KEYS.index(ch))
            return ""
        if self.row is None:
            if ch and ch in ROW_KEYS:
                self.row = ROW_KEYS.index(ch)
                return None
            if ch and ch in COL_KEYS:
                return say.row_please()
            return ""
        if ch and ch in COL_KEYS:
            return self.choose_square(square(self.row, COL_KEYS.index(ch)))
        return say.column_please()
