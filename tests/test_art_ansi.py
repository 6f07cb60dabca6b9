"""ANSI.SYS text played onto a canvas: every supported sequence, with the expected cells written by hand.

Rows are compared as bytes (the characters) and lists of attribute bytes; a canvas is as tall
as the rows that received output.
"""
from __future__ import annotations

import numpy as np

from vconsole.tools.art import ansi


def play(data: bytes, width: int = 10, **kw) -> ansi.Played:
    return ansi.interpret(data, width, **kw)


def chars(p: ansi.Played) -> list[bytes]:
    return [bytes(row) for row in p.cells[..., 0]]


def attrs(p: ansi.Played, row: int = 0) -> list[int]:
    return p.cells[row, :, 1].tolist()


# -- text and the console's control codes -----------------------------------------------------------------
def test_text_cr_lf_and_the_default_attribute():
    p = play(b"AB\r\nCD")
    assert chars(p) == [b"AB        ", b"CD        "]
    assert attrs(p) == [0x07] * 10 and p.cells.dtype == np.uint8


def test_line_feed_goes_down_without_going_back():
    assert chars(play(b"AB\nCD", 6)) == [b"AB    ", b"  CD  "]


def test_the_last_column_wraps_at_once_so_80_characters_and_crlf_leave_a_blank_row():
    assert chars(play(b"ABCDEF", 4)) == [b"ABCD", b"EF  "]
    assert chars(play(b"ABCD\r\nE", 4)) == [b"ABCD", b"    ", b"E   "]


def test_tab_is_spaces_to_the_next_multiple_of_8_in_the_current_attribute():
    p = play(b"\x1b[44mA\tB\t\tC", 24)
    # after B (column 9) two TABs: 7 spaces to column 16, 8 more to the end of the row, which wraps
    assert chars(p) == [b"A       B               ", b"C" + b" " * 23]
    assert attrs(p)[:9] == [0x17] * 9 and attrs(p)[9:16] == [0x17] * 7


def test_backspace_bell_and_end_of_file():
    assert chars(play(b"AB\x08C")) == [b"AC        "]
    assert chars(play(b"\x08\x08A")) == [b"A         "]  # not past column 0
    assert chars(play(b"A\x07B")) == [b"AB        "]  # the bell draws nothing
    assert chars(play(b"AB\x1aCD")) == [b"AB        "]  # SAUCE and the rest lie beyond 1Ah


def test_other_control_codes_are_drawn_as_glyphs():
    assert chars(play(b"\x00\x01\x0b\x0c\x0e\x1c\x7f", 7)) == [b"\x00\x01\x0b\x0c\x0e\x1c\x7f"]


# -- cursor positioning and movement ------------------------------------------------------------------------
def test_cursor_position_h_and_f_with_defaults_and_clamping():
    assert chars(play(b"\x1b[3;5HX")) == [b" " * 10, b" " * 10, b"    X     "]
    assert chars(play(b"AB\x1b[HX")) == [b"XB        "]
    assert chars(play(b"\x1b[;5HX")) == [b"    X     "]
    assert chars(play(b"\x1b[2HX")) == [b" " * 10, b"X         "]
    assert chars(play(b"\x1b[2;2fX")) == [b" " * 10, b" X        "]
    assert chars(play(b"\x1b[1;99HX")) == [b"         X"]  # the column stops at the last one
    assert chars(play(b"\x1b[0;0HX")) == [b"X         "]  # 0 means 1


def test_cursor_up_down_forward_back_stop_at_the_edges():
    p = play(b"\x1b[3;5HA\x1b[2AB\x1b[BC\x1b[3DD\x1b[0CE\x1b[20CF\x1b[9AG\x1b[20DH")
    # A at (2,4); up 2 -> (0,5) B; down 1 -> (1,6) C; back 3 -> (1,4) D; forward 1 -> (1,6) E;
    # forward 20 stops at col 9: F at (1,9) and wraps to (2,0); up 9 stops at row 0: G at (0,0);
    # back 20 stops at col 0: H at (0,0)
    assert chars(p) == [b"H    B    ", b"    D E  F", b"    A     "]


def test_save_and_restore_the_cursor():
    assert chars(play(b"AB\x1b[sCD\x1b[3;1HEF\x1b[uX")) == [b"ABXD      ", b" " * 10, b"EF        "]


# -- erasing --------------------------------------------------------------------------------------------------
def test_erase_display_clears_in_the_current_attribute_and_homes():
    p = play(b"old text\r\nmore\x1b[44m\x1b[2JA")
    assert chars(p) == [b"A         "]
    assert attrs(p) == [0x17] * 10  # blanks of the cleared screen take the attribute too
    p = play(b"\x1b[44m\x1b[2J\x1b[0m\x1b[3;1HA")  # rows below the art keep the clearing colour
    assert chars(p)[2] == b"A         " and attrs(p, 1) == [0x17] * 10 and attrs(p, 2)[1:] == [0x17] * 9


def test_erase_in_line_three_ways():
    p = play(b"ABCDEF\x1b[1;3H\x1b[41m\x1b[K", 6)
    assert chars(p) == [b"AB    "] and attrs(p) == [7, 7, 0x47, 0x47, 0x47, 0x47]
    p = play(b"ABCDEF\x1b[1;3H\x1b[41m\x1b[1K", 6)
    assert chars(p) == [b"   DEF"] and attrs(p) == [0x47, 0x47, 0x47, 7, 7, 7]
    p = play(b"ABCDEF\x1b[1;3H\x1b[41m\x1b[2K", 6)
    assert chars(p) == [b"      "] and attrs(p) == [0x47] * 6
    assert chars(play(b"\x1b[2;1H\x1b[K")) == [b" " * 10, b" " * 10]  # an erased row counts as drawn


# -- attributes (SGR) ----------------------------------------------------------------------------------------
def sgr(params: bytes) -> int:
    return int(play(b"\x1b[" + params + b"mX").cells[0, 0, 1])


def test_colours_in_ansi_order_become_pc_colours():
    assert [sgr(b"3%d" % n) for n in range(8)] == [0x00, 0x04, 0x02, 0x06, 0x01, 0x05, 0x03, 0x07]
    assert [sgr(b"4%d" % n) >> 4 for n in range(8)] == [0, 4, 2, 6, 1, 5, 3, 7]


def test_bold_blink_reverse_conceal_and_their_opposites():
    assert sgr(b"1;37;44") == 0x1F
    assert sgr(b"5") == 0x87
    assert sgr(b"6") == 0x87
    assert sgr(b"7") == 0x70
    assert sgr(b"1;7") == 0x78  # reverse swaps the colours, bold keeps its bit
    assert sgr(b"31;42;7") == 0x42  # red on green, reversed: green on red
    assert sgr(b"33;44;8") == 0x11  # concealed: the foreground takes the background
    assert sgr(b"1;5;7;8;22;25;27;28") == 0x07
    assert sgr(b"32;45;39;49") == 0x07
    assert sgr(b"1;31;0") == 0x07 and sgr(b"") == 0x07  # ESC[m is ESC[0m


def test_sgr_attributes_last_until_changed():
    p = play(b"\x1b[1;33mA\x1b[44mB\x1b[0mC")
    assert attrs(p)[:3] == [0x0E, 0x1E, 0x07]


def test_extended_colours_are_skipped_with_their_arguments():
    """ESC[38;5;1m must not read as blink (5) or red (31); ESC[48;2;r;g;b likewise."""
    assert sgr(b"38;5;31") == 0x07
    assert sgr(b"48;2;5;31;41;1") == 0x0F
    assert play(b"\x1b[38;5;31mX").unsupported == 1


# -- modes, malformed and unknown sequences ------------------------------------------------------------------
def test_wrapping_off_piles_characters_in_the_last_column():
    assert chars(play(b"\x1b[=7lABCDEFG", 4)) == [b"ABCG"]
    assert chars(play(b"\x1b[?7lABCDEFG\x1b[=7hHI", 4)) == [b"ABCH", b"I   "]


def test_malformed_sequences_are_skipped_never_fatal():
    p = play(b"A\x1bB")
    assert chars(p) == [b"AB        "] and p.malformed == 1  # an ESC without [
    p = play(b"A\x1b[12;\rB")
    assert chars(p) == [b"B         "] and p.malformed == 1  # cut by CR: dropped, the CR still acts
    p = play(b"A\x1b[" + b"1" * 100 + b"mB")
    assert chars(p) == [b"AB        "] and attrs(p)[1] == 0x07 and p.malformed == 1  # too long
    p = play(b"A\x1b[1;")
    assert chars(p) == [b"A         "] and p.malformed == 1  # cut by the end of the file
    assert "1 malformed escape sequence(s) skipped" in p.notes


def test_sequences_ansi_sys_does_not_have_are_ignored():
    p = play(b"A\x1b[1;5rB\x1b[2@C\x1b[ qD\x1b[1:2mE\x1b[6nF\x1b[?25lG")
    assert chars(p) == [b"ABCDEFG   "]
    assert p.unsupported == 4  # r, @, an intermediate byte, a colon; 6n and mode settings are silent


def test_the_canvas_is_as_tall_as_the_output():
    assert chars(play(b"A\r\n\r\n\r\n")) == [b"A         "]
    assert len(play(b"\x1b[10;1H").cells) == 0


def test_rows_past_the_limit_are_dropped_and_noted():
    p = play(b"A\r\n" * 50, max_rows=10)
    assert len(p.cells) == 10 and p.cut and "cut at 10 rows" in p.notes
    p = play(b"\x1b[999;1HA\x1b[HB", max_rows=10)
    assert chars(p) == [b"B         "] and p.cut


def test_a_token_budget_bounds_hostile_files():
    p = play(b"\x1b[m" * 20 + b"A", max_tokens=10)
    assert len(p.cells) == 0 and p.stopped
    p = play(b"\n" * 2_000_000 + b"A", max_rows=10, max_tokens=5)  # a run of one control code counts once
    assert not p.stopped and p.cut
