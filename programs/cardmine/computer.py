"""The computer miner's turn: it thinks while the hot keys stay live, then plays.

The search (ai.choose_play) is short and counts its work, never the clock; the time pad
then makes the turn last at least its length, and each hop of the pawn afterwards takes
the pad again (app.perform), so a game against the computer can be followed or hurried
with F8 and F9.  Keys typed meanwhile are kept for the person's next turn; Esc cuts the
pad short.  When the computer plays itself nobody's turn comes: Q or X there asks to
abort the game (both miners being the computer, they agree at once), and other keys are
refused with a beep rather than kept for nobody.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.think import KEEP, REFUSE

from . import ai, endings, turns
from . import messages as say
from .forms import is_computer
from .rules import Play

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import CardMineApp

ABORT = "abort"


def stop_key(key: Key) -> str | None:
    return "esc" if key.name == "Esc" else None


def watched_stop_key(key: Key) -> str | None:
    """The computer against itself: Esc, and Q or X to abort (as a person would type them)."""
    return ABORT if key.char.upper() in ("Q", "X") else stop_key(key)


def turn(app: CardMineApp) -> Hot | None:
    state = app.playing()
    who = app.shown[state.turn]
    watched = all(map(is_computer, app.names))  # nobody plays: somebody may be watching
    app.draw_game()
    app.prompt(say.thinking(who, watched), role="thinking")

    def search(should_stop: Callable[[], bool], report: Callable[[Play], None]) -> Play:
        play = ai.choose_play(state, app.ai_rng())
        report(play)
        return play

    busy = app.chrome.busy(app.hot, stops=watched_stop_key if watched else stop_key,
                           typed=REFUSE if watched else KEEP)
    thought = busy.think(search, pad=app.chrome.pad.seconds)
    if thought.why == Hot.QUIT:
        return Hot.QUIT
    if thought.why == ABORT:
        return endings.abort_request(app)  # asked once; the other computer agrees
    app.prompt("")
    if app.state is not state or thought.move is None:  # the game changed under it (it cannot today; be safe)
        return None
    return turns.perform(app, thought.move, pace=app.chrome.pad.seconds)
