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
import importlib.resources
from pathlib import Path

import numpy as np

FONT_NAMES: tuple[str, ...] = (
    "bios_8x8",        # EGA/VGA BIOS 8x8 (also the CGA's shapes, bar four glyphs)
    "bios_8x14",       # EGA BIOS 8x14, 8-dot cells (colour monitor)
    "bios_8x14_9dot",  # EGA BIOS 8x14 with the 9-dot replacements (mono monitor)
    "bios_8x16",       # VGA BIOS 8x16, 8-dot shapes (640x400 text)
    "bios_8x16_9dot",  # VGA BIOS 8x16 as shown in 9-dot cells (720x400 text)
    "cga_rom_8x8",     # IBM CGA character ROM
    "mda_rom_8x14",    # IBM MDA character ROM (9x14 cells)
)

_SOURCE_FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


def _font_text(name: str) -> str:
    """Read fonts/<name>.hex from the installed package, else the source tree.

    After ``pip install .`` the directory is the package ``vconsole._fonts``;
    a plain source checkout has no such package, only the directory beside
    ``vconsole/``.
    """
    filename = f"{name}.hex"
    try:
        return importlib.resources.files("vconsole._fonts").joinpath(filename).read_text()
    except ModuleNotFoundError:
        return (_SOURCE_FONT_DIR / filename).read_text()


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
