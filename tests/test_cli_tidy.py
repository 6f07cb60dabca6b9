"""The command line tidied (issue 25, item 8): @- and - for standard input and output, one set of option
names and defaults across the subcommands, the key-script help an installed user has, program files."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import one_line

from vconsole import cli, helptext, keyscript

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "example_program.py"
VCONSOLE = [sys.executable, "-m", "vconsole"]


def _no_display() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def test_keys_at_dash_reads_the_script_from_standard_input(tmp_path):
    r = subprocess.run([*VCONSOLE, "--headless", "--keys", "@-", "--drive", str(tmp_path), "--dump-text", "-"],
                       input='"ver" Enter\n# a comment line\n', capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "C:\\TOYS>ver" in r.stdout and "DOS Version 5" in r.stdout


def test_keys_at_dash_with_bad_input_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'"ver" \xff Enter')))
    assert cli.main(["--headless", "--keys", "@-", "--drive", str(tmp_path)]) == 2
    line = one_line(capsys)
    assert "standard input" in line and "UTF-8" in line


@pytest.mark.parametrize("option, magic", [("--screenshot", b"\x89PNG\r\n\x1a\n"), ("--record-audio", b"RIFF"),
                                           ("--record-video", b"GIF89a"), ("--record", b'{"vconsole": "journal"')])
def test_dash_sends_each_file_output_to_standard_output_and_nothing_else(tmp_path, option, magic):
    r = subprocess.run([*VCONSOLE, "testcard", "--headless", "--drive", str(tmp_path), option, "-"],
                       capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(magic)
    assert b"TEST CARD" not in r.stdout  # the final screen is not printed into the file's bytes
    assert not (tmp_path / "-").exists() and not Path("-").exists()


def test_dash_output_is_the_same_file_as_a_named_one(tmp_path):
    named = tmp_path / "s.png"
    assert subprocess.run([*VCONSOLE, "testcard", "--headless", "--drive", str(tmp_path), "--screenshot",
                           str(named)], capture_output=True, timeout=120).returncode == 0
    r = subprocess.run([*VCONSOLE, "testcard", "--headless", "--drive", str(tmp_path), "--screenshot=-"],
                       capture_output=True, timeout=120)
    assert r.stdout == named.read_bytes()


def test_render_png_dash_writes_the_picture_to_standard_output(tmp_path):
    art = tmp_path / "a.bin"
    art.write_bytes(b"A\x1f" * 80 * 25)
    r = subprocess.run([*VCONSOLE, "render", str(art), "--png", "-"], capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(b"\x89PNG")


def test_two_outputs_to_standard_output_are_refused_in_one_line(tmp_path, capsys):
    assert cli.main(["testcard", "--headless", "--drive", str(tmp_path), "--screenshot", "-",
                     "--dump-text", "-"]) == 2
    line = one_line(capsys)
    assert "--screenshot" in line and "--dump-text" in line and "standard output" in line


@pytest.mark.parametrize("argv", [["gallery", "-"], ["attract", "mill", "-"]])
def test_outputs_that_cannot_go_to_standard_output_refuse_dash_in_one_line(tmp_path, capsys, argv):
    assert cli.main(argv) == 2
    line = one_line(capsys)
    assert argv[0] in line and "standard output" in line
    assert not Path("-").exists()


def test_every_subcommand_has_the_same_display_default(tmp_path):
    from vconsole.names import DEFAULT_DISPLAY
    from vconsole.tools import monkey, render, view

    parsers = {"run": cli._parser(), "view": view._parser(), "render": render._parser(), "monkey": monkey._parser()}
    for name, parser in parsers.items():
        display = next(a for a in parser._actions if "--display" in a.option_strings)
        assert display.default == DEFAULT_DISPLAY and not display.required, name


#: options whose default differs on purpose: replay's --monitor (None: the journal's own), monkey's --seed
#: (the first of a sweep of seeds)
DIFFERENT_ON_PURPOSE = {("replay", "--monitor"), ("monkey", "--seed")}


def test_an_option_shared_by_subcommands_has_one_default_and_one_set_of_choices():
    from vconsole.tools import monkey, render, replay_cli, view

    parsers = {"run": cli._parser(), "view": view._parser(), "render": render._parser(), "monkey": monkey._parser(),
               "replay": replay_cli._parser()}
    run = {s: a for a in parsers["run"]._actions for s in a.option_strings if s.startswith("--")}
    checked = 0
    for name, parser in parsers.items():
        for a in parser._actions:
            for option in a.option_strings:
                if (option in run and name != "run" and (name, option) not in DIFFERENT_ON_PURPOSE
                        and option != "--help"):
                    same = run[option]
                    assert a.default == same.default, (name, option, a.default, same.default)
                    assert (list(a.choices) if a.choices else None) == (list(same.choices) if same.choices else None) \
                        or a.choices is None or set(a.choices) == set(same.choices), (name, option)
                    checked += 1
    assert checked >= 15


def test_view_reads_the_settings_too(tmp_path, monkeypatch):
    from vconsole.tools import view

    art = tmp_path / "a.ans"
    art.write_text("hello\r\n")
    seen = []
    real = view.run_program
    monkeypatch.setattr(view, "run_program", lambda m, p, s, d, o: seen.append(m.config.adapter) or real(m, p, s, d, o))
    monkeypatch.setenv("VCONSOLE_DISPLAY", "mda")
    assert cli.main(["view", str(art), "--headless", "--keys", "Esc"]) == 0
    assert cli.main(["view", str(art), "--headless", "--keys", "Esc", "--display", "cga"]) == 0
    assert seen == ["mda", "cga"]


def test_render_without_display_is_the_ega_picture(tmp_path):
    art = tmp_path / "a.bin"
    art.write_bytes(bytes(range(256)) * 15 + b"\x07" * 160)
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    assert cli.main(["render", str(art), "--png", str(a)]) == 0
    assert cli.main(["render", str(art), "--png", str(b), "--display", "ega"]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_view_takes_mute_seed_and_drive_like_a_program(tmp_path, capsys, monkeypatch):
    from vconsole.tools import view

    art = tmp_path / "a.ans"
    art.write_text("hello\r\n")
    out = tmp_path / "v.txt"
    seen = []
    real = view.run_program
    monkeypatch.setattr(view, "run_program", lambda m, p, s, drive, options: seen.append(
        (m.config.mute, options.seed, drive.root)) or real(m, p, s, drive, options))
    assert cli.main(["view", str(art), "--headless", "--keys", "Esc", "--mute", "--seed", "5", "--drive",
                     str(tmp_path / "dos"), "--dump-text", str(out)]) == 0
    assert "hello" in out.read_text()
    assert seen == [(True, 5, tmp_path / "dos")]
    assert cli.main(["view", str(art), "--headless", "--drive", str(art)]) == 2  # a file is no DOS directory
    assert "--drive" in capsys.readouterr().err


def test_help_keys_carries_the_key_script_syntax_and_its_examples_parse(capsys):
    assert cli.main(["help", "keys"]) == 0
    out = capsys.readouterr().out
    for word in ("wait:MS", "click:COL,ROW", "wheel:N", "@-", "Ctrl+Q", "Quote"):
        assert word in out
    for example in helptext.KEY_EXAMPLES:
        assert keyscript.parse(example)


def test_the_epilog_points_to_help_keys_not_to_the_readme():
    text = cli._parser().format_help()
    assert "vconsole help keys" in text and "README" not in text


@pytest.mark.parametrize("columns", [None, "", "wide", "0", "-3", "40", "132"])
def test_the_help_is_as_wide_as_argparse_would_make_it(monkeypatch, columns):
    """The parsers' formatter is told its width (argparse imports shutil to ask for one): the same width."""
    import argparse
    import shutil

    from vconsole.tools import options

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert options.terminal_columns() == shutil.get_terminal_size().columns
    plain = cli._parser()
    plain.formatter_class = argparse.RawDescriptionHelpFormatter
    assert cli._parser().format_help() == plain.format_help()
    assert cli._parser().format_usage() == plain.format_usage()


def test_on_a_terminal_the_help_is_as_wide_as_the_terminal():
    fcntl, termios = pytest.importorskip("fcntl"), pytest.importorskip("termios")
    import struct

    leader, follower = os.openpty()
    try:
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 97, 0, 0))
        code = ("import shutil, sys\nfrom vconsole.tools.options import terminal_columns\n"
                "sys.stderr.write(f'{terminal_columns()} {shutil.get_terminal_size().columns}')")
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        r = subprocess.run([sys.executable, "-c", code], stdout=follower, stderr=subprocess.PIPE, text=True,
                           env=env, timeout=60, check=True)
    finally:
        os.close(leader)
        os.close(follower)
    assert r.stderr == "97 97"


def test_help_settings_and_unknown_topics(capsys):
    assert cli.main(["help", "settings"]) == 0
    assert "vconsole.toml" in capsys.readouterr().out
    assert cli.main(["help", "nothing"]) == 2
    assert "vconsole help keys" in one_line(capsys)


def test_run_a_program_file_headless(tmp_path):
    r = subprocess.run([*VCONSOLE, "run", str(EXAMPLE), "--headless", "--keys", "h", "--drive", str(tmp_path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "HI-LO" in r.stdout


@pytest.mark.parametrize("how", [[*VCONSOLE, "run", str(EXAMPLE)], [sys.executable, str(EXAMPLE)]])
def test_the_example_program_without_a_display_says_so_in_one_line(tmp_path, how):
    r = subprocess.run([*how, "--drive", str(tmp_path)], env=_no_display(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "no display" in r.stderr and "--headless" in r.stderr


@pytest.mark.parametrize("text, words", [
    ("x = (\n", ["line 1", "never closed"]),
    ("import not_a_module_here\n", ["line 1", "ModuleNotFoundError"]),
    ("X = 1\n", ["no Program"]),
])
def test_a_bad_program_file_is_one_line(tmp_path, capsys, text, words):
    f = tmp_path / "p.py"
    f.write_text(text)
    assert cli.main(["run", str(f), "--headless", "--drive", str(tmp_path)]) == 2
    line = one_line(capsys)
    assert str(f) in line
    for w in words:
        assert w in line
    assert cli.main(["run", str(tmp_path / "none.py"), "--headless"]) == 2
    assert "no such program file" in one_line(capsys)
