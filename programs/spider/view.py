"""VIEW: pick two lines of the board with a cross-shaped pointer and hide the lines between.

The pointer becomes a cross the way a DOS program made it one, through INT 33h function
0Ah (``vconsole.toolkit.pointer``: the cell's colours inverted, a CP437 C5h cross in it).
The right button (or Esc) gives up; with the keyboard, Up and Down choose a line and Enter
picks it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.pointer import ARROW, CROSS, set_shape

from . import messages as say
from .layout import plan_column
from .rules import Board
from .screen import BOARD_TOP, CARD_ROWS

if TYPE_CHECKING:  # the app runs VIEW and VIEW reads and changes the app: only for the types
    from .app import SpiderApp


def hides_something(board: Board, first: int, last: int) -> bool:
    """Would hiding lines ``first``..``last`` hide a card (a top card is never hidden)?
    The lines are the screen's (``layout``), not card numbers: compressed columns differ."""
    return any(kind == "split"
               for col, down in zip(board.columns, board.down)
               for kind, _i, _k in plan_column(len(col), down, CARD_ROWS, (first, last)))


def pick_lines(app: SpiderApp) -> None:
    dos, view = app.dos, app.board_view
    lines: list[int] = []
    current = BOARD_TOP  # the keyboard's line
    shown_current = False
    if app.mouse:
        set_shape(dos, CROSS)
    app.news.say(say.VIEW_FIRST if app.mouse else say.VIEW_KEYS)
    try:
        while len(lines) < 2:
            ev = dos.input()
            if right_click(ev) or (isinstance(ev, Key) and ev.name == "Esc"):
                app.news.say(say.VIEW_ABORT)
                return
            picked = None
            if isinstance(ev, MouseEvent) and left_click(ev) and BOARD_TOP <= ev.row < BOARD_TOP + CARD_ROWS:
                picked = ev.row
            elif isinstance(ev, Key) and ev.name in ("Up", "Down"):
                if shown_current and current not in lines:
                    view.mark_line(current, False)
                step = -1 if ev.name == "Up" else 1
                current = min(BOARD_TOP + CARD_ROWS - 1, max(BOARD_TOP, current + step)) if shown_current else current
                shown_current = True
                view.mark_line(current)
                app.news.say(say.VIEW_KEYS)
            elif isinstance(ev, Key) and ev.name == "Enter":
                picked = current
                shown_current = True
            if picked is not None:
                lines.append(picked)
                view.mark_line(picked)
                if len(lines) == 1:
                    app.news.say(say.VIEW_SECOND if app.mouse and not shown_current else say.VIEW_KEYS)
    finally:
        for row in set(lines) | ({current} if shown_current else set()):
            view.mark_line(row, False)
        if app.mouse:
            set_shape(dos, ARROW)
    first, last = sorted(r - BOARD_TOP for r in lines)
    if not hides_something(app.board, first, last):
        app.news.say(say.VIEW_NOTHING)
        return
    app.split = (first, last)
    app.news.say(say.VIEW_SPLIT.format(n=last - first + 1, first=first + 1))
