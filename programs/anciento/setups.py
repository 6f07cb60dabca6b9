"""Setups: the colours and the play defaults, kept in 36 slots (A-Z, 0-9) of one text file.

S in the main menu and F8 during play both save the whole setup (colours, black and white,
sound, skip, timer, tune, blink rate, easy mode) into a slot; L in the main menu loads one.
The file, ANCIENTO.SET, is plain text, one slot a line::

    ANCIENTO SETUP 1
    A board=1 pieces=0 bw=0 sound=1 skip=0 timer=1 tune=1 blink=2 easy=0

A line the program cannot read is refused with the whole file (set aside as ANCIENTO.BAD by
the drive, with a message), so a damaged file never loads half a setup.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from vconsole.toolkit.board import RATES

HEADER = "ANCIENTO SETUP 1"
FILE = "ANCIENTO.SET"
SLOTS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
BOARD_COLOURS = 7     # backgrounds 1-7 for the playing squares (see screen.py)
PIECE_SCHEMES = 4     # sets of six shape colours (see screen.py)
TUNES = 4


@dataclass(frozen=True)
class Setup:
    board: int = 0      # index into the board colours
    pieces: int = 0     # index into the piece colour schemes
    bw: bool = False    # black and white (B), whatever the display
    sound: bool = True
    skip: bool = False  # F2: the cursor jumps over occupied squares
    timer: bool = True  # F5: a timer set in the menu is in force
    tune: int = 1       # 1-4: the tune of a one-way match, 0 none
    blink: float = 2.0  # the square cursor's blinks a second (one of board.RATES)
    easy: bool = False  # E: the next four stones shown

    def check(self) -> Setup:
        if not 0 <= self.board < BOARD_COLOURS:
            raise ValueError(f"board colour {self.board} outside 0-{BOARD_COLOURS - 1}")
        if not 0 <= self.pieces < PIECE_SCHEMES:
            raise ValueError(f"piece colours {self.pieces} outside 0-{PIECE_SCHEMES - 1}")
        if not 0 <= self.tune <= TUNES:
            raise ValueError(f"tune {self.tune} outside 0-{TUNES}")
        if self.blink not in RATES:
            raise ValueError(f"blink rate {self.blink} is not one of {RATES}")
        return self


def _text(value: bool | int | float) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def format_line(slot: str, setup: Setup) -> str:
    return slot + " " + " ".join(f"{k}={_text(v)}" for k, v in asdict(setup).items())


def parse_line(line: str) -> tuple[str, Setup]:
    slot, *pairs = line.split()
    if len(slot) != 1 or slot.upper() not in SLOTS:
        raise ValueError(f"{slot!r} is not a setup slot (A-Z, 0-9)")
    kinds = {f.name: f.type for f in fields(Setup)}
    values: dict[str, Any] = {}  # each value of its field's type, read by the field's kind below
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in kinds:
            raise ValueError(f"unknown setting {pair!r}")
        kind = kinds[key]
        if kind == "bool":
            if value not in ("0", "1"):
                raise ValueError(f"{key}={value}: 0 or 1")
            values[key] = value == "1"
        elif kind == "float":
            values[key] = float(value)
        else:
            values[key] = int(value)
    return slot.upper(), replace(Setup(), **values).check()


def format_file(slots: dict[str, Setup]) -> str:
    return "\n".join([HEADER] + [format_line(s, slots[s]) for s in SLOTS if s in slots]) + "\n"


def parse_file(text: str) -> dict[str, Setup]:
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    if not lines or lines[0] != HEADER:
        raise ValueError("not an Anciento setup file")
    out: dict[str, Setup] = {}
    for line in lines[1:]:
        slot, setup = parse_line(line)
        out[slot] = setup
    return out
