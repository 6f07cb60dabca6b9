"""bench.py terminal: bytes the terminal front end writes, and how soon a typed key shows.

* full redraw: the painter's output for the first picture of each game's
  screen after a few keys (headless), at 24-bit, 256 and 16 colours;
* one changed cell: every cell of those screens changed alone, from a terminal
  already showing the rest: "ticking" when the same cell changed just before
  (a clock's digit: the terminal is still in its colours), "char" its
  character moved on by one after some other cell was drawn, "char_and_attr"
  its colours changed too: median, 95th percentile, max;
* key to cell: ``vconsole --terminal`` (the DOS prompt) on a pseudo-terminal;
  a letter written into it, the time until the letter comes back drawn;
  then the CPU the front end and the waiting prompt use while idle.
Targets (issue 23): one cell under 30 bytes, a full redraw under 20 kB at 24-bit.
"""
from __future__ import annotations

import dataclasses
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from vconsole.adapters import get_adapter
from vconsole.frontends.termdraw import Painter
from vconsole.video import ScreenState

SCREENS = {"mill": "Space", "cardmine": "Space", "pearls": "Space", "anciento": "Space 1", "spider": "Space",
           "command": '"help" Enter'}
KEY_SAMPLES = 40
IDLE_S = 5.0


def _state(program: str, keys: str) -> ScreenState:
    from vconsole.cli import _parser  # noqa: F401 - the CLI's programs are discovered on import
    from vconsole.disk import Drive
    from vconsole.frontends import headless
    from vconsole.machine import MachineConfig
    from vconsole.program import RunOptions, find, run_program

    prog = find(program)
    with tempfile.TemporaryDirectory() as d:
        drive = Drive(d)
        out = headless.run(lambda m: run_program(m, prog, prog.parse_switches([]), drive, RunOptions(seed=7)),
                           MachineConfig(mute=True), keys)
    return out.state


def _with(state: ScreenState, cells: np.ndarray) -> ScreenState:
    c = cells.copy()
    c.flags.writeable = False
    return dataclasses.replace(state, cells=c)


def _bytes(states: dict[str, ScreenState]) -> dict:
    adapter = get_adapter("ega")
    out: dict = {}
    for depth in ("24bit", "256", "16"):
        full = {name: len(Painter(adapter, "color", depth).frame(s, 80, 25).encode()) for name, s in states.items()}
        out[f"full_redraw_{depth}_max_bytes"] = max(full.values())
        if depth == "24bit":
            out["full_redraw_24bit_bytes"] = full
    for kind in ("ticking", "char", "char_and_attr"):
        sizes = []
        for s in states.values():
            painter = Painter(adapter, "color", "24bit")
            painter.frame(s, 80, 25)
            base = np.array(s.cells)
            for r in range(25):
                for c in range(80):
                    cells = base.copy()
                    cells[r, c, 0] = (int(cells[r, c, 0]) + 1) & 0xFF or 1
                    if kind == "char_and_attr":
                        cells[r, c, 1] ^= 0x4F
                    if kind == "ticking":  # the cell changed a moment ago too (a clock's digit)
                        painter.frame(_with(s, cells), 80, 25)
                        cells[r, c, 0] = (int(cells[r, c, 0]) + 1) & 0xFF or 1
                    sizes.append(len(painter.frame(_with(s, cells), 80, 25).encode()))
                    painter.frame(s, 80, 25)  # back as it was
        sizes.sort()
        out[f"one_cell_{kind}_median_bytes"] = statistics.median(sizes)
        out[f"one_cell_{kind}_p95_bytes"] = sizes[int(len(sizes) * 0.95)]
        out[f"one_cell_{kind}_max_bytes"] = sizes[-1]
    return out


def _read_until(fd: int, needle: bytes, limit: float = 20.0) -> float:
    """Read the pty until needle shows up; the time it did (monotonic)."""
    got = b""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            got += os.read(fd, 65536)
            if needle in got:
                return time.monotonic()
    raise RuntimeError(f"no {needle!r} from the terminal front end")


def _key_latency() -> dict:
    import pty

    master, slave = pty.openpty()
    os.set_blocking(master, True)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
    env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color", VCONSOLE_TERMINAL_AUDIO="0")
    with tempfile.TemporaryDirectory() as d:
        proc = subprocess.Popen([sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())",
                                 "--terminal", "--mute", "--drive", d], stdin=slave, stdout=slave,
                                stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        os.close(slave)
        try:
            _read_until(master, b"C:\\TOYS>")
            times = []
            letters = "abcdefghijklmnopqrstuvwxyz"
            for i in range(KEY_SAMPLES):
                if i and i % 20 == 0:
                    os.write(master, b"\x1b")  # Esc drops the line (after the Esc timeout)
                    time.sleep(0.3)
                    _drain(master)
                ch = letters[i % 26].encode()
                t0 = time.monotonic()
                os.write(master, ch)
                times.append(_read_until(master, ch) - t0)
                time.sleep(0.05)
                _drain(master)
            idle = _cpu_seconds(proc.pid)
            time.sleep(IDLE_S)  # the prompt waiting for a key, its cursor blinking
            idle = (_cpu_seconds(proc.pid) - idle) / IDLE_S
        finally:
            proc.terminate()
            proc.wait(10)
            os.close(master)
    times.sort()
    return {"idle_cpu_percent": round(idle * 100, 2),
            "key_to_cell_median_ms": round(statistics.median(times) * 1000, 2),
            "key_to_cell_p95_ms": round(times[int(len(times) * 0.95)] * 1000, 2), "samples": len(times)}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _drain(fd: int) -> None:
    while select.select([fd], [], [], 0)[0]:
        if not os.read(fd, 65536):
            return


def bench() -> dict:
    states = {name: _state(name, keys) for name, keys in SCREENS.items()}
    return {**_bytes(states), **_key_latency()}


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2))
