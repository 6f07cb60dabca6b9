"""MILL.TMP: the game left unfinished, with everything needed to carry on next time.

It is a game file as S writes it (so R can read it too), with note lines for the
players, level, time pad, clock, move pointer and whether the game was being reviewed.
``parse`` raises ValueError for anything it cannot use; the chrome's auto-save then sets
the file aside as MILL.BAD and says so.
"""
from __future__ import annotations

from dataclasses import dataclass

from .notation import format_move, options_note, read_game_file
from .rules import Game

HEADER = ". TOMMY'S MILL AUTO-SAVE (the game left unfinished last time)"
KEYBOARD, COMPUTER = "KEYBOARD", "COMPUTER"
MAX_LEVEL = 9


@dataclass
class Saved:
    game: Game
    players: list[str]
    level: int
    pad_tenths: int
    clock: int
    review: bool


def text(game: Game, players: list[str], level: int, pad_tenths: int, clock: int, review: bool) -> str:
    lines = [HEADER,
             f".PLAYERS {players[0]} {players[1]}",
             f".LEVEL {level}",
             f".PAD {pad_tenths}",
             f".CLOCK {clock}",
             f".POINTER {game.pointer}",
             f".REVIEW {int(review)}",
             options_note(game.options)]
    lines += [format_move(m) for m in game.moves]
    return "\n".join(lines) + "\n"


def parse(text: str) -> Saved:
    notes: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.startswith(".") and not line.startswith(". "):
            word, *rest = line[1:].split()
            notes[word.upper()] = rest
    need = {"PLAYERS", "LEVEL", "PAD", "CLOCK", "POINTER", "REVIEW"}
    if not need <= set(notes):
        raise ValueError(f"no {sorted(need - set(notes))[0]} line")
    players = notes["PLAYERS"]
    if len(players) != 2 or not set(players) <= {KEYBOARD, COMPUTER}:
        raise ValueError("bad PLAYERS line")
    nums = {}
    for k in ("LEVEL", "PAD", "CLOCK", "POINTER", "REVIEW"):
        if len(notes[k]) != 1 or not notes[k][0].isdigit():
            raise ValueError(f"bad {k} line")
        nums[k] = int(notes[k][0])
    if nums["LEVEL"] > MAX_LEVEL or not 1 <= nums["PAD"] <= 100:
        raise ValueError("level or time pad out of range")
    game = read_game_file(text)
    if nums["POINTER"] > len(game.moves):
        raise ValueError("move pointer past the last move")
    while game.pointer > nums["POINTER"]:
        game.backstep()
    if game.result() is not None:
        raise ValueError("the saved game was already over")
    return Saved(game, list(players), nums["LEVEL"], nums["PAD"], nums["CLOCK"], bool(nums["REVIEW"]))
