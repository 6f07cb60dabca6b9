"""Start-up cost: short headless runs, each beside ``python -c "import numpy"``, which every run pays.

The figure is the ratio run / baseline, measured two ways:

* **CPU time** (user + system of the child) of interleaved pairs: each round runs the baseline and
  then the case, for every case, and the figure is the median of those pairs' ratios (also the
  ratio of the two minima, and the case's median over the median of every baseline run, the
  steadiest of the three).  A busy machine slows both halves of a pair alike.  On a shared
  virtual machine a single ``import numpy`` varies by a quarter either way, so a handful of
  rounds does not settle the CPU figures: hence 25 rounds.
* **Instructions** (valgrind's cachegrind, when valgrind is installed; skipped otherwise): one run
  of each, deterministic to a few thousand instructions, the figure to compare between versions.

Every child, the baseline included, gets the same conditions: ``OPENBLAS_NUM_THREADS=1`` (and the
same for OpenMP and MKL), so that numpy's import starts no BLAS worker threads whose spinning
used to swing the CPU ratio by a third from one run to the next; ``PYTHONHASHSEED=0``; an empty
folder as the working directory; bytecode compiled once first and kept (``PYTHONDONTWRITEBYTECODE``
cleared), as on an installed copy.
"""
from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROUNDS = 25
GAMES = ("mill", "cardmine", "pearls", "anciento", "spider")
#: what every child runs under, the baseline as much as vconsole
SAME_FOR_ALL = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}


def _cpu(argv: list[str], env: dict[str, str], cwd: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _instructions(argv: list[str], env: dict[str, str], cwd: str) -> int | None:
    """User-space instructions of one run under cachegrind (no cache simulation), or None."""
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          *argv], env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    return int(found.group(1).replace(",", "")) if found else None


def bench() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(SAME_FOR_ALL)
    folder = tempfile.mkdtemp(prefix="vconsole-bench-startup-")
    cwd, drive = os.path.join(folder, "cwd"), os.path.join(folder, "drive")
    os.mkdir(cwd)
    run = [sys.executable, "-m", "vconsole.cli"]
    quiet = ["--headless", "--keys", "", "--dump-text", os.devnull, "--drive", drive]
    base = [sys.executable, "-c", "import numpy"]
    cases = {"testcard": run + ["testcard", *quiet], "prompt": run + quiet}
    for game in GAMES:  # the first screen each game shows (its start-up screen or menu)
        cases[game] = run + [game, *quiet]
    for argv in [base, *cases.values()]:  # compile and cache bytecode, warm the file cache
        _cpu(argv, env, cwd)
    pairs: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for _ in range(ROUNDS):
        for name, argv in cases.items():
            pairs[name].append((_cpu(base, env, cwd), _cpu(argv, env, cwd)))
    out: dict = {"conditions": "every child, baseline too: " + " ".join(f"{k}={v}" for k, v in SAME_FOR_ALL.items())
                 + ", an empty working folder, bytecode cached", "rounds": ROUNDS}
    bases = [b for p in pairs.values() for b, _ in p]
    out["import_numpy.cpu_s"] = round(statistics.median(bases), 4)
    for name, got in pairs.items():
        ratios = sorted(c / b for b, c in got)
        quarter = len(ratios) // 4
        out[f"{name}.cpu_s"] = round(statistics.median(c for _, c in got), 4)
        out[f"{name}.ratio_to_import_numpy"] = round(statistics.median(ratios), 3)  # median of the pairs
        out[f"{name}.ratio_of_medians"] = round(statistics.median(c for _, c in got) / statistics.median(bases), 3)
        out[f"{name}.ratio_of_minima"] = round(min(c for _, c in got) / min(b for b, _ in got), 3)
        out[f"{name}.ratio_middle_half"] = [round(ratios[quarter], 3), round(ratios[-1 - quarter], 3)]
    if shutil.which("valgrind") is None:
        out["instructions"] = "skipped: valgrind is not installed"
    else:
        base_n = _instructions(base, env, cwd)
        out["import_numpy.instructions_M"] = None if base_n is None else round(base_n / 1e6, 1)
        for name, argv in cases.items():
            n = _instructions(argv, env, cwd)
            out[f"{name}.instructions_M"] = None if n is None else round(n / 1e6, 1)
            if n is not None and base_n:
                out[f"{name}.instruction_ratio"] = round(n / base_n, 3)
    shutil.rmtree(folder, ignore_errors=True)
    return out
