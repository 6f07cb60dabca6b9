"""Anciento: the program's state and its top loop (title screen -> main menu -> a game -> ...).

The main menu (mainmenu.py) starts games, replays and the demo; a game (play.py) returns
where to go next.  What the player set (colours, sound, skip, tune, blink rate, easy mode,
the timer) lives in one ``Setup``, which S / F8 save and L loads.
"""
from __future__ import annotations

from dataclasses import replace

from vconsole.program import Dos
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hiscore import add_score, show_table
from vconsole.toolkit.sound import Sound

from . import files, keep
from . import messages as say
from .game import Game
from .look import Colours, pick
from .loop import run as run_play
from .play import Outcome, Play
from .rules import conserved
from .screen import BoardView
from .setups import Setup
from .sounds import EFFECTS
from .stones import FIRST_NUMBER, LAST_NUMBER, bag, deal_from_order, numbered_deal
from .title import title_screen

DOS_PLAIN = 0x07  # grey on black: the screen left to DOS at the end
PRESS_ANY_KEY = "Press any key"  # Anciento writes in mixed case, the toolkit's tables in capitals

class App:
    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.no_sound = "/NS" in dos.switches
        self.play_next = "/PN" in dos.switches
        self.driver = dos.mouse_installed
        self.use_mouse = self.driver
        self._pointer_shown = False
        self.setup = Setup(sound=not self.no_sound)
        self.timer_minutes = 0
        self.slot = ""  # the setup slot last saved or loaded
        self.sound = Sound(dos, EFFECTS)
        self.hall = files.hall_of_fame(dos.drive)
        self.notes: list[str] = []  # messages for the main menu to show (damaged files ...)
        self.play: Play | None = None
        self.autosave = AutoSave(dos.drive, keep.FILE)
        self.kept: keep.Kept | None = None  # the game the last run left unfinished, until offered
        self.apply_setup()
        dos.declare_invariant(self.check)

    # -- settings -----------------------------------------------------------------------------
    @property
    def mono(self) -> bool:
        return self.dos.mono_display or self.setup.bw

    def apply_setup(self) -> None:
        """Make the screen and the sound follow ``self.setup``."""
        self.theme = pick(self.mono)
        self.colours = Colours(self.setup.board, self.setup.pieces, self.mono)
        self.view = BoardView(self.dos, self.theme, self.colours)
        self.dos.sound_on = self.setup.sound and not self.no_sound

    def change_setup(self, *, board: int | None = None, pieces: int | None = None, bw: bool | None = None,
                     sound: bool | None = None, skip: bool | None = None, timer: bool | None = None,
                     tune: int | None = None, blink: float | None = None, easy: bool | None = None) -> None:
        """Change the settings named; the others stay as they are (one ``Setup`` holds them all)."""
        s = self.setup
        self.setup = replace(
            s, board=s.board if board is None else board, pieces=s.pieces if pieces is None else pieces,
            bw=s.bw if bw is None else bw, sound=s.sound if sound is None else sound,
            skip=s.skip if skip is None else skip, timer=s.timer if timer is None else timer,
            tune=s.tune if tune is None else tune, blink=s.blink if blink is None else blink,
            easy=s.easy if easy is None else easy).check()
        if sound is not None:
            self.dos.sound_on = self.setup.sound and not self.no_sound

    def effect(self, name: str) -> None:
        self.sound.effect(name)

    def pointer(self, on: bool) -> None:
        """The INT 33h pointer: shown in mouse mode, hidden otherwise (show/hide kept in pairs)."""
        if not self.driver or on == self._pointer_shown:
            return
        if on:
            self.dos.mouse.show()
        else:
            self.dos.mouse.hide()
        self._pointer_shown = on

    # -- the loop -------------------------------------------------------------------------------
    def run(self) -> int:
        if self.driver:
            self.dos.mouse.reset()
        note = self.hall.load()
        if note:
            self.notes.append(note.rstrip(".") + ".")
        self.kept, note = self.autosave.recover(keep.parse)
        if note:
            self.notes.append(note.rstrip(".") + ".")
        note = files.install_sample(self.dos.drive)
        if note:
            self.notes.append("SAMPLE.ANC could not be written: " + note)
        from .mainmenu import MainMenu
        where = Outcome.TITLE
        while True:
            if where == Outcome.TITLE:
                self.pointer(False)
                title_screen(self.dos, self.theme, self.view, self.use_mouse)
                where = Outcome.MENU
            if where == Outcome.MENU:
                where = MainMenu(self).run()
            elif where == Outcome.NEXT:
                where = self.play_game(Game(numbered_deal(self.random_number())), None)
            if where == Outcome.QUIT:
                self.dos.screen.clear(DOS_PLAIN)
                self.dos.screen.set_cursor(0, 0)
                self.dos.screen.show_cursor()
                return 0

    # Random numbers follow the project's one rule (docs/ARCHITECTURE.md, "Random numbers"): a
    # numbered game's stones come from GameRandom seeded with its number (stones.numbered_deal);
    # which number 2 and /PN pick, and the stones of a random (unnumbered) game, come from dos.rng.
    def random_number(self) -> int:
        """A game number for 2 (Pick a game), /PN and the demo: the machine's generator picks it."""
        return self.dos.rng.randint(FIRST_NUMBER, LAST_NUMBER)

    def random_game(self) -> Game:
        """1 (Random game): stones in an order no number gives again; a saved or kept game holds
        every stone, so nothing ever needs to deal it a second time."""
        order = bag()
        self.dos.rng.shuffle(order)
        return Game(deal_from_order(order))

    def play_game(self, game: Game, name: str | None, *, replay: bool = False, elapsed: float = 0.0,
                  fresh: bool | None = None, opening: str = "") -> Outcome:
        """Play (or watch) ``game`` until it ends; where to go next (NEXT only under /PN).

        However the game is left (Ctrl+Q, a closed window, Ctrl+C, a signal), an unfinished
        game is kept in ANCIENTO.TMP; an ended one (F10, time up) or one given up with F9
        leaves none.  ``fresh``: may the game enter the Hall of Fame (a kept game says).
        """
        number = game.deal.number
        label = f"Game {number}" if number is not None else "Random game"
        if name:
            label = f"{name}: game {number}" if number is not None else f"{name}: random game"
        play = self.play = Play(self, game, label, replay=replay, elapsed=elapsed, fresh=fresh, opening=opening)
        outcome: Outcome | None = None
        try:
            outcome = run_play(play)
            return outcome
        finally:
            self.play = None
            self.keep_game(play, outcome)

    def keep_game(self, play: Play, outcome: Outcome | None) -> None:
        if play.replay:  # only watched: the saved game is where it came from
            return
        if play.ended or (outcome in (Outcome.MENU, Outcome.TITLE) and play.game.moves):
            problem = self.autosave.discard()
        elif play.game.moves:
            problem = self.autosave.save(keep.text(play.game, play.played(), play.may_enter_hall))
        else:
            return  # no stone placed: a game kept earlier stays as it was
        if problem is not None:
            self.dos.warn_at_exit(f"{keep.FILE}: {problem}")
            self.notes.append(f"{say.KEEP_FAILED} {problem}.")

    def enter_hall(self, score: int, number: int | None, game: Game | None = None, seconds: float = 0.0) -> None:
        """A finished game's place in the Hall of Fame; a numbered ``game`` that takes one is
        kept move by move when it is the best there (ANCIENTO.BST: D may show it)."""
        if score <= 0 or not self.hall.qualifies(score):  # a game with no points scored earns no place
            return
        date = self.dos.datetime().strftime("%m-%d-%y")
        rank, failed = add_score(self.dos, self.theme, self.hall, score, date=date,
                              extra={"game": f"game {number}" if number is not None else "random"},
                              title="HALL OF FAME", ask=("Your score makes the Hall of Fame!", "Your name:"),
                              controls=Controls(mouse=self.use_mouse), score_text=lambda s: f"{s:,}", columns=("game",),
                              upper=False, footer=PRESS_ANY_KEY)
        if failed:
            self.notes.append(failed)
            self.dos.warn_at_exit(f"the Hall of Fame was not saved: {failed}")
        elif rank is not None and game is not None:
            failed = files.keep_if_best(self.dos.drive, game, self.hall.entries[rank - 1].name, seconds)
            if failed:
                self.notes.append(failed)

    def show_hall(self) -> None:
        show_table(self.dos, self.theme, self.hall, title="HALL OF FAME", controls=Controls(mouse=self.use_mouse),
                   score_text=lambda s: f"{s:,}", columns=("game",), footer=PRESS_ANY_KEY)

    # -- what must hold whatever is typed --------------------------------------------------------
    def check(self) -> None:
        if self.play is not None:
            self.play.check()
            pos = self.play.game.position
            assert conserved(self.play.game.deal, pos), "72 stones are not accounted for"
        self.setup.check()
