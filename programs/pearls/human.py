"""A person's turn: click the pearl, or point at it with the keyboard and press Enter or Space;
in solitaire, the choice between two strings.

The pointer (two triangles either side of a square) is on from the start when there is no
mouse; with a mouse it appears as soon as an arrow key is pressed and goes when the mouse is
clicked.  It visits only the pearls the power can reach (every pearl when it must hop), and
starts each turn on the one nearest the power.  Q or X abandons the game, asked first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import left_click
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.pick import Option as PickOption
from vconsole.toolkit.pick import pick_one

from . import messages as say
from .board import INDEX
from .screen import PROMPT_ROW, range_text, square_at
from .strings import LOWER, UPPER

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import PearlsApp

FLASH_S = 0.3   # the two strings a pearl could join flash at this half-period


def turn(app: PearlsApp) -> Hot | None:
    game = app.playing()
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
    if ev.char.upper() in ("Q", "X"):
        return abandon(app)
    if ev.name in ("Enter", "Space"):
        if not app.pointing:
            app.pointing = True
            return None
        return take(app, INDEX[app.cursor.pos])
    app.sound.effect("error")
    app.message(say.not_a_key(ev.name), "error")
    return None


def abandon(app: PearlsApp) -> Hot | None:
    """Q or X: asked first; yes ends the game unscored (PEARLS.TMP goes) and the players
    form comes back for the next one."""
    if not app.chrome.ask(say.abandon_question()):
        app.prompt("")
        return None
    app.new_board()
    app.redraw()
    app.message(say.abandoned())
    return None


def take(app: PearlsApp, square: int) -> Hot | None:
    game = app.playing()
    cell = game.cells[square]
    if cell <= 0:
        app.sound.effect("error")
        app.message(say.empty_square_keys() if app.pointing else say.empty_square(), "error")
        return None
    if square not in game.targets():
        app.sound.effect("error")
        app.message(say.not_reachable(cell), "error")
        return None
    if not game.needs_choice(square):
        return app.play(square, None)
    choice = choose_string(app, cell)
    if isinstance(choice, Hot):
        return Hot.QUIT if choice == Hot.QUIT else None  # F7 answered yes; F2 (demo) takes the turn
    if choice is None:
        app.message(say.choice_cancelled(cell))
        return None
    return app.play(square, choice)


def choose_string(app: PearlsApp, pearl: int) -> int | Hot | None:
    """UPPER or LOWER for a solitaire pearl that fits two strings; None when the player backs
    out (Esc, the right button); Hot.QUIT / Hot.MODE when a hot key ends the question.

    The two strings flash in the list (the toolkit's pick_one); 1 or 2, a click on the 1 or
    the 2 of the question, or a click on a string itself answers."""
    solo = app.playing().solo
    if solo is None:
        raise RuntimeError("a string to choose outside solitaire")
    both = solo.candidates(pearl)
    if both is None:
        raise RuntimeError(f"pearl {pearl} fits no two strings: nothing to choose")
    upper, lower = both
    text = say.choose_string(pearl, range_text(*upper), range_text(*lower))
    app.prompt(text)
    options = []
    for digit, value, (a, b) in (("1", UPPER, upper), ("2", LOWER, lower)):
        col = text.index(f"{digit} =")
        app.dos.screen.set_attr(PROMPT_ROW, col, app.theme["answer_key"])
        where = app.view.string_cells.get((a, b))
        options.append(PickOption(value, digit, flash=[where] if where else [], clicks=[(PROMPT_ROW, col, 1)]))
    app.sound.effect("question")
    try:
        return pick_one(app.dos, app.theme, options, flash_role="flash", period=FLASH_S,
                        controls=app.chrome.controls(app.hot), refuse=lambda key: app.sound.effect("error"),
                        read=lambda timeout: app.chrome.input(timeout))
    finally:
        app.prompt("")
