"""The control panel's commands: HELP, DEAL, UNDO, INFO, VIEW, QUIT, the two that pick a deal
(NEW GAME, GAME NUMBER), and the Hit Parade.

The panel pops up where the right button was pressed; the left button picks a command, the
right button (or a click outside, or Esc) goes back to the game.  UNDO is drawn lit when
using it would count as cheating, and says so in its label too (colour never tells alone).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.program import Dos
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.cards import SUITS
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hiscore import add_score, show_table
from vconsole.toolkit.hits import left_click
from vconsole.toolkit.lineinput import read_line
from vconsole.toolkit.menu import Item, Menu
from vconsole.toolkit.popup import Panel, show_panel, wait_any
from vconsole.toolkit.theme import Theme

from . import ai, keep
from . import messages as say
from .hitparade import DEAL_FIELD, deal_text
from .rules import Action, Board, Deal, Move, Remove
from .scoring import score_terms
from .view import pick_lines
from .watch import watch

if TYPE_CHECKING:  # the app runs the commands and the commands reads and changes the app: only for the types
    from .app import SpiderApp

HELP, DEAL, UNDO, INFO, VIEW, QUIT = "HELP", "DEAL", "UNDO", "INFO", "VIEW", "QUIT"
NEW_GAME, GAME_NUMBER, WATCH = "NEW GAME", "GAME NUMBER", "WATCH"
HIT_PARADE = "HIT PARADE"
QUIT_LOOP = "quit"  # what a command returns to end the program
INFO_BUTTON = "[ H: HIT PARADE ]"  # the key says itself: a mono screen shows no lit letter in the bar
INFO_BUTTON_KEY = INFO_BUTTON.index("H")
INFO_WIDTH = 34  # INFO's panel, inside
INFO_REMOVED_NOTE = "(TAKEN OFF: INVERTED)"


def clock_text(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class Commands:
    # the letters that work straight from the table; NEW GAME and GAME NUMBER, which end the
    # game on the table, only in the panel (their letters N and G pick them there)
    LETTERS = {"H": HELP, "D": DEAL, "U": UNDO, "I": INFO, "V": VIEW, "Q": QUIT, "W": WATCH}

    def __init__(self, app: SpiderApp) -> None:
        self.app = app

    @property
    def dos(self) -> Dos:
        return self.app.dos

    @property
    def theme(self) -> Theme:
        return self.app.theme

    # -- the panel --------------------------------------------------------------------------
    def items(self) -> list[Item]:
        g = self.app.game
        b = g.board
        cheat = g.undo_cheats()
        return [
            Item(HELP, HELP, enabled=not b.empty_columns()),
            Item(DEAL, DEAL, enabled=b.can_deal()),
            Item("UNDO (CHEAT)" if cheat else UNDO, UNDO, hot="U", enabled=g.can_undo(),
                 role="undo_lit" if cheat else None),
            Item(INFO, INFO),
            Item("VIEW (ALL)" if self.app.split else VIEW, VIEW, hot="V"),
            Item(WATCH, WATCH, hot="W"),
            Item(NEW_GAME, NEW_GAME, hot="N"),
            Item(GAME_NUMBER, GAME_NUMBER, hot="G"),
            Item(QUIT, QUIT),
        ]

    def panel(self, near: tuple[int, int] | None = None, selected: str | None = None) -> str | None:
        """Pop the control panel up (the bar on the command ``selected``, if given) and run
        the command picked."""
        items = self.items()
        index = next((k for k, it in enumerate(items) if it.result == selected), 0)
        menu = Menu(self.dos, self.theme, items, title="CONTROL", near=near, controls=Controls(mouse=self.app.mouse),
                    selected=index)
        choice = menu.run()
        return None if choice is None else self.run(choice)

    def run(self, command: str) -> str | None:
        return {HELP: self.help, DEAL: self.deal, UNDO: self.undo, INFO: self.info, VIEW: self.view,
                QUIT: self.quit, NEW_GAME: self.new_game, GAME_NUMBER: self.game_number,
                WATCH: self.watch}[command]()

    # -- the commands -------------------------------------------------------------------------
    def help(self) -> None:
        app = self.app
        board = app.board
        if board.empty_columns():
            app.news.say(say.HELP_OFF)
            return
        action = ai.hint(board)
        if action is None:
            app.news.say(say.HELP_NONE)
            return
        app.hint = action
        app.news.say(hint_text(board, action, app.mouse))

    def deal(self) -> None:
        app = self.app
        board = app.board
        if not board.stock:
            app.news.say(say.DEAL_NONE)
        elif not board.can_deal():
            app.news.say(say.DEAL_EMPTY)
        else:
            app.play(Deal())

    def undo(self, ask: bool = False) -> None:
        """UNDO; ``ask``: by its key, one stray press next to I, so a take-back that would
        cheat first asks and says what it costs (the panel already shows UNDO (CHEAT) lit)."""
        app = self.app
        if not app.game.can_undo():
            app.news.say(say.NOTHING_TO_UNDO)
            return
        cheats = app.game.undo_cheats()
        if ask and cheats and app.game.may_enter and not self.ask(say.UNDO_ASK):
            app.news.say(say.UNDO_KEPT)
            return
        app.game.undo()
        app.settle_cursor()  # before the tune (see SpiderApp.play)
        app.news.say(say.UNDONE_CHEAT if cheats else say.UNDONE)
        app.sound.effect("undo")

    def info(self) -> None:
        app = self.app
        g, b = app.game, app.board
        terms = score_terms(b)
        lines = [
            f"GAME NUMBER     {app.number}",
            f"DEALS DONE      {b.deals_done} OF 5",
            f"SCORE           {terms.total}",
            f"TIME PLAYED     {clock_text(app.elapsed())}",
            "COMPLETE SUITS  " + ("NONE" if not terms.complete else " " * terms.complete),
        ]
        suits_line = lines[-1]
        if b.removed:
            lines.append(INFO_REMOVED_NOTE.rjust(INFO_WIDTH))
        if g.cheated:
            lines.append("UNDO HAS CHEATED: NO HIT PARADE")
        button_line = INFO_BUTTON.center(INFO_WIDTH)
        lines += ["", button_line]
        panel = Panel(self.dos, self.theme, " INFO ", lines, width=INFO_WIDTH)
        # The rows come from the panel's own lines, as laid out (a line too long would be
        # folded there), so the suits and the button's highlight and click row are where
        # their words are drawn.
        suits_row = panel.top + 1 + panel.lines.index(suits_line)
        button_row = panel.top + 1 + panel.lines.index(button_line)
        with panel:
            if terms.complete:
                app.board_view.draw_suits(suits_row, panel.left + 2 + 16, b, roles="info_suit")
            button_col = panel.left + 2 + (INFO_WIDTH - len(INFO_BUTTON)) // 2
            self.dos.screen.set_attr(button_row, button_col, self.theme["menu_bar"], len(INFO_BUTTON))
            # its key lit as the control panel's letters are
            self.dos.screen.set_attr(button_row, button_col + INFO_BUTTON_KEY, self.theme["menu_bar_key"])
            ev = wait_any(self.dos, Controls(mouse=app.mouse))
            on_button = (isinstance(ev, MouseEvent) and left_click(ev) and ev.row == button_row
                         and button_col <= ev.col < button_col + len(INFO_BUTTON))
            if on_button or (isinstance(ev, Key) and (ev.char or "").upper() == "H"):
                show_table(self.dos, self.theme, app.table, title=HIT_PARADE, controls=Controls(mouse=app.mouse),
                           columns=(DEAL_FIELD,))

    def view(self) -> None:
        app = self.app
        if app.split is not None:
            app.split = None
            app.news.say(say.VIEW_NORMAL)
            return
        pick_lines(app)

    def ask(self, question: str) -> bool:
        """A yes-or-no question on the message line (Y or N, or a click on either)."""
        app = self.app
        answer = ask_yes_no(self.dos, self.theme, question, app.news.top, app.news.left, role=app.news.role,
                            key_role="foot", controls=Controls(mouse=app.mouse), clear_width=app.news.width)
        app.news.clear()
        return answer

    def quit(self) -> str:
        self.app.news.clear()  # the QUIT question is answered: it must not stay under the Hit Parade
        self.hit_parade()
        return QUIT_LOOP

    def watch(self) -> None:
        watch(self.app)

    def new_game(self) -> None:
        """A new deal at random; the game left goes by way of the Hit Parade, as at QUIT."""
        self.deal_number(self.app.random_number())

    def game_number(self) -> None:
        """A deal chosen by its number, so that players can compare their games of one deal."""
        app = self.app
        news = app.news
        news.say(say.NUMBER_ASK)
        col = news.left + len(say.NUMBER_ASK) + 1
        while True:
            text = read_line(self.dos, self.theme, news.top, col, 6, role="bar", allowed=str.isdigit,
                             controls=Controls(mouse=app.mouse), limit=5)
            self.dos.screen.hide_cursor()
            if not text or not text.strip():
                news.clear()
                return
            number = int(text)
            if keep.FIRST_DEAL <= number <= keep.LAST_DEAL:
                break
            app.sound.effect("nothing")
            news.say(say.NUMBER_RANGE)
            news.say(say.NUMBER_ASK)
        news.clear()
        self.deal_number(number)

    def deal_number(self, number: int) -> None:
        app = self.app
        if app.game.actions:
            self.hit_parade()
        app.new_game(number)
        app.news.say(say.NEW_GAME.format(n=number))

    def won(self) -> None:
        app = self.app
        app.sound.effect("win")
        app.draw()
        text = say.WON.format(score=app.game.score)
        app.news.say(text)
        show_panel(self.dos, self.theme, " SPIDER ", [text], controls=Controls(mouse=app.mouse), flush=True)
        self.hit_parade()
        app.new_game(app.random_number())
        app.news.say(say.NEW_GAME.format(n=app.number))

    # -- the Hit Parade -----------------------------------------------------------------------
    def hit_parade(self) -> None:
        """A finished game's score into the Hit Parade: a name typed at the keyboard if it
        qualifies and UNDO never cheated.  A game that does not enter says why in a panel
        (gone with any key or click), so QUIT never ends the program without a word."""
        app = self.app
        score = app.game.score
        if app.game.entered:
            show_panel(self.dos, self.theme, f" {HIT_PARADE} ", [say.HP_ENTERED], controls=Controls(mouse=app.mouse),
                       flush=True)
            return
        if app.game.cheated:
            show_panel(self.dos, self.theme, f" {HIT_PARADE} ", [say.HP_CHEATED], controls=Controls(mouse=app.mouse),
                       flush=True)
            return
        if score <= 0 or not app.table.qualifies(score):
            show_panel(self.dos, self.theme, f" {HIT_PARADE} ", [say.HP_LOW.format(score=score)],
                       controls=Controls(mouse=app.mouse), flush=True)
            return
        date = self.dos.datetime().strftime("%m-%d-%y")
        _rank, failed = add_score(self.dos, self.theme, app.table, score, date=date, title=HIT_PARADE,
                                  extra={DEAL_FIELD: deal_text(app.number)}, columns=(DEAL_FIELD,),
                                  ask=(f"{score} POINTS: A PLACE IN THE", "HIT PARADE. TYPE YOUR NAME:"),
                                  controls=Controls(mouse=app.mouse), name_title=HIT_PARADE)
        if _rank is not None:
            app.game.entered = True  # once only, even if the game is kept and carried on later
        if failed:
            text = say.HP_NOT_SAVED.format(why=failed)
            self.dos.warn_at_exit(text)
            show_panel(self.dos, self.theme, f" {HIT_PARADE} ", [text], controls=Controls(mouse=app.mouse), flush=True)


def hint_text(board: Board, action: Action, mouse: bool = True) -> str:
    """HELP's words for its suggestion (a removal names the column's key, and the click only with a mouse)."""
    if isinstance(action, Deal):
        return say.HELP_DEAL
    if isinstance(action, Remove):
        words = say.HELP_REMOVE if mouse else say.HELP_REMOVE_KEYS
        return words.format(suit=SUITS[board.columns[action.col][-1].suit], col=action.col + 1,
                            key=(action.col + 1) % 10)
    assert isinstance(action, Move)
    cards = say.help_cards(board.columns[action.src][action.start:])
    target = board.columns[action.dst]
    if not target:
        return say.HELP_EMPTY.format(cards=cards, src=action.src + 1, dst=action.dst + 1)
    return say.HELP_MOVE.format(cards=cards, src=action.src + 1, target=target[-1].text, dst=action.dst + 1)
