"""The README's set-up commands must stay true: the play line runs the prompt headless here, and the
test line is, word for word, what .ci/run runs."""
import os
import re
import subprocess
import sys
from pathlib import Path

from vconsole.program import discover

ROOT = Path(__file__).resolve().parent.parent


# Issue 25: the set-up lines make a virtual environment first (PEP 668 systems refuse a bare pip
# install), so they start with "python3 -m venv"; the play line's part after the install is run here.
VENV = "python3 -m venv .venv && . .venv/bin/activate && "
INSTALLED = "python3 -m pip install . && "


def _commands() -> list[str]:
    return [ln.strip() for ln in (ROOT / "README.md").read_text().splitlines()
            if ln.startswith("    python3 -m venv ")]


def _after_install(play: str) -> str:
    """The play line from where the project is installed on (it is installed already here)."""
    assert play.startswith(VENV + INSTALLED), play
    return play.split(INSTALLED, 1)[1]


def test_readme_opens_with_a_play_command_and_a_test_command():
    play, test = _commands()[:2]
    assert "vconsole" in play and "--headless" in play
    assert test.startswith(VENV) and "pytest" in test
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in ci, "the README's test command must be the line .ci/run runs"


def _no_display_env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["HOME"] = str(tmp_path)  # the default DOS directory lives under the user's data folder
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    # the vconsole installed with the Python running these tests, not another one found first on PATH
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


def test_play_command_without_a_display_shows_the_prompt_and_the_games(tmp_path):
    play = _commands()[0]
    run = _after_install(play)  # the project is installed already; keep the rest as written
    env = _no_display_env(tmp_path)
    r = subprocess.run(["bash", "-c", run], env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert re.search(r"C:\\TOYS>dir", r.stdout)
    assert "MILL" in r.stdout and "TESTCARD" in r.stdout


def test_the_first_run_of_the_play_command_ends_saying_what_to_type_next(tmp_path):
    """On a terminal the screen comes first and the last line tells the newcomer what to do next."""
    play = _commands()[0]
    run = _after_install(play)
    env = _no_display_env(tmp_path)
    r = subprocess.run(["bash", "-c", f"{{ {run.strip()}; }} 2>&1"], env=env, capture_output=True, text=True,
                       timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stdout
    lines = r.stdout.rstrip().splitlines()
    assert lines[-2] == "C:\\TOYS>"  # the screen, then one line of advice
    games = [name for name, prog in discover().items() if not prog.hidden]
    assert lines[-1].startswith("vconsole: ") and "--keys" in lines[-1]
    assert any(f'"{name}" enter' in lines[-1].lower() for name in games)  # an installed game as the example
