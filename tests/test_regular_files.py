"""Only regular files: a FIFO, a device or a socket is refused in one line and never blocks,
and a read never follows a symbolic link out of the drive.

Every run here is a separate process with a timeout, so a regression shows as a failure
instead of a test run that hangs forever on a pipe nobody writes to.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from vconsole.disk import DiskError, Drive
from vconsole.tools import art, journal

ROOT = Path(__file__).resolve().parent.parent
VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*VCONSOLE, *args], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def test_the_prompt_refuses_a_fifo_and_a_link_out_of_the_drive(tmp_path):
    drive = tmp_path / "C"
    drive.mkdir()
    os.mkfifo(drive / "P.TXT")
    secret = tmp_path / "secret.txt"
    secret.write_text("the host's own file\n")
    os.symlink(secret, drive / "PASSWD.TXT")
    (drive / "OWN.TXT").write_text("mine\n")
    os.symlink(drive / "OWN.TXT", drive / "LINK.TXT")  # a link inside the drive is followed
    r = _run("--headless", "--drive", str(drive), "--dump-text", "-", "--keys",
             '"type p.txt" Enter "echo x > p.txt" Enter "type passwd.txt" Enter')
    screen = _lines(r.stdout)
    assert screen[-7:-1] == ["C:\\TOYS>type p.txt", "Cannot read P.TXT: it is a named pipe, not a file",
                           "C:\\TOYS>echo x > p.txt", "Cannot write P.TXT: it is a named pipe, not a file",
                           "C:\\TOYS>type passwd.txt", "Access denied - PASSWD.TXT leads out of the drive"]
    r = _run("--headless", "--drive", str(drive), "--dump-text", "-", "--keys",
             '"copy passwd.txt x.txt" Enter "type link.txt" Enter "dir" Enter')
    screen = _lines(r.stdout)
    assert "0 file(s) copied" in " ".join(screen[:4])
    assert "mine" in screen
    assert not any(line.startswith(("P        TXT", "PASSWD")) for line in screen)  # DIR lists neither
    assert not (drive / "X.TXT").exists() and "the host's own file" not in r.stdout


def test_a_fifo_named_mill_tmp_costs_a_message_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "MILL.TMP")
    r = _run("mill", "S", "--headless", "--drive", str(tmp_path), "--keys", 'Enter F3 "1 " F7')
    assert r.returncode == 1
    assert _lines(r.stderr) == [
        "vconsole: MILL: the game in progress was not saved: Cannot write MILL.TMP: it is a named pipe, not a file"]


def test_render_and_replay_refuse_a_fifo(tmp_path):
    fifo = tmp_path / "P.BIN"
    os.mkfifo(fifo)
    r = _run("render", str(fifo), "--display", "vga", "--png", str(tmp_path / "o.png"))
    assert (r.returncode, _lines(r.stderr)) == (
        2, [f"vconsole render: cannot read {fifo}: it is a named pipe, not a file"])
    r = _run("replay", str(fifo))
    assert (r.returncode, _lines(r.stderr)) == (2, [f"vconsole: cannot read {fifo}: it is a named pipe, not a file"])


def test_the_drive_the_art_reader_and_the_journal_reader_refuse_a_socket_and_a_device(tmp_path):
    sock_path = tmp_path / "S.TXT"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(sock_path))
        with pytest.raises(DiskError, match="Cannot read S.TXT: it is a socket, not a file"):
            Drive(tmp_path).read_bytes("S.TXT")
        with pytest.raises(DiskError, match="Cannot write S.TXT: it is a socket, not a file"):
            Drive(tmp_path).write_text("S.TXT", "x")
    finally:
        s.close()
    with pytest.raises(art.ArtError, match="it is a device, not a file"):
        art.load("/dev/zero")
    with pytest.raises(journal.JournalError, match="it is a device, not a file"):
        journal.read("/dev/zero")


def test_a_link_to_a_fifo_inside_the_drive_is_refused_too(tmp_path):
    os.mkfifo(tmp_path / "PIPE")
    os.symlink(tmp_path / "PIPE", tmp_path / "GAME.SAV")
    drive = Drive(tmp_path)
    with pytest.raises(DiskError, match="named pipe"):
        drive.read_bytes("GAME.SAV")
    with pytest.raises(DiskError, match="named pipe"):
        drive.write_text("GAME.SAV", "x")
    assert drive.load("GAME.SAV", bytes).value is None
