"""The DOS prompt: internal commands, running programs with switches, F3, and its refusals."""
from __future__ import annotations

import importlib

import pytest

from helpers import run_headless
from vconsole_programs.shell import PROGRAM as SHELL
from vconsole.frontends import headless
from vconsole.program import Program, discover

PROMPT = "C:\\TOYS>"
shell_main = importlib.import_module("vconsole_programs.shell.main")  # the package's 'main' attribute is the function


def _shell(script: str, tmp_path, **cfg) -> headless.Outcome:
    return run_headless(SHELL, script, drive=tmp_path / "C", **cfg)


def _lines(out) -> list[str]:
    return [ln.rstrip() for ln in out.text if ln.strip()]


def test_starts_with_banner_and_prompt(tmp_path):
    out = _shell("", tmp_path)
    assert out.text[0].startswith("vconsole DOS")
    assert _lines(out)[-1] == PROMPT
    assert out.state.cursor_row == 2 and out.state.cursor_col == len(PROMPT)


def test_dir_lists_the_visible_programs_and_files(tmp_path):
    (tmp_path / "C").mkdir()
    (tmp_path / "C" / "MILL.SAV").write_bytes(b"12345")
    out = _shell('"DIR" Enter', tmp_path)
    text = "\n".join(out.text)
    for name, prog in discover().items():
        assert (name.upper() in text) != prog.hidden
    assert "COMMAND" not in text.replace("COMMAND.COM", "")
    assert "MILL     SAV          5" in text
    visible = sum(not p.hidden for p in discover().values())
    assert f"{visible + 1:>9} file(s)" in text


@pytest.mark.parametrize("typed", ['"ver"', '"VER"', '"Ver"'])
def test_commands_are_case_insensitive(tmp_path, typed):
    out = _shell(f"{typed} Enter", tmp_path)
    assert sum(ln.startswith("vconsole DOS") for ln in out.text) == 2


def test_cls_clears_and_homes(tmp_path):
    out = _shell('"ver" Enter "cls" Enter', tmp_path)
    assert _lines(out) == [PROMPT] and out.text[0].startswith(PROMPT)


def test_help_lists_the_commands(tmp_path):
    text = "\n".join(_shell('"help" Enter', tmp_path).text)
    for word in ("DIR", "CLS", "VER", "HELP", "EXIT", "F3", "Ctrl+C"):
        assert word in text


def test_exit_ends_the_prompt_with_errorlevel_0(tmp_path):
    out = _shell('"exit" Enter "this is never read"', tmp_path)
    assert out.exit_code == 0


def test_unknown_command_and_hidden_program(tmp_path):
    out = _shell('"frobnicate" Enter "command" Enter', tmp_path)
    assert [ln for ln in _lines(out) if ln == "Bad command or file name"] == ["Bad command or file name"] * 2


def test_f3_brings_back_the_last_line_and_esc_and_backspace_edit(tmp_path):
    out = _shell('"ver" Enter F3 Enter "xyz" Esc "vex" Backspace "r" Enter', tmp_path)
    assert sum(ln.startswith("vconsole DOS") for ln in out.text) == 4  # banner + three VERs


def test_blank_lines_are_ignored(tmp_path):
    out = _shell("Enter Enter", tmp_path)
    assert _lines(out)[1:] == [PROMPT] * 3


def test_running_a_program_by_name_with_switches_and_back_to_the_prompt(tmp_path, monkeypatch):
    seen = []

    def toy(dos):
        seen.append(sorted(dos.switches))
        dos.screen.write(10, 0, "TOY RAN")
        dos.keyboard.read()
        return 0 if "Q" in dos.switches else 4

    prog = Program(name="TOY", main=toy, switches=("Q", "R"), summary="a test toy")
    real = shell_main.find

    def find(name):
        return prog if name.upper() in ("TOY", "TOY.EXE") else real(name)

    monkeypatch.setattr(shell_main, "find", find)
    out = _shell('"toy qr" Enter x "TOY.EXE" Enter y "toy z" Enter', tmp_path)
    assert seen == [["Q", "R"], []]
    text = "\n".join(out.text)
    assert "TOY ended with errorlevel 4" in text
    assert "Invalid switch - Z" in text
    row = out.state.cursor_row  # back at the prompt, waiting on the line after the refusal
    assert out.text[row].rstrip() == PROMPT and out.text[row - 1].startswith("Invalid switch - Z")


def test_a_long_line_is_capped_at_the_dos_limit(tmp_path):
    out = _shell('"' + "a" * 130 + '"', tmp_path)
    typed = "".join(out.text).split(PROMPT, 1)[1].replace(" ", "")
    assert typed == "a" * shell_main.MAX_LINE


def _with_toys(monkeypatch, **mains):
    progs = {name.upper(): Program(name=name.upper(), main=fn) for name, fn in mains.items()}
    real = shell_main.find
    monkeypatch.setattr(shell_main, "find", lambda name: progs.get(name.upper()) or real(name))


def _full_screen_game(park_row):
    def game(dos):
        dos.screen.clear(0x1F)
        dos.screen.box(0, 0, 24, 79, 0x1F, double=True)
        dos.screen.write(12, 30, "GAME OVER", 0x1E)
        dos.screen.set_cursor(park_row, 0)
        dos.screen.hide_cursor()
        return 0
    return game


@pytest.mark.parametrize("park_row", [0, 12, 25])
def test_after_a_full_screen_game_the_prompt_is_on_a_clean_screen(tmp_path, monkeypatch, park_row):
    _with_toys(monkeypatch, game=_full_screen_game(park_row))
    out = _shell('"game" Enter', tmp_path)
    assert _lines(out) == [PROMPT]
    assert (out.state.cursor_row, out.state.cursor_col) == (0, len(PROMPT))
    assert (out.state.cells[..., 1] == 0x07).all()


def test_after_teletype_output_the_prompt_goes_on_the_next_line(tmp_path, monkeypatch):
    def hello(dos):
        dos.screen.tty("Hello from a line program", 0x07)
        return 0
    _with_toys(monkeypatch, hello=hello)
    out = _shell('"hello" Enter', tmp_path)
    assert _lines(out)[-2:] == ["Hello from a line program", PROMPT]


def test_backspace_goes_back_over_a_wrapped_line(tmp_path):
    out = _shell('"' + "a" * 75 + '" Backspace Backspace Backspace Backspace Backspace', tmp_path)
    assert out.text[2].rstrip() == PROMPT + "a" * 70 and not out.text[3].strip()
    assert (out.state.cursor_row, out.state.cursor_col) == (2, len(PROMPT) + 70)


def test_switches_may_follow_the_name_without_a_space(tmp_path, monkeypatch):
    seen = []
    prog = Program(name="TOY", main=lambda dos: seen.append(sorted(dos.switches)), switches=("M", "S"))
    real = shell_main.find
    monkeypatch.setattr(shell_main, "find", lambda name: prog if name.upper() == "TOY" else real(name))
    out = _shell('"toy/ms" Enter "dir/w" Enter', tmp_path)
    assert seen == [["M", "S"]]
    assert "file(s)" in "\n".join(out.text)


def test_ctrl_c_abandons_the_line_like_dos(tmp_path):
    out = _shell('"frob" Ctrl+C "ver" Enter', tmp_path)
    assert out.text[2].rstrip() == PROMPT + "frob^C"
    assert out.text[3].rstrip() == PROMPT + "ver"
    assert "Bad command or file name" not in "\n".join(out.text)


def test_dir_shortens_a_long_summary_at_a_word_with_an_ellipsis(tmp_path, monkeypatch):
    words = "a summary that goes on and on about everything this program can possibly do for you"
    toy = Program(name="TOY", main=lambda dos: 0, summary=words)
    monkeypatch.setattr(shell_main, "discover", lambda: {"toy": toy})
    out = _shell('"dir" Enter', tmp_path)
    line = next(ln.rstrip() for ln in out.text if ln.startswith("TOY"))
    assert len(line) < 80 and line.endswith("...") and words.startswith(line[15:-3].rstrip())
    assert line[15:-3].rstrip().split()[-1] in words.split()


def test_dir_shows_size_of_saved_files_through_the_drive(tmp_path):
    from vconsole.disk import Drive

    Drive(tmp_path).write_text("GAME1.MIL", "1 2\n")
    entries = Drive(tmp_path).entries()
    assert [(e.name, e.size) for e in entries] == [("GAME1.MIL", 5)]
