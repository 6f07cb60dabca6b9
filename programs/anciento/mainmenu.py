"""The main menu: the items down the right edge (1-9) and the letters along the bottom line.

The board is shown with the 36 kinds of stone laid out in the middle (a row for each shape,
a column for each pattern), so that colour changes (the cursor keys) are seen on the
stones at once.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.program import Dos
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.form import ask_key
from vconsole.toolkit.lineinput import read_line
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.menu import Item, Menu, MenuBar, choose
from vconsole.toolkit.pager import FOOTER, show_text

from . import files
from . import help as helptext
from . import messages as say
from .game import Game
from .look import BOARD_COLOURS, PIECE_SCHEMES, STONE_H, STONE_W
from .panel import LABEL_ROW, MSG_ROWS, MSG_TOP, TITLE_ROW
from .play import Outcome
from .rules import CELLS, EMPTY
from .screen import BOARD_BOTTOM, BOARD_LEFT, BOARD_RIGHT, BOARD_TOP, BOTTOM_ROW, PANEL_LEFT, PANEL_RIGHT, PANEL_WIDTH
from .setups import SLOTS, Setup
from .stones import FIRST_NUMBER, LAST_NUMBER, numbered_deal

if TYPE_CHECKING:  # the app runs the menu and the menu calls back into the app: only for the types
    from .app import App

ITEMS = (
    ("1 Random game", "random"), ("2 Pick a game", "pick"), ("3 Select a game", "select"),
    ("4 Set timer", "timer"), ("5 Saved games", "saved"), ("6 Load game", "load"),
    ("7 Help (H)", "help"), ("8 Hall of Fame", "hall"), ("9 Quit", "quit"),
)
MENU_TOP = 3
STATUS_TOP, STATUS_BOTTOM = 13, 16  # the time limit, the mouse or keyboard, the setup slot
LIMIT_ROW, PLAYING_ROW, SLOT_ROW = 13, 14, 15
INPUT_ROW = MSG_TOP + MSG_ROWS - 1
# On a mono display the showcase leaves room round each stone: stones side by side on the
# board run together there (a 9-dot mono cell carries line characters on into the next)
SPACED_TOP, SPACED_LEFT, SPACED_GAP_ROWS, SPACED_GAP_COLS = 3, 4, 1, 3


def showcase() -> tuple[int, ...]:
    """The board of the menu screen: kind (shape, pattern) at row shape + 2, column pattern + 2."""
    board = [EMPTY] * CELLS
    for shape in range(6):
        for pattern in range(6):
            board[(shape + 2) * 10 + pattern + 2] = shape * 6 + pattern
    return tuple(board)


def _picked(value: object) -> str | None:
    """The action of a menu item picked (every item here has a word for its value), or None."""
    return value if isinstance(value, str) else None


class MainMenu:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dos: Dos = app.dos

    # -- drawing ---------------------------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        self.side = Menu(self.dos, app.theme, [Item(label, value, hot=label[0]) for label, value in ITEMS],
                         frame=False, top=MENU_TOP, left=PANEL_LEFT, width=PANEL_WIDTH, arrows=False,
                         controls=Controls(mouse=app.use_mouse))
        bottom = [Item("\x18\x19\x1b\x1a Colours", "colours", hot=""), Item("R Reset", "R"), Item("B B&W", "B"),
                  Item("S Save setup", "S"), Item("L Load setup", "L"), Item("D Demo", "D")]
        if app.driver:
            bottom.append(Item("K Keyboard", "K") if app.use_mouse else Item("M Mouse", "M"))
        self.bar = MenuBar(self.dos, app.theme, bottom, row=BOTTOM_ROW, gap=0, right=79, arrows=False,
                           controls=Controls(mouse=app.use_mouse))
        self.news = MessageArea(self.dos, app.theme, MSG_TOP, PANEL_LEFT, PANEL_WIDTH, MSG_ROWS,
                                controls=Controls(mouse=app.use_mouse))

    def draw(self) -> None:
        app, scr = self.app, self.dos.screen
        th = app.theme
        scr.clear(th["screen"])
        scr.hide_cursor()
        app.view.draw_frame()
        if self.dos.mono_display:
            self.draw_spaced_showcase()
        else:
            app.view.draw_board(showcase())
        scr.centre(TITLE_ROW, " ANCIENTO ", th["title"], PANEL_LEFT, PANEL_RIGHT)
        scr.centre(LABEL_ROW, "Main menu", th["label"], PANEL_LEFT, PANEL_RIGHT)
        self.side.draw()
        self.draw_status()
        self.bar.draw()

    def draw_spaced_showcase(self) -> None:
        """The 36 kinds inside the board's box, a row for each shape, with space between."""
        app, scr = self.app, self.dos.screen
        scr.fill(BOARD_TOP + 1, BOARD_LEFT + 1, BOARD_BOTTOM - 1, BOARD_RIGHT - 1, " ", app.theme["screen"])
        for shape in range(6):
            for pattern in range(6):
                row = SPACED_TOP + shape * (STONE_H + SPACED_GAP_ROWS)
                col = SPACED_LEFT + pattern * (STONE_W + SPACED_GAP_COLS)
                app.view.draw_stone(row, col, shape * 6 + pattern)

    def draw_status(self) -> None:
        app, scr = self.app, self.dos.screen
        th = app.theme
        scr.fill(STATUS_TOP, PANEL_LEFT, STATUS_BOTTOM, PANEL_RIGHT, " ", th["panel"])
        scr.write(LIMIT_ROW, PANEL_LEFT, "Time limit", th["label"])
        limit = f"{app.timer_minutes} min" if app.timer_minutes else "none"
        if app.timer_minutes and not app.setup.timer:
            limit += " (off)"  # F5 in a game turned it off; the next game has no limit until F5 again
        scr.write(LIMIT_ROW, PANEL_RIGHT - len(limit) + 1, limit, th["value"])
        scr.write(PLAYING_ROW, PANEL_LEFT, "Playing with", th["label"])
        how = "the mouse" if app.use_mouse else "the keyboard"
        scr.write(PLAYING_ROW, PANEL_RIGHT - len(how) + 1, how, th["value"])
        if app.slot:
            scr.write(SLOT_ROW, PANEL_LEFT, "Setup", th["label"])
            scr.write(SLOT_ROW, PANEL_RIGHT, app.slot, th["value"])

    def refresh(self, message: str = "") -> None:
        """Rebuild and redraw everything (after colours, mode or a game changed)."""
        self.app.apply_setup()
        self.build()
        self.draw()
        if message:
            self.news.say(message)

    # -- the loop -----------------------------------------------------------------------------------
    def run(self) -> Outcome:
        app = self.app
        app.pointer(app.use_mouse)
        self.refresh(" ".join(app.notes) if app.notes else say.menu_hint(app.driver))
        app.notes.clear()
        action = "kept" if app.kept is not None else None
        while True:
            if action is None:
                action = self.action(self.dos.input())
                if action is None:
                    continue
            outcome = self.perform(action)
            action = None
            if outcome is not None and outcome != Outcome.MENU:
                return outcome
            if outcome == Outcome.MENU:
                app.pointer(app.use_mouse)
                self.refresh(" ".join(app.notes) if app.notes else say.menu_hint(app.driver))
                app.notes.clear()

    def action(self, ev: Key | MouseEvent | None) -> str | None:
        if isinstance(ev, MouseEvent):
            if not self.app.use_mouse or ev.kind != "press":
                return None
            return _picked(self.side.handle(ev)) or _picked(self.bar.handle(ev))
        if not isinstance(ev, Key):
            return None
        if ev.name in ("Up", "Down", "Left", "Right"):
            return ev.name
        if ev.name == "Ctrl+Q":
            return "quit"
        if ev.char.upper() == "H":
            return "help"
        picked = _picked(self.side.handle(ev))
        if picked is not None:
            return picked
        return _picked(self.bar.handle(ev))

    def perform(self, action: str) -> Outcome | None:
        app = self.app
        if action == "quit":
            return Outcome.QUIT
        if action == "kept":
            return self.offer_kept()
        if action in ("random", "pick", "select"):
            game = self.new_game(action)
            return None if game is None else app.play_game(game, None)
        if action == "timer":
            self.set_timer()
        elif action == "saved":
            return self.saved_games()
        elif action == "load":
            return self.load_game()
        elif action == "help":
            show_text(self.dos, app.theme, helptext.TITLE, helptext.TEXT, controls=Controls(mouse=app.use_mouse),
                      footer=FOOTER.replace("the game", "the menu"))
        elif action == "hall":
            app.show_hall()
        elif action in ("Up", "Down", "Left", "Right", "colours"):
            self.recolour(action)
        elif action == "R":
            app.change_setup(board=0, pieces=0, bw=False)
            self.refresh(say.COLOURS_RESET)
        elif action == "B":
            app.change_setup(bw=not app.setup.bw)
            self.refresh(say.black_white(app.setup.bw))
        elif action == "S":
            self.save_setup()
        elif action == "L":
            self.load_setup()
        elif action == "D":
            # the demo brings the computer player (ai.py) and its fit tables: imported when a demo is
            # asked for, not with the menu (they were over a tenth of the game's start-up)
            from .demo import start_demo

            start_demo(app, self.news.say)
            return Outcome.MENU
        elif action in ("K", "M"):
            app.use_mouse = action == "M"
            app.pointer(app.use_mouse)
            self.refresh(say.MOUSE_NOW if app.use_mouse else say.KEYBOARD_NOW)
        return None

    def offer_kept(self) -> Outcome | None:
        """The game the last run left unfinished: carry on with it (Y), or not now (N)."""
        app = self.app
        kept, app.kept = app.kept, None
        if kept is None:
            return None
        th = app.theme
        self.news.say(say.resume_offer(kept.saved.deal.number, kept.placed))
        yes = ask_yes_no(self.dos, th, say.RESUME_ASK, INPUT_ROW, PANEL_LEFT, role="panel", key_role="side_key",
                         controls=Controls(mouse=app.use_mouse), clear_width=PANEL_WIDTH)
        if not yes:
            self.news.say(say.RESUME_LATER)
            return None
        return app.play_game(kept.game(), None, elapsed=kept.saved.seconds, fresh=kept.hall, opening=say.RESUMED)

    # -- the items ------------------------------------------------------------------------------------
    def new_game(self, how: str) -> Game | None:
        app = self.app
        if how == "random":
            return app.random_game()
        if how == "pick":
            return Game(numbered_deal(app.random_number()))
        number = self.ask_number(say.NUMBER_PROMPT, FIRST_NUMBER, LAST_NUMBER, say.NUMBER_RANGE)
        return None if number is None else Game(numbered_deal(number))

    def ask_number(self, prompt: str, lo: int, hi: int, out_of_range: str) -> int | None:
        while True:
            text = self.ask_text(prompt, lambda ch: ch.isdigit(), 5, say.DIGITS_ONLY)
            if not text:
                self.news.say("")
                return None
            if lo <= int(text) <= hi:
                self.news.say("")
                return int(text)
            self.app.effect("refused")
            prompt = out_of_range + " " + prompt.split(" (")[0] + ":"

    def ask_text(self, prompt: str, allowed: Callable[[str], bool], limit: int, refused_text: str) -> str | None:
        th, scr = self.app.theme, self.dos.screen
        self.news.say(prompt)

        def refused(ch: str) -> None:
            self.app.effect("refused")

        text = read_line(self.dos, th, INPUT_ROW, PANEL_LEFT, limit + 1, allowed=allowed,
                         upper=True, controls=Controls(mouse=self.app.use_mouse), on_refused=refused, limit=limit)
        scr.fill(INPUT_ROW, PANEL_LEFT, INPUT_ROW, PANEL_RIGHT, " ", th["panel"])
        scr.hide_cursor()
        return text.strip() if text else None

    def set_timer(self) -> None:
        minutes = self.ask_number(say.TIMER_PROMPT, 0, 999, say.MINUTES_RANGE)
        if minutes is None:
            return
        self.app.timer_minutes = minutes
        if minutes:
            self.app.change_setup(timer=True)
        self.draw_status()
        self.news.say(say.timer_set(minutes))

    def saved_games(self) -> Outcome | None:
        names, failed = files.saved_games(self.dos.drive)
        if failed:
            self.news.say(failed)
            return None
        if not names:
            self.news.say(say.NO_SAVED_GAMES)
            return None
        name = choose(self.dos, self.app.theme, "SAVED GAMES", names, controls=Controls(mouse=self.app.use_mouse),
                      footer="Enter: load  Esc: back")
        return None if name is None else self.replay(name)

    def load_game(self) -> Outcome | None:
        name = self.ask_text(say.LOAD_PROMPT, lambda ch: ch.upper() in files.NAME_CHARS or ch == ".",
                             12, say.NAME_CHAR_REFUSED)
        if not name:
            self.news.say("")
            return None
        return self.replay(name)

    def replay(self, name: str) -> Outcome | None:
        saved, failed = files.load_game(self.dos.drive, name)
        if saved is None:
            self.news.say(failed or "")
            self.app.effect("refused")
            return None
        return self.app.play_game(saved.game(), name.upper().split(".")[0], replay=True, elapsed=saved.seconds)

    def recolour(self, key: str) -> None:
        app = self.app
        if app.mono:
            self.news.say(say.COLOURS_MONO if self.dos.mono_display else say.COLOURS_BW)
            return
        s = app.setup
        if key in ("Up", "Down", "colours"):
            step = -1 if key == "Up" else 1
            app.change_setup(board=(s.board + step) % len(BOARD_COLOURS))
            self.refresh(say.board_colour(app.setup.board))
        else:
            step = -1 if key == "Left" else 1
            app.change_setup(pieces=(s.pieces + step) % len(PIECE_SCHEMES))
            self.refresh(say.piece_colours(app.setup.pieces))

    def save_setup(self) -> None:
        slot = ask_key(self.dos, self.app.theme, "SAVE SETUP", list(say.SLOT_LINES), SLOTS,
                       controls=Controls(mouse=self.app.use_mouse))
        if not isinstance(slot, str):  # Esc (no hot keys here, so never a Hot)
            return
        failed = files.save_setup(self.dos.drive, slot, self.app.setup)
        if not failed:
            self.app.slot = slot
            self.draw_status()
        self.news.say(failed or say.setup_saved(slot))

    def load_setup(self) -> None:
        slot = ask_key(self.dos, self.app.theme, "LOAD SETUP", list(say.SLOT_LINES), SLOTS,
                       controls=Controls(mouse=self.app.use_mouse))
        if not isinstance(slot, str):  # Esc (no hot keys here, so never a Hot)
            return
        slots, damaged = files.load_setups(self.dos.drive)
        if slot not in slots:
            self.news.say(damaged or say.setup_empty(slot))
            return
        app = self.app
        app.setup = replace(slots[slot], sound=slots[slot].sound and not app.no_sound)
        if app.no_sound:
            app.setup = replace(app.setup, sound=False)
        app.slot = slot
        if app.setup.sound != self.dos.sound_on:
            self.dos.sound_on = app.setup.sound
        self.refresh(say.setup_loaded(slot))


__all__ = ["MainMenu", "Setup"]
