"""A small COMMAND.COM: the prompt, a few internal commands, and running programs.

It is deliberately plain DOS: grey on black, ``C:\\TOYS>``, F3 brings back the
last command line, names are case-insensitive, and anything it does not know
gets the famous "Bad command or file name".
"""
from __future__ import annotations

import datetime
import textwrap

from vconsole import __version__
from vconsole.disk import DiskError
from vconsole.program import Dos, Program, UnknownProgram, discover, find
from vconsole.switches import SwitchError
from vconsole.video import COLS

PROMPT = "C:\\TOYS>"
VERSION = f"vconsole DOS version {__version__} - an IBM PC in 80x25 text mode"
MAX_LINE = 126  # the DOS command-line limit (127 bytes with the CR)

HELP = """\
Commands:
  DIR          list the programs and the files in this directory
  CLS          clear the screen
  VER          show the version
  HELP         this list
  EXIT         leave vconsole
  name [sw]    run a program, e.g.  MILL MS
F3 brings back the last command line; Esc or Ctrl+C cancels the line being typed."""


def main(dos: Dos) -> int:
    dos.screen.clear(0x07)
    say(dos, VERSION + "\r\n\r\n")
    last = ""
    while True:
        say(dos, PROMPT)
        line = read_line(dos, last)
        say(dos, "\r\n")
        if not line.strip():
            continue
        last = line
        if execute(dos, line) == "exit":
            return 0


def say(dos: Dos, text: str) -> None:
    dos.screen.tty(text)


def read_line(dos: Dos, last: str) -> str:
    """DOS buffered input (INT 21h AH=0Ah) with the F3 template key; Ctrl+C gives up the line."""
    buf: list[str] = []
    while True:
        key = dos.keyboard.read()
        if key.name == "Enter":
            return "".join(buf)
        if key.name == "Ctrl+C":
            say(dos, "^C")
            return ""
        if key.name == "Backspace":
            if buf:
                buf.pop()
                rub_out(dos)
        elif key.name == "Esc":
            say(dos, "\\\r\n" + " " * len(PROMPT))
            buf.clear()
        elif key.name == "F3":
            rest = last[len(buf):]
            buf.extend(rest)
            say(dos, rest)
        elif key.char and len(buf) < MAX_LINE:
            buf.append(key.char)
            say(dos, key.char)
        elif key.char:
            dos.speaker.beep()


def rub_out(dos: Dos) -> None:
    """Blank the character before the cursor; at column 0 it is the last one of the line above.

    Teletype backspace stops at column 0, so a line that wrapped past column 79
    needs DOS's own way back up.
    """
    scr = dos.screen
    row, col = scr.cursor_row, scr.cursor_col
    if col == 0 and row > 0:
        row, col = row - 1, COLS
    col = max(col - 1, 0)
    scr.put(row, col, " ")
    scr.set_cursor(row, col)


def execute(dos: Dos, line: str) -> str | None:
    words = line.split()
    cut = words[0].find("/", 1)
    if cut > 0:  # COMMAND.COM ends a name at a switch character: DIR/W, MILL/MS
        words[:1] = [words[0][:cut], words[0][cut:]]
    command, args = words[0].upper(), words[1:]
    if command == "EXIT":
        return "exit"
    if command == "CLS":
        dos.screen.clear(0x07)
    elif command == "VER":
        say(dos, "\r\n" + VERSION + "\r\n\r\n")
    elif command in ("HELP", "/?"):
        say(dos, HELP.replace("\n", "\r\n") + "\r\n")
    elif command == "DIR":
        directory(dos)
    else:
        run(dos, command, args)
    return None


def run(dos: Dos, command: str, args: list[str]) -> None:
    try:
        program = find(command)
    except UnknownProgram:
        program = None
    if program is None or program.hidden:
        say(dos, "Bad command or file name\r\n")
        return
    try:
        code = dos.run(program, args)
    except SwitchError as e:
        say(dos, f"{e}\r\n")
        return
    back_from(dos, program, code)


def back_from(dos: Dos, program: Program, code: int) -> None:
    """Put the prompt on a clean line after a program, as the screen it left allows.

    A full-screen game leaves its picture below the cursor, or the cursor parked
    off the screen; such games set the video mode again on the way out, which
    blanks the screen, so the prompt starts at the top of a clean one.  A
    program that wrote lines as DOS output keeps them, and the prompt goes on
    the line after.
    """
    scr = dos.screen
    row = scr.cursor_row
    used = scr.used_rows()
    if not 0 <= row < len(used) or used[row + 1:].any():
        scr.clear(0x07)
    elif scr.cursor_col or used[row]:
        say(dos, "\r\n")
    if code:
        say(dos, f"{program.name} ended with errorlevel {code}\r\n")


def directory(dos: Dos) -> None:
    lines = [" Volume in drive C is TOYS", " Directory of C:\\TOYS", ""]
    count = 0
    for name, prog in discover().items():
        if prog.hidden:
            continue
        lines.append(f"{name.upper():8} EXE   {textwrap.shorten(prog.summary, 64, placeholder='...')}")
        count += 1
    try:
        entries = dos.drive.entries()
    except DiskError as e:
        entries = []
        lines.append(str(e))
    for entry in entries:
        stem, _, ext = entry.name.partition(".")
        when = datetime.datetime.fromtimestamp(entry.mtime).strftime("%m-%d-%y  %I:%M%p").lower()
        lines.append(f"{stem[:8]:8} {ext[:3]:3} {entry.size:>10,} {when}")
        count += 1
    lines.append(f"{count:>9} file(s)")
    lines.append("")
    say(dos, "\r\n".join(lines) + "\r\n")
