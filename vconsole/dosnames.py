"""DOS file names: the 8.3 rule, the device names DOS keeps for itself, and the wildcards.

Pure string work (no disk): the drive checks every name with ``dos_name``, and the shell's DIR,
COPY and REN use the wildcard rules exactly as COMMAND.COM applies them.
"""
from __future__ import annotations

import re

from .hostfiles import DiskError

_DOS_CHARS = r"A-Z0-9_$~!#%&'(){}@^`-"
_DOS_NAME = re.compile(rf"^[{_DOS_CHARS}]{{1,8}}(\.[{_DOS_CHARS}]{{0,3}})?$")
#: names DOS gives to devices: opening "PRN" printed instead of writing a file, and
#: a Windows host still refuses them, so they are refused everywhere.
DEVICE_NAMES = frozenset({"CON", "PRN", "AUX", "NUL", "CLOCK$",
                          *(f"COM{n}" for n in range(1, 5)), *(f"LPT{n}" for n in range(1, 4))})


def dos_name(name: str) -> str:
    """Validate and upper-case an 8.3 file name; raise DiskError for anything DOS would refuse."""
    n = str(name).strip().upper()
    if n.endswith(".") and "." not in n[:-1]:
        n = n[:-1]  # "NAME." is DOS's way of writing a name with no extension
    if not _DOS_NAME.match(n) or n.split(".")[0] in DEVICE_NAMES:
        shown = str(name).strip()[:20] or "(empty)"
        raise DiskError(f"Invalid file name: {shown}")
    return n


def fcb_form(text: str) -> str:
    """A name or pattern in DOS's 11-character directory form: 8 + 3, blank-padded, '*' as '?'s."""
    stem, _, ext = text.partition(".")

    def part(p: str, width: int) -> str:
        star = p.find("*")
        if star >= 0:
            p = p[:star] + "?" * (width - star)
        return p[:width].ljust(width)

    return part(stem, 8) + part(ext, 3)


def wildcard(pattern: str) -> bool:
    return "*" in pattern or "?" in pattern


def dos_match(pattern: str, name: str) -> bool:
    """Whether ``name`` matches a DOS wildcard pattern the way FIND FIRST matched it.

    Both are compared in the 11-character directory form: '*' fills the rest
    of its part (name or extension) with '?', and '?' matches any character,
    the blank padding included, so ``MILL?.*`` finds MILL.SAV and MILL1.SAV.
    Text after a '*' in the same part is ignored, as DOS ignored it.
    """
    pat, target = fcb_form(pattern.upper()), fcb_form(name.upper())
    return all(p == "?" or p == t for p, t in zip(pat, target))


def dos_rename_target(pattern: str, name: str) -> str:
    """The new name REN or COPY gives ``name`` for a target pattern: each '?' keeps the source's
    character in that place (``REN *.SAV *.OLD``; ``REN GAME?.MIL OLD?.MIL`` makes GAME1 OLDE, place by place)."""
    pat, source = fcb_form(pattern.upper()), fcb_form(name.upper())
    out = "".join(s if p == "?" else p for p, s in zip(pat, source))
    stem, ext = out[:8].rstrip(), out[8:].rstrip()
    return f"{stem}.{ext}" if ext else stem
