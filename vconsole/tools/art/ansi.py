"""ANSI.SYS: text with escape sequences, played onto a canvas as tall as the art.

What DOS did when it TYPEd an .ANS with ANSI.SYS loaded, on a screen that never scrolls:

* the text stops at the end-of-file character 1Ah (SAUCE lies beyond it);
* printable bytes, and control codes the console does not act on (01h-06h, 0Bh, 0Ch,
  0Eh-19h, 1Ch-1Fh, 00h), are drawn as their CP437 glyphs in the current attribute;
  BEL (07h) sounds and draws nothing; BS (08h) steps left, not past column 0; TAB (09h)
  is expanded by DOS into spaces up to the next multiple of 8; CR (0Dh) goes to column 0;
  LF (0Ah) goes down a row without going back (DOS adds no CR);
* writing into the last column moves the cursor straight to the next row (the BIOS
  wraps at once, so 80 characters and CR LF leave a blank row, as DOS showed it), unless
  ESC[=7l turned wrapping off: then characters pile up in the last column;
* ESC[row;colH and ESC[row;colf position (1-based, rows counted from the canvas top);
  ESC[nA/B/C/D move up/down/right/left (0 or nothing means 1; they stop at the edges);
  ESC[s / ESC[u save and restore the position; ESC[2J clears the canvas in the current
  attribute and homes the cursor; ESC[K erases to the end of the line (1K: to its start,
  2K: the whole line) in the current attribute; ESC[6n and mode settings are accepted
  and do nothing on paper; ESC[=7h / ESC[=7l (also ?7) switch wrapping;
* ESC[...m (SGR): 0 normal, 1 bold (bright foreground), 5 (and 6) blink (attribute bit
  7: bright background with iCE colours), 7 reverse, 8 concealed, 22/25/27/28 their
  opposites, 30-37 foreground, 40-47 background, 39/49 the defaults.  Reverse swaps the
  colours, bold and blink keep their bits, as ANSI.SYS builds the attribute byte.

Malformed sequences (an ESC not followed by "[", a sequence cut by a control byte or the
end, more than 64 parameter bytes) are skipped, never fatal; sequences ANSI.SYS does not
have (24-bit colours, scrolling regions ...) are ignored.  Both are counted for the notes.
The canvas stops at `max_rows`: what would be written below is dropped and noted.  A
hostile file cannot keep the interpreter busy for long: it plays at most MAX_TOKENS
pieces (escape sequences, control codes, runs of one control code, runs of text), far more
than any drawing holds, and a run of a repeated control code counts once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

BLANK = (0x20, 0x07)
ANSI_TO_PC = (0, 4, 2, 6, 1, 5, 3, 7)  # ANSI colour order (red = 1) to the PC's (blue = 1)
MAX_PARAM_BYTES = 64
MAX_TOKENS = 1_000_000
_NUMBER_CAP = 65535

_TOKEN = re.compile(
    rb"(?P<text>[^\x07-\x0a\x0d\x1b]+)"  # everything else is drawn
    rb"|(?P<csi>\x1b\[(?P<params>[\x30-\x3f]*)(?P<inter>[\x20-\x2f]*)(?P<final>[\x40-\x7e])?)"  # a sequence
    rb"|(?P<esc>\x1b)"  # an ESC that starts nothing ANSI.SYS knows
    rb"|(?P<ctl>\x0a+|\x0d+|\x08+|\x09+|\x07+)",  # BEL BS TAB LF CR, a run of one counting once
    re.S)


@dataclass
class Played:
    """What interpreting a text left: the canvas rows that hold output, and what was odd."""

    cells: np.ndarray  # (rows, width, 2) uint8
    malformed: int = 0
    unsupported: int = 0
    cut: bool = False
    stopped: bool = False
    notes: list[str] = field(default_factory=list)


class _Canvas:
    """Characters and attributes, row after row, growing as output reaches them (up to max_rows).

    Kept as two bytearrays because writing a run of text is then one C-level
    slice assignment each, the commonest thing an .ANS does.
    """

    def __init__(self, width: int, max_rows: int) -> None:
        self.width, self.max_rows = width, max_rows
        self.fill = BLANK[1]
        self.rows = min(64, max_rows)
        self.chars = bytearray(b"\x20" * (self.rows * width))
        self.attrs = bytearray(bytes([self.fill]) * (self.rows * width))
        self.used = 0  # rows that hold something written or erased

    def ensure(self, rows: int) -> None:
        if rows > self.rows:
            grown = min(self.max_rows, max(rows, 2 * self.rows))
            more = (grown - self.rows) * self.width
            self.chars += b"\x20" * more
            self.attrs += bytes([self.fill]) * more
            self.rows = grown

    def clear(self, attr: int) -> None:
        self.fill = attr
        self.chars[:] = b"\x20" * len(self.chars)
        self.attrs[:] = bytes([attr]) * len(self.attrs)
        self.used = 0

    def cells(self) -> np.ndarray:
        n = self.used * self.width
        out = np.empty((self.used, self.width, 2), dtype=np.uint8)
        out[..., 0] = np.frombuffer(self.chars, dtype=np.uint8, count=n).reshape(self.used, self.width)
        out[..., 1] = np.frombuffer(self.attrs, dtype=np.uint8, count=n).reshape(self.used, self.width)
        return out


_NUMBERS: dict[bytes, list[int] | None] = {}


def _numbers(raw: bytes) -> list[int] | None:
    """Parameters of a sequence (empty ones are 0); None when they are not plain numbers."""
    found = _NUMBERS.get(raw)
    if found is not None or raw in _NUMBERS:
        return found
    numbers: list[int] = []
    out: list[int] | None = numbers
    for part in raw.split(b";"):
        if not part:
            numbers.append(0)
        elif part.isdigit():
            numbers.append(min(int(part), _NUMBER_CAP))
        else:
            out = None
            break
    if len(_NUMBERS) < 4096:
        _NUMBERS[raw] = out
    return out


def interpret(data: bytes, width: int = 80, max_rows: int = 10_000, max_tokens: int = MAX_TOKENS) -> Played:
    """Play `data` (the file without its SAUCE) as ANSI.SYS would onto a `width`-column canvas."""
    end = data.find(b"\x1a")
    if end >= 0:
        data = data[:end]
    canvas = _Canvas(width, max_rows)
    result = Played(cells=np.empty((0, width, 2), dtype=np.uint8))
    row = col = 0
    saved = (0, 0)
    wrap = True
    fg, bg, bold, blink, reverse, conceal = 7, 0, False, False, False, False
    attr = 0x07
    limit = max_rows * width

    def put(run: bytes) -> None:
        nonlocal row, col
        if row >= max_rows:
            result.cut = True
            return
        if wrap:
            pos = row * width + col
            stop = pos + len(run)
            if stop > limit:
                run, stop = run[:limit - pos], limit
                result.cut = True
            canvas.ensure(-(-stop // width))
            canvas.chars[pos:stop] = run
            canvas.attrs[pos:stop] = bytes((attr,)) * (stop - pos)
            last = (stop - 1) // width + 1
            if last > canvas.used:
                canvas.used = last
            row, col = divmod(stop, width)
            return
        canvas.ensure(row + 1)
        base = row * width
        room = width - 1 - col  # cells before the last column
        if len(run) <= room:
            canvas.chars[base + col:base + col + len(run)] = run
            canvas.attrs[base + col:base + col + len(run)] = bytes((attr,)) * len(run)
            col += len(run)
        else:
            canvas.chars[base + col:base + width - 1] = run[:room]
            canvas.attrs[base + col:base + width] = bytes((attr,)) * (room + 1)
            canvas.chars[base + width - 1] = run[-1]  # the rest overwrite one another in the last column
            col = width - 1
        canvas.used = max(canvas.used, row + 1)

    def erase(start: int, stop: int) -> None:
        if row >= max_rows:
            return
        canvas.ensure(row + 1)
        base = row * width
        canvas.chars[base + start:base + stop] = b"\x20" * (stop - start)
        canvas.attrs[base + start:base + stop] = bytes((attr,)) * (stop - start)
        canvas.used = max(canvas.used, row + 1)

    tokens = 0
    for m in _TOKEN.finditer(data):
        tokens += 1
        if tokens > max_tokens:
            result.stopped = True
            break
        text, _, params, inter, final, esc, run = m.groups()
        if text is not None:
            put(text)
            continue
        if run is not None:
            c, k = run[0], len(run)
            if c == 0x0D:
                col = 0
            elif c == 0x0A:
                row = min(row + k, max_rows)
            elif c == 0x08:
                col = max(0, col - k)
            elif c == 0x09:
                put(b" " * min(limit, (8 - col % 8) + 8 * (k - 1)))
            continue  # BEL: a beep, nothing on the screen
        if esc is not None or final is None or len(params) > MAX_PARAM_BYTES:
            result.malformed += 1
            continue
        op = final[0]
        private = params[:1] if params[:1] in (b"<", b"=", b">", b"?") else b""
        nums = _numbers(params[1:] if private else params)
        if nums is None or inter:
            result.unsupported += 1
            continue
        n = nums[0] or 1
        if op == 0x6D and not private:  # m, the commonest
            i = 0
            while i < len(nums):
                p = nums[i]
                if p == 0:
                    fg, bg, bold, blink, reverse, conceal = 7, 0, False, False, False, False
                elif p == 1:
                    bold = True
                elif 30 <= p <= 37:
                    fg = ANSI_TO_PC[p - 30]
                elif 40 <= p <= 47:
                    bg = ANSI_TO_PC[p - 40]
                elif p in (5, 6):
                    blink = True
                elif p == 7:
                    reverse = True
                elif p == 8:
                    conceal = True
                elif p == 22:
                    bold = False
                elif p == 25:
                    blink = False
                elif p == 27:
                    reverse = False
                elif p == 28:
                    conceal = False
                elif p == 39:
                    fg = 7
                elif p == 49:
                    bg = 0
                elif p in (38, 48):  # extended colours: skip their arguments, ANSI.SYS has none
                    result.unsupported += 1
                    sub = nums[i + 1] if i + 1 < len(nums) else 0
                    i += {5: 2, 2: 4}.get(sub, 1)
                i += 1
            f, b = (bg, fg) if reverse else (fg, bg)
            if conceal:
                f = b
            attr = f | (0x08 if bold else 0) | (b << 4) | (0x80 if blink else 0)
        elif private:
            if op in (0x68, 0x6C):  # h / l: set or reset a mode
                if 7 in nums:
                    wrap = op == 0x68
            else:
                result.unsupported += 1
        elif op in (0x48, 0x66):  # H f
            row = min(max_rows, (nums[0] or 1) - 1)
            col = min(width - 1, ((nums[1] if len(nums) > 1 else 0) or 1) - 1)
        elif op == 0x41:  # A
            row = max(0, row - n)
        elif op == 0x42:  # B
            row = min(max_rows, row + n)
        elif op == 0x43:  # C
            col = min(width - 1, col + n)
        elif op == 0x44:  # D
            col = max(0, col - n)
        elif op == 0x73:  # s
            saved = (row, col)
        elif op == 0x75:  # u
            row, col = saved
        elif op == 0x4A:  # J
            if nums[0] == 2:
                canvas.clear(attr)
                row = col = 0
            else:
                result.unsupported += 1
        elif op == 0x4B:  # K
            how = nums[0]
            if how == 0:
                erase(col, width)
            elif how == 1:
                erase(0, col + 1)
            elif how == 2:
                erase(0, width)
            else:
                result.unsupported += 1
        elif op == 0x6E:  # n: a status report goes to the keyboard, nothing to draw
            pass
        else:
            result.unsupported += 1

    result.cells = canvas.cells()
    if result.malformed:
        result.notes.append(f"{result.malformed} malformed escape sequence(s) skipped")
    if result.unsupported:
        result.notes.append(f"{result.unsupported} escape sequence(s) ANSI.SYS does not have ignored")
    if result.cut:
        result.notes.append(f"cut at {max_rows} rows")
    if result.stopped:
        result.notes.append(f"stopped after {max_tokens:,} escape sequences, control codes and runs of text")
    return result
