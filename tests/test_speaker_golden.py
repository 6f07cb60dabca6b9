"""Our speaker synthesis against DOSBox 0.74's own recordings of the same PIT programs.

The fixtures in tests/golden/speaker/ are DOSBox's Ctrl+F6 captures (mono, gzip) of
asm/holds.asm and asm/tune.asm, which drive PIT channel 2 and port 61h directly and
change the gate only right after a BIOS tick edge, so every tone and gap lasts whole
ticks of 65536 / 1193182 s.  Here the same programs are written as speaker events and
rendered by vconsole.synth; both recordings are then measured the same way: pitch by
FFT, tone starts and ends by the square wave's edges.

DOSBox 0.74 is not the hardware (shared reference notes, "PC speaker"; README here):
its square wave is +-5000 with ~70 us ramps, a closed gate leaves the cone at -5000
(a DC offset, where a real cone and our model rest at 0), and a tone whose gate closes
while its wave is low shows no edge at the close, so its last visible edge can come
up to half a period early.  Its edge times also wander by up to TIMING_JITTER_S
against the tick grid (measured on these captures, see README).
"""
import gzip
import io
import wave
from pathlib import Path

import numpy as np
import pytest

from vconsole import synth

GOLDEN = Path(__file__).parent / "golden" / "speaker"
PIT_HZ = 1_193_182
TICK_S = 65536 / PIT_HZ  # one BIOS tick (9 ticks = 0.4943 s)
RATE = 44100
DOSBOX_AMPLITUDE = 5000
TIMING_JITTER_S = 0.002  # DOSBox edges vs the tick grid: worst seen 1.8 ms (README)

# (divisor or 0 for a rest, ticks sounding, ticks silent after); 0 silent ticks = legato
# into the next row.  Copied from asm/holds.asm and asm/tune.asm.
HOLDS = [(2712, 20, 9), (1193, 27, 9), (9121, 36, 9)]
TUNE = [
    (4560, 8, 1), (3619, 8, 1), (3043, 8, 1), (2280, 16, 2), (2031, 3, 3), (2031, 3, 3),
    (1809, 4, 0), (1715, 4, 0), (1521, 9, 1), (0, 5, 0), (5424, 12, 9),
]
PROGRAMS = {"holds": HOLDS, "tune": TUNE}


def program_notes(rows):
    """(start_s, end_s, divisor) of every pitch, and (start_s, end_s) of every gate opening."""
    notes, openings, t, opened = [], [], 0, None
    for divisor, on, off in rows:
        if divisor:
            notes.append((t * TICK_S, (t + on) * TICK_S, divisor))
            opened = t if opened is None else opened
        t += on
        if divisor and off:
            openings.append((opened * TICK_S, t * TICK_S))
            opened = None
        t += off
    return notes, openings, t * TICK_S


def program_events(rows):
    notes, openings, total = program_notes(rows)
    events = []
    for start, end, divisor in notes:
        events.append((start, PIT_HZ / divisor))
        events.append((end, None))  # a legato successor at the same time replaces it
    return sorted(events, key=lambda e: e[0]), total


def load_dosbox(name):
    with wave.open(io.BytesIO(gzip.decompress((GOLDEN / f"dosbox_{name}.wav.gz").read_bytes()))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float)


def bursts(x, peak_to_peak):
    """(first, last) edge sample of each run of square-wave edges (gaps > 15 ms split runs)."""
    edges = np.flatnonzero(np.abs(np.diff(x)) > 0.25 * peak_to_peak)
    split = np.flatnonzero(np.diff(edges) > 0.015 * RATE)
    return list(zip(edges[np.r_[0, split + 1]], edges[np.r_[split, len(edges) - 1]]))


def peak_hz(x):
    """Strongest component: Blackman window, 4x zero padding, log-parabolic interpolation."""
    n = len(x)
    spec = np.abs(np.fft.rfft((x - x.mean()) * np.blackman(n), 4 * n))
    k = int(np.argmax(spec[1:])) + 1
    a, b, c = np.log(spec[k - 1 : k + 2])
    return (k + 0.5 * (a - c) / (a - 2 * b + c)) * RATE / (4 * n)


@pytest.fixture(scope="module", params=sorted(PROGRAMS))
def pair(request):
    """DOSBox's capture and ours, both with sample 0 at the first tone's first edge."""
    name = request.param
    rows = PROGRAMS[name]
    dos = load_dosbox(name)
    first = bursts(dos, 2 * DOSBOX_AMPLITUDE)[0][0] + 1
    events, total = program_events(rows)
    ours = synth.render(events, RATE, "ideal", end=total).astype(float)
    return name, rows, dos[first:], ours


def test_fixtures_are_dosbox_square_waves_with_dc_offset(pair):
    name, rows, dos, _ = pair
    notes, openings, total = program_notes(rows)
    assert len(dos) > total * RATE
    for start, end, _ in notes:
        tone = dos[round(start * RATE) + 50 : round(end * RATE) - 50]
        # +-5000 square wave: most samples sit on one of the two levels
        assert np.mean(np.abs(np.abs(tone) - DOSBOX_AMPLITUDE) < 10) > 0.75
    for (_, end), (nxt, _) in zip(openings, openings[1:]):
        gap = dos[round((end + TIMING_JITTER_S) * RATE) : round((nxt - TIMING_JITTER_S) * RATE)]
        # the closed gate leaves DOSBox's output at the low level, not at 0
        assert np.abs(gap + DOSBOX_AMPLITUDE).max() < 5


def test_fundamentals_match_dosbox_and_the_pit(pair):
    name, rows, dos, ours = pair
    notes, _, _ = program_notes(rows)
    margin = round(0.006 * RATE)  # clear of timing jitter and the edges at either end
    for start, end, divisor in notes:
        lo, hi = round(start * RATE) + margin, round(end * RATE) - margin
        exact = PIT_HZ / divisor
        dos_hz, our_hz = peak_hz(dos[lo:hi]), peak_hz(ours[lo:hi])
        assert dos_hz == pytest.approx(exact, abs=0.05), (name, divisor)
        assert our_hz == pytest.approx(exact, abs=0.05), (name, divisor)
        assert our_hz == pytest.approx(dos_hz, abs=0.05), (name, divisor)


def test_tone_and_gap_lengths_match_dosbox_in_ticks(pair):
    name, rows, dos, ours = pair
    _, openings, _ = program_notes(rows)
    dos_runs = bursts(dos, 2 * DOSBOX_AMPLITUDE)
    our_runs = bursts(ours, 2 * synth.DEFAULT_VOLUME * 32767)
    assert len(dos_runs) == len(our_runs) == len(openings)
    starts = [(d[0] - dos_runs[0][0]) / RATE for d in dos_runs]
    for (start, end), (o0, o1), d_start, (d0, d1), (_, _, divisor) in zip(
        openings, our_runs, starts, dos_runs, [n for n in program_notes(rows)[0] if n[1] in {o[1] for o in openings}]
    ):
        # ours: every edge on its scheduled sample (the band-limited step's centre)
        assert abs(o0 + 1 - round(start * RATE)) <= 1 and abs(o1 + 1 - round(end * RATE)) <= 1
        # DOSBox: starts on the tick grid within its jitter ...
        assert d_start == pytest.approx(start, abs=TIMING_JITTER_S), (name, start)
        # ... and its last edge is at the close or up to half a period before it
        length = (d1 - d0) / RATE
        half_period = divisor / PIT_HZ / 2
        assert end - start - half_period - TIMING_JITTER_S <= length <= end - start + TIMING_JITTER_S, name
        ours_length = (o1 - o0) / RATE
        assert ours_length - half_period - 2 * TIMING_JITTER_S <= length <= ours_length + 2 * TIMING_JITTER_S


def test_waveform_follows_dosbox_once_its_dc_is_removed(pair):
    """The same wave, note by note.  Each gate opening is lined up by the lag (within
    DOSBox's jitter plus half a period) that best matches its first note; the AC part
    of DOSBox's wave then correlates closely with our ideal wave.

    A legato change differs: the PIT (and DOSBox) takes a count written without a
    control word at the end of the current half cycle, while our timeline switches
    pitch on the event's sample and carries the phase.  So a legato note may need up
    to half a period of the note before it in extra lag - and no more."""
    name, rows, dos, ours = pair
    notes, openings, _ = program_notes(rows)
    scale = synth.DEFAULT_VOLUME * 32767

    def corr(lo, hi, shift):
        d = dos[lo + shift : hi + shift]
        return np.corrcoef(d - d.mean(), ours[lo:hi] / scale)[0, 1]

    shift, before = {}, None
    for start, end, divisor in notes:
        lo, hi = round(start * RATE) + 300, round(end * RATE) - 300
        k = max(i for i, (o0, _) in enumerate(openings) if o0 <= start + 1e-9)
        if k not in shift:
            reach = round((TIMING_JITTER_S + divisor / PIT_HZ / 2) * RATE)
            lags = range(-reach, reach + 1)
        else:
            reach = round(before / PIT_HZ / 2 * RATE) + 1
            lags = range(shift[k] - reach, shift[k] + reach + 1)
        shift[k] = max(lags, key=lambda s: corr(lo, hi, s))
        assert corr(lo, hi, shift[k]) > 0.95, (name, divisor)
        before = divisor


def test_filtered_model_rests_at_zero_where_dosbox_keeps_its_dc(pair):
    name, rows, dos, _ = pair
    events, total = program_events(rows)
    filtered = synth.render(events, RATE, "filtered", end=total + 0.5).astype(float)
    _, openings, _ = program_notes(rows)
    last_close = openings[-1][1]
    tail = filtered[round((last_close + 0.1) * RATE) :]
    assert np.abs(tail).max() < 0.01 * synth.DEFAULT_VOLUME * 32767
    assert np.abs(dos[round((last_close + 0.1) * RATE) : round((last_close + 0.4) * RATE)] + DOSBOX_AMPLITUDE).max() < 5
