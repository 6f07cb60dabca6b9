#!/usr/bin/env python3
"""Window and live-audio figures: frames shown per second while the screen changes, CPU while idle,
and the delay from a speaker call to its sound leaving the audio queue.

Each runs in a child process.  Without a display an Xvfb of our own is started
(skipped with a note when Xvfb is missing); the audio figure uses a private
PulseAudio server with a null sink when ``pulseaudio`` is installed.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WINDOW_CHILD = r"""
import json, sys, time
from vconsole.frontends import window as W
from vconsole.machine import MachineConfig
pyglet = W._load_pyglet()
screen = pyglet.display.get_display().get_default_screen()
out = {}
def target(m):
    front = holder[0]
    time.sleep(0.5)
    f0, t0 = front.frames_uploaded, time.monotonic()
    i = 0
    while time.monotonic() - t0 < 3.0:
        m.screen.write(10, 10, f"{i:08d}", 0x1F)   # the screen changes all the time
        i += 1
        m.delay(0.002)
    out["fps_changing"] = (front.frames_uploaded - f0) / (time.monotonic() - t0)
    m.screen.write(10, 10, " " * 8, 0x07)
    m.screen.hide_cursor()
    time.sleep(0.3)
    c0, t0 = time.process_time(), time.monotonic()
    m.delay(3.0)                                  # the program waits; nothing changes
    out["idle_cpu_percent"] = 100.0 * (time.process_time() - c0) / (time.monotonic() - t0)
    return 0
holder = []
front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), 1, "bench", None, None)
holder.append(front)
front.main()
print(json.dumps(out))
"""

AUDIO_CHILD = r"""
import json, time, pyglet
pyglet.options["shadow_window"] = False
pyglet.options["audio"] = ("pulse",)
from vconsole.clock import RealClock
from vconsole.speaker import Speaker
from vconsole.frontends.audio import LiveAudio, RATE
class Clock:
    def __init__(self): self.c = RealClock()
    def now(self): return self.c.now()
    def sleep(self, s): time.sleep(s)
sp = Speaker(Clock())
live = LiveAudio.open(sp)
if live is None:
    print(json.dumps({})); raise SystemExit
ap = live.player._audio_player
st = live.stream
time.sleep(2.5)   # let the stream settle (a short PulseAudio queue can start late)
vals = []
for _ in range(40):
    time.sleep(0.0513)
    queued = (ap._audio_data_buffer.virtual_write_index - ap.get_play_cursor()) / 4 / RATE
    # the sample playing now was made for clock time position/RATE - queued
    vals.append(1000.0 * (st.clock.now() - st.renderer.position / RATE + queued))
live.close()
vals.sort()
print(json.dumps({"latency_ms": round(vals[len(vals) // 2], 1), "latency_ms_max": round(vals[-1], 1),
                  "driver": type(ap).__name__}))
"""


def _run_child(code: str, env: dict, timeout: float = 60) -> dict:
    r = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode != 0 or not lines:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(lines[-1])


def _xvfb():
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        return proc, f":{int(f.readline())}"


def bench_window() -> dict:
    env = dict(os.environ, PULSE_SERVER="none")
    proc = None
    if not env.get("DISPLAY"):
        if not shutil.which("Xvfb"):
            return {"skipped": "no display and no Xvfb"}
        proc, env["DISPLAY"] = _xvfb()
    try:
        return _run_child(WINDOW_CHILD, env)
    finally:
        if proc:
            proc.terminate()
            proc.wait(5)


def bench_audio() -> dict:
    if not shutil.which("pulseaudio"):
        return {"skipped": "pulseaudio not installed"}
    with tempfile.TemporaryDirectory() as tmp:
        sock = Path(tmp) / "native"
        env = dict(os.environ, PULSE_RUNTIME_PATH=tmp, PULSE_STATE_PATH=tmp, HOME=tmp)
        server = subprocess.Popen(
            ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
             "--load=module-null-sink sink_name=bench", f"--load=module-native-protocol-unix socket={sock}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while not sock.exists() and time.monotonic() < deadline and server.poll() is None:
                time.sleep(0.05)
            if not sock.exists():
                return {"skipped": "private PulseAudio server did not start"}
            return _run_child(AUDIO_CHILD, dict(os.environ, PULSE_SERVER=f"unix:{sock}"))
        finally:
            server.terminate()
            server.wait(5)


def bench() -> dict:
    return {"window": bench_window(), "audio": bench_audio()}


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))
