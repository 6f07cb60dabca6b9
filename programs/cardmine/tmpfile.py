"""CARDMINE.TMP: the game left unfinished, with all that is needed to carry on next time.

The miners' names, the two deck seeds of the game (so "replay the last hand" still deals
it again), the options chosen for the next game, the time pad, and the game state itself
(record.py).  ``parse`` raises ValueError for anything it cannot use; the chrome's auto-save
then sets the file aside and says so.

The names, the options and the pad are plain text.  The game itself (both hands, the order
of both decks, the face-down cards, and the deck seeds they were shuffled from) is what a
miner must not read with TYPE, so it is kept scrambled (a SHA-256 key stream, then base64)
and the whole file is sealed with a check value: a changed byte anywhere makes ``parse``
refuse the file, which is then set aside like any other damage.  This is a screen against
peeking, not cryptography: the key is in this program.
"""
from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from . import record
from .bank import NAME_WIDTH, key_of, name_char
from .rules import Options, State

HEADER = "CARDMINE AUTO-SAVE 2"
_KEY = b"TOMMY'S CARD MINERS: NO PEEKING"
_LINE = 76


def _stream(n: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < n:
        out += hashlib.sha256(_KEY + block.to_bytes(4, "big")).digest()
        block += 1
    return bytes(out[:n])


def scramble(plain: str) -> list[str]:
    """``plain`` made unreadable: key stream XOR, base64, in lines of 76 characters."""
    data = plain.encode("ascii")
    coded = base64.b64encode(bytes(a ^ b for a, b in zip(data, _stream(len(data))))).decode("ascii")
    return [coded[i:i + _LINE] for i in range(0, len(coded), _LINE)]


def unscramble(lines: list[str]) -> str:
    try:
        data = base64.b64decode("".join(lines), validate=True)
        return bytes(a ^ b for a, b in zip(data, _stream(len(data)))).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        raise ValueError("the hidden part is damaged") from None


def seal(lines: list[str]) -> str:
    """The check value of every line before it."""
    return hashlib.sha256(_KEY + "\n".join(lines).encode("utf-8")).hexdigest()[:32]


@dataclass
class Saved:
    names: tuple[str, str]
    seeds: tuple[int, int]
    options: Options
    pad_tenths: int
    state: State


def text(names: tuple[str, str], seeds: tuple[int, int], options: Options, pad_tenths: int, state: State) -> str:
    o = options
    hidden = f"SEEDS {seeds[0]} {seeds[1]}\n" + record.text(state)
    lines = [
        HEADER,
        f"NAMES {names[0]}|{names[1]}",
        f"NEXT {o.dealt} {int(o.open_hands)} {o.entrances} {o.game_point} {int(o.replay)}",
        f"PAD {pad_tenths}",
        "GAME (HIDDEN)",
        *scramble(hidden),
    ]
    return "\n".join(lines + [f"CHECK {seal(lines)}"]) + "\n"


def parse(body: str) -> Saved:
    lines = body.rstrip("\n").split("\n")
    if lines[0].strip() != HEADER:
        raise ValueError("not a Card Miners auto-save")
    if len(lines) < 7 or not lines[-1].startswith("CHECK ") or lines[-1][6:] != seal(lines[:-1]):
        raise ValueError("the check value does not match: the file was changed")
    if lines[4] != "GAME (HIDDEN)":
        raise ValueError("no GAME line")
    head: dict[str, str] = {}
    for line in lines[1:4]:
        word, _, rest = line.strip().partition(" ")
        head[word] = rest
    hidden = unscramble(lines[5:-1]).split("\n")
    word, _, rest = hidden[0].partition(" ")
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
    state = record.parse("\n".join(hidden[1:]))
    if state.over:
        raise ValueError("the saved game was already over")
    return Saved((names[0], names[1]), (seeds[0], seeds[1]), options, pad, state)
