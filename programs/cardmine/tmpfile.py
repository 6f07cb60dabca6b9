"""CARDMINE.TMP: the game left unfinished, with all that is needed to carry on next time.

The miners' names, the two deck seeds of the game (so "replay the last hand" still deals
it again), the options chosen for the next game, the time pad, and the game state itself
(record.py).  ``parse`` raises ValueError for anything it cannot use; the chrome's auto-save
then sets the file aside and says so.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import record
from .bank import NAME_WIDTH, key_of, name_char
from .rules import Options, State

HEADER = "CARDMINE AUTO-SAVE 1"


@dataclass
class Saved:
    names: tuple[str, str]
    seeds: tuple[int, int]
    options: Options
    pad_tenths: int
    state: State


def text(names: tuple[str, str], seeds: tuple[int, int], options: Options, pad_tenths: int, state: State) -> str:
    o = options
    return "\n".join([
        HEADER,
        f"NAMES {names[0]}|{names[1]}",
        f"SEEDS {seeds[0]} {seeds[1]}",
        f"NEXT {o.dealt} {int(o.open_hands)} {o.entrances} {o.game_point} {int(o.replay)}",
        f"PAD {pad_tenths}",
    ]) + "\n" + record.text(state)


def parse(body: str) -> Saved:
    lines = body.split("\n")
    if lines[0].strip() != HEADER:
        raise ValueError("not a Card Miners auto-save")
    head: dict[str, str] = {}
    for line in lines[1:5]:
        word, _, rest = line.strip().partition(" ")
        head[word] = rest
    for need in ("NAMES", "SEEDS", "NEXT", "PAD"):
        if need not in head:
            raise ValueError(f"no {need} line")
    names = tuple(key_of(n) for n in head["NAMES"].split("|"))
    if len(names) != 2 or not all(names) or (names[0] == names[1] and names[0] != "COMPUTER"):
        raise ValueError("bad NAMES line")
    if any(len(n) > NAME_WIDTH or not all(name_char(ch) for ch in n) for n in names):
        raise ValueError("bad NAMES line")
    try:
        seeds = tuple(int(w) for w in head["SEEDS"].split())
        nxt = [int(w) for w in head["NEXT"].split()]
        pad = int(head["PAD"])
    except ValueError:
        raise ValueError("a number line is not numbers") from None
    if len(seeds) != 2 or len(nxt) != 5 or not 1 <= pad <= 100:
        raise ValueError("bad SEEDS, NEXT or PAD line")
    options = Options(nxt[0], bool(nxt[1]), nxt[2], nxt[3], bool(nxt[4])).checked()
    state = record.parse("\n".join(lines[5:]))
    if state.over:
        raise ValueError("the saved game was already over")
    return Saved((names[0], names[1]), (seeds[0], seeds[1]), options, pad, state)
