"""The pointer's shape through INT 33h function 0Ah, and back to the driver's default."""
from __future__ import annotations

from vconsole.testing import run as run_headless
from vconsole.toolkit.pointer import ARROW, CROSS, pointer_shape, set_shape


def test_a_shape_for_a_while_then_the_default_again():
    seen = {}

    def main(dos):
        dos.mouse.reset()
        dos.mouse.show()
        with pointer_shape(dos, CROSS):
            seen["during"] = (dos.mouse.and_mask, dos.mouse.xor_mask, dos.mouse.visible)
            dos.input()
        seen["after"] = (dos.mouse.and_mask, dos.mouse.xor_mask, dos.mouse.visible)
        dos.input()

    during = run_headless(main, "", mouse=True)
    assert seen["during"] == (*CROSS, True)
    assert (during.state.mouse.and_mask, during.state.mouse.xor_mask) == CROSS  # what the screen shows
    after = run_headless(main, "a", mouse=True)
    assert seen["after"] == (*ARROW, True)
    assert (after.state.mouse.and_mask, after.state.mouse.xor_mask) == ARROW


def test_no_driver_no_change():
    def main(dos):
        set_shape(dos, CROSS)  # must not raise: the driver is not there
        with pointer_shape(dos, CROSS):
            pass

    assert run_headless(main, "", mouse=False).exit_code == 0
