"""The right-hand panel during play (the stone to place, the figures, the clocks) and the
function-key line along the bottom, where only the keys' numbers name them."""
from __future__ import annotations

from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.timers import clock_text

from .game import Game
from .look import STONE_W
from .messages import describe
from .screen import BOTTOM_ROW, PANEL_LEFT, PANEL_RIGHT, PANEL_WIDTH, BoardView

MSG_TOP, MSG_ROWS = 17, 6
FKEYS = ("Jump", "Skip", "Wait", "Save", "Timer", "Check", "Sound", "Setup", "Reset", "End")
FKEY_SLOT = 8


def draw_fkeys(screen, theme) -> HitMap:
    """``1Jump   2Skip ... 10End`` over the bottom row; a click on one is that key."""
    hits: HitMap[str] = HitMap()
    screen.fill(BOTTOM_ROW, 0, BOTTOM_ROW, 79, " ", theme["screen"])
    for i, label in enumerate(FKEYS):
        col = i * FKEY_SLOT
        num = str(i + 1)
        screen.write(BOTTOM_ROW, col, num, theme["fkey"])
        screen.write(BOTTOM_ROW, col + len(num), label.ljust(FKEY_SLOT - len(num) - 1), theme["fkey_label"])
        hits.add(BOTTOM_ROW, col, BOTTOM_ROW, col + FKEY_SLOT - 2, f"F{i + 1}")
    return hits


class PlayPanel:
    """Draws the play figures; the program calls the parts that changed."""

    def __init__(self, view: BoardView, theme) -> None:
        self.view = view
        self.theme = theme

    @property
    def screen(self):
        return self.view.screen

    def _row(self, row: int, label: str, value: str, role: str = "value") -> None:
        scr, th = self.screen, self.theme
        scr.fill(row, PANEL_LEFT, row, PANEL_RIGHT, " ", th["panel"])
        scr.write(row, PANEL_LEFT, label, th["label"])
        scr.write(row, PANEL_RIGHT - len(value) + 1, value, th[role])

    def draw_title(self, label: str) -> None:
        scr, th = self.screen, self.theme
        scr.fill(0, PANEL_LEFT, 1, PANEL_RIGHT, " ", th["panel"])
        scr.centre(0, " ANCIENTO ", th["title"], PANEL_LEFT, PANEL_RIGHT)
        scr.centre(1, label, th["number"], PANEL_LEFT, PANEL_RIGHT)

    def draw_stones(self, game: Game, easy: bool) -> None:
        scr, th = self.screen, self.theme
        scr.fill(2, PANEL_LEFT, 9, PANEL_RIGHT, " ", th["panel"])
        stone = game.stone
        scr.write(3, PANEL_LEFT, "Place", th["label"])
        if stone is None:
            scr.write(4, PANEL_LEFT, "All the stones are down.", th["good"])
        else:
            self.view.draw_stone(3, PANEL_LEFT + 8, stone)
            scr.write(5, PANEL_LEFT, describe(stone)[:PANEL_WIDTH], th["panel"])
        if easy:
            scr.write(6, PANEL_LEFT, "Next", th["label"])
            for k, s in enumerate(game.upcoming(5)[1:]):
                self.view.draw_stone(7, PANEL_LEFT + k * (STONE_W + 1), s)
        else:
            scr.write(6, PANEL_LEFT, "Next: E shows 4", th["dim"])

    def draw_over(self, total: int, time_up: bool) -> None:
        """Where the stone to place was: the game is over, and its final score."""
        scr, th = self.screen, self.theme
        scr.fill(2, PANEL_LEFT, 9, PANEL_RIGHT, " ", th["panel"])
        scr.write(3, PANEL_LEFT, "Time is up: game over." if time_up else "Game over.", th["label"])
        self._row(5, "Final score", f"{total:,}", "big")

    def draw_figures(self, game: Game) -> None:
        pos = game.position
        self._row(10, "Score", f"{pos.score:,}", "big")
        self._row(11, "BONUS", f"x {pos.bonus:,}")
        self._row(12, "Quatros", str(pos.quatros))
        self._row(13, "Stones left", str(pos.left))

    def draw_clocks(self, played: float, left: float | None, waiting: bool) -> None:
        self._row(14, "Time played", clock_text(played))
        if left is None:
            self._row(15, "Time left", "no limit", "dim")
        else:
            self._row(15, "Time left", ("WAIT " if waiting else "") + clock_text(left),
                      "bad" if left < 60 else "value")

    def draw_modes(self, mouse: bool, blink: float, skip: bool, tune: int, sound: bool) -> None:
        scr, th = self.screen, self.theme
        scr.fill(16, PANEL_LEFT, 16, PANEL_RIGHT, " ", th["panel"])
        scr.fill(23, PANEL_LEFT, 23, PANEL_RIGHT, " ", th["panel"])
        if mouse:
            scr.write(16, PANEL_LEFT, "Mouse", th["side"])
        else:
            scr.write(16, PANEL_LEFT, f"Keys  < > blink {blink:g}/s" if blink else "Keys  < > blink steady", th["side"])
        scr.write(23, PANEL_LEFT, f"Skip {'on ' if skip else 'off'} Tune {tune or '-'} Sound {'on' if sound else 'off'}",
                  th["dim"])
