"""The program model: discovery, the Dos services, stopping, tidying up."""
import tempfile
import threading
import time

import pytest

from vconsole.clock import TICK_HZ, RealClock, VirtualClock
from vconsole.disk import Drive
from vconsole.keyboard import Key
from vconsole.machine import Machine, MachineConfig, ProgramExit, RealTimeHost
from vconsole.mouse import LEFT, MouseEvent
from vconsole.program import Program, UnknownProgram, discover, find, run_program
from vconsole.testing import run as run_headless


def test_installed_programs_are_found_through_entry_points():
    progs = discover()
    assert {"command", "testcard", "mill"} <= set(progs)
    assert find("MILL") is progs["mill"] and find("mill.exe") is progs["mill"]
    assert find("Mill.COM") is progs["mill"] and find("MILL.BAT") is progs["mill"]
    for wrong in ("mill.txt", "mill.exe.exe", ".exe", "MILLEXE"):
        with pytest.raises(UnknownProgram):
            find(wrong)


def _run(main, script="", switches=frozenset(), tmp=None, **cfg):
    prog = Program(name="T", main=main, switches=("S",))
    # a drive of its own when the test gives none: a test never writes into the working folder
    drive = tmp or tempfile.mkdtemp(prefix="vconsole-test-program-")
    return run_headless(prog, script, switches=frozenset(switches), drive=drive, seed=3, **cfg)


def test_program_reads_keys_in_script_order_and_return_code_is_errorlevel():
    got = []

    def main(dos):
        for _ in range(3):
            got.append(dos.keyboard.read().name)
        return 7

    out = _run(main, "a F7 Ctrl+Q")
    assert got == ["a", "F7", "Ctrl+Q"] and out.exit_code == 7


def test_waiting_for_a_key_with_the_script_used_up_ends_the_run_and_unwinds_finally():
    seen = []

    def main(dos):
        dos.screen.write(0, 0, "hello", 0x1F)
        try:
            dos.keyboard.read()
            dos.keyboard.read()
        finally:
            seen.append("saved")

    out = _run(main, "x")
    assert out.exit_code is None and seen == ["saved"]
    assert out.text[0].startswith("hello")


def test_delays_run_on_the_virtual_clock():
    def main(dos):
        t0 = dos.now()
        dos.wait(5.0)
        dos.screen.write(0, 0, f"{dos.now() - t0:.3f} {dos.ticks()}")

    out = _run(main)
    assert out.text[0].split()[0] == "5.000"
    assert int(out.text[0].split()[1]) == int(5.0 * TICK_HZ)
    assert out.elapsed == pytest.approx(5.0)


def test_script_wait_lets_time_pass_while_the_program_waits_for_input():
    def main(dos):
        dos.keyboard.read()
        dos.screen.write(0, 0, f"{dos.now():.2f}")

    out = _run(main, "wait:1500 a")
    assert out.text[0].startswith("1.50")


def test_input_returns_keys_and_mouse_events_in_cells_and_times_out():
    events = []

    def main(dos):
        events.append(dos.input())
        events.append(dos.input())
        events.append(dos.input(timeout=0.25))

    _run(main, "click:12,7 F1")
    assert events[0] == MouseEvent("press", LEFT, 7, 12)
    assert events[1] == MouseEvent("release", LEFT, 7, 12)
    assert isinstance(events[2], Key) and events[2].name == "F1"


def test_input_timeout_gives_none_without_input():
    res = []

    def main(dos):
        res.append(dos.input(timeout=0.3))
        res.append(dos.now())

    _run(main, "wait:1000")
    assert res[0] is None and res[1] == pytest.approx(0.3)


def test_no_mouse_option_means_function_0_says_not_installed():
    res = []

    def main(dos):
        res.append(dos.mouse_installed)

    _run(main, mouse=False)
    _run(main, mouse=True)
    assert res == [False, True]


def test_sound_toggle_and_mute_option_both_silence_the_speaker():
    res = []

    def main(dos):
        res.append(dos.speaker.muted)
        dos.sound_on = False
        res.append(dos.speaker.muted)
        dos.sound_on = True
        res.append(dos.speaker.muted)

    _run(main)
    _run(main, mute=True)
    assert res == [False, True, False, True, True, True]


def test_a_program_gets_the_enhanced_read_unless_it_asks_for_the_standard_one():
    # IBM BIOS: AH=10h gives Ctrl+Up as 8DE0 and F11 as 8500; AH=00h throws both away and
    # gives the gray Up as 4800.  Key names are the same either way.
    script = "Ctrl+Up F11 Up Alt+Enter a"
    got = {}

    def main(dos):
        keys = got.setdefault(dos.program.name, [])
        while not keys or keys[-1][1] != "a":
            key = dos.keyboard.read()
            keys.append((key.word, key.name))

    run_headless(Program(name="NEW", main=main), script)
    run_headless(Program(name="OLD", main=main, keyboard="standard"), script)
    assert got["NEW"] == [(0x8DE0, "Ctrl+Up"), (0x8500, "F11"), (0x48E0, "Up"), (0x1C00, "Alt+Enter"),
                          (0x1E61, "a")]
    assert got["OLD"] == [(0x4800, "Up"), (0x1E61, "a")]
    assert Program(name="X", main=main).keyboard == "enhanced"
    with pytest.raises(ValueError):
        Program(name="X", main=main, keyboard="101")


def test_the_read_a_program_chose_ends_with_it():
    seen = []

    def child(dos):
        seen.append(dos.keyboard.read_mode)

    def parent(dos):
        seen.append(dos.keyboard.read_mode)
        dos.run(Program(name="CHILD", main=child, keyboard="standard"))
        seen.append(dos.keyboard.read_mode)

    run_headless(Program(name="PARENT", main=parent), "")
    assert seen == ["enhanced", "standard", "enhanced"]


def test_runtime_tidies_the_hardware_after_the_program():
    def main(dos):
        dos.screen.set_border(4)
        dos.screen.set_blink(False)
        dos.screen.hide_cursor()

    m = Machine(MachineConfig(), clock=VirtualClock())
    run_program(m, Program(name="T", main=main), frozenset(), Drive("."))
    assert m.screen.border == 0 and m.screen.blink and not m.screen.cursor_hidden


def test_closing_the_window_stops_a_program_blocked_on_a_key_in_real_time():
    m = Machine(MachineConfig(), clock=RealClock(), host=RealTimeHost())
    state = {}

    def main(dos):
        try:
            dos.keyboard.read()
        finally:
            state["finally"] = True

    prog = Program(name="T", main=main)

    def runner():
        try:
            run_program(m, prog, frozenset(), Drive("."))
        except ProgramExit:
            state["exit"] = True

    t = threading.Thread(target=runner)
    t.start()
    time.sleep(0.2)
    assert t.is_alive()
    m.request_stop()
    t.join(2)
    assert not t.is_alive() and state == {"finally": True, "exit": True}


def test_key_pushed_from_another_thread_wakes_a_waiting_program():
    m = Machine(MachineConfig(), clock=RealClock(), host=RealTimeHost())
    got = []
    t = threading.Thread(target=lambda: got.append(m.keyboard.read()))
    t.start()
    time.sleep(0.05)
    m.keyboard.push(0x1E61)
    m.notify()
    t.join(2)
    assert got and got[0].char == "a"


def test_seeded_programs_get_the_same_random_numbers():
    vals = []

    def main(dos):
        vals.append(dos.rng.random())

    _run(main)
    _run(main)
    assert vals[0] == vals[1]


def test_keys_are_typed_when_asked_so_a_long_script_survives_program_delays():
    got = []

    def main(dos):
        dos.wait(1.0)  # the computer's pause: a script must not overflow the buffer here
        while len(got) < 20:
            got.append(dos.keyboard.read().char)

    _run(main, '"abcdefghijklmnopqrst"')
    assert "".join(got) == "abcdefghijklmnopqrst"


def test_keys_after_a_wait_are_typed_ahead_during_a_delay():
    seen = []

    def main(dos):
        dos.wait(1.0)
        seen.append((dos.now(), dos.keyboard.pending()))

    _run(main, "wait:400 x y")
    assert seen == [(pytest.approx(1.0), 2)]


def test_a_broken_entry_point_is_left_out_and_its_reason_kept(monkeypatch):
    import vconsole.program as program_module

    class FakeEntryPoint:
        def __init__(self, name, load):
            self.name, self.load = name, load

    def broken():
        raise ImportError("No module named 'gone'")

    good = Program(name="GOOD", main=lambda dos: 0)
    misnamed = Program(name="OTHER", main=lambda dos: 0)
    eps = [FakeEntryPoint("Good", lambda: good), FakeEntryPoint("Broken", broken),
           FakeEntryPoint("Odd", lambda: "not a program"), FakeEntryPoint("alias", lambda: misnamed)]
    monkeypatch.setattr(program_module, "entry_points", lambda group: eps)
    assert discover() == {"good": good}
    assert program_module.LOAD_ERRORS == {
        "broken": "ImportError: No module named 'gone'",
        "odd": "entry point does not name a vconsole.program.Program",
        "alias": "entry point 'alias' names a program called 'OTHER'; the two must be the same"}


def test_every_installed_program_has_its_dos_name_as_its_entry_point_name():
    import vconsole.program as program_module

    found = discover()
    assert not program_module.LOAD_ERRORS
    assert all(prog.name.lower() == name for name, prog in found.items())


def test_a_program_waiting_for_input_with_a_timeout_ends_the_run_when_the_script_is_used_up():
    ticks = []

    def main(dos):
        while True:  # a clock that redraws every second while waiting for the player
            ev = dos.input(timeout=1.0)
            ticks.append(ev.name if ev else round(dos.now()))

    out = _run(main, "a wait:2500 b")
    assert ticks == ["a", 1, 2, "b"] and out.exit_code is None
    assert out.elapsed == pytest.approx(2.5)


def test_the_dos_date_is_the_switch_on_time_plus_machine_time():
    import datetime
    got = []

    def main(dos):
        got.append(dos.datetime())
        dos.wait(90)
        got.append(dos.datetime())

    start = datetime.datetime(1996, 5, 9, 12, 0, 0).timestamp()
    run_headless(main, "", start_time=start)
    assert got == [datetime.datetime(1996, 5, 9, 12, 0, 0), datetime.datetime(1996, 5, 9, 12, 1, 30)]
