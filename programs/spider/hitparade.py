"""SPIDER.SCR: the Hit Parade, each entry with the number of the deal it was played on.

Tables written before the deal number was kept have three fields a line; they are read as
entries of an unknown deal (shown with no number) rather than set aside as damaged.
"""
from __future__ import annotations

from vconsole.disk import Drive
from vconsole.toolkit.hiscore import SEP, Entry, HiScoreTable

FILE = "SPIDER.SCR"
DEAL_FIELD = "game"


def deal_text(number: int) -> str:
    return f"GAME {number}"


class HitParade(HiScoreTable):
    def __init__(self, drive: Drive) -> None:
        super().__init__(drive, FILE, size=10, fields=(DEAL_FIELD,))

    def parse(self, text: str) -> list[Entry]:
        lines = text.split("\n")
        widened = [lines[0]] + [line + SEP if line.strip() and line.count(SEP) == 2 else line
                                for line in lines[1:]]
        return super().parse("\n".join(widened))
