"""String of Pearls computer players: legal, repeatable, and strong enough (slow tests)."""
from __future__ import annotations

import random

import pytest

from vconsole.toolkit.rng import GameRandom
from vconsole_programs.pearls import ai, ai_multi, ai_solo, strings
from vconsole_programs.pearls.rules import Game
from vconsole_programs.pearls.strings import LOWER, UPPER, mask_of


def play_out(game: Game, seats, rng) -> Game:
    while not game.over:
        square, choice = seats[game.turn](game, rng)
        game.take(square, choice)
        game.check()
    return game


def computer_seat(comp: ai.Computer):
    return lambda g, rng: comp.choose(g, rng)


def test_computer_plays_legal_moves_for_every_player_count():
    for players in (1, 2, 3, 6):
        g = Game.new(players, GameRandom(players))
        comps = [ai.Computer(nodes=200, width=4) for _ in range(players)]
        play_out(g, [computer_seat(c) for c in comps], GameRandom(1))
        assert len(g.takes) == 48


def test_solitaire_computer_gives_a_choice_exactly_when_one_is_needed():
    g = Game.new(1, GameRandom(11))
    comp = ai.Computer(width=4)
    choices = 0
    while not g.over:
        sq, choice = comp.choose(g, GameRandom(len(g.takes)))
        assert (choice in (UPPER, LOWER)) == g.needs_choice(sq)
        choices += choice is not None
        g.take(sq, choice)


def test_computer_is_repeatable_with_the_same_generator():
    def game(seed):
        g = Game.new(2, GameRandom(seed))
        return [t.square for t in play_out(g, [computer_seat(ai.Computer(nodes=300))] * 2, GameRandom(9)).takes]
    assert game(3) == game(3)


def solo(*steps) -> strings.SoloStrings:
    """SoloStrings built from pearls, or (pearl, choice) pairs where a choice is needed."""
    s = strings.SoloStrings()
    for step in steps:
        p, c = step if isinstance(step, tuple) else (step, None)
        s.add(p, c)
    return s


@pytest.mark.parametrize("steps,expected", [
    ((), 0),
    ((1, 2, 3), 0),                                   # grows upwards as far as it likes
    ((1, 2, 3, 5, 6, 7, 8, 9), 1),                    # 1-3 can only gain 4: at most 4 long
    ((1, 2, 6, 7), 1),                                # 1-2 gains 3-5 at most: 5, short
    ((1, 2, 7, 8), 0),                                # 1-2 takes 3-6, 7-8 grows upwards
    ((5, 6, 7, 8, 9, 14, 15, 16, 17, 18, 11, 12, (10, 1), (13, 2)), 1),   # 11-12 shut in
    ((20, 30, 40), 0),
    ((20, 23, 26), 1),                                # 23 can reach 21-25 at most: five
])
def test_solitaire_bound_cases(steps, expected):
    s = solo(*steps)
    assert ai_solo.bound(s.taken, s.breaks) == expected


def test_solitaire_bound_never_falls_and_ends_at_the_score():
    rng = random.Random(5)
    for _ in range(30):
        s = strings.SoloStrings()
        last = 0
        for p in rng.sample(range(1, 49), 48):
            s.add(p, rng.choice((UPPER, LOWER)) if s.needs_choice(p) else None)
            b = ai_solo.bound(s.taken, s.breaks)
            assert b >= last
            last = b
        assert last == s.short_count()


def test_greedy_prefers_joining_to_extending_to_a_lone_pearl():
    held = mask_of([10, 11, 13, 20, 21, 22])
    assert ai_multi.gain(held, 12) == 3 * 2
    assert ai_multi.gain(held, 23) == 4
    assert ai_multi.gain(held, 40) == 1


def test_the_blocking_yardstick_takes_the_pearl_the_rival_needs_most():
    # pearls 14, 24 and 33 on offer; the rival holds 22-23 and 25-27: 24 would join them
    pearl_at = [0] * 49
    for square, pearl in ((0, 14), (1, 24), (2, 33)):
        pearl_at[square] = pearl
    mine, rival = mask_of([13, 40]), mask_of([22, 23, 25, 26, 27])
    assert ai_multi.block_choice(pearl_at, [0, 1, 2], mine, [rival]) == 1
    assert ai_multi.greedy_choice(pearl_at, [0, 1, 2], mine) == 0  # greedy would grow its own 13


def match(players, seats_for_computer, opponent, games, nodes, seed=0):
    wins = 0
    for i in range(games):
        g = Game.new(players, GameRandom(seed + i))
        me = i % players
        seats = [opponent] * players
        seats[me] = computer_seat(ai.Computer(nodes=nodes))
        play_out(g, seats, random.Random(seed + i))
        wins += g.winners() == [me]
    return wins / games


@pytest.mark.slow
def test_computer_beats_a_random_player():
    assert match(2, 1, ai.random_move, 40, 400) >= 0.8


@pytest.mark.slow
def test_computer_beats_the_blocking_yardstick():
    assert match(2, 1, ai.blocking_move, 40, 400) >= 0.7


@pytest.mark.slow
def test_computer_beats_a_greedy_player():
    assert match(2, 1, ai.greedy_move, 40, 400) >= 0.6


@pytest.mark.slow
def test_solitaire_computer_is_at_least_very_good_on_average():
    shorts = []
    for i in range(12):
        g = Game.new(1, GameRandom(500 + i))
        play_out(g, [computer_seat(ai.Computer(width=6))], GameRandom(i))
        shorts.append(g.short_strings())
    assert sum(shorts) / len(shorts) < 1
