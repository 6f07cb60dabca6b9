"""A run as one self-contained web page: what changed on the screen and in the speaker, and when.

A GIF or APNG stores pixels; the page stores what the card was given: the
character cells that changed, the cursor, the border, the blink setting, a
loaded character set or palette, each at its machine time, and the speaker's
notes.  The player in the page (``htmlplayer/player.js``) draws every frame
from those, with the card's own glyphs and colour tables, at the retrace's
blink phase, exactly as ``render.render_frame`` does.

The recorder is fed like ``animation.VideoRecorder``: ``advance(screen,
old, new)`` as the clock moves (the screen showing then is what every retrace
between ``old`` and ``new`` showed), ``finish`` at the end.  A change seen at
``old`` is stored at ``old``: the page shows, at time T, the last change at or
before T.

Events are stored column by column (one array per field, so that each
deflates well), little-endian; with the glyphs, colour tables, notes and the
player itself they make one deflated stream, in base85 in the page (see
``pack``), which the browser inflates with DecompressionStream.  Per event: its time
(float64) and which things changed (uint8 flags); per event with CELLS: how
many cells (uint16); per changed cell: the step from the previous changed
cell's index (uint16; the first counts from -1), its character and attribute
(uint8 each); per CURSOR: row, column (uint8) and the mask of lit scan lines
(uint32, 0: none); per BORDER, BLINK, FONT, PALETTE: one uint8 (the last two
index the page's character sets and colour tables).
"""
from __future__ import annotations

import base64
import json
import math
import os
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ..adapters import Adapter, DacPalette, colour_tables, get_adapter
from ..cp437 import TO_UNICODE
from ..disk import atomic_write
from ..render import _character_set, _palette_for, effective_cells
from ..speaker import Speaker, SpeakerEvent
from ..video import ScreenState, TextScreen

K = TypeVar("K")
V = TypeVar("V")

CELLS, CURSOR, BORDER, BLINK, FONT, PALETTE = 1, 2, 4, 8, 16, 32
#: the event columns in the order the page holds them, each with its element type
COLUMNS = {"time": "<f8", "mask": "<u4", "count": "<u2", "step": "<u2", "flags": "u1", "char": "u1", "attr": "u1",
           "cursor": "u1", "border": "u1", "blink": "u1", "font": "u1", "palette": "u1"}
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
FORMAT = 1  # the page data's version


class ExportError(ValueError):
    """A page that cannot be made as asked (the message is one line)."""


@dataclass
class Note:
    """One stretch of the speaker at one pitch (hz) from ``start`` for ``length`` machine seconds."""

    start: float
    length: float
    hz: float


def notes_of(events: Sequence[SpeakerEvent], end: float) -> list[Note]:
    """The speaker's timeline (SpeakerEvent time, hz or None) as notes; a note still sounding ends at ``end``."""
    notes: list[Note] = []
    for i, e in enumerate(events):
        if e.hz is None:
            continue
        stop = events[i + 1].time if i + 1 < len(events) else max(end, e.time)
        if stop > e.time:
            notes.append(Note(float(e.time), float(stop - e.time), float(e.hz)))
    return notes


@dataclass
class _Tables:
    """Character sets and colour tables met so far, each once, in the order first seen."""

    fonts: list[bytes] = field(default_factory=list)
    font_ids: dict[bytes, int] = field(default_factory=dict)
    palettes: list[DacPalette | None] = field(default_factory=list)
    palette_ids: dict[DacPalette | None, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Shown:
    """What the page shows after an event: the cells, the cursor (row, column, lit lines) and the rest."""

    cells: np.ndarray
    cursor: tuple[int, int, int]
    border: int
    blink: bool
    font: int
    palette: int


class HtmlRecorder:
    """Collects a run's screen changes as machine time passes; ``finish`` writes the page."""

    def __init__(self, path: str | os.PathLike[str], adapter: Adapter | str, monitor: str = "color", *,
                 speaker_model: str = "ideal", title: str = "vconsole run", at: float | None = None,
                 zoom: float | None = None, speaker: Speaker | None = None) -> None:
        self.path = Path(path)
        self.speaker = speaker  # where the notes come from at finish (unless finish is given one)
        self.adapter = get_adapter(adapter)
        self.monitor = monitor
        self.speaker_model = speaker_model
        self.title = title
        self.at = at
        self.zoom = zoom
        self._tables = _Tables()
        self._col: dict[str, list[np.ndarray]] = {name: [] for name in COLUMNS}
        self._events = 0
        self._last: _Shown | None = None  # what the page holds after the events so far
        self._version: int | None = None
        self.finished = False
        self.size = 0
        self.frames = 0  # (an animated capture's count, for a front end that treats both alike)

    # -- feeding ---------------------------------------------------------------------------------
    def advance(self, screen: TextScreen, old: float, new: float) -> None:
        """The clock moves from ``old`` to ``new`` with ``screen`` (a TextScreen) showing."""
        if self.finished or screen.version == self._version:
            return
        self._version = screen.version
        self.add(old, screen.snapshot())

    def add(self, t: float, state: ScreenState) -> None:
        """From machine time ``t`` on the screen shows ``state`` (times never go back)."""
        a = self.adapter
        cells = effective_cells(state)
        if cells.shape[:2] != (a.rows, a.cols):
            raise ExportError(f"{cells.shape[0]}x{cells.shape[1]} cells on a {a.name} set up for {a.rows}x{a.cols}")
        mask = a.cursor_mask(state.cursor_start, state.cursor_end)
        on_screen = 0 <= state.cursor_row < a.rows and 0 <= state.cursor_col < a.cols
        bits = int(np.sum(1 << np.flatnonzero(mask))) if on_screen else 0
        now = _Shown(cells=np.ascontiguousarray(cells, dtype=np.uint8).reshape(-1, 2),
                     cursor=(max(0, min(255, state.cursor_row)), max(0, min(255, state.cursor_col)), bits),
                     border=int(state.border) & 0xFF, blink=bool(state.blink), font=self._font_id(state),
                     palette=self._palette_id(state))
        last = self._last
        flags = 0
        if last is None:
            changed = np.arange(a.rows * a.cols)
        else:
            changed = np.flatnonzero((now.cells != last.cells).any(axis=1))
        if len(changed):
            flags |= CELLS
            self._col["count"].append(np.array([len(changed)], dtype="<u2"))
            self._col["step"].append(np.diff(changed, prepend=-1).astype("<u2"))
            self._col["char"].append(now.cells[changed, 0])
            self._col["attr"].append(now.cells[changed, 1])
        if last is None or now.cursor != last.cursor:
            flags |= CURSOR
            self._col["cursor"].append(np.array(now.cursor[:2], dtype="u1"))
            self._col["mask"].append(np.array([now.cursor[2]], dtype="<u4"))
        for flag, key in ((BORDER, "border"), (BLINK, "blink"), (FONT, "font"), (PALETTE, "palette")):
            if last is None or getattr(now, key) != getattr(last, key):
                flags |= flag
                self._col[key].append(np.array([int(getattr(now, key))], dtype="u1"))
        self._last = now
        if flags:
            self._col["time"].append(np.array([float(t)], dtype="<f8"))
            self._col["flags"].append(np.array([flags], dtype="u1"))
            self._events += 1

    def _font_id(self, state: ScreenState) -> int:
        a = self.adapter
        glyphs = _character_set(a, state.font).fitted(a.cell_h).data
        return self._id(self._tables.font_ids, self._tables.fonts, glyphs, glyphs)

    def _palette_id(self, state: ScreenState) -> int:
        palette = _palette_for(self.adapter, state.palette)
        return self._id(self._tables.palette_ids, self._tables.palettes, palette, palette)

    @staticmethod
    def _id(ids: dict[K, int], items: list[V], key: K, item: V) -> int:
        if key not in ids:
            if len(items) >= 255:
                raise ExportError("more than 255 character sets or palettes in one run")
            ids[key] = len(items)
            items.append(item)
        return ids[key]

    # -- the page ------------------------------------------------------------------------------------
    def finish(self, end: float, screen: TextScreen | None = None, state: ScreenState | None = None,
               speaker: Speaker | None = None) -> Path:
        """The run ended at ``end`` showing ``state`` (or ``screen``); ``speaker`` gives the notes."""
        if self.finished:
            return self.path
        if state is not None:
            self.add(end, state)
        elif screen is not None and screen.version != self._version:
            self.add(end, screen.snapshot())
        if self._last is None:
            raise ExportError("nothing was captured")
        self.finished = True
        speaker = speaker if speaker is not None else self.speaker
        events = list(speaker.timeline) if speaker is not None else []
        page = self.page(float(end), notes_of(events, float(end)))
        atomic_write(self.path, page)
        self.size = len(page)
        return self.path

    def data(self, end: float, notes: list[Note]) -> tuple[dict[str, Any], dict[str, bytes]]:
        """Everything the player needs: the description (JSON) and the binary parts it reads."""
        a = self.adapter
        tables = []
        for palette in self._tables.palettes:
            for blink in (False, True):
                for text_on in (False, True):
                    fg, bg = colour_tables(a, self.monitor, blink, text_on, palette)
                    tables.append(np.concatenate([fg, bg]).astype(np.uint8).tobytes())
        columns, sections, offset = [], {}, 0
        for name, kind in COLUMNS.items():  # 8-byte columns first, then 4, 2, 1: every one aligned
            parts = self._col[name]
            arr = np.concatenate(parts).astype(kind) if parts else np.zeros(0, dtype=kind)
            sections[name] = [offset, len(arr)]
            columns.append(arr.tobytes())
            offset += arr.nbytes
        # The glyphs of characters the run never shows are left blank: they cost nothing then.
        used = np.zeros(256, dtype=bool)
        if self._col["char"]:
            used[np.concatenate(self._col["char"])] = True
        fonts = []
        for glyphs in self._tables.fonts:
            rows = np.frombuffer(glyphs, dtype=np.uint8).reshape(256, a.cell_h).copy()
            rows[~used] = 0
            fonts.append(rows.tobytes())
        times = np.array([n.start for n in notes], dtype="<f8").tobytes()
        lengths = np.array([n.length for n in notes], dtype="<f8").tobytes()
        pitches = np.array([n.hz for n in notes], dtype="<f8").tobytes()
        bx, by = a.band(True)
        scan_w, scan_h = a.scan_size
        description = {
            "format": FORMAT, "title": self.title, "adapter": a.name, "monitor": self.monitor,
            "cellW": a.cell_w, "cellH": a.cell_h, "cols": a.cols, "rows": a.rows, "bandX": bx, "bandY": by,
            "scanW": scan_w, "scanH": scan_h, "mono": a.mono,
            "refreshHz": a.refresh_hz, "textBlinkFrames": a.text_blink_frames,
            "cursorBlinkFrames": a.cursor_blink_frames, "underlineRow": 12 if a.mono else -1,
            "end": end, "at": self.at, "zoom": self.zoom, "speakerModel": self.speaker_model,
            "highpassHz": 120.0, "lowpassHz": 4300.0, "volume": 0.25,
            "sections": sections, "eventCount": self._events, "noteCount": len(notes),
            "cp437": "".join(" " if c == "\x00" else c for c in TO_UNICODE),
        }
        return description, {"fonts": b"".join(fonts), "tables": b"".join(tables), "events": b"".join(columns),
                             "notes": times + lengths + pitches}

    def page(self, end: float, notes: list[Note]) -> bytes:
        return render_page(*self.data(end, notes), self.title)


def minified(script: str) -> str:
    """The player without its comments and indentation (it is read in vconsole's source, not in the page).

    Only whole /* */ blocks, whole-line // comments and // comments after two spaces go: the script has
    no string or regular expression that holds those."""
    script = re.sub(r"/\*.*?\*/", "", script, flags=re.DOTALL)
    lines = []
    for line in script.split("\n"):
        line = "" if line.lstrip().startswith("//") else re.sub(r"\s\s//\s.*$", "", line)
        if line.strip():
            lines.append(line.strip())
    return "\n".join(lines)


def _asset(name: str) -> str:
    return resources.files("vconsole.tools").joinpath("htmlplayer", name).read_text(encoding="utf-8")


def pack(description: dict[str, Any], parts: dict[str, bytes]) -> str:
    """One deflated stream (zlib format, what DecompressionStream("deflate") reads) in base85 (Python's
    alphabet: no quote, backslash or slash, so it sits in a script element as it is): a 4-byte length, the
    description as JSON with the places of the parts under "parts", then the parts."""
    places, offset = {}, 0
    for name, data in parts.items():
        places[name] = [offset, len(data)]
        offset += len(data)
    head = json.dumps({**description, "parts": places}, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    raw = len(head).to_bytes(4, "little") + head + b"".join(parts.values())
    return base64.b85encode(zlib.compress(raw, 9)).decode("ascii")


def unpack(text: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """pack's inverse: (description, parts)."""
    raw = zlib.decompress(base64.b85decode(text.strip()))
    size = int.from_bytes(raw[:4], "little")
    description = json.loads(raw[4:4 + size].decode("utf-8"))
    body = raw[4 + size:]
    parts = {name: body[off:off + n] for name, (off, n) in description.pop("parts").items()}
    return description, parts


def read_page(path: str | os.PathLike[str]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """(description, parts) of a page export-html wrote."""
    text = Path(path).read_text(encoding="utf-8")
    m = re.search(r'<script type="text/plain" id="vc-pack">(.*?)</script>', text, re.DOTALL)
    if m is None:
        raise ExportError(f"{path}: not a page made by vconsole export-html")
    return unpack(m.group(1))


def render_page(description: dict[str, Any], parts: dict[str, bytes], title: str) -> bytes:
    """The page: a small loader and one packed stream holding the player, its page and the run."""
    import html

    player = {"js": minified(_asset("player.js")).encode("utf-8"), "css": _asset("player.css").encode("utf-8"),
              "html": _asset("player.html").encode("utf-8")}
    page = (_asset("page.html")
            .replace("{{TITLE}}", html.escape(title))
            .replace("/*PACK*/", pack(description, {**parts, **player})))
    return page.encode("utf-8")


def check_time(text: str) -> float:
    """A ``--at`` value: seconds, 0 or more."""
    try:
        t = float(text)
    except ValueError:
        raise ExportError(f"--at: not a number of seconds: {text!r}") from None
    if not (math.isfinite(t) and t >= 0):
        raise ExportError(f"--at: a time is 0 seconds or more, not {text}")
    return t
