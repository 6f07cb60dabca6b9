"""Reading a journal: every line checked (kinds, fields, order, sizes) and named by its number when it
is wrong, so a replay never starts on a damaged file."""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...disk import read_regular
from .format import (
    BUTTONS,
    END_EXIT,
    END_STOP,
    EVENT_KINDS,
    LINE_KINDS,
    MACHINE_CLOCK,
    JournalError,
    key_word,
)
from .header import Header

MAX_JOURNAL = 16 * 2**20  # bytes: hours of play are a few megabytes



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


def read(path: str | os.PathLike[str]) -> Journal:
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
        bad = raw[:e.start].count(b"\n") + 1
        raise JournalError(f"{path} line {bad}: not UTF-8 text") from None
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
