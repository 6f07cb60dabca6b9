"""The PC speaker: PIT channel 2, the port 61h gate, and the services programs used.

On the IBM PC the speaker cone is driven by PIT channel 2 running as a square
wave generator (mode 3) from the 1 193 182 Hz timer clock: the pitch is
``1193182 / divisor`` (a divisor of 0 counts 65536), and nothing sounds
unless port 61h bits 0 (timer gate) and 1 (speaker data) are both set.  A
DOS program either poked those ports itself or used a library routine built
on them: Turbo Pascal's Sound/NoSound/Delay, BASIC's BEEP, SOUND and PLAY.

The model keeps the two registers and turns every change of what the cone
does into an event ``(clock time, hz or None)`` on :attr:`Speaker.timeline`;
listeners (``add_sink``) receive each event as it is made - the live audio
output and the WAV recorder render them with :mod:`vconsole.synth`.

Two kinds of service:

* Direct hardware (``set_divisor``, ``set_gate``, ``out_61``, ``sound``,
  ``nosound``) acts at once, like an OUT instruction.  It takes the speaker
  away from any music still queued: the rest of that music is dropped.
* Queued services (``beep``, ``tone``, ``play``) are scheduled after any
  music already waiting, the way BASIC's sound queue worked, and block the
  program for their length.  ``play`` in background mode (MB) returns at
  once unless the queue is full (see :meth:`Speaker.play`).

Events may lie in the future (queued music).  Rule for listeners: an event at
time t replaces every event announced earlier with a time at or after t.
That is how dropped music and muting reach an output that was told about
notes ahead of time.

``muted`` (the --mute option, or a program's own sound switch) silences the
output only; timing is untouched, so a muted game runs exactly as long as a
loud one.
"""
from __future__ import annotations

import bisect
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .clock import PIT_HZ

# The PLAY interpreter and its exact fractions are imported by the first sound, not at start-up.
if TYPE_CHECKING:
    from .music import MusicState, Note

BEEP_HZ = 800
BEEP_SECONDS = 0.25
# GW-BASIC's background music buffer: 32 entries (a tone and its articulation
# gap count separately) plus the one playing.
QUEUE_ENTRIES = 32
# The AT keyboard BIOS's buffer-full beep drives port 61h bit 1 by hand: 184
# cycles of 300 us on + 300 us off (about 1667 Hz for 0.11 s), then puts the
# port back as it was.
CLICK_HALF_CYCLE = 300e-6
CLICK_CYCLES = 184


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SpeakerEvent(NamedTuple):
    """From ``time`` on (clock seconds) the cone plays ``hz``, or is still when None."""

    time: float
    hz: float | None


Sink = Callable[[SpeakerEvent], None]


def divisor_for(hz: float) -> int:
    """The PIT count a program would load for ``hz``: rounded, 1..65536 (65536 is written as 0)."""
    if not hz > 0:
        raise ValueError(f"frequency must be positive, not {hz!r}")
    return min(65536, max(1, round(PIT_HZ / hz)))


def divisor_hz(divisor: int) -> float:
    """The tone PIT channel 2 really makes for a divisor (0 counts 65536)."""
    return PIT_HZ / (divisor or 65536)


def pit_hz(hz: float) -> float:
    """``hz`` as the speaker can actually play it (through the integer divisor)."""
    return divisor_hz(divisor_for(hz))


class _Schedule:
    """A list of events under the replace-from-t rule, with lookups by time."""

    def __init__(self) -> None:
        self.events: list[SpeakerEvent] = []

    def value_at(self, t: float) -> float | None:
        i = bisect.bisect_right(self.events, t, key=lambda e: e.time)
        return self.events[i - 1].hz if i else None

    def put(self, t: float, hz: float | None) -> bool:
        """Record a change at t; True if anything (including a dropped future) changed."""
        new = SpeakerEvent(t, hz)
        dropped = []
        while self.events and self.events[-1].time >= t:
            dropped.append(self.events.pop())
        if dropped == [new]:  # the same change again
            self.events.append(new)
            return False
        before = self.events[-1].hz if self.events else None
        if before == hz and not dropped:
            return False
        self.events.append(new)
        return True

    def after(self, t: float) -> list[SpeakerEvent]:
        i = bisect.bisect_right(self.events, t, key=lambda e: e.time)
        return self.events[i:]


class Speaker:
    """PIT channel 2 + port 61h, and the sound services a DOS program called."""

    def __init__(self, clock: Clock, *, muted: bool = False) -> None:
        self.clock = clock
        self._divisor = 0  # as loaded into the PIT; 0 counts 65536
        self._gate = False  # port 61h bits 0 and 1 both set
        self._muted = bool(muted)
        self._hw = _Schedule()  # what the hardware does (music included)
        self._out = _Schedule()  # what is heard (after muting)
        self._sinks: list[Sink] = []
        self._music: MusicState | None = None  # T120 L4 O4 MN MF until a PLAY changes them
        self._queue_end = 0.0
        self._queue_entries: list[float] = []  # end time of each queued tone / gap
        # the keyboard's buffer-full click can come from the front end's thread
        self._lock = threading.RLock()

    # -- listeners ---------------------------------------------------------

    @property
    def timeline(self) -> list[SpeakerEvent]:
        """Every output change so far (and queued ahead), replaced entries removed."""
        return self._out.events

    def add_sink(self, sink: Sink) -> None:
        self._sinks.append(sink)

    def remove_sink(self, sink: Sink) -> None:
        self._sinks.remove(sink)

    def _emit(self, t: float, hz: float | None) -> None:
        if self._out.put(t, hz):
            event = self._out.events[-1]
            for sink in list(self._sinks):
                sink(event)

    def _set_hw(self, t: float, hz: float | None) -> None:
        if self._hw.put(t, hz) and not self._muted:
            self._emit(t, hz)

    # -- muting ------------------------------------------------------------

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        value = bool(value)
        with self._lock:
            if value == self._muted:
                return
            self._muted = value
            now = self.clock.now()
            if value:
                self._emit(now, None)
            else:
                self._emit(now, self._hw.value_at(now))
                for event in self._hw.after(now):
                    self._emit(event.time, event.hz)

    # -- the hardware ------------------------------------------------------

    @property
    def divisor(self) -> int:
        """PIT channel 2 count as last loaded (0 means 65536)."""
        return self._divisor

    @property
    def gate(self) -> bool:
        return self._gate

    @property
    def frequency(self) -> float | None:
        """What the hardware is sounding right now (ignores muting)."""
        return self._hw.value_at(self.clock.now())

    def _apply_registers(self) -> None:
        with self._lock:
            now = self.clock.now()
            self._queue_end = min(self._queue_end, now)
            self._queue_entries = []
            self._set_hw(now, divisor_hz(self._divisor) if self._gate else None)

    def set_divisor(self, divisor: int) -> None:
        """OUT 43h,B6h then the count to port 42h (low byte, high byte)."""
        d = int(divisor)
        if not 0 <= d <= 65536:
            raise ValueError(f"PIT divisor {divisor} outside 0-65536")
        self._divisor = d % 65536
        self._apply_registers()

    def set_gate(self, on: bool) -> None:
        """Set (or clear) port 61h bits 0 and 1 together."""
        self._gate = bool(on)
        self._apply_registers()

    def out_61(self, value: int) -> None:
        """A full write to port 61h: the cone moves only with both low bits set."""
        self.set_gate(value & 3 == 3)

    # -- immediate services ------------------------------------------------

    def sound(self, hz: float) -> None:
        """Start a tone and leave it on (Turbo Pascal's Sound)."""
        divisor = divisor_for(hz) % 65536
        with self._lock:
            self._divisor = divisor
            self._gate = True
            self._apply_registers()

    def nosound(self) -> None:
        """Close the gate (Turbo Pascal's NoSound)."""
        self.set_gate(False)

    # -- queued services ---------------------------------------------------

    def _start_time(self) -> float:
        now = self.clock.now()
        self._queue_entries = [e for e in self._queue_entries if e > now]
        return max(now, self._queue_end)

    def _schedule(self, notes: list[Note]) -> float:
        with self._lock:
            return self._schedule_locked(notes)

    def _schedule_locked(self, notes: list[Note]) -> float:
        """Put notes on the hardware schedule after any queued music; return the end."""
        from fractions import Fraction

        start = self._start_time()
        elapsed = Fraction(0)
        for note in notes:
            t = start + float(elapsed)
            if note.hz is not None and note.sound_seconds > 0:
                sound_end = start + float(elapsed + Fraction(note.sound_seconds))
                self._set_hw(t, pit_hz(note.hz))
                self._queue_entries.append(sound_end)
                if note.sound_seconds < note.total_seconds:
                    self._set_hw(sound_end, None)
            else:
                self._set_hw(t, None)
            elapsed += Fraction(note.total_seconds)
            if note.hz is None or note.sound_seconds < note.total_seconds:
                self._queue_entries.append(start + float(elapsed))
        end = start + float(elapsed)
        self._set_hw(end, None)
        self._gate = False  # the music routine leaves the speaker off
        self._queue_end = end
        return end

    def _sleep_until(self, t: float) -> None:
        dt = t - self.clock.now()
        if dt > 0:
            self.clock.sleep(dt)

    def click(self) -> None:
        """The BIOS's type-ahead-full beep: about 1/9 s at ~1.67 kHz; does not block.

        The BIOS toggles the speaker bit itself and restores port 61h
        afterwards, so a held tone or queued music carries on behind it.
        """
        hz = 1.0 / (2 * CLICK_HALF_CYCLE)
        with self._lock:
            now = self.clock.now()
            end = now + CLICK_CYCLES * 2 * CLICK_HALF_CYCLE
            resume = self._hw.value_at(end)
            later = self._hw.after(end)
            self._set_hw(now, hz)
            self._set_hw(end, resume)
            for event in later:
                self._set_hw(event.time, event.hz)

    def beep(self) -> None:
        """BASIC's BEEP / the BIOS bell: 800 Hz for a quarter second; blocks."""
        from .music import Note

        self._sleep_until(self._schedule([Note(BEEP_HZ, BEEP_SECONDS, BEEP_SECONDS)]))

    def tone(self, hz: float, seconds: float) -> None:
        """Sound ``hz`` for ``seconds``, then silence; blocks (Sound + Delay + NoSound)."""
        if seconds < 0:
            raise ValueError("negative duration")
        divisor_for(hz)  # rejects nonsense pitches before anything is queued
        from .music import Note

        self._sleep_until(self._schedule([Note(hz, seconds, seconds)]))

    def play(self, music: str) -> None:
        """BASIC's PLAY: a GW-BASIC music string (see :mod:`vconsole.music`).

        Settings (octave, tempo, length, MN/ML/MS, MF/MB) carry over to the
        next call, as in the interpreter; the whole string is checked before
        anything sounds, and a bad one raises MusicError and changes nothing.

        MF (the default) blocks until the last note and its gap are over.
        MB queues the notes and returns; like GW-BASIC's 32-entry buffer
        (a tone and its articulation gap are two entries, a rest one), a call
        that would overfill the buffer blocks until the surplus has played.
        Later BEEP/tone/PLAY calls start after the queued music.
        """
        from .music import parse

        notes, state = parse(music, self.music_state)
        self._music = state
        end = self._schedule(notes)
        if state.foreground:
            self._sleep_until(end)
        else:
            self._wait_for_room()

    def _wait_for_room(self) -> None:
        entries = sorted(self._queue_entries)
        surplus = len(entries) - (QUEUE_ENTRIES + 1)
        if surplus > 0:
            self._sleep_until(entries[surplus - 1])

    def wait(self) -> None:
        """Block until all queued music has played."""
        self._sleep_until(self._queue_end)

    @property
    def music_state(self) -> MusicState:
        if self._music is None:
            from .music import MusicState

            self._music = MusicState()
        return self._music

    def reset_music(self) -> None:
        """Back to T120 L4 O4 MN MF (what RUN did)."""
        self._music = None
