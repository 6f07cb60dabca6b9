"""What the monkey counts as a failure (an exception, a broken invariant, a hang), and the host that
feeds the program its tokens lazily and watches for those failures while it runs."""
from __future__ import annotations

import collections
import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING

from ... import errors, keyscript
from ...frontends.headless import IDLE_LIMIT_S, ScriptHost
from ...keyscript import Event
from ...machine import Machine, ProgramExit

if TYPE_CHECKING:
    from ...program import Dos

STALL_LIMIT = 20_000  # idle calls in a row with no time passing and no event taken
POLL_LIMIT = 200_000  # keyboard polls with no idle call between them
#: seconds of the process's CPU time without any service call: a program must answer keys at least this
#: often (Esc, F7).  CPU time, not wall time, so that a busy machine does not make a program fail.
WATCHDOG_S = 2.0
END_IDLE_S = 30.0  # machine time a busy program gets after the monkey's budget is spent


class MonkeyAbort(ProgramExit):
    """Ends the run once a failure is recorded; a ProgramExit so the program's finally blocks still run."""


@dataclass
class Failure:
    kind: str  # "exception", "invariant", "hang"
    summary: str  # one line
    detail: str  # traceback or explanation
    signature: tuple[str, ...]  # what "the same failure" means while shrinking

    @classmethod
    def from_exception(cls, kind: str, exc: BaseException) -> Failure:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        short = errors.where_of(exc)
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        summary = " ".join(text.split())[:160] + (f" at {short}" if short else "")
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return cls(kind, summary, detail, (kind, type(exc).__name__, where))

    @classmethod
    def hang(cls, why: str) -> Failure:
        return cls("hang", f"hang: {why}", why, ("hang",))


class _LazyQueue(collections.deque[Event]):
    """The ScriptHost queue, filled from a token source (``pull``) only when the program needs the next event:
    the host asks whether it is empty before it looks at the first event or takes it."""

    def __init__(self, pull: Callable[[], None]) -> None:
        super().__init__()
        self._pull = pull

    def __bool__(self) -> bool:
        if not len(self):
            self._pull()
        return len(self) > 0

    def popleft(self) -> Event:
        if not len(self):
            self._pull()
        return super().popleft()


_PARSED: dict[str, list[Event]] = {}


def _events_of(tok: str) -> list[Event]:
    ev = _PARSED.get(tok)
    if ev is None:
        ev = keyscript.parse(tok)
        if len(_PARSED) < 50_000:
            _PARSED[tok] = ev
    return ev


class MonkeyHost(ScriptHost):
    """ScriptHost with a lazy token supply, invariant checks and hang detection.

    Input timing is the parent's, untouched, so a recorded run replays the same
    under ``--keys``; the additions only watch.
    """

    def __init__(self, tokens: Iterator[str], idle_limit: float = IDLE_LIMIT_S,
                 watchdog: float | None = WATCHDOG_S) -> None:
        super().__init__([], on_end=None, idle_limit=idle_limit)
        self.queue = _LazyQueue(self._pull)
        self.source = tokens
        self.fed: list[str] = []
        self.failure: Failure | None = None
        self.machine: Machine | None = None
        self.watchdog = watchdog
        self._stall = 0
        self._polls = 0
        self._checked_at = -1

    # -- wiring ------------------------------------------------------------------------------
    def attach(self, machine: Machine) -> None:
        self.machine = machine
        stop_check = machine.keyboard.poll_hook

        def poll() -> None:
            self._polls += 1
            if self._polls > POLL_LIMIT:
                self.fail(Failure.hang(f"{POLL_LIMIT} keyboard polls without waiting (busy loop)"))
            if stop_check:
                stop_check()

        machine.keyboard.poll_hook = poll
        errors.on_internal_error(machine, self._internal_error)

    def _internal_error(self, dos: Dos, exc: BaseException) -> None:
        self.fail(Failure.from_exception("exception", exc))

    def fail(self, failure: Failure) -> None:
        if self.failure is None:
            self.failure = failure
        if self.machine is not None:
            self.machine.request_stop()
        raise MonkeyAbort()

    # -- the parent's hooks ------------------------------------------------------------------------
    def _pull(self) -> None:
        tok = next(self.source, None)
        if tok is not None:
            self.fed.append(tok)
            self.queue.extend(_events_of(tok))

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        if self.failure is not None:
            raise MonkeyAbort()
        self._polls = 0
        self._arm_watchdog()
        if self.used != self._checked_at:  # the program has taken new input and waits again
            self._checked_at = self.used
            self._check_invariants(machine)
        before = (machine.clock.now(), self.used)
        super().idle(machine, deadline, wake_on_input)
        if (machine.clock.now(), self.used) == before:
            self._stall += 1
            if self._stall > STALL_LIMIT:
                self.fail(Failure.hang(f"{STALL_LIMIT} waits in a row with no time passing and no input"
                                       " taken (a wait that returns at once, in a loop)"))
        else:
            self._stall = 0

    def _check_invariants(self, machine: Machine) -> None:
        dos = errors.running(machine)
        if dos is None:
            return
        try:
            dos.check_invariants()
        except Exception as exc:
            self.fail(Failure.from_exception("invariant", exc))

    # -- the watchdog: CPU time without a service call (main thread only: it uses SIGPROF) ----------
    def _arm_watchdog(self) -> None:
        if self._alarm_ok and self.watchdog:
            signal.setitimer(signal.ITIMER_PROF, self.watchdog)

    _alarm_ok = False

    def __enter__(self) -> MonkeyHost:
        self._alarm_ok = bool(self.watchdog) and hasattr(signal, "ITIMER_PROF") and (
            threading.current_thread() is threading.main_thread())
        if self._alarm_ok:
            self._old_handler = signal.signal(signal.SIGPROF, self._alarm)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._alarm_ok:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self._old_handler)
            self._alarm_ok = False

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        self._alarm_ok = False  # one shot: the program's cleanup must not be interrupted again
        self.fail(Failure.hang(f"no service call for {self.watchdog:g} s of CPU time (busy computation)"))
