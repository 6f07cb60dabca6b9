"""Hostile input: random bytes into every loader, and what a program's own bug looks like to the player.

Only the documented errors may come out of a loader (GameFileError/ValueError for a game file,
ValueError for a screen dump of the wrong size, DiskError from the drive).  An exception that
escapes a program becomes the DOS-style error screen and a VCONSOLE.LOG entry (vconsole.errors).
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vconsole import errors
from vconsole.adapters import ADAPTERS
from vconsole.disk import Drive
from vconsole.program import Program
from vconsole.render import render_frame
from vconsole.testing import run as run_headless
from vconsole.video import DUMP_SIZE, ScreenState
from vconsole_programs.mill import notation


# -- loaders ----------------------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_mill_game_file_loader_on_random_bytes(data):
    text = data.decode("cp437")
    try:
        game = notation.loads(text)
    except ValueError as e:  # GameFileError is a ValueError
        assert str(e)
    else:
        assert notation.loads(notation.dumps(game)).pointer == game.pointer


_MOVE_LINES = st.lists(st.one_of(st.integers(0, 25).map(str),
                                 st.tuples(st.integers(0, 25), st.integers(0, 25)).map(lambda t: f"{t[0]}-{t[1]}"),
                                 st.sampled_from([". note", "", "x", "1 2 3", "24x0"])), max_size=30)


@settings(max_examples=300, deadline=None)
@given(_MOVE_LINES)
def test_mill_game_file_loader_on_move_like_lines(lines):
    try:
        game = notation.loads("\n".join(lines))
    except ValueError as e:
        assert str(e)  # a refusal says what is wrong
        return
    # what loads is a legal game: it saves and loads back to the same position
    assert notation.loads(notation.dumps(game)).pointer == game.pointer


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=DUMP_SIZE + 10).filter(lambda b: len(b) != DUMP_SIZE))
def test_screen_dump_of_wrong_size_is_a_value_error(data):
    with pytest.raises(ValueError, match="exactly 4000 bytes"):
        ScreenState.from_dump(data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.binary(min_size=DUMP_SIZE, max_size=DUMP_SIZE), st.sampled_from(sorted(ADAPTERS)),
       st.integers(0, 200), st.booleans(), st.integers(0, 15))
def test_any_4000_bytes_render_on_every_adapter(data, adapter, frame, blink, border):
    state = ScreenState.from_dump(data, blink=blink, border=border)
    img = render_frame(state, adapter, "color", frame)
    a = ADAPTERS[adapter]
    assert img.dtype == np.uint8 and img.shape[2] == 3
    assert img.shape[0] >= a.height and img.shape[1] >= a.width


# -- a program's own bug ---------------------------------------------------------------------------------
def _run_guarded(main, script, drive, **cfg):
    prog = Program(name="BUGGY", main=main)
    guarded = Program(name="BUGGY", main=lambda dos: errors.guard(dos, prog, main))
    return run_headless(guarded, script, drive=drive, seed=9, **cfg)


def _crash(dos):
    dos.keyboard.read()
    return {}["no such key"]


def test_internal_error_shows_a_dos_screen_and_writes_the_log(tmp_path):
    drive = Drive(tmp_path)
    out = _run_guarded(_crash, "x", drive)
    assert out.exit_code is None  # the screen waits for a key; the script ended there
    screen = out.screen
    assert out.text[0].startswith("Internal error in BUGGY")
    assert "KeyError: 'no such key'" in screen and "test_hostile.py line" in screen
    assert "VCONSOLE.LOG" in screen and "Press any key to return to DOS" in screen
    assert all(len(ln.rstrip()) <= 78 for ln in out.text)
    log = drive.read_text("VCONSOLE.LOG")
    assert "BUGGY" in log and "Traceback (most recent call last)" in log and "KeyError" in log
    assert "seed: 9" in log


def test_after_a_key_the_program_ends_with_errorlevel_255_and_logs_accumulate(tmp_path):
    drive = Drive(tmp_path)
    assert _run_guarded(_crash, "x click:3,3 y", drive).exit_code == errors.ERRORLEVEL
    _run_guarded(_crash, "x y", drive)
    assert drive.read_text("VCONSOLE.LOG").count("Traceback (most recent call last)") == 2


def test_keys_typed_before_the_crash_do_not_dismiss_the_screen(tmp_path):
    def crash_at_once(dos):
        dos.wait(0.1)
        raise RuntimeError("boom")

    out = _run_guarded(crash_at_once, 'wait:10 "abc"', Drive(tmp_path))
    assert out.exit_code is None and out.text[0].startswith("Internal error")


def test_unwritable_log_goes_to_stderr_and_the_screen_says_so(tmp_path, capsys):
    (tmp_path / "blocker").write_bytes(b"")
    out = _run_guarded(_crash, "x", Drive(tmp_path / "blocker" / "C"))
    screen = out.screen
    assert "VCONSOLE.LOG could not be written" in screen
    assert "KeyError" in capsys.readouterr().err


def test_exit_and_program_exit_are_not_internal_errors(tmp_path):
    def calls_exit(dos):
        raise SystemExit(3)

    assert _run_guarded(calls_exit, "", Drive(tmp_path)).exit_code == 3
    saved = []

    def waits(dos):
        try:
            dos.keyboard.read()
        finally:
            saved.append(True)

    out = _run_guarded(waits, "", Drive(tmp_path))
    assert out.exit_code is None and saved == [True]
    assert not Drive(tmp_path).exists("VCONSOLE.LOG")


def test_listeners_and_running_registry(tmp_path):
    seen = []

    def main(dos):
        seen.append(errors.running(dos.machine) is dos)
        dos.keyboard.read()
        raise ValueError("bad state")

    def hook(machine):
        errors.on_internal_error(machine, lambda dos, exc: seen.append(str(exc)))

    prog = Program(name="T", main=main)
    guarded = Program(name="T", main=lambda dos: errors.guard(dos, prog, main))
    run_headless(guarded, "k Enter", drive=tmp_path, seed=None, hook=hook)
    assert seen == [True, "bad state"]


def test_mouse_handler_is_removed_so_the_error_screen_cannot_crash_again(tmp_path):
    def main(dos):
        dos.mouse.reset()
        def handler(*args):
            raise RuntimeError("handler bug")
        dos.mouse.set_handler(0x02, handler)  # left button down
        dos.input()

    out = _run_guarded(main, "click:1,1 click:2,2 Enter", Drive(tmp_path))
    assert out.exit_code == errors.ERRORLEVEL
    assert "handler bug" in Drive(tmp_path).read_text("VCONSOLE.LOG")
