"""The time pad: the least time the computer spends on a move, 0.1 to 10.0 seconds.

Without it a fast machine made the computer's replies instant and hard to
follow; with it the player can slow a computer-against-computer game down to
watch, or speed it up.  Values are held in tenths so that the display never
shows float noise, and the steps widen as the pad grows.
"""
from __future__ import annotations

STEPS_TENTHS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100)


class TimePad:
    def __init__(self, tenths: int = 10) -> None:
        self.tenths = self._nearest(tenths)

    @staticmethod
    def _nearest(tenths: int) -> int:
        return min(STEPS_TENTHS, key=lambda s: (abs(s - tenths), s))

    @property
    def seconds(self) -> float:
        return self.tenths / 10.0

    @property
    def text(self) -> str:
        return f"{self.tenths // 10}.{self.tenths % 10}"

    def up(self) -> bool:
        """Longer pad (Up arrow); False at the 10.0 s end."""
        i = STEPS_TENTHS.index(self.tenths)
        if i + 1 >= len(STEPS_TENTHS):
            return False
        self.tenths = STEPS_TENTHS[i + 1]
        return True

    def down(self) -> bool:
        """Shorter pad (Down arrow); False at the 0.1 s end."""
        i = STEPS_TENTHS.index(self.tenths)
        if i == 0:
            return False
        self.tenths = STEPS_TENTHS[i - 1]
        return True

    def set(self, tenths: int) -> None:
        self.tenths = self._nearest(int(tenths))
