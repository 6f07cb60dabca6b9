"""The reference a pip-installed user has without the repository: ``vconsole help keys|settings``.

Plain text, imported only by ``vconsole help``; tests/test_cli_tidy.py checks that every example in
the key-script text parses, so it cannot drift from the language.
"""
from __future__ import annotations

KEYS = """\
Key scripts: the input of a headless run (vconsole --headless --keys SCRIPT ...)

  --keys 'SCRIPT'   the script itself
  --keys @FILE      the script in a text file (UTF-8, at most 1 MB)
  --keys @-         the script from standard input:  echo '"dir" Enter' | vconsole --keys @-

Tokens are separated by spaces or new lines; # starts a comment to the end of the line.

  a                 one character: types it (a single letter, digit or sign)
  "some text"       types each character in the quotes, spaces too
  Enter  Esc  Tab  Space  Backspace  F1 .. F12
  Up  Down  Left  Right  Home  End  PgUp  PgDn  Ins  Del
  Gray+  Gray-  Gray*  KP0 .. KP9      the keypad (Num Lock on; Shift+KP8 is the arrow)
  Ctrl+Q  Alt+X  Shift+Tab  Ctrl+Up    a key with Ctrl, Alt or Shift held
  Quote  "#"        the two characters the script language itself uses: " and #
  wait:MS           let MS milliseconds of machine time pass
  move:COL,ROW      move the mouse to a text cell (0-based: 0,0 is the top left)
  click:COL,ROW     left click on a cell;  rclick:COL,ROW  right click
  wheel:N           turn the mouse wheel N notches (positive scrolls down, wheel:-3 up)

Text that is not a key name must be quoted: "17" types 1 and 7; a bare 17 is refused with that
advice. The run ends when the program exits, or when it waits for input and the script is used up.
Time is virtual, so a scripted run ends as fast as the computer can think.

Example:  vconsole mill --headless --keys '"1" Enter wait:2000 click:10,5' --screenshot mill.png
"""

#: the examples above that must parse (checked by a test)
KEY_EXAMPLES = ['a "some text" Enter Esc Tab Space Backspace F1 F12', "Up Down Left Right Home End PgUp PgDn Ins Del",
                "Gray+ Gray- Gray* KP0 KP9 Shift+KP8", 'Ctrl+Q Alt+X Shift+Tab Ctrl+Up Quote "#"',
                "wait:500 move:0,0 click:10,5 rclick:10,5 wheel:-3 wheel:2", '"dir" Enter',
                '"1" Enter wait:2000 click:10,5']

TOPICS = {"keys": KEYS}


def topic(name: str) -> str | None:
    """The help text on ``name``, or None when there is none."""
    if name == "settings":
        return settings_text()
    return TOPICS.get(name)


def settings_text() -> str:
    from . import settings

    return f"""\
Settings: vconsole.toml, VCONSOLE_* variables, the command line (the strongest wins, in that order)

  your settings file:  {settings.default_path()}
  another file:        --config FILE, or VCONSOLE_CONFIG=FILE
  a variable:          VCONSOLE_DISPLAY=mda  (VCONSOLE_ + the key in capitals)
  what is in force:    vconsole config   (each value and where it came from)

A key is an option's long name: display = "mda", monitor = "green", scale = 3, volume = 40,
mute = true, speaker = "filtered", mouse = false (that is --no-mouse), drive = "~/dos", and every
other option of 'vconsole --help' that says how to run (not the outputs, --keys or --seed).
A table [switches] gives programs their default switches:  mill = "MS".
A bad value is one line naming the file, the line and the key (exit status 2).
"""
