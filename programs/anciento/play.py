"""A game in play (or a saved game being watched): the keys, the mouse, the clocks, the end.

``Play.run()`` returns where the program goes next: MENU, TITLE, QUIT (Ctrl+Q) or NEXT (a
finished game under /PN).  The game itself is the pure ``Game``; this module turns keys and
clicks into its placements and take-backs and keeps the screen in step.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.board import Blinker
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.form import ask_key
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.lineinput import read_line
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.timers import Countdown, Stopwatch

from . import files
from . import help as helptext
from . import messages as say
from .game import Game
from .panel import MSG_ROWS, MSG_TOP, PlayPanel, draw_fkeys
from .rules import EDGE, EMPTY, occupied_neighbours
from .screen import PANEL_LEFT, PANEL_WIDTH, cell_of, make_cursor
from .setups import SLOTS
from .sounds import placement_effect

MENU, TITLE, QUIT, NEXT = "menu", "title", "quit", "next"
CHECK_STEP_S = 0.7
CURSOR_KEYS = ("Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn", "Gray*")
# Home/PgUp/End/PgDn jump to the corners of the 8x8 playing area: the frame's corners always
# hold starting stones, so a jump there could never place one
PLAY_CORNERS = {"Home": (1, 1), "PgUp": (1, 8), "End": (8, 1), "PgDn": (8, 8)}


class Play:
    def __init__(self, app, game: Game, label: str, *, replay: bool = False, elapsed: float = 0.0,
                 fresh: bool | None = None, opening: str = "") -> None:
        self.app = app
        self.dos = app.dos
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
        self.fkey_hits = None
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
    def setup(self):
        return self.app.setup

    @property
    def theme(self):
        return self.app.theme

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

    def say(self, text: str) -> None:
        self.news.say(text)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self) -> None:
        scr, th = self.dos.screen, self.theme
        self.blinker.mark.hide()
        scr.fill(0, PANEL_LEFT - 1, 23, 79, " ", th["panel"])
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
        self.panel.draw_modes(self.app.use_mouse, self.blinker.rate, self.setup.skip, self.setup.tune,
                              self.dos.sound_on)

    def show_cursor(self) -> None:
        """Keyboard mode: the blinking rectangle on the cursor's square; mouse mode: none."""
        if self.app.use_mouse or self.replay:
            self.blinker.place(None, self.dos.now())
        else:
            self.blinker.place(self.cursor.pos, self.dos.now())

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> str:
        self.app.pointer(self.app.use_mouse)
        self.draw()
        if self.replay:
            self.say(say.REPLAY_START)
        elif self.opening:
            self.say(self.opening)
        while True:
            ev = self.next_event()
            if ev is None:  # the time limit ran out
                self.say(say.TIME_UP)
                self.app.effect("timeup")
                return self.finish(time_up=True)
            outcome = self.handle(ev)
            if outcome is not None:
                self.blinker.place(None, self.dos.now())
                return outcome

    def next_event(self) -> Key | MouseEvent | None:
        """The next key or click, keeping the clocks and the cursor going; None when time is up."""
        while True:
            self.advance_clock()
            self.draw_clocks()
            if self.time_up:
                return None
            tick = self.watch.next_tick(self.dos.now())  # wake up when the shown second changes
            if self.countdown is not None and self.countdown.until_expiry() is not None:
                tick = min(tick, self.countdown.until_expiry())
            ev = self.blinker.input(self.dos, timeout=tick)
            if ev is not None:
                self.advance_clock()
                return ev

    def handle(self, ev) -> str | None:
        if isinstance(ev, MouseEvent):
            return self.click(ev)
        name = ev.name
        if name == "Ctrl+Q":
            return QUIT
        if name.startswith("F") and name[1:].isdigit() and 1 <= int(name[1:]) <= 10:
            return self.fkey(int(name[1:]))
        ch = ev.char.upper()
        if ch == "H":
            show_panel(self.dos, self.theme, helptext.REMINDER_TITLE, list(helptext.REMINDER),
                       controls=Controls(mouse=self.app.use_mouse))
            return None
        if ch == "E":
            self.setup_change(easy=not self.setup.easy)
            self.panel.draw_stones(self.game, self.setup.easy)
            self.say(say.easy(self.setup.easy))
            return None
        if ch and ch in "01234":
            self.setup_change(tune=int(ch))
            self.draw_modes()
            self.say(say.tune(self.setup.tune))
            if self.setup.tune:
                self.app.effect(f"tune{self.setup.tune}")
            return None
        if ch in ("<", ">", ",", "."):
            return self.blink_rate(ch in (">", "."))
        if self.replay:
            return self.replay_key(name)
        if name in ("Gray-", "Gray+"):
            self.step(back=name == "Gray-")
            return None
        if name in CURSOR_KEYS or self.cursor.key_name(ev) in CURSOR_KEYS:
            if self.app.use_mouse:
                self.say(say.MOUSE_MODE)
            else:
                self.move_cursor(ev)
                self.blinker.place(self.cursor.pos, self.dos.now())
            return None
        if name in ("Enter", "Ins"):
            if self.app.use_mouse:
                self.say(say.MOUSE_MODE)
            else:
                self.place(cell_of(self.cursor.pos))
            return None
        return None

    def move_cursor(self, key: Key) -> None:
        cursor = self.cursor
        name = cursor.key_name(key)
        if name not in PLAY_CORNERS:
            cursor.handle(key)
            return
        r, c = PLAY_CORNERS[name]
        inner = [(rr, cc) for rr in range(1, 9) for cc in range(1, 9) if cursor.eligible(rr, cc)]
        if inner:  # with Skip on, the free square of the area nearest that corner
            cursor.pos = min(inner, key=lambda s: ((s[0] - r) ** 2 + (s[1] - c) ** 2, s[0], s[1]))

    def click(self, ev: MouseEvent) -> str | None:
        if not self.app.use_mouse or ev.kind != "press":
            return None
        key = self.fkey_hits.at(ev.row, ev.col) if self.fkey_hits is not None and left_click(ev) else None
        if key is not None:
            return self.fkey(int(key[1:]))
        square = self.view.board.square_at(ev.row, ev.col)
        if self.replay:
            if left_click(ev):
                self.step(back=False)
            elif right_click(ev):
                self.step(back=True)
            return None
        if right_click(ev):
            self.step(back=True)
        elif left_click(ev) and square is not None:
            self.place(cell_of(square))
        return None

    # -- moves -------------------------------------------------------------------------------
    def place(self, cell: int, demo: bool = False) -> None:
        game = self.game
        if game.all_placed:
            self.say(say.ALL_PLACED)
            return
        match = game.match(cell)
        if not match:
            board = game.position.board
            if board[cell] != EMPTY:
                self.say(say.REFUSED_TAKEN)
            elif not occupied_neighbours(board, cell):
                self.say(say.REFUSED_ALONE)
            else:
                self.say(say.REFUSED_MATCH)
            self.app.effect("refused")
            return
        bonus = game.position.bonus
        pos = game.place(cell)
        if not demo:
            self.placed_here += 1
        self.draw_state()
        text = say.placed(match, pos.last_points, bonus, EDGE[cell])
        self.say(say.demo_move(pos.placed, text) if demo else self.after_move(text))
        effect = placement_effect(match, pos.last_points, self.setup.tune)
        if effect:
            self.app.effect(effect)

    def after_move(self, text: str) -> str:
        if self.game.all_placed:
            return text + " " + say.ALL_PLACED
        if self.game.blocked:
            return text + " " + say.BLOCKED
        return text

    def step(self, back: bool) -> None:
        """Take a move back or put one back (in a saved game being watched: a step of the replay)."""
        done = self.game.take_back() if back else self.game.put_back()
        self.draw_state()
        if self.replay:
            total = len(self.game.history)
            text = say.replay_step(self.game.history.pointer, total)
            if not back and not self.game.can_put_back:
                text += " " + say.REPLAY_END
            self.say(text)
            if done:
                self.app.effect("back" if back else "forward")
            return
        if not done:
            self.say(say.NOTHING_BACK if back else say.NOTHING_FORWARD)
            self.app.effect("refused")
            return
        self.app.effect("back" if back else "forward")
        self.say(self.after_move(say.TAKEN_BACK if back else say.PUT_BACK))

    def replay_key(self, name: str) -> None:
        if name in ("Enter", "Gray+"):
            self.step(back=False)
        elif name == "Gray-":
            self.step(back=True)
        else:
            self.say(say.REPLAY_ONLY)
        return None

    def blink_rate(self, faster: bool) -> None:
        if self.app.use_mouse:
            self.say(say.KEYBOARD_MODE_ONLY)
            return None
        rate = self.blinker.faster() if faster else self.blinker.slower()
        self.setup_change(blink=rate)
        self.blinker.place(self.cursor.pos, self.dos.now())
        self.draw_modes()
        self.say(say.blink(rate))
        return None

    def setup_change(self, **changes) -> None:
        self.app.change_setup(**changes)

    # -- function keys -------------------------------------------------------------------------
    def fkey(self, n: int) -> str | None:
        if self.replay and n not in (1, 7, 9):
            self.say(say.REPLAY_ONLY)
            return None
        return getattr(self, f"f{n}")()

    def f1(self) -> None:
        history = self.game.history
        was_replay = self.replay
        if self.replay:
            self.replay = False
            self.show_cursor()
            if self.countdown is not None:
                self.countdown.wait(False, self.dos.now())
        if history.pointer == len(history) and not was_replay:
            self.say(say.AT_END)
            return None
        history.go(len(history))
        self.draw_state()
        self.say(self.after_move(say.JUMPED))
        return None

    def f2(self) -> None:
        self.setup_change(skip=not self.setup.skip)
        self.draw_modes()
        self.say(say.skip(self.setup.skip))

    def f3(self) -> None:
        c = self.countdown
        if c is None:
            self.say(say.NO_LIMIT)
            return
        c.wait(not c.waiting, self.dos.now())
        self.draw_clocks()
        self.say(say.COUNT_STOPPED if c.waiting else say.COUNT_RUNS)

    def f4(self) -> None:
        self.blinker.place(None, self.dos.now())
        try:
            self.save()
        finally:
            self.show_cursor()

    def save(self) -> None:
        scr, th = self.dos.screen, self.theme
        self.say(say.SAVE_PROMPT)
        row = MSG_TOP + MSG_ROWS - 1
        refused = lambda ch: self.app.effect("refused")  # noqa: E731
        name = read_line(self.dos, th, row, PANEL_LEFT, files.NAME_MAX + 1,
                         allowed=lambda ch: ch.upper() in files.NAME_CHARS, upper=True,
                         controls=Controls(mouse=self.app.use_mouse), on_refused=refused, limit=files.NAME_MAX)
        scr.fill(row, PANEL_LEFT, row, PANEL_LEFT + PANEL_WIDTH - 1, " ", th["panel"])
        if not name or not name.strip():
            self.say(say.SAVE_CANCELLED)
            return
        if not files.valid_name(name):
            self.say(say.SAVE_NAME_BAD)
            return
        if self.dos.drive.exists(files.file_name(name)):
            self.say("")
            yes = ask_yes_no(self.dos, th, say.REPLACE, MSG_TOP, PANEL_LEFT, role="panel", key_role="side_key",
                             controls=Controls(mouse=self.app.use_mouse), clear_width=PANEL_WIDTH)
            if not yes:
                self.say(say.SAVE_CANCELLED)
                return
        failed = files.save_game(self.dos.drive, name, self.game, self.played())
        self.say(failed or say.saved(name.upper()))
        if failed:
            self.app.effect("refused")

    def f5(self) -> None:
        if not self.app.timer_minutes:
            self.say(say.NO_LIMIT)
            return
        self.countdown = None if self.countdown is not None else Countdown(self.limit, self.dos.now())
        self.setup_change(timer=self.countdown is not None)
        self.draw_clocks()
        self.say(say.limit_back(self.app.timer_minutes) if self.countdown is not None else say.LIMIT_OFF)

    def f6(self) -> None:
        legal = self.game.legal()
        if not legal:
            self.say(say.CHECK_NONE if not self.game.all_placed else say.ALL_PLACED)
            return
        self.blinker.place(None, self.dos.now())
        stopped = False
        for n, cell in enumerate(legal, 1):
            self.view.draw_square(cell, self.game.position.board[cell])
            self.view.mark_square(cell)
            self.say(say.CHECK_START + " " + say.check_square(n, len(legal), self.game.match(cell)))
            ev = self.dos.input(timeout=CHECK_STEP_S)
            self.view.draw_square(cell, self.game.position.board[cell])
            if ev is not None:
                stopped = True
                break
        self.advance_clock()
        if not stopped:
            self.say(say.CHECK_DONE)
        self.show_cursor()

    def f7(self) -> None:
        if self.app.no_sound:
            self.say(say.NO_SOUND_SWITCH)
            return
        on = self.app.sound.toggle()
        self.setup_change(sound=on)
        self.draw_modes()
        self.say(say.SOUND_ON if on else say.SOUND_OFF)

    def f8(self) -> None:
        slot = ask_key(self.dos, self.theme, "SAVE SETUP", list(say.SLOT_LINES), SLOTS,
                       controls=Controls(mouse=self.app.use_mouse))
        if not isinstance(slot, str):  # Esc (no hot keys here, so never a Hot)
            return
        failed = files.save_setup(self.dos.drive, slot, self.setup)
        self.say(failed or say.setup_saved(slot))

    def f9(self) -> str | None:
        scr, th = self.dos.screen, self.theme
        self.say("")
        for k, (key, words) in enumerate(say.RESET_CHOICE):
            scr.write(MSG_TOP + k, PANEL_LEFT, key, th["side_key"])
            scr.write(MSG_TOP + k, PANEL_LEFT + 5, words, th["panel"])
        while True:
            ev = self.dos.input()
            if isinstance(ev, Key):
                ch = ev.char.upper()
                if ch == "R":
                    return TITLE
                if ch == "M":
                    return MENU
                if ev.name == "Esc":
                    self.say("")
                    return None
                if ev.name == "Ctrl+Q":
                    return QUIT
            elif isinstance(ev, MouseEvent) and self.app.use_mouse and ev.kind == "press":
                line = ev.row - MSG_TOP if PANEL_LEFT <= ev.col else -1
                if left_click(ev) and line in (0, 1):
                    return (TITLE, MENU)[line]
                if right_click(ev) or (left_click(ev) and line == 2):
                    self.say("")
                    return None

    def f10(self) -> str | None:
        """End the game; with stones still to place it asks first (F9, next to it, asks too)."""
        if not self.game.all_placed:
            th = self.theme
            self.blinker.place(None, self.dos.now())
            self.say("")
            yes = ask_yes_no(self.dos, th, say.END_ASK, MSG_TOP + MSG_ROWS - 1, PANEL_LEFT, role="panel",
                             key_role="side_key", controls=Controls(mouse=self.app.use_mouse), clear_width=PANEL_WIDTH)
            if not yes:
                self.say(say.END_KEPT)
                self.show_cursor()
                return None
        return self.finish(time_up=False)

    # -- the end -------------------------------------------------------------------------------
    def finish(self, time_up: bool) -> str:
        self.ended = True
        self.blinker.place(None, self.dos.now())
        final = self.game.final()
        self.panel.draw_over(final.total, time_up)  # no stone to place is left on show
        if not time_up:
            self.say("")  # nor a question just answered
        self.app.effect("end")
        lines = [
            f"Placing the stones      {final.play:>10,}",
            f"Quatros: {final.quatros:<2}             {final.quatro_bonus:>10,}",
            f"Stones left: {final.left:<2}         {final.left_bonus:>10,}",
            "",
            f"FINAL SCORE             {final.total:>10,}",
        ]
        played = self.fresh or self.placed_here > 0
        if not played:
            lines += ["", *say.NOT_PLAYED_HERE]
        show_panel(self.dos, self.theme, " TIME IS UP " if time_up else " GAME OVER ", lines,
                   controls=Controls(mouse=self.app.use_mouse))
        if played:
            self.app.enter_hall(final.total, self.game.deal.number, self.game, self.played())
        return NEXT if self.app.play_next else MENU

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
