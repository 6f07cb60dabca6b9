"""The score of a Spider board, term by term, as the document lists them.

The score is a function of the board alone, so UNDO takes it back exactly.

* 10 for every card turned face up (44 face down at the start, so 44 minus those left);
* 15 for every column with no face-down card (an empty column included);
* 2 for every face-up card lying on the next-higher face-up card of its suit, except the
  cards of a complete suit: a complete suit scores as a whole instead;
* 50 for every complete suit, removed or still on the table;
* 2 for every complete suit left on the table beyond three.

The document's own check decides the third term: a won game scores between 990 and 1000
(440 + 150 + 400, plus 0 to 10 for four to eight suits kept on the table), which only adds up
if the cards of a complete suit earn nothing for lying in sequence.
"""
from __future__ import annotations

from typing import NamedTuple

from .rules import N_DOWN_AT_START, SUIT_LENGTH, Board, follows

TURNED = 10
CLEAR_COLUMN = 15
IN_SUIT = 2
COMPLETE_SUIT = 50
KEPT_SUIT = 2
KEPT_FREE = 3  # the first three suits left on the table earn no keeping bonus


class Score(NamedTuple):
    turned: int        # cards turned face up
    clear_columns: int  # columns with no face-down card
    in_suit: int       # cards on the next-higher card of their suit (outside complete suits)
    complete: int      # complete suits, removed or not
    kept: int          # complete suits on the table

    @property
    def total(self) -> int:
        return (TURNED * self.turned + CLEAR_COLUMN * self.clear_columns + IN_SUIT * self.in_suit
                + COMPLETE_SUIT * self.complete + KEPT_SUIT * max(0, self.kept - KEPT_FREE))


def score_terms(board: Board) -> Score:
    on_table = board.complete_on_table()
    in_complete = {(c, i + k) for c, i in on_table for k in range(SUIT_LENGTH)}
    in_suit = 0
    for c, cards in enumerate(board.columns):
        for i in range(board.down[c] + 1, len(cards)):
            if follows(cards[i - 1], cards[i]) and (c, i) not in in_complete:
                in_suit += 1
    return Score(
        turned=N_DOWN_AT_START - board.face_down(),
        clear_columns=sum(1 for d in board.down if d == 0),
        in_suit=in_suit,
        complete=len(board.removed) + len(on_table),
        kept=len(on_table),
    )


def score(board: Board) -> int:
    return score_terms(board).total
