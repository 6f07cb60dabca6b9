"""The mouse wheel: CuteMouse's WheelAPI on INT 33h, MouseEvent("wheel") for programs, wheel:N in key scripts."""
from __future__ import annotations

import pytest

from vconsole.keyscript import KeyScriptError, Wheel, parse
from vconsole.mouse import EV_WHEEL, WHEEL, MouseDriver, MouseEvent
from vconsole.testing import run as run_headless
from vconsole.video import TextScreen


def test_function_11h_announces_the_wheel_and_03h_reports_it_in_bh():
    m = MouseDriver(TextScreen())
    m.reset()
    m.host_wheel(2)
    assert m.int33(0x03).bx >> 8 == 0  # before 11h the driver keeps BH clear, as programs expect
    r = m.int33(0x11)
    assert (r.ax, r.cx) == (0x574D, 1)
    m.host_wheel(3)
    m.host_wheel(-1)
    assert m.int33(0x03).bx >> 8 == 2  # since the last call, signed
    assert m.int33(0x03).bx >> 8 == 0  # and cleared by asking
    m.host_wheel(-5)
    assert m.int33(0x03).bx >> 8 == 0xFB
    m.host_wheel(200)
    assert m.int33(0x03).bx >> 8 == 127  # an 8-bit counter
    m.int33(0x00)
    m.host_wheel(1)
    assert m.int33(0x03).bx >> 8 == 0  # a reset switches the report off until 11h again


def test_a_handler_with_bit_7_hears_the_wheel_in_bh():
    m = MouseDriver(TextScreen())
    calls = []
    m.int33(0x0C, cx=EV_WHEEL, handler=lambda ax, bx, cx, dx: calls.append((ax, bx)))
    m.host_wheel(-2)
    m.run_handlers()
    assert calls == [(EV_WHEEL, 0xFE00)]


def test_programs_get_wheel_events_and_no_driver_hears_nothing():
    m = MouseDriver(TextScreen())
    m.host_move_cell(5, 7)
    m.host_wheel(3)
    assert m.next_event() == MouseEvent("wheel", WHEEL, 7, 5, 3)
    off = MouseDriver(TextScreen(), installed=False)
    off.host_wheel(3)
    assert off.next_event() is None


def test_key_scripts_turn_the_wheel():
    assert parse("wheel:3 wheel:-1 WHEEL:+2") == [Wheel(3, "wheel:3"), Wheel(-1, "wheel:-1"), Wheel(2, "WHEEL:+2")]
    for bad in ("wheel:0", "wheel:", "wheel:x", "wheel:1000"):
        with pytest.raises(KeyScriptError):
            parse(bad)


def test_a_headless_program_reads_the_wheel():
    seen = []

    def main(dos):
        while len(seen) < 3:
            ev = dos.input()
            seen.append((ev.kind, ev.steps) if isinstance(ev, MouseEvent) else ev.name)

    run_headless(main, "wheel:2 Down wheel:-1")
    assert seen == [("wheel", 2), "Down", ("wheel", -1)]
