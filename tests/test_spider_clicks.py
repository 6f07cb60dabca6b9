"""Where a left click sends cards (the document's mouse "Moves" section, as we read it)."""
from __future__ import annotations

from vconsole_programs.spider.clicks import click, click_below, click_card
from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.rules import Move, Remove

KA = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def board(*lines: str):
    return board_from_text(list(lines))


def test_click_below_goes_to_the_next_column_to_the_right_that_takes_the_group():
    b = board("8D", "#2C 7H", "3C", "8S", "AC", "8C", "2C", "3C", "4C", "5C")
    assert click_below(b, 1) == Move(1, 1, 3)  # 8S is the first 8 to the right of column 2
    after = b.play(click_below(b, 1))
    assert click_below(after, 3) == Move(3, 1, 5)  # then on to the 8C
    after = after.play(click_below(after, 3))
    assert click_below(after, 5) == Move(5, 1, 0)  # and round past column 10 to the 8D


def test_click_below_moves_the_whole_group_only():
    b = board("#2C 9D 8H 7H", "9S", "9C")
    assert click_below(b, 0) == Move(0, 2, 1)  # the 8H 7H, not the 7H alone


def test_click_below_skips_empty_columns_while_a_card_takes_the_group():
    b = board("#2C 7H", "", "", "8S")
    assert click_below(b, 0) == Move(0, 1, 3)


def test_click_below_falls_back_on_the_first_empty_column_to_the_right():
    b = board("", "2C", "#2C 7H", "9S", "", "QD", *(["KD"] * 4))
    assert click_below(b, 2) == Move(2, 1, 4)  # first empty to the right, before the wrap to 1
    b2 = board("", "2C", "#2C 7H", "9S", "JD", *(["KD"] * 5))
    assert click_below(b2, 2) == Move(2, 1, 0)  # wrapping round


def test_click_below_with_nowhere_to_go_does_nothing():
    b = board("#2C 7H", "9S", "KD", "QD", *(["KH"] * 6))
    assert click_below(b, 0) is None
    assert click_card(b, 0, 1) is None
    assert click_below(board("7H", ""), 1) is None  # an empty column


def test_clicking_the_first_card_of_the_group_lets_it_into_an_empty_column():
    b = board("#2C 8H 7H", "", "9S")
    assert click_below(b, 0) == Move(0, 1, 2)
    assert click_card(b, 0, 1) == Move(0, 1, 1)  # the empty column is first to the right
    # and a click on the first card walks it round every place that takes it
    b2 = board("#2C 8H 7H", "9S", "", "9C")
    assert click_card(b2, 0, 1) == Move(0, 1, 1)
    after = b2.play(Move(0, 1, 1))
    assert click_card(after, 1, 1) == Move(1, 1, 2)
    after = after.play(Move(1, 1, 2))
    assert click_card(after, 2, 0) == Move(2, 0, 3)


def test_clicking_a_card_inside_the_group_moves_that_sub_group():
    b = board("#2C 9H 8H 7H", "8C", "")
    assert click_card(b, 0, 3) == Move(0, 3, 1)  # the 7H onto the 8C
    assert click_card(b, 0, 2) == Move(0, 2, 2)  # the 8H 7H fit only the empty column


def test_clicks_on_cards_outside_the_group_do_nothing():
    b = board("#2C #5D JD 9H 8H", "TS", "9C")
    assert click_card(b, 0, 0) is None  # face down
    assert click_card(b, 0, 2) is None  # face up but under the group (the JD)
    assert click_card(b, 0, 5) is None  # no such card
    assert click(b, 0, 3) == Move(0, 3, 1)
    assert click(b, 0, None) == click_below(b, 0)


def test_a_click_on_a_complete_suit_removes_it():
    b = board("#2C " + KA, "")
    assert click_below(b, 0) == Remove(0)
    assert click_card(b, 0, 1) == Remove(0)  # its King
    assert click_card(b, 0, 2) == Move(0, 2, 1)  # its Queen: the Q..A is only a part


def test_every_click_answer_is_legal_on_real_games():
    import random

    from vconsole_programs.spider.rules import new_board
    rng = random.Random(9)
    for seed in range(20):
        b = new_board(seed)
        for _ in range(80):
            for col in range(10):
                for idx in [None] + list(range(len(b.columns[col]))):
                    a = click(b, col, idx)
                    assert a is None or b.is_legal(a), (seed, col, idx, a)
            acts = list(b.legal_actions())
            if not acts:
                break
            b = b.play(rng.choice(acts))
