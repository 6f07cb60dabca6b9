"""Which screen row of a column shows which card: the board's lines, compression, VIEW's split.

The board is drawn one card a row, so while every column fits, the n-th card of every
column lies on the n-th line of the board.  A column too long for the rows it has is
compressed on its own: first its face-down cards become one row with their count, then
the middle of its longest face-up stretch becomes one marker row with the number of cards
left out.

VIEW works on the lines as the player sees them.  The two lines picked, and those between,
are hidden on every column at once, whatever each column shows there (a card, the folded
face-down cards, a compression marker); one marker line takes their place, on the same
line in every column that reaches it, with the number of that column's cards it hides.
Everything above stays where it was and the bottom of every column moves up; what follows
the marker is laid out again in the room left, so a compressed column may show more.  The
top card of a column is never hidden.  Pure: the screen module draws the rows.

A row is (kind, index, count):
  ("card", i, 0)     card i of the column
  ("down", i, k)     k face-down cards shown as one, the last of them card i
  ("more", i, k)     k cards from card i left out to make the column fit
  ("split", i, k)    VIEW's marker line: k of the column's cards from card i hidden
"""
from __future__ import annotations

Row = tuple[str, int, int]


def plan_column(n: int, down: int, room: int, split: tuple[int, int] | None = None) -> list[Row]:
    """The rows of a column of ``n`` cards (``down`` face down) in at most ``room`` rows, with
    VIEW's ``split`` (the first and last hidden screen line, both included, counted from the
    board's first line) or None."""
    if room < 1:
        raise ValueError("a column needs at least one row")
    rows = _fit(0, n, down, room)
    if split is None:
        return rows
    first, last = split
    if len(rows) - 1 <= first:  # the column does not reach below the first hidden line
        return rows
    # The lines as the player saw them when picking: what they show goes, whatever it is
    # (a card, the folded face-down cards, a compression marker); never the top card.
    # Everything above stays on its line, so the marker is on the same line in every column.
    hidden = rows[first:min(last, len(rows) - 2) + 1]
    a, b = _cards_of(hidden[0])[0], _cards_of(hidden[-1])[1]
    # what follows the marker gets the room that is left (a column compressed before may
    # now show more of its cards)
    rest = _fit(b + 1, n, down, room - first - 1)
    return rows[:first] + [("split", a, b - a + 1)] + rest


def _cards_of(row: Row) -> tuple[int, int]:
    """The first and last card a row stands for."""
    kind, i, k = row
    if kind == "down":
        return i - k + 1, i
    if kind in ("more", "split"):
        return i, i + k - 1
    return i, i


def _fit(start: int, n: int, down: int, room: int) -> list[Row]:
    """Cards ``start``..``n - 1`` of a column, one a row, compressed to fit ``room`` rows."""
    rows: list[Row] = [("card", i, 0) for i in range(start, n)]
    if len(rows) <= room:
        return rows
    # face-down cards first: they all look the same
    downs = [k for k, r in enumerate(rows) if r[1] < down]
    if len(downs) >= 2:
        first, last = downs[0], downs[-1]
        rows = rows[:first] + [("down", rows[last][1], len(downs))] + rows[last + 1:]
    if len(rows) <= room:
        return rows
    # then the middle of the longest stretch of face-up cards (never the top card)
    best, best_len, k = None, 0, 0
    while k < len(rows) - 1:
        if rows[k][0] == "card" and rows[k][1] >= down:
            j = k
            while j + 1 < len(rows) - 1 and rows[j + 1][0] == "card" and rows[j + 1][1] == rows[j][1] + 1:
                j += 1
            if j - k + 1 > best_len:
                best, best_len = k, j - k + 1
            k = j + 1
        else:
            k += 1
    excess = len(rows) - room
    if best is not None and best_len >= 3 and best_len - 2 >= excess:
        # keep the stretch's first card, a marker, and its last cards
        cut = excess + 1
        at = best + 1
        return rows[:at] + [("more", rows[at][1], cut)] + rows[at + cut:]
    # no room even so: the last rows, a marker for all the rest
    if room == 1:
        return [("card", n - 1, 0)]
    tail = rows[-(room - 1):]
    first_shown = next((r[1] for r in tail if r[0] == "card"), n - 1)
    return [("more", start, first_shown - start)] + tail


def index_at(rows: list[Row], offset: int) -> int | None:
    """The card a click on the ``offset``-th row of a column means: a card row gives its card,
    a face-down row its last card; a marker row means no card."""
    if not 0 <= offset < len(rows):
        return None
    kind, i, _ = rows[offset]
    return i if kind in ("card", "down") else None


def row_of(rows: list[Row], index: int) -> int | None:
    """The row offset that shows card ``index``, or None when it is not shown on its own."""
    for k, (kind, i, _) in enumerate(rows):
        if kind == "card" and i == index:
            return k
    return None
