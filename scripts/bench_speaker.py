#!/usr/bin/env python3
"""How fast the speaker synthesis runs, as multiples of real time (medians).

The test piece is a PLAY-style tune across octaves 1-6 (about 33 Hz to
4 kHz, the range games used) with normal, legato and staccato notes and
rests, rendered offline and through the streaming renderer in 1024-sample
buffers as the live output asks for them.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole import synth  # noqa: E402
from vconsole.speaker import Speaker  # noqa: E402

SECONDS = 30.0
RATE = 44100
REPEATS = 5


class _VirtualClock:
    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def _tune_events(seconds: float) -> list:
    rng = random.Random(1987)
    clock = _VirtualClock()
    spk = Speaker(clock)
    while clock.t < seconds:
        bar = [f"T{rng.choice((120, 150, 200))}", rng.choice(("MN", "ML", "MS")), f"O{rng.randint(1, 6)}"]
        for _ in range(16):
            bar.append(rng.choice("CDEFGAB") + rng.choice(("", "8", "16")) if rng.random() > 0.1 else "P8")
        spk.play(" ".join(bar))
    return list(spk.timeline)


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def bench() -> dict:
    events = _tune_events(SECONDS)
    end = max(t for t, _ in events)
    result: dict = {"piece_seconds": round(end, 2), "rate": RATE}
    synth.render(events[:4], RATE, "filtered")  # build the tables once
    for model in synth.MODELS:
        offline = [end / _time(lambda m=model: synth.render(events, RATE, m, end=end)) for _ in range(REPEATS)]

        def stream(model: str = model) -> None:
            r = synth.StreamRenderer(RATE, model)
            for e in events:
                r(e)
            for _ in range(round(end * RATE) // 1024):
                r.render(1024)

        streamed = [end / _time(stream) for _ in range(REPEATS)]
        key = "synthesis_x_realtime" if model == "ideal" else f"synthesis_{model}_x_realtime"
        result[key] = {"median": round(statistics.median(offline), 1)}
        result[f"stream_{model}_x_realtime"] = {"median": round(statistics.median(streamed), 1)}
    return result


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2, sort_keys=True))
