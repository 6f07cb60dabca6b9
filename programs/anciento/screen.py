"""Anciento's board on the screen: where each square is, drawing stones, marks and the side panel.

The 10 x 10 squares take the left 54 columns and rows 0-23: a double box around them, and
single lines between the grey frame (the outer ring of squares) and the 8 x 8 playing
squares inside it, so the frame reads as a frame on any display.  A square is two rows of
five cells.  The right edge (columns 55-79) holds the main menu or, during play, the game's
figures; row 24 the bottom menu line or the function keys.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from vconsole.program import Dos
from vconsole.toolkit.board import Board, BoardCursor, CursorMark, inverted
from vconsole.toolkit.theme import Theme
from vconsole.video import TextScreen

from .look import STONE_H, STONE_W, Colours, stone_rows
from .rules import EDGE, EMPTY, SIDE

SCREEN_RIGHT, BOTTOM_ROW = 79, 24  # the last column and the last row of the 80 x 25 screen
BOARD_LEFT, BOARD_TOP = 0, 0
BOARD_RIGHT, BOARD_BOTTOM = 53, BOTTOM_ROW - 1
PANEL_LEFT, PANEL_RIGHT = 55, SCREEN_RIGHT
PANEL_WIDTH = PANEL_RIGHT - PANEL_LEFT + 1
# where each board row / column starts on the screen (a separator line after the first
# and before the last)
LAST = SIDE - 1  # the last row or column of squares (the frame's far side)
ROW_TOPS = tuple(BOARD_TOP + 1 + r * STONE_H + (r > 0) + (r >= LAST) for r in range(SIDE))
COL_LEFTS = tuple(BOARD_LEFT + 1 + c * STONE_W + (c > 0) + (c >= LAST) for c in range(SIDE))
SEP_ROWS = (ROW_TOPS[1] - 1, ROW_TOPS[LAST] - 1)
SEP_COLS = (COL_LEFTS[1] - 1, COL_LEFTS[LAST] - 1)
CURSOR_HOME = (SIDE // 2 - 1, SIDE // 2 - 1)  # the upper-left of the four centre squares
MONO_MARK = 0x0F  # a marked square on a mono display: a dense fill, bright on black


@dataclass
class AncientoBoard(Board):
    """The toolkit's Board with Anciento's uneven spacing (the separator lines)."""

    def rect(self, r: int, c: int) -> tuple[int, int, int, int]:
        top, left = ROW_TOPS[r], COL_LEFTS[c]
        return top, left, top + STONE_H - 1, left + STONE_W - 1


def make_board() -> AncientoBoard:
    return AncientoBoard(SIDE, SIDE, BOARD_TOP + 1, BOARD_LEFT + 1, STONE_H, STONE_W)


def make_cursor(board: AncientoBoard, skip: Callable[[int, int], bool] | None = None) -> BoardCursor:
    """The keyboard's square cursor: home is the upper-left of the four centre squares."""
    return BoardCursor(board, home=CURSOR_HOME, skip=skip)


def square_of(cell: int) -> tuple[int, int]:
    return divmod(cell, SIDE)


def cell_of(square: tuple[int, int]) -> int:
    return square[0] * SIDE + square[1]


class BoardView:
    """Draws the board and stones with the current colours; ``colours`` may be swapped."""

    def __init__(self, dos: Dos, theme: Theme, colours: Colours) -> None:
        self.dos = dos
        self.theme = theme
        self.colours = colours
        self.board = make_board()

    @property
    def screen(self) -> TextScreen:
        return self.dos.screen

    def draw_frame(self) -> None:
        scr, a = self.screen, self.theme["box"]
        sep = self.theme["separator"]
        scr.box(BOARD_TOP, BOARD_LEFT, BOARD_BOTTOM, BOARD_RIGHT, a, double=True)
        for row in SEP_ROWS:
            scr.write(row, BOARD_LEFT + 1, "─" * (BOARD_RIGHT - BOARD_LEFT - 1), sep)
            scr.put(row, BOARD_LEFT, "╟", a)
            scr.put(row, BOARD_RIGHT, "╢", a)
        for col in SEP_COLS:
            for row in range(BOARD_TOP + 1, BOARD_BOTTOM):
                scr.put(row, col, "┼" if row in SEP_ROWS else "│", sep)
            scr.put(BOARD_TOP, col, "╤", a)
            scr.put(BOARD_BOTTOM, col, "╧", a)

    def draw_square(self, cell: int, stone: int) -> None:
        top, left = self.board.origin(*square_of(cell))
        if stone == EMPTY:
            rows, attr = self.colours.empty(EDGE[cell])
            for k, text in enumerate(rows):
                self.screen.write(top + k, left, text, attr)
        else:
            self._stone(top, left, stone)

    def _stone(self, top: int, left: int, stone: int) -> None:
        edge, inside = self.colours.stone(stone), self.colours.fill(stone)
        for k, text in enumerate(stone_rows(stone)):
            self.screen.write(top + k, left, text[0], edge)
            self.screen.write(top + k, left + 1, text[1:-1], inside)
            self.screen.write(top + k, left + STONE_W - 1, text[-1], edge)

    def draw_board(self, board: Sequence[int]) -> None:
        for cell, stone in enumerate(board):
            self.draw_square(cell, stone)

    def draw_stone(self, row: int, col: int, stone: int | None, blank_attr: int | None = None) -> None:
        """A stone anywhere on the screen (the side panel); None draws a blank place."""
        if stone is None:
            attr = self.theme["panel"] if blank_attr is None else blank_attr
            for k in range(STONE_H):
                self.screen.write(row + k, col, " " * STONE_W, attr)
            return
        self._stone(row, col, stone)

    def mark_square(self, cell: int) -> None:
        """Show a square by swapping its colours (F6's legal squares, the demo's next square)."""
        top, left, bottom, right = self.board.rect(*square_of(cell))
        if self.colours.mono:
            # mono: a dense fill, not just brighter cells (the empty square's own pattern
            # swapped bright is easy to miss); the square is redrawn after
            self.screen.fill(top, left, bottom, right, "\u2593", MONO_MARK)
            return
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                self.screen.set_attr(r, c, inverted(self.screen.read(r, c)[1], self.colours.mono))

    def cursor_mark(self) -> CursorMark:
        return CursorMark(self.screen, self.theme, self.board, style="invert")
