#!/usr/bin/env python3
"""Window and live-audio figures: frames shown per second while the screen changes, the time to
resample a changed frame to the 4:3 display and upload it (ms_per_frame: only the changed lines;
one text row, or the whole screen), the time to redraw the window (draw_ms: with Xvfb this is
Mesa's software GL), CPU while idle, and the delay from a speaker call to its sound leaving the
audio queue.

The window figures are taken for EGA at scale 1 (704x530 on screen) and scale 2 (1408x1058),
both drawn pixel for pixel, and in a 1920x1080 window ("fill": the picture fills its height,
drawn sharp bilinear by a shader from the native frame); to_display_only is the CPU resampling
of a whole frame without GL.  idle_scale2: the share of one CPU that the test card, the DOS
prompt and Mill's start-up screen use while left alone at --scale 2, beside a bare pyglet window
redrawing one textured quad 7.5 times a second (what a blinking cursor needs at least).

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
from vconsole.capture import display_size
from vconsole.frontends import window as W
from vconsole.machine import MachineConfig
pyglet = W._load_pyglet()
screen = pyglet.display.get_display().get_default_screen()
SCALE = int(sys.argv[1])
FILL = sys.argv[2] if len(sys.argv) > 2 else None  # "WxH": resize the window to a size no whole scale fills
out = {"shown": "%dx%d" % display_size("ega", SCALE)}  # (a FILL window opens at its own size, then resizes)

def changing(m, front, name, change):
    f0, s0, t0 = front.frames_uploaded, front.show_seconds, time.monotonic()
    d0, ds0 = front.draws, front.draw_seconds
    i = 0
    while time.monotonic() - t0 < 2.0:
        change(m, i)
        i += 1
        m.delay(0.002)
    n = front.frames_uploaded - f0
    out[name + "_fps"] = round(n / (time.monotonic() - t0), 1)
    out[name + "_ms_per_frame"] = round(1000 * (front.show_seconds - s0) / max(1, n), 2)
    out[name + "_draw_ms"] = round(1000 * (front.draw_seconds - ds0) / max(1, front.draws - d0), 2)

def idle(m, front, name):
    time.sleep(0.3)
    c0, f0, t0 = time.process_time(), front.frames_uploaded, time.monotonic()
    m.delay(3.0)                                      # the program waits; nothing changes
    dt = time.monotonic() - t0
    out[name + "_cpu_percent"] = round(100.0 * (time.process_time() - c0) / dt, 2)
    out[name + "_uploads_per_s"] = round((front.frames_uploaded - f0) / dt, 1)

def target(m):
    front = holder[0]
    time.sleep(0.5)
    if FILL:
        deadline = time.monotonic() + 5
        while not front.placement.sharp and time.monotonic() < deadline:
            time.sleep(0.05)
        p = front.placement
        out["shown"] = "%dx%d sharp" % p.fit.size if p.sharp else "resize failed"
    m.screen.hide_cursor()
    # one text row changes all the time (a counter): only its display rows are resampled and sent
    changing(m, front, "row", lambda m, i: m.screen.write(10, 10, f"{i:08d}", 0x1F))
    # the whole screen changes all the time: every display row is resampled and sent
    changing(m, front, "full", lambda m, i: m.screen.fill(0, 0, 24, 79, "ABCD"[i % 4], 0x10 + i % 15))
    m.screen.clear()
    idle(m, front, "idle")                            # cursor hidden: nothing to send
    m.screen.set_cursor(12, 40)
    m.screen.show_cursor()
    idle(m, front, "idle_blinking_cursor")            # the cursor's row is sent at each blink
    return 0

holder = []
front = W.WindowFrontEnd(pyglet, screen, target, MachineConfig(mute=True), None if FILL else SCALE, "bench",
                         None, None)
holder.append(front)
if FILL:
    front.window.set_size(*map(int, FILL.split("x")))
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


RESAMPLE_CHILD = r"""
import json, time
import numpy as np
from vconsole.capture import to_display
from vconsole.render import frame_size
out = {}
for scale in (1, 2):
    w, h = frame_size("ega")
    frame = np.random.default_rng(1).integers(0, 256, (h, w, 3), dtype=np.uint8)
    to_display(frame, "ega", scale)
    n, t0 = 50, time.perf_counter()
    for _ in range(n):
        to_display(frame, "ega", scale)
    out[f"ega_scale{scale}_ms"] = round(1000 * (time.perf_counter() - t0) / n, 2)
print(json.dumps(out))
"""


BARE_CHILD = r"""
import sys, pyglet
pyglet.options["shadow_window"] = False
pyglet.options["debug_gl"] = False
w, h = int(sys.argv[1]), int(sys.argv[2])
win = pyglet.window.Window(w, h, vsync=False, caption="bare")
tex = pyglet.image.ImageData(w, h, "RGB", bytes(w * h * 3)).get_texture()
def draw(dt):
    win.switch_to()
    win.clear()
    tex.blit(0, 0)
    win.flip()
pyglet.clock.schedule_interval(draw, 1 / 7.5)   # a cursor's edges: 7.5 redraws a second
pyglet.app.run(None)
"""

IDLE_SETTLE_S = 6.0  # start-up (imports, first frame) left out of the measurement
IDLE_SECONDS = 10.0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _idle_share(cmd: list[str], env: dict) -> float | str:
    """Percent of one CPU a window uses while left alone, after it has settled."""
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        time.sleep(IDLE_SETTLE_S)
        if proc.poll() is not None:
            return "exited"
        c0, t0 = _cpu_seconds(proc.pid), time.monotonic()
        time.sleep(IDLE_SECONDS)
        c1, t1 = _cpu_seconds(proc.pid), time.monotonic()
        return round(100.0 * (c1 - c0) / (t1 - t0), 2)
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def bench_idle(env: dict) -> dict:
    """Idle CPU share (percent of one CPU) at --scale 2 of the test card (blinking text), the DOS
    prompt (a blinking cursor) and Mill's start-up screen (nothing changes), beside a bare pyglet
    window redrawing one textured quad of the same size 7.5 times a second, in the same run."""
    from vconsole.capture import display_size

    with tempfile.TemporaryDirectory() as drive:
        run = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())",
               "--mute", "--scale", "2", "--drive", drive]
        out = {"seconds_measured": IDLE_SECONDS,
               "testcard_cpu_percent": _idle_share(run + ["testcard"], env),
               "prompt_cpu_percent": _idle_share(run, env),
               "mill_start_cpu_percent": _idle_share(run + ["mill"], env),
               "bare_window_cpu_percent": _idle_share(
                   [sys.executable, "-c", BARE_CHILD, *map(str, display_size("ega", 2))], env)}
    bare = out["bare_window_cpu_percent"]
    if isinstance(bare, float) and bare > 0 and isinstance(out["testcard_cpu_percent"], float):
        out["testcard_to_bare_window_ratio"] = round(out["testcard_cpu_percent"] / bare, 2)
    return out


def _run_child(code: str, env: dict, timeout: float = 60, args: tuple[str, ...] = ()) -> dict:
    r = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode != 0 or not lines:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(lines[-1])


def _xvfb():
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
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
        figures = {f"scale{k}": _run_child(WINDOW_CHILD, env, args=(str(k),)) for k in (1, 2)}
        figures["fill"] = _run_child(WINDOW_CHILD, env, args=("1", "1920x1080"))
        figures["to_display_only"] = _run_child(RESAMPLE_CHILD, env)
        figures["idle_scale2"] = bench_idle(env)
        return figures
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
