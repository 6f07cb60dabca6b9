"""The right-hand panel during play (the stone to place, the figures, the clocks) and the
function-key line along the bottom, where only the keys' numbers name them."""
from __future__ import annotations

from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.theme import Theme
from vconsole.toolkit.timers import clock_text
from vconsole.video import TextScreen

from .game import Game
from .look import STONE_W
from .messages import describe
from .screen import BOTTOM_ROW, PANEL_LEFT, PANEL_RIGHT, PANEL_WIDTH, SCREEN_RIGHT, BoardView

# The panel's rows, top to bottom
TITLE_ROW, LABEL_ROW = 0, 1  # ANCIENTO, and which game this is
STONE_TOP, STONE_BOTTOM = 2, 9  # the stone to place and the next ones (or the game's end)
PLACE_ROW, ALL_DOWN_ROW, DESCRIBE_ROW, NEXT_ROW, NEXT_STONES_ROW = 3, 4, 5, 6, 7
FINAL_ROW = 5  # the final score, where the stone to place was
SCORE_ROW, BONUS_ROW, QUATROS_ROW, LEFT_ROW = 10, 11, 12, 13
PLAYED_ROW, TIME_LEFT_ROW = 14, 15
MODES_ROW = 16  # mouse or keys (and the blink rate)
MSG_TOP, MSG_ROWS = 17, 6  # the message area
SETTINGS_ROW = MSG_TOP + MSG_ROWS  # skip, tune and sound, above the function keys
STONE_COL = PANEL_LEFT + 8  # the stone to place, right of "Place"
EASY_SHOWS = 4  # E: the stones after the one to place shown
LOW_TIME_S = 60  # the time left shows as bad under a minute
FKEYS = ("Jump", "Skip", "Wait", "Save", "Timer", "Check", "Sound", "Setup", "Reset", "End")
FKEY_SLOT = 8


def draw_fkeys(screen: TextScreen, theme: Theme) -> HitMap[str]:
    """``1Jump   2Skip ... 10End`` over the bottom row; a click on one is that key."""
    hits: HitMap[str] = HitMap()
    screen.fill(BOTTOM_ROW, 0, BOTTOM_ROW, SCREEN_RIGHT, " ", theme["screen"])
    for i, label in enumerate(FKEYS):
        col = i * FKEY_SLOT
        num = str(i + 1)
        screen.write(BOTTOM_ROW, col, num, theme["fkey"])
        screen.write(BOTTOM_ROW, col + len(num), label.ljust(FKEY_SLOT - len(num) - 1), theme["fkey_label"])
        hits.add(BOTTOM_ROW, col, BOTTOM_ROW, col + FKEY_SLOT - 2, f"F{i + 1}")
    return hits


class PlayPanel:
    """Draws the play figures; the program calls the parts that changed."""

    def __init__(self, view: BoardView, theme: Theme) -> None:
        self.view = view
        self.theme = theme

    @property
    def screen(self) -> TextScreen:
        return self.view.screen

    def _row(self, row: int, label: str, value: str, role: str = "value") -> None:
        scr, th = self.screen, self.theme
        scr.fill(row, PANEL_LEFT, row, PANEL_RIGHT, " ", th["panel"])
        scr.write(row, PANEL_LEFT, label, th["label"])
        scr.write(row, PANEL_RIGHT - len(value) + 1, value, th[role])

    def draw_title(self, label: str) -> None:
        scr, th = self.screen, self.theme
        scr.fill(TITLE_ROW, PANEL_LEFT, LABEL_ROW, PANEL_RIGHT, " ", th["panel"])
        scr.centre(TITLE_ROW, " ANCIENTO ", th["title"], PANEL_LEFT, PANEL_RIGHT)
        scr.centre(LABEL_ROW, label, th["number"], PANEL_LEFT, PANEL_RIGHT)

    def draw_stones(self, game: Game, easy: bool) -> None:
        scr, th = self.screen, self.theme
        scr.fill(STONE_TOP, PANEL_LEFT, STONE_BOTTOM, PANEL_RIGHT, " ", th["panel"])
        stone = game.stone
        scr.write(PLACE_ROW, PANEL_LEFT, "Place", th["label"])
        if stone is None:
            scr.write(ALL_DOWN_ROW, PANEL_LEFT, "All the stones are down.", th["good"])
        else:
            self.view.draw_stone(PLACE_ROW, STONE_COL, stone)
            scr.write(DESCRIBE_ROW, PANEL_LEFT, describe(stone)[:PANEL_WIDTH], th["panel"])
        if easy:
            scr.write(NEXT_ROW, PANEL_LEFT, "Next", th["label"])
            for k, s in enumerate(game.upcoming(EASY_SHOWS + 1)[1:]):
                self.view.draw_stone(NEXT_STONES_ROW, PANEL_LEFT + k * (STONE_W + 1), s)
        else:
            scr.write(NEXT_ROW, PANEL_LEFT, f"Next: E shows {EASY_SHOWS}", th["dim"])

    def draw_over(self, total: int, time_up: bool) -> None:
        """Where the stone to place was: the game is over, and its final score."""
        scr, th = self.screen, self.theme
        scr.fill(STONE_TOP, PANEL_LEFT, STONE_BOTTOM, PANEL_RIGHT, " ", th["panel"])
        scr.write(PLACE_ROW, PANEL_LEFT, "Time is up: game over." if time_up else "Game over.", th["label"])
        self._row(FINAL_ROW, "Final score", f"{total:,}", "big")

    def draw_figures(self, game: Game) -> None:
        pos = game.position
        self._row(SCORE_ROW, "Score", f"{pos.score:,}", "big")
        self._row(BONUS_ROW, "BONUS", f"x {pos.bonus:,}")
        self._row(QUATROS_ROW, "Quatros", str(pos.quatros))
        self._row(LEFT_ROW, "Stones left", str(pos.left))

    def draw_clocks(self, played: float, left: float | None, waiting: bool) -> None:
        self._row(PLAYED_ROW, "Time played", clock_text(played))
        if left is None:
            self._row(TIME_LEFT_ROW, "Time left", "no limit", "dim")
        else:
            self._row(TIME_LEFT_ROW, "Time left", ("WAIT " if waiting else "") + clock_text(left),
                      "bad" if left < LOW_TIME_S else "value")

    def draw_modes(self, mouse: bool, blink: float, skip: bool, tune: int, sound: bool) -> None:
        scr, th = self.screen, self.theme
        scr.fill(MODES_ROW, PANEL_LEFT, MODES_ROW, PANEL_RIGHT, " ", th["panel"])
        scr.fill(SETTINGS_ROW, PANEL_LEFT, SETTINGS_ROW, PANEL_RIGHT, " ", th["panel"])
        if mouse:
            scr.write(MODES_ROW, PANEL_LEFT, "Mouse", th["side"])
        else:
            keys = f"Keys  < > blink {blink:g}/s" if blink else "Keys  < > blink steady"
            scr.write(MODES_ROW, PANEL_LEFT, keys, th["side"])
        settings = f"Skip {'on ' if skip else 'off'} Tune {tune or '-'} Sound {'on' if sound else 'off'}"
        scr.write(SETTINGS_ROW, PANEL_LEFT, settings, th["dim"])
