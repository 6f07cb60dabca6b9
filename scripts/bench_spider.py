"""The Spider automatic player: its win rate and mean score over 200 seeded four-suit deals
(games 1 to 200, no undo, no look at face-down cards), and the time one decision takes.

The deals are the program's own numbered games, so a change to the player shows up as a
change in these figures, not in which games were played.  Published figures for four suits
without undo: simple look-ahead programs win about 0-6% of random deals, strong human
players about half.

Run: ``python scripts/bench_spider.py [games]``; ``scripts/bench.py`` calls ``bench()``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole_programs.spider import ai
from vconsole_programs.spider.rules import new_board
from vconsole_programs.spider.scoring import score

FIRST_GAME = 1


def bench(games: int = 200, progress: bool = False) -> dict:
    """{"autoplay": {"win_rate", "mean_score", "games", ...}, "decision": {"median_s", ...}}."""
    times: list[float] = []
    wins = 0
    scores = []
    suits = []
    decisions = 0
    t0 = time.perf_counter()
    for n in range(FIRST_GAME, FIRST_GAME + games):
        board = new_board(n)
        while not board.won:
            t = time.perf_counter()
            plan = ai.choose(ai.View.of(board))
            times.append(time.perf_counter() - t)
            decisions += 1
            if not plan:
                break
            for action in plan:
                board = board.play(action)
        wins += board.won
        scores.append(score(board))
        suits.append(board.suits_complete())
        if progress:
            print(f"game {n}: {'won' if board.won else 'lost'}, score {scores[-1]}, "
                  f"{suits[-1]} suits; {wins}/{n - FIRST_GAME + 1} won", file=sys.stderr, flush=True)
    wall = time.perf_counter() - t0
    return {
        "autoplay": {
            "games": games,
            "win_rate": wins / games,
            "mean_score": statistics.mean(scores),
            "mean_suits_complete": statistics.mean(suits),
            "budget_nodes": ai.BUDGET,
            "game_mean_s": wall / games,
        },
        "decision": {
            "median_s": statistics.median(times),
            "p90_s": statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0],
            "per_game_mean": decisions / games,
        },
    }


if __name__ == "__main__":
    import json

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(json.dumps(bench(n, progress=True), indent=2, sort_keys=True))
