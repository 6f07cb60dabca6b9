"""What a Tommy's Toys program keeps between runs in its own NAME.INI: the last players'
names (offered on the names form next time) and whether the sound was on.

A plain text file of a few ``WORD value`` lines, written through the drive (atomically)
when the program ends.  It only saves typing: a missing, unreadable or damaged file gives
the defaults, and the S switch still starts the run silent whatever the file says.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from vconsole.disk import DiskError, Drive

HEADER = "REMEMBERED 1"
MAX_NAMES = 6
MAX_NAME = 20


@dataclass
class Remembered:
    names: list[str] = field(default_factory=list)
    sound: bool | None = None   # None: the file did not say


def file_name(program: str) -> str:
    return f"{program.upper()}.INI"


def parse(text: str) -> Remembered:
    out = Remembered()
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        return out
    for line in lines[1:]:
        word, _, rest = line.strip().partition(" ")
        if word == "SOUND" and rest in ("0", "1"):
            out.sound = rest == "1"
        elif word == "NAMES":
            names = [n.strip() for n in rest.split("|")][:MAX_NAMES]
            if all(0 < len(n) <= MAX_NAME and n.isprintable() for n in names):
                out.names = names
    return out


def text(names: list[str], sound: bool) -> str:
    clean = [n for n in names if n and "|" not in n][:MAX_NAMES]
    return "\n".join([HEADER, f"SOUND {int(sound)}", "NAMES " + "|".join(clean)]) + "\n"


def load(drive: Drive, program: str) -> Remembered:
    try:
        if not drive.exists(file_name(program)):
            return Remembered()
        return parse(drive.read_text(file_name(program), limit=4096))
    except (DiskError, OSError, ValueError, UnicodeError):
        return Remembered()


def save(drive: Drive, program: str, names: list[str], sound: bool) -> str | None:
    """Write NAME.INI; the failure's message, or None."""
    try:
        drive.write_text(file_name(program), text(names, sound))
    except DiskError as e:
        return str(e)
    return None
