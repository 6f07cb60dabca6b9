"""The INT 33h mouse driver as a DOS program saw it.

Programs of the time first asked function 0 whether a driver was loaded and
fell back to the keyboard when it was not, so "no driver" is a real state here
(``installed=False``), not an error.  In 80x25 text the driver works in virtual
pixels, 640x200, eight per cell, and reports positions rounded down to a cell
(Microsoft's driver does; DOSBox 0.74 does not).
"""
from __future__ import annotations

import collections
import threading
from dataclasses import dataclass
from typing import Callable

from .video import MouseCursor, TextScreen

LEFT, RIGHT, MIDDLE = 0, 1, 2
BUTTON_BITS = (1, 2, 4)
# Event mask bits for function 0Ch handlers.
EV_MOVE, EV_LEFT_DOWN, EV_LEFT_UP, EV_RIGHT_DOWN, EV_RIGHT_UP, EV_MID_DOWN, EV_MID_UP = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40)
_DOWN_BITS = (EV_LEFT_DOWN, EV_RIGHT_DOWN, EV_MID_DOWN)
_UP_BITS = (EV_LEFT_UP, EV_RIGHT_UP, EV_MID_UP)

MAX_X, MAX_Y = 639, 199
DEFAULT_AND, DEFAULT_XOR = 0x77FF, 0x7700


@dataclass(frozen=True)
class MouseEvent:
    """A button going down or up, in text cells, for programs that prefer events to polling."""

    kind: str  # "press" or "release"
    button: int  # LEFT, RIGHT, MIDDLE
    row: int  # text cell, (row, col) like every screen position in the program API
    col: int


@dataclass(frozen=True)
class ButtonRecord:
    """Answer of functions 5 and 6: count since last asked and where it last happened."""

    buttons: int
    count: int
    x: int
    y: int


class MouseDriver:
    """Functions 00h-0Ch, 21h, 24h, 26h of INT 33h over a host pointer."""

    # Function 0 reports the button count in BX.  Microsoft's driver answers
    # FFFFh for a two-button mouse (2 is the other common answer, 3 means a
    # Mouse Systems/Logitech three-button driver, which DOSBox claims); we are
    # a two-button Microsoft driver, and programs of the time test BX != 0.
    buttons_reported = 0xFFFF

    def __init__(self, screen: TextScreen, installed: bool = True) -> None:
        self.screen = screen
        self.installed = installed
        self._lock = threading.RLock()
        self.events: collections.deque[MouseEvent] = collections.deque(maxlen=64)
        self.on_event: Callable[[], None] | None = None  # the machine wakes a waiting program
        self.handler: tuple[int, Callable[[int, int, int, int], None]] | None = None
        self.pending_calls: collections.deque = collections.deque(maxlen=256)
        self._reset_state()

    # -- state ------------------------------------------------------------------
    def _reset_state(self) -> None:
        self.x, self.y = 320, 100
        self.buttons = 0
        self.hide_counter = -1
        self.xmin, self.xmax, self.ymin, self.ymax = 0, MAX_X, 0, MAX_Y
        self.and_mask, self.xor_mask = DEFAULT_AND, DEFAULT_XOR
        self.hardware_cursor = False
        self._shown_masks = (DEFAULT_AND, DEFAULT_XOR)
        self.presses = [[0, 0, 0] for _ in range(3)]  # count, x, y
        self.releases = [[0, 0, 0] for _ in range(3)]
        self.mickeys = [0, 0]
        self.handler = None
        self.events.clear()
        self._publish()

    @property
    def visible(self) -> bool:
        return self.installed and self.hide_counter >= 0

    def cell(self) -> tuple[int, int]:
        """(row, col) of the text cell under the pointer."""
        return self.y // 8, self.x // 8

    def _publish(self) -> None:
        if self.visible and not self.hardware_cursor:
            row, col = self.cell()
            a, x = self._shown_masks
            self.screen.set_mouse_cursor(MouseCursor(row, col, a, x))
        else:
            self.screen.set_mouse_cursor(None)

    def _need(self) -> None:
        if not self.installed:
            raise RuntimeError("INT 33h called with no mouse driver loaded")

    # -- INT 33h functions ------------------------------------------------------
    def reset(self) -> tuple[int, int]:
        """Function 00h: (AX, BX) = (FFFFh, buttons) when loaded, (0, 0) when not."""
        if not self.installed:
            return 0, 0
        with self._lock:
            self._reset_state()
        return 0xFFFF, self.buttons_reported

    def software_reset(self) -> tuple[int, int]:
        """Function 21h: like 00h without touching the hardware; 21h is answered only by a loaded driver."""
        if not self.installed:
            return 0x0021, 0
        return self.reset()

    def show(self) -> None:
        """Function 01h: the cursor appears only when the hide counter climbs back to 0."""
        self._need()
        with self._lock:
            if self.hide_counter < 0:
                self.hide_counter += 1
            if self.hide_counter == 0:
                self._shown_masks = (self.and_mask, self.xor_mask)
            self._publish()

    def hide(self) -> None:
        """Function 02h: every hide needs a matching show."""
        self._need()
        with self._lock:
            self.hide_counter -= 1
            self._publish()

    def status(self) -> tuple[int, int, int]:
        """Function 03h: (buttons, x, y), x and y rounded down to a character cell."""
        self._need()
        with self._lock:
            return self.buttons, self.x & ~7, self.y & ~7

    def set_position(self, x: int, y: int) -> None:
        """Function 04h, clamped into the current range."""
        self._need()
        with self._lock:
            self.x, self.y = self._clamped(x, y)
            self._publish()

    def _clamped(self, x: int, y: int) -> tuple[int, int]:
        """(x, y) pulled inside the ranges of functions 07h and 08h."""
        return min(max(int(x), self.xmin), self.xmax), min(max(int(y), self.ymin), self.ymax)

    def press_info(self, button: int) -> ButtonRecord:
        """Function 05h: presses of one button since the last call (count then clears)."""
        return self._take_record(self.presses, button)

    def release_info(self, button: int) -> ButtonRecord:
        """Function 06h: releases of one button since the last call."""
        return self._take_record(self.releases, button)

    def _take_record(self, records: list[list[int]], button: int) -> ButtonRecord:
        self._need()
        with self._lock:
            rec = records[button]
            out = ButtonRecord(self.buttons, rec[0], rec[1] & ~7, rec[2] & ~7)
            rec[0] = 0
            return out

    def set_x_range(self, lo: int, hi: int) -> None:
        """Function 07h: a minimum above the maximum is swapped; the pointer is pulled inside."""
        self._need()
        lo, hi = sorted((int(lo), int(hi)))
        with self._lock:
            self.xmin, self.xmax = lo, hi
            self.set_position(self.x, self.y)

    def set_y_range(self, lo: int, hi: int) -> None:
        """Function 08h."""
        self._need()
        lo, hi = sorted((int(lo), int(hi)))
        with self._lock:
            self.ymin, self.ymax = lo, hi
            self.set_position(self.x, self.y)

    def set_text_cursor(self, hardware: bool = False, and_mask: int = DEFAULT_AND,
                        xor_mask: int = DEFAULT_XOR) -> None:
        """Function 0Ah: software masks over the cell word, or the hardware cursor.

        New masks show at the next function 01h, as the reference driver does.
        """
        self._need()
        with self._lock:
            self.hardware_cursor = bool(hardware)
            self.and_mask, self.xor_mask = and_mask & 0xFFFF, xor_mask & 0xFFFF
            self._publish()

    def motion(self) -> tuple[int, int]:
        """Function 0Bh: mickeys moved since the last call.

        The driver's default ratio is 8 mickeys per 8 pixels across and 16 per
        8 pixels down (function 0Fh's defaults), so vertical counts are doubled.
        """
        self._need()
        with self._lock:
            dx, dy = self.mickeys
            self.mickeys = [0, 0]
            return dx, dy

    def set_handler(self, mask: int, func: Callable[[int, int, int, int], None] | None) -> None:
        """Function 0Ch: call func(event_mask, buttons, x, y) on the program's side for masked events."""
        self._need()
        with self._lock:
            self.handler = (mask, func) if func and mask else None

    @staticmethod
    def version() -> tuple[int, int]:
        """Function 24h: BX=0805h (8.05), CX=0400h (PS/2 mouse, IRQ 0)."""
        return 0x0805, 0x0400

    @staticmethod
    def max_coordinates() -> tuple[int, int, int]:
        """Function 26h: (BX disabled flag, CX max x, DX max y) for 80x25 text."""
        return 0, MAX_X, MAX_Y

    # -- host pointer side ----------------------------------------------------------
    def host_move(self, x: int, y: int) -> None:
        """The pointer moved to virtual pixel (x, y)."""
        if not self.installed:
            return
        with self._lock:
            ox, oy = self.x, self.y
            self.x, self.y = self._clamped(x, y)
            if (self.x, self.y) != (ox, oy):
                self.mickeys[0] += self.x - ox
                self.mickeys[1] += 2 * (self.y - oy)
                self._publish()
                self._fire(EV_MOVE)

    def host_move_cell(self, col: int, row: int) -> None:
        self.host_move(col * 8, row * 8)

    def host_button(self, button: int, down: bool) -> None:
        """A host button changed; records counts for 05h/06h and queues an event."""
        if not self.installed or button not in (LEFT, RIGHT, MIDDLE):
            return
        bit = BUTTON_BITS[button]
        with self._lock:
            was = bool(self.buttons & bit)
            if was == down:
                return
            self.buttons = (self.buttons | bit) if down else (self.buttons & ~bit)
            rec = self.presses[button] if down else self.releases[button]
            rec[0] = min(rec[0] + 1, 0xFFFF)
            rec[1], rec[2] = self.x, self.y
            row, col = self.cell()
            self.events.append(MouseEvent("press" if down else "release", button, row, col))
            self._fire((_DOWN_BITS if down else _UP_BITS)[button])
        if self.on_event:
            self.on_event()

    def _fire(self, cause: int) -> None:
        if self.handler and self.handler[0] & cause:
            self.pending_calls.append((cause, self.buttons, self.x & ~7, self.y & ~7))

    def run_handlers(self) -> None:
        """Deliver queued 0Ch calls on the program's thread (where a DOS handler ran)."""
        while self.pending_calls and self.handler:
            args = self.pending_calls.popleft()
            self.handler[1](*args)

    def next_event(self) -> MouseEvent | None:
        with self._lock:
            return self.events.popleft() if self.events else None
