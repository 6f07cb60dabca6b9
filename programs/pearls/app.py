"""Tommy's String of Pearls: the program's state and its loop, turn by turn.

The loop asks what is waiting: players to be chosen (setup.py: the names form), a finished
game (setup.py: "another game?"), the computer's move (computer.py: it thinks while the hot
keys stay live; in demo mode it plays every hand), or a person's move (human.py: a click, or
the keyboard pointer, and the solitaire choice).  The run around it (the start-up screen,
PEARLS.TMP read at the start and written however the run ends) is the chrome's: PearlsApp
is a ``tommy.Toy`` and ``run`` hands it to ``tommy.run``.
"""
from __future__ import annotations

from collections.abc import Sequence

from vconsole.keyboard import Key
from vconsole.program import Dos
from vconsole.toolkit.board import BoardCursor, CursorMark
from vconsole.toolkit.hiscore import HiScoreTable
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.lines import MessageArea, PromptLine

from .. import tommy
from ..tommy import Chrome, Credits
from . import ai, tmpfile
from . import help as help_text
from . import messages as say
from .board import INDEX, SQUARES
from .rules import POWER, Game, Take, below, shuffled
from .screen import (
    BOARD,
    INNER_LEFT,
    NEWS_ROWS,
    NEWS_TOP,
    NEWS_WIDTH,
    PACE_ROW,
    PALETTE,
    PANEL_RIGHT,
    PROMPT_ROW,
    PearlsScreen,
    Seat,
    method_note,
)
from .sounds import EFFECTS, pearl_note
from .strings import METHOD_LONGEST, N_PEARLS

CREDITS = Credits("TOMMY'S STRING OF PEARLS", "TOMMY'S STRING OF PEARLS (C) COPYRIGHT 1996 BY TOMMY'S TOYS",
                  "CATALOG #TM-167-1A")
SKIP_SHOW = "*"   # the switch that skips the start-up screen and show
COMPUTER = "COMPUTER"
SCORE_FILE = "PEARLS.SCR"


def seats_for(names: list[str]) -> list[Seat]:
    """Seats from typed names: COMPUTER (any case) is the computer's; a name used more than
    once is numbered so that every line of the screen says whom it means."""
    upper = [n.upper() for n in names]
    out = []
    for i, name in enumerate(upper):
        shown = name
        if upper.count(name) > 1:
            shown = f"{name[:12]} {upper[:i + 1].count(name)}"
        out.append(Seat(shown, name == COMPUTER))
    return out


class PearlsApp:
    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.chrome = Chrome(dos, name="PEARLS", palette=PALETTE, help_title=help_text.TITLE,
                             help_text=help_text.TEXT, speed_keys=("F4", "F3"), effects=EFFECTS)
        self.chrome.question_at = (PROMPT_ROW, 0, 80)
        self.chrome.on_change = self.on_change
        self.chrome.regions["pad"] = (PACE_ROW, INNER_LEFT, PACE_ROW, PANEL_RIGHT - 1)
        self.theme = self.chrome.theme
        self.sound = self.chrome.sound
        self.demo = False
        self.names = list(self.chrome.names) or ["PLAYER", COMPUTER]  # the last players (PEARLS.INI)
        self.method = METHOD_LONGEST
        self.game: Game | None = None
        self.seats: list[Seat] = []
        self.computers: list[ai.Computer] = []
        self.computer_moved = False   # the computer took a pearl for a person this game
        self.start_cells: list[int] = []
        self.turn_started = -1       # the take count at which the person's turn was last set up
        self._build_legend()
        self.view = PearlsScreen(dos, self.theme, self.chrome.legend)
        self.news = MessageArea(dos, self.theme, NEWS_TOP, 0, NEWS_WIDTH, NEWS_ROWS, controls=self.chrome.controls())
        self.prompt_line = PromptLine(dos, self.theme, PROMPT_ROW, 0, 80)
        self.cursor = BoardCursor(BOARD, skip=self.not_a_pearl)
        self.mark = CursorMark(dos.screen, self.theme, BOARD, style="brackets")
        self.pointing = not self.chrome.mouse   # the keyboard pointer is on the board
        self.scores = HiScoreTable(dos.drive, SCORE_FILE, size=10, higher=True, fields=("short",))
        self.new_board()
        dos.declare_invariant(self.check_invariants)

    # -- what must hold ---------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every pearl and the power accounted for, and the board exactly the takes replayed
        on the board as laid out (the monkey tester checks this after every input)."""
        assert sorted(self.start_cells) == [POWER] + list(range(1, N_PEARLS + 1)), "the layout lost a piece"
        game = self.game
        if game is None:
            return
        game.check()
        replay = Game(self.start_cells, game.players, game.first, game.method)
        for t in game.takes:
            replay.take(t.square, t.choice)
        assert replay.cells == game.cells and replay.held == game.held, "the board differs from the takes"
        assert replay.turn == game.turn
        assert len(self.seats) == len(self.computers) == game.players

    # -- state ------------------------------------------------------------------------------
    def new_board(self) -> None:
        """The 48 pearls and the power scrambled for the next game."""
        self.start_cells = shuffled([POWER] + list(range(1, N_PEARLS + 1)), self.dos.rng)
        self.game = None

    def start_game(self, names: list[str], method: int) -> None:
        n = len(names)
        self.names, self.method = list(names), method
        self.chrome.names = list(names)  # offered again next time (PEARLS.INI)
        self.seats = seats_for(names)
        self.game = Game(self.start_cells, n, below(self.dos.rng, n), method)
        self.computers = [ai.Computer() for _ in range(n)]
        self.computer_moved = False
        self.turn_started = -1
        self.redraw()
        seat = self.seats[self.game.turn]
        if self.game.solitaire:
            self.message(say.new_solitaire(seat.name))
        else:
            self.message(say.new_game(seat.name, method_note(method)))

    def not_a_pearl(self, r: int, c: int) -> bool:
        """Where the keyboard pointer may not stop: an empty square, and during a game a
        pearl the power cannot reach (``targets`` is every pearl when the power must hop)."""
        cells = self.game.cells if self.game is not None else self.start_cells
        sq = INDEX[(r, c)]
        if cells[sq] <= 0:
            return True
        game = self.game
        return game is not None and not game.over and sq not in game.targets()

    def playing(self) -> Game:
        """The game on the board: there is one from the players' choice (or a resumed game) on."""
        if self.game is None:
            raise RuntimeError("no game is being played")
        return self.game

    @property
    def cells(self) -> list[int]:
        return self.game.cells if self.game is not None else self.start_cells

    def human_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.over and not self.demo and not self.seats[g.turn].computer

    # -- drawing ----------------------------------------------------------------------------
    def _build_legend(self) -> None:
        c = self.chrome
        c.legend_sound()
        c.legend.toggle("F2", lambda: self.demo, "DEMO MODE", "PLAYER MODE")
        c.legend.add("F3", "SPEED UP")
        c.legend.add("F4", "SLOW DOWN")
        c.legend_help()
        c.legend_quit()
        c.legend_border()

    def on_change(self, what: str) -> None:
        if what == "pad":
            self.view.draw_pace(self.chrome.pad.text)

    def message(self, text: str = "", role: str = "status") -> None:
        self.news.say(text, role)

    def prompt(self, text: str = "", role: str = "prompt") -> None:
        self.prompt_line.show(text, "", role)

    def draw_board(self) -> None:
        game = self.game
        self.mark.hide()
        if game is None:
            self.view.draw_board(self.start_cells, (), "48 PEARLS, SCRAMBLED")
            return
        lit = game.targets() if not game.over else []
        left = len(game.pearls_on_board())
        note = f"{say.pearls(left)} LEFT" if left else "ALL PEARLS TAKEN"
        self.view.draw_board(game.cells, lit, note)
        self.show_pointer()

    def show_pointer(self) -> None:
        if self.pointing and self.human_to_move():
            if self.not_a_pearl(*self.cursor.pos):
                self.cursor.pos = self.cursor.nearest(*self.cursor.pos)
            self.mark.show(self.cursor.pos)
        else:
            self.mark.hide()

    def aim_pointer(self) -> None:
        """At the start of a person's turn: the pointer on the reachable pearl nearest the power."""
        game = self.playing()
        pr, pc = SQUARES[game.power]
        best = min(game.targets(), key=lambda s: ((SQUARES[s][0] - pr) ** 2 + (SQUARES[s][1] - pc) ** 2, s))
        self.cursor.pos = SQUARES[best]

    def draw_players(self, winners: Sequence[int] = ()) -> None:
        if self.game is None:
            self.view.draw_no_players()
        else:
            self.view.draw_players(self.game, self.seats, winners)

    def redraw(self) -> None:
        self.mark.hide()
        self.view.draw_frame()
        self.view.draw_legend()
        self.view.draw_pace(self.chrome.pad.text)
        self.draw_board()
        self.draw_players(self.game.winners() if self.game is not None and self.game.over else ())
        self.message("")
        self.prompt("")

    # -- hot keys ----------------------------------------------------------------------------
    def hot(self, key: Key) -> Hot | None:
        """Keys that work at any moment: the chrome's (F1 F5 F7 F10, F3/F4 the pace), and F2."""
        pad = self.chrome.pad.tenths
        act = self.chrome.hotkey(key)
        if act is not None:
            if key.name in ("F3", "F4"):
                if self.chrome.pad.tenths != pad:
                    self.message(say.pace(self.chrome.pad.text))
                else:
                    self.message(say.pace_limit(self.chrome.pad.text), "error")
            return act
        if key.name == "F2":
            self.set_demo(not self.demo)
            return Hot.MODE
        return None

    def set_demo(self, on: bool) -> None:
        self.demo = on
        self.chrome.legend.redraw()
        self.show_pointer()
        self.message(say.demo_on() if on else say.demo_off())

    # -- the loop (tommy.Toy: the chrome runs it) -------------------------------------------
    @property
    def showing(self) -> bool:
        """The start-up screen and show, unless the * switch skips them."""
        return SKIP_SHOW not in self.dos.switches

    def run(self) -> int:
        return tommy.run(self, CREDITS if self.showing else None)

    def begin(self, note: str | None) -> Hot | None:
        """The high scores are read too; the start-up show plays when no game was taken up."""
        from . import show
        score_note = self.scores.load()
        self.redraw()
        if self.game is None and self.showing and show.startup_show(self) == Hot.QUIT:
            return Hot.QUIT
        problems = [say.file_problem(n) for n in (note, score_note) if n]
        if problems:  # both files damaged: both are said, one after the other
            self.message(" ".join(p.rstrip(".") + "." for p in problems), "error")
        elif self.game is not None:
            self.message(say.resumed(len(self.game.takes)))
        return None

    def step(self) -> Hot | None:
        from . import computer, human, setup
        if self.game is None:
            return setup.choose_players(self)
        if self.game.over:
            return setup.finished_turn(self)
        if self.demo or self.seats[self.game.turn].computer:
            return computer.turn(self)
        return human.turn(self)

    # -- PEARLS.TMP --------------------------------------------------------------------------
    def saved_text(self) -> str | None:
        game = self.game
        if game is None or game.over or not game.takes:
            return None
        return tmpfile.text(self.names, self.start_cells, game, self.computer_moved, self.chrome.pad.tenths)

    def parse_saved(self, text: str) -> tmpfile.Saved:
        return tmpfile.parse(text)

    def resume(self, saved: tmpfile.Saved) -> None:
        self.names = saved.names
        self.chrome.names = list(saved.names)
        self.method = saved.game.method
        self.start_cells = saved.start
        self.game = saved.game
        self.seats = seats_for(saved.names)
        self.computers = [ai.Computer() for _ in saved.names]
        self.computer_moved = saved.computer_moved
        self.chrome.pad.set(saved.pad_tenths)

    # -- a take ------------------------------------------------------------------------------
    def play(self, square: int, choice: int | None, by_computer: bool = False) -> Hot | None:
        """Take the pearl on ``square`` for the player to move, show it, and end the game when
        it was the last.  Hot.QUIT when F7 was pressed during the power's slide."""
        from . import setup, show
        game = self.playing()
        seat = self.seats[game.turn]
        if by_computer and not seat.computer:
            self.computer_moved = True
        move = game.take(square, choice)
        self.mark.hide()
        act = show.slide(self, move)
        self.sound.play(pearl_note(move.pearl))
        where = self.where(move)
        self.draw_board()
        self.draw_players()
        self.message(say.took(seat.name, move.pearl, move.hop, where))
        if game.over:
            setup.game_over(self)
        return act

    def where(self, move: Take) -> str:
        """What became of the pearl just taken, for the news."""
        game = self.playing()
        if game.solitaire:
            for a, b in game.strings_of(0):
                if a <= move.pearl <= b:
                    return say.solo_new() if a == b else say.joined(a, b)
        for a, b in game.strings_of(move.player):
            if a <= move.pearl <= b:
                return say.joined(a, b)
        return say.alone()
