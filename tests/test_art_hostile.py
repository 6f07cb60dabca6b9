"""Hostile and random art files: the readers give an ArtError or a bounded picture, never a crash or a hang.

And properties that hold for any screen: written as .BIN, as ANSI.SYS text or as XBin, it reads back
cell for cell.
"""
from __future__ import annotations

import struct

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_art_render import CONSOLE_CODES, as_ansi

from vconsole.adapters import ADAPTERS
from vconsole.render import frame_bands
from vconsole.tools.art import MAX_ROWS, MAX_WIDTH, ArtError, parse
from vconsole.tools.art.binary import write_xbin
from vconsole.tools.art.look import look
from vconsole.tools.art.sauce import record
from vconsole.video import ScreenState

NAMES = st.sampled_from(["x.ans", "x.bin", "x.xb", "x", "X.NFO", "x.xbin"])
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(data: bytes, name: str, width: int | None = None) -> None:
    try:
        art = parse(data, name, width=width)
    except ArtError as e:
        message = str(e)
        assert message and "\n" not in message and name in message
        return
    assert art.cells.dtype == np.uint8 and art.cells.ndim == 3 and art.cells.shape[2] == 2
    assert 1 <= art.rows <= MAX_ROWS and 1 <= art.width <= MAX_WIDTH
    assert not art.cells.flags.writeable
    for note in art.notes:
        assert note and "\n" not in note


@SETTINGS
@given(st.binary(max_size=3000), NAMES)
def test_random_bytes(data, name):
    check(data, name)


_SAUCE = st.builds(
    lambda dt, ft, t1, t2, flags, comments, font: record(data_type=dt, file_type=ft, tinfo1=t1, tinfo2=t2,
                                                          flags=flags, comments=comments, tinfos=font),
    st.integers(0, 9), st.integers(0, 255), st.integers(0, 65535), st.integers(0, 65535), st.integers(0, 255),
    st.lists(st.binary(max_size=70).map(lambda b: b.decode("cp437")), max_size=3).map(tuple),
    st.sampled_from(["", "IBM VGA", "IBM VGA50", "junk"]))


@SETTINGS
@given(st.binary(max_size=2000), _SAUCE, NAMES, st.integers(0, 200))
def test_random_bytes_with_sauce_whole_or_cut(data, sauce, name, cut):
    check(data + sauce, name)
    check(data + sauce[:len(sauce) - cut], name)  # a truncated record
    lying = bytearray(data + sauce)
    lying[-24] = 255  # a comment count with no block
    check(bytes(lying), name)


_XB_HEADER = st.builds(lambda w, h, fh, flags: b"XBIN\x1a" + struct.pack("<HHBB", w, h, fh, flags),
                       st.integers(0, 2000), st.integers(0, 20000), st.integers(0, 40), st.integers(0, 255))


@SETTINGS
@given(_XB_HEADER, st.binary(max_size=6000))
def test_xbin_headers_with_random_bodies(header, body):
    check(header + body, "x.xb")


_PIECES = st.sampled_from([b"\x1b[", b"\x1b", b"[", b";", b"0", b"1", b"5", b"7", b"25", b"99999", b"m", b"H", b"f",
                           b"A", b"B", b"C", b"D", b"J", b"K", b"s", b"u", b"=", b"?", b"h", b"l", b"\r", b"\n",
                           b"\t", b"\x08", b"\x07", b"\x1a", b"X", b"\xdb", b" ", b"38", b"48", b"2", b":"])


@SETTINGS
@given(st.lists(_PIECES, max_size=400).map(b"".join), st.integers(1, 200))
def test_escape_sequence_soup(data, width):
    check(data, "soup.ans", width=width)


def test_endless_sequences_are_bounded():
    for data in (b"\x1b[" + b"1;" * 2_000_000, b"\x1b[" * 300_000, b"\x1b[999999B" * 1000 + b"A",
                 b"\x1b[10000;1H" + b"A" * 2_000_000):
        check(data, "endless.ans")


# -- round trips --------------------------------------------------------------------------------------------------
_SCREENS = st.tuples(st.integers(1, 30), st.integers(1, 90), st.integers(0, 2**32 - 1)).map(
    lambda t: np.random.default_rng(t[2]).integers(0, 256, (t[0], t[1], 2), dtype=np.uint8))


@settings(max_examples=60, deadline=None)
@given(_SCREENS)
def test_any_screen_round_trips_through_every_format(cells):
    rows, width = cells.shape[:2]
    cells[..., 0][np.isin(cells[..., 0], list(CONSOLE_CODES))] = 0x41
    even = np.full((rows, width + width % 2, 2), 0x20, dtype=np.uint8)  # a .BIN's width is even
    even[:, :width] = cells
    as_bin = parse(even.tobytes() + record(data_type=5, file_type=even.shape[1] // 2), "r.bin")
    assert np.array_equal(as_bin.cells, even)
    as_ans = parse(as_ansi(cells) + record(tinfo1=width), "r.ans")
    assert np.array_equal(as_ans.cells, cells)
    for compress in (True, False):
        assert np.array_equal(parse(write_xbin(cells, compress=compress), "r.xb").cells, cells)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=4000), NAMES, st.sampled_from(sorted(ADAPTERS)))
def test_whatever_reads_also_renders(data, name, display):
    try:
        art = parse(data, name)
    except ArtError:
        return
    lk = look(art, ADAPTERS[display])
    state = ScreenState(cells=art.cells, cursor_start=0x20, font=lk.font, palette=lk.palette, blink=lk.blink)
    height = sum(len(band) for band in frame_bands(state, lk.adapter))
    assert height == lk.adapter.height + 2 * lk.adapter.band()[1]
