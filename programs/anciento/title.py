"""Anciento's title screen: the name in large letters, a row of stones, and a key to go on."""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.popup import wait_any
from vconsole.toolkit.theme import Theme

from .look import STONE_W
from .screen import BoardView

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


def draw_title(dos: Dos, theme: Theme, view: BoardView) -> None:
    scr = dos.screen
    scr.clear(theme["screen"])
    scr.hide_cursor()
    scr.box(1, 8, 9, 71, theme["title_frame"], double=True)
    width = len(WORD) * 5 + (len(WORD) - 1) * 2
    left = (80 - width) // 2
    for k, letter in enumerate(WORD):
        for r, line in enumerate(LETTERS[letter]):
            scr.write(3 + r, left + k * 7, line, theme["big"])
    scr.centre(11, "a game of shapes and patterns", theme["value"])
    gap = 3
    total = len(SHOWCASE) * STONE_W + (len(SHOWCASE) - 1) * gap
    for k, stone in enumerate(SHOWCASE):
        view.draw_stone(13, (80 - total) // 2 + k * (STONE_W + gap), stone)
    scr.centre(17, "After the 1993 game by Gabor G. Laufer, M.D.", theme["panel"])
    scr.centre(18, "72 stones, one board, and a BONUS that doubles with every Quatro", theme["panel"])
    scr.centre(22, "Press any key", theme["side_key"])


def title_screen(dos: Dos, theme: Theme, view: BoardView, mouse: bool) -> None:
    draw_title(dos, theme, view)
    wait_any(dos, Controls(mouse=mouse))
