"""The journal format's constants and small pieces: its kinds of line, its limits, the digests a
check line compares, and keys written as words a person can read (docs/JOURNALS.md)."""
from __future__ import annotations

import hashlib
import struct

from ... import __version__
from ...keyboard import Key, word_for, word_for_char
from ...keyscript import KeyScriptError, Press
from ...keyscript import parse as parse_keys
from ...mouse import LEFT, MIDDLE, RIGHT
from ...speaker import Speaker
from ...video import ScreenState

KIND = "journal"
FORMAT = 1
MADE_BY = f"vconsole {__version__}"
#: a journal recorded on the virtual clock (headless) replays at the same waits, bit-exact;
#: one recorded in the window (real time) replays by the machine times of its input.
MACHINE_CLOCK, REAL_CLOCK = "machine", "real"
CHECK_EVERY_S = 10.0
MAX_FILE = 256 * 1024  # files bigger than this in the DOS directory are not carried (a note says so)
MAX_FILES = 64
MAX_TIME = 253_402_300_799.0  # 31 December 9999, 23:59:59 UTC: the last date a header may name
MAX_UTC_OFFSET = 26 * 3600  # the widest time zones are 14 hours from UTC
BUTTONS = {"left": LEFT, "right": RIGHT, "middle": MIDDLE}
BUTTON_NAMES = {v: k for k, v in BUTTONS.items()}
EVENT_KINDS = ("key", "flush", "shift", "move", "button", "close")
LINE_KINDS = ("start", *EVENT_KINDS, "check", "end")
END_EXIT, END_STOP = "exit", "stop"


class JournalError(ValueError):
    """A journal that cannot be replayed; the message names the file and the line."""



def screen_digest(state: ScreenState) -> str:
    """Everything the card scans out (cells, cursor, blink bit, border, mouse cursor) as 16 hex digits."""
    h = hashlib.blake2b(digest_size=8)
    h.update(state.cells.tobytes())
    m = state.mouse
    h.update(repr((state.cursor_row, state.cursor_col, state.cursor_start, state.cursor_end,
                   bool(state.blink), state.border,
                   None if m is None else (m.row, m.col, m.and_mask, m.xor_mask))).encode())
    return h.hexdigest()


def sound_digest(speaker: Speaker) -> str:
    """The speaker's output so far (every change: time and frequency) as 16 hex digits."""
    h = hashlib.blake2b(digest_size=8)
    for t, hz in list(speaker.timeline):
        h.update(struct.pack("<dd", t, -1.0 if hz is None else hz))
    return h.hexdigest()



def key_token(word: int) -> str:
    """A key word as its name when the name gives the word back exactly ("Enter", "a", "Ctrl+Q"), else hex."""
    name = Key(word).name
    try:
        back = word_for_char(name) if len(name) == 1 else word_for(name)
    except KeyError:
        back = None
    return name if back == word else f"0x{word:04X}"


def key_word(token: str) -> int:
    """The word a journal's key token stands for: "0x1C0D", "Enter", "a", "Ctrl+Q" (case-insensitive names)."""
    if not isinstance(token, str) or not token:
        raise ValueError("a key is a name such as \"Enter\" or a word such as \"0x1C0D\"")
    if token.lower().startswith("0x"):
        try:
            word = int(token, 16)
        except ValueError:
            raise ValueError(f"{token!r} is not a hexadecimal key word") from None
        if not 0 <= word <= 0xFFFF:
            raise ValueError(f"key word {token} is more than 16 bits")
        return word
    if len(token) == 1:
        try:
            return word_for_char(token)
        except KeyError:
            raise ValueError(f"cannot type {token!r}") from None
    try:
        events = parse_keys(token)
    except KeyScriptError as e:
        raise ValueError(str(e)) from None
    if len(events) != 1 or not isinstance(events[0], Press):
        raise ValueError(f"{token!r} is not one key")
    return events[0].word
