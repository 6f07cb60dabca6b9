"""Start-up stays light: listing the programs imports none of their code.

The prompt lists every installed program (DIR, HELP, typing a name), and it used to import
all five games, their computer players and their tables before its first line.  Counting
the modules a fresh interpreter imports is a check that does not depend on how busy the
machine is; the CPU times themselves are in ``scripts/bench.py startup``.
"""
from __future__ import annotations

import json
import subprocess
import sys

GAMES = ("mill", "cardmine", "pearls", "anciento", "spider")


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_listing_the_programs_imports_no_game_code():
    mods = _modules_after("from vconsole.program import discover\nprogs = discover()\n"
                          "assert {'mill', 'spider', 'testcard'} <= set(progs), progs")
    for game in GAMES:
        loaded = sorted(m for m in mods if m.startswith(f"vconsole_programs.{game}."))
        assert loaded == [], f"listing the programs imported {loaded}"
    assert "pyglet" not in mods


def test_running_the_test_card_headless_imports_no_game_and_no_window():
    mods = _modules_after("from vconsole.cli import main\n"
                          "main(['testcard', '--headless', '--keys', '', '--dump-text', '/dev/null',"
                          " '--drive', __import__('tempfile').mkdtemp()])")
    game_code = [m for m in mods for g in GAMES if m.startswith(f"vconsole_programs.{g}.")]
    assert game_code == []  # each game's package (its Program record) is read, none of its modules
    assert not [m for m in mods if m == "pyglet" or m.startswith("pyglet.")]
    window_side = {"vconsole.frontends.window", "vconsole.frontends.layouts", "vconsole.frontends.terminal"}
    assert not window_side & mods, window_side & mods


def test_a_program_is_imported_when_it_runs():
    from vconsole.program import find

    prog = find("testcard")
    from vconsole_programs.testcard.main import main

    assert prog.main.resolve() is main  # type: ignore[attr-defined]
    assert "vconsole_programs.testcard.main" in sys.modules
