"""PIT channel 2 + port 61h model and the blocking sound services."""
from fractions import Fraction

import pytest

from vconsole.music import MusicError, parse
from vconsole.speaker import PIT_HZ, Speaker, SpeakerEvent, divisor_for, divisor_hz

# DOSBox 0.74's WAV of divisor 2712 measures 439.964 Hz (shared reference data, "PC speaker").
DOSBOX_2712_HZ = 439.964


class FakeClock:
    """Virtual time: sleeping moves it forward at once, exactly."""

    def __init__(self, t=0.0):
        self.t = t
        self.slept = []

    def now(self):
        return self.t

    def sleep(self, seconds):
        self.slept.append(seconds)
        self.t += seconds


def make(t=0.0, **kw):
    clock = FakeClock(t)
    spk = Speaker(clock, **kw)
    got = []
    spk.add_sink(got.append)
    return clock, spk, got


def test_sound_440_loads_divisor_2712():
    clock, spk, got = make()
    spk.sound(440)
    assert spk.divisor == 2712 and spk.gate
    assert spk.frequency == PIT_HZ / 2712 == pytest.approx(DOSBOX_2712_HZ, abs=1e-3)
    assert got == [SpeakerEvent(0.0, PIT_HZ / 2712)]


def test_divisor_rounding_and_limits():
    assert divisor_for(800) == 1491  # 1491.48 rounds down
    assert divisor_for(1000) == 1193
    assert divisor_for(10) == 65536  # slowest the PIT can go
    assert divisor_for(5e6) == 1
    assert divisor_hz(0) == divisor_hz(65536) == PIT_HZ / 65536
    with pytest.raises(ValueError):
        divisor_for(0)
    clock, spk, got = make()
    spk.sound(10)
    assert spk.divisor == 0 and got[-1].hz == PIT_HZ / 65536


def test_low_level_ports():
    clock, spk, got = make()
    spk.set_divisor(1193)
    assert got == []  # gate closed: the cone does not move
    spk.out_61(0b01)  # timer gate only
    spk.out_61(0b10)  # data only
    assert got == []
    clock.t = 1.0
    spk.out_61(0b11)
    assert got == [SpeakerEvent(1.0, PIT_HZ / 1193)]
    clock.t = 2.0
    spk.set_divisor(0)
    spk.set_divisor(65536)  # same count, no change heard
    clock.t = 3.0
    spk.set_gate(False)
    assert got[1:] == [SpeakerEvent(2.0, PIT_HZ / 65536), SpeakerEvent(3.0, None)]
    assert spk.timeline == got
    with pytest.raises(ValueError):
        spk.set_divisor(65537)
    with pytest.raises(ValueError):
        spk.set_divisor(-1)


def test_beep_is_800hz_through_the_divisor_for_a_quarter_second():
    clock, spk, got = make(t=5.0)
    spk.beep()
    assert clock.t == 5.25
    assert got == [SpeakerEvent(5.0, PIT_HZ / 1491), SpeakerEvent(5.25, None)]


def test_tone_blocks_for_its_length():
    clock, spk, got = make()
    spk.tone(1000, 0.1)
    assert clock.t == pytest.approx(0.1, abs=1e-15)
    assert got == [SpeakerEvent(0.0, PIT_HZ / 1193), SpeakerEvent(0.1, None)]
    with pytest.raises(ValueError):
        spk.tone(0, 0.1)


def test_foreground_play_schedules_exact_times_and_blocks():
    music = "T137 L8 O3 C D. E16 P8 MS F4 ML G A"
    clock, spk, got = make(t=1.5)
    spk.play(music)
    notes, _ = parse(music)
    t = Fraction(0)
    expected = []
    for note in notes:
        if note.hz is not None:
            expected.append(SpeakerEvent(1.5 + float(t), PIT_HZ / round(PIT_HZ / note.hz)))
            if note.sound_seconds < note.total_seconds:
                expected.append(SpeakerEvent(1.5 + float(t + Fraction(note.sound_seconds)), None))
        t += Fraction(note.total_seconds)
    expected.append(SpeakerEvent(1.5 + float(t), None))
    assert got == expected
    assert clock.t == pytest.approx(1.5 + float(t), abs=1e-12)


@pytest.mark.parametrize("mode, fraction", [("MN", 7 / 8), ("ML", 1.0), ("MS", 3 / 4)])
def test_articulation_at_the_speaker(mode, fraction):
    clock, spk, got = make()
    spk.play(f"{mode} T120 L4 O2 A P4")
    assert got[0] == SpeakerEvent(0.0, PIT_HZ / 2712)
    assert got[1] == SpeakerEvent(0.5 * fraction, None)
    assert clock.t == 1.0


def test_legato_repeats_do_not_gap():
    clock, spk, got = make()
    spk.play("ML L16 A A A")
    assert [e.hz is None for e in got] == [False, True]
    assert got[1].time == pytest.approx(3 * 0.125)


def test_background_play_returns_at_once_and_later_services_queue():
    clock, spk, got = make()
    spk.play("MB T120 L4 C D")
    assert clock.t == 0.0
    assert spk.music_state.foreground is False
    spk.beep()  # goes after the music, like BASIC's sound queue
    assert got[-2] == SpeakerEvent(1.0, PIT_HZ / 1491)
    assert clock.t == 1.25


def test_background_queue_full_blocks_like_gwbasic():
    clock, spk, got = make()
    # 40 normal notes: 80 entries (tone + gap each); 32 may wait plus one playing,
    # so PLAY returns when only 33 entries remain: after 47 entries have played.
    spk.play("MB T120 L4 " + "C" * 40)
    assert clock.t == pytest.approx(23 * 0.5 + 0.4375)
    # legato notes are one entry each
    clock2, spk2, _ = make()
    spk2.play("MB ML L4 " + "C" * 40)
    assert clock2.t == pytest.approx(7 * 0.5)
    clock3, spk3, _ = make()
    spk3.play("MB ML L4 " + "C" * 33)
    assert clock3.t == 0.0


def test_muted_keeps_timing_but_makes_no_sound():
    music = "T180 O3 L8 CDEFGAB > C"
    loud_clock, loud, loud_events = make()
    quiet_clock, quiet, quiet_events = make(muted=True)
    for spk in (loud, quiet):
        spk.beep()
        spk.tone(523, 0.07)
        spk.play(music)
    assert quiet_clock.slept == loud_clock.slept
    assert quiet_clock.t == loud_clock.t > 1.6
    assert len(loud_events) > 10
    assert quiet_events == [] and quiet.timeline == []


def test_mute_and_unmute_during_background_music():
    clock, spk, got = make()
    spk.play("MB ML T120 L4 O2 A B")  # A 0-0.5, B 0.5-1.0
    clock.t = 0.25
    spk.muted = True
    assert spk.timeline == [SpeakerEvent(0.0, PIT_HZ / 2712), SpeakerEvent(0.25, None)]
    clock.t = 0.4
    spk.muted = False
    b = PIT_HZ / round(PIT_HZ / 493.8833012561241)
    assert spk.timeline == [
        SpeakerEvent(0.0, PIT_HZ / 2712),
        SpeakerEvent(0.25, None),
        SpeakerEvent(0.4, PIT_HZ / 2712),
        SpeakerEvent(0.5, b),
        SpeakerEvent(1.0, None),
    ]
    # the sink saw the future notes, then the cut at 0.25, then their return
    assert [e.time for e in got] == [0.0, 0.5, 1.0, 0.25, 0.4, 0.5, 1.0]


def test_direct_hardware_write_drops_queued_music():
    clock, spk, got = make()
    spk.play("MB T120 L4 CDEF")
    clock.t = 0.7
    spk.nosound()
    assert spk.timeline[-1] == SpeakerEvent(0.7, None)
    assert all(e.time <= 0.7 for e in spk.timeline)
    assert got[-1] == SpeakerEvent(0.7, None)
    spk.beep()  # the queue is empty now: starts at once
    assert spk.timeline[-2] == SpeakerEvent(0.7, PIT_HZ / 1491)


def test_bad_music_changes_nothing():
    clock, spk, got = make()
    spk.play("O5")
    with pytest.raises(MusicError):
        spk.play("T200 C D Z")
    assert got == [] and clock.t == 0.0
    assert spk.music_state.octave == 5 and spk.music_state.tempo == 120
    spk.reset_music()
    assert spk.music_state.octave == 4


def test_remove_sink():
    clock, spk, got = make()
    other = []
    spk.add_sink(other.append)
    spk.sound(100)
    spk.remove_sink(got.append)
    clock.t = 1.0
    spk.nosound()
    assert len(got) == 1 and len(other) == 2 and other == spk.timeline


def test_keyboard_full_click_does_not_block_and_restores_the_speaker():
    clock, spk, got = make(t=2.0)
    spk.sound(440)
    spk.click()
    assert clock.t == 2.0
    # AT BIOS: 184 cycles of 300 us on, 300 us off
    end = 2.0 + 184 * 600e-6
    assert spk.timeline == [
        SpeakerEvent(2.0, pytest.approx(1 / 600e-6)),
        SpeakerEvent(pytest.approx(end), PIT_HZ / 2712),
    ]
    spk.nosound()
    spk.play("MB ML T120 L4 O2 A B")
    clock.t = 2.2
    spk.click()
    assert [e.time for e in spk.timeline[-4:]] == pytest.approx([2.2, 2.2 + 0.1104, 2.5, 3.0])
    assert spk.timeline[-3].hz == PIT_HZ / 2712  # the music carries on behind the click
    quiet_clock, quiet, quiet_events = make(muted=True)
    quiet.click()
    assert quiet_events == []
