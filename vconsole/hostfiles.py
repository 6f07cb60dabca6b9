"""Files on the host disk, written so that nothing is ever half-written, and the locks between runs.

``atomic_write`` writes a temporary file beside the target, flushes and fsyncs it, and renames it
over the old file: a reader sees the old file or the new one, never a mix, and a process killed
mid-write leaves only its temporary file, which the next write of that name sweeps away.  The
host locks keep two runs on one folder (or two threads of one run) from writing at once, and a
claim marks the game a run is playing so that a second run does not take it too.  ``DiskError``
is every failure in words a player understands.  The drive (``vconsole.disk``) is built on these.
"""
from __future__ import annotations

import errno
import os
import stat
import threading

from . import locks

_TEMP_PREFIX = ".~"
_TEMP_SUFFIX = ".tmp"


class DiskError(OSError):
    """A disk problem in words a player understands (the message is shown on screen)."""

    def __str__(self) -> str:  # OSError would print "[Errno ..]" when given two arguments
        return str(self.args[0]) if self.args else "Disk error"


def _is_temp_of(name: str, entry: str) -> bool:
    """Whether the folder's file ``entry`` is a temporary file of a writer of ``name`` (``.~NAME.*.tmp``)."""
    prefix = f"{_TEMP_PREFIX}{name}."
    return entry.startswith(prefix) and entry.endswith(_TEMP_SUFFIX) and len(entry) >= len(prefix) + len(_TEMP_SUFFIX)


def _sweep_temps(path: str) -> None:
    """Remove temporary files a killed writer of ``path`` left behind (they hold no complete data).

    A live writer holds a lock on its temporary file while it writes (``atomic_write``), so
    only the files nobody holds are swept: another run's save in progress is left alone.
    """
    folder, name = _split(path)
    try:
        leftovers = [os.path.join(folder, entry) for entry in os.listdir(folder) if _is_temp_of(name, entry)]
    except OSError:
        return
    for p in leftovers:
        try:
            fd = os.open(p, os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and locks.try_lock(fd):
                os.unlink(p)  # its writer is gone (a dead process lets go of its locks)
        except OSError:
            pass
        finally:
            os.close(fd)


def _split(path: str) -> tuple[str, str]:
    """A file's folder (``.`` for a bare name) and its name."""
    folder, name = os.path.split(path)
    return folder or os.curdir, name


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _locked_temp(path: str) -> tuple[int, str]:
    """A new temporary file beside ``path``, locked for as long as it is open (see _sweep_temps).

    Another run's sweep could find it in the moment between its creation and the lock and
    remove it: then it is no longer the file of that name, and a new one is made.
    """
    import tempfile  # on a first write, not at start-up: it brings shutil, random and the compressors

    folder, name = _split(path)
    for _ in range(10):
        fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX + name + ".", suffix=_TEMP_SUFFIX, dir=folder)
        locks.try_lock(fd)
        try:
            if os.stat(tmp).st_ino == os.fstat(fd).st_ino:
                return fd, tmp
        except OSError:
            pass
        os.close(fd)
    raise OSError(errno.EAGAIN, "another run keeps removing the temporary file")


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old file or the new one, never a mix.

    A path that names a device or a pipe (``/dev/null``, ``/dev/stdout``, a FIFO)
    is written straight through: renaming a file over it would replace the
    device itself, and there is no old version to protect.  (The drive refuses
    such names before it gets here: a program's file is always a file.)
    """
    path = os.fspath(path)
    path = path.rstrip("/" + os.sep) or path  # "out.txt/" is the file out.txt, as pathlib names it
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        with open(path, "wb") as f:
            f.write(data)
        return
    _sweep_temps(path)
    fd, tmp = _locked_temp(path)
    try:
        with os.fdopen(fd, "wb", closefd=False) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            # mkstemp makes the file private (0600); a saved game should look like any other file.
            os.chmod(tmp, 0o666 & ~umask())
        except OSError:
            pass
        os.replace(tmp, path)  # still locked: no sweep can take it away before this
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    finally:
        os.close(fd)
    try:
        dfd = os.open(_split(path)[0], os.O_RDONLY)
        try:
            os.fsync(dfd)  # make the rename itself durable
        finally:
            os.close(dfd)
    except OSError:
        pass  # some file systems cannot fsync a directory; the rename is still atomic


def write_message(target: str, e: OSError) -> str:
    """DOS's own words for the ways a write fails."""
    if isinstance(e, PermissionError) or e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"Write protect error writing {target}"
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG):
        return f"Insufficient disk space to write {target}"
    return f"Cannot write {target}: {e.strerror or e}"


LOCK_NAME = ".~LOCK"  # the drive's write lock (hidden from DIR, as every name starting with a dot)
_CLAIM_SUFFIX = ".run"  # .~NAME.TMP.run: held by the run whose game NAME.TMP is


class _HostLock:
    """One lock file of this process: a thread lock for the threads in it, the file lock for
    other processes, taken once however deeply the drive's operations nest."""

    def __init__(self) -> None:
        self.thread = threading.RLock()
        self.fd: int | None = None
        self.depth = 0


_LOCKS: dict[str, _HostLock] = {}
LOCKS_GUARD = threading.Lock()
CLAIMS: dict[str, int] = {}  # the NAME.TMP files this process plays: lock file -> its open fd
CLAIM_ROOTS: dict[str, str] = {}  # lock file -> the drive it is of


def real_path(root: str | os.PathLike[str]) -> str:
    return os.path.normcase(os.path.realpath(root))


def claim_path(root: str | os.PathLike[str], name: str) -> str:
    """Where the mark of a game in progress is kept: beside the host's temporary files, named for
    the drive's real path and the file, so that every run on this computer finds the same one
    and the player's folder holds nothing but the program's own files."""
    import hashlib
    import tempfile

    digest = hashlib.sha256(f"{real_path(root)}\0{name}".encode("utf-8", "surrogateescape")).hexdigest()[:32]
    user = getattr(os, "getuid", lambda: "")()
    return os.path.join(tempfile.gettempdir(), f"vconsole-{user}-runs", f"{digest}{_CLAIM_SUFFIX}")


class Busy(Exception):
    """A lock another run holds, asked for without waiting."""


def let_go(path: str | os.PathLike[str], fd: int) -> None:
    """Remove a lock file and let go of it (removed first, while still ours: see Drive._take)."""
    try:
        os.unlink(path)
    except OSError:
        pass
    locks.unlock(fd)
    os.close(fd)


def host_lock(path: str | os.PathLike[str]) -> _HostLock:
    with LOCKS_GUARD:
        return _LOCKS.setdefault(os.path.abspath(path), _HostLock())


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"))


def not_a_file(mode: int) -> str | None:
    """What a host file that is not a regular file is ("a named pipe", "a device", ...), or None."""
    return next((what for test, what in _KINDS if test(mode)), None if stat.S_ISREG(mode) else "not a file")


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a regular file; OSError for anything else, at once.

    A FIFO, a device or a socket is refused without blocking (it is never opened for a
    blocking read): reading one would wait forever for a writer that never comes.
    The message of the OSError says what the file is.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise OSError(errno.EINVAL, f"it is {not_a_file(mode)}, not a file")
    def opener(p: str, flags: int) -> int:
        return os.open(p, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))

    with open(path, "rb", opener=opener) as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):  # it changed between the look and the open
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, "Is a directory")
            raise OSError(errno.EINVAL, f"it is {not_a_file(mode)}, not a file")
        return f.read(limit + 1)
