"""Machine time: the BIOS tick counter and the clock programs wait on.

A DOS program measures time in BIOS ticks (the PIT's channel 0 wrapping at
65536 counts of 1.193182 MHz, i.e. 18.2065 per second).  The window runs on
real time; headless runs use a virtual clock that jumps forward whenever the
program waits, so a scripted game that "thinks" for ten seconds ends at once
and gives the same result every time.
"""
from __future__ import annotations

import threading
import time

PIT_HZ = 1_193_182
TICK_HZ = PIT_HZ / 65536  # 18.2065 Hz
TICKS_PER_DAY = 0x1800B0  # the BIOS midnight rollover count


class Clock:
    """Seconds since the machine was switched on."""

    virtual = False

    def now(self) -> float:
        raise NotImplementedError

    def ticks(self) -> int:
        """The 0040:006C tick count (wraps at midnight like the BIOS)."""
        return int(self.now() * TICK_HZ) % TICKS_PER_DAY


class RealClock(Clock):
    def __init__(self) -> None:
        self._t0 = time.monotonic()

    def now(self) -> float:
        return time.monotonic() - self._t0


class VirtualClock(Clock):
    """Time that only moves when told to: headless runs are reproducible."""

    virtual = True

    def __init__(self, start: float = 0.0) -> None:
        self._t = float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        return self._t

    def advance_to(self, t: float) -> None:
        with self._lock:
            if t > self._t:
                self._t = float(t)
