"""SIGTERM and SIGHUP end a run as closing the window does: the game saved, one line, 143 / 129.

The headless cases run a small program in this process (the handler is installed by cli.main);
the real programs are run in a window on an X server of our own (the fixture of
test_window_xvfb), each with a game in progress, and signalled from outside as ``kill`` would.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from test_window_xvfb import MISSING, ROOT, _shot, _window, _x, xserver  # noqa: F401 - the fixture

from vconsole import cli
from vconsole.program import Program

VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]


def _stderr_lines(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line]


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_stops_a_headless_run_at_its_next_service_call_and_the_save_runs(
        capsys, tmp_path, monkeypatch, signum, status):
    calls = []

    def busy(dos):
        try:
            os.kill(os.getpid(), signum)
            while True:  # a program that would never end by itself
                calls.append(dos.now())
                dos.wait(0.05)
        finally:
            dos.drive.write_text("SAVED.TMP", f"saved after {len(calls)} waits")

    monkeypatch.setattr(cli, "find", lambda name: Program(name="BUSY", main=busy))
    assert cli.main(["busy", "--headless", "--drive", str(tmp_path), "--dump-text", str(tmp_path / "s.txt")]) == status
    name = signal.Signals(signum).name
    assert _stderr_lines(capsys) == [
        f"vconsole: stopped by {name} (the program tidied up and saved as on closing its window)"]
    assert (tmp_path / "SAVED.TMP").read_text() == "saved after 1 waits"  # stopped at the next call
    assert signal.getsignal(signum) is not None and signal.getsignal(signum) != signal.SIG_IGN
    assert (tmp_path / "s.txt").exists()  # the run's outputs are still written


SECOND = textwrap.dedent("""
    import os, signal, sys
    from vconsole import cli
    from vconsole.program import Program

    def stubborn(dos):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            while True:
                dos.wait(0.05)
        finally:
            os.kill(os.getpid(), signal.SIGTERM)  # the second one while tidying up: no waiting any more
            dos.drive.write_text("SAVED.TMP", "too late")

    cli.find = lambda name: Program(name="STUBBORN", main=stubborn)
    sys.exit(cli.main(["stubborn", "--headless", "--drive", sys.argv[1]]))
""")


def test_a_second_signal_ends_the_run_at_once(tmp_path):
    r = subprocess.run([sys.executable, "-c", SECOND, str(tmp_path)], cwd=ROOT, capture_output=True, timeout=60,
                       check=False)
    assert r.returncode == -signal.SIGTERM
    assert not (tmp_path / "SAVED.TMP").exists()


TERMINAL_SECOND = textwrap.dedent("""
    import os, signal, sys
    from vconsole.frontends import terminal
    from vconsole.machine import MachineConfig

    def stubborn(m):
        m.screen.write(0, 0, "READY", 0x1E)
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            while True:
                m.delay(0.05)
        finally:
            os.kill(os.getpid(), signal.SIGTERM)  # the second one while tidying up
            m.delay(0.5)

    sys.exit(terminal.run(stubborn, MachineConfig(mute=True)))
""")


def test_a_second_signal_in_the_terminal_gives_the_terminal_back_before_ending(tmp_path):
    """The terminal takes SIGTERM and SIGHUP through frontends.signals as the other front ends do;
    a second signal ends at once, but the terminal's modes and screen are put back first."""
    import pty
    import select

    from vconsole.frontends.terminal import LEAVE

    master, slave = pty.openpty()
    env = dict(os.environ, TERM="xterm-256color", VCONSOLE_TERMINAL_AUDIO="0")
    proc = subprocess.Popen([sys.executable, "-c", TERMINAL_SECOND], stdin=slave, stdout=slave,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT, start_new_session=True)
    os.close(slave)
    out = b""
    while True:
        if select.select([master], [], [], 30)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the other side is closed
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    assert proc.wait(30) == -signal.SIGTERM, proc.stderr.read() if proc.stderr else ""
    assert out.endswith(LEAVE.encode()), out[-80:]


# -- the real programs, in a window ------------------------------------------------------------------------
needs_x = pytest.mark.skipif(bool(MISSING) and not os.environ.get("VCONSOLE_REQUIRE_X"),
                             reason=f"needs {', '.join(MISSING)}")


def _headless(drive: Path, *args: str) -> None:
    r = subprocess.run([*VCONSOLE, *args, "--headless", "--drive", str(drive)], cwd=ROOT, capture_output=True,
                       text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr


def _changes(env, wid: int, proc, before: np.ndarray, timeout: float = 30.0) -> np.ndarray:
    """The window's picture once it differs from ``before`` (the program has moved on)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read()
        now = _shot(env, wid)
        if now.shape != before.shape or np.count_nonzero(np.any(now != before, axis=2)) > now.shape[0] * 4:
            return now
        time.sleep(0.1)
    raise AssertionError("the picture did not change")


def _pearls_form() -> str:
    keys = []
    for name in ("ANN", "BOB", "", "", "", ""):
        keys.append(" ".join(["Backspace"] * 14) + (f' "{name}"' if name else "") + " Tab")
    return " ".join(keys)


def _pearls_click() -> str:
    import random

    from vconsole_programs.pearls.board import SQUARES
    from vconsole_programs.pearls.rules import POWER, Game, below, shuffled
    from vconsole_programs.pearls.screen import BOARD

    rng = random.Random(7)
    game = Game(shuffled([POWER] + list(range(1, 49)), rng), 2, below(rng, 2))
    top, left, _, _ = BOARD.rect(*SQUARES[game.targets()[0]])
    return f"click:{left + 2},{top}"


def _signal_and_find_it_saved(proc, signum: int, kept: Path) -> None:
    """Remove the game's file behind the program's back, signal it: one line, status 128 + N, and
    the file written back by the stop."""
    kept.unlink()
    proc.send_signal(signum)
    assert proc.wait(30) == 128 + signum
    err = [line for line in proc.stderr.read().splitlines() if line and "audio" not in line]
    assert err == [(f"vconsole: stopped by {signal.Signals(signum).name}"
                    " (the program tidied up and saved as on closing its window)")]
    assert kept.exists()


#: program, its switches, the headless keys that leave a game in progress, the file it is kept in
GAMES = {
    "mill": (["S"], 'Enter F3 F9 Up "1 " "4 " F7', "MILL.TMP"),
    "cardmine": ([], 'Enter "ALICE" Enter Enter', "CARDMINE.TMP"),
    "pearls": (["*", "S", "--seed", "7"], None, "PEARLS.TMP"),
}


# Each program is signalled once in a window, SIGTERM and SIGHUP taking turns: the two signals take one
# path to the stop (frontends.signals; both are checked headless above, for every front end alike) and a
# program's save on that stop does not depend on which signal it was, so each pair ran the same thing twice.
@needs_x
@pytest.mark.parametrize("name, signum", [("mill", signal.SIGTERM), ("command", signal.SIGHUP),
                                          ("cardmine", signal.SIGTERM), ("pearls", signal.SIGHUP)])
def test_a_signalled_window_saves_the_game_in_progress(xserver, tmp_path, name, signum):  # noqa: F811
    """The game is resumed from its file, the file removed behind the program's back, the
    process signalled: the file must be back (written by the stop) and the status 128 + N."""
    env = xserver
    program = "mill" if name == "command" else name
    switches, keys, tmp_name = GAMES[program]
    if keys is None:
        keys = f"{_pearls_form()} Enter {_pearls_click()} F7"
    _headless(tmp_path, program, *switches, "--keys", keys)
    saved = (tmp_path / tmp_name).read_bytes()
    args = [] if name == "command" else [program, *switches]
    proc = subprocess.Popen([*VCONSOLE, *args, "--drive", str(tmp_path), "--mute"], env=env, cwd=ROOT,
                            stderr=subprocess.PIPE, text=True)
    try:
        title = "vconsole - " + name.upper()
        wid = _window(env, title, proc)
        picture = _shot(env, wid)
        if name == "command":  # start Mill from the prompt
            _x(env, "xdotool", "type", "--window", str(wid), "mill s")
            _x(env, "xdotool", "key", "--window", str(wid), "Return")
            picture = _changes(env, wid, proc, picture)
            time.sleep(0.3)
            picture = _shot(env, wid)
        if program != "pearls":  # past the start-up screen
            _x(env, "xdotool", "key", "--window", str(wid), "Return")
            _changes(env, wid, proc, picture)
        time.sleep(0.5)  # the game is on the screen: it was read back before it was drawn
        _signal_and_find_it_saved(proc, signum, tmp_path / tmp_name)
        if program == "mill":
            kept = (tmp_path / tmp_name).read_bytes()  # the same two moves (the time played moved on)
            assert kept.endswith(b"\r\n1\r\n4\r\n") and saved.endswith(b"\r\n1\r\n4\r\n")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _anciento_game_keys() -> str:
    from test_anciento_resume import moves

    from vconsole_programs.anciento.game import Game
    from vconsole_programs.anciento.stones import numbered_deal

    return f'Enter 3 "505" Enter {moves(Game(numbered_deal(505)), 3)}'


#: Anciento and Spider keep their own files (issue 29): the headless keys that leave a game kept, the
#: keys in the window that take it up again at the next start, and the file
KEPT = {
    "spider": (["--seed", "5"], "click:3,20", ["Return"], "SPIDER.TMP"),  # carry on: the menu's first choice
    "anciento": (["--no-mouse"], None, ["Return", "y"], "ANCIENTO.TMP"),  # past the title, Y to the offer
}


@needs_x
@pytest.mark.parametrize("name, signum", [("spider", signal.SIGTERM), ("anciento", signal.SIGHUP)])
def test_a_signalled_window_keeps_anciento_and_spider_games(xserver, tmp_path, name, signum):  # noqa: F811
    """As for the Tommy's Toys games: the kept game is taken up again, its file removed behind the
    program's back, the process signalled, and the file must be back with the status 128 + N."""
    env = xserver
    switches, keys, resume, tmp_name = KEPT[name]
    _headless(tmp_path, name, *switches, "--keys", keys if keys is not None else _anciento_game_keys())
    assert (tmp_path / tmp_name).exists()
    proc = subprocess.Popen([*VCONSOLE, name, *switches, "--drive", str(tmp_path), "--mute"], env=env, cwd=ROOT,
                            stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - " + name.upper(), proc)
        picture = _shot(env, wid)
        for key in resume:
            _x(env, "xdotool", "key", "--window", str(wid), key)
            picture = _changes(env, wid, proc, picture)
            time.sleep(0.3)
            picture = _shot(env, wid)
        time.sleep(0.5)  # the game is on the screen again
        _signal_and_find_it_saved(proc, signum, tmp_path / tmp_name)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
