"""A text pager (a program's instructions): the text over the whole screen, then the screen back exactly.

The game screen is saved cell for cell (with the cursor) before the text is
shown and put back afterwards, the way the originals swapped a video page,
so the game never has to redraw itself and nothing it showed is lost.  Keys the pager
does not use go to the program's hot keys (F1 sound, F7 quit): the instructions are no
place the player is shut in.
"""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from vconsole.keyboard import Key

from .controls import DEFAULT, Controls
from .hits import HitMap, left_click
from .hot import STOPS, Hot
from .layers import Cover
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

TOP, BOTTOM = 1, 22  # text rows inside the frame
LEFT, WIDTH = 2, 76
PAGE = BOTTOM - TOP + 1
FOOTER = " PgUp PgDn \x18 \x19 Home End: page   Esc: back to the game "


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """Keep the author's line breaks, fold lines that are too long, keep indents."""
    out: list[str] = []
    for line in text.expandtabs(4).splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        out.extend(textwrap.wrap(line, width, subsequent_indent=" " * indent) or [""])
    return out


def page_starts(lines: list[str], page: int = PAGE) -> list[int]:
    """Where each page begins: a page ends at a blank line in its lower two thirds when there is one,
    so that a section (a table, a diagram) is not cut in two where it can be helped."""
    starts = [0]
    while len(lines) - starts[-1] > page:
        start = starts[-1]
        end = start + page  # first line of the next page if no better break is found
        blanks = [i for i in range(start + page // 3, end) if not lines[i].strip()]
        starts.append(blanks[-1] + 1 if blanks else end)
    return starts


class Pager:
    """``footer`` names the keys (its words PgUp, PgDn and Esc, in any case, are clickable);
    ``page_label`` is formatted with ``page`` and ``pages`` (a house style may want it in capitals);
    the hot keys see the keys the pager does not use, and a result in ``hot.STOPS`` closes
    it (``run()`` returns that result: Hot.QUIT must end the program)."""

    def __init__(self, dos: Dos, theme: Theme, title: str, text: str, *, controls: Controls = DEFAULT,
                 footer: str = FOOTER, page_label: str = " page {page} of {pages} ") -> None:
        self.dos, self.theme, self.title, self.controls = dos, theme, title, controls
        self.footer, self.page_label = footer, page_label
        self.lines = wrap(text)
        self.starts = page_starts(self.lines)
        self.top = 0
        self.hits: HitMap[str] = HitMap()

    @property
    def last_top(self) -> int:
        return self.starts[-1]

    def draw(self) -> None:
        scr, th = self.dos.screen, self.theme
        scr.box(0, 0, 23, 79, th["pager_frame"], double=True, fill=True)
        scr.fill(TOP, 1, BOTTOM, 78, " ", th["pager"])
        scr.centre(0, f" {self.title} ", th["pager_title"])
        nxt = next((s for s in self.starts if s > self.top), len(self.lines))
        for i in range(min(PAGE, nxt - self.top) if self.top in self.starts else PAGE):
            n = self.top + i
            if n < len(self.lines):
                scr.write(TOP + i, LEFT, self.lines[n][:WIDTH], th["pager"])
        pages = len(self.starts)
        page = sum(1 for s in self.starts if s <= self.top)
        where = self.page_label.format(page=page, pages=pages)
        scr.fill(24, 0, 24, 79, " ", th["pager_footer"])
        scr.write(24, 1, self.footer, th["pager_footer"])
        scr.write(24, 79 - len(where), where, th["pager_footer"])
        self.hits.clear()
        for word, action in (("PgUp", "PgUp"), ("PgDn", "PgDn"), ("Esc", "Esc")):
            at = self.footer.upper().find(word.upper())
            if at < 0:
                continue
            scr.set_attr(24, 1 + at, th["pager_footer_key"], len(word))
            self.hits.add_text(24, 1 + at, word, action)
        self.hits.add(TOP, 0, BOTTOM, 79, "PgDn")  # a click on the text turns the page

    PAGER_KEYS = ("Esc", "Enter", "F5", "Home", "End", "PgDn", "Space", "PgUp", "Down", "Up")

    def act(self, name: str) -> bool:
        """Scroll for a key name; False when the pager should close."""
        if name in ("Esc", "Enter", "F5"):
            return False
        if name == "Home":
            self.top = 0
        elif name == "End":
            self.top = self.last_top
        elif name in ("PgDn", "Space"):
            self.top = next((s for s in self.starts if s > self.top), self.top)
        elif name == "PgUp":
            self.top = max((s for s in self.starts if s < self.top), default=0)
        elif name in ("Down", "Up"):
            self.top = min(self.last_top, max(0, self.top + (1 if name == "Down" else -1)))
        return True

    def run(self) -> Hot | None:
        """Show the text until Esc (None) or a hot key's ``hot.STOPS`` result (returned)."""
        scr = self.dos.screen
        cover = Cover(scr, 0, 0, 24, 79)
        scr.hide_cursor()
        try:
            while True:
                self.draw()
                ev = self.dos.input()
                if isinstance(ev, Key):
                    name = ev.name
                    if name not in self.PAGER_KEYS and self.controls.hotkey is not None:
                        act = self.controls.hotkey(ev)
                        if act in STOPS:
                            return act
                        continue
                elif self.controls.mouse and left_click(ev):
                    at = self.hits.at(ev.row, ev.col)
                    if at is None:
                        continue
                    name = at
                else:
                    continue
                if not self.act(name):
                    return None
        finally:
            cover.close()


def show_text(dos: Dos, theme: Theme, title: str, text: str, *, controls: Controls = DEFAULT,
              footer: str = FOOTER, page_label: str = " page {page} of {pages} ") -> Hot | None:
    """Page through ``text``: None, or the ``hot.STOPS`` result of a hot key that closed it."""
    return Pager(dos, theme, title, text, controls=controls, footer=footer, page_label=page_label).run()
