#!/usr/bin/env python3
"""Write programs/anciento/sample.py: the SAMPLE saved game, game 505 played by the master.

The document's sample game is number 505 played by a master; ours is the same number played
by ``ai.demo_master`` (deterministic: running this again writes the same file unless the
master or the numbering changed, and tests/test_anciento_files.py checks that the shipped
game still loads and scores what it says).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vconsole_programs.anciento.ai import demo_master  # noqa: E402
from vconsole_programs.anciento.game import Game  # noqa: E402
from vconsole_programs.anciento.savefile import format_saved  # noqa: E402
from vconsole_programs.anciento.stones import numbered_deal  # noqa: E402

NUMBER = 505


def pieces(text: str, width: int = 100) -> list[str]:
    """``text`` in pieces of at most about ``width`` characters, cut after a space or a line's end,
    so that the module's lines stay short and the pieces put together are ``text`` exactly."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        while len(line) > width:
            cut = line.rindex(" ", 0, width) + 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def main() -> int:
    deal = numbered_deal(NUMBER)
    game = Game(deal)
    for m in demo_master(deal).line(game.position):
        game.place(m)
    text = format_saved(game, seconds=0)
    out = ROOT / "programs" / "anciento" / "sample.py"
    out.write_text(
        '"""The SAMPLE saved game: game 505 played by the master (made by scripts/make_anciento_sample.py)."""\n'
        f"NUMBER = {NUMBER}\n"
        f"SCORE = {game.final().total}\n"
        "TEXT = (\n" + "".join(f"    {piece!r}\n" for piece in pieces(text)) + ")\n")
    print(f"game {NUMBER}: {game.final()} -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
