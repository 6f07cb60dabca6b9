"""WATCH: the computer plays the deal on the table from its start, as a demonstration.

The player's own game is put aside meanwhile and comes back as it was, whatever ends the
demonstration (any key or click, the deal played out, the window closed).  The computer's
game is never scored for the Hit Parade.  ``vconsole attract spider`` opens it this way.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.toolkit.controls import Controls
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.think import GAME_OVER, STOP, Busy, run_demo

from . import ai
from . import messages as say
from .game import Game
from .rules import Action, Deal, Remove

if TYPE_CHECKING:  # the app runs WATCH and WATCH reads and changes the app: only for the types
    from .app import SpiderApp

BETWEEN_ACTIONS_S = 0.6


def watch(app: SpiderApp) -> None:
    dos = app.dos
    own = app.game, app.cursor, app.split, app.hint
    demo = Game(app.number)
    app.game, app.cursor, app.split, app.hint = demo, None, None, None
    busy = Busy(dos, lambda key: None, typed=STOP)
    plan: list[Action] = []

    def step() -> object:
        if demo.board.won:
            return GAME_OVER
        if not plan:
            plan.extend(ai.choose(ai.View.of(demo.board)))
            if not plan:
                return GAME_OVER
        action = plan.pop(0)
        demo.play(action)
        app.draw()
        app.sound.effect("deal" if isinstance(action, Deal) else "remove" if isinstance(action, Remove)
                         else "move")
        return None

    if app.mouse:
        dos.mouse.hide()  # the computer plays: no pointer in the way
    try:
        app.draw()
        app.news.say(say.WATCH_START.format(n=app.number))
        result = run_demo(busy, step, lambda: BETWEEN_ACTIONS_S)
        if result == GAME_OVER:
            won = demo.board.won
            text = (say.WATCH_WON if won else say.WATCH_STUCK).format(n=app.number, score=demo.score)
            if won:
                app.sound.effect("win")
            app.news.say(text)
            show_panel(dos, app.theme, " WATCH ", [text, "", say.WATCH_RETURN], controls=Controls(mouse=app.mouse))
    finally:
        app.game, app.cursor, app.split, app.hint = own
        if app.mouse:
            dos.mouse.show()
    app.news.say(say.WATCH_BACK)
