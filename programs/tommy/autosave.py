"""Keeping a game in progress across runs: NAME.TMP in the program's directory.

Written atomically (old file or new, never half of each), so pulling the plug
mid-save cannot cost the game.  A TMP file the program cannot understand is
moved aside as NAME.BAD, never deleted, and the player is told in one line;
the program then starts a fresh game instead of failing.
"""
from __future__ import annotations

from typing import Callable, TypeVar

from vconsole.disk import DiskError

T = TypeVar("T")


class AutoSave:
    def __init__(self, drive, name: str) -> None:
        self.drive = drive
        self.name = name.upper()

    def exists(self) -> bool:
        try:
            return self.drive.exists(self.name)
        except DiskError:
            return False

    def recover(self, parse: Callable[[str], T]) -> tuple[T | None, str | None]:
        """(game, None) when a saved game came back, (None, message) when the file was bad,
        (None, None) when there was nothing to restore."""
        if not self.exists():
            return None, None
        try:
            text = self.drive.read_text(self.name)
            return parse(text), None
        except Exception as exc:  # anything unreadable: keep the file aside and say so
            try:
                bad = self.drive.quarantine(self.name)
                where = f"kept as {bad}"
            except DiskError as e:
                where = str(e)
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return None, f"{self.name} is damaged ({reason}); {where}. New game."

    def save(self, text: str) -> None:
        self.drive.write_text(self.name, text)

    def discard(self) -> None:
        try:
            self.drive.delete(self.name)
        except DiskError:
            pass
