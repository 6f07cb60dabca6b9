""".BIN and XBin files, telling formats apart, the size limits, and how a card is set up for a file."""
from __future__ import annotations

import os
import struct
import time

import numpy as np
import pytest

from vconsole.adapters import CGA, EGA, MDA, VGA
from vconsole.fonts import Glyphs
from vconsole.tools.art import MAX_INPUT, ArtError, load, parse
from vconsole.tools.art.binary import read_bin, read_xbin, write_xbin
from vconsole.tools.art.look import look, sauce_font
from vconsole.tools.art.sauce import record


def pairs(cells) -> list[list[tuple[int, int]]]:
    return [[(int(c), int(a)) for c, a in row] for row in cells]


# -- .BIN -------------------------------------------------------------------------------------------------------
def test_a_160_column_bin_from_its_sauce():
    body = bytes([0x41, 0x1E]) * 160 + bytes([0x42, 0x2F]) * 160  # two rows of 160 cells
    art = parse(body + record(data_type=5, file_type=80), "wide.bin")
    assert art.kind == "BIN" and (art.rows, art.width) == (2, 160)
    assert pairs(art.cells)[0] == [(0x41, 0x1E)] * 160 and pairs(art.cells)[1] == [(0x42, 0x2F)] * 160


def test_bin_defaults_to_80_columns_and_pads_a_short_last_row():
    pic = read_bin(bytes([0x41, 0x1F]) * 81 + b"Z")
    assert pic.cells.shape == (2, 80, 2)
    assert pairs(pic.cells)[1][:3] == [(0x41, 0x1F), (ord("Z"), 0x07), (0x20, 0x07)]
    assert "padded" in pic.notes[0]


def test_the_eof_character_before_sauce_is_not_half_a_cell():
    body = bytes([0x41, 0x1A]) * 80  # attribute 1Ah is a legitimate last byte ...
    art = parse(body + record(data_type=5, file_type=40), "x.bin")
    assert art.rows == 1 and pairs(art.cells)[0][-1] == (0x41, 0x1A)  # ... and the EOF 1Ah after it is dropped
    assert art.notes == ()


def test_a_4000_byte_dump_is_one_screen():
    art = parse(bytes(range(256)) * 15 + bytes(160), "SCREEN.BIN")
    assert (art.rows, art.width, art.kind) == (25, 80, "BIN")


# -- XBin ----------------------------------------------------------------------------------------------------------
def xb_header(width: int, height: int, font_height: int, flags: int) -> bytes:
    return b"XBIN\x1a" + struct.pack("<HHBB", width, height, font_height, flags)


def test_xbin_uncompressed_by_hand():
    body = bytes([0x41, 0x07, 0x42, 0x1F, 0x43, 0x70, 0x44, 0x8E])
    pic = read_xbin(xb_header(2, 2, 16, 0) + body)
    assert pairs(pic.cells) == [[(0x41, 0x07), (0x42, 0x1F)], [(0x43, 0x70), (0x44, 0x8E)]]
    assert not pic.ice and pic.font is None and pic.palette is None


def test_xbin_every_kind_of_run_by_hand():
    body = bytes([
        0x01, 0x41, 0x07, 0x42, 0x08,  # 00: two literal pairs
        0x42, 0xDB, 0x01, 0x02, 0x03,  # 01: character DB three times, attributes 1 2 3
        0x81, 0x4F, 0x61, 0x62,  # 10: attribute 4F twice, characters a b
        0xC2, 0xB0, 0x19,  # 11: the pair (B0, 19) three times
    ])
    pic = read_xbin(xb_header(10, 1, 16, 0x04) + body)
    assert pairs(pic.cells) == [[(0x41, 0x07), (0x42, 0x08), (0xDB, 1), (0xDB, 2), (0xDB, 3), (0x61, 0x4F),
                                 (0x62, 0x4F), (0xB0, 0x19), (0xB0, 0x19), (0xB0, 0x19)]]


def test_xbin_palette_font_and_no_blink():
    pal = bytes(v for i in range(16) for v in (i, 63 - i, i * 4 % 64))
    font = bytes((i * 7 + r) & 0xFF for i in range(256) for r in range(8))
    pic = read_xbin(xb_header(1, 1, 8, 0x01 | 0x02 | 0x08) + pal + font + b"\x41\x9F")
    assert pic.ice and pic.palette[1] == (1, 62, 4) and len(pic.palette) == 16
    assert pic.font == Glyphs(font, 8) and pic.font.array[0x41, 3] == (0x41 * 7 + 3) & 0xFF
    assert pairs(pic.cells) == [[(0x41, 0x9F)]]


@pytest.mark.parametrize("compress", [False, True])
def test_xbin_writer_and_reader_agree(compress):
    rng = np.random.default_rng(4)
    cells = rng.integers(0, 256, (7, 33, 2), dtype=np.uint8)
    cells[2, 5:30] = (0xDB, 0x1E)  # runs for every kind of compression
    cells[3, :20, 0] = 0xB1
    cells[4, 3:17, 1] = 0x4F
    font = Glyphs.named("bios_8x14")
    pal = tuple((i * 4, 63 - i * 4, i) for i in range(16))
    data = write_xbin(cells, ice=True, font=font, palette=pal, compress=compress)
    pic = read_xbin(data)
    assert np.array_equal(pic.cells, cells) and pic.font == font and pic.palette == pal and pic.ice
    if compress:
        assert len(data) < 11 + 48 + 256 * 14 + cells.size


def test_xbin_damage():
    with pytest.raises(ValueError, match="no XBIN header"):
        read_xbin(b"XBIM\x1a" + bytes(6))
    with pytest.raises(ValueError, match="512-character"):
        read_xbin(xb_header(1, 1, 16, 0x12) + bytes(8192))
    with pytest.raises(ValueError, match="palette is cut short"):
        read_xbin(xb_header(1, 1, 16, 0x01) + bytes(20))
    with pytest.raises(ValueError, match="font is cut short"):
        read_xbin(xb_header(1, 1, 16, 0x02) + bytes(100))
    with pytest.raises(ValueError, match="font is 0 rows high"):
        read_xbin(xb_header(1, 1, 0, 0x02))
    with pytest.raises(ValueError, match="holds no picture"):
        read_xbin(xb_header(0, 5, 16, 0))
    pic = read_xbin(xb_header(3, 1, 16, 0x04) + bytes([0xC5, 0x41]))  # a run cut by the end
    assert pairs(pic.cells) == [[(0x20, 0x07)] * 3] and "ends early" in pic.notes[0]
    pic = read_xbin(xb_header(2, 1, 16, 0) + b"\x41\x1f")
    assert pairs(pic.cells) == [[(0x41, 0x1F), (0x20, 0x07)]] and "ends early" in pic.notes[0]
    pic = read_xbin(xb_header(2, 1, 16, 0x04) + bytes([0xC7, 0x41, 0x1F]))  # a run longer than the picture
    assert pairs(pic.cells) == [[(0x41, 0x1F)] * 2] and pic.notes == []


# -- formats, limits and errors -------------------------------------------------------------------------------------
def test_the_format_is_told_by_header_sauce_then_extension():
    xb = write_xbin(np.full((1, 2, 2), 0x41, dtype=np.uint8))
    assert parse(xb, "ANY.ANS").kind == "XBIN"  # the header wins
    assert parse(b"AB", "x.bin").kind == "BIN" and parse(b"AB", "x.ans").kind == "ANSI"
    assert parse(b"AB", "x.nfo").kind == "ANSI" and parse(b"AB", "noext").kind == "ANSI"
    assert parse(b"AB" + record(data_type=5, file_type=1), "x.ans").kind == "BIN"  # SAUCE beats the name
    assert parse(b"AB" + record(data_type=1, file_type=1), "x.bin").kind == "ANSI"
    with pytest.raises(ArtError, match="a bitmap picture, not text-mode art"):
        parse(b"GIF89a" + record(data_type=2, file_type=0), "x.gif")
    with pytest.raises(ArtError, match="RIPscrip"):
        parse(b"!|" + record(data_type=1, file_type=3), "x.rip")
    with pytest.raises(ArtError, match="x.xb: it is not an XBin"):
        parse(b"hello", "x.xb")


def test_errors_name_the_file_in_one_line(tmp_path):
    with pytest.raises(ArtError, match=r"^cannot read .*none\.ans: No such file or directory$"):
        load(tmp_path / "none.ans")
    with pytest.raises(ArtError, match="is a folder"):
        load(tmp_path)
    empty = tmp_path / "empty.ans"
    empty.write_bytes(b"\x1b[2J")
    with pytest.raises(ArtError, match=r"empty\.ans: it draws nothing$"):
        load(empty)
    with pytest.raises(ArtError, match="width of 2000 columns"):
        parse(b"A", "x.ans", width=2000)
    with pytest.raises(ArtError, match="SAUCE gives 3000 columns"):
        parse(b"A" + record(tinfo1=3000), "x.ans")


def test_a_100_mb_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "huge.bin"
    with open(big, "wb") as f:
        f.truncate(100 * 2**20)  # sparse: costs no disk
    start = time.perf_counter()
    with pytest.raises(ArtError) as err:
        load(big)
    assert time.perf_counter() - start < 1.0
    assert str(err.value) == f"{big} is 100 MB; art files are read up to 16 MB"
    with open(big, "r+b") as f:
        f.truncate(MAX_INPUT)
    assert load(big).rows == 10_000  # the limit itself is read, its rows cut at the canvas limit


def test_width_option_for_files_without_sauce():
    art = parse(b"AB" * 40, "x.bin", width=20)
    assert (art.rows, art.width) == (2, 20)
    assert parse(b"ABCDEFGHIJ", "x.ans", width=4).rows == 3


# -- how a card is set up ----------------------------------------------------------------------------------------------
def test_sauce_font_names():
    assert sauce_font("IBM VGA") == (16, "bios_8x16", "bios_8x16_9dot")
    assert sauce_font("ibm  vga50 437") == (8, "bios_8x8", "bios_8x8")
    assert sauce_font("IBM EGA") == (14, "bios_8x14", "bios_8x14_9dot") and sauce_font("IBM EGA43")[0] == 8
    assert sauce_font("IBM VGA 850") is None and sauce_font("Amiga Topaz 1") is None
    assert sauce_font("IBM VGA25G") is None


def _art(flags: int = 0, font: str = "", data: bytes = b"AB", name: str = "x.ans"):
    return parse(data + record(tinfo1=80, flags=flags, tinfos=font), name)


def test_letter_spacing_is_the_vgas_to_choose():
    eight = look(_art(flags=0b010), VGA)
    assert eight.adapter.cell_w == 8 and eight.font == Glyphs.named("bios_8x16") and eight.notes == ()
    nine = look(_art(flags=0b100), VGA)
    assert nine.adapter.cell_w == 9 and nine.font is None
    ega = look(_art(flags=0b100), EGA)
    assert ega.adapter.cell_w == 8 and ega.notes == ("drawn for 9-dot letters; the EGA shows 8-dot cells",)
    window = look(_art(flags=0b010), VGA, whole=False)
    assert window.adapter is VGA and "window shows 9-dot cells" in window.notes[0]


def test_sauce_fonts_load_where_the_card_has_ram():
    vga50 = look(_art(font="IBM VGA50"), VGA)
    assert vga50.adapter.cell_h == 8 and vga50.font == Glyphs.named("bios_8x8")
    ega_on_vga = look(_art(font="IBM EGA"), VGA)
    assert ega_on_vga.adapter.cell_h == 14 and ega_on_vga.font == Glyphs.named("bios_8x14_9dot")
    vga_on_ega = look(_art(font="IBM VGA"), EGA)
    assert vga_on_ega.adapter.cell_h == 16 and vga_on_ega.font == Glyphs.named("bios_8x16")
    own = look(_art(font="IBM VGA"), VGA)
    assert own.font is None and own.adapter == VGA.text_mode(rows=1)
    cga = look(_art(font="IBM VGA"), CGA)
    assert cga.font is None and "reads its character ROM" in cga.notes[0]
    odd = look(_art(font="Amiga Topaz 1"), VGA)
    assert odd.font is None and odd.notes == ("font 'Amiga Topaz 1' is not one vconsole has; the VGA's own is used",)
    window = look(_art(font="IBM VGA50"), VGA, whole=False)
    assert window.adapter is VGA and window.font == Glyphs.named("bios_8x8")  # fitted into 16-row cells


def test_xbin_font_and_palette_per_card():
    font = Glyphs.named("bios_8x8")
    pal = tuple((i, i, i) for i in range(16))
    art = parse(write_xbin(np.full((3, 4, 2), 0x41, dtype=np.uint8), ice=True, font=font, palette=pal), "x.xb")
    vga = look(art, VGA)
    assert vga.font == font and vga.palette == pal and not vga.blink and vga.adapter.cell_h == 8
    assert (vga.adapter.rows, vga.adapter.cols) == (3, 4)
    mda = look(art, MDA)
    assert mda.font is None and mda.palette is None and len(mda.notes) == 2 and mda.adapter.cell_h == 14


def test_ice_switches_blinking_off():
    assert not look(_art(flags=1), EGA).blink and look(_art(flags=0), EGA).blink


def test_reading_leaves_the_folder_alone(tmp_path):
    art = tmp_path / "a.ans"
    art.write_bytes(b"\x1b[1;31mHello" + record(tinfo1=80))
    before = sorted(os.listdir(tmp_path))
    load(art)
    assert sorted(os.listdir(tmp_path)) == before
