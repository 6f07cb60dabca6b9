"""How much of the screen a new window may take: the screen less the desktop's panels and task bars.

The window opens at the largest whole scale that fits this area (keymap.largest_scale),
and a remembered size is used only if it still fits (winstate.fits).  Asking the
desktop is platform work (X11 properties, a Win32 call) kept out of the window's
own module; where nobody answers, a task bar's height is guessed.
"""
from __future__ import annotations

import ctypes
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyglet.display.base import Screen

PANELS = 48  # height guessed for task bars when the desktop does not say where its work area is
XA_CARDINAL = 6  # predefined X atom (the protocol fixes its number)


def work_area(screen: Screen) -> tuple[int, int]:
    """(width, height) of the screen minus the desktop's panels and task bars.

    X11 desktops publish it as _NET_WORKAREA on the root window (spanning all
    monitors, so it is cut to this screen); Windows answers SPI_GETWORKAREA.
    Elsewhere, or when nobody says, a task bar's height is guessed.
    """
    area = None
    xdisplay = getattr(screen.display, "_display", None)  # Xlib's Display pointer, on X11 only
    try:
        if sys.platform == "win32":
            area = _win32_work_area()
        elif xdisplay is not None:
            area = _x11_work_area(screen, xdisplay)
    except Exception:  # noqa: BLE001 - a desktop that answers oddly gets the guess
        area = None
    return area or (screen.width, max(1, screen.height - PANELS))


def _x11_work_area(screen: Screen, d: object) -> tuple[int, int] | None:
    from pyglet.libs.x11 import xlib

    atom = xlib.XInternAtom(d, b"_NET_WORKAREA", True)
    if not atom:
        return None
    kind, fmt = xlib.Atom(), ctypes.c_int()
    count, after = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    status = xlib.XGetWindowProperty(d, xlib.XDefaultRootWindow(d), atom, 0, 4, False, XA_CARDINAL,
                                     ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count),
                                     ctypes.byref(after), ctypes.byref(data))
    try:
        if status != 0 or fmt.value != 32 or count.value < 4:
            return None
        x, y, w, h = ctypes.cast(data, ctypes.POINTER(ctypes.c_long))[:4]  # format 32 comes as C longs
    finally:
        if data:
            xlib.XFree(data)
    left, top = max(x, screen.x), max(y, screen.y)
    right, bottom = min(x + w, screen.x + screen.width), min(y + h, screen.y + screen.height)
    if right <= left or bottom <= top:
        return None
    return right - left, bottom - top


def _win32_work_area() -> tuple[int, int] | None:
    if sys.platform != "win32":  # ctypes.windll exists only there
        return None
    from ctypes import wintypes

    rect = wintypes.RECT()
    if not ctypes.windll.user32.SystemParametersInfoW(48, 0, ctypes.byref(rect), 0):  # SPI_GETWORKAREA
        return None
    return rect.right - rect.left, rect.bottom - rect.top
