"""Anciento's title screen: the name in large letters, a row of stones, and a key to go on."""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.popup import wait_any
from vconsole.toolkit.theme import Theme

from .look import STONE_W
from .screen import SCREEN_RIGHT, BoardView

LETTERS = {
    "A": (" ███ ", "█   █", "█████", "█   █", "█   █"),
    "N": ("█   █", "██  █", "█ █ █", "█  ██", "█   █"),
    "C": (" ████", "█    ", "█    ", "█    ", " ████"),
    "I": ("█████", "  █  ", "  █  ", "  █  ", "█████"),
    "E": ("█████", "█    ", "████ ", "█    ", "█████"),
    "T": ("█████", "  █  ", "  █  ", "  █  ", "  █  "),
    "O": (" ███ ", "█   █", "█   █", "█   █", " ███ "),
}
WORD = "ANCIENTO"
#: the stones shown under the name: every shape and every pattern once
SHOWCASE = (0 * 6 + 0, 1 * 6 + 3, 2 * 6 + 1, 3 * 6 + 5, 4 * 6 + 2, 5 * 6 + 4)
SCREEN_W = SCREEN_RIGHT + 1
FRAME_TOP, FRAME_LEFT, FRAME_BOTTOM, FRAME_RIGHT = 1, 8, 9, 71  # the double box round the name
LETTER_TOP, LETTER_W, LETTER_GAP = 3, 5, 2  # the name's big letters: five cells wide, two apart
TAGLINE_ROW, STONES_ROW, STONE_GAP = 11, 13, 3
CREDIT_ROW, SUMMARY_ROW, PRESS_ROW = 17, 18, 22


def draw_title(dos: Dos, theme: Theme, view: BoardView) -> None:
    scr = dos.screen
    scr.clear(theme["screen"])
    scr.hide_cursor()
    scr.box(FRAME_TOP, FRAME_LEFT, FRAME_BOTTOM, FRAME_RIGHT, theme["title_frame"], double=True)
    width = len(WORD) * LETTER_W + (len(WORD) - 1) * LETTER_GAP
    left = (SCREEN_W - width) // 2
    for k, letter in enumerate(WORD):
        for r, line in enumerate(LETTERS[letter]):
            scr.write(LETTER_TOP + r, left + k * (LETTER_W + LETTER_GAP), line, theme["big"])
    scr.centre(TAGLINE_ROW, "a game of shapes and patterns", theme["value"])
    total = len(SHOWCASE) * STONE_W + (len(SHOWCASE) - 1) * STONE_GAP
    for k, stone in enumerate(SHOWCASE):
        view.draw_stone(STONES_ROW, (SCREEN_W - total) // 2 + k * (STONE_W + STONE_GAP), stone)
    scr.centre(CREDIT_ROW, "After the 1993 game by Gabor G. Laufer, M.D.", theme["panel"])
    scr.centre(SUMMARY_ROW, "72 stones, one board, and a BONUS that doubles with every Quatro", theme["panel"])
    scr.centre(PRESS_ROW, "Press any key", theme["side_key"])


def title_screen(dos: Dos, theme: Theme, view: BoardView, mouse: bool) -> None:
    draw_title(dos, theme, view)
    wait_any(dos, Controls(mouse=mouse))
