"""The window's comforts end to end in Xvfb: paste through pyglet's clipboard, the remembered size,
--fullscreen, a DOS layout by key position, and the CRT look drawn in the window.

Uses the X server fixture of test_window_xvfb (skipped the same way when the X tools are missing).
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
import test_window_xvfb
from test_window_xvfb import (  # noqa: F401
    MISSING,
    ROOT,
    SCREEN,
    VCONSOLE,
    _shot,
    _window,
    _x,
    pytestmark,
)

#: the X server fixture of test_window_xvfb.py, shared (pytest finds a fixture by its name in the module)
xserver = test_window_xvfb.xserver

PASTE_CHILD = textwrap.dedent(r"""
    import json, sys, pyglet
    pyglet.options["shadow_window"] = False
    from vconsole.frontends import window as W
    from vconsole.machine import MachineConfig
    text, out = sys.argv[1], sys.argv[2]
    display = pyglet.display.get_display()
    screen = display.get_default_screen()
    holder = []

    def target(m):
        m.screen.write(0, 0, "ready")
        got = []
        while len(got) < int(sys.argv[3]):
            key = m.keyboard.read()
            got.append(key.word)
            m.delay(0.003)  # a program that reads slowly: the buffer would overflow at once
        json.dump({"words": got, "dropped": m.keyboard.dropped}, open(out, "w"))
        return 0

    front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), 1, "paste-test", None, None)
    front.window.set_clipboard_text(text)  # pyglet's clipboard, read back by the paste key
    sys.exit(front.main())
""")


def test_paste_2000_characters_into_a_slow_program(xserver, tmp_path):
    from vconsole.frontends.clipboard import paste_words

    rng = np.random.default_rng(7)
    alphabet = [chr(c) for c in range(0x20, 0x7F)] + ["\n", "é", "ü", "░", "£"]
    text = "".join(rng.choice(alphabet, 2000))
    out = tmp_path / "got.json"
    words = paste_words(text)
    proc = subprocess.Popen([sys.executable, "-c", PASTE_CHILD, text, str(out), str(len(words))], env=xserver,
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(xserver, "paste-test", proc)
        _x(xserver, "xdotool", "key", "--window", str(wid), "ctrl+alt+v")
        assert proc.wait(60) == 0, proc.stderr.read()
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()
    got = json.loads(out.read_text())
    assert got["dropped"] == 0
    assert got["words"] == words  # every character, in order


def _release_keys(env) -> None:
    """Let go of every key a test may have left down on the shared X server (a key held down would
    auto-repeat into the next test's window)."""
    subprocess.run(["xdotool", "keyup", "Escape", "Return", "Alt_L", "Alt_R", "Shift_L", "Shift_R", "Control_L",
                    "Control_R", "q", "y", "c", "v", "semicolon", "apostrophe", "1", "2", "0"],
                   env=env, timeout=10, capture_output=True, check=False)


def _run(env, tmp_path, *args):
    return subprocess.Popen([*VCONSOLE, "testcard", "--mute", "--drive", str(tmp_path), *args], env=env,
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)


def _quit(env, wid, proc):
    _last_key(env, wid, "Escape", proc)
    assert proc.wait(15) == 0


def test_the_window_remembers_its_size_and_place(xserver, tmp_path):
    env = dict(xserver, XDG_STATE_HOME=str(tmp_path / "state"))
    proc = _run(env, tmp_path, "--display", "cga")
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        _x(env, "xdotool", "windowsize", str(wid), "700", "560")
        _x(env, "xdotool", "windowmove", str(wid), "40", "30")
        time.sleep(0.5)
        _quit(env, wid, proc)
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()
    saved = json.loads((tmp_path / "state" / "vconsole" / "window.json").read_text())["adapters"]["cga"]
    assert (saved["width"], saved["height"]) == (700, 560)
    proc = _run(env, tmp_path, "--display", "cga")
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        assert _shot(env, wid).shape[:2] == (560, 700)
        _quit(env, wid, proc)
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()


def test_fullscreen_option(xserver, tmp_path):
    proc = _run(xserver, tmp_path, "--fullscreen")
    try:
        deadline = time.monotonic() + 30
        shape = None
        while time.monotonic() < deadline:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "vconsole - TESTCARD"],
                                   env=xserver, capture_output=True, text=True).stdout.split()
            if found:
                try:
                    shape = _shot(xserver, int(found[-1])).shape[:2]
                except subprocess.CalledProcessError:
                    continue  # pyglet replaced the window for full screen meanwhile
                if shape == (SCREEN[1], SCREEN[0]):
                    break
            time.sleep(0.2)
        assert shape == (SCREEN[1], SCREEN[0])
        # only the press goes to the window (as test_window_xvfb does): the full-screen window may be
        # replaced again, and the release must not be left hanging on a window that is gone
        _x(xserver, "xdotool", "keydown", "--window", found[-1], "Escape")
        assert proc.wait(15) == 0
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()


def test_crt_look_in_the_window(xserver, tmp_path):
    """The window draws vconsole.crt's picture: scanlines (one per card line) instead of flat pixels."""
    proc = _run(xserver, tmp_path, "--crt", "--display", "cga", "--scale", "2")
    try:
        wid = _window(xserver, "vconsole - TESTCARD", proc)
        time.sleep(0.5)
        shot = _shot(xserver, wid).astype(float)
        _quit(xserver, wid, proc)
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()
    from vconsole.capture import display_size

    assert shot.shape[:2] == display_size("cga", 2)[::-1]
    # the blue border band: flat in the exact picture, lines and gaps with the CRT look
    band = shot[:40, 100:-100, 2].mean(axis=1)
    assert band.max() - band.min() > 30


def _last_key(env, wid: int, key: str, proc) -> None:
    """The key that lets the child finish: it may read the press, end and close its window before
    xdotool sends the release (an idle window answers keys at once), which xdotool reports as
    BadWindow. That is only an error while the child is still running."""
    r = subprocess.run(["xdotool", "key", "--window", str(wid), key], env=env, capture_output=True, text=True,
                       timeout=10)
    if r.returncode != 0:
        assert "BadWindow" in r.stderr, r.stderr
        proc.wait(30)  # the window went away because the program ended


KEYS_CHILD = textwrap.dedent(r"""
    import json, sys, pyglet
    pyglet.options["shadow_window"] = False
    from vconsole.frontends import window as W
    from vconsole.machine import MachineConfig
    out, count, layout = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    screen = pyglet.display.get_display().get_default_screen()

    def target(m):
        m.screen.write(0, 0, "ready")
        got = []
        while not got or got[-1] != 0x1C0D:  # Enter ends the test's typing
            got.append(m.keyboard.read().word)
        json.dump(got[:-1], open(out, "w"))
        return 0

    front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), 1, "keys-test", None, None,
                             keyboard=layout)
    sys.exit(front.main())
""")


@pytest.mark.parametrize("layout,keys,words", [
    # xdotool presses the keys of the server's US map: the key in the US 'y' place is 'z' on QWERTZ,
    # right Alt is AltGr (German AltGr+Q '@' 1040h), the US ';' place is 'ö' (94h)
    ("de", ["y", "Alt_R+q", "semicolon", "shift+apostrophe"], [0x157A, 0x1040, 0x2794, 0x288E]),
    # AZERTY: the US 'q' place is 'a', the first digit key '&', AltGr+0 '@'
    ("fr", ["q", "1", "Alt_R+0", "2"], [0x1061, 0x0226, 0x0B40, 0x0382]),
])
def test_keyboard_layout_by_key_position(xserver, tmp_path, layout, keys, words):
    out = tmp_path / "keys.json"
    proc = subprocess.Popen([sys.executable, "-c", KEYS_CHILD, str(out), str(len(words)), layout], env=xserver,
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(xserver, "keys-test", proc)
        for k in keys:
            _x(xserver, "xdotool", "key", "--window", str(wid), k)
        _last_key(xserver, wid, "Return", proc)
        assert proc.wait(30) == 0, proc.stderr.read()
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()
    got = json.loads(out.read_text())
    # A loaded machine may see a key held past the typematic delay (0.5 s) and repeat it, as a PC
    # would: repeats are the same word again, so runs of one word count once.
    distinct = [w for i, w in enumerate(got) if i == 0 or w != got[i - 1]]
    assert [f"{w:04X}" for w in distinct] == [f"{w:04X}" for w in words]


COPY_CHILD = textwrap.dedent(r"""
    import json, sys, pyglet
    pyglet.options["shadow_window"] = False
    from vconsole.frontends import window as W
    from vconsole.machine import MachineConfig
    out, line = sys.argv[1], sys.argv[2]
    screen = pyglet.display.get_display().get_default_screen()

    def target(m):
        m.screen.clear()
        m.screen.write(0, 0, line)
        got = [m.keyboard.read().word for _ in range(len(line))]
        json.dump(got, open(out, "w"))
        return 0

    front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), 1, "copy-test", None, None)
    sys.exit(front.main())
""")


def test_copy_then_paste_round_trip_through_the_host_clipboard(xserver, tmp_path):
    """Ctrl+Alt+C puts the screen's text on the clipboard (pyglet's), Ctrl+Alt+V types it back."""
    line = "Tommy's Mill, seed 4711 é░"
    out = tmp_path / "got.json"
    proc = subprocess.Popen([sys.executable, "-c", COPY_CHILD, str(out), line], env=xserver, cwd=ROOT,
                            stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(xserver, "copy-test", proc)
        _x(xserver, "xdotool", "key", "--window", str(wid), "ctrl+alt+c")
        _last_key(xserver, wid, "ctrl+alt+v", proc)
        assert proc.wait(30) == 0, proc.stderr.read()
    finally:
        _release_keys(xserver)
        if proc.poll() is None:
            proc.kill()
    from vconsole import cp437

    assert bytes(w & 0xFF for w in json.loads(out.read_text())) == cp437.encode(line)
