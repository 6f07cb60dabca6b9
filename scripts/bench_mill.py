"""Time the Mill computer player: seconds per move at each difficulty level.

The positions are fixed here (taken once from computer-versus-computer games - only
undecided ones, where a level-5 search scores neither side more than 1.5 pieces up - plus two
open mid-game positions set up by hand, then frozen),
so a change to the search shows up as a change in time, not in which positions are timed.
Half are from the placing phase (including the empty board, the most expensive one: every
point is open and nothing is forced), half from the moving phase.

Strength: level 9 plays the fixed-depth yardstick (scripts/mill_ref.c: alpha-beta with a
transposition table searching every move to exactly 12 plies, with level 9's own
evaluation - mobility, shut-in pieces, the risk of being blocked from the placing phase on,
open and double mills - ported to C and checked equal) from 10 random two-ply openings, each
from both sides; the score is wins plus half the draws over those 20 games (a game that
fills the 200-ply move buffer is the rules' draw). Level 9's CPU seconds per move are
reported over the bench positions and over its moves in those games. Level 9 searches
through a compiled kernel (numba); loading it (from numba's cache, or compiling it the first
time on a machine) is paid once per process, in the background in the program, so the bench
loads it before timing and reports that cost apart (``level_9_kernel_load_cpu_s``).

Run: ``python scripts/bench_mill.py [levels...]`` for the times, ``python
scripts/bench_mill.py match [openings] [depth]`` for the match alone; ``scripts/bench.py``
calls ``bench()``, which does both.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vconsole_programs.mill.ai import choose_move  # noqa: E402
from vconsole_programs.mill.rules import COLOR_NAMES, Game, Move, Position  # noqa: E402

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


def timing(levels: tuple[int, ...] = (2, 5, 9)) -> dict:
    """{"level_N": {"median_s", "max_s", "median_cpu_s", "max_cpu_s", "placing_median_s",
    "moving_median_s", "per_position"}} (wall-clock seconds unless the key says cpu)."""
    result = {}
    if 9 in levels:
        # level 9's compiled search is loaded once per process, in the background while the
        # player sets up the game; its cost is reported apart from the moves'
        from vconsole_programs.mill import master
        c0 = time.process_time()
        master.available()
        result["level_9_kernel_load_cpu_s"] = time.process_time() - c0
    for level in levels:
        times: dict[str, float] = {}
        cpu: list[float] = []
        for name, pos in positions():
            t0, c0 = time.perf_counter(), time.process_time()
            choose_move(pos, level, rng=random.Random(1))
            times[name] = time.perf_counter() - t0
            cpu.append(time.process_time() - c0)
        vals = list(times.values())
        result[f"level_{level}"] = {
            "median_s": statistics.median(vals),
            "max_s": max(vals),
            # the process's own CPU time: what the move costs when the machine is not shared
            "median_cpu_s": statistics.median(cpu),
            "max_cpu_s": max(cpu),
            "cpu_s": cpu,
            "placing_median_s": statistics.median(v for k, v in times.items() if k.startswith("placing")),
            "moving_median_s": statistics.median(v for k, v in times.items() if k.startswith("moving")),
            "per_position": times,
        }
    return result


def openings(count: int = 20, seed: int = 16) -> list[tuple[int, int]]:
    """``count`` different random two-ply openings (White's point, Black's point)."""
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        w = rng.randint(1, 24)
        b = rng.choice([p for p in range(1, 25) if p != w])
        if (w, b) not in out:
            out.append((w, b))
    return out


def play_game(job: tuple[int, tuple[int, int], int, int, int]) -> dict:
    """One game of level ``level`` against the yardstick at ``depth``; ``ours`` = our colour."""
    index, (w, b), ours, level, depth = job
    import mill_ref

    from vconsole_programs.mill.rules import Options
    mill_ref.set_options(Options(), strong=True)
    rng = random.Random(1000 + index)
    g = Game()
    g.play(Move(None, w))
    g.play(Move(None, b))
    ours_s: list[float] = []
    ours_cpu: list[float] = []
    while g.result() is None:
        pos = g.position
        if pos.turn == ours:
            t0, c0 = time.perf_counter(), time.process_time()
            g.play(choose_move(pos, level, rng=rng))
            ours_s.append(time.perf_counter() - t0)
            ours_cpu.append(time.process_time() - c0)
        else:
            g.play(mill_ref.best(pos, depth)[0])
    res = g.result()
    return {"opening": (w, b), "ours": COLOR_NAMES[ours], "result": res, "plies": g.pointer,
            "score": 0.5 if res == "draw" else float(res == COLOR_NAMES[ours]),
            "moves": " ".join(("" if m.frm is None else f"{m.frm}-") + str(m.to)
                              + (f"x{m.capture}" if m.capture else "") for m in g.played()),
            "max_s": max(ours_s), "times_s": ours_s, "cpu_s": ours_cpu}


def match(count: int = 10, depth: int = 12, level: int = 9, jobs: int = 2, log=None) -> dict:
    """Level ``level`` against the depth-``depth`` yardstick from ``count`` openings, both sides."""
    import mill_ref
    mill_ref.self_check(100)
    if level == 9:
        from vconsole_programs.mill import master
        master.available()  # loaded before the workers fork: the program loads it in the background
    work = [(2 * i + ours, op, ours, level, depth) for i, op in enumerate(openings(count)) for ours in (0, 1)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        games = []
        for game in pool.imap_unordered(play_game, work):
            games.append(game)
            if log:
                log(game)
    wins = sum(g["score"] == 1 for g in games)
    draws = sum(g["score"] == 0.5 for g in games)
    times = [t for g in games for t in g["times_s"]]
    cpu = [t for g in games for t in g["cpu_s"]]
    return {
        "score": sum(g["score"] for g in games) / len(games),
        "games": len(games), "wins": wins, "draws": draws, "losses": len(games) - wins - draws,
        "as_white_score": sum(g["score"] for g in games if g["ours"] == "white") / (len(games) / 2),
        "level_9_move_median_s": statistics.median(times),
        "level_9_move_max_s": max(times),
        "level_9_move_median_cpu_s": statistics.median(cpu),
        "level_9_move_max_cpu_s": max(cpu),
        "level_9_move_cpu_s": cpu,
    }


def bench(levels: tuple[int, ...] = (2, 5, 9)) -> dict:
    """The times per level (``level_N``) and the match (``vs_depth_12``), with the load
    average the times were taken under (wall times on a shared machine say little)."""
    result = timing(levels)
    result["load_average_1min"] = os.getloadavg()[0]
    vs = result["vs_depth_12"] = match()
    if "level_9" in result:
        l9 = result["level_9"]
        l9["positions_median_cpu_s"], l9["positions_max_cpu_s"] = l9["median_cpu_s"], l9["max_cpu_s"]
        both = l9["cpu_s"] + vs.pop("level_9_move_cpu_s")
        # the yardsticks: over the bench positions and the moves of the match together
        l9["median_cpu_s"], l9["max_cpu_s"] = statistics.median(both), max(both)
    for level in levels:
        result[f"level_{level}"].pop("cpu_s")
    return result


def main(argv: list[str]) -> None:
    if argv and argv[0] == "match":
        count = int(argv[1]) if len(argv) > 1 else 20
        depth = int(argv[2]) if len(argv) > 2 else 12

        def log(g: dict) -> None:
            print(f"{g['opening']} ours={g['ours']:5} {g['result']:5} plies={g['plies']:3} "
                  f"max={g['max_s']:.2f}s cpu={max(g['cpu_s']):.2f}s  {g['moves']}", flush=True)
        r = match(count, depth, log=log)
        cpu = r.pop("level_9_move_cpu_s")
        print(f"level 9 cpu per move: median {statistics.median(cpu):.3f} s  max {max(cpu):.3f} s")
        print(json.dumps(r, indent=1))
        return
    levels = tuple(int(a) for a in argv) or (2, 5, 9)
    for level, r in timing(levels).items():
        if not isinstance(r, dict):
            print(f"{level}: {r:.3f}")
            continue
        r.pop("cpu_s")
        print(f"{level}: median {r['median_s']:.3f} s  max {r['max_s']:.3f} s  "
              f"median cpu {r['median_cpu_s']:.3f} s  max cpu {r['max_cpu_s']:.3f} s  "
              f"placing {r['placing_median_s']:.3f} s  moving {r['moving_median_s']:.3f} s")
        print("   " + "  ".join(f"{k}={v:.2f}" for k, v in r["per_position"].items()))


if __name__ == "__main__":
    main(sys.argv[1:])
