"""The terminal front end on a pseudo-terminal: what it writes (the bell), and the mouse reaching INT 33h.

A pty stands in for the terminal so the bytes vconsole writes can be read
exactly (tmux would interpret them).  The audio device is skipped
(VCONSOLE_TERMINAL_AUDIO=0), as on a server without one: then a sound is the
terminal's bell, and --mute silences it.
"""
from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pytest
from terminal_model import ModelTerminal

from vconsole.frontends import termkeys
from vconsole.frontends.terminal import TerminalFrontEnd
from vconsole.machine import MachineConfig

VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]
PATIENCE_S = 60.0  # only against a hang


def run_on_pty(args: list[str], steps: list[tuple[bytes | str, bytes]], tmp_path) -> bytes:
    """Start vconsole on a fresh 80x25 pty; for each step read its output until the step's bytes have
    come (or, for text, until the screen shows it), then type the step's keys; stop it with SIGTERM.
    All it wrote is returned."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", VCONSOLE_TERMINAL_AUDIO="0")
    proc = subprocess.Popen(VCONSOLE + args + ["--drive", str(tmp_path / "drive")], stdin=slave, stdout=slave,
                            stderr=subprocess.PIPE, env=env, start_new_session=True)
    os.close(slave)
    got = b""
    model = ModelTerminal()
    deadline = time.monotonic() + PATIENCE_S
    try:
        for until, keys in steps:
            start = len(got)

            def came(got: bytes, until: bytes | str = until, start: int = start) -> bool:
                return until in got[start:] if isinstance(until, bytes) else until in model.text()

            while not came(got) and time.monotonic() < deadline and proc.poll() is None:
                if select.select([master], [], [], 0.2)[0]:
                    try:
                        data = os.read(master, 65536)
                    except OSError:
                        break
                    got += data
                    model.feed(data.decode("utf-8", "replace"))
            assert came(got), f"{until!r} never came"
            os.write(master, keys)
    finally:
        proc.terminate()
        proc.wait(30)
        os.close(master)
    assert proc.returncode == 143
    return got


# Mill: the game starts, a piece is placed on point 1 (its click), the computer answers
PLAY: list[tuple[bytes | str, bytes]] = [("PRESS ANY KEY", b" "), ("PLACE A PIECE", b"1\r"), ("BLACK PLACES", b"")]


def test_without_audio_a_sound_is_the_terminal_bell(tmp_path):
    out = run_on_pty(["mill", "--terminal", "--seed", "7"], PLAY, tmp_path)
    assert b"\a" in out


def test_mute_silences_the_bell_too(tmp_path):
    out = run_on_pty(["mill", "--terminal", "--seed", "7", "--mute"], [*PLAY, ("PLACE A PIECE", b"")], tmp_path)
    assert b"\a" not in out


@pytest.fixture
def front(tmp_path):
    master, slave = pty.openpty()
    fe = TerminalFrontEnd(lambda m: 0, MachineConfig(mute=True), in_fd=slave, out_fd=slave)
    yield fe
    os.close(master)
    os.close(slave)


def test_sgr_mouse_reaches_the_int33_driver(front):
    mouse = front.machine.mouse
    mouse.reset()
    mouse.wheel_support()  # a program that asked for the wheel (function 11h) is told its notches
    M = termkeys.Mouse
    front._apply(M("move", None, 30, 10))
    assert (mouse.x, mouse.y) == (240, 80)
    front._apply(M("press", 0, 31, 11))
    assert mouse.status() == (1, 248, 88)  # left held
    front._apply(M("move", 0, 40, 12))  # a drag
    assert mouse.status() == (1, 320, 96)
    front._apply(M("release", 0, 40, 12))
    front._apply(M("press", 2, 200, 99))  # outside the screen: clamped to its edge, as the driver clamps
    assert mouse.status() == (2, 632, 192)
    front._apply(M("release", 2, 200, 99))
    assert mouse.status()[0] == 0
    front._apply(M("wheel", 1, 5, 5))
    assert mouse.wheel_motion() == 1


def test_a_terminal_that_goes_away_stops_the_program_as_a_hang_up(tmp_path):
    """The pty's other side closed (an SSH connection dropped): the game saves, the run ends with 129."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", VCONSOLE_TERMINAL_AUDIO="0")
    drive = tmp_path / "drive"
    proc = subprocess.Popen(VCONSOLE + ["mill", "--terminal", "--mute", "--seed", "7", "--drive", str(drive)],
                            stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env, start_new_session=True)
    os.close(slave)
    model, deadline = ModelTerminal(), time.monotonic() + PATIENCE_S
    for until, keys in [("PRESS ANY KEY", b" "), ("PLACE A PIECE", b"1\r"), ("BLACK PLACES", b"")]:
        while until not in model.text() and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                model.feed(os.read(master, 65536).decode("utf-8", "replace"))
        os.write(master, keys)
    os.close(master)
    assert proc.wait(PATIENCE_S) == 129
    assert (drive / "MILL.TMP").is_file()
