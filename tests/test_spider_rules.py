"""Spider's rules: the layout, moves and sub-group moves, empty columns, turning cards,
complete suits, deals (the document's GAME RULES and Re-dealing sections)."""
from __future__ import annotations

import pytest

from vconsole.toolkit.cards import Card, counts, packs
from vconsole_programs.spider.notation import board_from_text, board_to_text
from vconsole_programs.spider.rules import (
    DOWN_AT_START,
    Board,
    Deal,
    IllegalAction,
    Move,
    Remove,
    deal_out,
    new_board,
)

C = Card.parse
SUIT_KA = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"  # a complete suit of spades, King first


def board(*lines: str) -> Board:
    return board_from_text(list(lines))


# -- the opening layout ---------------------------------------------------------------------
def test_opening_layout_has_44_face_down_10_face_up_and_50_to_deal():
    b = new_board(7)
    assert sum(b.down) == 44
    assert b.down == DOWN_AT_START
    assert [len(c) - d for c, d in zip(b.columns, b.down)] == [1] * 10
    assert [len(c) for c in b.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert len(b.stock) == 50 and b.deals_left == 5 and b.deals_done == 0
    assert counts(b.all_cards()) == counts(packs(2))


def test_the_same_number_gives_the_same_game_and_another_number_another():
    assert new_board(42) == new_board(42)
    assert new_board(42) != new_board(43)


def test_layout_order_is_round_by_round_then_face_up_then_stock():
    cards = packs(2)
    b = deal_out(cards)
    # first round: cards 0..9 at the bottom of columns 1..10
    assert [col[0] for col in b.columns] == cards[:10]
    # the fifth round reaches only the first four columns
    assert [b.columns[c][4] for c in range(4)] == cards[40:44]
    assert [col[-1] for col in b.columns] == cards[44:54]
    assert list(b.stock) == cards[54:]
    with pytest.raises(ValueError):
        deal_out(cards[:-1])


def test_notation_round_trips():
    b = new_board(3)
    assert board_from_text(board_to_text(b)) == b


# -- moves ----------------------------------------------------------------------------------
def test_a_card_goes_on_the_next_higher_card_of_any_suit():
    b = board("#2C 7H", "#3C 8S", "#4C 9H")
    assert b.is_legal(Move(0, 1, 1))
    assert not b.is_legal(Move(0, 1, 2))  # a 7 on a 9
    after = b.play(Move(0, 1, 1))
    assert after.columns[1] == (C("3C"), C("8S"), C("7H"))


def test_only_a_group_of_one_suit_in_sequence_moves_together():
    b = board("#2C 9D 8H 7H 6H", "#3C TS", "#4C 9C")
    assert b.group_start(0) == 2  # 8H 7H 6H; the 9D is of another suit
    assert not b.is_legal(Move(0, 1, 1))  # 9D 8H 7H 6H is not one suit
    assert b.is_legal(Move(0, 2, 2))  # 8H 7H 6H onto the 9C
    after = b.play(Move(0, 2, 2))
    assert after.columns[0] == (C("2C"), C("9D")) and after.down[0] == 1
    assert after.columns[2][-3:] == (C("8H"), C("7H"), C("6H"))


def test_a_sub_group_moves_on_its_own():
    b = board("#2C KD 8H 7H 6H", "#3C 7S")
    assert b.is_legal(Move(0, 4, 1))  # 6H onto the 7S
    assert not b.is_legal(Move(0, 3, 1))  # 7H on a 7
    after = b.play(Move(0, 4, 1))
    assert after.columns[0][-2:] == (C("8H"), C("7H"))
    assert after.columns[1][-1] == C("6H")


def test_any_group_goes_into_an_empty_column_even_a_king():
    b = board("#2C KD", "", "#3C 5S 4S")
    assert b.is_legal(Move(0, 1, 1))
    assert b.is_legal(Move(2, 1, 1)) and b.is_legal(Move(2, 2, 1))
    assert b.empty_columns() == [1] + list(range(3, 10))


def test_illegal_moves_are_refused_and_change_nothing():
    b = board("#2C 7H", "#3C 8S")
    for bad in (Move(0, 0, 1), Move(0, 1, 0), Move(0, 2, 1), Move(0, 1, 10), Move(1, 1, 0)):
        assert b.why_illegal(bad)
        with pytest.raises(IllegalAction):
            b.play(bad)
    assert b == board("#2C 7H", "#3C 8S")


def test_a_move_that_uncovers_a_face_down_card_turns_it_up():
    b = board("#2C #5D 7H", "#3C 8S")
    assert b.turns_card(Move(0, 2, 1))
    after = b.play(Move(0, 2, 1))
    assert after.down[0] == 1 and after.columns[0] == (C("2C"), C("5D"))
    b2 = board("#2C 8H 7H", "#3C 8S")
    assert not b2.turns_card(Move(0, 2, 1))


def test_moving_the_last_card_of_a_column_leaves_it_empty():
    b = board("7H", "8S")
    after = b.play(Move(0, 0, 1))
    assert after.columns[0] == () and after.down[0] == 0


def test_legal_moves_lists_every_legal_move_and_nothing_else():
    b = new_board(11)
    for _ in range(3):
        listed = set(b.legal_moves())
        every = {Move(s, i, d) for s in range(10) for d in range(10) for i in range(len(b.columns[s]))}
        assert listed == {m for m in every if b.is_legal(m)}
        b = b.play(Deal())


# -- complete suits -------------------------------------------------------------------------
def test_a_complete_suit_on_top_is_removed_not_moved():
    b = board("#2C 5H " + SUIT_KA, "")
    assert b.complete_on_top(0)
    assert not b.is_legal(Move(0, 2, 1))  # the whole K..A is never moved
    assert b.is_legal(Move(0, 3, 1))  # but Q..A of it may move
    after = b.play(Remove(0))
    assert after.columns[0] == (C("2C"), C("5H")) and after.removed == (0,)
    assert after.suits_complete() == 1


def test_removing_a_suit_turns_the_card_it_uncovers():
    b = board("#2C #5H " + SUIT_KA)
    assert b.turns_card(Remove(0))
    after = b.play(Remove(0))
    assert after.down[0] == 1 and after.columns[0] == (C("2C"), C("5H"))
    assert not board("#2C 5H " + SUIT_KA).turns_card(Remove(0))


def test_a_complete_suit_may_stay_on_the_table_and_still_counts():
    b = board(SUIT_KA, "9D")
    assert b.suits_complete() == 1 and b.complete_on_table() == [(0, 0)]
    assert b.is_legal(Move(1, 0, 0)) is False  # nothing goes on an Ace
    assert not b.won


def test_a_buried_complete_suit_counts_but_is_removed_only_from_the_top():
    b = board(SUIT_KA + " 9D", "TC")
    assert b.suits_complete() == 1
    assert not b.is_legal(Remove(0))
    after = b.play(Move(0, 13, 1))
    assert after.is_legal(Remove(0))


def test_remove_needs_a_complete_suit_of_one_suit():
    mixed = SUIT_KA.replace("7S", "7H")
    assert not board(mixed).is_legal(Remove(0))
    assert not board(" ".join(SUIT_KA.split()[1:])).is_legal(Remove(0))  # no King
    assert board(mixed).suits_complete() == 0


def test_the_game_is_won_with_eight_suits_complete_removed_or_not():
    full = [SUIT_KA.replace("S", s) for s in "SHDC"]
    b = board(full[0], full[1], full[2], full[3], "removed: SHDC")
    assert b.won
    assert not board(full[0], full[1], full[2], "removed: SHDC").won


# -- deals ----------------------------------------------------------------------------------
def test_a_deal_puts_one_card_on_each_column_in_order():
    b = new_board(5)
    after = b.play(Deal())
    assert [col[-1] for col in after.columns] == list(b.stock[:10])
    assert after.stock == b.stock[10:] and after.deals_done == 1
    assert after.down == b.down  # dealt cards lie face up


def test_no_deal_with_an_empty_column_or_an_empty_stock():
    b = board("7H", "", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2S", "stock: " + " ".join(["AH"] * 10))
    assert not b.can_deal() and not b.is_legal(Deal())
    full = board(*(["7H"] * 10))
    assert not full.can_deal() and full.why_illegal(Deal()) == "no cards left to deal"


def test_five_deals_and_no_more():
    b = new_board(9)
    for _ in range(5):
        assert b.can_deal()
        b = b.play(Deal())
    assert b.deals_done == 5 and not b.stock and not b.can_deal()
    assert counts(b.all_cards()) == counts(packs(2))
