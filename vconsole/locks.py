"""Advisory file locks, so that two runs sharing one DOS directory never lose each other's work.

Two players may start Card Miners on one drive at the same time (two windows, a
shared folder).  Without a lock the last writer wins: one player's bank account
is lost with no word.  The drive takes these locks (see ``Drive.locked`` and
``Drive.claim``); they are the operating system's own advisory locks, ``flock``
on POSIX and ``msvcrt.locking`` on Windows, through the standard library, so a
run that dies (a kill, a crash, a power cut) lets go of them with its last
breath and nothing stale is ever left to clear by hand.

Locks are taken with a bounded wait: a writer holds one for the milliseconds a
save takes, so a lock still held after ``WAIT_S`` means another run is stuck
(stopped in a debugger, frozen): the caller then reports it instead of hanging.
"""
from __future__ import annotations

import os
import time

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

WAIT_S = 5.0  # the longest a writer waits for another run's save to finish
POLL_S = 0.01


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file ``fd`` if no one else holds it; whether it was taken."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def lock(fd: int, wait: float = WAIT_S) -> bool:
    """Take an exclusive lock on ``fd``, waiting at most ``wait`` seconds; whether it was taken."""
    end = time.monotonic() + wait
    while not try_lock(fd):
        if time.monotonic() >= end:
            return False
        time.sleep(POLL_S)
    return True


def unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass  # closing the file lets go of it anyway
