"""Game clocks in machine seconds: a stopwatch for the time played and a countdown that can wait.

A timed game of the time showed two clocks: one counting up (for reference) and one counting
down to the end of the game, which a "wait" key could stop while the first one went on.
Both read the time they are given (``dos.now()``, machine time), never the host's clock, so
a replayed run shows the same clocks.  Anciento's timer (F3 wait, F5 off and on) uses them.
"""
from __future__ import annotations


def clock_text(seconds: float) -> str:
    """``h:mm:ss`` of whole seconds (negative shows as 0:00:00)."""
    s = max(0, int(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Stopwatch:
    """Time since ``start`` plus ``base`` (the time a loaded game had already been played)."""

    def __init__(self, now: float, base: float = 0.0) -> None:
        self.start, self.base = now, base

    def elapsed(self, now: float) -> float:
        return self.base + now - self.start

    def next_tick(self, now: float) -> float:
        """Seconds until the shown whole second changes (never a wait of nothing)."""
        tick = 1.0 - (self.elapsed(now) % 1.0)
        return tick + 1.0 if tick < 0.01 else tick


class Countdown:
    """``limit`` seconds running down while not waiting; ``expired`` once they are gone."""

    def __init__(self, limit: float, now: float) -> None:
        if limit <= 0:
            raise ValueError("a countdown needs a positive limit")
        self.limit = float(limit)
        self.left = float(limit)
        self.waiting = False
        self._last = now

    def update(self, now: float) -> float:
        """Count the time since the last look (unless waiting); the seconds left."""
        if not self.waiting:
            self.left = max(0.0, self.left - (now - self._last))
        self._last = now
        return self.left

    def wait(self, on: bool, now: float) -> None:
        """Stop (True) or start again (False) the countdown; the time up to now still counts."""
        self.update(now)
        self.waiting = on

    def restart(self, now: float) -> None:
        """The full limit again, running."""
        self.left, self.waiting, self._last = self.limit, False, now

    @property
    def expired(self) -> bool:
        return self.left <= 0

    def until_expiry(self) -> float | None:
        """Seconds to the end while running (None while waiting), for a wait's timeout."""
        return None if self.waiting else max(self.left, 0.01)
