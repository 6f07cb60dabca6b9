"""Whole games between two players, for tests and the benchmark (no screen, no clock).

A player is a function ``choose(state, rng) -> Play`` called after its draw; the play it
returns must be legal, with a bump square filled in (never ``BUMP_LATER``).  The two simple
players here are the yardsticks the computer miner is measured against.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from vconsole.toolkit.rng import GameRandom

from .mine import LODE, points_of, role_of
from .rules import (
    BUMP_LATER,
    DEFAULT_OPTIONS,
    IllegalPlay,
    Options,
    Play,
    State,
    apply_play,
    bump_squares,
    deal,
    draw,
    legal_plays,
)


class Player(Protocol):
    def __call__(self, state: State, rng: GameRandom) -> Play: ...


def random_player(state: State, rng: GameRandom) -> Play:
    """Any legal play, uniformly; a bump goes to any allowed card."""
    play = rng.choice(legal_plays(state, bumps=False))
    if play.bump == BUMP_LATER:
        play = play._replace(bump=rng.choice(bump_squares(state, play)))
    return play


def points_now(state: State, play: Play) -> int:
    """What ``play`` scores at once: the unclaimed lode its pawn stops on."""
    d = play.dest
    if d < 0 or state.claim[d] >= 0 or state.cell[d] < 0 or state.face[d] > 3:
        return 0
    return points_of(state.cell[d]) if role_of(state.cell[d]) == LODE else 0


def greedy_player(state: State, rng: GameRandom) -> Play:
    """The play that takes the most points now; among equals, any at random."""
    plays = legal_plays(state, bumps=False)
    best = max(points_now(state, p) for p in plays)
    play = rng.choice([p for p in plays if points_now(state, p) == best])
    if play.bump == BUMP_LATER:
        play = play._replace(bump=rng.choice(bump_squares(state, play)))
    return play


def play_game(players: tuple[Player, Player], seed: int, options: Options = DEFAULT_OPTIONS,
              first: int | None = None, check: Callable[[State], None] | None = None,
              strict: bool = True, on_turn: Callable[[State, Play], None] | None = None) -> State:
    """One game from deck seeds derived from ``seed``; returns the final state.

    ``strict`` checks each play against ``legal_plays`` (an illegal one raises
    ``IllegalPlay``); ``check(state)`` runs after every draw and play."""
    state = deal(2 * seed + 1, 2 * seed + 2, options, first)
    rngs = (GameRandom(seed * 7919 + 1), GameRandom(seed * 7919 + 2))
    if check:
        check(state)
    while not state.over:
        state = draw(state)
        if check:
            check(state)
        if state.over:
            break
        me = state.turn
        play = players[me](state, rngs[me])
        if on_turn:
            on_turn(state, play)
        if strict and play not in legal_plays(state):
            raise IllegalPlay(f"miner {me} chose {play}, not a legal play")
        state = apply_play(state, play)
        if check:
            check(state)
    return state


def match(player: Player, opponent: Player, games: int, options: Options = DEFAULT_OPTIONS,
          seed0: int = 0) -> dict[str, float]:
    """``player`` against ``opponent``, taking turns to sit in each seat; its share of wins."""
    wins = losses = ties = 0
    for g in range(games):
        seat = g % 2
        players = (player, opponent) if seat == 0 else (opponent, player)
        final = play_game(players, seed0 + g, options)
        if final.winner == seat:
            wins += 1
        elif final.winner == 1 - seat:
            losses += 1
        else:
            ties += 1
    return {"games": games, "wins": wins, "losses": losses, "ties": ties, "win_rate": wins / games}
