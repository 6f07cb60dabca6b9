""".BIN and XBin: video memory as it was, (character, attribute) pairs row after row.

A .BIN is nothing else: its width comes from SAUCE (FileType x 2) or is taken as 80, its
height from its size; a last row cut short is padded with blanks (20h in 07h).  The
end-of-file character written before a SAUCE record is recognised by the odd length it
leaves.

An XBin (Tasmaniac / ACiD, 1996) adds what the screen needs to look as drawn:

    "XBIN" 1Ah, width (word), height (word), font height (byte, 1-32), flags (byte)
    flags: 01h palette follows, 02h font follows, 04h image compressed, 08h no blink
           (iCE colours), 10h a 512-character font (two sets; not supported here)
    palette: 16 x (red, green, blue), 6-bit DAC values      (48 bytes)
    font: 256 glyphs x font height bytes
    image: width x height pairs, or compressed in runs: a byte whose top two bits say
           what repeats (00 nothing, 01 the character, 10 the attribute, 11 both) and
           whose low six bits are the run length less one, then the run's bytes
           (00: pairs; 01: the character then attributes; 10: the attribute then
           characters; 11: one pair).

A picture that ends early is padded with blanks and noted; one taller than `max_rows` is cut
and noted; widths are bounded by `max_width`.  Every problem that leaves nothing to show is a
ValueError with the reason.
"""
from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ...adapters import DacPalette
from ...fonts import Glyphs

BLANK = (0x20, 0x07)
XBIN_MAGIC = b"XBIN"
_HEADER = struct.Struct("<4sBHHBB")
FLAG_PALETTE, FLAG_FONT, FLAG_COMPRESSED, FLAG_NONBLINK, FLAG_512 = 0x01, 0x02, 0x04, 0x08, 0x10


@dataclass
class Picture:
    cells: np.ndarray  # (rows, width, 2) uint8
    ice: bool = False
    font: Glyphs | None = None
    palette: DacPalette | None = None
    notes: list[str] = field(default_factory=list)


def _blank(rows: int, width: int) -> np.ndarray:
    cells = np.empty((rows, width, 2), dtype=np.uint8)
    cells[..., 0], cells[..., 1] = BLANK
    return cells


def read_bin(data: bytes, width: int = 80, max_rows: int = 10_000) -> Picture:
    """A raw dump `width` cells wide; any length."""
    if len(data) % 2 and data.endswith(b"\x1a"):
        data = data[:-1]  # the end-of-file character before SAUCE, not half a cell
    if not data:
        raise ValueError("it holds no cells (0 bytes of picture)")
    notes = []
    rows = -(-len(data) // (2 * width))
    if rows > max_rows:
        rows = max_rows
        data = data[:max_rows * width * 2]
        notes.append(f"cut at {max_rows} rows")
    elif len(data) % (2 * width):
        notes.append(f"its last row is {len(data) % (2 * width)} bytes short of {2 * width}; padded with blanks")
    cells = _blank(rows, width)
    cells.reshape(-1)[:len(data)] = np.frombuffer(data, dtype=np.uint8)
    return Picture(cells=cells, notes=notes)


def read_xbin(data: bytes, max_rows: int = 10_000, max_width: int = 1024) -> Picture:
    """An XBin file's own bytes (SAUCE already taken off)."""
    if len(data) < _HEADER.size or not data.startswith(XBIN_MAGIC):
        raise ValueError("it is not an XBin (no XBIN header)")
    _, _, width, height, font_height, flags = _HEADER.unpack_from(data)
    pos = _HEADER.size
    notes: list[str] = []
    if flags & FLAG_512:
        raise ValueError("it uses a 512-character font, which is not supported")
    palette: DacPalette | None = None
    if flags & FLAG_PALETTE:
        raw = data[pos:pos + 48]
        if len(raw) < 48:
            raise ValueError("its palette is cut short")
        palette = tuple((raw[i] & 0x3F, raw[i + 1] & 0x3F, raw[i + 2] & 0x3F) for i in range(0, 48, 3))
        if any(v > 63 for v in raw):
            notes.append("palette values above 63 kept to their low 6 bits, as the DAC does")
        pos += 48
    font = None
    if flags & FLAG_FONT:
        if not 1 <= font_height <= 32:
            raise ValueError(f"its font is {font_height} rows high; a character generator holds 1 to 32")
        raw = data[pos:pos + 256 * font_height]
        if len(raw) < 256 * font_height:
            raise ValueError("its font is cut short")
        font = Glyphs(raw, font_height, "XBin")
        pos += 256 * font_height
    if width == 0 or height == 0:
        raise ValueError("it holds no picture (an XBin may carry only a font or a palette)")
    if width > max_width:
        raise ValueError(f"it is {width} columns wide, more than the {max_width} vconsole shows")
    rows = height
    if rows > max_rows:
        rows = max_rows
        notes.append(f"cut at {max_rows} of its {height} rows")
    count = rows * width
    body = data[pos:]
    if flags & FLAG_COMPRESSED:
        flat, complete = _expand(body, count)
    else:
        flat = np.frombuffer(body[:2 * count], dtype=np.uint8)
        complete = len(flat) == 2 * count
    if not complete:
        notes.append("its picture data ends early; the rest is blank")
    cells = _blank(rows, width)
    cells.reshape(-1)[:len(flat)] = flat
    return Picture(cells=cells, ice=bool(flags & FLAG_NONBLINK), font=font, palette=palette, notes=notes)


def _expand(body: bytes, count: int) -> tuple[np.ndarray, bool]:
    """Undo XBin's run-length coding into at most `count` (character, attribute) pairs."""
    out = bytearray(2 * count)
    i, j, n = 0, 0, len(body)
    while j < 2 * count and i < n:
        head = body[i]
        i += 1
        kind, run = head >> 6, (head & 0x3F) + 1
        run = min(run, count - j // 2)
        if kind == 0:
            chunk = body[i:i + 2 * run]
            i += 2 * run
            out[j:j + len(chunk)] = chunk
            j += len(chunk)
            if len(chunk) < 2 * run:
                break
        elif kind == 3:
            if i + 2 > n:
                break
            out[j:j + 2 * run] = body[i:i + 2] * run
            i += 2
            j += 2 * run
        else:
            if i + 1 + run > n:
                break
            same, varying = body[i:i + 1] * run, body[i + 1:i + 1 + run]
            i += 1 + run
            chars, attrs = (same, varying) if kind == 1 else (varying, same)
            out[j:j + 2 * run:2] = chars
            out[j + 1:j + 2 * run:2] = attrs
            j += 2 * run
    return np.frombuffer(bytes(out[:j]), dtype=np.uint8), j == 2 * count


def write_xbin(cells: np.ndarray, *, ice: bool = False, font: Glyphs | None = None,
               palette: DacPalette | None = None, compress: bool = True) -> bytes:
    """An XBin of these cells (for tests and tools): compressed per row, as the format's authors did."""
    rows, width = cells.shape[:2]
    flags = (FLAG_PALETTE if palette else 0) | (FLAG_FONT if font else 0) | (FLAG_COMPRESSED if compress else 0) \
        | (FLAG_NONBLINK if ice else 0)
    out = bytearray(_HEADER.pack(XBIN_MAGIC, 0x1A, width, rows, font.height if font else 16, flags))
    if palette:
        out += bytes(v for rgb in palette for v in rgb)
    if font:
        out += font.data
    if not compress:
        return bytes(out + np.ascontiguousarray(cells, dtype=np.uint8).tobytes())
    for r in range(rows):
        out += _compress_row([(int(c), int(a)) for c, a in cells[r]])
    return bytes(out)


def _run_length(pairs: list[tuple[int, int]], i: int, part: Callable[[tuple[int, int]], object]) -> int:
    """How many pairs from ``i`` on (at least 1, at most 64: one XBin run) have the ``part`` pair ``i`` has."""
    k = 1
    while i + k < len(pairs) and k < 64 and part(pairs[i + k]) == part(pairs[i]):
        k += 1
    return k


def _compress_row(pairs: list[tuple[int, int]]) -> bytes:
    """Greedy runs: both equal, else the character equal, else the attribute equal, else literal pairs."""
    out = bytearray()
    i, n = 0, len(pairs)
    while i < n:
        both = _run_length(pairs, i, lambda p: p)
        char = _run_length(pairs, i, lambda p: p[0])
        attr = _run_length(pairs, i, lambda p: p[1])
        if both >= 2:
            out += bytes([0xC0 | (both - 1), *pairs[i]])
            i += both
        elif char >= 3:
            out += bytes([0x40 | (char - 1), pairs[i][0]]) + bytes(p[1] for p in pairs[i:i + char])
            i += char
        elif attr >= 3:
            out += bytes([0x80 | (attr - 1), pairs[i][1]]) + bytes(p[0] for p in pairs[i:i + attr])
            i += attr
        else:
            k = 1
            while i + k < n and k < 64 and pairs[i + k] != pairs[i + k - 1]:
                k += 1
            out += bytes([k - 1]) + bytes(v for p in pairs[i:i + k] for v in p)
            i += k
    return bytes(out)
