"""What happens when a program breaks: a DOS-style error screen and a log, never silence.

A DOS program that hit a bug showed a terse message and dropped back to the
prompt; the player's saved games were untouched.  ``guard`` gives every
program the same treatment: the exception is written, with its traceback, to
VCONSOLE.LOG in the program's directory (appended atomically through the
Drive, so a second crash cannot spoil the first report), the screen says what
happened and where the details are, and after a key the program ends with
errorlevel 255.  Nothing is saved or deleted here: the last auto-save the
program made stays as it was, so a crash can never overwrite a good save with
the state that caused it.

``ProgramExit`` (window closed, script ended) is a BaseException and passes
through untouched.  Tools that must see every internal error (the monkey
tester) register with ``on_internal_error``; ``running`` tells them which
program's ``Dos`` is active on a machine.
"""
from __future__ import annotations

import datetime
import sys
import textwrap
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from .disk import DiskError

if TYPE_CHECKING:
    from .machine import Machine
    from .program import Dos, Program

LOG_NAME = "VCONSOLE.LOG"
LOG_KEEP = 64 * 1024  # bytes of log kept on the player's disk (whole entries at the end)
ERRORLEVEL = 255
SCREEN_ATTR = 0x07  # grey on black, like COMMAND.COM's own messages
TITLE_ATTR = 0x0F

Listener = Callable[["Dos", BaseException], None]
_listeners: weakref.WeakKeyDictionary[Machine, list[Listener]] = weakref.WeakKeyDictionary()
_running: weakref.WeakKeyDictionary[Machine, list[Dos]] = weakref.WeakKeyDictionary()


def on_internal_error(machine: Machine, listener: Listener) -> None:
    """Call ``listener(dos, exc)`` for every internal error on this machine, before the screen.

    A listener may raise (a BaseException) to end the run instead of showing the screen.
    """
    _listeners.setdefault(machine, []).append(listener)


def running(machine: Machine) -> Dos | None:
    """The Dos of the innermost program running under ``guard`` on this machine."""
    stack = _running.get(machine)
    return stack[-1] if stack else None


def guard(dos: Dos, program: Program, fn: Callable[[Dos], int | None]) -> int | None:
    """Run ``fn(dos)``; an exception escaping it becomes the error screen and the log entry.

    Returns fn's errorlevel, ``sys.exit``'s code, or ERRORLEVEL after an internal error.
    """
    stack = _running.setdefault(dos.machine, [])
    stack.append(dos)
    try:
        return fn(dos)
    except SystemExit as e:  # a program calling exit() ends itself, not the whole PC
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception as exc:
        return internal_error(dos, program, exc)
    finally:
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is dos:
                del stack[i]
                break


def log_exception(dos: Dos, program: Program, exc: BaseException, note: str = "") -> str | None:
    """Append the traceback to VCONSOLE.LOG; returns None, or why the log could not be written.

    When the disk refuses, the report goes to the host's stderr instead: it is
    never dropped.
    """
    entry = _log_entry(dos, program, exc, note)
    try:
        dos.drive.append_text(LOG_NAME, entry, keep=LOG_KEEP)
    except DiskError as e:
        sys.stderr.write(entry)
        return str(e)
    return None


def internal_error(dos: Dos, program: Program, exc: Exception) -> int:
    """Log, tell the listeners, show the error screen, wait for a key; the errorlevel to return."""
    log_problem = log_exception(dos, program, exc)
    for listener in list(_listeners.get(dos.machine, ())):
        listener(dos, exc)
    try:
        show_screen(dos, program, exc, log_problem)
    except Exception:  # the screen itself is broken: the log (or stderr) already has the story
        import traceback

        traceback.print_exc(file=sys.stderr)
        return ERRORLEVEL
    _wait_for_any_key(dos)
    return ERRORLEVEL


def where_of(exc: BaseException) -> str:
    """The innermost frame as 'file line N (function)', the first thing a bug report needs."""
    import traceback  # here, not at the top: only a program that fails needs it

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    parts = f.filename.replace("\\", "/").split("/")
    short = "/".join(parts[-2:])
    return f"{short} line {f.lineno} ({f.name})"


def _log_entry(dos: Dos, program: Program, exc: BaseException, note: str) -> str:
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    switches = " ".join(sorted(dos.switches)) or "none"
    head = (f"=== {when}  {program.name}  switches: {switches}  display: {dos.machine.adapter.name}"
            f"  machine time: {dos.clock.now():.3f} s  seed: {dos.options.seed}\n")
    if note:
        head += note.rstrip("\n") + "\n"
    import traceback

    body = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return head + body + "\n"


def screen_lines(dos: Dos, program: Program, exc: BaseException, log_problem: str | None) -> list[str]:
    """The error screen's text, each line at most 78 columns."""
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    lines = [f"Internal error in {program.name}", ""]
    lines += ["  " + w for w in textwrap.wrap(" ".join(what.split()), 74, max_lines=3, placeholder=" ...")]
    where = where_of(exc)
    if where:
        lines.append(f"  at {where}"[:78])
    lines.append("")
    lines.append("Your saved games are untouched; the last auto-save is kept as it was.")
    if log_problem is None:
        lines.append(f"The details were added to {LOG_NAME} in the program's directory:")
        lines += ["  " + w for w in textwrap.wrap(str(dos.drive.root), 76, max_lines=2, placeholder=" ...")]
    else:
        lines.append(f"{LOG_NAME} could not be written ({log_problem})"[:78])
        lines.append("The details went to the console that started vconsole.")
    lines += ["", "Press any key to return to DOS"]
    return lines


def show_screen(dos: Dos, program: Program, exc: BaseException, log_problem: str | None) -> None:
    """A plain DOS screen: grey on black, cursor after the last line, no sound, no mouse pointer."""
    scr = dos.screen
    dos.machine.tidy()
    scr.clear(SCREEN_ATTR)
    lines = screen_lines(dos, program, exc, log_problem)
    for row, line in enumerate(lines[:24]):
        scr.write(row, 0, line, TITLE_ATTR if row == 0 else SCREEN_ATTR)
    last = min(len(lines), 24) - 1
    scr.set_cursor(last, min(len(lines[last]) + 1, 79))


def _wait_for_any_key(dos: Dos) -> None:
    dos.keyboard.flush()  # keys typed before the crash must not dismiss the message unseen
    while True:
        ev = dos.input()
        if getattr(ev, "kind", "press") == "press":  # a key, or a mouse button going down
            return
