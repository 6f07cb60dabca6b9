"""The cli section: how fast `vconsole --version` and `--help` answer, as a ratio to `python3 -c pass`.

Issue 25 asks for under 3x: they import no numpy, machine or program (vconsole/names.py holds the
choices). Wall time of whole processes, interleaved so that a busy moment hits every command alike;
medians of ROUNDS runs.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROUNDS = 21


def _vconsole() -> list[str]:
    """The installed ``vconsole`` script beside this Python (what a user types), else ``python -m vconsole``."""
    script = Path(sys.executable).parent / ("vconsole.exe" if os.name == "nt" else "vconsole")
    if script.exists():
        return [str(script)]
    found = shutil.which("vconsole")
    return [found] if found else [sys.executable, "-m", "vconsole"]


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def bench() -> dict:
    vconsole = _vconsole()
    commands = {"python_pass": [sys.executable, "-c", "pass"], "version": [*vconsole, "--version"],
                "help": [*vconsole, "--help"], "help_keys": [*vconsole, "help", "keys"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():  # warm the file cache once
        _time(cmd)
    for _ in range(ROUNDS):
        for name, cmd in commands.items():
            times[name].append(_time(cmd))
    base = statistics.median(times["python_pass"])
    out: dict = {"command": " ".join(vconsole), "rounds": ROUNDS, "target_ratio": 3.0}
    for name, values in times.items():
        median = statistics.median(values)
        out[name] = {"median_s": round(median, 4)}
        if name != "python_pass":
            out[name]["ratio_to_python_pass"] = round(median / base, 2)
    return out
