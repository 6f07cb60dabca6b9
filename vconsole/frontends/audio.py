"""The speaker, heard live: the speaker's timeline streamed through pyglet.media.

A program's Sound call must be heard within a frame or two, but pyglet keeps
about a second of audio queued for music playback.  So the buffer is cut to
a tenth of a second and the stream is 16-bit stereo at 48 kHz, where
pyglet's 32 KiB minimum is 0.17 s (PulseAudio then splits it between its own
buffer and pyglet's).

The stream renders the speaker's timeline (vconsole.synth) a little behind
the machine clock, so every event is known before its samples are made and
no note loses its start; if the audio device's clock drifts from the
machine's by more than a tenth of a second, the stream jumps back into step.
With no audio device one notice is printed and the machine runs on silently,
its timing unchanged (timing never depends on the output).
"""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..synth import StreamRenderer, level

if TYPE_CHECKING:
    from pyglet.media import Player
    from pyglet.media.codecs.base import AudioFormat
    from pyglet.media.drivers.base import AbstractAudioPlayer

    from ..speaker import Speaker

RATE = 48000
BUFFER_S = 0.04  # total queue in pyglet and the audio server
LAG_S = 0.03  # render this far behind the clock: longer than pyglet's refill period
RESYNC_S = 0.1  # jump back into step when the stream is off by more than this


class _Formatted(Protocol):
    """What the queue sizing reads from a source (pyglet declares its ``audio_format`` as None only)."""

    audio_format: AudioFormat


_PlayerInit = Callable[["AbstractAudioPlayer", _Formatted, "Player"], None]


@contextlib.contextmanager
def _small_buffers(player_class: type[AbstractAudioPlayer]) -> Iterator[None]:
    """Make audio players created meanwhile queue BUFFER_S, below pyglet's 32 KiB floor.

    pyglet sizes its queue in AbstractAudioPlayer.__init__ with a floor of
    32768 bytes; the PulseAudio player then splits that between the server's
    buffer and its own.  Overriding the two sizes right after the base class
    set them (and before the driver's subclass uses them) is the only hook.
    """
    original: _PlayerInit = player_class.__init__

    def init(self: AbstractAudioPlayer, source: _Formatted, player: Player) -> None:
        original(self, source, player)
        size = source.audio_format.timestamp_to_bytes_aligned(BUFFER_S)
        self._buffered_data_ideal_size = size
        self._buffered_data_comfortable_limit = int(size * 2 / 3)

    setattr(player_class, "__init__", init)  # noqa: B010 - mypy forbids assigning a method; this is the hook
    try:
        yield
    finally:
        setattr(player_class, "__init__", original)  # noqa: B010


class SpeakerStream:
    """A pyglet Source (made in ``open``) rendering a Speaker's output, clock-aligned."""

    def __init__(self, speaker: Speaker, model: str = "ideal", rate: int = RATE) -> None:
        self.speaker = speaker
        self.clock = speaker.clock
        self.rate = rate
        start = self.clock.now() - LAG_S
        self.renderer = StreamRenderer(rate, model, start_time=start)
        for event in list(speaker.timeline):
            self.renderer.add(event)
        speaker.add_sink(self.renderer)
        self.resyncs = 0
        self.pulls = 0  # blocks the device asked for
        self.render_log: list[tuple[float, int, int]] | None = None  # (clock, first sample, n) for the benchmark

    def pcm(self, frames: int) -> np.ndarray:
        """The next `frames` samples as int16 stereo, kept within RESYNC_S of clock - LAG_S."""
        self.pulls += 1
        now = self.clock.now()
        target = round((now - LAG_S) * self.rate)
        if abs(self.renderer.position - target) > RESYNC_S * self.rate:
            self.renderer.position = target
            self.resyncs += 1
        if self.render_log is not None:
            self.render_log.append((now, self.renderer.position, frames))
        mono = self.renderer.render(frames)
        return np.repeat(mono, 2)  # L R L R ...

    def close(self) -> None:
        try:
            self.speaker.remove_sink(self.renderer)
        except ValueError:
            pass


class LiveAudio:
    """A pyglet Player fed by a SpeakerStream."""

    notice_printed = False

    def __init__(self, stream: SpeakerStream, player: Player) -> None:
        self.stream = stream
        self.player = player
        self._pulls_at_start = stream.pulls  # the queue pyglet fills before the device runs

    @property
    def running(self) -> bool:
        """Whether the device has started taking samples.

        A suspended sound server (PulseAudio suspends an idle sink) can take
        a second or two to start a new stream; until then nothing is pulled
        past pyglet's first fill.  A note played meanwhile would be skipped by
        the resync when the device finally starts, so the window holds the
        program back until this is true (or a time limit passes).
        """
        return self.stream.pulls > self._pulls_at_start

    @classmethod
    def open(cls, speaker: Speaker, model: str = "ideal", quiet: bool = False, volume: int = 100) -> LiveAudio | None:
        """Start live output, or print one notice and return None when there is no audio device."""
        try:
            import pyglet

            pyglet.options["shadow_window"] = False
            from pyglet import media
            from pyglet.media.codecs.base import AudioData, AudioFormat, StreamingSource
            from pyglet.media.drivers.base import AbstractAudioPlayer

            get_driver: Callable[[], object] = media.get_audio_driver  # pyglet leaves it unannotated
            driver = get_driver()
            if driver is None or type(driver).__name__ == "SilentDriver":
                raise RuntimeError("no audio driver could be opened")
            stream = SpeakerStream(speaker, model)
            stream.renderer.volume = level(volume)  # --volume, in percent

            class _Source(StreamingSource):
                def __init__(self) -> None:
                    # pyglet declares audio_format as None only; a streaming source sets its own
                    self.audio_format = AudioFormat(channels=2, sample_size=16,  # type: ignore[assignment]
                                                    sample_rate=stream.rate)
                    self.video_format = None
                    self._duration = None

                def get_audio_data(self, num_bytes: float, compensation_time: float = 0.0) -> AudioData:
                    frames = max(1, int(num_bytes) // 4)
                    data = stream.pcm(frames).tobytes()
                    return AudioData(data, len(data))

                def is_precise(self) -> bool:
                    return True

                def seek(self, timestamp: float) -> None:
                    pass

            player = media.Player()
            player.queue(_Source())
            with _small_buffers(AbstractAudioPlayer):  # type: ignore[type-abstract]  # the base class is the hook
                player.play()  # the driver's audio player is made here
            audio_player = getattr(player, "_audio_player", None)
            if audio_player is not None:
                # The machine clock is the master: pyglet's own drift correction would
                # pad or cut our stream to follow the Player's timer, which knows nothing.
                audio_player.get_audio_time_diff = lambda audio_time: (0, False)
            return cls(stream, player)
        except Exception as e:  # noqa: BLE001 - any failure means: no sound, same timing
            if not quiet and not cls.notice_printed:
                cls.notice_printed = True
                reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                print(f"vconsole: no audio output ({reason}); the speaker stays silent", file=sys.stderr)
            return None

    def close(self) -> None:
        self.stream.close()
        try:
            self.player.pause()
            self.player.delete()
        except Exception:  # noqa: BLE001 - the device may already be gone
            pass
