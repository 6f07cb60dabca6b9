"""All 256 MDA attributes, in both blink phases and with blink disabled, against the decoding rule.

The expected pictures are built here from MDA_RULE, a table written out by hand
from the statement of how the IBM Monochrome Display Adapter decodes an
attribute byte (bits 0-2 foreground, 4-6 background, 3 intensity, 7 blink):

  * attr & 77h == 00h (00 08 80 88): nothing is shown;
  * attr & 77h == 70h (70 78 F0 F8): reverse video, a dark character on a lit
    background (bit 3 does not brighten it);
  * every other byte is normal video: the character lit on a dark background,
    bright when bit 3 is set, underlined (all nine dots of scan line 12) when
    the foreground bits are 001.  Foreground 000 on a background other than
    000 and 111 (10h-60h, 90h-E0h and their 08h variants) is normal video too.

Blink enabled: bit 7 hides the character (and its underline) for 16 of every
32 frames, leaving its background.  Blink disabled: bit 7 just stops
blinking; the MDA has no bright background for it to select.

Levels are the reference notes' MDA drive levels on the neutral "white"
monitor: off 00, normal AA, bright FF.  Glyph rows come from the MDA character
ROM (tests/test_fonts.py pins its digest), with the ninth dot repeating the
eighth for C0h-DFh.  Nothing here is taken from the renderer or the adapter's
colour tables.
"""
from pathlib import Path

import numpy as np
import pytest

from vconsole.adapters import HERCULES, MDA
from vconsole.fonts import load_font
from vconsole.render import render_frame
from vconsole.video import ScreenState

GOLDEN = Path(__file__).parent / "golden"

# Row = high nibble of the attribute, column = low nibble (0 ... F).
#   -  nothing shown           R  reverse: dark character on a lit background
#   n  normal on dark          b  bright on dark
#   u  normal, underlined      U  bright, underlined
MDA_RULE = """
0  - u n n n n n n - U b b b b b b
1  n u n n n n n n b U b b b b b b
2  n u n n n n n n b U b b b b b b
3  n u n n n n n n b U b b b b b b
4  n u n n n n n n b U b b b b b b
5  n u n n n n n n b U b b b b b b
6  n u n n n n n n b U b b b b b b
7  R u n n n n n n R U b b b b b b
8  - u n n n n n n - U b b b b b b
9  n u n n n n n n b U b b b b b b
A  n u n n n n n n b U b b b b b b
B  n u n n n n n n b U b b b b b b
C  n u n n n n n n b U b b b b b b
D  n u n n n n n n b U b b b b b b
E  n u n n n n n n b U b b b b b b
F  R u n n n n n n R U b b b b b b
"""
OFF, NORMAL, BRIGHT = 0x00, 0xAA, 0xFF
FG = {"-": OFF, "n": NORMAL, "b": BRIGHT, "u": NORMAL, "U": BRIGHT, "R": OFF}
BG = {"-": OFF, "n": OFF, "b": OFF, "u": OFF, "U": OFF, "R": NORMAL}
UNDERLINE_ROW = 12


def rule_table() -> list[str]:
    """The 256 decodings, indexed by attribute byte."""
    table = [""] * 256
    lines = MDA_RULE.strip().splitlines()
    assert len(lines) == 16
    for line in lines:
        high, *codes = line.split()
        assert len(codes) == 16
        for low, code in enumerate(codes):
            table[int(high, 16) * 16 + low] = code
    return table


RULE = rule_table()


def test_the_table_says_what_the_rule_says():
    # a few spot checks of the table against the sentences above, so a typo in it cannot hide
    assert [RULE[a] for a in (0x00, 0x08, 0x80, 0x88)] == ["-"] * 4
    assert [RULE[a] for a in (0x70, 0x78, 0xF0, 0xF8)] == ["R"] * 4
    assert [RULE[a] for a in (0x10, 0x60, 0x90, 0xE0)] == ["n"] * 4
    assert [RULE[a] for a in (0x18, 0x68, 0x98, 0xE8)] == ["b"] * 4
    assert [RULE[a] for a in (0x01, 0x71, 0xF1, 0x09, 0x79)] == ["u", "u", "u", "U", "U"]
    assert RULE.count("-") == 4 and RULE.count("R") == 4


def expected_frame(cells: np.ndarray, blink_enabled: bool, text_on: bool) -> np.ndarray:
    """(350, 720) grey levels of the 25x80 cells, built from RULE and the character ROM."""
    font = load_font("mda_rom_8x14").astype(np.int64)  # (256, 14)
    chars, attrs = cells[..., 0].astype(np.int64), cells[..., 1].astype(np.int64)
    codes = np.array(RULE)[attrs]  # (25, 80)
    fg = np.vectorize(FG.get)(codes)
    bg = np.vectorize(BG.get)(codes)
    if blink_enabled and not text_on:
        fg = np.where(attrs & 0x80, bg, fg)
    rows = font[chars]  # (25, 80, 14)
    dots = np.zeros(rows.shape + (9,), dtype=bool)
    for x in range(8):
        dots[..., x] = (rows >> (7 - x)) & 1
    line_graphics = (chars >= 0xC0) & (chars <= 0xDF)
    dots[..., 8] = line_graphics[..., None] & (rows & 1).astype(bool)
    underlined = np.isin(codes, ["u", "U"])
    dots[underlined, UNDERLINE_ROW, :] = True
    pix = np.where(dots, fg[..., None, None], bg[..., None, None])  # (25, 80, 14, 9)
    return pix.transpose(0, 2, 1, 3).reshape(25 * 14, 80 * 9)


def screens() -> dict[str, np.ndarray]:
    """cells.bin (every attribute with eight different characters) and every attribute on a full block."""
    dump = np.frombuffer((GOLDEN / "cells.bin").read_bytes(), dtype=np.uint8).reshape(25, 80, 2)
    blocks = np.zeros((25, 80, 2), dtype=np.uint8)
    i = np.arange(2000).reshape(25, 80)
    blocks[..., 0] = np.where(i < 1000, 0xDB, 0x41)  # full block, then 'A' for the underline's dots
    blocks[..., 1] = i % 256
    return {"cells.bin": dump, "blocks": blocks}


def test_every_attribute_appears():
    for name, cells in screens().items():
        assert set(cells[..., 1].ravel().tolist()) == set(range(256)), name


@pytest.mark.parametrize("adapter", [MDA, HERCULES], ids=["mda", "hercules"])
@pytest.mark.parametrize("screen", ["cells.bin", "blocks"])
@pytest.mark.parametrize("blink,frame,text_on", [
    (True, 0, True),     # blink enabled, blinking characters shown
    (True, 16, False),   # blink enabled, blinking characters hidden (16 frames on, 16 off)
    (False, 0, True),    # blink disabled: bit 7 does nothing, in either phase
    (False, 16, True),
])
def test_all_256_attributes_match_the_rule(adapter, screen, blink, frame, text_on):
    cells = screens()[screen]
    state = ScreenState(cells=cells, blink=blink, cursor_row=25)
    got = render_frame(state, adapter, monitor="white", frame=frame, border=False)
    assert got.shape == (350, 720, 3)
    assert (got == got[..., :1]).all()  # the white monitor shows grey levels only
    want = expected_frame(cells, blink, text_on)
    bad = got[..., 0] != want
    if bad.any():
        ys, xs = np.nonzero(bad)
        r, c = ys[0] // 14, xs[0] // 9
        pytest.fail(f"{bad.sum()} pixels differ; first in cell ({r},{c}) char {cells[r, c, 0]:02X} "
                    f"attr {cells[r, c, 1]:02X}")


def test_blink_disabled_never_brightens_an_mda_background():
    cells = np.zeros((25, 80, 2), dtype=np.uint8)
    cells[..., 0] = 0x20
    cells[0, :16, 1] = np.arange(0x80, 0x100, 8)  # every background with bit 7 set
    f = render_frame(ScreenState(cells=cells, blink=False, cursor_row=25), MDA, monitor="white", border=False)
    lit = {int(v) for v in np.unique(f[:14, :16 * 9])}
    assert lit <= {OFF, NORMAL}  # F0h/F8h show the normal reverse background, nothing shows bright
