"""INT 33h at the register level: AX selects the function, the other registers carry its words.

``MouseDriver`` offers the same functions as named methods; this is the one place that maps
Microsoft's function numbers and register conventions onto them, so that a program written
against the real interrupt (or a test of it) calls ``driver.int33(ax, bx, cx, dx)``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .mouse import MouseDriver

_BUTTONS = (0, 1, 2)  # left, right, middle: the button numbers functions 05h and 06h take in BX


@dataclass(frozen=True)
class Registers:
    """AX, BX, CX, DX and ES after an INT 33h call, each a 16-bit word."""

    ax: int
    bx: int = 0
    cx: int = 0
    dx: int = 0
    es: int = 0


def s16(value: int) -> int:
    """A register word read as the signed number the driver sees (positions, ranges)."""
    value &= 0xFFFF
    return value - 0x10000 if value & 0x8000 else value


def call(driver: MouseDriver, ax: int, bx: int = 0, cx: int = 0, dx: int = 0, es: int = 0,
         handler: Callable[[int, int, int, int], None] | None = None) -> Registers:
    """One INT 33h call: registers in, registers out (16-bit words).

    Function 0Ch takes the program's Python handler in ``handler`` instead of ES:DX.
    With no driver loaded nothing answers, so every register comes back as it went
    in (AX=0000h after function 0 and 0021h after 21h: "not installed").
    """
    r = dict(ax=ax & 0xFFFF, bx=bx & 0xFFFF, cx=cx & 0xFFFF, dx=dx & 0xFFFF, es=es & 0xFFFF)
    fn = r["ax"]
    if not driver.installed:
        return Registers(**r)
    if fn == 0x00:
        r["ax"], r["bx"] = driver.reset()
    elif fn == 0x01:
        driver.show()
    elif fn == 0x02:
        driver.hide()
    elif fn == 0x03:
        r["bx"], r["cx"], r["dx"] = driver.status()
        if driver.wheel_api:
            r["bx"] |= (driver.wheel_motion() & 0xFF) << 8
    elif fn == 0x04:
        driver.set_position(s16(r["cx"]), s16(r["dx"]))
    elif fn in (0x05, 0x06):
        if r["bx"] in _BUTTONS:
            rec = (driver.press_info if fn == 0x05 else driver.release_info)(r["bx"])
            r["ax"], r["bx"], r["cx"], r["dx"] = rec.buttons, rec.count, rec.x, rec.y
        else:
            r["ax"], r["bx"], r["cx"], r["dx"] = driver.status()[0], 0, 0, 0
    elif fn == 0x07:
        driver.set_x_range(s16(r["cx"]), s16(r["dx"]))
    elif fn == 0x08:
        driver.set_y_range(s16(r["cx"]), s16(r["dx"]))
    elif fn == 0x0A:
        driver.set_text_cursor(r["bx"] != 0, r["cx"], r["dx"])
    elif fn == 0x0B:
        mx, my = driver.motion()
        r["cx"], r["dx"] = mx & 0xFFFF, my & 0xFFFF
    elif fn == 0x0C:
        driver.set_handler(r["cx"], handler)
    elif fn == 0x0F:
        driver.set_mickey_ratio(r["cx"], r["dx"])
    elif fn == 0x11:
        r["ax"], r["cx"] = driver.wheel_support()
    elif fn == 0x1A:
        driver.set_sensitivity(r["bx"], r["cx"], r["dx"])
    elif fn == 0x1B:
        r["bx"], r["cx"], r["dx"] = driver.get_sensitivity()
    elif fn == 0x1D:
        driver.set_page(r["bx"])
    elif fn == 0x1E:
        r["bx"] = driver.get_page()
    elif fn == 0x1F:
        r["ax"], r["bx"], r["es"] = driver.disable()
    elif fn == 0x20:
        r["ax"] = driver.enable()
    elif fn == 0x21:
        r["ax"], r["bx"] = driver.software_reset()
    elif fn == 0x24:
        r["bx"], r["cx"] = driver.version()
    elif fn == 0x26:
        r["bx"], r["cx"], r["dx"] = driver.max_coordinates()
    return Registers(**{k: v & 0xFFFF for k, v in r.items()})
