"""String of Pearls computer players: strength and time per move.

* ``solitaire.mean_short_strings``: the solitaire player's average number of strings shorter
  than six over 200 seeded games (0 is perfect, the document calls under 2 good, 1 very good);
* ``vs_random.win_rate`` / ``vs_greedy.win_rate``: 2-player games the computer wins outright
  (fraction 0-1; shared wins count as not won) against a random player and against the greedy
  player of ``ai.greedy_move``, the computer sitting first in half of them;
* ``vs_blocking.win_rate``: the same against ``ai.blocking_move``, a player that takes the
  pearls that would lengthen the other's strings (the computer must still win: 0.8 or more);
* ``move.median_s`` (and max): seconds per computer move over all those games, both kinds.

Run: ``python scripts/bench_pearls.py [solitaire_games] [match_games]``; ``scripts/bench.py``
calls ``bench()``.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole.toolkit.rng import GameRandom  # noqa: E402
from vconsole_programs.pearls import ai  # noqa: E402
from vconsole_programs.pearls.rules import Game  # noqa: E402


def _timed(comp: ai.Computer, times: list[float]):
    def seat(game: Game, rng):
        t0 = time.perf_counter()
        move = comp.choose(game, rng)
        times.append(time.perf_counter() - t0)
        return move
    return seat


def solitaire(games: int, times: list[float]) -> dict:
    shorts = []
    for i in range(games):
        game = Game.new(1, GameRandom(10_000 + i))
        seat = _timed(ai.Computer(), times)
        rng = GameRandom(i)
        while not game.over:
            game.take(*seat(game, rng))
        shorts.append(game.short_strings())
    return {"mean_short_strings": float(statistics.mean(shorts)), "max_short_strings": max(shorts),
            "perfect_fraction": shorts.count(0) / games, "games": games}


def match(opponent, games: int, times: list[float]) -> dict:
    wins = shared = 0
    for i in range(games):
        game = Game.new(2, GameRandom(20_000 + i))
        me = i % 2
        seats = [opponent, opponent]
        seats[me] = _timed(ai.Computer(), times)
        rng = random.Random(i)
        while not game.over:
            game.take(*seats[game.turn](game, rng))
        w = game.winners()
        wins += w == [me]
        shared += len(w) > 1 and me in w
    return {"win_rate": wins / games, "shared_rate": shared / games, "games": games}


def bench(solitaire_games: int = 200, match_games: int = 100) -> dict:
    solo_times: list[float] = []
    multi_times: list[float] = []
    result = {
        "solitaire": solitaire(solitaire_games, solo_times),
        "vs_random": match(ai.random_move, match_games, multi_times),
        "vs_greedy": match(ai.greedy_move, match_games, multi_times),
        "vs_blocking": match(ai.blocking_move, match_games, multi_times),
    }
    every = solo_times + multi_times
    result["move"] = {"median_s": statistics.median(every), "max_s": max(every),
                      "solitaire_median_s": statistics.median(solo_times),
                      "multi_median_s": statistics.median(multi_times)}
    return result


def main(argv: list[str]) -> None:
    import json
    args = [int(a) for a in argv]
    print(json.dumps(bench(*args), indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
