"""The terminal is given back as it was, however the run ends; the game is saved first; journals replay.

Each run is Mill in a tmux pane with a move made (so MILL.TMP has something
to keep).  Then it is stopped by Ctrl+C (tmux types it: the terminal's
interrupt character), SIGTERM or SIGHUP sent to the process, or a program
that crashes.  Afterwards ``stty -g`` must equal what it was before, and
tmux must report the pane back on its main screen, with mouse reporting off,
the cursor shown and autowrap on.  Exit statuses are 128 + the signal.
"""
from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest
from terminal_pane import TMUX, Pane

from vconsole.cli import main as cli_main

pytestmark = pytest.mark.skipif(TMUX is None and not os.environ.get("VCONSOLE_REQUIRE_X"),
                                reason="needs tmux (apt-get install tmux)")

RESTORED = {"alternate_on": "0", "mouse_any_flag": "0", "mouse_button_flag": "0", "mouse_sgr_flag": "0",
            "mouse_standard_flag": "0", "cursor_flag": "1", "wrap_flag": "1"}


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def program_pid(pane: Pane) -> int:
    shell = int(pane.tmux("display-message", "-p", "-t", "0", "#{pane_pid}").strip())
    pane.wait_until(lambda: children(shell), "vconsole to start")
    return children(shell)[0]


def start_mill_with_a_move(tmp_path: Path, extra: list[str] = ()) -> Pane:
    pane = Pane(tmp_path, ["mill", "--terminal", "--mute", "--seed", "7", "--drive", str(tmp_path / "drive"),
                           *extra])
    pane.wait_until(lambda: "PRESS ANY KEY" in pane.text(), "the title")
    pane.keys("Space")
    pane.wait_until(lambda: "PLACE A PIECE" in pane.text(), "the game")
    pane.keys("-l", "1")
    pane.keys("Enter")
    pane.wait_until(lambda: "BLACK PLACES" in pane.text(), "the computer's answer")
    return pane


def assert_restored(pane: Pane) -> None:
    assert pane.before.read_text() == pane.after.read_text(), "stty settings differ after the run"
    assert pane.flags() == RESTORED


@pytest.mark.parametrize("how, status", [("ctrl+c", 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
                         ids=["ctrl-c", "sigterm", "sighup"])
def test_stopped_saves_and_restores(tmp_path, how, status):
    pane = start_mill_with_a_move(tmp_path)
    try:
        if how == "ctrl+c":
            pane.keys("C-c")
        else:
            os.kill(program_pid(pane), how)
        assert pane.exit_status() == status
        assert_restored(pane)
        assert (tmp_path / "drive" / "MILL.TMP").is_file(), "the game was not saved before the exit"
        assert "BLACK PLACES" not in pane.text(), "the game's screen stayed (the alternate screen was not left)"
    finally:
        pane.close()


CRASHING = """
import sys
from vconsole.frontends import terminal
def target(machine):
    machine.screen.write(0, 0, "ABOUT TO FAIL", 0x1E)
    machine.delay(0.3)
    raise RuntimeError("deliberate failure for the test")
sys.exit(terminal.run(target))
"""


def test_a_crash_restores_the_terminal_and_reports(tmp_path):
    script = tmp_path / "crash.py"
    script.write_text(CRASHING)
    pane = Pane(tmp_path, [], command=[sys.executable, str(script)])
    try:
        assert pane.exit_status() == 1
        assert_restored(pane)
        assert "deliberate failure for the test" in pane.stderr.read_text()
    finally:
        pane.close()


def test_journal_recorded_in_the_terminal_replays_headless(tmp_path):
    journal = tmp_path / "run.jsonl"
    pane = Pane(tmp_path, ["mill", "--terminal", "--mute", "--seed", "7", "--drive", str(tmp_path / "drive"),
                           "--record", str(journal)])
    try:
        pane.wait_until(lambda: "PRESS ANY KEY" in pane.text(), "the title")
        pane.keys("Space")
        pane.wait_until(lambda: "PLACE A PIECE" in pane.text(), "the game")
        pane.keys("F5")
        pane.wait_until(lambda: "HOW TO PLAY" in pane.text(), "the instructions")
        pane.keys("PageDown")
        pane.wait_until(lambda: "PAGE 2 OF" in pane.text(), "page 2")
        shown = pane.text()
        pane.keys("C-c")
        assert pane.exit_status() == 130
    finally:
        pane.close()
    out = tmp_path / "replayed.txt"
    assert cli_main(["replay", str(journal), "--headless", "--dump-text", str(out)]) == 0
    assert out.read_text() == shown


def test_the_program_ending_itself_gives_the_terminal_back(tmp_path):
    pane = Pane(tmp_path, ["--terminal", "--mute", "--drive", str(tmp_path / "drive")])
    try:
        pane.wait_until(lambda: "C:\\TOYS>" in pane.text(), "the prompt")
        pane.keys("-l", "exit")
        pane.keys("Enter")
        assert pane.exit_status() == 0
        assert_restored(pane)
        assert "C:\\TOYS>" not in pane.text()
    finally:
        pane.close()
