"""A model of a terminal, just enough to read the terminal front end's output back cell by cell.

Used by the painter tests and the pty tests: it follows the sequences vconsole writes (CUP and the
relative moves, SGR colours, blink and underline, DECSCUSR, cursor show/hide, erase) and keeps each
cell's character and style.
"""
from __future__ import annotations

import re


class ModelTerminal:
    """Just enough of a terminal to read the painter's output back: CUP, CUF, SGR, DECSCUSR, cursor show/hide."""

    def __init__(self, cols: int = 80, lines: int = 25) -> None:
        self.cols, self.lines = cols, lines
        self.chars = [[" "] * cols for _ in range(lines)]
        self.style = [[None] * cols for _ in range(lines)]
        self.y = self.x = 0
        self.sgr: dict = {}
        self.shape = 0
        self.shown = True

    def feed(self, text: str) -> None:
        for m in re.finditer(r"\x1b\[([?]?)([0-9;]*)( ?)([A-Za-z])|([^\x1b\x07\r\n])|[\x07\r\n]", text):
            if m.group(4) is None and m.group(5) is None:
                continue  # the bell; line ends only come in the too-small message
            if m.group(5) is not None:
                if self.x < self.cols:
                    self.chars[self.y][self.x] = m.group(5)
                    self.style[self.y][self.x] = (self.sgr.get("fg"), self.sgr.get("bg"),
                                                  self.sgr.get("blink", False), self.sgr.get("under", False))
                    self.x = min(self.x + 1, self.cols)  # autowrap is off
                continue
            private, params, space, final = m.group(1), m.group(2), m.group(3), m.group(4)
            nums = [int(p) if p else 0 for p in params.split(";")] if params else []
            if space and final == "q":
                self.shape = nums[0]
            elif private:
                if nums == [25]:
                    self.shown = final == "h"
            elif final == "H":
                self.y, self.x = (nums[0] if nums else 1) - 1, (nums[1] if len(nums) > 1 else 1) - 1
            elif final in "ABCD":
                n = nums[0] if nums else 1
                dy, dx = {"A": (-n, 0), "B": (n, 0), "C": (0, n), "D": (0, -n)}[final]
                self.y, self.x = self.y + dy, self.x + dx
            elif final == "J":
                self.chars = [[" "] * self.cols for _ in range(self.lines)]
                self.style = [[(self.sgr.get("fg"), self.sgr.get("bg"), False, False)] * self.cols
                              for _ in range(self.lines)]
            elif final == "m":
                self._sgr(nums or [0])

    def _sgr(self, nums: list[int]) -> None:
        i = 0
        while i < len(nums):
            n = nums[i]
            if n == 0:
                self.sgr = {}
            elif n in (38, 48):
                self.sgr["fg" if n == 38 else "bg"] = tuple(nums[i + 2:i + 5])
                i += 4
            elif n in (39, 49):  # the terminal's default colour
                self.sgr.pop("fg" if n == 39 else "bg", None)
            elif n == 5:
                self.sgr["blink"] = True
            elif n == 25:
                self.sgr["blink"] = False
            elif n == 4:
                self.sgr["under"] = True
            elif n == 24:
                self.sgr["under"] = False
            i += 1

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.chars)
