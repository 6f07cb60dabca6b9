"""The demonstration (D in the main menu): the best game to date, played on the screen.

That is the master's game on a numbered deal, unless a player's game in the Hall of Fame
(ANCIENTO.BST, see best.py) beat the master on its own game number: then D replays that
game, move by move, and names its player.  Each move shows the square first (its colours
swapped), then the stone goes down with its match and score in the message area.

The master searches while the moves are shown (``ai.Master.play`` yields after each unit of
work: a kind of its tables, a depth of its search), and each of those yields is a service
call: the keys are looked at and the machine gets a zero-length wait (no machine time
passes, so a replayed journal runs the same whether the tables were built already or not),
so the screen and the keys stay live from the first press of D, while the tables are still
being built.  Any key or click ends the demonstration (F7 only switches the sound).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.think import GAME_OVER, STOP, Busy
from vconsole.toolkit.think import run_demo as drive_demo

from . import files
from . import messages as say
from .ai import THINKING, demo_master
from .best import Best
from .game import Game
from .moves import place as place_stone
from .panel import MODES_ROW
from .play import Play
from .rules import FinalScore, final_score, place, start_position
from .screen import BOTTOM_ROW, PANEL_LEFT, PANEL_RIGHT, SCREEN_RIGHT
from .stones import numbered_deal

if TYPE_CHECKING:  # the main menu starts the demo with the app: only for the types
    from .app import App

SHOW_SQUARE_S = 0.6
BETWEEN_MOVES_S = 0.9


def start_demo(app: App, tell: Callable[[str], None]) -> None:
    """D: the best performance to date.  ``tell`` writes in the main menu's message area."""
    best, note = files.load_best(app.dos.drive)
    if note:
        app.notes.append(note)
    if best is not None:
        if best.master is None:
            tell(say.best_study(best.name, best.number))
            score = master_score(app, best.number)
            if score is None:  # a key stopped the comparison: back to the menu
                return
            best = best.with_master(score)
            failed = files.save_best(app.dos.drive, best)
            if failed:
                app.notes.append(failed)
        if best.master is not None and best.score > best.master:
            replay_best(app, best)
            return
    run_demo(app, app.random_number())


def serve(app: App, busy: Busy) -> object | None:
    """One unit of search work done: look at the keys (the value that stops the demo, or None),
    and give the machine a service call that lets no machine time pass."""
    why = busy.should_stop()
    dos = app.dos
    dos.yield_now()
    return why


def _busy(app: App, view: Play | None = None) -> Busy:
    def hot(key: Key) -> Hot | None:
        if key.name == "F7" and not app.no_sound:
            app.change_setup(sound=app.sound.toggle())
            if view is not None:
                view.draw_modes()
            return Hot.HANDLED
        return None

    return Busy(app.dos, hot, typed=STOP)


def master_score(app: App, number: int) -> int | None:
    """The master's final score on game ``number`` (its demo game), or None if a key stopped it."""
    deal = numbered_deal(number)
    busy = _busy(app)
    pos = start_position(deal)
    for item in demo_master(deal).play(pos):
        if item is THINKING:
            if serve(app, busy) is not None:
                return None
        else:
            pos = place(deal, pos, item)
    return final_score(pos).total


def run_demo(app: App, number: int) -> None:
    """The master plays game ``number``, searching as it goes."""
    game = Game(numbered_deal(number))
    show(app, game, f"Demo: game {number}", demo_master(game.deal).play(game.position), say.DEMO_START,
         " THE MASTER'S GAME ", lambda final: [
             f"Game {number}: {final.quatros} Quatros, {final.left} stones left.",
             f"Final score {final.total:,}."])


def replay_best(app: App, best: Best) -> None:
    """A player's game from the Hall of Fame, move by move, named as theirs."""
    game = Game(best.saved.deal)
    show(app, game, f"{best.name}: game {best.number}", best.saved.moves,
         say.best_start(best.name, best.number, best.master or 0), f" {best.name.upper()}'S GAME "[:30],
         lambda final: [
             f"Game {best.number}: {final.quatros} Quatros, {final.left} stones left.",
             f"Final score {final.total:,}, by {best.name}.",
             f"The master's score on this game: {best.master or 0:,}."])


def show(app: App, game: Game, label: str, moves: Iterable[int | None], start_text: str, end_title: str,
         end_lines: Callable[[FinalScore], list[str]]) -> None:
    """Put ``moves`` (squares, with THINKING between them while a search runs) on the screen."""
    dos = app.dos
    view = Play(app, game, label)
    app.play = view
    app.pointer(False)
    busy = _busy(app, view)
    items = iter(moves)

    def step() -> object:
        """One move shown: None to go on, or what stopped the demo (GAME_OVER, a key, a click)."""
        for item in items:
            if item is THINKING:
                why = serve(app, busy)
                if why is not None:
                    return why
                continue
            view.view.mark_square(item)
            why = busy.pause(SHOW_SQUARE_S)
            if why is not None:
                return why
            place_stone(view, item, demo=True)
            view.draw_clocks()
            return None
        return GAME_OVER

    try:
        view.replay = True  # no keyboard rectangle; the moves come from elsewhere
        view.draw()
        scr = dos.screen
        scr.fill(BOTTOM_ROW, 0, BOTTOM_ROW, SCREEN_RIGHT, " ", app.theme["fkey_label"])
        scr.centre(BOTTOM_ROW, say.DEMO_KEYS, app.theme["fkey_label"])
        scr.fill(MODES_ROW, PANEL_LEFT, MODES_ROW, PANEL_RIGHT, " ", app.theme["panel"])
        scr.write(MODES_ROW, PANEL_LEFT, "Demonstration", app.theme["side"])
        view.say(start_text)
        result = drive_demo(busy, step, lambda: BETWEEN_MOVES_S)
        if result == GAME_OVER:
            show_panel(dos, app.theme, end_title, end_lines(game.final()), controls=Controls(mouse=app.use_mouse))
    finally:
        app.play = None
