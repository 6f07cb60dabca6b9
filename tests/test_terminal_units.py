"""The terminal front end's pieces without a terminal: glyphs, key decoding, colours, drawing.

Key words are checked against the IBM BIOS values (scan code high, ASCII low,
as the enhanced BIOS stores them), the glyph table against a reference
written from the code page chart (tests/golden/cp437_unicode.txt), and the
drawing by playing the painter's output into a small model of a terminal
(cursor moves, SGR colours, blink, underline) and reading every cell back.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pytest
from terminal_model import ModelTerminal

from vconsole.adapters import colour_tables, get_adapter
from vconsole.frontends import termcolour, termkeys
from vconsole.frontends.termdraw import GLYPHS, TOO_SMALL, Painter
from vconsole.frontends.terminal import key_word
from vconsole.video import ScreenState

GOLDEN = Path(__file__).parent / "golden" / "cp437_unicode.txt"


# -- code page 437 --------------------------------------------------------------------------------------

def reference_glyphs() -> dict[int, str]:
    table = {b: chr(b) for b in range(0x20, 0x7F)}  # printable ASCII is itself in code page 437
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            byte, code = line.split()
            table[int(byte, 16)] = chr(int(code, 16))
    return table


def test_reference_covers_every_byte():
    assert sorted(reference_glyphs()) == list(range(256))


def test_every_byte_shows_the_chart_glyph():
    ref = reference_glyphs()
    wrong = {f"{b:02X}": (GLYPHS[b], ref[b]) for b in range(256) if GLYPHS[b] != ref[b]}
    assert not wrong


def test_every_glyph_takes_one_cell():
    """A wide character would push the rest of its row one cell right in every terminal."""
    assert all(len(g) == 1 and unicodedata.east_asian_width(g) not in ("W", "F") for g in GLYPHS)


# -- keys -------------------------------------------------------------------------------------------------

def words(data: bytes, expire: bool = True) -> list[int | None]:
    d = termkeys.Decoder()
    evs = d.feed(data, 0.0) + (d.expire(10.0) if expire else [])
    return [key_word(e.name) for e in evs]


@pytest.mark.parametrize("seq, word", [
    # xterm / tmux
    (b"\x1bOP", 0x3B00), (b"\x1bOQ", 0x3C00), (b"\x1bOR", 0x3D00), (b"\x1bOS", 0x3E00),
    (b"\x1b[15~", 0x3F00), (b"\x1b[17~", 0x4000), (b"\x1b[21~", 0x4400), (b"\x1b[23~", 0x8500),
    (b"\x1b[24~", 0x8600), (b"\x1b[1;2P", 0x5400), (b"\x1b[15;2~", 0x5800), (b"\x1b[1;5P", 0x5E00),
    (b"\x1b[1;3P", 0x6800), (b"\x1b[A", 0x48E0), (b"\x1b[B", 0x50E0), (b"\x1b[C", 0x4DE0),
    (b"\x1b[D", 0x4BE0), (b"\x1bOA", 0x48E0), (b"\x1b[H", 0x47E0), (b"\x1b[F", 0x4FE0),
    (b"\x1b[1;5A", 0x8DE0), (b"\x1b[1;3B", 0xA000), (b"\x1b[1;5D", 0x73E0), (b"\x1b[2~", 0x52E0),
    (b"\x1b[3~", 0x53E0), (b"\x1b[5~", 0x49E0), (b"\x1b[6~", 0x51E0), (b"\x1b[6;5~", 0x76E0),
    (b"\x1b[Z", 0x0F00),
    # VT220 / rxvt
    (b"\x1b[11~", 0x3B00), (b"\x1b[14~", 0x3E00), (b"\x1b[1~", 0x47E0), (b"\x1b[4~", 0x4FE0),
    (b"\x1b[7~", 0x47E0), (b"\x1b[8~", 0x4FE0), (b"\x1b[25~", 0x5600),
    # the Linux console
    (b"\x1b[[A", 0x3B00), (b"\x1b[[E", 0x3F00),
    # the application keypad
    (b"\x1bOp", 0x5230), (b"\x1bOx", 0x4838), (b"\x1bOM", 0xE00D), (b"\x1bOk", 0x4E2B),
    # plain bytes
    (b"\r", 0x1C0D), (b"\t", 0x0F09), (b"\x7f", 0x0E08), (b"\x08", 0x0E08), (b"a", 0x1E61), (b"A", 0x1E41),
    (b" ", 0x3920), (b"1", 0x0231), (b"!", 0x0221), (b"\x01", 0x1E01), (b"\x11", 0x1011), (b"\x1a", 0x2C1A),
    (b"\x00", 0x0300),
    # Alt as Esc before the key
    (b"\x1bx", 0x2D00), (b"\x1bX", 0x2D00), (b"\x1b1", 0x7800), (b"\x1b\r", 0x1CF0),
    # a CP437 character typed by its Unicode (UTF-8): ASCII byte, no scan code, as Alt+keypad gives it
    ("é".encode(), 0x0082), ("½".encode(), 0x00AB),
])
def test_sequences_give_the_bios_words(seq, word):
    assert words(seq) == [word]


def test_shifted_f_keys_of_the_linux_console_and_rxvt():
    linux, rxvt = termkeys.Decoder(term="linux"), termkeys.Decoder(term="rxvt-unicode")
    assert [e.name for e in linux.feed(b"\x1b[25~\x1b[34~", 0.0)] == ["Shift+F1", "Shift+F8"]
    assert [e.name for e in rxvt.feed(b"\x1b[25~\x1b[34~", 0.0)] == ["Shift+F3", "Shift+F10"]
    assert key_word("Shift+F1") == 0x5400 and key_word("Shift+F10") == 0x5D00


def test_esc_waits_for_its_timeout():
    d = termkeys.Decoder()
    assert d.feed(b"\x1b", 0.0) == []
    assert d.expire(termkeys.ESC_TIMEOUT_S / 2) == []
    assert [e.name for e in d.expire(termkeys.ESC_TIMEOUT_S)] == ["Esc"]


def test_esc_timeout_from_the_environment():
    from vconsole.frontends.terminal import esc_timeout

    assert esc_timeout({}) == termkeys.ESC_TIMEOUT_S
    assert esc_timeout({"VCONSOLE_ESC_MS": "300"}) == 0.3
    assert esc_timeout({"VCONSOLE_ESC_MS": "5"}) == 0.01 and esc_timeout({"VCONSOLE_ESC_MS": "9e9"}) == 2.0
    assert esc_timeout({"VCONSOLE_ESC_MS": "soon"}) == esc_timeout({"VCONSOLE_ESC_MS": "nan"}) == termkeys.ESC_TIMEOUT_S


def test_a_sequence_split_across_reads_is_one_key():
    d = termkeys.Decoder()
    assert d.feed(b"\x1b", 0.0) == []
    assert d.feed(b"[1", 0.01) == []
    assert d.expire(termkeys.ESC_TIMEOUT_S * 2) == []  # a CSI with parameters is never taken for Alt+[ 1
    assert [e.name for e in d.feed(b"5~", 0.3)] == ["F5"]
    assert d.feed(b"\x1b[", 1.0) == []
    assert [e.name for e in d.expire(1.0 + termkeys.ESC_TIMEOUT_S)] == ["Alt+["]  # nothing followed: Alt+[
    assert d.feed(b"\x1b[1", 2.0) == []
    assert d.expire(2.0 + termkeys.SEQUENCE_TIMEOUT_S) == [] and not d.pending  # never finished: dropped


def test_several_keys_in_one_read():
    assert words(b"\x1b[Aab\x1bOP\r") == [0x48E0, 0x1E61, 0x3062, 0x3B00, 0x1C0D]


def test_esc_esc_is_two_escapes():
    assert words(b"\x1b\x1b") == [0x011B, 0x011B]


def test_sgr_mouse_reports():
    d = termkeys.Decoder()
    evs = d.feed(b"\x1b[<0;10;5M\x1b[<32;12;6M\x1b[<0;12;6m\x1b[<2;1;1M\x1b[<2;1;1m\x1b[<35;80;25M"
                 b"\x1b[<64;3;3M\x1b[<65;3;3M", 0.0)
    M = termkeys.Mouse
    assert evs == [M("press", 0, 9, 4), M("move", 0, 11, 5), M("release", 0, 11, 5), M("press", 2, 0, 0),
                   M("release", 2, 0, 0), M("move", None, 79, 24), M("wheel", -1, 2, 2), M("wheel", 1, 2, 2)]


# -- colours ----------------------------------------------------------------------------------------------

def test_256_colours_keep_brown_brown_and_grey_levels_apart():
    assert termcolour.nearest_256((0xAA, 0x55, 0x00)) == 130  # AF5F00
    assert termcolour.nearest_256((0x55, 0x55, 0x55)) != termcolour.nearest_256((0xAA, 0xAA, 0xAA))
    rgbi = [termcolour.nearest_256(c) for c in termcolour.RGBI_PALETTE]
    assert len(set(rgbi)) == 16


def test_16_colours_are_the_ansi_colours_of_the_same_meaning():
    pal = termcolour.RGBI_PALETTE
    assert [termcolour.fg_param(pal[i], "16") for i in range(16)] == [
        "30", "34", "32", "36", "31", "35", "33", "37", "90", "94", "92", "96", "91", "95", "93", "97"]
    assert termcolour.bg_param(pal[6], "16") == "43"
    assert termcolour.fg_param(pal[14], "8") == "1;33"  # bright with 8 colours: bold


@pytest.mark.parametrize("monitor, dim, bright", [("amber", "33", "93"), ("green", "32", "92"),
                                                   ("white", "37", "97")])
def test_monochrome_at_16_colours_keeps_normal_and_intense_apart(monitor, dim, bright):
    from vconsole.frontends.termdraw import styles

    mda = styles(get_adapter("mda"), monitor, True, None, "16")
    assert (mda[0x07].fg, mda[0x0F].fg, mda[0x70].bg, mda[0x07].bg, mda[0x00].fg) == (dim, bright, "4" + dim[1], "40",
                                                                                     "30")
    assert mda[0x01].under and not mda[0x07].under
    ega = styles(get_adapter("ega"), monitor, True, None, "16")  # a colour card on a mono monitor
    assert ega[0x07].fg == dim and ega[0x0F].fg == bright and ega[0x00].fg == "30"


@pytest.mark.parametrize("env, colors, rgb, depth", [
    ({"COLORTERM": "truecolor"}, 256, False, "24bit"), ({"COLORTERM": "24bit"}, 8, False, "24bit"),
    ({}, 256, False, "256"), ({}, 16, False, "16"), ({}, 8, False, "8"), ({}, None, False, "8"),
    ({}, 256, True, "24bit"), ({"COLORTERM": "truecolor", "VCONSOLE_COLORS": "16"}, 256, False, "16"),
])
def test_depth_from_the_terminal(env, colors, rgb, depth):
    assert termcolour.detect_depth(env, colors, rgb) == depth


# -- drawing ----------------------------------------------------------------------------------------------

def screen(cells: np.ndarray, **kw) -> ScreenState:
    c = np.array(cells, dtype=np.uint8)  # a copy: the caller goes on changing its cells
    c.flags.writeable = False
    return ScreenState(cells=c, **kw)


def check_model(term: ModelTerminal, state: ScreenState, adapter, monitor: str = "color",
                top: int = 0, left: int = 0) -> None:
    fg, bg = colour_tables(adapter, monitor, state.blink, True)
    for r in range(25):
        for c in range(80):
            ch, attr = int(state.cells[r, c, 0]), int(state.cells[r, c, 1])
            want = (tuple(int(v) for v in fg[attr]), tuple(int(v) for v in bg[attr]),
                    state.blink and bool(attr & 0x80), adapter.mono and (attr & 7) == 1)
            assert term.chars[top + r][left + c] == GLYPHS[ch], (r, c)
            assert term.style[top + r][left + c] == want, (r, c, hex(attr))


@pytest.mark.parametrize("adapter_name, monitor", [("ega", "color"), ("vga", "color"), ("mda", "green"),
                                                   ("ega", "amber")])
def test_every_cell_reads_back_as_drawn_then_changed(adapter_name, monitor):
    adapter = get_adapter(adapter_name)
    rng = np.random.default_rng(5)
    cells = rng.integers(0, 256, (25, 80, 2), dtype=np.uint8)
    painter, term = Painter(adapter, monitor, "24bit"), ModelTerminal()
    state = screen(cells, cursor_start=0x20)
    term.feed(painter.frame(state, 80, 25))
    check_model(term, state, adapter, monitor)
    for _ in range(5):  # a few cells change: only they are written, the picture still reads right
        for r, c in rng.integers(0, [25, 80], (7, 2)):
            cells[r, c] = rng.integers(0, 256, 2)
        state = screen(cells.copy(), cursor_start=0x20, blink=False)
        term.feed(painter.frame(state, 80, 25))
        check_model(term, state, adapter, monitor)


def test_unchanged_screen_writes_nothing_and_one_cell_is_short():
    adapter = get_adapter("ega")
    cells = np.zeros((25, 80, 2), np.uint8)
    cells[..., 0], cells[..., 1] = 0x20, 0x1F
    painter = Painter(adapter, "color", "24bit")
    full = painter.frame(screen(cells, cursor_start=0x20), 80, 25)
    assert len(full.encode()) < 20_000
    assert painter.frame(screen(cells, cursor_start=0x20), 80, 25) == ""
    cells[12, 40] = (ord("7"), 0x1E)
    one = painter.frame(screen(cells, cursor_start=0x20), 80, 25).encode()
    assert len(one) < 30, one


def test_a_larger_terminal_centres_the_screen_in_a_border_frame():
    adapter = get_adapter("ega")
    cells = np.zeros((25, 80, 2), np.uint8)
    cells[..., 0], cells[..., 1] = ord("x"), 0x07
    state = screen(cells, border=4, cursor_start=0x20)
    term = ModelTerminal(100, 31)
    term.feed(Painter(adapter, "color", "24bit").frame(state, 100, 31))
    check_model(term, state, adapter, top=3, left=10)
    red = (0xAA, 0x00, 0x00)
    assert term.chars[0] == [" "] * 100 and all(s[1] == red for s in term.style[0])
    assert term.style[15][9][1] == red and term.style[15][90][1] == red and term.style[30][50][1] == red


def test_a_small_terminal_gets_one_message_then_the_screen():
    adapter = get_adapter("ega")
    cells = np.zeros((25, 80, 2), np.uint8)
    cells[..., 0], cells[..., 1] = ord("x"), 0x07
    painter = Painter(adapter, "color", "24bit")
    msg = painter.frame(screen(cells), 60, 20)
    assert "80x25" in msg and "60x20" in msg
    assert painter.frame(screen(cells), 60, 20) == ""  # said once, not on every change
    term = ModelTerminal()
    term.feed(painter.frame(screen(cells, cursor_start=0x20), 80, 25))
    check_model(term, screen(cells), adapter)
    assert TOO_SMALL.split()[0] == "vconsole"


@pytest.mark.parametrize("adapter_name, start, end, shape", [("ega", 6, 7, 3), ("ega", 0, 7, 1), ("mda", 11, 12, 3),
                                                            ("vga", 0, 15, 1)])
def test_the_cursor_sits_on_its_cell_in_the_nearest_shape(adapter_name, start, end, shape):
    adapter = get_adapter(adapter_name)
    cells = np.zeros((25, 80, 2), np.uint8)
    term = ModelTerminal()
    term.feed(Painter(adapter, "color", "24bit").frame(screen(cells, cursor_row=10, cursor_col=33,
                                                              cursor_start=start, cursor_end=end), 80, 25))
    assert (term.y, term.x, term.shape, term.shown) == (10, 33, shape, True)


def test_a_hidden_cursor_is_hidden():
    term = ModelTerminal()
    term.feed(Painter(get_adapter("ega"), "color", "24bit").frame(
        screen(np.zeros((25, 80, 2), np.uint8), cursor_start=0x20), 80, 25))
    assert not term.shown


# -- choosing the front end --------------------------------------------------------------------------------

def test_chosen_by_itself_only_without_a_display_and_with_a_terminal(monkeypatch):
    from vconsole.frontends import terminal

    monkeypatch.setattr(terminal.os, "isatty", lambda fd: True)
    xterm = {"TERM": "xterm-256color"}
    assert terminal.can_autoselect(xterm) is (terminal.sys.platform not in ("win32", "darwin"))
    assert not terminal.can_autoselect({**xterm, "DISPLAY": ":0"})
    assert not terminal.can_autoselect({**xterm, "WAYLAND_DISPLAY": "wayland-0"})
    assert not terminal.can_autoselect({"TERM": "dumb"}) and not terminal.can_autoselect({})
    monkeypatch.setattr(terminal.os, "isatty", lambda fd: fd == 0)
    assert not terminal.can_autoselect(xterm)  # output piped elsewhere: the window's error, not a terminal


@pytest.mark.parametrize("extra", [["--keys", "Enter"], ["--headless"], ["--scale", "2"]])
def test_terminal_with_an_option_it_cannot_honour_is_one_line(capsys, extra):
    from vconsole.cli import main

    assert main(["mill", "--terminal", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("vconsole: ") and err.count("\n") == 1 and "--terminal" in err


def test_terminal_without_a_terminal_is_one_line(capsys, tmp_path):
    from vconsole.cli import main

    assert main(["mill", "--terminal", "--drive", str(tmp_path)]) == 2  # pytest's stdin is no terminal
    err = capsys.readouterr().err
    assert err == "vconsole: --terminal: standard input and output must be a terminal\n"
