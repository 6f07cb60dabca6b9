"""Tommy's Card Miners drawn as text cells, and clicks mapped back to squares and hand cards.

Layout (80x25), in a double frame titled TOMMY'S CARD MINERS:

* rows 1-9: the mine, 4 rows of 16 squares on brown earth, the column keys (1-9, A-G) above
  and the row keys (1-4) at the left.  A square is a card 3 cells wide and a row and a half
  high: the top row shows its rank and suit glyph (" 7\u2660", "10\u2665"), the next row its
  lower half (so cards above one another stay apart); an entrance is a shaded hole, an
  empty square a dot.  The lower row holds the pawn standing there (at the left, in a cell
  of its own colour), a star under the card laid last, and on a claimed lode the face of
  the miner who staked it (at the right).  Pawns are \u263a (the first miner) and \u263b (the second), so they differ
  without colour, as do the suits by their glyphs;
* the strip right of the mine: each miner's deck (a pile with its count) and the discards;
* rows 11-19: the two miners (name, points, bank balance, hand with the keys 1-9 and A above
  the cards: a dot instead of a key marks a card with no play now), the options in force,
  and at the right the function-key legend and the time pad;
* rows 21-22 the news (the last play stays readable), row 23 refusals and hints, row 24
  the prompt.
"""
from __future__ import annotations

from collections.abc import Collection

from vconsole.program import Dos
from vconsole.toolkit.cardview import draw_card, draw_pile, face_role, face_text
from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.legend import Legend
from vconsole.toolkit.theme import Theme
from vconsole.video import COLS

from ..tommy import palette
from .mine import COL_KEYS, SQUARES, card_of, row_col
from .mine import COLS as MINE_COLS
from .mine import ROWS as MINE_ROWS
from .rules import DOWN, EMPTY, Options, State

PAWNS = ("\u263a", "\u263b")  # CP437 01h and 02h
EMPTY_MARK = "\u00b7"  # CP437 FAh
ENTRANCE = "\u2592"  # CP437 B1h
HALF = "\u2580"  # CP437 DFh, upper half block
TARGET_MARK = "+"
DEST_MARK = "\u2022"  # CP437 07h, a bullet: the pawn may go here
LAST_MARK = "*"
HAND_KEYS = "123456789ABCDEFG"

FRAME_RIGHT = COLS - 1
TITLE = " TOMMY'S CARD MINERS "
COLKEY_ROW = 1
MINE_TOP = 2
MINE_LEFT = 4
SQUARE_W, CARD_W = 4, 3
MINE_RIGHT = MINE_LEFT + MINE_COLS * SQUARE_W - 1  # 67
STRIP_LEFT = MINE_RIGHT + 2  # 69: decks and discards
SEP_ROW = 10
PANEL_DIVIDER = 51
MINERS_LEFT = 2
MINER_TOP = (11, 15)  # name row of each miner; the hand keys and the hand below it
HAND_LEFT = 5
SETTINGS_ROW = 19
LEGEND_TOP, LEGEND_LEFT, LEGEND_ROWS = 11, PANEL_DIVIDER + 2, 8
PAD_ROW = 19
FRAME_BOTTOM = 20
NEWS_TOP, NEWS_ROWS, NEWS_WIDTH = 21, 2, COLS
NOTE_ROW = 23  # refusals and hints, under the news (which they never cover)
PROMPT_ROW = 24
PILE_ROWS = (2, 7)  # the label row of each miner's deck; the pile is drawn under it
DISCARD_ROW = 4
SQUARE_ROWS = 2          # a mine square is two rows high: the card's face, then its lower half
ROW_LABEL_COL = 2        # the mine's row numbers, left of the squares
PILE_LEFT = STRIP_LEFT + 2            # a deck's pile (and the empty discard place) on the strip
PILE_W = 6
PILE_COUNT_LEFT = STRIP_LEFT + 4      # the number of cards left, over the middle of the pile
DISCARD_CARD_LEFT = STRIP_LEFT + 1    # the top discard, and its count beside it
DISCARD_COUNT_LEFT = STRIP_LEFT + 5
# An attribute byte's halves: the lower half block of a card takes the card's background as
# its foreground, over the mine's background (the blink / bright-background bit stays the mine's).
FG_OF_BG_SHIFT, FG_BITS, BG_BITS = 4, 0x07, 0xF0

PALETTE = palette(
    colour={"mine": 0x60, "mine_label": 0x6E, "mine_empty": 0x68, "entrance": 0x60,
            "pawn0": 0x1F, "pawn1": 0x5F, "claim0": 0x71, "claim1": 0x75,
            "target": 0x2F, "dest": 0x2F, "last_red": 0x74, "last_black": 0x70,
            "to_move": 0x1E, "hand_key": 0x1E, "hand_key_off": 0x18, "hand_new": 0x1A, "score": 0x1F,
            "settings": 0x17, "strip": 0x17, "strip_label": 0x1B, "winner": 0x1E, "deck_count": 0x1F,
            "card_empty": 0x17},  # (an empty pile on the strip: also seen on a mono card with C)
    mono={"mine": 0x07, "mine_label": 0x0F, "mine_empty": 0x07, "entrance": 0x07,
          "pawn0": 0x0F, "pawn1": 0x0F, "claim0": 0x70, "claim1": 0x70,
          "target": 0x70, "dest": 0x0F, "last_red": 0x70, "last_black": 0x70,
          "to_move": 0x0F, "hand_key": 0x0F, "hand_key_off": 0x07, "hand_new": 0x70, "score": 0x0F,
          "settings": 0x07, "strip": 0x07, "strip_label": 0x0F, "winner": 0x0F, "deck_count": 0x70},
    colour_border=1,
)


def square_origin(sq: int) -> tuple[int, int]:
    """Screen (row, col) of the top-left cell of a square's card."""
    r, c = row_col(sq)
    return MINE_TOP + SQUARE_ROWS * r, MINE_LEFT + SQUARE_W * c


def hand_col(i: int) -> int:
    return HAND_LEFT + SQUARE_W * i


def _square_hits() -> HitMap[int]:
    hits: HitMap[int] = HitMap()
    for sq in range(SQUARES):
        top, left = square_origin(sq)
        hits.add(top, left, top + 1, left + SQUARE_W - 1, sq)
    return hits


SQUARE_HITS = _square_hits()


def square_at(row: int, col: int) -> int | None:
    return SQUARE_HITS.at(row, col)


def hand_at(row: int, col: int, sizes: tuple[int, int]) -> tuple[int, int] | None:
    """(miner, index) of the hand card (or its key above it) under a click."""
    for m in (0, 1):
        top = MINER_TOP[m] + 1
        if top <= row <= top + 1 and col >= HAND_LEFT:
            i, within = divmod(col - HAND_LEFT, SQUARE_W)
            if within < CARD_W and i < sizes[m]:
                return m, i
    return None


def chips_text(n: int) -> str:
    """A bank balance: +5, -12, or 0."""
    return f"{n:+d}" if n else "0"


def describe_options(options: Options) -> str:
    parts = [f"GAME POINT {options.game_point}", f"DEALT {options.dealt}", f"ENTRANCES {options.entrances}"]
    if options.open_hands:
        parts.append("OPEN HANDS")
    return "  ".join(parts)


class CardMineScreen:
    def __init__(self, dos: Dos, theme: Theme, legend: Legend) -> None:
        self.scr = dos.screen
        self.theme = theme
        self.legend = legend

    # -- frame ----------------------------------------------------------------------------
    def draw_frame(self) -> None:
        scr, th = self.scr, self.theme
        scr.clear(th["screen"])
        scr.box(0, 0, FRAME_BOTTOM, FRAME_RIGHT, th["frame"], double=True)
        scr.centre(0, TITLE, th["title"])
        scr.fill(COLKEY_ROW, 1, SEP_ROW - 1, MINE_RIGHT + 1, " ", th["mine"])
        for c in range(MINE_COLS):
            scr.put(COLKEY_ROW, MINE_LEFT + SQUARE_W * c + 1, COL_KEYS[c], th["mine_label"])
        for r in range(MINE_ROWS):
            scr.put(MINE_TOP + SQUARE_ROWS * r, ROW_LABEL_COL, str(r + 1), th["mine_label"])
        scr.fill(COLKEY_ROW, MINE_RIGHT + 2 - 1, SEP_ROW - 1, MINE_RIGHT + 1, "\u2502", th["frame"])
        scr.put(0, MINE_RIGHT + 1, "\u2564", th["frame"])
        scr.fill(SEP_ROW, 1, SEP_ROW, FRAME_RIGHT - 1, "\u2500", th["frame"])
        scr.put(SEP_ROW, 0, "\u255f", th["frame"])
        scr.put(SEP_ROW, FRAME_RIGHT, "\u2562", th["frame"])
        scr.put(SEP_ROW, MINE_RIGHT + 1, "\u2534", th["frame"])
        scr.put(SEP_ROW, PANEL_DIVIDER, "\u252c", th["frame"])
        scr.fill(SEP_ROW + 1, PANEL_DIVIDER, FRAME_BOTTOM - 1, PANEL_DIVIDER, "\u2502", th["frame"])
        scr.put(FRAME_BOTTOM, PANEL_DIVIDER, "\u2567", th["frame"])
        scr.centre(SEP_ROW, " KEYS ", th["panel_title"], PANEL_DIVIDER, FRAME_RIGHT)
        scr.centre(SEP_ROW, " MINERS ", th["panel_title"], 0, PANEL_DIVIDER)

    def draw_legend(self) -> None:
        self.legend.draw(self.scr, self.theme, LEGEND_TOP, LEGEND_LEFT, FRAME_RIGHT - LEGEND_LEFT - 1,
                         rows=LEGEND_ROWS)

    def draw_pad(self, pad_text: str) -> None:
        self.scr.write(PAD_ROW, LEGEND_LEFT, f"TIME PAD {pad_text:>4} SEC".ljust(FRAME_RIGHT - LEGEND_LEFT),
                       self.theme["panel"])

    # -- the mine -------------------------------------------------------------------------
    def draw_empty_mine(self) -> None:
        for sq in range(SQUARES):
            top, left = square_origin(sq)
            self.scr.put(top, left + 1, EMPTY_MARK, self.theme["mine_empty"])

    def draw_mine(self, state: State, *, targets: Collection[int] = (), dests: Collection[int] = (),
                  laid: int | None = None) -> None:
        """Every square; ``targets`` (empty squares a chosen card may go to) and ``dests``
        (cards the pawn may go to) are marked, ``laid`` is the square of the card laid last."""
        for sq in range(SQUARES):
            self.draw_square(state, sq, target=sq in targets, dest=sq in dests, laid=sq == laid)

    def draw_square(self, state: State, sq: int, *, target: bool = False, dest: bool = False,
                    laid: bool = False) -> None:
        scr, th = self.scr, self.theme
        top, left = square_origin(sq)
        f = state.face[sq]
        scr.fill(top, left, top + 1, left + SQUARE_W - 1, " ", th["mine"])
        if f == EMPTY:
            if target:
                scr.write(top, left, f" {TARGET_MARK} ", th["target"])
                scr.write(top + 1, left, "   ", th["target"])
            else:
                scr.put(top, left + 1, EMPTY_MARK, th["mine_empty"])
            return
        if f == DOWN:
            attr = th["dest"] if dest else th["entrance"]
            scr.write(top, left, ENTRANCE * CARD_W, attr)
            scr.write(top + 1, left, ENTRANCE * CARD_W, attr)
            card_attr = attr
        else:
            card = card_of(state.cell[sq])
            card_attr = th["dest"] if dest else th[face_role(card)]
            scr.write(top, left, face_text(card, CARD_W), card_attr)
            # the card's lower half: its colour over the earth, so cards one above the other
            # stay apart; marks below sit in cells of their own
            scr.write(top + 1, left, HALF * CARD_W, (card_attr >> FG_OF_BG_SHIFT & FG_BITS) | (th["mine"] & BG_BITS))
            owner = state.claim[sq]
            if owner >= 0:
                scr.put(top + 1, left + 2, PAWNS[owner], card_attr if dest else th[f"claim{owner}"])
        if laid:
            scr.put(top + 1, left + 1, LAST_MARK, card_attr)
        if dest:
            scr.put(top + 1, left + 1, DEST_MARK, card_attr)
        shared = state.pawn[0] == state.pawn[1]  # a bump being entered, or passed up
        for m in (0, 1):
            if state.pawn[m] == sq:
                scr.put(top + 1, left + (m if shared else 0), PAWNS[m], th[f"pawn{m}"])

    # -- decks and discards ---------------------------------------------------------------
    def draw_strip(self, state: State, names: tuple[str, str]) -> None:
        scr, th = self.scr, self.theme
        width = FRAME_RIGHT - STRIP_LEFT
        scr.fill(COLKEY_ROW, STRIP_LEFT, SEP_ROW - 1, FRAME_RIGHT - 1, " ", th["strip"])
        for m in (0, 1):
            row = PILE_ROWS[m]
            scr.write(row, STRIP_LEFT, f"{PAWNS[m]} DECK".center(width)[:width], th["strip_label"])
            left = len(state.decks[m])
            draw_pile(scr, th, row + 1, PILE_LEFT, left, PILE_W)
            if left:  # the count in a box of its own, in the middle of the pile and readable
                scr.write(row + 1, PILE_COUNT_LEFT, f"{left:^2}" if left > 9 else f" {left}", th["deck_count"])
        scr.write(DISCARD_ROW, STRIP_LEFT, "DISCARDS".center(width), th["strip_label"])
        if state.discard:
            top = card_of(state.discard[-1])
            draw_card(scr, th, DISCARD_ROW + 1, DISCARD_CARD_LEFT, top, CARD_W)
            scr.write(DISCARD_ROW + 1, DISCARD_COUNT_LEFT, f"{len(state.discard):>3}", th["strip"])
        else:
            draw_pile(scr, th, DISCARD_ROW + 1, PILE_LEFT, 0, PILE_W)

    # -- the miners -----------------------------------------------------------------------
    def draw_miner(self, state: State, m: int, name: str, balance: int | None, *, face_up: bool,
                   to_move: bool, playable: set[int] | None = None, selected: int | None = None,
                   new: int | None = None) -> None:
        """Miner ``m``'s rows: name, points, bank balance; the keys over his hand; the hand."""
        scr, th = self.scr, self.theme
        top = MINER_TOP[m]
        width = PANEL_DIVIDER - 1
        scr.fill(top, 1, top + 2, width, " ", th["panel"])
        bank = "NO ACCOUNT" if balance is None else f"BANK {chips_text(balance)}"
        line = f"{PAWNS[m]} {name:<12} {state.score[m]:>2} OF {state.options.game_point} POINTS   {bank}"
        scr.write(top, MINERS_LEFT, line[:width - MINERS_LEFT], th["score"])
        if to_move:
            scr.put(top, 1, "\u25ba", th["to_move"])
        hand = [card_of(c) for c in state.hands[m]]
        for i, _ in enumerate(hand):
            if face_up and playable is not None:
                key = HAND_KEYS[i] if i in playable else EMPTY_MARK
                role = "hand_new" if i == new else ("hand_key" if i in playable else "hand_key_off")
            else:
                key, role = " ", "panel"
            scr.put(top + 1, hand_col(i) + 1, key, th[role])
        for i, card in enumerate(hand):
            draw_card(scr, th, top + 2, hand_col(i), card, CARD_W, face_up=face_up, selected=i == selected)
        if not hand:
            scr.write(top + 2, HAND_LEFT, "NO CARDS", th["panel"])

    def draw_settings(self, options: Options, note: str = "") -> None:
        text = describe_options(options) + (f"  {note}" if note else "")
        width = PANEL_DIVIDER - 1 - MINERS_LEFT
        self.scr.write(SETTINGS_ROW, MINERS_LEFT, text.ljust(width)[:width], self.theme["settings"])


assert MINE_RIGHT + 1 < STRIP_LEFT < FRAME_RIGHT
assert LEGEND_TOP + LEGEND_ROWS <= PAD_ROW + 1
