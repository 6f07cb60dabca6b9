"""The adapter's colours as a terminal can show them: 24-bit, the 256-colour palette or 16 colours.

The colours themselves come from ``adapters.colour_tables`` (the same tables
the window's renderer uses: RGBI with brown, a program's palette, the MDA's
levels and the phosphor tints); here they only become SGR parameters.

* 24-bit: the exact RGB (``38;2;r;g;b``).
* 256 colours: the nearest of the 6x6x6 cube and the grey ramp (16-255),
  never the first sixteen, whose look each terminal's theme changes.  Brown
  AA5500 lands on 130 (AF5F00), still brown; 555555 and AAAAAA on two
  different greys, so bright and dim stay apart.
* 16 colours: the nearest RGBI colour as the ANSI colour with that meaning
  (brown is ANSI yellow 33, which terminals show dark yellow), bright ones
  as 90-97 / 100-107; with only 8 colours a bright foreground is bold.  A
  monochrome picture (an MDA, or a green/amber/white monitor) uses its
  phosphor's dim and bright ANSI colours by level instead, so normal and
  intense text stay apart.
"""
from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TypeAlias

import numpy as np

from ..adapters import RGBI_PALETTE

RGB: TypeAlias = Sequence[int] | np.ndarray  # one colour: (r, g, b), 0-255 each

TRUECOLOR, COLORS_256, COLORS_16, COLORS_8 = "24bit", "256", "16", "8"
DEPTHS = (TRUECOLOR, COLORS_256, COLORS_16, COLORS_8)

_CUBE = np.array([0, 95, 135, 175, 215, 255])
#: RGBI index -> ANSI colour number (ANSI orders the guns B G R backwards: red is 1, blue 4)
RGBI_TO_ANSI = (0, 4, 2, 6, 1, 5, 3, 7, 8, 12, 10, 14, 9, 13, 11, 15)


def _xterm_256() -> np.ndarray:
    """(240, 3) RGB of xterm colours 16-255: the 6x6x6 cube, then 24 greys from 08 to EE."""
    r, g, b = np.meshgrid(_CUBE, _CUBE, _CUBE, indexing="ij")
    cube = np.stack([r.ravel(), g.ravel(), b.ravel()], axis=1)
    grey = np.repeat((8 + 10 * np.arange(24))[:, None], 3, axis=1)
    return np.concatenate([cube, grey]).astype(np.int64)


XTERM_256 = _xterm_256()


def nearest_256(rgb: RGB) -> int:
    """The xterm colour number (16-255) nearest to rgb, by squared distance."""
    d = ((XTERM_256 - np.asarray(rgb, dtype=np.int64)) ** 2).sum(axis=1)
    return 16 + int(np.argmin(d))


def nearest_rgbi(rgb: RGB) -> int:
    d = ((RGBI_PALETTE.astype(np.int64) - np.asarray(rgb, dtype=np.int64)) ** 2).sum(axis=1)
    return int(np.argmin(d))


#: a phosphor's two ANSI colours (dim, bright), for monochrome pictures at 16 or 8 colours
TINT_ANSI = {"green": (2, 10), "amber": (3, 11), "white": (7, 15)}


def ansi_index(rgb: RGB, tint: str | None = None) -> int:
    """The ANSI colour (0-15) for rgb: the nearest RGBI colour's, or on a monochrome picture (tint)
    black, the phosphor's dim colour or its bright one by the level, so normal and intense stay apart."""
    if tint is None:
        return RGBI_TO_ANSI[nearest_rgbi(rgb)]
    level = max(int(v) for v in rgb)
    dim, bright = TINT_ANSI[tint]
    return 0 if level < 0x40 else dim if level < 0xD5 else bright


def fg_param(rgb: RGB, depth: str, tint: str | None = None) -> str:
    """SGR parameters that set the foreground to rgb at this colour depth."""
    if depth == TRUECOLOR:
        r, g, b = (int(v) for v in rgb)
        return f"38;2;{r};{g};{b}"
    if depth == COLORS_256:
        return f"38;5;{nearest_256(rgb)}"
    ansi = ansi_index(rgb, tint)
    if ansi < 8:
        return f"{30 + ansi}" if depth == COLORS_16 else f"22;{30 + ansi}"
    return f"{90 + ansi - 8}" if depth == COLORS_16 else f"1;{30 + ansi - 8}"


def bg_param(rgb: RGB, depth: str, tint: str | None = None) -> str:
    if depth == TRUECOLOR:
        r, g, b = (int(v) for v in rgb)
        return f"48;2;{r};{g};{b}"
    if depth == COLORS_256:
        return f"48;5;{nearest_256(rgb)}"
    ansi = ansi_index(rgb, tint)
    if ansi < 8 or depth == COLORS_8:
        return f"{40 + (ansi & 7)}"
    return f"{100 + ansi - 8}"


def detect_depth(env: Mapping[str, str] | None = None, terminfo_colors: int | None = None,
                 terminfo_rgb: bool = False) -> str:
    """The colour depth to use: VCONSOLE_COLORS if set, else COLORTERM, else terminfo's colour count.

    COLORTERM=truecolor or 24bit is how terminals announce 24-bit colour (terminfo rarely
    says it; where it does, the RGB or Tc flag counts too).
    """
    env = os.environ if env is None else env
    forced = env.get("VCONSOLE_COLORS", "").lower()
    if forced in DEPTHS:
        return forced
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit") or terminfo_rgb:
        return TRUECOLOR
    colors = terminfo_colors or 8
    if colors >= 256:
        return COLORS_256
    return COLORS_16 if colors >= 16 else COLORS_8


def terminfo_colours(term: str | None, fd: int) -> tuple[int | None, bool]:
    """(colours, has the RGB/Tc flag) from the terminfo database through curses (None when unknown)."""
    try:
        import curses

        curses.setupterm(term, fd)
        n = curses.tigetnum("colors")
        rgb = curses.tigetflag("RGB") == 1 or curses.tigetflag("Tc") == 1
        return (n if n > 0 else None), rgb
    except Exception:  # noqa: BLE001 - no curses, an unknown TERM: fall back to the safe depth
        return None, False
