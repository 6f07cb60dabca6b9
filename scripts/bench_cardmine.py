"""The Card Miners computer miner: its win rates against the two yardsticks, how often its
games tie, and its time per turn.

200 seeded games against each of ``random_player`` and ``greedy_player`` (the computer takes
each seat in turn; a tie counts as not won), and 200 of the computer against itself
(``self_play.tie_rate``: the document calls a tie unlikely), timing every computer turn.
Seeds are fixed, so a change to the computer miner shows as a change in these figures,
never as luck.

Run: ``python scripts/bench_cardmine.py [games]``; ``scripts/bench.py cardmine`` calls ``bench()``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole_programs.cardmine.ai import computer_player  # noqa: E402
from vconsole_programs.cardmine.match import greedy_player, match, play_game, random_player  # noqa: E402
from vconsole_programs.cardmine.rules import TIE  # noqa: E402


def _timed(times: list[float]):
    def timed(state, rng):
        t0 = time.perf_counter()
        play = computer_player(state, rng)
        times.append(time.perf_counter() - t0)
        return play
    return timed


def versus(name: str, games: int, times: list[float]) -> dict:
    """The computer against ``random_player`` ("vs_random") or ``greedy_player`` ("vs_greedy")."""
    opponent = {"vs_random": random_player, "vs_greedy": greedy_player}[name]
    r = match(_timed(times), opponent, games)
    return {"win_rate": r["win_rate"], "wins": r["wins"], "losses": r["losses"],
            "ties": r["ties"], "tie_rate": r["ties"] / games, "games": games}


def self_play(games: int, times: list[float]) -> dict:
    """The computer against itself: how often neither reaches the game point."""
    timed = _timed(times)
    ties = plies = 0
    for g in range(games):
        final = play_game((timed, timed), 1000 + g, strict=False)
        ties += final.winner == TIE
        plies += final.ply
    return {"tie_rate": ties / games, "ties": ties, "games": games, "mean_plies": plies / games}


def bench(games: int = 200) -> dict:
    """{"vs_random": {...}, "vs_greedy": {...}, "self_play": {...}, "turn": {"median_s", "max_s", "turns"}}."""
    times: list[float] = []
    result: dict = {name: versus(name, games, times) for name in ("vs_random", "vs_greedy")}
    result["self_play"] = self_play(games, times)
    result["turn"] = {"median_s": statistics.median(times), "max_s": max(times), "turns": len(times)}
    return result


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    r = bench(games)
    for name in ("vs_random", "vs_greedy"):
        v = r[name]
        print(f"{name}: win rate {v['win_rate']:.3f}, tie rate {v['tie_rate']:.3f} ({v['wins']} won, "
              f"{v['ties']} tied, {v['losses']} lost of {v['games']})")
    v = r["self_play"]
    print(f"self_play: tie rate {v['tie_rate']:.3f} ({v['ties']} of {v['games']}), {v['mean_plies']:.1f} plies a game")
    t = r["turn"]
    print(f"computer turn: median {t['median_s'] * 1000:.1f} ms, max {t['max_s'] * 1000:.0f} ms"
          f" over {t['turns']} turns")


if __name__ == "__main__":
    main(sys.argv[1:])
