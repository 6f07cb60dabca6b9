"""The function keys during a game, F1 to F10, in one table (the bottom line names them in
this order: panel.FKEYS).  A key returns where the program goes next, or None to play on.

While a saved game is watched only F1 (play on from here), F7 (sound) and F9 (leave) act.
"""
from __future__ import annotations

from collections.abc import Callable

from vconsole.toolkit.timers import Countdown

from . import messages as say
from .ending import end, reset
from .moves import after_move
from .play import Outcome, Play
from .saving import save_game, save_setup

CHECK_STEP_S = 0.7  # F6 shows each square a stone may go on for this long


def jump(play: Play) -> None:
    """F1: to the last move made (a watched game becomes a game to play on from there)."""
    history = play.game.history
    was_replay = play.replay
    if play.replay:
        play.replay = False
        play.show_cursor()
        if play.countdown is not None:
            play.countdown.wait(False, play.dos.now())
    if history.pointer == len(history) and not was_replay:
        play.say(say.AT_END)
        return
    history.go(len(history))
    play.draw_state()
    play.say(after_move(play, say.JUMPED))


def skip(play: Play) -> None:
    """F2: the cursor jumps over taken squares, or stops on every square."""
    play.app.change_setup(skip=not play.setup.skip)
    play.draw_modes()
    play.say(say.skip(play.setup.skip))


def wait(play: Play) -> None:
    """F3: the time limit's countdown stops, or runs again."""
    c = play.countdown
    if c is None:
        play.say(say.NO_LIMIT)
        return
    c.wait(not c.waiting, play.dos.now())
    play.draw_clocks()
    play.say(say.COUNT_STOPPED if c.waiting else say.COUNT_RUNS)


def timer(play: Play) -> None:
    """F5: the time limit set in the menu is taken off, or put back from the start."""
    minutes = play.app.timer_minutes
    if not minutes:
        play.say(say.NO_LIMIT)
        return
    play.countdown = None if play.countdown is not None else Countdown(play.limit, play.dos.now())
    play.app.change_setup(timer=play.countdown is not None)
    play.draw_clocks()
    play.say(say.limit_back(minutes) if play.countdown is not None else say.LIMIT_OFF)


def check(play: Play) -> None:
    """F6: every square the stone to place may go on, shown one after the other (a key stops it)."""
    game = play.game
    legal = game.legal()
    if not legal:
        play.say(say.CHECK_NONE if not game.all_placed else say.ALL_PLACED)
        return
    play.hide_cursor()
    stopped = False
    for n, cell in enumerate(legal, 1):
        play.view.draw_square(cell, game.position.board[cell])
        play.view.mark_square(cell)
        play.say(say.CHECK_START + " " + say.check_square(n, len(legal), game.match(cell)))
        ev = play.dos.input(timeout=CHECK_STEP_S)
        play.view.draw_square(cell, game.position.board[cell])
        if ev is not None:
            stopped = True
            break
    play.advance_clock()
    if not stopped:
        play.say(say.CHECK_DONE)
    play.show_cursor()


def sound(play: Play) -> None:
    """F7: the sound on or off (not at all under /NS)."""
    if play.app.no_sound:
        play.say(say.NO_SOUND_SWITCH)
        return
    on = play.app.sound.toggle()
    play.app.change_setup(sound=on)
    play.draw_modes()
    play.say(say.SOUND_ON if on else say.SOUND_OFF)


FKEYS: dict[str, Callable[[Play], Outcome | None]] = {
    "F1": jump, "F2": skip, "F3": wait, "F4": save_game, "F5": timer,
    "F6": check, "F7": sound, "F8": save_setup, "F9": reset, "F10": end,
}
WHILE_WATCHING = frozenset({"F1", "F7", "F9"})


def fkey(play: Play, name: str) -> Outcome | None:
    """Function key ``name`` ("F1".."F10"): what it did, or where the program goes next."""
    if play.replay and name not in WHILE_WATCHING:
        play.say(say.REPLAY_ONLY)
        return None
    return FKEYS[name](play)
