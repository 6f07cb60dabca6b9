"""Pick one of a few things already on the screen: they flash, and a key or a click chooses.

String of Pearls asks which of two strings a pearl should join: the two strings flash, and
the player presses 1 or 2, or clicks the 1 or the 2 in the question, or the string itself.
Any program that must ask "which of these?" about things it has drawn (two piles a card
could go to, two pieces that could move) can ask the same way, so the question lives here.

Each ``Option`` names the keys that choose it, the spans of cells that flash for it and the
spans a click chooses it by (its flashing spans always count).  The flash alternates each
span between the theme's ``flash_role`` and the attributes the cells had when the question
began, every ``period`` seconds of machine time, and the cells are always left as they were
found.  Esc or the right button backs out (None); every other key goes to the hot keys
first (F1 sound and the like keep working), and a hot-key result in ``hot.STOPS`` ends the
question with that result; keys that are no hot key and choose nothing go to ``refuse`` (a beep).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import TextScreen

from .controls import DEFAULT, Controls
from .hits import HitMap, left_click, right_click
from .hot import STOPS, Hot
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

T = TypeVar("T")
Span = tuple[int, int, int]  # row, col, width


@dataclass(frozen=True)
class Option(Generic[T]):
    value: T
    keys: str
    flash: Sequence[Span] = ()
    clicks: Sequence[Span] = field(default=())


class Flash:
    """Spans of cells lit in one theme role or shown as they were; ``put_back`` at the end."""

    def __init__(self, screen: TextScreen, theme: Theme, spans: Sequence[Span], role: str = "flash") -> None:
        self.screen, self.attr = screen, theme[role]
        self.cells = [(r, c + k, screen.read(r, c + k)[1]) for r, c, w in spans for k in range(w)]
        self.lit = False

    def show(self, lit: bool) -> None:
        for r, c, original in self.cells:
            self.screen.set_attr(r, c, self.attr if lit else original)
        self.lit = lit

    def put_back(self) -> None:
        self.show(False)


def pick_one(dos: Dos, theme: Theme, options: Sequence[Option[T]], *, flash_role: str = "flash",
             period: float = 0.3, controls: Controls = DEFAULT, refuse: Callable[[Key], None] | None = None,
             read: Callable[[float], Key | MouseEvent | None] | None = None) -> T | Hot | None:
    """The value of the option chosen, None when backed out, or the hot-key result that stopped it.

    ``read(timeout)`` is how events are read (default ``dos.input``; a program passes its own
    to have clicks on its legend arrive as keys)."""
    if period <= 0:
        raise ValueError("the flash period must be positive")
    read = read or (lambda timeout: dos.input(timeout))
    flash = Flash(dos.screen, theme, [s for o in options for s in o.flash], flash_role)
    by_key: dict[str, T] = {}
    hits: HitMap[Option[T]] = HitMap()
    for o in options:
        for ch in o.keys:
            by_key[ch.upper()] = o.value
        for r, c, w in list(o.flash) + list(o.clicks):
            hits.add(r, c, r, c + w - 1, o)
    lit = True
    try:
        while True:
            flash.show(lit)
            ev = read(period)
            if ev is None:
                lit = not lit
                continue
            if isinstance(ev, Key):
                if ev.name == "Esc":
                    return None
                if ev.char and ev.char.upper() in by_key:
                    return by_key[ev.char.upper()]
                done = controls.hot(ev)
                if done in STOPS:
                    return done
                if done is None and refuse is not None:
                    refuse(ev)
                continue
            if not controls.mouse:
                continue
            if right_click(ev):
                return None
            if left_click(ev):
                chosen = hits.at(ev.row, ev.col)
                if chosen is not None:
                    return chosen.value
    finally:
        flash.put_back()
