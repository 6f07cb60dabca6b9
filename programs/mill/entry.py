"""A keyboard player's turn: a move typed ("1 2 11") or clicked, or a command letter.

The entry parser (notation.EntryParser) knows which numbers can still make a legal move;
this module feeds it keys and clicks, shows the entry line, and plays the move once it is
complete.  A click on a point is the same as typing its number; a click on the time in
the middle of the board declines a capture.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.hot import Hot

from . import commands
from . import messages as say
from .notation import EntryParser, EntryState
from .rules import DECLINE, Move, Position, apply
from .screen import NAMES, on_clock, point_at

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import MillApp


def turn(app: MillApp) -> Hot | None:
    if app.entry is None:
        app.entry = EntryParser(app.game.position)
    show(app)
    ev = app.chrome.input(app.tick_s)
    if ev is None:
        app.view.draw_clock(app.elapsed())
        return None
    if isinstance(ev, MouseEvent):
        mouse(app, ev)
        return None
    act = app.hot(ev)
    if act is not None:
        return Hot.QUIT if act == Hot.QUIT else None
    return typed(app, ev)


def entering(app: MillApp) -> EntryParser:
    """The move being entered: a keyboard player's turn has one from its start."""
    if app.entry is None:
        raise RuntimeError("no move is being entered")
    return app.entry


def awaiting_capture(app: MillApp) -> bool:
    return app.entry is not None and app.entry.stage == "capture"


def selected(app: MillApp) -> int | None:
    """The piece a half-entered move starts from (shown picked up on the board); while the
    capture is asked, the piece that closed the mill, standing where it went."""
    if app.entry is None or app.entry.stage == "from":
        return None
    if awaiting_capture(app):
        return app.entry.numbers[-1]
    if app.game.position.placing:
        return None
    return app.entry.numbers[0]


def shown_position(app: MillApp) -> Position:
    """The board as the player should see it: while the capture is asked, with the move that
    closed the mill already made, so the mill it closed is on the board."""
    pos = app.game.position
    if not awaiting_capture(app):
        return pos
    nums = entering(app).numbers
    frm, to = (None, nums[0]) if pos.placing else (nums[0], nums[1])
    return apply(pos, Move(frm, to, DECLINE))


def show(app: MillApp) -> None:
    pos = app.game.position
    name = NAMES[pos.turn]
    if awaiting_capture(app):
        text = say.take_which(name)
    elif pos.placing:
        text = say.place_a_piece(name)
    else:
        text = say.your_move(name)
    app.prompt(text, (app.entry.text if app.entry else "") + "_")


def typed(app: MillApp, key: Key) -> Hot | None:
    ch = key.char
    if ch.isdigit() or key.name in ("Space", "Enter"):
        feed(app, ch if ch.isdigit() else " ")
        return None
    entry = entering(app)
    if entry.text:
        entry.reset()
        app.sound.effect("error")
        app.message(say.entry_aborted_by(key.name), "error")
        app.draw_board()
        return None
    return commands.command(app, key)


def feed(app: MillApp, ch: str) -> None:
    ev = entering(app).key(ch)
    if ev.state == EntryState.ABORTED:
        app.sound.effect("error")
        app.message(say.entry_aborted(ev.reason), "error")
    elif ev.state == EntryState.COMPLETE and ev.move is not None:
        app.play(ev.move)
        return
    elif awaiting_capture(app):
        app.message(say.name_the_capture())
    app.draw_board()


def mouse(app: MillApp, ev: MouseEvent) -> None:
    entry = entering(app)
    if right_click(ev):
        if entry.text:
            entry.reset()
            app.message(say.entry_cleared())
            app.draw_board()
        return
    if not left_click(ev):
        return
    point = point_at(ev.row, ev.col)
    if point is None:
        if on_clock(ev.row, ev.col) and awaiting_capture(app):
            entry.drop_digits()  # the click says "none", whatever was half typed
            feed_number(app, DECLINE)
        return
    pos = app.game.position
    if entry.stage == "to" and not entry.digits and pos.at(point) == pos.turn:
        entry.reset()  # another of his own pieces: start the move from that one
    feed_number(app, point)


def feed_number(app: MillApp, n: int) -> None:
    parser = entering(app)
    if parser.digits:
        feed(app, " ")
        if app.entry is not parser or not parser.text:
            return
    for ch in f"{n} ":
        before = app.entry
        feed(app, ch)
        if app.entry is not before or not parser.text:
            return
