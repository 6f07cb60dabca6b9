"""How a widget is worked: whether the mouse counts, and the program's hot keys.

Every widget that waits for the player (a question, a line of text, a menu, a form, the
pager, a table, a flashing choice) takes one ``Controls`` instead of its own ``mouse=`` and
``hotkey=`` keywords, so a program builds it once (from its mouse switch and its hot-key
handler) and hands the same object to everything it opens.

``HotKey`` is the one shape of a program's hot-key handler: it is given a key no widget
used and answers None (not a hot key), ``Hot.HANDLED`` (done: carry on), or one of
``hot.STOPS`` (``Hot.QUIT``, ``Hot.MODE``), which closes a widget that can hand a result
back (menus, forms, the pager, ``ask_key``, ``pick_one``) with that result.  A widget that
can only answer with its own value (a Y/N question, a line of text, a table) does not look
at the answer: a handler that must leave from there raises ``hot.QuitRequest``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vconsole.keyboard import Key

from .hot import Hot

HotKey = Callable[[Key], Hot | None]


@dataclass(frozen=True)
class Controls:
    """``mouse``: clicks work (False: the widget ignores the mouse entirely, as when the
    player turned it off); ``hotkey``: the program's keys that work at any moment."""

    mouse: bool = True
    hotkey: HotKey | None = None

    def hot(self, key: Key) -> Hot | None:
        """The hot-key handler's answer for ``key`` (None when there is no handler)."""
        return None if self.hotkey is None else self.hotkey(key)


#: the mouse on, no hot keys: what a widget uses when it is given nothing else
DEFAULT = Controls()
