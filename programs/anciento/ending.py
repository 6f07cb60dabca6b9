"""Leaving a game: F9 (to the title or the menu, the game kept), F10 and the time limit (the
end: the final score, and the Hall of Fame for a game played here)."""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.popup import show_panel

from . import messages as say
from .panel import MSG_ROWS, MSG_TOP
from .play import Outcome, Play
from .screen import PANEL_LEFT, PANEL_WIDTH

RESET_KEYS = {"R": Outcome.TITLE, "M": Outcome.MENU}  # F9's choices, in say.RESET_CHOICE's order
RESET_LINES = tuple(RESET_KEYS.values())  # the outcome of a click on each choice's line


def reset(play: Play) -> Outcome | None:
    """F9: back to the title (R) or the main menu (M); Esc (or a right click) plays on."""
    scr, th = play.dos.screen, play.theme
    play.say("")
    for k, (key, words) in enumerate(say.RESET_CHOICE):
        scr.write(MSG_TOP + k, PANEL_LEFT, key, th["side_key"])
        scr.write(MSG_TOP + k, PANEL_LEFT + 5, words, th["panel"])
    while True:
        ev = play.dos.input()
        if isinstance(ev, Key):
            ch = ev.char.upper()
            if ch in RESET_KEYS:
                return RESET_KEYS[ch]
            if ev.name == "Esc":
                play.say("")
                return None
            if ev.name == "Ctrl+Q":
                return Outcome.QUIT
        elif isinstance(ev, MouseEvent) and play.mouse and ev.kind == "press":
            line = ev.row - MSG_TOP if PANEL_LEFT <= ev.col else -1
            if left_click(ev) and 0 <= line < len(RESET_LINES):
                return RESET_LINES[line]
            if right_click(ev) or (left_click(ev) and line == len(RESET_LINES)):
                play.say("")
                return None


def end(play: Play) -> Outcome | None:
    """F10: end the game; with stones still to place it asks first (F9, next to it, asks too)."""
    if not play.game.all_placed:
        th = play.theme
        play.hide_cursor()
        play.say("")
        yes = ask_yes_no(play.dos, th, say.END_ASK, MSG_TOP + MSG_ROWS - 1, PANEL_LEFT, role="panel",
                         key_role="side_key", controls=play.controls, clear_width=PANEL_WIDTH)
        if not yes:
            play.say(say.END_KEPT)
            play.show_cursor()
            return None
    return finish(play, time_up=False)


def finish(play: Play, time_up: bool) -> Outcome:
    """The game is over (F10 or the time limit): its score, and its place in the Hall of Fame."""
    play.ended = True
    play.hide_cursor()
    final = play.game.final()
    play.panel.draw_over(final.total, time_up)  # no stone to place is left on show
    if not time_up:
        play.say("")  # nor a question just answered
    play.effect("end")
    lines = [
        f"Placing the stones      {final.play:>10,}",
        f"Quatros: {final.quatros:<2}             {final.quatro_bonus:>10,}",
        f"Stones left: {final.left:<2}         {final.left_bonus:>10,}",
        "",
        f"FINAL SCORE             {final.total:>10,}",
    ]
    played = play.may_enter_hall
    if not played:
        lines += ["", *say.NOT_PLAYED_HERE]
    show_panel(play.dos, play.theme, " TIME IS UP " if time_up else " GAME OVER ", lines, controls=play.controls)
    if played:
        play.app.enter_hall(final.total, play.game.deal.number, play.game, play.played())
    return Outcome.NEXT if play.app.play_next else Outcome.MENU
