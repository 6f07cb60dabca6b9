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
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from . import locks
from .dosnames import DEVICE_NAMES, dos_match, dos_name, dos_rename_target, fcb_form, wildcard
from .hostfiles import (
    CLAIM_ROOTS,
    CLAIMS,
    LOCK_NAME,
    LOCKS_GUARD,
    Busy,
    DiskError,
    atomic_write,
    claim_path,
    host_lock,
    let_go,
    not_a_file,
    read_regular,
    real_path,
    umask,
    write_message,
)

if TYPE_CHECKING:
    from pathlib import Path

#: what other modules import from here (the drive's names and the file helpers it is built on)
__all__ = ["DEVICE_NAMES", "DOS_MAX_FREE", "MAX_BAD", "MAX_READ", "PARSE_ERRORS", "DirEntry", "DiskError", "Drive",
           "Loaded", "atomic_write", "dos_match", "dos_name", "dos_rename_target", "fcb_form", "not_a_file",
           "read_regular", "wildcard"]

MAX_READ = 4 * 1024 * 1024  # no program of the time kept a file anywhere near this big
#: the most free space DOS can report: a FAT16 volume of 65525 clusters of 32 KB (2 GB)
DOS_MAX_FREE = 65525 * 32 * 1024
MAX_BAD = 999  # NAME.BAD, then NAME001.BAD ... NAME999.BAD

#: what a file parser raises on bytes it cannot make sense of; anything else
#: (TypeError, AttributeError, ...) is a bug in the program and is not hidden.
PARSE_ERRORS: tuple[type[BaseException], ...] = (
    ValueError, LookupError, EOFError, ArithmeticError, struct.error)

T = TypeVar("T")


# A NamedTuple, not a frozen dataclass: every start imports this module, and on Python 3.11 a
# frozen dataclass compiles six generated methods when it is defined.
class Loaded(NamedTuple, Generic[T]):
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
    """C:\\ for one program: a host directory, created on first use.

    The folder is kept as a str and reached with ``os`` and ``os.path``: every start makes a drive,
    and pathlib (with the URL parsing it imports) was the largest single import of a start beyond
    numpy.  ``root`` and ``path`` still give a ``pathlib.Path``, made when asked for.
    """

    def __init__(self, root: str | os.PathLike[str]) -> None:
        #: the host folder, as given ("." for "")
        self.folder: str = os.fspath(root) or os.curdir
        # DOS stamps a file it writes with its own date and time (INT 21h's clock), not the
        # host's: the running machine sets this, so that DIR shows the same times in a replay.
        self.dos_time: Callable[[], float] | None = None

    @property
    def root(self) -> Path:
        """The folder as a ``pathlib.Path``."""
        from pathlib import Path

        return Path(self.folder)

    def __repr__(self) -> str:
        return f"Drive({str(self.root)!r})"

    def path(self, name: str) -> Path:
        """Where the file ``name`` is (or would be) on the host, as a ``pathlib.Path``."""
        from pathlib import Path

        return Path(self.folder, dos_name(name))

    def _name(self) -> str:
        """The folder's own name, for a message."""
        return os.path.basename(os.path.normpath(self.folder))

    def _find(self, name: str) -> str:
        """DOS names are case-insensitive: find an existing file whatever its host case."""
        target = dos_name(name)
        exact = os.path.join(self.folder, target)
        try:
            if os.path.exists(exact):
                return exact
            if os.path.isdir(self.folder):
                for entry in os.listdir(self.folder):
                    if entry.upper() == target:
                        return os.path.join(self.folder, entry)
        except OSError:
            pass  # an unreadable directory: the caller's own operation reports it
        return exact

    def exists(self, name: str) -> bool:
        try:
            return os.path.isfile(self._find(name))
        except OSError:
            return False

    def _leads_out(self, p: str) -> bool:
        """A symbolic link to something outside the drive (a link to /etc/passwd is not the program's file)."""
        try:
            if not os.path.islink(p):
                return False
            real, root = os.path.realpath(p), os.path.realpath(self.folder)
            return os.path.commonpath([real, root]) != root
        except (OSError, ValueError):
            return True

    def _inside(self, p: str, target: str) -> None:
        """Refuse to read through a symbolic link that leads out of the drive; a link to another
        file of the drive is followed.  (DIR does not list such a link either.)"""
        if self._leads_out(p):
            raise DiskError(f"Access denied - {target} leads out of the drive")

    # -- many runs, one drive -----------------------------------------------------------
    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the drive's write lock: one writer at a time, across every run sharing the folder.

        A read-modify-write (the bank, a high-score table) holds it from the read to the
        write, so two runs' changes are merged instead of one overwriting the other.  Nested
        uses take it once.  A drive where the lock file cannot be made (read-only) is used
        without it (nothing can be written there anyway); a lock still held by another run
        after locks.WAIT_S is a DiskError.
        """
        path = os.path.join(self.folder, LOCK_NAME)
        held = host_lock(path)
        with held.thread:
            if held.depth == 0:
                held.fd = self._take(path, locks.WAIT_S)
            held.depth += 1
            try:
                yield
            finally:
                held.depth -= 1
                if held.depth == 0 and held.fd is not None:
                    let_go(path, held.fd)
                    held.fd = None

    def _take(self, path: str, wait: float) -> int | None:
        """The lock file at ``path``, locked (None where none can be made).

        The file is removed by whoever lets go of it (no file is left in the folder), so a
        lock taken on a file that was removed meanwhile is no lock: try again on the new one.
        """
        end = time.monotonic() + wait
        while True:
            fd = self._open_lock(path)
            if fd is None:
                return None
            if not locks.lock(fd, max(0.0, end - time.monotonic())):
                os.close(fd)
                if wait == 0:
                    raise Busy()
                raise DiskError("The drive is busy: another run is still writing to it")
            try:
                if os.stat(path).st_ino == os.fstat(fd).st_ino:
                    return fd
            except OSError:
                pass
            os.close(fd)

    def _open_lock(self, path: str) -> int | None:
        try:
            os.makedirs(os.path.dirname(path) or os.curdir, exist_ok=True)
            return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0),
                           0o666 & ~umask())
        except OSError:
            return None

    def claim(self, name: str) -> bool:
        """Mark ``name`` (a game in progress, NAME.TMP) as this run's for as long as the run lasts.

        False when another live run holds it: that run's game is not to be resumed here nor
        overwritten later.  The mark is a lock, so a run that dies lets go of it; a drive
        where the mark cannot be made (read-only) counts as claimed.
        """
        path = claim_path(self.folder, dos_name(name))
        with LOCKS_GUARD:
            if path in CLAIMS:
                return True
            try:
                fd = self._take(path, 0)
            except Busy:
                return False
            if fd is not None:
                CLAIMS[path] = fd
                CLAIM_ROOTS[path] = real_path(self.folder)
            return True

    def release_claims(self) -> None:
        """Let go of every game this process claimed on this drive (the run is over)."""
        with LOCKS_GUARD:
            for path in [p for p, root in CLAIM_ROOTS.items() if root == real_path(self.folder) and p in CLAIMS]:
                let_go(path, CLAIMS.pop(path))

    def _existing(self) -> str:
        """The drive's folder, or (before its first write made it) the nearest folder above it that exists."""
        place = os.path.abspath(self.folder)
        while not os.path.exists(place) and os.path.dirname(place) != place:
            place = os.path.dirname(place)
        return place

    def write_problem(self, target: str = "drive C") -> str | None:
        """Why nothing could be saved on this drive, found out before play (None: it looks writable).

        Asked of the folder (or, before its first write, of the folder it will be made in),
        without writing anything: a read-only folder or file system, a folder that is a
        file, a disk with no room for one sector.  In the words a save would use.
        """
        place = self._existing()
        if not os.path.isdir(place):
            return f"Cannot write {target}: {os.path.basename(place)} is a file, not a directory"
        if not os.access(place, os.W_OK | os.X_OK):
            return f"Write protect error writing {target}"
        try:
            import shutil  # at its first use: with the compressors it imports, a few per cent of a start-up

            if shutil.disk_usage(place).free < 512:
                return f"Insufficient disk space to write {target}"
        except OSError:
            pass
        return None

    # -- reading ------------------------------------------------------------------------
    def read_bytes(self, name: str, limit: int = MAX_READ) -> bytes:
        """The whole file; DiskError when missing, unreadable or larger than ``limit``."""
        target = dos_name(name)
        p = self._find(target)
        self._inside(p, target)
        try:
            data = read_regular(p, limit)  # never pull a runaway file into memory, never block on a pipe
        except FileNotFoundError:
            raise DiskError(f"File not found - {target}") from None
        except (IsADirectoryError, NotADirectoryError):
            raise DiskError(f"{target} is a directory" if os.path.isdir(p) else f"Path not found - {target}") from None
        except PermissionError:
            raise DiskError(f"Access denied - {target}") from None
        except OSError as e:
            if e.errno == errno.EINVAL and e.strerror and e.strerror.startswith("it is"):
                raise DiskError(f"Cannot read {target}: {e.strerror}") from None
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
            os.makedirs(self.folder, exist_ok=True)
        except FileExistsError:
            raise DiskError(f"Cannot write {target}: {self._name()} is a file, not a directory") from None
        except OSError as e:
            raise DiskError(write_message(target, e)) from None
        if not os.path.isdir(self.folder):
            raise DiskError(f"Cannot write {target}: {self._name()} is not a directory")

    def write_bytes(self, name: str, data: bytes) -> None:
        """Replace the file atomically; DiskError (write protect, disk full, ...) leaves the old one intact."""
        target = dos_name(name)
        self._mkdir(target)
        with self.locked():
            try:
                existing = self._find(target)
                path = existing if os.path.lexists(existing) else os.path.join(self.folder, target)
                try:
                    kind = not_a_file(os.stat(path).st_mode)  # a link to a pipe or device is refused too
                except OSError:
                    kind = None  # no file yet, or a dangling link (replaced by the file)
                if kind is not None and kind != "a directory":
                    raise DiskError(f"Cannot write {target}: it is {kind}, not a file")
                atomic_write(path, bytes(data))
                if self.dos_time is not None:
                    stamp = self.dos_time()
                    os.utime(path, (stamp, stamp))
            except DiskError:
                raise
            except OSError as e:
                raise DiskError(write_message(target, e)) from None

    def write_text(self, name: str, text: str) -> None:
        self.write_bytes(name, text.replace("\r\n", "\n").replace("\n", "\r\n").encode("cp437", errors="replace"))

    def append_text(self, name: str, text: str, keep: int = 64 * 1024) -> None:
        """Add to a log file, atomically, keeping only its last ``keep`` bytes (whole lines).

        A log must never grow without bound on a player's disk, and a crash while
        logging must not cost the log that was already there.
        """
        with self.locked():  # two runs logging at once keep both entries
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
            os.unlink(p)
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
        if not os.path.isfile(src):
            raise DiskError(f"File not found - {src_name}")
        existing = self._find(dst_name)
        if os.path.exists(existing) and existing != src:
            raise DiskError(f"File already exists - {dst_name}")
        try:
            os.rename(src, os.path.join(self.folder, dst_name))
        except OSError as e:
            raise DiskError(write_message(dst_name, e)) from None
        return dst_name

    def copy(self, src: str, dst: str) -> None:
        """Copy a file within the directory (COPY): written atomically, keeping the source's date."""
        src_name, dst_name = dos_name(src), dos_name(dst)
        data = self.read_bytes(src_name)
        self.write_bytes(dst_name, data)
        try:
            mtime = os.stat(self._find(src_name)).st_mtime
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
        try:
            import shutil

            return min(shutil.disk_usage(self._existing()).free, DOS_MAX_FREE)
        except OSError:
            return 0

    def quarantine(self, name: str) -> str:
        """Move a file the program could not understand out of the way as NAME.BAD (kept, never deleted)."""
        target = dos_name(name)
        p = self._find(target)
        stem = target.split(".")[0]
        candidates = [f"{stem}.BAD"] + [f"{stem[:5]}{n:03d}.BAD" for n in range(1, MAX_BAD + 1)]
        for bad_name in candidates:
            bad = os.path.join(self.folder, bad_name)
            if bad == p or self.exists(bad_name):
                continue
            try:
                os.replace(p, bad)
            except FileNotFoundError:
                raise DiskError(f"could not be moved aside: {target} is gone") from None
            except OSError as e:
                raise DiskError(f"could not be moved aside ({write_message(bad_name, e)})") from None
            return bad_name
        raise DiskError(f"could not be moved aside: {MAX_BAD} .BAD files already kept")

    def entries(self) -> list[DirEntry]:
        """What DIR shows: name, size and time of each file (a save in progress is hidden)."""
        try:
            if not os.path.isdir(self.folder):
                return []
            found = []
            for entry in os.listdir(self.folder):
                p = os.path.join(self.folder, entry)
                if entry.startswith(".") or not os.path.isfile(p) or self._leads_out(p):
                    continue
                st = os.stat(p)
                found.append(DirEntry(entry.upper(), st.st_size, st.st_mtime))
            return sorted(found)
        except OSError as e:
            raise DiskError(f"Cannot read the directory: {e.strerror or e}") from None

    def listdir(self) -> list[str]:
        return [e.name for e in self.entries()]


def _one_line(text: str, width: int = 78) -> str:
    """Messages go on one screen line; the detail goes to the log."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."
