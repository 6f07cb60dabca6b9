"""``bench.py export``: how small a played game is as a web page, and how fast the page draws it.

Two-minute games (computer against computer, seed 1: Mill on EGA, Card
Miners on VGA) are recorded headless, exported with export-html and captured
from the same replay as an APNG at ``--scale 1`` (what ``--record-video
run.png --scale 1`` writes).  The Card Miners page is then opened in headless
Chromium (in real time, over the DevTools pipe), whose test hook draws the
run's frames as playback at 8x speed and 60 frames a second would, each timed
with performance.now() (zoom 2, the player's display step included).
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"mill_ega": ("MILL", "ega", "Enter F2 wait:120000"),
         "cardmine_vga": ("CARDMINE", "vga", 'Enter "COMPUTER" Enter Enter wait:120000')}


def bench() -> dict:
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import CHROMIUM, wait_for_hook

    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="vconsole-bench-export-") as tmp:
        for key, game in GAMES.items():
            out[key], page = _game(Path(tmp) / key, *game)
        if CHROMIUM is None:
            out["chromium"] = "not installed: no frame times"
            return out
        costs = []
        for _ in range(3):
            costs += wait_for_hook(page, "test=0&bench=8")["frameMs"]
        costs.sort()
        out["player_cardmine_vga"] = {
            "frames_drawn_at_8x": len(costs),
            "frame_ms_at_8x_median": round(statistics.median(costs), 3),
            "frame_ms_at_8x_p95": round(costs[int(0.95 * (len(costs) - 1))], 3),
            "frame_ms_at_8x_max": round(costs[-1], 3),
        }
    return out


def _game(tmp: Path, name: str, display: str, script: str) -> tuple[dict, Path]:
    from vconsole.machine import MachineConfig
    from vconsole.program import RunOptions, find
    from vconsole.tools import journal as jn
    from vconsole.tools.export_cli import main as export_main
    from vconsole.tools.replay import record_headless, replay_headless
    from vconsole.animation import VideoRecorder

    tmp.mkdir()
    journal_path, page, apng = tmp / "run.jsonl", tmp / "run.html", tmp / "run.png"
    record_headless(find(name), [], script, journal_path, tmp / "rec",
                    config=MachineConfig(adapter=display, mute=False), options=RunOptions(seed=1))
    assert export_main([str(journal_path), "-o", str(page)]) == 0
    video = VideoRecorder(apng, display, "color", scale=1)

    def hook(m) -> None:
        m.clock.taps.append(lambda old, new: video.advance(m.screen, old, new))

    result = replay_headless(jn.read(journal_path), tmp / "TOYS", machine_hook=hook)
    video.finish(result.outcome.elapsed, state=result.outcome.state)
    minutes = result.outcome.elapsed / 60.0
    html_bytes, apng_bytes = page.stat().st_size, apng.stat().st_size
    return {
        "machine_minutes": round(minutes, 2),
        "html_bytes": html_bytes,
        "html_bytes_per_minute": round(html_bytes / minutes),
        "apng_scale1_bytes": apng_bytes,
        "apng_over_html_ratio": round(apng_bytes / html_bytes, 1),
        "journal_bytes": journal_path.stat().st_size,
    }, page
