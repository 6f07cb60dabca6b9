"""PEARLS.TMP: the game in progress, kept when the program ends and taken up at the next start.

A plain text file a player can read with TYPE: the players (a name per line, COMPUTER for a
computer's seat), the scoring method, who began, the board as it was laid out (49 numbers,
-1 for the power) and the takes in order (a square, with /1 or /2 for a solitaire choice).
Parsing replays every take through the rules, so a file that does not describe a legal game
is refused (ValueError) and the drive sets it aside.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import N_SQUARES
from .rules import Game, IllegalMove
from .strings import METHOD_LONGEST, METHOD_POINTS

HEADER = "PEARLS.TMP 1"
MAX_NAME = 14


@dataclass
class Saved:
    names: list[str]
    game: Game
    start: list[int]
    computer_moved: bool
    pad_tenths: int


def text(names: list[str], start: list[int], game: Game, computer_moved: bool, pad_tenths: int) -> str:
    lines = [HEADER]
    lines += [f"PLAYER {n}" for n in names]
    lines.append(f"METHOD {game.method}")
    lines.append(f"FIRST {game.first}")
    lines.append("BOARD " + " ".join(map(str, start)))
    takes = [f"{t.square}/{t.choice}" if t.choice else str(t.square) for t in game.takes]
    lines.append("TAKES " + " ".join(takes))
    lines.append(f"HELPED {int(computer_moved)}")
    lines.append(f"PACE {pad_tenths}")
    return "\n".join(lines) + "\n"


def parse(source: str) -> Saved:
    lines = [ln.rstrip("\r") for ln in source.split("\n") if ln.strip()]
    if not lines or lines[0] != HEADER:
        raise ValueError("not a PEARLS.TMP file")
    names: list[str] = []
    fields: dict[str, str] = {}
    for ln in lines[1:]:
        word, _, rest = ln.partition(" ")
        if word == "PLAYER":
            name = rest.strip()
            if not name or len(name) > MAX_NAME:
                raise ValueError(f"bad player name {rest!r}")
            names.append(name)
        elif word in ("METHOD", "FIRST", "BOARD", "TAKES", "HELPED", "PACE"):
            fields[word] = rest.strip()
        else:
            raise ValueError(f"unknown line {ln[:20]!r}")
    missing = {"METHOD", "FIRST", "BOARD", "TAKES"} - set(fields)
    if missing:
        raise ValueError(f"missing {', '.join(sorted(missing))}")
    try:
        method = int(fields["METHOD"])
        first = int(fields["FIRST"])
        start = [int(x) for x in fields["BOARD"].split()]
        helped = bool(int(fields.get("HELPED", "0")))
        pad = int(fields.get("PACE", "10"))
    except ValueError as e:
        raise ValueError(f"a number is not a number: {e}") from None
    if method not in (METHOD_LONGEST, METHOD_POINTS):
        raise ValueError(f"scoring method {method}")
    if len(start) != N_SQUARES:
        raise ValueError(f"the board has {len(start)} squares")
    if not 0 <= first < max(1, len(names)):
        raise ValueError(f"first player {first}")
    game = Game(start, len(names), first, method)     # ValueError for a bad board or player count
    if sorted(start) != [-1] + list(range(1, 49)):
        raise ValueError("the board must hold pearls 1-48 and the power")
    for token in fields["TAKES"].split():
        sq, _, choice = token.partition("/")
        try:
            game.take(int(sq), int(choice) if choice else None)
        except (IllegalMove, ValueError) as e:
            raise ValueError(f"take {token}: {e}") from None
    if game.over:
        raise ValueError("the game is finished")
    return Saved(names, game, start, helped, pad)
