"""Cards on the screen: faces, backs, empty places, piles, hands and compressed columns."""
from __future__ import annotations

import pytest
from helpers import run_headless

from vconsole.toolkit.cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, SPADES, Card, pack
from vconsole.toolkit.cardview import (
    BACK,
    MORE,
    back_text,
    column_plan,
    draw_card,
    draw_column,
    draw_pile,
    draw_row,
    empty_text,
    face_role,
    face_text,
)
from vconsole.toolkit.theme import WIDGET_MONO, Palette

PALETTE = Palette({}, {})
TEN_H, ACE_S = Card(10, HEARTS), Card(ACE, SPADES)


def test_one_row_faces_at_each_width():
    assert face_text(ACE_S, 3) == " A\u2660" and face_text(TEN_H, 3) == "10\u2665"
    assert face_text(ACE_S, 4) == " A\u2660 " and face_text(TEN_H, 4) == "10\u2665 "
    assert face_text(TEN_H, 5) == " 10\u2665 " and face_text(ACE_S, 5) == "  A\u2660 "
    assert face_text(Card(KING, CLUBS), 6) == "  K\u2663 \u2663"
    assert face_text(TEN_H, 7) == " 10\u2665  \u2665"
    for card in pack():
        for w in range(3, 8):
            text = face_text(card, w)
            assert len(text) == w and text.replace(" ", "").startswith(card.text)  # rank then glyph, whole
    with pytest.raises(ValueError):
        face_text(ACE_S, 2)


def test_backs_piles_and_empty_places():
    assert back_text(4) == BACK * 4
    assert back_text(4, 37) == BACK + "37" + BACK and back_text(3, 104) == "104"
    assert back_text(5, 7) == BACK * 2 + "7" + BACK * 2
    assert empty_text(4) == "[\u00b7\u00b7]" and len(empty_text(6)) == 6


def test_every_card_is_told_apart_without_colour():
    """In mono every face has the same attribute, so the text alone must differ card to card."""
    for w in (3, 4, 5, 6):
        assert len({face_text(c, w) for c in pack()}) == 52
    mono = PALETTE.pick(True)
    assert {mono[face_role(c)] for c in pack()} == {WIDGET_MONO["card_red"]} == {WIDGET_MONO["card_black"]}
    assert mono["card_red_selected"] != mono["card_red"] and mono["card_back"] != mono["card_red"]


@pytest.mark.parametrize("adapter", ["ega", "mda"])
def test_drawn_cells_use_the_card_roles(adapter):
    got = {}

    def main(dos):
        th = got["th"] = PALETTE.pick(dos.mono_display)
        scr = dos.screen
        draw_card(scr, th, 0, 0, TEN_H, 4)
        draw_card(scr, th, 0, 5, ACE_S, 4)
        draw_card(scr, th, 0, 10, ACE_S, 4, selected=True)
        draw_card(scr, th, 0, 15, ACE_S, 4, face_up=False)
        draw_card(scr, th, 0, 20, None, 4)
        draw_pile(scr, th, 0, 25, 12, 4)
        draw_pile(scr, th, 0, 30, 0, 4)

    out = run_headless(main, "", adapter=adapter)
    th, cells = got["th"], out.state.cells
    empty, pile = "[\u00b7\u00b7]", BACK + "12" + BACK
    assert out.text[0][:34] == "10\u2665   A\u2660   A\u2660  " + BACK * 4 + f" {empty} {pile} {empty}"
    assert [int(cells[0, c, 1]) for c in (0, 5, 10, 15, 20, 25, 30)] == [
        th["card_red"], th["card_black"], th["card_black_selected"], th["card_back"], th["card_empty"],
        th["card_back"], th["card_empty"]]
    if adapter == "ega":
        assert th["card_red"] & 0x0F == 0x04 and th["card_black"] & 0x0F == 0x00  # red suits in red


def test_tall_cards():
    def main(dos):
        th = PALETTE.pick(False)
        draw_card(dos.screen, th, 0, 0, Card(10, DIAMONDS), 5, 4)
        draw_card(dos.screen, th, 0, 6, Card(ACE, SPADES), 5, 4, face_up=False, count=50)
        draw_card(dos.screen, th, 0, 12, None, 5, 3)

    out = run_headless(main, "")
    rows = [line[:17] for line in out.text[:4]]
    assert rows[0] == "10\u2666   " + BACK * 5 + " \u250c\u2500\u2500\u2500\u2510"
    assert rows[2] == "  \u2666   " + BACK + "50" + BACK * 2 + " \u2514\u2500\u2500\u2500\u2518"
    assert rows[3] == "  \u266610 " + BACK * 5 + "      "


def test_a_hand_in_a_row_with_a_hit_map():
    got = {}

    def main(dos):
        th = PALETTE.pick(False)
        hand = [Card(r, HEARTS) for r in range(1, 11)]
        got["hits"] = draw_row(dos.screen, th, 20, 0, hand, 4, 1, selected=2)
        draw_row(dos.screen, th, 21, 0, [None, Card(2, CLUBS)], 4, 1, face_up=[True, False])

    out = run_headless(main, "")
    hits = got["hits"]
    assert hits.at(20, 0) == 0 and hits.at(20, 3) == 0 and hits.at(20, 4) is None and hits.at(20, 45) == 9
    assert out.text[20][:10] == " A\u2665   2\u2665  "
    assert out.state.cells[20, 10, 1] == PALETTE.pick(False)["card_red_selected"]
    assert out.text[21][:9] == "[\u00b7\u00b7] " + BACK * 4


# -- columns -------------------------------------------------------------------------------
def test_column_plan_fits_collapses_then_compresses():
    assert column_plan(5, 4, 10) == [("card", i, 0) for i in range(5)]
    # 5 face down + 10 up in 12 rows: the backs become one row with their count
    assert column_plan(15, 5, 12) == [("down", 4, 5)] + [("card", i, 0) for i in range(5, 15)]
    # 5 down + 20 up in 12 rows: the first face-up card, a marker, then the last nine
    plan = column_plan(25, 5, 12)
    assert plan[:3] == [("down", 4, 5), ("card", 5, 0), ("more", 6, 10)]
    assert plan[3:] == [("card", i, 0) for i in range(16, 25)] and len(plan) == 12
    # no face-down cards: the marker comes right after the first card
    assert column_plan(20, 0, 6) == [("card", 0, 0), ("more", 1, 15), ("card", 16, 0), ("card", 17, 0),
                                     ("card", 18, 0), ("card", 19, 0)]
    # too little room for the backs' row and a marker: one marker for all under the top card
    assert column_plan(3, 1, 2) == [("more", 0, 2), ("card", 2, 0)]
    assert column_plan(10, 3, 2) == [("more", 0, 9), ("card", 9, 0)]
    assert column_plan(10, 3, 3) == [("down", 2, 3), ("more", 3, 6), ("card", 9, 0)]
    assert column_plan(10, 3, 1) == [("card", 9, 0)]  # one row: the card that matters, the top one
    assert column_plan(10, 0, 2) == [("more", 0, 9), ("card", 9, 0)]
    with pytest.raises(ValueError):
        column_plan(3, 0, 0)


def test_every_card_of_a_plan_is_shown_or_counted():
    for n in range(0, 40):
        for down in range(0, min(n, 8) + 1):
            for room in range(2, 20):
                plan = column_plan(n, down, room)
                assert len(plan) <= room
                covered = []
                for kind, i, count in plan:
                    covered += [i] if kind == "card" else list(range(i - count + 1, i + 1)) if kind == "down" \
                        else list(range(i, i + count))
                assert sorted(covered) == list(range(n)), (n, down, room)
                # the top card is always shown (face up, or with the collapsed backs when all are down)
                assert plan[-1:] == [] or plan[-1][:2] in (("card", n - 1), ("down", n - 1))
    assert column_plan(7, 2, 1) == [("card", 6, 0)]


@pytest.mark.parametrize("adapter", ["ega", "mda"])
def test_draw_column_maps_rows_to_cards(adapter):
    got = {}
    cards = [Card(r, SPADES) for r in range(1, 14)] + [Card(r, HEARTS) for r in range(13, 0, -1)]

    def main(dos):
        th = got["th"] = PALETTE.pick(dos.mono_display)
        got["full"] = draw_column(dos.screen, th, 2, 0, 6, cards[:8], 20, down=3)
        got["squeezed"] = draw_column(dos.screen, th, 2, 10, 6, cards, 12, down=4, selected_from=24)
        got["empty"] = draw_column(dos.screen, th, 2, 20, 6, [], 12)

    out = run_headless(main, "", adapter=adapter)
    full, sq, empty = got["full"], got["squeezed"], got["empty"]
    assert full.rows == {2 + i: i for i in range(8)} and full.bottom == 9
    assert out.text[2][:6] == BACK * 6 and out.text[5][:6] == "  4\u2660 \u2660"
    # 4 down collapsed to one row, then 4s (index 4), a marker, the last nine
    assert out.text[2][10:16] == BACK * 2 + "4" + BACK * 3
    assert sq.index_at(2) == 3 and sq.index_at(3) == 4 and sq.index_at(4) is None
    assert MORE in out.text[4][10:16] and "12" in out.text[4][10:16] and sq.hidden == range(5, 17)
    assert [sq.index_at(r) for r in range(5, 14)] == list(range(17, 26)) and sq.bottom == 13
    assert sq.row_of(25) == 13 and sq.row_of(10) is None
    th = got["th"]
    assert out.state.cells[12, 11, 1] == th["card_red_selected"] and out.state.cells[11, 11, 1] == th["card_red"]
    assert empty.rows == {} and out.text[2][20:26] == "[\u00b7\u00b7\u00b7\u00b7]"


def test_draw_column_clears_what_a_longer_column_left():
    def main(dos):
        th = PALETTE.pick(False)
        draw_column(dos.screen, th, 0, 0, 5, [Card(r, CLUBS) for r in range(1, 11)], 20)
        green = Palette({"green": 0x20}, {"green": 0x20}).pick(False)
        draw_column(dos.screen, green, 0, 0, 5, [Card(1, CLUBS)], 20, blank=20, blank_role="green")

    out = run_headless(main, "")
    assert out.text[0][:5] == "  A\u2663 " and out.text[1][:5] == "     " and out.state.cells[5, 2, 1] == 0x20
