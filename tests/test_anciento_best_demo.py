"""D shows the best performance to date: a player's Hall-of-Fame game when it beat the master
on its game number (ANCIENTO.BST), else the master; and the demo serves the keyboard from its
first moment, while the master's tables are still being built (issue 29)."""
from __future__ import annotations

import time

from vconsole.testing import Run
from vconsole.testing import run as run_headless
from vconsole_programs.anciento import PROGRAM, best, demo, fit_table, sample
from vconsole_programs.anciento import messages as say
from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.stones import numbered_deal

MASTER_505 = Game(numbered_deal(505), sample_moves := tuple(
    int(m) for line in sample.TEXT.splitlines() if line.startswith("MOVES") for m in line.split()[1:])).final().total


def run(tmp_path, script, **cfg):
    return run_headless(PROGRAM, "Enter " + script, drive=tmp_path, mouse=False, **cfg)


def panel(out: Run) -> str:
    """The right-hand panel as one line, its columns' runs of spaces read as one."""
    return out.rows(*range(24), left=55, squeeze=True)


def write_best(tmp_path, name="Ada", master=None):
    extra = f"NAME {name}\n" + (f"MASTER {master}\n" if master is not None else "")
    (tmp_path / best.FILE).write_text(sample.TEXT.rstrip("\n") + "\n" + extra)


def test_a_hall_game_that_beat_the_master_is_replayed_and_named(tmp_path):
    write_best(tmp_path, master=MASTER_505 - 1)
    out = run(tmp_path, "D", idle_limit=0.3)  # before its first stone goes down
    assert "Ada: game 505" in out.text[1]
    assert " ".join(say.best_start("Ada", 505, MASTER_505 - 1).split()) in panel(out)
    out = run(tmp_path, "D", idle_limit=600)  # to its end
    assert "ADA'S GAME" in out.screen and f"Final score {MASTER_505:,}, by Ada." in out.screen


def test_a_hall_game_the_master_beat_leaves_the_demo_to_the_master(tmp_path):
    write_best(tmp_path, master=MASTER_505 + 1)
    out = run(tmp_path, "D", idle_limit=3)
    assert "Demo: game" in out.text[1]


def test_the_masters_score_is_worked_out_once_and_kept(tmp_path, monkeypatch):
    write_best(tmp_path)
    asked = []
    monkeypatch.setattr(demo, "master_score", lambda app, n: asked.append(n) or 1000)
    out = run(tmp_path, "D", idle_limit=3)
    assert asked == [505] and "Ada: game 505" in out.text[1]
    assert "MASTER 1000" in (tmp_path / best.FILE).read_text()
    run(tmp_path, "D", idle_limit=3)
    assert asked == [505]  # known now: not searched again


def test_a_key_stops_the_comparison_and_nothing_is_kept(tmp_path, monkeypatch):
    write_best(tmp_path)
    real = demo.serve

    def serve(app, busy):  # a key pressed while the master works (a window delivers it so)
        app.dos.keyboard.push(0x2D78)  # x
        return real(app, busy)

    monkeypatch.setattr(demo, "serve", serve)
    out = run(tmp_path, "D", idle_limit=3)
    assert "1 Random game" in out.screen
    assert "MASTER" not in (tmp_path / best.FILE).read_text()


def test_a_numbered_game_entering_the_hall_becomes_the_best_game(tmp_path):
    game = Game(numbered_deal(505))
    keys, cur = [], (4, 4)
    for _ in range(3):
        cell = max(game.legal(), key=lambda c: (game.match(c), -c))
        to = divmod(cell, 10)
        keys += (["Down" if to[0] > cur[0] else "Up"] * abs(to[0] - cur[0])
                 + ["Right" if to[1] > cur[1] else "Left"] * abs(to[1] - cur[1]) + ["Enter"])
        cur = to
        game.place(cell)
    run(tmp_path, '3 "505" Enter ' + " ".join(keys) + ' F10 Y Enter "Eve" Enter Enter')
    kept = best.parse((tmp_path / best.FILE).read_text())
    assert kept.name == "Eve" and kept.saved.moves == game.moves and kept.master is None


def test_a_damaged_best_file_is_set_aside_and_the_master_plays(tmp_path):
    (tmp_path / best.FILE).write_text("ANCIENTO GAME 1\nNUMBER 505\n")
    out = run(tmp_path, "D", idle_limit=3)
    assert "Demo: game" in out.text[1] and (tmp_path / "ANCIENTO.BAD").exists()


def test_the_first_demo_serves_the_machine_while_the_tables_are_built(tmp_path, monkeypatch):
    """No long stretch of work without a service call (the monkey's watchdog): the CPU time
    between two calls stays far below its 2 s, tables and first search included."""
    monkeypatch.setattr(fit_table, "_TABLES", None)
    marks: list[float] = []

    def hook(machine):
        real = machine.host.idle

        def idle(*a, **k):
            marks.append(time.process_time())
            return real(*a, **k)

        machine.host.idle = idle

    run(tmp_path, "D", idle_limit=4, hook=hook)
    assert fit_table._TABLES is not None  # they were built during this run
    gaps = [b - a for a, b in zip(marks, marks[1:])]
    assert len(marks) > 40 and max(gaps) < 1.0, max(gaps)
