"""End to end in a real window: an X server of our own (Xvfb), keys and clicks sent with xdotool.

The screenshot of the window (ImageMagick's ``import``) must equal, pixel for
pixel, the headless render of the same program after the same keys, shown as
the 4:3 monitor shows it (capture.to_display) and letterboxed the way the
window does it; at sizes no whole scale fills (a resized window, full
screen) it must equal the sharp bilinear reference (capture.sharp_display)
to within the GL's rounding, with the border colour exactly all round.  Skipped when the X tools are
not installed (the reason names what is missing); the CI script installs the X tools and
sets VCONSOLE_REQUIRE_X=1, so there these tests always run.
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

X_TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick", "xprop": "x11-utils"}
MISSING = [tool for tool in X_TOOLS if shutil.which(tool) is None]
# On a user's machine without the X tools these tests skip and say which are missing; .ci/run
# installs them and sets VCONSOLE_REQUIRE_X=1, so there a missing tool is a failure, not a skip.
pytestmark = pytest.mark.skipif(
    bool(MISSING) and not os.environ.get("VCONSOLE_REQUIRE_X"),
    reason=f"needs {', '.join(MISSING)} (apt-get install {' '.join(X_TOOLS[t] for t in MISSING)})")

SCREEN = (1600, 1200)  # room for EGA and CGA at scale 2 (1408x1058, 1408x1056) when no work area is set
ROOT = Path(__file__).resolve().parent.parent
VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]


@pytest.fixture(scope="module")
def xserver(tmp_path_factory):
    for tool in ("xdotool", "import", "xprop"):
        assert shutil.which(tool), f"{tool} is needed (apt-get install xdotool imagemagick x11-utils)"
    read_fd, write_fd = os.pipe()  # Xvfb picks a free display itself and writes its number here
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                             "-nolisten", "tcp", "-noreset"],  # -noreset: root properties outlive xprop's connection
                            pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        n = int(f.readline())
    assert proc.poll() is None, "Xvfb exited at once"
    # XDG_STATE_HOME: the windows remember their size there (frontends.winstate), never in the user's folder
    env = dict(os.environ, DISPLAY=f":{n}", PULSE_SERVER="none",
               XDG_STATE_HOME=str(tmp_path_factory.mktemp("state")))
    env.pop("XAUTHORITY", None)
    yield env
    proc.terminate()
    proc.wait(5)


def _x(env, *args: str, timeout: float = 10) -> str:
    r = subprocess.run(list(args), env=env, capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, f"{' '.join(args)}: {r.stderr.strip()}"
    return r.stdout


def _window(env, name: str, proc: subprocess.Popen) -> int:
    """The window's id once it is mapped and has drawn a picture.

    A window exists (and can be found by name) before it is mapped and before
    its event loop runs; a key sent in that gap is lost, so wait until it shows
    more than one colour.
    """
    deadline = time.monotonic() + 30  # generous: a loaded CI machine can take a while to start Python and GL
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else "program ended"
        r = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name], env=env,
                           capture_output=True, text=True)
        if r.stdout.strip():
            wid = int(r.stdout.split()[0])
            try:
                shot = _shot(env, wid)
                if (shot != shot[0, 0]).any():  # more than one colour (np.unique over the rows took seconds)
                    return wid
            except subprocess.CalledProcessError:
                pass  # not viewable yet
        time.sleep(0.1)
    raise AssertionError(f"no window named {name!r} showed a picture")


def _shot(env, wid: int) -> np.ndarray:
    from PIL import Image

    png = subprocess.run(["import", "-window", str(wid), "png:-"], env=env, capture_output=True,
                         timeout=10, check=True).stdout
    return np.array(Image.open(io.BytesIO(png)).convert("RGB"))


SHARP_TOLERANCE = 2  # the GL's filter weights are fixed point: a blended pixel may differ by a level or two


def _expected(state, adapter: str, size: tuple[int, int], frame_no: int, whole: bool = False):
    """What the window should show: the headless frame as the 4:3 monitor shows it, centred, border around.

    Returns (picture, placement): at a whole scale to_display, else the sharp bilinear reference.
    """
    from vconsole.adapters import border_rgb, get_adapter
    from vconsole.capture import sharp_display, to_display
    from vconsole.frontends.keymap import place
    from vconsole.render import render_frame

    a = get_adapter(adapter)
    w, h = size
    p = place(w, h, a, whole=whole)
    canvas = np.empty((h, w, 3), np.uint8)
    canvas[:] = border_rgb(a, state.border)
    frame = render_frame(state, a, frame=frame_no)
    if p.sharp:
        ax, ay, aw, ah = p.active
        top = h - ay - ah  # pyglet's y runs up from the bottom
        canvas[top:top + ah, ax:ax + aw] = sharp_display(frame, a, p.fit)
    else:
        top = h - p.y - p.height
        canvas[top:top + p.height, p.x:p.x + p.width] = to_display(frame, a, p.scale)
    return canvas, p


def _matches_some_phase(env, wid, state, adapter, size=None, whole=False) -> tuple[bool, str]:
    """Blink and cursor phases depend on when the shot is taken: one of the four must match.

    Exactly at a whole scale; a sharp picture to within SHARP_TOLERANCE inside its active
    area, and exactly (the border colour) outside it.
    """
    shot = None
    expected = {}
    for _ in range(20):
        shot = _shot(env, wid)
        if size is not None and (shot.shape[1], shot.shape[0]) != size:
            time.sleep(0.1)  # the resize has not arrived yet
            continue
        size = (shot.shape[1], shot.shape[0])
        for frame_no in (0, 8, 16, 24):  # EGA/VGA: cursor toggles every 8 retraces, text every 16
            if (size, frame_no) not in expected:
                expected[size, frame_no] = _expected(state, adapter, size, frame_no, whole)
            exp, p = expected[size, frame_no]
            if not p.sharp:
                if np.array_equal(shot, exp):
                    return True, ""
                continue
            diff = np.abs(shot.astype(np.int16) - exp.astype(np.int16)).max(axis=2)
            ax, ay, aw, ah = p.active
            top = size[1] - ay - ah
            inside = np.zeros(diff.shape, bool)
            inside[top:top + ah, ax:ax + aw] = True
            if not diff[~inside].any() and diff[inside].max() <= SHARP_TOLERANCE:
                return True, ""
        time.sleep(0.1)
    exp, _ = _expected(state, adapter, (shot.shape[1], shot.shape[0]), 0, whole)
    diff = np.argwhere((np.abs(shot.astype(int) - exp.astype(int)) > SHARP_TOLERANCE).any(axis=2))
    return False, f"{len(diff)} pixels differ, first at {diff[:3].tolist()}"


def _headless_testcard(script: str, tmp_path: Path, adapter: str):
    from vconsole.program import find
    from vconsole.testing import run as run_headless

    outcome = run_headless(find("testcard"), script, drive=tmp_path, seed=None, adapter=adapter, mute=True)
    return outcome.state


@pytest.mark.parametrize("adapter", ["ega", "cga"])
def test_testcard_window_equals_the_headless_render(xserver, tmp_path, adapter):
    from vconsole.capture import display_size

    env = xserver
    proc = subprocess.Popen([*VCONSOLE, "testcard", "--display", adapter, "--mute",
                             "--drive", str(tmp_path)], env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        time.sleep(0.3)
        shot = _shot(env, wid)
        assert (shot.shape[1], shot.shape[0]) == display_size(adapter, 2)  # the largest scale the screen holds
        _x(env, "xdotool", "key", "--window", str(wid), "b", "b", "c")
        state = _headless_testcard("b b c", tmp_path, adapter)
        ok, why = _matches_some_phase(env, wid, state, adapter)
        assert ok, why
        # a smaller window that no whole scale fills: the largest 4:3 picture, sharp bilinear
        _x(env, "xdotool", "windowsize", str(wid), "900", "640")
        ok, why = _matches_some_phase(env, wid, state, adapter, size=(900, 640))
        assert ok, why
        # a laptop screen's size: fills the height
        _x(env, "xdotool", "windowsize", str(wid), "1366", "768")
        ok, why = _matches_some_phase(env, wid, state, adapter, size=(1366, 768))
        assert ok, why
        # back at a whole scale's size: pixel for pixel again
        _x(env, "xdotool", "windowsize", str(wid), *map(str, display_size(adapter, 1)))
        ok, why = _matches_some_phase(env, wid, state, adapter, size=display_size(adapter, 1))
        assert ok, why
        assert proc.poll() is None, proc.stderr.read()
        # only the press: the program quits on it, and its window may be gone before a release
        _x(env, "xdotool", "keydown", "--window", str(wid), "Escape")
        assert proc.wait(10) == 0
    finally:
        # the server (-noreset) would keep Escape held and auto-repeat it into the next window
        subprocess.run(["xdotool", "keyup", "Escape"], env=env, timeout=10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_full_screen_fills_the_screen_and_scale_keeps_whole_pixels(xserver, tmp_path):
    """Alt+Enter: the picture fills the screen (1600x1200 is 4:3, so the picture with its band
    fills the width), sharp; with --scale 1 a resized window keeps whole pixels, letterboxed."""
    from vconsole.frontends.keymap import place

    env = xserver
    state = _headless_testcard("", tmp_path, "vga")
    proc = subprocess.Popen([*VCONSOLE, "testcard", "--display", "vga", "--mute", "--drive", str(tmp_path)],
                            env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        # only the press goes to the window: pyglet may replace it with a full-screen one before the release
        _x(env, "xdotool", "keydown", "--window", str(wid), "alt+Return")
        _x(env, "xdotool", "keyup", "alt+Return")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # pyglet may make a new window for full screen
            found = _x(env, "xdotool", "search", "--onlyvisible", "--name", "vconsole - TESTCARD").split()
            if found and _shot(env, int(found[-1])).shape[:2] == (SCREEN[1], SCREEN[0]):
                break
            time.sleep(0.1)
        full = int(found[-1])
        p = place(*SCREEN, "vga")
        assert p.sharp and SCREEN[0] - p.fit.width <= 3  # fills the width of a 4:3 screen
        ok, why = _matches_some_phase(env, full, state, "vga", size=SCREEN)
        assert ok, why
        _x(env, "xdotool", "keydown", "--window", str(full), "Escape")
        assert proc.wait(10) == 0
    finally:
        subprocess.run(["xdotool", "keyup", "Escape"], env=env, timeout=10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    proc = subprocess.Popen([*VCONSOLE, "testcard", "--display", "vga", "--mute", "--drive", str(tmp_path),
                             "--scale", "1"], env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        _x(env, "xdotool", "windowsize", str(wid), "1300", "1000")
        ok, why = _matches_some_phase(env, wid, state, "vga", size=(1300, 1000), whole=True)
        assert ok, why
        assert place(1300, 1000, "vga", whole=True).scale == 1
        _x(env, "xdotool", "keydown", "--window", str(wid), "Escape")
        assert proc.wait(10) == 0
    finally:
        subprocess.run(["xdotool", "keyup", "Escape"], env=env, timeout=10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


PROBE = textwrap.dedent("""
    import sys
    from pathlib import Path
    from vconsole.frontends import window
    from vconsole.machine import MachineConfig

    log = open(sys.argv[1], "a", buffering=1)

    def target(m):
        m.mouse.reset()
        m.mouse.show()
        m.screen.write(0, 0, "PROBE", 0x1E)
        try:
            while True:
                k = m.keyboard.get()
                if k is not None:
                    log.write(f"key {k.word:04X}\\n")
                    continue
                ev = m.mouse.next_event()
                if ev is not None:
                    log.write(f"{ev.kind} {ev.button} {ev.col} {ev.row}\\n")
                    continue
                m.idle(None, True)
        finally:
            log.write("finally\\n")

    sys.exit(window.run(target, MachineConfig(mute=True), title="vconsole - PROBE",
                        captures=Path(sys.argv[2])))
""")


def _send_wm_delete(env, wid: int) -> None:
    """What a window manager sends when the close button is pressed (Xvfb has no WM)."""
    import ctypes

    import pyglet

    pyglet.options["shadow_window"] = False
    from pyglet.libs.x11 import xlib

    d = xlib.XOpenDisplay(env["DISPLAY"].encode())
    ev = xlib.XEvent()
    ev.xclient.type = xlib.ClientMessage
    ev.xclient.window = wid
    ev.xclient.message_type = xlib.XInternAtom(d, b"WM_PROTOCOLS", False)
    ev.xclient.format = 32
    ev.xclient.data.l[0] = xlib.XInternAtom(d, b"WM_DELETE_WINDOW", False)
    ev.xclient.data.l[1] = xlib.CurrentTime
    xlib.XSendEvent(d, wid, False, xlib.NoEventMask, ctypes.byref(ev))
    xlib.XFlush(d)
    xlib.XCloseDisplay(d)


def _log_lines(path: Path, want: int, timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = path.read_text().splitlines() if path.exists() else []
        if len(lines) >= want:
            return lines
        time.sleep(0.05)
    return path.read_text().splitlines() if path.exists() else []


def _cell_centre(size: tuple[int, int], col: int, row: int) -> tuple[int, int]:
    """Window pixel (from the top-left, as xdotool counts) over the middle of an EGA cell."""
    from vconsole.capture import display_rows
    from vconsole.frontends.keymap import place

    p = place(*size, "ega")
    g = p.geometry
    top = size[1] - p.y - p.height
    dys = np.flatnonzero(display_rows("ega", g.scale) == g.band_y + row * 14 + 7)
    return p.x + (g.band_x + col * 8 + 4) * g.scale, top + int(dys[len(dys) // 2])


def test_keys_clicks_hotkeys_and_close_in_a_window(xserver, tmp_path):
    from vconsole.capture import display_size

    env = xserver
    log = tmp_path / "probe.log"
    captures = tmp_path / "captures"
    # a desktop whose panels leave 1600x900: the window opens at scale 1, though the screen holds scale 2
    _x(env, "xprop", "-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,0,1600,900")
    proc = subprocess.Popen([sys.executable, "-c", PROBE, str(log), str(captures)], env=env, cwd=ROOT,
                            stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - PROBE", proc)
        time.sleep(0.3)
        geometry = _shot(env, wid).shape
        assert (geometry[1], geometry[0]) == display_size("ega", 1)
        # Esc must reach the program and not close the window; F-keys, Ctrl+letter, Shift+Tab, keypad
        _x(env, "xdotool", "key", "--window", str(wid), "Escape", "ctrl+q", "F1", "shift+Tab", "alt+x",
           "KP_Add", "shift+1")
        lines = _log_lines(log, 7)
        assert lines == ["key 011B", "key 1011", "key 3B00", "key 0F00", "key 2D00", "key 4E2B", "key 0221"]
        # a click on cell (col 10, row 5), found through the row map
        x, y = _cell_centre((geometry[1], geometry[0]), 10, 5)
        _x(env, "xdotool", "mousemove", "--window", str(wid), str(x), str(y), "click", "1")
        lines = _log_lines(log, 9)
        assert lines[7:9] == ["press 0 10 5", "release 0 10 5"]
        # the pointer over the border clamps to the edge cell
        _x(env, "xdotool", "mousemove", "--window", str(wid), "2", "2", "click", "3")
        lines = _log_lines(log, 11)
        assert lines[9:11] == ["press 1 0 0", "release 1 0 0"]
        # Ctrl+F5 is the host's: a PNG appears, the program sees no key
        _x(env, "xdotool", "key", "--window", str(wid), "ctrl+F5")
        deadline = time.monotonic() + 5
        while not list(captures.glob("*.png")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list(captures.glob("*.png"))) == 1
        # closing the window stops the program through its finally block
        _send_wm_delete(env, wid)
        assert proc.wait(10) == 0
        assert log.read_text().splitlines()[-1] == "finally"
        assert len(log.read_text().splitlines()) == 12  # no key leaked from the hotkey
    finally:
        subprocess.run(["xprop", "-root", "-remove", "_NET_WORKAREA"], env=env, timeout=10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_window_destroyed_by_another_client_stops_the_program(xserver, tmp_path):
    """``xdotool windowclose`` destroys the window outright, with no WM_DELETE_WINDOW asked first:
    the program must still be stopped through its finally block and the process end."""
    env = xserver
    log = tmp_path / "probe.log"
    proc = subprocess.Popen([sys.executable, "-c", PROBE, str(log), str(tmp_path / "captures")], env=env,
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - PROBE", proc)
        _x(env, "xdotool", "key", "--window", str(wid), "a")
        assert _log_lines(log, 1) == ["key 1E61"]
        _x(env, "xdotool", "windowclose", str(wid))
        assert proc.wait(10) == 0
        assert log.read_text().splitlines() == ["key 1E61", "finally"]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_no_display_is_one_line_and_exit_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    r = subprocess.run([*VCONSOLE, "testcard", "--drive", str(tmp_path)], env=env,
                       cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--headless" in lines[0], r.stderr
    assert "Cannot connect" not in lines[0] and "None" not in lines[0], r.stderr  # our words, not pyglet's
