"""Speaker timeline -> PCM: a band-limited square wave, optionally through a small speaker.

The PC speaker is a two-level output driven by PIT channel 2, so what it
plays is fully described by a list of events ``(time, hz or None)``.  This
module turns such a timeline into int16 mono samples.

* Each event takes effect at sample ``round(time * rate)`` exactly, so a
  recording lines up with the machine clock sample for sample.
* The square wave is built edge by edge: a naive +-1 staircase plus, at every
  edge, a tabulated correction that turns the hard step into a band-limited
  one (a "BLEP": windowed-sinc step, Kaiser window).  Harmonics above the
  Nyquist frequency therefore never fold back into the audible band, which a
  naively sampled square wave does badly at high pitches.
* Phase is carried across pitch changes, like a PIT reload that keeps the
  cone moving; starting from silence begins a fresh cycle (the counter
  reloads when the gate opens).
* ``filtered`` adds what a small cone in a PC case does: it cannot hold a DC
  level (high-pass, ~120 Hz) and cannot follow fast edges (low-pass,
  ~4.3 kHz), in the spirit of DOSBox Staging's speaker model.  The IIR
  filters run block-wise with numpy (small matrix products per 32-sample
  sub-block and a prefix scan over the poles, see BlockFilter) - no
  per-sample Python loop and no scipy.

Rendering a window of samples is a pure function of the timeline, so the
streaming renderer (used for live output) and the offline renderer (WAV)
produce the same samples.
"""
from __future__ import annotations

import bisect
import functools
import io
import math
import os
import threading
import wave
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .disk import atomic_write
from .names import SPEAKER_MODELS as MODELS  # the one list, shared with the command line
from .speakerfilter import HIGHPASS_HZ, LOWPASS_HZ, BlockFilter, reference_filter, speaker_filter_coefficients

if TYPE_CHECKING:
    from .speaker import Speaker

#: What the speaker tells its sinks: at ``time`` seconds the tone became ``hz`` (None: silence).
SpeakerEvent = tuple[float, float | None]

#: the synth's names, with the speaker filter's that callers reach through it
__all__ = ["DEFAULT_VOLUME", "HIGHPASS_HZ", "LOWPASS_HZ", "MODELS", "RATES", "BlockFilter", "SpeakerEvent",
           "StreamRenderer", "ToneTimeline", "WavRecorder", "check_model", "level", "read_wav", "reference_filter",
           "render", "speaker_filter_coefficients", "to_int16", "write_wav"]

RATES = (44100, 48000)
# Peak of the ideal square as a fraction of int16 full scale.  The filtered
# model can swing to about twice this after a low note's edge, so stay low.
DEFAULT_VOLUME = 0.25


def level(percent: float) -> float:
    """The amplitude for a --volume of ``percent`` (0-100): DEFAULT_VOLUME at 100, silence at 0, linear
    in between (so a WAV's peak scales with it)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"volume must be from 0 to 100, not {percent}")
    return DEFAULT_VOLUME * percent / 100

# Band-limited step: 2 * _HALF taps, cut-off at _CUTOFF of the sample rate.
_HALF = 16
_PHASES = 512
_CUTOFF = 0.40
_KAISER_BETA = 7.0


def check_model(model: str) -> str:
    if model not in MODELS:
        raise ValueError(f"unknown speaker model {model!r}; choose from {MODELS}")
    return model


_CHUNK = 1 << 13  # samples per rendering step: bounds memory, keeps temporaries in cache
_NEVER = -(1 << 62)


# ---------------------------------------------------------------------------
# the band-limited step


@functools.cache
def _residual_table() -> np.ndarray:
    """Band-limited step minus hard step, for every sub-sample offset.

    Row ``p`` holds the correction at samples ``ceil(t) + j`` (j = -H..H-1)
    for an edge at time ``t`` with ``ceil(t) - t = p / _PHASES``.
    """
    half, phases = _HALF, _PHASES
    d = np.arange(-half * phases, half * phases + 1) / phases
    kernel = 2 * _CUTOFF * np.sinc(2 * _CUTOFF * d)
    kernel *= np.i0(_KAISER_BETA * np.sqrt(np.clip(1 - (d / half) ** 2, 0, None)))
    kernel /= np.i0(_KAISER_BETA)
    step = np.concatenate(([0.0], np.cumsum((kernel[1:] + kernel[:-1]) / 2)))
    step /= step[-1]
    p = np.arange(phases + 1)[:, None]
    j = np.arange(-half, half)[None, :]
    table = step[(j + half) * phases + p] - (j >= 0)
    table.setflags(write=False)
    return np.asarray(table, dtype=np.float64)


@functools.cache
def _residual_slope() -> np.ndarray:
    """Row-to-row differences of the table, for linear interpolation between offsets."""
    slope = np.diff(_residual_table(), axis=0).astype(np.float32)
    slope.setflags(write=False)
    return slope


@functools.cache
def _residual_table32() -> np.ndarray:
    table = _residual_table()[:-1].astype(np.float32)
    table.setflags(write=False)
    return np.asarray(table, dtype=np.float64)


_TAPS = np.arange(2 * _HALF)[None, :]


# ---------------------------------------------------------------------------
# the timeline as sample-exact segments


class ToneTimeline:
    """The speaker output as segments of constant pitch, each starting on a sample.

    Events follow the speaker's rule: an event at time t replaces everything
    previously announced at or after t (a flushed music queue, a mute).
    Pitches at or above half the sample rate have no harmonic that can be
    heard, so they are kept as silence.
    """

    def __init__(self, rate: int) -> None:
        if rate <= 0:
            raise ValueError("sample rate must be positive")
        self.rate = rate
        self.starts: list[int] = [_NEVER]
        self.hz: list[float] = [0.0]
        self.phase: list[float] = [0.0]  # cycles, at the segment start
        self.lock = threading.Lock()

    def add(self, time: float, hz: float | None) -> None:
        n = round(time * self.rate)
        f = float(hz) if hz else 0.0
        if f < 0:
            raise ValueError("negative frequency")
        if f >= self.rate / 2:
            f = 0.0
        with self.lock:
            while len(self.starts) > 1 and self.starts[-1] >= n:
                self.starts.pop()
                self.hz.pop()
                self.phase.pop()
            prev_f = self.hz[-1]
            if f == prev_f:
                return
            if f and prev_f:
                phase = (self.phase[-1] + prev_f * (n - self.starts[-1]) / self.rate) % 1.0
            else:
                phase = 0.0
            self.starts.append(n)
            self.hz.append(f)
            self.phase.append(phase)

    def __call__(self, event: SpeakerEvent) -> None:
        """Speaker-sink form: ``event`` is a ``(time, hz)`` pair."""
        time, hz = event
        self.add(time, hz)

    def forget_before(self, sample: int) -> None:
        """Drop segments that ended before ``sample`` (keeps live output's lists short)."""
        with self.lock:
            k = bisect.bisect_right(self.starts, sample) - 1
            if k > 1:
                # keep the "before everything" sentinel and the segment playing at ``sample``
                del self.starts[1:k]
                del self.hz[1:k]
                del self.phase[1:k]

    def _snapshot(self, lo: int, hi: int) -> tuple[list[int], list[float], list[float]]:
        with self.lock:
            k0 = bisect.bisect_right(self.starts, lo) - 1
            k1 = bisect.bisect_left(self.starts, hi)
            # one extra start tells where the last overlapping segment ends
            return self.starts[k0 : k1 + 1], self.hz[k0:k1], self.phase[k0:k1]

    def render(self, a: int, b: int) -> np.ndarray:
        """Float samples ``a <= n < b`` of the band-limited square (+-1, silence 0)."""
        return _render_window(self, a, b)


# A cycle is high for phase [0, 0.5) and low for [0.5, 1), like the PIT's
# mode 3 output, which starts high when the gate opens.  An edge that falls
# exactly on a segment boundary is judged by these two: the value from the
# boundary on, and the value just before it.
def _right(phase: float) -> float:
    return 1.0 if phase % 1.0 < 0.5 else -1.0


def _left(phase: float) -> float:
    frac = phase % 1.0
    return 1.0 if 0.0 < frac <= 0.5 else -1.0


def _render_window(tl: ToneTimeline, a: int, b: int) -> np.ndarray:
    """Naive staircase from the edge list, plus each edge's band-limiting correction."""
    if b <= a:
        return np.zeros(0)
    half, rate = _HALF, tl.rate
    e0, e1 = a - half, b + half  # edges here can touch the window
    starts, freqs, phases = tl._snapshot(e0, e1)
    nseg = len(freqs)

    s0, f0, p0 = starts[0], freqs[0], phases[0]
    level0 = _right(p0 + f0 * (e0 - s0) / rate) if f0 else 0.0

    times: list[np.ndarray] = []
    amps: list[np.ndarray] = []
    bt: list[float] = []
    ba: list[float] = []
    for k in range(nseg):
        s, f, ph = starts[k], freqs[k], phases[k]
        end = starts[k + 1] if k + 1 < len(starts) else e1
        if k > 0:
            pf, pp, ps = freqs[k - 1], phases[k - 1], starts[k - 1]
            before = _left(pp + pf * (s - ps) / rate) if pf else 0.0
            after = _right(ph) if f else 0.0
            if after != before:
                bt.append(float(s))
                ba.append(after - before)
        if f:
            lo, hi = max(s, e0), min(end, e1)
            if hi <= lo:
                continue
            plo = ph + f * (lo - s) / rate
            phi = ph + f * (hi - s) / rate
            m = np.arange(math.floor(2 * plo) + 1, math.ceil(2 * phi), dtype=np.int64)
            if m.size:
                times.append(s + (m * 0.5 - ph) * (rate / f))
                amps.append(np.where(m % 2 == 0, 2.0, -2.0))
    if bt:
        times.append(np.asarray(bt))
        amps.append(np.asarray(ba))

    origin = e0 - half
    size = (e1 - e0) + 2 * half
    out = np.full(size, level0)
    if times:
        t = np.concatenate(times)
        amp = np.concatenate(amps)
        c = np.ceil(t)
        idx = np.clip(c.astype(np.int64) - origin, half, size - half)
        steps = np.bincount(idx, weights=amp, minlength=size + 1)[:size]
        out += np.cumsum(steps)
        table, slope = _residual_table32(), _residual_slope()
        pos = (c - t) * _PHASES
        row = np.minimum(pos.astype(np.int64), _PHASES - 1)
        w = (pos - row) * amp
        corr = table[row] * amp[:, None].astype(np.float32)
        corr += slope[row] * w[:, None].astype(np.float32)
        cols = (idx - half)[:, None] + _TAPS
        out += np.bincount(cols.ravel(), weights=corr.ravel(), minlength=size)[:size]
    lo = a - origin
    return out[lo : lo + (b - a)]


# ---------------------------------------------------------------------------
# renderers


class StreamRenderer:
    """Renders the next N samples of a timeline that keeps growing.

    Subscribe it to a Speaker (``speaker.add_sink(renderer)``); the audio
    output asks ``render(n)`` for each buffer.  Phase lives in the timeline and
    filter state in the renderer, so consecutive buffers join seamlessly and
    equal what an offline render of the same span gives.
    """

    def __init__(
        self,
        rate: int = 44100,
        model: str = "ideal",
        volume: float = DEFAULT_VOLUME,
        start_time: float = 0.0,
        timeline: ToneTimeline | None = None,
    ) -> None:
        check_model(model)
        self.rate = rate
        self.model = model
        self.volume = volume
        self.timeline = timeline if timeline is not None else ToneTimeline(rate)
        self.position = round(start_time * rate)
        self._filter = BlockFilter(*speaker_filter_coefficients(rate)) if model == "filtered" else None

    def __call__(self, event: SpeakerEvent) -> None:
        time, hz = event
        self.timeline.add(time, hz)

    add = __call__

    def _next(self, m: int) -> np.ndarray:
        x = self.timeline.render(self.position, self.position + m)
        if self._filter is not None:
            x = self._filter(x)
        self.position += m
        return x

    def _fill(self, out: np.ndarray, convert: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
        # small chunks keep the temporaries in cache and off the page-fault path
        n = len(out)
        for i in range(0, n, _CHUNK):
            m = min(_CHUNK, n - i)
            out[i : i + m] = convert(self._next(m))
        if len(self.timeline.starts) > 256:
            self.timeline.forget_before(self.position - 4 * _HALF)
        return out

    def render_float(self, n: int) -> np.ndarray:
        """The next ``n`` samples as floats (full scale +-1 before volume)."""
        return self._fill(np.empty(n), lambda x: x)

    def render(self, n: int) -> np.ndarray:
        """The next ``n`` samples as int16."""
        return self._fill(np.empty(n, np.int16), lambda x: to_int16(x, self.volume))


def to_int16(x: np.ndarray, volume: float = DEFAULT_VOLUME) -> np.ndarray:
    y = np.rint(x * (volume * 32767.0))
    np.clip(y, -32768, 32767, out=y)
    return y.astype(np.int16)


def render(
    events: Iterable[SpeakerEvent],
    rate: int = 44100,
    model: str = "ideal",
    start: float = 0.0,
    end: float | None = None,
    volume: float = DEFAULT_VOLUME,
) -> np.ndarray:
    """int16 samples from ``round(start*rate)`` up to ``round(end*rate)``.

    ``events`` are ``(time, hz or None)`` pairs in the order the speaker sent
    them.  ``end`` defaults to the last event's time.
    """
    r = StreamRenderer(rate, model, volume, start_time=start)
    last = start
    for t, hz in events:
        r.timeline.add(t, hz)
        last = max(last, t)
    stop = round((last if end is None else end) * rate)
    return r.render(max(0, stop - r.position))


# ---------------------------------------------------------------------------
# WAV files


def write_wav(path: str | os.PathLike[str], pcm: np.ndarray, rate: int) -> None:
    """Write mono 16-bit PCM so that ``path`` is either the old file or the whole new one."""
    data = np.asarray(pcm)
    if data.ndim != 1:
        raise ValueError("mono PCM expected")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(int(rate))
        w.writeframes(data.astype("<i2", copy=False).tobytes())
    atomic_write(Path(path), buf.getvalue())


def read_wav(path: str | os.PathLike[str]) -> tuple[np.ndarray, int]:
    """Mono 16-bit PCM and its rate (for tests and tools)."""
    with wave.open(os.fspath(path), "rb") as w:
        if w.getnchannels() != 1 or w.getsampwidth() != 2:
            raise ValueError("mono 16-bit WAV expected")
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").copy(), w.getframerate()


class WavRecorder:
    """Records a Speaker between ``start()`` and ``stop()`` into a WAV file.

    Sample 0 of the file is the clock time of ``start()``; an event at clock
    time t lands on sample ``round(t*rate) - round(start*rate)``.  Music that
    was already queued when recording began is included.

    A recording that begins mid-tone must not begin with the cone at rest:
    the filter would ring as if the tone had just been switched on (a click
    that was never played).  So the render starts PREROLL_S earlier, long
    enough for the speaker filter's slowest pole to settle far below one
    LSB, and those samples are dropped.
    """

    PREROLL_S = 0.05

    def __init__(
        self,
        speaker: Speaker,
        path: str | os.PathLike[str],
        rate: int = 44100,
        model: str = "filtered",
        volume: float = DEFAULT_VOLUME,
    ) -> None:
        check_model(model)
        self.speaker = speaker
        self.path = path
        self.rate = rate
        self.model = model
        self.volume = volume
        self.start_time: float | None = None
        self._timeline: ToneTimeline | None = None

    def start(self) -> None:
        if self._timeline is not None:
            raise RuntimeError("recorder already running")
        self.start_time = self.speaker.clock.now()
        tl = ToneTimeline(self.rate)
        events = list(self.speaker.timeline)
        since = self.start_time - self.PREROLL_S
        first = max(0, bisect.bisect_right([e[0] for e in events], since) - 1)
        for t, hz in events[first:]:
            tl.add(t, hz)
        self._timeline = tl
        self.speaker.add_sink(tl)

    def stop(self, until: float | None = None) -> np.ndarray:
        """Stop, write the file, and return the samples written.

        The file runs to the clock's present, or to ``until`` when that is
        later (a headless run that ends while queued music still plays).
        """
        if self._timeline is None or self.start_time is None:
            raise RuntimeError("recorder not started")
        end = max(self.speaker.clock.now(), until or 0.0)
        self.speaker.remove_sink(self._timeline)
        r = StreamRenderer(self.rate, self.model, self.volume, self.start_time, timeline=self._timeline)
        first = r.position
        preroll = round(self.PREROLL_S * self.rate)
        r.position -= preroll
        r.render(preroll)
        pcm = r.render(max(0, round(end * self.rate) - first))
        self._timeline = None
        write_wav(self.path, pcm, self.rate)
        return pcm
