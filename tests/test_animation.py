"""Animated captures: decoded, every frame is the renderer's picture at its time (blink and cursor
phases included), a frame comes only where the picture changed, and long captures join chunks."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from vconsole.adapters import get_adapter
from vconsole.capture import display_size, to_display
from vconsole.cli import main as cli
from vconsole.program import find
from vconsole.render import render_frame
from vconsole import animation as vid
from vconsole.tools.gallery import run_script

# The test card shows blinking attributes (rows 8-F of its table) and the cursor; B changes the
# border, C the cursor shape: three screens, each shown over a known stretch of machine time.
SCRIPT = "wait:1000 b wait:700 c wait:600"
CHANGES = (1.0, 1.7)  # machine times of the two keys
END = 2.3


def states(adapter: str, tmp_path):
    """The card's screen before the first key, after B, after B C (it does not depend on time)."""
    card = find("testcard")
    out = []
    for n, keys in enumerate(("", "b", "b c")):
        out.append(run_script(card, keys, adapter, tmp_path / f"s{n}").state)
    return out


def decode(path):
    """[(start ms, duration ms, RGB frame)] of an animated GIF or PNG."""
    frames = []
    with Image.open(path) as im:
        t = 0
        for n in range(getattr(im, "n_frames", 1)):
            im.seek(n)
            d = int(im.info.get("duration", 0))
            frames.append((t, d, np.array(im.convert("RGB"))))
            t += d
    return frames


def expected(screens, adapter, t, scale):
    a = get_adapter(adapter)
    state = screens[sum(t >= c for c in CHANGES)]
    frame = render_frame(state, a, "color", vid.retrace_at(t, a.refresh_hz))
    return to_display(frame, a, scale) if scale else frame


@pytest.mark.parametrize("fmt, adapter, scale", [("gif", "cga", None), ("png", "ega", None), ("png", "vga", 1),
                                                 ("gif", "mda", 1)])
def test_every_frame_is_the_renderers_picture_at_its_time(tmp_path, fmt, adapter, scale):
    path = tmp_path / f"card.{fmt}"
    rec = vid.VideoRecorder(path, adapter, "color", scale=scale)
    run_script(find("testcard"), SCRIPT, adapter, tmp_path / "d", idle_limit=0.0, video=rec)
    screens = states(adapter, tmp_path)
    frames = decode(path)
    assert len(frames) == rec.frames > 3
    unit = 10 if fmt == "gif" else 1
    rate = rec.rate
    assert rate == (50.0 if fmt == "gif" else get_adapter(adapter).refresh_hz)
    total = frames[-1][0] + frames[-1][1]
    assert abs(total / 1000 - END) <= 1.5 / rate  # the capture lasts the run
    previous = None
    for start, duration, picture in frames:
        assert duration > 0 and duration % unit == 0
        first = round(start * rate / 1000)  # the sample this frame begins with
        last = round((start + duration) * rate / 1000)
        want = expected(screens, adapter, first / rate, scale)
        assert np.array_equal(picture, want), f"frame at {start} ms"
        # every sample it stands for shows the same picture: durations carry what did not change
        for k in range(first + 1, last):
            assert np.array_equal(expected(screens, adapter, k / rate, scale), want), f"sample {k}"
        assert previous is None or not np.array_equal(previous, picture)  # only where it changed
        previous = picture


def test_blink_phases_are_in_the_capture(tmp_path):
    """On EGA blinking text toggles every 16 retraces and the cursor every 8: with nothing typed,
    the frames change exactly at those retraces."""
    path = tmp_path / "blink.png"
    rec = vid.VideoRecorder(path, "ega", "color")
    run_script(find("testcard"), "wait:1500", "ega", tmp_path / "d", idle_limit=0.0, video=rec)
    frames = decode(path)
    starts = [round(s * rec.rate / 1000) for s, _, _ in frames]
    assert starts == list(range(0, starts[-1] + 1, 8))  # cursor every 8, text every 16 (a multiple)


def test_a_long_capture_is_joined_from_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(vid, "FRAME_BYTES", 1)  # a chunk of 8 frames
    for fmt in ("gif", "png"):
        one = tmp_path / f"whole.{fmt}"
        rec = vid.VideoRecorder(one, "cga", "green")
        run_script(find("testcard"), "wait:3000", "cga", tmp_path / f"d{fmt}", idle_limit=0.0, video=rec)
        assert rec.frames > 20  # several chunks
        monkeypatch.setattr(vid, "FRAME_BYTES", 10**12)
        whole = tmp_path / f"ref.{fmt}"
        ref = vid.VideoRecorder(whole, "cga", "green")
        run_script(find("testcard"), "wait:3000", "cga", tmp_path / f"e{fmt}", idle_limit=0.0, video=ref)
        monkeypatch.setattr(vid, "FRAME_BYTES", 1)
        a, b = decode(one), decode(whole)
        assert len(a) == len(b) == rec.frames
        for (sa, da, fa), (sb, db, fb) in zip(a, b, strict=True):
            assert (sa, da) == (sb, db) and np.array_equal(fa, fb)


def test_the_command_line_captures_runs_and_replays(tmp_path, capsys):
    gif, png, j = tmp_path / "run.gif", tmp_path / "replay.png", tmp_path / "j.jsonl"
    assert cli(["testcard", "--headless", "--keys", SCRIPT, "--record-video", str(gif), "--record", str(j),
                "--drive", str(tmp_path / "d"), "--display", "vga", "--scale", "2"]) == 0
    with Image.open(gif) as im:
        assert im.size == display_size("vga", 2) and im.n_frames > 3  # VGA with its border, 4:3 at scale 2
    assert cli(["replay", str(j), "--headless", "--record-video", str(png), "--video-rate", "35"]) == 0
    frames = decode(png)
    assert frames[0][2].shape == (440, 792, 3)  # native pixels, border included
    for start, _, _ in frames:  # frames begin on the chosen rate's samples
        assert abs(start * 35 / 1000 - round(start * 35 / 1000)) < 0.02
    assert cli(["testcard", "--headless", "--record-video", str(tmp_path / "x.mp4")]) == 2
    assert "a .gif or a .png" in capsys.readouterr().err
