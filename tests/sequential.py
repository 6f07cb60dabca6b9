"""A sequential test of a win rate (Wald's SPRT), for the slow statistical tests.

A fixed match of N games spends the same time whether the result is plain after a third of
them or not. Wald's sequential probability ratio test plays until the evidence is strong
enough either way, with the error rates chosen up front: it decides between "the rate is at
least ``good``" and "it is ``bad`` or worse" with at most ``alpha`` chance of failing a player
that really plays at ``good`` and ``beta`` of passing one at ``bad``. For the same errors it
needs far fewer games on average than a fixed match (Wald, *Sequential Analysis*, 1947, ch. 5).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    passed: bool
    games: int
    wins: int

    def __str__(self) -> str:
        return f"{'passed' if self.passed else 'failed'} after {self.games} games, {self.wins} won"


def sequential_rate(won: Callable[[int], bool], good: float, bad: float, *, alpha: float, beta: float,
                    most: int) -> Verdict:
    """Play game ``g`` = 0, 1, ... (``won(g)`` is True for a win) until the log-likelihood ratio of
    ``good`` against ``bad`` leaves Wald's bounds; past ``most`` games, the side it leans to."""
    assert 0 < bad < good < 1
    upper, lower = math.log((1 - beta) / alpha), math.log(beta / (1 - alpha))
    step_win, step_other = math.log(good / bad), math.log((1 - good) / (1 - bad))
    llr, wins = 0.0, 0
    for g in range(most):
        if won(g):
            wins, llr = wins + 1, llr + step_win
        else:
            llr += step_other
        if llr >= upper:
            return Verdict(True, g + 1, wins)
        if llr <= lower:
            return Verdict(False, g + 1, wins)
    return Verdict(llr > 0, most, wins)
