"""A person's turn: keys and clicks fed to the entry (entry.py) until a play is complete.

Typed: a hand card's key (1-9, A), then a square row first (1-4) and column (1-9, A-G), as
many squares as the play needs; Esc or Backspace takes the last choice back; Q or X asks
to abort the game.  Clicked: a hand card, then the squares; the right button takes the last
choice back.  The squares a choice may go to are marked on the mine as it goes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.hot import Hot

from . import endings, turns
from . import messages as say
from .entry import CARD, PAWN, SQUARE, Entry
from .mine import rank_of
from .rules import DIG_PLAY, MOVE_PLAY
from .screen import hand_at, square_at

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import CardMineApp


def prompt_text(app: CardMineApp, entry: Entry) -> str:
    name = app.shown[entry.me]
    n = len(entry.hand)
    if entry.stage == CARD:
        return {"play": say.ask_card, "dig": say.ask_dig, "discard": say.ask_discard}[entry.mode](name, n)
    if entry.stage == SQUARE:
        if entry.kind == MOVE_PLAY:
            return say.ask_walk(name, rank_of(entry.chosen[0].card))
        if entry.kind == DIG_PLAY:
            return say.ask_dig_at(name, entry.picked)
        return say.ask_lay(name, entry.picked)
    if entry.stage == PAWN:
        return say.ask_hop(name)
    return say.ask_bump(name, app.shown[1 - entry.me])


def show(app: CardMineApp) -> None:
    entry = app.entering()
    app.draw_game()
    app.prompt(prompt_text(app, entry), entry.typed() + "_")


def turn(app: CardMineApp) -> Hot | None:
    if app.entry is None or app.entry.state is not app.state:
        app.entry = Entry(app.playing())
    show(app)
    ev = app.chrome.input()
    if isinstance(ev, MouseEvent):
        mouse(app, ev)
    else:
        act = app.hot(ev)
        if act is not None:
            return Hot.QUIT if act == Hot.QUIT else None
        act = typed(app, ev)
        if act is not None:
            return act
    if app.entry is not None and app.entry.done is not None:
        play = app.entry.done
        if app.entry.auto_hop:
            # keys typed ahead for the hop the program made itself must not become the
            # next turn's card choice: they are dropped (and so are keys typed during it)
            app.dos.keyboard.flush()
        app.entry = None
        return turns.perform(app, play, own=True)
    return None


def refuse(app: CardMineApp, text: str) -> None:
    app.sound.effect("error")
    app.message(text, "error")


def answer(app: CardMineApp, refusal: str | None) -> None:
    """A click the entry took (a click sound, the note cleared) or refused (why, with a beep)."""
    if refusal:
        refuse(app, refusal)
    else:
        app.message("")
        app.sound.effect("click")


def typed(app: CardMineApp, key: Key) -> Hot | None:
    entry = app.entering()
    ch = key.char.upper()
    if ch in ("Q", "X"):
        return endings.abort_request(app)
    if key.name in ("Esc", "Backspace"):
        if not entry.back():
            refuse(app, say.nothing_to_undo())
        else:
            app.message("")
        return None
    result = entry.key(ch)
    if result is None:
        app.message("")
        if entry.stage != CARD or entry.done is not None:
            app.sound.effect("click")
    elif result == "":
        refuse(app, say.not_a_key(key.name if not key.char or not key.char.isprintable() else key.char))
    else:
        refuse(app, result)
    return None


def mouse(app: CardMineApp, ev: MouseEvent) -> None:
    entry = app.entering()
    if right_click(ev):
        if entry.back():
            app.message("")
        return
    if not left_click(ev):
        return
    held = hand_at(ev.row, ev.col, (len(app.playing().hands[0]), len(app.playing().hands[1])))
    if held is not None:
        m, i = held
        if m != entry.me:
            refuse(app, say.not_your_hand())
            return
        answer(app, entry.choose_card(i))
        return
    sq = square_at(ev.row, ev.col)
    if sq is None:
        return
    if entry.stage == CARD:
        refuse(app, say.card_first())
        return
    answer(app, entry.choose_square(sq))

