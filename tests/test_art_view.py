"""``vconsole view``: art 25 rows at a time on the emulated screen, scrolled by keys and the wheel."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from vconsole import cli
from vconsole.fonts import Glyphs
from vconsole.testing import run as run_headless
from vconsole.tools.art.binary import write_xbin
from vconsole.tools.art.sauce import record
from vconsole.tools.view import Viewer, collect


def numbered(rows: int, cols: int) -> np.ndarray:
    """Cell (r, c) holds character r and attribute c: where the view stands can be read off any cell."""
    cells = np.zeros((rows, cols, 2), dtype=np.uint8)
    cells[..., 0] = np.arange(rows, dtype=np.uint8)[:, None]
    cells[..., 1] = (np.arange(cols) % 256).astype(np.uint8)[None, :]
    return cells


def view(paths, script: str, **cfg):
    entries = collect([*paths], None)
    return run_headless(lambda dos: Viewer(dos, entries).run(), script, **cfg)


def corner(out) -> tuple[int, int]:
    """(top row, left column) of the picture in view."""
    return int(out.state.cells[0, 0, 0]), int(out.state.cells[0, 0, 1])


@pytest.fixture
def tall(tmp_path):
    path = tmp_path / "tall.bin"
    path.write_bytes(numbered(60, 80).tobytes())
    return path


@pytest.mark.parametrize("script, top", [
    ("", 0), ("Down Down", 2), ("Down Up Up", 0), ("PgDn", 25), ("PgDn PgDn PgDn", 35), ("End", 35),
    ("End Up", 34), ("End Home", 0), ("PgUp", 0), ("wheel:1", 3), ("wheel:2 wheel:-1", 3), ("wheel:50", 35),
])
def test_scrolling_a_tall_picture(tall, script, top):
    out = view([tall], script, adapter="vga")
    assert corner(out) == (top, 0)
    assert out.state.cells[24, 0, 0] == top + 24


def test_160_columns_are_seen_80_at_a_time(tmp_path):
    path = tmp_path / "wide.bin"
    path.write_bytes(numbered(30, 160).tobytes() + record(data_type=5, file_type=80))
    for script, left in (("Right", 8), ("Right Right Left", 8), ("Ctrl+Right", 80), ("Ctrl+Right Right", 80),
                         ("Ctrl+Right Ctrl+Left", 0), ("Left", 0), ("Ctrl+Right Down Home", 0)):
        out = view([path], script)
        assert corner(out)[1] == left and out.state.cells[0, 79, 1] == left + 79


def test_short_art_leaves_the_rest_of_the_screen_blank(tmp_path):
    path = tmp_path / "short.ans"
    path.write_bytes(b"\x1b[1;31mHi there")
    out = view([path], "End PgDn")
    assert out.text[0].startswith("Hi there") and all(not line.strip() for line in out.text[1:])
    assert out.state.cells[0, 0, 1] == 0x0C


def test_the_card_is_set_up_for_each_file(tmp_path):
    ice = tmp_path / "a_ice.bin"
    ice.write_bytes(numbered(25, 80).tobytes() + record(data_type=5, file_type=40, flags=1))
    font = np.zeros((256, 16), dtype=np.uint8)
    font[0x41] = 0xFF
    font = Glyphs.from_array(font)
    pal = tuple((i, 0, 0) for i in range(16))
    xb = tmp_path / "b.xb"
    xb.write_bytes(write_xbin(np.full((3, 80, 2), 0x41, dtype=np.uint8), font=font, palette=pal))
    first = view([ice, xb], "", adapter="vga")
    assert not first.state.blink and first.state.font is None and first.state.palette is None
    second = view([ice, xb], "N", adapter="vga")
    assert second.state.blink and second.state.font == font and second.state.palette == pal
    ega = view([xb], "", adapter="ega")
    assert ega.state.font == font  # fitted to 14-row cells by the renderer, as AX=1100h loads it
    cga = view([xb], "", adapter="cga")
    assert cga.state.font is None and cga.state.palette is None  # a ROM and fixed colours
    back = view([ice, xb], "N N", adapter="vga")
    assert not back.state.blink and back.state.font is None


def test_information_panel_shows_sauce_and_goes_away(tmp_path):
    path = tmp_path / "s.ans"
    path.write_bytes(b"\x1b[44mBlue" + record(title="Deep Blue", author="Someone", group="The Group",
                                            date="19950317", tinfo1=80, flags=0b1101, tinfos="Amiga Topaz 1",
                                            comments=("a comment line",)))
    out = view([path], "I")
    text = out.screen
    for words in ("File:    s.ans", "Format:  ANSI, 80 x 1 cells", "Title:   Deep Blue", "Author:  Someone",
                  "Date:    1995-03-17", "iCE colours, 9-dot letters, tall pixels", "a comment line",
                  "Note: font 'Amiga Topaz 1' is not one vconsole has"):
        assert words in text
    closed = view([path], "I Space")
    assert closed.text[0].startswith("Blue") and closed.text[5].strip() == ""
    assert not closed.state.blink  # iCE again once the panel is gone
    helped = view([path], "F1")
    assert "next, previous file" in "\n".join(helped.text)


def test_a_folder_is_paged_through_and_a_bad_file_says_why(tmp_path):
    (tmp_path / "b.ans").write_bytes(b"second")
    (tmp_path / "A.ANS").write_bytes(b"first")
    (tmp_path / "c.xb").write_bytes(b"not an xbin")
    (tmp_path / "notes.doc").write_bytes(b"ignored")
    assert view([tmp_path], "").text[0].startswith("first")
    assert view([tmp_path], "N").text[0].startswith("second")
    bad = view([tmp_path], "N N")
    assert any("c.xb: it is not an XBin (no XBIN header)" in line for line in bad.text)
    assert view([tmp_path], "P").text == bad.text  # P from the first wraps to the last
    assert view([tmp_path], "N N N").text[0].startswith("first")


def test_quit_keys_end_the_program(tall):
    for key in ("Esc", "q", "F10"):
        out = view([tall], key)
        assert out.exit_code == 0


# -- the command -------------------------------------------------------------------------------------------------
def test_command_line_headless_and_errors(tmp_path, capsys, tall):
    out = tmp_path / "text.txt"
    assert cli.main(["view", str(tall), "--headless", "--keys", "PgDn", "--dump-text", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 25
    assert cli.main(["view", str(tmp_path / "none.ans"), "--headless"]) == 2
    assert capsys.readouterr().err.strip() == (f"vconsole view: cannot read {tmp_path / 'none.ans'}: "
                                               "No such file or directory")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.main(["view", str(empty), "--headless"]) == 2
    assert "no art files there" in capsys.readouterr().err
    assert cli.main(["view", "--headless"]) == 2
    assert capsys.readouterr().err.startswith("vconsole view: ")


def test_through_the_real_command(tall):
    r = subprocess.run([sys.executable, "-m", "vconsole.cli", "view", str(tall), "--headless", "--keys", "End",
                        "--dump-text", "-"], capture_output=True, timeout=60)
    assert r.returncode == 0 and r.stderr == b""
    assert len(r.stdout.decode().splitlines()) == 25
