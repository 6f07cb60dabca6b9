"""A game's loop: the keys and clicks of a game in play (or being watched), the clocks kept
going between them, and where the program goes when the game is left (an ``Outcome``)."""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.popup import show_panel

from . import help as helptext
from . import messages as say
from . import moves
from .ending import finish
from .fkeys import FKEYS, fkey
from .play import Outcome, Play
from .screen import cell_of

CURSOR_KEYS = ("Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn", "Gray*")
TUNE_KEYS = "01234"  # 0: no tune for a one-way match, 1-4: one of the four
BLINK_KEYS = {"<": False, ",": False, ">": True, ".": True}  # slower / faster


def run(play: Play) -> Outcome:
    """Play (or watch) the game until it is left: where the program goes next."""
    play.app.pointer(play.mouse)
    play.draw()
    if play.replay:
        play.say(say.REPLAY_START)
    elif play.opening:
        play.say(play.opening)
    while True:
        ev = next_event(play)
        if ev is None:  # the time limit ran out
            play.say(say.TIME_UP)
            play.effect("timeup")
            return finish(play, time_up=True)
        outcome = handle(play, ev)
        if outcome is not None:
            play.hide_cursor()
            return outcome


def next_event(play: Play) -> Key | MouseEvent | None:
    """The next key or click, keeping the clocks and the cursor going; None when time is up."""
    while True:
        play.advance_clock()
        play.draw_clocks()
        if play.time_up:
            return None
        tick = play.watch.next_tick(play.dos.now())  # wake up when the shown second changes
        expiry = play.countdown.until_expiry() if play.countdown is not None else None
        if expiry is not None:
            tick = min(tick, expiry)
        ev: Key | MouseEvent | None = play.blinker.input(play.dos, timeout=tick)
        if ev is not None:
            play.advance_clock()
            return ev


def handle(play: Play, ev: Key | MouseEvent) -> Outcome | None:
    if isinstance(ev, MouseEvent):
        return click(play, ev)
    name = ev.name
    if name == "Ctrl+Q":
        return Outcome.QUIT
    if name in FKEYS:
        return fkey(play, name)
    ch = ev.char.upper()
    if ch == "H":
        show_panel(play.dos, play.theme, helptext.REMINDER_TITLE, list(helptext.REMINDER),
                   controls=play.controls)
    elif ch == "E":
        play.app.change_setup(easy=not play.setup.easy)
        play.panel.draw_stones(play.game, play.setup.easy)
        play.say(say.easy(play.setup.easy))
    elif ch and ch in TUNE_KEYS:
        play.app.change_setup(tune=int(ch))
        play.draw_modes()
        play.say(say.tune(play.setup.tune))
        if play.setup.tune:
            play.effect(f"tune{play.setup.tune}")
    elif ch in BLINK_KEYS:
        moves.blink_rate(play, BLINK_KEYS[ch])
    elif play.replay:
        moves.replay_key(play, name)
    elif name in ("Gray-", "Gray+"):
        moves.step(play, back=name == "Gray-")
    elif name in CURSOR_KEYS or play.cursor.key_name(ev) in CURSOR_KEYS:
        if play.mouse:
            play.say(say.MOUSE_MODE)
        else:
            moves.move_cursor(play, ev)
            play.blinker.place(play.cursor.pos, play.dos.now())
    elif name in ("Enter", "Ins"):
        if play.mouse:
            play.say(say.MOUSE_MODE)
        else:
            moves.place(play, cell_of(play.cursor.pos))
    return None


def click(play: Play, ev: MouseEvent) -> Outcome | None:
    """Mouse mode: a click on the function-key line is that key; left places, right takes back."""
    if not play.mouse or ev.kind != "press":
        return None
    key = play.fkey_hits.at(ev.row, ev.col) if play.fkey_hits is not None and left_click(ev) else None
    if key is not None:
        return fkey(play, key)
    if play.replay:
        if left_click(ev):
            moves.step(play, back=False)
        elif right_click(ev):
            moves.step(play, back=True)
        return None
    square = play.view.board.square_at(ev.row, ev.col)
    if right_click(ev):
        moves.step(play, back=True)
    elif left_click(ev) and square is not None:
        moves.place(play, cell_of(square))
    return None
