"""GW-BASIC PLAY strings -> notes: pitch, durations, articulation, errors."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vconsole.music import MusicError, MusicState, Note, note_hz, parse

# Pitch rule as PC-BASIC 2.0.8 implements GW-BASIC (note table 440 * 2 ** ((i - 33) / 12)
# for i = 0..83, a letter in octave o at index 12 * o + semitone).
SEMITONE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def notes(music, state=None):
    return parse(music, state)[0]


def test_defaults_are_t120_l4_o4_mn():
    (n,) = notes("A")
    # O4 A is note 58 = 1760 Hz; a quarter at T120 is 0.5 s, MN sounds 7/8 of it
    assert n == Note(1760.0, 0.4375, 0.5)
    assert parse("")[1] == MusicState()


def test_note_numbers():
    assert note_hz(34) == 440.0
    assert note_hz(1) == pytest.approx(440 * 2 ** (-33 / 12))
    assert note_hz(84) == pytest.approx(440 * 2 ** (50 / 12))
    for n in range(1, 85):
        (note,) = notes(f"N{n}")
        assert note.hz == pytest.approx(440 * 2 ** ((n - 34) / 12), rel=1e-12)


@pytest.mark.parametrize("octave", range(7))
@pytest.mark.parametrize("letter", "CDEFGAB")
def test_letter_is_note_12o_plus_semitone_plus_1(octave, letter):
    (note,) = notes(f"O{octave}{letter}")
    assert note.hz == note_hz(12 * octave + SEMITONE[letter] + 1)


def test_a_in_octave_2_is_440():
    assert notes("O2A")[0].hz == 440.0
    assert notes("O3A")[0].hz == 880.0


def test_sharps_and_flats():
    assert notes("O3C#")[0].hz == notes("O3C+")[0].hz == notes("O3D-")[0].hz == note_hz(38)
    assert notes("O3A#")[0].hz == notes("O3B-")[0].hz == note_hz(47)


@given(
    tempo=st.integers(32, 255),
    length=st.integers(1, 64),
    dots=st.integers(0, 4),
    form=st.sampled_from(["L{l}A{d}", "A{l}{d}", "L{l}N30{d}", "L{l}P{l}{d}"]),
)
def test_durations_exact(tempo, length, dots, form):
    music = f"T{tempo} " + form.format(l=length, d="." * dots)
    (note,) = notes(music)
    expected = Fraction(240, tempo) / length * Fraction(3, 2) ** dots
    assert note.total_seconds == float(expected)


def test_length_after_note_applies_once():
    a, b = notes("L8 A2 A")
    assert (a.total_seconds, b.total_seconds) == (1.0, 0.25)
    # length 0 after a note means "the current length"
    assert notes("L2 A0")[0].total_seconds == 1.0


@pytest.mark.parametrize("mode, fraction", [("MN", Fraction(7, 8)), ("ML", 1), ("MS", Fraction(3, 4))])
def test_articulation(mode, fraction):
    whole = Fraction(240, 150)
    lengths = [whole / 8, whole / 8 * Fraction(3, 2), whole / 16]
    for note, length in zip(notes(f"{mode} T150 L8 C D. E16"), lengths, strict=True):
        assert note.total_seconds == float(length)
        assert note.sound_seconds == float(length * fraction)


def test_rests():
    p, n0 = notes("T60 P2. N0")
    assert p == Note(None, 0.0, 3.0)
    assert n0 == Note(None, 0.0, 1.0)
    assert notes("P0") == []


def test_octave_steps_clamp():
    assert notes("O6 > A")[0].hz == notes("O6 A")[0].hz
    assert notes("O0 < A")[0].hz == notes("O0 A")[0].hz
    assert notes("O3 > A < < B")[0].hz == notes("O4 A")[0].hz
    assert notes("O3 > A < < B")[1].hz == notes("O2 B")[0].hz


def test_case_spaces_and_semicolons_ignored():
    assert notes("t 1 5 0 ; o3 c # 8 ..;mS") == notes("T150O3C#8..MS")


def test_state_carries_over_and_foreground_flag():
    _, state = parse("O5 T200 L8 MS MB")
    assert state == MusicState(5, Fraction(1, 8), 200, Fraction(3, 4), False)
    (note,) = notes("C", state)
    assert note == Note(note_hz(61), 0.1125, 0.15)
    assert parse("MF", state)[1].foreground is True
    # the caller's state object is not modified
    assert state.foreground is False


@pytest.mark.parametrize(
    "music, position, words",
    [
        ("T120 X", 5, "PLAY command"),
        ("O7", 1, "octave"),
        ("T31", 1, "tempo"),
        ("T256", 1, "tempo"),
        ("L0", 1, "length"),
        ("L65", 1, "length"),
        ("N85", 1, "note number"),
        ("A65", 1, "note length"),
        ("MX", 1, "MN ML MS MF MB"),
        ("ME", 1, "MN ML MS MF MB"),
        ("E#", 1, "no sharp after E"),
        ("B+", 1, "no sharp after B"),
        ("C-", 1, "no flat after C"),
        ("F-", 1, "no flat after F"),
        ("CDL", 3, "a number"),
        ("P", 1, "a number"),
        ("P0.", 2, "no dot"),
        ("O", 1, "a number"),
        ("  T 9 9 9", 4, "tempo"),
    ],
)
def test_errors_name_position_and_expectation(music, position, words):
    with pytest.raises(MusicError) as info:
        parse(music)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.position == position
    assert words in err.expected
    assert f"position {position + 1}" in str(err)


def test_error_leaves_state_alone():
    state = MusicState()
    with pytest.raises(MusicError):
        parse("O6 T255 Q", state)
    assert state == MusicState()
