"""Saved games as text a player can read with TYPE: the stones, the moves, the game number.

::

    ANCIENTO GAME 1
    NUMBER 505
    STONES 24 19 35 14 3 10 27 21 ...     (72 kinds 0-35: the six starters, then the sequence)
    MOVES 34 43 80 ...                    (squares 0-99, row * 10 + column, in the order played)
    SCORE 91234                           (the final score the moves give, checked on loading)
    SECONDS 754                           (time played)

The file keeps every stone, so a random (unnumbered, ``NUMBER -``) game loads as well as a
numbered one, and a game of a numbered deal is checked against that number's deal.  Every
move is replayed through the rules on loading: a file whose moves break a rule, or whose
score differs from what its moves give, is refused as damaged.
"""
from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .rules import IllegalMove
from .stones import FIRST_NUMBER, KINDS, LAST_NUMBER, STARTERS, TO_PLAY, Deal, numbered_deal

HEADER = "ANCIENTO GAME 1"
EXTENSION = ".ANC"


@dataclass(frozen=True)
class Saved:
    deal: Deal
    moves: tuple[int, ...]
    seconds: int = 0

    def game(self) -> Game:
        return Game(self.deal, self.moves)


def file_name(name: str) -> str:
    """The DOS file for a saved game's name (SAMPLE -> SAMPLE.ANC)."""
    name = name.strip().upper()
    return name if "." in name else name + EXTENSION


def format_saved(game: Game, seconds: float = 0) -> str:
    deal = game.deal
    return "\n".join([
        HEADER,
        f"NUMBER {deal.number if deal.number is not None else '-'}",
        "STONES " + " ".join(str(s) for s in deal.order),
        "MOVES " + " ".join(str(m) for m in game.moves),
        f"SCORE {game.final().total}",
        f"SECONDS {int(seconds)}",
    ]) + "\n"


def parse_saved(text: str) -> Saved:
    """A saved game from its text; ValueError saying what is wrong with anything else."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    if not lines or lines[0] != HEADER:
        raise ValueError("not an Anciento saved game")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        word, _, rest = line.partition(" ")
        fields[word.upper()] = rest.strip()
    for need in ("NUMBER", "STONES", "MOVES"):
        if need not in fields:
            raise ValueError(f"the {need} line is missing")
    number = None if fields["NUMBER"] == "-" else _ints(fields["NUMBER"], "NUMBER")[0]
    order = _ints(fields["STONES"], "STONES")
    moves = tuple(_ints(fields["MOVES"], "MOVES", allow_empty=True))
    if any(s >= KINDS for s in order):
        raise ValueError("a stone kind above 35")
    deal = Deal(tuple(order[:STARTERS]), tuple(order[STARTERS:]), number)
    if number is not None:
        if not FIRST_NUMBER <= number <= LAST_NUMBER:
            raise ValueError(f"game number {number} is outside {FIRST_NUMBER}-{LAST_NUMBER}")
        if numbered_deal(number).order != deal.order:
            raise ValueError(f"the stones are not those of game {number}")
    if len(moves) > TO_PLAY:
        raise ValueError(f"{len(moves)} moves: a game has at most {TO_PLAY}")
    game = Game(deal)
    for i, m in enumerate(moves, 1):
        try:
            game.place(m)
        except IllegalMove as e:
            raise ValueError(f"move {i}: {e}") from None
    if "SCORE" in fields and _ints(fields["SCORE"], "SCORE")[0] != game.final().total:
        raise ValueError("the score does not match the moves")
    seconds = _ints(fields.get("SECONDS", "0"), "SECONDS")[0]
    return Saved(deal, moves, seconds)


def _ints(text: str, line: str, allow_empty: bool = False) -> list[int]:
    """The whole numbers of a line (none negative); a short ValueError naming the line otherwise."""
    words = text.split()
    if not all(w.isdigit() and len(w) <= 9 for w in words) or not (words or allow_empty):
        raise ValueError(f"the {line} line is garbled")
    return [int(w) for w in words]
