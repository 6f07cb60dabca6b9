"""Where a left click sends cards: the document's mouse rules as pure functions of the board.

Our reading of the document's "Moves" paragraphs (tested, and said in the help text):

* A click in a column **below its last card** picks the whole group on top of that column.
  It goes to the first column to the right (wrapping round past column 10) whose top card
  takes it; only when no non-empty column takes it does it go into an empty column, the
  first one to the right.
* A click **on a face-up card of the group** on top of a column picks the cards from that
  one up (a sub-group; clicking the group's own first card picks the whole group "as if it
  were a sub-group").  It goes to the first column to the right that takes it, an empty
  column counting like any other.  This is the document's way of putting a group into an
  empty column when it also fits somewhere else; clicking again moves it on to the next
  place to the right, so repeated clicks walk a group round every place it fits.
* Either way, when the picked cards are a complete King-to-Ace suit (a click below it or on
  its King), the click removes the suit from the table instead of moving it.
* A click anywhere else (a face-down card, a face-up card under the movable group, an empty
  column, a group that fits nowhere) does nothing: the function returns None.
"""
from __future__ import annotations

from .rules import N_COLUMNS, Action, Board, Move, Remove


def _to_the_right(src: int) -> list[int]:
    return [(src + k) % N_COLUMNS for k in range(1, N_COLUMNS)]


def click_below(board: Board, col: int) -> Action | None:
    """The action for a left click in column ``col`` under its last card."""
    cards = board.columns[col]
    if not cards:
        return None
    start = board.group_start(col)
    if board.is_complete_from(col, start):
        return Remove(col)
    first = cards[start]
    order = _to_the_right(col)
    for dst in order:
        if board.columns[dst] and board.accepts(dst, first):
            return Move(col, start, dst)
    for dst in order:
        if not board.columns[dst]:
            return Move(col, start, dst)
    return None


def click_card(board: Board, col: int, index: int) -> Action | None:
    """The action for a left click on card ``index`` (from the bottom) of column ``col``."""
    cards = board.columns[col]
    if not 0 <= index < len(cards) or index < board.down[col]:
        return None
    if index < board.group_start(col):
        return None
    if board.is_complete_from(col, index):
        return Remove(col)
    first = cards[index]
    for dst in _to_the_right(col):
        if board.accepts(dst, first):
            return Move(col, index, dst)
    return None


def click(board: Board, col: int, index: int | None) -> Action | None:
    """``index`` None means below the last card of the column."""
    return click_below(board, col) if index is None else click_card(board, col, index)
