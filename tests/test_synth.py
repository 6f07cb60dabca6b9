"""Timeline -> PCM: pitch accuracy, aliasing, sample-exact timing, filters, WAV files."""
import os
import wave

import numpy as np
import pytest

from vconsole import synth
from vconsole.speaker import PIT_HZ, Speaker

# DOSBox 0.74 WAVs measured here: divisor 2712 -> 439.964 Hz, divisor 1193 -> 1000.153 Hz
# (shared reference data, "PC speaker"); the exact rule is 1193182 / divisor.
DOSBOX_MEASURED = {2712: 439.964, 1193: 1000.153}


class FakeClock:
    def __init__(self, t=0.0):
        self.t = t

    def now(self):
        return self.t

    def sleep(self, seconds):
        self.t += seconds


def peak_hz(x, rate):
    """Frequency of the strongest component: Blackman-Harris window, 4x zero padding,
    Gaussian (log-parabolic) interpolation between bins."""
    n = len(x)
    w = np.blackman(n)
    spec = np.abs(np.fft.rfft(x * w, 4 * n))
    k = int(np.argmax(spec[1:])) + 1
    a, b, c = np.log(spec[k - 1 : k + 2])
    return (k + 0.5 * (a - c) / (a - 2 * b + c)) * rate / (4 * n)


@pytest.mark.parametrize("divisor", [65536, 10000, 2712, 1193, 500, 100])
def test_fundamental_is_pit_clock_over_divisor(divisor):
    rate = 44100
    hz = PIT_HZ / divisor
    seconds = 12.0 if divisor == 65536 else 3.0
    pcm = synth.render([(0.0, hz), (seconds, None)], rate).astype(float)
    assert len(pcm) == round(seconds * rate)
    assert peak_hz(pcm, rate) == pytest.approx(hz, abs=0.05)
    if divisor in DOSBOX_MEASURED:
        assert peak_hz(pcm, rate) == pytest.approx(DOSBOX_MEASURED[divisor], abs=0.01)


def test_fundamental_at_48k_filtered():
    hz = PIT_HZ / 2712
    pcm = synth.render([(0.0, hz), (3.0, None)], 48000, "filtered").astype(float)
    assert peak_hz(pcm, 48000) == pytest.approx(hz, abs=0.05)


def worst_alias_db(x, hz, rate):
    """Strongest component that is not an odd harmonic of hz, in dB below the fundamental."""
    n = len(x)
    spec = np.abs(np.fft.rfft(x * np.blackman(n)))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    harmonic = np.zeros(len(freqs), bool)
    for k in range(1, int(rate / 2 / hz) + 1, 2):
        harmonic |= np.abs(freqs - k * hz) < 12.0
    harmonic |= freqs < 12.0  # DC from the start and end steps
    fundamental = spec[np.abs(freqs - hz) < 12.0].max()
    return 20 * np.log10(spec[~harmonic].max() / fundamental)


def naive_square(hz, rate, n):
    t = np.arange(n) / rate
    return np.where((t * hz) % 1.0 < 0.5, 1.0, -1.0)


@pytest.mark.parametrize("divisor", [2712, 1193, 477, 298])  # 440 Hz ... 4004 Hz
@pytest.mark.parametrize("rate", synth.RATES)
def test_aliases_at_least_40db_down(divisor, rate):
    hz = PIT_HZ / divisor
    pcm = synth.render([(0.0, hz), (1.0, None)], rate).astype(float)
    assert worst_alias_db(pcm, hz, rate) < -40
    if divisor == 298:
        # the same measurement rejects a naively sampled square wave
        assert worst_alias_db(naive_square(hz, rate, len(pcm)), hz, rate) > -40


def test_pitches_above_nyquist_are_silent():
    pcm = synth.render([(0.0, PIT_HZ / 20), (0.1, None)], 44100)
    assert not pcm.any()


def test_every_note_starts_on_its_scheduled_sample():
    rate = 44100
    clock = FakeClock(0.3)
    spk = Speaker(clock)
    spk.play("T171 MS L16 O2 C D E. F32 P16 G A8 B MN > C D E F G")
    spk.beep()
    clock.t += 0.05  # the program does something else before the next tone
    spk.tone(1234, 0.037)
    starts = [e.time for e in spk.timeline if e.hz is not None]
    assert len(starts) == 14  # 12 notes, the beep, the tone
    pcm = synth.render(spk.timeline, rate, start=0.3).astype(float)
    amplitude = synth.DEFAULT_VOLUME * 32767
    loud = np.concatenate((np.zeros(20, bool), np.abs(pcm) > 0.3 * amplitude))
    # onsets: loud samples after at least 20 quiet ones
    quiet_run = np.convolve(~loud, np.ones(20))[19 : len(loud) - 1]  # quiet among the 20 before
    onsets = np.flatnonzero(loud[20:] & (quiet_run == 20))
    expected = [round(t * rate) - round(0.3 * rate) for t in starts]
    assert onsets.tolist() == expected
    assert len(pcm) == round(clock.t * rate) - round(0.3 * rate)


def test_event_lands_on_round_t_times_rate():
    for t in (0.123456, 1 / 3, 2.5 / 44100, 7.000011):
        pcm = synth.render([(t, 1000.0), (t + 0.01, None)], 44100, end=t + 0.02).astype(float)
        n0 = round(t * 44100)
        # the step from silence is centred on its sample: half height there
        assert pcm[n0] == pytest.approx(0.5 * synth.DEFAULT_VOLUME * 32767, abs=1)
        assert abs(pcm[n0 - 1]) < 0.15 * synth.DEFAULT_VOLUME * 32767


def test_phase_carries_across_pitch_events():
    rate = 44100
    held = synth.render([(0.0, 440.0), (1.0, None)], rate)
    # a new event with (almost) the same pitch must not restart the cycle
    split = synth.render([(0.0, 440.0), (0.3071, 440.0 * (1 + 1e-12)), (1.0, None)], rate)
    assert np.abs(held.astype(int) - split.astype(int)).max() <= 1
    tl = synth.ToneTimeline(rate)
    tl.add(0.0, 440.0)
    tl.add(0.3071, 523.0)
    n = round(0.3071 * rate)
    assert tl.phase[-1] == pytest.approx((440.0 * n / rate) % 1.0)
    tl.add(0.5, None)
    tl.add(0.6, 523.0)  # after silence the counter reloads: fresh cycle
    assert tl.phase[-1] == 0.0


def test_pitch_change_does_not_click():
    rate = 44100
    f1, f2 = 440.0, 660.0
    pcm = synth.render([(0.0, f1), (0.25, f2), (0.5, None)], rate).astype(float)
    edge = round(0.25 * rate)
    # no sample around the change goes beyond what a steady band-limited square does
    assert np.abs(pcm[edge - 40 : edge + 40]).max() <= np.abs(pcm[: edge - 100]).max() + 1


def test_silence_is_zero_and_tone_is_bounded():
    pcm = synth.render([(0.1, 300.0), (0.5, None)], 44100, end=1.0)
    assert not pcm[: round(0.1 * 44100) - 20].any()
    assert not pcm[round(0.5 * 44100) + 20 :].any()
    peak = np.abs(pcm).max()
    amplitude = synth.DEFAULT_VOLUME * 32767
    assert amplitude < peak < 1.15 * amplitude  # Gibbs overshoot of a band-limited square


def test_superseding_event_replaces_the_future():
    tl = synth.ToneTimeline(44100)
    for t, hz in [(0.0, 500.0), (1.0, None), (2.0, 600.0), (3.0, None), (1.5, 700.0)]:
        tl.add(t, hz)
    assert tl.starts[1:] == [0, 44100, round(1.5 * 44100)]
    assert tl.hz[1:] == [500.0, 0.0, 700.0]


@pytest.mark.parametrize("model", synth.MODELS)
def test_streaming_equals_offline(model):
    rate = 44100
    events = [(0.0, 440.0), (0.2, 523.25), (0.31, None), (0.4, 98.0), (0.9, 2000.0), (1.1, None)]
    offline = synth.StreamRenderer(rate, model)
    for e in events:
        offline(e)
    whole = offline.render_float(round(1.3 * rate))
    live = synth.StreamRenderer(rate, model)
    rng = np.random.default_rng(7)
    parts, done, pending = [], 0, list(events)
    while done < len(whole):
        # events reach the live renderer shortly before they are due
        while pending and pending[0][0] * rate < done + 3000:
            live(pending.pop(0))
        n = min(int(rng.integers(1, 3000)), len(whole) - done)
        parts.append(live.render_float(n))
        done += n
    assert np.abs(np.concatenate(parts) - whole).max() < 1e-9


def test_block_filter_matches_sample_by_sample_recurrence():
    b, a = synth.speaker_filter_coefficients(44100)
    x = np.random.default_rng(3).standard_normal(20000)
    ref = synth.reference_filter(x, b, a)
    f = synth.BlockFilter(b, a, block=4096)
    out, i = [], 0
    for n in [1, 2, 3, 50, 4096, 5000, 700, 8000]:
        out.append(f(x[i : i + n]))
        i += n
    out.append(f(x[i:]))
    assert np.abs(np.concatenate(out) - ref).max() < 1e-9


def response(b, a, hz, rate):
    z = np.exp(-2j * np.pi * hz / rate * np.arange(len(b)))
    return abs(np.dot(b, z) / np.dot(a, z))


@pytest.mark.parametrize("rate", synth.RATES)
def test_small_speaker_filter_shape(rate):
    b, a = synth.speaker_filter_coefficients(rate)
    assert response(b, a, 0.0, rate) < 1e-12  # the cone cannot hold DC
    assert response(b, a, synth.HIGHPASS_HZ, rate) == pytest.approx(2**-0.5, abs=0.01)
    assert response(b, a, synth.LOWPASS_HZ, rate) == pytest.approx(2**-0.5, abs=0.02)
    assert response(b, a, 1000.0, rate) == pytest.approx(1.0, abs=0.02)
    assert response(b, a, 15000.0, rate) < 0.1


def test_filtered_model_removes_dc_and_decays_after_the_gate_closes():
    rate = 44100
    # a divisor-3 tone is far above hearing: the ideal cone output is flat, like DOSBox's DC level
    pcm = synth.render([(0.0, 40.0), (0.5, None)], rate, "filtered", end=1.0).astype(float)
    assert abs(pcm[round(0.1 * rate) : round(0.5 * rate)].mean()) < 100
    assert np.abs(pcm[round(0.6 * rate) :]).max() < 2


def test_write_wav_roundtrip_and_atomic(tmp_path):
    path = tmp_path / "out.wav"
    pcm = (np.sin(np.arange(1000) / 10) * 30000).astype(np.int16)
    synth.write_wav(path, pcm, 48000)
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 48000)
        assert np.array_equal(np.frombuffer(w.readframes(w.getnframes()), "<i2"), pcm)
    synth.write_wav(path, pcm[:10], 44100)  # replaces
    assert synth.read_wav(path)[1] == 44100 and len(synth.read_wav(path)[0]) == 10
    with pytest.raises(ValueError):
        synth.write_wav(path, np.zeros((2, 2), np.int16), 44100)
    assert len(synth.read_wav(path)[0]) == 10  # old file intact
    assert os.listdir(tmp_path) == ["out.wav"]  # no temporary left behind


def test_wav_recorder_is_sample_exact(tmp_path):
    rate = 44100
    clock = FakeClock(0.25)
    spk = Speaker(clock)
    spk.play("MB T120 L8 O3 C")  # queued before recording: included
    clock.t = 0.3
    rec = synth.WavRecorder(spk, tmp_path / "rec.wav", rate=rate, model="ideal")
    rec.start()
    clock.t = 0.77
    spk.beep()
    spk.tone(2000, 0.010)
    clock.t += 0.1
    pcm = rec.stop()
    data, r = synth.read_wav(tmp_path / "rec.wav")
    assert r == rate and np.array_equal(data, pcm)
    assert len(pcm) == round(clock.t * rate) - round(0.3 * rate)
    beep_at = round(0.77 * rate) - round(0.3 * rate)
    amplitude = synth.DEFAULT_VOLUME * 32767
    assert np.abs(pcm[beep_at - 30 : beep_at]).max() < 0.15 * amplitude
    assert pcm[beep_at] == pytest.approx(0.5 * amplitude, abs=1)
    # the queued C (0.25 .. 0.25 + 0.25 * 7/8) is there from sample 0
    c_end = round((0.25 + 0.21875) * rate) - round(0.3 * rate)
    c_hz = PIT_HZ / round(PIT_HZ / (440 * 2 ** ((37 - 34) / 12)))  # O3 C is note 37
    assert peak_hz(pcm[:c_end].astype(float), rate) == pytest.approx(c_hz, abs=0.5)
    assert np.abs(pcm[c_end + 30 : beep_at - 30]).max() == 0
    assert peak_hz(pcm[beep_at : beep_at + round(0.25 * rate)].astype(float), rate) == pytest.approx(
        PIT_HZ / 1491, abs=0.5
    )
    # the recorder has let go of the speaker
    assert spk._sinks == []


def test_wav_recorder_starting_mid_tone_does_not_click(tmp_path):
    """The recording equals the same span cut from a render that began long before:
    the filter is already settled at sample 0 (no switch-on transient)."""
    rate = 44100
    clock = FakeClock(0.0)
    spk = Speaker(clock)
    spk.set_divisor(9121)  # a low tone: the filtered cone swings widest after a switch-on
    spk.set_gate(True)
    clock.t = 1.0001
    rec = synth.WavRecorder(spk, tmp_path / "mid.wav", rate=rate, model="filtered")
    rec.start()
    clock.t = 1.3
    pcm = rec.stop().astype(int)
    whole = synth.render(list(spk.timeline), rate, "filtered", end=1.3).astype(int)
    expected = whole[round(1.0001 * rate) :]
    assert len(pcm) == len(expected)
    assert np.abs(pcm - expected).max() <= 1
    # a render from rest at the same point differs clearly at the start: the click
    cold = synth.render(list(spk.timeline), rate, "filtered", start=1.0001, end=1.3).astype(int)
    assert np.abs(cold[:200] - expected[:200]).max() > 0.2 * synth.DEFAULT_VOLUME * 32767
