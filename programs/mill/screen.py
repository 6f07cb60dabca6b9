"""Tommy's Mill drawn as text cells, and clicks mapped back to board points.

Layout (80x25): the board in a double frame on the left (columns 0-44, rows
0-21), the three concentric squares on a 7x7 grid six columns and three rows
apart, so the 16 segments are plain box-drawing runs and every point keeps its
number just above and to the right of it, where it stays readable when a piece
covers the point.  The centre of the inner square holds the game clock (a click
there declines a capture).  Messages and the move entry line sit under the
board; the right column holds the players, the function-key legend, the move
report with the move-buffer pointer, and the level and time pad at the bottom.
"""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.legend import Legend
from vconsole.toolkit.theme import Theme
from vconsole.video import COLS, ROWS

from ..tommy import palette
from .notation import format_move
from .rules import COLOR_NAMES, SEGMENTS, Game, Move, Position

XS = (4, 10, 16, 22, 28, 34, 40)  # screen columns of the grid
YS = (2, 5, 8, 11, 14, 17, 20)  # screen rows of the grid
GRID = {
    1: (0, 0), 2: (3, 0), 3: (6, 0), 4: (1, 1), 5: (3, 1), 6: (5, 1), 7: (2, 2), 8: (3, 2), 9: (4, 2),
    10: (0, 3), 11: (1, 3), 12: (2, 3), 13: (4, 3), 14: (5, 3), 15: (6, 3),
    16: (2, 4), 17: (3, 4), 18: (4, 4), 19: (1, 5), 20: (3, 5), 21: (5, 5),
    22: (0, 6), 23: (3, 6), 24: (6, 6),
}
#: screen (col, row) of each point's centre cell
CELL = {p: (XS[gx], YS[gy]) for p, (gx, gy) in GRID.items()}

#: the sides as every line of the screen names them
NAMES = tuple(name.upper() for name in COLOR_NAMES)

BOARD_RIGHT, BOARD_BOTTOM = 44, 21
PANEL_LEFT, PANEL_RIGHT = 46, 79
MSG_ROWS = (22, 23)
PROMPT_ROW = 24
LEFT_WIDTH = 46  # columns 0-45 under the board
CLOCK_ROW, CLOCK_LEFT, CLOCK_RIGHT = 11, 19, 25  # inside the inner square
CLOCK_HIT = (10, CLOCK_LEFT, 12, CLOCK_RIGHT)
LEGEND_TOP, LEGEND_ROWS = 4, 9
MOVES_TOP, MOVES_ROWS = 14, 6
BUFFER_ROW = 20
LEVEL_ROW, PAD_ROW = 22, 23
PLAYER_ROWS = (1, 2)  # White's line, Black's line
PANEL_BOTTOM = ROWS - 1
# The panel's sections, each under a rule with its title: (rule row, title)
PANEL_SECTIONS = ((0, " PLAYERS "), (LEGEND_TOP - 1, " KEYS "), (MOVES_TOP - 1, " MOVES "), (LEVEL_ROW - 1, ""))

PALETTE = palette(
    colour={"board": 0x60, "line": 0x6E, "point": 0x6E, "label": 0x6F, "label_last": 0x4E,
            "piece_white": 0x6F, "piece_black": 0x60, "selected_white": 0x4F, "selected_black": 0x40,
            "clock": 0x3F, "clock_label": 0x3E, "to_move": 0x1E, "moves": 0x17, "moves_last": 0x1F,
            "moves_future": 0x18 | 0x01, "thinking": 0x1A, "winner": 0x1E},
    # mono: a picked-up piece blinks (reverse video would turn a white piece into a dark gap)
    mono={"board": 0x07, "line": 0x07, "point": 0x0F, "label": 0x07, "label_last": 0x70,
          "piece_white": 0x0F, "piece_black": 0x07, "selected_white": 0x8F, "selected_black": 0x87,
          "clock": 0x70, "clock_label": 0x0F, "to_move": 0x0F, "moves": 0x07, "moves_last": 0x70,
          "moves_future": 0x01, "thinking": 0x0F, "winner": 0x0F},
    colour_glyphs={"white": "\u2590\u2588\u258c", "black": "\u2590\u2588\u258c", "point": "\u25a0",
                   "to_move": "\u25ba"},
    mono_glyphs={"white": "\u2590\u2588\u258c", "black": "\u2590\u25d9\u258c", "point": "\u25a0",
                 "to_move": "\u25ba"},
    colour_border=1,
)

def point_hits() -> HitMap[int]:
    """Each point answers to its 3-cell marker and to its number label above."""
    hits: HitMap[int] = HitMap()
    for p, (x, y) in CELL.items():
        hits.add(y - 1, x - 1, y, x + 2, p)
    return hits


POINT_HITS = point_hits()


def point_at(row: int, col: int) -> int | None:
    return POINT_HITS.at(row, col)


def on_clock(row: int, col: int) -> bool:
    top, left, bottom, right = CLOCK_HIT
    return top <= row <= bottom and left <= col <= right


def clock_text(seconds: float) -> str:
    s = int(seconds)
    h, m, s = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02}:{s:02}" if h else f"{m:02}:{s:02}"


def move_line(number: int, color: int, move: Move) -> str:
    return f"{number:3}. {NAMES[color]}  {format_move(move)}"


class MillScreen:
    def __init__(self, dos: Dos, theme: Theme, legend: Legend) -> None:
        self.scr = dos.screen
        self.theme = theme
        self.legend = legend

    # -- frame --------------------------------------------------------------------------
    def draw_frame(self) -> None:
        scr, th = self.scr, self.theme
        scr.clear(th["screen"])
        scr.box(0, 0, BOARD_BOTTOM, BOARD_RIGHT, th["frame"], double=True)
        scr.fill(1, 1, BOARD_BOTTOM - 1, BOARD_RIGHT - 1, " ", th["board"])
        scr.centre(0, " TOMMY'S MILL ", th["title"], 0, BOARD_RIGHT)
        scr.box(0, PANEL_LEFT, PANEL_BOTTOM, PANEL_RIGHT, th["frame"])
        for row, title in PANEL_SECTIONS:
            if row:
                scr.put(row, PANEL_LEFT, "\u251c", th["frame"])
                scr.fill(row, PANEL_LEFT + 1, row, PANEL_RIGHT - 1, "\u2500", th["frame"])
                scr.put(row, PANEL_RIGHT, "\u2524", th["frame"])
            if title:
                scr.centre(row, title, th["panel_title"], PANEL_LEFT, PANEL_RIGHT)

    # -- board --------------------------------------------------------------------------
    def draw_board(self, pos: Position, *, selected: int | None = None, last: Move | None = None,
                   clock: float = 0.0) -> None:
        scr, th = self.scr, self.theme
        scr.fill(1, 1, BOARD_BOTTOM - 1, BOARD_RIGHT - 1, " ", th["board"])
        for a, _, c in SEGMENTS:
            (xa, ya), (xc, yc) = CELL[a], CELL[c]
            if ya == yc:
                scr.fill(ya, xa, ya, xc, "\u2550", th["line"])
            else:
                scr.fill(ya, xa, yc, xa, "\u2551", th["line"])
        for p, (x, y) in CELL.items():
            label_attr = th["label_last"] if last is not None and last.to == p else th["label"]
            scr.write(y - 1, x + 1, str(p), label_attr)
            owner = pos.at(p)
            if owner is None:
                scr.put(y, x, self.theme.glyph("point"), th["point"])
                continue
            side = COLOR_NAMES[owner]
            role = ("selected_" if p == selected else "piece_") + side
            scr.write(y, x - 1, self.theme.glyph(side), th[role])
        self.draw_clock(clock)

    def draw_clock(self, seconds: float) -> None:
        scr, th = self.scr, self.theme
        scr.fill(CLOCK_ROW - 1, CLOCK_LEFT, CLOCK_ROW + 1, CLOCK_RIGHT, " ", th["board"])
        scr.centre(CLOCK_ROW - 1, "TIME", th["clock_label"], CLOCK_LEFT, CLOCK_RIGHT)
        text = clock_text(seconds).center(CLOCK_RIGHT - CLOCK_LEFT + 1)
        scr.write(CLOCK_ROW, CLOCK_LEFT, text, th["clock"])

    # -- right column -------------------------------------------------------------------
    def _panel_row(self, row: int, text: str, role: str = "panel") -> None:
        width = PANEL_RIGHT - PANEL_LEFT - 1
        self.scr.write(row, PANEL_LEFT + 1, f" {text}".ljust(width)[:width], self.theme[role])

    def draw_players(self, players: tuple[str, str], pos: Position, over: bool) -> None:
        for color, row in enumerate(PLAYER_ROWS):
            hand, board = pos.in_hand[color], pos.pieces(color).bit_count()
            detail = f"HAND {hand} BOARD {board}" if hand else f"ON BOARD {board}"
            self._panel_row(row, f"{NAMES[color]}: {players[color]:8} {detail}")
            if not over and pos.turn == color:
                self.scr.write(row, PANEL_LEFT + 1, self.theme.glyph("to_move"), self.theme["to_move"])

    def draw_legend(self) -> None:
        self.legend.draw(self.scr, self.theme, LEGEND_TOP, PANEL_LEFT + 2, PANEL_RIGHT - PANEL_LEFT - 3,
                         rows=LEGEND_ROWS)

    def draw_moves(self, game: Game) -> None:
        played = game.moves
        end = game.pointer
        first = max(0, end - MOVES_ROWS)
        for i in range(MOVES_ROWS):
            n = first + i
            if n < end:
                role = "moves_last" if n == end - 1 else "moves"
                self._panel_row(MOVES_TOP + i, move_line(n + 1, n % 2, played[n]), role)
            elif n < len(played):
                self._panel_row(MOVES_TOP + i, move_line(n + 1, n % 2, played[n]), "moves_future")
            else:
                self._panel_row(MOVES_TOP + i, "")
        kept = f"  ({len(played)} KEPT)" if len(played) > end else ""
        self._panel_row(BUFFER_ROW, f"MOVE BUFFER {end:3}/{game.buffer_size}{kept}")

    def draw_level(self, level: int, pad_text: str, options_text: str = "") -> None:
        self._panel_row(LEVEL_ROW, f"LEVEL {level}  {options_text}".rstrip())
        self._panel_row(PAD_ROW, f"TIME PAD {pad_text:>4} SEC")

    def screen_text(self) -> list[str]:
        return self.scr.lines()


assert BOARD_RIGHT < PANEL_LEFT < COLS
