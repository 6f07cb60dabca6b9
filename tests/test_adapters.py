"""Adapter facts against the hardware references.

Numbers below are copied from the project's reference notes (measured in
DOSBox 0.74 and taken from the IBM technical references as 86Box, MartyPC and
PC-BASIC implement them); the test names say which fact each one checks.
"""
import numpy as np
import pytest

from vconsole import adapters as A
from vconsole.adapters import ADAPTERS, CGA, EGA, HERCULES, MDA, VGA, colour_tables, get_adapter

# RGBI palette, attributes 0-15 (reference notes, "Colours")
PALETTE_HEX = ("000000 0000AA 00AA00 00AAAA AA0000 AA00AA AA5500 AAAAAA "
               "555555 5555FF 55FF55 55FFFF FF5555 FF55FF FFFF55 FFFFFF").split()


def rgb(hexstr):
    return tuple(int(hexstr[i:i + 2], 16) for i in (0, 2, 4))


def test_palette_is_rgbi_with_brown():
    assert [rgb(h) for h in PALETTE_HEX] == [tuple(c) for c in A.RGBI_PALETTE.tolist()]
    assert tuple(A.RGBI_PALETTE[6]) == (0xAA, 0x55, 0x00)


@pytest.mark.parametrize("name,cell,active,font,hz", [
    ("cga", (8, 8), (640, 200), "cga_rom_8x8", 59.92),
    ("ega", (8, 14), (640, 350), "bios_8x14", 59.7),
    ("vga", (9, 16), (720, 400), "bios_8x16_9dot", 70.09),
    ("mda", (9, 14), (720, 350), "mda_rom_8x14", 50.0),
    ("hercules", (9, 14), (720, 350), "mda_rom_8x14", 50.0),
])
def test_adapter_table(name, cell, active, font, hz):
    a = ADAPTERS[name]
    assert (a.cell_w, a.cell_h) == cell
    assert a.active_size == active
    assert a.font == font
    assert a.refresh_hz == pytest.approx(hz)
    assert a.mono == (name in ("mda", "hercules"))
    assert a.has_border == (not a.mono)


def test_default_and_unknown_adapter():
    assert get_adapter(None) is EGA
    assert get_adapter("VGA") is VGA
    with pytest.raises(ValueError, match="unknown adapter"):
        get_adapter("tandy")
    with pytest.raises(ValueError, match="unknown monitor"):
        colour_tables(EGA, "blue")


# Cursor scan lines, reference notes table: CX -> rows lit (None = hidden).  The MDA and
# Hercules columns follow the corrected notes (issue 29): those cards take the values unscaled.
CURSOR_TABLE = {
    0x0607: {"cga": (6, 7), "ega": (11, 12), "mda": (6, 7), "hercules": (6, 7), "vga": (13, 14)},
    0x0007: {"cga": (0, 7), "ega": (0, 13), "mda": (0, 7), "hercules": (0, 7), "vga": (0, 15)},
    0x0003: {"cga": (0, 3), "ega": (0, 3), "mda": (0, 3), "hercules": (0, 3), "vga": (0, 3)},
    0x2000: {"cga": None, "ega": None, "mda": None, "hercules": None, "vga": None},
}


@pytest.mark.parametrize("cx", sorted(CURSOR_TABLE))
@pytest.mark.parametrize("name", ["cga", "ega", "mda", "hercules", "vga"])
def test_cursor_lines_reference_table(cx, name):
    assert ADAPTERS[name].cursor_lines(cx >> 8, cx & 0xFF) == CURSOR_TABLE[cx][name]


def test_cursor_lines_more_bios_cases_seen_in_dosbox():
    # CX=0D0Eh (an EGA-style underline given to the BIOS) and CX=0706h (start > end) as
    # DOSBox 0.74 showed them (tests/golden/*_cursor_*.png, checked pixel-exact in test_render)
    assert EGA.cursor_lines(0x0D, 0x0E) == (11, 12)
    assert VGA.cursor_lines(0x0D, 0x0E) == (13, 14)
    assert EGA.cursor_lines(7, 6) == (6, 13)
    assert VGA.cursor_lines(7, 6) == (6, 15)


def test_start_after_end_on_the_crtc():
    # CGA has no BIOS rescaling: the 6845 wraps, lighting 0..end and start..bottom.
    assert CGA.cursor_lines(7, 6) == (7, 6)
    assert CGA.cursor_mask(7, 6).tolist() == [True] * 8
    assert CGA.cursor_mask(6, 1).tolist() == [True, True, False, False, False, False, True, True]
    # end = 0 passes the EGA/VGA BIOS untouched: EGA wraps, VGA shows nothing.
    assert EGA.cursor_lines(7, 0) == (7, 0)
    assert np.flatnonzero(EGA.cursor_mask(7, 0)).tolist() == [0] + list(range(7, 14))
    assert VGA.cursor_lines(7, 0) is None
    assert not VGA.cursor_mask(7, 0).any()


def test_cursor_off_bit_and_lines_past_the_cell():
    for a in ADAPTERS.values():
        assert a.cursor_lines(0x26, 0x07) is None
        assert a.cursor_lines(0x20, 0x00) is None
    assert CGA.cursor_lines(0, 15) == (0, 7)  # the 6845 never reaches line 8+ of an 8-line cell
    assert CGA.cursor_lines(9, 12) is None


@pytest.mark.parametrize("name,frame,text_on,cursor_on", [
    # CGA toggles blinking text every 8 frames (86Box/MartyPC), the others every 16;
    # every card toggles the cursor every 8 frames.
    ("cga", 0, True, True), ("cga", 7, True, True), ("cga", 8, False, False),
    ("cga", 16, True, True), ("cga", 32, True, True), ("cga", 24, False, False),
    ("ega", 0, True, True), ("ega", 8, True, False), ("ega", 16, False, True),
    ("ega", 24, False, False), ("ega", 32, True, True),
    ("vga", 8, True, False), ("vga", 16, False, True), ("vga", 31, False, False), ("vga", 32, True, True),
    ("mda", 8, True, False), ("mda", 16, False, True), ("mda", 32, True, True),
])
def test_blink_phases(name, frame, text_on, cursor_on):
    a = ADAPTERS[name]
    assert a.text_visible(frame) == text_on
    assert a.cursor_visible(frame) == cursor_on


def test_ninth_column_rule():
    assert VGA.ninth_column_repeats(0xC4) and VGA.ninth_column_repeats(0xC0) and VGA.ninth_column_repeats(0xDF)
    assert not VGA.ninth_column_repeats(0xBF) and not VGA.ninth_column_repeats(0xE0)
    assert not VGA.ninth_column_repeats(0x41)
    assert MDA.ninth_column_repeats(0xCD)
    assert not EGA.ninth_column_repeats(0xC4)  # 8-dot cells have no ninth column


def test_colour_attribute_and_blink():
    fg, bg = colour_tables(EGA, "color", blink_enabled=True, text_on=True)
    assert tuple(fg[0x1E]) == rgb("FFFF55") and tuple(bg[0x1E]) == rgb("0000AA")
    # bit 7 with blink enabled: background from bits 4-6 only
    assert tuple(bg[0x9E]) == rgb("0000AA") and tuple(fg[0x9E]) == rgb("FFFF55")
    fg_off, _ = colour_tables(EGA, "color", blink_enabled=True, text_on=False)
    assert tuple(fg_off[0x9E]) == rgb("0000AA")  # the character vanishes into its background
    assert tuple(fg_off[0x1E]) == rgb("FFFF55")  # non-blinking cells are unaffected
    fg_b, bg_b = colour_tables(EGA, "color", blink_enabled=False, text_on=False)
    assert tuple(bg_b[0x9E]) == rgb("5555FF") and tuple(fg_b[0x9E]) == rgb("FFFF55")
    assert tuple(bg_b[0xE0]) == rgb("FFFF55")


MDA_LEVELS = {"off": 0x00, "normal": 0xAA, "bright": 0xFF}  # reference notes, "MDA levels"


@pytest.mark.parametrize("attr,fg,bg", [
    (0x07, "normal", "off"), (0x0F, "bright", "off"), (0x01, "normal", "off"), (0x09, "bright", "off"),
    (0x00, "off", "off"), (0x08, "off", "off"), (0x80, "off", "off"), (0x88, "off", "off"),
    (0x70, "off", "normal"), (0x78, "off", "normal"), (0xF8, "off", "normal"), (0xF0, "off", "normal"),
    (0x87, "normal", "off"),  # bit 7 never brightens an MDA background
    (0x17, "normal", "off"), (0x47, "normal", "off"),  # other backgrounds show black
    (0x7F, "bright", "off"),
    # foreground 000 on a background that is neither 000 nor 111: normal video, not nothing
    (0x10, "normal", "off"), (0x60, "normal", "off"), (0x18, "bright", "off"), (0xE8, "bright", "off"),
    (0x71, "normal", "off"),  # only 70/78/F0/F8 are reverse; 71h is underlined normal video
])
@pytest.mark.parametrize("blink_enabled", [True, False])
def test_mda_attribute_decoding_white_monitor(attr, fg, bg, blink_enabled):
    f, b = colour_tables(MDA, "white", blink_enabled=blink_enabled, text_on=True)
    assert tuple(f[attr]) == (MDA_LEVELS[fg],) * 3
    assert tuple(b[attr]) == (MDA_LEVELS[bg],) * 3


def test_mda_blink_hides_foreground_only_when_enabled():
    f, b = colour_tables(HERCULES, "white", blink_enabled=True, text_on=False)
    assert tuple(f[0x87]) == (0, 0, 0) and tuple(f[0x07]) == (0xAA,) * 3
    f, _ = colour_tables(HERCULES, "white", blink_enabled=False, text_on=False)
    assert tuple(f[0x87]) == (0xAA,) * 3


def test_monitor_tints():
    # MDA on the default colour choice shows the 5151's green; levels scale the tint.
    f, _ = colour_tables(MDA, "color")
    green = np.array(A.MONITOR_TINTS["green"])
    assert tuple(f[0x0F]) == tuple(green)
    assert tuple(f[0x07]) == tuple(np.rint(green * 0xAA / 255).astype(int))
    f, _ = colour_tables(MDA, "amber")
    assert tuple(f[0x0F]) == A.MONITOR_TINTS["amber"]


def test_colour_card_on_a_mono_monitor_shows_luminance():
    f, b = colour_tables(VGA, "white")
    # Rec. 601 luma of the RGBI colour, in the phosphor tint (white: grey levels)
    y_blue = round(0.114 * 0xAA)  # colour 1 = 0000AA
    y_brown = round(0.299 * 0xAA + 0.587 * 0x55)
    assert tuple(f[0x01]) == (y_blue,) * 3
    assert tuple(f[0x06]) == (y_brown,) * 3
    assert tuple(f[0x0F]) == (0xFF,) * 3 and tuple(b[0x0F]) == (0, 0, 0)
    f, _ = colour_tables(EGA, "green")
    assert f[0x0F, 0] == 0 and f[0x0F, 1] == 0xFF  # green tint keeps only green here


def test_border_colour():
    assert tuple(A.border_rgb(EGA, 4)) == rgb("AA0000")
    assert tuple(A.border_rgb(CGA, 0x1E)) == rgb("FFFF55")  # only bits 0-3 count
    assert tuple(A.border_rgb(MDA, 4)) == (0, 0, 0)  # no overscan colour on mono cards


def test_side_border_is_whole_cells():
    for a in ADAPTERS.values():
        assert a.border_px[0] % a.cell_w == 0
    with pytest.raises(ValueError):
        A.Adapter(name="x", cell_w=9, cell_h=16, font="bios_8x16_9dot", refresh_hz=70, text_blink_frames=16,
                  border_px=(32, 20))
