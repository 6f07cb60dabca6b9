"""Tommy's Mill screen: where the 24 points, segments, numbers, pieces and the clock are drawn."""
from vconsole.toolkit.legend import Legend
from vconsole.video import TextScreen
from vconsole_programs.mill.rules import SEGMENTS, Position
from vconsole_programs.mill.screen import CELL, CLOCK_ROW, PALETTE, MillScreen, clock_text, on_clock, point_at


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
            assert set(between) == {"═"}, (a, b, c)  # double lines: they stand out on mono monitors
        else:
            for y in range(ya + 1, yc):
                if y != CELL[b][1]:
                    assert scr.text(y, xa, 1) == "║", (a, b, c, y)


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


def test_the_two_sides_pieces_differ_in_shape_in_mono_not_only_in_brightness():
    mono = PALETTE.pick(True)
    white, black = mono.glyph("white"), mono.glyph("black")
    assert white != black
    # one is solid, the other has a hole: told apart on any monochrome screen
    assert "\u2588" in white and "\u25d9" in black
    colour = PALETTE.pick(False)
    assert colour["piece_white"] & 0x0F != colour["piece_black"] & 0x0F


def test_the_instructions_are_upper_case_and_every_line_fits_the_pager_unfolded():
    from vconsole.toolkit.pager import WIDTH
    from vconsole_programs.mill import help as mill_help
    lines = mill_help.TEXT.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert all(line == line.upper() for line in lines)
    for heading in ("THE BOARD:", "THE RULES:", "GAME MODES:", "ENTERING A MOVE FROM THE KEYBOARD:",
                    "ENTERING A MOVE WITH THE MOUSE:", "AUTOMATIC SAVE:", "DIFFICULTY LEVELS:", "FUNCTION KEYS:",
                    "GAME SPEED:", "MOVE BUFFER:", "COMMAND LINE PARAMETERS:"):
        assert heading in lines
    assert "COLOUR" not in mill_help.TEXT


def test_the_diagram_in_the_instructions_puts_every_number_above_or_beside_its_neighbours():
    import re

    from vconsole_programs.mill import help as mill_help
    rows = [line for line in mill_help.TEXT.splitlines() if re.fullmatch(r"[\s\d|-]+", line) and "-" in line]
    cols: dict[int, int] = {}
    for line in rows:
        for m in re.finditer(r"\d+", line):
            cols[int(m.group())] = m.end() - 1  # right edge of the number
    assert sorted(cols) == list(range(1, 25))
    # points on one vertical segment share a column (1-10-22, 2-5-8, 17-20-23 ...)
    for a, b, c in SEGMENTS:
        if CELL[a][0] == CELL[c][0]:
            assert cols[a] == cols[b] == cols[c], (a, b, c)
