"""Time the Mill computer player: seconds per move at each difficulty level.

The positions are fixed here (taken once from computer-versus-computer games - only
undecided ones, where a level-5 search scores neither side more than 1.5 pieces up - plus two
open mid-game positions set up by hand, then frozen),
so a change to the search shows up as a change in time, not in which positions are timed.
Half are from the placing phase (including the empty board, the most expensive one: every
point is open and nothing is forced), half from the moving phase.

Run: ``python scripts/bench_mill.py [levels...]``; ``scripts/bench.py`` calls ``bench()``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole_programs.mill.ai import choose_move  # noqa: E402
from vconsole_programs.mill.rules import Position  # noqa: E402

# (white points, black points, side to move, pieces in hand (white, black))
PLACING = (
    ((), (), 0, (9, 9)),
    ((5, 14), (11,), 1, (7, 8)),
    ((1, 5, 12, 14), (10, 11, 22), 1, (5, 6)),
    ((1, 3, 5, 12, 14, 24), (10, 11, 17, 22, 23), 1, (3, 4)),
    ((1, 2, 3, 5, 12, 14, 24), (10, 11, 17, 20, 22, 23), 1, (1, 2)),
    ((14, 20), (11,), 1, (7, 8)),
    ((10, 14, 16, 20), (7, 11, 12), 1, (5, 6)),
    ((9, 10, 14, 16, 18, 20), (2, 7, 8, 11, 12), 1, (3, 4)),
)
MOVING = (
    ((2, 6, 9, 11, 13, 15, 17, 19, 22), (1, 4, 5, 12, 14, 18, 20, 21, 23), 0, (0, 0)),
    ((1, 6, 8, 11, 13, 15, 17, 19, 22), (2, 4, 10, 12, 14, 18, 20, 21, 23), 0, (0, 0)),
    ((2, 6, 8, 12, 13, 15, 19, 20, 23), (4, 5, 7, 10, 11, 14, 17, 21, 24), 0, (0, 0)),
    ((2, 6, 8, 12, 18, 19, 20, 22, 24), (4, 5, 7, 10, 11, 13, 17, 21, 23), 1, (0, 0)),
    ((2, 6, 8, 12, 18, 19, 21, 22, 24), (4, 5, 7, 10, 11, 13, 14, 20, 23), 0, (0, 0)),
    ((9, 10, 13, 16, 17, 18, 19, 20), (4, 7, 8, 12, 14, 21), 0, (0, 0)),
    ((1, 5, 11, 14, 20, 24), (3, 8, 13, 17, 19, 22), 0, (0, 0)),
    ((2, 4, 9, 11, 16, 21, 23), (5, 7, 12, 14, 18, 20, 22), 1, (0, 0)),
)


def positions() -> list[tuple[str, Position]]:
    out = []
    for name, group in (("placing", PLACING), ("moving", MOVING)):
        for i, (w, b, turn, hand) in enumerate(group):
            out.append((f"{name}{i}", Position.from_points(w, b, turn, hand)))
    return out


def bench(levels: tuple[int, ...] = (2, 5, 9)) -> dict:
    """{"level_N": {"median_s", "max_s", "placing_median_s", "moving_median_s", "per_position"}}."""
    result = {}
    for level in levels:
        times: dict[str, float] = {}
        for name, pos in positions():
            t0 = time.perf_counter()
            choose_move(pos, level, rng=random.Random(1))
            times[name] = time.perf_counter() - t0
        vals = list(times.values())
        result[f"level_{level}"] = {
            "median_s": statistics.median(vals),
            "max_s": max(vals),
            "placing_median_s": statistics.median(v for k, v in times.items() if k.startswith("placing")),
            "moving_median_s": statistics.median(v for k, v in times.items() if k.startswith("moving")),
            "per_position": times,
        }
    return result


def main(argv: list[str]) -> None:
    levels = tuple(int(a) for a in argv) or (2, 5, 9)
    for level, r in bench(levels).items():
        print(f"{level}: median {r['median_s']:.3f} s  max {r['max_s']:.3f} s  "
              f"placing {r['placing_median_s']:.3f} s  moving {r['moving_median_s']:.3f} s")
        print("   " + "  ".join(f"{k}={v:.2f}" for k, v in r["per_position"].items()))


if __name__ == "__main__":
    main(sys.argv[1:])
