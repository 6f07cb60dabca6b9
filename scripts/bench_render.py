#!/usr/bin/env python3
"""How fast the text-mode renderer draws, per adapter (medians, milliseconds).

full_frame_ms: render_frame() of a screen of random characters and attributes,
  border included, a new array each time (the pure function headless captures use).
renderer_full_ms: the window's Renderer after every cell changed (one gather into its buffer).
one_cell_ms: the Renderer after a single cell changed (the fast path a typing program hits).
peak_memory_mb: the largest Python/numpy allocation peak while all of the above ran
  (look-up tables included), from tracemalloc.
"""
from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from vconsole.adapters import ADAPTERS  # noqa: E402
from vconsole.render import Renderer, render_frame  # noqa: E402
from vconsole.video import ScreenState  # noqa: E402

REPEATS = 200
NAMES = ("cga", "ega", "vga", "mda")


def _median_ms(fn, repeats: int = REPEATS) -> float:
    fn()  # warm caches (LUTs, allocator)
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return round(statistics.median(times) * 1000.0, 4)


def _states(rng: np.random.Generator, n: int) -> list[ScreenState]:
    out = []
    for _ in range(n):
        cells = rng.integers(0, 256, (25, 80, 2), dtype=np.uint8)
        cells.flags.writeable = False
        out.append(ScreenState(cells=cells, cursor_row=12, cursor_col=40, border=1))
    return out


def bench() -> dict:
    timings = _timings(REPEATS)
    # memory in a second, short pass: tracing slows every allocation, so it stays out of the timings
    from vconsole import render
    for cached in (render._lut_for, render._glyph_codes, render._cursor_fg):
        cached.cache_clear()
    tracemalloc.start()
    _timings(3)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {**timings, "peak_memory_mb": round(peak / 2**20, 2)}


def _timings(repeats: int) -> dict:
    rng = np.random.default_rng(1981)
    full, renderer_full, one_cell = {}, {}, {}
    for name in NAMES:
        adapter = ADAPTERS[name]
        screens = _states(rng, 2)
        full[name] = _median_ms(lambda s=screens, a=adapter: render_frame(s[0], a, frame=0), repeats)

        r = Renderer(adapter)
        flip = [0]

        def every_cell_changed(r=r, screens=screens, flip=flip):
            flip[0] ^= 1
            r.frame(screens[flip[0]], 0)
        renderer_full[name] = _median_ms(every_cell_changed, repeats)

        base = screens[0].cells.copy()
        variants = []
        for k in range(2):
            cells = base.copy()
            cells[7, 33] = (0x41 + k, 0x1E + k)
            cells.flags.writeable = False
            variants.append(ScreenState(cells=cells, cursor_row=12, cursor_col=40, border=1))
        r.frame(variants[0], 0)

        def one_changed(r=r, variants=variants, flip=flip):
            flip[0] ^= 1
            r.frame(variants[flip[0]], 0)
        one_cell[name] = _median_ms(one_changed, repeats)
    return {"full_frame_ms": full, "renderer_full_ms": renderer_full, "one_cell_ms": one_cell}


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2))
