"""Playing cards as text cells: faces, backs, empty places, piles, hands and stacked columns.

A card's face is its rank and its CP437 suit glyph (03h-06h), so a card reads the same
on a monochrome display as on a colour one: in colour the red suits are red, in mono
the glyph alone tells the suit (the mono card roles are all reverse video, with the
picked card bright instead).  A back is a shade pattern, an empty place a dim outline,
a face-down pile a back with its count.  Everything is drawn with the theme's card
roles (card_red, card_black, card_back, card_empty, card_more and the *_selected ones).

Cards come in two sizes: one row of 3-7 cells (Card Miners' 16-column mine, a hand of
ten, Spider's ten columns on 80x25) and a taller card of several rows.  ``draw_column``
stacks a column one card a row and, when it is taller than the rows it has, collapses
the face-down cards into one row with their count, then the middle of the face-up run
into one marker row with the number hidden; it returns which screen row shows which
card, for clicks.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vconsole.video import TextScreen

from .cards import RANK_TEXT, SUIT_GLYPHS, Card
from .hits import HitMap
from .theme import Theme

BACK = "▒"  # CP437 B1h, medium shade
EMPTY_FILL = "·"  # CP437 FAh, small middle dot
MORE = "↕"  # CP437 12h, up-down arrow: cards hidden here
MIN_WIDTH = 3


def face_text(card: Card, width: int) -> str:
    """The one-row face: rank right-aligned in two cells then the glyph ('10\u2665', ' A\u2660'),
    a space before it from width 5 on, the glyph repeated at the right edge from width 6."""
    if width < MIN_WIDTH:
        raise ValueError(f"a card needs at least {MIN_WIDTH} cells across")
    core = RANK_TEXT[card.rank].rjust(2) + SUIT_GLYPHS[card.suit]
    if width >= 5:
        core = " " + core
    if width >= 6:
        return core.ljust(width - 1) + SUIT_GLYPHS[card.suit]
    return core.ljust(width)


def back_text(width: int, count: int | None = None) -> str:
    """A back (a face-down card), or a pile of ``count`` with the number in the middle."""
    if count is None:
        return BACK * width
    digits = str(count)[:width]
    pad = width - len(digits)
    return BACK * (pad // 2) + digits + BACK * (pad - pad // 2)


def empty_text(width: int) -> str:
    return "[" + EMPTY_FILL * (width - 2) + "]" if width >= 3 else EMPTY_FILL * width


def face_role(card: Card, selected: bool = False) -> str:
    colour = "card_red" if card.red else "card_black"
    return colour + "_selected" if selected else colour


def draw_face(screen: TextScreen, theme: Theme, row: int, col: int, card: Card, width: int = 3, *,
              selected: bool = False) -> None:
    screen.write(row, col, face_text(card, width), theme[face_role(card, selected)])


def draw_back(screen: TextScreen, theme: Theme, row: int, col: int, width: int = 3, *, count: int | None = None,
              selected: bool = False) -> None:
    screen.write(row, col, back_text(width, count), theme["card_selected" if selected else "card_back"])


def draw_empty(screen: TextScreen, theme: Theme, row: int, col: int, width: int = 3) -> None:
    screen.write(row, col, empty_text(width), theme["card_empty"])


def draw_pile(screen: TextScreen, theme: Theme, row: int, col: int, count: int, width: int = 3) -> None:
    """A face-down pile showing how many it holds; an empty place when it holds none."""
    if count <= 0:
        draw_empty(screen, theme, row, col, width)
    else:
        draw_back(screen, theme, row, col, width, count=count)


def draw_card(screen: TextScreen, theme: Theme, row: int, col: int, card: Card | None, width: int = 3,
              height: int = 1, *,
              face_up: bool = True, selected: bool = False, count: int | None = None) -> None:
    """Any card at any size: None is an empty place.  A tall face has the rank and glyph in
    its top-left corner, the glyph in the middle and glyph and rank in its bottom-right
    corner; a tall back is the pattern, with ``count`` on its middle row."""
    if height <= 1:
        if card is None:
            draw_empty(screen, theme, row, col, width)
        elif face_up:
            draw_face(screen, theme, row, col, card, width, selected=selected)
        else:
            draw_back(screen, theme, row, col, width, count=count, selected=selected)
        return
    bottom, right = row + height - 1, col + width - 1
    if card is None:
        screen.box(row, col, bottom, right, theme["card_empty"])
        screen.fill(row + 1, col + 1, bottom - 1, right - 1, " ", theme["card_empty"])
        return
    if not face_up:
        attr = theme["card_selected" if selected else "card_back"]
        screen.fill(row, col, bottom, right, BACK, attr)
        if count is not None:
            screen.write(row + height // 2, col, back_text(width, count), attr)
        return
    attr = theme[face_role(card, selected)]
    rank, glyph = RANK_TEXT[card.rank], SUIT_GLYPHS[card.suit]
    screen.fill(row, col, bottom, right, " ", attr)
    screen.write(row, col, (rank + glyph)[:width], attr)
    corner = (glyph + rank)[-width:]
    screen.write(bottom, right - len(corner) + 1, corner, attr)
    if height >= 3:
        screen.put(row + height // 2, col + (width - 1) // 2, glyph, attr)


def draw_row(screen: TextScreen, theme: Theme, row: int, col: int, cards: Sequence[Card | None], width: int = 3,
             gap: int = 1, *,
             face_up: bool | Sequence[bool] = True, selected: int | Sequence[int] | None = None,
             height: int = 1) -> HitMap[int]:
    """Cards side by side (a hand): None is an empty place; returns a hit map of card indexes."""
    picked = {selected} if isinstance(selected, int) else set(selected or ())
    hits: HitMap[int] = HitMap()
    for i, card in enumerate(cards):
        up = face_up if isinstance(face_up, bool) else face_up[i]
        c = col + i * (width + gap)
        draw_card(screen, theme, row, c, card, width, height, face_up=up, selected=i in picked)
        hits.add(row, c, row + height - 1, c + width - 1, i)
    return hits


@dataclass
class ColumnView:
    """Where a column's cards went: ``rows`` maps a screen row to the index of the card shown
    there (the collapsed face-down row maps to the topmost face-down card; a marker row maps to
    nothing); ``bottom`` is the last row drawn on; ``hidden`` the cards under the marker."""

    top: int
    col: int
    width: int
    rows: dict[int, int]
    bottom: int
    hidden: range = range(0)

    def index_at(self, row: int) -> int | None:
        return self.rows.get(row)

    def row_of(self, index: int) -> int | None:
        for r, i in self.rows.items():
            if i == index:
                return r
        return None


def column_plan(n: int, down: int, room: int) -> list[tuple[str, int, int]]:
    """How ``n`` cards (the first ``down`` face down) fit in ``room`` rows: a list of rows, each
    ("card", i, 0), ("down", last_index, count) for collapsed face-down cards, or
    ("more", first_hidden, count) for the marker of cards left out.  The top card is always
    shown, and every other card is shown or counted, except in a single row (the top card)."""
    if room < 1:
        raise ValueError("a column needs at least one row")
    if n <= room:
        return [("card", i, 0) for i in range(n)]
    plan: list[tuple[str, int, int]] = []
    if down >= 1:
        plan.append(("down", down - 1, down) if down > 1 else ("card", 0, 0))
    up = list(range(down, n))
    avail = room - len(plan)
    if len(up) <= avail:
        return plan + [("card", i, 0) for i in up]
    if avail >= 3:
        tail = avail - 2
        return plan + [("card", up[0], 0), ("more", up[1], len(up) - 1 - tail)] + [("card", i, 0) for i in up[-tail:]]
    if avail == 2:
        return plan + [("more", up[0], len(up) - 1), ("card", up[-1], 0)]
    # no room for the face-down row and a marker: one marker for all but the top card
    return ([("more", 0, n - 1)] if room >= 2 else []) + [("card", n - 1, 0)]


def draw_column(screen: TextScreen, theme: Theme, top: int, col: int, width: int, cards: Sequence[Card], rows: int, *,
                down: int = 0, selected_from: int | None = None, blank: int | None = None,
                blank_role: str = "screen") -> ColumnView:
    """Stack a column from ``top`` down, one card a row, in at most ``rows`` rows (see
    ``column_plan``); the first ``down`` cards are face down; cards from ``selected_from``
    on are drawn picked.  An empty column is an empty place.  ``blank`` rows (in
    ``blank_role``) are cleared first, so a column that shrank leaves nothing behind."""
    if blank:
        screen.fill(top, col, top + blank - 1, col + width - 1, " ", theme[blank_role])
    if not cards:
        draw_empty(screen, theme, top, col, width)
        return ColumnView(top, col, width, {}, top)
    mapping: dict[int, int] = {}
    hidden = range(0)
    row = top
    for kind, i, count in column_plan(len(cards), down, rows):
        picked = selected_from is not None and i >= selected_from
        if kind == "down":
            draw_back(screen, theme, row, col, width, count=count)
            mapping[row] = i
        elif kind == "more":
            text = (MORE + str(count)).center(width)[:width]
            screen.write(row, col, text, theme["card_selected" if picked else "card_more"])
            hidden = range(i, i + count)
        else:
            draw_card(screen, theme, row, col, cards[i], width, face_up=i >= down, selected=picked)
            mapping[row] = i
        row += 1
    return ColumnView(top, col, width, mapping, row - 1, hidden)
