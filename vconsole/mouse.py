"""The INT 33h mouse driver as a DOS program saw it.

Programs of the time first asked function 0 whether a driver was loaded and
fell back to the keyboard when it was not, so "no driver" is a real state here
(``installed=False``), not an error.  In 80x25 text the driver works in virtual
pixels, 640x200, eight per cell, and reports positions rounded down to a cell
(Microsoft's driver does; DOSBox 0.74 does not).

Functions offered (Microsoft's numbering; ``MouseDriver.int33`` takes and
returns the registers, the methods are the same calls by name): 00h reset,
01h/02h show/hide, 03h position and buttons, 04h set position, 05h/06h press
and release records, 07h/08h ranges, 0Ah text cursor (software masks or the
hardware cursor), 0Bh motion counters, 0Ch event handler, 0Fh mickey/pixel
ratio, 1Ah/1Bh sensitivity, 1Dh/1Eh display page, 1Fh/20h disable/enable the
driver, 21h software reset, 24h version, 26h maximum coordinates.  Any other
function is ignored and leaves the registers as they were, as the driver does.

The host pointer is absolute (the pointer sits where the host's arrow is,
pulled into the 07h/08h range), but the motion counters count what the mouse
itself did: moving on against the edge of the range still counts mickeys, so
0Bh reports motion the pointer could not make.
"""
from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .records import record
from .video import MouseCursor, MouseHardwareCursor, TextScreen

if TYPE_CHECKING:  # the INT 33h register interface is imported by its first call (int33 imports us)
    from .int33 import Registers

LEFT, RIGHT, MIDDLE = 0, 1, 2
BUTTON_BITS = (1, 2, 4)
# Event mask bits for function 0Ch handlers.
EV_MOVE, EV_LEFT_DOWN, EV_LEFT_UP, EV_RIGHT_DOWN, EV_RIGHT_UP, EV_MID_DOWN, EV_MID_UP, EV_WHEEL = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80)
WHEEL = -1  # the "button" of a wheel event (WheelAPI numbers the wheel -1 in functions 05h/06h)
WHEEL_API = 0x574D  # "WM": function 11h's answer when the driver knows the wheel
_DOWN_BITS = (EV_LEFT_DOWN, EV_RIGHT_DOWN, EV_MID_DOWN)
_UP_BITS = (EV_LEFT_UP, EV_RIGHT_UP, EV_MID_UP)

MAX_X, MAX_Y = 639, 199
DEFAULT_AND, DEFAULT_XOR = 0x77FF, 0x7700
DEFAULT_HARDWARE_LINES = (0x06, 0x07)  # the colour BIOS underline (a mono card: its own, 0B0Ch)
DEFAULT_RATIO = (8, 16)  # mickeys per 8 pixels across and down (function 0Fh's defaults)
DEFAULT_SENSITIVITY = (50, 50, 50)  # function 1Bh's answer until 1Ah changes it (Microsoft's default)


@record
class MouseEvent:
    """A button going down or up, or the wheel turning, in text cells, for programs that prefer events."""

    kind: str  # "press", "release" or "wheel"
    button: int  # LEFT, RIGHT, MIDDLE (WHEEL for the wheel)
    row: int  # text cell, (row, col) like every screen position in the program API
    col: int
    steps: int = 0  # wheel notches: positive towards the user (scroll down), negative away


@record
class ButtonRecord:
    """Answer of functions 5 and 6: count since last asked and where it last happened."""

    buttons: int
    count: int
    x: int
    y: int


class MouseDriver:
    """The INT 33h functions listed in the module docstring, over a host pointer."""

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
        self.pending_calls: collections.deque[tuple[int, int, int, int]] = collections.deque(maxlen=256)
        self.enabled = True  # function 1Fh unhooks the mouse hardware, 20h hooks it again
        self.sensitivity = DEFAULT_SENSITIVITY  # kept by resets, as Microsoft's driver keeps it
        self._host: tuple[int, int] | None = None  # where the host pointer last was, unclamped
        self._reset_state()

    # -- state ------------------------------------------------------------------
    def _reset_state(self) -> None:
        self.x, self.y = 320, 100
        self.buttons = 0
        self.hide_counter = -1
        self.xmin, self.xmax, self.ymin, self.ymax = 0, MAX_X, 0, MAX_Y
        self.and_mask, self.xor_mask = DEFAULT_AND, DEFAULT_XOR
        self.hardware_cursor = False
        self.hardware_lines = self._underline()
        self._shown_masks = (DEFAULT_AND, DEFAULT_XOR)
        self.presses = [[0, 0, 0] for _ in range(3)]  # count, x, y
        self.releases = [[0, 0, 0] for _ in range(3)]
        self.mickeys = [0, 0]
        self.ratio = list(DEFAULT_RATIO)
        self._eighths = [0, 0]  # motion not yet a whole mickey, in eighths of one
        self.page = 0
        self.handler = None
        self.wheel = 0  # notches since function 03h last reported them
        self.wheel_api = False  # function 11h switches the wheel report on until a reset
        self.events.clear()
        self._publish()

    @property
    def visible(self) -> bool:
        """Whether the pointer is on the screen: shown, the driver enabled, on the page displayed (0)."""
        return self.installed and self.enabled and self.hide_counter >= 0 and self.page == 0

    def cell(self) -> tuple[int, int]:
        """(row, col) of the text cell under the pointer."""
        return self.y // 8, self.x // 8

    def _publish(self) -> None:
        row, col = self.cell()
        software = hardware = None
        if self.visible and self.hardware_cursor:
            hardware = MouseHardwareCursor(row, col, *self.hardware_lines)
        elif self.visible:
            software = MouseCursor(row, col, *self._shown_masks)
        self.screen.set_mouse_cursor(software)
        self.screen.set_mouse_hardware_cursor(hardware)

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

    def wheel_support(self) -> tuple[int, int]:
        """Function 11h (WheelAPI): (AX, CX) = (574Dh, 1): the driver and the mouse have a wheel."""
        self._need()
        with self._lock:
            self.wheel_api = True
        return WHEEL_API, 1

    def wheel_motion(self) -> int:
        """The wheel's notches since last asked (what function 03h puts in BH), then zero."""
        with self._lock:
            moved, self.wheel = self.wheel, 0
            return moved

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

    def _underline(self) -> tuple[int, int]:
        """The card's normal underline, for a hardware cursor asked for without its lines."""
        standard = getattr(self.screen, "standard_cursor", None)
        return standard() if standard is not None else DEFAULT_HARDWARE_LINES

    def set_text_cursor(self, hardware: bool = False, cx: int | None = None, dx: int | None = None) -> None:
        """Function 0Ah.  BX=0: CX is the screen (AND) mask and DX the cursor (XOR) mask over
        the cell word; BX=1: the hardware cursor, CX and DX its first and last scan lines.

        New masks show at the next function 01h, as the reference driver does.
        The hardware cursor is the card's own blinking cursor, moved to the
        pointer's cell with the scan lines given (as INT 10h AH=01h takes them,
        so the EGA/VGA BIOS scales them as it does a program's, and a mono card
        takes them as they are); without lines, the card's normal underline.  It
        takes over at once and follows the pointer.
        """
        self._need()
        with self._lock:
            self.hardware_cursor = bool(hardware)
            if self.hardware_cursor:
                start, end = self._underline()
                self.hardware_lines = ((start if cx is None else cx) & 0xFF, (end if dx is None else dx) & 0xFF)
            else:
                self.and_mask = (DEFAULT_AND if cx is None else cx) & 0xFFFF
                self.xor_mask = (DEFAULT_XOR if dx is None else dx) & 0xFFFF
            self._publish()

    def motion(self) -> tuple[int, int]:
        """Function 0Bh: mickeys moved since the last call (signed 16-bit counts; they wrap).

        Counted from the mouse's own motion at the ratio of function 0Fh
        (default 8 mickeys per 8 pixels across, 16 down), including motion
        against the edge of the range that did not move the pointer.
        """
        self._need()
        with self._lock:
            from .int33 import s16

            dx, dy = (s16(m) for m in self.mickeys)
            self.mickeys = [0, 0]
            return dx, dy

    def set_mickey_ratio(self, horizontal: int, vertical: int) -> None:
        """Function 0Fh: mickeys per 8 pixels (CX across, DX down; 1-32767, defaults 8 and 16).

        The pointer itself follows the host's arrow, so the ratio changes what
        0Bh and the 0Ch handler count for a given motion, not where it goes.
        Values outside 1-32767 are pulled into that range.
        """
        self._need()
        from .int33 import s16

        with self._lock:
            self.ratio = [min(max(s16(horizontal), 1), 0x7FFF), min(max(s16(vertical), 1), 0x7FFF)]

    def set_sensitivity(self, horizontal: int, vertical: int, threshold: int) -> None:
        """Function 1Ah: BX, CX, DX as function 1Bh will give them back (Microsoft: 1-100 each).

        With an absolute host pointer there is no mouse speed to scale, so the
        values are kept and answered, as a program checking them expects.
        """
        self._need()
        with self._lock:
            self.sensitivity = (horizontal & 0xFFFF, vertical & 0xFFFF, threshold & 0xFFFF)

    def get_sensitivity(self) -> tuple[int, int, int]:
        """Function 1Bh: (BX horizontal, CX vertical, DX double-speed threshold); 50, 50, 50 at first."""
        self._need()
        return self.sensitivity

    def set_page(self, page: int) -> None:
        """Function 1Dh: the display page the pointer is drawn on.  Only page 0 is ever
        displayed here, so a pointer put on another page is not seen."""
        self._need()
        with self._lock:
            self.page = page & 0xFFFF
            self._publish()

    def get_page(self) -> int:
        """Function 1Eh: BX = the pointer's display page."""
        self._need()
        return self.page

    def disable(self) -> tuple[int, int, int]:
        """Function 1Fh: (AX, BX, ES) = (001Fh, 0, 0): success, and the INT 33h vector that was
        there before the driver, 0000:0000 on this machine.  The pointer goes; the mouse is no
        longer heard (no motion, buttons or events) but the INT 33h functions still answer."""
        self._need()
        with self._lock:
            self.enabled = False
            self._publish()
        return 0x001F, 0, 0

    def enable(self) -> int:
        """Function 20h: AX = 0020h (Microsoft documents no result; AX comes back as it went in)."""
        self._need()
        with self._lock:
            self.enabled = True
            self._publish()
        return 0x0020

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

    # -- the registers ----------------------------------------------------------------
    def int33(self, ax: int, bx: int = 0, cx: int = 0, dx: int = 0, es: int = 0,
              handler: Callable[[int, int, int, int], None] | None = None) -> Registers:
        """One INT 33h call: registers in, registers out (16-bit words); see vconsole.int33."""
        from .int33 import call as int33_call  # the register interface: imported by its first call

        return int33_call(self, ax, bx, cx, dx, es, handler)

    # -- host pointer side ----------------------------------------------------------
    def host_move(self, x: int, y: int) -> None:
        """The host pointer moved to virtual pixel (x, y), which may lie outside the range.

        The mouse moved by the host pointer's own step, so that is what the
        motion counters get, even where the range holds the pointer at an edge.
        """
        if not self.installed:
            return
        with self._lock:
            hx, hy = self._host if self._host is not None else (self.x, self.y)
            self._host = (int(x), int(y))
            if not self.enabled:
                return  # the mouse is not heard; its motion is lost, as with the IRQ unhooked
            moved = (int(x), int(y)) != (hx, hy)
            self._count(0, int(x) - hx)
            self._count(1, int(y) - hy)
            ox, oy = self.x, self.y
            self.x, self.y = self._clamped(x, y)
            if (self.x, self.y) != (ox, oy):
                self._publish()
            if moved:
                self._fire(EV_MOVE)  # "the mouse moved", even where the pointer could not

    def _count(self, axis: int, pixels: int) -> None:
        """Add a motion of `pixels` to the mickey counter at the current ratio (mickeys per 8 pixels)."""
        total = self._eighths[axis] + pixels * self.ratio[axis]
        whole = int(total / 8)  # toward zero; the rest waits for more motion the same way
        self._eighths[axis] = total - 8 * whole
        self.mickeys[axis] = (self.mickeys[axis] + whole) & 0xFFFF

    def host_move_cell(self, col: int, row: int) -> None:
        self.host_move(col * 8, row * 8)

    def host_button(self, button: int, down: bool) -> None:
        """A host button changed; records counts for 05h/06h and queues an event."""
        if not self.installed or not self.enabled or button not in (LEFT, RIGHT, MIDDLE):
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

    def host_wheel(self, steps: int) -> None:
        """The host's wheel turned `steps` notches (positive towards the user)."""
        steps = int(steps)
        if not self.installed or not self.enabled or steps == 0:
            return
        with self._lock:
            if self.wheel_api:  # counted for function 03h only once a program asked (11h)
                self.wheel = max(-128, min(127, self.wheel + steps))
            row, col = self.cell()
            self.events.append(MouseEvent("wheel", WHEEL, row, col, steps))
            self._fire(EV_WHEEL, steps)
        if self.on_event:
            self.on_event()

    def _fire(self, cause: int, wheel: int = 0) -> None:
        if self.handler and self.handler[0] & cause:
            bx = self.buttons | ((max(-128, min(127, wheel)) & 0xFF) << 8)
            self.pending_calls.append((cause, bx, self.x & ~7, self.y & ~7))

    def run_handlers(self) -> None:
        """Deliver queued 0Ch calls on the program's thread (where a DOS handler ran)."""
        while self.pending_calls and self.handler:
            args = self.pending_calls.popleft()
            self.handler[1](*args)

    def next_event(self) -> MouseEvent | None:
        with self._lock:
            return self.events.popleft() if self.events else None
