"""A one-line text field (file names and the like), DOS style: Backspace, Enter, Esc."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vconsole.keyboard import Key

from .controls import DEFAULT, Controls
from .hits import right_click
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

DOS_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-$~!#%&'(){}@^`")


def dos_name_char(ch: str) -> bool:
    return ch.upper() in DOS_NAME_CHARS


def read_line(dos: Dos, theme: Theme, row: int, col: int, width: int, *, role: str = "input",
              initial: str = "", allowed: Callable[[str], bool] = lambda ch: True, upper: bool = False,
              controls: Controls = DEFAULT, on_refused: Callable[[str], None] | None = None,
              limit: int = 64) -> str | None:
    """Edit a field of ``width`` cells in ``role``; Enter returns the text, Esc (or a right click) None.

    A character ``allowed`` turns away is not typed; ``on_refused(ch)`` tells the player so
    (a beep and a word on the message line), since a silently dropped '*' would make a
    different name than he typed.  At most ``limit`` characters.

    An ``initial`` text is offered as a form's field offers its default (form.Text): the
    first character typed replaces it, Backspace or Left/Right/Home/End keep it for editing.

    The hot keys get the keys that type nothing (F1, F7 ...); the answer can only be a text,
    so a hot key that must leave raises ``hot.QuitRequest``.  A right click is Esc.
    """
    scr = dos.screen
    attr = theme[role]
    text = initial
    fresh = bool(initial)
    shape = (scr.cursor_start, scr.cursor_end)
    scr.show_cursor()  # the underline cursor this card's BIOS sets
    try:
        while True:
            scr.fill(row, col, row, col + width - 1, " ", attr)
            scr.write(row, col, text[-(width - 1):] if width > 1 else "", attr)
            scr.set_cursor(row, col + min(len(text), width - 1))
            ev = dos.input()
            if right_click(ev):
                return None
            if not isinstance(ev, Key):
                continue
            if ev.name == "Enter":
                return text
            if ev.name == "Esc":
                return None
            if ev.name in ("Backspace", "Left", "Right", "Home", "End"):
                fresh = False
                if ev.name == "Backspace":
                    text = text[:-1]
            elif ev.char and allowed(ev.char) and (fresh or len(text) < limit):
                if fresh:
                    text, fresh = "", False
                text += ev.char.upper() if upper else ev.char
            elif ev.char and on_refused is not None:
                on_refused(ev.char)
            elif not ev.char:
                controls.hot(ev)
    finally:
        scr.set_cursor_shape(*shape)
