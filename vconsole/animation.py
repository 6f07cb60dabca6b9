"""Animated captures: the screen as the monitor showed it, retrace by retrace, as GIF or APNG.

The recorder is told how machine time moves (``advance(old, new)``: the
picture on the screen while the clock goes from ``old`` to ``new`` is what
every retrace in between showed) and samples the picture at fixed times: each
sample is ``render_frame`` of the screen then, at that retrace's blink and
cursor phase, exactly as the renderer draws it.  A sample that shows the same
picture as the one before only lengthens it, so a file holds a frame only
where the picture changed and the durations carry the rest.

Sample times: an APNG takes every retrace (or the chosen rate), its delays in
milliseconds; a GIF's delays are in hundredths of a second and browsers slow
down frames shorter than two of them, so a GIF samples at most 50 times a
second (every 20 ms).  Frame k starts at ``round(k * 1000 / rate)`` ms,
rounded to the format's unit, so the rounding never accumulates.

Frames are palette images (the colours the adapter and monitor can show)
encoded by Pillow.  A long capture is encoded in chunks of frames, each by
Pillow, and the chunks' frames are joined into one file (GIF blocks; APNG
chunks renumbered), so memory stays bounded however long the capture runs.
"""
from __future__ import annotations

import io
import math
import os
import struct
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from PIL import Image, PngImagePlugin

from .adapters import Adapter, border_rgb, colour_tables, get_adapter
from .capture import to_display
from .disk import atomic_write
from .render import effective_cells, phase, render_frame
from .video import COLS, ROWS, ScreenState, TextScreen

FORMATS = {".gif": "gif", ".png": "png", ".apng": "png"}
GIF_MAX_RATE = 50.0  # 2/100 s: browsers show shorter GIF delays as 1/10 s
PNG_MAX_RATE = 500.0
FRAME_BYTES = 2_000_000  # pixels (palette bytes) of frames Pillow gets at once: a chunk, two held at most
EPS = 1e-6
#: the colour of the extra palette entry that means "as the frame before" (transparent); one the
#: adapters never show, so no decoder can mistake a shown colour for it
CLEAR_RGB = bytes((0xFE, 0x00, 0xFE))


class VideoError(ValueError):
    """A capture that cannot be made as asked (the message is one line)."""


def format_of(path: str | os.PathLike[str]) -> str:
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise VideoError(f"{path}: an animated capture is a .gif or a .png (animated PNG)")
    return fmt


def retrace_at(t: float, refresh_hz: float) -> int:
    """The retrace (frame count since switch-on) the monitor is showing at machine time t."""
    return int(math.floor(t * refresh_hz + EPS))


# -- palette -------------------------------------------------------------------------------------------

class Palette:
    """Every colour one adapter on one monitor can show, and RGB pictures as indices into them."""

    def __init__(self, adapter: Adapter, monitor: str) -> None:
        colours = [border_rgb(adapter, c, monitor) for c in range(16)]
        for blink in (True, False):
            for text_on in (True, False):
                fg, bg = colour_tables(adapter, monitor, blink, text_on)
                colours += [fg, bg]
        rgb = np.unique(np.vstack([np.asarray(c, dtype=np.uint8).reshape(-1, 3) for c in colours]), axis=0)
        if len(rgb) > 254:  # one index stays free for transparency, one means "not in the palette"
            raise VideoError(f"{adapter.name} on a {monitor} monitor shows {len(rgb)} colours,"
                             f" more than a palette holds")
        self.rgb = rgb
        self._lookup: np.ndarray | None = None  # the palette's colours packed and sorted
        self._order = np.zeros(0, dtype=np.uint8)  # the palette index of each of them

    def indices(self, picture: np.ndarray) -> np.ndarray:
        """(H, W) palette indices of an (H, W, 3) picture the renderer made for this adapter and monitor.

        A binary search in the palette's sorted colours (at most 256): a table of every 24-bit
        colour would be 16 MB held for the whole capture."""
        if self._lookup is None:
            packed = _pack(self.rgb)
            order = np.argsort(packed, kind="stable")
            self._lookup = packed[order]
            self._order = order.astype(np.uint8)
        keys = _pack(picture)
        at = np.minimum(np.searchsorted(self._lookup, keys), len(self._lookup) - 1)
        if not np.array_equal(self._lookup[at], keys):
            raise VideoError("a colour outside the adapter's palette")  # the renderer never makes one
        return self._order[at]

    def bytes(self) -> bytes:
        return self.rgb.tobytes()


def _pack(rgb: np.ndarray) -> np.ndarray:
    a = rgb.astype(np.uint32)
    return (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]


# -- the recorder -----------------------------------------------------------------------------------------

class VideoRecorder:
    """Samples a machine's screen as machine time passes and writes the animation at ``finish``."""

    def __init__(self, path: str | os.PathLike[str], adapter: Adapter | str, monitor: str = "color",
                 scale: int | None = None, rate: float | None = None, start: float = 0.0) -> None:
        self.path = Path(path)
        self.fmt = format_of(path)
        self.adapter = get_adapter(adapter)
        self.monitor = monitor
        self.scale = scale
        limit = GIF_MAX_RATE if self.fmt == "gif" else PNG_MAX_RATE
        if rate is not None and not rate > 0:
            raise VideoError("the frame rate must be above 0")
        self.rate = min(float(rate or self.adapter.refresh_hz), limit)
        self.unit_ms = 10 if self.fmt == "gif" else 1
        self.start = float(start)
        self.first = math.ceil(self.start * self.rate - EPS)  # index of the first sample
        self.next = self.first
        self.palette = Palette(self.adapter, monitor)
        self._writer = _AnimationWriter(self.path, self.fmt, self.palette, self.adapter, scale)
        self._state: ScreenState | None = None
        self._version: int | None = None
        self._serial = 0  # one number per distinct screen state sampled
        self._moving_for: tuple[int, tuple[bool, bool]] = (-1, (True, True))
        self._key: tuple[int, bool | None, bool | None] | None = None  # the picture's state and phases
        self._picture: np.ndarray | None = None  # the picture of the run of samples in progress
        self._picture_from = self.first  # its first sample
        self.samples = 0
        self.renders = 0
        self.finished = False

    def sample_time(self, k: int) -> float:
        """Machine time of sample k."""
        return k / self.rate

    def _ms(self, k: int) -> int:
        """Where sample k starts in the file, in milliseconds, on the format's unit."""
        unit = self.unit_ms
        return int(round((k - self.first) * 1000.0 / self.rate / unit)) * unit

    # -- feeding -----------------------------------------------------------------------------------
    def advance(self, screen: TextScreen, old: float, new: float) -> None:
        """The clock moves from ``old`` to ``new`` with ``screen`` (a TextScreen) showing: the samples
        in between show it (a sample at ``new`` itself waits for what happens at ``new``)."""
        if self.finished:
            return
        while self.sample_time(self.next) < new:
            self._sample(self.next, *self._current(screen))
            self.next += 1

    def finish(self, end: float, screen: TextScreen | None = None, state: ScreenState | None = None) -> Path:
        """Samples up to and including ``end`` (showing ``state``, or the screen), then the file is written."""
        if self.finished:
            return self.path
        if state is not None:
            self._serial += 1
            last = (state, self._serial)
        elif screen is not None:
            last = self._current(screen)
        elif self._state is not None:
            last = (self._state, self._serial)
        else:
            raise VideoError("nothing was captured")
        while self.sample_time(self.next) <= end:
            self._sample(self.next, *last)
            self.next += 1
        self.finished = True
        if self._picture is None:  # nothing sampled yet: one frame of what shows now
            self._sample(self.next, *last)
            self.next += 1
        self._close_run(self.next)
        self._writer.close()
        return self.path

    def _current(self, screen: TextScreen) -> tuple[ScreenState, int]:
        if screen.version != self._version or self._state is None:
            self._state = screen.snapshot()
            self._version = screen.version
            self._serial += 1
        return self._state, self._serial

    def _moving(self, state: ScreenState, serial: int) -> tuple[bool, bool]:
        """(blinking text on the screen, a cursor lit in some phase): what the retrace count can change."""
        if self._moving_for[0] != serial:
            cells = effective_cells(state)
            blink = bool(state.blink) and bool((cells[..., 1] & 0x80).any())
            cursor = (0 <= state.cursor_row < ROWS and 0 <= state.cursor_col < COLS
                      and bool(self.adapter.cursor_mask(state.cursor_start, state.cursor_end).any()))
            self._moving_for = (serial, (blink, cursor))
        return self._moving_for[1]

    def _sample(self, k: int, state: ScreenState, serial: int) -> None:
        self.samples += 1
        retrace = retrace_at(self.sample_time(k), self.adapter.refresh_hz)
        text_on, cursor_on = phase(self.adapter, retrace)
        blink, cursor = self._moving(state, serial)
        # The same state in a phase that shows nothing different is the same picture: no render.
        key = (serial, text_on if blink else None, cursor_on if cursor else None)
        if key == self._key:
            return
        self._key = key
        picture = render_frame(state, self.adapter, self.monitor, retrace)
        self.renders += 1
        if self._picture is not None and np.array_equal(picture, self._picture):
            return
        self._close_run(k)
        self._picture = picture
        self._picture_from = k

    def _close_run(self, k: int) -> None:
        """The picture in progress lasted until sample k: it becomes a frame."""
        if self._picture is None:
            return
        duration = self._ms(k) - self._ms(self._picture_from)
        if duration > 0:
            self._writer.add(self.palette.indices(self._picture), duration)
        self._picture = None

    @property
    def frames(self) -> int:
        return self._writer.frames


# -- writing ------------------------------------------------------------------------------------------------

class _AnimationWriter:
    """Frames (palette indices, native size) and durations in; one GIF or APNG file out."""

    def __init__(self, path: Path, fmt: str, palette: Palette, adapter: Adapter, scale: int | None) -> None:
        self.path, self.fmt, self.palette, self.adapter, self.scale = path, fmt, palette, adapter, scale
        self.pending: list[tuple[np.ndarray, int]] = []
        self.frames = 0
        self.chunk: int | None = None
        self._previous: np.ndarray | None = None  # the last picture encoded
        self._body = tempfile.TemporaryFile()
        self._head: bytes | None = None  # GIF: header, colour table, loop; PNG: IHDR, PLTE
        self._single: bytes | None = None
        self._seq = 0  # APNG sequence numbers

    def add(self, indices: np.ndarray, duration_ms: int) -> None:
        if self.chunk is None:
            h, w = self._picture(indices).shape
            self.chunk = max(8, FRAME_BYTES // (h * w))
        self.pending.append((indices, int(duration_ms)))
        if len(self.pending) >= 2 * self.chunk:  # a chunk is never a single frame (Pillow would not animate it)
            self._encode(self.pending[:self.chunk])
            del self.pending[:self.chunk]

    def _picture(self, indices: np.ndarray) -> np.ndarray:
        if not self.scale:
            return indices
        wide = np.repeat(indices[..., None], 3, axis=2)
        return np.ascontiguousarray(to_display(wide, self.adapter, self.scale)[..., 0])

    def _encode(self, frames: list[tuple[np.ndarray, int]]) -> None:
        images = []
        colours = self.palette.bytes()
        clear = len(self.palette.rgb)  # one more index: "as the frame before" (GIF transparency)
        previous = self._previous  # the last picture of the chunk before: a chunk goes on from it
        for indices, _ in frames:
            picture = self._picture(indices)
            shown = picture
            if previous is not None:
                # Pixels that did not change are left transparent over the frame before: long runs
                # of one index, which LZW and deflate pack into almost nothing.
                shown = np.where(picture == previous, np.uint8(clear), picture)
            previous = picture
            im = Image.fromarray(shown, mode="P")
            im.putpalette(colours + CLEAR_RGB)
            images.append(im)
        self._previous = previous
        durations = [d for _, d in frames]
        buf = io.BytesIO()
        if self.fmt == "gif":
            images[0].save(buf, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                           loop=0, optimize=False, transparency=clear, disposal=1)
        else:
            images[0].save(buf, format="PNG", save_all=True, append_images=images[1:], duration=durations,
                           loop=0, transparency=clear, disposal=PngImagePlugin.Disposal.OP_NONE,
                           blend=PngImagePlugin.Blend.OP_OVER)
        data = buf.getvalue()
        if self.frames == 0 and len(frames) == 1:
            self._single = data  # the whole capture is one picture: a plain image
        elif self.fmt == "gif":
            self._join_gif(data)
        else:
            self._join_png(data)
        self.frames += len(frames)

    def close(self) -> None:
        if self.pending:
            self._encode(self.pending)
            self.pending = []
        try:
            if self._single is not None:
                data = self._single
            elif self._head is None:  # no frame was ever encoded: finish() always adds one
                raise VideoError("nothing was captured")
            else:
                self._body.seek(0)
                body = self._body.read()
                if self.fmt == "gif":
                    data = self._head + body + b"\x3b"
                else:
                    actl = struct.pack(">II", self.frames, 0)
                    data = (PNG_SIGNATURE + self._head + _png_chunk(b"acTL", actl) + body
                            + _png_chunk(b"IEND", b""))
            atomic_write(self.path, data)
        finally:
            self._body.close()

    # GIF: header + global colour table + extensions, then per frame (control extension,
    # image descriptor, data), then the trailer 3Bh.
    def _join_gif(self, data: bytes) -> None:
        start = _gif_frames_start(data)
        if data[-1:] != b"\x3b":
            raise VideoError("Pillow wrote a GIF without its trailer")
        table = data[6:13 + _gif_table_size(data)]
        if self._head is None:
            self._head = data[:start]
            self._table = table
        elif table != self._table:
            raise VideoError("the GIF chunks' colour tables differ")
        self._body.write(data[start:-1])

    # APNG: the first frame is the default image (IDAT); the others are fdAT, and every fcTL
    # and fdAT carries one running sequence number.
    def _join_png(self, data: bytes) -> None:
        chunks = list(_png_chunks(data))
        head = b"".join(_png_chunk(t, d) for t, d in chunks if t in (b"IHDR", b"PLTE", b"tRNS"))
        if self._head is None:
            self._head = head
        elif head != self._head:
            raise VideoError("the APNG chunks' headers differ")
        for kind, body in chunks:
            if kind == b"fcTL":
                self._body.write(_png_chunk(b"fcTL", struct.pack(">I", self._seq) + body[4:]))
                self._seq += 1
            elif kind == b"IDAT":
                if self.frames == 0:
                    self._body.write(_png_chunk(b"IDAT", body))
                else:
                    self._body.write(_png_chunk(b"fdAT", struct.pack(">I", self._seq) + body))
                    self._seq += 1
            elif kind == b"fdAT":
                self._body.write(_png_chunk(b"fdAT", struct.pack(">I", self._seq) + body[4:]))
                self._seq += 1


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    if not data.startswith(PNG_SIGNATURE):
        raise VideoError("Pillow wrote something that is not a PNG")
    pos = len(PNG_SIGNATURE)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _gif_table_size(data: bytes) -> int:
    packed = data[10]
    return 3 * (2 << (packed & 7)) if packed & 0x80 else 0


def _gif_frames_start(data: bytes) -> int:
    """Where the first frame's blocks begin (after the header, the colour table and the extensions
    that are not a frame's graphic control)."""
    pos = 13 + _gif_table_size(data)
    while pos < len(data):
        if data[pos] == 0x2C:
            return pos
        if data[pos] == 0x21:
            if data[pos + 1] == 0xF9:
                return pos
            pos += 2
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
            continue
        raise VideoError(f"unexpected GIF block {data[pos]:02X}h")
    raise VideoError("a GIF with no frame")
