"""The end of a game and what comes between games: the result, the bank, "another game?".

A won game is settled in the bank (the loser pays the difference in points) and the bank
written at once; a tie or an aborted game moves no chips.  "Another game?": N leaves the
program (the bank is already settled, so nothing is lost); Y asks whether the same miners
play, and N to that lets them change (a new name opens an account, written at once too).
With --shareware the program ends after each game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import clicked_answer, mark_yes_no
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.popup import show_panel

from . import forms
from . import messages as say
from .forms import is_computer
from .rules import chips
from .screen import PROMPT_ROW

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import CardMineApp


def end_game(app: CardMineApp, aborted: bool = False) -> None:
    s = app.playing()
    app.over = True
    app.entry = None
    app.new_index = None
    if aborted:
        app.loser = None
        news = say.aborted()
        app.sound.effect("lose")
    elif s.winner in (0, 1):
        w = s.winner
        n = chips(s)
        app.loser = (app.names[1 - w], 1 - w)
        app.bank.settle(app.names[w], app.names[1 - w], n, app.names)
        news = say.won(app.shown[w], app.shown[1 - w], (s.score[w], s.score[1 - w]), n)
        person_won = not is_computer(app.names[w]) or all(map(is_computer, app.names))
        app.sound.effect("win" if person_won else "lose")
    else:
        app.loser = None
        app.bank.settle(None, None, 0, app.names)
        # the decks ran out, or (with cards still to play) nobody could reach game point
        news = say.settled(s.score) if s.decks[s.turn] or s.hands[s.turn] else say.tie(s.score)
        app.sound.effect("lose")
    app.draw_game()
    app.add_news(news, "winner")  # after the play that ended it, when both fit
    if not aborted:
        save_bank(app)

def abort_request(app: CardMineApp) -> Hot | None:
    me = app.playing().turn
    other = app.names[1 - me]
    if not app.chrome.ask(say.abort_question()):
        return None
    if not is_computer(other) and not app.chrome.ask(say.agree_question(app.shown[1 - me])):
        app.message(say.plays_on(app.shown[1 - me]))
        return None
    app.entry = None
    end_game(app, aborted=True)
    return None

def between_games(app: CardMineApp) -> Hot | None:
    if app.dos.options.shareware:
        app.prompt(say.shareware_end(), role="question")
        ev = app.chrome.input()
        if isinstance(ev, Key):
            act = app.hot(ev)
            if act is not None:
                return Hot.QUIT if act == Hot.QUIT else None
        elif not isinstance(ev, MouseEvent) or ev.kind != "press":
            return None
        return Hot.QUIT
    question = say.another_game()
    app.prompt(question, role="question")
    mark_yes_no(app.dos.screen, app.theme, question, PROMPT_ROW, 0)
    ev = app.chrome.input()
    if isinstance(ev, MouseEvent):
        answer = clicked_answer(ev, question, PROMPT_ROW, 0)
    else:
        act = app.hot(ev)
        if act is not None:
            return Hot.QUIT if act == Hot.QUIT else None
        answer = {"Y": True, "N": False}.get(ev.char.upper())
    if answer is True:
        return next_game(app)
    if answer is False:
        return Hot.QUIT  # no more games: the program ends, as F7 does
    return None

def next_game(app: CardMineApp) -> Hot | None:
    """The next game, the same miners or others (CANCEL on the names form keeps them);
    Hot.QUIT when F7 was answered yes on the form."""
    if not app.chrome.ask(say.same_miners()):
        names = forms.ask_names(app, app.names)
        if names == Hot.QUIT:
            return Hot.QUIT
        if names is not None and not isinstance(names, Hot):
            app.names = names
            app.chrome.names = list(names)
    app.prompt("")
    app.say_news("")
    app.start_game()
    return None

def open_accounts(app: CardMineApp) -> None:
    """An account for each miner who has none yet (written at once: a miner who joins is
    in the bank even if the game is aborted); a full bank is said, not made room in."""
    known = len(app.bank.accounts)
    full = [n for n in app.names if app.bank.open(n) is None]
    if full:
        show_panel(app.dos, app.theme, " THE BANK ", [say.bank_full(n, app.bank.capacity) for n in full],
                   controls=app.chrome.controls())
    if len(app.bank.accounts) > known:
        save_bank(app)

def save_bank(app: CardMineApp) -> None:
    problem = app.bank.save()
    if problem is not None:
        app.dos.warn_at_exit(f"the bank was not saved: {problem}")
        app.sound.effect("error")
        show_panel(app.dos, app.theme, " THE BANK ", [say.bank_not_saved(problem)],
                   controls=app.chrome.controls(), flush=True)
