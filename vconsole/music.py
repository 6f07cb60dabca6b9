"""GW-BASIC's PLAY music language, parsed into timed notes.

PLAY strings were the way DOS-era BASIC programs (and many games that copied
them) described tunes for the PC speaker.  The interpreter kept its settings
(octave, tempo, length, articulation, foreground/background) between PLAY
statements, so a later ``PLAY "C"`` plays in whatever octave an earlier
string chose; :class:`MusicState` carries that memory.

Pitch follows PC-BASIC's reading of GW-BASIC: note ``N n`` (1-84) is
``440 * 2 ** ((n - 34) / 12)`` Hz and a letter in octave ``o`` is note
``12 * o + semitone + 1`` (C = 0 ... B = 11), so ``O2 A`` is 440 Hz and the
default ``O4 A`` is 1760 Hz.  (The GW-BASIC manual's claim that middle C
starts octave 3 does not match what the interpreter plays.)

Durations are computed with exact fractions so that a long tune does not
drift: a note of length ``L`` at tempo ``T`` lasts ``(240 / T) / L`` seconds
(a whole note is four beats and ``T`` counts quarter notes per minute), and
every dot multiplies the length by 3/2 again.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

# Fraction of a note that actually sounds: MN (normal), ML (legato), MS (staccato).
NORMAL = Fraction(7, 8)
LEGATO = Fraction(1)
STACCATO = Fraction(3, 4)

_SEMITONES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
# Sharps and flats must name a black key, as the interpreter insists.
_NO_SHARP = {"E", "B"}
_NO_FLAT = {"C", "F"}


class MusicError(ValueError):
    """A PLAY string the interpreter would reject ("Illegal function call")."""

    def __init__(self, music: str, position: int, expected: str) -> None:
        self.music = music
        self.position = position
        self.expected = expected
        found = repr(music[position]) if position < len(music) else "end of string"
        super().__init__(
            f"PLAY string error at position {position + 1}: expected {expected}, found {found}"
        )


class Note(NamedTuple):
    """One queued sound: pitch (None = rest), how long it sounds, how long it occupies."""

    hz: float | None
    sound_seconds: float
    total_seconds: float


@dataclass
class MusicState:
    """What the interpreter remembers between PLAY statements (defaults: T120 L4 O4 MN MF)."""

    octave: int = 4
    length: Fraction = Fraction(1, 4)  # fraction of a whole note
    tempo: int = 120  # quarter notes per minute
    articulation: Fraction = NORMAL
    foreground: bool = True


def note_hz(n: int) -> float:
    """Frequency of note ``N n`` (1-84) in equal temperament on A = 440 Hz."""
    if not 1 <= n <= 84:
        raise ValueError(f"note number {n} outside 1-84")
    return float(440.0 * 2.0 ** ((n - 34) / 12))


def whole_note_seconds(tempo: int) -> Fraction:
    """Four beats at ``tempo`` quarter notes per minute."""
    return Fraction(240, tempo)


class _Reader:
    """Walks the string skipping spaces, remembering each character's original position."""

    def __init__(self, music: str) -> None:
        self.music = music
        self.chars = [(i, c.upper()) for i, c in enumerate(music) if c != " "]
        self.i = 0

    def peek(self) -> str:
        return self.chars[self.i][1] if self.i < len(self.chars) else ""

    def pos(self) -> int:
        return self.chars[self.i][0] if self.i < len(self.chars) else len(self.music)

    def take(self) -> str:
        c = self.peek()
        self.i += 1
        return c

    def error(self, expected: str, position: int | None = None) -> MusicError:
        return MusicError(self.music, self.pos() if position is None else position, expected)

    def number(self, what: str, low: int, high: int) -> int:
        """A number that must be there."""
        value = self.optional_number(what, low, high, required=True)
        assert value is not None  # required=True raises instead of returning None
        return value

    def optional_number(self, what: str, low: int, high: int, required: bool = False) -> int | None:
        start = self.pos()
        digits = ""
        while self.peek().isdigit() and self.peek().isascii():
            digits += self.take()
        if not digits:
            if required:
                raise self.error(f"a number ({what}, {low}-{high})")
            return None
        value = int(digits)
        if not low <= value <= high:
            raise MusicError(self.music, start, f"{what} in {low}-{high} (got {value})")
        return value

    def dots(self) -> int:
        n = 0
        while self.peek() == ".":
            self.take()
            n += 1
        return n


def parse(music: str, state: MusicState | None = None) -> tuple[list[Note], MusicState]:
    """Turn a PLAY string into notes, starting from (a copy of) ``state``.

    Returns the notes and the state after the string; the caller keeps that
    state for the next PLAY, as the interpreter does.  Nothing is changed if
    the string is bad: the whole string is checked before anything plays.
    """
    st = replace(state) if state is not None else MusicState()
    r = _Reader(music)
    notes: list[Note] = []

    def emit(hz: float | None, length: Fraction, dots: int) -> None:
        total = whole_note_seconds(st.tempo) * length * Fraction(3, 2) ** dots
        sound = total * st.articulation if hz is not None else Fraction(0)
        notes.append(Note(hz, float(sound), float(total)))

    while r.peek():
        at = r.pos()
        c = r.take()
        if c == ";":
            continue
        if c in _SEMITONES:
            semitone = _SEMITONES[c]
            if r.peek() in ("#", "+"):
                if c in _NO_SHARP:
                    raise r.error(f"no sharp after {c} (it has no black key above it)")
                r.take()
                semitone += 1
            elif r.peek() == "-":
                if c in _NO_FLAT:
                    raise r.error(f"no flat after {c} (it has no black key below it)")
                r.take()
                semitone -= 1
            value = r.optional_number("note length", 0, 64)
            length = st.length if not value else Fraction(1, value)
            emit(note_hz(12 * st.octave + semitone + 1), length, r.dots())
        elif c == "N":
            n = r.number("note number", 0, 84)
            emit(note_hz(n) if n else None, st.length, r.dots())
        elif c == "P":
            value = r.number("pause length", 0, 64)
            if value:
                emit(None, Fraction(1, value), r.dots())
            elif r.peek() == ".":
                raise r.error("no dot after P0 (a pause of no length)")
        elif c == "O":
            st.octave = r.number("octave", 0, 6)
        elif c == ">":
            st.octave = min(6, st.octave + 1)
        elif c == "<":
            st.octave = max(0, st.octave - 1)
        elif c == "L":
            st.length = Fraction(1, r.number("length", 1, 64))
        elif c == "T":
            st.tempo = r.number("tempo", 32, 255)
        elif c == "M":
            m = r.peek()
            if m not in ("N", "L", "S", "F", "B"):
                raise r.error("one of MN ML MS MF MB")
            r.take()
            if m == "N":
                st.articulation = NORMAL
            elif m == "L":
                st.articulation = LEGATO
            elif m == "S":
                st.articulation = STACCATO
            else:
                st.foreground = m == "F"
        else:
            raise MusicError(music, at, "a PLAY command (A-G N P O < > L T M ;)")
    return notes, st
