"""The exported web page in a real browser: Debian's headless Chromium, offline.

Three programs are recorded headless (on EGA, VGA, and MDA with an amber
monitor), exported with ``vconsole export-html`` and opened with the page's
test hook, which seeks to a dozen machine times in one page load.  Each
picture the page drew must equal, pixel for pixel, the headless replay's
screenshot at that time: ``render_frame`` of the screen the replay showed
then, at that retrace's blink and cursor phase (native pixels), and the same
through ``capture.to_display`` at scale 1 (what ``--scale 1 --screenshot``
writes) for the page's zoom 1.  The page's note schedule must equal the note
list the desktop synth (``synth.ToneTimeline``, fed by the speaker as the
window's audio is) builds for the replay.

Skipped when chromium is not installed, unless VCONSOLE_REQUIRE_X is set
(.ci/run installs it and sets it, so there a missing browser fails).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
from browser import CHROMIUM, hook_output, picture

from vconsole.adapters import get_adapter
from vconsole.capture import to_display
from vconsole.machine import MachineConfig
from vconsole.program import find
from vconsole.render import render_frame
from vconsole.synth import ToneTimeline
from vconsole.tools import journal as jn
from vconsole.tools.export_cli import main as export_main
from vconsole.tools.replay import record_headless, replay_headless
from vconsole.animation import retrace_at

pytestmark = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("VCONSOLE_REQUIRE_X"),
                                reason="needs chromium (apt-get install chromium)")

RUNS = {
    # display, monitor, program, key script: blinking attributes, border and cursor changes; two attract runs
    "ega": ("ega", "color", "TESTCARD", "b wait:700 c wait:900 k wait:1200 b c wait:800 k wait:1500 c wait:1000"),
    "vga": ("vga", "color", "MILL", "Enter F2 wait:6000"),
    "mda": ("mda", "amber", "CARDMINE", 'Enter "COMPUTER" Enter Enter wait:6000'),
}
# how each page is opened: a good link, a time past the end, a malformed time and zoom
LINKS = {"ega": "t=2.5&zoom=1", "vga": "t=99999", "mda": "t=8x3.5&zoom=banana"}
SYNTH_RATE = 48000


class Run:
    """One recorded run, its page, and the replay's screens at the chosen times."""

    def __init__(self, key: str, tmp: Path) -> None:
        display, monitor, name, script = RUNS[key]
        self.key = key
        self.adapter = get_adapter(display)
        self.monitor = monitor
        journal_path = tmp / f"{key}.jsonl"
        record_headless(find(name), [], script, journal_path, tmp / "rec",
                        config=MachineConfig(adapter=display, monitor=monitor, mute=False,
                                             speaker_model="filtered" if key == "ega" else "ideal"))
        self.journal_path = journal_path
        self.page = tmp / f"{key}.html"
        assert export_main([str(journal_path), "-o", str(self.page)]) == 0
        journal = jn.read(journal_path)
        first = float(journal.lines[0].t) if journal.lines else 0.0
        end = float(journal.end.t)
        # a dozen times over the run, off the event grid, and pairs one blink half-period apart
        half = self.adapter.text_blink_frames / self.adapter.refresh_hz
        self.times = [round(first + (end - first) * k / 11 + 0.0137, 4) for k in range(11)]
        self.times += [round(end * 0.6 + 0.05, 4), round(end * 0.6 + 0.05 + half, 4), end + 50.0]
        self.end = end
        self.shown: dict[float, object] = {}
        self.synth = ToneTimeline(SYNTH_RATE)

        def hook(m) -> None:
            m.speaker.add_sink(self.synth)  # as the window's live audio and --record-audio listen

            def tap(old: float, new: float) -> None:
                for t in self.times:
                    if old <= t < new and t not in self.shown:
                        self.shown[t] = m.screen.snapshot()

            m.clock.taps.append(tap)

        with tempfile.TemporaryDirectory() as drive:
            self.replay = replay_headless(journal, Path(drive) / "TOYS", machine_hook=hook)
        assert self.replay.report.exact
        self.out = hook_output(self.page, LINKS[key] + "&test=" + ",".join(repr(t) for t in self.times))

    def reference(self, t: float) -> np.ndarray:
        """The headless replay's screenshot at machine time t (a time past the end: the last frame)."""
        state = self.shown.get(t, self.replay.outcome.state)
        at = min(t, self.replay.outcome.elapsed)
        return render_frame(state, self.adapter, self.monitor, retrace_at(at, self.adapter.refresh_hz))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Run by key, each made once for the module."""
    made: dict[str, Run] = {}

    def get(key: str) -> Run:
        if key not in made:
            made[key] = Run(key, tmp_path_factory.mktemp(key))
        return made[key]

    return get


@pytest.fixture(scope="module", params=list(RUNS))
def run(request, runs) -> Run:
    return runs(request.param)


def test_every_seek_draws_the_replays_screenshot_pixel_for_pixel(run):
    assert len(run.out["native"]) == len(run.times) >= 10
    blink_phases = set()
    for i, t in enumerate(run.times):
        want = run.reference(t)
        got = picture(run.out["native"][i])
        assert got.shape == want.shape, f"at {t} s"
        bad = np.argwhere((got != want).any(axis=2))
        assert not len(bad), f"at {t} s: {len(bad)} pixels differ, the first at (y, x) {tuple(bad[0])}"
        shown = picture(run.out["shown"][i])
        assert np.array_equal(shown, to_display(want, run.adapter, 1)), f"zoom 1 at {t} s"
        frame = retrace_at(min(t, run.end), run.adapter.refresh_hz)
        blink_phases.add(run.adapter.text_visible(frame))
    assert blink_phases == {True, False}  # both blink phases were compared


def test_pictures_change_over_the_run(run):
    """A page that showed one picture throughout would fail here, whatever the replay did."""
    pictures = {picture(u).tobytes() for u in run.out["native"]}
    assert len(pictures) >= 3


def test_the_page_copies_the_screen_as_the_replay_shows_it(run):
    last = run.out["text"][-1]
    want = "\n".join(line.rstrip() for line in run.replay.outcome.text).rstrip("\n") + "\n"
    assert last == want


def test_the_page_loads_nothing_from_the_network(run):
    assert run.out["resources"] == []
    assert b"http://" not in run.page.read_bytes() and b"https://" not in run.page.read_bytes()


def test_the_audio_schedule_is_the_desktop_synths_note_list(run):
    """(pitch, start, length) of the page's notes, on the synth's sample grid, against ToneTimeline's segments."""
    tl = run.synth
    synth = [(tl.hz[k], tl.starts[k], (tl.starts[k + 1] if k + 1 < len(tl.starts) else None))
             for k in range(1, len(tl.starts)) if tl.hz[k]]
    page = []
    for start, length, hz in run.out["notes"]:
        a, b = round(start * SYNTH_RATE), round((start + length) * SYNTH_RATE)
        if page and page[-1][2] == a and page[-1][0] == hz:
            page[-1] = (hz, page[-1][1], b)
        else:
            page.append((hz, a, b))
    end = round(run.end * SYNTH_RATE)
    synth = [(hz, a, b if b is not None else end) for hz, a, b in synth]
    assert page == synth
    if run.key == "vga":  # the test card is silent; Mill's computer plays a sound with each move
        assert len(page) >= 5


def test_links_open_paused_where_they_say_and_survive_nonsense(run):
    link = run.out["link"]
    assert link["playing"] is False
    if run.key == "ega":
        assert link["t"] == 2.5 and link["zoom"] == 1 and link["note"] == ""
    elif run.key == "vga":
        assert link["t"] == run.end  # past the end: the last frame
    else:
        assert link["t"] == 0 and link["zoom"] == "fit"
        assert "not understood" in link["note"]


CONTROLS = """new Promise((ok) => {
  const go = () => {
    const P = window.vconsolePlayer, r = {errors: []};
    window.addEventListener("error", (e) => r.errors.push(String(e.message)));
    const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
    r.start = P.state();
    key(" "); r.sound = P.sound(); key(" ");  // playing at 1x with sound on: the speaker's graph is made
    key("Home");
    document.getElementById("vc-step").click(); r.step = P.state().t;
    key("."); r.step2 = P.state().t;
    key("ArrowUp"); r.up = P.state().speed;
    key("ArrowDown"); key("ArrowDown"); r.down = P.state().speed;
    key("m"); r.muted = P.state().muted;
    key("ArrowRight"); r.right = P.state().t;
    key("End"); r.end = P.state().t;
    key(" "); r.playing = P.state().playing; key(" "); r.paused = P.state().playing;
    const zoom = document.getElementById("vc-zoom");
    zoom.value = "2"; zoom.dispatchEvent(new Event("change"));
    const view = document.getElementById("vc-view");
    r.zoom = P.state().zoom; r.canvas = [view.width, view.height];
    r.time = document.getElementById("vc-time").textContent;
    ok(JSON.stringify(r));
  };
  const wait = () => (window.vconsolePlayer ? go() : setTimeout(wait, 50));
  wait();
})"""


def test_the_controls_and_keys_work(runs):
    """Next change, speed, mute, seeking, play and pause, zoom, over the DevTools protocol in real time."""
    import json

    from browser import evaluate

    run = runs("ega")
    r = json.loads(evaluate(run.page, "", CONTROLS, timeout=120))
    times = sorted({t for t, *_ in states_of(run)})
    assert r["start"] == {"t": 0, "playing": False, "speed": 1, "muted": False, "zoom": "fit"}
    assert r["errors"] == []
    assert r["sound"] == {"context": True, "running": True, "filtered": True}  # the ega run used --speaker filtered
    assert r["step"] == next(t for t in times if t > 0)
    assert r["step2"] == next(t for t in times if t > r["step"])
    assert (r["up"], r["down"], r["muted"]) == (2, 0.5, True)
    assert r["right"] == pytest.approx(min(r["step2"] + 5, run.end))  # 5 s on, at most to the end
    assert r["end"] == run.end and r["playing"] is True and r["paused"] is False
    assert r["zoom"] == 2
    h, w = to_display(run.reference(0.0), run.adapter, 2).shape[:2]
    assert r["canvas"] == [w, h]
    minutes, seconds = divmod(run.end, 60)
    assert r["time"].endswith(f" / {int(minutes)}:{seconds:04.1f}")  # the bar shows the run's length


def states_of(run):
    from vconsole.tools.htmlexport import COLUMNS, read_page

    description, parts = read_page(run.page)
    off, n = description["sections"]["time"]
    return [(float(t),) for t in np.frombuffer(parts["events"], COLUMNS["time"], count=n, offset=off)]


@pytest.mark.parametrize("display, monitor", [("vga", "color"), ("ega", "green"), ("hercules", "amber"),
                                              ("cga", "color")])
def test_loaded_fonts_palettes_bright_backgrounds_underline_and_the_mouse(tmp_path, display, monitor):
    """Screens no game shows: every attribute, a program's own character set and colours, blinking off,
    the mouse's text cursor, a split cursor; each drawn by the page as render_frame draws it."""
    from vconsole.fonts import Glyphs
    from vconsole.tools.htmlexport import HtmlRecorder
    from vconsole.video import MouseCursor, ScreenState

    rng = np.random.default_rng(7)
    adapter = get_adapter(display)
    cells = rng.integers(0, 256, size=(25, 80, 2), dtype=np.uint8)
    cells[0, :, 1] = np.arange(80)  # attributes 00-4F, and the rest on the next rows
    cells[1, :, 1] = np.arange(80, 160)
    cells[2, :, 1] = np.arange(160, 240)
    cells[3, :16, 1] = np.arange(240, 256)
    font = Glyphs.from_array(rng.integers(0, 256, size=(256, 16), dtype=np.uint8), "own")
    palette = tuple(tuple(int(v) for v in rng.integers(0, 64, size=3)) for _ in range(16))
    first = ScreenState(cells=cells, cursor_row=5, cursor_col=7, cursor_start=6, cursor_end=7, border=3)
    second = ScreenState(cells=cells[::-1].copy(), cursor_row=24, cursor_col=79, cursor_start=12, cursor_end=2,
                         blink=False, border=12, mouse=MouseCursor(row=10, col=40), font=font, palette=palette)
    page = tmp_path / "screens.html"
    recorder = HtmlRecorder(page, adapter, monitor)
    recorder.add(0.0, first)
    recorder.add(1.0, second)
    recorder.finish(2.0)
    times = [0.1, 0.1 + adapter.text_blink_frames / adapter.refresh_hz, 0.55, 1.2, 1.2 + 8 / adapter.refresh_hz, 2.0]
    out = hook_output(page, "test=" + ",".join(repr(t) for t in times))
    for i, t in enumerate(times):
        want = render_frame(first if t < 1 else second, adapter, monitor, retrace_at(t, adapter.refresh_hz))
        got = picture(out["native"][i])
        bad = np.argwhere((got != want).any(axis=2)) if got.shape == want.shape else [("shape", got.shape)]
        assert not len(bad), f"{display} at {t} s: {len(bad)} pixels differ, the first at {tuple(bad[0])}"


def test_the_exports_at_and_zoom_open_the_page_there(runs, tmp_path):
    run = runs("ega")
    page = tmp_path / "at.html"
    assert export_main([str(run.journal_path), "-o", str(page), "--at", "1.75", "--zoom", "1.5"]) == 0
    out = hook_output(page, "test=0")
    assert out["link"] == {"t": 1.75, "zoom": 1.5, "playing": False, "note": ""}
