"""SIGTERM and SIGHUP end a run the way closing the window does.

``kill PID``, a closed terminal, a logout or a container stop used to end a
program with no save and no word.  While ``handling`` is in force the first of
these signals asks the machine to stop (``stop``, e.g. ``Machine.request_stop``):
the program's next service call raises ``ProgramExit``, its ``finally`` blocks
(the auto-save) run, and the front end returns.  Where the program does not run
in the main thread (the window, whose main thread owns the event loop), ``stop``
is None and the handler raises ``Stopped`` there instead: it unwinds the event
loop as Ctrl+C does, and the front end stops and joins the program on its way out.

A second signal ends the process at once (the default action of that signal):
a person who sends it twice has decided not to wait for the save.  ``last_words``
runs just before (the terminal front end puts the terminal back, so even then the
shell is left usable).

Every front end uses it (the window, the headless runner, the terminal):
``with handling(stop) as caught: ...`` then ``caught.status`` (128 + the signal's
number, what a shell reports) and ``caught.line`` for the one line to print.
"""
from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

#: the signals that mean "the session is ending": kill's default, and a closed terminal
SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)
Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None  # as signal.signal gives
NAMES = {getattr(signal, n): n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)}


class Stopped(BaseException):
    """Raised in the main thread by the first signal when no ``stop`` was given (a BaseException,
    like KeyboardInterrupt, so that no ``except Exception`` in a front end swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Caught:
    """What ``handling`` saw: the first signal's number, or None."""

    def __init__(self) -> None:
        self.signum: int | None = None

    @property
    def status(self) -> int:
        """The exit status a shell gives a command ended by the signal (143 for SIGTERM, 129 for SIGHUP)."""
        return 128 + int(self.signum or 0)

    @property
    def line(self) -> str:
        name = NAMES.get(self.signum or 0, f"signal {self.signum}")
        return f"stopped by {name} (the program tidied up and saved as on closing its window)"


def _end_now(signum: int, last_words: Callable[[], None] | None = None) -> None:
    """The second signal: the signal's own default action, at once (after ``last_words``)."""
    if last_words is not None:
        try:
            last_words()
        except Exception:  # noqa: BLE001 - ending is what was asked; nothing may stop it
            pass
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


@contextmanager
def handling(stop: Callable[[], None] | None = None,
             last_words: Callable[[], None] | None = None) -> Iterator[Caught]:
    """SIGTERM and SIGHUP stop the run gracefully while the block runs (see the module's text).

    Outside the main thread (where Python cannot install handlers) it does nothing.
    The handlers in force before are put back when the block ends.
    """
    caught = Caught()
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if caught.signum is not None:
            _end_now(signum, last_words)
            return
        caught.signum = signum
        if stop is None:
            raise Stopped(signum)
        stop()

    previous: dict[int, Handler] = {}
    for s in SIGNALS:
        try:
            previous[s] = signal.signal(s, handler)
        except (OSError, ValueError):  # not allowed here (an embedded interpreter)
            pass
    try:
        yield caught
    except Stopped:
        pass  # the caller reads caught.signum
    finally:
        for s, old in previous.items():
            signal.signal(s, old)
