"""The computer's turn: for a COMPUTER seat, or for anyone in demo mode (F2).

It thinks while the hot keys stay live and then honours the pace (the time pad, F3/F4);
Esc makes it take its best pearl so far.  In a game with people at the keyboard, keys typed
meanwhile are kept for them; in demo mode any key (Esc too) or click, like F2, hands the game back:
a person's seat then waits for its player, a COMPUTER seat still takes its pearl.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.think import KEEP, STOP

from . import messages as say
from .ai import Move

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import PearlsApp


def stop_key(key: Key) -> str | None:
    return "esc" if key.name == "Esc" else None


def turn(app: PearlsApp) -> Hot | None:
    game = app.playing()
    player = game.turn
    seat = app.seats[player]
    who = seat.name if seat.computer else f"THE COMPUTER, FOR {seat.name},"
    app.draw_board()
    app.prompt(say.thinking(who), "thinking")

    def hot(key: Key) -> Hot | None:
        act = app.hot(key)
        if act == Hot.MODE and seat.computer:
            return Hot.HANDLED        # demo on or off: this seat is the computer's either way
        return act

    def search(should_stop: Callable[[], bool], report: Callable[[Move], None]) -> Move:
        return app.computers[player].choose(game, app.dos.rng, should_stop=should_stop,
                                            on_best=lambda square: report((square, None)))

    # in demo mode Esc is one of "any key": it hands the game back like the others
    busy = app.chrome.busy(hot, stops=None if app.demo else stop_key, typed=STOP if app.demo else KEEP)
    thought = busy.think(search, pad=app.chrome.pad.seconds)
    why = thought.why
    app.prompt("")
    if why == Hot.QUIT:
        return Hot.QUIT
    if why == Hot.MODE:
        return None                   # F2: the person takes this turn
    if why not in (None, "esc"):      # a key or click in demo mode: control goes back
        app.set_demo(False)
        if not seat.computer:
            return None
    if thought.move is None:          # (the search always names a pearl before it can be stopped)
        return None
    square, choice = thought.move
    return app.play(square, choice, by_computer=True)
