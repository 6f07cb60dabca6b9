"""Settings for the whole suite.

Hypothesis's per-example deadline (200 ms by default) is a wall-clock limit: on a busy
machine, or beside the other workers of a parallel run, a correct property test failed on
it.  Tests here never depend on how busy the machine is, so the deadline is off; the
properties themselves are unchanged.

Every test also sees vconsole's defaults, whatever settings the person running the tests keeps:
a developer's own ``vconsole.toml`` or ``VCONSOLE_DISPLAY`` would otherwise change what the command
line does in the tests (a green MDA screenshot where a test expects EGA). So the environment's
settings are removed and ``VCONSOLE_CONFIG`` names an empty settings file; subprocesses inherit both.

Tests write only into temporary folders (pytest's ``tmp_path``, or the fresh folder
``vconsole.testing.run`` gives a run without a drive): a file a test left in the checkout (a
VCONSOLE.LOG, a saved game) would change what the next run sees. So the run fails, naming the
files, when the checkout holds a file at its end that was not there at its start.

The quick loop (``pytest -m "not slow"``) leaves out the long tests: the statistical strength
tests, marked ``slow`` where they stand, and the end-to-end runs through a real window, browser,
terminal, package build or a crowd of subprocesses, marked here (``END_TO_END``) so the list
is in one place. CI runs them all. In a parallel run the long tests start first: a worker that
drew a long test near the end would keep the whole run waiting while the other sat idle.
The run is also scheduled by work stealing (``--dist worksteal``) unless ``--dist`` is given:
xdist's default hands each worker a fixed share, and a share heavy with long end-to-end tests
kept the other worker idle for a minute and a half (the README's ``-n auto`` on 2 cores took
4 min 38 s, and 3 min 5 s stealing).
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("vconsole", deadline=None)
settings.load_profile("vconsole")

#: variables the test suite itself reads, not settings
KEEP = {"VCONSOLE_REQUIRE_X"}


def pytest_configure(config: pytest.Config) -> None:
    _steal_work(config)
    for name in [n for n in os.environ if n.startswith("VCONSOLE_") and n not in KEEP]:
        del os.environ[name]
    empty = Path(tempfile.mkdtemp(prefix="vconsole-test-settings.")) / "vconsole.toml"
    empty.write_text("# no settings: the tests run on the defaults\n")
    os.environ["VCONSOLE_CONFIG"] = str(empty)


def _steal_work(config: pytest.Config) -> None:
    """A parallel run whose --dist was not chosen on the command line steals work (see above)."""
    chosen = any(a == "--dist" or a.startswith("--dist=") or a == "-d" for a in config.invocation_params.args)
    if getattr(config.option, "dist", "no") == "load" and not chosen:
        config.option.dist = "worksteal"


#: folders whose contents are no test's output: git's, caches, and the README's virtual environment
NOT_OUTPUT = {".git", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv"}
CHECKOUT = Path(__file__).resolve().parent.parent


def checkout_files() -> Iterator[str]:
    for folder, subfolders, files in os.walk(CHECKOUT):
        subfolders[:] = [d for d in subfolders if d not in NOT_OUTPUT and not d.endswith(".egg-info")]
        for name in files:
            yield os.path.relpath(os.path.join(folder, name), CHECKOUT)


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller of a parallel run, or a serial run
        session.config.stash[_BEFORE] = set(checkout_files())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(_BEFORE, None)
    if before is None:
        return
    left = sorted(set(checkout_files()) - before)
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"tests wrote into the checkout, not a temporary folder: {', '.join(left)}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_BEFORE = pytest.StashKey[set[str]]()


#: whole modules of end-to-end runs (a real X window, chromium, tmux, pip building the package,
#: a signalled window): marked slow, so the quick loop skips them and CI runs them
END_TO_END_MODULES = {
    "test_window_xvfb.py", "test_window_extras_xvfb.py", "test_htmlexport_window.py", "test_replay_window.py",
    "test_signals.py", "test_htmlexport_browser.py", "test_terminal_tmux.py", "test_terminal_pty.py",
    "test_packaging.py",
}
#: single tests that run whole programs many times over, or in a crowd of subprocesses
END_TO_END_TESTS = {
    "test_journal.py::test_a_recorded_run_replays_bit_exact_twice",
    "test_gallery.py::test_the_readmes_gallery_command_makes_the_pictures_committed",
    "test_monkey.py::test_monkey_on_every_program",
    "test_monkey_every_program.py::test_every_program_answers_within_the_watchdog",
    "test_htmlexport.py::test_a_two_minute_game_is_small_and_far_smaller_than_its_apng",
    "test_disk.py::test_save_killed_at_random_moments_leaves_old_or_new_file_never_a_mix",
    "test_drive_sharing.py::test_two_writers_of_one_file_never_make_each_other_fail",
    "test_drive_sharing.py::test_a_second_mill_says_its_game_is_in_use_plays_and_leaves_it",
}


def _end_to_end(item: pytest.Item) -> bool:
    module = item.path.name
    return module in END_TO_END_MODULES or f"{module}::{getattr(item, 'originalname', item.name)}" in END_TO_END_TESTS


@pytest.hookimpl(tryfirst=True)  # before -m chooses: the marks set here count
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _end_to_end(item):
            item.add_marker(pytest.mark.slow)
    # long tests first (a stable sort: each module keeps its order); every worker sorts alike
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
