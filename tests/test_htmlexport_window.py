"""--record-html in a real window (Xvfb, keys from xdotool): the page holds what the window showed."""
from __future__ import annotations

import subprocess
import time

from test_window_xvfb import ROOT, VCONSOLE, _window, _x, pytestmark, xserver  # noqa: F401

from vconsole.tools.htmlexport import COLUMNS, read_page


def test_record_html_in_the_window_keeps_the_border_changes(xserver, tmp_path):  # noqa: F811
    env = xserver
    page = tmp_path / "card.html"
    proc = subprocess.Popen([*VCONSOLE, "testcard", "--mute", "--drive", str(tmp_path / "TOYS"),
                             "--record-html", str(page)], env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wid = _window(env, "vconsole - TESTCARD", proc)
        time.sleep(0.5)
        for _ in range(2):
            _x(env, "xdotool", "key", "--window", str(wid), "b")  # the next border colour
            time.sleep(0.5)
        # Esc quits: the window may be gone before xdotool has finished with it, so its error is no failure
        subprocess.run(["xdotool", "key", "--window", str(wid), "Escape"], env=env, capture_output=True, check=False)
        assert proc.wait(15) == 0
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "web page saved to" in err
    description, parts = read_page(page)
    off, n = description["sections"]["border"]
    borders = bytes(parts["events"][off:off + n * 1])
    assert len(set(borders[:3])) == 3, borders  # the first colour and the two the keys chose (then the exit's)
    assert description["adapter"] == "ega" and description["end"] > 1.0 and COLUMNS["border"] == "u1"
