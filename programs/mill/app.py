"""Tommy's Mill: the program's state and its loop, turn by turn.

The loop asks who is to move: the computer (computer.py: it thinks while hot keys stay
live), a keyboard player (entry.py: typed or clicked moves and commands), or nobody
because the game is over (commands.finished_turn: "new game?").  The run around it (the
start-up screen, MILL.TMP read at the start and written however the run ends) is the
chrome's: MillApp is a ``tommy.Toy`` and ``run`` hands it to ``tommy.run``.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.program import Dos
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.lines import MessageArea, PromptLine

from .. import tommy
from ..tommy import Chrome, Credits
from . import commands, computer, entry, tmpfile
from . import help as help_text
from . import messages as say
from .notation import EntryParser
from .rules import BLACK, DECLINE, PIECES_PER_SIDE, WHITE, Game, GameOverError, Move, Options, Position, apply
from .screen import LEFT_WIDTH, MSG_ROWS, NAMES, PALETTE, PROMPT_ROW, MillScreen
from .sounds import EFFECTS
from .tmpfile import COMPUTER, KEYBOARD, MAX_LEVEL

SHAREWARE_MAX_LEVEL = 2
DEFAULT_LEVEL = 2
CREDITS = Credits("TOMMY'S MILL", "TOMMY'S MILL (C) COPYRIGHT 1987-1996 BY TOMMY'S TOYS", "CATALOG #TM-064-1A")


class MillApp:
    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.chrome = Chrome(dos, name="MILL", palette=PALETTE, help_title=help_text.TITLE,
                             help_text=help_text.TEXT, effects=EFFECTS)
        self.chrome.question_at = (PROMPT_ROW, 0, LEFT_WIDTH)
        self.chrome.on_change = lambda what: self.draw_level()
        self.theme = self.chrome.theme
        self.sound = self.chrome.sound
        self.max_level = SHAREWARE_MAX_LEVEL if dos.options.shareware else MAX_LEVEL
        self.level = min(DEFAULT_LEVEL, self.max_level)
        self.players = [KEYBOARD, COMPUTER]
        self.options = Options()
        self.tick_s = 1.0  # the time display moves on while the player thinks
        self._build_legend()
        self.view = MillScreen(dos, self.theme, self.chrome.legend)
        self.news = MessageArea(dos, self.theme, MSG_ROWS[0], 0, LEFT_WIDTH - 1, len(MSG_ROWS),
                                controls=self.chrome.controls())
        self.prompt_line = PromptLine(dos, self.theme, PROMPT_ROW, 0, LEFT_WIDTH)
        self.busy = self.chrome.busy(self.hot)
        self.new_game(announce=False)
        dos.declare_invariant(self.check_invariants)

    def check_invariants(self) -> None:
        """What must hold whatever is typed (the monkey tester checks it after every input).

        The board is exactly the move record replayed from the start, and every
        side's nine pieces are accounted for: on the board, in hand or captured.
        """
        pos = Position.start(self.game.options)
        captured = [0, 0]
        for ply, move in enumerate(self.game.played()):
            pos = apply(pos, move)
            if move.capture not in (None, DECLINE):
                captured[1 - ply % 2] += 1
        if pos != self.game.position:
            raise AssertionError(f"board differs from the move record at ply {self.game.pointer}")
        for side in (WHITE, BLACK):
            total = pos.pieces(side).bit_count() + pos.in_hand[side] + captured[side]
            if total != PIECES_PER_SIDE:
                raise AssertionError(f"{NAMES[side]} has {total} pieces accounted for, not {PIECES_PER_SIDE}")
        if not 0 <= self.level <= self.max_level:
            raise AssertionError(f"level {self.level} outside 0..{self.max_level}")

    # -- state --------------------------------------------------------------------------
    def new_game(self, announce: bool = True) -> None:
        self.game = Game(self.options)
        self.finished = False  # the end has been announced
        self.review = False  # a finished game read from a file: '.' may step back into it
        self.declined = False  # answered N to "new game?"
        self.resigned: int | None = None
        self.entry: EntryParser | None = None
        self.clock_base = 0.0
        self.clock_start: float | None = self.dos.now()  # None: stopped (the game is over)
        if announce:
            self.redraw()
            self.message(say.new_game())

    def adopt(self, game: Game, elapsed: float = 0.0) -> None:
        self.new_game(announce=False)
        self.game = game
        self.options = game.options
        self.clock_base = elapsed

    def elapsed(self) -> float:
        running = self.dos.now() - self.clock_start if self.clock_start is not None else 0.0
        return self.clock_base + running

    def stop_clock(self) -> None:
        self.clock_base, self.clock_start = self.elapsed(), None

    @property
    def turn(self) -> int:
        return self.game.position.turn

    def outcome(self) -> tuple[int | None, str] | None:
        """(winner or None for a draw, reason) once the game is decided."""
        if self.resigned is not None:
            return 1 - self.resigned, f"{NAMES[self.resigned]} RESIGNS"
        result = self.game.result()
        if result is None:
            return None
        if result == "draw":
            return None, "THE MOVE BUFFER IS FULL: A DRAW"
        winner = WHITE if result == "white" else BLACK
        loser = 1 - winner
        why = "IS DOWN TO 2 PIECES" if self.game.position.material(loser) < 3 else "CANNOT MOVE"
        return winner, f"{NAMES[loser]} {why}"

    # -- drawing ------------------------------------------------------------------------
    def _build_legend(self) -> None:
        c = self.chrome
        c.legend_sound()
        c.legend.toggle("F2", lambda: self.players[WHITE] == COMPUTER, "WHITE: COMPUTER", "WHITE: KEYBOARD")
        c.legend.toggle("F3", lambda: self.players[BLACK] == COMPUTER, "BLACK: COMPUTER", "BLACK: KEYBOARD")
        c.legend_help()
        c.legend_quit()
        c.legend.add("F8", "LEVEL DOWN")
        c.legend.add("F9", "LEVEL UP")
        c.legend_border()
        c.legend_speed()

    def message(self, text: str = "", role: str = "status") -> None:
        """News under the board (two rows; a message never loses words)."""
        self.news.say(text, role)

    def prompt(self, text: str, entry_text: str = "", role: str = "prompt") -> None:
        self.prompt_line.show(text, entry_text, role)

    def draw_level(self) -> None:
        opts = []
        if self.options.kiddie:
            opts.append("KIDDIE")
        if self.options.take_from_mill_when_only_three:
            opts.append("LAST MILL")
        self.view.draw_level(self.level, self.chrome.pad.text, " ".join(opts))

    def draw_board(self) -> None:
        moves = self.game.played()
        last = moves[-1] if moves else None
        self.view.draw_board(entry.shown_position(self), selected=entry.selected(self), last=last,
                             clock=self.elapsed())

    def draw_game(self) -> None:
        self.draw_board()
        self.view.draw_players((self.players[0], self.players[1]), self.game.position, self.finished)
        self.view.draw_moves(self.game)

    def redraw(self) -> None:
        self.view.draw_frame()
        self.view.draw_legend()
        self.draw_level()
        self.draw_game()
        self.message("")
        self.prompt("")

    # -- the loop (tommy.Toy: the chrome runs it) -------------------------------------------
    def run(self) -> int:
        return tommy.run(self, CREDITS)

    def begin(self, note: str | None) -> Hot | None:
        self.warm_up()  # a game resumed at level 9
        self.redraw()
        if note:
            self.message(say.tmp_problem(note), "error")
        elif self.game.moves:
            self.message(say.resumed(self.game.pointer))
        return None

    def step(self) -> Hot | None:
        if self.finished:
            return commands.finished_turn(self)
        if self.players[self.turn] == COMPUTER:
            return computer.turn(self)
        return entry.turn(self)

    # -- hot keys -------------------------------------------------------------------------
    def hot(self, key: Key) -> Hot | None:
        """Keys that work at any moment: the chrome's, F2/F3 (who plays: Hot.MODE), F8/F9 (level)."""
        act = self.chrome.hotkey(key)
        if act is not None:
            return act
        name = key.name
        if name in ("F2", "F3"):
            side = WHITE if name == "F2" else BLACK
            self.players[side] = COMPUTER if self.players[side] == KEYBOARD else KEYBOARD
            if self.players[self.turn] == COMPUTER:
                self.entry = None
            self.view.draw_legend()
            self.draw_game()
            self.message(say.side_played_by(NAMES[side], self.players[side]))
            return Hot.MODE
        if name in ("F8", "F9"):
            new = self.level + (1 if name == "F9" else -1)
            if 0 <= new <= self.max_level:
                self.level = new
                self.message(say.level(new))
                self.warm_up()
            else:
                self.sound.effect("error")
                if new > self.max_level and self.max_level < MAX_LEVEL:
                    self.message(say.shareware_top_level(self.max_level), "error")
            self.draw_level()
            return Hot.HANDLED
        return None

    def warm_up(self) -> None:
        """At level 9, start loading the master's compiled search in a background thread
        (``master.warm_up``), so that its first move need not wait for it. It never blocks
        (the first think waits for it reading the keyboard), changes no move (the search is
        bounded in nodes, not time) and is harmless without numba (level 9 then plays its
        pure-Python search)."""
        if self.level == MAX_LEVEL:
            from . import master  # imports neither numba nor numpy until the thread runs
            master.warm_up()

    # -- making a move --------------------------------------------------------------------
    def play(self, move: Move) -> None:
        color = self.turn
        self.entry = None
        try:
            self.game.play(move)
        except (ValueError, GameOverError) as exc:  # the entry parser should make this impossible
            self.message(say.not_possible(str(exc)), "error")
            return
        what = f"PLACES ON {move.to}" if move.frm is None else f"MOVES {move.frm} TO {move.to}"
        if move.capture:
            effect, what = "capture", f"{what}, TAKES {move.capture}"
        elif move.declined:
            effect, what = "mill", f"{what}, MILL, TAKES NOTHING"
        else:
            effect = "click"
        self.sound.effect(effect)
        self.draw_game()
        self.message(say.played(NAMES[color], what))
        self.check_end()

    def check_end(self) -> None:
        out = self.outcome()
        if out is None or self.finished:
            return
        self.finished, self.declined = True, False
        self.entry = None
        self.stop_clock()
        winner, reason = out
        self.draw_game()
        if winner is None:
            self.message(say.result(reason, None), "winner")
            self.sound.effect("lose")
        else:
            self.message(say.result(reason, NAMES[winner]), "winner")
            human_won = self.players[winner] == KEYBOARD or self.players == [COMPUTER, COMPUTER]
            self.sound.effect("win" if human_won else "lose")

    # -- MILL.TMP ---------------------------------------------------------------------------
    def saved_text(self) -> str | None:
        """What MILL.TMP should hold when the program ends: the unfinished game, or None."""
        if self.finished or not self.game.moves:
            return None
        return tmpfile.text(self.game, self.players, self.level, self.chrome.pad.tenths, int(self.elapsed()),
                            self.review)

    def parse_saved(self, text: str) -> tmpfile.Saved:
        return tmpfile.parse(text)

    def resume(self, saved: tmpfile.Saved) -> None:
        self.adopt(saved.game, float(saved.clock))
        self.players = list(saved.players)
        self.level = min(saved.level, self.max_level)
        self.chrome.pad.set(saved.pad_tenths)
        self.review = saved.review
