"""What the prompt's file names mean: one drive (C:), one directory (C:\\TOYS), the programs as NAME.EXE.

Every name a user types passes through ``place_free`` before it reaches the
drive: ``C:`` and ``\\TOYS\\`` are this directory and are taken off; any other
drive letter is "Invalid drive specification" and any other directory (``..``,
``\\``, ``\\DOS``) "Path not found", so nothing typed at the prompt can name a
file outside the drive folder.  The drive's own name check (disk.dos_name) is
the second wall.

The installed programs show in the directory as NAME.EXE with a size and a
date of their time.  They are read-only: the prompt runs them and lists them,
and refuses to change, copy or show them ("Access denied").
"""
from __future__ import annotations

import datetime
import zlib

from vconsole.disk import DirEntry, DiskError, Drive, dos_match, dos_name
from vconsole.program import Program, discover

DRIVE = "C"
DIRECTORY = "C:\\TOYS"
VOLUME = "TOYS"
SERIAL = "1996-0509"
DEVICES = frozenset({"NUL", "CON", "PRN", "AUX", "LPT1", "LPT2", "LPT3", "COM1", "COM2", "COM3", "COM4"})
_HERE = ("\\TOYS\\", "..\\TOYS\\", ".\\")
_HERE_ITSELF = ("\\TOYS", "..\\TOYS", ".", "")


class ShellError(Exception):
    """A refusal in DOS's words; the message is printed as it stands (it may be two lines)."""


def place_free(typed: str) -> str:
    """The file part of a typed name, or '' when it names this directory itself.

    ``C:MILL.SAV``, ``C:\\TOYS\\MILL.SAV`` and ``MILL.SAV`` are the same file;
    ``A:X`` is refused with "Invalid drive specification", ``..\\X`` or ``\\X``
    with "Path not found".
    """
    name = typed.strip()
    if len(name) >= 2 and name[1] == ":":
        if name[0].upper() != DRIVE:
            raise ShellError("Invalid drive specification")
        name = name[2:]
    while True:
        up = name.upper()
        cut = next((p for p in _HERE if up.startswith(p)), None)
        if cut is None:
            break
        name = name[len(cut):]
    if name.upper() in _HERE_ITSELF:
        return ""
    if "\\" in name or name == "..":
        raise ShellError("Path not found")
    return name.upper()


def check_pattern(pattern: str) -> str:
    """A wildcard pattern whose characters DOS allows (the wildcards aside), upper-cased."""
    probe = pattern.replace("*", "A").replace("?", "A")
    try:
        dos_name(probe)
    except DiskError:
        raise ShellError("Invalid filename or file not found") from None
    return pattern.upper()


def exe_name(program: Program) -> str:
    return f"{program.name.upper()}.EXE"


def exe_entry(program: Program) -> DirEntry:
    """The program as DIR shows it: its own size and date when it gives them, else plausible ones
    made from its name (stable from run to run)."""
    h = zlib.crc32(program.name.upper().encode())
    size = program.exe_size or 24_000 + h % 72_000
    if program.exe_date:
        when = datetime.datetime.strptime(program.exe_date, "%Y-%m-%d %H:%M")
    else:
        when = datetime.datetime(1993 + h % 4, 1 + (h >> 3) % 12, 1 + (h >> 7) % 28, (h >> 12) % 24,
                                 (h >> 17) % 60)
    return DirEntry(exe_name(program), size, when.timestamp())


def programs() -> dict[str, Program]:
    """The visible installed programs by their NAME.EXE."""
    return {exe_name(p): p for p in discover().values() if not p.hidden}


def listing(drive: Drive, pattern: str = "*.*", progs: dict[str, Program] | None = None) -> list[DirEntry]:
    """What the directory holds that matches: the programs first, then the drive's files by name.

    A host file whose name is taken by a program's NAME.EXE is not shown: the
    program is what that name means here.  ``progs``: programs() already
    looked up (finding the installed programs takes milliseconds).
    """
    progs = programs() if progs is None else progs
    found = [exe_entry(p) for name, p in progs.items() if dos_match(pattern, name)]
    found += [e for e in drive.match(pattern) if e.name not in progs]
    return found


def is_program(name: str) -> bool:
    return name.upper() in programs()
