"""How a display card is set up to show a piece of art, as a DOS viewer set it up.

* Colours: iCE colours switch blinking off (INT 10h AX=1003h), so bit 7 is a bright
  background; an XBin palette is loaded where the card has one to program (EGA: 64
  colours, VGA: the DAC), and the CGA and MDA keep RGBI.
* Letters: SAUCE's letter spacing picks 8- or 9-dot cells on the VGA, the one colour card
  with both (the CGA and EGA draw 8 dots, the MDA 9, whatever is asked).  An 8-dot VGA
  uses the BIOS's 8-dot glyph shapes.
* Character set: an XBin's own font, or a PC font SAUCE names, is loaded into an EGA or
  VGA; the CGA and MDA read a ROM and keep it.  For a whole picture (``whole=True``,
  `render`) the cells are as tall as the font, as after INT 10h AX=1110h; on the fixed
  80x25 screen of the viewer the card keeps its cell height (AX=1100h, see Glyphs.fitted).

Everything a card cannot do is said in `notes`, in words for the person looking.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...adapters import Adapter, DacPalette
from ...fonts import Glyphs
from . import Art

#: SAUCE font names (optionally followed by code page 437) and the ROM sets they name:
#: (glyph rows, set for 8-dot cells, set for 9-dot cells)
SAUCE_FONTS: dict[str, tuple[int, str, str]] = {
    "IBM VGA": (16, "bios_8x16", "bios_8x16_9dot"),
    "IBM VGA50": (8, "bios_8x8", "bios_8x8"),
    "IBM EGA": (14, "bios_8x14", "bios_8x14_9dot"),
    "IBM EGA43": (8, "bios_8x8", "bios_8x8"),
}


#: cards whose sequencer draws 8- or 9-dot characters at will (the clocking mode register)
EIGHT_OR_NINE = {"vga"}


def sauce_font(name: str) -> tuple[int, str, str] | None:
    """The ROM set a SAUCE font name means, or None when vconsole has no such font."""
    key = " ".join(name.split()).upper()
    if key.endswith(" 437"):
        key = key[:-4]
    return SAUCE_FONTS.get(key)


@dataclass(frozen=True)
class Look:
    """What to give the card: its mode (rows, columns, cell), a character set, colours, blink."""

    adapter: Adapter
    font: Glyphs | None
    palette: DacPalette | None
    blink: bool
    notes: tuple[str, ...] = ()


def look(art: Art, adapter: Adapter, whole: bool = True) -> Look:
    """The card set up for `art`: the whole picture in one mode (whole) or its own 80x25 screen."""
    a = adapter
    card = a.name.upper()
    notes: list[str] = []
    cell_w = a.cell_w
    spacing = art.letter_spacing
    if spacing and spacing != a.cell_w:
        if whole and a.name in EIGHT_OR_NINE:
            cell_w = spacing
        else:
            notes.append(f"drawn for {spacing}-dot letters; the {card} {'window ' if not whole else ''}"
                         f"shows {a.cell_w}-dot cells")
    glyphs: Glyphs | None = None
    cell_h = a.cell_h
    if art.font is not None:
        if a.loads_fonts:
            glyphs, cell_h = art.font, art.font.height
        else:
            notes.append(f"the {card} reads its character ROM: the file's own font is not shown")
    elif art.font_name:
        rom = sauce_font(art.font_name)
        if rom is None:
            notes.append(f"font {art.font_name!r} is not one vconsole has; the {card}'s own is used")
        elif not a.loads_fonts:
            if rom[0] != a.cell_h:
                notes.append(f"the {card} reads its character ROM: font {art.font_name!r} is not shown")
        else:
            glyphs = Glyphs.named(rom[2] if cell_w == 9 else rom[1])
            cell_h = rom[0]
    if glyphs is None and cell_w != a.cell_w and a.font == "bios_8x16_9dot":
        glyphs = Glyphs.named("bios_8x16")  # an 8-dot VGA: the BIOS's 8-dot shapes
    if not whole:
        cell_w, cell_h = a.cell_w, a.cell_h
    if glyphs is not None and cell_h == a.cell_h and glyphs == Glyphs.named(a.font):
        glyphs = None  # the card's own set
    palette = None
    if art.palette is not None:
        if a.palette_bits:
            palette = art.palette
        else:
            notes.append(f"the {card} has no palette to program: the file's own colours are not shown")
    mode = a.text_mode(rows=art.rows, cols=art.width, cell_w=cell_w, cell_h=cell_h) if whole else a
    return Look(adapter=mode, font=glyphs, palette=palette, blink=not art.ice, notes=tuple(notes))
