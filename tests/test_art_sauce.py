"""SAUCE records: the fields at their offsets, every ANSiFlag, comments, and damaged records."""
from __future__ import annotations

import struct

import pytest

from vconsole.tools.art.sauce import record, split


def hand_made(flags: int = 0, data_type: int = 1, file_type: int = 1, tinfo1: int = 160, tinfo2: int = 50,
              comments: int = 0, font: bytes = b"IBM VGA") -> bytes:
    """A record assembled field by field from the specification's table (not by the module's writer)."""
    rec = (b"SAUCE" + b"00" + b"The Title".ljust(35) + b"An Author".ljust(20) + b"A Group".ljust(20)
           + b"19960704" + struct.pack("<I", 4321) + bytes([data_type, file_type])
           + struct.pack("<HHHH", tinfo1, tinfo2, 0, 0) + bytes([comments, flags]) + font.ljust(22, b"\0"))
    assert len(rec) == 128
    return rec


def test_fields_at_their_offsets():
    content, sauce, notes = split(b"art bytes\x1a" + hand_made())
    assert content == b"art bytes\x1a" and notes == []
    assert (sauce.title, sauce.author, sauce.group, sauce.date) == ("The Title", "An Author", "A Group", "19960704")
    assert (sauce.file_size, sauce.data_type, sauce.file_type, sauce.tinfo1, sauce.tinfo2) == (4321, 1, 1, 160, 50)
    assert sauce.font_name == "IBM VGA" and sauce.width == 160 and sauce.kind == "character / ANSi"
    assert sauce.describe()[:4] == ["Title:   The Title", "Author:  An Author", "Group:   A Group",
                                    "Date:    1996-07-04"]


@pytest.mark.parametrize("flags, ice, spacing, aspect", [
    (0b00000, False, None, None),
    (0b00001, True, None, None),
    (0b00010, False, 8, None),
    (0b00100, False, 9, None),
    (0b00110, False, None, None),  # 11: not a valid value
    (0b01000, False, None, "legacy"),
    (0b10000, False, None, "square"),
    (0b11000, False, None, None),  # 11: not a valid value
    (0b01101, True, 9, "legacy"),
    (0b10011, True, 8, "square"),
])
def test_every_ansi_flag(flags, ice, spacing, aspect):
    for data_type, file_type in ((1, 0), (1, 1), (1, 2), (5, 80)):
        _, sauce, _ = split(hand_made(flags=flags, data_type=data_type, file_type=file_type))
        assert (sauce.ice, sauce.letter_spacing, sauce.aspect) == (ice, spacing, aspect)


def test_flags_and_font_mean_nothing_for_other_types():
    for data_type, file_type in ((6, 0), (1, 4), (1, 3), (0, 0)):
        _, sauce, _ = split(hand_made(flags=0b01101, data_type=data_type, file_type=file_type))
        assert (sauce.ice, sauce.letter_spacing, sauce.aspect, sauce.font_name) == (False, None, None, "")


def test_width_by_type():
    assert split(hand_made(data_type=5, file_type=80))[1].width == 160  # a .BIN: FileType is half the width
    assert split(hand_made(data_type=5, file_type=0))[1].width is None
    assert split(hand_made(data_type=1, tinfo1=0))[1].width is None
    assert split(hand_made(data_type=6, tinfo1=100))[1].width == 100


def test_comment_block_is_read_and_taken_off():
    block = b"COMNT" + b"first line".ljust(64) + b"second".ljust(64)
    content, sauce, notes = split(b"ART\x1a" + block + hand_made(comments=2))
    assert content == b"ART\x1a" and sauce.comments == ("first line", "second") and notes == []


def test_a_missing_comment_block_is_noted_not_fatal():
    content, sauce, notes = split(b"ART\x1a" + hand_made(comments=3))
    assert content == b"ART\x1a" and sauce.comments == ()
    assert notes == ["its SAUCE record announces 3 comment lines but no comment block is there"]


def test_zero_terminated_fields_with_garbage_after():
    rec = bytearray(hand_made())
    rec[7:42] = b"Short\0garbage!!".ljust(35, b"\xff")
    assert split(bytes(rec))[1].title == "Short"


def test_damaged_or_foreign_records():
    rec = hand_made()
    assert split(b"ART" + rec[:100]) == (b"ART" + rec[:100], None, [])  # truncated: no SAUCE at all
    content, sauce, notes = split(b"ART" + rec[:5] + b"01" + rec[7:])
    assert content == b"ART" and sauce is None and "version '01'" in notes[0]
    assert split(b"") == (b"", None, [])


def test_the_writer_round_trips():
    data = b"X" + record(title="T", author="A", group="G", date="20240101", data_type=5, file_type=40, flags=0b1011,
                         tinfos="IBM EGA", comments=("hello",))
    content, sauce, _ = split(data)
    assert content == b"X\x1a" and sauce.width == 80 and sauce.ice and sauce.letter_spacing == 8
    assert sauce.aspect == "legacy" and sauce.font_name == "IBM EGA" and sauce.comments == ("hello",)
