"""Attributes by role, for a colour screen and for a monochrome one.

DOS programs ran on anything from a Hercules card to a VGA, so every screen element is
named by what it is (the board, a piece, a menu bar) and the attribute byte is chosen
once, when the display kind is known.  The mono set uses only attributes an MDA shows
sensibly: 07 normal, 0F bright, 70 reverse, 01/09 underline, bit 7 for blink; colour
backgrounds stay in 0-7 so the blink bit never has to be reprogrammed.

``WIDGET_COLOUR`` / ``WIDGET_MONO`` are the roles the toolkit's own widgets draw with
(pager, questions, line input, menus, pop-ups, forms, tables, board cursor, flashing choices,
cards, message lines); a house style (the Tommy's Toys chrome) or a program lays its own on top.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

WIDGET_COLOUR: dict[str, int] = {
    "screen": 0x07, "frame": 0x0F, "title": 0x0F,
    # message and prompt lines
    "status": 0x07, "error": 0x0C, "prompt": 0x0E, "entry": 0x0F, "thinking": 0x0A,
    # Y/N questions and line input
    "question": 0x0F, "question_key": 0x0E, "input": 0x70,
    # the text pager
    "pager": 0x1F, "pager_frame": 0x1B, "pager_title": 0x30, "pager_footer": 0x30, "pager_footer_key": 0x34,
    # menus and pop-up lists
    "menu": 0x70, "menu_frame": 0x70, "menu_title": 0x74, "menu_bar": 0x1F, "menu_key": 0x74,
    "menu_bar_key": 0x1E, "menu_disabled": 0x78,
    # message panels
    "popup": 0x3F, "popup_frame": 0x3F, "popup_title": 0x3E,
    # forms
    "form": 0x70, "form_frame": 0x70, "form_title": 0x74, "form_label": 0x70, "form_field": 0x1F,
    "form_field_active": 0x4F, "form_hint": 0x70, "form_error": 0x74,
    # tables (high scores)
    "table": 0x1F, "table_frame": 0x1B, "table_title": 0x1E, "table_mark": 0x4F,
    # the function-key legend
    "legend_key": 0x0E, "legend_text": 0x07,
    # board cursor; the things a pick_one question flashes
    "cursor": 0x4F, "flash": 0x4F,
    # cards: faces, backs, empty places, a picked card
    "card_red": 0x74, "card_black": 0x70, "card_back": 0x19, "card_empty": 0x08, "card_selected": 0x4F,
    "card_red_selected": 0x4E, "card_black_selected": 0x4F, "card_more": 0x78,
}
WIDGET_MONO: dict[str, int] = {
    "screen": 0x07, "frame": 0x07, "title": 0x0F,
    "status": 0x07, "error": 0x0F, "prompt": 0x0F, "entry": 0x0F, "thinking": 0x0F,
    "question": 0x0F, "question_key": 0x09, "input": 0x70,
    "pager": 0x07, "pager_frame": 0x07, "pager_title": 0x70, "pager_footer": 0x70, "pager_footer_key": 0x70,
    "menu": 0x07, "menu_frame": 0x07, "menu_title": 0x0F, "menu_bar": 0x70, "menu_key": 0x0F,
    "menu_bar_key": 0x70, "menu_disabled": 0x01,
    "popup": 0x07, "popup_frame": 0x0F, "popup_title": 0x0F,
    "form": 0x07, "form_frame": 0x07, "form_title": 0x0F, "form_label": 0x07, "form_field": 0x0F,
    "form_field_active": 0x70, "form_hint": 0x07, "form_error": 0x0F,
    "table": 0x07, "table_frame": 0x07, "table_title": 0x0F, "table_mark": 0x70,
    "legend_key": 0x0F, "legend_text": 0x07,
    "cursor": 0x70, "flash": 0x70,
    "card_red": 0x70, "card_black": 0x70, "card_back": 0x07, "card_empty": 0x07, "card_selected": 0x0F,
    "card_red_selected": 0x0F, "card_black_selected": 0x0F, "card_more": 0x07,
}


@dataclass(frozen=True)
class Theme:
    """One resolved palette: ``theme["board"]`` is an attribute byte, ``theme.glyph("x")`` a string."""

    name: str
    mono: bool
    attrs: Mapping[str, int]
    glyphs: Mapping[str, str] = field(default_factory=dict)
    border: int = 0  # the overscan colour at start (ignored by mono cards)
    # the columns (first, last) a pop-up that is not placed is centred in, when it fits there:
    # a game whose board fills one side keeps its pop-ups over the board, not across its edge
    popup_columns: tuple[int, int] | None = None

    def centre_left(self, width: int, cols: int) -> int:
        """Where a pop-up ``width`` cells wide starts when it is not placed."""
        if self.popup_columns is not None:
            first, last = self.popup_columns
            if width <= last - first + 1:
                return first + (last - first + 1 - width) // 2
        return max(0, (cols - width) // 2)

    def __getitem__(self, role: str) -> int:
        try:
            return self.attrs[role]
        except KeyError:
            raise KeyError(f"theme {self.name!r} has no attribute for role {role!r}") from None

    def __contains__(self, role: str) -> bool:
        return role in self.attrs

    def glyph(self, role: str) -> str:
        return self.glyphs[role]


@dataclass(frozen=True)
class Palette:
    """A program's roles for both display kinds; ``pick(mono)`` gives the Theme in use.

    ``base_colour`` / ``base_mono`` lie underneath (the toolkit's widget roles by default; a
    house style passes its own merged on top of them).  Every role must exist for both kinds.
    """

    colour: Mapping[str, int]
    mono: Mapping[str, int]
    colour_glyphs: Mapping[str, str] = field(default_factory=dict)
    mono_glyphs: Mapping[str, str] = field(default_factory=dict)
    colour_border: int = 1
    base_colour: Mapping[str, int] = field(default_factory=lambda: dict(WIDGET_COLOUR))
    base_mono: Mapping[str, int] = field(default_factory=lambda: dict(WIDGET_MONO))
    popup_columns: tuple[int, int] | None = None  # see Theme.popup_columns

    def __post_init__(self) -> None:
        missing = (set(self.colour) | set(self.base_colour)) ^ (set(self.mono) | set(self.base_mono))
        if missing:
            raise ValueError(f"roles defined for one display kind only: {sorted(missing)}")
        if set(self.colour_glyphs) != set(self.mono_glyphs):
            raise ValueError("glyph roles differ between colour and mono")

    def pick(self, mono: bool) -> Theme:
        if mono:
            return Theme("mono", True, MappingProxyType({**self.base_mono, **self.mono}),
                         MappingProxyType(dict(self.mono_glyphs)), 0, self.popup_columns)
        return Theme("colour", False, MappingProxyType({**self.base_colour, **self.colour}),
                     MappingProxyType(dict(self.colour_glyphs)), self.colour_border, self.popup_columns)
