"""What handling a hot key did, as named constants a program's loop can test.

A hot key works at any moment (F1 sound, F5 help, F10 border ...).  Most are simply
handled; a few matter to whatever the program was doing: QUIT leaves the program, MODE
changes who plays or what the current loop is about (the computer must stop thinking,
a demo must end).  ``STOPS`` are the results that end a wait, a think or a demo.
"""
from __future__ import annotations

from enum import Enum


class Hot(Enum):
    HANDLED = "handled"  # done; carry on with whatever was going on
    QUIT = "quit"  # leave the program (F7 answered yes)
    MODE = "mode"  # who plays, or the game itself, changed: the current loop should stop


STOPS = frozenset({Hot.QUIT, Hot.MODE})


class QuitRequest(Exception):
    """The player quit (F7, confirmed) from deep inside a question, a field or a start-up
    screen, where no Hot result can be handed back through the callers in between.  The
    program's main loop catches it and ends exactly as after F7 in play (its ``finally``
    keeps the game in progress)."""
