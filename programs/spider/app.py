"""Spider's loop: clicks and keys on the table, the control panel and its six commands.

The left button plays (``clicks`` says where cards go), the right button pops up the control
panel; the keyboard does the same with a column mark and Enter.  A message or HELP's arrow
goes away with the next click or key, which does nothing else.  The game ends with QUIT (by
way of the Hit Parade); a won game goes to the Hit Parade and a new game is dealt.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.program import Dos
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.cards import SUITS, counts, packs
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hits import left_click, right_click
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.menu import Item, Menu
from vconsole.toolkit.pager import show_text
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.sound import Sound

from . import help as help_text
from . import keep
from . import messages as say
from .clicks import click, click_below
from .commands import QUIT as QUIT_COMMAND
from .commands import QUIT_LOOP as QUIT
from .commands import UNDO as UNDO_COMMAND
from .commands import Commands
from .game import Game
from .hitparade import FILE as HIT_PARADE_FILE
from .hitparade import HitParade
from .rules import N_COLUMNS, Action, Board, Deal, Remove
from .screen import MESSAGE_LEFT, MESSAGE_ROW, MESSAGE_WIDTH, PALETTE, BoardView, column_left
from .sounds import EFFECTS

SCORE_FILE = HIT_PARADE_FILE
DIGITS = "1234567890"


class SpiderApp:
    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.theme = PALETTE.pick(dos.mono_display)
        self.sound = Sound(dos, EFFECTS)
        self.mouse = dos.mouse_installed
        self.board_view = BoardView(dos, self.theme)
        self.news = MessageArea(dos, self.theme, MESSAGE_ROW, MESSAGE_LEFT, MESSAGE_WIDTH, 1,
                                controls=Controls(mouse=self.mouse))
        self.table = HitParade(dos.drive)
        self.commands = Commands(self)
        self.split: tuple[int, int] | None = None
        self.cursor: tuple[int, int | None] | None = None  # the keyboard's (column, card or None)
        self.hint: Action | None = None  # HELP's suggestion while its arrow shows
        # --seed picks the deal when it is a game number; anything else deals at random (said at the start)
        seed = dos.options.seed
        self.seed_note: str | None = None
        if seed is not None and keep.FIRST_DEAL <= seed <= keep.LAST_DEAL:
            self.new_game(seed)
        else:
            self.new_game(self.random_number())
            if seed is not None:
                self.seed_note = say.SEED_RANGE.format(n=self.number)
        self.autosave = AutoSave(dos.drive, keep.FILE)
        dos.declare_invariant(self.check_invariants)

    # -- the game -----------------------------------------------------------------------
    def random_number(self) -> int:
        """Which deal NEW GAME (and a start without --seed) gets: the machine's generator picks the
        number, and rules.new_board deals it from GameRandom (ARCHITECTURE's "Random numbers")."""
        return self.dos.rng.randint(keep.FIRST_DEAL, keep.LAST_DEAL)

    def new_game(self, number: int) -> None:
        self.number = number
        self.game = Game(number)
        self.started = self.dos.now()
        self.split = None
        self.hint = None
        if self.cursor is not None:
            self.cursor = (self.cursor[0], None)

    @property
    def board(self) -> Board:
        return self.game.board

    def elapsed(self) -> float:
        return self.dos.now() - self.started

    def check_invariants(self) -> None:
        """What must hold whatever is clicked or typed (the monkey checks it after each input)."""
        b = self.board
        cards = b.all_cards()
        if len(cards) != 104 or counts(cards) != counts(packs(2)):
            raise AssertionError(f"{len(cards)} cards in the game, or not two whole packs")
        for c, (col, d) in enumerate(zip(b.columns, b.down)):
            if d and d >= len(col):
                raise AssertionError(f"column {c + 1}: its top card lies face down")
        if self.cursor is not None:
            c, i = self.cursor
            if not 0 <= c < N_COLUMNS or (i is not None and not b.in_top_group(c, i)):
                raise AssertionError(f"keyboard mark {self.cursor} outside the movable group")

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        dos = self.dos
        dos.screen.set_border(self.theme.border)
        dos.screen.clear(self.theme["screen"])
        dos.screen.hide_cursor()
        if self.mouse:
            dos.mouse.reset()
            dos.mouse.show()
        notes = [n for n in (self.table.load(), self.seed_note) if n]
        notes.append(self.resume() or "")
        self.news.say(" ".join(n for n in notes if n) or (say.START if self.mouse else say.START_KEYS))
        quit_key = False
        try:
            while True:
                self.draw()
                ev = dos.input()
                if self.handle(ev) == QUIT:
                    quit_key = True
                    return 0
        finally:  # every ending: QUIT, a closed window, Ctrl+C, a signal
            self.keep_game(on_screen=quit_key)

    # -- SPIDER.TMP: the unfinished game ---------------------------------------------------
    def resume(self) -> str | None:
        """Offer the game kept at the end of the last run; the words for the message line."""
        kept, note = self.autosave.recover(keep.parse)
        if kept is None:
            return note.upper() if note else None
        fresh = self.number
        self.number, self.game = kept.game.seed, kept.game
        self.started = self.dos.now() - kept.seconds
        self.draw()
        items = [Item(say.RESUME_YES.format(n=self.number), True, hot="C"),
                 Item(say.RESUME_NO.format(n=fresh), False, hot="N")]
        choice = Menu(self.dos, self.theme, items, title=say.RESUME_TITLE, controls=Controls(mouse=self.mouse)).run()
        if choice is False:
            self.new_game(fresh)
            return say.NEW_GAME.format(n=fresh)
        return say.RESUMED.format(n=self.number, actions=len(self.game.actions))

    def keep_game(self, on_screen: bool = False) -> None:
        """At every end of the run: the unfinished game into SPIDER.TMP, or no file when there
        is none (nothing played yet, or the game was won).  A failure is said at exit, and on
        the screen too after QUIT (``on_screen``), when the player is still there to read it."""
        if not self.game.actions or self.board.won:
            problem = self.autosave.discard()
            if problem is not None:
                self.dos.warn_at_exit(f"{keep.FILE} could not be removed: {problem}")
        else:
            problem = self.autosave.save(keep.text(self.game, self.elapsed()))
            if problem is not None:
                self.dos.warn_at_exit(f"the unfinished game was not saved: {problem}")
                if on_screen and not self.dos.stopping:
                    show_panel(self.dos, self.theme, f" {keep.FILE} NOT WRITTEN ",
                               [say.KEEP_FAILED, problem.upper()[:60]], controls=Controls(mouse=self.mouse), flush=True)

    def draw(self) -> None:
        self.board_view.draw(self.board, split=self.split, cursor=self.cursor, hint=self.hint,
                             game_no=self.number)

    def handle(self, ev: Key | MouseEvent | None) -> str | None:
        if isinstance(ev, MouseEvent):
            if ev.kind != "press" or not self.mouse:
                return None
            if self.hint is not None:  # the HELP arrow goes away with any click, and that is all
                self.hint = None
                self.news.clear()
                return None
            if right_click(ev):
                return self.commands.panel(near=(ev.row, ev.col))
            if left_click(ev):
                self.cursor = None  # the mouse took over
                where = self.board_view.where(ev.row, ev.col)
                if where is not None:
                    self.left_button(*where)
            return None
        if not isinstance(ev, Key):
            return None
        if self.hint is not None:
            self.hint = None
            self.news.clear()
            return None
        return self.key(ev)

    def left_button(self, col: int, index: int | None) -> None:
        board = self.board
        action = click(board, col, index)
        if action is not None:
            self.play(action)
            return
        cards = board.columns[col]
        if not cards:
            self.news.say(say.EMPTY)
        elif index is not None and index < board.down[col]:
            self.news.say(say.FACE_DOWN)
        elif index is not None and index < board.group_start(col):
            self.news.say(say.NOT_MOVABLE)
        else:
            start = index if index is not None else board.group_start(col)
            self.news.say(say.NOTHING_FITS if len(cards) - start > 1 else say.NOTHING_FITS_ONE)
        self.sound.effect("nothing")

    def play(self, action: Action) -> None:
        """Make a move, a removal or a deal, with its tune and its word."""
        self.game.play(action)
        self.settle_cursor()  # before any tune: a queued tune may wait, and the model must be whole then
        if isinstance(action, Deal):
            self.sound.effect("deal")
            self.news.say(say.DEALT.format(n=self.board.deals_done))
        elif isinstance(action, Remove):
            self.sound.effect("remove")
            self.news.say(say.REMOVED.format(suit=SUITS[self.board.removed[-1]]))
        else:
            self.sound.effect("move")
            self.news.clear()
        if self.board.won:
            self.commands.won()

    def settle_cursor(self) -> None:
        """After the board changed, the keyboard's mark goes below its column's last card."""
        if self.cursor is not None:
            self.cursor = (self.cursor[0], None)

    # -- the keyboard ---------------------------------------------------------------------
    def key(self, key: Key) -> str | None:
        name, ch = key.name, (key.char or "").upper()
        if name == "Esc":
            return self.commands.panel(near=self.panel_near())
        if name == "F1":
            show_text(self.dos, self.theme, help_text.TITLE, help_text.TEXT, controls=Controls(mouse=self.mouse))
            return None
        if name in ("Left", "Right", "Up", "Down", "Home", "End"):
            self.move_cursor(name)
            return None
        if name in ("Enter", "Space") or ch == " ":
            if self.cursor is None:  # the mark appears on column 1 and the key acts there at once
                self.cursor = (0, None)
            self.left_button(*self.cursor)
            return None
        if ch and ch in DIGITS:
            col = DIGITS.index(ch)
            self.cursor = (col, None)
            action = click_below(self.board, col)
            if action is None:
                self.left_button(col, None)
            else:
                self.play(action)
            return None
        if ch and ch in self.commands.LETTERS:
            command = self.commands.LETTERS[ch]
            if command == QUIT_COMMAND:
                # one stray key must not end a game: Q opens the control panel with QUIT
                # lit, the documented way out, where Enter (or Q again) confirms it
                self.news.say(say.QUIT_ASK)
                result = self.commands.panel(near=self.panel_near(), selected=QUIT_COMMAND)
                if result is None:
                    self.news.clear()
                return result
            if command == UNDO_COMMAND:
                self.commands.undo(ask=True)
                return None
            return self.commands.run(command)
        return None

    def panel_near(self) -> tuple[int, int] | None:
        """Where the keyboard pops the control panel up: by the column mark, if there is one."""
        if self.cursor is None:
            return None
        return self.board_view.foot_row(self.cursor[0]), column_left(self.cursor[0])

    def move_cursor(self, name: str) -> None:
        board = self.board
        if self.cursor is None:  # the mark starts on column 1, and this key moves it already
            self.cursor = (0, None)
        c, i = self.cursor
        if name in ("Left", "Right"):
            c = (c + (1 if name == "Right" else -1)) % N_COLUMNS
            self.cursor = (c, None)
            return
        cards = board.columns[c]
        if not cards:
            return
        g, top = board.group_start(c), len(cards) - 1
        if name in ("Up", "Home"):
            i = (top if i is None else max(g, i - 1)) if name == "Up" else g
        else:
            i = None if name == "End" or i is None or i >= top else i + 1
        self.cursor = (c, i)
