"""What many test modules share beyond vconsole.testing: reading what a command printed.

Running a program headless, reading its screen and its drive, and building key scripts live in
the installed ``vconsole.testing`` (docs/TESTING.md), so a program outside this project tests
its game the same way. Only this capsys helper for the command line stays here.
"""
from __future__ import annotations

import pytest


def one_line(capsys: pytest.CaptureFixture[str], prefix: str = "") -> str:
    """What the command printed on stderr: one line (of those starting with ``prefix``), no traceback."""
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip() and ln.startswith(prefix)]
    assert len(lines) == 1, err
    return lines[0]
