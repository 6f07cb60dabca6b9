"""The window's everyday comforts, kept out of window.py: paste, copy, volume keys, the CRT look.

``Extras`` belongs to one ``WindowFrontEnd`` and is called from small hooks in
its key, mouse, look and draw handlers:

* Ctrl+Alt+V pastes the clipboard into the BIOS buffer at the program's pace
  (clipboard.Typist), Ctrl+Alt+C copies the screen's text, and dragging with
  Shift held selects a rectangle of cells to copy;
* Ctrl+F11 and Ctrl+F12 lower and raise the volume in steps of 10 %, shown
  for a moment over the picture (osd.Notice);
* --crt draws the picture through vconsole.crt at the window's size.

None of these keys reaches the program.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..synth import level
from . import clipboard
from .keymap import (  # keymap sets pyglet's options before its key tables are imported
    K,
    M,
)
from .osd import Notice

if TYPE_CHECKING:
    from ..crt import CrtPicture
    from .window import WindowFrontEnd

PASTE, COPY, VOLUME_DOWN, VOLUME_UP = "paste", "copy", "volume down", "volume up"
VOLUME_STEP = 10


def extras_hotkey(symbol: int, modifiers: int) -> str | None:
    """Ctrl+Alt+V paste, Ctrl+Alt+C copy, Ctrl+F11 / Ctrl+F12 volume down / up."""
    ctrl, alt = bool(modifiers & K.MOD_CTRL), bool(modifiers & K.MOD_ALT)
    if ctrl and alt and symbol == K.V:
        return PASTE
    if ctrl and alt and symbol == K.C:
        return COPY
    if ctrl and not alt and symbol == K.F11:
        return VOLUME_DOWN
    if ctrl and not alt and symbol == K.F12:
        return VOLUME_UP
    return None


class Extras:
    """The comforts of one window; ``front`` is the window front end they serve."""

    def __init__(self, front: WindowFrontEnd, *, crt: bool = False, volume: int | None = None) -> None:
        self.front = front
        self.window = front.window
        self.notice = Notice(front.window)
        self.typist = clipboard.Typist(front.inputs, front.machine.keyboard)
        self.selection: clipboard.Selection | None = None
        self.crt = crt
        self.crt_picture: CrtPicture | None = None
        config_volume = getattr(front.config, "volume", None)
        self.volume = int(volume if volume is not None else config_volume if config_volume is not None else 100)
        # the host clipboard (pyglet's), replaceable where there is none
        self.clipboard_get: Callable[[], str] = lambda: self.window.get_clipboard_text()
        self.clipboard_set: Callable[[str], None] = lambda text: self.window.set_clipboard_text(text)

    # -- keys -----------------------------------------------------------------------------------------
    def hotkey(self, symbol: int, modifiers: int) -> bool:
        """Handle one of our keys; False when the key is not ours."""
        which = extras_hotkey(symbol, modifiers)
        if which is None:
            return False
        if which == PASTE and not self.front.replaying:
            self.paste()
        elif which == COPY:
            self.copy()
        elif which in (VOLUME_DOWN, VOLUME_UP):
            self.set_volume(self.volume + (VOLUME_STEP if which == VOLUME_UP else -VOLUME_STEP))
        return True

    def paste(self) -> None:
        try:
            text = self.clipboard_get() or ""
        except Exception as e:  # noqa: BLE001 - a clipboard owner that does not answer
            self.say(f"the clipboard could not be read ({e})")
            return
        try:
            words = clipboard.paste_words(text)
        except clipboard.PasteError as e:
            self.say(str(e))
            return
        if not words:
            self.say("the clipboard holds no text")
            return
        self.typist.start(words)
        self.notice.show(f"Pasting {len(words)} keys", time.monotonic())

    def copy(self, rect: tuple[int, int, int, int] | None = None) -> str:
        text = clipboard.screen_text(self.front.machine.screen.snapshot().cells, rect)
        self.clipboard_set(text)
        self.notice.show("Screen text copied" if rect is None else "Selection copied", time.monotonic())
        return text

    def set_volume(self, percent: int) -> None:
        self.volume = max(0, min(100, int(percent)))
        self.apply_volume()
        self.notice.show(f"Volume {self.volume} %" + (" (silent)" if self.volume == 0 else ""), time.monotonic())

    def apply_volume(self) -> None:
        """The live sound's level (the same renderer the speaker's samples go through)."""
        audio = self.front.audio
        if audio is not None:
            audio.stream.renderer.volume = level(self.volume)  # as --volume sets it at the start

    def say(self, line: str) -> None:
        print(f"vconsole: {line}", file=sys.stderr)
        self.notice.show(line, time.monotonic())

    # -- the mouse: Shift+drag selects ----------------------------------------------------------------
    def mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if button != M.LEFT or not modifiers & K.MOD_SHIFT:
            return False
        rows, cols = self.front.machine.screen.snapshot().cells.shape[:2]
        vx, vy = self.front.placement.to_virtual(x, y)
        self.selection = clipboard.Selection(vx, vy, rows=rows, cols=cols)
        self.front.forget_drawn()
        return True

    def mouse_drag(self, x: int, y: int) -> bool:
        if self.selection is None:
            return False
        self.selection.move(*self.front.placement.to_virtual(x, y))
        self.front.forget_drawn()
        return True

    def mouse_release(self, x: int, y: int, button: int) -> bool:
        if self.selection is None:
            return False
        self.selection.move(*self.front.placement.to_virtual(x, y))
        rect, self.selection = self.selection.rect, None
        self.copy(rect)
        self.front.forget_drawn()
        return True

    # -- the regular look and the picture -------------------------------------------------------------
    def tick(self, now: float) -> bool:
        """Type pasted keys the buffer has room for; True when the window must draw again."""
        if self.typist.active and self.typist.feed():
            self.front.machine.notify()
        redraw = self.notice.wants_redraw(now)
        if self.crt_picture is not None and self.crt_picture.fading:
            self.front.forget_drawn()  # the afterglow still changes the picture
        return redraw

    def busy(self, now: float) -> bool:
        """True while something of ours changes the picture or the keyboard with no event to wake
        the window: a paste still being typed, a notice on screen or just gone, the CRT afterglow."""
        return (self.typist.active or self.notice.until > now or self.notice.wants_redraw(now)
                or (self.crt_picture is not None and self.crt_picture.fading))

    def frame(self, frame: np.ndarray) -> np.ndarray:
        """The frame as the window shows it: the selection inverted over it."""
        if self.selection is None:
            return frame
        a = self.front.adapter
        bx, by = a.band()
        return clipboard.highlight(frame, self.selection.rect, (a.cell_w, a.cell_h), (bx, by))

    def crt_frame(self, frame: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """The CRT look of `frame` at the window picture's size (one CrtPicture per size)."""
        from ..crt import CrtPicture

        pic = self.crt_picture
        if pic is None or (pic.width, pic.height) != size:
            pic = self.crt_picture = CrtPicture(self.front.adapter, self.front.config.monitor, size)
        return pic.render(frame, self.front.machine.clock.now())

    def draw_overlay(self, now: float) -> None:
        self.notice.draw(now)
