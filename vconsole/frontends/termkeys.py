"""Bytes a terminal sends -> key names and mouse events, for the terminal front end.

A terminal has no key-up events and no scan codes: it sends characters,
control bytes and escape sequences.  This decoder turns them into the key
names of the key scripts ("F1", "Shift+F5", "Ctrl+Left", "Alt+x", "a"), which
``keyboard.word_for`` turns into the very BIOS words the window and the
scripts produce, so no key table is kept twice.

The sequences follow the families every terminal of the field speaks:

* xterm (and tmux, GNOME, kitty, iTerm, Windows Terminal): ``CSI A`` ... for
  the cursor keys, ``SS3 P``-``S`` for F1-F4, ``CSI n ~`` for the editing keys
  and F5-F12, and a second parameter for the modifiers (``CSI 1;5A`` is
  Ctrl+Up: 2 Shift, 3 Alt, 5 Ctrl, sums of them plus one);
* VT220 and rxvt: ``CSI 11~``-``CSI 15~`` for F1-F5, ``CSI 7~``/``8~`` for
  Home/End; the application keypad's ``SS3 p``-``y``;
* the Linux console: ``CSI [A``-``CSI [E`` for F1-F5;
* the xterm SGR mouse protocol: ``CSI < b ; x ; y M`` (press, motion) or
  ``m`` (release), 1-based cells.

Alt comes as Esc before the key (xterm's metaSendsEscape, the default of most
terminals), so a lone Esc is only known to be Esc when nothing follows it
within ``ESC_TIMEOUT_S``.  The BIOS has one word per key and one modifier,
so Ctrl+Shift+Up is Ctrl+Up (Alt wins over Ctrl, Ctrl over Shift, as in the
BIOS's tables).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..cp437 import FROM_UNICODE

#: a lone Esc becomes the Esc key when no byte follows within this long (vim's ttimeoutlen)
ESC_TIMEOUT_S = 0.1
#: a sequence begun (ESC [ ...) but never finished is dropped after this long
SEQUENCE_TIMEOUT_S = 1.0

_CSI_FINAL = {"A": "Up", "B": "Down", "C": "Right", "D": "Left", "H": "Home", "F": "End", "E": "KP5",
              "P": "F1", "Q": "F2", "R": "F3", "S": "F4"}
_TILDE = {1: "Home", 2: "Ins", 3: "Del", 4: "End", 5: "PgUp", 6: "PgDn", 7: "Home", 8: "End",
          11: "F1", 12: "F2", 13: "F3", 14: "F4", 15: "F5", 17: "F6", 18: "F7", 19: "F8", 20: "F9",
          21: "F10", 23: "F11", 24: "F12",
          # VT220/rxvt F13-F20 are what those terminals send for Shift+F3 ... Shift+F10
          25: "Shift+F3", 26: "Shift+F4", 28: "Shift+F5", 29: "Shift+F6", 31: "Shift+F7",
          32: "Shift+F8", 33: "Shift+F9", 34: "Shift+F10"}
#: the Linux console sends F13-F20 for Shift+F1 ... Shift+F8 (rxvt's numbers mean Shift+F3 ... Shift+F10)
_LINUX_TILDE = {**_TILDE, 25: "Shift+F1", 26: "Shift+F2", 28: "Shift+F3", 29: "Shift+F4", 31: "Shift+F5",
                32: "Shift+F6", 33: "Shift+F7", 34: "Shift+F8"}
_SS3 = {**_CSI_FINAL, "M": "KPEnter", "j": "Gray*", "k": "Gray+", "m": "Gray-", "o": "Gray/",
        "l": "KP.", "n": "KP.", **{chr(ord("p") + d): f"KP{d}" for d in range(10)}}
_LINUX_F = {"A": "F1", "B": "F2", "C": "F3", "D": "F4", "E": "F5"}
_CONTROL = {0x09: "Tab", 0x0D: "Enter", 0x0A: "Enter", 0x08: "Backspace", 0x7F: "Backspace",
            0x00: "Ctrl+2", 0x1C: "Ctrl+\\", 0x1D: "Ctrl+]", 0x1E: "Ctrl+6", 0x1F: "Ctrl+-"}
_CSI = re.compile(rb"\x1b\[([<?]?)([0-9;]*)([\x20-\x2f]*)([\x40-\x7e])")
_SS3_SEQ = re.compile(rb"\x1bO([0-9;]*)([\x40-\x7e])")
_LINUX = re.compile(rb"\x1b\[\[([A-E])")


@dataclass(frozen=True)
class Key:
    """A key as the key scripts name it (keyboard.word_for takes it)."""

    name: str


@dataclass(frozen=True)
class Mouse:
    """An SGR mouse report: kind is "press", "release", "move" or "wheel"; col/row 0-based terminal cells.

    button is 0 left, 1 middle, 2 right (None for a move with no button); for "wheel" it is
    the notches, +1 towards the user (down), -1 away."""

    kind: str
    button: int | None
    col: int
    row: int


Event = Key | Mouse


def with_modifier(name: str, param: int) -> str:
    """The key name for xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4); one BIOS modifier wins."""
    bits = max(0, param - 1)
    if name.startswith(("Shift+", "Ctrl+", "Alt+")):
        return name
    if bits & 2:
        return "Alt+" + name
    if bits & 4:
        return "Ctrl+" + name
    if bits & 1:
        return "Shift+" + name
    return name


def _mouse(params: bytes, final: str) -> Mouse | None:
    try:
        b, x, y = (int(p) for p in params.split(b";"))
    except ValueError:
        return None
    col, row = x - 1, y - 1
    if b & 64:  # wheel: 64 away from the user (up), 65 towards (down)
        return Mouse("wheel", -1 if (b & 3) == 0 else 1, col, row) if (b & 3) in (0, 1) else None
    button = b & 3
    if b & 32:
        return Mouse("move", None if button == 3 else button, col, row)
    if final == "m":
        return Mouse("release", button, col, row)
    return Mouse("press", button, col, row) if button != 3 else None


def _csi(prefix: bytes, params: bytes, final: str, tilde: dict[int, str] = _TILDE) -> Event | None:
    if prefix == b"<":
        return _mouse(params, final) if final in "Mm" else None
    if prefix:
        return None  # private replies (?...) are not keys
    nums = [int(p) if p else 1 for p in params.split(b";")] if params else []
    mod = nums[1] if len(nums) > 1 else 1
    if final == "~":
        if nums and nums[0] == 27 and len(nums) == 3:  # xterm modifyOtherKeys: CSI 27;mod;code ~
            return _char_key(chr(nums[2]), nums[1])
        name = tilde.get(nums[0] if nums else 0)
        return Key(with_modifier(name, mod)) if name else None
    if final == "Z":
        return Key("Shift+Tab")
    name = _CSI_FINAL.get(final)
    return Key(with_modifier(name, mod)) if name else None


def _char_key(ch: str, mod: int = 1) -> Key | None:
    if ch == "\x1b":
        return Key("Esc")
    if ch in ("\r", "\t", "\x7f", "\x08"):
        return Key(with_modifier(_CONTROL[ord(ch)], mod))
    if ch == " ":
        return Key("Space" if mod == 1 else with_modifier("Space", mod))
    bits = max(0, mod - 1)
    if bits & 2:
        return Key("Alt+" + ch)
    if bits & 4:
        return Key("Ctrl+" + ch.upper() if ch.isalpha() else "Ctrl+" + ch)
    return Key(ch)


def control_key(byte: int) -> Key | None:
    """A C0 control byte or DEL as the key that typed it (Ctrl+letter for the rest)."""
    if byte in _CONTROL:
        return Key(_CONTROL[byte])
    if 1 <= byte <= 26:
        return Key("Ctrl+" + chr(byte + 0x40))
    return None


class Decoder:
    """Feed bytes as they arrive (``feed``) and ask again when time passes (``expire``)."""

    def __init__(self, esc_timeout: float = ESC_TIMEOUT_S, term: str = "") -> None:
        self.tilde = _LINUX_TILDE if term.startswith("linux") else _TILDE  # TERM says which F13-F20 reading
        self.buf = b""
        self.since = 0.0  # when the pending bytes arrived
        self.esc_timeout = esc_timeout

    @property
    def pending(self) -> bool:
        return bool(self.buf)

    def feed(self, data: bytes, now: float) -> list[Event]:
        if not self.buf:
            self.since = now
        self.buf += data
        return self._take(final=False)

    def expire(self, now: float) -> list[Event]:
        """Bytes that waited long enough: a lone Esc is the Esc key, Esc+key is Alt+key."""
        if not self.buf:
            return []
        waited = now - self.since
        if waited >= SEQUENCE_TIMEOUT_S or (waited >= self.esc_timeout and not self._in_sequence()):
            return self._take(final=True)
        return []

    def _in_sequence(self) -> bool:
        """A CSI with parameters already under way is never taken for Esc plus keys."""
        return self.buf.startswith(b"\x1b[") and len(self.buf) > 2

    def _take(self, final: bool) -> list[Event]:
        out: list[Event] = []
        while self.buf:
            n, ev = self._one(self.buf, final)
            if n == 0:
                break
            self.buf = self.buf[n:]
            if ev is not None:
                out.append(ev)
        return out

    def _one(self, buf: bytes, final: bool) -> tuple[int, Event | None]:
        """(bytes used, event) for the front of buf; (0, None) when more bytes are needed."""
        b0 = buf[0]
        if b0 != 0x1B:
            if b0 < 0x20 or b0 == 0x7F:
                return 1, control_key(b0)
            return self._text(buf, final)
        if len(buf) == 1:
            return (1, Key("Esc")) if final else (0, None)
        b1 = buf[1]
        if b1 == ord("["):
            m = _LINUX.match(buf)
            if m:
                return m.end(), Key(_LINUX_F[m.group(1).decode()])
            m = _CSI.match(buf)
            if m:
                return m.end(), _csi(m.group(1), m.group(2), m.group(4).decode(), self.tilde)
            if _could_be_csi(buf):
                if not final:
                    return 0, None
                if len(buf) > 2:
                    return len(buf), None  # a sequence that never finished: dropped, never typed as keys
            return 2, Key("Alt+[")
        if b1 == ord("O"):
            m = _SS3_SEQ.match(buf)
            if m:
                nums = [int(p) for p in m.group(1).split(b";") if p]
                name = _SS3.get(m.group(2).decode())
                return m.end(), Key(with_modifier(name, nums[-1] if nums else 1)) if name else None
            if not final and len(buf) < 8:
                return 0, None
            return 2, Key("Alt+O")
        if b1 == 0x1B:
            return 1, Key("Esc")  # Esc Esc: two presses (or Alt+Esc, which the BIOS keeps as Esc)
        n, ev = (1, control_key(b1)) if b1 < 0x20 or b1 == 0x7F else self._text(buf[1:], final)
        if n == 0:
            return 0, None
        if isinstance(ev, Key) and not ev.name.startswith(("Ctrl+", "Alt+")):
            ev = Key(with_modifier(ev.name, 3))
        return n + 1, ev

    @staticmethod
    def _text(buf: bytes, final: bool) -> tuple[int, Event | None]:
        """One UTF-8 character: a key of the US layout, or a CP437 character typed by code."""
        b0 = buf[0]
        size = 1 if b0 < 0x80 else 2 if b0 >> 5 == 6 else 3 if b0 >> 4 == 14 else 4 if b0 >> 3 == 30 else 1
        if len(buf) < size:
            return (1, None) if final else (0, None)
        try:
            ch = buf[:size].decode("utf-8")
        except UnicodeDecodeError:
            return 1, None
        if ch == " ":
            return size, Key("Space")
        if ch.isascii():
            return size, Key(ch)
        code = FROM_UNICODE.get(ch)
        return size, (Key(f"Char{code:02X}") if code is not None and code >= 0x80 else None)


def _could_be_csi(buf: bytes) -> bool:
    """True while buf is a CSI (or Linux console F-key) still being received."""
    body = buf[2:]
    if body[:1] == b"[":
        return len(body) < 2
    return len(body) < 32 and all(0x20 <= c <= 0x3F for c in body)
