"""The prompt's console: output to the screen or a buffer, line input, the pauses that wait for a key.

Commands write text with ``\\n`` line ends to a sink: the screen (CR LF, tabs
to the next multiple of 8, BEL sounds, as the DOS console device did), a
buffer (a pipe or a ``>`` redirection), or nothing (``> NUL``).  Input is
DOS buffered input (INT 21h AH=0Ah) with the F3 template key.
"""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.video import COLS, ROWS

MAX_LINE = 126  # the DOS command-line limit (127 bytes with the CR)
CTRL_Z = "\x1a"


class Cancelled(Exception):
    """Ctrl+C at a question or a pause: the command stops where it is (``^C`` is already shown)."""


class Screen:
    """Console output (DOS function 02h/09h on the CON device)."""

    def __init__(self, dos: Dos) -> None:
        self.dos = dos

    def write(self, text: str) -> None:
        scr = self.dos.screen
        if "\a" in text:
            self.dos.speaker.beep()
            text = text.replace("\a", "")
        if "\t" in text:
            text = _expand_tabs(text, scr.cursor_col)
        scr.tty(text.replace("\r\n", "\n").replace("\n", "\r\n"))


class Buffer:
    """Output kept for a pipe or a redirection."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


class Null:
    """``> NUL``: output goes nowhere."""

    def write(self, text: str) -> None:
        pass


Sink = Screen | Buffer | Null  # where a command's output goes


def _expand_tabs(text: str, col: int) -> str:
    out = []
    for ch in text:
        if ch == "\t":
            n = 8 - col % 8
            out.append(" " * n)
            col += n
        else:
            out.append(ch)
            col = 0 if ch in "\r\n" else col + 1
    return "".join(out)


def say(dos: Dos, text: str) -> None:
    Screen(dos).write(text)


def read_line(dos: Dos, template: str = "", limit: int = MAX_LINE, indent: int = 0) -> str:
    """DOS buffered input with the F3 template key; Ctrl+C gives up the line (returns '').

    Esc abandons what was typed and starts again on a fresh line (``\\`` at its
    end, the new line indented by ``indent``, as COMMAND.COM does under its
    prompt).  Ctrl+Z and F6 put DOS's end-of-file mark in the line, shown ^Z.
    """
    buf: list[str] = []
    while True:
        key = dos.keyboard.read()
        name = key.name
        if name == "Enter":
            return "".join(buf)
        if name == "Ctrl+C":
            say(dos, "^C")
            raise Cancelled
        if name == "Backspace":
            if buf:
                shown = 2 if buf.pop() == CTRL_Z else 1
                for _ in range(shown):
                    rub_out(dos)
        elif name == "Esc":
            say(dos, "\\\n" + " " * indent)
            buf.clear()
        elif name == "F3":
            rest = template[len(buf):]
            if len(buf) + len(rest) > limit:
                rest = rest[:max(0, limit - len(buf))]
            buf.extend(rest)
            say(dos, rest.replace(CTRL_Z, "^Z"))
        elif name in ("Ctrl+Z", "F6"):
            if len(buf) < limit:
                buf.append(CTRL_Z)
                say(dos, "^Z")
        elif key.char and len(buf) < limit:
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


def wait_key(dos: Dos, message: str) -> None:
    """Show ``message`` and wait for a key; Ctrl+C (or Ctrl+Break) stops the command."""
    say(dos, message)
    key = dos.keyboard.read()
    if key.name in ("Ctrl+C", "Ctrl+Break"):
        say(dos, "^C\n")
        raise Cancelled


def ask_yes_no(dos: Dos, question: str) -> bool:
    """A DOS Y/N question answered with a line (``Y`` Enter); asked again until it is Y or N."""
    while True:
        say(dos, question)
        answer = read_line(dos, limit=8).strip().upper()
        say(dos, "\n")
        if answer[:1] in ("Y", "N"):
            return answer[:1] == "Y"


def screen_lines(text: str) -> list[str]:
    """The text as the rows it fills on an 80-column screen (long lines wrap)."""
    rows: list[str] = []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines:
        line = _expand_tabs(line.replace("\r", ""), 0)
        rows.extend([line[i:i + COLS] for i in range(0, len(line), COLS)] or [""])
    return rows


def more(dos: Dos, text: str, sink: Sink) -> None:
    """MORE: the text a screenful at a time (24 rows, then ``-- More --`` and a key).

    To anything but the screen (a pipe onwards, a file) the text passes whole.
    """
    if not isinstance(sink, Screen):
        sink.write(text)
        return
    page = ROWS - 1
    shown = 0
    for row in screen_lines(text):
        if shown == page:
            wait_key(dos, "-- More --")
            say(dos, "\r" + " " * 10 + "\r")
            shown = 0
        # a row of exactly 80 characters ends on the screen's edge: the cursor wraps by itself
        sink.write(row if len(row) == COLS else row + "\n")
        shown += 1
