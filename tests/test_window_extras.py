"""The window's extra keys without a display (frontends.extras): volume, paste and copy hooks."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from vconsole.frontends.extras import (
    COPY,
    PASTE,
    VOLUME_DOWN,
    VOLUME_UP,
    Extras,
    extras_hotkey,
)
from vconsole.frontends.inputs import Inputs
from vconsole.frontends.keymap import K, host_hotkey
from vconsole.machine import Machine, MachineConfig
from vconsole.synth import DEFAULT_VOLUME, StreamRenderer


class FakeWindow:
    def __init__(self) -> None:
        self.clipboard = ""

    def get_clipboard_text(self) -> str:
        return self.clipboard

    def set_clipboard_text(self, text: str) -> None:
        self.clipboard = text


def front(volume=None):
    machine = Machine(MachineConfig(mute=True))
    renderer = StreamRenderer(8000)
    f = SimpleNamespace(pyglet=None, window=FakeWindow(), machine=machine, inputs=Inputs(machine),
                        config=machine.config, replaying=False, adapter=machine.adapter,
                        audio=SimpleNamespace(stream=SimpleNamespace(renderer=renderer)),
                        forget_drawn=lambda: None)
    f.extras = Extras(f, volume=volume)
    return f, renderer


def test_keys_are_the_hosts_and_do_not_clash():
    assert extras_hotkey(K.V, K.MOD_CTRL | K.MOD_ALT) == PASTE
    assert extras_hotkey(K.C, K.MOD_CTRL | K.MOD_ALT) == COPY
    assert extras_hotkey(K.F11, K.MOD_CTRL) == VOLUME_DOWN
    assert extras_hotkey(K.F12, K.MOD_CTRL) == VOLUME_UP
    assert extras_hotkey(K.V, K.MOD_CTRL) is None  # Ctrl+V is the program's (16h)
    assert extras_hotkey(K.C, K.MOD_ALT) is None
    for symbol, mods in ((K.V, K.MOD_CTRL | K.MOD_ALT), (K.C, K.MOD_CTRL | K.MOD_ALT), (K.F11, K.MOD_CTRL),
                         (K.F12, K.MOD_CTRL)):
        assert host_hotkey(symbol, mods) is None  # no clash with screenshot, recording, full screen


def test_volume_keys_set_the_live_renderers_level():
    f, renderer = front(volume=50)
    f.extras.apply_volume()
    assert renderer.volume == DEFAULT_VOLUME * 0.5
    assert f.extras.hotkey(K.F12, K.MOD_CTRL)
    assert f.extras.volume == 60 and renderer.volume == DEFAULT_VOLUME * 0.6
    for _ in range(9):
        f.extras.hotkey(K.F11, K.MOD_CTRL)
    assert f.extras.volume == 0 and renderer.volume == 0  # never below silent
    assert "Volume 0 %" in f.extras.notice.text
    for _ in range(15):
        f.extras.hotkey(K.F12, K.MOD_CTRL)
    assert f.extras.volume == 100 and renderer.volume == DEFAULT_VOLUME


def test_silent_keeps_the_timing():
    f, renderer = front(volume=0)
    f.extras.apply_volume()
    renderer.add((0.0, 440.0))
    samples = renderer.render(800)
    assert not samples.any() and renderer.position == 800  # silence, and the stream moves on


def test_volume_from_the_config_when_the_option_is_set():
    f, _ = front()
    assert f.extras.volume == 100  # no --volume: full
    f.config = SimpleNamespace(volume=30)
    assert Extras(f).volume == 30


def test_paste_refused_is_one_line_and_types_nothing(capsys):
    f, _ = front()
    f.window.clipboard = "héllo ☃"
    f.extras.hotkey(K.V, K.MOD_CTRL | K.MOD_ALT)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "U+2603" in err[0]
    assert not f.extras.typist.active and f.machine.keyboard.pending() == 0


def test_paste_and_copy_through_the_clipboard():
    f, _ = front()
    f.machine.screen.write(0, 0, "Score: 120")
    f.extras.hotkey(K.C, K.MOD_CTRL | K.MOD_ALT)
    assert f.window.clipboard == "Score: 120"
    f.extras.hotkey(K.V, K.MOD_CTRL | K.MOD_ALT)
    f.extras.tick(0.0)
    got = "".join(chr(f.machine.keyboard.get().word & 0xFF) for _ in range(f.machine.keyboard.pending()))
    assert got == "Score: 120"


def test_shift_drag_copies_a_rectangle():
    f, _ = front()
    f.machine.screen.write(3, 10, "ABCDEF")
    f.machine.screen.write(4, 10, "GHIJKL")
    f.placement = SimpleNamespace(to_virtual=lambda x, y: (x, y))  # virtual pixels straight through
    assert not f.extras.mouse_press(8 * 11, 8 * 3, 1, 0)  # no Shift: the program's click
    assert f.extras.mouse_press(8 * 11, 8 * 3, 1, K.MOD_SHIFT)
    assert f.extras.mouse_drag(8 * 13 + 7, 8 * 4 + 7)
    frame = np.zeros((350 + 36, 640 + 64, 3), np.uint8)
    assert f.extras.frame(frame).any()  # the selection is shown
    assert f.extras.mouse_release(8 * 13 + 7, 8 * 4 + 7, 1)
    assert f.window.clipboard == "BCD\nHIJ\n"
    assert f.extras.frame(frame) is frame  # gone after the copy
