"""Anciento's files in its DOS directory: saved games, the Hall of Fame, the setups, SAMPLE.

Every write goes through the drive (atomic: a failed write leaves the old file whole) and
comes back as a one-line message or None, never an exception.  Reading a saved game the
player asked for by name never moves his file: a file that is not a game is only named
with the reason.  The Hall of Fame and the setups, which the program reads by itself, go
through the drive's recovery path (a damaged one is kept as ANCIENTO.BAD, with a message).
"""
from __future__ import annotations

from vconsole.disk import DiskError, Drive
from vconsole.toolkit.hiscore import HiScoreTable

from . import best as best_file
from . import sample
from .game import Game
from .savefile import EXTENSION, Saved, file_name, format_saved, parse_saved
from .setups import FILE as SETUP_FILE
from .setups import Setup, format_file, parse_file

HALL_FILE = "ANCIENTO.HOF"
HALL_SIZE = 10
SAMPLE_NAME = "SAMPLE"
NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
NAME_MAX = 8


def hall_of_fame(drive: Drive) -> HiScoreTable:
    return HiScoreTable(drive, HALL_FILE, size=HALL_SIZE, higher=True, fields=("game",))


def valid_name(name: str) -> bool:
    name = name.strip().upper()
    return 1 <= len(name) <= NAME_MAX and all(ch in NAME_CHARS for ch in name)


def saved_games(drive: Drive) -> tuple[list[str], str | None]:
    """The names of the saved games (without .ANC), sorted; and a message if the directory is unreadable."""
    try:
        names = drive.listdir()
    except DiskError as e:
        return [], str(e)
    return sorted(n[:-len(EXTENSION)] for n in names if n.upper().endswith(EXTENSION)), None


def load_game(drive: Drive, name: str) -> tuple[Saved | None, str | None]:
    """(the saved game, None) or (None, why not, in one line)."""
    target = file_name(name)
    if not drive.exists(target):
        if target == file_name(SAMPLE_NAME):  # the directory would not take the copy: the built-in one
            return parse_saved(sample.TEXT), None
        return None, f"There is no saved game called {name.strip().upper()}."
    try:
        text = drive.read_text(target)
    except DiskError as e:
        return None, f"{e}."
    try:
        return parse_saved(text), None
    except ValueError as e:
        return None, f"{target} is not a game Anciento can load ({e})."


def save_game(drive: Drive, name: str, game: Game, seconds: float) -> str | None:
    try:
        drive.write_text(file_name(name), format_saved(game, seconds))
    except DiskError as e:
        return f"{e}."
    return None


def install_sample(drive: Drive) -> str | None:
    """Put SAMPLE.ANC in the directory unless a file of that name is already there (never overwritten)."""
    target = file_name(SAMPLE_NAME)
    if drive.exists(target):
        return None
    try:
        drive.write_text(target, sample.TEXT)
    except DiskError as e:
        return f"{e}."
    return None


def load_best(drive: Drive) -> tuple[best_file.Best | None, str | None]:
    """The Hall of Fame's best game (ANCIENTO.BST), or None; a damaged file is set aside (the message)."""
    loaded = drive.load_text(best_file.FILE, best_file.parse)
    return loaded.value, loaded.message


def save_best(drive: Drive, best: best_file.Best) -> str | None:
    try:
        drive.write_text(best_file.FILE, best_file.text(best))
    except DiskError as e:
        return f"{e}."
    return None


def keep_if_best(drive: Drive, game: Game, name: str, seconds: float) -> str | None:
    """A numbered game that entered the Hall of Fame becomes ANCIENTO.BST if it beats the one there."""
    if game.deal.number is None:
        return None
    old, _ = load_best(drive)
    new = best_file.of_game(game, name, seconds)
    if old is not None and old.score >= new.score:
        return None
    return save_best(drive, new)


def load_setups(drive: Drive) -> tuple[dict[str, Setup], str | None]:
    loaded = drive.load_text(SETUP_FILE, parse_file)
    return dict(loaded.value or {}), loaded.message


def save_setup(drive: Drive, slot: str, setup: Setup) -> str | None:
    """Write ``setup`` into ``slot``, keeping the other slots (a damaged file starts afresh)."""
    slots, damaged = load_setups(drive)
    slots[slot] = setup
    try:
        drive.write_text(SETUP_FILE, format_file(slots))
    except DiskError as e:
        return f"{e}."
    return damaged


__all__ = ["EXTENSION", "HALL_FILE", "NAME_CHARS", "NAME_MAX", "SAMPLE_NAME", "file_name", "hall_of_fame",
           "install_sample", "keep_if_best", "load_best", "load_game", "load_setups", "save_best", "save_game",
           "save_setup", "saved_games", "valid_name"]
