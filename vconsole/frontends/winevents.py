"""The window's event handlers: pyglet's key, pointer and window events, one named method each.

Keys become physical key events for the INT 09h model (keymap.KeyMapper), the
pointer becomes INT 33h positions and buttons, all through the front end's
``Inputs``; the host's own keys (keymap.host_hotkey, frontends.extras) never reach
the program.  A replay takes no keys or pointer from the person watching it, only
closing and the host keys.  Resizes re-place the picture (winpicture), and closing
the window asks the program to stop; the window goes once it has tidied up.

Each handler returns EVENT_HANDLED where pyglet's default must not run (it would
close the window on Esc, for one).  They are set on the window as ``@window.event``
would set them; pyglet keeps only weak references to bound methods, and the front
end keeps this object.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pyglet.event import EVENT_HANDLED

from . import keymap

if TYPE_CHECKING:
    from pyglet.libs.x11.xlib import XEvent

    from .window import WindowFrontEnd

#: the window events handled here (pyglet's names; each is a method of WindowEvents)
EVENTS = ("on_key_press", "on_key_release", "on_text", "on_text_motion", "on_text_motion_select",
          "on_deactivate", "on_mouse_motion", "on_mouse_drag", "on_mouse_press", "on_mouse_scroll",
          "on_mouse_release", "on_resize", "on_expose", "on_close")


class WindowEvents:
    """The handlers of one window front end's window."""

    def __init__(self, front: WindowFrontEnd) -> None:
        self.front = front
        self.watching = front.replaying  # a replay takes no input from the person watching it
        self._wheel_rest = 0.0  # wheel movement not yet a whole notch

    def install(self) -> None:
        """Set every handler on the window, and treat its destruction by another client as closing."""
        window = self.front.window
        for name in EVENTS:
            window.set_handler(name, getattr(self, name))
        self._watch_destruction()

    # -- keys ---------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        front = self.front
        hotkey = keymap.host_hotkey(symbol, modifiers)
        if hotkey:
            self.host_key(hotkey)
        elif front.extras.hotkey(symbol, modifiers):
            pass  # paste, copy, volume (frontends.extras)
        elif not self.watching and front.mapper.press(symbol, modifiers, time.monotonic()) is not None:
            front.machine.notify()
        return EVENT_HANDLED  # also keeps pyglet from closing the window on Esc

    def on_key_release(self, symbol: int, modifiers: int) -> bool:
        _, pressed_as = self.front.mapper.release(symbol, modifiers)
        if pressed_as is not None and pressed_as != symbol:
            self._held().discard(pressed_as)
        return EVENT_HANDLED

    def on_text(self, text: str) -> bool:
        return EVENT_HANDLED  # words come from key presses; host text repeats are not the BIOS's

    def on_text_motion(self, motion: int) -> bool:
        return EVENT_HANDLED

    def on_text_motion_select(self, motion: int) -> bool:
        return EVENT_HANDLED

    def on_deactivate(self) -> None:
        held = self._held()
        for symbol in self.front.mapper.release_all():
            held.discard(symbol)

    def _held(self) -> set[int]:
        """The keys pyglet itself thinks are down (a key released under another symbol stays there)."""
        held: set[int] = getattr(self.front.window, "pressed_keys", set())
        return held

    def host_key(self, which: str) -> None:
        """Ctrl+F5 screenshot, Ctrl+F6 WAV recording, Ctrl+F7 animated capture, Alt+Enter full screen."""
        front = self.front
        if which == keymap.FULLSCREEN:
            front.window.set_fullscreen(not front.window.fullscreen)
            front.dirty = True
        elif which == keymap.SCREENSHOT:
            front.screenshot()
        elif which == keymap.RECORD:
            front.captures.toggle_recording()
        elif which == keymap.VIDEO:
            front.captures.toggle_video()

    # -- the pointer ------------------------------------------------------------------------------------
    def _move(self, x: int, y: int) -> None:
        self.front.inputs.move(*self.front.placement.to_virtual(x, y))

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if not self.watching:
            self._move(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.front.extras.mouse_drag(x, y):
            return
        if not self.watching:
            self._move(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.front.extras.mouse_press(x, y, button, modifiers) or self.watching:
            return
        self._move(x, y)
        if button in keymap.MOUSE_BUTTONS:
            self.front.inputs.button(keymap.MOUSE_BUTTONS[button], True)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.front.extras.mouse_release(x, y, button) or self.watching:
            return
        self._move(x, y)
        if button in keymap.MOUSE_BUTTONS:
            self.front.inputs.button(keymap.MOUSE_BUTTONS[button], False)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        mouse = self.front.machine.mouse
        mouse.host_move(*self.front.placement.to_virtual(x, y))
        # pyglet: positive scroll_y is away from the user; the WheelAPI counts towards him.
        # Smooth-scrolling devices send fractions: notches are whole, the rest waits.
        self._wheel_rest -= scroll_y
        notches = int(self._wheel_rest)
        if notches:
            self._wheel_rest -= notches
            mouse.host_wheel(notches)

    # -- the window ---------------------------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        self.front.place_picture(width, height)  # pyglet's own handler still sets the viewport and projection

    def on_expose(self) -> None:
        self.front.dirty = True

    def on_close(self) -> bool:
        front = self.front
        if front.closing_since is None:
            front.closing_since = time.monotonic()
            if self.watching:
                front.machine.request_stop()  # the watcher's, not the journal's: the replay stops here
            else:
                front.inputs.close()
        return EVENT_HANDLED  # the window goes once the program has tidied up

    def _watch_destruction(self) -> None:
        """Another client destroying the X window (``xdotool windowclose``, some task managers)
        counts as closing it.

        pyglet has no event for it and would draw on into a window that is no
        more, at full frame rate, with the program never told to stop; the
        X server's DestroyNotify is caught on the pyglet window's own handler
        table (pyglet stops listening to windows it destroys itself, as on a
        full-screen switch, before that event can arrive).
        """
        window = self.front.window
        handlers = getattr(window, "_event_handlers", None)
        if handlers is None or not hasattr(window, "_window"):
            return  # not Xlib
        from pyglet.libs.x11 import xlib

        def destroyed(event: XEvent) -> None:
            if event.xdestroywindow.window == window._window:
                self.front.window_gone = True
                self.on_close()

        handlers[xlib.DestroyNotify] = destroyed
