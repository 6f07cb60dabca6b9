"""F4 and F8 during a game: the game kept in a file the player names, the setup in a slot.

The name is typed on the message area's last line; a name already taken is asked about
before its file is replaced.  Whatever went wrong is said in the message area, never raised.
"""
from __future__ import annotations

from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.form import ask_key
from vconsole.toolkit.lineinput import read_line

from . import files
from . import messages as say
from .panel import MSG_ROWS, MSG_TOP
from .play import Play
from .screen import PANEL_LEFT, PANEL_RIGHT, PANEL_WIDTH
from .setups import SLOTS


def save_game(play: Play) -> None:
    """F4: the game so far (every move, and the time played) in NAME.ANC."""
    play.hide_cursor()
    try:
        _save(play)
    finally:
        play.show_cursor()


def _save(play: Play) -> None:
    dos, th = play.dos, play.theme
    play.say(say.SAVE_PROMPT)
    row = MSG_TOP + MSG_ROWS - 1

    def refused(ch: str) -> None:
        play.effect("refused")

    name = read_line(dos, th, row, PANEL_LEFT, files.NAME_MAX + 1,
                     allowed=lambda ch: ch.upper() in files.NAME_CHARS, upper=True,
                     controls=play.controls, on_refused=refused, limit=files.NAME_MAX)
    dos.screen.fill(row, PANEL_LEFT, row, PANEL_RIGHT, " ", th["panel"])
    if not name or not name.strip():
        play.say(say.SAVE_CANCELLED)
        return
    if not files.valid_name(name):
        play.say(say.SAVE_NAME_BAD)
        return
    if dos.drive.exists(files.file_name(name)):
        play.say("")
        yes = ask_yes_no(dos, th, say.REPLACE, MSG_TOP, PANEL_LEFT, role="panel", key_role="side_key",
                         controls=play.controls, clear_width=PANEL_WIDTH)
        if not yes:
            play.say(say.SAVE_CANCELLED)
            return
    failed = files.save_game(dos.drive, name, play.game, play.played())
    play.say(failed or say.saved(name.upper()))
    if failed:
        play.effect("refused")


def save_setup(play: Play) -> None:
    """F8: the whole setup (colours, sound, skip, timer, tune, blink, easy) in a slot A-Z, 0-9."""
    slot = ask_key(play.dos, play.theme, "SAVE SETUP", list(say.SLOT_LINES), SLOTS, controls=play.controls)
    if not isinstance(slot, str):  # Esc (no hot keys here, so never a Hot)
        return
    failed = files.save_setup(play.dos.drive, slot, play.setup)
    play.say(failed or say.setup_saved(slot))
