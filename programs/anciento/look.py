"""How Anciento looks: the stones' characters, the board's colours, the screen's roles.

A stone is two rows of five characters: its SHAPE is the outline (the first and last
character of each row) and its PATTERN the three characters inside, so both read on any
display, in colour or in black and white::

    thin box  ┌░░░┐   double box  ╔░░░╗   round  (░░░)   diamond  /░░░\\   points  ◄░░░►   bars  ▐░░░▌
              └░░░┘               ╚░░░╝          (░░░)            \\░░░/           ◄░░░►         ▐░░░▌

    patterns:  ░ shaded   ≈ waves   ≡ stripes   • dots   ┼ grid   ▀▄ checks

In colour each shape also has its own colour (four schemes, Left and Right in the main
menu) on the stone's black ground; the playing squares take one of seven colours (Up and
Down) and the frame is grey.  In black and white (a mono display, or B) the stones are bright,
the empty playing squares show four corner dots and the empty frame squares a light shade.
"""
from __future__ import annotations

from vconsole.toolkit.theme import Palette, Theme

# (left, right) outline characters of the top and bottom rows, by shape
SHAPES = (
    (("┌", "┐"), ("└", "┘")),
    (("╔", "╗"), ("╚", "╝")),
    (("(", ")"), ("(", ")")),
    (("/", "\\"), ("\\", "/")),
    (("◄", "►"), ("◄", "►")),
    (("▐", "▌"), ("▐", "▌")),
)
SHAPE_NAMES = ("thin box", "double box", "round", "diamond", "points", "bars")
# (top row, bottom row) inside characters, by pattern
PATTERNS = (
    ("░░░", "░░░"),
    ("≈≈≈", "≈≈≈"),
    ("≡≡≡", "≡≡≡"),
    ("•••", "•••"),
    ("┼┼┼", "┼┼┼"),
    ("▀▄▀", "▄▀▄"),
)
PATTERN_NAMES = ("shaded", "waves", "stripes", "dots", "grid", "checks")

STONE_W, STONE_H = 5, 2

#: background colours of the playing squares (Up / Down in the main menu)
BOARD_COLOURS = (0x1, 0x2, 0x3, 0x6, 0x5, 0x4, 0x0)
BOARD_NAMES = ("blue", "green", "cyan", "brown", "magenta", "red", "black")
#: shape colours (foreground on black), one scheme per Left / Right step
PIECE_SCHEMES = (
    (0x0C, 0x0E, 0x0A, 0x0B, 0x0D, 0x0F),
    (0x0F, 0x0B, 0x0E, 0x0D, 0x0A, 0x0C),
    (0x0E, 0x0D, 0x0B, 0x0C, 0x0F, 0x0A),
    (0x0A, 0x0C, 0x0F, 0x0E, 0x0B, 0x0D),
)
FRAME_BG = 0x7

PALETTE = Palette(
    colour={
        "screen": 0x07, "box": 0x0F, "separator": 0x08, "title": 0x1F, "title_frame": 0x1B,
        "panel": 0x07, "label": 0x03, "value": 0x0F, "big": 0x0E, "number": 0x0B,
        "quatro": 0x8E, "good": 0x0A, "bad": 0x0C, "fkey": 0x0F, "fkey_label": 0x30,
        "menu_line": 0x30, "menu_line_key": 0x3F, "side_key": 0x0E, "side": 0x07, "dim": 0x08,
        "hint": 0x06,
    },
    mono={
        "screen": 0x07, "box": 0x0F, "separator": 0x07, "title": 0x70, "title_frame": 0x0F,
        "panel": 0x07, "label": 0x07, "value": 0x0F, "big": 0x0F, "number": 0x0F,
        "quatro": 0x8F, "good": 0x0F, "bad": 0x0F, "fkey": 0x0F, "fkey_label": 0x70,
        "menu_line": 0x70, "menu_line_key": 0x78, "side_key": 0x0F, "side": 0x07, "dim": 0x07,
        "hint": 0x07,
    },
    popup_columns=(0, 53),  # over the board (its frame is columns 0-53), clear of the side panel
)


def pick(mono: bool) -> Theme:
    return PALETTE.pick(mono)


def stone_rows(stone: int) -> tuple[str, str]:
    """The two rows of five characters that draw ``stone`` (kind 0..35)."""
    (l0, r0), (l1, r1) = SHAPES[stone // 6]
    p0, p1 = PATTERNS[stone % 6]
    return l0 + p0 + r0, l1 + p1 + r1


class Colours:
    """The attributes the board is drawn with, from the setup's colour choices."""

    def __init__(self, board: int, pieces: int, mono: bool) -> None:
        self.mono = mono
        if mono:
            self.inside = 0x07
            self.frame = 0x07
            self.inside_mark = 0x07
            self.frame_mark = 0x07
            self.shapes = (0x0F,) * 6
        else:
            bg = BOARD_COLOURS[board % len(BOARD_COLOURS)]
            dot = 0x08 if bg == 0 else 0x07 if bg in (0x1, 0x4, 0x5, 0x6) else 0x00
            self.inside = bg << 4
            self.inside_mark = (bg << 4) | dot
            self.frame = FRAME_BG << 4
            self.frame_mark = (FRAME_BG << 4) | 0x08
            self.shapes = PIECE_SCHEMES[pieces % len(PIECE_SCHEMES)]

    def stone(self, stone: int) -> int:
        """The outline's attribute (the shape's colour, bright)."""
        return self.shapes[stone // 6]

    def fill(self, stone: int) -> int:
        """The pattern's attribute: the shape's colour, dim (bright white goes grey)."""
        if self.mono:
            return 0x07
        return self.shapes[stone // 6] & 0x07

    def empty(self, edge: bool) -> tuple[tuple[str, str], int]:
        """The two rows and the attribute of an empty square."""
        if edge:
            if self.mono:
                return ("░░░░░", "░░░░░"), self.frame_mark
            return ("∙   ∙", "∙   ∙"), self.frame_mark
        return ("∙   ∙", "∙   ∙"), self.inside_mark
