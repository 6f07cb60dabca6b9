"""Playing a journal back: the same input at the same points of the program, on machine time.

A journal recorded headless (machine clock) is replayed by the number of the
wait each input arrived in: at wait n the replay moves the virtual clock to
each input's time and delivers it, then ends the wait as the recording host
did (at once when input the program waits for has come, else at the wait's
deadline).  The program therefore sees every key at the same point of its
execution and the run is bit-exact: the same screens and the same sound.

A journal recorded in the window (real clock) is replayed by time: each input
is delivered in the first wait that reaches its machine time.  In real time a
key can reach a program in the middle of a computation (a search cut short
with Esc, a key seen by a poll between two moves of a computer player), which
a replay on machine time cannot reproduce, so only the final screen is checked;
when keys came while the program waited for them, the final screen is the same.

Check lines are compared as the replay passes them; the first difference is
reported with the time and line, and the version the journal was made by.
"""
from __future__ import annotations

import collections
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..frontends.headless import TappedClock
from ..frontends.inputs import Inputs
from ..machine import Machine, ProgramExit
from . import journal as jn

if TYPE_CHECKING:
    from ..frontends.headless import Outcome
    from ..machine import MachineConfig
    from ..program import Program, RunOptions

#: how far past a journal's last moment an exact replay may run while waits it names are still to come
OVERRUN_S = 60.0


class ReplayEnded(ProgramExit):
    """The journal has nothing more to give the program: the run is stopped there."""


@dataclass
class Divergence:
    t: float
    line: int
    what: str


@dataclass
class ReplayReport:
    """What a replay found, in words for the terminal."""

    journal: jn.Journal
    divergence: Divergence | None = None
    notes: list[str] = field(default_factory=list)
    events: int = 0
    checks: int = 0

    @property
    def exact(self) -> bool:
        return self.divergence is None

    def lines(self) -> list[str]:
        j = self.journal
        out = list(self.notes)
        d = self.divergence
        if d is not None:
            where = f"line {d.line}" if d.line else "the end"
            out.append(f"{j.path} no longer replays exactly: {d.what} at {d.t:.1f} s ({where}); "
                       f"it was made by {j.header.made_by}, this is {jn.MADE_BY}")
            if not j.exact:
                out.append("(it was recorded in the window: input that reached the program in the middle of a "
                           "computation, such as a search cut short, cannot be replayed exactly)")
        return out


class ReplayHost:
    """Delivers a journal's input to a machine as it waits (see the module docstring)."""

    def __init__(self, journal: jn.Journal, report: ReplayReport | None = None,
                 pace: Callable[[Machine, float], None] | None = None) -> None:
        self.journal = journal
        self.report = report or ReplayReport(journal)
        self.queue = collections.deque(journal.lines)
        self.exact = journal.exact
        self.pace = pace
        self.on_end: Callable[[Machine], None] | None = None
        self.count = 0
        self.used = 0
        self.inputs: Inputs | None = None
        self.ended = False

    # -- the machine's waits ----------------------------------------------------------------------
    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        self.count += 1
        machine.check_stop()
        if self.exact:
            self._exact(machine, deadline, wake_on_input)
        else:
            self._timed(machine, deadline, wake_on_input)

    def _exact(self, machine: Machine, deadline: float | None, wake: bool | str) -> None:
        while self.queue and self.queue[0].i <= self.count:
            line = self.queue.popleft()
            if line.kind == "start":
                continue  # begin() took it (a replay host used without begin starts at 0)
            if line.i < self.count:
                self._diverged(line.t, line.number, "the program did not wait where the recording did")
            self._take(machine, line)
        while True:
            if wake and machine.input_waiting(wake):
                return
            now = machine.clock.now()
            if deadline is not None:
                if self.queue and deadline > self.journal.last_time + OVERRUN_S:
                    # the recording had reached its last line long before now: the waits it names
                    # are never coming (an edited "i"), so the replay must not run on for ever
                    line = self.queue[0]
                    self._diverged(line.t, line.number, f"the program ran {OVERRUN_S:.0f} s past the journal's"
                                   f" last moment ({self.journal.last_time:.1f} s) without reaching wait {line.i}")
                    self._advance(machine, max(now, self.journal.last_time + OVERRUN_S))
                    self._end(machine)
                if not self.queue and deadline > self.journal.last_time:
                    # past the journal's last moment: a cut journal ends here; a whole one had
                    # ended by now, so the program is running where the recording's was not
                    self._advance(machine, max(now, self.journal.last_time))
                    self._end(machine)
                self._advance(machine, deadline)
                return
            # Waiting for input with no time limit, and nothing came at this wait in the recording.
            if not self.queue:
                self._end(machine)
            line = self.queue.popleft()
            self._diverged(line.t, line.number, "the program waited for input where the recording did not")
            self._take(machine, line)

    def _timed(self, machine: Machine, deadline: float | None, wake: bool | str) -> None:
        while True:
            if wake and machine.input_waiting(wake):
                return
            now = machine.clock.now()
            if deadline is not None and now >= deadline:
                return
            while self.queue and self.queue[0].kind in ("check", "start"):
                self.queue.popleft()  # a real-time journal is checked at its end only
            if not self.queue:
                if deadline is not None and deadline <= self.journal.last_time:
                    self._advance(machine, deadline)
                    return
                self._advance(machine, max(now, self.journal.last_time))
                self._end(machine)
            line = self.queue[0]
            if deadline is not None and line.t > deadline:
                self._advance(machine, deadline)
                return
            self.queue.popleft()
            self._take(machine, line)

    # -- delivering ---------------------------------------------------------------------------------
    def _advance(self, machine: Machine, t: float) -> None:
        if t > machine.clock.now():
            if self.pace is not None:
                self.pace(machine, t)
                machine.check_stop()
            machine.clock.advance_to(t)  # type: ignore[attr-defined]

    def begin(self, machine: Machine) -> None:
        """Before the program starts: the clock goes to where the recorded program started."""
        while self.queue and self.queue[0].kind == "start":
            self._advance(machine, self.queue.popleft().t)

    def _take(self, machine: Machine, line: jn.Line) -> None:
        if line.kind == "start":
            return
        if line.kind == "check":
            self.report.checks += 1
            if machine.clock.now() != line.t:
                self._diverged(line.t, line.number, f"the machine time is {machine.clock.now():.3f} s")
            state = machine.screen.snapshot()
            if jn.screen_digest(state) != line.value["screen"]:
                self._diverged(line.t, line.number, "the screen differs")
            elif line.value["sound"] is not None and jn.sound_digest(machine.speaker) != line.value["sound"]:
                self._diverged(line.t, line.number, "the sound differs")
            return
        self._advance(machine, line.t)
        self.apply(machine, line)

    def _inputs(self, machine: Machine) -> Inputs:
        if self.inputs is None or self.inputs.machine is not machine:
            self.inputs = Inputs(machine)
        return self.inputs

    def apply(self, machine: Machine, line: jn.Line) -> None:
        inputs = self._inputs(machine)
        self.used += 1
        self.report.events += 1
        kind, value = line.kind, line.value
        if kind == "key":
            inputs.key(value)
        elif kind == "flush":
            inputs.flush()
        elif kind == "shift":
            inputs.shift(value)
        elif kind == "move":
            inputs.move(*value)
        elif kind == "button":
            inputs.button(*value)
        elif kind == "close":
            if self.on_end is not None:
                self.on_end(machine)
            self.ended = True
            inputs.close()
            machine.check_stop()

    def _end(self, machine: Machine) -> None:
        """Nothing more in the journal for a program that still runs: stop it here."""
        j = self.journal
        if j.end is None:
            cut = " (its last line was cut off mid-way)" if j.partial_last else ""
            self.report.notes.append(
                f"{j.path} ends at line {j.last_line} ({j.last_time:.1f} s) without its end line{cut}: "
                f"replayed up to there")
        elif j.end.value["end"] == jn.END_EXIT:
            self._diverged(machine.clock.now(), j.end.number, "the program was still running where it had ended")
        if self.on_end is not None:
            self.on_end(machine)
        self.ended = True
        self._inputs(machine).close()
        raise ReplayEnded()

    def _diverged(self, t: float, line: int, what: str) -> None:
        if self.report.divergence is None:
            self.report.divergence = Divergence(t, line, what)

    # -- the end -----------------------------------------------------------------------------------
    def compare_end(self, machine: Machine, code: int | None) -> None:
        """After the run: the end line against how the replay ended."""
        end = self.journal.end
        if end is None:
            return
        v = end.value
        now = machine.clock.now()
        if v["end"] == jn.END_EXIT and self.ended:
            self._diverged(now, end.number, "the program was stopped where it had ended by itself")
        elif v["end"] == jn.END_STOP and not self.ended:
            self._diverged(now, end.number, "the program ended by itself where it had been stopped")
        elif code != v["code"]:
            self._diverged(now, end.number, f"the errorlevel is {code}, the recording's was {v['code']}")
        if v["screen"] is not None and jn.screen_digest(machine.screen.snapshot()) != v["screen"]:
            self._diverged(now, end.number, "the final screen differs")
        if self.exact:
            if now != end.t:
                self._diverged(now, end.number, f"the run ends at {now:.3f} s, the recording at {end.t:.3f} s")
            if v["sound"] is not None and jn.sound_digest(machine.speaker) != v["sound"]:
                self._diverged(now, end.number, "the sound differs")


class PacedClock(TappedClock):
    """Machine time for a replay in the window: virtual, but never ahead of the wall clock (times speed).

    The program reads exact virtual times; while it waits, the window and the
    live audio see time flow smoothly up to where the wait ends.  A program
    that computed longer than machine time allows (a search) makes the replay
    fall behind, and it goes on from there rather than rushing to catch up.
    """

    def __init__(self, speed: float = 1.0) -> None:
        super().__init__()
        if not speed > 0:
            raise ValueError("speed must be above 0")
        self.speed = float(speed)
        self._anchor: tuple[float, float] | None = None  # (machine time, wall time) that match
        self._pacing: float | None = None

    def now(self) -> float:
        t = self._t
        target, anchor = self._pacing, self._anchor
        if target is not None and anchor is not None:
            flowing = anchor[0] + (time.monotonic() - anchor[1]) * self.speed
            t = min(target, max(t, flowing))
        return t

    def pace(self, machine: Machine, target: float) -> None:
        wall = time.monotonic()
        if self._anchor is None or wall > self._anchor[1] + (self._t - self._anchor[0]) / self.speed:
            self._anchor = (self._t, wall)  # behind (or starting): machine time resumes from here
        due = self._anchor[1] + (target - self._anchor[0]) / self.speed
        self._pacing = target
        try:
            with machine.wakeup:
                while not machine.stopping:
                    left = due - time.monotonic()
                    if left <= 0:
                        break
                    machine.wakeup.wait(min(left, 0.1))
        finally:
            self._pacing = None


@dataclass
class Replayed:
    """A headless replay's result: the outcome (screen at the end, text, time) and the report."""

    outcome: Outcome
    report: ReplayReport


def prepare(journal: jn.Journal) -> tuple[Program, frozenset[str]]:
    """(program, switches) of a journal; JournalError when the program is not here or a switch is refused."""
    from ..program import UnknownProgram, find
    from ..switches import SwitchError

    h = journal.header
    try:
        program = find(h.program)
    except UnknownProgram:
        raise jn.JournalError(f"{journal.path}: it needs the program {h.program}, "
                              f"which is not installed here") from None
    try:
        switches = program.parse_switches(h.switches)
    except SwitchError as e:
        raise jn.JournalError(f"{journal.path} line 1: {program.name}: {e}") from None
    return program, switches


def replay_headless(journal: jn.Journal, drive_root: Path, *, monitor: str | None = None,
                    record_audio: Path | None = None,
                    machine_hook: Callable[[Machine], None] | None = None) -> Replayed:
    """Replay as fast as the machine goes; ``drive_root`` is a fresh folder for the program's files."""
    import dataclasses

    from ..frontends import headless
    from ..program import run_program

    program, switches = prepare(journal)
    drive = jn.fill_drive(journal.header, drive_root)
    config = journal.header.config()
    if monitor:
        config = dataclasses.replace(config, monitor=monitor)
    report = ReplayReport(journal)
    host = ReplayHost(journal, report)
    options = journal.header.options()

    def hook(machine: Machine) -> None:
        if machine_hook is not None:
            machine_hook(machine)
        host.begin(machine)

    outcome = headless.run(lambda m: run_program(m, program, switches, drive, options), config,
                           host=host, machine_hook=hook, record_audio=record_audio)
    if outcome.machine is not None:  # None only when the run never started
        host.compare_end(outcome.machine, outcome.exit_code)
    return Replayed(outcome, report)


def record_headless(program: Program, words: list[str], script: str, journal_path: Path, drive_root: Path, *,
                    config: MachineConfig | None = None, options: RunOptions | None = None,
                    check_every: float = jn.CHECK_EVERY_S, machine_hook: Callable[[Machine], None] | None = None,
                    record_audio: Path | None = None, idle_limit: float | None = None) -> Outcome:
    """A headless run of ``program`` with a key script, recorded to ``journal_path`` (what
    ``vconsole NAME --headless --keys ... --record FILE`` does); returns the headless Outcome."""
    from ..disk import Drive
    from ..frontends import headless
    from ..machine import MachineConfig
    from ..program import RunOptions, run_program

    config, options = jn.fixed(config or MachineConfig(), options or RunOptions())
    drive = Drive(drive_root)
    header, _ = jn.new_header(program.name, list(words), config, options, drive, jn.MACHINE_CLOCK)
    header.check_every = check_every
    recorder = jn.JournalRecorder(journal_path, header)
    switches = program.parse_switches(list(words))

    def hook(machine: Machine) -> None:
        recorder.attach(machine)
        recorder.started(machine)
        if machine_hook is not None:
            machine_hook(machine)

    try:
        outcome = headless.run(lambda m: run_program(m, program, switches, drive, options), config, script,
                               machine_hook=hook, record_audio=record_audio,
                               idle_limit=headless.IDLE_LIMIT_S if idle_limit is None else idle_limit)
        if outcome.machine is not None:  # None only when the run never started
            recorder.finish(outcome.machine, outcome.exit_code, stopped=outcome.exit_code is None)
    finally:
        recorder.close()
    return outcome
