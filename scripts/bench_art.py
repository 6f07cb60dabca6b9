#!/usr/bin/env python3
"""How fast art files are read and drawn (medians over a few runs, seconds).

ans_1000_rows: a 1,000-row ANSI.SYS text in the density of real block art (a colour change
  every few cells, about 300 KB): read_s is parsing it into cells, read_render_s parsing
  and drawing the whole picture on a VGA (16,000 lines, strip by strip as `render` does),
  png_s the same plus compressing and writing the PNG.
bin_160x100: a 160-column, 100-row .BIN with SAUCE, likewise (read_s, read_render_s).
gif_80x25_s: an 80x25 screen with blinking cells to an animated GIF.
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from vconsole.adapters import VGA  # noqa: E402
from vconsole.capture import save_png_bands  # noqa: E402
from vconsole.render import frame_bands  # noqa: E402
from vconsole.tools.art import parse  # noqa: E402
from vconsole.tools.art.look import look  # noqa: E402
from vconsole.tools.art.sauce import record  # noqa: E402
from vconsole.video import ScreenState  # noqa: E402

REPEATS = 5


def _median_s(fn, repeats: int = REPEATS) -> float:
    fn()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return round(statistics.median(times), 6)


def ansi_text(rows: int, seed: int = 1981) -> bytes:
    rng = random.Random(seed)
    out = [b"\x1b[2J"]
    for _ in range(rows):
        col = 0
        while col < 80:
            run = min(80 - col, rng.randint(1, 8))
            out.append(b"\x1b[%d;%d;%dm" % (rng.choice((0, 1)), 30 + rng.randrange(8), 40 + rng.randrange(8)))
            out.append(bytes(rng.choice((0xB0, 0xB1, 0xB2, 0xDB, 0xDC, 0xDF, 0x20)) for _ in range(run)))
            col += run
        out.append(b"\x1b[0m\r\n")
    return b"".join(out)


def _draw(art) -> int:
    lk = look(art, VGA)
    state = ScreenState(cells=art.cells, cursor_start=0x20, blink=lk.blink, font=lk.font, palette=lk.palette)
    return sum(len(band) for band in frame_bands(state, lk.adapter))


def bench() -> dict:
    ans = ansi_text(1000)
    rng = np.random.default_rng(7)
    wide = rng.integers(0, 256, (100, 160, 2), dtype=np.uint8).tobytes() + record(data_type=5, file_type=80)
    blink = rng.integers(0, 256, (25, 80, 2), dtype=np.uint8)
    blink[..., 1] |= 0x80
    out: dict = {"ans_1000_rows": {"bytes": len(ans)}}
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "a.png"

        def to_png(data: bytes, name: str) -> None:
            art = parse(data, name)
            lk = look(art, VGA)
            state = ScreenState(cells=art.cells, cursor_start=0x20, blink=lk.blink, font=lk.font, palette=lk.palette)
            save_png_bands(frame_bands(state, lk.adapter), png)

        out["ans_1000_rows"].update(read_s=_median_s(lambda: parse(ans, "a.ans")),
                                    read_render_s=_median_s(lambda: _draw(parse(ans, "a.ans"))),
                                    png_s=_median_s(lambda: to_png(ans, "a.ans"), 3))
        out["bin_160x100"] = {"read_s": _median_s(lambda: parse(wide, "w.bin")),
                              "read_render_s": _median_s(lambda: _draw(parse(wide, "w.bin"))),
                              "png_s": _median_s(lambda: to_png(wide, "w.bin"), 3)}
        src = Path(tmp) / "b.bin"
        src.write_bytes(blink.tobytes())
        from vconsole.tools.render import main as render_main

        out["gif_80x25_s"] = _median_s(
            lambda: render_main([str(src), "--display", "vga", "--gif", str(Path(tmp) / "b.gif")]), 3)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2))
