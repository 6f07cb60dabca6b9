"""Board geometry, the board cursor and its marks (attribute, inverted, frame, brackets, blinking)."""
from __future__ import annotations

import numpy as np
import pytest
from helpers import run_headless

from vconsole.keyboard import Key, word_for
from vconsole.toolkit.board import RATES, Blinker, Board, BoardCursor, CursorMark, cursor_cells, inverted, paint_cursor
from vconsole.toolkit.theme import Palette

PALETTE = Palette({}, {})
MARK = Palette({"mark": 0x70}, {"mark": 0x70}).pick(False)
PEARL_ROWS = (3, 5, 7, 7, 5, 7, 7, 5, 3)


def pearls_valid(r, c):
    lo = (7 - PEARL_ROWS[r]) // 2
    return lo <= c < lo + PEARL_ROWS[r]


def pearls(**kw):
    return Board(9, 7, top=3, left=2, cell_h=2, cell_w=4, gap_w=1, valid=pearls_valid, **kw)


def key(name):
    return Key(word_for(name))


def walk(cursor, *names):
    for n in names:
        assert cursor.handle(key(n)), n
    return cursor.pos


# -- geometry -------------------------------------------------------------------------------
def test_square_rectangles_and_clicks_with_gaps():
    b = Board(10, 10, top=1, left=40, cell_h=1, cell_w=3, gap_h=1, gap_w=1)
    assert b.rect(0, 0) == (1, 40, 1, 42)
    assert b.rect(2, 3) == (5, 52, 5, 54)
    assert b.rect(9, 9) == (19, 76, 19, 78)
    assert b.square_at(5, 53) == (2, 3) and b.square_at(5, 54) == (2, 3)
    assert b.square_at(5, 55) is None  # the gap between columns
    assert b.square_at(6, 53) is None  # the gap between rows
    assert b.square_at(0, 40) is None and b.square_at(1, 39) is None


def test_odd_shaped_board_has_49_squares_and_clicks_only_land_on_them():
    b = pearls()
    assert len(list(b.squares())) == 49
    assert [sum(1 for c in range(7) if b.is_square(r, c)) for r in range(9)] == list(PEARL_ROWS)
    top, left, bottom, right = b.rect(0, 0)  # not a square of the board
    assert b.square_at(top, left) is None
    t, lf, bo, ri = b.rect(0, 2)
    assert b.square_at(t, lf) == (0, 2) and b.square_at(bo, ri) == (0, 2)


def test_a_board_off_the_screen_is_refused():
    with pytest.raises(ValueError):
        Board(10, 10, top=20, cell_h=1)
    with pytest.raises(ValueError):
        Board(3, 30, cell_w=3)


# -- the cursor -----------------------------------------------------------------------------
def test_arrows_stop_at_the_edge_or_wrap():
    b = Board(4, 4)
    c = BoardCursor(b, at=(0, 0))
    assert c.handle(key("Up")) and c.pos == (0, 0)  # used, but nowhere to go
    assert walk(c, "Right", "Right", "Right", "Right") == (0, 3)
    w = BoardCursor(b, at=(0, 0), wrap=True)
    assert walk(w, "Up") == (3, 0) and walk(w, "Left") == (3, 3) and walk(w, "Down", "Right") == (0, 0)


def test_corners_home_and_other_keys():
    c = BoardCursor(Board(10, 10), at=(4, 4))
    assert walk(c, "Home") == (0, 0) and walk(c, "PgUp") == (0, 9)
    assert walk(c, "End") == (9, 0) and walk(c, "PgDn") == (9, 9)
    assert c.home == (4, 4)  # the middle, upper-left of the four centre squares
    assert walk(c, "Gray*") == (4, 4)
    assert c.handle(key("Enter")) is False and c.handle(key("a")) is False and c.pos == (4, 4)
    assert BoardCursor(Board(10, 10), home=(2, 7)).pos == (2, 7)
    with pytest.raises(ValueError):
        BoardCursor(pearls(), home=(0, 0))


def test_keypad_keys_move_the_cursor_with_num_lock_on_or_off():
    c = BoardCursor(Board(5, 5), at=(2, 2))
    assert key("Shift+KP8").name == "Up"  # Num Lock off (or shifted): the BIOS word of the gray key
    assert walk(c, "Shift+KP8") == (1, 2)
    assert walk(c, "KP2", "KP2", "KP4", "KP6", "KP6") == (3, 3)  # Num Lock on: keypad digits
    assert walk(c, "KP7") == (0, 0) and walk(c, "KP3") == (4, 4) and walk(c, "KP9") == (0, 4)
    assert walk(c, "KP1") == (4, 0)
    assert c.handle(key("8")) is False  # the top-row 8 is a digit, not an arrow
    off = BoardCursor(Board(5, 5), at=(2, 2), keypad_digits=False)
    assert off.handle(key("KP8")) is False and off.pos == (2, 2)


def test_skip_passes_over_occupied_squares():
    occupied = {(3, 5), (4, 5), (5, 4)}
    c = BoardCursor(Board(10, 10), at=(5, 5), skip=lambda r, c: (r, c) in occupied)
    assert walk(c, "Up") == (2, 5)
    assert walk(c, "Down") == (5, 5)
    assert walk(c, "Left") == (5, 3)
    # a whole column ahead taken: the nearest free square in the next row that way
    full = BoardCursor(Board(3, 3), at=(2, 1), skip=lambda r, c: c == 1 and r < 2)
    assert walk(full, "Up") == (1, 0)
    # the corners skip too: the nearest free square to the corner
    corner = BoardCursor(Board(5, 5), at=(2, 2), skip=lambda r, c: (r, c) == (0, 0))
    assert walk(corner, "Home") in ((0, 1), (1, 0))


def test_odd_shaped_board_cursor_climbs_to_the_nearest_square():
    c = BoardCursor(pearls())
    assert c.pos == (4, 3)
    assert walk(c, "Up", "Up", "Up") == (1, 3)
    assert walk(c, "Left", "Left") == (1, 1)
    assert walk(c, "Up") == (0, 2)  # nothing straight up: the nearest square of the row above
    assert walk(c, "Left") == (1, 1)  # and left of the top row: the nearest in the column to the left
    assert walk(c, "Left") == (2, 0)
    assert walk(c, "Down") == (3, 0)
    assert walk(c, "Down") == (5, 0)  # (4, 0) is not a square: passed over
    assert walk(c, "Home") == (1, 1) and walk(c, "PgDn") == (7, 5)  # the squares nearest the corners
    w = BoardCursor(pearls(), at=(1, 1), wrap=True)
    assert walk(w, "Up") == (7, 1)  # wrapping round the column to its last square
    # every arrow from every square lands on a square
    for sq in pearls().squares():
        for k in ("Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn"):
            cc = BoardCursor(pearls(), at=sq)
            cc.handle(key(k))
            assert pearls_valid(*cc.pos)


def test_straight_moves_pass_over_holes_in_a_column():
    c = BoardCursor(pearls(), at=(3, 0))
    assert walk(c, "Down") == (5, 0)  # (4, 0) is not on the board: passed over


# -- drawing --------------------------------------------------------------------------------
def test_cursor_cells_for_each_style():
    b = Board(3, 3, top=1, left=1, cell_h=1, cell_w=3, gap_h=1, gap_w=1)
    assert cursor_cells(b, (0, 0), "attr") == [(1, 1, None), (1, 2, None), (1, 3, None)]
    frame = cursor_cells(b, (1, 1), "frame")  # in the gaps around the square
    assert (2, 4, "\u250c") in frame and (4, 8, "\u2518") in frame and len(frame) == 12
    assert {(r, c) for r, c, _ in cursor_cells(b, (1, 1), "brackets")} == {(3, 4), (3, 8)}
    tight = Board(2, 2, cell_h=3, cell_w=5)  # no gaps: the frame goes over the square's own edge
    cells = cursor_cells(tight, (0, 0), "frame")
    assert {(r, c) for r, c, _ in cells} == {(r, c) for r in range(3) for c in range(5) if r != 1 or c in (0, 4)}
    with pytest.raises(ValueError):
        cursor_cells(tight, (0, 0), "sparkle")


def test_inverted_attribute_shows_on_any_square():
    assert inverted(0x1E, mono=False) == 0x69 and inverted(0x07, mono=False) == 0x70
    assert inverted(0x70, mono=True) == 0x07 and inverted(0x07, mono=True) == 0x70
    assert inverted(0x0F, mono=True) == 0x70 and inverted(0xF0, mono=True) == 0x07


@pytest.mark.parametrize("adapter", ["ega", "mda"])
@pytest.mark.parametrize("style", ["attr", "invert", "frame", "brackets"])
def test_cursor_mark_paints_and_puts_back_exactly(adapter, style):
    got = {}

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        scr = dos.screen
        b = Board(4, 4, top=2, left=2, cell_h=2, cell_w=4, gap_h=1, gap_w=1)
        for r, c in b.squares():
            t, lf, bo, ri = b.rect(r, c)
            scr.fill(t, lf, bo, ri, "x", 0x07)
        before = scr.dump()
        mark = CursorMark(scr, th, b, style=style)
        mark.show((1, 2))
        t, lf, bo, ri = b.rect(1, 2)
        got["painted"] = scr.dump() != before
        got["attr"] = scr.read(t, lf)[1] if style in ("attr", "invert") else None
        mark.show((1, 2))  # showing it again where it is changes nothing
        mark.show((3, 3))
        mark.hide()
        got["back"] = scr.dump() == before
        got["theme"] = th

    run_headless(main, "", adapter=adapter)
    assert got["painted"] and got["back"]
    if style == "attr":
        assert got["attr"] == got["theme"]["cursor"]
    if style == "invert":
        assert got["attr"] == 0x70


def test_paint_cursor_leaves_cells_off_the_screen_alone():
    got = {}

    def main(dos):
        b = Board(2, 2, top=0, left=0, cell_h=1, cell_w=2, gap_h=1, gap_w=1)
        frame = list(cursor_cells(b, (0, 0), "frame"))
        before = dos.screen.cells.copy()
        paint_cursor(dos.screen, MARK, b, (0, 0), "mark", "frame")  # the frame's top row would be row -1
        got["frame"], got["before"], got["after"] = frame, before, dos.screen.cells.copy()

    run_headless(main, "")
    frame = got["frame"]
    assert any(r < 0 or c < 0 for r, c, _ in frame)  # the frame does reach off the screen
    on_screen = {(r, c) for r, c, _ in frame if r >= 0 and c >= 0}
    assert on_screen and all(got["after"][r, c, 1] == 0x70 for r, c in on_screen)  # the part on screen is drawn
    changed = {tuple(rc) for rc in np.argwhere((got["after"] != got["before"]).any(axis=2))}
    assert changed <= on_screen  # and nothing else moved (no wrap-around onto row 24 or column 79)


def test_blink_phase_follows_machine_time_and_the_rate_steps():
    bl = Blinker(CursorMark(None, MARK, Board(1, 1), "mark"), rate=1.0)
    bl.since = 10.0
    assert [bl.visible_at(10.0 + t) for t in (0.0, 0.25, 0.49, 0.5, 0.99, 1.0, 1.6)] == [
        True, True, True, False, False, True, False]
    assert bl.timeout(10.2) == pytest.approx(0.3)
    assert bl.faster() == 1.5 and bl.slower() == 1.0 and bl.slower() == 0.75
    bl.set_rate(0)
    assert bl.visible_at(10.6) and bl.timeout(10.6) is None
    assert bl.slower() == 0.0
    for _ in RATES:
        bl.faster()
    assert bl.rate == RATES[-1]
    with pytest.raises(ValueError):
        bl.set_rate(-1)


@pytest.mark.parametrize("wait_ms, shown", [(100, True), (400, True), (600, False), (900, False), (1100, True)])
def test_blinking_cursor_in_a_program_loop(wait_ms, shown):
    got = {}

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        b = Board(3, 3, top=5, left=5, cell_h=1, cell_w=3, gap_h=1, gap_w=1)
        cur = BoardCursor(b)
        blink = Blinker(CursorMark(dos.screen, th, b, style="frame"), rate=1.0)
        blink.place(cur.pos, dos.now())
        got["blink"] = blink
        while True:
            ev = blink.input(dos)
            if isinstance(ev, Key) and cur.handle(ev):
                blink.place(cur.pos, dos.now())

    out = run_headless(main, f"Right wait:{wait_ms}")
    assert got["blink"].square == (1, 2)
    frame_cell = out.text[6][12]  # the top-left corner of the frame around square (1, 2), at (7, 13)
    assert (frame_cell == "\u250c") is shown


def test_blinker_input_gives_up_after_its_timeout():
    got = {}

    def main(dos):
        b = Board(1, 1, top=0, left=0)
        blink = Blinker(CursorMark(dos.screen, MARK, b, "mark"), rate=4.0)
        blink.place((0, 0), dos.now())
        start = dos.now()
        got["ev"] = blink.input(dos, timeout=1.0)
        got["took"] = dos.now() - start

    run_headless(main, "wait:3000 x")
    assert got["ev"] is None and got["took"] == pytest.approx(1.0, abs=0.01)
