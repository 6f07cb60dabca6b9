"""The headless runner: scripted input on a virtual clock, the end-of-script capture, wait:MS, the mouse."""
from __future__ import annotations

import threading

from vconsole.frontends import headless
from vconsole.keyboard import Key
from vconsole.mouse import LEFT, RIGHT, MouseEvent
from vconsole.program import Program
from vconsole.testing import run as run_headless


def _run(main, script="", idle_limit=headless.IDLE_LIMIT_S, hook=None, **cfg):
    return run_headless(Program(name="T", main=main), script, drive="/nonexistent", idle_limit=idle_limit,
                        hook=hook, **cfg)


def test_a_long_delay_costs_no_wall_time_and_ticks_follow_the_bios_rate():
    seen = {}

    def main(dos):
        dos.wait(3600)  # an hour of machine time
        seen["now"], seen["ticks"] = dos.now(), dos.ticks()
        return 0

    out = _run(main)
    assert seen["now"] == 3600.0 and out.elapsed == 3600.0
    assert seen["ticks"] == int(3600 * 1193182 / 65536)  # 18.2065 ticks a second


def test_wait_token_passes_time_while_the_program_waits_for_a_key():
    seen = []

    def main(dos):
        seen.append(dos.keyboard.read().name)
        seen.append(dos.now())

    _run(main, "wait:1500 x")
    assert seen == ["x", 1.5]


def test_wait_token_longer_than_a_program_delay_carries_on_past_it():
    """wait:1000 against a 300 ms delay: the delay ends at 0.3 s, the key arrives at 1.0 s."""
    seen = []

    def main(dos):
        dos.wait(0.3)
        seen.append(dos.now())
        dos.keyboard.read()
        seen.append(dos.now())

    _run(main, "wait:1000 a")
    assert seen == [0.3, 1.0]


def test_input_timeouts_fire_inside_a_long_scripted_wait():
    seen = []

    def main(dos):
        while True:
            ev = dos.input(timeout=0.5)
            seen.append((round(dos.now(), 3), ev.name if ev else None))
            if ev:
                return

    _run(main, "wait:1700 q")
    assert seen == [(0.5, None), (1.0, None), (1.5, None), (1.7, "q")]


def test_keys_wait_for_the_program_to_ask_unless_a_wait_token_went_before():
    """A plain key is held through a delay (a flush before a question must not eat it);
    keys right after a wait: are typed ahead mid-delay, up to the 15-key buffer."""
    got = {}

    def main(dos):
        dos.wait(1.0)
        got["pending"] = dos.keyboard.pending()
        got["first"] = (dos.keyboard.read().char, dos.now())

    _run(main, "a")
    assert got == {"pending": 0, "first": ("a", 1.0)}
    typed = []

    def main2(dos):
        dos.wait(1.0)
        got["pending"], got["dropped"] = dos.keyboard.pending(), dos.keyboard.dropped
        for _ in range(20):
            typed.append(dos.keyboard.read().char)

    _run(main2, 'wait:10 "abcdefghijklmnopqrst"')
    assert got["pending"] == 15 and got["dropped"] == 0
    assert "".join(typed) == "abcdefghijklmnopqrst"


def test_a_polling_game_loop_gets_its_keys_one_per_empty_poll():
    """INT 16h AH=01h between delays is how most DOS games read keys: it must receive the script."""
    got = []

    def main(dos):
        while len(got) < 3:
            key = dos.keyboard.get()
            if key:
                got.append(key.char)
            dos.wait(0.055)
        return 0

    out = _run(main, "a b c")
    assert got == ["a", "b", "c"] and out.exit_code == 0 and out.elapsed < 1.0


def test_a_loop_polling_only_the_mouse_is_not_stalled_forever_by_a_key():
    got = []

    def main(dos):
        while not dos.mouse.press_info(LEFT).count:
            dos.wait(0.055)
        got.append(dos.mouse.status())
        return 0

    out = _run(main, "a click:3,4")
    assert got == [(0, 24, 32)] and out.exit_code == 0
    assert out.elapsed <= headless.HOLD_LIMIT_S + 0.2


def test_screen_is_captured_when_the_script_runs_out_before_teardown():
    def main(dos):
        dos.screen.write(0, 0, "waiting for you")
        try:
            dos.keyboard.read()
            dos.keyboard.read()
        finally:
            dos.screen.write(0, 0, "auto-saved     ")  # runs after the capture

    out = _run(main, "k")
    assert out.exit_code is None
    assert out.text[0].startswith("waiting for you")
    assert out.state.cells[0, 0, 0] == ord("w")
    assert out.events_used == 1


def test_returning_program_gives_its_exit_code_and_final_screen():
    def main(dos):
        dos.keyboard.read()
        dos.screen.write(5, 10, "bye")
        return 3

    out = _run(main, "Enter")
    assert out.exit_code == 3 and out.text[5][10:13] == "bye"


def test_busy_program_gets_the_idle_limit_after_the_script_ends():
    count = []

    def main(dos):
        while True:
            dos.wait(0.1)
            count.append(1)

    out = _run(main, "wait:100", idle_limit=10.0)
    assert out.exit_code is None
    assert 10.1 <= out.elapsed <= 10.3 and 101 <= len(count) <= 103


def test_mouse_click_move_and_right_click_in_cells():
    events, status = [], {}

    def main(dos):
        assert dos.mouse_installed
        for _ in range(4):
            events.append(dos.input())
        status["pos"] = dos.mouse.status()
        status["left"] = dos.mouse.press_info(LEFT)
        status["right"] = dos.mouse.release_info(RIGHT)
        dos.keyboard.read()  # the move is applied when the program waits again
        status["moved"] = dos.mouse.status()

    _run(main, "click:5,3 rclick:79,24 move:40,12 z")
    assert events == [MouseEvent("press", LEFT, 3, 5), MouseEvent("release", LEFT, 3, 5),
                      MouseEvent("press", RIGHT, 24, 79), MouseEvent("release", RIGHT, 24, 79)]
    assert status["pos"] == (0, 632, 192)  # virtual pixels, 8 per cell
    assert status["moved"] == (0, 320, 96)
    assert status["left"].count == 1 and (status["left"].x, status["left"].y) == (40, 24)
    assert status["right"].count == 1 and (status["right"].x, status["right"].y) == (632, 192)


def test_without_a_mouse_driver_clicks_are_ignored_and_keys_still_arrive():
    seen = []

    def main(dos):
        seen.append(dos.mouse_installed)
        seen.append(dos.input())

    _run(main, "click:1,1 b", mouse=False)
    assert seen[0] is False and isinstance(seen[1], Key) and seen[1].char == "b"


def test_a_click_while_the_program_reads_only_keys_does_not_hang():
    """INT 16h AH=00h waits for a key: an unread mouse event must not make it spin forever.

    A watchdog thread stops the machine after 5 s so a regression fails instead of hanging.
    """
    got = []

    def hook(machine):
        t = threading.Timer(5.0, machine.request_stop)
        t.daemon = True
        t.start()

    def main(dos):
        got.append(dos.keyboard.read().char)

    _run(main, "click:10,10 a", hook=hook)
    assert got == ["a"]
