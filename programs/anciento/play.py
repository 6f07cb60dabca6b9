"""A game in play (or a saved game being watched): what it holds and how it is drawn.

``Play`` is the state every phase of a game shares: the pure ``Game``, the board view and
side panel, the keyboard cursor and its blinking mark, the message area and the clocks.
The phases are free functions over it, one module each (as Mill's are over its app):

- ``loop.py``     the keys and clicks of a game, and ``run()``, which returns an ``Outcome``;
- ``moves.py``    placing a stone, taking back and putting back, the cursor's jumps;
- ``fkeys.py``    the function keys, dispatched through one table;
- ``saving.py``   F4 (the game in a named file) and F8 (the setup in a slot);
- ``ending.py``   F9 (leave the game), F10 and the time limit (the end and its score).
"""
from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from vconsole.program import Dos
from vconsole.toolkit.board import Blinker
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.theme import Theme
from vconsole.toolkit.timers import Countdown, Stopwatch

from .game import Game
from .panel import MSG_ROWS, MSG_TOP, PlayPanel, draw_fkeys
from .rules import EMPTY
from .screen import BOTTOM_ROW, PANEL_LEFT, PANEL_WIDTH, SCREEN_RIGHT, cell_of, make_cursor
from .setups import Setup

if TYPE_CHECKING:  # the app creates a Play and a Play reads the app's settings: only for the types
    from .app import App


class Outcome(Enum):
    """Where the program goes when a game (or the main menu) is left."""

    MENU = "menu"  # the main menu
    TITLE = "title"  # the title screen, then the main menu (F9 R)
    QUIT = "quit"  # the end of the program (Ctrl+Q, 9 in the main menu)
    NEXT = "next"  # a finished game under /PN: the next one at once


class Play:
    def __init__(self, app: App, game: Game, label: str, *, replay: bool = False, elapsed: float = 0.0,
                 fresh: bool | None = None, opening: str = "") -> None:
        self.app = app
        self.dos: Dos = app.dos
        self.game = game
        self.label = label
        self.replay = replay
        if replay:
            game.history.go(0)
        self.view = app.view
        self.panel = PlayPanel(self.view, app.theme)
        self.cursor = make_cursor(self.view.board, skip=self._skip)
        self.blinker = Blinker(self.view.cursor_mark(), app.setup.blink)
        self.news = MessageArea(self.dos, app.theme, MSG_TOP, PANEL_LEFT, PANEL_WIDTH, MSG_ROWS,
                                controls=Controls(mouse=app.use_mouse))
        self.fkey_hits: HitMap[str] | None = None
        now = self.dos.now()
        self.watch = Stopwatch(now, elapsed)
        self.limit = app.timer_minutes * 60
        self.countdown = Countdown(self.limit, now) if self.limit and app.setup.timer else None
        if replay and self.countdown is not None:
            self.countdown.wait(True, now)  # watching a saved game is not playing: the limit waits for F1
        # Only a game played here may enter the Hall of Fame: a saved game loaded and ended
        # without a stone of one's own (the master's SAMPLE, or one's own finished game again)
        # would let a score be claimed twice or by someone else.
        self.fresh = not replay if fresh is None else fresh
        self.placed_here = 0
        self.opening = opening  # the first message (a kept game carried on says so)
        self.ended = False  # F10 or the time limit ended it: nothing to keep

    # -- helpers ---------------------------------------------------------------------------
    @property
    def setup(self) -> Setup:
        return self.app.setup

    @property
    def theme(self) -> Theme:
        return self.app.theme

    @property
    def mouse(self) -> bool:
        """Mouse mode (clicks place stones; no keyboard cursor)."""
        return self.app.use_mouse

    @property
    def controls(self) -> Controls:
        """The mouse (in mouse mode) for the toolkit's questions and pop-ups; no hot keys in a game."""
        return Controls(mouse=self.mouse)

    def _skip(self, r: int, c: int) -> bool:
        return self.setup.skip and self.game.position.board[cell_of((r, c))] != EMPTY

    def played(self) -> float:
        return self.watch.elapsed(self.dos.now())

    def advance_clock(self) -> None:
        if self.countdown is not None:
            self.countdown.update(self.dos.now())

    @property
    def time_up(self) -> bool:
        return self.countdown is not None and self.countdown.expired

    @property
    def may_enter_hall(self) -> bool:
        """Played here (or carried on from a game played here): its score may be claimed."""
        return self.fresh or self.placed_here > 0

    def say(self, text: str) -> None:
        self.news.say(text)

    def effect(self, name: str) -> None:
        self.app.effect(name)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self) -> None:
        scr, th = self.dos.screen, self.theme
        self.blinker.mark.hide()
        scr.fill(0, PANEL_LEFT - 1, BOTTOM_ROW - 1, SCREEN_RIGHT, " ", th["panel"])
        self.view.draw_frame()
        self.view.draw_board(self.game.position.board)
        self.panel.draw_title(self.label)
        self.draw_state()
        self.draw_clocks()
        self.draw_modes()
        self.fkey_hits = draw_fkeys(scr, th)
        self.show_cursor()

    def draw_state(self) -> None:
        self.blinker.mark.hide()
        self.view.draw_board(self.game.position.board)
        self.panel.draw_stones(self.game, self.setup.easy)
        self.panel.draw_figures(self.game)
        self.blinker.update(self.dos.now())

    def draw_clocks(self) -> None:
        c = self.countdown
        self.panel.draw_clocks(self.played(), None if c is None else c.left, c is not None and c.waiting)

    def draw_modes(self) -> None:
        self.panel.draw_modes(self.mouse, self.blinker.rate, self.setup.skip, self.setup.tune, self.dos.sound_on)

    def show_cursor(self) -> None:
        """Keyboard mode: the blinking rectangle on the cursor's square; mouse mode: none."""
        if self.mouse or self.replay:
            self.blinker.place(None, self.dos.now())
        else:
            self.blinker.place(self.cursor.pos, self.dos.now())

    def hide_cursor(self) -> None:
        self.blinker.place(None, self.dos.now())

    # -- what must hold ---------------------------------------------------------------------------
    def check(self) -> None:
        from .rules import conserved
        game = self.game
        pos = game.position
        if not conserved(game.deal, pos):
            raise AssertionError("the board does not hold the 72 stones' share it should")
        if Game(game.deal, game.moves).position != pos:
            raise AssertionError("the board differs from its move record")
        if not self.view.board.is_square(*self.cursor.pos):
            raise AssertionError(f"the cursor left the board: {self.cursor.pos}")
