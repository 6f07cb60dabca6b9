"""The command-line letters every Tommy's Toys program takes: S, M, C, D.

``MILL MS`` means sound off and mono.  Without M or C the program looks at the
card, as the originals did with INT 11h / the BIOS video mode: an MDA or
Hercules means mono attributes.  D skips the INT 33h check, so the program
plays as if no mouse driver were loaded (some drivers of the time hung the
check or left a stray cursor on screen).
"""
from __future__ import annotations

from dataclasses import dataclass

from vconsole.program import Dos


@dataclass(frozen=True)
class Settings:
    sound: bool
    mono: bool
    mouse: bool


def read_switches(dos: Dos) -> Settings:
    sw = dos.switches
    if "M" in sw and "C" in sw:
        mono = dos.mono_display  # both given: they cancel out and the card decides
    elif "M" in sw:
        mono = True
    elif "C" in sw:
        mono = False
    else:
        mono = dos.mono_display
    mouse = False if "D" in sw else dos.mouse_installed
    return Settings(sound="S" not in sw, mono=mono, mouse=mouse)
