"""The prompt's other internal commands: CD, MD, RD, ECHO, DATE, TIME, MEM, VER, VOL, PROMPT, PATH, SET.

Their output follows MS-DOS 5.  Where this PC differs from a real one it says
so in DOS's manner: there is one directory, so CD anywhere else is "Invalid
directory"; the clock is the host's, so DATE and TIME show it and a new
date or time is checked as DOS checks it and then refused in one line.
"""
from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from vconsole import __version__

from .cmdline import Args
from .console import Sink, read_line, say
from .names import DIRECTORY, SERIAL, VOLUME, ShellError, place_free

if TYPE_CHECKING:
    from .main import Shell

VERSION = f"vconsole DOS Version 5.00 (vconsole {__version__})"
DEFAULT_PROMPT = "$P$G"
ENV_SIZE = 512  # bytes of environment, as after SHELL=COMMAND.COM /E:512
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
CLOCK_REFUSED = "{what} not changed: this PC keeps the host computer's clock"

MEM_REPORT = """
    655360 bytes total conventional memory
    654336 bytes available to DOS
    582464 largest executable program size
"""


def ver(sh: Shell, args: Args, out: Sink) -> None:
    out.write(f"\n{VERSION}\n")


def vol(sh: Shell, args: Args, out: Sink) -> None:
    args.only("")
    args.at_most(1)
    if args.params:
        place_free(args.params[0])  # another drive letter: Invalid drive specification
    out.write(f"\n Volume in drive C is {VOLUME}\n Volume Serial Number is {SERIAL}\n")


def mem(sh: Shell, args: Args, out: Sink) -> None:
    args.only("CDP")
    out.write(MEM_REPORT)


def cd(sh: Shell, args: Args, out: Sink) -> None:
    """One directory: CD shows it; CD to it (``\\TOYS``, ``.``) stays; anywhere else is no directory here."""
    args.only("")
    args.at_most(1)
    if not args.params:
        out.write(DIRECTORY + "\n")
        return
    try:
        if place_free(args.params[0]) == "":
            return
    except ShellError as e:
        if "drive" in str(e):
            raise
    raise ShellError("Invalid directory")


def md(sh: Shell, args: Args, out: Sink) -> None:
    args.need(1)
    raise ShellError("Unable to create directory")


def rd(sh: Shell, args: Args, out: Sink) -> None:
    args.need(1)
    raise ShellError("Invalid path, not directory,\nor directory not empty")


def echo(sh: Shell, args: Args, out: Sink) -> None:
    """ECHO [ON|OFF|message]; ``ECHO.`` (any delimiter straight after the word) is an empty line."""
    raw = args.raw
    text = raw[1:] if raw[:1] in (" ", "\t", ".", ",", ";", "=", "/", "[", "]", "+", ":") else raw
    word = text.strip().upper()
    if not raw.strip() and raw[:1] in ("", " ", "\t"):
        out.write(f"ECHO is {'on' if sh.echo else 'off'}\n")
    elif word in ("ON", "OFF") and raw[:1] in (" ", "\t"):
        sh.echo = word == "ON"
    else:
        out.write(text + "\n")


# -- the clock ----------------------------------------------------------------------------------

def _date_text(d: datetime.date) -> str:
    return f"{DAYS[d.weekday()]} {d:%m-%d-%Y}"


def _time_text(t: datetime.datetime) -> str:
    hundredths = t.microsecond // 10000
    return f"{t.hour % 12 or 12:>2}:{t.minute:02d}:{t.second:02d}.{hundredths:02d}{'a' if t.hour < 12 else 'p'}"


def valid_date(text: str) -> bool:
    """mm-dd-yy or mm-dd-yyyy (also with / or .), 1980-2099, a real day: what DOS accepts."""
    m = re.fullmatch(r"\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\s*", text)
    if not m:
        return False
    month, day, year = (int(g) for g in m.groups())
    if len(m.group(3)) == 2:
        year += 1900 if year >= 80 else 2000
    if not 1980 <= year <= 2099:
        return False
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def valid_time(text: str) -> bool:
    """h[:mm[:ss[.cc]]] with an optional a/p, as DOS 5 reads it."""
    m = re.fullmatch(r"\s*(\d{1,2})(?::(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,2}))?)?)?\s*([aApP][mM]?)?\s*", text)
    if not m:
        return False
    h, mi, s, _cs, ap = m.groups()
    hour, minute, second = int(h), int(mi or 0), int(s or 0)
    if ap:
        if not 1 <= hour <= 12:
            return False
    elif hour > 23:
        return False
    return minute < 60 and second < 60


def _set_clock(sh: Shell, given: list[str], what: str, prompt: str, valid: Callable[[str], bool],
               out: Sink) -> None:
    """DOS's dialogue: a value on the command line or asked for; Enter alone keeps the clock.

    An invalid value is "Invalid date" / "Invalid time" and asked again, as
    DOS did; a valid one is refused in one line, since this PC's clock is
    the host's and cannot be set from here.
    """
    typed = " ".join(given) if given else None
    while True:
        if typed is None:
            out.write(prompt)
            typed = read_line(sh.dos, limit=20)
            say(sh.dos, "\n")
        if not typed.strip():
            return
        if valid(typed):
            out.write(CLOCK_REFUSED.format(what=what) + "\n")
            return
        out.write(f"Invalid {what.lower()}\n")
        typed = None


def date(sh: Shell, args: Args, out: Sink) -> None:
    args.only("")
    if not args.params:
        out.write(f"Current date is {_date_text(sh.now().date())}\n")
    _set_clock(sh, args.params, "Date", "Enter new date (mm-dd-yy): ", valid_date, out)


def time(sh: Shell, args: Args, out: Sink) -> None:
    args.only("")
    if not args.params:
        out.write(f"Current time is {_time_text(sh.now())}\n")
    _set_clock(sh, args.params, "Time", "Enter new time: ", valid_time, out)


# -- the environment ---------------------------------------------------------------------------

def expand_prompt(spec: str, sh: Shell) -> str:
    """PROMPT's $ codes: $P path, $G >, $L <, $B |, $Q =, $$ $, $T time, $D date, $V version,
    $N drive, $_ new line, $E Esc, $H backspace; anything else after $ shows nothing."""
    now = sh.now()
    codes = {"P": DIRECTORY, "G": ">", "L": "<", "B": "|", "Q": "=", "$": "$", "T": _time_text(now)[:-1].strip(),
             "D": _date_text(now.date()), "V": VERSION, "N": "C", "_": "\r\n", "E": "\x1b", "H": "\b"}
    out, i = [], 0
    while i < len(spec):
        ch = spec[i]
        if ch == "$" and i + 1 < len(spec):
            out.append(codes.get(spec[i + 1].upper(), ""))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _env_bytes(env: dict[str, str]) -> int:
    return sum(len(k) + len(v) + 2 for k, v in env.items()) + 1


def put_env(sh: Shell, name: str, value: str) -> None:
    """SET NAME=VALUE (an empty value removes NAME); "Out of environment space" past ENV_SIZE."""
    env = dict(sh.env)
    if value:
        env[name] = value
    else:
        env.pop(name, None)
    if _env_bytes(env) > ENV_SIZE:
        raise ShellError("Out of environment space")
    sh.env.clear()
    sh.env.update(env)


def set_(sh: Shell, args: Args, out: Sink) -> None:
    raw = args.raw.strip()
    if not raw:
        out.write("".join(f"{k}={v}\n" for k, v in sh.env.items()))
        return
    name, eq, value = raw.partition("=")
    if not eq or not name.strip():
        raise ShellError("Syntax error")
    put_env(sh, name.strip().upper(), value)


def prompt(sh: Shell, args: Args, out: Sink) -> None:
    text = args.raw[1:] if args.raw[:1] in (" ", "\t", "=") else args.raw
    put_env(sh, "PROMPT", text.strip() or DEFAULT_PROMPT)


def path(sh: Shell, args: Args, out: Sink) -> None:
    text = (args.raw[1:] if args.raw[:1] in (" ", "\t", "=") else args.raw).strip()
    if not text:
        out.write(f"PATH={sh.env['PATH']}\n" if sh.env.get("PATH") else "No Path\n")
    elif text == ";":
        put_env(sh, "PATH", "")
    else:
        put_env(sh, "PATH", text.upper())
