"""The file commands: DIR, TYPE, DEL/ERASE, REN, COPY and MORE, in MS-DOS 5's formats and words.

Files are read and written only through the drive (``dos.drive``): every
write atomic, every name checked, nothing outside the drive folder.  The
programs show as NAME.EXE and are read-only (names.py).
"""
from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from vconsole.disk import DirEntry, dos_rename_target, fcb_form, wildcard
from vconsole.video import COLS, ROWS

from .cmdline import Args
from .console import CTRL_Z, Screen, Sink, ask_yes_no, more, read_line, say, wait_key
from .names import (
    DEVICES,
    DIRECTORY,
    SERIAL,
    VOLUME,
    ShellError,
    check_pattern,
    is_program,
    listing,
    place_free,
    programs,
)

if TYPE_CHECKING:
    from .main import Shell

PAGE = ROWS - 2  # DIR /P: rows of listing before "Press any key", the pause line and the one typed above


def header() -> list[str]:
    return ["", f" Volume in drive C is {VOLUME}", f" Volume Serial Number is {SERIAL}",
            f" Directory of {DIRECTORY}", ""]


def short_time(when: datetime.datetime) -> str:
    """DOS's 12-hour time: ``6:05a``, ``12:30p``."""
    return f"{when.hour % 12 or 12}:{when.minute:02d}{'a' if when.hour < 12 else 'p'}"


def dir_row(e: DirEntry, lower: bool = False) -> str:
    """``MILL     SAV      1234 05-09-96  12:00p``: name and extension in columns, size, date, time."""
    stem, _, ext = (e.name.lower() if lower else e.name).partition(".")
    when = datetime.datetime.fromtimestamp(e.mtime)
    return f"{stem:<8} {ext:<3} {e.size:>9} {when:%m-%d-%y}  {short_time(when):>6}"


def _dir_pattern(typed: str) -> str:
    """DIR's reading of a name: ``MILL`` is MILL.*, ``.SAV`` is *.SAV, the directory itself is *.*."""
    name = place_free(typed)
    if not name:
        return "*.*"
    if name.startswith("."):
        name = "*" + name
    elif "." not in name:
        name += ".*"
    return check_pattern(name)


_SORT_KEYS = {
    "N": lambda e: e.name.partition(".")[0],
    "E": lambda e: e.name.partition(".")[2],
    "S": lambda e: e.size,
    "D": lambda e: e.mtime,
    "G": lambda e: 0,  # directories first: there are none
}


def _sorted(entries: list[DirEntry], spec: str) -> list[DirEntry]:
    """/O[:]order: letters N E S D G, each reversed by a '-' before it; /O alone is by name."""
    spec = spec.lstrip(":") or "GN"
    keys, i = [], 0
    while i < len(spec):
        reverse = spec[i] == "-"
        i += reverse
        if i >= len(spec) or spec[i] not in _SORT_KEYS:
            raise ShellError(f"Invalid switch - /O{spec}")
        keys.append((_SORT_KEYS[spec[i]], reverse))
        i += 1
    for key, reverse in reversed(keys):  # stable sorts, least important first
        entries = sorted(entries, key=key, reverse=reverse)
    return entries


def dir_(sh: Shell, args: Args, out: Sink) -> None:
    switches = args.only("WPBLOSA")
    args.at_most(1)
    pattern = _dir_pattern(args.params[0]) if args.params else "*.*"
    entries = listing(sh.dos.drive, pattern)
    for sw in args.switches:
        if sw.startswith("/O"):
            entries = _sorted(entries, sw[2:])
    lower = "L" in switches

    def name_of(e: DirEntry) -> str:
        return e.name.lower() if lower else e.name

    if "B" in switches:  # bare: names only, for a pipe or a list file
        if not entries:
            raise ShellError("File not found")
        out.write("".join(name_of(e) + "\n" for e in entries))
        return
    lines = header()
    if not entries:
        lines.append("File not found")
    else:
        if "W" in switches:
            names = [name_of(e) for e in entries]
            for i in range(0, len(names), 5):
                row = names[i:i + 5]
                lines.append("".join(n.ljust(16) for n in row[:-1]) + row[-1])
        else:
            lines += [dir_row(e, lower) for e in entries]
        total = sum(e.size for e in entries)
        lines.append(f"{len(entries):>9} file(s) {total:>10} bytes")
        lines.append(f"{'':18}{sh.dos.drive.free_bytes():>10} bytes free")
    if "P" in switches and isinstance(out, Screen):
        for i, line in enumerate(lines):
            if i and i % PAGE == 0:
                wait_key(sh.dos, "Press any key to continue . . .")
                out.write(f"\n\n(continuing {DIRECTORY})\n")
            out.write(line + "\n")
    else:
        out.write("".join(line + "\n" for line in lines))


def _one_file(typed: str) -> str:
    """A single file's name for TYPE and the like: no wildcards, not a program."""
    name = place_free(typed)
    if not name or wildcard(name):
        raise ShellError("Invalid filename or file not found")
    if is_program(name):
        raise ShellError("Access denied")
    return name


def text_of(data: bytes) -> str:
    """A file as TYPE shows it: up to DOS's end-of-file mark (Ctrl+Z), CP437, line ends as lines."""
    cut = data.find(b"\x1a")
    if cut >= 0:
        data = data[:cut]
    return data.decode("cp437").replace("\r\n", "\n")


def type_(sh: Shell, args: Args, out: Sink) -> None:
    args.only("")
    args.need(1)
    args.at_most(1)
    name = place_free(args.params[0])
    if name == "NUL":
        return
    name = _one_file(args.params[0])
    out.write(text_of(sh.dos.drive.read_bytes(name)))


def more_(sh: Shell, args: Args, out: Sink) -> None:
    """MORE < FILE, or ... | MORE (and MORE FILE, which later DOS versions took too)."""
    args.only("")
    args.at_most(1)
    text = sh.stdin
    if args.params:
        text = text_of(sh.dos.drive.read_bytes(_one_file(args.params[0])))
    if text:
        more(sh.dos, text, out)


def _everything(pattern: str) -> bool:
    """*.* (or ????????.???): DEL asks before it empties the directory."""
    return fcb_form(pattern) == "?" * 11


def del_(sh: Shell, args: Args, out: Sink) -> None:
    switches = args.only("P")
    args.need(1)
    args.at_most(1)
    name = place_free(args.params[0]) or "*.*"
    if name == "*":
        name = "*.*"
    pattern = check_pattern(name)
    drive = sh.dos.drive
    if "P" not in switches and _everything(pattern):
        if not ask_yes_no(sh.dos, "All files in directory will be deleted!\nAre you sure (Y/N)?"):
            return
    progs = programs()
    found = listing(drive, pattern, progs)
    if not found:
        raise ShellError("File not found")
    protected = [e for e in found if e.name in progs]
    for e in found:
        if e in protected:
            continue
        if "P" in switches and not ask_yes_no(sh.dos, f"{e.name},    Delete (Y/N)?"):
            continue
        drive.delete(e.name)
    if protected and len(protected) == len(found):
        raise ShellError("Access denied")


def _target_pattern(typed: str) -> str:
    """REN's new name: a name or pattern in this directory, never a drive or a path."""
    if ":" in typed or "\\" in typed:
        raise ShellError("Invalid parameter")
    return check_pattern(typed)


def ren(sh: Shell, args: Args, out: Sink) -> None:
    args.only("")
    args.need(2)
    args.at_most(2)
    source = place_free(args.params[0])
    if not source:
        raise ShellError("Invalid path or file name")
    pattern, target = check_pattern(source), _target_pattern(args.params[1])
    drive = sh.dos.drive
    progs = programs()
    found = listing(drive, pattern, progs)
    if not found:
        raise ShellError("Duplicate file name or file not found")
    trouble = None
    for e in found:
        new = dos_rename_target(target, e.name)
        if e.name in progs or new in progs:
            trouble = trouble or "Access denied"
            continue
        if new == e.name:
            continue
        if drive.exists(new):
            trouble = "Duplicate file name or file not found"
            continue
        drive.rename(e.name, new)
    if trouble:
        raise ShellError(trouble)


def copy(sh: Shell, args: Args, out: Sink) -> None:
    args.only("VABY")
    args.need(1)
    args.at_most(2)
    if any("+" in p for p in args.params):
        raise ShellError("Joining files with + is not done here: copy them one at a time")
    source_typed = args.params[0]
    target_typed = args.params[1] if len(args.params) > 1 else ""
    target = place_free(target_typed) if target_typed else ""
    if place_free(source_typed) == "CON":
        return _copy_from_console(sh, target, out)
    source = place_free(source_typed) or "*.*"
    pattern = check_pattern(source)
    drive = sh.dos.drive
    progs = programs()
    found = listing(drive, pattern, progs)
    if not found:
        raise ShellError(f"File not found - {source}\n{0:>9} file(s) copied")
    if target in DEVICES:
        copied = 0
        for e in found:
            if e.name in progs:
                raise ShellError(f"Access denied\n{copied:>9} file(s) copied")
            if target == "CON":
                out.write(text_of(drive.read_bytes(e.name)))
            copied += 1
        out.write(f"{copied:>9} file(s) copied\n")
        return
    target_pattern = _target_pattern(target) if target else ""
    joined = target and not wildcard(target) and wildcard(source) and len(found) > 1
    copied = 0
    if joined:  # DOS joins several files copied to one name into that file
        parts = []
        for e in found:
            if e.name in progs or target in progs:
                raise ShellError(f"Access denied\n{copied:>9} file(s) copied")
            out.write(e.name + "\n")
            parts.append(drive.read_bytes(e.name))
        drive.write_bytes(target, b"".join(parts))
        out.write(f"{1:>9} file(s) copied\n")
        return
    for e in found:
        new = dos_rename_target(target_pattern, e.name) if target_pattern else e.name
        if new == e.name:
            raise ShellError(f"File cannot be copied onto itself\n{copied:>9} file(s) copied")
        if e.name in progs or new in progs:
            raise ShellError(f"Access denied\n{copied:>9} file(s) copied")
        if wildcard(source):
            out.write(e.name + "\n")
        drive.copy(e.name, new)
        copied += 1
    out.write(f"{copied:>9} file(s) copied\n")


def _copy_from_console(sh: Shell, target: str, out: Sink) -> None:
    """COPY CON NAME: lines typed (or piped in) until Ctrl+Z (F6), then written as one file."""
    if not target or wildcard(target):
        raise ShellError("Invalid filename or file not found" if target else "Required parameter missing")
    if is_program(target):
        raise ShellError("Access denied")
    if target in DEVICES:
        target = ""
    lines: list[str] = []
    source = sh.stdin.split("\n") if sh.stdin is not None else None
    while True:
        if source is not None:
            line = source.pop(0) if source else CTRL_Z
        else:
            line = read_line(sh.dos, limit=COLS * 3)
            say(sh.dos, "\n")
        if CTRL_Z in line:
            lines.append(line.split(CTRL_Z)[0])
            break
        lines.append(line + "\r\n")
    if target:
        sh.dos.drive.write_bytes(target, "".join(lines).encode("cp437", errors="replace"))
    out.write(f"{1:>9} file(s) copied\n")
