"""INT 09h: what the BIOS makes of physical keys going down and up.

The front ends see host key events; the BIOS saw make and break codes.  This is the keyboard
interrupt's side of the machine: the shift state at 0040:0017, the typematic repeat of the
8042, Alt+keypad numbers, and the word each press stores in the BIOS buffer (vconsole.keyboard).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .keyboard import (
    ALT,
    CAPS_LOCK,
    CHAR_SCAN,
    CTRL,
    INSERT,
    KEYPAD,
    LEFT_SHIFT,
    NUM_LOCK,
    RIGHT_SHIFT,
    SCROLL_LOCK,
    bios_word,
    word_for_char,
)

# INT 09h: what the BIOS makes of physical keys going down and up.
#
# A physical key is named as the BIOS tables name it: a main-block key by its
# unshifted US character ("a", "1", "/", "Space"), the others by name ("F1",
# "Enter", "Up" for the gray arrow, "KP8" for the keypad one, "Gray/",
# "KPEnter") and the shift keys "LShift RShift LCtrl RCtrl LAlt RAlt CapsLock
# NumLock ScrollLock".  Front ends map their host's key events to these names.

MODIFIER_BITS = {"LShift": LEFT_SHIFT, "RShift": RIGHT_SHIFT, "LCtrl": CTRL, "RCtrl": CTRL,
                 "LAlt": ALT, "RAlt": ALT}
LOCK_BITS = {"CapsLock": CAPS_LOCK, "NumLock": NUM_LOCK, "ScrollLock": SCROLL_LOCK}


class Typematic:
    """The keyboard's own auto-repeat: the last key pressed repeats while held.

    The 8042 default is a 500 ms delay, then 10.9 make codes a second.  Only
    the most recently pressed key repeats, so pressing Shift while holding 'a'
    stops the 'a's, and releasing some other key does not.
    """

    def __init__(self, delay: float = 0.5, rate: float = 10.9) -> None:
        self.delay, self.period = delay, 1.0 / rate
        self.key: str | None = None
        self.next_due: float | None = None

    def press(self, key: str, now: float) -> None:
        self.key, self.next_due = key, now + self.delay

    def release(self, key: str) -> None:
        if key == self.key:
            self.key = self.next_due = None

    def due(self, now: float, limit: int = 3) -> int:
        """How many repeats are due by `now` (at most `limit`: a stalled host must not flood the buffer)."""
        if self.next_due is None:
            return 0
        n = 0
        while self.next_due <= now and n < limit:
            n += 1
            self.next_due += self.period
        if self.next_due <= now:
            self.next_due = now + self.period
        return n


class KeyBuffer(Protocol):
    """What INT 09h writes to: the BIOS buffer and the shift flags (keyboard.Keyboard, or a front
    end's frontends.inputs.KeyboardPort, which passes the writes through its Inputs to be journalled)."""

    shift_flags: int

    def push(self, word: int) -> bool: ...

    def flush(self) -> None: ...


class KeyboardInput:
    """The INT 09h handler: key make/break events -> buffer words and the 0040:0017 flags.

    The front end reports physical keys (see ``bios_word``) as they go down
    and up, and calls ``tick`` often enough for the typematic repeat, which
    the emulator generates itself because host repeat is unreliable (X11
    repeats only text keys).  Host repeats must therefore not be passed in.
    """

    def __init__(self, keyboard: KeyBuffer, typematic: Typematic | None = None) -> None:
        self.keyboard = keyboard
        self.typematic = typematic or Typematic()
        self.held: set[str] = set()
        self._alt_number: int | None = None  # Alt + keypad digits being typed
        self._repeat_char: str | None = None
        # A national layout (DOS KEYB, frontends.layouts.Translator): (key, flags, held) -> the words
        # to store, () for none, or None where the US translation below applies.
        self.translate: Callable[[str, int, set[str]], tuple[int, ...] | None] | None = None

    @property
    def flags(self) -> int:
        return self.keyboard.shift_flags

    def _set_flags(self, value: int) -> None:
        self.keyboard.shift_flags = value & 0xFF

    def set_locks(self, num: bool | None = None, caps: bool | None = None,
                  scroll: bool | None = None) -> None:
        """Follow the host's lock lights, so the keypad and letters agree with them."""
        f = self.flags
        for bit, on in ((NUM_LOCK, num), (CAPS_LOCK, caps), (SCROLL_LOCK, scroll)):
            if on is not None:
                f = (f | bit) if on else (f & ~bit)
        self._set_flags(f)

    def press(self, key: str, now: float, char: str | None = None) -> int | None:
        """A key went down (not a host repeat).  `char` is the character the host's layout
        gave it, used for unmodified typing so other layouts type what their keycaps say.
        Returns the word stored, or None."""
        self.held.add(key)
        self.typematic.press(key, now)
        self._repeat_char = char
        return self._make(key, char, repeat=False)

    def release(self, key: str) -> None:
        self.held.discard(key)
        self.typematic.release(key)
        if key in MODIFIER_BITS:
            bit = MODIFIER_BITS[key]
            twin = {"LCtrl": "RCtrl", "RCtrl": "LCtrl", "LAlt": "RAlt", "RAlt": "LAlt"}.get(key)
            if twin is None or twin not in self.held:
                self._set_flags(self.flags & ~bit)
            if bit == ALT and not (self.flags & ALT) and self._alt_number is not None:
                code, self._alt_number = self._alt_number, None
                if code:
                    self.keyboard.push(code & 0xFF)  # Alt-number entry: scan code 0

    def release_all(self) -> None:
        """The window lost the keyboard: nothing is held any more."""
        for key in list(self.held):
            self.release(key)
        self._alt_number = None

    def tick(self, now: float) -> list[int]:
        """Typematic repeats due by `now`; returns the words stored."""
        key = self.typematic.key
        out: list[int] = []
        if key is None:
            return out
        for _ in range(self.typematic.due(now)):
            w = self._make(key, self._repeat_char, repeat=True)
            if w is not None:
                out.append(w)
        return out

    def _make(self, key: str, char: str | None, repeat: bool) -> int | None:
        if key in MODIFIER_BITS:
            self._set_flags(self.flags | MODIFIER_BITS[key])
            if MODIFIER_BITS[key] == ALT and not repeat:
                self._alt_number = None
            return None
        if key in LOCK_BITS:
            if not repeat:  # the BIOS ignores a held lock key's repeats
                self._set_flags(self.flags ^ LOCK_BITS[key])
            return None
        f = self.flags
        if key == "Break":
            if f & CTRL:  # Ctrl+Break: the buffer is emptied and a 0000h word stored
                self.keyboard.flush()
                self.keyboard.push(0x0000)
                return 0x0000
            return None
        if f & ALT and not f & CTRL and key in KEYPAD and key != "KP.":
            self._alt_number = ((self._alt_number or 0) * 10 + int(KEYPAD[key][1])) & 0xFF
            return None
        if f & ALT and not f & CTRL and key == "KP5":
            self._alt_number = ((self._alt_number or 0) * 10 + 5) & 0xFF
            return None
        if self.translate is not None:
            words = self.translate(key, f, self.held)
            if words is not None:
                for w in words:
                    self.keyboard.push(w)
                return words[-1] if words else None
        if (char is not None and len(char) == 1 and char in CHAR_SCAN and not f & (CTRL | ALT)
                and not char.isalpha()):
            word: int | None = word_for_char(char)
        else:
            word = bios_word(key, f)
        if word is None:
            return None
        if word in (0x5200, 0x52E0):
            self._set_flags(self.flags ^ INSERT)  # Ins toggles insert mode at 0040:0017 bit 7
        self.keyboard.push(word)
        return word
