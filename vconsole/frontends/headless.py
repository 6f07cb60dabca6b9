"""Running a program with no window: scripted input on a virtual clock.

Keys and mouse actions are typed when the program asks for input (it reads a
key or waits for an event), like a person who waits for the game to be ready.
``wait:MS`` lets MS milliseconds of machine time pass, inside a program's own
delay if it is in one; the keys right after a ``wait:`` are typed at that
moment even if the program is still busy (type-ahead, e.g. a key pressed while
the computer pauses between its moves).  The run ends when the program
returns, or when it waits for input with the script used up: that moment is
the one the screenshot and text dump capture.  It is then stopped as if its
window had been closed, so its auto-save runs.
"""
from __future__ import annotations

import collections
import os
from collections.abc import Callable
from dataclasses import field
from typing import Protocol

from .. import keyscript
from ..clock import VirtualClock
from ..keyboard import BUFFER_SIZE, Keyboard
from ..machine import Host, Machine, MachineConfig, ProgramExit
from ..mouse import LEFT, RIGHT
from ..records import record
from ..video import ScreenState
from .inputs import Inputs

#: after the script is used up, a program that keeps itself busy (a demo,
#: computer against computer) gets this much machine time before the run ends.
IDLE_LIMIT_S = 3600.0


#: a key is held back through a program's delays at most this long (machine seconds), so a
#: program that never asks for keys (it polls only the mouse) cannot stall a script forever.
HOLD_LIMIT_S = 5.0


DEFAULT_CONFIG = MachineConfig()  # frozen: one shared default is safe


class RunHost(Host, Protocol):
    """What ``run`` drives a program with: a script's host, or a journal's replay host."""

    on_end: Callable[[Machine], None] | None
    used: int  # how many inputs it delivered


class ScriptEnded(ProgramExit):
    """The script is used up while the program waits for input: the run is over."""


class TappedClock(VirtualClock):
    """A virtual clock that tells its taps each step before it takes it: ``tap(old, new)``.

    An animated capture (vconsole.animation) samples the screen this way: the picture
    on the screen while the clock moves from ``old`` to ``new`` is the one
    every retrace in between showed.
    """

    def __init__(self, start: float = 0.0) -> None:
        super().__init__(start)
        self.taps: list[Callable[[float, float], None]] = []

    def advance_to(self, t: float) -> None:
        old = self.now()
        if t > old:
            for tap in self.taps:
                tap(old, float(t))
        super().advance_to(t)


@record(frozen=False)
class Outcome:
    """What a headless run left: its exit code, the final screen, the machine time it took."""

    exit_code: int | None  # None when the run was ended by the script running out
    state: ScreenState  # the screen at the end (before any teardown)
    text: list[str]
    elapsed: float  # machine seconds
    events_used: int = 0
    notes: list[str] = field(default_factory=list)
    machine: Machine | None = field(default=None, repr=False)  # as the run left it (after any teardown)
    failures: list[str] = field(default_factory=list)  # outputs of the run that could not be written


class ScriptHost:
    """Feeds scripted events to a machine each time its program waits."""

    def __init__(self, events: list[keyscript.Event], on_end: Callable[[Machine], None] | None = None,
                 idle_limit: float = IDLE_LIMIT_S) -> None:
        self.queue = collections.deque(events)
        self.on_end = on_end
        self.used = 0
        self.idle_limit = idle_limit
        self._ran_out_at: float | None = None
        self._wait_left = 0.0  # part of a wait:MS not yet spent when a deadline cut in
        self._armed = False  # keys right after a completed wait: type them even mid-delay
        self._polled = False  # the program polled an empty keyboard (INT 16h AH=01h): it wants a key
        self._held_since: float | None = None  # machine time the next key has been held back since
        self._watched: Keyboard | None = None  # the keyboard whose polls we watch
        self.inputs: Inputs | None = None  # how events reach the machine (a journal may stand in)

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        clock = machine.clock
        if not isinstance(clock, VirtualClock):  # it moves the clock itself: real time cannot be moved
            raise TypeError("a key script runs on a virtual clock (headless.run gives it one)")
        if self._watched is not machine.keyboard:
            self._watch_polls(machine)
        if wake_on_input:
            self._armed = False
        while True:
            machine.check_stop()
            if wake_on_input and machine.input_waiting(wake_on_input):
                return
            now = clock.now()
            if deadline is not None and now >= deadline:
                return
            if self._wait_left > 0:
                target = now + self._wait_left
                if deadline is not None and deadline < target:
                    self._wait_left = target - deadline
                    clock.advance_to(deadline)
                    return
                self._wait_left = 0.0
                clock.advance_to(target)
                self._armed = True
                continue
            if not self.queue:
                if self._ran_out_at is None:
                    self._ran_out_at = now
                # Waiting for input (with or without a timeout, e.g. a clock that
                # redraws every second) with nothing left to type: the run is over.
                if wake_on_input or deadline is None or now - self._ran_out_at > self.idle_limit:
                    if self.on_end:
                        self.on_end(machine)
                    self._inputs(machine).close()
                    raise ScriptEnded()
                clock.advance_to(deadline)
                return
            ev = self.queue[0]
            if not wake_on_input and isinstance(ev, keyscript.Press):
                busy_typing = self._armed and machine.keyboard.pending() < BUFFER_SIZE
                if self._held_since is None:
                    self._held_since = now
                impatient = now - self._held_since >= HOLD_LIMIT_S  # it may never ask (mouse-only loop)
                if not (busy_typing or self._polled or impatient):
                    # The program is busy in a delay: the key waits until it asks for input.
                    assert deadline is not None  # a plain delay (no wake on input) always ends
                    clock.advance_to(deadline)
                    return
                self._polled = False  # one key for each empty poll, as a polling loop takes them
            self._held_since = None
            self.queue.popleft()
            self.used += 1
            self.apply(machine, ev)

    def _watch_polls(self, machine: Machine) -> None:
        """A program that polls the keyboard between delays asks for input that way (a game loop)."""
        keyboard, inner = machine.keyboard, machine.keyboard.poll_hook

        def poll() -> None:
            if keyboard.pending() == 0:
                self._polled = True
            if inner:
                inner()

        keyboard.poll_hook = poll
        self._watched = keyboard

    def _inputs(self, machine: Machine) -> Inputs:
        if self.inputs is None or self.inputs.machine is not machine:
            self.inputs = Inputs(machine)
        return self.inputs

    def apply(self, machine: Machine, ev: keyscript.Event) -> None:
        inputs = self._inputs(machine)
        if isinstance(ev, keyscript.Press):
            inputs.key(ev.word)
        elif isinstance(ev, keyscript.Wait):
            self._wait_left += ev.ms / 1000.0
        elif isinstance(ev, keyscript.Wheel):
            machine.mouse.host_wheel(ev.steps)
        else:
            inputs.move(ev.col * 8, ev.row * 8)
            if ev.action in ("click", "rclick"):
                button = LEFT if ev.action == "click" else RIGHT
                inputs.button(button, True)
                inputs.button(button, False)


def _sound_end(machine: Machine) -> float:
    """When the last sound the program scheduled falls silent (0 when it made none)."""
    events = machine.speaker.timeline
    return events[-1].time if events else 0.0


def run(target: Callable[[Machine], int | None], config: MachineConfig = DEFAULT_CONFIG,
        script: str | list[keyscript.Event] = "", idle_limit: float = IDLE_LIMIT_S,
        machine_hook: Callable[[Machine], None] | None = None,
        record_audio: str | os.PathLike[str] | None = None, host: RunHost | None = None) -> Outcome:
    """Run ``target(machine)`` headless with a key script; returns what the screen showed at the end.

    With ``record_audio`` the speaker is written to that WAV file, sample-exact
    against the virtual clock, from switch-on to the end of the run.  ``host``
    replaces the script (a journal's replay host): anything with ``idle``, an
    ``on_end`` hook called when it stops the run, and a ``used`` count.
    """
    captured: list[tuple[ScreenState, list[str]]] = []  # the screen's state and its text lines, once

    def capture(m: Machine) -> None:
        captured[:] = [(m.screen.snapshot(), m.screen.lines())]

    if host is None:
        events = keyscript.parse(script) if isinstance(script, str) else list(script)
        host = ScriptHost(events, on_end=capture, idle_limit=idle_limit)
    else:
        host.on_end = capture
    machine = Machine(config, clock=TappedClock(), host=host)
    recorder = None
    if record_audio is not None:
        from ..synth import WavRecorder, level

        recorder = WavRecorder(machine.speaker, record_audio, model=config.speaker_model,
                               volume=level(config.volume))
        recorder.start()  # from switch-on, before a hook moves the clock (a replay's start time)
    code: int | None
    failures: list[str] = []
    try:
        if machine_hook:
            machine_hook(machine)
        code = int(target(machine) or 0)
    except ProgramExit:
        code = None
    finally:
        if recorder is not None:
            # a script that never waits ends at once: the sound the program queued is still its own
            try:
                recorder.stop(until=_sound_end(machine))
            except OSError as e:  # the run's other outputs are still written; the caller says so
                failures.append(f"cannot write {record_audio}: {e.strerror or e}")
    if not captured:
        capture(machine)
    state, text = captured[0]
    return Outcome(code, state, text, machine.clock.now(), host.used, machine=machine,
                   failures=failures)
