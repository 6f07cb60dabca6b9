"""The program's own thread in the interactive front ends (the window and the terminal).

Both run ``target(machine)`` beside their event loop and need the same ending: a stop asked
for by the front end (``ProgramExit``: a closed window, a signal) is a clean end whose journal
says "stopped", and anything else a program raises is kept as text, to be shown once the
screen is given back, with errorlevel 1.
"""
from __future__ import annotations

import traceback
from collections.abc import Callable

from ..machine import Machine, ProgramExit
from .inputs import Journal


def run_program_thread(target: Callable[[Machine], int | None], machine: Machine,
                       journal: Journal | None = None) -> tuple[int, str | None]:
    """Run ``target(machine)``, telling ``journal`` (a tools.journal recorder) when it starts and
    ends: (the exit code, the traceback text or None)."""
    stopped = False
    error: str | None = None
    if journal is not None:
        journal.started(machine)
    try:
        code = int(target(machine) or 0)
    except ProgramExit:
        code, stopped = 0, True
    except BaseException:  # noqa: BLE001 - reported by the front end once the screen is given back
        code, error = 1, traceback.format_exc()
    if journal is not None:
        journal.finish(machine, None if stopped else code, stopped)
    return code, error
