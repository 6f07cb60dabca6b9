"""The idle window's pacing (vconsole.frontends.pacing): which phase edges can change a
picture, when the loop must look again, that a wake-up from the program thread is never lost,
and the changed box a window uploads.  The last test opens a real window under Xvfb and counts
the loop's looks while nothing changes (counts, never times)."""
from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pytest

from vconsole.adapters import ADAPTERS, get_adapter
from vconsole.frontends.pacing import POLL_S, Pacer, ProgramWatch, changed_box, next_edge, phase_matters, shown_phase
from vconsole.render import Renderer
from vconsole.video import TextScreen


def _screen(blink_cell: bool = False, cursor: bool = False, blink_on: bool = True) -> TextScreen:
    s = TextScreen()
    s.write(3, 4, "HELLO", 0x1E)
    if blink_cell:
        s.write(10, 20, "X", 0x8F)
    s.set_blink(blink_on)
    if cursor:
        s.set_cursor(12, 40)
        s.show_cursor()
    else:
        s.hide_cursor()
    return s


def test_phase_matters_only_for_blinking_cells_and_a_shown_cursor():
    a = get_adapter("ega")
    assert phase_matters(a, _screen().snapshot()) == (False, False)
    assert phase_matters(a, _screen(blink_cell=True).snapshot()) == (True, False)
    assert phase_matters(a, _screen(blink_cell=True, blink_on=False).snapshot()) == (False, False)
    assert phase_matters(a, _screen(cursor=True).snapshot()) == (False, True)


@pytest.mark.parametrize("name", sorted(ADAPTERS))
@pytest.mark.parametrize("blink_cell,cursor,blink_on", [(False, False, True), (True, False, False),
                                                        (False, True, True), (True, True, True)])
def test_frames_differ_only_where_the_phase_matters(name, blink_cell, cursor, blink_on):
    """The window skips edges phase_matters calls irrelevant: the renderer must agree."""
    a = get_adapter(name)
    state = _screen(blink_cell, cursor, blink_on).snapshot()
    matters = phase_matters(a, state)
    frames = {}
    for frame_no in range(0, 4 * max(a.text_blink_frames, a.cursor_blink_frames)):
        shown = shown_phase(a, frame_no, matters)
        picture = Renderer(a).frame(state, frame_no).copy()
        if shown in frames:
            assert np.array_equal(frames[shown], picture), (name, frame_no, shown)
        frames[shown] = picture
    # and every phase that matters does show (CGA flips text and cursor together)
    assert (len(frames) > 1) == any(matters)
    pictures = list(frames.values())
    assert all(not np.array_equal(p, q) for i, p in enumerate(pictures) for q in pictures[i + 1:])


def test_next_edge_is_the_first_flip_of_a_phase_that_matters():
    a = get_adapter("ega")
    for matters in ((True, False), (False, True), (True, True)):
        for f in range(0, 70, 3):
            edge = next_edge(a, f, matters)
            assert edge > f
            assert all(shown_phase(a, g, matters) == shown_phase(a, f, matters) for g in range(f, edge))
            assert shown_phase(a, edge, matters) != shown_phase(a, f, matters)
    assert next_edge(a, 5, (False, False)) is None


def test_changed_box_bounds_exactly_the_changed_pixels():
    rng = np.random.default_rng(3)
    for width in (640, 643):  # whole machine words per line or not
        old = rng.integers(0, 256, (50, width, 3), dtype=np.uint8)
        assert changed_box(old.copy(), old) is None
        for _ in range(20):
            new = old.copy()
            for _ in range(rng.integers(1, 4)):
                new[rng.integers(0, 50), rng.integers(0, width), rng.integers(0, 3)] ^= 1
            rows, cols = np.nonzero((new != old).any(axis=2))
            assert changed_box(new, old) == (rows.min(), rows.max() + 1, cols.min(), cols.max() + 1)


def test_program_watch_wakes_the_window_when_the_program_sleeps_and_wakes():
    calls = []

    class Host:
        def idle(self, machine, deadline, wake_on_input):
            calls.append(("idle", watch.sleeping, deadline))

        name = "inner"

    watch = ProgramWatch(Host(), lambda: calls.append(("wake", watch.sleeping)))
    watch.idle(None, 1.5, True)
    assert calls == [("wake", True), ("idle", True, 1.5), ("wake", False)]
    assert watch.name == "inner" and not watch.sleeping
    watch.inputs = "journal's"  # what a journal hands a host that takes inputs
    assert watch.inner.inputs == "journal's"


class _Loop:
    def idle(self):
        return None


def test_pacer_sleeps_long_only_when_told_and_a_wake_up_interrupts_it():
    waits = iter([POLL_S, None, 0.4, 5.0])
    notified = []
    pacer = Pacer(lambda: next(waits), lambda: notified.append(1))
    loop = _Loop()
    pacer.install(loop)
    assert loop.idle() == POLL_S
    pacer.wake()
    assert notified == []  # polling anyway: no need to interrupt
    assert loop.idle() == 1.0  # None: nothing to wait for but events (and the safety net)
    pacer.wake()
    pacer.wake()
    assert notified == [1]  # one interruption is enough
    assert loop.idle() == 0.4
    assert loop.idle() == 1.0
    assert pacer.looks == 4
    pacer.uninstall()
    assert "idle" not in vars(loop) and loop.idle() is None


def test_a_wake_up_while_the_pacer_looks_is_not_lost():
    notified = []
    pacer = Pacer(lambda: (pacer.wake(), 0.5)[1], lambda: notified.append(1))
    assert pacer.step() == 0.5
    assert notified == [1]  # the loop will come straight back instead of sleeping 0.5 s


# -- a real window ----------------------------------------------------------------------------------

needs_x = pytest.mark.skipif(shutil.which("Xvfb") is None and not os.environ.get("VCONSOLE_REQUIRE_X"),
                             reason="needs Xvfb (apt-get install xvfb)")


@pytest.fixture(scope="module")
def display():
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        n = int(f.readline())
    yield f":{n}"
    proc.terminate()
    proc.wait(5)


@needs_x
def test_a_window_with_nothing_to_change_sleeps_and_uploads_only_the_changed_box(display, monkeypatch):
    monkeypatch.setenv("DISPLAY", display)
    monkeypatch.setenv("PULSE_SERVER", "none")
    from vconsole.frontends import window as W
    from vconsole.machine import MachineConfig

    pyglet = W._load_pyglet()
    screen = pyglet.display.get_display().get_default_screen()
    seen = {}
    holder = []

    def target(m):
        front = holder[0]
        m.screen.hide_cursor()
        m.screen.write(5, 5, "STATIC", 0x1F)
        m.delay(1.0)  # mapped, exposed and drawn
        looks, uploads, draws = front.pacer.looks, front.frames_uploaded, front.draws
        m.delay(2.0)  # asleep with nothing on screen that can change
        seen["idle"] = (front.pacer.looks - looks, front.frames_uploaded - uploads, front.draws - draws)
        m.screen.put(20, 70, "Z", 0x4E)  # one cell
        m.delay(0.3)
        seen["upload"] = front.last_upload
        return 0

    front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), 1, "pacing", None, None)
    holder.append(front)
    assert front.main() == 0
    looks, uploads, draws = seen["idle"]
    # polling would look 120 times in 2 s; asleep: the safety net (once a second), the
    # program's own sleeping and waking, and an expose event the X server may send late
    assert looks <= 10 and uploads == 0 and draws <= 2, seen
    a = get_adapter("ega")
    x, y, w, h = seen["upload"]  # scale 1: one native pixel across, lines spread down by 530/350
    assert 0 < w <= a.cell_w and 0 < h <= 2 * a.cell_h, seen  # one cell, not a row or the screen
