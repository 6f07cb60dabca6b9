"""The Tommy's Toys house colours: the chrome's roles for colour and mono, on the toolkit's widgets.

Every Tommy's Toys screen is blue with a framed title, the legend in yellow and white;
in mono it is plain MDA attributes.  ``palette(...)`` makes a toolkit Palette with these
roles underneath a game's own.
"""
from __future__ import annotations

from collections.abc import Mapping

from vconsole.toolkit.theme import WIDGET_COLOUR, WIDGET_MONO, Palette

CHROME_COLOUR: dict[str, int] = {
    "screen": 0x17, "frame": 0x1B, "title": 0x1E, "panel": 0x17, "panel_title": 0x1E,
    "legend_key": 0x1E, "legend_text": 0x1F, "status": 0x1F, "prompt": 0x1E, "entry": 0x1F,
    "error": 0x1C, "question": 0x1F, "question_key": 0x1E, "input": 0x70, "thinking": 0x1A,
    "pager": 0x1F, "pager_frame": 0x1B, "pager_title": 0x30, "pager_footer": 0x30,
    "pager_footer_key": 0x34,
    "startup": 0x1F, "startup_frame": 0x1B, "startup_title": 0x1E, "startup_key": 0x1E,
}
CHROME_MONO: dict[str, int] = {
    "screen": 0x07, "frame": 0x07, "title": 0x0F, "panel": 0x07, "panel_title": 0x0F,
    "legend_key": 0x0F, "legend_text": 0x07, "status": 0x07, "prompt": 0x0F, "entry": 0x0F,
    "error": 0x0F, "question": 0x0F, "question_key": 0x09, "input": 0x70, "thinking": 0x0F,
    "pager": 0x07, "pager_frame": 0x07, "pager_title": 0x70, "pager_footer": 0x70,
    "pager_footer_key": 0x70,
    "startup": 0x07, "startup_frame": 0x0F, "startup_title": 0x0F, "startup_key": 0x70,
}


def palette(colour: Mapping[str, int], mono: Mapping[str, int], *, colour_glyphs: Mapping[str, str] = {},
            mono_glyphs: Mapping[str, str] = {}, colour_border: int = 1) -> Palette:
    """A game's roles on top of the house roles, on top of the toolkit's widget roles."""
    return Palette(colour, mono, dict(colour_glyphs), dict(mono_glyphs), colour_border,
                   base_colour={**WIDGET_COLOUR, **CHROME_COLOUR}, base_mono={**WIDGET_MONO, **CHROME_MONO})
