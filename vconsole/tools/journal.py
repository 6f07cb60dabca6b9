"""Journals: a run kept as the input that made it, one JSON object a line (docs/JOURNALS.md).

A run is a function of its program, switches, options, seed, switch-on date,
the files in its DOS directory at the start, and the input that came in from
outside, each piece stamped with the machine time it arrived at and the
number of the wait (``Machine.idle`` call) it arrived in.  A journal holds
exactly those: a header line, then the input, plus check lines (a digest of
the screen and of the speaker's output every few machine seconds and at the
end) so that a replay can tell where it stops matching instead of drifting
away in silence.

This module reads and writes the format; ``vconsole.tools.replay`` plays a
journal back.  The recorder stands in for a front end's ``Inputs`` and wraps
its host (to count the waits), so the machine knows nothing about journals.
"""
from __future__ import annotations

import base64
import hashlib
import json
import math
import os
import struct
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..disk import Drive, dos_name, read_regular
from ..hostfiles import umask
from ..frontends.inputs import Inputs
from ..keyboard import Key, word_for, word_for_char
from ..keyscript import KeyScriptError, Press
from ..keyscript import parse as parse_keys
from ..machine import Machine, MachineConfig
from ..mouse import LEFT, MIDDLE, RIGHT
from ..program import RunOptions
from ..video import ScreenState

KIND = "journal"
FORMAT = 1
MADE_BY = f"vconsole {__version__}"
#: a journal recorded on the virtual clock (headless) replays at the same waits, bit-exact;
#: one recorded in the window (real time) replays by the machine times of its input.
MACHINE_CLOCK, REAL_CLOCK = "machine", "real"
CHECK_EVERY_S = 10.0
MAX_FILE = 256 * 1024  # files bigger than this in the DOS directory are not carried (a note says so)
MAX_FILES = 64
MAX_JOURNAL = 16 * 2**20  # bytes: hours of play are a few megabytes
MAX_TIME = 253_402_300_799.0  # 31 December 9999, 23:59:59 UTC: the last date a header may name
MAX_UTC_OFFSET = 26 * 3600  # the widest time zones are 14 hours from UTC
BUTTONS = {"left": LEFT, "right": RIGHT, "middle": MIDDLE}
BUTTON_NAMES = {v: k for k, v in BUTTONS.items()}
EVENT_KINDS = ("key", "flush", "shift", "move", "button", "close")
LINE_KINDS = ("start", *EVENT_KINDS, "check", "end")
END_EXIT, END_STOP = "exit", "stop"


class JournalError(ValueError):
    """A journal that cannot be replayed; the message names the file and the line."""


# -- what a check compares --------------------------------------------------------------------------

def screen_digest(state: ScreenState) -> str:
    """Everything the card scans out (cells, cursor, blink bit, border, mouse cursor) as 16 hex digits."""
    h = hashlib.blake2b(digest_size=8)
    h.update(state.cells.tobytes())
    m = state.mouse
    h.update(repr((state.cursor_row, state.cursor_col, state.cursor_start, state.cursor_end,
                   bool(state.blink), state.border,
                   None if m is None else (m.row, m.col, m.and_mask, m.xor_mask))).encode())
    return h.hexdigest()


def sound_digest(speaker) -> str:
    """The speaker's output so far (every change: time and frequency) as 16 hex digits."""
    h = hashlib.blake2b(digest_size=8)
    for t, hz in list(speaker.timeline):
        h.update(struct.pack("<dd", t, -1.0 if hz is None else hz))
    return h.hexdigest()


# -- keys as words a person can read ------------------------------------------------------------------

def key_token(word: int) -> str:
    """A key word as its name when the name gives the word back exactly ("Enter", "a", "Ctrl+Q"), else hex."""
    name = Key(word).name
    try:
        back = word_for_char(name) if len(name) == 1 else word_for(name)
    except KeyError:
        back = None
    return name if back == word else f"0x{word:04X}"


def key_word(token: str) -> int:
    """The word a journal's key token stands for: "0x1C0D", "Enter", "a", "Ctrl+Q" (case-insensitive names)."""
    if not isinstance(token, str) or not token:
        raise ValueError("a key is a name such as \"Enter\" or a word such as \"0x1C0D\"")
    if token.lower().startswith("0x"):
        try:
            word = int(token, 16)
        except ValueError:
            raise ValueError(f"{token!r} is not a hexadecimal key word") from None
        if not 0 <= word <= 0xFFFF:
            raise ValueError(f"key word {token} is more than 16 bits")
        return word
    if len(token) == 1:
        try:
            return word_for_char(token)
        except KeyError:
            raise ValueError(f"cannot type {token!r}") from None
    try:
        events = parse_keys(token)
    except KeyScriptError as e:
        raise ValueError(str(e)) from None
    if len(events) != 1 or not isinstance(events[0], Press):
        raise ValueError(f"{token!r} is not one key")
    return events[0].word


# -- the header ---------------------------------------------------------------------------------------

@dataclass
class Header:
    """Everything a run depends on besides its input (the first line of a journal)."""

    program: str
    switches: list[str] = field(default_factory=list)  # the words as typed, e.g. ["MS"]
    display: str = "ega"
    monitor: str = "color"
    mouse: bool = True
    mute: bool = False
    speaker: str = "ideal"
    seed: int = 0
    shareware: bool = False
    start_time: float = 0.0  # the DOS date at switch-on, seconds since the epoch
    utc_offset: int | None = None  # the recording host's time zone then (seconds east of UTC)
    clock: str = MACHINE_CLOCK
    check_every: float = CHECK_EVERY_S
    made_by: str = MADE_BY
    files: dict[str, bytes] = field(default_factory=dict)  # the DOS directory at switch-on
    file_times: dict[str, float] = field(default_factory=dict)

    def config(self) -> MachineConfig:
        return MachineConfig(adapter=self.display, monitor=self.monitor, mouse=self.mouse, mute=self.mute,
                             speaker_model=self.speaker, start_time=self.start_time)

    def options(self) -> RunOptions:
        return RunOptions(seed=self.seed, shareware=self.shareware)

    def to_json(self) -> str:
        files = {}
        for name, data in self.files.items():
            entry: dict[str, Any] = {}
            try:
                text = data.decode("ascii")
                entry["text"] = text
            except UnicodeDecodeError:
                entry["base64"] = base64.b64encode(data).decode("ascii")
            if name in self.file_times:
                entry["time"] = self.file_times[name]
            files[name] = entry
        obj = {"vconsole": KIND, "format": FORMAT, "made_by": self.made_by, "program": self.program,
               "switches": self.switches, "display": self.display, "monitor": self.monitor,
               "mouse": self.mouse, "mute": self.mute, "speaker": self.speaker, "seed": self.seed,
               "shareware": self.shareware, "start_time": self.start_time, "utc_offset": self.utc_offset,
               "clock": self.clock,
               "check_every": self.check_every, "files": files}
        return json.dumps(obj)

    @classmethod
    def from_obj(cls, obj: Any) -> Header:
        """The header from its parsed JSON; ValueError says what is wrong with it."""
        from ..adapters import ADAPTERS, MONITORS
        from ..synth import MODELS

        if not isinstance(obj, dict) or obj.get("vconsole") != KIND:
            raise ValueError('not a vconsole journal (its first line must be the header, {"vconsole": "journal", ...})')
        fmt = obj.get("format")
        if not isinstance(fmt, int) or fmt < 1:
            raise ValueError(f"format must be a whole number, not {fmt!r}")
        if fmt > FORMAT:
            raise ValueError(f"format {fmt} is newer than this vconsole reads ({FORMAT}); "
                             f"it was made by {obj.get('made_by', 'a newer vconsole')}")
        h = cls(program=_get(obj, "program", str))
        h.switches = _get(obj, "switches", list, [])
        if not all(isinstance(w, str) for w in h.switches):
            raise ValueError("switches must be a list of words, e.g. [\"MS\"]")
        h.display = _choice(obj, "display", ADAPTERS, "ega")
        h.monitor = _choice(obj, "monitor", MONITORS, "color")
        h.mouse = _get(obj, "mouse", bool, True)
        h.mute = _get(obj, "mute", bool, False)
        h.speaker = _choice(obj, "speaker", MODELS, "ideal")
        h.seed = _get(obj, "seed", int, 0)
        h.shareware = _get(obj, "shareware", bool, False)
        h.start_time = float(_get(obj, "start_time", (int, float), 0.0))
        if not 0 <= h.start_time <= MAX_TIME:  # nan, inf, 1e300: no date a clock can show
            raise ValueError(f"start_time must be seconds since the epoch (0 to {MAX_TIME:.0f}),"
                             f" not {json.dumps(obj['start_time'])}")
        offset = obj.get("utc_offset")
        if offset is not None:
            h.utc_offset = _get(obj, "utc_offset", int)
            if not -MAX_UTC_OFFSET <= h.utc_offset <= MAX_UTC_OFFSET:
                raise ValueError(f"utc_offset must be seconds east of UTC (at most {MAX_UTC_OFFSET} either way),"
                                 f" not {h.utc_offset}")
        h.clock = _choice(obj, "clock", (MACHINE_CLOCK, REAL_CLOCK), MACHINE_CLOCK)
        h.check_every = float(_get(obj, "check_every", (int, float), CHECK_EVERY_S))
        if not 0 < h.check_every < math.inf:
            raise ValueError("check_every must be a number of seconds above 0")
        h.made_by = _get(obj, "made_by", str, "an unknown vconsole")
        for name, entry in _get(obj, "files", dict, {}).items():
            try:
                dos = dos_name(name)
            except OSError as e:
                raise ValueError(f"files: {e}") from None
            if not isinstance(entry, dict) or ("text" in entry) == ("base64" in entry):
                raise ValueError(f'files: {name} must be {{"text": ...}} or {{"base64": ...}}')
            try:
                h.files[dos] = (entry["text"].encode("cp437") if "text" in entry
                                else base64.b64decode(entry["base64"], validate=True))
            except (ValueError, AttributeError, UnicodeEncodeError) as e:
                raise ValueError(f"files: {name}: {e}") from None
            if "time" in entry:
                if (not isinstance(entry["time"], (int, float)) or isinstance(entry["time"], bool)
                        or not 0 <= entry["time"] <= MAX_TIME):
                    raise ValueError(f"files: {name}: time must be seconds since the epoch")
                h.file_times[dos] = float(entry["time"])
        return h


def _get(obj: dict, key: str, kind, default: Any = ...) -> Any:
    if key not in obj:
        if default is ...:
            raise ValueError(f"the header has no {key!r}")
        return default
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join({bool: "true or false", int: "a whole number", float: "a number", str: "text",
                             list: "a list", dict: "an object"}[k] for k in kinds)
        raise ValueError(f"{key} must be {names}, not {json.dumps(value)}")
    return value


def _choice(obj: dict, key: str, choices, default: str) -> str:
    value = _get(obj, key, str, default)
    if value not in choices:
        raise ValueError(f"{key} must be one of {', '.join(choices)}, not {value!r}")
    return value


def drive_files(drive: Drive) -> tuple[dict[str, bytes], dict[str, float], list[str]]:
    """The DOS directory's files (contents and times) to carry in a header, and notes on what was left out."""
    files: dict[str, bytes] = {}
    times: dict[str, float] = {}
    notes: list[str] = []
    try:
        entries = drive.entries()
    except OSError as e:
        return files, times, [f"the DOS directory could not be read ({e}); the replay starts with none"]
    for entry in entries:
        if len(files) >= MAX_FILES:
            notes.append(f"more than {MAX_FILES} files in the DOS directory; the rest are not in the journal")
            break
        if entry.size > MAX_FILE:
            notes.append(f"{entry.name} ({entry.size} bytes) is too big for the journal; the replay will not have it")
            continue
        try:
            files[entry.name] = drive.read_bytes(entry.name)
            times[entry.name] = entry.mtime
        except OSError as e:
            notes.append(f"{entry.name} could not be read for the journal ({e})")
    return files, times, notes


def fill_drive(header: Header, root: Path) -> Drive:
    """A DOS directory holding the header's files with their times (a replay's own, never the player's)."""
    drive = Drive(root)
    for name, data in header.files.items():
        drive.write_bytes(name, data)
        if name in header.file_times:
            t = header.file_times[name]
            os.utime(drive.path(name), (t, t))
    return drive


# -- lines -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """One line after the header: an input event, a check, or the end."""

    number: int  # in the file, from 1 (the header)
    t: float  # machine seconds
    i: int  # the wait (Machine.idle call, counted from 1) it arrived in
    kind: str  # one of LINE_KINDS
    value: Any = None  # key word, shift flags, (x, y), (button, down); check/end: the dict itself

    @property
    def is_event(self) -> bool:
        return self.kind in EVENT_KINDS


@dataclass
class Journal:
    path: Path
    header: Header
    lines: list[Line]  # events and checks, in file order
    end: Line | None  # None: the journal was cut short
    last_line: int  # the number of the last line read
    partial_last: bool = False  # the last line was cut off mid-way (no newline, not whole JSON)

    @property
    def exact(self) -> bool:
        return self.header.clock == MACHINE_CLOCK

    @property
    def start_time(self) -> float:
        """Machine time at which the program started (0 when the journal does not say)."""
        return self.lines[0].t if self.lines and self.lines[0].kind == "start" else 0.0

    @property
    def last_time(self) -> float:
        if self.end is not None:
            return self.end.t
        return self.lines[-1].t if self.lines else 0.0


def read(path: str | os.PathLike) -> Journal:
    """Read a journal; JournalError names the line of anything wrong.

    Blank lines and lines starting with '#' are skipped (notes made by hand).
    A last line cut off mid-way (a run that was killed) is not an error: the
    journal is read up to the line before and has no end.
    """
    path = Path(path)
    try:
        raw = read_regular(path, MAX_JOURNAL)  # bounded, and a pipe or device is refused, never read
    except OSError as e:
        raise JournalError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_JOURNAL:
        raise JournalError(f"{path} is bigger than {MAX_JOURNAL // 2**20} MB: not a journal vconsole made")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise JournalError(f"{path} line {line}: not UTF-8 text") from None
    rows = text.split("\n")
    ends_clean = text.endswith("\n")
    if ends_clean:
        rows.pop()
    header: Header | None = None
    lines: list[Line] = []
    end: Line | None = None
    partial = False
    last_t, last_i = 0.0, 0
    number = 0
    for number, row in enumerate(rows, start=1):
        stripped = row.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as e:
            if number == len(rows) and not ends_clean and header is not None:
                partial = True  # cut off mid-line: what came before stands
                number -= 1
                break
            raise JournalError(f"{path} line {number}: not a JSON object ({e.msg} at column {e.colno})") from None
        except RecursionError:  # 100,000 '[': no line vconsole writes nests more than a level or two
            raise JournalError(f"{path} line {number}: not a journal line (nested too deeply)") from None
        if header is None:
            try:
                header = Header.from_obj(obj)
            except ValueError as e:
                raise JournalError(f"{path} line {number}: {e}") from None
            continue
        if end is not None:
            raise JournalError(f"{path} line {number}: comes after the end line (line {end.number})")
        try:
            line = _line(obj, number)
        except ValueError as e:
            raise JournalError(f"{path} line {number}: {e}") from None
        if line.t < last_t:
            raise JournalError(f"{path} line {number}: time {line.t} s goes back before {last_t} s")
        if line.i < last_i:
            raise JournalError(f"{path} line {number}: wait {line.i} comes before wait {last_i}")
        last_t, last_i = line.t, line.i
        if line.kind == "end":
            end = line
        else:
            lines.append(line)
    if header is None:
        raise JournalError(f"{path}: empty, no header line")
    return Journal(path, header, lines, end, number, partial)


def _line(obj: Any, number: int) -> Line:
    if not isinstance(obj, dict):
        raise ValueError("expected an object such as {\"t\": 1.5, \"i\": 3, \"key\": \"Enter\"}")
    kinds = [k for k in LINE_KINDS if k in obj]
    unknown = sorted(set(obj) - set(LINE_KINDS) - {"t", "i", "down", "code", "screen", "sound"})
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    if len(kinds) != 1:
        raise ValueError(f"needs exactly one of {', '.join(LINE_KINDS)}"
                         + (f" (it has {', '.join(kinds)})" if kinds else ""))
    kind = kinds[0]
    t = obj.get("t")
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t < 0:
        raise ValueError(f"\"t\" must be the machine time in seconds (0 or more), not {json.dumps(t)}")
    i = obj.get("i")
    if isinstance(i, bool) or not isinstance(i, int) or i < 0:
        raise ValueError(f"\"i\" must be the number of the wait (a whole number), not {json.dumps(i)}")
    v = obj[kind]
    if kind == "key":
        value: Any = key_word(v)
    elif kind == "shift":
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 0xFF:
            raise ValueError(f"shift must be the flags byte 0-255, not {json.dumps(v)}")
        value = v
    elif kind == "move":
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in v)):
            raise ValueError(f"move must be [x, y] in virtual pixels, not {json.dumps(v)}")
        value = (v[0], v[1])
    elif kind == "button":
        down = obj.get("down")
        if "down" not in obj or not isinstance(down, bool):
            raise ValueError('a button line needs "down": true or false')
        if v not in BUTTONS:
            raise ValueError(f"button must be left, right or middle, not {json.dumps(v)}")
        value = (BUTTONS[v], down)
    elif kind in ("flush", "close", "start"):
        if v is not True:
            raise ValueError(f"{kind} takes true")
        value = True
    elif kind == "check":
        if not isinstance(v, str) or "sound" in obj and not isinstance(obj["sound"], str):
            raise ValueError("check holds the screen's digest (text) and optionally \"sound\"")
        value = {"screen": v, "sound": obj.get("sound")}
    else:  # end
        if v not in (END_EXIT, END_STOP):
            raise ValueError(f"end must be {END_EXIT!r} or {END_STOP!r}, not {json.dumps(v)}")
        code = obj.get("code")
        if code is not None and (isinstance(code, bool) or not isinstance(code, int)):
            raise ValueError("code must be the errorlevel (a whole number) or null")
        value = {"end": v, "code": code, "screen": obj.get("screen"), "sound": obj.get("sound")}
    if "down" in obj and kind != "button":
        raise ValueError('"down" belongs to button lines')
    return Line(number, float(t), i, kind, value)


# -- recording ---------------------------------------------------------------------------------------

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

    def __init__(self, path: str | os.PathLike, header: Header, say=None) -> None:
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

    def __init__(self, inner, journal: JournalRecorder) -> None:
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


def new_header(program: str, words: list[str], config: MachineConfig, options: RunOptions,
               drive: Drive | None, clock: str) -> tuple[Header, list[str]]:
    """The header for a run about to start, and notes on files the journal cannot carry.

    The seed and the switch-on date must be fixed for a replay to see what the
    run saw, so the caller must have chosen both (see ``fixed``).
    """
    if options.seed is None or config.start_time is None:
        raise ValueError("a recorded run needs a seed and a start time (journal.fixed)")
    files, times, notes = drive_files(drive) if drive is not None else ({}, {}, [])
    return Header(program=program, switches=list(words), display=config.adapter, monitor=config.monitor,
                  mouse=config.mouse, mute=config.mute, speaker=config.speaker_model, seed=int(options.seed),
                  shareware=options.shareware, start_time=float(config.start_time),
                  utc_offset=local_offset(config.start_time), clock=clock, files=files, file_times=times), notes


def local_offset(t: float) -> int:
    """Seconds east of UTC of this host's local time at t (DOS shows local time: the journal keeps
    the zone so a replay elsewhere shows the same dates)."""
    import time

    return int(time.localtime(t).tm_gmtoff)


def fixed(config: MachineConfig, options: RunOptions) -> tuple[MachineConfig, RunOptions]:
    """The same run with the seed and the switch-on date chosen now where they were left open."""
    import dataclasses
    import time

    if options.seed is None:
        options = dataclasses.replace(options, seed=int.from_bytes(os.urandom(4), "big"))
    if config.start_time is None:
        config = dataclasses.replace(config, start_time=float(int(time.time())))
    return config, options
