"""Keeping a game in progress across runs: NAME.TMP in the program's directory.

Reading goes through ``Drive.load``, the one recovery path: a file the program cannot
understand is moved aside as NAME.BAD (never deleted) and the player is told in one line;
the program then starts a fresh game instead of failing.  Writing is atomic (old file or
new, never half of each).  A save that cannot be written (read-only folder, a directory in
the way, a full disk) is never lost silently: ``save`` returns the reason, for the program
to show and to pass to ``Dos.warn_at_exit`` (the terminal line and errorlevel 1).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from vconsole.disk import DiskError, Drive, dos_name

T = TypeVar("T")


class AutoSave:
    """NAME.TMP of one run.  Two runs of a program on one drive: the first claims the file
    (``Drive.claim``) for as long as it runs; the second says so, starts afresh and never
    writes or removes the first one's game."""

    def __init__(self, drive: Drive, name: str) -> None:
        self.drive = drive
        self.name = dos_name(name)
        self.ours: bool = drive.claim(self.name)

    def exists(self) -> bool:
        return self.drive.exists(self.name)

    def in_use(self) -> str:
        return f"{self.name} is in use by another run - this game will not be kept"

    def recover(self, parse: Callable[[str], T]) -> tuple[T | None, str | None]:
        """(game, None) when a saved game came back, (None, message) when the file was bad or
        unreadable or another live run plays it, (None, None) when there was nothing to restore.

        ``parse`` raises ValueError (or another of disk.PARSE_ERRORS) for a file it cannot use.
        """
        if not self.ours:
            return None, self.in_use()
        loaded = self.drive.load_text(self.name, parse)
        return loaded.value, loaded.message

    def save(self, text: str) -> str | None:
        """Write the game; None when it is safely on disk, else the reason in one line."""
        if not self.ours:
            return f"{self.name} is in use by another run"
        try:
            self.drive.write_text(self.name, text)
        except DiskError as e:
            return str(e)
        return None

    def discard(self) -> str | None:
        """Remove the file (a finished game is not kept); the reason if it could not be removed."""
        if not self.ours:
            return None  # the other run's game, not ours to drop
        try:
            if self.exists():
                self.drive.delete(self.name)
        except DiskError as e:
            return str(e)
        return None
