"""A tmux pane running vconsole in the terminal front end, for the terminal tests.

Each Pane has its own tmux server (its own socket, no user configuration),
so tests never meet a person's tmux or each other.  The command runs under
``sh`` between two ``stty -g`` snapshots and its exit status is written to a
file, so a test can check what the terminal was left in.  Waits poll the
pane; their limits only keep a broken run from hanging the suite (a slow
machine waits longer, it never fails for being slow).
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

TMUX = shutil.which("tmux")
VCONSOLE = [sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())"]
PATIENCE_S = 60.0  # a safety net against a hang, far beyond what any step takes
SETTLE_S = 0.3  # a person's pace: a program that drains type-ahead after drawing has done it by then


class Pane:
    def __init__(self, tmp: Path, args: list[str], cols: int = 80, lines: int = 25,
                 env: dict[str, str] | None = None, command: list[str] | None = None) -> None:
        self.tmp = tmp
        self.socket = f"vconsole-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.status = tmp / "status"
        self.before, self.after = tmp / "stty-before", tmp / "stty-after"
        self.stderr = tmp / "stderr"
        exports = {"COLORTERM": "truecolor", "VCONSOLE_TERMINAL_AUDIO": "0", **(env or {})}
        cmd = " ".join(shlex.quote(a) for a in (command or VCONSOLE + args))
        script = tmp / "run.sh"
        script.write_text("trap : INT TERM HUP\n"
                          + "".join(f"export {k}={shlex.quote(v)}\n" for k, v in exports.items())
                          + f"stty -g > {self.before}\n{cmd} 2> {self.stderr}\necho $? > {self.status}\n"
                          f"stty -g > {self.after}\nexec sleep 600\n")
        self.tmux("new-session", "-d", "-x", str(cols), "-y", str(lines), f"sh {shlex.quote(str(script))}")

    def tmux(self, *args: str) -> str:
        r = subprocess.run([TMUX, "-L", self.socket, "-f", os.devnull, *args], capture_output=True, text=True,
                           timeout=30)
        if r.returncode:
            raise RuntimeError(f"tmux {args[0]}: {r.stderr.strip()}")
        return r.stdout

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=30)

    # -- looking --------------------------------------------------------------------------------------
    def text(self) -> str:
        """The pane's text, each row without trailing blanks, trailing empty rows dropped (as --dump-text)."""
        rows = self.tmux("capture-pane", "-p", "-t", "0").split("\n")
        return "\n".join(r.rstrip() for r in rows).rstrip("\n") + "\n"

    def rows(self) -> list[str]:
        return self.tmux("capture-pane", "-p", "-t", "0").split("\n")

    def flags(self) -> dict[str, str]:
        names = ("alternate_on", "mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag", "mouse_standard_flag",
                 "cursor_flag", "wrap_flag")
        out = self.tmux("display-message", "-p", "-t", "0", " ".join(f"#{{{n}}}" for n in names)).split()
        return dict(zip(names, out))

    def wait_for(self, expected: str) -> str:
        """Poll until the pane shows `expected`; returns what it showed last (for the assertion)."""
        deadline = time.monotonic() + PATIENCE_S
        shown = self.text()
        while shown != expected and time.monotonic() < deadline and not self.status.exists():
            time.sleep(0.05)
            shown = self.text()
        if shown == expected:  # and a moment more, so a key is not typed ahead of the program's next read
            time.sleep(SETTLE_S)
            shown = self.text()
        return shown

    def wait_until(self, predicate, what: str) -> None:
        deadline = time.monotonic() + PATIENCE_S
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"gave up waiting for {what}; the pane shows:\n{self.text()}")
            time.sleep(0.05)

    def exit_status(self) -> int:
        self.wait_until(lambda: self.after.exists() and self.after.read_text().strip(), "the program to end")
        return int(self.status.read_text())

    # -- typing ------------------------------------------------------------------------------------------
    def keys(self, *names: str) -> None:
        """tmux key names (Enter, F5, Escape, C-c) or literal text with -l."""
        self.tmux("send-keys", "-t", "0", *names)

    def text_keys(self, text: str) -> None:
        self.tmux("send-keys", "-t", "0", "-l", text)

    def raw(self, data: bytes) -> None:
        """Bytes straight into the program's input, as a terminal sends them (mouse reports)."""
        self.tmux("send-keys", "-t", "0", "-H", *(f"{b:02x}" for b in data))

    def click(self, col: int, row: int, button: int = 0) -> None:
        """An SGR mouse click (press, release) on 0-based cell (col, row) of the pane."""
        self.raw(f"\x1b[<{button};{col + 1};{row + 1}M".encode())
        self.raw(f"\x1b[<{button};{col + 1};{row + 1}m".encode())
