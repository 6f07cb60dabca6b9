"""The display adapters of an IBM PC in 80x25 text mode, and the monitors behind them.

Each adapter is a frozen record of the facts the renderer needs: how big a
character cell is, which character generator feeds it, how the ninth pixel
column of 9-dot cells is filled, how fast the screen refreshes and how many
retraces the cursor and blinking text stay on or off.  Colours are kept as
tables indexed by the 4-bit RGBI value (colour cards) or by the attribute byte
(the monochrome card), so the renderer can build its look-up tables from them
in one vectorised step.

Sources: IBM technical references as implemented by 86Box, MartyPC, DOSBox
and PC-BASIC, and the measurements in the project's reference notes.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from .names import MONITORS  # the one list; the command line reads it without numpy
from .records import record

# RGBI palette for colours 0-15.  The IBM 5153 colour display turns colour 6
# into brown by halving its green, which every later card copied.
RGBI_PALETTE = np.array(
    [
        (0x00, 0x00, 0x00), (0x00, 0x00, 0xAA), (0x00, 0xAA, 0x00), (0x00, 0xAA, 0xAA),
        (0xAA, 0x00, 0x00), (0xAA, 0x00, 0xAA), (0xAA, 0x55, 0x00), (0xAA, 0xAA, 0xAA),
        (0x55, 0x55, 0x55), (0x55, 0x55, 0xFF), (0x55, 0xFF, 0x55), (0x55, 0xFF, 0xFF),
        (0xFF, 0x55, 0x55), (0xFF, 0x55, 0xFF), (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF),
    ],
    dtype=np.uint8,
)
RGBI_PALETTE.flags.writeable = False

# Phosphor tints at full ("bright") drive.  Derived from the phosphor
# chromaticities as they are usually quoted from the JEDEC tables (TEP116),
# P39 green (x .223, y .698, the IBM 5151) and P3 amber (x .523, y .469):
# the publication itself could not be read to check them (see crt.py and
# docs/WINDOW.md on what was looked for), so the tints are a close look, not a
# measurement.  Converted to linear sRGB, negative components clipped to zero
# and the brightest channel scaled to FF.  P39 lies outside the
# sRGB gamut and clips to the pure green primary.  "white" is kept neutral
# (FFFFFF) rather than the bluish P4 (about BAE5FF by the same rule) so that
# the monochrome levels come out exactly as measured: 00, AA, FF grey.
MONITOR_TINTS: dict[str, tuple[int, int, int]] = {
    "green": (0x00, 0xFF, 0x00),
    "amber": (0xFF, 0xA7, 0x00),
    "white": (0xFF, 0xFF, 0xFF),
}

#: A program's own colours for attributes 0-15 (INT 10h AX=1010h/1012h on VGA): sixteen
#: (red, green, blue) triples of the VGA DAC's 6-bit values, 0-63.  A tuple, so it hashes.
DacPalette = tuple[tuple[int, int, int], ...]


def check_palette(palette: Iterable[Iterable[int]]) -> DacPalette:
    """Sixteen (r, g, b) triples of 0-63 as a DacPalette, or ValueError."""
    out = tuple(tuple(int(v) for v in rgb) for rgb in palette)
    if len(out) != 16 or any(len(rgb) != 3 or not all(0 <= v <= 63 for v in rgb) for rgb in out):
        raise ValueError("a palette is 16 (red, green, blue) triples of 6-bit values 0-63")
    return out  # type: ignore[return-value]

# Drive levels of the monochrome display adapter before the tint is applied.
MDA_OFF, MDA_NORMAL, MDA_BRIGHT = 0x00, 0xAA, 0xFF
MDA_UNDERLINE_ROW = 12  # the last-but-one scan line of the 14-line cell


def rgbi_luminance(palette: np.ndarray | None = None) -> np.ndarray:
    """How bright each RGBI colour looks on a single-phosphor monitor, 0.0-1.0.

    A monochrome monitor fed a colour signal shows only its brightness; we use
    the Rec. 601 luma weights (0.299 R + 0.587 G + 0.114 B) of the palette
    colour, which is what a composite monochrome monitor sees.
    """
    rgb = (RGBI_PALETTE if palette is None else np.asarray(palette)).astype(np.float64) / 255.0
    luma: np.ndarray = rgb @ np.array([0.299, 0.587, 0.114])
    return luma


def tint(levels: np.ndarray, monitor: str) -> np.ndarray:
    """Levels 0-255 (any shape) -> uint8 RGB in the phosphor colour of `monitor`."""
    t = np.array(MONITOR_TINTS[monitor], dtype=np.float64) / 255.0
    out = np.rint(np.asarray(levels, dtype=np.float64)[..., None] * t)
    return out.astype(np.uint8)


@record
class Adapter:
    """One display adapter in 80x25 text mode.

    Cursor shapes arrive as INT 10h AH=01h takes them; `cursor_lines` turns them into the
    pixel rows this card lights (the EGA/VGA BIOS rescales CGA values, the MDA does not).
    """

    name: str
    cell_w: int
    cell_h: int
    font: str
    refresh_hz: float
    text_blink_frames: int  # retraces blinking text stays shown, then hidden
    cursor_blink_frames: int = 8  # retraces the cursor stays on, then off
    mono: bool = False
    has_border: bool = True
    # Overscan shown around the active area: (left/right pixels, top/bottom lines).  A real
    # tube shows a variable, adjustable amount; we fix it at 4 character columns a side and
    # about 5 % of the height, so the border colour reads as a frame without wasting space
    # (CGA's 32 x 10 even keeps the whole picture at exactly 4:3 with its 5:12 pixels).
    border_px: tuple[int, int] = (0, 0)
    # "wrap": start > end lights 0..end and start..bottom (6845 on CGA, EGA);
    # "none": start > end shows no cursor (VGA CRTC).
    split_cursor: str = "wrap"
    bios_cursor_emulation: bool = True  # the EGA/VGA BIOS rescales CGA cursor values; MDA/Hercules: no
    cols: int = 80
    rows: int = 25
    # What a program may reprogram: EGA and VGA keep the character set in RAM
    # (INT 10h AX=11xxh); the CGA and MDA read a ROM.  palette_bits: bits per gun of the
    # colours attributes 0-15 can be given (EGA: 2, 64 colours; VGA DAC: 6); 0 = fixed RGBI.
    loads_fonts: bool = False
    palette_bits: int = 0
    # The picture the tube spreads over its 4:3 face: (dots across 80 columns, lines down).
    # None means this mode's own width and height; text_mode() keeps the card's when it
    # changes rows, columns or cell size, since the scan rate (and so the shape) stays.
    scan: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.border_px[0] % self.cell_w:
            raise ValueError("the side border must be whole character columns (the renderer draws it as cells)")

    @property
    def width(self) -> int:
        return self.cols * self.cell_w

    @property
    def scan_size(self) -> tuple[int, int]:
        """(dots across 80 columns, lines down) that fill the monitor's 4:3 face."""
        return self.scan if self.scan is not None else (self.width, self.height)

    def text_mode(self, rows: int = 25, cols: int = 80, cell_w: int | None = None, cell_h: int | None = None,
                  font: str | None = None) -> Adapter:
        """This card with its CRTC set for `rows` x `cols` cells of `cell_w` x `cell_h` dots.

        What a viewer does to show a picture taller or wider than 80x25: the
        CRTC is given more rows and columns (a picture the card would draw if
        its video memory went on), and on EGA/VGA the character height follows
        a loaded font (INT 10h AX=1110h) and the VGA sequencer picks 8 or 9
        dots.  Blink rates, colours and the tube's 4:3 shape (`scan_size`)
        stay the card's; the side border stays 4 character columns.
        """
        cw = self.cell_w if cell_w is None else int(cell_w)
        ch = self.cell_h if cell_h is None else int(cell_h)
        if not (rows >= 1 and cols >= 1 and cw in (8, 9) and 1 <= ch <= 32):
            raise ValueError(f"no text mode of {rows}x{cols} cells of {cw}x{ch} dots")
        sw, sh = self.scan_size
        scan = (sw // self.cell_w * cw, sh)
        return replace(self, rows=int(rows), cols=int(cols), cell_w=cw, cell_h=ch, font=font or self.font,
                       border_px=(self.border_px[0] // self.cell_w * cw, self.border_px[1]),
                       scan=None if scan == (cols * cw, rows * ch) else scan)

    @property
    def height(self) -> int:
        return self.rows * self.cell_h

    @property
    def active_size(self) -> tuple[int, int]:
        """(width, height) of the active display area in pixels."""
        return self.width, self.height

    def band(self, border: bool = True) -> tuple[int, int]:
        """(side pixels, top lines) of overscan in a picture with or without its border; mono cards have none."""
        return self.border_px if (border and self.has_border) else (0, 0)

    @property
    def nine_dot(self) -> bool:
        return self.cell_w == 9

    def ninth_column_repeats(self, char: int) -> bool:
        """Line-graphics characters C0h-DFh extend column 8 into column 9 so box lines join."""
        return self.nine_dot and 0xC0 <= char <= 0xDF

    def text_visible(self, frame: int) -> bool:
        """Whether blinking characters are shown at this retrace count."""
        return (frame // self.text_blink_frames) % 2 == 0

    def cursor_visible(self, frame: int) -> bool:
        """Whether the hardware cursor is lit at this retrace count."""
        return (frame // self.cursor_blink_frames) % 2 == 0

    def cursor_lines(self, start: int, end: int) -> tuple[int, int] | None:
        """CGA-style (start, end) as given to INT 10h AH=01h -> (first, last) rows lit, or None.

        first > last means a split cursor: rows 0..last and first..cell_h-1 are
        lit (how the 6845 on CGA and the EGA CRTC behave when start > end).
        On VGA the CRTC shows nothing for start > end, so None comes back.
        Bit 5 of the start value switches the cursor off on every card.

        The EGA/VGA BIOS rescales values meant for the CGA's 8-line cell: 6-7
        becomes the bottom two lines of the larger cell, 0-7 the whole cell.  The
        rules follow the IBM VGA BIOS as DOSBox reproduces them, and give the
        measured table: CX=0607 -> CGA 6-7, EGA 11-12, VGA 13-14; 0007 -> 0-7,
        0-13, 0-15; 0003 -> 0-3 everywhere.  The IBM MDA and the Hercules card
        have no such BIOS: AH=01h puts CH and CL into 6845 registers 10 and 11 as
        they are, so 0607 is a thin line mid-cell there and mode 7 sets 0B0C.
        """
        if start & 0x20:
            return None
        first, last = start & 0xFF, end & 0xFF
        if self.bios_cursor_emulation and not (first & 0xE0) and not (last & 0xE0):
            first, last = _bios_scale_cursor(first, last, self.cell_h - 1)
        first &= 0x1F
        last &= 0x1F
        bottom = self.cell_h - 1
        if first > last:
            if self.split_cursor == "none":
                return None
            if first > bottom:  # the upper part never starts: only 0..last remains
                return (0, min(last, bottom))
            return (first, min(last, bottom))
        if first > bottom:
            return None
        return (first, min(last, bottom))

    def cursor_mask(self, start: int, end: int) -> np.ndarray:
        """bool (cell_h,): which pixel rows of the cursor cell are lit."""
        rows = np.arange(self.cell_h)
        lines = self.cursor_lines(start, end)
        if lines is None:
            return np.zeros(self.cell_h, dtype=bool)
        first, last = lines
        if first <= last:
            return (rows >= first) & (rows <= last)
        return (rows <= last) | (rows >= first)


def _bios_scale_cursor(first: int, last: int, cheight: int) -> tuple[int, int]:
    """The EGA/VGA BIOS's translation of CGA cursor values for a cell of cheight+1 lines.

    start > end becomes "from end to the bottom" (unless end is 0, which goes
    to the CRTC untouched); shapes ending at line 3 or above stay as given;
    shapes more than 2 lines tall run to the bottom line (from mid-cell when
    they started below line 2); shorter ones keep their height and move to
    the bottom, one line up on cells taller than 13 lines.
    """
    if last < first:
        if last == 0:
            return first, last
        return last, cheight
    if (first | last) >= cheight or last != cheight - 1 or first != cheight:
        if last <= 3:
            return first, last
        if first + 2 < last:
            if first > 2:
                return (cheight + 1) // 2, cheight
            return first, cheight
        first, last = first - last + cheight, cheight
        if cheight > 0x0C:
            first, last = first - 1, last - 1
    return first, last


CGA = Adapter(
    name="cga", cell_w=8, cell_h=8, font="cga_rom_8x8", refresh_hz=59.92,
    text_blink_frames=8, border_px=(32, 10), bios_cursor_emulation=False,
)
EGA = Adapter(
    name="ega", cell_w=8, cell_h=14, font="bios_8x14", refresh_hz=59.7,
    text_blink_frames=16, border_px=(32, 18), loads_fonts=True, palette_bits=2,
)
VGA = Adapter(
    name="vga", cell_w=9, cell_h=16, font="bios_8x16_9dot", refresh_hz=70.09,
    text_blink_frames=16, border_px=(36, 20), split_cursor="none", loads_fonts=True, palette_bits=6,
)
MDA = Adapter(
    name="mda", cell_w=9, cell_h=14, font="mda_rom_8x14", refresh_hz=50.0,
    text_blink_frames=16, mono=True, has_border=False, bios_cursor_emulation=False,
)
HERCULES = Adapter(
    name="hercules", cell_w=9, cell_h=14, font="mda_rom_8x14", refresh_hz=50.0,
    text_blink_frames=16, mono=True, has_border=False, bios_cursor_emulation=False,
)

ADAPTERS: dict[str, Adapter] = {a.name: a for a in (CGA, EGA, VGA, MDA, HERCULES)}
DEFAULT_ADAPTER = "ega"


def get_adapter(adapter: str | Adapter | None = None) -> Adapter:
    """An Adapter by name ('cga', 'ega', 'vga', 'mda', 'hercules'); None gives the EGA default."""
    if isinstance(adapter, Adapter):
        return adapter
    key = (adapter or DEFAULT_ADAPTER).lower()
    try:
        return ADAPTERS[key]
    except KeyError:
        raise ValueError(f"unknown adapter {adapter!r}; choose one of {', '.join(ADAPTERS)}") from None


def check_monitor(monitor: str) -> str:
    if monitor not in MONITORS:
        raise ValueError(f"unknown monitor {monitor!r}; choose one of {', '.join(MONITORS)}")
    return monitor


def mda_levels(attrs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(foreground, background) drive levels the MDA gives attribute bytes, blink aside.

    The card looks at bits 0-2 (foreground), 4-6 (background), 3 (intensity)
    and 7 (blink) like this:
      * attr & 77h == 00h (00 08 80 88): nothing shown, dark on dark;
      * attr & 77h == 70h (70 78 F0 F8): reverse video, a dark character on a
        lit (normal) background; bit 3 does not brighten it;
      * anything else is normal video: the character lit on a dark background,
        bright when bit 3 is set.  That includes foreground 000 on a
        background other than 000 and 111 (10h ... 60h, 90h ... E0h and their
        08h variants), which programs written for colour cards use and an MDA
        shows as ordinary text, not as nothing.
    Foreground bits 001 also underline the character (drawn by the renderer).
    """
    attrs = np.asarray(attrs)
    low = attrs & 0x77
    reverse = low == 0x70
    dark_char = (low == 0x00) | reverse
    fg_level = np.where(dark_char, MDA_OFF, np.where(attrs & 0x08, MDA_BRIGHT, MDA_NORMAL))
    bg_level = np.where(reverse, MDA_NORMAL, MDA_OFF)
    return fg_level, bg_level


def palette_rgb(adapter: Adapter, palette: DacPalette | None = None) -> np.ndarray:
    """(16, 3) uint8: the colours this card shows for attributes 0-15 given a program's palette.

    The VGA's DAC takes 6 bits a gun, widened to 8 the usual way (v << 2 | v >> 4,
    so 42 -> AA and 21 -> 55 as in the RGBI table).  The EGA's palette registers
    take 2 bits a gun (64 colours): a 6-bit value keeps its top two bits.  The CGA
    and MDA have no palette to program, so they keep RGBI.
    """
    if palette is None or adapter.palette_bits == 0:
        return RGBI_PALETTE
    v = np.asarray(palette, dtype=np.int64).reshape(16, 3)
    if adapter.palette_bits >= 6:
        rgb = (v << 2) | (v >> 4)
    else:
        rgb = (v >> 4) * 0x55
    out = rgb.astype(np.uint8)
    out.flags.writeable = False
    return out


def colour_tables(adapter: Adapter, monitor: str = "color", blink_enabled: bool = True,
                  text_on: bool = True, palette: DacPalette | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(foreground, background) uint8 RGB tables of shape (256, 3), indexed by attribute byte.

    Everything about how an attribute byte looks lives here: blink (bit 7
    with blinking enabled hides the foreground in the off phase, i.e. the
    foreground becomes the background colour), bright backgrounds when blink
    is disabled, the MDA's decoding (see mda_levels) and the monitor tint.
    The MDA underline is a per-row matter and is left to the renderer.

    Blink disabled on the MDA (mode control port 3B8h bit 5 clear, which is
    what INT 10h AX=1003h BL=0 amounts to there): bit 7 simply stops
    blinking.  The card has only three drive levels (off, normal, bright)
    and the intensity bit belongs to the foreground, so there is no bright
    background for bit 7 to select: 87h looks like 07h, F0h like 70h, in
    both blink phases.
    """
    check_monitor(monitor)
    attrs = np.arange(256)
    blinking = (attrs & 0x80) != 0
    if adapter.mono:
        fg_level, bg_level = mda_levels(attrs)
        if blink_enabled and not text_on:
            fg_level = np.where(blinking, bg_level, fg_level)
        tint_name = "green" if monitor == "color" else monitor
        return tint(fg_level, tint_name), tint(bg_level, tint_name)
    fg_idx = attrs & 0x0F
    bg_idx = (attrs >> 4) & (0x07 if blink_enabled else 0x0F)
    if blink_enabled and not text_on:
        fg_idx = np.where(blinking, bg_idx, fg_idx)
    pal = _monitor_palette(adapter, monitor, palette)
    return pal[fg_idx], pal[bg_idx]


def _monitor_palette(adapter: Adapter, monitor: str, palette: DacPalette | None) -> np.ndarray:
    """(16, 3) uint8: colours 0-15 as this monitor shows them (a mono monitor shows brightness)."""
    rgb = palette_rgb(adapter, palette)
    if monitor == "color":
        return rgb
    return tint(rgbi_luminance(rgb) * 255.0, monitor)


def border_rgb(adapter: Adapter, colour: int, monitor: str = "color", palette: DacPalette | None = None) -> np.ndarray:
    """RGB of the overscan band for border register value `colour` (black on mono cards)."""
    if not adapter.has_border:
        return np.zeros(3, dtype=np.uint8)
    rgb: np.ndarray = _monitor_palette(adapter, monitor, palette)[colour & 0x0F].copy()
    return rgb
