"""Screenshots and picture sizes: PNG files, whole-number scaling and the 4:3 shape.

A 1980s monitor stretched every mode over the same 4:3 tube, so the pixels
of 640x200 CGA text are tall (5:12) and those of 720x400 VGA text nearly
square.  A window shows this by repeating pixels a whole number of times
(sharp, no blending) as close to the true shape as fits, and leaves the rest
to the border colour; `display_size` says how big the true 4:3 picture is and
`scale_steps` which whole repeats fit inside it.
"""
from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

from .adapters import Adapter, get_adapter

__all__ = ["save_png", "load_png", "scale_frame", "display_size", "scale_steps"]


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


def display_size(adapter: Adapter | str, scale: int = 1, border: bool = True) -> tuple[int, int]:
    """(width, height) of the picture on a 4:3 tube whose active area is width*scale pixels wide.

    The active area is exactly 4:3; the overscan band (if any) is stretched by
    the same horizontal and vertical factors as the active pixels around it.
    """
    a = get_adapter(adapter)
    active_w = a.width * scale
    active_h = round(active_w * 3 / 4)
    bx, by = a.border_px if (border and a.has_border) else (0, 0)
    band_y = round(by * active_h / a.height)
    return active_w + 2 * bx * scale, active_h + 2 * band_y


def scale_steps(adapter: Adapter | str, scale: int = 1) -> tuple[int, int]:
    """Whole-number pixel repeats (sx, sy) nearest the 4:3 shape that still fit display_size.

    sx is the requested scale; sy is the largest whole repeat of the native
    lines that fits the 4:3 height (CGA at scale 1: 640x400 inside 640x480).
    """
    a = get_adapter(adapter)
    if scale < 1 or int(scale) != scale:
        raise ValueError(f"scale must be a whole number >= 1, got {scale}")
    active_h = round(a.width * scale * 3 / 4)
    return int(scale), max(1, math.floor(active_h / a.height))


def save_png(frame: np.ndarray, path: str | os.PathLike, scale: int | tuple[int, int] = 1) -> Path:
    """Write an (H, W, 3) uint8 frame as a PNG, atomically.

    The picture goes to a temporary file in the same directory, is flushed to
    disk, then renamed over `path`, so a crash never leaves half a PNG where a
    good one was.  `scale` is a whole number or (sx, sy) of pixel repeats.
    """
    frame = np.asarray(frame)
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"expected an (H, W, 3) uint8 frame, got {frame.shape} {frame.dtype}")
    sx, sy = (scale, scale) if isinstance(scale, int) else scale
    picture = Image.fromarray(scale_frame(frame, sx, sy), mode="RGB")
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            picture.save(fh, format="PNG")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


def load_png(path: str | os.PathLike) -> np.ndarray:
    """A PNG (any mode, e.g. DOSBox's palette PNGs) as an (H, W, 3) uint8 RGB array."""
    with Image.open(path) as im:
        return np.array(im.convert("RGB"), dtype=np.uint8)
