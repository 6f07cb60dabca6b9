"""The BIOS keyboard: key words, the type-ahead buffer, the shift flags and the two INT 16h reads.

Every key a DOS program reads through INT 16h is one 16-bit word, scan code in
the high byte and ASCII in the low byte; keys with no ASCII (F-keys, arrows,
Alt combinations) have ASCII 0.  Programs of the time compare those words
directly, so this module produces exactly the values of the IBM BIOS for a US
101-key keyboard.

The buffer holds words the way the IBM enhanced-keyboard BIOS stores them
(INT 09h): the gray cursor-block keys carry E0h in the low byte (Up = 48E0h),
keypad Enter and keypad / carry E0h as their scan code (E00Dh, E02Fh), and
the Alt combinations that only the 101-key keyboard makes with a scan code
of 84h or below carry F0h in the low byte (Alt+Enter = 1CF0h, keypad 5 with
Num Lock off = 4CF0h).  The two reads then translate, as the BIOS's own
routines do:

* the enhanced read (INT 16h AH=10h/11h) delivers every key; F0h becomes
  00h, E0h stays (Ctrl+Up = 8DE0h, Alt+Enter = 1C00h, keypad / = E02Fh);
* the standard read (AH=00h/01h) is what an 83/84-key program expects: it
  throws away, from the buffer, every key that exists only on the 101-key
  keyboard (scan code above 84h, or an F0h marker), turns E0h in the low byte
  into 00h and gives keypad Enter and / the scan codes 1Ch and 35h.  Words
  with scan code 0 (Alt + keypad digits) pass both reads untouched.
"""
from __future__ import annotations

import collections
import threading
from collections.abc import Callable

from .records import record

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
for _scan, _pair in _MAIN.items():
    _lo, _hi = _pair[0], _pair[1]
    CHAR_SCAN.setdefault(_lo, (_scan, False))
    CHAR_SCAN.setdefault(_hi, (_scan, True))

# Named keys: name -> (plain, shift, ctrl, alt) words as the BIOS stores them (see the module
# docstring for E0h and F0h); None where the BIOS gives nothing.  Up ... Del are the gray
# cursor-block keys; KP5 follows the key-script convention of the keypad (Num Lock on).
_F = {f"F{n}": (0x3A + n, 0x53 + n, 0x5D + n, 0x67 + n) for n in range(1, 11)}
NAMED: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    **{k: (p << 8, s << 8, c << 8, a << 8) for k, (p, s, c, a) in _F.items()},
    "F11": (0x8500, 0x8700, 0x8900, 0x8B00),
    "F12": (0x8600, 0x8800, 0x8A00, 0x8C00),
    "Esc": (0x011B, 0x011B, 0x011B, 0x01F0),
    "Backspace": (0x0E08, 0x0E08, 0x0E7F, 0x0EF0),
    "Tab": (0x0F09, 0x0F00, 0x9400, 0xA500),
    "Enter": (0x1C0D, 0x1C0D, 0x1C0A, 0x1CF0),
    "Space": (0x3920, 0x3920, 0x3920, 0x3920),
    "Up": (0x48E0, 0x48E0, 0x8DE0, 0x9800),
    "Down": (0x50E0, 0x50E0, 0x91E0, 0xA000),
    "Left": (0x4BE0, 0x4BE0, 0x73E0, 0x9B00),
    "Right": (0x4DE0, 0x4DE0, 0x74E0, 0x9D00),
    "Home": (0x47E0, 0x47E0, 0x77E0, 0x9700),
    "End": (0x4FE0, 0x4FE0, 0x75E0, 0x9F00),
    "PgUp": (0x49E0, 0x49E0, 0x84E0, 0x9900),
    "PgDn": (0x51E0, 0x51E0, 0x76E0, 0xA100),
    "Ins": (0x52E0, 0x52E0, 0x92E0, 0xA200),
    "Del": (0x53E0, 0x53E0, 0x93E0, 0xA300),
    "Gray+": (0x4E2B, 0x4E2B, 0x9000, 0x4EF0),
    "Gray-": (0x4A2D, 0x4A2D, 0x8E00, 0x4AF0),
    "Gray*": (0x372A, 0x372A, 0x9600, 0x37F0),
    "Gray/": (0xE02F, 0xE02F, 0x9500, 0xA400),
    "KPEnter": (0xE00D, 0xE00D, 0xE00A, 0xA600),
    "KP5": (0x4C35, 0x4CF0, 0x8F00, None),
}
# Keypad with Num Lock on gives digits; off (or shifted) gives the cursor keys, without the
# gray block's E0h (keypad 8 = 4800h, Ctrl+keypad 8 = 8D00h).
KEYPAD = {
    "KP7": (0x47, "7", "Home"), "KP8": (0x48, "8", "Up"), "KP9": (0x49, "9", "PgUp"),
    "KP4": (0x4B, "4", "Left"), "KP6": (0x4D, "6", "Right"),
    "KP1": (0x4F, "1", "End"), "KP2": (0x50, "2", "Down"), "KP3": (0x51, "3", "PgDn"),
    "KP0": (0x52, "0", "Ins"), "KP.": (0x53, ".", "Del"),
}
_KEYPAD_DIGITS = {**{k: int(d) for k, (_s, d, _c) in KEYPAD.items() if d.isdigit()}, "KP5": 5}
_ALT_DIGITS = {"1": 0x78, "2": 0x79, "3": 0x7A, "4": 0x7B, "5": 0x7C, "6": 0x7D, "7": 0x7E,
               "8": 0x7F, "9": 0x80, "0": 0x81, "-": 0x82, "=": 0x83}
# The enhanced (101-key) BIOS also reports Alt with the other main-block keys: stored with F0h,
# read by AH=10h as the bare scan code, thrown away by AH=00h.
_ALT_PUNCT = {"[": 0x1A, "]": 0x1B, ";": 0x27, "'": 0x28, "`": 0x29, "\\": 0x2B, ",": 0x33,
              ".": 0x34, "/": 0x35}
# Ctrl with a non-letter: only these keys have a control code (or NUL) in the BIOS tables.
_CTRL_OTHER = {"2": 0x0300, "6": 0x071E, "-": 0x0C1F, "[": 0x1A1B, "]": 0x1B1D, "\\": 0x2B1C}



def standard_word(stored: int) -> int | None:
    """What INT 16h AH=00h/01h makes of a buffer word: the word, or None when it is thrown away.

    The IBM BIOS's translation for the standard calls: keypad Enter and / (scan
    code E0h) get their 83-key scan codes 1Ch and 35h; a word whose scan code
    is above 84h (F11, F12, Ctrl+Up, Alt+Tab ...) or whose low byte is the F0h
    marker (Alt+Enter, Alt+[, keypad 5 with Num Lock off ...) is discarded; E0h
    in the low byte (the gray cursor keys) becomes 00h.  Scan code 0 passes.
    """
    scan, ascii_ = (stored >> 8) & 0xFF, stored & 0xFF
    if scan == 0xE0:
        return (0x1C00 if ascii_ in (0x0D, 0x0A) else 0x3500) | ascii_
    if scan > 0x84:
        return None
    if ascii_ == 0xF0 and scan:
        return None
    if ascii_ == 0xE0 and scan:
        return stored & 0xFF00
    return stored & 0xFFFF


def enhanced_word(stored: int) -> int:
    """What INT 16h AH=10h/11h makes of a buffer word: every key, the F0h marker turned into 00h."""
    if (stored & 0xFF) == 0xF0 and stored & 0xFF00:
        return stored & 0xFF00
    return stored & 0xFFFF


def _plain(word: int) -> int:
    """A word with the BIOS's 101-key markers taken off, for naming: the standard read's
    translation, without its throwing away (Ctrl+Up 8DE0h names like 8D00h)."""
    standard = standard_word(word)
    if standard is not None:
        return standard
    return word & 0xFF00 if (word & 0xFF) in (0xE0, 0xF0) else word


# Reverse map for naming words that have no ASCII.
_WORD_NAME: dict[int, str] = {}
for _name, _words in NAMED.items():
    for _mod, _w in zip(("", "Shift+", "Ctrl+", "Alt+"), _words):
        if _w is not None and (_plain(_w) & 0xFF) == 0:
            _WORD_NAME.setdefault(_plain(_w), _mod + _name)
for _scan, _pair in _MAIN.items():
    _lo, _hi = _pair[0], _pair[1]
    if _lo.isalpha():
        _WORD_NAME.setdefault(_scan << 8, "Alt+" + _hi)
for _ch, _scan in (_ALT_DIGITS | _ALT_PUNCT).items():
    _WORD_NAME.setdefault(_scan << 8, "Alt+" + _ch)
_WORD_NAME.setdefault(0x0300, "Ctrl+2")
# Gray / shares its AH=00h word with the main '/' key, so it reads as "/".
_GRAY_NAME = {(0x4E, 0x2B): "Gray+", (0x4A, 0x2D): "Gray-", (0x37, 0x2A): "Gray*"}
_ASCII_NAME = {0x1B: "Esc", 0x0D: "Enter", 0x08: "Backspace", 0x09: "Tab", 0x20: "Space"}


READS = ("enhanced", "standard")


@record
class Key:
    """One BIOS key word as the INT 16h read that delivered it returns it.

    With the enhanced read (the default) the gray cursor keys keep E0h in the
    low byte (Up = 48E0h) and keypad Enter and / have scan code E0h; ``name``
    and ``char`` read through that, so "Up", "Ctrl+Up", "Enter", "Gray+" and
    "F11" name the same keys whichever read a program uses.
    """

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
        word = _plain(self.word)
        a, s = word & 0xFF, word >> 8
        if a == 0:
            return _WORD_NAME.get(word, f"Scan{s:02X}")
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
    """The word the BIOS stores for a key name such as 'F1', 'Shift+Tab', 'Ctrl+Q', 'Alt+X', 'KP7', 'a'.

    Stored as INT 09h leaves it (gray Up = 48E0h, Alt+Enter = 1CF0h): pushed into
    the buffer, each read then makes of it what the BIOS would.  The keypad names
    mean Num Lock on: 'KP8' is the digit, 'Shift+KP8' the cursor key, 'Alt+KP8'
    Alt-number entry of code 8.

    Raises KeyError with the offending name for anything the keyboard could not send.
    """
    mod, base = "", name
    for m in ("Shift+", "Ctrl+", "Alt+"):
        if name.startswith(m) and len(name) > len(m):
            mod, base = m, name[len(m):]
            break
    col = {"": 0, "Shift+": 1, "Ctrl+": 2, "Alt+": 3}[mod]
    if mod == "Alt+" and base in _KEYPAD_DIGITS:
        # Alt held over one keypad digit and let go: Alt-number entry of that code, scan code 0
        code = _KEYPAD_DIGITS[base]
        if code == 0:
            raise KeyError(name)  # a zero total stores nothing
        return code
    if base in NAMED:
        w = NAMED[base][col]
        if w is None:
            raise KeyError(name)
        return w
    if base in KEYPAD:
        # Num Lock on: the scripts' KPn is the digit, Shift+KPn the cursor key.
        word = bios_word(base, NUM_LOCK | {"": 0, "Shift+": LEFT_SHIFT, "Ctrl+": CTRL, "Alt+": ALT}[mod])
        if word is None:
            raise KeyError(name)
        return word
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

    ``read``, ``peek``, ``get`` and ``pending`` use ``read_mode``: "enhanced"
    (INT 16h AH=10h/11h, every key; the default, and what a program gets
    unless its ``Program.keyboard`` asks otherwise) or "standard" (AH=00h/01h,
    which discards the 101-key-only keys from the buffer, as a program written
    for the 83-key PC saw them).  Each of the four takes the mode as an
    argument too; ``int16`` answers by function number.
    """

    def __init__(self, idle: Callable[..., None] | None = None,
                 on_overflow: Callable[[], None] | None = None, read_mode: str = "enhanced") -> None:
        self.read_mode = _check_read(read_mode)
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
    def _translate(self, mode: str | None) -> Callable[[int], int | None]:
        return enhanced_word if _check_read(mode or self.read_mode) == "enhanced" else standard_word

    def _head(self, mode: str | None, take: bool) -> Key | None:
        """The first key the read delivers; the standard read drops the keys it cannot give, as the BIOS does."""
        translate = self._translate(mode)
        with self._lock:
            while self._buf:
                word = translate(self._buf[0])
                if word is None:
                    self._buf.popleft()
                    continue
                if take:
                    self._buf.popleft()
                return Key(word)
            return None

    def pending(self, mode: str | None = None) -> int:
        """How many keys waiting the read would deliver (the standard read skips 101-key-only ones)."""
        translate = self._translate(mode)
        with self._lock:
            return sum(translate(w) is not None for w in self._buf)

    def peek(self, mode: str | None = None) -> Key | None:
        """INT 16h AH=11h (enhanced) or AH=01h (standard): the next key without taking it, or None."""
        if self.poll_hook:
            self.poll_hook()
        return self._head(mode, take=False)

    def get(self, mode: str | None = None) -> Key | None:
        """Take the next key if one is waiting, without blocking (AH=11h/01h, then 10h/00h)."""
        if self.poll_hook:
            self.poll_hook()
        return self._head(mode, take=True)

    def read(self, mode: str | None = None) -> Key:
        """INT 16h AH=10h (enhanced) or AH=00h (standard): wait for a key and take it."""
        while True:
            key = self.get(mode)
            if key is not None:
                return key
            if self.idle is None:
                raise RuntimeError("no key waiting and no machine to wait on")
            self.idle(None, "keys")

    def int16(self, ah: int) -> int | None:
        """INT 16h by function number: AX for 00h/10h (blocking), AX or None (ZF set) for
        01h/11h, the shift flags for 02h; None for functions this keyboard does not offer."""
        ah &= 0xFF
        if ah in (0x00, 0x10):
            return self.read("standard" if ah == 0x00 else "enhanced").word
        if ah in (0x01, 0x11):
            key = self.peek("standard" if ah == 0x01 else "enhanced")
            return None if key is None else key.word
        if ah == 0x02:
            return self.shift_state()
        return None

    def flush(self) -> None:
        """Throw away type-ahead (programs do this before a Y/N question)."""
        with self._lock:
            self._buf.clear()

    def shift_state(self) -> int:
        """INT 16h AH=02h: the 0040:0017 flags byte."""
        return self.shift_flags


def _check_read(mode: str) -> str:
    if mode not in READS:
        raise ValueError(f"unknown keyboard read {mode!r}; choose one of {', '.join(READS)}")
    return mode


# A physical key is named as the BIOS tables name it: a main-block key by its unshifted US
# character ("a", "1", "/", "Space"), the others by name ("F1", "Enter", "Up" for the gray
# arrow, "KP8" for the keypad one, "Gray/", "KPEnter"); vconsole.int09 adds the shift keys.
MAIN_KEYS = frozenset({"Space"} | {pair[0] for pair in _MAIN.values() if pair[0] != " "})


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
            if ch in _ALT_DIGITS:
                return _ALT_DIGITS[ch] << 8
            return (_ALT_PUNCT[ch] << 8) | 0xF0 if ch in _ALT_PUNCT else None
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
            gray = NAMED[cursor][2]  # the keypad twin of the gray key, without E0h
            return None if gray is None else gray & 0xFF00
        if shift != bool(flags & NUM_LOCK):
            return (scan << 8) | ord(digit)
        return scan << 8
    if key == "KP5":
        if alt:
            return None
        if ctrl:
            return 0x8F00
        return 0x4C35 if shift != bool(flags & NUM_LOCK) else 0x4CF0
    if key in NAMED:
        return NAMED[key][3 if alt else 2 if ctrl else 1 if shift else 0]
    return None
