"""The mouse pointer's shape in text mode, set as DOS programs set it (INT 33h function 0Ah).

The software text cursor is two masks over the cell word (attribute << 8 | character): the
cell is ANDed with the screen mask, then XORed with the cursor mask.  A program that wanted
a cross for "pick a place" (Spider's VIEW) or a hand set its own pair and put the driver's
default back afterwards.  New masks show only at the next "show cursor" (function 01h), so
the pointer is hidden and shown again around the change.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from vconsole.mouse import DEFAULT_AND, DEFAULT_XOR

if TYPE_CHECKING:
    from vconsole.program import Dos

#: the driver's own: the cell's colours inverted, its character kept
ARROW = (DEFAULT_AND, DEFAULT_XOR)
#: the cell's colours inverted (blink and intensity dropped) and a cross (CP437 C5h) in it
CROSS = (0x7700, 0x77C5)


def set_shape(dos: Dos, masks: tuple[int, int]) -> None:
    """Give the pointer the (screen mask, cursor mask) ``masks``; nothing without a driver."""
    if not dos.mouse_installed:
        return
    dos.mouse.set_text_cursor(False, *masks)
    dos.mouse.hide()
    dos.mouse.show()


@contextmanager
def pointer_shape(dos: Dos, masks: tuple[int, int]) -> Iterator[None]:
    """The pointer in another shape for a while, the driver's default again afterwards."""
    set_shape(dos, masks)
    try:
        yield
    finally:
        set_shape(dos, ARROW)
