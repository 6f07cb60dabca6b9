"""Open an exported page in the installed headless Chromium, offline, and read what its test hook wrote.

The page's ``#test=T1,T2,...`` hook seeks to each time, draws, and writes the
pictures (PNG data URLs of the native canvas and of the zoom-1 display), the
screen text, the note schedule it decoded, the resources it loaded and how
the link was understood into a ``<pre id="vc-test">``; ``--dump-dom`` gives
the document back after the page's (virtual) time budget.  Every host name
resolves to nothing, so a page that reached for the network would show it in
its resource list (the page's own CSP also forbids it).  Shared by the tests
and ``scripts/bench.py export``.
"""
from __future__ import annotations

import base64
import html
import io
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-extensions", "--mute-audio",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars"]


def dump_dom(page: Path, fragment: str, budget_ms: int = 20000, timeout: float = 180.0) -> str:
    """The page's DOM after it ran with ``#fragment``, in a fresh browser profile."""
    if CHROMIUM is None:
        raise RuntimeError("chromium is not installed")
    with tempfile.TemporaryDirectory(prefix="vconsole-chromium-") as profile:
        url = Path(page).resolve().as_uri() + "#" + fragment
        done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}",
                               f"--virtual-time-budget={budget_ms}", "--dump-dom", url],
                              capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


def hook_output(page: Path, fragment: str, **kw) -> dict:
    """What the page's test hook wrote (see the module docstring)."""
    dom = dump_dom(page, fragment, **kw)
    m = re.search(r'<pre id="vc-test">(.*?)</pre>', dom, re.DOTALL)
    if m is None:
        note = re.search(r'id="vc-note"[^>]*>(.*?)<', dom, re.DOTALL)
        raise AssertionError(f"the page wrote no test output (its note: {note.group(1) if note else '?'})")
    return json.loads(html.unescape(m.group(1)))


def picture(data_url: str) -> np.ndarray:
    """(H, W, 3) uint8 of a PNG data URL."""
    from PIL import Image

    raw = base64.b64decode(data_url.split(",", 1)[1])
    return np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"))


def screenshot(page: Path, fragment: str, out: Path, size: tuple[int, int] = (1000, 700)) -> None:
    """A PNG of the page as the browser shows it (for looking at, not for tests)."""
    with tempfile.TemporaryDirectory(prefix="vconsole-chromium-") as profile:
        url = Path(page).resolve().as_uri() + ("#" + fragment if fragment else "")
        subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=5000",
                        f"--window-size={size[0]},{size[1]}", f"--screenshot={out}", url],
                       capture_output=True, timeout=120, check=True)


def evaluate(page: Path, fragment: str, expression: str, timeout: float = 300.0):
    """The value of ``expression`` (a promise is awaited) in the page, in real time (no virtual clock),
    over the DevTools protocol on a pipe (--remote-debugging-pipe: fds 3 and 4, NUL-ended JSON)."""
    import os

    if CHROMIUM is None:
        raise RuntimeError("chromium is not installed")
    to_child, from_parent = os.pipe()
    to_parent, from_child = os.pipe()

    def fds() -> None:
        os.dup2(to_child, 3)
        os.dup2(from_child, 4)

    with tempfile.TemporaryDirectory(prefix="vconsole-chromium-") as profile:
        url = Path(page).resolve().as_uri() + "#" + fragment
        proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", url],
                                pass_fds=(3, 4, to_child, from_child), preexec_fn=fds,  # noqa: PLW1509 - no threads here
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        out, inp = os.fdopen(from_parent, "wb"), os.fdopen(to_parent, "rb")
        buffer = b""
        counter = 0

        def call(method: str, params: dict | None = None, session: str | None = None) -> dict:
            nonlocal buffer, counter
            counter += 1
            message = {"id": counter, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            out.write(json.dumps(message).encode() + b"\0")
            out.flush()
            while True:
                while b"\0" not in buffer:
                    chunk = os.read(inp.fileno(), 1 << 16)
                    if not chunk:
                        raise RuntimeError("chromium closed the DevTools pipe")
                    buffer += chunk
                raw, buffer = buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == counter:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply["result"]

        try:
            import time

            deadline = time.monotonic() + timeout
            target = None
            while target is None:
                pages = [t for t in call("Target.getTargets")["targetInfos"] if t["type"] == "page"]
                target = pages[0]["targetId"] if pages else None
                if time.monotonic() > deadline:
                    raise RuntimeError("chromium opened no page")
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            while True:  # the first document may be replaced by the page while we ask: ask again
                try:
                    result = call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                       "returnByValue": True}, session)
                    break
                except RuntimeError as e:
                    if "context was destroyed" not in str(e) or time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            if "exceptionDetails" in result:
                raise RuntimeError(f"the page's script failed: {result['exceptionDetails']}")
            return result["result"].get("value")
        finally:
            try:
                call("Browser.close")
            except (RuntimeError, OSError):
                pass
            proc.wait(timeout=30)
            out.close()
            inp.close()


def wait_for_hook(page: Path, fragment: str, timeout: float = 300.0) -> dict:
    """hook_output in real time: what the test hook wrote, once it has written it."""
    expression = ("new Promise((ok) => { const look = () => { const e = document.getElementById('vc-test');"
                  " e ? ok(e.textContent) : setTimeout(look, 50); }; look(); })")
    return json.loads(evaluate(page, fragment, expression, timeout))
