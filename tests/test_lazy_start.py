"""Start-up stays light: listing the programs imports none of their code.

The prompt lists every installed program (DIR, HELP, typing a name), and it used to import
all five games, their computer players and their tables before its first line.  Counting
the modules a fresh interpreter imports is a check that does not depend on how busy the
machine is; the CPU times themselves are in ``scripts/bench.py startup``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

GAMES = ("mill", "cardmine", "pearls", "anciento", "spider")


def _modules_after(code: str, env: dict[str, str] | None = None, forget: tuple[str, ...] = ()) -> set[str]:
    """The modules imported after running ``code`` in a fresh interpreter; ``forget``: modules taken out
    of ``sys.modules`` first (the environment's start may have imported them), so an import by ``code``
    shows again."""
    probe = (f"import sys\nfor _name in {forget!r}:\n    sys.modules.pop(_name, None)\n" + code
             + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
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


#: what the test card and the prompt do not need to start: the PLAY interpreter and its exact fractions
#: (the first sound imports them), numpy's typing helpers (annotations only), the traceback formatter
#: (a program that fails), the INT 33h register interface (its first call), the TOML reader (a settings
#: file that exists), the window's libraries
NOT_AT_START = ("fractions", "decimal", "vconsole.music", "numpy.typing", "traceback", "tomllib", "pyglet",
                "PIL", "importlib.metadata", "vconsole.int33")


def test_a_headless_start_without_a_settings_file_imports_only_what_it_runs(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "VCONSOLE_CONFIG"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # no vconsole.toml there
    # on Linux the settings file's folder is named without platformdirs (settings._xdg_home)
    not_at_start = NOT_AT_START + (("platformdirs",) if sys.platform.startswith("linux") else ())
    for program in ("testcard", None):  # None: the DOS prompt
        words = ([program] if program else []) + ["--headless", "--keys", "", "--dump-text", os.devnull,
                                                  "--drive", str(tmp_path / "drive")]
        mods = _modules_after(f"from vconsole.cli import main\nmain({words!r})", env)
        assert "vconsole.machine" in mods  # it did run
        assert not [m for m in not_at_start if m in mods], [m for m in not_at_start if m in mods]


#: a game's computer player and the tables it builds, imported on its first move (or demo), not with
#: the title screen: mill's took longer to build than numpy takes to import
THINKING_AT_FIRST_USE = {"mill": ("vconsole_programs.mill.ai", "vconsole_programs.mill.symmetry"),
                         "anciento": ("vconsole_programs.anciento.ai", "vconsole_programs.anciento.fit_table",
                                      "vconsole_programs.anciento.demo")}


def test_a_games_first_screen_does_not_build_its_computer_player(tmp_path):
    for game, later in THINKING_AT_FIRST_USE.items():
        words = [game, "--headless", "--keys", "", "--dump-text", os.devnull, "--drive", str(tmp_path / game)]
        mods = _modules_after(f"from vconsole.cli import main\nmain({words!r})")
        assert f"vconsole_programs.{game}.app" in mods  # it did run
        assert not [m for m in later if m in mods], [m for m in later if m in mods]


def test_the_speaker_imports_the_play_interpreter_on_its_first_sound():
    mods = _modules_after("from vconsole.clock import VirtualClock\nfrom vconsole.speaker import Speaker\n"
                          "spk = Speaker(VirtualClock())\nimport sys\nassert 'fractions' not in sys.modules\n"
                          "assert spk.music_state.octave == 4\nspk.play('MB O5 C')\n"
                          "assert spk.music_state.octave == 5\nspk.reset_music()\nassert spk.music_state.octave == 4")
    assert {"vconsole.music", "fractions"} <= mods


def test_a_headless_start_compiles_no_dataclass_methods(tmp_path):
    """The records every start defines (Key, Program, ScreenState, the settings, ...) are
    ``vconsole.records`` records: a ``@dataclass`` among them compiles its methods with ``exec``
    at import, about 3.6M instructions a frozen class on Python 3.11 (docs/SPEED.md)."""
    import dataclasses

    if not hasattr(dataclasses, "_create_fn"):  # Python 3.13 builds the methods another way
        import pytest

        pytest.skip("counts calls of dataclasses._create_fn (Python 3.11, 3.12)")
    for program in ("testcard", None):  # None: the DOS prompt
        words = ([program] if program else []) + ["--headless", "--keys", "", "--dump-text", os.devnull,
                                                  "--drive", str(tmp_path / "drive")]
        code = ("import dataclasses\ncompiled = []\n_create_fn = dataclasses._create_fn\n"
                "def spy(name, *a, **k):\n    compiled.append(name)\n    return _create_fn(name, *a, **k)\n"
                "dataclasses._create_fn = spy\nfrom vconsole.cli import main\n"
                f"assert main({words!r}) == 0\nassert compiled == [], compiled\n"
                "assert 'vconsole.records' in sys.modules")
        _modules_after(code.replace("sys.modules", "__import__('sys').modules"))


#: standard modules a headless start has no use for, though a first write (tempfile), a zipped package's
#: fonts (importlib.resources), a game's random numbers (random), a program file or the window (pathlib)
#: need them: tempfile and importlib.resources bring shutil, random and the compressors; pathlib brings
#: urllib.parse and ipaddress; argparse imports shutil for a help formatter not told its width
NOT_IMPORTED_BY_A_START = ("tempfile", "importlib.resources", "pathlib", "urllib.parse", "shutil", "random")


def test_a_headless_start_adds_no_temporary_file_path_or_random_machinery(tmp_path):
    # what the interpreter's own start (site, the .pth files of a development environment: its editable
    # install imports pathlib, tempfile, shutil and random) imported is not ours: those modules are
    # forgotten first, and only the modules the run adds are counted
    forget = NOT_IMPORTED_BY_A_START
    before = _modules_after("pass", forget=forget)
    for program in ("testcard", None):  # None: the DOS prompt
        words = ([program] if program else []) + ["--headless", "--keys", "", "--dump-text", os.devnull,
                                                  "--drive", str(tmp_path / "drive")]
        added = _modules_after(f"from vconsole.cli import main\nmain({words!r})", forget=forget) - before
        assert "vconsole.machine" in added  # it did run
        assert not [m for m in NOT_IMPORTED_BY_A_START if m in added], (program, [m for m in NOT_IMPORTED_BY_A_START
                                                                                   if m in added])


def test_a_start_without_a_drive_names_the_default_one_without_platformdirs(tmp_path):
    """On Linux the default drive's folder (the user's data folder) is named as the settings folder is."""
    import pytest

    if not sys.platform.startswith("linux"):
        pytest.skip("elsewhere platformdirs names the folders")
    env = {k: v for k, v in os.environ.items() if k != "VCONSOLE_CONFIG"}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    words = ["--headless", "--keys", "", "--dump-text", os.devnull]
    code = (f"from vconsole.cli import main\nmain({words!r})\nfrom vconsole.frontends import default_drive\n"
            f"assert default_drive() == {str(tmp_path / 'data' / 'vconsole' / 'TOYS')!r}, default_drive()")
    forget = ("platformdirs", *NOT_IMPORTED_BY_A_START)
    added = _modules_after(code, env, forget) - _modules_after("pass", env, forget)
    assert "vconsole.machine" in added  # it did run
    assert not [m for m in ("platformdirs", *NOT_IMPORTED_BY_A_START) if m in added]
