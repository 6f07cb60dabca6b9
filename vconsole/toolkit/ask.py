"""Yes/No questions answered with a key or by clicking the Y or the N in the question."""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import TextScreen

from .controls import DEFAULT, Controls
from .hits import left_click
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos


def yes_no_cells(question: str) -> tuple[int, int]:
    """Offsets of the Y and the N the player may click: those of "(Y/N)" if present."""
    up = question.upper()
    i = up.find("(Y/N)")
    if i >= 0:
        return i + 1, i + 3
    y, n = up.rfind("Y"), up.rfind("N")
    if y < 0 or n < 0:
        raise ValueError(f"question has no Y and N to click: {question!r}")
    return y, n


def mark_yes_no(screen: TextScreen, theme: Theme, question: str, row: int, col: int,
                key_role: str = "question_key") -> None:
    """Light the Y and the N of a question shown at (row, col): the cells a click answers."""
    for i in yes_no_cells(question):
        screen.set_attr(row, col + i, theme[key_role])


def clicked_answer(ev: Key | MouseEvent | None, question: str, row: int, col: int) -> bool | None:
    """True or False for a left click on the Y or the N of the question at (row, col), else None."""
    if not (left_click(ev) and ev.row == row):
        return None
    yi, ni = yes_no_cells(question)
    return {col + yi: True, col + ni: False}.get(ev.col)


def ask_yes_no(dos: Dos, theme: Theme, question: str, row: int, col: int, *, role: str = "question",
               key_role: str | None = "question_key", controls: Controls = DEFAULT,
               clear_width: int = 0) -> bool:
    """Show ``question`` at (row, col) in ``role`` and wait for Y or N (keys or clicks); other
    input is ignored.  The Y and the N are lit in ``key_role`` (None: not lit).

    The hot keys get first look at every other key so that F1 or F10 still work while a
    question waits; the answer can only be yes or no, so a hot key that must leave raises
    ``hot.QuitRequest``.
    """
    scr = dos.screen
    attr = theme[role]
    if clear_width:
        if len(question) > clear_width:  # it would run on into whatever lies beyond its place
            raise ValueError(f"question longer than its {clear_width} cells: {question!r}")
        scr.fill(row, col, row, col + clear_width - 1, " ", attr)
    scr.write(row, col, question, attr)
    if key_role is not None:
        mark_yes_no(scr, theme, question, row, col, key_role)
    while True:
        ev = dos.input()
        if isinstance(ev, Key):
            ch = ev.char.upper()
            if ch == "Y":
                return True
            if ch == "N":
                return False
            controls.hot(ev)
        elif controls.mouse:
            answer = clicked_answer(ev, question, row, col)
            if answer is not None:
                return answer
