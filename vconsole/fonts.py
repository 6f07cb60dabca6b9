"""Character generator fonts: the glyph tables the video hardware reads.

A text-mode adapter has no notion of "fonts" at run time: its character
generator (a ROM on CGA/MDA, plane 2 loaded by the BIOS on EGA/VGA) maps each
CP437 code to a few bytes, one per pixel row, the most significant bit being
the leftmost dot. The tables live as text in the top-level ``fonts/``
directory (see fonts/README.md; scripts/build_fonts.py rebuilds them), which
an installed package exposes as ``vconsole._fonts``.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # numpy.typing costs a start-up import for one annotation
    import numpy.typing as npt

FONT_NAMES: tuple[str, ...] = (
    "bios_8x8",        # EGA/VGA BIOS 8x8 (also the CGA's shapes, bar four glyphs)
    "bios_8x14",       # EGA BIOS 8x14, 8-dot cells (colour monitor)
    "bios_8x14_9dot",  # EGA BIOS 8x14 with the 9-dot replacements (mono monitor)
    "bios_8x16",       # VGA BIOS 8x16, 8-dot shapes (640x400 text)
    "bios_8x16_9dot",  # VGA BIOS 8x16 as shown in 9-dot cells (720x400 text)
    "cga_rom_8x8",     # IBM CGA character ROM
    "mda_rom_8x14",    # IBM MDA character ROM (9x14 cells)
)

_HERE = os.path.dirname(os.path.realpath(__file__))
_SOURCE_FONT_DIR = os.path.join(os.path.dirname(_HERE), "fonts")
_INSTALLED_FONT_DIR = os.path.join(_HERE, "_fonts")


def _font_text(name: str) -> str:
    """Read fonts/<name>.hex from the installed package, else the source tree.

    After ``pip install .`` the directory is the package ``vconsole._fonts``;
    a plain source checkout (or an editable install) has no such folder, only
    the directory beside ``vconsole/``.  The two folders are read directly:
    ``importlib.resources`` (which imports tempfile, shutil and the
    compressors, a few per cent of a start-up) is asked only when neither is
    there, as in a package run from a zip file.
    """
    filename = f"{name}.hex"
    for folder in (_INSTALLED_FONT_DIR, _SOURCE_FONT_DIR):
        path = os.path.join(folder, filename)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    import importlib.resources

    return importlib.resources.files("vconsole._fonts").joinpath(filename).read_text()


def parse_hex_font(text: str) -> np.ndarray:
    """Turn ``XX:HEXROWS`` lines (codes 00..FF in order, '#' comments) into (256, rows)."""
    glyphs: list[bytes] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        code, sep, hexrows = line.partition(":")
        if not sep or int(code, 16) != len(glyphs):
            raise ValueError(f"line {number}: expected code {len(glyphs):02X}, got {line!r}")
        glyph = bytes.fromhex(hexrows)
        if glyphs and len(glyph) != len(glyphs[0]):
            raise ValueError(f"line {number}: {len(glyph)} rows, expected {len(glyphs[0])}")
        glyphs.append(glyph)
    if len(glyphs) != 256 or not glyphs[0]:
        raise ValueError(f"{len(glyphs)} glyphs, a character generator holds 256")
    return np.frombuffer(b"".join(glyphs), dtype=np.uint8).reshape(256, len(glyphs[0]))


@functools.cache
def load_font(name: str) -> np.ndarray:
    """Return the font as a read-only uint8 array (256, rows); cached, so shared."""
    if name not in FONT_NAMES:
        raise ValueError(f"unknown font {name!r}; known: {', '.join(FONT_NAMES)}")
    font = parse_hex_font(_font_text(name)).copy()
    font.flags.writeable = False
    return font


@functools.cache
def glyph_bits(name: str) -> np.ndarray:
    """Return the font as read-only booleans (256, rows, 8), column 0 = leftmost dot.

    The renderer indexes this by character code to get whole cells at once.
    """
    bits = np.unpackbits(load_font(name), axis=1).reshape(256, -1, 8).astype(bool)
    bits.flags.writeable = False
    return bits


class Glyphs:
    """A character set as the card's character generator holds it: 256 glyphs of `height` rows.

    EGA and VGA keep their character set in RAM (plane 2), so a program can
    load its own (INT 10h AX=1100h/1110h); the ROM sets of FONT_NAMES are what
    the BIOS loads at a mode set.  A Glyphs is immutable and compares and
    hashes by value, so screens and renderer caches can key on it.
    """

    __slots__ = ("_data", "height", "name", "_array", "_hash")

    def __init__(self, data: bytes, height: int, name: str = "") -> None:
        height = int(height)
        if not 1 <= height <= 32:
            raise ValueError(f"a character generator holds glyphs of 1 to 32 rows, not {height}")
        data = bytes(data)
        if len(data) != 256 * height:
            raise ValueError(f"{256 * height} bytes make 256 glyphs of {height} rows; got {len(data)}")
        self._data, self.height, self.name = data, height, name
        array = np.frombuffer(data, dtype=np.uint8).reshape(256, height)
        self._array = array  # frombuffer over bytes: already read-only
        self._hash = hash((data, height))

    @classmethod
    def from_array(cls, array: npt.ArrayLike, name: str = "") -> Glyphs:
        """From a (256, rows) uint8 array, one byte per glyph row, leftmost dot in bit 7."""
        array = np.asarray(array)
        if array.ndim != 2 or array.shape[0] != 256:
            raise ValueError(f"expected a (256, rows) array of glyph rows, got shape {array.shape}")
        return cls(array.astype(np.uint8).tobytes(), array.shape[1], name)

    @staticmethod
    def named(name: str) -> Glyphs:
        """One of the ROM sets of FONT_NAMES (shared, like load_font)."""
        return _named_glyphs(name)

    @property
    def array(self) -> np.ndarray:
        """(256, height) read-only uint8."""
        return self._array

    @property
    def data(self) -> bytes:
        return self._data

    def fitted(self, height: int) -> Glyphs:
        """This set as a card whose character height stays `height` shows it (INT 10h AX=1100h).

        Loading glyphs without reprogramming the CRTC keeps the cell height:
        rows past the cell's bottom are never scanned, and a shorter glyph
        leaves blank rows below it (we load into a cleared generator).
        """
        if height == self.height:
            return self
        out = np.zeros((256, height), dtype=np.uint8)
        keep = min(height, self.height)
        out[:, :keep] = self._array[:, :keep]
        return Glyphs(out.tobytes(), height, self.name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Glyphs):
            return NotImplemented
        return self is other or (self.height == other.height and self._data == other._data)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Glyphs({self.name or 'user'}, 8x{self.height})"


@functools.cache
def _named_glyphs(name: str) -> Glyphs:
    return Glyphs(load_font(name).tobytes(), load_font(name).shape[1], name)
