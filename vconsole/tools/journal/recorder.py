"""Recording a journal: the recorder stands in for a front end's ``Inputs`` and wraps its host (to
count the waits), so the machine knows nothing about journals. The file is put in place when the run
ends; a run that never started leaves the old one."""
from __future__ import annotations

import json
import math
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...frontends.inputs import Inputs
from ...hostfiles import umask
from ...machine import Host, Machine
from .format import BUTTON_NAMES, END_EXIT, END_STOP, MACHINE_CLOCK, key_token, screen_digest, sound_digest
from .header import Header


class JournalRecorder:
    """Writes a journal while a run goes on: the front end delivers input through ``inputs()``
    and has its host wrapped by ``attach()``; ``finish()`` writes the end line.

    The lines go to a temporary file beside ``path`` (flushed as they are
    written, so a run that is killed leaves a journal there that replays up to
    where it stopped); ``close()`` renames it into place once the run has
    started, so an existing file is only ever replaced by a whole journal, and
    a command that never started its run leaves it as it was.  A write that
    fails (a full disk) stops the recording, not the run: ``failed`` says why.
    """

    def __init__(self, path: str | os.PathLike[str], header: Header, say: Callable[[str], None] | None = None) -> None:
        import tempfile

        self.path = Path(path)
        self.header = header
        self._lock = threading.Lock()
        self.failed: str | None = None
        self._say = say if say is not None else _say_stderr
        self._started = False
        self._tmp: str | None = None
        if self.path.exists() and not self.path.is_file():  # /dev/null, /dev/full, a pipe: written through
            self._file = open(self.path, "w", encoding="utf-8", newline="\n")
        else:
            fd, self._tmp = tempfile.mkstemp(prefix=f".~{self.path.name}.", suffix=".recording",
                                             dir=self.path.absolute().parent)
            self._file = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        try:
            self._file.write(header.to_json() + "\n")
            self._file.flush()
        except OSError:
            self._discard()
            raise
        self.idles = 0
        self.machine: Machine | None = None
        self._next_check = header.check_every
        self._last_move: tuple[int, int] | None = None
        self.events = 0

    @property
    def exact(self) -> bool:
        return self.header.clock == MACHINE_CLOCK

    def attach(self, machine: Machine) -> None:
        """Count the machine's waits (every ``Machine.idle`` passes its host); a host that delivers
        input itself (the headless script) delivers it through the journal."""
        self.machine = machine
        if hasattr(machine.host, "inputs"):
            machine.host.inputs = self.inputs(machine)
        machine.host = _CountingHost(machine.host, self)

    def inputs(self, machine: Machine) -> Inputs:
        return JournalInputs(machine, self)

    def started(self, machine: Machine) -> None:
        """The program starts now (in the window, when its thread starts, a moment after switch-on)."""
        self.machine = self.machine or machine
        self._started = True
        self.write({"start": True})

    def _stamp(self) -> dict[str, Any]:
        t = self.machine.clock.now() if self.machine is not None else 0.0
        return {"t": t if self.exact else round(t, 6), "i": self.idles}

    def write(self, fields: dict[str, Any]) -> None:
        with self._lock:
            if self._file.closed:
                return
            line = {**self._stamp(), **fields}
            try:
                self._file.write(json.dumps(line) + "\n")
                self._file.flush()
            except OSError as e:
                self._fail(e)

    def _fail(self, e: OSError) -> None:
        """A write failed: drop the recording (the old file stays), say so once, let the run go on."""
        self.failed = e.strerror or str(e)
        self._discard()
        self._say(f"recording stopped: {self.failed} (no journal written to {self.path})")

    def _discard(self) -> None:
        try:
            self._file.close()
        except OSError:
            pass
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except OSError:
                pass

    def event(self, kind: str, value: Any, **extra: Any) -> None:
        if kind == "move":
            if value == self._last_move:
                return  # the same pixel again changes nothing in the driver
            self._last_move = value
            value = list(value)
        self.events += 1
        self.write({kind: value, **extra})

    def at_wait(self, machine: Machine) -> None:
        """A wait begins: count it, and every check_every machine seconds write a check (exact journals)."""
        self.idles += 1
        if self.exact and machine.clock.now() >= self._next_check:
            now = machine.clock.now()
            self.write({"check": screen_digest(machine.screen.snapshot()), "sound": sound_digest(machine.speaker)})
            every = self.header.check_every
            self._next_check = (math.floor(now / every) + 1) * every

    def finish(self, machine: Machine, code: int | None, stopped: bool) -> None:
        """The end line: how the run ended and the digests of the screen and the sound as it left them."""
        fields: dict[str, Any] = {"end": END_STOP if stopped else END_EXIT, "code": code,
                                  "screen": screen_digest(machine.screen.snapshot())}
        if self.exact:
            fields["sound"] = sound_digest(machine.speaker)
        self.write(fields)
        self.close()

    def close(self) -> None:
        """Put the journal in place (a run that never started: drop it, the old file stays)."""
        with self._lock:
            if self._file.closed:
                return
            if not self._started:
                self._discard()
                return
            try:
                self._file.flush()
                if self._tmp is None:
                    self._file.close()
                    return
                os.fsync(self._file.fileno())
                self._file.close()
                os.chmod(self._tmp, 0o666 & ~umask())
                os.replace(self._tmp, self.path)
            except OSError as e:
                self._fail(e)


def _say_stderr(line: str) -> None:
    import sys

    print(f"vconsole: {line}", file=sys.stderr, flush=True)


class _CountingHost:
    """The front end's host with the journal counting the waits (and checking) as they begin."""

    def __init__(self, inner: Host, journal: JournalRecorder) -> None:
        self.inner = inner
        self.journal = journal

    def __getattr__(self, name: str) -> Any:  # on_end, used, queue ... of the host it wraps
        return getattr(self.inner, name)

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        self.journal.at_wait(machine)
        self.inner.idle(machine, deadline, wake_on_input)


class JournalInputs(Inputs):
    """Inputs that write each delivery to the journal, stamped, before making it."""

    def __init__(self, machine: Machine, journal: JournalRecorder) -> None:
        super().__init__(machine)
        self.journal = journal

    def key(self, word: int) -> bool:
        self.journal.event("key", key_token(word))
        return super().key(word)

    def flush(self) -> None:
        self.journal.event("flush", True)
        super().flush()

    def shift(self, flags: int) -> None:
        self.journal.event("shift", flags & 0xFF)
        super().shift(flags)

    def move(self, x: int, y: int) -> None:
        self.journal.event("move", (int(x), int(y)))
        super().move(x, y)

    def button(self, button: int, down: bool) -> None:
        self.journal.event("button", BUTTON_NAMES[button], down=bool(down))
        super().button(button, down)

    def close(self) -> None:
        if not self.machine.stopping:
            self.journal.event("close", True)
        super().close()
