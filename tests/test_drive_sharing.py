"""Two runs on one drive: nothing either of them wrote is lost.

The races run two processes on the drive layer itself (the bank, a high-score table, a
saved game written over and over), released together by a barrier so that both read
before either writes: 20 trials each, every one of which must keep both players' work.
One end-to-end race runs two Card Miners at once.  Then the marks of a game in
progress (NAME.TMP claimed by a live run) and the sweep of dead writers' temporaries.
"""
from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vconsole import locks
from vconsole.disk import Drive
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.hiscore import Entry, HiScoreTable
from vconsole_programs.cardmine.bank import Bank

ROOT = Path(__file__).resolve().parent.parent
VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]
TRIALS = 20
CTX = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")


def _race(target, args_of, n: int = 2) -> None:
    barrier = CTX.Barrier(n)
    procs = [CTX.Process(target=target, args=(barrier, *args_of(i))) for i in range(n)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0


def _bank_player(barrier, root: str, name: str, other: str) -> None:
    bank = Bank(Drive(root))
    assert bank.load() is None
    bank.open(name)
    bank.open(other)
    bank.settle(name, other, 5, (name, other))  # each wins 5 chips from the house
    barrier.wait()  # both have read the bank before either writes it
    assert bank.save() is None


def test_two_runs_settling_games_at_once_keep_both_accounts(tmp_path):
    for trial in range(TRIALS):
        root = tmp_path / str(trial)
        seed = Bank(Drive(root))
        seed.load()
        seed.open("HOUSE").chips = 100
        assert seed.save() is None
        _race(_bank_player, lambda i, root=root: (str(root), ("ALICE", "BOB")[i], "HOUSE"))
        bank = Bank(Drive(root))
        assert bank.load() is None
        assert {a.name: (a.chips, a.games, a.won, a.lost) for a in bank.accounts} == {
            "HOUSE": (90, 2, 0, 2), "ALICE": (5, 1, 1, 0), "BOB": (5, 1, 1, 0)}, f"trial {trial}"


def _score_player(barrier, root: str, name: str, score: int) -> None:
    table = HiScoreTable(Drive(root), "SCORES.TAB", size=10)
    assert table.load() is None
    table.insert(Entry(name, score, "01-02-94"))
    barrier.wait()
    assert table.save() is None


def test_two_runs_entering_high_scores_at_once_keep_both(tmp_path):
    for trial in range(TRIALS):
        root = tmp_path / str(trial)
        _race(_score_player, lambda i, root=root: (str(root), ("ANN", "BOB")[i], 100 + i))
        table = HiScoreTable(Drive(root), "SCORES.TAB", size=10)
        assert table.load() is None
        assert [(e.name, e.score) for e in table.entries] == [("BOB", 101), ("ANN", 100)], f"trial {trial}"


def test_a_merged_table_keeps_its_size_and_order(tmp_path):
    drive = Drive(tmp_path)
    one, two = (HiScoreTable(drive, "T.TAB", size=3) for _ in range(2))
    one.load()
    two.load()
    for n in range(3):
        one.insert(Entry(f"A{n}", 10 * n))
    first = Entry("B", 15)
    two.insert(first)
    assert one.save() is None and two.save() is None
    assert [(e.name, e.score) for e in two.entries] == [("A2", 20), ("B", 15), ("A1", 10)]
    assert two.rank_of(first) == 2


def _writer(barrier, root: str, tag: str) -> None:
    drive = Drive(root)
    barrier.wait()
    for n in range(60):
        drive.write_text("MILL.TMP", f"{tag} {n}\n")  # raises DiskError on any failure


def test_two_writers_of_one_file_never_make_each_other_fail(tmp_path):
    """The sweep before a save used to delete the other writer's temporary file."""
    for trial in range(TRIALS):
        root = tmp_path / str(trial)
        _race(_writer, lambda i, root=root: (str(root), "AB"[i]))
        assert (root / "MILL.TMP").read_text().split()[1] == "59"
        assert [p.name for p in root.iterdir()] == ["MILL.TMP"]  # no temporary, no lock file left


def test_the_sweep_removes_a_dead_writers_temporary_but_not_a_live_ones(tmp_path):
    drive = Drive(tmp_path)
    drive.write_text("MILL.TMP", "old\n")
    dead = tmp_path / ".~MILL.TMP.dead.tmp"
    dead.write_text("half a save")
    live = tmp_path / ".~MILL.TMP.live.tmp"
    live.write_text("a save in progress")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(live)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        drive.write_text("MILL.TMP", "new\n")
        assert not dead.exists() and live.exists()
    finally:
        holder.kill()
        holder.wait()
    drive.write_text("MILL.TMP", "newer\n")  # its writer is gone now
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MILL.TMP"]


HOLD = """
import os, sys, time
from vconsole import locks
fd = os.open(sys.argv[1], os.O_RDWR)
assert locks.try_lock(fd)
print("held", flush=True)
time.sleep(60)
"""

CLAIM = """
import sys, time
from vconsole.disk import Drive
assert Drive(sys.argv[1]).claim(sys.argv[2])
print("claimed", flush=True)
time.sleep(60)
"""


def _claimed(root: Path, name: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", CLAIM, str(root), name], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "claimed"
    return proc


def test_a_game_another_live_run_plays_is_neither_resumed_nor_overwritten_nor_removed(tmp_path):
    Drive(tmp_path).write_text("TOY.TMP", "42\n")
    other = _claimed(tmp_path, "TOY.TMP")
    try:
        save = AutoSave(Drive(tmp_path), "TOY.TMP")
        assert save.recover(int) == (None, "TOY.TMP is in use by another run - this game will not be kept")
        assert save.save("7\n") == "TOY.TMP is in use by another run"
        assert save.discard() is None
        assert (tmp_path / "TOY.TMP").read_bytes() == b"42\r\n"
    finally:
        other.kill()
        other.wait()
    again = AutoSave(Drive(tmp_path), "TOY.TMP")  # the other run is gone: its game is free
    assert again.recover(int) == (42, None)
    again.drive.release_claims()


def test_a_second_mill_says_its_game_is_in_use_plays_and_leaves_it(tmp_path):
    drive = tmp_path / "C"
    run = [*VCONSOLE, "mill", "S", "--headless", "--drive", str(drive)]
    first = subprocess.run([*run, "--keys", 'Enter F3 "1 " "4 " F7'], capture_output=True, text=True,
                           cwd=ROOT, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    kept = (drive / "MILL.TMP").read_bytes()
    other = _claimed(drive, "MILL.TMP")
    try:
        shown = subprocess.run([*run, "--keys", "Enter", "--dump-text", "-"], capture_output=True,
                               text=True, cwd=ROOT, timeout=120, check=False)
        second = subprocess.run([*run, "--keys", 'Enter F3 "7 "'], capture_output=True,
                                text=True, cwd=ROOT, timeout=120, check=False)
    finally:
        other.kill()
        other.wait()
    rows = shown.stdout.splitlines()
    screen = " ".join(rows[r][:46].strip() for r in (22, 23))  # Mill's message rows
    assert "MILL.TMP IS IN USE BY ANOTHER RUN - THIS GAME WILL NOT BE KEPT" in screen
    assert second.returncode == 1  # the game played was not kept: said at exit
    assert "the game in progress was not saved: MILL.TMP is in use by another run" in second.stderr
    assert (drive / "MILL.TMP").read_bytes() == kept


def test_two_card_miners_opening_accounts_at_once_keep_both(tmp_path):
    """End to end: two runs start on one drive at the same moment, each opening an account.

    A third run holds CARDMINE.TMP, so that both say so (one panel, one key) whichever starts first."""
    other = _claimed(tmp_path, "CARDMINE.TMP")
    try:
        procs = [subprocess.Popen([*VCONSOLE, "cardmine", "--headless", "--drive",
                                   str(tmp_path), "--keys", f'Enter Enter "{name}" Enter Enter'], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                 for name in ("ALICE", "BOB")]
        for p in procs:
            assert p.wait(120) == 1, p.stderr.read()  # 1: the game could not be kept (CARDMINE.TMP in use)
    finally:
        other.kill()
        other.wait()
    bank = Bank(Drive(tmp_path))
    assert bank.load() is None
    assert {"ALICE", "BOB", "COMPUTER"} <= {a.name for a in bank.accounts}


def test_a_lock_held_too_long_is_a_message_not_a_hang(tmp_path, monkeypatch):
    from vconsole.disk import DiskError

    drive = Drive(tmp_path)
    drive.write_text("A.TXT", "x")
    holder = subprocess.Popen([sys.executable, "-c", HOLD_DRIVE, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(locks, "WAIT_S", 0.2)
        with pytest.raises(DiskError, match="another run is still writing"):
            drive.write_text("A.TXT", "y")
    finally:
        holder.kill()
        holder.wait()
    drive.write_text("A.TXT", "z")
    assert (tmp_path / "A.TXT").read_bytes() == b"z"


HOLD_DRIVE = """
import sys, time
from vconsole.disk import Drive
with Drive(sys.argv[1]).locked():
    print("held", flush=True)
    time.sleep(60)
"""


def test_claims_are_not_kept_in_the_players_folder_and_are_let_go_at_the_end_of_the_run(tmp_path):
    drive = Drive(tmp_path)
    assert drive.claim("MILL.TMP") and drive.claim("MILL.TMP")  # this process's own: claimed again
    assert list(tmp_path.iterdir()) == []
    code = "import sys; from vconsole.disk import Drive; sys.exit(0 if Drive(sys.argv[1]).claim('MILL.TMP') else 3)"
    probe = [sys.executable, "-c", code, str(tmp_path)]
    assert subprocess.run(probe, check=False, timeout=60).returncode == 3  # another process: in use
    drive.release_claims()
    assert subprocess.run(probe, check=False, timeout=60).returncode == 0
