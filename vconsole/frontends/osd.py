"""Short notices over the window's picture ("Volume 40 %", "Pasting 120 keys"), gone after a moment.

They are drawn by the window on top of the picture, never into the frame, so
screenshots, captures and the program's screen stay exact.
"""
from __future__ import annotations

from typing import Any

SHOWN_S = 1.5  # how long a notice stays


class Notice:
    """One line of text at the top of the window for SHOWN_S seconds."""

    def __init__(self, pyglet, window) -> None:
        self.pyglet = pyglet
        self.window = window
        self.text = ""
        self.until = 0.0
        self._label: Any = None  # pyglet.text.Label, made when first drawn
        self._box: Any = None
        self._shown = False  # drawn at the last redraw: one more redraw takes it away

    def show(self, text: str, now: float) -> None:
        self.text = text
        self.until = now + SHOWN_S
        self._label = None

    def wants_redraw(self, now: float) -> bool:
        """True when the picture must be drawn again: a new notice, or one that just expired."""
        visible = now < self.until
        return visible and self._label is None or (self._shown and not visible)

    def draw(self, now: float) -> None:
        if now >= self.until:
            self._shown = False
            return
        pyglet = self.pyglet
        w, h = self.window.width, self.window.height
        size = max(10, min(24, h // 30))
        if self._label is None or self._label.font_size != size:
            self._label = pyglet.text.Label(self.text, font_size=size, x=w // 2, y=h - size, anchor_x="center",
                                            anchor_y="top", color=(255, 255, 255, 255))
            pad = size // 2
            self._box = pyglet.shapes.Rectangle(w // 2 - self._label.content_width // 2 - pad,
                                                h - size - self._label.content_height - pad,
                                                self._label.content_width + 2 * pad,
                                                self._label.content_height + 2 * pad, color=(0, 0, 0, 200))
        self._box.draw()
        self._label.draw()
        self._shown = True
