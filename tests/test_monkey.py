"""The monkey: random input, failure detection (exceptions, invariants, hangs), shrinking, CI runs.

Faulty little programs defined here prove each detector fires and that the shrunk
script really reproduces the failure through the ordinary headless runner.  The
last tests run the monkey over every installed program (the CI requirement:
at least 2,000 events per seed, several seeds, no failure).
"""
from __future__ import annotations

import time

import pytest

from vconsole import keyscript
from vconsole.disk import Drive
from vconsole.keyboard import Key
from vconsole.program import Program, discover
from vconsole.testing import run as run_headless
from vconsole.tools import monkey


def _target(main, switches=(), **kw) -> monkey.Target:
    return monkey.Target(Program(name="TOY", main=main, switches=switches), **kw)


def _keys(dos):
    while True:
        ev = dos.input()
        if isinstance(ev, Key):
            yield ev


# -- faulty programs ---------------------------------------------------------------------------
def crash_after_click_then_q(dos):
    clicked = False
    while True:
        ev = dos.input()
        if not isinstance(ev, Key):
            clicked = clicked or ev.kind == "press"
        elif ev.char == "q" and clicked:
            return 1 // 0


def breaks_invariant_on_alt_x(dos):
    pieces = [9, 9]
    def check():
        assert sum(pieces) == 18, f"pieces not conserved: {pieces}"
    dos.declare_invariant(check)
    for key in _keys(dos):
        if key.name == "Alt+X":
            pieces[0] -= 1  # a capture that forgot to land anywhere
        elif key.name == "F7":
            return 0


def spins_on_h(dos):
    for key in _keys(dos):
        if key.char == "h":
            while True:
                dos.machine.idle(dos.now())  # a wait whose deadline is already here


def polls_on_p(dos):
    for key in _keys(dos):
        if key.char == "p":
            while dos.keyboard.peek() is None or True:
                pass


def computes_forever_on_c(dos):
    for key in _keys(dos):
        if key.char == "c":
            n = 0
            while True:
                n += 1


def exits_on_esc(dos):
    for key in _keys(dos):
        if key.name == "Esc":
            return 0


def crashes_only_with_saved_file(dos):
    """Saves on F2; F3 loads and trips over the saved data: the failure needs the file."""
    for key in _keys(dos):
        if key.name == "F2":
            dos.drive.write_text("STATE.SAV", "0\n")
        elif key.name == "F3" and dos.drive.exists("STATE.SAV"):
            return 10 // int(dos.drive.read_text("STATE.SAV"))
        elif key.name == "Esc":
            return 0


# -- the token stream ------------------------------------------------------------------------------
def test_every_generated_token_is_valid_key_script_and_every_kind_appears():
    import random

    src = monkey.TokenSource(random.Random(5), ["MILL", "DIR"])
    tokens = [next(src) for _ in range(4000)]
    script = " ".join(tokens)
    events = keyscript.parse(script)  # the whole stream reads back as one script
    assert len(events) >= len(tokens)
    kinds = {type(e).__name__ for e in events}
    assert kinds == {"Press", "Wait", "Mouse"}
    assert {e.action for e in events if isinstance(e, keyscript.Mouse)} == {"move", "click", "rclick"}
    names = {Key(e.word).name for e in events if isinstance(e, keyscript.Press)}
    for wanted in ("F1", "F10", "F12", "Esc", "Enter", "Up", "PgDn", "Gray+", "Shift+Tab", "Alt+X", "Ctrl+Q"):
        assert wanted in names, wanted
    assert any(n.startswith("Alt+F") for n in names) and any(n.startswith("Ctrl+F") for n in names)
    assert any(t.startswith('"') and len(t) > 3 for t in tokens)  # typed text
    assert "Quote" in tokens and '"#"' in tokens  # the script language's own characters


def test_same_seed_same_stream():
    import random

    a = monkey.TokenSource(random.Random(1))
    b = monkey.TokenSource(random.Random(1))
    assert [next(a) for _ in range(300)] == [next(b) for _ in range(300)]


def test_ddmin_finds_the_minimal_pair():
    items = [str(i) for i in range(200)]
    calls = []

    def fails(c):
        calls.append(1)
        return "17" in c and "150" in c

    assert monkey.ddmin(items, fails, time.monotonic() + 10) == ["17", "150"]
    assert len(calls) < 400


# -- detectors and shrinking -------------------------------------------------------------------------
def test_exception_is_found_shrunk_and_reproduces_with_plain_keys(tmp_path):
    t = _target(crash_after_click_then_q, seed=3)
    rep = monkey.monkey(t, events=3000, shrink_seconds=20)
    assert rep.failure is not None and rep.failure.kind == "exception"
    assert "ZeroDivisionError" in rep.failure.summary
    assert rep.event_index is not None and rep.event_index < rep.events
    tokens = rep.shrunk.tokens
    assert len(tokens) == 2 and tokens[0].startswith("click:") and tokens[1] == "q", tokens
    assert rep.shrunk.complete and rep.drive_dir is None
    assert "--keys" in rep.text() and "--seed 3" in rep.command
    # The script replays through the ordinary headless runner, without the monkey: the
    # program's guard shows the error screen and logs the traceback.
    out = run_headless(t.program, rep.script, drive=tmp_path, seed=3)
    assert out.text[0].startswith("Internal error in")
    assert "ZeroDivisionError" in (tmp_path / "VCONSOLE.LOG").read_text()


def test_internal_error_reaches_the_monkey_through_the_guard_and_is_logged(tmp_path):
    t = _target(crash_after_click_then_q)
    failure, code = monkey.replay(t, ["click:1,1", "q"])
    assert failure.kind == "exception" and code is None


def test_broken_invariant_is_found_and_shrunk_to_one_key():
    # Alt+X is one key combination among about 260 the monkey draws from: give it room to meet it
    rep = monkey.monkey(_target(breaks_invariant_on_alt_x, seed=1), events=20000, shrink_seconds=20)
    assert rep.failure is not None and rep.failure.kind == "invariant", rep.text()
    assert "pieces not conserved" in rep.failure.summary
    assert [t.upper() for t in rep.shrunk.tokens] == ["ALT+X"]
    assert "--replay" in rep.text()


def test_wait_that_never_lets_time_pass_is_a_hang():
    rep = monkey.monkey(_target(spins_on_h, seed=2), events=3000, shrink_seconds=20)
    assert rep.failure is not None and rep.failure.kind == "hang"
    assert "no time passing" in rep.failure.summary
    assert rep.shrunk.tokens == ["h"]


def test_busy_keyboard_polling_is_a_hang():
    failure, _ = monkey.replay(_target(polls_on_p), ["a", "p"])
    assert failure.kind == "hang" and "polls" in failure.summary


def test_polling_input_with_zero_timeout_in_a_loop_is_a_hang():
    def program(dos):
        while True:
            dos.input(timeout=0)

    failure, _ = monkey.replay(_target(program), ["a"])
    assert failure.kind == "hang" and "polls" in failure.summary


def test_pure_computation_trips_the_watchdog():
    started = time.monotonic()
    failure, _ = monkey.replay(_target(computes_forever_on_c), ["c"], watchdog=0.3)
    assert failure.kind == "hang" and "0.3 s of CPU time" in failure.summary  # CPU time: load-proof
    assert time.monotonic() - started < 5


def test_program_that_exits_is_restarted_and_events_are_all_spent():
    rep = monkey.monkey(_target(exits_on_esc, seed=4), events=2000)
    assert rep.failure is None
    assert rep.events == 2000
    assert rep.restarts > 10  # Esc is common in the stream
    assert rep.rate > 0


def test_failure_needing_a_saved_file_reports_the_drive_it_needs():
    rep = monkey.monkey(_target(crashes_only_with_saved_file, seed=6), events=4000, shrink_seconds=20)
    assert rep.failure is not None and "ZeroDivisionError" in rep.failure.summary
    assert rep.shrunk.tokens[-1] == "F3"
    if "F2" not in rep.shrunk.tokens:  # the save came from an earlier run
        assert rep.drive_dir and (Drive(rep.drive_dir).read_text("STATE.SAV") == "0\n")
        assert f"--drive {rep.drive_dir}" in rep.command


# -- the command line ----------------------------------------------------------------------------------
def test_cli_runs_and_reports_rate(capsys):
    assert monkey.main(["command", "--events", "300", "--seeds", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("no failure") == 2 and "events/s" in out


@pytest.mark.parametrize("argv, words", [
    (["nosuch"], "Bad command or file name - nosuch"),
    (["command", "--events", "0"], "--events"),
    (["command", "--events", "x"], "--events"),
    (["command", "--display", "tv"], "--display"),
    (["command", "--switches", "Q"], "Invalid switch"),
    (["command", "--replay", "@/no/such/file"], "cannot read key script"),
    (["command", "--replay", "NoSuchKey"], "NoSuchKey"),
    (["command", "--drive", "/no/such/dir"], "not a directory"),
    ([], "program"),
])
def test_cli_mistakes_are_one_line_and_exit_2(capsys, argv, words):
    assert monkey.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("vconsole monkey: ")


def test_cli_replay_of_a_clean_script(capsys):
    assert monkey.main(["command", "--replay", '"ver" Enter']) == 0
    assert "without failure" in capsys.readouterr().out


# -- CI: every installed program, several seeds, >= 2,000 events each --------------------------------------
PROGRAMS = sorted(discover())
CI_EVENTS = 2000
#: (seed, display, mouse): a colour card, a mono card (the other colour scheme), and no mouse driver
CI_RUNS = [(0, "ega", True), (1, "mda", True), (2, "cga", False)]


@pytest.mark.parametrize("name", PROGRAMS)
def test_monkey_on_every_program(name):
    prog = discover()[name]
    for seed, display, mouse in CI_RUNS:
        rep = monkey.monkey(monkey.Target(prog, (), display, mouse, seed), events=CI_EVENTS, shrink_seconds=30)
        assert rep.failure is None, rep.text()
        assert rep.events >= CI_EVENTS or rep.note, rep.text()
