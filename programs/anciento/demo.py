"""The demonstration (D in the main menu): the master plays a numbered game on the screen.

Each move shows the square first (its colours swapped), then the stone goes down with its
match and score in the message area.  The master searches while the moves are shown
(``ai.Master.play`` yields between depths of its search), so the screen and the keys stay
live; any key or click ends the demonstration (F7 only switches the sound).
"""
from __future__ import annotations

from vconsole.toolkit.hot import Hot
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.think import GAME_OVER, STOP, Busy, run_demo as drive_demo

from .ai import THINKING, demo_master
from .game import Game
from . import messages as say
from .play import Play
from .screen import BOTTOM_ROW, PANEL_LEFT
from .stones import numbered_deal

SHOW_SQUARE_S = 0.6
BETWEEN_MOVES_S = 0.9


def run_demo(app, number: int) -> None:
    dos = app.dos
    game = Game(numbered_deal(number))
    view = Play(app, game, f"Demo: game {number}")
    app.play = view
    app.pointer(False)
    master = demo_master(game.deal)
    moves = master.play(game.position)

    def hot(key):
        if key.name == "F7" and not app.no_sound:
            app.change_setup(sound=app.sound.toggle())
            view.draw_modes()
            return Hot.HANDLED
        return None

    busy = Busy(dos, hot, typed=STOP)

    def step():
        for item in moves:
            if item is THINKING:
                why = busy.should_stop()
                if why is not None:
                    return why
                continue
            view.view.mark_square(item)
            why = busy.pause(SHOW_SQUARE_S)
            if why is not None:
                return why
            view.place(item, demo=True)
            view.draw_clocks()
            return None
        return GAME_OVER

    try:
        view.replay = True  # no keyboard rectangle; the master moves
        view.draw()
        scr = dos.screen
        scr.fill(BOTTOM_ROW, 0, BOTTOM_ROW, 79, " ", app.theme["fkey_label"])
        scr.centre(BOTTOM_ROW, say.DEMO_KEYS, app.theme["fkey_label"])
        scr.fill(16, PANEL_LEFT, 16, 79, " ", app.theme["panel"])
        scr.write(16, PANEL_LEFT, "Demonstration", app.theme["side"])
        view.say(say.DEMO_START)
        result = drive_demo(busy, step, lambda: BETWEEN_MOVES_S)
        if result == GAME_OVER:
            final = game.final()
            show_panel(dos, app.theme, " THE MASTER'S GAME ", [
                f"Game {number}: {final.quatros} Quatros, {final.left} stones left.",
                f"Final score {final.total:,}.",
            ], mouse=app.use_mouse)
    finally:
        app.play = None
