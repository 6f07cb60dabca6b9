"""Before and after a game: choosing the players, the end of a game, "another game?".

The players form has six name fields and the scoring method: one name is solitaire, two to
six names a game round the table, COMPUTER (any case) a seat the computer plays.  Esc leaves
the form with the board waiting (Enter opens it again); F2 there starts a demo game with the
last names used.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import clicked_answer, mark_yes_no
from vconsole.toolkit.fields import Choice, Field, Text
from vconsole.toolkit.form import Form
from vconsole.toolkit.hiscore import Entry, add_score
from vconsole.toolkit.hits import any_click
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.think import STOP

from . import messages as say
from .rules import Game
from .screen import PROMPT_ROW
from .strings import METHOD_LONGEST, METHOD_POINTS, high_score_value, lengths, points, rating

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import PearlsApp

MAX_PLAYERS = 6
NAME_WIDTH = 14
DEMO_GAP_S = 4.0     # in demo mode, the finished game stays on the screen this long
NOTE = "ONE NAME FOR SOLITAIRE, OR 2 TO 6"
BLANK_NOTE = "ENTER ON A BLANK NAME STARTS THE GAME"
METHODS = (("LONGEST STRING", METHOD_LONGEST), ("METHOD 2: POINTS", METHOD_POINTS))


def name_char(ch: str) -> bool:
    return ch.isalnum() or ch in " -.'"


def players_form(app: PearlsApp) -> tuple[list[str], int] | Hot | None:
    """The names and the method, None for Esc, or the Hot result that cancelled the form."""
    names = app.names + [""] * MAX_PLAYERS
    fields: list[Field] = [Text(f"p{i}", f"PLAYER {i + 1}", width=NAME_WIDTH, initial=names[i], upper=True,
                         allowed=name_char, help="A NAME, OR COMPUTER.  ENTER ON A BLANK NAME: PLAY")
                    for i in range(MAX_PLAYERS)]
    fields.append(Choice("method", "SCORING", options=METHODS,
                         initial=[m for _, m in METHODS].index(app.method)))

    def check(values: Mapping[str, Any]) -> str | None:
        return None if any(values[f"p{i}"] for i in range(MAX_PLAYERS)) else NOTE

    answer = Form(app.dos, app.theme, "WHO PLAYS?", fields, controls=app.chrome.controls(app.hot), check=check,
                  notes=[NOTE, BLANK_NOTE], enter="blank", on_refused=lambda msg: app.sound.effect("error")).run()
    if answer is None or isinstance(answer, Hot):
        return answer
    return [answer[f"p{i}"] for i in range(MAX_PLAYERS) if answer[f"p{i}"]], answer["method"]


def choose_players(app: PearlsApp) -> Hot | None:
    app.prompt("")
    if app.demo:                       # F2 at the "no players" prompt: the demo plays at once
        app.start_game(app.names, app.method)
        return None
    got = players_form(app)
    if got == Hot.QUIT:
        return Hot.QUIT
    if isinstance(got, tuple):
        app.start_game(*got)
        return None
    if app.demo:                       # F2 in the form, or demo mode already on
        app.start_game(app.names, app.method)
        return None
    app.prompt(say.no_players())
    while True:
        ev = app.chrome.input()
        if isinstance(ev, MouseEvent):
            if any_click(ev):
                return None
            continue
        act = app.hot(ev)
        if act == Hot.QUIT:
            return Hot.QUIT
        if act == Hot.MODE or ev.name in ("Enter", "Space"):
            return None
        if act is None:
            app.sound.effect("error")


def game_over(app: PearlsApp) -> None:
    """Say who won (or the solitaire score); a person's solitaire goes to the high scores."""
    game = app.playing()
    app.mark.hide()
    app.prompt("")
    if game.solitaire:
        short = game.short_strings()
        app.draw_players((0,))
        app.message(say.solitaire_result(short, rating(short)), "winner")
        app.sound.effect("win" if short <= 1 else "lose")
        if app.computer_moved or app.seats[0].computer or app.demo:
            app.message(say.solitaire_result(short, rating(short)) + " " + say.computer_played_solitaire(),
                        "winner")
            return
        value = high_score_value(short)
        if not app.scores.qualifies(value):
            app.message(say.solitaire_result(short, rating(short)) + " " + say.no_high_score(value), "winner")
            return
        when = app.dos.datetime().strftime("%m-%d-%y")
        try:
            _, problem = add_score(app.dos, app.theme, app.scores, value, date=when, extra={"short": str(short)},
                                   initial=app.seats[0].name,
                                   controls=app.chrome.controls(app.chrome.quit_key),
                                   columns=("short",), title="HIGH SCORES (SHORT STRINGS AT RIGHT)")
        except BaseException:
            # PEARLS.TMP is gone once the game is over: should the run end at the name box
            # (F7, a closed window), the score is kept under the player's name
            keep_score(app, Entry(app.seats[0].name, value, when, {"short": str(short)}))
            raise
        if problem:
            app.message(say.score_not_saved(problem), "error")
        return
    winners = game.winners()
    app.draw_players(winners)
    names = [app.seats[i].name for i in winners]
    app.message(say.winner(names, reason(game, winners)), "winner")
    people_won = any(not app.seats[i].computer for i in winners) or all(s.computer for s in app.seats)
    app.sound.effect("win" if people_won or app.demo else "lose")


def keep_score(app: PearlsApp, entry: Entry) -> None:
    """The run ended at the high-score name box: the score goes in under the player's name."""
    if app.scores.qualifies(entry.score):
        app.scores.insert(entry)
        app.scores.save()


def reason(game: Game, winners: list[int]) -> str:
    """Why the winners won, in the words of the scoring method."""
    best = winners[0]
    if game.method == METHOD_POINTS:
        return say.why_points(points(game.held[best]))
    mine = lengths(game.held[best])
    if not mine:
        return say.why_no_strings()
    others = [lengths(m) for i, m in enumerate(game.held) if i not in winners]
    if any(o and o[0] == mine[0] for o in others):
        return say.why_tie_broken()
    return say.why_longest(mine[0])


def finished_turn(app: PearlsApp) -> Hot | None:
    """The game is over: in demo mode a new one follows by itself; otherwise ask."""
    if app.demo:
        app.prompt(say.demo_next_game())
        why = app.chrome.busy(app.hot, typed=STOP).pause(DEMO_GAP_S)
        app.prompt("")
        if why == Hot.QUIT:
            return Hot.QUIT
        if why is not None:
            if app.demo:
                app.set_demo(False)
            return None
        app.new_board()
        app.start_game(app.names, app.method)
        return None
    question = say.another_game()
    app.prompt(question, "question")
    mark_yes_no(app.dos.screen, app.theme, question, PROMPT_ROW, 0)
    while True:
        ev = app.chrome.input()
        if isinstance(ev, MouseEvent):
            answer = clicked_answer(ev, question, PROMPT_ROW, 0) if app.chrome.mouse else None
        else:
            ch = ev.char.upper()
            answer = True if ch == "Y" else False if ch == "N" else None
            if answer is None:
                act = app.hot(ev)
                if act == Hot.QUIT:
                    return Hot.QUIT
                if act == Hot.MODE:
                    return None
                if act is None:
                    app.sound.effect("error")
                continue
        if answer is None:
            continue
        app.prompt("")
        if not answer:
            return Hot.QUIT
        app.new_board()
        app.redraw()
        return None
