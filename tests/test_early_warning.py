"""A drive that cannot be written is said before play ("GAMES WILL NOT BE SAVED: ..."), and the
game still runs; a drive that can be written costs nothing (no message, no delay, no file)."""
from __future__ import annotations

import os
import shutil
from collections import namedtuple

import pytest

from vconsole.disk import Drive
from vconsole.program import UNSAVEABLE_S, Program
from vconsole.testing import run as run_headless
from vconsole_programs.mill import PROGRAM as MILL
from vconsole_programs.pearls import PROGRAM as PEARLS

Usage = namedtuple("Usage", "total used free")


def test_a_writable_drive_has_no_problem_and_nothing_is_made(tmp_path):
    assert Drive(tmp_path / "new" / "C").write_problem() is None
    assert list(tmp_path.iterdir()) == []  # asked without writing


def test_the_three_ways_a_drive_cannot_be_written(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    assert Drive(tmp_path / "file" / "C").write_problem() == "Cannot write drive C: file is a file, not a directory"
    monkeypatch.setattr(shutil, "disk_usage", lambda p: Usage(10**9, 10**9, 100))
    assert Drive(tmp_path).write_problem() == "Insufficient disk space to write drive C"
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    assert Drive(tmp_path).write_problem() == "Write protect error writing drive C"


@pytest.mark.parametrize("program", [MILL, PEARLS], ids=["mill", "pearls"])
def test_a_read_only_drive_is_said_before_play_and_the_game_runs(tmp_path, monkeypatch, program):
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    shown: list[str] = []

    def watch(machine):  # the screen one machine second in, while the warning stands
        machine.clock.taps.append(lambda old, new: shown or new < 1.0 or shown.extend(machine.screen.lines()))

    out = run_headless(program, "", drive=tmp_path, hook=watch)
    assert shown[1].rstrip() == "GAMES WILL NOT BE SAVED: Write protect error writing drive C"
    assert out.elapsed >= UNSAVEABLE_S
    assert "GAMES WILL NOT BE SAVED" not in out.screen  # then the program took over
    assert out.text != shown


def test_a_program_that_keeps_nothing_is_not_warned(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    seen = []
    out = run_headless(Program(name="QUIET", main=lambda dos: seen.append(dos.now()), saves=False), "", drive=tmp_path)
    assert seen == [0.0] and out.exit_code == 0


def test_a_program_on_a_writable_drive_starts_at_once(tmp_path):
    seen = []
    run_headless(Program(name="SAVER", main=lambda dos: seen.append(dos.now())), "", drive=tmp_path)
    assert seen == [0.0]
