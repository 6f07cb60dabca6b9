"""Tommy's Card Miners: the program's state and its loop, turn by turn.

The loop asks what is waiting: the draw that starts a turn, the computer's play
(computer.py), a person's play (human.py: typed or clicked), or, the game being over,
"another game?" (and between games the miners may change).  Every play goes through
``perform``, which shows it hop by hop, says it, and ends the game when it is won or the
decks are exhausted, settling the bank.  The run around it (the start-up screen, CARDMINE.TMP
read at the start and written however the run ends) is the chrome's: CardMineApp is a
``tommy.Toy`` and ``run`` hands it to ``tommy.run``.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.program import Dos
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.lines import MessageArea, PromptLine
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.rng import GameRandom

from .. import tommy
from ..tommy import Chrome, Credits
from . import computer, endings, forms, human, tmpfile, turns
from . import help as help_text
from . import messages as say
from .bank import Bank, key_of
from .checks import board_errors, card_errors
from .entry import BUMP, PAWN, Entry
from .forms import COMPUTER, is_computer
from .mine import card_of
from .rules import DIG_PLAY, LODE_PLAY, SHAFT_PLAY, Options, Play, State, deal
from .screen import NEWS_ROWS, NEWS_TOP, NEWS_WIDTH, NOTE_ROW, PALETTE, PROMPT_ROW, CardMineScreen
from .sounds import EFFECTS

CREDITS = Credits("TOMMY'S CARD MINERS", "TOMMY'S CARD MINERS (C) COPYRIGHT 1997 BY TOMMY'S TOYS",
                  "CATALOG #TM-186-1A")
DEFAULT_PAD_TENTHS = 5
SEED_RANGE = 1 << 24


def turn_rng(seeds: tuple[int, int], ply: int) -> GameRandom:
    return GameRandom(seeds[0] * 7919 + seeds[1] * 104729 + ply)


class CardMineApp:
    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.chrome = Chrome(dos, name="CARDMINE", palette=PALETTE, help_title=help_text.TITLE,
                             help_text=help_text.TEXT, confirm_quit=True, speed_keys=("F8", "F9"),
                             effects=EFFECTS)
        self.chrome.question_at = (PROMPT_ROW, 0, 80)
        self.chrome.on_change = self.on_change
        self.chrome.pad.set(DEFAULT_PAD_TENTHS)
        self.theme = self.chrome.theme
        self.sound = self.chrome.sound
        self.bank = Bank(dos.drive)
        self.names: tuple[str, str] = ("", COMPUTER)  # the first miner types his name
        if len(self.chrome.names) == 2:  # or the last miners, from CARDMINE.INI
            self.names = (self.chrome.names[0], self.chrome.names[1])
        self.options = Options()          # what the next game is dealt with
        self.state: State | None = None
        self.seeds = (0, 0)
        self.last_deal: tuple[tuple[int, int], int] | None = None  # (seeds, first) for a replay
        # who lost the last game, by name (and seat, for the computer playing itself): he
        # starts the next one if he is still at the table
        self.loser: tuple[str, int] | None = None
        self.over = False                 # the game has ended (won, tied or aborted)
        self.entry: Entry | None = None   # a person's play being entered
        self.laid: int | None = None      # the square of the card laid last
        self.new_index: int | None = None  # the card just drawn, in the hand of the miner to play
        self.news_text = ""
        self.news_role = "status"
        # the sentences of the news, oldest first, each with its wordings longest first
        self.news_parts: list[tuple[str, ...]] = []
        self.opening: tuple[str, ...] = ()  # who starts the game and why: kept over its first play
        self.handing_over = False         # two people at one screen, between their turns: no hand shows
        self._build_legend()
        self.view = CardMineScreen(dos, self.theme, self.chrome.legend)
        self.news = MessageArea(dos, self.theme, NEWS_TOP, 0, NEWS_WIDTH, NEWS_ROWS, controls=self.chrome.controls())
        self.notes = MessageArea(dos, self.theme, NOTE_ROW, 0, NEWS_WIDTH, 1, controls=self.chrome.controls())
        self.prompt_line = PromptLine(dos, self.theme, PROMPT_ROW, 0, 80)
        dos.declare_invariant(self.check_invariants)

    # -- what must hold --------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Checked by the monkey tester after every input: the 104 cards each in one place,
        the mine buildable by legal plays, the hidden hand hidden, the bank within bounds."""
        s = self.state
        if s is not None:
            problems = card_errors(s) + board_errors(s)
            if problems:
                raise AssertionError("; ".join(problems))
            if not self.over and not s.options.open_hands and not all(map(is_computer, self.names)):
                for m in (0, 1):
                    if is_computer(self.names[m]) and self.face_up(m):
                        raise AssertionError("the computer's hand is shown")
        if len(self.bank.accounts) > self.bank.capacity:
            raise AssertionError("more accounts than the bank holds")
        if len({a.name for a in self.bank.accounts}) != len(self.bank.accounts):
            raise AssertionError("one name with two accounts")

    # -- who sees what -----------------------------------------------------------------------
    def face_up(self, m: int) -> bool:
        s = self.state
        if s is None:
            return False
        if self.over or s.options.open_hands:
            return True
        if self.handing_over:
            return False
        people = [not is_computer(n) for n in self.names]
        if not any(people):
            return True  # nobody at the table to hide from
        if not people[m]:
            return False
        if all(people):
            # two people at one screen: only the hand of the miner to play, once he has said
            # he is ready and drawn (between turns, while the screen is handed over, neither)
            return s.turn == m and s.drawn
        return True

    def private_hands(self) -> bool:
        """Two people at one screen with closed hands: each hand is for its miner's eyes only."""
        s = self.state
        return (s is not None and not s.options.open_hands
                and not any(map(is_computer, self.names)))

    def playing(self) -> State:
        """The game on the table: there is one from the first deal (or a resumed game) on."""
        if self.state is None:
            raise RuntimeError("no game has been dealt yet")
        return self.state

    def entering(self) -> Entry:
        """The play a person is entering: there is one throughout his turn."""
        if self.entry is None:
            raise RuntimeError("no play is being entered")
        return self.entry

    def ai_rng(self) -> GameRandom:
        """The generator the computer breaks ties with this turn: from the deal and the turn
        alone, so a game restored from CARDMINE.TMP goes on exactly as it would have."""
        return turn_rng(self.seeds, self.playing().ply)

    @property
    def shown(self) -> tuple[str, str]:
        """The names as the screen says them: the computer playing itself is numbered."""
        a, b = self.names
        return (f"{a} 1", f"{b} 2") if a == b else (a, b)

    def balance(self, m: int) -> int | None:
        a = self.bank.find(self.names[m])
        return None if a is None else a.chips

    # -- drawing -----------------------------------------------------------------------------
    def _build_legend(self) -> None:
        c = self.chrome
        c.legend_sound()
        c.legend.add("F3", "OPTIONS")
        c.legend_help()
        c.legend.add("F6", "BANK")
        c.legend_quit()
        c.legend.add("F8", "SLOWER")
        c.legend.add("F9", "FASTER")
        c.legend_border()

    def on_change(self, what: str) -> None:
        if what == "pad":
            self.view.draw_pad(self.chrome.pad.text)

    def message(self, text: str = "", role: str = "status") -> None:
        """A note under the news: a refusal, a hint, what an option did (one row)."""
        self.notes.say(text, role)

    def prompt(self, text: str = "", entry_text: str = "", role: str = "prompt") -> None:
        self.prompt_line.show(text, entry_text, role)

    def draw_game(self, frame: State | None = None) -> None:
        s = frame if frame is not None else self.state
        if s is None:
            self.view.draw_empty_mine()
            return
        entry = self.entry if frame is None else None
        targets, dests = entry.marked() if entry is not None else (set[int](), set[int]())
        laid = self.laid
        if entry is not None and entry.square is not None and entry.kind is not None and entry.stage in (PAWN, BUMP):
            # the card chosen so far is shown in its place, the pawn where it is going
            me = entry.me
            at = entry.dest if entry.dest is not None else s.pawn[me]
            s = turns.frame(s, Play(entry.kind, entry.chosen[0].card, entry.square), at, in_hand=True)
            laid = entry.square
        elif entry is not None and entry.stage == BUMP and entry.dest is not None:
            s = turns.frame(s, entry.chosen[0], entry.dest, in_hand=True)
        self.view.draw_mine(s, targets=targets, dests=dests, laid=laid)
        self.view.draw_strip(s, self.names)
        for m in (0, 1):
            mine_entry = entry if entry is not None and entry.me == m else None
            self.view.draw_miner(s, m, self.shown[m], self.balance(m), face_up=self.face_up(m),
                                 to_move=not self.over and s.turn == m,
                                 playable=mine_entry.playable if mine_entry else None,
                                 selected=mine_entry.index if mine_entry else None,
                                 new=self.new_index if m == s.turn and not self.over else None)
        self.view.draw_settings(s.options)

    def redraw(self) -> None:
        self.view.draw_frame()
        self.view.draw_legend()
        self.view.draw_pad(self.chrome.pad.text)
        self.draw_game()
        self.news.say(self.news_text, self.news_role)
        self.message("")
        self.prompt("")

    # -- the loop (tommy.Toy: the chrome runs it) ---------------------------------------------
    def run(self) -> int:
        return tommy.run(self, CREDITS)

    def begin(self, note: str | None) -> Hot | None:
        """The bank is read too; a problem with either file is shown before anything else.
        Then the first miners are asked for, or the game taken up goes on."""
        notes = [n for n in (self.bank.load(), note) if n]
        self.redraw()
        if notes:
            self.sound.effect("error")
            show_panel(self.dos, self.theme, " PLEASE NOTE ", [say.file_problem(n) for n in notes],
                       controls=self.chrome.controls(), flush=True)
        if self.state is None:
            if self.first_names() == Hot.QUIT:
                return Hot.QUIT
            self.start_game()
            return None
        endings.open_accounts(self)
        self.say_news(say.resumed())
        if self.private_hands() and self.playing().drawn:  # a hand was up when it was left
            if turns.hand_over(self) == Hot.QUIT:
                return Hot.QUIT
            self.draw_game()
        return None

    def step(self) -> Hot | None:
        state = self.playing()
        if self.over:
            return endings.between_games(self)
        if not state.drawn:
            return turns.begin_turn(self)
        if is_computer(self.names[state.turn]):
            return computer.turn(self)
        return human.turn(self)

    def first_names(self) -> Hot | None:
        """The miners of the first game.  Esc (CANCEL) there means the player would rather
        not play: asked "QUIT (Y/N)?" as F7 is, Y leaves (Hot.QUIT) and N shows the form
        again; no miner is ever made up for him."""
        while True:
            names = forms.ask_names(self, self.names)
            if names == Hot.QUIT:
                return Hot.QUIT
            if names is not None and not isinstance(names, Hot):
                self.names = names
                self.chrome.names = list(names)  # offered again next time (CARDMINE.INI)
                return None
            if self.chrome.ask(say.quit_question()):
                return Hot.QUIT
            self.prompt("")

    def say_news(self, text: str, role: str = "status", shorter: tuple[str, ...] = ()) -> None:
        """What happened in the game, afresh (two rows; the last play stays up while the next
        is entered).  ``shorter``: other wordings of it, for when more news is added after it."""
        self.news_parts = [(text, *shorter)] if text else []
        self._show_news(text, role)

    def add_news(self, text: str, role: str = "status", shorter: tuple[str, ...] = ()) -> None:
        """``text`` after the news already shown, which stays in front of it while all of it
        fits (the next miner's draw after the last play, the game's opening before its first
        play): an older sentence is shortened, if it has a shorter wording, or dropped,
        oldest first.  The newest is never lost."""
        parts = [list(p) for p in self.news_parts] + [[text, *shorter]]
        while len(parts) > 1 and not self.news.fits(" ".join(p[0] for p in parts)):
            if len(parts[0]) > 1:
                parts[0].pop(0)
            else:
                parts.pop(0)
        self.news_parts = [tuple(p) for p in parts]
        self._show_news(" ".join(p[0] for p in parts), role)

    def _show_news(self, text: str, role: str) -> None:
        self.news_text = text
        self.news_role = role
        self.news.say(text, role)
        self.notes.say("")

    # -- hot keys ------------------------------------------------------------------------------
    def hot(self, key: Key) -> Hot | None:
        """Keys that work at any moment: the chrome's (F1 F5 F7 F8 F9 F10), F3 options, F6 bank.
        Hot.QUIT also when F7 was answered yes inside one of the pop-ups these open."""
        act = self.chrome.hotkey(key)
        if act is not None:
            if key.name in ("F8", "F9"):
                self.view.draw_pad(self.chrome.pad.text)
            return act
        if key.name == "F3":
            return self.change_options() or Hot.HANDLED
        if key.name == "F6":
            return forms.show_bank(self) or Hot.HANDLED
        return None

    def form_hot(self, key: Key) -> Hot | None:
        """Hot keys inside a pop-up form or list: sound, help, quit, time pad, border.  The
        pop-up closes on Hot.QUIT (F7 answered yes) and hands it back to be honoured."""
        if key.name in ("F1", "F5", "F7", "F8", "F9", "F10"):
            return self.chrome.hotkey(key)
        return None

    def change_options(self) -> Hot | None:
        new = forms.ask_options(self, self.options)
        if new is None or isinstance(new, Hot):
            return new
        if self.last_deal is None:  # (the options open only once a game has been dealt)
            new = new._replace(replay=False)
        s = self.state
        hands_now = s is not None and not self.over and new.open_hands != s.options.open_hands
        later = new._replace(open_hands=self.options.open_hands) != self.options
        if hands_now and s is not None:
            t = s.copy()
            t.options = s.options._replace(open_hands=new.open_hands)
            self.state = t
            self.message(say.open_hands(new.open_hands, later))
        elif new != self.options:
            self.message(say.options_next_game())
        self.options = new
        self.draw_game()
        return None

    # -- games -----------------------------------------------------------------------------------
    def start_game(self) -> None:
        opts = self.options
        first: int | None
        if opts.replay and self.last_deal is not None:
            seeds, first = self.last_deal
            why = "replay"
        else:
            a = self.dos.rng.randrange(1, SEED_RANGE)
            b = self.dos.rng.randrange(1, SEED_RANGE - 1)
            seeds = (a, b if b < a else b + 1)  # two different decks
            first = self.loser_seat()
            why = "loss" if first is not None else "draw"
        self.options = opts._replace(replay=False)  # a replay is dealt once
        self.state = deal(seeds[0], seeds[1], self.options, first)
        self.seeds = seeds
        self.last_deal = (seeds, self.state.first)
        self.over = False
        self.entry = None
        self.laid = None
        self.new_index = None
        endings.open_accounts(self)
        self.redraw()
        first_name = self.shown[self.state.first]
        if why == "replay":
            text = say.first_by_replay(first_name)
        elif why == "loss":
            text = say.first_by_loss(first_name)
        else:
            draws = [(card_of(x), card_of(y)) for x, y in self.state.opening]
            text = say.first_by_draw(self.shown, draws, self.state.first)
        self.opening = (text, say.first_short(first_name))
        self.say_news(*self.opening[:1], shorter=self.opening[1:])

    def loser_seat(self) -> int | None:
        """The seat of the last game's loser among the miners now, or None (a tie, an aborted
        game, or the loser has left the table: the cards decide).  Miners change between
        games, so the loser is known by name, as the bank knows him (ALICE is alice)."""
        if self.loser is None:
            return None
        name, seat = self.loser
        seats = [m for m in (0, 1) if key_of(self.names[m]) == key_of(name)]
        if not seats:
            return None
        return seat if seat in seats else seats[0]

    # -- CARDMINE.TMP ----------------------------------------------------------------------------
    def saved_text(self) -> str | None:
        if self.state is None or self.over:
            return None
        return tmpfile.text(self.names, self.seeds, self.options, self.chrome.pad.tenths, self.state)

    def parse_saved(self, text: str) -> tmpfile.Saved:
        return tmpfile.parse(text)

    def resume(self, saved: tmpfile.Saved) -> None:
        self.names = saved.names
        self.chrome.names = list(saved.names)
        self.seeds = saved.seeds
        self.options = saved.options
        self.chrome.pad.set(saved.pad_tenths)
        self.state = saved.state
        self.last_deal = (saved.seeds, saved.state.first)
        last = saved.state.last
        self.laid = last.square if last is not None and last.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY) else None

