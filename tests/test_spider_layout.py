"""Which row of a column shows which card: VIEW's split and the compression of long columns."""
from __future__ import annotations

import pytest

from vconsole_programs.spider.layout import index_at, plan_column, row_of


def shown(rows):
    """Every card index a plan accounts for, shown or counted, in order."""
    out = []
    for kind, i, k in rows:
        if kind == "card":
            out += [i]
        elif kind == "down":
            out += list(range(i - k + 1, i + 1))
        else:  # a compression marker or VIEW's split: k cards from card i
            out += list(range(i, i + k))
    return out


def test_a_column_that_fits_is_one_card_a_row():
    assert plan_column(6, 5, 21) == [("card", i, 0) for i in range(6)]
    assert plan_column(0, 0, 21) == []


def test_a_long_column_folds_its_face_down_cards_first():
    rows = plan_column(25, 5, 21)
    assert rows[0] == ("down", 4, 5)
    assert len(rows) == 21 and rows[-1] == ("card", 24, 0)
    assert shown(rows) == list(range(25))


def test_then_the_middle_of_the_face_up_cards_with_the_number_left_out():
    rows = plan_column(40, 4, 21)
    assert len(rows) == 21
    assert rows[0] == ("down", 3, 4) and rows[1] == ("card", 4, 0)
    kinds = [r[0] for r in rows]
    assert kinds.count("more") == 1
    more = rows[kinds.index("more")]
    assert more[2] == 40 - 4 - (21 - 2)
    assert rows[-1] == ("card", 39, 0)
    assert shown(rows) == list(range(40))


@pytest.mark.parametrize("n,down,room", [(30, 0, 5), (30, 10, 3), (14, 13, 2), (50, 5, 21), (9, 3, 1)])
def test_every_card_is_shown_or_counted_and_the_top_card_always_shown(n, down, room):
    rows = plan_column(n, down, room)
    assert len(rows) <= room
    assert rows[-1] == ("card", n - 1, 0)
    if room > 1:
        assert shown(rows) == list(range(n))


def test_view_hides_the_same_lines_of_every_column_but_never_a_top_card():
    split = (3, 8)
    long = plan_column(15, 2, 21, split)
    assert long[:3] == [("card", 0, 0), ("card", 1, 0), ("card", 2, 0)]
    assert long[3] == ("split", 3, 6)
    assert long[4] == ("card", 9, 0) and long[-1] == ("card", 14, 0)
    # a column whose top card is among the hidden lines keeps it, just after the marker
    mid = plan_column(7, 2, 21, split)
    assert mid[3] == ("split", 3, 3) and mid[4:] == [("card", 6, 0)]
    # a column that does not reach the split is untouched
    assert plan_column(4, 2, 21, split) == [("card", i, 0) for i in range(4)]


def test_clicks_map_rows_to_cards():
    rows = plan_column(25, 5, 21)
    assert index_at(rows, 0) == 4  # the folded face-down row: the last face-down card
    assert index_at(rows, 1) == 5
    assert index_at(rows, 20) == 24
    assert index_at(rows, 21) is None and index_at(rows, -1) is None
    rows = plan_column(15, 2, 21, (3, 8))
    assert index_at(rows, 3) is None  # the marker
    assert row_of(rows, 9) == 4 and row_of(rows, 5) is None


def test_view_hides_what_the_picked_lines_show_even_in_a_compressed_column():
    # 29 cards, 4 face down, in 20 rows: the face-down fold, K, a marker for 7 cards, then one a row
    normal = plan_column(29, 4, 20)
    assert normal[:4] == [("down", 3, 4), ("card", 4, 0), ("more", 5, 7), ("card", 12, 0)]
    assert normal[7] == ("card", 16, 0)
    rows = plan_column(29, 4, 20, (3, 7))  # the lines showing cards 12 and 16
    assert rows[:3] == normal[:3] and rows[3] == ("split", 12, 5) and rows[4] == ("card", 17, 0)
    assert rows[-1] == ("card", 28, 0) and shown(rows) == list(range(29))
    # a line showing a marker or the fold hides all the cards it stands for
    rows = plan_column(29, 4, 20, (0, 2))
    assert rows[0] == ("split", 0, 12) and shown(rows) == list(range(29))


def test_what_follows_the_split_gets_the_room_left_and_may_show_more():
    # hiding the fold and the K (two lines, five cards) leaves 19 rows for 24 cards: the
    # marker now stands for six spades, not seven
    rows = plan_column(29, 4, 20, (0, 1))
    assert rows[0] == ("split", 0, 5) and rows[1] == ("card", 5, 0) and rows[2] == ("more", 6, 6)
    assert len(rows) == 20 and shown(rows) == list(range(29))


@pytest.mark.parametrize("first,last", [(1, 2), (2, 5), (3, 3), (0, 19), (6, 12)])
def test_the_split_marker_is_on_the_same_line_in_every_column_it_reaches(first, last):
    for n, down in [(29, 4), (30, 0), (7, 6), (12, 5), (21, 3), (40, 10), (5, 4), (2, 1)]:
        normal = plan_column(n, down, 20)
        rows = plan_column(n, down, 20, (first, last))
        assert len(rows) <= 20 and rows[-1] == ("card", n - 1, 0)
        assert shown(rows) == list(range(n))
        if len(normal) - 1 > first:
            assert rows[:first] == normal[:first] and rows[first][0] == "split"
            assert [r[0] for r in rows].count("split") == 1
        else:
            assert rows == normal
