"""The sequential win-rate test used by the slow statistical tests (tests/sequential.py)."""
from __future__ import annotations

import random

from sequential import sequential_rate


def _player(rate: float, seed: int):
    rng = random.Random(seed)
    return lambda g: rng.random() < rate


def test_its_error_rates_hold_and_it_needs_fewer_games_than_a_fixed_match():
    # a player at the good rate passes, one at the bad rate fails, each about as often as promised
    runs = 400
    good = [sequential_rate(_player(0.8, s), 0.8, 0.55, alpha=0.05, beta=0.05, most=400) for s in range(runs)]
    bad = [sequential_rate(_player(0.55, s), 0.8, 0.55, alpha=0.05, beta=0.05, most=400) for s in range(runs)]
    assert sum(not v.passed for v in good) <= 0.05 * runs * 1.6
    assert sum(v.passed for v in bad) <= 0.05 * runs * 1.6
    assert sum(v.games for v in good) / runs < 30  # a fixed match with these errors needs about 35


def test_a_plain_result_stops_early_and_the_verdict_says_how_it_got_there():
    v = sequential_rate(lambda g: True, 0.95, 0.85, alpha=0.04, beta=0.08, most=100)
    assert v.passed and v.games == v.wins < 100 and "passed after" in str(v)
    v = sequential_rate(lambda g: g % 2 == 0, 0.95, 0.85, alpha=0.04, beta=0.08, most=100)
    assert not v.passed and v.games < 20
