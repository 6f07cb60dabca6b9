"""Message panels: a framed box over the screen that puts back exactly what it covered.

A DOS program saved the cells under a pop-up (a copy of video memory) and restored them
when it closed, so the screen below never had to be redrawn and nothing on it was lost.
``Panel`` does that; ``show_panel`` is the common case: show some lines, wait for any key
or any click, put the screen back.  Lines too long for the panel are folded at word
boundaries, never cut.
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import COLS, ROWS

from .controls import DEFAULT, Controls
from .hits import any_click
from .layers import Cover
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

MAX_WIDTH = COLS - 4  # text columns a panel may use (frame and a space each side inside)


def fold(lines: Sequence[str], width: int) -> list[str]:
    """Every line folded to ``width`` at word boundaries (a blank line stays blank)."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
        else:
            out.extend(textwrap.wrap(line, width, break_long_words=True) or [""])
    return out


def centre_left(theme: Theme, width: int) -> int:
    """The left column of an unplaced pop-up: centred on the screen, or in the theme's area."""
    return theme.centre_left(width, COLS)


class Panel:
    """A box with a title and lines, centred unless placed; ``open()`` draws it, ``close()`` undoes it."""

    def __init__(self, dos: Dos, theme: Theme, title: str, lines: Sequence[str], *, top: int | None = None,
                 left: int | None = None, width: int | None = None, role: str = "popup",
                 frame_role: str = "popup_frame", title_role: str = "popup_title", centre: bool = False) -> None:
        self.dos, self.theme = dos, theme
        self.title = title
        inner = width if width is not None else min(MAX_WIDTH, max([len(title) + 2, *map(len, lines), 10]))
        self.lines = fold(lines, inner)
        self.inner = inner
        self.height = min(ROWS - 2, len(self.lines)) + 2
        self.width = inner + 4
        self.top = top if top is not None else max(0, (ROWS - self.height) // 2)
        self.left = left if left is not None else centre_left(theme, self.width)
        self.bottom = min(ROWS - 1, self.top + self.height - 1)
        self.right = min(COLS - 1, self.left + self.width - 1)
        self.role, self.frame_role, self.title_role = role, frame_role, title_role
        self.centre = centre
        self._cover: Cover | None = None

    @property
    def is_open(self) -> bool:
        return self._cover is not None

    def contains(self, row: int, col: int) -> bool:
        return self.top <= row <= self.bottom and self.left <= col <= self.right

    def open(self) -> None:
        scr, th = self.dos.screen, self.theme
        if self._cover is None:
            self._cover = Cover(scr, self.top, self.left, self.bottom, self.right)
        scr.hide_cursor()
        scr.box(self.top, self.left, self.bottom, self.right, th[self.frame_role], double=True, fill=True)
        scr.fill(self.top + 1, self.left + 1, self.bottom - 1, self.right - 1, " ", th[self.role])
        if self.title:
            scr.centre(self.top, self.title, th[self.title_role], self.left, self.right)
        for i, line in enumerate(self.lines[: self.height - 2]):
            col = self.left + 2 + ((self.inner - len(line)) // 2 if self.centre else 0)
            scr.write(self.top + 1 + i, col, line, th[self.role])

    def close(self) -> None:
        if self._cover is not None:
            self._cover.close()
            self._cover = None

    def __enter__(self) -> Panel:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def wait_any(dos: Dos, controls: Controls = DEFAULT) -> Key | MouseEvent:
    """The next key, or the next press of any mouse button (releases, and with the mouse off every
    click, are passed over).  The hot keys are not asked: the caller decides what the key means."""
    while True:
        ev = dos.input()
        if isinstance(ev, Key):
            return ev
        if controls.mouse and any_click(ev):
            return ev


def show_panel(dos: Dos, theme: Theme, title: str, lines: Sequence[str], *, controls: Controls = DEFAULT,
               flush: bool = False, top: int | None = None, left: int | None = None,
               width: int | None = None, centre: bool = False) -> Key | MouseEvent:
    """Show a panel until any key or click; the screen comes back as it was. Returns that key or click.

    ``flush``: drop keys typed before the panel appeared, so that a warning the player must
    read is not dismissed by a key he typed ahead for something else (as DOS programs
    emptied the BIOS buffer before an error's "press any key").
    """
    with Panel(dos, theme, title, lines, top=top, left=left, width=width, centre=centre):
        if flush:
            dos.keyboard.flush()
            while dos.mouse.next_event() is not None:
                pass
        return wait_any(dos, controls)
