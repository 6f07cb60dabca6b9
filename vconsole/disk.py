"""The program's DOS directory on the host disk.

Everything a program keeps between runs (auto-saves, saved games, setups,
scores) passes through here so that no crash, kill or full disk can leave a
half-written file behind: a write goes to a temporary file in the same
directory, is flushed and fsynced, and only then renamed over the old one.
A rename within one directory is atomic on every file system we run on, so a
reader sees the old file or the new one, never a mix.  A process killed
mid-write leaves only its temporary file, which the next write of that name
sweeps away.

A file that cannot be understood is moved aside as NAME.BAD, never deleted:
players of the time lost hours to a truncated save, and the broken file is the
only evidence of what went wrong.  Every failure reaches the program as a
``DiskError`` whose message is one short line fit to show on the screen, so a
read-only or full disk costs the player a message, not the game in memory.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Generic, NamedTuple, TypeVar

_DOS_CHARS = r"A-Z0-9_$~!#%&'(){}@^`-"
_DOS_NAME = re.compile(rf"^[{_DOS_CHARS}]{{1,8}}(\.[{_DOS_CHARS}]{{0,3}})?$")
#: names DOS gives to devices: opening "PRN" printed instead of writing a file, and
#: a Windows host still refuses them, so they are refused everywhere.
DEVICE_NAMES = frozenset({"CON", "PRN", "AUX", "NUL", "CLOCK$",
                          *(f"COM{n}" for n in range(1, 5)), *(f"LPT{n}" for n in range(1, 4))})
MAX_READ = 4 * 1024 * 1024  # no program of the time kept a file anywhere near this big
#: the most free space DOS can report: a FAT16 volume of 65525 clusters of 32 KB (2 GB)
DOS_MAX_FREE = 65525 * 32 * 1024
MAX_BAD = 999  # NAME.BAD, then NAME001.BAD ... NAME999.BAD
_TEMP_PREFIX = ".~"
_TEMP_SUFFIX = ".tmp"

#: what a file parser raises on bytes it cannot make sense of; anything else
#: (TypeError, AttributeError, ...) is a bug in the program and is not hidden.
PARSE_ERRORS: tuple[type[BaseException], ...] = (
    ValueError, LookupError, EOFError, ArithmeticError, struct.error)

T = TypeVar("T")


class DiskError(OSError):
    """A disk problem in words a player understands (the message is shown on screen)."""

    def __str__(self) -> str:  # OSError would print "[Errno ..]" when given two arguments
        return str(self.args[0]) if self.args else "Disk error"


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


def _temp_glob(path: Path) -> str:
    return f"{_TEMP_PREFIX}{path.name}.*{_TEMP_SUFFIX}"


def _sweep_temps(path: Path) -> None:
    """Remove temporary files a killed writer of ``path`` left behind (they hold no complete data)."""
    try:
        leftovers = list(path.parent.glob(_temp_glob(path)))
    except OSError:
        return
    for p in leftovers:
        try:
            p.unlink()
        except OSError:
            pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old file or the new one, never a mix.

    A path that names a device or a pipe (``/dev/null``, ``/dev/stdout``, a FIFO)
    is written straight through: renaming a file over it would replace the
    device itself, and there is no old version to protect.
    """
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        with open(path, "wb") as f:
            f.write(data)
        return
    _sweep_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX + path.name + ".", suffix=_TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            # mkstemp makes the file private (0600); a saved game should look like any other file.
            os.chmod(tmp, 0o666 & ~_umask())
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)  # make the rename itself durable
        finally:
            os.close(dfd)
    except OSError:
        pass  # some file systems cannot fsync a directory; the rename is still atomic


def _write_message(target: str, e: OSError) -> str:
    """DOS's own words for the ways a write fails."""
    if isinstance(e, PermissionError) or e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"Write protect error writing {target}"
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG):
        return f"Insufficient disk space to write {target}"
    return f"Cannot write {target}: {e.strerror or e}"


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What ``Drive.load`` found: the value, or None and (when something went wrong) a message.

    ``message`` is one line for the player, e.g. "MILL.SAV is damaged - kept as MILL.BAD";
    ``detail`` says why, for a log.
    """

    value: T | None
    message: str | None = None
    detail: str | None = None
    bad_name: str | None = None  # where a damaged file was moved to


class DirEntry(NamedTuple):
    name: str
    size: int
    mtime: float


class Drive:
    """C:\\ for one program: a host directory, created on first use."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        # DOS stamps a file it writes with its own date and time (INT 21h's clock), not the
        # host's: the running machine sets this, so that DIR shows the same times in a replay.
        self.dos_time: Callable[[], float] | None = None

    def __repr__(self) -> str:
        return f"Drive({str(self.root)!r})"

    def path(self, name: str) -> Path:
        return self.root / dos_name(name)

    def _find(self, name: str) -> Path:
        """DOS names are case-insensitive: find an existing file whatever its host case."""
        target = dos_name(name)
        exact = self.root / target
        try:
            if exact.exists():
                return exact
            if self.root.is_dir():
                for p in self.root.iterdir():
                    if p.name.upper() == target:
                        return p
        except OSError:
            pass  # an unreadable directory: the caller's own operation reports it
        return exact

    def exists(self, name: str) -> bool:
        try:
            return self._find(name).is_file()
        except OSError:
            return False

    # -- reading ------------------------------------------------------------------------
    def read_bytes(self, name: str, limit: int = MAX_READ) -> bytes:
        """The whole file; DiskError when missing, unreadable or larger than ``limit``."""
        target = dos_name(name)
        p = self._find(target)
        try:
            with open(p, "rb") as f:
                data = f.read(limit + 1)  # never pull a runaway file into memory
        except FileNotFoundError:
            raise DiskError(f"File not found - {target}") from None
        except (IsADirectoryError, NotADirectoryError):
            raise DiskError(f"{target} is a directory" if p.is_dir() else f"Path not found - {target}") from None
        except PermissionError:
            raise DiskError(f"Access denied - {target}") from None
        except OSError as e:
            raise DiskError(f"Cannot read {target}: {e.strerror or e}") from None
        if len(data) > limit:
            raise DiskError(f"{target} is too large (over {limit} bytes)")
        return data

    def read_text(self, name: str, limit: int = MAX_READ) -> str:
        """Text files of the time are CP437 with CR LF; both line ends are accepted."""
        return self.read_bytes(name, limit).decode("cp437").replace("\r\n", "\n")

    def load(self, name: str, parse: Callable[[bytes], T], limit: int = MAX_READ,
             allow_empty: bool = False) -> Loaded[T]:
        """Read and parse a file the program kept, recovering from every way it can be spoiled.

        No file: ``Loaded(None)``.  A truncated, empty, oversized or garbage file
        (``parse`` raised one of PARSE_ERRORS) is renamed aside as NAME.BAD and the
        program goes on fresh with the message shown.  A file that cannot be read at
        all (access denied) is left where it is.  Bugs in ``parse`` are not hidden.
        """
        target = dos_name(name)
        if not self.exists(target):
            return Loaded(None)
        try:
            data = self.read_bytes(target, limit)
        except DiskError as e:
            if "too large" not in str(e):
                return Loaded(None, _one_line(f"{e} - starting afresh"), str(e))
            reason = str(e)
        else:
            if not data and not allow_empty:
                reason = f"{target} is empty"
            else:
                try:
                    return Loaded(parse(data))
                except PARSE_ERRORS as e:
                    reason = f"{target}: {type(e).__name__}: {e}"
        try:
            bad = self.quarantine(target)
        except DiskError as e:
            return Loaded(None, f"{target} is damaged (could not rename it) - starting afresh",
                          f"{reason}; {target} {e}")
        return Loaded(None, _one_line(f"{target} is damaged - kept as {bad}, starting afresh"), reason, bad)

    def load_text(self, name: str, parse: Callable[[str], T], limit: int = MAX_READ,
                  allow_empty: bool = False) -> Loaded[T]:
        """``load`` for CP437 text files (CR LF or LF)."""
        return self.load(name, lambda b: parse(b.decode("cp437").replace("\r\n", "\n")), limit, allow_empty)

    # -- writing --------------------------------------------------------------------------
    def _mkdir(self, target: str) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise DiskError(f"Cannot write {target}: {self.root.name} is a file, not a directory") from None
        except OSError as e:
            raise DiskError(_write_message(target, e)) from None
        if not self.root.is_dir():
            raise DiskError(f"Cannot write {target}: {self.root.name} is not a directory")

    def write_bytes(self, name: str, data: bytes) -> None:
        """Replace the file atomically; DiskError (write protect, disk full, ...) leaves the old one intact."""
        target = dos_name(name)
        self._mkdir(target)
        try:
            existing = self._find(target)
            path = existing if existing.exists() else self.root / target
            atomic_write(path, bytes(data))
            if self.dos_time is not None:
                stamp = self.dos_time()
                os.utime(path, (stamp, stamp))
        except OSError as e:
            raise DiskError(_write_message(target, e)) from None

    def write_text(self, name: str, text: str) -> None:
        self.write_bytes(name, text.replace("\r\n", "\n").replace("\n", "\r\n").encode("cp437", errors="replace"))

    def append_text(self, name: str, text: str, keep: int = 64 * 1024) -> None:
        """Add to a log file, atomically, keeping only its last ``keep`` bytes (whole lines).

        A log must never grow without bound on a player's disk, and a crash while
        logging must not cost the log that was already there.
        """
        try:
            old = self.read_bytes(name, limit=max(keep, 1) * 4)
        except DiskError:
            old = b""  # no log yet, or an unreadable or runaway one: start a new one rather than fail
        new = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("cp437", errors="replace")
        data = old + new
        if len(data) > keep:
            cut = data.find(b"\n", len(data) - keep)
            data = data[cut + 1:] if cut >= 0 else data[-keep:]
        self.write_bytes(name, data)

    def delete(self, name: str) -> None:
        target = dos_name(name)
        p = self._find(target)
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            if isinstance(e, PermissionError) or e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise DiskError(f"Write protect error deleting {target}") from None  # as COPY and REN say
            raise DiskError(f"Cannot delete {target}: {e.strerror or e}") from None

    def rename(self, old: str, new: str) -> str:
        """Give a file a new name in the same directory (REN); returns the new name.

        The new name must not be taken by another file (a change of case only
        is not a clash): DOS refuses, and so does this, with DiskError.
        """
        src_name, dst_name = dos_name(old), dos_name(new)
        src = self._find(src_name)
        if not src.is_file():
            raise DiskError(f"File not found - {src_name}")
        existing = self._find(dst_name)
        if existing.exists() and existing != src:
            raise DiskError(f"File already exists - {dst_name}")
        try:
            os.rename(src, self.root / dst_name)
        except OSError as e:
            raise DiskError(_write_message(dst_name, e)) from None
        return dst_name

    def copy(self, src: str, dst: str) -> None:
        """Copy a file within the directory (COPY): written atomically, keeping the source's date."""
        src_name, dst_name = dos_name(src), dos_name(dst)
        data = self.read_bytes(src_name)
        self.write_bytes(dst_name, data)
        try:
            mtime = self._find(src_name).stat().st_mtime
            os.utime(self._find(dst_name), (mtime, mtime))
        except OSError:
            pass  # the copy is made; only its date is today's

    def match(self, pattern: str) -> list[DirEntry]:
        """The files a DOS wildcard pattern finds (dos_match), sorted by name; host files whose
        names DOS could not hold (long names, spaces) are not seen, as DOS would not see them."""
        found = []
        for e in self.entries():
            try:
                dos_name(e.name)
            except DiskError:
                continue
            if dos_match(pattern, e.name):
                found.append(e)
        return found

    def free_bytes(self) -> int:
        """Free space as DOS reports it: the host disk's, at most what a FAT16 volume can hold."""
        place = self.root
        while not place.exists() and place != place.parent:
            place = place.parent  # the drive folder is made on first write
        try:
            return min(shutil.disk_usage(place).free, DOS_MAX_FREE)
        except OSError:
            return 0

    def quarantine(self, name: str) -> str:
        """Move a file the program could not understand out of the way as NAME.BAD (kept, never deleted)."""
        target = dos_name(name)
        p = self._find(target)
        stem = target.split(".")[0]
        candidates = [f"{stem}.BAD"] + [f"{stem[:5]}{n:03d}.BAD" for n in range(1, MAX_BAD + 1)]
        for bad_name in candidates:
            bad = self.root / bad_name
            if bad == p or self.exists(bad_name):
                continue
            try:
                os.replace(p, bad)
            except FileNotFoundError:
                raise DiskError(f"could not be moved aside: {target} is gone") from None
            except OSError as e:
                raise DiskError(f"could not be moved aside ({_write_message(bad_name, e)})") from None
            return bad_name
        raise DiskError(f"could not be moved aside: {MAX_BAD} .BAD files already kept")

    def entries(self) -> list["DirEntry"]:
        """What DIR shows: name, size and time of each file (a save in progress is hidden)."""
        try:
            if not self.root.is_dir():
                return []
            found = []
            for p in self.root.iterdir():
                if p.name.startswith(".") or not p.is_file():
                    continue
                st = p.stat()
                found.append(DirEntry(p.name.upper(), st.st_size, st.st_mtime))
            return sorted(found)
        except OSError as e:
            raise DiskError(f"Cannot read the directory: {e.strerror or e}") from None

    def listdir(self) -> list[str]:
        return [e.name for e in self.entries()]


def _one_line(text: str, width: int = 78) -> str:
    """Messages go on one screen line; the detail goes to the log."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."
