"""The function-key legend.

For a toggle the legend names the mode the key will switch *to*, not the one
in effect (sound on shows "SOUND OFF"): the label reads as the action a press
performs.  Each entry may hide itself (F10's border colour means nothing on a
mono display), and a click on an entry counts as pressing its key.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vconsole.video import TextScreen

from .hits import HitMap
from .layers import redraw_when_clear
from .theme import Theme


@dataclass(frozen=True)
class _Place:
    """Where and how the legend was last drawn: what ``redraw`` draws it with again."""

    screen: TextScreen
    theme: Theme
    top: int
    left: int
    width: int
    rows: int | None
    key_width: int


@dataclass
class Entry:
    key: str  # the key name the program reacts to, e.g. "F1"
    caption: str  # what the legend prints for the key, e.g. "F1" or "\x18\x19"
    label: Callable[[], str]
    visible: Callable[[], bool]


class Legend:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.hits: HitMap[str] = HitMap()
        self._placed: _Place | None = None  # where it was last drawn, so a toggle can redraw it

    def add(self, key: str, label: str | Callable[[], str], *, caption: str | None = None,
            visible: Callable[[], bool] = lambda: True) -> None:
        text = label if callable(label) else (lambda s=label: s)
        self.entries.append(Entry(key, caption or key, text, visible))

    def toggle(self, key: str, is_on: Callable[[], bool], label_turning_on: str, label_turning_off: str,
               *, caption: str | None = None, visible: Callable[[], bool] = lambda: True) -> None:
        """A two-state key: while ``is_on()`` the legend shows ``label_turning_off`` and vice versa."""
        self.add(key, lambda: label_turning_off if is_on() else label_turning_on,
                 caption=caption, visible=visible)

    def label(self, key: str) -> str:
        for e in self.entries:
            if e.key == key:
                return e.label()
        raise KeyError(key)

    def lines(self) -> list[tuple[Entry, str]]:
        return [(e, e.label()) for e in self.entries if e.visible()]

    def draw(self, screen: TextScreen, theme: Theme, top: int, left: int, width: int, rows: int | None = None,
             key_width: int = 4) -> None:
        """One entry a row from (top, left); blank rows below fill ``rows`` if given."""
        self._placed = _Place(screen, theme, top, left, width, rows, key_width)
        self.hits.clear()
        shown = self.lines()
        rows = len(shown) if rows is None else rows
        for i in range(rows):
            row = top + i
            screen.fill(row, left, row, left + width - 1, " ", theme["legend_text"])
            if i < len(shown):
                entry, text = shown[i]
                screen.write(row, left, entry.caption[:key_width], theme["legend_key"])
                screen.write(row, left + key_width, text[: width - key_width], theme["legend_text"])
                self.hits.add(row, left, row, left + width - 1, entry.key)

    def redraw(self) -> None:
        """Draw it again where it was last drawn (after a toggle changed a label); nothing if never drawn.

        Under an open pop-up the redraw waits until the pop-up has put the screen back.
        """
        placed = self._placed
        if placed is not None:
            redraw_when_clear(placed.screen, self, lambda: self.draw(placed.screen, placed.theme, placed.top,
                                                                     placed.left, placed.width, placed.rows,
                                                                     placed.key_width))

    def key_at(self, row: int, col: int) -> str | None:
        return self.hits.at(row, col)
