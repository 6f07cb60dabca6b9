"""The computer's turn: it thinks while the hot keys stay live, then honours the time pad.

Esc plays the best move found so far; '.' and '/' step back or forward (as for a keyboard
player); F2/F3 giving this side to the keyboard stops the search.  Keys typed meanwhile are
kept, in order, for the keyboard player; in a game with no keyboard player they are read
as commands between the computer's moves (S saves a computer-against-computer game).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.toolkit.hot import Hot

from . import commands
from . import messages as say
from .notation import format_move
from .rules import Move
from .screen import NAMES
from .tmpfile import COMPUTER, KEYBOARD

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import MillApp

STEP_KEYS = {".": "back", "/": "forward"}


def stop_key(key: Key) -> str | None:
    if key.name == "Esc":
        return "esc"
    return STEP_KEYS.get(key.char)


def turn(app: MillApp) -> Hot | None:
    # The search and its tables (ai.py, symmetry.py) are imported on the computer's first move, not
    # with the game: building them took more than numpy's whole import, and the title screen, the
    # menus and a game between two people never think.
    from . import ai

    pos = app.game.position
    color = pos.turn
    who = f"{NAMES[color]} (COMPUTER)"
    app.prompt(say.thinking(who), role="thinking")

    def hot(key: Key) -> Hot | None:
        done = app.hot(key)
        if done == Hot.MODE and app.players[color] == COMPUTER:
            return Hot.HANDLED  # the other side changed hands: this search goes on
        return done

    def search(should_stop: Callable[[], bool], report: Callable[[Move], None]) -> Move:
        return ai.choose_move(pos, app.level, rng=app.dos.rng, on_best=lambda move, depth, score: report(move),
                              should_stop=should_stop)

    def show(move: Move) -> None:
        app.prompt(say.best_so_far(who, format_move(move)), role="thinking")

    thought = app.chrome.busy(hot, stops=stop_key).think(search, pad=app.chrome.pad.seconds, on_best=show)
    why = thought.why
    if why == Hot.QUIT:
        return Hot.QUIT
    if why in ("back", "forward"):
        app.prompt("")
        return commands.step(app, back=why == "back")
    if why != "esc" and (app.players[color] == KEYBOARD or app.finished or app.game.position != pos):
        app.prompt("")
        return None
    if thought.move is None:  # (the search always names a move before it can be stopped)
        app.prompt("")
        return None
    app.play(thought.move)
    if KEYBOARD not in app.players and app.dos.keyboard.pending():
        return commands.between_moves(app)  # what was typed while it thought: commands for nobody else
    return None
