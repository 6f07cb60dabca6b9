"""Keeping a game in progress across runs: NAME.TMP in the program's directory.

Reading goes through ``Drive.load``, the one recovery path: a file the program cannot
understand is moved aside as NAME.BAD (never deleted) and the player is told in one line;
the program then starts a fresh game instead of failing.  Writing is atomic (old file or
new, never half of each).  A save that cannot be written (read-only folder, a directory in
the way, a full disk) is never lost silently: ``save`` returns the reason, for the program
to show and to pass to ``Dos.warn_at_exit`` (the terminal line and errorlevel 1).
"""
from __future__ import annotations

from typing import Callable, TypeVar

from vconsole.disk import DiskError, dos_name

T = TypeVar("T")


class AutoSave:
    def __init__(self, drive, name: str) -> None:
        self.drive = drive
        self.name = dos_name(name)

    def exists(self) -> bool:
        return self.drive.exists(self.name)

    def recover(self, parse: Callable[[str], T]) -> tuple[T | None, str | None]:
        """(game, None) when a saved game came back, (None, message) when the file was bad or
        unreadable, (None, None) when there was nothing to restore.

        ``parse`` raises ValueError (or another of disk.PARSE_ERRORS) for a file it cannot use.
        """
        loaded = self.drive.load_text(self.name, parse)
        return loaded.value, loaded.message

    def save(self, text: str) -> str | None:
        """Write the game; None when it is safely on disk, else the reason in one line."""
        try:
            self.drive.write_text(self.name, text)
        except DiskError as e:
            return str(e)
        return None

    def discard(self) -> str | None:
        """Remove the file (a finished game is not kept); the reason if it could not be removed."""
        try:
            if self.exists():
                self.drive.delete(self.name)
        except DiskError as e:
            return str(e)
        return None
