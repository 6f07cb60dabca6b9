"""Spider's score, term by term, and the document's range for a won game (990-1000)."""
from __future__ import annotations

import pytest

from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.rules import Move, Remove, new_board
from vconsole_programs.spider.scoring import Score, score, score_terms

KA = "K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s} A{s}"


def board(*lines: str):
    return board_from_text(list(lines))


def test_a_new_game_scores_nothing():
    assert score(new_board(1)) == 0
    assert score_terms(new_board(1)) == Score(0, 0, 0, 0, 0)


def test_ten_points_per_card_turned_up():
    # 43 face down: one of the 44 has been turned (the board is cut down to the cards that matter)
    cols = ["#2C " * 5 + "7H", "#3C " * 5 + "8S"] + ["#4C " * 4 + "KD"] * 8
    cols[0] = "#2C " * 4 + "7H"  # 4 + 5 + 32 = 41 face down: three turned
    b = board(*cols)
    assert score_terms(b).turned == 3
    assert score(b) == 30
    after = b.play(Move(0, 4, 1))  # uncovers and turns a fourth
    assert score(after) - score(b) == 10 + 2 * 0


def test_fifteen_per_column_without_face_down_cards_empty_ones_included():
    b = board("7H", "", "#2C 8S")
    t = score_terms(b)
    assert t.clear_columns == 9  # column 3 has a face-down card; the 7 other columns are empty
    b2 = board("#5D 7H", "#5D 9S", "#2C 8S", *(["#5D 9S"] * 7))
    assert score_terms(b2).clear_columns == 0
    assert score_terms(b2.play(Move(0, 1, 2))).clear_columns == 1  # turned 5D: nothing below it


def test_two_per_card_on_the_next_higher_card_of_its_suit():
    b = board("#2C 9H 8H 7H 6S", "TD 9D 8C", "#KS QS")  # 8H, 7H, 9D: three; 6S/7H and 8C/9D off suit
    assert score_terms(b).in_suit == 3
    # a face-up card on a face-down card is not "placed", whatever the face-down card is
    assert score_terms(board("#TH 9H")).in_suit == 0


def test_fifty_per_complete_suit_removed_or_not_and_its_cards_score_nothing_more():
    on_table = board(KA.format(s="S"))
    t = score_terms(on_table)
    assert t.complete == 1 and t.kept == 1 and t.in_suit == 0
    removed = on_table.play(Remove(0))
    assert score_terms(removed).complete == 1 and score_terms(removed).kept == 0
    # removing it changes nothing but the kept count (and one or three kept earn no bonus)
    assert score(on_table) == score(removed)


def test_two_per_complete_suit_kept_beyond_the_first_three():
    suits = [KA.format(s=s) for s in "SHDCSHDC"]
    base = score_terms(board(*suits[:3], "removed: SHDCS"))
    assert base.complete == 8 and base.kept == 3
    for kept in range(9):
        b = board(*suits[:kept], "removed: " + "SHDCSHDC"[kept:])
        t = score_terms(b)
        assert t.kept == kept and t.complete == 8
        assert t.total - (15 * t.clear_columns + 10 * t.turned) == 400 + 2 * max(0, kept - 3)


@pytest.mark.parametrize("kept", range(9))
def test_a_won_game_scores_990_to_1000(kept):
    suits = [KA.format(s=s) for s in "SHDCSHDC"]
    # every one of the 44 face-down cards was turned: none is left; 10 columns are clear
    b = board(*suits[:kept], "removed: " + "SHDCSHDC"[kept:])
    assert b.won
    total = score(b)
    assert 990 <= total <= 1000
    assert total == 990 + 2 * max(0, kept - 3)
