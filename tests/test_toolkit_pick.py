"""pick_one: things on the screen flash, a key or a click on them (or on their key) chooses one."""
from __future__ import annotations

from helpers import run_headless

from vconsole.toolkit import PickOption, pick_one
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.theme import Palette

LIT = 0x4F
PLAIN = 0x17
THEME = Palette({"lit": LIT}, {"lit": LIT}).pick(False)


def program(result: list, mouse: bool = True):
    def main(dos):
        scr = dos.screen
        scr.clear(PLAIN)
        scr.write(5, 10, "10-11", PLAIN)
        scr.write(6, 10, "13-15", 0x1B)
        scr.write(24, 0, "1 = UPPER  2 = LOWER", PLAIN)
        if dos.mouse_installed:
            dos.mouse.show()
        options = [PickOption("upper", "1U", flash=[(5, 10, 5)], clicks=[(24, 0, 1)]),
                   PickOption("lower", "2L", flash=[(6, 10, 5)], clicks=[(24, 11, 1)])]

        def hot(key):
            if key.name == "F7":
                return Hot.QUIT
            if key.name == "F1":
                result.append("F1")
                return Hot.HANDLED
            return None

        result.append(pick_one(dos, THEME, options, flash_role="lit", controls=Controls(mouse=mouse, hotkey=hot),
                               refuse=lambda k: result.append("beep")))
        result.append(dos.screen.read(5, 10)[1])
        result.append(dos.screen.read(6, 10)[1])
        dos.input()  # the screen at the end is what pick left
        return 0
    return main


def test_keys_choose_and_the_cells_are_put_back():
    got = []
    run_headless(program(got), "x F1 2")
    assert got == ["beep", "F1", "lower", PLAIN, 0x1B]
    got = []
    run_headless(program(got), "u")
    assert got[0] == "upper"


def test_the_options_flash_by_machine_time():
    got = []
    out = run_headless(program(got), "wait:100")
    attrs_early = (out.state.cells[5, 10, 1], out.state.cells[6, 12, 1])
    assert attrs_early == (LIT, LIT)
    out = run_headless(program(got), "wait:400")
    assert (out.state.cells[5, 10, 1], out.state.cells[6, 12, 1]) == (PLAIN, 0x1B)


def test_clicks_on_a_flashing_span_or_on_its_key_choose():
    got = []
    run_headless(program(got), "click:12,6")
    assert got[0] == "lower"
    got = []
    run_headless(program(got), "click:0,24")
    assert got[0] == "upper"
    got = []
    run_headless(program(got), "click:5,24 rclick:5,24")   # a click on nothing, then the right button
    assert got[0] is None


def test_esc_backs_out_and_a_stopping_hot_key_ends_it():
    got = []
    run_headless(program(got), "Esc")
    assert got[0] is None
    got = []
    run_headless(program(got), "F7")
    assert got[0] == Hot.QUIT


def test_without_the_mouse_clicks_are_ignored():
    got = []
    run_headless(program(got, mouse=False), "click:12,6 1")
    assert got[0] == "upper"
