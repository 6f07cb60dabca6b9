"""The computer miner's turn: it thinks while the hot keys stay live, then plays.

The search (ai.choose_play) is short and counts its work, never the clock; the time pad
then makes the turn last at least its length, and each hop of the pawn afterwards takes
the pad again (app.perform), so a game against the computer can be followed or hurried
with F8 and F9.  Keys typed meanwhile are kept for the person's next turn; Esc cuts the
pad short.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.toolkit.hot import Hot

from . import ai, messages as say, turns


def stop_key(key: Key) -> str | None:
    return "esc" if key.name == "Esc" else None


def turn(app) -> Hot | None:
    state = app.state
    who = app.shown[state.turn]
    app.draw_game()
    app.prompt(say.thinking(who), role="thinking")

    def search(should_stop, report):
        play = ai.choose_play(state, app.ai_rng())
        report(play)
        return play

    thought = app.chrome.busy(app.hot, stops=stop_key).think(search, pad=app.chrome.pad.seconds)
    if thought.why == Hot.QUIT:
        return Hot.QUIT
    app.prompt("")
    if app.state is not state:  # the game changed under it (it cannot today; be safe)
        return None
    return turns.perform(app, thought.move, pace=app.chrome.pad.seconds)
