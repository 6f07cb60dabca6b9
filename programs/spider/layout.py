"""Which screen row of a column shows which card: the board's lines, VIEW's split, compression.

The board is drawn one card a row, so the n-th card of every column lies on the n-th line
of the board.  VIEW hides the lines between two the player picks, on every column at once,
and puts one marker line in their place (with the number of lines hidden), so the bottom
of every column moves up; the top card of a column is never hidden.  When a column is
still too long for the rows it has, it is compressed on its own: first its face-down cards
become one row with their count, then the middle of its longest face-up stretch becomes
one marker row with the number of cards left out.  Pure: the screen module draws the rows.

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
    VIEW's ``split`` (first and last hidden line, both included) or None."""
    if room < 1:
        raise ValueError("a column needs at least one row")
    rows: list[Row] = []
    if split is not None and n - 1 > split[0]:
        a, b = split
        rows = [("card", i, 0) for i in range(a)]
        hidden = [i for i in range(a, min(b, n - 2) + 1)]
        rows.append(("split", a, len(hidden)))
        rows += [("card", i, 0) for i in range(max(a, b + 1) if b < n - 1 else n - 1, n)]
    else:
        rows = [("card", i, 0) for i in range(n)]
    if len(rows) <= room:
        return rows
    # face-down cards first: they all look the same
    downs = [k for k, r in enumerate(rows) if r[0] == "card" and r[1] < down]
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
        start = best + 1
        rows = rows[:start] + [("more", rows[start][1], cut)] + rows[start + cut:]
        return rows
    # no room even so: the last rows, a marker for all the rest
    if room == 1:
        return [("card", n - 1, 0)]
    tail = rows[-(room - 1):]
    first_shown = next((r[1] for r in tail if r[0] == "card"), n - 1)
    return [("more", 0, first_shown)] + tail


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
