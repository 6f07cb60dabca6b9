"""When the window must look at the machine again, so that an idle window sleeps.

A text screen's picture changes for four reasons only: the program wrote to it, the
person moved the mouse or pressed a key, the blinking text or the cursor reached an edge
of its phase, or a held key repeats.  The window's loop therefore looks again

* after every window event (pyglet calls the loop's ``idle`` after each),
* when the program thread goes to sleep or wakes up (``ProgramWatch`` wraps the
  machine's host and wakes the loop from that thread), and polls while the program runs,
  as it may write to the screen at any moment,
* at the next blink or cursor edge, and only if blinking text or the cursor is on
  the screen (``phase_matters``),
* when the typematic repeat is next due,

and otherwise blocks in the event loop.  The program's own timers need no entry here:
a program waiting for one is asleep in the host, and its waking up wakes the window.

``changed_box`` finds the rectangle of a frame that changed, so that only those
pixels are resampled and uploaded (a sub-texture update).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ..adapters import Adapter
from ..render import effective_cells, phase
from ..video import ScreenState

if TYPE_CHECKING:
    from pyglet.app.base import EventLoop

    from ..machine import Host, Machine

POLL_S = 1 / 60  # while the program runs: how often the window looks for a changed picture
LONGEST_SLEEP_S = 1.0  # a safety net: even a window with nothing to do looks once a second


def phase_matters(adapter: Adapter, state: ScreenState) -> tuple[bool, bool]:
    """(the blink phase can change the picture, the cursor phase can) for this screen.

    Blinking shows only on cells whose attribute has bit 7 set while the blink bit is on
    (the mouse's text cursor included, as the card scans it); the cursor only when it is
    on the screen with at least one lit line.
    """
    cells = effective_cells(state)
    blink = bool(state.blink) and bool((cells[..., 1] & 0x80).any())
    r, c = state.cursor_row, state.cursor_col
    cursor = (0 <= r < cells.shape[0] and 0 <= c < cells.shape[1]
              and bool(adapter.cursor_mask(state.cursor_start, state.cursor_end).any()))
    return blink, cursor


def shown_phase(adapter: Adapter, frame_no: int, matters: tuple[bool, bool]) -> tuple[bool | None, bool | None]:
    """The parts of the phase at retrace ``frame_no`` that can show (None for the others)."""
    text_on, cursor_on = phase(adapter, frame_no)
    return (text_on if matters[0] else None, cursor_on if matters[1] else None)


def next_edge(adapter: Adapter, frame_no: int, matters: tuple[bool, bool]) -> int | None:
    """The first retrace count after ``frame_no`` where a phase that matters flips, or None."""
    edges = []
    if matters[0]:
        n = adapter.text_blink_frames
        edges.append((frame_no // n + 1) * n)
    if matters[1]:
        n = adapter.cursor_blink_frames
        edges.append((frame_no // n + 1) * n)
    return min(edges) if edges else None


def changed_box(new: np.ndarray, old: np.ndarray) -> tuple[int, int, int, int] | None:
    """(first line, stop line, first column, stop column) of the pixels that differ, or None."""
    h = new.shape[0]
    a = new.reshape(h, -1)
    b = old.reshape(h, -1)
    if a.shape[1] % 8 == 0:  # compare lines as machine words first: most are equal
        a8, b8 = a.view(np.uint64), b.view(np.uint64)
        rows = np.flatnonzero((a8 != b8).any(axis=1))
    else:
        rows = np.flatnonzero((a != b).any(axis=1))
    if not len(rows):
        return None
    r0, r1 = int(rows[0]), int(rows[-1]) + 1
    cols = np.flatnonzero((new[r0:r1] != old[r0:r1]).any(axis=(0, 2)))
    return r0, r1, int(cols[0]), int(cols[-1]) + 1


class ProgramWatch:
    """The machine's host, wrapped: tells the window when the program thread sleeps or wakes.

    While the program runs the window polls (it may write to the screen at any time); once
    it sleeps - waiting for a key, a timer or the speaker - its screen is final, and the
    window draws it and sleeps too.  Everything else is the wrapped host's.
    """

    def __init__(self, host: Host, wake: Callable[[], None]) -> None:
        self.inner = host
        self.wake = wake
        self.sleeping = False

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        self.sleeping = True
        self.wake()
        try:
            self.inner.idle(machine, deadline, wake_on_input)
        finally:
            self.sleeping = False
            self.wake()

    _OWN = frozenset({"inner", "wake", "sleeping"})

    def __getattr__(self, name: str) -> Any:  # whatever the wrapped host has
        return getattr(self.inner, name)

    def __setattr__(self, name: str, value: object) -> None:
        # e.g. a journal giving a replay's host its inputs: they belong to the wrapped host
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self.inner, name, value)


class Pacer:
    """The window loop's timing: runs ``look`` on each pass and says how long to sleep.

    Installed over the pyglet event loop's ``idle`` (which runs after every event, wake-up
    and timeout); ``look`` returns the seconds until the window must look again, or None
    when only an event or a wake-up can change anything.
    """

    def __init__(self, look: Callable[[], float | None], notify: Callable[[], None]) -> None:
        self.look = look
        self._notify = notify
        self._lock = threading.Lock()
        self._asleep = False  # the loop waits longer than a poll: a wake-up must interrupt it
        self.looks = 0  # how many times ``look`` ran (tests count them instead of timing)
        self._loop: EventLoop | None = None

    def install(self, loop: EventLoop) -> None:
        """Take over ``loop.idle`` (pyglet's event loop) until :meth:`uninstall`."""
        pyglet_idle = loop.idle
        self._loop = loop

        def idle() -> float | None:
            timeout = pyglet_idle()
            mine = self.step()
            return mine if timeout is None else min(mine, timeout)

        vars(loop)["idle"] = idle  # on the instance, over the class's method; uninstall deletes it

    def uninstall(self) -> None:
        """Give the loop its own ``idle`` back (the next window installs its own pacer)."""
        loop = self._loop
        if loop is not None and "idle" in vars(loop):
            del vars(loop)["idle"]
        self._loop = None

    def step(self) -> float:
        # counted as asleep from before the look: a wake-up while it looks is not lost
        with self._lock:
            self._asleep = True
        self.looks += 1
        wait = self.look()
        wait = LONGEST_SLEEP_S if wait is None else min(wait, LONGEST_SLEEP_S)
        if wait <= POLL_S:
            with self._lock:
                self._asleep = False
        return wait

    def wake(self) -> None:
        """From any thread: look again soon (at once if the loop is sleeping long)."""
        with self._lock:
            asleep, self._asleep = self._asleep, False
        if asleep:
            self._notify()
