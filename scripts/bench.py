#!/usr/bin/env python3
"""Print one JSON object with vconsole's speed and memory figures (medians).

Each section lives beside this file (bench_<section>.py; the window and audio
sections in bench_window.py) and returns a nested dict whose keys name the
figure and its unit.  Choose sections with arguments, e.g.
``python3 scripts/bench.py render mill``; with none, all run.  The window
section needs a display (it starts its own Xvfb when one is installed); the
audio section a PulseAudio server it can start with a null sink.
"""
from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path

# section -> (module, function returning that section's dict)
SECTIONS = {
    "render": ("bench_render", "bench"),
    "speaker": ("bench_speaker", "bench"),
    "mill": ("bench_mill", "bench"),
    "pearls": ("bench_pearls", "bench"),
    "anciento": ("bench_anciento", "bench"),
    "cardmine": ("bench_cardmine", "bench"),
    "spider": ("bench_spider", "bench"),
    "window": ("bench_window", "bench_window"),
    "audio": ("bench_window", "bench_audio"),
    "art": ("bench_art", "bench"),
    "replay": ("bench_replay", "bench"),
    "startup": ("bench_startup", "bench"),
    "terminal": ("bench_terminal", "bench"),
    "cli": ("bench_cli", "bench"),
    "crt": ("bench_crt", "bench"),
    "export": ("bench_export", "bench"),
}


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    chosen = argv or list(SECTIONS)
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        print(f"bench: unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}",
              file=sys.stderr)
        return 2
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    result: dict = {"machine": {"python": sys.version.split()[0], "time_utc": now}}
    for name in chosen:
        module_name, function = SECTIONS[name]
        result[name] = getattr(importlib.import_module(module_name), function)()
    print(json.dumps(result, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
