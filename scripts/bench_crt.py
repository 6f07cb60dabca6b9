"""The CRT look's cost (vconsole.crt): CPU milliseconds per picture, medians.

``full``: a whole picture (a new window size, a screen that changed all over);
``cursor``: a blinking cursor (only the display rows near the changed lines are worked out);
``afterglow``: the green monitor's fading trail after a blink (redrawn every 1/60 s while it fades).
Sizes are the 4:3 display at scale 2.  Compare with the exact picture's figures in ``render``.
"""
from __future__ import annotations

import statistics
import time


def _cpu_ms(fn, n: int = 7) -> float:
    times = []
    for i in range(n):
        t = time.process_time()
        fn(i)
        times.append(time.process_time() - t)
    return round(statistics.median(times) * 1000, 1)


def bench() -> dict:
    from vconsole.capture import display_size
    from vconsole.crt import CrtPicture
    from vconsole.render import render_frame
    from vconsole.video import TextScreen
    from vconsole_programs.testcard.main import draw

    out: dict = {}
    for adapter, monitor in (("cga", "color"), ("ega", "color"), ("vga", "color"), ("mda", "green")):
        screen = TextScreen(mono=adapter == "mda")
        draw(screen)
        state = screen.snapshot()
        lit = render_frame(state, adapter, monitor, frame=0)
        dark = render_frame(state, adapter, monitor, frame=8)
        size = display_size(adapter, 2)
        out[f"{adapter}_{monitor}.full_cpu_ms"] = _cpu_ms(
            lambda i, a=adapter, m=monitor, s=size, lt=lit: CrtPicture(a, m, s).render(lt))
        pic = CrtPicture(adapter, monitor, size)
        pic.render(lit, 0.0)
        out[f"{adapter}_{monitor}.cursor_cpu_ms"] = _cpu_ms(lambda i, p=pic, d=dark, lt=lit: p.render(
            d if i % 2 == 0 else lt, 10.0 * (i + 1)))
        if monitor == "green":
            fading = CrtPicture(adapter, monitor, size)
            fading.render(lit, 0.0)
            out[f"{adapter}_{monitor}.afterglow_cpu_ms"] = _cpu_ms(
                lambda i, f=fading, d=dark: f.render(d, (i + 1) / 60))
    return out
