"""Spider on the text screen: the title bar, the ten columns, the message line, the keys.

A green table with white cards, one card a row (``layout`` says which row shows which
card), ten columns of six cells two apart, so that a card reads " 10\u2665 \u2665": rank and
CP437 suit glyph, red suits red in colour, the glyph alone telling the suit in mono.
Face-down cards are a shade pattern.  The top rows number the columns and carry the
keyboard's column mark; the bottom rows are the message line and the keys.

``BoardView.where(row, col)`` answers what a click hit: a card of a column, the space
below a column's last card, or nothing.
"""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.toolkit.cards import SUIT_GLYPHS
from vconsole.toolkit.cardview import BACK, draw_back, draw_card, draw_empty
from vconsole.toolkit.theme import Palette, Theme

from .layout import Row, index_at, plan_column
from .rules import N_COLUMNS, SUIT_LENGTH, Action, Board, Deal, Move, Remove

TITLE_ROW, LABEL_ROW, BOARD_TOP = 0, 1, 2
CARD_ROWS = 20          # rows a column's cards may use (2..21)
FOOT_LAST = 22          # the space below a column reaches this row, so there is always some
MESSAGE_ROW, LEGEND_ROW = 23, 24
MESSAGE_LEFT, MESSAGE_WIDTH = 1, 78  # the message line, a cell in from each edge
SCREEN_W = 80
LEFT, STEP, CARD_W = 1, 8, 6
# the title bar's columns
NAME_COL, GAME_COL, SUITS_COL, DEALS_COL = 1, 9, 40, 60
SUIT_GLYPHS_COL = SUITS_COL + len("SUITS ")
DEAL_BACKS_COL = DEALS_COL + len("DEALS ")  # a card back for each deal left, two apart
MARGIN_COL = 0          # VIEW marks the lines it picks here

ARROW = "\u25c4"        # CP437 11h: HELP points at the card that takes the group
LINE_MARK = "\u25ba"    # CP437 10h: a line picked by VIEW
FOOT_MARK = "\u25b2"    # CP437 1Eh: the keyboard's place below a column
SPLIT_FILL = "\u2550"   # CP437 CDh

LEGEND = ("\u2190\u2192 COLUMN  \u2191\u2193 CARD  ENTER MOVE  1-9,0 MOVE FROM COLUMN  "
          "ESC PANEL  F1 RULES")

PALETTE = Palette(
    colour={
        "screen": 0x20, "bar": 0x70, "bar_title": 0x71, "label": 0x2A, "label_cursor": 0x4F,
        "foot": 0x2E, "arrow": 0xAE, "split": 0x2E, "line_mark": 0x2F, "status": 0x2F, "legend": 0x70,
        # UNDO lit: yellow on brown, not on red: on a green or amber monitor red and the blue
        # selection bar come out the same dark bar.  The panel's letters bright white on grey
        # (as QBasic's menus had them), not red: red and black are one dark shade there
        "legend_key": 0x71, "undo_lit": 0x6E, "menu_key": 0x7F, "suit_kept": 0x70, "suit_removed": 0x07,
        "info_suit_kept": 0x70, "info_suit_removed": 0x07,
        "card_empty": 0x2A, "card_back": 0x19, "card_more": 0x78,
    },
    mono={
        "screen": 0x07, "bar": 0x70, "bar_title": 0x70, "label": 0x07, "label_cursor": 0x70,
        "foot": 0x0F, "arrow": 0x8F, "split": 0x0F, "line_mark": 0x0F, "status": 0x07, "legend": 0x70,
        "legend_key": 0x70, "undo_lit": 0x0F, "menu_key": 0x0F, "suit_kept": 0x70, "suit_removed": 0x07,
        # INFO's panel is normal video on mono (the title bar reverse): removed suits there
        # are the reverse ones, as the help says
        "info_suit_kept": 0x07, "info_suit_removed": 0x70,
        "card_empty": 0x07, "card_back": 0x07, "card_more": 0x07,
    },
    colour_border=2,
)


Cursor = tuple[int, int | None]  # the keyboard's column and card index (None: the space below it)
Split = tuple[int, int]  # VIEW's hidden lines (see layout.plan_column)


def column_left(c: int) -> int:
    return LEFT + STEP * c


def column_at(col: int) -> int | None:
    """The column whose cards lie under screen column ``col`` (None in the gaps)."""
    off = col - LEFT
    c, within = divmod(off, STEP)
    return c if off >= 0 and c < N_COLUMNS and within < CARD_W else None


class BoardView:
    def __init__(self, dos: Dos, theme: Theme) -> None:
        self.dos, self.theme = dos, theme
        self.plans: list[list[Row]] = [[] for _ in range(N_COLUMNS)]

    # -- what a click hits ----------------------------------------------------------------
    def where(self, row: int, col: int) -> tuple[int, int | None] | None:
        """(column, card index) for a click on a card, (column, None) below its last card,
        None for anything else (a gap, a marker row, the bars)."""
        c = column_at(col)
        if c is None or not BOARD_TOP <= row <= FOOT_LAST:
            return None
        plan = self.plans[c]
        off = row - BOARD_TOP
        if off >= len(plan):
            return c, None
        i = index_at(plan, off)
        return None if i is None else (c, i)

    def foot_row(self, c: int) -> int:
        return BOARD_TOP + max(1, len(self.plans[c]))

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, board: Board, *, split: Split | None = None, cursor: Cursor | None = None,
             hint: Action | None = None, game_no: int = 0) -> None:
        """Everything but the message line.  ``cursor`` is the keyboard's (column, index or
        None for the space below); ``hint`` HELP's suggestion, pointed at."""
        self.draw_title(board, game_no, hint_deal=isinstance(hint, Deal))
        self.draw_labels(cursor)
        for c in range(N_COLUMNS):
            self.draw_column(board, c, split, cursor, hint)
        self.draw_legend()

    def draw_title(self, board: Board, game_no: int, hint_deal: bool = False) -> None:
        scr, th = self.dos.screen, self.theme
        scr.write(TITLE_ROW, 0, " " * SCREEN_W, th["bar"])
        scr.write(TITLE_ROW, NAME_COL, "SPIDER", th["bar_title"])
        if game_no:
            scr.write(TITLE_ROW, GAME_COL, f"GAME {game_no}", th["bar"])
        # complete suits (removed ones inverted, as INFO shows them) and the deals left
        scr.write(TITLE_ROW, SUITS_COL, "SUITS", th["bar"])
        self.draw_suits(TITLE_ROW, SUIT_GLYPHS_COL, board)
        scr.write(TITLE_ROW, DEALS_COL, "DEALS", th["bar"])
        for k in range(board.deals_left):
            attr = th["arrow"] if hint_deal else th["card_back"]
            scr.write(TITLE_ROW, DEAL_BACKS_COL + 2 * k, BACK, attr)
        if not board.deals_left:
            scr.write(TITLE_ROW, DEAL_BACKS_COL, "NONE", th["bar"])

    def draw_suits(self, row: int, col: int, board: Board, roles: str = "suit") -> int:
        """The complete suits as glyphs: kept ones as cards, removed ones inverted; the width.

        "Inverted" is against what the glyphs are drawn on: ``roles`` "suit" for the title
        bar, "info_suit" for INFO's panel (the two differ on a mono screen)."""
        scr, th = self.dos.screen, self.theme
        kept = [board.columns[c][i].suit for c, i in board.complete_on_table()]
        n = 0
        for suit in kept:
            scr.write(row, col + n, SUIT_GLYPHS[suit], th[f"{roles}_kept"])
            n += 1
        for suit in board.removed:
            scr.write(row, col + n, SUIT_GLYPHS[suit], th[f"{roles}_removed"])
            n += 1
        return n

    def draw_labels(self, cursor: Cursor | None) -> None:
        scr, th = self.dos.screen, self.theme
        scr.write(LABEL_ROW, 0, " " * SCREEN_W, th["screen"])
        for c in range(N_COLUMNS):
            text = str(c + 1).center(CARD_W)
            attr = th["label_cursor"] if cursor is not None and cursor[0] == c else th["label"]
            scr.write(LABEL_ROW, column_left(c), text, attr)

    def draw_column(self, board: Board, c: int, split: Split | None, cursor: Cursor | None,
                    hint: Action | None) -> None:
        scr, th = self.dos.screen, self.theme
        left = column_left(c)
        right = left + CARD_W + 1 if c < N_COLUMNS - 1 else SCREEN_W - 1
        scr.fill(BOARD_TOP, left, FOOT_LAST, right, " ", th["screen"])
        cards, down = board.columns[c], board.down[c]
        picked = None
        if cursor is not None and cursor[0] == c and cursor[1] is not None:
            picked = cursor[1]
        if isinstance(hint, Move) and hint.src == c:
            picked = hint.start
        if isinstance(hint, Remove) and hint.col == c:
            picked = len(cards) - SUIT_LENGTH
        if not cards:
            self.plans[c] = []
            draw_empty(scr, th, BOARD_TOP, left, CARD_W)
        else:
            plan = plan_column(len(cards), down, CARD_ROWS, split)
            self.plans[c] = plan
            # the last face-down row shown says how many cards lie face down in the column,
            # all of them, even when VIEW hides some (the marker counts those it hides)
            backs = [k for k, (kind, i, _n) in enumerate(plan) if kind == "down" or (kind == "card" and i < down)]
            count_row = backs[-1] if backs else None
            for k, (kind, i, count) in enumerate(plan):
                row = BOARD_TOP + k
                sel = picked is not None and i >= picked
                if kind == "down" or (kind == "card" and i < down):
                    draw_back(scr, th, row, left, CARD_W, count=down if k == count_row else None)
                elif kind == "more":
                    scr.write(row, left, ("\u2195" + str(count)).center(CARD_W), th["card_more"])
                elif kind == "split":
                    scr.write(row, left, str(count).center(CARD_W, SPLIT_FILL), th["split"])
                else:
                    draw_card(scr, th, row, left, cards[i], CARD_W, selected=sel)
        if cursor is not None and cursor[0] == c and cursor[1] is None:
            scr.write(self.foot_row(c), left, FOOT_MARK.center(CARD_W), th["foot"])
        if isinstance(hint, Move) and hint.dst == c:
            row = BOARD_TOP + max(0, len(self.plans[c]) - 1)
            scr.write(row, left + CARD_W, ARROW, th["arrow"])

    def draw_legend(self) -> None:
        scr, th = self.dos.screen, self.theme
        scr.write(LEGEND_ROW, 0, (" " + LEGEND).ljust(SCREEN_W)[:SCREEN_W], th["legend"])

    def mark_line(self, row: int | None, on: bool = True) -> None:
        """VIEW's mark on a picked line (in the left margin)."""
        if row is None:
            return
        scr, th = self.dos.screen, self.theme
        scr.write(row, MARGIN_COL, LINE_MARK if on else " ", th["line_mark"] if on else th["screen"])
