"""Message and prompt lines that never lose a word.

A message area is a few rows the program lends for news ("WHITE TAKES 11."); a message is
folded at word boundaries over those rows.  One that still does not fit is not cut: it is
shown whole in a panel that waits for a key (the program's tests check with ``fits`` that
every message it can show fits, so the panel is a last resort, never the normal way).
A prompt line shows a question and what the player is typing; when both are longer than
the line, the start of the typed text scrolls out of view, never the question.
"""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from .controls import DEFAULT, Controls
from .popup import show_panel
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos


def fold(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_long_words=True) if text else []


class MessageArea:
    """``rows`` rows of ``width`` cells at (top, left) for news in ``role``; ``controls`` are
    those of the panel that shows a message too long for them."""

    def __init__(self, dos: Dos, theme: Theme, top: int, left: int, width: int, rows: int = 1, *,
                 role: str = "status", controls: Controls = DEFAULT) -> None:
        self.dos, self.theme = dos, theme
        self.top, self.left, self.width, self.rows = top, left, width, rows
        self.role = role
        self.controls = controls
        self.text = ""

    def fits(self, text: str) -> bool:
        return len(fold(text, self.width)) <= self.rows

    def say(self, text: str = "", role: str | None = None) -> None:
        """Show ``text`` (empty clears); too long for the area: a panel shows it whole first."""
        self.text = text
        attr = self.theme[role or self.role]
        lines = fold(text, self.width)
        if len(lines) > self.rows:
            show_panel(self.dos, self.theme, "", lines, controls=self.controls)
            lines = lines[: self.rows - 1] + [" ".join(lines[self.rows - 1:])[: self.width - 3] + "..."]
        scr = self.dos.screen
        for i in range(self.rows):
            line = lines[i] if i < len(lines) else ""
            scr.write(self.top + i, self.left, line.ljust(self.width)[: self.width], attr)

    def clear(self) -> None:
        self.say("")


class PromptLine:
    def __init__(self, dos: Dos, theme: Theme, row: int, left: int, width: int, *, role: str = "prompt",
                 entry_role: str = "entry", blank_role: str = "status") -> None:
        self.dos, self.theme = dos, theme
        self.row, self.left, self.width = row, left, width
        self.role, self.entry_role, self.blank_role = role, entry_role, blank_role

    def fits(self, text: str) -> bool:
        return len(text) <= self.width

    def show(self, text: str = "", entry: str = "", role: str | None = None) -> None:
        """The question (it must fit: see ``fits``) and the typed text after it."""
        th, scr = self.theme, self.dos.screen
        scr.write(self.row, self.left, " " * self.width, th[self.blank_role])
        question = text[: self.width]
        scr.write(self.row, self.left, question, th[role or self.role])
        room = self.width - len(question)
        if entry and room > 0:
            scr.write(self.row, self.left + len(question), entry[-room:], th[self.entry_role])

    def clear(self) -> None:
        self.show("")
