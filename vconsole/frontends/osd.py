"""Short notices over the window's picture ("Volume 40 %", "Pasting 120 keys"), gone after a moment.

They are drawn by the window on top of the picture, never into the frame, so
screenshots, captures and the program's screen stay exact.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyglet.shapes import Rectangle
    from pyglet.text import Label
    from pyglet.window import Window

SHOWN_S = 1.5  # how long a notice stays


class Notice:
    """One line of text at the top of the window for SHOWN_S seconds."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.text = ""
        self.until = 0.0
        self._label: Label | None = None  # made when first drawn
        self._box: Rectangle | None = None
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
        import pyglet.shapes
        import pyglet.text  # loaded already: the window is drawing

        w, h = self.window.width, self.window.height
        size = max(10, min(24, h // 30))
        label, box = self._label, self._box
        if label is None or box is None or label.font_size != size:
            label = self._label = pyglet.text.Label(self.text, font_size=size, x=w // 2, y=h - size,
                                                    anchor_x="center", anchor_y="top", color=(255, 255, 255, 255))
            pad = size // 2
            box = self._box = pyglet.shapes.Rectangle(w // 2 - label.content_width // 2 - pad,
                                                      h - size - label.content_height - pad,
                                                      label.content_width + 2 * pad,
                                                      label.content_height + 2 * pad, color=(0, 0, 0, 200))
        box.draw()
        label.draw()
        self._shown = True
