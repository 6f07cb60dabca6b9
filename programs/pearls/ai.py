"""The computer players, as the program and the benchmarks use them.

* :class:`Computer` plays whatever hand it is given: in solitaire the planner of ``ai_solo``,
  in the game for 2-6 the search of ``ai_multi``.  One object per seat (or one for the demo),
  kept for the whole game, because the solitaire planner remembers its plan.
* :func:`random_move` and :func:`greedy_move` are the yardsticks the benchmarks measure it
  against.  "Greedy" takes the pearl that most improves its own strings at once: the growth
  of the sum of n(n+1)/2 over its runs, (run below + 1) x (run above + 1), so joining two
  runs beats lengthening one, which beats a lone pearl; equal moves are picked at random.
* :func:`blocking_move` is the yardstick that defends: it weighs what a pearl would give each
  other player twice as much as what it gives itself, so it takes the pearl that would
  lengthen or join a rival's strings, above all his longest (see ``ai_multi.block_choice``).

Budgets are counted in search nodes or beam states, never in time, so a move depends only on
the position and the generator passed in.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import ai_multi, ai_solo
from .rules import Game, Random
from .strings import LOWER, UPPER

Move = tuple[int, "int | None"]

#: Nodes per move for the game for 2-6.
MULTI_NODES: Final = 2_000
#: Beam width for solitaire.
SOLO_WIDTH: Final = 12


def pearl_at(game: Game) -> list[int]:
    """The pearl on each square (0 where there is none): what the searches read."""
    return [c if c > 0 else 0 for c in game.cells]


class Computer:
    def __init__(self, nodes: int = MULTI_NODES, width: int = SOLO_WIDTH) -> None:
        self.nodes = nodes
        self.solo = ai_solo.SoloPlayer(width)

    def choose(self, game: Game, rng: Random, should_stop: Callable[[], bool] | None = None,
               on_best: Callable[[int], None] | None = None) -> Move:
        """The move for the player to move in ``game``: (square, choice), where choice is 1 or 2
        in solitaire when the pearl fits two strings, else None.  ``rng`` needs ``random()``;
        ``should_stop()``, asked now and then, cuts the search short (the best so far is played);
        ``on_best(square)`` hears the best move found so far."""
        if game.over:
            raise ValueError("the game is over")
        pa = pearl_at(game)
        if game.solo is not None:
            state = (game.occupied, game.power, game.solo.taken, game.solo.breaks)
            move = self.solo.choose(state, pa, rng, should_stop)
            if on_best is not None:
                on_best(move[0])
            return move
        square = ai_multi.choose(pa, game.occupied, game.power, game.held, game.turn,
                                 self.nodes, rng, game.method, on_best, should_stop)
        return square, None


def random_move(game: Game, rng: Random) -> Move:
    """Any legal take, chosen at random (a random side when the pearl fits two strings)."""
    moves = game.targets()
    square = moves[int(rng.random() * len(moves))]
    choice = (UPPER, LOWER)[int(rng.random() * 2)] if game.needs_choice(square) else None
    return square, choice


def greedy_move(game: Game, rng: Random) -> Move:
    """The take that most improves the mover's own runs now (see the module text)."""
    square = ai_multi.greedy_choice(pearl_at(game), game.targets(), game.held[game.turn], rng)
    choice = (UPPER, LOWER)[int(rng.random() * 2)] if game.needs_choice(square) else None
    return square, choice


def blocking_move(game: Game, rng: Random) -> Move:
    """The take that most keeps the pearls from the other players' strings (see the module text)."""
    others = [m for i, m in enumerate(game.held) if i != game.turn]
    square = ai_multi.block_choice(pearl_at(game), game.targets(), game.held[game.turn], others, rng)
    choice = (UPPER, LOWER)[int(rng.random() * 2)] if game.needs_choice(square) else None
    return square, choice
