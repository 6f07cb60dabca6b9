"""What a pop-up covers, and redraws that must wait until it is gone.

A pop-up (a panel, a menu, a form, the pager) keeps the cells and the cursor it is about to
cover and puts them back when it closes: a ``Cover``.  While one is open, a hot key may still
change something drawn underneath it (F1 turns the sound off and the legend should now say
SOUND ON).  Drawing that at once would paint over the pop-up; skipping it would leave the
old label when the pop-up closes.  So such a redraw asks ``redraw_when_clear``: it runs now
if nothing covers the screen, otherwise as soon as the last cover is put back.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable

from vconsole.video import SavedRect, TextScreen

_open: weakref.WeakKeyDictionary[TextScreen, list[Cover]] = weakref.WeakKeyDictionary()
_waiting: weakref.WeakKeyDictionary[TextScreen, dict[Hashable, Callable[[], None]]] = weakref.WeakKeyDictionary()


class Cover:
    """The cells of a rectangle and the cursor, kept until ``close`` puts them back."""

    def __init__(self, screen: TextScreen, top: int, left: int, bottom: int, right: int) -> None:
        self.screen = screen
        self.rect = (top, left, bottom, right)
        self._saved: SavedRect | None = screen.save(top, left, bottom, right)
        self._cursor = (screen.cursor_row, screen.cursor_col, screen.cursor_start, screen.cursor_end)
        _open.setdefault(screen, []).append(self)

    def close(self) -> None:
        if self._saved is None:
            return
        scr = self.screen
        scr.restore(self._saved)
        row, col, start, end = self._cursor
        scr.set_cursor(row, col)
        scr.set_cursor_shape(start, end)
        self._saved = None
        stack = _open.get(scr, [])
        if self in stack:
            stack.remove(self)
        if not stack:
            for redraw in _waiting.pop(scr, {}).values():
                redraw()


def covered(screen: TextScreen) -> bool:
    """Whether any pop-up is open on ``screen``."""
    return bool(_open.get(screen))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def redraw_when_clear(screen: TextScreen, key: Hashable, redraw: Callable[[], None],
                      rect: tuple[int, int, int, int] | None = None) -> None:
    """Run ``redraw`` now, or (a pop-up is open) once the last one closes; one per ``key``.

    ``rect`` (top, left, bottom, right), when the caller knows where ``redraw`` draws: if no
    open pop-up overlaps it the redraw runs at once, so a line beside a form (the time pad
    changed by a hot key) is not left showing the old value until the form closes.
    """
    stack = _open.get(screen, [])
    if stack and (rect is None or any(_overlap(c.rect, rect) for c in stack)):
        _waiting.setdefault(screen, {})[key] = redraw
    else:
        redraw()
