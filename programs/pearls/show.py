"""Moving pictures: the start-up show (the pearls laid out on the board one by one, each
with its note) and the power's slide along its line to the pearl it takes.

Both wait through the toolkit's ``Busy.pause``, so the hot keys work while they run; any
other key or click cuts the start-up show short (the board is then simply complete).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.toolkit.hot import Hot
from vconsole.toolkit.think import STOP

from . import board
from . import messages as say
from .rules import EMPTY, POWER, Take, shuffled
from .sounds import pearl_note

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import PearlsApp

LAY_S = 0.05       # between two pieces laid down in the start-up show
SLIDE_S = 0.035    # the power's time on each square it passes
HOP_S = 0.12       # the power's time in the air on a hop


def startup_show(app: PearlsApp) -> Hot | None:
    """Lay the scrambled board out piece by piece; Hot.QUIT if F7 was pressed meanwhile."""
    view = app.view
    order = shuffled(list(range(board.N_SQUARES)), app.dos.rng)
    for s in range(board.N_SQUARES):
        view.draw_square(s, EMPTY)
    view.draw_note("")
    app.prompt(say.scrambling())
    busy = app.chrome.busy(app.hot, typed=STOP)
    why = None
    for s in order:
        cell = app.start_cells[s]
        view.draw_square(s, cell)
        if cell == POWER:
            app.sound.effect("power")
        else:
            app.sound.play(pearl_note(cell))
        why = busy.pause(LAY_S)
        if why is not None:
            break
    app.prompt("")
    app.draw_board()
    return Hot.QUIT if why == Hot.QUIT else None


def path(move: Take) -> list[int]:
    """The board squares the power passes over on its way (none for a hop)."""
    if move.hop:
        return []
    for d in range(len(board.DIRECTIONS)):
        line = board.line(move.origin, d)
        if move.square in line:
            return list(line[: line.index(move.square)])
    raise ValueError(f"square {move.square} is not in line with {move.origin}")


def slide(app: PearlsApp, move: Take) -> Hot | None:
    """Show the power travelling from its old square to the pearl it took (the model has
    already moved it).  Hot.QUIT if F7 was pressed on the way."""
    view = app.view
    busy = app.chrome.busy(app.hot)
    view.draw_square(move.origin, EMPTY)
    steps = path(move)
    quit_asked = False
    if move.hop:
        app.sound.effect("hop")
        quit_asked = busy.pause(HOP_S) == Hot.QUIT
    for s in steps:
        view.draw_square(s, POWER)
        why = busy.pause(SLIDE_S)
        view.draw_square(s, EMPTY)
        if why == Hot.QUIT:
            quit_asked = True
            break
    view.draw_square(move.square, POWER)
    return Hot.QUIT if quit_asked else None
