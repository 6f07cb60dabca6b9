"""Keyboard layouts as DOS KEYB gave them: physical keys -> the words a program reads.

The BIOS alone knows the US keyboard (keyboard.py).  A DOS user elsewhere
loaded KEYB with a country code, which replaced the INT 09h translation: the
key in the US 'Z' position typed 'y' on a German keyboard, AltGr (the right
Alt key of the 102-key keyboard) gave a third character on many keys, and
accent keys were "dead": they typed nothing until the next key, then the
accented letter.  The word stored keeps the physical key's scan code and the
layout's character in code page 437 (e.g. German AltGr+Q is 1040h '@',
French 'é' 0382h).  Alt combinations stay those of the scan code (Alt+key
words have no character), and Ctrl+letter gives the control code of the
letter the key carries in the layout.

The tables hold what the keycaps of each national 102-key keyboard show, as
KEYB's layouts of MS-DOS 5 and 6 delivered them in code page 437 (characters
the code page lacks, such as '³' or the euro, are left out as KEYB had to).

Nothing here needs pyglet or a display: the window passes physical keys
(with the host's key codes where the platform gives them, see
``WindowFrontEnd``) and ``Translator`` is tested on its own.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cp437 import FROM_UNICODE
from ..keyboard import ALT, CAPS_LOCK, CHAR_SCAN, CTRL, LEFT_SHIFT, RIGHT_SHIFT

if TYPE_CHECKING:
    from pyglet.libs.x11.xlib import XEvent
    from pyglet.window import Window

    from ..int09 import KeyboardInput
    from .keymap import KeyMapper

    XHandler = Callable[[XEvent], None]  # pyglet's handler of one kind of X event

ISO_KEY = "ISO<>"  # the 102-key keyboard's extra key left of Z (scan code 56h); the US table has none
ISO_SCAN = 0x56
DEAD_ACCENTS = "^¨´`"


@dataclass(frozen=True)
class Layout:
    """One KEYB layout: scan code -> (plain, Shift, AltGr) characters; '' where the key gives none.

    A character listed in ``dead`` at that (scan, level) is an accent key:
    it waits for the next key.
    """

    name: str
    keyb: str  # the KEYB country code
    keys: dict[int, tuple[str, str, str]]
    dead: frozenset[tuple[int, int]] = field(default_factory=frozenset)

    @property
    def has_altgr(self) -> bool:
        return any(k[2] for k in self.keys.values())


def _us_keys() -> dict[int, tuple[str, str, str]]:
    keys: dict[int, list[str]] = {}
    for ch, (scan, shifted) in CHAR_SCAN.items():
        keys.setdefault(scan, ["", "", ""])[1 if shifted else 0] = ch
    out = {scan: (v[0], v[1], "") for scan, v in keys.items()}
    out[ISO_SCAN] = ("\\", "|", "")  # the 102-key US keyboard repeats backslash there
    return out


def _with(base: dict[int, tuple[str, str, str]], rows: dict[int, str]) -> dict[int, tuple[str, str, str]]:
    """`base` with keys replaced: each value is the 'plain shift altgr' characters, a space for none."""
    out = dict(base)
    for scan, text in rows.items():
        padded = (text + "  ")[:3]
        plain, shifted, altgr = ("" if c == " " else c for c in padded)
        out[scan] = (plain, shifted, altgr)
    return out


US = Layout("us", "US", _us_keys())

UK = Layout("uk", "UK", _with(US.keys, {
    0x29: "`¬", 0x03: "2\"", 0x04: "3£", 0x28: "'@", 0x2B: "#~", ISO_SCAN: "\\|",
}))

DE = Layout("de", "GR", _with(US.keys, {
    0x29: "^°", 0x03: "2\"²", 0x04: "3§", 0x07: "6&", 0x08: "7/{", 0x09: "8([", 0x0A: "9)]",
    0x0B: "0=}", 0x0C: "ß?\\", 0x0D: "´`",
    0x10: "qQ@", 0x15: "zZ", 0x1A: "üÜ", 0x1B: "+*~",
    0x27: "öÖ", 0x28: "äÄ", 0x2B: "#'",
    ISO_SCAN: "<>|", 0x2C: "yY", 0x32: "mMµ", 0x33: ",;", 0x34: ".:", 0x35: "-_",
}), dead=frozenset({(0x29, 0), (0x0D, 0), (0x0D, 1)}))

FR = Layout("fr", "FR", _with(US.keys, {
    0x29: "²", 0x02: "&1", 0x03: "é2~", 0x04: "\"3#", 0x05: "'4{", 0x06: "(5[", 0x07: "-6|",
    0x08: "è7`", 0x09: "_8\\", 0x0A: "ç9^", 0x0B: "à0@", 0x0C: ")°]", 0x0D: "=+}",
    0x10: "aA", 0x11: "zZ", 0x1A: "^¨", 0x1B: "$£",
    0x1E: "qQ", 0x27: "mM", 0x28: "ù%", 0x2B: "*µ",
    ISO_SCAN: "<>", 0x2C: "wW", 0x32: ",?", 0x33: ";.", 0x34: ":/", 0x35: "!§",
}), dead=frozenset({(0x1A, 0), (0x1A, 1)}))

LAYOUTS: dict[str, Layout] = {lay.name: lay for lay in (US, UK, DE, FR)}
LAYOUT_NAMES = tuple(LAYOUTS)

# The accented letters code page 437 has, by accent.
_COMPOSE: dict[str, dict[str, str]] = {
    "^": dict(zip("aeiou", "âêîôû")),
    "¨": dict(zip("aeiouyAOU", "äëïöüÿÄÖÜ")),
    "´": dict(zip("aeiouE", "áéíóúÉ")),
    "`": dict(zip("aeiou", "àèìòù")),
}
# What an accent key followed by a key it cannot combine with types first (CP437 has no ´ or ¨).
_ACCENT_ALONE = {"^": "^", "¨": "\"", "´": "'", "`": "`"}

_SCAN_OF: dict[str, int] = {ISO_KEY: ISO_SCAN, "Space": 0x39}
for _ch, (_scan, _shifted) in CHAR_SCAN.items():
    if not _shifted and _ch != " ":
        _SCAN_OF[_ch] = _scan


def scan_of(key: str) -> int | None:
    """The scan code of a main-block physical key name (the US keycap names keyboard.py uses)."""
    return _SCAN_OF.get(key)


class Translator:
    """KEYB's INT 09h translation for one layout, with its dead-key state.

    ``__call__(key, flags, held)`` gives the words to store for a physical key
    going down, () for nothing (a dead key waiting), or None when the BIOS's
    own US translation applies (keys outside the main block, Alt combinations).
    """

    def __init__(self, layout: Layout | str) -> None:
        self.layout = LAYOUTS[layout] if isinstance(layout, str) else layout
        self.pending: str | None = None  # a dead accent waiting for its letter

    def __call__(self, key: str, flags: int, held: frozenset[str] | set[str] = frozenset()) -> tuple[int, ...] | None:
        scan = scan_of(key)
        lay = self.layout
        if scan == 0x39 and self.pending is not None and not flags & (ALT | CTRL):
            accent, self.pending = self.pending, None
            return (self._word(scan, _ACCENT_ALONE[accent]),)  # accent, then Space: the accent alone
        if scan is None or scan == 0x39 or scan not in lay.keys:
            self.pending = None if key not in ("LShift", "RShift", "RAlt", "CapsLock") else self.pending
            return None
        altgr = lay.has_altgr and "RAlt" in held
        plain, shifted, third = lay.keys[scan]
        if altgr:
            return (self._word(scan, third),) if third and third in FROM_UNICODE else None
        if flags & ALT:
            self.pending = None
            return None  # Alt words are the scan code's (bios_word)
        if flags & CTRL:
            self.pending = None
            letter = plain if plain.isascii() and plain.isalpha() else ""
            return ((scan << 8) | (ord(letter.upper()) - 0x40),) if letter else None
        shift = bool(flags & (LEFT_SHIFT | RIGHT_SHIFT))
        ch = shifted if shift else plain
        if plain.isalpha() and shifted == plain.upper() and flags & CAPS_LOCK:
            ch = plain if shift else shifted  # Caps Lock turns letters (umlauts too), Shift undoes it
        if not ch:
            return ()
        if (scan, int(shift)) in lay.dead:
            if self.pending is None:
                self.pending = ch
                return ()
            accent, self.pending = self.pending, None
            return (self._word(scan, _ACCENT_ALONE[accent]), self._word(scan, _ACCENT_ALONE[ch]))
        if self.pending is not None:
            accent, self.pending = self.pending, None
            combined = _COMPOSE[accent].get(ch)
            if combined is not None:
                return (self._word(scan, combined),)
            if ch == " ":
                return (self._word(scan, _ACCENT_ALONE[accent]),)
            return (self._word(scan, _ACCENT_ALONE[accent]), self._word(scan, ch))
        return (self._word(scan, ch),)

    @staticmethod
    def _word(scan: int, ch: str) -> int:
        return (scan << 8) | FROM_UNICODE[ch]


# -- the host's layout ------------------------------------------------------------------------------

#: host layout names (X11 XKB layouts, Windows language ids) -> ours
_XKB_NAMES = {"us": "us", "gb": "uk", "uk": "uk", "de": "de", "fr": "fr"}
_WINDOWS_LANGIDS = {0x0409: "us", 0x0809: "uk", 0x0407: "de", 0x040C: "fr"}


def host_layout(display: object | None = None) -> str | None:
    """The host's keyboard layout as one of ours, where the platform says it; None otherwise.

    X11 publishes the XKB rule names (rules, model, layout, variant, options)
    as _XKB_RULES_NAMES on the root window; Windows answers GetKeyboardLayout.
    """
    try:
        if sys.platform == "win32":
            import ctypes

            return _WINDOWS_LANGIDS.get(ctypes.windll.user32.GetKeyboardLayout(0) & 0xFFFF)
        if display is not None:
            names = _xkb_rule_names(display)
            if names and len(names) > 2:
                first = names[2].split(",")[0].strip()
                variant = names[3].split(",")[0].strip() if len(names) > 3 else ""
                return None if variant else _XKB_NAMES.get(first)  # a variant (dvorak, nodeadkeys): not KEYB's
    except Exception:  # noqa: BLE001 - a platform that answers oddly: no layout known
        return None
    return None


def _xkb_rule_names(display: object) -> list[str] | None:
    import ctypes

    from pyglet.libs.x11 import xlib

    atom = xlib.XInternAtom(display, b"_XKB_RULES_NAMES", True)
    if not atom:
        return None
    kind, fmt = xlib.Atom(), ctypes.c_int()
    count, after = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    status = xlib.XGetWindowProperty(display, xlib.XDefaultRootWindow(display), atom, 0, 1024, False, 0,
                                     ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count),
                                     ctypes.byref(after), ctypes.byref(data))
    try:
        if status != 0 or fmt.value != 8 or not data:
            return None
        raw = bytes(data[:count.value])
    finally:
        if data:
            xlib.XFree(data)
    return raw.decode("latin-1").split("\0")


# -- the window's side ----------------------------------------------------------------------------------

def attach(window: Window, mapper: KeyMapper, keyboard_input: KeyboardInput, choice: str | None = None,
           display: object | None = None) -> str | None:
    """Use a DOS layout in a pyglet window; returns its name, or None (the host's characters as before).

    `choice` is --keyboard; without it the host's layout is used where the
    platform says it and gives the keys' positions (X11 on Linux: key code
    - 8 is the scan code).  Keys are then taken by position and translated
    as KEYB did, so AltGr and accent keys give what the DOS layout gave.
    """
    positions = _watch_positions(window, mapper)
    name = choice or (host_layout(display) if positions else None)
    if name is None or (choice is None and name == "us"):
        return None  # a US host types as the BIOS's own US table does
    keyboard_input.translate = Translator(name)
    mapper.by_position = True
    mapper.altgr = LAYOUTS[name].has_altgr
    return name


def _watch_positions(window: Window, mapper: KeyMapper) -> bool:
    """Give the mapper each X key event's scan code before pyglet turns it into a symbol."""
    if not sys.platform.startswith("linux") or not hasattr(window, "_view_event_handlers"):
        return False
    from pyglet.libs.x11 import xlib

    def wrap(handler: XHandler) -> XHandler:
        def with_scan(ev: XEvent) -> None:
            mapper.scan = ev.xkey.keycode - 8  # evdev key code = scan code + 8
            try:
                handler(ev)
            finally:
                mapper.scan = None
        return with_scan

    found = False
    for table in (window._event_handlers, window._view_event_handlers):
        for kind in (xlib.KeyPress, xlib.KeyRelease):
            if kind in table:
                table[kind] = wrap(table[kind])
                found = True
    return found
