"""``vconsole gallery`` and ``attract`` on bad folders and lengths: one line, never a traceback."""
from __future__ import annotations

import errno
import os

import pytest
from helpers import one_line

from vconsole import cli
from vconsole.tools import gallery

SMALL = ["--programs", "testcard", "--displays", "ega", "--monitors", "color"]


def error_line(capsys) -> str:
    return one_line(capsys, prefix="vconsole: ")  # the gallery's progress lines are not errors


def test_a_folder_that_cannot_be_made_is_one_line(capsys, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert cli.main(["gallery", str(afile / "sub"), *SMALL]) == 2
    assert error_line(capsys) == f"vconsole: cannot make the folder {afile / 'sub'}: Not a directory"


@pytest.mark.parametrize("taken", ["index.html", "testcard.gif", "testcard-ega-color.png"])
def test_a_name_taken_by_a_folder_is_refused_before_the_runs(capsys, tmp_path, taken):
    (tmp_path / taken).mkdir()
    assert cli.main(["gallery", str(tmp_path), *SMALL]) == 2
    assert error_line(capsys) == f"vconsole: gallery: cannot write {tmp_path / taken}: it is a folder"


@pytest.mark.parametrize("command", [["gallery", "GAL"], ["attract", "mill", "GAL/o.gif"]])
@pytest.mark.parametrize("seconds", ["nan", "inf", "-5", "0", "1e300"])
def test_seconds_must_be_a_sensible_length(capsys, tmp_path, command, seconds):
    argv = [a.replace("GAL", str(tmp_path)) for a in command]
    assert cli.main([*argv, "--seconds", seconds]) == 2
    assert "argument --seconds: must be a number of seconds above 0" in error_line(capsys)
    assert list(tmp_path.iterdir()) == []


def test_a_picture_that_cannot_be_written_is_one_line_and_exit_1(capsys, tmp_path, monkeypatch):
    def full(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(gallery, "save_png", full)
    assert cli.main(["gallery", str(tmp_path), *SMALL, "--no-animation"]) == 1
    assert error_line(capsys) == (f"vconsole: gallery: cannot write {tmp_path / 'testcard-ega-color.png'}:"
                             " No space left on device")


def test_the_index_is_written_atomically(capsys, tmp_path, monkeypatch):
    written = []
    real = gallery.atomic_write
    monkeypatch.setattr(gallery, "atomic_write", lambda path, data: (written.append(path), real(path, data)))
    assert cli.main(["gallery", str(tmp_path), *SMALL, "--no-animation"]) == 0
    assert written == [tmp_path / "index.html"]
    assert "testcard-ega-color.png" in (tmp_path / "index.html").read_text()
