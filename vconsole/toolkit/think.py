"""Staying responsive while busy: the computer thinks, a pause between moves, a demo.

A DOS game that let the computer think still answered its hot keys (sound, help, border,
quit) and let the player cut the search short with Esc, taking the best move found so
far; keys typed meanwhile for the next move were not lost.  ``Busy`` is that policy, set
once per program and used by every wait:

* ``hot(key)`` handles the program's hot keys at once; a result in ``hot.STOPS`` (QUIT,
  MODE) ends the wait;
* ``stops(key)`` names keys that end the wait with a value of the program's own (Esc to
  play now, Mill's '.' and '/'); such a key counts only when no typed-ahead key waits
  before it (then it is part of what was typed), except Esc, which always counts;
* any other key, by ``typed``: "keep" (the decision for every program: kept, in the order
  typed, in the BIOS buffer for the keyboard player), "refuse" (nobody will read it: the
  ``refuse`` callback beeps), or "stop" (a demo: the key hands control back);
* ``clicks(ev)`` turns a click into the key it stands for (a legend line); with typed
  "stop" any other click also ends the wait; otherwise other clicks are dropped.

``think`` runs a search that calls ``should_stop()`` now and then and reports its best
move so far; the time pad (the least time a computer move takes) is then honoured by a
pause that answers the same keys.  Searches must not look at the wall clock to decide
anything (runs are replayed bit-exact): the only wall-clock use here is how often the
keyboard is looked at while a search runs.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent

from .controls import HotKey
from .hits import any_click
from .hot import STOPS

if TYPE_CHECKING:
    from vconsole.program import Dos

M = TypeVar("M")

KEEP, REFUSE, STOP = "keep", "refuse", "stop"
POLL_EVERY_S = 0.02  # how often a running search looks at the keyboard (wall time; see above)
SLICE_S = 0.05  # a pause waits in slices this long, answering keys between them


@dataclass(frozen=True)
class Thought(Generic[M]):
    """What came of ``think``: the move to play (the best found) and why the thinking ended.

    ``why`` is None when the search finished and the time pad ran out; otherwise the value
    that stopped it: a ``stops`` value (e.g. "esc"), Hot.QUIT / Hot.MODE, or (typed "stop")
    the key or click itself.
    """

    move: M | None
    why: Any = None


class Busy:
    def __init__(self, dos: Dos, hot: HotKey, *,
                 stops: Callable[[Key], Any] | None = None,
                 clicks: Callable[[MouseEvent], Key | None] | None = None,
                 typed: str | Callable[[], str] = KEEP,
                 refuse: Callable[[Key], None] | None = None) -> None:
        self.dos = dos
        self.hot = hot
        self.stops = stops
        self.clicks = clicks
        self._typed = typed
        self.refuse = refuse
        self._polled_at = float("-inf")

    @property
    def typed(self) -> str:
        return self._typed() if callable(self._typed) else self._typed

    # -- one look at the input ------------------------------------------------------------
    def poll(self) -> Any | None:
        """Act on everything waiting; the value that ends the wait, or None to carry on."""
        kb = self.dos.keyboard
        policy = self.typed
        kept: list[Key] = []
        result = None
        while result is None:
            key = kb.get()
            if key is None:
                break
            result = self._key(key, kept, policy)
        later: list[Key] = []
        while kb.pending():
            waiting = kb.get()
            if waiting is not None:
                later.append(waiting)
        for key in kept + later:  # back in the order typed, for whoever reads keys next
            kb.push(key.word)
        while result is None:
            ev = self.dos.mouse.next_event()
            if ev is None:
                break
            key = self.clicks(ev) if self.clicks is not None else None
            if key is not None:
                done = self.hot(key)
                if done in STOPS:
                    result = done
            elif policy == STOP and any_click(ev):
                result = ev
        return result

    def _key(self, key: Key, kept: list[Key], policy: str) -> Any | None:
        if self.stops is not None and (not kept or key.name == "Esc"):
            value = self.stops(key)
            if value is not None:
                return value
        done = self.hot(key)
        if done is not None:
            return done if done in STOPS else None
        if policy == KEEP:
            kept.append(key)
        elif policy == STOP:
            return key
        elif self.refuse is not None:
            self.refuse(key)
        return None

    def should_stop(self) -> Any | None:
        """``poll`` at most every POLL_EVERY_S of wall time: cheap enough to call from a search."""
        now = time.monotonic()
        if now - self._polled_at < POLL_EVERY_S:
            return None
        self._polled_at = now
        return self.poll()

    # -- waits -----------------------------------------------------------------------------
    def pause(self, seconds: float) -> Any | None:
        """Let ``seconds`` of machine time pass, answering input; the value that cut it short, or None."""
        end = self.dos.now() + max(0.0, seconds)
        while True:
            result = self.poll()
            if result is not None:
                return result
            left = end - self.dos.now()
            if left <= 0:
                return None
            self.dos.wait(min(left, SLICE_S))

    def think(self, search: Callable[[Callable[[], bool], Callable[[M], None]], M | None], *, pad: float = 0.0,
              on_best: Callable[[M], None] | None = None) -> Thought[M]:
        """Run ``search(should_stop, report_best)``, then wait out the rest of the time pad.

        ``search`` returns its move (or None when stopped before it finished: the last
        reported move is used).  The pad is measured in machine time from the start.
        """
        start = self.dos.now()
        best: list[M | None] = [None]
        why: list[Any] = [None]
        self._polled_at = float("-inf")

        def should_stop() -> bool:
            if why[0] is None:
                why[0] = self.should_stop()
            return why[0] is not None

        def report(move: M) -> None:
            best[0] = move
            if on_best is not None:
                on_best(move)

        move = search(should_stop, report)
        if move is None:
            move = best[0]
        if why[0] is None:
            why[0] = self.pause(pad - (self.dos.now() - start))
        return Thought(move, why[0])


GAME_OVER = "game over"


def run_demo(busy: Busy, step: Callable[[], Any | None], pace: Callable[[], float]) -> Any:
    """The computer plays until something hands control back or the game ends.

    ``step()`` makes one move and returns None to go on; anything else ends the demo and
    is returned: GAME_OVER when nothing is left to play, or what stopped a ``busy.think``
    inside the step.  Between moves ``pace()`` seconds pass, answering input.  Use a Busy
    with typed="stop" so that any key or click ends the demo (the key or click is returned).
    """
    while True:
        result = step()
        if result is not None:
            return result
        result = busy.pause(pace())
        if result is not None:
            return result
