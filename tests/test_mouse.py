"""The INT 33h driver shim: each function's answers in 80x25 text mode.

Reference numbers (copied from the project's measured reference notes, "INT 33h
answers", DOSBox 0.74's built-in driver and Microsoft's driver documentation):
reset AX=FFFF; two buttons reported as BX=FFFF (Microsoft's answer); cursor
hidden after reset at (320,100) (DOSBox 0.74, which does not round, then
answers function 3 with CX=0140, DX=0064); Microsoft's driver gives text-mode
positions in multiples of 8, which is what vconsole follows; functions 7/8 clamp the position and
swap a minimum above the maximum; function 0Ah masks 77FF/7700 over attribute
1Eh show attribute 61h, new masks at the next show; 21h AX=FFFF; 24h BX=0805,
CX=0400; 26h BX=0, CX=027F, DX=00C7.
"""
from __future__ import annotations

import numpy as np
import pytest

from vconsole.mouse import (
    EV_LEFT_DOWN, EV_LEFT_UP, EV_MOVE, LEFT, MIDDLE, RIGHT, MouseDriver,
)
from vconsole.render import effective_cells, render_frame
from vconsole.video import TextScreen

RESET_AX, TWO_BUTTONS_BX = 0xFFFF, 0xFFFF
VERSION = (0x0805, 0x0400)
MAX_COORDS = (0x0000, 0x027F, 0x00C7)


@pytest.fixture
def driver() -> MouseDriver:
    return MouseDriver(TextScreen(), installed=True)


def test_reset_answers_and_state(driver):
    driver.show()
    driver.host_move(17, 33)
    assert driver.reset() == (RESET_AX, TWO_BUTTONS_BX)
    assert not driver.visible and driver.screen.mouse is None
    assert (driver.x, driver.y) == (320, 100)  # centred, as DOSBox reports it (CX=0140, DX=0064)
    # Microsoft's driver reports text positions rounded down to a cell: 100 -> 96
    assert driver.status() == (0, 0x0140, 0x0060)


def test_no_driver_loaded():
    d = MouseDriver(TextScreen(), installed=False)
    assert d.reset() == (0, 0)
    assert d.software_reset()[0] != 0xFFFF
    d.host_move(100, 100)
    d.host_button(LEFT, True)
    assert d.events == type(d.events)() and d.screen.mouse is None
    with pytest.raises(RuntimeError):
        d.show()


def test_show_hide_counter(driver):
    driver.reset()
    driver.show()
    assert driver.visible
    driver.show()  # a show while visible does not bank an extra level
    driver.hide()
    assert not driver.visible
    driver.hide()
    driver.show()
    assert not driver.visible  # two hides need two shows
    driver.show()
    assert driver.visible
    assert driver.screen.mouse.row == 12 and driver.screen.mouse.col == 40


def test_positions_are_multiples_of_8(driver):
    driver.host_move(323, 107)
    b, x, y = driver.status()
    assert (x, y) == (320, 104)
    driver.set_position(639, 199)
    assert driver.status()[1:] == (632, 192)


def test_ranges_clamp_and_swap(driver):
    driver.set_position(600, 150)
    driver.set_x_range(400, 100)  # minimum above maximum: swapped
    assert (driver.xmin, driver.xmax) == (100, 400)
    assert driver.status()[1] == 400
    driver.set_y_range(80, 16)
    assert (driver.ymin, driver.ymax) == (16, 80)
    assert driver.status()[2] == 80
    driver.host_move(0, 0)
    assert driver.status()[1:] == (96, 16)  # 100 & ~7 = 96 as reported
    driver.set_position(1000, 1000)
    assert (driver.x, driver.y) == (400, 80)


def test_buttons_presses_and_releases(driver):
    driver.host_move(8 * 10, 8 * 5)
    driver.host_button(LEFT, True)
    assert driver.status()[0] == 1
    driver.host_button(RIGHT, True)
    driver.host_move(8 * 20 + 3, 8 * 7 + 5)
    driver.host_button(LEFT, False)
    assert driver.status()[0] == 2
    rec = driver.press_info(LEFT)
    assert (rec.buttons, rec.count, rec.x, rec.y) == (2, 1, 80, 40)
    assert driver.press_info(LEFT).count == 0  # the count clears when asked
    rec = driver.release_info(LEFT)
    assert (rec.count, rec.x, rec.y) == (1, 160, 56)
    assert driver.press_info(RIGHT).count == 1
    driver.host_button(MIDDLE, True)
    assert driver.status()[0] == 2 | 4
    kinds = [(e.kind, e.button, e.col, e.row) for e in iter(driver.next_event, None)]
    assert kinds == [("press", LEFT, 10, 5), ("press", RIGHT, 10, 5), ("release", LEFT, 20, 7),
                     ("press", MIDDLE, 20, 7)]


def test_motion_counters_in_mickeys(driver):
    driver.host_move(320 + 16, 100 - 8)
    assert driver.motion() == (16, -16)  # 8 mickeys per 8 pixels across, 16 per 8 down
    assert driver.motion() == (0, 0)


def test_event_handler_runs_on_the_program_side(driver):
    calls = []
    driver.set_handler(EV_LEFT_DOWN | EV_LEFT_UP, lambda *a: calls.append(a))
    driver.host_move(8 * 3 + 2, 8 * 4 + 1)
    driver.host_button(LEFT, True)
    driver.host_button(LEFT, False)
    assert calls == []  # queued until the program's thread calls in
    driver.run_handlers()
    assert calls == [(EV_LEFT_DOWN, 1, 24, 32), (EV_LEFT_UP, 0, 24, 32)]
    driver.set_handler(EV_MOVE, None)
    driver.host_move(0, 0)
    driver.run_handlers()
    assert len(calls) == 2


def test_text_cursor_masks_over_attribute_1e_show_61(driver):
    screen = driver.screen
    screen.put(12, 40, "A", 0x1E)
    driver.reset()
    driver.show()
    state = screen.snapshot()
    cells = effective_cells(state)
    assert (cells[12, 40, 1], cells[12, 40, 0]) == (0x61, 0x41)
    assert state.cells[12, 40, 1] == 0x1E  # video memory keeps the original
    # and the rendered pixels are blue on brown: attribute 61h
    frame = render_frame(state, "ega", border=False)
    cell = frame[12 * 14:13 * 14, 40 * 8:41 * 8].reshape(-1, 3)
    colours = {tuple(int(v) for v in c) for c in cell}
    assert colours == {(0x00, 0x00, 0xAA), (0xAA, 0x55, 0x00)}


def test_new_masks_take_effect_at_the_next_show(driver):
    driver.reset()
    driver.show()
    driver.set_text_cursor(False, 0x0000, 0x0F18)  # an up arrow, bright white on black
    assert (driver.screen.mouse.and_mask, driver.screen.mouse.xor_mask) == (0x77FF, 0x7700)
    driver.hide()
    driver.show()
    assert (driver.screen.mouse.and_mask, driver.screen.mouse.xor_mask) == (0x0000, 0x0F18)
    driver.set_text_cursor(True)  # the hardware cursor: no software cursor is drawn
    assert driver.screen.mouse is None


def test_cursor_follows_the_pointer_cell(driver):
    driver.reset()
    driver.show()
    driver.host_move(79 * 8 + 7, 24 * 8 + 7)
    assert (driver.screen.mouse.row, driver.screen.mouse.col) == (24, 79)
    v = driver.screen.version
    driver.host_move(79 * 8 + 3, 24 * 8 + 2)  # same cell: the screen is not marked changed
    assert driver.screen.version == v


def test_software_reset_version_and_max_coordinates(driver):
    driver.show()
    assert driver.software_reset() == (RESET_AX, TWO_BUTTONS_BX)
    assert not driver.visible
    assert driver.version() == VERSION
    assert driver.max_coordinates() == MAX_COORDS


def test_status_is_cell_aligned_everywhere(driver):
    rng = np.random.default_rng(1)
    for x, y in rng.integers(0, 700, size=(50, 2)):
        driver.host_move(int(x), int(y))
        _, sx, sy = driver.status()
        assert sx % 8 == 0 and sy % 8 == 0 and 0 <= sx <= 639 and 0 <= sy <= 199
