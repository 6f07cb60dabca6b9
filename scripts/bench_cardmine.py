"""The Card Miners computer miner: its win rates against the two yardsticks, how often its
games tie, and the processor time it takes per turn.

Seeded games against each of ``random_player`` and ``greedy_player`` (the computer takes
each seat in turn; a tie counts as not won), and games of the computer against itself
(``self_play.tie_rate``: the document calls a tie unlikely), timing every computer turn in
processor time (so other work on the machine does not show in it).  Seeds are fixed, so a
change to the computer miner shows as a change in these figures, never as luck; ``seed0``
moves all three to games nobody tuned on.

Run: ``python scripts/bench_cardmine.py [games] [seed0]``; ``scripts/bench.py cardmine``
calls ``bench()``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole.toolkit.rng import GameRandom  # noqa: E402
from vconsole_programs.cardmine.ai import computer_player  # noqa: E402
from vconsole_programs.cardmine.match import Player, greedy_player, match, play_game, random_player  # noqa: E402
from vconsole_programs.cardmine.rules import TIE, Play, State  # noqa: E402

#: Self-play seeds start this far past the match seeds (the two sets never overlap).
SELF_PLAY_OFFSET = 1000


def _timed(times: list[float]) -> Player:
    def timed(state: State, rng: GameRandom) -> Play:
        t0 = time.process_time()
        play = computer_player(state, rng)
        times.append(time.process_time() - t0)
        return play
    return timed


def versus(name: str, games: int, times: list[float], seed0: int = 0) -> dict[str, Any]:
    """The computer against ``random_player`` ("vs_random") or ``greedy_player`` ("vs_greedy")."""
    opponent = {"vs_random": random_player, "vs_greedy": greedy_player}[name]
    r = match(_timed(times), opponent, games, seed0=seed0)
    return {"win_rate": r["win_rate"], "wins": r["wins"], "losses": r["losses"],
            "ties": r["ties"], "tie_rate": r["ties"] / games, "games": games}


def self_play(games: int, times: list[float], seed0: int = 0) -> dict[str, Any]:
    """The computer against itself: how often neither reaches the game point."""
    timed = _timed(times)
    ties = plies = 0
    for g in range(games):
        final = play_game((timed, timed), seed0 + SELF_PLAY_OFFSET + g, strict=False)
        ties += final.winner == TIE
        plies += final.ply
    return {"tie_rate": ties / games, "ties": ties, "games": games, "mean_plies": plies / games}


def bench(games: int = 200, seed0: int = 0) -> dict[str, Any]:
    """{"vs_random": {...}, "vs_greedy": {...}, "self_play": {...},
    "turn": {"median_cpu_s", "max_cpu_s", "turns"}}."""
    times: list[float] = []
    result: dict[str, Any] = {name: versus(name, games, times, seed0) for name in ("vs_random", "vs_greedy")}
    result["self_play"] = self_play(games, times, seed0)
    result["turn"] = {"median_cpu_s": statistics.median(times), "max_cpu_s": max(times), "turns": len(times)}
    return result


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    seed0 = int(argv[1]) if len(argv) > 1 else 0
    r = bench(games, seed0)
    for name in ("vs_random", "vs_greedy"):
        v = r[name]
        print(f"{name}: win rate {v['win_rate']:.3f}, tie rate {v['tie_rate']:.3f} ({v['wins']} won, "
              f"{v['ties']} tied, {v['losses']} lost of {v['games']})")
    v = r["self_play"]
    print(f"self_play: tie rate {v['tie_rate']:.3f} ({v['ties']} of {v['games']}), "
          f"{v['mean_plies']:.1f} plies a game")
    t = r["turn"]
    print(f"computer turn (processor time): median {t['median_cpu_s'] * 1000:.1f} ms, "
          f"max {t['max_cpu_s'] * 1000:.0f} ms over {t['turns']} turns")


if __name__ == "__main__":
    main(sys.argv[1:])
