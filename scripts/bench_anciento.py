"""Anciento's demo player: its final scores over the numbered games 1-20 and its search time.

The issue's bar: the original's sample game by a master scored over 43,000; the demo's median
over games 1-20 should beat that with at most 30 s of search per game on a 2-core machine.
Each game is searched from its start by ``ai.demo_master`` exactly as the program's demo
plays it, and the line is replayed through the rules (``Game``) to get the final score, so
the figures are the scores a player would see after F10.

Run: ``python scripts/bench_anciento.py [first-last]``; ``scripts/bench.py anciento`` calls
``bench()``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole_programs.anciento.ai import demo_master  # noqa: E402
from vconsole_programs.anciento.fit_table import tables  # noqa: E402
from vconsole_programs.anciento.game import Game  # noqa: E402
from vconsole_programs.anciento.stones import numbered_deal  # noqa: E402


def play(number: int) -> tuple[int, int, float, float]:
    """(final score, Quatros, wall seconds, CPU seconds) of the demo on game ``number``."""
    deal = numbered_deal(number)
    game = Game(deal)
    master = demo_master(deal)
    wall, cpu = time.perf_counter(), time.process_time()
    moves = master.line(game.position)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    for m in moves:
        game.place(m)
    final = game.final()
    return final.total, final.quatros, wall, cpu


def bench(first: int = 1, last: int = 20) -> dict:
    tables()  # built once per process; not part of any game's search time
    games = [play(n) for n in range(first, last + 1)]
    scores = [g[0] for g in games]
    return {"demo": {
        "games": f"{first}-{last}",
        "mean_score": round(statistics.mean(scores)),
        "median_score": statistics.median(scores),
        "best_score": max(scores),
        "worst_score": min(scores),
        "median_quatros": statistics.median(g[1] for g in games),
        "search_s_per_game": round(statistics.median(g[2] for g in games), 2),
        "search_cpu_s_per_game": round(statistics.median(g[3] for g in games), 2),
        "max_search_s": round(max(g[2] for g in games), 2),
        "max_search_cpu_s": round(max(g[3] for g in games), 2),
        "scores": {str(n): s for n, s in zip(range(first, last + 1), scores)},
    }}


if __name__ == "__main__":
    import json
    a, b = (int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "1-20").split("-"))
    print(json.dumps(bench(a, b), indent=2))
