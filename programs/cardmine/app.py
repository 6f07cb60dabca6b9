"""Tommy's Card Miners: the program's state and its loop, turn by turn.

The loop asks what is waiting: the draw that starts a turn, the computer's play
(computer.py), a person's play (human.py: typed or clicked), or, the game being over,
"another game?" (and between games the miners may change).  Every play goes through
``perform``, which shows it hop by hop, says it, and ends the game when it is won or the
decks are exhausted, settling the bank.  The game in progress is written to CARDMINE.TMP
in a ``finally`` block, so it survives F7 and a closed window alike.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import clicked_answer, mark_yes_no
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.lines import MessageArea, PromptLine
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.rng import GameRandom
from vconsole_programs.tommy import Chrome

from . import computer, forms, help as help_text, human, messages as say, tmpfile
from .bank import Bank
from .entry import BUMP, PAWN
from .forms import COMPUTER, is_computer
from .mine import card_of, rank_of, suit_of
from .rules import (DIG_PLAY, DISCARD_PLAY, DOWN, LODE_PLAY, MOVE_PLAY, SHAFT_PLAY, Options, Play, State,
                    apply_play, board_errors, card_errors, chips, deal, draw, path_of)
from .screen import NEWS_ROWS, NEWS_TOP, NEWS_WIDTH, NOTE_ROW, PALETTE, PROMPT_ROW, CardMineScreen
from .sounds import EFFECTS

COPYRIGHT = "TOMMY'S CARD MINERS (C) COPYRIGHT 1997 BY TOMMY'S TOYS"
CATALOG = "CATALOG #TM-186-1A"
HUMAN_HOP_S = 0.15   # a person's pawn is shown walking too, briskly
DEFAULT_PAD_TENTHS = 5
DEFAULT_NAME = "MINER"  # when the names form is cancelled before the first game
SEED_RANGE = 1 << 24


def turn_rng(seeds: tuple[int, int], ply: int) -> GameRandom:
    return GameRandom(seeds[0] * 7919 + seeds[1] * 104729 + ply)


class CardMineApp:
    def __init__(self, dos) -> None:
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
        self.options = Options()          # what the next game is dealt with
        self.state: State | None = None
        self.seeds = (0, 0)
        self.last_deal: tuple[tuple[int, int], int] | None = None  # (seeds, first) for a replay
        self.loser: int | None = None     # the miner who lost the last game: he starts the next
        self.over = False                 # the game has ended (won, tied or aborted)
        self.declined = False             # answered N to "another game?"
        self.entry = None                 # a person's play being entered (entry.Entry)
        self.laid: int | None = None      # the square of the card laid last
        self.new_index: int | None = None  # the card just drawn, in the hand of the miner to play
        self.news_text = ""
        self.news_role = "status"
        self._build_legend()
        self.view = CardMineScreen(dos, self.theme, self.chrome.legend)
        self.news = MessageArea(dos, self.theme, NEWS_TOP, 0, NEWS_WIDTH, NEWS_ROWS, mouse=self.chrome.mouse)
        self.notes = MessageArea(dos, self.theme, NOTE_ROW, 0, NEWS_WIDTH, 1, mouse=self.chrome.mouse)
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
        people = [not is_computer(n) for n in self.names]
        if not any(people):
            return True  # nobody at the table to hide from
        if not people[m]:
            return False
        if all(people):
            return s.turn == m  # two people at one screen: only the hand of the miner to play
        return True

    def ai_rng(self) -> GameRandom:
        """The generator the computer breaks ties with this turn: from the deal and the turn
        alone, so a game restored from CARDMINE.TMP goes on exactly as it would have."""
        return turn_rng(self.seeds, self.state.ply)

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
        targets, dests = entry.marked() if entry is not None else (set(), set())
        laid = self.laid
        if entry is not None and entry.square is not None and entry.stage in (PAWN, BUMP):
            # the card chosen so far is shown in its place, the pawn where it is going
            me = entry.me
            at = entry.dest if entry.dest is not None else s.pawn[me]
            s = self._frame(s, Play(entry.kind, entry.chosen[0].card, entry.square), at, in_hand=True)
            laid = entry.square
        elif entry is not None and entry.stage == BUMP:
            s = self._frame(s, entry.chosen[0], entry.dest, in_hand=True)
        self.view.draw_mine(s, targets=targets, dests=dests, laid=laid)
        self.view.draw_strip(s, self.names)
        for m in (0, 1):
            mine_entry = entry is not None and entry.me == m
            self.view.draw_miner(s, m, self.shown[m], self.balance(m), face_up=self.face_up(m),
                                 to_move=not self.over and s.turn == m,
                                 playable=entry.playable if mine_entry else None,
                                 selected=entry.index if mine_entry else None,
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

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        self.chrome.startup("TOMMY'S CARD MINERS", COPYRIGHT, CATALOG)
        notes = [n for n in (self.bank.load(), self.restore_autosave()) if n]
        self.redraw()
        if notes:
            self.sound.effect("error")
            show_panel(self.dos, self.theme, " PLEASE NOTE ", [say.file_problem(n) for n in notes],
                       mouse=self.chrome.mouse, flush=True)
        try:
            if self.state is None:
                names = forms.ask_names(self, self.names)
                self.names = names if names is not None else (DEFAULT_NAME, COMPUTER)
                self.start_game()
            else:
                self.open_accounts()
                self.say_news(say.resumed())
            while True:
                if self.over:
                    act = self.between_games()
                elif not self.state.drawn:
                    act = self.begin_turn()
                elif is_computer(self.names[self.state.turn]):
                    act = computer.turn(self)
                else:
                    act = human.turn(self)
                if act == Hot.QUIT:
                    return 0
        finally:
            self.chrome.finish(self.autosave_text())

    def say_news(self, text: str, role: str = "status") -> None:
        """What happened in the game (two rows; the last play stays up while the next is entered)."""
        self.news_text = text
        self.news_role = role
        self.news.say(text, role)
        self.notes.say("")

    # -- hot keys ------------------------------------------------------------------------------
    def hot(self, key: Key) -> Hot | None:
        """Keys that work at any moment: the chrome's (F1 F5 F7 F8 F9 F10), F3 options, F6 bank."""
        act = self.chrome.hotkey(key)
        if act is not None:
            if key.name in ("F8", "F9"):
                self.view.draw_pad(self.chrome.pad.text)
            return act
        if key.name == "F3":
            self.change_options()
            return Hot.HANDLED
        if key.name == "F6":
            forms.show_bank(self)
            return Hot.HANDLED
        return None

    def form_hot(self, key: Key) -> Hot | None:
        """Hot keys inside a pop-up form or list: sound, help, time pad, border."""
        if key.name in ("F1", "F5", "F8", "F9", "F10"):
            return self.chrome.hotkey(key)
        return None

    def change_options(self) -> None:
        new = forms.ask_options(self, self.options)
        if new is None:
            return
        if self.last_deal is None:  # (the options open only once a game has been dealt)
            new = new._replace(replay=False)
        s = self.state
        hands_now = s is not None and not self.over and new.open_hands != s.options.open_hands
        later = new._replace(open_hands=self.options.open_hands) != self.options
        if hands_now:
            t = s.copy()
            t.options = s.options._replace(open_hands=new.open_hands)
            self.state = t
            self.message(say.open_hands(new.open_hands, later))
        elif new != self.options:
            self.message(say.options_next_game())
        self.options = new
        self.draw_game()

    # -- games -----------------------------------------------------------------------------------
    def open_accounts(self) -> None:
        """An account for each miner who has none yet (written at once: a miner who joins is
        in the bank even if the game is aborted); a full bank is said, not made room in."""
        known = len(self.bank.accounts)
        full = [n for n in self.names if self.bank.open(n) is None]
        if full:
            show_panel(self.dos, self.theme, " THE BANK ", [say.bank_full(n, self.bank.capacity) for n in full],
                       mouse=self.chrome.mouse)
        if len(self.bank.accounts) > known:
            self.save_bank()

    def save_bank(self) -> None:
        problem = self.bank.save()
        if problem is not None:
            self.dos.warn_at_exit(f"the bank was not saved: {problem}")
            self.sound.effect("error")
            show_panel(self.dos, self.theme, " THE BANK ", [say.bank_not_saved(problem)],
                       mouse=self.chrome.mouse, flush=True)

    def start_game(self) -> None:
        opts = self.options
        if opts.replay and self.last_deal is not None:
            seeds, first = self.last_deal
            why = "replay"
        else:
            a = self.dos.rng.randrange(1, SEED_RANGE)
            b = self.dos.rng.randrange(1, SEED_RANGE - 1)
            seeds = (a, b if b < a else b + 1)  # two different decks
            first = self.loser
            why = "loss" if first is not None else "draw"
        self.options = opts._replace(replay=False)  # a replay is dealt once
        self.state = deal(seeds[0], seeds[1], self.options, first)
        self.seeds = seeds
        self.last_deal = (seeds, self.state.first)
        self.over = self.declined = False
        self.entry = None
        self.laid = None
        self.new_index = None
        self.open_accounts()
        self.redraw()
        first_name = self.shown[self.state.first]
        if why == "replay":
            text = say.first_by_replay(first_name)
        elif why == "loss":
            text = say.first_by_loss(first_name)
        else:
            draws = [(card_of(x), card_of(y)) for x, y in self.state.opening]
            text = say.first_by_draw(self.shown, draws, self.state.first)
        self.say_news(text)

    def begin_turn(self) -> Hot | None:
        before = self.state
        s = draw(before)
        self.state = s
        if s.over:
            self.end_game()
            return None
        me = s.turn
        new = [c for c in s.hands[me] if c not in before.hands[me]]
        self.new_index = s.hands[me].index(new[0])
        shown = card_of(new[0]) if self.face_up(me) else None
        self.sound.effect("draw")
        drew = say.draws(self.shown[me], shown)
        joined = f"{self.news_text} {drew}"  # the last play stays up while the next miner draws
        self.say_news(joined if self.news_text and self.news.fits(joined) else drew)
        return None

    # -- a play --------------------------------------------------------------------------------
    def _frame(self, before: State, play: Play, at: int, in_hand: bool = False) -> State:
        """What the mine shows part way through ``play``: the card laid, the pawn at ``at``
        (``in_hand``: the card also still shown in the hand, while the play is being entered)."""
        f = before.copy()
        me = before.turn
        if play.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY):
            f.cell[play.square] = play.card
            f.face[play.square] = DOWN if play.kind == DIG_PLAY else suit_of(play.card)
        if not in_hand:
            hands = list(f.hands)
            hands[me] = tuple(c for c in hands[me] if c != play.card)
            f.hands = (hands[0], hands[1])
        pawn = list(f.pawn)
        pawn[me] = at
        f.pawn = (pawn[0], pawn[1])
        return f

    def describe(self, before: State, play: Play, after: State) -> str:
        me = before.turn
        name, other = self.shown[me], self.shown[1 - me]
        c = card_of(play.card)
        if play.kind == DIG_PLAY:
            return say.dug_own(name, c, play.square) if self.face_up(me) else say.dug(name, play.square)
        if play.kind == DISCARD_PLAY:
            return say.thrown(name, c)
        if play.kind == MOVE_PLAY:
            what = say.walked(name, rank_of(play.card), play.dest)
        else:
            what = say.laid(name, c, play.square, play.dest)
        bump = say.bumped(other, play.bump) if play.bump >= 0 else ""
        claim = say.claimed(card_of(after.cell[play.dest])) if after.score[me] > before.score[me] else ""
        return say.play_text(what, bump, claim)

    def perform(self, play: Play, pace: float | None = None) -> Hot | None:
        """Make ``play`` for the miner to move: show it hop by hop, say it, end the game if over."""
        before = self.state
        me = before.turn
        path = path_of(before, play)
        after = apply_play(before, play)
        self.state = after
        self.entry = None
        self.new_index = None
        self.laid = play.square if play.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY) else self.laid
        hop_s = HUMAN_HOP_S if pace is None else pace
        busy = self.chrome.busy(self.hot)
        act = None
        start = before.pawn[me]
        if play.kind == DISCARD_PLAY:
            self.sound.effect("click")
        elif play.kind == DIG_PLAY:
            self.sound.effect("dig")
        else:
            self.sound.effect("lay" if play.kind != MOVE_PLAY else "hop")
            self.draw_game(self._frame(before, play, start))
            for i, sq in enumerate(path):
                act = busy.pause(hop_s)
                if act in (Hot.QUIT,):
                    break
                if i < len(path) - 1:
                    self.draw_game(self._frame(before, play, sq))
                    self.sound.effect("hop")
        self.draw_game()
        if play.bump >= 0:
            self.sound.effect("bump")
        if play.dest >= 0 and after.score[me] > before.score[me]:
            self.sound.effect("claim")
        self.say_news(self.describe(before, play, after))
        if after.over:
            self.end_game()
        return Hot.QUIT if act == Hot.QUIT else None

    # -- the end of a game ------------------------------------------------------------------------
    def end_game(self, aborted: bool = False) -> None:
        s = self.state
        self.over = True
        self.entry = None
        self.new_index = None
        if aborted:
            self.loser = None
            news = say.aborted()
            self.sound.effect("lose")
        elif s.winner in (0, 1):
            w = s.winner
            n = chips(s)
            self.loser = 1 - w
            self.bank.settle(self.names[w], self.names[1 - w], n, self.names)
            news = say.won(self.shown[w], self.shown[1 - w], (s.score[w], s.score[1 - w]), n)
            person_won = not is_computer(self.names[w]) or all(map(is_computer, self.names))
            self.sound.effect("win" if person_won else "lose")
        else:
            self.loser = None
            self.bank.settle(None, None, 0, self.names)
            news = say.tie(s.score)
            self.sound.effect("lose")
        self.draw_game()
        self.say_news(" ".join(t for t in (self.news_text, news) if t) if self.news.fits(
            self.news_text + " " + news) else news, "winner")
        if not aborted:
            self.save_bank()

    def abort_request(self) -> Hot | None:
        me = self.state.turn
        other = self.names[1 - me]
        if not self.chrome.ask(say.abort_question()):
            return None
        if not is_computer(other) and not self.chrome.ask(say.agree_question(self.shown[1 - me])):
            self.message(say.plays_on(self.shown[1 - me]))
            return None
        self.entry = None
        self.end_game(aborted=True)
        return None

    def between_games(self) -> Hot | None:
        if self.dos.options.shareware:
            self.prompt(say.shareware_end(), role="question")
            ev = self.chrome.input()
            if isinstance(ev, Key):
                act = self.hot(ev)
                if act is not None:
                    return Hot.QUIT if act == Hot.QUIT else None
            elif not isinstance(ev, MouseEvent) or ev.kind != "press":
                return None
            return Hot.QUIT
        question = say.another_game()
        if self.declined:
            self.prompt(say.declined_hint())
        else:
            self.prompt(question, role="question")
            mark_yes_no(self.dos.screen, question, PROMPT_ROW, 0, self.theme["question_key"])
        ev = self.chrome.input()
        if isinstance(ev, MouseEvent):
            answer = None if self.declined else clicked_answer(ev, question, PROMPT_ROW, 0)
        else:
            act = self.hot(ev)
            if act is not None:
                return Hot.QUIT if act == Hot.QUIT else None
            answer = {"Y": True, "N": False}.get(ev.char.upper())
        if answer is True:
            self.next_game()
        elif answer is False:
            self.declined = True
        return None

    def next_game(self) -> None:
        if not self.chrome.ask(say.same_miners()):
            names = forms.ask_names(self, self.names)
            if names is not None:
                self.names = names
        self.prompt("")
        self.news_text = ""
        self.start_game()

    # -- CARDMINE.TMP ----------------------------------------------------------------------------
    def autosave_text(self) -> str | None:
        if self.state is None or self.over:
            return None
        return tmpfile.text(self.names, self.seeds, self.options, self.chrome.pad.tenths, self.state)

    def restore_autosave(self) -> str | None:
        saved, note = self.chrome.autosave.recover(tmpfile.parse)
        if saved is None:
            return note
        self.names = saved.names
        self.seeds = saved.seeds
        self.options = saved.options
        self.chrome.pad.set(saved.pad_tenths)
        self.state = saved.state
        self.last_deal = (saved.seeds, saved.state.first)
        last = saved.state.last
        self.laid = last.square if last is not None and last.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY) else None
        return None

