"""TextScreen services against BIOS INT 10h behaviour."""
import numpy as np
import pytest

from vconsole import cp437
from vconsole.video import DUMP_SIZE, ScreenState, TextScreen


def test_fresh_screen_is_grey_blanks_like_after_mode_3():
    s = TextScreen()
    assert s.cells.shape == (25, 80, 2)
    assert (s.cells[..., 0] == 0x20).all() and (s.cells[..., 1] == 0x07).all()
    assert (s.cursor_start, s.cursor_end) == (6, 7) and not s.cursor_hidden


def test_dump_layout_is_b800_char_then_attribute():
    s = TextScreen()
    s.put(0, 0, "A", 0x1E)
    s.put(1, 2, 0xDB, 0x4F)
    data = s.dump()
    assert len(data) == DUMP_SIZE == 4000
    assert data[0:2] == b"\x41\x1e"
    assert data[160 + 4:160 + 6] == b"\xdb\x4f"
    again = ScreenState.from_dump(data)
    assert np.array_equal(again.cells, s.cells)


def test_bad_dump_size_names_the_size():
    with pytest.raises(ValueError, match="4000 bytes.*3999"):
        ScreenState.from_dump(bytes(3999))


def test_write_keeps_attribute_when_none_and_wraps_to_next_row():
    s = TextScreen()
    s.fill(0, 0, 24, 79, " ", 0x1F)
    n = s.write(0, 78, "abcd")
    assert n == 4
    assert s.text(0, 78, 2) == "ab" and s.text(1, 0, 2) == "cd"
    assert s.read(1, 1) == (ord("d"), 0x1F)


def test_write_clips_at_the_end_of_video_memory():
    s = TextScreen()
    assert s.write(24, 77, "xyz12", 0x70) == 3
    assert s.text(24, 77) == "xyz"
    assert s.write(25, 0, "no") == 0


def test_unicode_maps_to_cp437_graphics_including_control_range():
    s = TextScreen()
    s.write(0, 0, "☺♥╔═╗⌂ü")
    assert [s.read(0, c)[0] for c in range(7)] == [0x01, 0x03, 0xC9, 0xCD, 0xBB, 0x7F, 0x81]
    assert cp437.decode(bytes([1, 3, 0xC9])) == "☺♥╔"
    s.write(1, 0, "€")  # no glyph: a visible '?' rather than garbage
    assert s.text(1, 0, 1) == "?"


def test_box_single_and_double_corners():
    s = TextScreen()
    s.box(2, 3, 5, 10, 0x1F, double=True)
    assert s.read(2, 3) == (0xC9, 0x1F) and s.read(2, 10)[0] == 0xBB
    assert s.read(5, 3)[0] == 0xC8 and s.read(5, 10)[0] == 0xBC
    assert s.read(2, 4)[0] == 0xCD and s.read(3, 3)[0] == 0xBA
    s.box(10, 0, 12, 2, 0x07)
    assert [s.read(10, c)[0] for c in range(3)] == [0xDA, 0xC4, 0xBF]
    assert [s.read(12, c)[0] for c in range(3)] == [0xC0, 0xC4, 0xD9]
    assert s.read(11, 0)[0] == 0xB3


def _numbered():
    s = TextScreen()
    for r in range(25):
        s.write(r, 0, f"{r:02d}" * 40, 0x07)
    return s


def test_scroll_up_moves_window_and_blanks_bottom_with_fill_attr():
    s = _numbered()
    s.scroll_up(5, 10, 9, 20, 2, 0x4E)
    assert s.text(5, 10, 2) == "07"  # row 7 moved up two
    assert s.text(7, 10, 2) == "09"
    assert s.read(8, 10) == (0x20, 0x4E) and s.read(9, 20) == (0x20, 0x4E)
    assert s.text(5, 9, 1) == "5" and s.text(5, 21, 1) == "5"  # just outside the window: row 5 kept
    assert s.text(5, 0, 10) == "05" * 5  # outside the window untouched


def test_scroll_zero_lines_clears_the_window():
    s = _numbered()
    s.scroll_up(0, 0, 24, 79, 0, 0x17)
    assert (s.cells[..., 0] == 0x20).all() and (s.cells[..., 1] == 0x17).all()


def test_scroll_more_lines_than_the_window_clears_it():
    s = _numbered()
    s.scroll_down(3, 0, 4, 79, 5, 0x20)
    assert s.text(3).strip() == "" and s.read(4, 0)[1] == 0x20
    assert s.text(5, 0, 2) == "05"


def test_scroll_down_by_one_at_the_screen_edge_clips_coordinates():
    s = _numbered()
    s.scroll_down(20, 70, 30, 100, 1, 0x07)  # BIOS clamps to row 24 / column 79
    assert s.text(21, 70, 2) == "20" and s.text(24, 78, 2) == "23"
    assert s.text(20, 70, 10).strip() == ""
    assert s.text(20, 60, 2) == "20"


def test_save_restore_round_trip_for_a_popup():
    s = _numbered()
    before = s.cells.copy()
    saved = s.save(8, 20, 14, 60)
    s.box(8, 20, 14, 60, 0x4F, double=True, fill=True)
    assert not np.array_equal(before, s.cells)
    s.restore(saved)
    assert np.array_equal(before, s.cells)


def test_save_at_screen_edge_is_clipped_and_restores():
    s = _numbered()
    before = s.cells.copy()
    saved = s.save(20, 70, 40, 99)
    assert saved.cells.shape == (5, 10, 2)
    s.fill(0, 0, 24, 79, "x", 0x70)
    s.restore(saved)
    assert np.array_equal(before[20:, 70:], s.cells[20:, 70:])


def test_tty_wraps_and_scrolls_like_the_bios():
    s = TextScreen()
    s.set_cursor(24, 78)
    s.tty("ab")
    assert s.text(23, 78, 2) == "ab" and (s.cursor_row, s.cursor_col) == (24, 0)
    s.tty("x\r\ny\bz")
    assert s.text(22, 78, 2) == "ab" and s.text(23, 0, 1) == "x" and s.text(24, 0, 1) == "z"


def test_cursor_shape_and_hiding_follow_int10_ah01():
    s = TextScreen()
    s.hide_cursor()
    assert s.cursor_hidden and s.snapshot().cursor_hidden
    s.set_cursor_shape(0, 7)
    assert not s.cursor_hidden and s.snapshot().cursor_end == 7


def test_snapshot_is_an_independent_read_only_copy():
    s = TextScreen()
    snap = s.snapshot()
    s.put(0, 0, "Z", 0x0F)
    assert snap.cells[0, 0, 0] == 0x20
    with pytest.raises(ValueError):
        snap.cells[0, 0, 0] = 1


def test_version_moves_on_every_change():
    s = TextScreen()
    v = s.version
    s.set_border(9)
    s.set_blink(False)
    assert s.version == v + 2 and s.border == 9 and not s.blink


def test_tty_after_the_cursor_was_parked_off_screen_writes_on_the_bottom_row():
    # Games hide the cursor by parking it on row 25; the next DOS output must not crash.
    s = TextScreen()
    s.write(24, 0, "LAST")
    s.set_cursor(25, 90)
    s.tty("\r\nC>")
    assert s.text(23, 0, 4) == "LAST" and s.text(24, 0, 2) == "C>"
    assert (s.cursor_row, s.cursor_col) == (24, 2)


def test_used_rows_see_characters_and_backgrounds_but_not_blank_cells():
    s = TextScreen()
    s.put(1, 5, 0x00, 0x0F)  # NUL and FF draw nothing, whatever the foreground
    s.put(2, 5, 0xFF, 0x0F)
    s.put(3, 5, " ", 0x10)  # a blue background shows
    s.put(4, 5, "x", 0x07)
    s.put(5, 5, " ", 0x80)  # bit 7: blink (nothing shows) or, with blinking off, a grey background
    assert list(np.flatnonzero(s.used_rows())) == [3, 4]
    s.set_blink(False)
    assert list(np.flatnonzero(s.used_rows())) == [3, 4, 5]


@pytest.mark.parametrize("mono, lines", [(False, (6, 7)), (True, (0x0B, 0x0C))])
def test_cursor_starts_and_returns_to_the_cards_bios_default(mono, lines):
    s = TextScreen(mono=mono)
    assert (s.cursor_start, s.cursor_end) == lines
    s.hide_cursor()
    s.show_cursor()
    assert (s.cursor_start, s.cursor_end) == lines
    s.show_cursor(0, 7)
    assert (s.cursor_start, s.cursor_end) == (0, 7)
