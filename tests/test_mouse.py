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

from vconsole.clock import VirtualClock
from vconsole.int33 import Registers
from vconsole.machine import Machine, MachineConfig
from vconsole.mouse import (
    EV_LEFT_DOWN,
    EV_LEFT_UP,
    EV_MOVE,
    LEFT,
    MIDDLE,
    RIGHT,
    MouseDriver,
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


# -- register level: the remaining functions ------------------------------------------------------
# Expected values from the Microsoft driver's documentation as Ralf Brown's interrupt list and
# Microsoft's own knowledge-base articles (Q35367-Q35370, "Function 26/27/31") give it:
#   0Ah BX=1: hardware text cursor, CX = start scan line, DX = end scan line.
#   0Bh: CX, DX = mickeys moved since the last call (signed; positive right and down).
#   0Fh: CX, DX = mickeys per 8 pixels across and down; defaults 8 and 16; function 00h
#        puts them back (reset defaults: centred, hidden, full range, page 0, ratio 8:8 16:8).
#   1Ah/1Bh: BX, CX, DX = horizontal and vertical sensitivity and double-speed threshold;
#        the driver answers 50, 50, 50 until told otherwise, and a reset does not restore them.
#   1Dh/1Eh: BX = display page the cursor is drawn on.
#   1Fh: AX = 001Fh (success), ES:BX = the INT 33h vector from before the driver.
#   20h: AX = 0020h (success).  Anything else: ignored, registers unchanged.
#   0Ch call mask bit 0: "call if the mouse moves" (the mouse, not the cursor).

BLUE, YELLOW = (0x00, 0x00, 0xAA), (0xFF, 0xFF, 0x55)


def test_hardware_text_cursor_follows_the_pointer_through_the_cards_cursor(driver):
    screen = driver.screen
    screen.fill(0, 0, 24, 79, " ", 0x1E)
    screen.set_cursor(3, 4)  # the program's own cursor
    driver.int33(0x0000)
    assert driver.int33(0x000A, bx=1, cx=0x0000, dx=0x0007) == Registers(ax=0x000A, bx=1, cx=0, dx=7)
    driver.int33(0x0001)
    driver.host_move(30 * 8 + 5, 10 * 8 + 2)
    state = screen.snapshot()
    assert state.mouse is None  # no software cursor: the card's own cursor is the pointer
    assert (state.cursor_row, state.cursor_col, state.cursor_start, state.cursor_end) == (10, 30, 0, 7)
    # CGA lines 0-7 on the EGA BIOS's cell: the whole 14-line cell, in the cell's foreground
    # colour while the cursor is lit (frame 0), the cell's blank background when it is off (frame 8)
    lit = render_frame(state, "ega", frame=0, border=False)[140:154, 240:248]
    off = render_frame(state, "ega", frame=8, border=False)[140:154, 240:248]
    assert (lit == YELLOW).all() and (off == BLUE).all()
    driver.host_move(79 * 8, 24 * 8)
    assert (screen.snapshot().cursor_row, screen.snapshot().cursor_col) == (24, 79)
    # hidden again: the program's cursor comes back where and as it was
    driver.int33(0x0002)
    state = screen.snapshot()
    assert (state.cursor_row, state.cursor_col, state.cursor_start, state.cursor_end) == (3, 4, 6, 7)
    assert state.mouse is None


def test_hardware_cursor_lines_go_through_the_bios_cursor_scaling(driver):
    # CX=6, DX=7 is the underline on every card, as INT 10h AH=01h CX=0607h is: EGA rows 11-12
    driver.screen.fill(0, 0, 24, 79, " ", 0x1E)
    driver.int33(0x000A, bx=1, cx=6, dx=7)
    driver.int33(0x0001)  # centred after reset: cell (40, 12)
    state = driver.screen.snapshot()
    lit = render_frame(state, "ega", frame=0, border=False)[12 * 14:13 * 14, 40 * 8:41 * 8]
    rows = [y for y in range(14) if (lit[y] == YELLOW).all()]
    assert rows == [11, 12]
    # and back to the software cursor: the masks take over, the card's cursor is the program's
    driver.int33(0x000A, bx=0, cx=0x77FF, dx=0x7700)
    state = driver.screen.snapshot()
    assert state.mouse is not None and (state.cursor_row, state.cursor_col) == (0, 0)


def test_motion_counters_keep_counting_against_the_edge(driver):
    driver.int33(0x0000)
    driver.int33(0x0007, cx=100, dx=200)  # pointer pulled to x=200
    driver.int33(0x000B)  # start counting from here
    driver.host_move(300, 100)  # the mouse goes 100 pixels further right; the pointer cannot
    assert driver.int33(0x0003).cx == 200
    r = driver.int33(0x000B)
    assert (r.cx, r.dx) == (0x0064, 0x0000)  # 100 mickeys at 8 per 8 pixels
    driver.host_move(300, 90)  # 10 pixels up: 16 mickeys per 8 pixels, negative
    r = driver.int33(0x000B)
    assert (r.cx, r.dx) == (0x0000, 0xFFEC)  # -20
    driver.host_move(0, 90)  # 300 pixels left, past the other edge
    assert driver.int33(0x0003).cx == 96  # x=100, reported in whole cells
    assert driver.int33(0x000B).cx == 0xFED4  # -300


def test_the_move_event_fires_for_motion_the_pointer_could_not_make(driver):
    calls = []
    driver.int33(0x0007, cx=0, dx=100)
    driver.host_move(100, 50)
    driver.int33(0x000C, cx=0x0001, handler=lambda *a: calls.append(a))
    driver.host_move(160, 50)  # still pinned at x=100
    driver.run_handlers()
    assert calls == [(0x0001, 0, 96, 48)]


def test_mickey_pixel_ratio(driver):
    driver.int33(0x000F, cx=16, dx=8)
    driver.host_move(320 + 8, 100 + 8)
    r = driver.int33(0x000B)
    assert (r.cx, r.dx) == (16, 8)
    driver.int33(0x000F, cx=1, dx=1)  # one mickey per 8 pixels: nothing is lost between calls
    driver.host_move(320 + 8 + 4, 108)
    assert driver.int33(0x000B).cx == 0
    driver.host_move(320 + 8 + 8, 108)
    assert driver.int33(0x000B).cx == 1
    driver.int33(0x0000)  # reset: 8 and 16 again
    driver.int33(0x000B)
    driver.host_move(336 + 8, 108 + 8)
    r = driver.int33(0x000B)
    assert (r.cx, r.dx) == (8, 16)


def test_sensitivity(driver):
    assert driver.int33(0x001B) == Registers(ax=0x001B, bx=50, cx=50, dx=50)
    assert driver.int33(0x001A, bx=30, cx=40, dx=60) == Registers(ax=0x001A, bx=30, cx=40, dx=60)
    assert driver.int33(0x001B) == Registers(ax=0x001B, bx=30, cx=40, dx=60)
    driver.int33(0x0000)
    assert driver.int33(0x001B) == Registers(ax=0x001B, bx=30, cx=40, dx=60)  # a reset keeps them


def test_display_page(driver):
    assert driver.int33(0x001E).bx == 0
    driver.int33(0x0001)
    assert driver.screen.mouse is not None
    driver.int33(0x001D, bx=1)
    assert driver.int33(0x001E) == Registers(ax=0x001E, bx=1)
    assert driver.screen.mouse is None and not driver.visible  # drawn on page 1, which is not shown
    driver.int33(0x001D, bx=0)
    assert driver.screen.mouse is not None
    driver.int33(0x001D, bx=2)
    driver.int33(0x0000)  # reset: page 0
    assert driver.int33(0x001E).bx == 0


def test_disable_and_enable_the_driver(driver):
    driver.int33(0x0001)
    driver.host_move(80, 40)
    driver.int33(0x000B)
    r = driver.int33(0x001F)
    assert (r.ax, r.bx, r.es) == (0x001F, 0x0000, 0x0000)
    assert driver.screen.mouse is None and not driver.visible
    driver.host_move(400, 160)  # not heard: no motion, no counts, no buttons
    driver.host_button(LEFT, True)
    assert driver.int33(0x0003) == Registers(ax=0x0003, bx=0, cx=80, dx=40)  # still answering
    assert (driver.int33(0x000B).cx, driver.next_event()) == (0, None)
    assert driver.int33(0x0020).ax == 0x0020
    assert driver.visible and (driver.screen.mouse.col, driver.screen.mouse.row) == (10, 5)
    driver.host_move(408, 160)
    assert driver.int33(0x0003).cx == 408 and driver.int33(0x000B).cx == 8  # only motion since enabled


def test_the_runtime_enables_a_driver_a_program_left_disabled():
    m = Machine(MachineConfig(), clock=VirtualClock())
    m.mouse.int33(0x001F)
    m.tidy()
    assert m.mouse.enabled and m.mouse.int33(0x0000).ax == 0xFFFF


@pytest.mark.parametrize("fn", [0x0010, 0x0013, 0x001C, 0x0025, 0x0033, 0x00FF, 0x1234, 0xFFFF])
def test_unknown_functions_are_ignored(driver, fn):
    driver.int33(0x0001)
    driver.host_move(100, 60)
    before = (driver.visible, driver.status(), driver.screen.snapshot().mouse)
    assert driver.int33(fn, bx=0x1111, cx=0x2222, dx=0x3333, es=0x4444) == Registers(fn, 0x1111, 0x2222, 0x3333, 0x4444)
    assert (driver.visible, driver.status(), driver.screen.snapshot().mouse) == before


def test_registers_of_the_earlier_functions(driver):
    assert driver.int33(0x0000) == Registers(ax=0xFFFF, bx=0xFFFF)
    driver.int33(0x0004, cx=0x0140, dx=0x0064)
    assert driver.int33(0x0003) == Registers(ax=0x0003, bx=0, cx=0x0140, dx=0x0060)
    driver.host_button(LEFT, True)
    assert driver.int33(0x0005, bx=0) == Registers(ax=0x0001, bx=1, cx=0x0140, dx=0x0060)
    assert driver.int33(0x0021) == Registers(ax=0xFFFF, bx=0xFFFF)
    assert driver.int33(0x0024) == Registers(ax=0x0024, bx=0x0805, cx=0x0400)
    assert driver.int33(0x0026) == Registers(ax=0x0026, bx=0x0000, cx=0x027F, dx=0x00C7)
    driver.int33(0x0007, cx=0xFFF0, dx=0x0020)  # CX, DX are signed: -16 .. 32
    assert (driver.xmin, driver.xmax) == (-16, 32)


def test_no_driver_leaves_every_register_as_it_was():
    d = MouseDriver(TextScreen(), installed=False)
    assert d.int33(0x0000) == Registers(ax=0x0000)  # "not installed"
    assert d.int33(0x0021).ax == 0x0021  # "not installed" for the software reset
    assert d.int33(0x001B, bx=7) == Registers(ax=0x001B, bx=7)
