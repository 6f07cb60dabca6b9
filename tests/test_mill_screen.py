"""Tommy's Mill screen: where the 24 points, segments, numbers, pieces and the clock are drawn."""
from vconsole_programs.mill.rules import SEGMENTS, Position
from vconsole_programs.mill.screen import (CELL, CLOCK_ROW, PALETTE, MillScreen, clock_text, on_clock, point_at)
from vconsole.toolkit.legend import Legend
from vconsole.video import TextScreen


class _Dos:
    def __init__(self):
        self.screen = TextScreen()


def draw(pos, mono=False, **kw):
    dos = _Dos()
    view = MillScreen(dos, PALETTE.pick(mono), Legend())
    view.draw_frame()
    view.draw_board(pos, **kw)
    return dos.screen


def test_points_follow_the_numbering_of_the_instructions():
    rows = {}
    for p, (x, y) in CELL.items():
        rows.setdefault(y, []).append((x, p))
    order = [p for y in sorted(rows) for _, p in sorted(rows[y])]
    assert order == list(range(1, 25))
    # the middle row is split in two by the inner square
    assert [p for _, p in sorted(rows[CELL[10][1]])] == [10, 11, 12, 13, 14, 15]


def test_every_point_and_its_number_label_answer_a_click():
    for p, (x, y) in CELL.items():
        assert point_at(y, x) == p and point_at(y, x - 1) == p and point_at(y, x + 1) == p
        assert point_at(y - 1, x + 1) == p
    assert point_at(CLOCK_ROW, 22) is None and on_clock(CLOCK_ROW, 22)
    assert not on_clock(*reversed(CELL[12]))


def test_segments_are_drawn_between_their_end_points():
    scr = draw(Position.start())
    for a, b, c in SEGMENTS:
        (xa, ya), (xc, yc) = CELL[a], CELL[c]
        if ya == yc:
            between = scr.text(ya, xa + 1, xc - xa - 1).replace("■", "")
            assert set(between) == {"─"}, (a, b, c)
        else:
            for y in range(ya + 1, yc):
                if y != CELL[b][1]:
                    assert scr.text(y, xa, 1) == "│", (a, b, c, y)


def test_numbers_stay_visible_when_pieces_cover_the_points():
    pos = Position.from_points(white=[1, 5, 24], black=[12, 13], in_hand=(6, 7))
    scr = draw(pos)
    for p, (x, y) in CELL.items():
        assert scr.text(y - 1, x + 1, len(str(p))) == str(p)
        cell = scr.text(y, x - 1, 3)
        if pos.at(p) is None:
            assert cell[1] == "■"
        else:
            assert cell == "▐█▌"
    colour = PALETTE.pick(False)
    x, y = CELL[1]
    assert scr.read(y, x)[1] == colour["piece_white"]
    x, y = CELL[12]
    assert scr.read(y, x)[1] == colour["piece_black"] and colour["piece_black"] != colour["piece_white"]


def test_mono_pieces_differ_in_shape_not_only_in_colour():
    scr = draw(Position.from_points(white=[1], black=[2], in_hand=(8, 8)), mono=True)
    assert scr.text(CELL[1][1], CELL[1][0] - 1, 3) != scr.text(CELL[2][1], CELL[2][0] - 1, 3)
    mono_attrs = set(PALETTE.mono.values())
    assert mono_attrs <= {0x07, 0x0F, 0x70, 0x01, 0x09, 0x87, 0x8F}


def test_selected_piece_and_clock():
    pos = Position.from_points(white=[1], black=[2], in_hand=(8, 8))
    scr = draw(pos, selected=1, clock=3725)
    assert scr.read(CELL[1][1], CELL[1][0])[1] == PALETTE.pick(False)["selected_white"]
    assert "1:02:05" in scr.text(CLOCK_ROW)
    assert clock_text(65) == "01:05" and clock_text(0) == "00:00"
