"""Anciento's master: the lookup tables agree with the rules, its lines are legal and score what it says."""
from __future__ import annotations

import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vconsole_programs.anciento.ai import THINKING, Beam, Master, Params
from vconsole_programs.anciento.fit_table import BASE, VOID, keys_of, tables
from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.rules import CELLS, EMPTY, NEIGHBOURS, fits
from vconsole_programs.anciento.stones import KINDS, numbered_deal, pattern_of, shape_of

digit = st.integers(0, VOID)


def quatro_possible(stone: int, neighbours: list[int]) -> bool:
    """Written out again: every neighbour matches, at most two by shape only, two by pattern only."""
    if not neighbours:
        return False
    so = po = 0
    for m in neighbours:
        s, p = shape_of(m) == shape_of(stone), pattern_of(m) == pattern_of(stone)
        if not (s or p):
            return False
        so += s and not p
        po += p and not s
    return so <= 2 and po <= 2


@settings(max_examples=400, deadline=None)
@given(st.lists(digit, min_size=4, max_size=4))
def test_lookup_tables_agree_with_the_rules(digits):
    fit, count, qfit = tables()
    key = ((digits[0] * BASE + digits[1]) * BASE + digits[2]) * BASE + digits[3]
    neighbours = [d for d in digits if d != VOID]
    assert count[key] == len(neighbours)
    for t in range(KINDS):
        assert bool((int(fit[key]) >> t) & 1) == fits(t, neighbours)
        assert bool((int(qfit[key]) >> t) & 1) == quatro_possible(t, neighbours)


def test_keys_of_a_board_name_each_square_s_neighbours():
    deal = numbered_deal(11)
    g = Game(deal)
    for c in g.legal()[:3]:
        g.place(c)
    board = np.array([[VOID if s == EMPTY else s for s in g.position.board] + [VOID]])
    keys = keys_of(board)[0]
    fit, count, _ = tables()
    for c in range(CELLS):
        assert count[keys[c]] == sum(g.position.board[m] != EMPTY for m in NEIGHBOURS[c])
        legal_here = bool((int(fit[keys[c]]) >> g.stone) & 1) and g.position.board[c] == EMPTY
        assert legal_here == bool(g.match(c))


def replay(deal, moves):
    g = Game(deal)
    for m in moves:
        g.place(m)                       # raises if the master made an illegal move
    return g


@pytest.mark.parametrize("number", [1, 2, 505])
def test_a_beam_line_is_legal_and_scores_what_it_promises(number):
    deal = numbered_deal(number)
    plan = Beam(deal, Game(deal).position, Params(width=60)).run()
    g = replay(deal, plan.moves)
    assert g.final().total == plan.total and g.final().quatros == plan.quatros
    assert g.all_placed or g.blocked


def test_the_search_is_deterministic():
    deal = numbered_deal(8)
    a = Beam(deal, Game(deal).position, Params(width=80)).run()
    b = Beam(deal, Game(deal).position, Params(width=80)).run()
    assert a == b


def test_a_wider_beam_is_not_worse_on_average():
    totals = {w: [] for w in (5, 300)}
    for n in range(1, 6):
        deal = numbered_deal(n)
        for w in totals:
            totals[w].append(Beam(deal, Game(deal).position, Params(width=w)).run().total)
    assert statistics.mean(totals[300]) > statistics.mean(totals[5])


def test_a_search_from_mid_game_keeps_the_incumbent_line_or_betters_it():
    deal = numbered_deal(21)
    g = Game(deal)
    for m in Beam(deal, g.position, Params(width=40)).run().moves[:20]:
        g.place(m)
    known = Beam(deal, g.position, Params(width=150)).run()
    again = Beam(deal, g.position, Params(width=2), incumbent=known.moves).run()
    assert again.total >= known.total
    assert replay(deal, g.moves + again.moves).final().total == again.total


def test_master_yields_thinking_and_moves_and_its_game_scores_its_plan():
    deal = numbered_deal(3)
    m = Master(deal, Params(width=50), commit=8)
    items = list(m.play(Game(deal).position))
    moves = [x for x in items if x is not THINKING]
    assert THINKING in items and moves
    assert items.index(moves[0]) < len(items) - len(moves)     # first moves come before the last search
    g = replay(deal, moves)
    assert m.plan is not None and m.plan.moves == tuple(moves) and g.final().total == m.plan.total


@pytest.mark.slow
def test_master_with_a_small_budget_plays_well():
    totals = []
    for n in (1, 2, 3):
        deal = numbered_deal(n)
        m = Master(deal, Params(width=300), commit=6)
        totals.append(replay(deal, m.line(Game(deal).position)).final().total)
    assert statistics.median(totals) > 20000, totals
