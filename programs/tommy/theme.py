"""Attributes by role, for a colour screen and for a monochrome one.

Tommy's Toys programs ran on anything from a Hercules card to a VGA, so every
screen element is named by what it is (the board, a piece, the legend) and the
attribute byte is chosen once, when the display mode is known.  The mono set
uses only attributes an MDA shows sensibly: 07 normal, 0F bright, 70 reverse,
01/09 underline and bit 7 for blink; colour backgrounds stay in 0-7 so the
blink bit never has to be reprogrammed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

#: Roles every Tommy's Toys screen uses; a game adds its own on top.
CHROME_COLOUR: dict[str, int] = {
    "screen": 0x17, "frame": 0x1B, "title": 0x1E, "panel": 0x17, "panel_title": 0x1E,
    "legend_key": 0x1E, "legend_text": 0x1F, "status": 0x1F, "prompt": 0x1E, "entry": 0x1F,
    "error": 0x1C, "question": 0x1F, "question_key": 0x1E, "input": 0x70,
    "pager": 0x1F, "pager_frame": 0x1B, "pager_title": 0x30, "pager_footer": 0x30,
    "pager_footer_key": 0x34,
}
CHROME_MONO: dict[str, int] = {
    "screen": 0x07, "frame": 0x07, "title": 0x0F, "panel": 0x07, "panel_title": 0x0F,
    "legend_key": 0x0F, "legend_text": 0x07, "status": 0x07, "prompt": 0x0F, "entry": 0x0F,
    "error": 0x0F, "question": 0x0F, "question_key": 0x09, "input": 0x70,
    "pager": 0x07, "pager_frame": 0x07, "pager_title": 0x70, "pager_footer": 0x70,
    "pager_footer_key": 0x70,
}


@dataclass(frozen=True)
class Theme:
    """One resolved palette: ``theme["board"]`` is an attribute byte, ``theme.glyph("x")`` a string."""

    name: str
    mono: bool
    attrs: Mapping[str, int]
    glyphs: Mapping[str, str] = field(default_factory=dict)
    border: int = 0  # the overscan colour at start (ignored by mono cards)

    def __getitem__(self, role: str) -> int:
        try:
            return self.attrs[role]
        except KeyError:
            raise KeyError(f"theme {self.name!r} has no attribute for role {role!r}") from None

    def glyph(self, role: str) -> str:
        return self.glyphs[role]


@dataclass(frozen=True)
class Palette:
    """A game's roles for both display kinds; ``pick(mono)`` gives the Theme in use."""

    colour: Mapping[str, int]
    mono: Mapping[str, int]
    colour_glyphs: Mapping[str, str] = field(default_factory=dict)
    mono_glyphs: Mapping[str, str] = field(default_factory=dict)
    colour_border: int = 1

    def __post_init__(self) -> None:
        missing = set(self.colour) ^ set(self.mono)
        if missing:
            raise ValueError(f"roles defined for one display kind only: {sorted(missing)}")
        if set(self.colour_glyphs) != set(self.mono_glyphs):
            raise ValueError("glyph roles differ between colour and mono")

    def pick(self, mono: bool) -> Theme:
        if mono:
            return Theme("mono", True, MappingProxyType({**CHROME_MONO, **self.mono}),
                         MappingProxyType(dict(self.mono_glyphs)), 0)
        return Theme("colour", False, MappingProxyType({**CHROME_COLOUR, **self.colour}),
                     MappingProxyType(dict(self.colour_glyphs)), self.colour_border)
