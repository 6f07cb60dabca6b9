"""export-html and --record-html without a browser: the page's data, its size, and the command lines.

The page's event columns are read back here by a reader written from the
format's description (tools/htmlexport.py docstring), independent of the
player's script, and must give the screen every tap of the replay saw.  The
browser side (the player drawing those states) is tests/test_htmlexport_browser.py.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from helpers import one_line

from vconsole.adapters import get_adapter
from vconsole.cli import main
from vconsole.machine import MachineConfig
from vconsole.program import RunOptions, find
from vconsole.render import effective_cells
from vconsole.tools import journal as jn
from vconsole.tools.htmlexport import COLUMNS, notes_of, read_page
from vconsole.tools.replay import record_headless, replay_headless
from vconsole.animation import VideoRecorder

ROOT = Path(__file__).resolve().parent.parent


def page_data(path: Path) -> dict:
    """The page's description, with its binary parts under their names."""
    description, parts = read_page(path)
    return {**description, **parts}


def states(data: dict) -> list[tuple[float, np.ndarray, tuple, int, int]]:
    """(time, cells, (row, col, mask), border, blink) after each event, read from the columns."""
    raw = data["events"]
    col = {name: np.frombuffer(raw, dtype=COLUMNS[name], count=n, offset=off)
           for name, (off, n) in data["sections"].items()}
    at = dict.fromkeys(("count", "cell", "cursor", "border", "blink", "font", "palette"), 0)
    cells = np.zeros((data["rows"] * data["cols"], 2), dtype=np.uint8)
    cursor, border, blink, out = (0, 0, 0), 0, 1, []
    for i in range(data["eventCount"]):
        flags = int(col["flags"][i])
        if flags & 1:
            n = int(col["count"][at["count"]])
            steps = col["step"][at["cell"]:at["cell"] + n].astype(np.int64)
            where = np.cumsum(steps) - 1
            cells[where, 0] = col["char"][at["cell"]:at["cell"] + n]
            cells[where, 1] = col["attr"][at["cell"]:at["cell"] + n]
            at["count"] += 1
            at["cell"] += n
        if flags & 2:
            c = at["cursor"]
            cursor = (int(col["cursor"][2 * c]), int(col["cursor"][2 * c + 1]), int(col["mask"][c]))
            at["cursor"] += 1
        for bit, name in ((4, "border"), (8, "blink"), (16, "font"), (32, "palette")):
            if flags & bit:
                value = int(col[name][at[name]])
                at[name] += 1
                if name == "border":
                    border = value
                elif name == "blink":
                    blink = value
        out.append((float(col["time"][i]), cells.copy(), cursor, border, blink))
    return out


@pytest.fixture(scope="module")
def testcard_run(tmp_path_factory):
    """A test card run (border, cursor shape and blink changes) exported, and every screen its replay showed."""
    tmp = tmp_path_factory.mktemp("card")
    journal_path = tmp / "card.jsonl"
    record_headless(find("TESTCARD"), [], "b wait:300 c wait:300 k wait:400 b c wait:200 k", journal_path, tmp / "r",
                    config=MachineConfig(adapter="ega"))
    page = tmp / "card.html"
    assert main(["export-html", str(journal_path), "-o", str(page), "--at", "1.25", "--zoom", "2"]) == 0
    seen = []

    def hook(m):
        m.clock.taps.append(lambda old, new: seen.append((old, m.screen.snapshot())))

    replay = replay_headless(jn.read(journal_path), tmp / "TOYS", machine_hook=hook)
    return page, seen, replay


def test_the_columns_give_the_screen_the_replay_showed_at_every_step(testcard_run):
    page, seen, replay = testcard_run
    data = page_data(page)
    got = states(data)
    times = np.array([g[0] for g in got])
    ega = get_adapter("ega")
    assert len(got) >= 4  # the card, then border, cursor and blink changes
    for t, state in seen + [(replay.outcome.elapsed, replay.outcome.state)]:
        k = int(np.searchsorted(times, t, side="right")) - 1
        _, cells, cursor, border, blink = got[k]
        assert np.array_equal(cells.reshape(25, 80, 2), effective_cells(state)), f"at {t}"
        mask = ega.cursor_mask(state.cursor_start, state.cursor_end)
        assert cursor == (state.cursor_row, state.cursor_col, int(np.sum(1 << np.flatnonzero(mask)))), f"at {t}"
        assert (border, blink) == (state.border, int(state.blink)), f"at {t}"
    assert data["end"] == replay.outcome.elapsed


def test_the_page_carries_the_cards_glyphs_and_the_export_options(testcard_run):
    from vconsole.fonts import Glyphs

    page, _, _ = testcard_run
    data = page_data(page)
    # the EGA's 8x14 set at its native size, the glyphs of the characters the run shows
    shown = set(np.frombuffer(data["events"], "u1", count=data["sections"]["char"][1],
                              offset=data["sections"]["char"][0]).tolist())
    rom = np.frombuffer(Glyphs.named("bios_8x14").data, np.uint8).reshape(256, 14)
    font = np.frombuffer(data["fonts"], np.uint8).reshape(256, 14)
    assert len(shown) > 200  # the test card shows nearly every character
    assert all(np.array_equal(font[c], rom[c]) for c in shown)
    assert (data["cellW"], data["cellH"], data["refreshHz"], data["textBlinkFrames"]) == (8, 14, 59.7, 16)
    assert (data["at"], data["zoom"]) == (1.25, 2.0)


def test_the_page_is_self_contained(testcard_run):
    page, _, _ = testcard_run
    text = page.read_text(encoding="utf-8")
    assert "default-src 'none'" in text  # the page's own policy: nothing may be fetched
    assert not re.search(r'(src|href)\s*=\s*"(?!data:|blob:)', text)
    assert "http:" not in text and "https:" not in text


def test_notes_end_where_the_next_change_is():
    from vconsole.speaker import SpeakerEvent as E

    notes = notes_of([E(1.0, 440.0), E(1.5, 880.0), E(2.0, None), E(3.0, 220.0)], end=3.25)
    assert [(n.start, n.length, n.hz) for n in notes] == [(1.0, 0.5, 440.0), (1.5, 0.5, 880.0), (3.0, 0.25, 220.0)]


def test_record_html_on_a_headless_run_and_a_replay(tmp_path):
    drive = tmp_path / "d"
    drive.mkdir()
    page, journal = tmp_path / "card.html", tmp_path / "card.jsonl"
    assert main(["testcard", "--headless", "--keys", "wait:300 b wait:300", "--drive", str(drive), "--record-html", str(page),
                 "--record", str(journal)]) == 0
    assert page_data(page)["eventCount"] >= 2
    again = tmp_path / "again.html"
    assert main(["replay", str(journal), "--headless", "--record-html", str(again)]) == 0
    assert page_data(again)["events"] == page_data(page)["events"]


@pytest.mark.parametrize("argv, says", [
    (["export-html", "{j}", "-o", "{d}/x.png"], "would be a web page, not PNG"),
    (["export-html", "{d}/none.jsonl", "-o", "{d}/x.html"], "cannot read"),
    (["export-html", "{j}", "-o", "{d}/no/x.html"], "no such directory"),
    (["export-html", "{j}", "-o", "{d}/x.html", "--at", "-2"], "0 seconds or more"),
    (["export-html", "{j}", "-o", "{d}/x.html", "--at", "nan"], "0 seconds or more"),
    (["export-html", "{j}", "-o", "{d}/x.html", "--zoom", "100"], "0.25 to 16"),
    (["testcard", "--headless", "--record-html", "{d}/x.htm"], "would be a web page, not HTM"),
])
def test_bad_command_lines_say_one_line(tmp_path, capsys, argv, says):
    journal = tmp_path / "j.jsonl"
    record_headless(find("TESTCARD"), [], "b", journal, tmp_path / "r")
    capsys.readouterr()
    code = main([a.format(j=journal, d=tmp_path) for a in argv])
    assert code == 2
    assert says in one_line(capsys, "vconsole: ")
    assert not (tmp_path / "x.html").exists()


def test_a_two_minute_game_is_small_and_far_smaller_than_its_apng(tmp_path):
    """The issue's figures: under 200 kB, and at least 20 times smaller than the APNG at scale 1.

    The ratio depends on the game: the player (about 9 kB) is in every page, and a game whose screen
    changes little has a small APNG (two minutes of Mill: 15 times; scripts/bench.py export measures it).
    Card Miners, computer against computer on VGA, seed 1: 25 kB against 549 kB."""
    journal_path, page, apng = tmp_path / "game.jsonl", tmp_path / "game.html", tmp_path / "game.png"
    record_headless(find("CARDMINE"), [], 'Enter "COMPUTER" Enter Enter wait:120000', journal_path, tmp_path / "r",
                    config=MachineConfig(adapter="vga", mute=False), options=RunOptions(seed=1))
    assert main(["export-html", str(journal_path), "-o", str(page)]) == 0
    video = VideoRecorder(apng, "vga", "color", scale=1)
    replay = replay_headless(jn.read(journal_path), tmp_path / "TOYS", machine_hook=lambda m: m.clock.taps.append(
        lambda old, new: video.advance(m.screen, old, new)))
    video.finish(replay.outcome.elapsed, state=replay.outcome.state)
    assert replay.outcome.elapsed >= 120
    size = page.stat().st_size
    assert size < 200_000 * replay.outcome.elapsed / 120
    assert apng.stat().st_size >= 20 * size, (apng.stat().st_size, size)


def test_the_gallery_shows_each_programs_run_as_a_player_beside_its_pictures(tmp_path):
    out = tmp_path / "g"
    assert main(["gallery", str(out), "--programs", "testcard", "--displays", "ega", "--monitors", "color",
                 "--no-animation", "--player-seconds", "3"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["index.html", "testcard-ega-color.png", "testcard-player.html"]
    index = (out / "index.html").read_text()
    assert '<iframe src="testcard-player.html"' in index and 'src="testcard-ega-color.png"' in index
    data = page_data(out / "testcard-player.html")
    assert data["adapter"] == "ega" and data["end"] >= 2  # the tour, then two seconds (TOUR_TAIL_MS)
    assert main(["gallery", str(tmp_path / "h"), "--programs", "testcard", "--displays", "ega", "--monitors",
                 "color", "--no-animation", "--no-player"]) == 0
    assert not (tmp_path / "h" / "testcard-player.html").exists()
