"""Command lines: every mistake a person can type is one clear line on stderr and exit status 2.

Most cases go through ``vconsole.cli.main([...])`` with stderr captured; a few run the
installed ``vconsole`` command in a subprocess to prove no traceback reaches the terminal.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from helpers import one_line

from vconsole import cli
from vconsole.capture import load_png
from vconsole.program import discover

# RGBI palette entries used below (DESIGN.md "Palette"): 1 blue, 4 red, 12 bright red.
BLUE, RED, BRIGHT_RED = (0x00, 0x00, 0xAA), (0xAA, 0x00, 0x00), (0xFF, 0x55, 0x55)


@pytest.mark.parametrize("argv, words", [
    (["nosuch"], "Bad command or file name - nosuch"),
    (["mill", "Q"], "Invalid switch - Q"),
    (["mill", "/XYZ"], "Invalid switch"),
    (["testcard", "S"], "Invalid switch - S"),
    (["--display", "tv"], "argument --display: invalid choice: 'tv'"),
    (["--monitor", "blue"], "argument --monitor"),
    (["--scale", "0"], "argument --scale"),
    (["--scale", "x"], "argument --scale: not a whole number: 'x'"),
    (["--seed", "many"], "argument --seed"),
    (["--speaker", "loud"], "argument --speaker"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--keys", "@/no/such/script.txt"], "cannot read key script /no/such/script.txt"),
    (["--keys", "Ctrl+Nothing"], "Ctrl+Nothing"),
    (["--keys", "click:80,0"], "click:80,0"),
    (["--keys", "wait:abc"], "wait:abc"),
    (["--keys", "a", "--dump-text", "/no/such/dir/out.txt"], "no such directory"),
    (["--keys", "a", "--screenshot", "/no/such/dir/out.png"], "no such directory"),
])
def test_mistakes_are_one_line_and_exit_2(capsys, argv, words):
    assert cli.main(argv) == 2
    line = one_line(capsys)
    assert line.startswith("vconsole: ") and words in line, line


def test_drive_that_is_a_file_is_refused_before_the_run(capsys, tmp_path):
    afile = tmp_path / "notadir"
    afile.write_text("x")
    assert cli.main(["--headless", "--drive", str(afile)]) == 2
    assert one_line(capsys) == f"vconsole: --drive {afile}: not a directory"


def test_keys_file_that_is_a_directory_or_not_text(capsys, tmp_path):
    assert cli.main(["--keys", f"@{tmp_path}"]) == 2
    assert "cannot read key script" in one_line(capsys)
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    assert cli.main(["--keys", f"@{bad}"]) == 2
    assert "cannot read key script" in one_line(capsys)


def test_keys_from_a_file_run_the_prompt(capsys, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text('# a comment line\n"ver" Enter\n', encoding="utf-8")
    assert cli.main(["--keys", f"@{script}", "--drive", str(tmp_path / "C"), "--dump-text", "-"]) == 0
    out = capsys.readouterr().out
    assert out.count("vconsole DOS") == 2  # the banner and VER's answer
    assert "C:\\TOYS>" in out


def test_dump_text_file_is_written(tmp_path):
    out = tmp_path / "screen.txt"
    assert cli.main(["--headless", "--keys", '"dir" Enter', "--drive", str(tmp_path / "C"),
                     "--dump-text", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "MILL" in text and "file(s)" in text


def test_ctrl_c_in_a_headless_run_ends_with_one_line_after_the_program_tidied_up(capsys, tmp_path, monkeypatch):
    from vconsole.program import Program

    def interrupted(dos):
        try:
            raise KeyboardInterrupt  # what SIGINT raises in the main thread, where headless programs run
        finally:
            dos.drive.write_text("SAVED.TMP", "auto-save ran")

    monkeypatch.setattr(cli, "find", lambda name: Program(name="SLOW", main=interrupted))
    assert cli.main(["slow", "--headless", "--drive", str(tmp_path)]) == cli.EXIT_INTERRUPTED == 130
    assert one_line(capsys) == "vconsole: interrupted (Ctrl+C)"
    assert (tmp_path / "SAVED.TMP").read_text() == "auto-save ran"


# -- vconsole render --------------------------------------------------------------------------------
def _dump(attr: int, char: int = 0x20) -> bytes:
    return bytes([char, attr]) * 2000


def test_render_empty_dump_is_refused(capsys, tmp_path):
    dump = tmp_path / "bad.bin"
    dump.write_bytes(b"")
    assert cli.main(["render", str(dump), "--display", "vga", "--png", str(tmp_path / "o.png")]) == 2
    assert one_line(capsys) == f"vconsole render: {dump}: it holds no cells (0 bytes of picture)"
    assert not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("size, rows", [(1, 1), (3999, 25), (4001, 26), (8000, 50)])
def test_render_dump_of_any_size_is_80_columns_of_its_rows(tmp_path, size, rows):
    """A .BIN is video memory of any length: 160 bytes a row, a short last row padded with blanks."""
    dump = tmp_path / "any.bin"
    dump.write_bytes(b"\xdb\x1e" * (size // 2) + b"\xdb" * (size % 2))
    out = tmp_path / "o.png"
    assert cli.main(["render", str(dump), "--display", "vga", "--png", str(out)]) == 0
    assert load_png(out).shape == (rows * 16 + 40, 792, 3)


@pytest.mark.parametrize("extra, words", [
    (["--display", "tv"], "--display"),
    # (render without --display is no longer a mistake: issue 25 gives every command the same default,
    #  ega; tests/test_cli_tidy.py checks the picture is the EGA one)
    (["--display", "ega", "--border", "16"], "border colour must be 0-15"),
    (["--display", "ega", "--frame", "-1"], "--frame"),
    (["--display", "ega", "--cursor", "1,2,3"], "ROW,COL,START,END"),
    (["--display", "ega", "--cursor", "25,0,6,7"], "off the 80x25 screen"),
    (["--display", "ega", "--scale", "17"], "--scale"),
    (["--display", "ega", "--monitor", "pink"], "--monitor"),
])
def test_render_bad_options(capsys, tmp_path, extra, words):
    dump = tmp_path / "ok.bin"
    dump.write_bytes(_dump(0x07))
    assert cli.main(["render", str(dump), "--png", str(tmp_path / "o.png"), *extra]) == 2
    assert words in one_line(capsys)


def test_render_missing_dump_and_unwritable_png(capsys, tmp_path):
    assert cli.main(["render", str(tmp_path / "none.bin"), "--display", "ega", "--png", str(tmp_path / "o.png")]) == 2
    assert "cannot read" in one_line(capsys)
    dump = tmp_path / "ok.bin"
    dump.write_bytes(_dump(0x07))
    assert cli.main(["render", str(dump), "--display", "ega", "--png", str(tmp_path / "no" / "o.png")]) == 2
    assert "cannot write" in one_line(capsys)


def test_render_colours_border_and_blink_bit(tmp_path):
    """Red background everywhere with bit 7 set: blink mode shows red, bright-background mode bright red."""
    dump = tmp_path / "red.bin"
    dump.write_bytes(_dump(0xC7))
    out = tmp_path / "o.png"
    assert cli.main(["render", str(dump), "--display", "vga", "--png", str(out), "--border", "1h"]) == 0
    img = load_png(out)
    h, w, _ = img.shape
    assert tuple(img[h // 2, w // 2]) == RED
    assert tuple(img[0, 0]) == BLUE  # the overscan band
    assert cli.main(["render", str(dump), "--display", "vga", "--png", str(out), "--no-blink"]) == 0
    img = load_png(out)
    assert tuple(img[h // 2, w // 2]) == BRIGHT_RED
    assert tuple(img[0, 0]) == (0, 0, 0)


def test_render_frame_picks_the_blink_phase_and_scale_enlarges(tmp_path):
    """Blinking full blocks (DB) in white on black: shown at frame 0, hidden 16 retraces later on VGA."""
    dump = tmp_path / "blink.bin"
    dump.write_bytes(_dump(0x8F, 0xDB))
    shots = []
    for frame in (0, 16):
        out = tmp_path / f"f{frame}.png"
        assert cli.main(["render", str(dump), "--display", "vga", "--png", str(out), "--frame", str(frame)]) == 0
        shots.append(load_png(out))
    h, w, _ = shots[0].shape
    assert tuple(shots[0][h // 2, w // 2]) == (0xFF, 0xFF, 0xFF)
    assert tuple(shots[1][h // 2, w // 2]) == (0, 0, 0)
    big = tmp_path / "big.png"
    assert cli.main(["render", str(dump), "--display", "vga", "--png", str(big), "--scale", "2"]) == 0
    assert load_png(big).shape[1] == 2 * w


def test_render_cursor_is_drawn_only_when_asked(tmp_path):
    dump = tmp_path / "blank.bin"
    dump.write_bytes(_dump(0x07))
    plain, cursor = tmp_path / "a.png", tmp_path / "b.png"
    assert cli.main(["render", str(dump), "--display", "ega", "--png", str(plain)]) == 0
    assert cli.main(["render", str(dump), "--display", "ega", "--png", str(cursor), "--cursor", "12,40,6,7"]) == 0
    diff = np.argwhere((load_png(plain) != load_png(cursor)).any(axis=2))
    assert len(diff) > 0
    assert diff[:, 1].min() >= 40 * 8 and diff[:, 1].max() < 41 * 8 + 64  # within column 40 (plus border band)


# -- through the real command ----------------------------------------------------------------------
def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vconsole.cli", *args], capture_output=True, text=True, timeout=60)


def test_subprocess_unknown_program_and_bad_dump(tmp_path):
    r = _run("nosuch")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("vconsole: Bad command or file name - nosuch")
    dump = tmp_path / "empty.bin"
    dump.write_bytes(b"")
    r = _run("render", str(dump), "--display", "cga", "--png", str(tmp_path / "o.png"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [f"vconsole render: {dump}: it holds no cells (0 bytes of picture)"]


def test_subprocess_bad_token_and_monkey_usage():
    r = _run("--keys", "F99")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "F99" in r.stderr
    r = _run("monkey", "nosuch")
    assert r.returncode == 2 and r.stderr.startswith("vconsole monkey: Bad command or file name")


# -- small things a player notices ---------------------------------------------------------------------------
def test_version(capsys):
    from vconsole import __version__

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"vconsole {__version__}\n"


def test_a_text_that_is_not_a_key_name_is_told_how_to_type_it(capsys):
    assert cli.main(["mill", "--headless", "--keys", "17 Enter"]) == 2
    assert one_line(capsys) == 'vconsole: \'17\' is not a key name; to type it, write "17"'


def test_headless_with_nothing_to_keep_prints_the_final_screen(capsys, tmp_path):
    assert cli.main(["testcard", "--headless", "--drive", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 25 and "TEST CARD" in out[0]
    assert cli.main(["testcard", "--headless", "--drive", str(tmp_path), "--screenshot", str(tmp_path / "s.png")]) == 0
    assert capsys.readouterr().out == ""  # asked for a picture: that is what it keeps


def test_record_audio_keeps_the_sound_of_a_script_that_never_waits(tmp_path, monkeypatch):
    from vconsole.program import Program
    from vconsole.synth import read_wav

    def tune(dos):
        dos.speaker.play("MB T120 L4 O4 CDEG")  # two seconds of music in the background
        dos.keyboard.read()  # the script is empty: the run ends here, at machine time 0

    monkeypatch.setattr(cli, "find", lambda name: Program(name="TUNE", main=tune))
    wav = tmp_path / "tune.wav"
    assert cli.main(["tune", "--headless", "--drive", str(tmp_path), "--record-audio", str(wav)]) == 0
    pcm, rate = read_wav(wav)
    assert len(pcm) >= 1.9 * rate and np.abs(pcm[: rate // 4]).max() > 0


def test_the_prompt_run_headless_ends_saying_what_to_type_next(capsys, tmp_path):
    assert cli.main(["--headless", "--keys", '"dir" Enter', "--drive", str(tmp_path), "--dump-text", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.rstrip().endswith("C:\\TOYS>")
    hint = captured.err.strip().splitlines()[-1]
    first = next(name for name, prog in discover().items() if not prog.hidden)  # the example: the first game
    assert hint.startswith("vconsole: ") and f"--keys '\"{first}\" Enter'" in hint and "HELP" in hint
    assert cli.main(["--headless", "--keys", '"exit" Enter', "--drive", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""  # EXIT: the prompt is gone, nothing waits


# -- outputs that collide, options without effect (issue 26) -------------------------------------------------
@pytest.mark.parametrize("argv, line", [
    (["--dump-text", "x", "--record", "x"], "--record and --dump-text both write x: give each its own file"),
    (["--screenshot", "s.png", "--record-video", "s.png"],
     "--record-video and --screenshot both write s.png: give each its own file"),
    (["--video-rate", "10"], "--video-rate sets the frame rate of --record-video: it does nothing without it"),
])
def test_outputs_on_one_path_and_an_option_without_effect_are_refused(capsys, tmp_path, monkeypatch, argv, line):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x").write_text("an old journal")
    assert cli.main(["--headless", "--drive", str(tmp_path / "C"), *argv]) == 2
    assert one_line(capsys) == f"vconsole: {line}"
    assert (tmp_path / "x").read_text() == "an old journal" and not (tmp_path / "C").exists()


def test_replay_refuses_two_outputs_on_one_path(capsys, tmp_path):
    assert cli.main(["replay", str(tmp_path / "j.jsonl"), "--headless", "--dump-text", str(tmp_path / "o"),
                     "--record-audio", str(tmp_path / "o")]) == 2
    assert one_line(capsys) == f"vconsole: --record-audio and --dump-text both write {tmp_path / 'o'}: give each its own file"


def test_dev_null_takes_more_than_one_output(tmp_path):
    assert cli.main(["--headless", "--drive", str(tmp_path), "--dump-text", "/dev/null", "--record", "/dev/null"]) == 0


def test_scale_without_a_picture_is_warned_about_and_the_run_goes_on(capsys, tmp_path):
    assert cli.main(["mill", "--keys", "F7", "--drive", str(tmp_path), "--scale", "2", "--dump-text",
                     str(tmp_path / "t")]) == 0
    assert one_line(capsys) == "vconsole: --scale does nothing here: it sizes the window, --screenshot and --record-video"


@pytest.mark.parametrize("display, scale", [("ega", 3), ("cga", 5), ("mda", 2)])
def test_a_scaled_screenshot_is_made_strip_by_strip_and_equals_the_whole_picture(tmp_path, display, scale):
    """--scale 16 would be hundreds of MB as one array: the screenshot is scaled and packed in strips."""
    from helpers import run_headless

    from vconsole.adapters import ADAPTERS
    from vconsole.capture import to_display
    from vconsole.machine import MachineConfig
    from vconsole.render import render_frame
    from vconsole.tools.runs import screenshot
    from vconsole_programs.testcard import PROGRAM

    out = run_headless(PROGRAM, "b", drive=tmp_path, adapter=display)
    screenshot(out.state, MachineConfig(adapter=display), out.elapsed, scale, tmp_path / "s.png")
    adapter = ADAPTERS[display]
    whole = to_display(render_frame(out.state, adapter, "color", int(out.elapsed * adapter.refresh_hz)), adapter, scale)
    assert np.array_equal(load_png(tmp_path / "s.png"), whole)
