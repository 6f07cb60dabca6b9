"""String of Pearls drawn as text cells, and clicks mapped back to squares and strings.

Layout (80x25): the board in a double frame on the left (columns 0-40, rows 0-20), its 49
squares four cells wide with a blank column and a blank row between them, so the rows of
3-5-7-7-5-7-7-5-3 keep their odd outline (a square is drawn even when empty) and every
pearl's number is written in full.  The news is under the board (rows 21-23); the right
column holds the players and their strings (rows 0-12) and the function-key legend with the
pace of the computer (rows 13-23).  Row 24, the full width, is the prompt line.

A pearl the power can reach is lit (a pearl-coloured tile; reverse video in mono), the
others are plain numbers, an empty square a dot, the power a red tile with its own sign
(bright, the sign in brackets, in mono), so nothing depends on colour alone.
"""
from __future__ import annotations

from collections.abc import Sequence

from vconsole.program import Dos
from vconsole.toolkit.board import Board
from vconsole.toolkit.legend import Legend
from vconsole.toolkit.lines import fold
from vconsole.toolkit.theme import Theme

from ..tommy import palette
from . import strings as st
from .board import HEIGHT, INDEX, SQUARES, WIDTH
from .rules import EMPTY, POWER, Game

BOARD_RIGHT, BOARD_BOTTOM = 40, 20
PANEL_LEFT, PANEL_RIGHT, PANEL_BOTTOM = 42, 79, 23
NEWS_TOP, NEWS_ROWS, NEWS_WIDTH = 21, 3, 41
PROMPT_ROW = 24
PLAYERS_TOP, PLAYERS_ROWS = 1, 12          # inside the panel, under its title
KEYS_ROW = 13                              # the separator titled KEYS
LEGEND_TOP, LEGEND_ROWS = 14, 7
PACE_ROW = 22
INNER_LEFT, INNER_WIDTH = PANEL_LEFT + 1, PANEL_RIGHT - PANEL_LEFT - 1   # 43, 36
TILE = 4
BOARD_TOP, BOARD_LEFT = 2, 3              # the first square's cell, inside the frame
NAME_SHOWN = 14                            # a player's name as the panel shows it (as typed: 14 at most)

#: The squares on the screen: (row, col) of the 7 x 9 grid, as the toolkit's Board takes them.
BOARD = Board(HEIGHT, WIDTH, top=BOARD_TOP, left=BOARD_LEFT, cell_h=1, cell_w=TILE, gap_h=1, gap_w=1,
              valid=lambda r, c: (r, c) in INDEX)

PALETTE = palette(
    colour={"board": 0x20, "hole": 0x02, "pearl": 0x70, "reachable": 0x1E, "power": 0x4E,
            "cursor": 0x2E, "to_move": 0x1E, "player": 0x17, "computer": 0x17, "strings": 0x1F,
            "loose": 0x13, "short": 0x13, "flash": 0x4F, "winner": 0x1E, "pace": 0x17,
            "board_note": 0x1B, "answer_key": 0x4F},
    # mono "short" is bright underlined: with the M switch on a colour card plain underline
    # (attribute 01h) would be dark blue on black, next to unreadable
    mono={"board": 0x07, "hole": 0x07, "pearl": 0x07, "reachable": 0x70, "power": 0x0F,
          "cursor": 0x0F, "to_move": 0x0F, "player": 0x07, "computer": 0x07, "strings": 0x0F,
          "loose": 0x07, "short": 0x09, "flash": 0x70, "winner": 0x0F, "pace": 0x07,
          "board_note": 0x0F, "answer_key": 0x70},
    colour_glyphs={"power": " \x0f\x0f ", "hole": "  \u00b7 ", "to_move": "\x10"},
    mono_glyphs={"power": "(\x0f\x0f)", "hole": "  \u00b7 ", "to_move": "\x10"},
    colour_border=2,
)


def square_of(rc: tuple[int, int]) -> int:
    return INDEX[rc]


def square_at(row: int, col: int) -> int | None:
    """The board square (0-48) under a screen cell, or None."""
    rc = BOARD.square_at(row, col)
    return None if rc is None else INDEX[rc]


def tile_text(cell: int, theme: Theme) -> str:
    if cell == POWER:
        return theme.glyph("power")
    if cell == EMPTY:
        return theme.glyph("hole")
    return f"{cell:>3} "


def range_text(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


class Seat:
    """A player as the screen shows one: a name and whether the computer plays it."""

    def __init__(self, name: str, computer: bool) -> None:
        self.name = name
        self.computer = computer


class PearlsScreen:
    def __init__(self, dos: Dos, theme: Theme, legend: Legend) -> None:
        self.scr = dos.screen
        self.theme = theme
        self.legend = legend
        #: where each solitaire string was last drawn: (first, last) -> (row, col, width)
        self.string_cells: dict[tuple[int, int], tuple[int, int, int]] = {}

    # -- frame ----------------------------------------------------------------------------
    def draw_frame(self) -> None:
        scr, th = self.scr, self.theme
        scr.clear(th["screen"])
        scr.box(0, 0, BOARD_BOTTOM, BOARD_RIGHT, th["frame"], double=True)
        scr.fill(1, 1, BOARD_BOTTOM - 1, BOARD_RIGHT - 1, " ", th["board"])
        scr.centre(0, " TOMMY'S STRING OF PEARLS ", th["title"], 0, BOARD_RIGHT)
        scr.box(0, PANEL_LEFT, PANEL_BOTTOM, PANEL_RIGHT, th["frame"])
        scr.centre(0, " PLAYERS ", th["panel_title"], PANEL_LEFT, PANEL_RIGHT)
        scr.put(KEYS_ROW, PANEL_LEFT, "\u251c", th["frame"])
        scr.fill(KEYS_ROW, PANEL_LEFT + 1, KEYS_ROW, PANEL_RIGHT - 1, "\u2500", th["frame"])
        scr.put(KEYS_ROW, PANEL_RIGHT, "\u2524", th["frame"])
        scr.centre(KEYS_ROW, " KEYS ", th["panel_title"], PANEL_LEFT, PANEL_RIGHT)

    def draw_legend(self) -> None:
        self.legend.draw(self.scr, self.theme, LEGEND_TOP, INNER_LEFT + 1, INNER_WIDTH - 2, LEGEND_ROWS)

    def draw_pace(self, seconds_text: str) -> None:
        text = f"COMPUTER'S PACE  {seconds_text} SEC"
        self.scr.fill(PACE_ROW, INNER_LEFT, PACE_ROW, PANEL_RIGHT - 1, " ", self.theme["pace"])
        self.scr.write(PACE_ROW, INNER_LEFT + 1, text, self.theme["pace"])

    # -- the board ------------------------------------------------------------------------
    def draw_square(self, square: int, cell: int, lit: bool = False) -> None:
        th = self.theme
        top, left, _, _ = BOARD.rect(*SQUARES[square])
        if cell == POWER:
            role = "power"
        elif cell == EMPTY:
            role = "hole"
        else:
            role = "reachable" if lit else "pearl"
        self.scr.write(top, left, tile_text(cell, th), th[role])

    def draw_board(self, cells: Sequence[int], lit: Sequence[int] = (), note: str = "") -> None:
        lit_set = set(lit)
        for s, cell in enumerate(cells):
            self.draw_square(s, cell, s in lit_set)
        self.draw_note(note)

    def draw_note(self, note: str) -> None:
        """A line in the frame under the board (pearls left, the scoring method)."""
        th = self.theme
        self.scr.fill(BOARD_BOTTOM, 1, BOARD_BOTTOM, BOARD_RIGHT - 1, "\u2550", th["frame"])
        if note:
            self.scr.centre(BOARD_BOTTOM, f" {note} ", th["board_note"], 0, BOARD_RIGHT)

    # -- the players ------------------------------------------------------------------------
    def clear_players(self) -> None:
        self.scr.fill(PLAYERS_TOP, INNER_LEFT, PLAYERS_TOP + PLAYERS_ROWS - 1, PANEL_RIGHT - 1, " ",
                      self.theme["panel"])
        self.string_cells.clear()

    def draw_no_players(self) -> None:
        self.clear_players()
        self.scr.write(PLAYERS_TOP + 1, INNER_LEFT + 1, "NO PLAYERS YET", self.theme["player"])

    def name_line(self, row: int, seat: Seat, info: str, to_move: bool, won: bool) -> None:
        th = self.theme
        role = "winner" if won else ("to_move" if to_move else "player")
        mark = th.glyph("to_move") if to_move else ("*" if won else " ")
        name = seat.name[:NAME_SHOWN]
        room = INNER_WIDTH - 2 - len(name) - 1
        self.scr.fill(row, INNER_LEFT, row, PANEL_RIGHT - 1, " ", th[role])
        self.scr.write(row, INNER_LEFT, mark + name, th[role])
        if room > 0 and info:
            text = info if len(info) <= room else info[: room - 1] + "\u2026"
            self.scr.write(row, PANEL_RIGHT - 1 - len(text), text, th[role])

    def draw_players(self, game: Game, seats: Sequence[Seat], winners: Sequence[int] = ()) -> None:
        """Every player's strings in plain view: multiplayer blocks, or the solitaire list."""
        self.clear_players()
        if game.solitaire:
            self._draw_solitaire(game, seats[0], bool(winners) or game.over)
            return
        n = game.players
        per = max(2, PLAYERS_ROWS // n)
        for i, seat in enumerate(seats):
            top = PLAYERS_TOP + i * per
            self.name_line(top, seat, player_info(game, i), not game.over and game.turn == i, i in winners)
            entries = [(range_text(a, b), "strings") for a, b in game.strings_of(i)]
            loose = game.loose_pearls(i)
            if loose:
                entries.append(("\u00b7", "loose"))
                entries += [(str(p), "loose") for p in loose]
            self._flow(entries, top + 1, per - 1)

    def _flow(self, entries: list[tuple[str, str]], top: int, rows: int) -> None:
        """Entries left to right over ``rows`` lines; what does not fit ends in an ellipsis."""
        th = self.theme
        row, col = top, INNER_LEFT + 1
        right = PANEL_RIGHT - 2
        for text, role in entries:
            if col + len(text) - 1 > right:
                row, col = row + 1, INNER_LEFT + 1
            if row >= top + rows:
                self.scr.put(top + rows - 1, right, "\u2026", th["strings"])
                return
            self.scr.write(row, col, text, th[role])
            col += len(text) + 1

    def _draw_solitaire(self, game: Game, seat: Seat, over: bool) -> None:
        th = self.theme
        strs = game.strings_of(0)
        short = game.short_strings()
        info = "SOLITAIRE" if not over else st.rating(short)
        self.name_line(PLAYERS_TOP, seat, info, not over, False)
        summary = f"{st_count(len(strs))}, {short} SHORTER THAN {st.SHORT}"
        self.scr.write(PLAYERS_TOP + 1, INNER_LEFT + 1, summary[: INNER_WIDTH - 2], th["player"])
        # strings in columns, top to bottom then left to right, lowest numbers first
        width, top = 6, PLAYERS_TOP + 3
        rows = PLAYERS_ROWS - 3
        cols = INNER_WIDTH // width
        for k, (a, b) in enumerate(strs[: rows * cols]):
            r, c = top + k % rows, INNER_LEFT + 1 + (k // rows) * width
            text = range_text(a, b)
            role = "short" if b - a + 1 < st.SHORT else "strings"
            self.scr.write(r, c, text, th[role])
            self.string_cells[(a, b)] = (r, c, len(text))
        if len(strs) > rows * cols:
            self.scr.put(top + rows - 1, PANEL_RIGHT - 2, "\u2026", th["strings"])


def st_count(n: int) -> str:
    return f"{n} STRING" + ("" if n == 1 else "S")


def player_info(game: Game, i: int) -> str:
    """What the name line says of a player's score under the game's scoring method."""
    lengths = st.lengths(game.held[i])
    if game.method == st.METHOD_POINTS:
        return f"{st.points(game.held[i])} POINTS"
    if not lengths:
        return "NO STRINGS"
    return "LONGEST " + " ".join(map(str, lengths))


def fits_news(text: str) -> bool:
    return len(fold(text, NEWS_WIDTH)) <= NEWS_ROWS


def method_note(method: int) -> str:
    """How the game is scored, in a few words (the board's note, the new-game news)."""
    return "METHOD 2: POINTS" if method == st.METHOD_POINTS else "LONGEST STRING WINS"
