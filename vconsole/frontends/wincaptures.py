"""What the window writes to files: screenshots, WAV recordings of the speaker, animated captures.

Ctrl+F5 saves a screenshot, Ctrl+F6 starts and stops a WAV recording, Ctrl+F7 an
animated capture (GIF, or APNG with the CRT look), all into the captures folder;
--record-audio, --record-video and --record-html start one with the window.  Kept
apart from the event loop because none of it is about events: it is file naming,
the recorders' lifetimes, and the one-line notices when a file cannot be written
(those files are added to ``lost_output``, so the run's exit status says so).
"""
from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..adapters import border_rgb
from ..capture import save_png, sharp_display, to_display

if TYPE_CHECKING:
    from ..animation import VideoRecorder
    from ..synth import WavRecorder
    from ..video import TextScreen
    from .window import WindowFrontEnd


class ScreenRecording(Protocol):
    """An animated capture or a web page being made (vconsole.animation, vconsole.crtanimation, tools.htmlexport)."""

    path: Path

    def advance(self, screen: TextScreen, old: float, new: float) -> None: ...

    def finish(self, end: float, screen: TextScreen | None = None) -> Path: ...


def default_captures_dir() -> Path:
    """Screenshots and recordings go beside the default DOS drive: <user data>/vconsole/captures."""
    from . import default_drive

    return Path(default_drive()).parent / "captures"


def _path(name: str | os.PathLike[str] | None) -> Path | None:
    return None if name is None else Path(name)


class Captures:
    """The screenshots, recordings and captures of one window."""

    def __init__(self, front: WindowFrontEnd, folder: str | os.PathLike[str] | None,
                 record_audio: str | os.PathLike[str] | None, record_video: str | os.PathLike[str] | None,
                 video_rate: float | None) -> None:
        self.front = front
        self.folder = _path(folder)  # None: default_captures_dir()
        self.record_audio = _path(record_audio)  # --record-audio: quiet about it, the user named the file
        self.record_video = _path(record_video)
        self.video_rate = video_rate
        self.recorder: WavRecorder | None = None
        self.recording_path: Path | None = None
        self.video: ScreenRecording | None = None  # while an animated capture runs
        self._video_t = 0.0
        self.lost_output: list[str] = []  # recordings and captures that could not be written

    @property
    def marks(self) -> str:
        """What the title says is running."""
        return (" [recording]" if self.recorder is not None else "") + (" [capturing]" if self.video else "")

    @property
    def busy(self) -> bool:
        """True while a recording or capture needs the window to keep looking."""
        return self.video is not None or self.recorder is not None

    def start(self) -> None:
        """The recordings asked for on the command line, from the start."""
        if self.record_audio is not None:
            self.start_recording(self.record_audio)
        if self.record_video is not None:
            self.start_video(self.record_video)

    def stop(self) -> None:
        """Every recording still running is written (the window is closing)."""
        if self.recorder is not None:
            self.stop_recording()
        if self.video is not None:
            self.stop_video()

    def toggle_recording(self) -> None:
        if self.recorder is None:
            self.start_recording(self.capture_path("wav"))
        else:
            self.stop_recording()

    def toggle_video(self) -> None:
        if self.video is None:
            self.start_video(self.capture_path("png" if self.front.crt else "gif"))  # the CRT look: APNG
        else:
            self.stop_video()

    def advance(self, screen: TextScreen, machine_now: float) -> None:
        """The animated capture takes the screen up to now (from the window's regular look)."""
        if self.video is None:
            return
        try:
            self.video.advance(screen, self._video_t, machine_now)
        except (OSError, ValueError) as e:  # a full disk while a chunk is put away
            print(f"vconsole: the animated capture stopped ({e})", file=sys.stderr)
            self.video = None
        self._video_t = max(self._video_t, machine_now)

    def capture_path(self, ext: str) -> Path:
        """A new file in the captures folder, named after the program and the moment."""
        folder = self.folder or default_captures_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        name = (self.front.machine.program_name or "vconsole").lower()
        path = folder / f"{name}-{stamp}.{ext}"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{name}-{stamp}-{n}.{ext}"
        return path

    def screenshot(self, path: Path | None = None) -> Path:
        """The picture as the window shows it now (4:3 at its size, border band included) as a PNG."""
        front = self.front
        path = path or self.capture_path("png")
        machine, adapter = front.machine, front.adapter
        state = machine.screen.snapshot()
        frame = front.renderer.frame(state, int(machine.clock.now() * adapter.refresh_hz))
        front.forget_drawn()  # the renderer's buffer moved on: upload again at the next look
        p = front.placement
        if front.crt:
            picture = front.extras.crt_frame(frame, (p.width, p.height))
        elif p.sharp:
            f = p.fit
            picture = np.empty((f.height, f.width, 3), np.uint8)
            picture[:] = border_rgb(adapter, state.border, front.config.monitor)
            picture[f.band_y:f.band_y + f.active_h, f.band_x:f.band_x + f.active_w] = \
                sharp_display(frame, adapter, f)
        else:
            picture = to_display(frame, adapter, p.scale)
        save_png(picture, path)
        print(f"vconsole: screenshot saved to {path}", file=sys.stderr)
        return path

    def start_recording(self, path: Path) -> None:
        from ..synth import WavRecorder, level

        config = self.front.config
        self.recorder = WavRecorder(self.front.machine.speaker, path, model=config.speaker_model,
                                    volume=level(config.volume))
        self.recording_path = path
        self.recorder.start()
        if path != self.record_audio:
            print(f"vconsole: recording the speaker to {path} (Ctrl+F6 stops)", file=sys.stderr)

    def stop_recording(self) -> None:
        recorder, self.recorder = self.recorder, None
        if recorder is None:
            return
        try:
            recorder.stop()
        except OSError as e:  # one line, and the run's exit status says a recording was lost
            print(f"vconsole: cannot write {self.recording_path}: {e.strerror or e}", file=sys.stderr)
            self.lost_output.append(str(self.recording_path))
            return
        if self.recording_path != self.record_audio:
            print(f"vconsole: recording saved to {self.recording_path}", file=sys.stderr)

    def start_video(self, path: Path) -> None:
        """An animated capture of the picture from now on, at the adapter's retraces (vconsole.animation)."""
        front = self.front
        config = front.config
        now = front.machine.clock.now()
        if path.suffix.lower() == ".html":  # --record-html: the run as a web page (tools.htmlexport)
            from ..tools.htmlexport import HtmlRecorder

            self.video = HtmlRecorder(path, front.adapter, config.monitor, title=front.base_title,
                                      speaker_model=config.speaker_model, speaker=front.machine.speaker)
        else:
            recorder: type[VideoRecorder]
            if front.crt:
                from ..crtanimation import CrtVideoRecorder as recorder
            else:
                from ..animation import VideoRecorder as recorder
            self.video = recorder(path, front.adapter, config.monitor, scale=None, rate=self.video_rate, start=now)
        self._video_t = now
        if path != self.record_video:
            print(f"vconsole: capturing the screen to {path} (Ctrl+F7 stops)", file=sys.stderr)

    def stop_video(self) -> None:
        video, self.video = self.video, None
        if video is None:
            return
        try:
            video.finish(self.front.machine.clock.now(), self.front.machine.screen)
        except (OSError, ValueError) as e:
            print(f"vconsole: the animated capture {video.path} could not be written"
                  f" ({getattr(e, 'strerror', None) or e})", file=sys.stderr)
            self.lost_output.append(str(video.path))
            return
        what = "web page" if video.path.suffix.lower() == ".html" else "animated capture"
        print(f"vconsole: {what} saved to {video.path}", file=sys.stderr)
