"""``vconsole render`` on art files: the same screen in every format gives the same pixels, and the
pictures are the existing exact renderer's, with SAUCE's flags, XBin fonts and palettes honoured."""
from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import Image

from vconsole import cli
from vconsole.adapters import ADAPTERS, EGA, VGA
from vconsole.capture import load_png, scale_frame, to_display
from vconsole.fonts import Glyphs
from vconsole.render import render_frame
from vconsole.tools.art.binary import write_xbin
from vconsole.tools.art.sauce import record
from vconsole.video import ScreenState

PC_TO_ANSI = (0, 4, 2, 6, 1, 5, 3, 7)  # the PC's colour order (blue = 1) to ANSI's (red = 1)
CONSOLE_CODES = {0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1A, 0x1B}  # bytes ANSI.SYS text cannot draw


def screen(rows: int, cols: int, seed: int = 11) -> np.ndarray:
    rng = np.random.default_rng(seed)
    cells = rng.integers(0, 256, (rows, cols, 2), dtype=np.uint8)
    bad = np.isin(cells[..., 0], list(CONSOLE_CODES))
    cells[..., 0][bad] = 0xB1
    cells[rows // 2, :, 1] = 0x8E  # a blinking row, whatever the dice said
    return cells


def as_ansi(cells: np.ndarray) -> bytes:
    """The screen as ANSI.SYS text: a position per row, an SGR per cell (the last cell wraps harmlessly)."""
    out = bytearray()
    for r, row in enumerate(cells):
        out += b"\x1b[%d;1H" % (r + 1)
        for char, attr in row:
            out += b"\x1b[0;%s%s3%d;4%dm" % (b"1;" if attr & 8 else b"", b"5;" if attr & 0x80 else b"",
                                            PC_TO_ANSI[attr & 7], PC_TO_ANSI[(attr >> 4) & 7])
            out.append(int(char))
    return bytes(out)


def render(tmp_path, path, *options) -> np.ndarray:
    out = tmp_path / f"{path.name}.{len(os.listdir(tmp_path))}.png"
    assert cli.main(["render", str(path), "--png", str(out), *options]) == 0
    return load_png(out)


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("display", sorted(ADAPTERS))
def test_the_same_screen_as_bin_ans_and_xb_renders_to_identical_pixels(tmp_path, display):
    cells = screen(25, 80)
    files = [write(tmp_path, "s.bin", cells.tobytes()),
             write(tmp_path, "s.ans", as_ansi(cells)),
             write(tmp_path, "s.xb", write_xbin(cells, compress=True)),
             write(tmp_path, "u.xb", write_xbin(cells, compress=False))]
    for options in ([], ["--no-blink", "--frame", "20"], ["--scale", "2", "--border", "3"]):
        pictures = [render(tmp_path, f, "--display", display, *options) for f in files]
        expected = render_frame(ScreenState(cells=cells, cursor_start=0x20, blink="--no-blink" not in options,
                                            border=3 if "--border" in options else 0),
                                ADAPTERS[display], frame=20 if "--frame" in options else 0)
        if "--scale" in options:
            expected = to_display(expected, ADAPTERS[display], 2)
        for picture in pictures:
            assert np.array_equal(picture, expected)


def test_160_columns_as_bin_ans_and_xb_and_as_two_screens_side_by_side(tmp_path):
    cells = screen(30, 160, seed=3)
    files = [write(tmp_path, "w.bin", cells.tobytes() + record(data_type=5, file_type=80)),
             write(tmp_path, "w.ans", as_ansi(cells) + record(tinfo1=160)),
             write(tmp_path, "w.xb", write_xbin(cells))]
    pictures = [render(tmp_path, f, "--display", "vga") for f in files]
    assert pictures[0].shape == (30 * 16 + 40, 160 * 9 + 72, 3)
    assert all(np.array_equal(p, pictures[0]) for p in pictures[1:])
    for half in (0, 1):
        alone = render_frame(ScreenState(cells=cells[:, 80 * half:80 * half + 80], cursor_start=0x20),
                             VGA.text_mode(rows=30))
        assert np.array_equal(pictures[0][20:-20, 36 + 720 * half:36 + 720 * half + 720], alone[20:-20, 36:-36])


def test_a_tall_picture_is_the_exact_renderer_with_more_rows(tmp_path):
    cells = screen(1000, 80, seed=9)
    picture = render(tmp_path, write(tmp_path, "tall.bin", cells.tobytes()), "--display", "ega")
    assert picture.shape == (1000 * 14 + 36, 704, 3)
    assert np.array_equal(picture, render_frame(ScreenState(cells=cells, cursor_start=0x20), EGA.text_mode(rows=1000)))


# -- SAUCE's flags ----------------------------------------------------------------------------------------------------
def _bin(tmp_path, cells, flags: int = 0, font: str = "") -> os.PathLike:
    return write(tmp_path, "f.bin", cells.tobytes() + record(data_type=5, file_type=40, flags=flags, tinfos=font))


def test_ice_colours_give_bright_backgrounds_instead_of_blinking(tmp_path):
    cells = np.zeros((25, 80, 2), dtype=np.uint8)
    cells[..., 0], cells[..., 1] = 0xDB, 0xCF  # white blocks on a bright red (iCE) or red (blink) ground
    cells[:, :, 0][:, 1::2] = 0x20
    blink = render(tmp_path, _bin(tmp_path, cells), "--display", "vga", "--frame", "16")
    ice = render(tmp_path, _bin(tmp_path, cells, flags=1), "--display", "vga", "--frame", "16")
    assert tuple(blink[20, 36]) == (0xAA, 0, 0) and tuple(blink[20, 45]) == (0xAA, 0, 0)  # block hidden
    assert tuple(ice[20, 36]) == (0xFF, 0xFF, 0xFF) and tuple(ice[20, 45]) == (0xFF, 0x55, 0x55)


def test_letter_spacing_on_vga_and_a_note_elsewhere(tmp_path, capsys):
    cells = screen(25, 80)
    eight = render(tmp_path, _bin(tmp_path, cells, flags=0b010), "--display", "vga")
    assert eight.shape == (440, 704, 3)
    state = ScreenState(cells=cells, cursor_start=0x20, font=Glyphs.named("bios_8x16"))
    assert np.array_equal(eight, render_frame(state, VGA.text_mode(cell_w=8)))
    capsys.readouterr()
    ega = render(tmp_path, _bin(tmp_path, cells, flags=0b100), "--display", "ega")
    assert ega.shape == (386, 704, 3)
    assert capsys.readouterr().err.strip().endswith("drawn for 9-dot letters; the EGA shows 8-dot cells")


def test_aspect_flag_stretches_or_keeps_square_pixels(tmp_path):
    cells = screen(25, 80)
    native = render(tmp_path, _bin(tmp_path, cells), "--display", "vga")
    legacy = render(tmp_path, _bin(tmp_path, cells, flags=0b01000), "--display", "vga")
    assert np.array_equal(legacy, to_display(native, VGA, 1))  # 720 x 540 active: the tube's shape
    square = render(tmp_path, _bin(tmp_path, cells, flags=0b10000), "--display", "vga", "--scale", "2")
    assert np.array_equal(square, scale_frame(native, 2, 2))
    plain = render(tmp_path, _bin(tmp_path, cells), "--display", "vga", "--scale", "2")
    assert np.array_equal(plain, to_display(native, VGA, 2))


def test_a_sauce_font_name_selects_the_pc_font(tmp_path):
    cells = screen(25, 80)
    vga50 = render(tmp_path, _bin(tmp_path, cells, font="IBM VGA50"), "--display", "vga")
    assert vga50.shape == (25 * 8 + 40, 792, 3)
    state = ScreenState(cells=cells, cursor_start=0x20, font=Glyphs.named("bios_8x8"))
    assert np.array_equal(vga50, render_frame(state, VGA.text_mode(cell_h=8)))


def test_an_xbin_font_and_palette_are_shown(tmp_path):
    cells = screen(25, 80)
    font = np.zeros((256, 16), dtype=np.uint8)
    font[np.arange(256), np.arange(256) % 16] = 0xF0  # a stroke on a different row for every code
    font = Glyphs.from_array(font)
    pal = tuple((i * 4, 0, 63 - i * 4) for i in range(16))
    picture = render(tmp_path, write(tmp_path, "f.xb", write_xbin(cells, font=font, palette=pal)), "--display", "vga")
    expected = render_frame(ScreenState(cells=cells, cursor_start=0x20, font=font, palette=pal), VGA)
    assert np.array_equal(picture, expected)
    assert not np.array_equal(picture, render_frame(ScreenState(cells=cells, cursor_start=0x20), VGA))
    assert tuple(picture[0, 0]) == (0, 0, 0xFF)  # the border is colour 0 of the file's palette


# -- the blink animation -----------------------------------------------------------------------------------------------
def _gif_frames(path) -> tuple[list[np.ndarray], list[int]]:
    frames, durations = [], []
    with Image.open(path) as im:
        for i in range(im.n_frames):
            im.seek(i)
            frames.append(np.array(im.convert("RGB")))
            durations.append(im.info.get("duration", 0))
    return frames, durations


@pytest.mark.parametrize("display, half_s", [("vga", 16 / 70.09), ("cga", 8 / 59.92), ("mda", 16 / 50.0)])
def test_gif_blinks_at_the_cards_rate(tmp_path, display, half_s):
    cells = screen(25, 80)
    path = write(tmp_path, "b.bin", cells.tobytes())
    gif = tmp_path / "b.gif"
    assert cli.main(["render", str(path), "--display", display, "--gif", str(gif)]) == 0
    frames, durations = _gif_frames(gif)
    a = ADAPTERS[display]
    on = render_frame(ScreenState(cells=cells, cursor_start=0x20), a, frame=0)
    off = render_frame(ScreenState(cells=cells, cursor_start=0x20), a, frame=a.text_blink_frames)
    assert len(frames) % 2 == 0 and len(frames) >= 2
    for i, f in enumerate(frames):
        assert np.array_equal(f, on if i % 2 == 0 else off)
    assert abs(sum(durations) / 1000 / len(frames) - half_s) < 0.0051  # within a GIF's hundredths
    assert all(abs(d / 1000 - half_s) <= 0.01 for d in durations)


def test_gif_of_a_still_picture_is_one_frame_and_with_a_cursor_it_blinks(tmp_path):
    cells = screen(25, 80)
    cells[..., 1] &= 0x7F
    path = write(tmp_path, "s.bin", cells.tobytes())
    gif = tmp_path / "s.gif"
    assert cli.main(["render", str(path), "--display", "ega", "--gif", str(gif)]) == 0
    assert len(_gif_frames(gif)[0]) == 1
    assert cli.main(["render", str(path), "--display", "ega", "--gif", str(gif), "--cursor", "3,4,6,7"]) == 0
    frames, durations = _gif_frames(gif)
    assert len(frames) >= 2 and not np.array_equal(frames[0], frames[1])


def test_gif_refusals(tmp_path, capsys):
    path = write(tmp_path, "s.bin", screen(25, 80).tobytes())
    assert cli.main(["render", str(path), "--display", "ega", "--gif", str(tmp_path / "a.gif"), "--frame", "3"]) == 2
    assert "--frame picks one picture" in capsys.readouterr().err
    tall = write(tmp_path, "t.bin", bytes(160 * 5000))
    assert cli.main(["render", str(tall), "--display", "vga", "--gif", str(tmp_path / "t.gif")]) == 2
    assert "a GIF holds at most 65535" in capsys.readouterr().err
    assert cli.main(["render", str(path), "--display", "ega", "--png", "a.png", "--gif", "b.gif"]) == 2


# -- the command's manners ---------------------------------------------------------------------------------------------
def test_nothing_is_written_beside_the_input(tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    path = write(art, "x.ans", b"\x1b[1;32mHello" + record(tinfo1=80, tinfos="Amiga Topaz 1"))
    before = sorted(os.listdir(art))
    assert cli.main(["render", str(path), "--display", "vga", "--png", str(tmp_path / "o.png")]) == 0
    assert cli.main(["render", str(path), "--display", "vga", "--gif", str(tmp_path / "o.gif")]) == 0
    assert sorted(os.listdir(art)) == before


def test_notes_and_errors_are_one_line_each(tmp_path, capsys):
    path = write(tmp_path, "x.ans", b"\x1b[1;32mHi\x1bQ" + record(tinfo1=80, tinfos="Amiga Topaz 1"))
    assert cli.main(["render", str(path), "--display", "vga", "--png", str(tmp_path / "o.png")]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"vconsole render: {path}: 1 malformed escape sequence(s) skipped",
        f"vconsole render: {path}: font 'Amiga Topaz 1' is not one vconsole has; the VGA's own is used"]
    huge = tmp_path / "huge.ans"
    with open(huge, "wb") as f:
        f.truncate(100 * 2**20)
    assert cli.main(["render", str(huge), "--display", "vga", "--png", str(tmp_path / "h.png")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"vconsole render: {huge} is 100 MB; art files are read up to 16 MB"]
    assert cli.main(["render", str(path), "--display", "vga", "--png", str(tmp_path / "o.png"),
                     "--cursor", "3,0,6,7"]) == 2
    assert capsys.readouterr().err.strip() == "vconsole render: cursor cell 3,0 is off the 80x1 screen"
    assert not (tmp_path / "h.png").exists()
