"""Screenshots and the displayed picture: PNG files and the 4:3 shape of the monitor.

A 1980s monitor swept every mode over the same 4:3 tube, so the 640x200
pixels of CGA text are tall (5:12) and the 720x400 pixels of VGA text a
little taller than wide.  The adapter only produces lines; the tube's height
control spread them over the glass.  `to_display` does the same with
nearest-neighbour sampling: each pixel is repeated a whole number of times
across (the chosen scale), and the lines are spread evenly over the 4:3
height, every native line repeated floor or ceil of the stretch times.  The
border band (overscan) is stretched by the same factors as the active area.

Without a scale a screenshot keeps native pixels: exactly what the card
generated, line for line.

A window or screen that no whole scale fills gets the largest 4:3 picture
that fits (`fit`), drawn "sharp bilinear" as emulator front ends do: every
native pixel keeps a flat colour and only the one display pixel where two
native pixels meet is a blend of them (`sharp_display` is the reference the
window's shader is tested against).  Never blurry, never distorted.
"""
from __future__ import annotations

import functools
import io
import os
import struct
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import overload

import numpy as np
from PIL import Image

from .adapters import Adapter, get_adapter
from .disk import atomic_write

__all__ = ["save_png", "save_png_bands", "load_png", "scale_frame", "DisplayGeometry", "geometry",
           "display_size", "display_rows", "rows_showing", "to_display", "display_bands", "Fit", "fit",
           "whole_fit", "sharp_display", "sharp_coords"]


@overload
def spread(y: int, native: int, shown: int) -> int: ...
@overload
def spread(y: np.ndarray, native: int, shown: int) -> np.ndarray: ...
def spread(y: int | np.ndarray, native: int, shown: int) -> int | np.ndarray:
    """Native line shown on display row y when `native` lines are spread over `shown` rows.

    Row y samples the native picture at its centre, (y + 0.5) * native / shown,
    in integers so it is exact; y may be an int or a numpy array.  Rows above
    or below the range give lines outside 0..native-1 (the pointer clamps them).
    """
    return ((2 * y + 1) * native) // (2 * shown)


@dataclass(frozen=True)
class DisplayGeometry:
    """How one adapter's frame lies on the 4:3 display at one whole horizontal scale.

    Native sizes are the renderer's pixels; `shown_*` the display's pixels.
    """

    scale: int
    frame_w: int  # native frame, border band included when there is one
    frame_h: int
    band_x: int  # native border pixels left (and right) of the active area
    band_y: int  # native border lines above (and below) it
    active_w: int
    active_h: int
    shown_band_y: int  # display rows of border above (and below) the active area
    shown_active_h: int  # display rows of the active area: exactly 3/4 of its width

    @property
    def shown_band_x(self) -> int:
        return self.band_x * self.scale

    @property
    def shown_active_w(self) -> int:
        return self.active_w * self.scale

    @property
    def shown_w(self) -> int:
        return self.frame_w * self.scale

    @property
    def shown_h(self) -> int:
        return self.shown_active_h + 2 * self.shown_band_y

    @property
    def shown_size(self) -> tuple[int, int]:
        return self.shown_w, self.shown_h

    def active_pixel(self, dx: int, dy: int) -> tuple[int, int]:
        """Display pixel (dx, dy) from the top-left -> native pixel of the active area it shows.

        Outside the active area the result lies outside 0..active_w-1 /
        0..active_h-1; it is the same line choice `display_rows` makes.
        """
        return dx // self.scale - self.band_x, spread(dy - self.shown_band_y, self.active_h, self.shown_active_h)


@functools.cache
def geometry(adapter: Adapter | str, scale: int = 1, border: bool = True) -> DisplayGeometry:
    """The 4:3 display of `adapter` whose active area is `scale` times its native width.

    For a card set up for more rows or columns than its screen (Adapter.text_mode)
    the 4:3 shape belongs to 80 columns by the card's scan lines, and the
    picture is as many of those screens as it spans.
    """
    if scale < 1 or int(scale) != scale:
        raise ValueError(f"scale must be a whole number >= 1, got {scale}")
    a = get_adapter(adapter)
    scale = int(scale)
    bx, by = a.band(border)
    # The tube spreads the card's scan (80 columns by all its lines) over 4:3; a picture
    # with more rows or columns (Adapter.text_mode) keeps that shape per line and dot.
    scan_w, scan_h = a.scan_size
    shown_active_h = round(Fraction(a.height * scan_w * scale * 3, 4 * scan_h))
    return DisplayGeometry(scale=scale, frame_w=a.width + 2 * bx, frame_h=a.height + 2 * by, band_x=bx,
                           band_y=by, active_w=a.width, active_h=a.height,
                           shown_band_y=round(by * shown_active_h / a.height), shown_active_h=shown_active_h)


def display_size(adapter: Adapter | str, scale: int = 1, border: bool = True) -> tuple[int, int]:
    """(width, height) of the displayed picture: the active area exactly 4:3, the band around it."""
    return geometry(adapter, scale, border).shown_size


@functools.lru_cache(maxsize=64)
def display_rows(adapter: Adapter | str, scale: int = 1, border: bool = True) -> np.ndarray:
    """For every display row from the top, the native frame line it shows (read-only int array).

    The active area and each border band are spread separately, so the
    active area starts and ends on exact display rows and stays 4:3.
    """
    g = geometry(adapter, scale, border)
    band = np.arange(g.shown_band_y)
    active = np.arange(g.shown_active_h)
    rows = np.concatenate([spread(band, g.band_y, g.shown_band_y),
                           g.band_y + spread(active, g.active_h, g.shown_active_h),
                           g.band_y + g.active_h + spread(band, g.band_y, g.shown_band_y)]).astype(np.intp)
    rows.flags.writeable = False
    return rows


def to_display(frame: np.ndarray, adapter: Adapter | str, scale: int = 1, border: bool = True,
               rows: tuple[int, int] | None = None) -> np.ndarray:
    """The frame as the 4:3 monitor shows it, `scale` display pixels per native pixel across.

    `border` says whether the frame carries the border band (render_frame's
    default).  Pixels are repeated, never blended, so the result is exactly
    predictable: across by whole repeats, down by the row map of display_rows.
    `rows` = (start, stop) gives only those display rows (a window refreshing
    the part of the picture that changed).
    """
    g = geometry(adapter, scale, border)
    frame = np.asarray(frame)
    if frame.shape != (g.frame_h, g.frame_w, 3) or frame.dtype != np.uint8:
        raise ValueError(f"expected a ({g.frame_h}, {g.frame_w}, 3) uint8 frame of {get_adapter(adapter).name}"
                         f"{' with' if border else ' without'} border, got {frame.shape} {frame.dtype}")
    lines = display_rows(adapter, scale, border)
    if rows is not None:
        lines = lines[rows[0]:rows[1]]
    first = int(lines[0]) if len(lines) else 0
    last = int(lines[-1]) + 1 if len(lines) else 0
    part = frame[first:last]
    wide = np.repeat(part, g.scale, axis=1) if g.scale != 1 else part
    # one gather of whole rows: every display row is a copy of one (widened) native line
    shown: np.ndarray = wide.reshape(last - first, -1)[lines - first].reshape(len(lines), g.shown_w, 3)
    return shown


@dataclass(frozen=True)
class Fit:
    """Display sizes of a picture at any size: the active area exactly 4:3, the band in proportion.

    `active_w` is a multiple of 4, so `active_h` is exactly 3/4 of it; the band
    is the native band stretched by the active area's factors, rounded.
    """

    active_w: int
    active_h: int
    band_x: int  # display pixels of border left (and right) of the active area
    band_y: int  # display rows of border above (and below) it

    @property
    def width(self) -> int:
        return self.active_w + 2 * self.band_x

    @property
    def height(self) -> int:
        return self.active_h + 2 * self.band_y

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height


def _fit_of(a: Adapter, m: int, border: bool) -> Fit:
    bx, by = a.band(border)
    aw, ah = 4 * m, 3 * m
    return Fit(aw, ah, round(bx * aw / a.width), round(by * ah / a.height))


def fit(avail_w: int, avail_h: int, adapter: Adapter | str, border: bool = True) -> Fit:
    """The largest picture (band included) whose active area is exactly 4:3 and that fits the area.

    It fills the height of a wide area, or the width of a narrow one, up to
    the 3 pixels the exact 4:3 shape may cost.  An area too small for
    anything gets the smallest picture (4x3).
    """
    a = get_adapter(adapter)
    bx, by = a.band(border)
    m = int(min(avail_w * a.width / (4 * (a.width + 2 * bx)), avail_h * a.height / (3 * (a.height + 2 * by)))) + 1
    while m > 1:
        f = _fit_of(a, m, border)
        if f.width <= avail_w and f.height <= avail_h:
            return f
        m -= 1
    return _fit_of(a, 1, border)


def whole_fit(adapter: Adapter | str, scale: int, border: bool = True) -> Fit:
    """The sizes of the whole-scale display (`geometry`) as a Fit."""
    g = geometry(adapter, scale, border)
    return Fit(g.shown_active_w, g.shown_active_h, g.shown_band_x, g.shown_band_y)


def sharp_coords(shown: int, native: int, band: int = 0) -> np.ndarray:
    """For each display pixel along one axis, the texel position a sharp bilinear filter samples.

    Texel units (texel i spans i..i+1, its centre i + 0.5), `band` native
    pixels before the active area.  Inside a native pixel the sample is its
    centre (its colour exactly); over the last display pixel's width before
    the next native pixel it slides to the next centre, so that one pixel is
    the only blend.  The window's fragment shader does the same arithmetic.
    """
    scale = max(shown / native, 1.0)  # smaller than native: plain bilinear
    texel = band + (np.arange(shown) + 0.5) * native / shown
    base = np.floor(texel)
    d = texel - base - 0.5
    reach = 0.5 - 0.5 / scale
    return base + (d - np.clip(d, -reach, reach)) * scale + 0.5


def _linear(frame: np.ndarray, coords: np.ndarray, axis: int) -> np.ndarray:
    """Linear interpolation of `frame` along `axis` at texel positions, edges clamped (GL's rule)."""
    t = coords - 0.5
    i0 = np.floor(t).astype(np.intp)
    w = (t - i0).astype(np.float32)
    n = frame.shape[axis]
    a = np.take(frame, np.clip(i0, 0, n - 1), axis=axis).astype(np.float32)
    b = np.take(frame, np.clip(i0 + 1, 0, n - 1), axis=axis).astype(np.float32)
    shape = [1] * frame.ndim
    shape[axis] = -1
    w = w.reshape(shape)
    return a + (b - a) * w


def sharp_display(frame: np.ndarray, adapter: Adapter | str, f: Fit, border: bool = True) -> np.ndarray:
    """The active area of `frame` as the window's sharp bilinear draws it at the sizes of `f`.

    Returns (f.active_h, f.active_w, 3) uint8 (the band around it is the
    border colour, drawn by the window as a plain fill).  Samples next to
    the edge of the active area read the band, as the window's texture does.
    """
    a = get_adapter(adapter)
    bx, by = a.band(border)
    frame = np.asarray(frame)
    xs = sharp_coords(f.active_w, a.width, bx)
    ys = sharp_coords(f.active_h, a.height, by)
    out = _linear(_linear(frame, ys, 0), xs, 1)
    return np.clip(np.floor(out + 0.5), 0, 255).astype(np.uint8)


def display_bands(bands: Iterable[np.ndarray], adapter: Adapter | str, scale: int = 1,
                  border: bool = True) -> Iterator[np.ndarray]:
    """to_display for a frame given as horizontal strips (render.frame_bands), strip by strip.

    Stacked, the results are exactly to_display of the stacked strips: each
    display row copies the native line display_rows names, wherever it lies.
    """
    g = geometry(adapter, scale, border)
    lines = display_rows(adapter, scale, border)
    start = shown = 0
    for band in bands:
        stop = start + len(band)
        upto = int(np.searchsorted(lines, stop, "left"))
        wide = np.repeat(band, g.scale, axis=1) if g.scale != 1 else band
        yield wide[lines[shown:upto] - start]
        start, shown = stop, upto


def rows_showing(first_line: int, last_line: int, adapter: Adapter | str, scale: int = 1,
                 border: bool = True) -> tuple[int, int]:
    """(start, stop) of the display rows that show native frame lines first_line..last_line."""
    lines = display_rows(adapter, scale, border)
    return int(np.searchsorted(lines, first_line, "left")), int(np.searchsorted(lines, last_line, "right"))


def scale_frame(frame: np.ndarray, sx: int, sy: int) -> np.ndarray:
    """Repeat every pixel sx times across and sy times down (nearest neighbour, exact)."""
    if sx < 1 or sy < 1 or int(sx) != sx or int(sy) != sy:
        raise ValueError(f"scale steps must be whole numbers >= 1, got {sx}x{sy}")
    out = frame
    if sy != 1:
        out = np.repeat(out, int(sy), axis=0)
    if sx != 1:
        out = np.repeat(out, int(sx), axis=1)
    return np.ascontiguousarray(out)


def save_png(frame: np.ndarray, path: str | os.PathLike[str], scale: int | tuple[int, int] = 1) -> Path:
    """Write an (H, W, 3) uint8 frame as a PNG, atomically.

    The file goes through disk.atomic_write, so a crash never leaves half a
    PNG where a good one was.  `scale` is a whole number or (sx, sy) of pixel
    repeats.
    """
    frame = np.asarray(frame)
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"expected an (H, W, 3) uint8 frame, got {frame.shape} {frame.dtype}")
    sx, sy = (scale, scale) if isinstance(scale, int) else scale
    buf = io.BytesIO()
    Image.fromarray(scale_frame(frame, sx, sy), mode="RGB").save(buf, format="PNG")
    target = Path(path)
    atomic_write(target, buf.getvalue())
    return target


def save_png_bands(bands: Iterable[np.ndarray], path: str | os.PathLike[str]) -> Path:
    """Write an RGB PNG from horizontal strips of (h, W, 3) uint8, atomically.

    Only the compressed picture is kept in memory, so a picture too tall to
    hold whole as pixels (a long piece of art) can still be written.
    """
    packer = zlib.compressobj(6)
    parts: list[bytes] = []
    width = height = None
    for band in bands:
        band = np.ascontiguousarray(band, dtype=np.uint8)
        if band.ndim != 3 or band.shape[2] != 3 or (width is not None and band.shape[1] != width):
            raise ValueError(f"expected (h, {width or 'W'}, 3) strips, got {band.shape}")
        width = band.shape[1]
        height = (height or 0) + band.shape[0]
        raw = np.zeros((band.shape[0], 1 + 3 * width), dtype=np.uint8)  # filter byte 0: none
        raw[:, 1:] = band.reshape(band.shape[0], -1)
        parts.append(packer.compress(raw.tobytes()))
    if not width or not height:
        raise ValueError("a PNG needs at least one row and one column")
    parts.append(packer.flush())

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))
    target = Path(path)
    atomic_write(target, png)
    return target


def load_png(path: str | os.PathLike[str]) -> np.ndarray:
    """A PNG (any mode, e.g. DOSBox's palette PNGs) as an (H, W, 3) uint8 RGB array."""
    with Image.open(path) as im:
        return np.array(im.convert("RGB"), dtype=np.uint8)
