"""String of Pearls' own sounds, on top of the house effects (click, error, win, lose ...).

Each pearl has its own note, rising with its number (PLAY's N command, notes 25-72), so a
string being built sounds like a scale and the start-up show like a shower of notes."""
from __future__ import annotations

EFFECTS: dict[str, str] = {
    "hop": "MB T255 L64 O5 C O3 C O5 C",
    "join": "MB T240 L32 O4 C E G O5 C",
    "power": "MB T200 L16 O2 C O3 C",
}


def pearl_note(pearl: int) -> str:
    """The PLAY string for taking (or laying down) pearl ``pearl``."""
    return f"MB T255 L32 N{24 + pearl}"
