"""ANCIENTO.TMP: the game left unfinished when a run ended, offered at the next start.

It is a saved game as F4 writes it (so "Load game" can read it too), with one more line:
``HALL 1`` when the game may still enter the Hall of Fame (0 for a watched game taken over
without a stone of one's own).  Read through the auto-save's recovery path: a damaged file
is set aside as ANCIENTO.BAD with a message, and the program starts afresh.
"""
from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .savefile import Saved, format_saved, parse_saved

FILE = "ANCIENTO.TMP"


@dataclass(frozen=True)
class Kept:
    saved: Saved
    hall: bool

    def game(self) -> Game:
        return self.saved.game()

    @property
    def placed(self) -> int:
        return len(self.saved.moves)


def text(game: Game, seconds: float, hall: bool) -> str:
    return format_saved(game, seconds) + f"HALL {int(hall)}\n"


def parse(content: str) -> Kept:
    """The kept game; ValueError saying what is wrong with anything else."""
    saved = parse_saved(content)
    hall = [line.split()[1:] for line in content.split("\n") if line.strip().upper().startswith("HALL")]
    if len(hall) != 1 or hall[0] not in (["0"], ["1"]):
        raise ValueError("the HALL line is missing or garbled")
    if not saved.moves:
        raise ValueError("no stone was placed")
    return Kept(saved, hall[0] == ["1"])
