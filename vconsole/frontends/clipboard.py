"""The host clipboard and the PC: paste into the BIOS keyboard buffer, copy the screen's text.

Paste types the text as keys, never faster than the program reads them: the
BIOS buffer holds only 15 words and a 16th is lost with a beep, so the
``Typist`` tops the buffer up on every look of the window and keeps the rest
waiting, however slowly the program reads.  Every character must exist in
code page 437 (the only characters a DOS program can receive); a text with
others is refused whole, in one line naming them, so nothing is half typed.
Characters on the US keyboard arrive with their key's scan code, line breaks
as Enter and tabs as Tab; the other CP437 characters (accented letters, box
drawing) as DOS's Alt+keypad entry delivered them: scan code 0 and the code.

Copy puts the screen's characters on the clipboard as Unicode (CP437's
pictures for 00-1F, as ``--dump-text`` writes them), the whole screen or a
rectangle of cells selected by dragging with Shift held (the terminal
convention for selecting over a program that takes the mouse).

The clipboard itself is pyglet's (``Window.get_clipboard_text`` and
``set_clipboard_text``); the functions here take text, so they are tested
without a display.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .. import cp437
from ..keyboard import BUFFER_SIZE, CHAR_SCAN, word_for_char

if TYPE_CHECKING:
    from ..keyboard import Keyboard
    from .inputs import Inputs

#: words the Typist leaves free in the BIOS buffer, for the keys the person types meanwhile
HEADROOM = 2
SHOWN_REFUSED = 8  # at most this many refused characters are named


class PasteError(ValueError):
    """The text holds characters a DOS program cannot receive; the message names them."""


def paste_words(text: str) -> list[int]:
    """The BIOS words that type `text`, or PasteError naming the characters CP437 lacks."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad: list[str] = []
    words: list[int] = []
    for ch in text:
        if ch in ("\n", "\t") or ch in CHAR_SCAN:
            words.append(word_for_char(ch))
            continue
        code = cp437.FROM_UNICODE.get(ch)
        if code is None or code < 0x20 and ch == chr(code):  # no glyph, or a control character
            if ch not in bad:
                bad.append(ch)
            continue
        words.append(code)  # Alt+keypad entry: scan code 0
    if bad:
        named = " ".join(f"{c!r} (U+{ord(c):04X})" for c in bad[:SHOWN_REFUSED])
        more = f" and {len(bad) - SHOWN_REFUSED} more" if len(bad) > SHOWN_REFUSED else ""
        raise PasteError(f"nothing pasted: code page 437 has no {named}{more}")
    return words


class Typist:
    """Types queued words into the BIOS buffer at the pace the program reads them.

    ``feed`` is called from the window's regular look; it pushes words only
    while the buffer has room (BUFFER_SIZE - HEADROOM waiting at most), so no
    word is ever lost to a full buffer.  Words go through the front end's
    ``Inputs`` (a journal records them as typed keys).
    """

    def __init__(self, inputs: Inputs, keyboard: Keyboard) -> None:
        self.inputs = inputs
        self.keyboard = keyboard
        self.queue: list[int] = []
        self._next = 0
        self.typed = 0

    @property
    def active(self) -> bool:
        return self._next < len(self.queue)

    @property
    def left(self) -> int:
        return len(self.queue) - self._next

    def start(self, words: list[int]) -> None:
        """Type `words` after whatever is still waiting."""
        self.queue = self.queue[self._next:] + list(words)
        self._next = 0

    def cancel(self) -> int:
        """Stop typing; returns how many words were left untyped."""
        left = self.left
        self.queue, self._next = [], 0
        return left

    def feed(self) -> int:
        """Push as many waiting words as the buffer takes now; returns how many."""
        room = BUFFER_SIZE - HEADROOM - self.keyboard.pending("enhanced")
        n = 0
        while n < room and self.active:
            if not self.inputs.key(self.queue[self._next]):
                break  # the person typed into the last slots meanwhile: try again at the next look
            self._next += 1
            n += 1
        self.typed += n
        return n


def screen_text(cells: np.ndarray, rect: tuple[int, int, int, int] | None = None) -> str:
    """The characters of `cells` ((rows, cols, 2)) as Unicode lines, trailing blanks cut.

    `rect` = (top, left, bottom, right), inclusive, limits it to a rectangle of cells.
    """
    if rect is not None:
        top, left, bottom, right = rect
        cells = cells[top:bottom + 1, left:right + 1]
    lines = [cp437.decode(bytes(row[:, 0].tobytes())).rstrip() for row in cells]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + ("\n" if len(lines) > 1 else "")


class Selection:
    """A rectangle of cells dragged out with Shift held, in virtual pixel coordinates (0-639, 0-199)."""

    def __init__(self, vx: int, vy: int, rows: int = 25, cols: int = 80) -> None:
        self.rows, self.cols = rows, cols
        self.start = self.end = self._cell(vx, vy)

    def _cell(self, vx: int, vy: int) -> tuple[int, int]:
        row = min(max(vy * self.rows // 200, 0), self.rows - 1)
        col = min(max(vx * self.cols // 640, 0), self.cols - 1)
        return row, col

    def move(self, vx: int, vy: int) -> None:
        self.end = self._cell(vx, vy)

    @property
    def rect(self) -> tuple[int, int, int, int]:
        (r0, c0), (r1, c1) = self.start, self.end
        return min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1)


def highlight(frame: np.ndarray, rect: tuple[int, int, int, int], cell: tuple[int, int],
              origin: tuple[int, int]) -> np.ndarray:
    """A copy of `frame` with the selected cells shown inverted (the picture itself is not changed)."""
    top, left, bottom, right = rect
    cw, ch = cell
    ox, oy = origin
    out = frame.copy()
    region = out[oy + top * ch:oy + (bottom + 1) * ch, ox + left * cw:ox + (right + 1) * cw]
    np.subtract(255, region, out=region)
    return out
