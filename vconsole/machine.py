"""One virtual PC: the devices wired together and the way a program waits.

A DOS program blocks: it waits for a key, delays, plays a note and waits for
it to end.  Every such wait comes here (``idle``).  The front end decides what
waiting means: the window's thread sleeps until input or the deadline, the
headless runner feeds the next scripted event and moves the virtual clock.
Because all waits pass one door, closing the window can stop a program at its
next service call by raising ``ProgramExit`` there, and no thread is left.
"""
from __future__ import annotations

import threading
import time
from typing import Protocol

from .adapters import Adapter, get_adapter
from .clock import Clock, RealClock
from .keyboard import Keyboard
from .mouse import MouseDriver
from .records import record
from .speaker import Speaker
from .video import TextScreen


class ProgramExit(BaseException):
    """Unwinds a program when the machine is being switched off (window closed, script ended).

    A BaseException so that a program's ``except Exception`` cannot swallow it;
    ``finally`` blocks still run, which is where auto-saves belong.
    """


class Host(Protocol):
    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        """Block until the deadline (machine seconds), or input when asked; may raise ProgramExit.

        wake_on_input: False (a plain delay), True (any key or mouse event) or
        "keys" (a key read, which must not wake for a click).
        """


class RealTimeHost:
    """Waiting on wall-clock time, woken early by input or a stop request (the window's way)."""

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        with machine.wakeup:
            while True:
                machine.check_stop()
                if wake_on_input and machine.input_waiting(wake_on_input):
                    return
                now = machine.clock.now()
                if deadline is not None and now >= deadline:
                    return
                timeout = 0.1 if deadline is None else min(0.1, deadline - now)
                machine.wakeup.wait(timeout)


@record
class MachineConfig:
    """How the machine is built: display adapter, monitor, mouse, speaker, volume, switch-on time."""

    adapter: str = "ega"
    monitor: str = "color"
    mouse: bool = True
    mute: bool = False
    speaker_model: str = "ideal"
    # The speaker's volume in percent (--volume): 100 is the level of every golden recording, 0 silent;
    # it scales the sound only, never the timing (synth.level turns it into an amplitude).
    volume: int = 100
    # The DOS date and time at switch-on, as seconds since the epoch (host local time);
    # None takes the host's clock.  Journals keep it, so a replayed run sees the same dates.
    start_time: float | None = None


class _SpeakerClock:
    """The speaker times notes on machine time and waits through the machine."""

    def __init__(self, machine: Machine) -> None:
        self._m = machine

    def now(self) -> float:
        return self._m.clock.now()

    def sleep(self, seconds: float) -> None:
        self._m.delay(seconds)


class Machine:
    def __init__(self, config: MachineConfig = MachineConfig(), clock: Clock | None = None,
                 host: Host | None = None) -> None:
        self.config = config
        self.adapter: Adapter = get_adapter(config.adapter)
        self.clock = clock or RealClock()
        self.host: Host = host or RealTimeHost()
        self.wakeup = threading.Condition()
        self._stop = threading.Event()
        self.screen = TextScreen(mono=self.adapter.mono)
        self.keyboard = Keyboard(idle=self.idle, on_overflow=self._buffer_full)
        self.keyboard.poll_hook = self.check_stop
        self.mouse = MouseDriver(self.screen, installed=config.mouse)
        self.mouse.on_event = self.notify
        self.speaker = Speaker(_SpeakerClock(self))
        self.speaker.muted = config.mute
        self.program_name = ""  # what the window title shows
        self.start_time = config.start_time if config.start_time is not None else time.time()
        # Lines for the host terminal when the run ends (Dos.warn_at_exit): what a program
        # could not do and the player must know, e.g. a game that could not be saved.
        self.host_messages: list[str] = []

    # -- waiting ----------------------------------------------------------------
    def input_waiting(self, wake: bool | str = True) -> bool:
        """Whether what the program waits for has arrived: any input, or only keys (wake="keys").

        A key read must not wake for an unread click, or it would spin.
        """
        if self.keyboard.pending() > 0:
            return True
        return wake != "keys" and bool(self.mouse.events)

    def idle(self, deadline: float | None = None, wake_on_input: bool | str = True) -> None:
        self.check_stop()
        self.host.idle(self, deadline, wake_on_input)
        self.mouse.run_handlers()

    def delay(self, seconds: float) -> None:
        """Wait without caring about input, like a timed loop on the BIOS tick count."""
        end = self.clock.now() + max(0.0, seconds)
        while self.clock.now() < end:
            self.idle(end, wake_on_input=False)

    def notify(self) -> None:
        """Input arrived (called from the front end's thread)."""
        with self.wakeup:
            self.wakeup.notify_all()

    # -- stopping ---------------------------------------------------------------------
    def request_stop(self) -> None:
        self._stop.set()
        self.notify()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def check_stop(self) -> None:
        if self._stop.is_set():
            raise ProgramExit()

    def tidy(self) -> None:
        """Put the hardware back the way a well-behaved DOS program left it on exit."""
        self.speaker.nosound()
        self.speaker.muted = self.config.mute
        if self.mouse.installed:
            self.mouse.enable()  # a program that switched the driver off (1Fh) does not take it along
            self.mouse.reset()  # hides the pointer, drops stale clicks and any 0Ch handler
        self.screen.set_blink(True)
        self.screen.set_border(0)
        self.screen.load_font(None)  # the next mode set reloads the ROM set and the default colours
        self.screen.set_palette(None)
        self.screen.show_cursor()

    def _buffer_full(self) -> None:
        """The BIOS's short beep when type-ahead overflows; it must not block the front end."""
        self.speaker.click()
