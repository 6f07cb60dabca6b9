"""The automatic player and HELP: legal, blind to face-down cards, and able to win."""
from __future__ import annotations

import random

import pytest

from vconsole.toolkit.cards import counts, packs
from vconsole_programs.spider import ai
from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.rules import Board, Deal, Move, Remove, new_board
from vconsole_programs.spider.scoring import score


def positions(seeds, steps=40):
    """Boards from random play (favouring moves that turn cards), for checks on many positions."""
    rng = random.Random(77)
    for seed in seeds:
        b = new_board(seed)
        for _ in range(steps):
            yield b
            acts = list(b.legal_actions())
            if not acts:
                break
            good = [a for a in acts if isinstance(a, Remove) or b.turns_card(a)]
            b = b.play(rng.choice(good) if good and rng.random() < 0.8 else rng.choice(acts))


def hidden_shuffled(b: Board, seed: int) -> Board:
    """The same board as a player sees it, with the face-down cards and the stock shuffled."""
    rng = random.Random(seed)
    hidden = [c for col, d in zip(b.columns, b.down) for c in col[:d]] + list(b.stock)
    rng.shuffle(hidden)
    it = iter(hidden)
    cols = tuple(tuple(next(it) for _ in range(d)) + col[d:] for col, d in zip(b.columns, b.down))
    stock = tuple(it)
    return Board(cols, b.down, stock, b.removed)


def test_help_never_suggests_an_illegal_action_and_is_off_with_an_empty_column():
    n = 0
    for b in positions(range(8), 30):
        h = ai.hint(b, budget=200)
        if b.empty_columns():
            assert h is None
        elif h is not None:
            assert b.is_legal(h), (h, b)
            n += 1
    assert n > 50  # it did suggest things


def test_help_suggests_a_deal_when_nothing_else_helps():
    b = board_from_text(["#2C 7H", "#3C 9S", "#4C KD", "#5C KD", "#6C KD", "#7C KD", "#8C KD",
                         "#9C KD", "#TC KD", "#JC KD", "stock: " + " ".join(["AH"] * 10)])
    assert ai.hint(b) == Deal()


def test_help_takes_a_card_that_turns_one_up():
    b = board_from_text(["#2C 7H", "#3C 8S", *(["#4C KD"] * 8), "stock: " + " ".join(["AH"] * 10)])
    assert ai.hint(b) == Move(0, 1, 1)


def test_the_player_sees_no_face_down_card():
    for i, b in enumerate(positions(range(3), 25)):
        if i % 5:
            continue
        other = hidden_shuffled(b, i)
        assert other != b or not b.face_down()
        assert ai.View.of(other) == ai.View.of(b)
        assert ai.choose(ai.View.of(other), 300) == ai.choose(ai.View.of(b), 300)


def test_the_view_counts_the_unseen_cards_as_a_player_could():
    b = new_board(4)
    v = ai.View.of(b)
    assert sum(k for _, k in v.unseen) == 94  # 104 less the 10 face-up cards
    b = board_from_text(["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "removed: H"])
    v = ai.View.of(b)
    assert sum(k for _, k in v.unseen) == 104 - 26


def test_plans_are_legal_and_conserve_the_cards():
    for seed in (3, 8):
        b = new_board(seed)
        for _ in range(25):
            plan = ai.choose(ai.View.of(b), 400)
            if not plan:
                break
            for a in plan:
                assert b.is_legal(a)
                b = b.play(a)
                assert counts(b.all_cards()) == counts(packs(2))


def test_a_plan_stops_at_the_first_card_it_turns():
    b = new_board(21)
    for _ in range(20):
        plan = ai.choose(ai.View.of(b), 400)
        if not plan:
            break
        for i, a in enumerate(plan):
            turned = not isinstance(a, Deal) and b.turns_card(a)
            b = b.play(a)
            assert not turned or i == len(plan) - 1


@pytest.mark.slow
def test_the_player_wins_some_games_and_a_won_game_scores_990_to_1000():
    won = 0
    for seed in range(1, 11):  # a smaller budget than the benchmark's, to keep the suite short
        b, _ = ai.autoplay(new_board(seed), budget=2000, look=0)
        if b.won:
            won += 1
            assert 990 <= score(b) <= 1000
    assert won >= 1
