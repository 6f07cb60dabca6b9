"""The BIOS keyboard: key words, the type-ahead buffer and the shift flags.

Every key a DOS program reads through INT 16h is one 16-bit word, scan code in
the high byte and ASCII in the low byte; keys with no ASCII (F-keys, arrows,
Alt combinations) have ASCII 0.  Programs of the time compare those words
directly, so this module produces exactly the values of the IBM BIOS for a US
keyboard (INT 16h AH=00h view: gray keys report like their keypad twins).
"""
from __future__ import annotations

import collections
import threading
from dataclasses import dataclass
from typing import Callable

BUFFER_SIZE = 15  # the BIOS ring buffer holds 16 words, one slot always empty

# Shift-state flags as at 0040:0017.
RIGHT_SHIFT, LEFT_SHIFT, CTRL, ALT = 0x01, 0x02, 0x04, 0x08
SCROLL_LOCK, NUM_LOCK, CAPS_LOCK, INSERT = 0x10, 0x20, 0x40, 0x80

# US layout: scan code -> (unshifted, shifted) character of the main block.
_MAIN = {
    0x02: "1!", 0x03: "2@", 0x04: "3#", 0x05: "4$", 0x06: "5%", 0x07: "6^", 0x08: "7&",
    0x09: "8*", 0x0A: "9(", 0x0B: "0)", 0x0C: "-_", 0x0D: "=+",
    0x10: "qQ", 0x11: "wW", 0x12: "eE", 0x13: "rR", 0x14: "tT", 0x15: "yY", 0x16: "uU",
    0x17: "iI", 0x18: "oO", 0x19: "pP", 0x1A: "[{", 0x1B: "]}",
    0x1E: "aA", 0x1F: "sS", 0x20: "dD", 0x21: "fF", 0x22: "gG", 0x23: "hH", 0x24: "jJ",
    0x25: "kK", 0x26: "lL", 0x27: ";:", 0x28: "'\"", 0x29: "`~", 0x2B: "\\|",
    0x2C: "zZ", 0x2D: "xX", 0x2E: "cC", 0x2F: "vV", 0x30: "bB", 0x31: "nN", 0x32: "mM",
    0x33: ",<", 0x34: ".>", 0x35: "/?", 0x39: "  ",
}
#: printable character -> (scan code, needs shift)
CHAR_SCAN: dict[str, tuple[int, bool]] = {}
for _scan, (_lo, _hi) in _MAIN.items():
    CHAR_SCAN.setdefault(_lo, (_scan, False))
    CHAR_SCAN.setdefault(_hi, (_scan, True))

# Named keys: name -> (plain, shift, ctrl, alt) words; None where the BIOS gives nothing.
_F = {f"F{n}": (0x3A + n, 0x53 + n, 0x5D + n, 0x67 + n) for n in range(1, 11)}
NAMED: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    **{k: (p << 8, s << 8, c << 8, a << 8) for k, (p, s, c, a) in _F.items()},
    "F11": (0x8500, 0x8700, 0x8900, 0x8B00),
    "F12": (0x8600, 0x8800, 0x8A00, 0x8C00),
    "Esc": (0x011B, 0x011B, 0x011B, 0x0100),
    "Backspace": (0x0E08, 0x0E08, 0x0E7F, 0x0E00),
    "Tab": (0x0F09, 0x0F00, 0x9400, 0xA500),
    "Enter": (0x1C0D, 0x1C0D, 0x1C0A, 0x1C00),
    "Space": (0x3920, 0x3920, 0x3920, 0x3920),
    "Up": (0x4800, 0x4800, 0x8D00, 0x9800),
    "Down": (0x5000, 0x5000, 0x9100, 0xA000),
    "Left": (0x4B00, 0x4B00, 0x7300, 0x9B00),
    "Right": (0x4D00, 0x4D00, 0x7400, 0x9D00),
    "Home": (0x4700, 0x4700, 0x7700, 0x9700),
    "End": (0x4F00, 0x4F00, 0x7500, 0x9F00),
    "PgUp": (0x4900, 0x4900, 0x8400, 0x9900),
    "PgDn": (0x5100, 0x5100, 0x7600, 0xA100),
    "Ins": (0x5200, 0x5200, 0x9200, 0xA200),
    "Del": (0x5300, 0x5300, 0x9300, 0xA300),
    "Gray+": (0x4E2B, 0x4E2B, 0x9000, 0x4E00),
    "Gray-": (0x4A2D, 0x4A2D, 0x8E00, 0x4A00),
    "Gray*": (0x372A, 0x372A, 0x9600, 0x3700),
    "Gray/": (0x352F, 0x352F, 0x9500, 0xA400),
    "KPEnter": (0x1C0D, 0x1C0D, 0x1C0A, 0xA600),
    "KP5": (0x4C35, 0x4C00, 0x8F00, None),
}
# Keypad with Num Lock on gives digits; off (or shifted) gives the cursor keys.
KEYPAD = {
    "KP7": (0x47, "7", "Home"), "KP8": (0x48, "8", "Up"), "KP9": (0x49, "9", "PgUp"),
    "KP4": (0x4B, "4", "Left"), "KP6": (0x4D, "6", "Right"),
    "KP1": (0x4F, "1", "End"), "KP2": (0x50, "2", "Down"), "KP3": (0x51, "3", "PgDn"),
    "KP0": (0x52, "0", "Ins"), "KP.": (0x53, ".", "Del"),
}
_ALT_DIGITS = {"1": 0x78, "2": 0x79, "3": 0x7A, "4": 0x7B, "5": 0x7C, "6": 0x7D, "7": 0x7E,
               "8": 0x7F, "9": 0x80, "0": 0x81, "-": 0x82, "=": 0x83}
# The enhanced (101-key) BIOS also reports Alt with the other main-block keys, as the bare scan code.
_ALT_PUNCT = {"[": 0x1A, "]": 0x1B, ";": 0x27, "'": 0x28, "`": 0x29, "\\": 0x2B, ",": 0x33,
              ".": 0x34, "/": 0x35}
# Ctrl with a non-letter: only these keys have a control code (or NUL) in the BIOS tables.
_CTRL_OTHER = {"2": 0x0300, "6": 0x071E, "-": 0x0C1F, "[": 0x1A1B, "]": 0x1B1D, "\\": 0x2B1C}

# Reverse map for naming words that have no ASCII.
_WORD_NAME: dict[int, str] = {}
for _name, _words in NAMED.items():
    for _mod, _w in zip(("", "Shift+", "Ctrl+", "Alt+"), _words):
        if _w is not None and (_w & 0xFF) == 0:
            _WORD_NAME.setdefault(_w, _mod + _name)
for _scan, (_lo, _hi) in _MAIN.items():
    if _lo.isalpha():
        _WORD_NAME.setdefault(_scan << 8, "Alt+" + _hi)
for _ch, _scan in (_ALT_DIGITS | _ALT_PUNCT).items():
    _WORD_NAME.setdefault(_scan << 8, "Alt+" + _ch)
_WORD_NAME.setdefault(0x0300, "Ctrl+2")
# Gray / shares its AH=00h word with the main '/' key, so it reads as "/".
_GRAY_NAME = {(0x4E, 0x2B): "Gray+", (0x4A, 0x2D): "Gray-", (0x37, 0x2A): "Gray*"}
_ASCII_NAME = {0x1B: "Esc", 0x0D: "Enter", 0x08: "Backspace", 0x09: "Tab", 0x20: "Space"}


@dataclass(frozen=True)
class Key:
    """One BIOS key word as INT 16h AH=00h returns it."""

    word: int

    @property
    def scan(self) -> int:
        return self.word >> 8

    @property
    def ascii(self) -> int:
        return self.word & 0xFF

    @property
    def char(self) -> str:
        """The printable character typed, or '' for control and extended keys."""
        a = self.ascii
        return chr(a) if 0x20 <= a < 0x7F else ""

    @property
    def name(self) -> str:
        """A readable name: 'F7', 'Esc', 'Up', 'Ctrl+Q', 'Alt+X', or the character itself."""
        a, s = self.ascii, self.scan
        if a == 0 or a == 0xE0:
            return _WORD_NAME.get(self.word & 0xFF00, f"Scan{s:02X}")
        if s == 0x0F and a == 0x09:
            return "Tab"
        if (s, a) in _GRAY_NAME:
            return _GRAY_NAME[s, a]
        if a in _ASCII_NAME and s in (0x01, 0x1C, 0x0E, 0x0F, 0x39):
            return _ASCII_NAME[a]
        if a < 0x20:
            return "Ctrl+" + chr(a + 0x40)
        if a == 0x7F and s == 0x0E:
            return "Ctrl+Backspace"
        return chr(a) if a < 0x80 else f"Char{a:02X}"

    def __repr__(self) -> str:
        return f"Key({self.word:04X} {self.name})"


def word_for(name: str) -> int:
    """The BIOS word for a key name such as 'F1', 'Shift+Tab', 'Ctrl+Q', 'Alt+X', 'KP7', 'a'.

    Raises KeyError with the offending name for anything the keyboard could not send.
    """
    mod, base = "", name
    for m in ("Shift+", "Ctrl+", "Alt+"):
        if name.startswith(m) and len(name) > len(m):
            mod, base = m, name[len(m):]
            break
    col = {"": 0, "Shift+": 1, "Ctrl+": 2, "Alt+": 3}[mod]
    if base in NAMED:
        w = NAMED[base][col]
        if w is None:
            raise KeyError(name)
        return w
    if base in KEYPAD:
        scan, digit, cursor = KEYPAD[base]
        if mod == "":
            return (scan << 8) | ord(digit)  # Num Lock on: the scripts' KPn means the digit
        return word_for(mod + cursor) if mod != "Shift+" else NAMED[cursor][0]
    if len(base) == 1 and base in CHAR_SCAN:
        scan, shifted = CHAR_SCAN[base]
        if mod == "":
            return (scan << 8) | ord(base)
        if mod == "Shift+" and not base.isalpha():
            raise KeyError(name)  # type the shifted character itself instead
        w = bios_word(_MAIN[scan][0], {"Shift+": LEFT_SHIFT, "Ctrl+": CTRL, "Alt+": ALT}[mod])
        if w is not None:
            return w
    raise KeyError(name)


def word_for_char(ch: str) -> int:
    """The word a US keyboard sends for a typed character (Shift implied)."""
    if ch in CHAR_SCAN:
        return (CHAR_SCAN[ch][0] << 8) | ord(ch)
    if ch == "\r" or ch == "\n":
        return 0x1C0D
    if ch == "\t":
        return 0x0F09
    raise KeyError(ch)


class Keyboard:
    """INT 16h services over the 15-key type-ahead buffer.

    The front end pushes words as keys are pressed; the program reads them.
    Blocking reads go through the machine's ``idle`` so a headless run can feed
    its script, and a closed window can stop the program at this call.
    """

    def __init__(self, idle: Callable[..., None] | None = None,
                 on_overflow: Callable[[], None] | None = None) -> None:
        self._buf: collections.deque[int] = collections.deque()
        self._lock = threading.Lock()
        self.idle = idle  # set by the machine: idle(deadline, wake_on_input)
        self.on_overflow = on_overflow
        self.shift_flags = NUM_LOCK
        self.dropped = 0
        self.poll_hook: Callable[[], None] | None = None  # lets a stop request reach a polling program

    # -- front end side -----------------------------------------------------
    def push(self, word: int) -> bool:
        """A key arrives from the keyboard; a 16th key is lost with a beep, as on the PC."""
        with self._lock:
            if len(self._buf) >= BUFFER_SIZE:
                self.dropped += 1
                full = True
            else:
                self._buf.append(word & 0xFFFF)
                full = False
        if full and self.on_overflow:
            self.on_overflow()
        return not full

    # -- program side ---------------------------------------------------------
    def pending(self) -> int:
        with self._lock:
            return len(self._buf)

    def peek(self) -> Key | None:
        """INT 16h AH=01h: the next key without taking it, or None."""
        if self.poll_hook:
            self.poll_hook()
        with self._lock:
            return Key(self._buf[0]) if self._buf else None

    def get(self) -> Key | None:
        """Take the next key if one is waiting, without blocking."""
        if self.poll_hook:
            self.poll_hook()
        with self._lock:
            return Key(self._buf.popleft()) if self._buf else None

    def read(self) -> Key:
        """INT 16h AH=00h: wait for a key and take it."""
        while True:
            key = self.get()
            if key is not None:
                return key
            if self.idle is None:
                raise RuntimeError("no key waiting and no machine to wait on")
            self.idle(None, "keys")

    def flush(self) -> None:
        """Throw away type-ahead (programs do this before a Y/N question)."""
        with self._lock:
            self._buf.clear()

    def shift_state(self) -> int:
        """INT 16h AH=02h: the 0040:0017 flags byte."""
        return self.shift_flags


# ---------------------------------------------------------------------------
# INT 09h: what the BIOS makes of physical keys going down and up.
#
# A physical key is named as the BIOS tables name it: a main-block key by its
# unshifted US character ("a", "1", "/", "Space"), the others by name ("F1",
# "Enter", "Up" for the gray arrow, "KP8" for the keypad one, "Gray/",
# "KPEnter") and the shift keys "LShift RShift LCtrl RCtrl LAlt RAlt CapsLock
# NumLock ScrollLock".  Front ends map their host's key events to these names.

MAIN_KEYS = frozenset({"Space"} | {lo for lo, _hi in _MAIN.values() if lo != " "})
MODIFIER_BITS = {"LShift": LEFT_SHIFT, "RShift": RIGHT_SHIFT, "LCtrl": CTRL, "RCtrl": CTRL,
                 "LAlt": ALT, "RAlt": ALT}
LOCK_BITS = {"CapsLock": CAPS_LOCK, "NumLock": NUM_LOCK, "ScrollLock": SCROLL_LOCK}


def bios_word(key: str, flags: int) -> int | None:
    """The word the BIOS stores for physical `key` pressed with shift flags `flags`, or None.

    Alt wins over Ctrl, Ctrl over Shift, as in the BIOS's translation tables.
    Caps Lock only affects letters (and Shift undoes it); Num Lock turns the
    keypad into digits (and Shift undoes that too).  None means the BIOS
    stores nothing (e.g. Ctrl+; or Alt with a keypad digit, which is the
    Alt-number entry handled by ``KeyboardInput``).
    """
    shift = bool(flags & (LEFT_SHIFT | RIGHT_SHIFT))
    ctrl, alt = bool(flags & CTRL), bool(flags & ALT)
    if key in MAIN_KEYS:
        ch = " " if key == "Space" else key
        scan, _ = CHAR_SCAN[ch]
        if ch == " ":
            return 0x3920
        if alt:
            if ch.isalpha():
                return scan << 8
            code = _ALT_DIGITS.get(ch) or _ALT_PUNCT.get(ch)
            return code << 8 if code else None
        if ctrl:
            if ch.isalpha():
                return (scan << 8) | (ord(ch.upper()) - 0x40)
            return _CTRL_OTHER.get(ch)
        if ch.isalpha():
            upper = shift != bool(flags & CAPS_LOCK)
            return (scan << 8) | ord(ch.upper() if upper else ch)
        return (scan << 8) | ord(_MAIN[scan][1] if shift else ch)
    if key in KEYPAD:
        scan, digit, cursor = KEYPAD[key]
        if alt:
            return None
        if ctrl:
            return NAMED[cursor][2]
        if shift != bool(flags & NUM_LOCK):
            return (scan << 8) | ord(digit)
        return NAMED[cursor][0]
    if key == "KP5":
        if alt:
            return None
        if ctrl:
            return 0x8F00
        return 0x4C35 if shift != bool(flags & NUM_LOCK) else 0x4C00
    if key in NAMED:
        return NAMED[key][3 if alt else 2 if ctrl else 1 if shift else 0]
    return None


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


class KeyboardInput:
    """The INT 09h handler: key make/break events -> buffer words and the 0040:0017 flags.

    The front end reports physical keys (see ``bios_word``) as they go down
    and up, and calls ``tick`` often enough for the typematic repeat, which
    the emulator generates itself because host repeat is unreliable (X11
    repeats only text keys).  Host repeats must therefore not be passed in.
    """

    def __init__(self, keyboard: Keyboard, typematic: Typematic | None = None) -> None:
        self.keyboard = keyboard
        self.typematic = typematic or Typematic()
        self.held: set[str] = set()
        self._alt_number: int | None = None  # Alt + keypad digits being typed
        self._repeat_char: str | None = None

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
        out = []
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
        if (char is not None and len(char) == 1 and char in CHAR_SCAN and not f & (CTRL | ALT)
                and not char.isalpha()):
            word = word_for_char(char)
        else:
            word = bios_word(key, f)
        if word is None:
            return None
        if word == 0x5200:
            self._set_flags(self.flags ^ INSERT)  # Ins toggles insert mode at 0040:0017 bit 7
        self.keyboard.push(word)
        return word
