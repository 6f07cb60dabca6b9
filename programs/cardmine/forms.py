"""The pop-ups: the miners' names, the options (F3) and the bank's accounts (F6).

Names are typed in a form (COMPUTER, in any case, is the computer); between games the same
form lets a miner drop out and another join in.  The options form holds the values the
next game is dealt with; open hands take effect at once.  The bank is a scrolling list,
richest first.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vconsole.keyboard import Key
from vconsole.toolkit.fields import Choice, Number, Text, YesNo
from vconsole.toolkit.form import Form
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.menu import Item, choose

from . import messages as say
from .bank import NAME_WIDTH, key_of, name_char
from .rules import Options
from .screen import chips_text

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import CardMineApp

COMPUTER = "COMPUTER"


def is_computer(name: str) -> bool:
    return key_of(name) == COMPUTER


def ask_names(app: CardMineApp, initial: tuple[str, str]) -> tuple[str, str] | Hot | None:
    """The two miners' names (upper case, spaces tidied), None if the form was cancelled, or
    Hot.QUIT when F7 was answered yes in it."""
    shareware = app.dos.options.shareware
    fields = [Text("m0", "MINER 1", width=NAME_WIDTH, initial=initial[0], upper=True, allowed=name_char,
                   help="TYPE A NAME, OR COMPUTER")]
    if not shareware:
        fields.append(Text("m1", "MINER 2", width=NAME_WIDTH, initial=initial[1], upper=True, allowed=name_char,
                           help="TYPE A NAME, OR COMPUTER"))

    def check(values: Mapping[str, Any]) -> str | None:
        names = [key_of(values[f.name]) for f in fields]
        if not all(names):
            return "EVERY MINER NEEDS A NAME"
        second = names[1] if len(names) > 1 else COMPUTER
        if names[0] == second and not is_computer(second):  # the computer may play itself
            return say.names_differ()
        return None

    notes = ["EVERY MINER NEEDS A NAME", say.names_differ()]
    if shareware:
        notes.append(say.shareware_second())
    def hot(key: Key) -> Hot | None:  # the options and the bank open over the names too, before any game
        if key.name == "F3":
            return app.change_options()
        if key.name == "F6":
            return show_bank(app)
        return app.form_hot(key)

    answer = Form(app.dos, app.theme, "MINERS", fields, controls=app.chrome.controls(hot),
                  check=check, notes=notes, on_refused=lambda m: app.sound.effect("error")).run()
    if answer is None or isinstance(answer, Hot):
        return answer
    second = COMPUTER if shareware else key_of(answer["m1"])
    return key_of(answer["m0"]), second


def ask_options(app: CardMineApp, current: Options) -> Options | Hot | None:
    """The options for the next game, None if cancelled, Hot.QUIT for F7 answered yes."""
    fields = [
        Number("dealt", "CARDS DEALT", 1, 9, initial=current.dealt),
        YesNo("open", "OPEN HANDS", initial=current.open_hands),
        Choice("entrances", "STARTING ENTRANCES", options=[("2", 2), ("4", 4), ("6", 6)],
               initial=(2, 4, 6).index(current.entrances)),
        Number("point", "GAME POINT", 10, 99, initial=current.game_point),
        YesNo("replay", "REPLAY THE LAST HAND", initial=current.replay),
    ]
    answer = Form(app.dos, app.theme, "OPTIONS", fields, controls=app.chrome.controls(app.form_hot),
                  enter="accept", on_refused=lambda m: app.sound.effect("error")).run()
    if answer is None or isinstance(answer, Hot):
        return answer
    return Options(answer["dealt"], answer["open"], answer["entrances"], answer["point"], answer["replay"])


def bank_lines(app: CardMineApp) -> list[str]:
    lines = []
    for a in app.bank.ranked():
        lines.append(f"{a.name:<{NAME_WIDTH}} {chips_text(a.chips):>7}  {a.games:>5} {a.won:>5} {a.lost:>5}")
    return lines


def show_bank(app: CardMineApp) -> Hot | None:
    """The accounts, richest first, until Esc: Hot.QUIT when F7 was answered yes over them."""
    head = f"{'MINER':<{NAME_WIDTH}} {'CHIPS':>7}  {'GAMES':>5} {'WON':>5} {'LOST':>5}"
    items = [Item(head, "", enabled=False)] + [Item(line, i) for i, line in enumerate(bank_lines(app))]
    title = f" BANK: {len(app.bank.accounts)} OF {app.bank.capacity} ACCOUNTS "
    got = choose(app.dos, app.theme, title, items if len(items) > 1 else [],
                 controls=app.chrome.controls(app.form_hot),
                 empty="THE BANK HAS NO ACCOUNTS YET.", footer="\x18\x19 PGUP PGDN: SCROLL   ESC: BACK")
    return Hot.QUIT if got == Hot.QUIT else None
