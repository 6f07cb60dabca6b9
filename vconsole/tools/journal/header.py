"""A journal's header: the program, its switches and options, the seed, the switch-on date and zone,
and the files of its DOS directory at the start; made for a run about to start, read back for a replay."""
from __future__ import annotations

import base64
import json
import math
import os
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...disk import Drive, dos_name
from ...machine import MachineConfig
from ...program import RunOptions
from .format import (
    CHECK_EVERY_S,
    FORMAT,
    KIND,
    MACHINE_CLOCK,
    MADE_BY,
    MAX_FILE,
    MAX_FILES,
    MAX_TIME,
    MAX_UTC_OFFSET,
    REAL_CLOCK,
)


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
        from ...adapters import ADAPTERS
        from ...names import MONITORS
        from ...synth import MODELS

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


def _get(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
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


def _choice(obj: dict[str, Any], key: str, choices: Collection[str], default: str) -> str:
    value: str = _get(obj, key, str, default)
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
