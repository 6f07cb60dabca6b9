"""The program's DOS directory on the host disk.

Everything a program keeps between runs (auto-saves, saved games, setups,
scores) passes through here so that no crash, kill or full disk can leave a
half-written file behind: a write goes to a temporary file in the same
directory, is flushed and fsynced, and only then renamed over the old one.
A file that cannot be understood is moved aside as NAME.BAD, never deleted.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_DOS_NAME = re.compile(r"^[A-Z0-9_$~!#%&'(){}@^`-]{1,8}(\.[A-Z0-9_$~!#%&'(){}@^`-]{0,3})?$")
MAX_READ = 4 * 1024 * 1024  # no program of the time kept a file anywhere near this big


class DiskError(OSError):
    """A disk problem in words a player understands (the message is shown on screen)."""


def dos_name(name: str) -> str:
    """Validate and upper-case an 8.3 file name; raise DiskError for anything DOS would refuse."""
    n = name.strip().upper()
    if not _DOS_NAME.match(n):
        raise DiskError(f"Invalid file name: {name.strip() or '(empty)'}")
    return n


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old file or the new one, never a mix."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".~" + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
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
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass  # some file systems cannot fsync a directory; the rename is still atomic


class Drive:
    """C:\\ for one program: a host directory, created on first use."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)

    def path(self, name: str) -> Path:
        return self.root / dos_name(name)

    def _find(self, name: str) -> Path:
        """DOS names are case-insensitive: find an existing file whatever its host case."""
        target = dos_name(name)
        exact = self.root / target
        if exact.exists():
            return exact
        if self.root.is_dir():
            for p in self.root.iterdir():
                if p.name.upper() == target:
                    return p
        return exact

    def exists(self, name: str) -> bool:
        return self._find(name).is_file()

    def read_bytes(self, name: str, limit: int = MAX_READ) -> bytes:
        p = self._find(name)
        try:
            size = p.stat().st_size
            if size > limit:
                raise DiskError(f"{p.name} is too large ({size} bytes)")
            return p.read_bytes()
        except FileNotFoundError:
            raise DiskError(f"File not found - {dos_name(name)}") from None
        except IsADirectoryError:
            raise DiskError(f"{dos_name(name)} is a directory") from None
        except PermissionError:
            raise DiskError(f"Access denied - {dos_name(name)}") from None
        except DiskError:
            raise
        except OSError as e:
            raise DiskError(f"Cannot read {dos_name(name)}: {e.strerror or e}") from None

    def read_text(self, name: str) -> str:
        """Text files of the time are CP437 with CR LF; both line ends are accepted."""
        return self.read_bytes(name).decode("cp437").replace("\r\n", "\n")

    def write_bytes(self, name: str, data: bytes) -> None:
        target = dos_name(name)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            existing = self._find(target)
            atomic_write(existing if existing.exists() else self.root / target, data)
        except PermissionError:
            raise DiskError(f"Write protect error writing {target}") from None
        except OSError as e:
            if e.errno == 28:  # ENOSPC
                raise DiskError(f"Insufficient disk space to write {target}") from None
            raise DiskError(f"Cannot write {target}: {e.strerror or e}") from None

    def write_text(self, name: str, text: str) -> None:
        self.write_bytes(name, text.replace("\n", "\r\n").encode("cp437", errors="replace"))

    def delete(self, name: str) -> None:
        p = self._find(name)
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise DiskError(f"Cannot delete {p.name}: {e.strerror or e}") from None

    def quarantine(self, name: str) -> str:
        """Move a file the program could not understand out of the way as NAME.BAD (kept, never deleted)."""
        p = self._find(name)
        stem = dos_name(name).split(".")[0]
        bad = self.root / f"{stem}.BAD"
        n = 1
        while bad.exists():
            bad = self.root / f"{stem[:5]}{n:03d}.BAD"
            n += 1
        try:
            os.replace(p, bad)
        except OSError as e:
            raise DiskError(f"Cannot rename {p.name}: {e.strerror or e}") from None
        return bad.name

    def listdir(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name.upper() for p in self.root.iterdir() if p.is_file() and not p.name.startswith("."))
