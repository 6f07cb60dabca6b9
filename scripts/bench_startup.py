"""Start-up cost: CPU seconds of short headless runs, each beside ``python -c "import numpy"``.

Figures are CPU time (user + system of the child), medians over interleaved repeats, so that
a busy machine slows the baseline and the run alike; the ratios are what to compare.  Bytecode
is compiled once first and kept (PYTHONDONTWRITEBYTECODE is cleared for these children), as
on an installed copy.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile

REPEATS = 7
GAMES = ("mill", "cardmine", "pearls", "anciento", "spider")


def _cpu(argv: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    drive = tempfile.mkdtemp(prefix="vconsole-bench-startup-")
    run = [sys.executable, "-m", "vconsole.cli"]
    cases = {
        "python_pass": [sys.executable, "-c", "pass"],
        "import_numpy": [sys.executable, "-c", "import numpy"],
        "testcard": run + ["testcard", "--headless", "--keys", "", "--dump-text", os.devnull, "--drive", drive],
        "prompt": run + ["--headless", "--keys", "", "--dump-text", os.devnull, "--drive", drive],
    }
    for game in GAMES:  # the first screen each game shows (its start-up screen or menu)
        cases[game] = run + [game, "--headless", "--keys", "", "--dump-text", os.devnull, "--drive", drive]
    for argv in cases.values():  # compile and cache bytecode, warm the file cache
        _cpu(argv, env)
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(REPEATS):
        for name, argv in cases.items():
            samples[name].append(_cpu(argv, env))
    median = {name: statistics.median(v) for name, v in samples.items()}
    base = median["import_numpy"]
    out: dict = {"import_numpy.cpu_s": round(base, 4), "python_pass.cpu_s": round(median["python_pass"], 4),
                 "repeats": REPEATS}
    for name in ("testcard", "prompt") + GAMES:
        out[f"{name}.cpu_s"] = round(median[name], 4)
        out[f"{name}.ratio_to_import_numpy"] = round(median[name] / base, 2)
    return out
