"""A person's turn: click the pearl, or point at it with the keyboard and press Enter or Space;
in solitaire, the choice between two strings.

The pointer (two triangles either side of a square) is on from the start when there is no
mouse; with a mouse it appears as soon as an arrow key is pressed and goes when the mouse is
clicked.  It visits pearls only, and starts each turn on the reachable pearl nearest the power.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import HitMap, left_click, right_click
from vconsole.toolkit.hot import Hot

from . import messages as say
from .board import INDEX
from .screen import PROMPT_ROW, range_text, square_at
from .strings import LOWER, UPPER

FLASH_S = 0.3   # the two strings a pearl could join flash at this half-period


def turn(app) -> Hot | None:
    game = app.game
    seat = app.seats[game.turn]
    if app.turn_started != len(game.takes):
        app.turn_started = len(game.takes)
        app.aim_pointer()
        if game.must_hop():
            app.message(say.must_hop(seat.name))
    app.draw_board()
    app.prompt(say.your_turn_keys(seat.name) if app.pointing else say.your_turn_mouse(seat.name))
    ev = app.chrome.input()
    if isinstance(ev, MouseEvent):
        if not left_click(ev):
            return None
        square = square_at(ev.row, ev.col)
        if square is None:
            return None
        if app.chrome.mouse and app.pointing:
            app.pointing = False
        return take(app, square)
    act = app.hot(ev)
    if act is not None:
        return Hot.QUIT if act == Hot.QUIT else None
    if app.cursor.handle(ev):
        app.pointing = True
        return None
    if ev.name in ("Enter", "Space"):
        if not app.pointing:
            app.pointing = True
            return None
        return take(app, INDEX[app.cursor.pos])
    app.sound.effect("error")
    app.message(say.not_a_key(ev.name), "error")
    return None


def take(app, square: int) -> Hot | None:
    game = app.game
    cell = game.cells[square]
    if cell <= 0:
        app.sound.effect("error")
        app.message(say.empty_square_keys() if app.pointing else say.empty_square(), "error")
        return None
    if square not in game.targets():
        app.sound.effect("error")
        app.message(say.not_reachable(cell), "error")
        return None
    choice = None
    if game.needs_choice(square):
        choice = choose_string(app, cell)
        if choice == Hot.QUIT:
            return Hot.QUIT
        if choice == Hot.MODE:
            return None
        if choice is None:
            app.message(say.choice_cancelled(cell))
            return None
    return app.play(square, choice)


def choose_string(app, pearl: int):
    """UPPER or LOWER for a solitaire pearl that fits two strings; None when the player backs
    out (Esc, the right button); Hot.QUIT / Hot.MODE when a hot key ends the question."""
    game = app.game
    upper, lower = game.solo.candidates(pearl)
    text = say.choose_string(pearl, range_text(*upper), range_text(*lower))
    app.prompt(text)
    scr, th = app.dos.screen, app.theme
    answers: HitMap[int] = HitMap()
    for digit, value in (("1", UPPER), ("2", LOWER)):
        col = text.index(f"{digit} =")
        scr.set_attr(PROMPT_ROW, col, th["question_key"])
        answers.add(PROMPT_ROW, col, PROMPT_ROW, col, value)
    for (a, b), value in ((upper, UPPER), (lower, LOWER)):
        where = app.view.string_cells.get((a, b))
        if where is not None:
            r, c, w = where
            answers.add(r, c, r, c + w - 1, value)
    app.sound.effect("question")
    lit = True
    try:
        while True:
            app.view.flash_strings((upper, lower), lit, game)
            ev = app.chrome.input(FLASH_S)
            if ev is None:
                lit = not lit
                continue
            if isinstance(ev, Key):
                if ev.char in ("1", "2"):
                    return UPPER if ev.char == "1" else LOWER
                if ev.name == "Esc":
                    return None
                act = app.hot(ev)
                if act in (Hot.QUIT, Hot.MODE):
                    return act
                if act is None:
                    app.sound.effect("error")
                continue
            if right_click(ev):
                return None
            if left_click(ev):
                value = answers.at(ev.row, ev.col)
                if value is not None:
                    return value
    finally:
        app.view.flash_strings((upper, lower), False, game)
        app.prompt("")
