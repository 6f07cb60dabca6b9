"""Animated captures with the CRT look (--crt with --record-video, or Ctrl+F7 in a --crt window).

The same sampling as animation.VideoRecorder (every retrace or the chosen
rate, a frame only where the picture changed), but each sample is the CRT
picture of vconsole.crt at the 4:3 display size of the scale (2 when none is
given), and the phosphor's afterglow keeps changing the picture after the
screen stopped.  The look has far more colours than a palette holds, so these
captures are APNG only (true colour); a GIF is refused in one line.
"""
from __future__ import annotations

import io
import os

import numpy as np
from PIL import Image, PngImagePlugin

from .adapters import Adapter
from .animation import FRAME_BYTES, VideoError, VideoRecorder, _AnimationWriter, retrace_at
from .capture import display_size
from .crt import CrtPicture
from .render import phase, render_frame
from .video import ScreenState

CRT_SCALE = 2  # the look needs display pixels: scanlines and mask are finer than a native pixel


class CrtVideoRecorder(VideoRecorder):
    """A VideoRecorder whose frames are the CRT look, written as a true-colour APNG."""

    def __init__(self, path: str | os.PathLike[str], adapter: Adapter | str, monitor: str = "color",
                 scale: int | None = None, rate: float | None = None, start: float = 0.0) -> None:
        super().__init__(path, adapter, monitor, scale=None, rate=rate, start=start)
        if self.fmt != "png":
            self._writer._body.close()
            raise VideoError(f"{self.path}: a capture with the CRT look is an APNG (.png); a GIF holds only"
                             f" 256 colours")
        self._writer._body.close()
        self._writer = _RgbWriter(self.path, self.fmt, self.palette, self.adapter, None)
        self.look = CrtPicture(self.adapter, monitor, display_size(self.adapter, scale or CRT_SCALE))

    def _sample(self, k: int, state: ScreenState, serial: int) -> None:
        self.samples += 1
        retrace = retrace_at(self.sample_time(k), self.adapter.refresh_hz)
        text_on, cursor_on = phase(self.adapter, retrace)
        blink, cursor = self._moving(state, serial)
        key = (serial, text_on if blink else None, cursor_on if cursor else None)
        if key == self._key and not self.look.fading:
            return
        self._key = key
        picture = self.look.render(render_frame(state, self.adapter, self.monitor, retrace), self.sample_time(k))
        self.renders += 1
        if self._picture is not None and np.array_equal(picture, self._picture):
            return
        self._close_run(k)
        self._picture = picture.copy()
        self._picture_from = k

    def _close_run(self, k: int) -> None:
        if self._picture is None:
            return
        duration = self._ms(k) - self._ms(self._picture_from)
        if duration > 0:
            self._writer.add(self._picture, duration)
        self._picture = None


class _RgbWriter(_AnimationWriter):
    """_AnimationWriter for (H, W, 3) RGB frames at their size: true-colour APNG chunks, joined as before."""

    def add(self, picture: np.ndarray, duration_ms: int) -> None:
        if self.chunk is None:
            h, w = picture.shape[:2]
            self.chunk = max(8, FRAME_BYTES // (h * w * 3))
        self.pending.append((picture, int(duration_ms)))
        if len(self.pending) >= 2 * self.chunk:
            self._encode(self.pending[:self.chunk])
            del self.pending[:self.chunk]

    def _encode(self, frames: list[tuple[np.ndarray, int]]) -> None:
        images = [Image.fromarray(p, mode="RGB") for p, _ in frames]
        buf = io.BytesIO()
        images[0].save(buf, format="PNG", save_all=True, append_images=images[1:],
                       duration=[d for _, d in frames], loop=0, disposal=PngImagePlugin.Disposal.OP_NONE,
                       blend=PngImagePlugin.Blend.OP_SOURCE)
        data = buf.getvalue()
        if self.frames == 0 and len(frames) == 1:
            self._single = data
        else:
            self._join_png(data)
        self.frames += len(frames)
