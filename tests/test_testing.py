"""vconsole.testing, the public test helper (docs/TESTING.md): what it promises an outside author."""
from __future__ import annotations

import tempfile
from pathlib import Path

from vconsole import keyscript
from vconsole.keyboard import Key
from vconsole.program import Dos
from vconsole.testing import Run, click, keys, run, typed, wait


def echo(dos: Dos) -> int:
    """Writes each typed key's character along row 0; Esc leaves with 3 after saving a file."""
    col = 0
    while True:
        ev = dos.input()
        if isinstance(ev, Key):
            if ev.name == "Esc":
                dos.drive.write_text("ECHO.TXT", dos.screen.lines()[0].rstrip())
                return 3
            dos.screen.write(0, col, ev.char or "?", 0x1E)
            col += 1


def test_typed_text_types_every_character_quotes_and_spaces_included():
    text = 'say "hi" # now'
    out = run(echo, keys(typed(text), "Esc"))
    assert out.text[0].startswith(text) and out.exit_code == 3
    assert [e.token for e in keyscript.parse(typed('"'))] == ["Quote"]


def test_keys_joins_words_and_lists_and_builds_mouse_and_wait_tokens():
    assert keys("F3", ["Down"] * 2, "", click(3, 4), click(5, 6, "rclick"), wait(250)) == \
        "F3 Down Down click:3,4 rclick:5,6 wait:250"
    keyscript.parse(keys("F3", click(3, 4), wait(250)))  # the language takes them


def test_a_run_reads_rows_cells_and_the_drive(tmp_path):
    out = run(echo, keys(typed("ab  c"), "Esc"), drive=tmp_path)
    assert isinstance(out, Run)
    assert out.rows(0, 1) == "ab  c" and out.rows(0, 1, squeeze=True) == "ab c" and out.rows(0, left=1, right=2) == "b"
    assert out.attribute(0, 0) == 0x1E
    assert out.screen.splitlines()[0].rstrip() == "ab  c"
    assert out.has_file("echo.txt") and out.file("ECHO.TXT") == "ab  c"
    assert (tmp_path / "ECHO.TXT").exists()


def test_keys_typed_ahead_are_read_first():
    assert run(echo, "Esc", ahead="x y").text[0].startswith("xy")


def test_without_a_drive_a_run_writes_into_a_fresh_temporary_folder(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out = run(echo, "Esc")
    root = Path(out.drive.path("ECHO.TXT")).parent.resolve()
    assert root.is_relative_to(Path(tempfile.gettempdir()).resolve()) and root != tmp_path.resolve()
    assert list(tmp_path.iterdir()) == []  # nothing in the working folder


def test_the_script_running_out_ends_the_run_without_an_exit_code():
    out = run(echo, "a")
    assert out.exit_code is None and out.text[0].startswith("a")
