"""The life of a Tommy's Toys run, written once for every program of the house.

Every Tommy's Toys program lives the same way (docs/ARCHITECTURE.md, "The Tommy's Toys
chrome"): the start-up screen; the game left unfinished last time taken up again from
NAME.TMP (a damaged file set aside and said); the game's own opening; its steps (a move, a
question), one after another, until a quit; and, however the run ends (F7, a quit from
inside a question, a closed window, a signal), ``Chrome.finish`` keeping the unfinished game
in NAME.TMP.

A program says what is its own through the ``Toy`` protocol and calls ``run``.  F7 on the
start-up screen leaves before anything is loaded, so NAME.TMP stays exactly as it was.
"""
from __future__ import annotations

from typing import Protocol, TypeVar

from vconsole.toolkit.hot import Hot, QuitRequest

from .chrome import Chrome
from .startup import Credits

S = TypeVar("S")


class Toy(Protocol[S]):
    """What a Tommy's Toys program gives the run loop; ``S`` is its saved game (NAME.TMP read)."""

    @property
    def chrome(self) -> Chrome: ...

    def parse_saved(self, text: str) -> S:
        """NAME.TMP's text as a saved game; ValueError for a file the program cannot use."""
        ...

    def resume(self, saved: S) -> None:
        """Take up the game read from NAME.TMP (before anything is drawn)."""
        ...

    def begin(self, note: str | None) -> Hot | None:
        """Draw the game and open it: say ``note`` (why NAME.TMP could not be used) or that a
        game was resumed, ask for players when there is no game...  Hot.QUIT ends the run."""
        ...

    def step(self) -> Hot | None:
        """One pass of the program's loop (a move, a question, a key); Hot.QUIT ends the run."""
        ...

    def saved_text(self) -> str | None:
        """What NAME.TMP should hold as the run ends: the unfinished game, or None to drop it."""
        ...


def run(toy: Toy[S], credits: Credits | None) -> int:
    """Run a Tommy's Toys program from its start-up screen (``credits``; None skips it) to its
    end, and return its errorlevel (0: a warning at exit raises it, see ``Chrome.finish``)."""
    chrome = toy.chrome
    if credits is not None:
        try:
            chrome.startup(credits.title, credits.copyright, credits.catalog)
        except QuitRequest:
            return 0  # F7 at the start: nothing was loaded, NAME.TMP stays as it was
    saved, note = chrome.autosave.recover(toy.parse_saved)
    if saved is not None:
        toy.resume(saved)
    try:
        act = toy.begin(note)
        while act != Hot.QUIT:
            act = toy.step()
    except QuitRequest:  # F7 answered yes from inside a question, a field or a table
        pass
    finally:
        chrome.finish(toy.saved_text())
    return 0
