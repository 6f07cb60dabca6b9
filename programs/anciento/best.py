"""ANCIENTO.BST: the best numbered game that entered the Hall of Fame, move by move.

The document's demonstration shows "the best performance to date".  The master plays every
numbered game well, but a player may beat it on one: then D replays that player's game
instead.  The file is a saved game (the stones, the moves, the score, checked on loading)
with the player's name and, once worked out, the master's own score on the same game
number (``MASTER``), so that D compares the two without searching again.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .game import Game
from .savefile import Saved, format_saved, parse_saved

FILE = "ANCIENTO.BST"
NAME_MAX = 24  # the Hall of Fame's name field is no longer


@dataclass(frozen=True)
class Best:
    saved: Saved
    name: str
    score: int
    master: int | None = None  # the master's score on this game number, once known

    @property
    def number(self) -> int:
        number = self.saved.deal.number
        assert number is not None  # parse refuses unnumbered games
        return number

    def game(self) -> Game:
        return self.saved.game()

    def with_master(self, score: int) -> Best:
        return replace(self, master=score)


def text(best: Best) -> str:
    lines = format_saved(best.game(), best.saved.seconds) + f"NAME {best.name}\n"
    if best.master is not None:
        lines += f"MASTER {best.master}\n"
    return lines


def of_game(game: Game, name: str, seconds: float) -> Best:
    saved = parse_saved(format_saved(game, seconds))
    return Best(saved, name, game.final().total)


def parse(content: str) -> Best:
    saved = parse_saved(content)
    if saved.deal.number is None:
        raise ValueError("not a numbered game")
    fields = {}
    for line in content.split("\n"):
        word, _, rest = line.strip().partition(" ")
        if word.upper() in ("NAME", "MASTER"):
            fields[word.upper()] = rest.strip()
    name = fields.get("NAME", "")
    if not name or len(name) > NAME_MAX or not name.isprintable():
        raise ValueError("the NAME line is missing or garbled")
    master = fields.get("MASTER")
    if master is not None and not (master.isdigit() and len(master) <= 12):
        raise ValueError("the MASTER line is garbled")
    return Best(saved, name, saved.game().final().total, None if master is None else int(master))
