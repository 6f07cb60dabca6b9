"""Replays and animated captures: how fast a journal replays headless, what a minute of capture costs.

The material is a minute of Tommy's Mill playing itself (its attract mode) on EGA, sound on.

headless.machine_s_per_wall_s: machine seconds a headless replay gets through per wall second
  (median of REPEATS replays of the recorded minute);
headless.frames_per_s: the same as retraces of machine time per wall second (x 59.7 on EGA);
headless.journal_kb: the journal's size;
video.<gif|apng>[_scale1].encode_s_per_min: wall seconds a capture adds to a minute of play
  (the run with the capture minus the run without, medians);
video.<...>.kb_per_min: the file's size; .frames: its frames.
memory.<plain|gif|apng|screenshot_scale16>_peak_mb: the peak resident memory of ``vconsole replay``
  of a two-minute game (headless) with nothing, a GIF or an APNG capture, or a --scale 16
  screenshot; each is to stay under MEMORY_TARGET_MB (captures and screenshots stream).

Run: ``python scripts/bench_replay.py``; ``scripts/bench.py replay`` calls ``bench()``.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole.adapters import get_adapter  # noqa: E402
from vconsole.machine import MachineConfig  # noqa: E402
from vconsole.program import RunOptions, find  # noqa: E402
from vconsole.tools import journal as jn  # noqa: E402
from vconsole.tools.gallery import run_script  # noqa: E402
from vconsole.tools.replay import record_headless, replay_headless  # noqa: E402
from vconsole.animation import VideoRecorder  # noqa: E402

SECONDS = 60.0
REPEATS = 3
DISPLAY = "ega"
MEMORY_SECONDS = 120.0
MEMORY_TARGET_MB = 80
#: runs vconsole and then writes its peak resident memory in kB to the file named last: VmHWM, the high
#: water mark of this process's own memory (ru_maxrss would count the forking parent's pages too)
PEAK_RUNNER = """
import resource, sys
from vconsole.cli import main
out = sys.argv.pop()
code = main(sys.argv[1:])
try:
    kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
except OSError:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == "darwin" else 1)
open(out, "w").write(str(kb))
sys.exit(code)
"""


def _peak_mb(argv: list[str], tmp: Path) -> float:
    """The peak resident memory of one vconsole run in its own process, in MB."""
    import subprocess

    out = tmp / "peak.txt"
    r = subprocess.run([sys.executable, "-c", PEAK_RUNNER, *argv, str(out)], capture_output=True, check=False)
    if r.returncode != 0:
        raise RuntimeError(f"vconsole {' '.join(argv)} exited {r.returncode}: {r.stderr.decode()[-300:]}")
    return round(int(out.read_text()) / 1024, 1)


def bench_memory(tmp: Path) -> dict:
    mill = find("mill")
    path = tmp / "two_minutes.jsonl"
    record_headless(mill, [], f"{mill.attract} wait:{int(MEMORY_SECONDS * 1000)}", path, tmp / "mem",
                    config=MachineConfig(adapter=DISPLAY), options=RunOptions(seed=1), idle_limit=0.0)
    base = ["replay", str(path), "--headless", "--dump-text", "/dev/null"]
    out = {
        "plain_peak_mb": _peak_mb(base, tmp),
        "gif_peak_mb": _peak_mb([*base, "--record-video", str(tmp / "m.gif")], tmp),
        "apng_peak_mb": _peak_mb([*base, "--record-video", str(tmp / "m.png")], tmp),
        "screenshot_scale16_peak_mb": _peak_mb([*base, "--scale", "16", "--screenshot", str(tmp / "s.png")], tmp),
    }
    out["target_mb"] = MEMORY_TARGET_MB
    return out


def _median_time(fn, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench() -> dict:
    mill = find("mill")
    script = f"{mill.attract} wait:{int(SECONDS * 1000)}"
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="vconsole-bench-") as tmp:
        tmp = Path(tmp)
        path = tmp / "mill.jsonl"
        outcome = record_headless(mill, [], script, path, tmp / "rec", config=MachineConfig(adapter=DISPLAY),
                                  options=RunOptions(seed=1), idle_limit=0.0)
        journal = jn.read(path)
        runs = iter(range(10**6))
        wall = _median_time(lambda: replay_headless(journal, tmp / f"play{next(runs)}"))
        rate = outcome.elapsed / wall
        out["headless"] = {
            "machine_s": round(outcome.elapsed, 2),
            "machine_s_per_wall_s": round(rate, 1),
            "frames_per_s": round(rate * get_adapter(DISPLAY).refresh_hz),
            "journal_kb": round(path.stat().st_size / 1024, 1),
        }
        plain = _median_time(lambda: run_script(mill, script, DISPLAY, tmp / f"p{next(runs)}", idle_limit=0.0))
        video: dict = {}
        for name, suffix, scale in (("gif", ".gif", None), ("apng", ".png", None), ("gif_scale1", ".gif", 1)):
            made: list[VideoRecorder] = []

            def capture() -> None:
                rec = VideoRecorder(tmp / f"cap{suffix}", DISPLAY, "color", scale=scale)
                run_script(mill, script, DISPLAY, tmp / f"v{next(runs)}", idle_limit=0.0, video=rec)
                made.append(rec)

            took = _median_time(capture)
            minutes = outcome.elapsed / 60.0
            video[name] = {
                "encode_s_per_min": round(max(0.0, took - plain) / minutes, 3),
                "kb_per_min": round((tmp / f"cap{suffix}").stat().st_size / 1024 / minutes, 1),
                "frames": made[-1].frames,
            }
        out["video"] = video
        out["memory"] = bench_memory(tmp)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2))
