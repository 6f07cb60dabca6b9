"""``vconsole render`` / ``view`` of art beyond the limits: the message says what happens, and the
reason a picture is empty is not dropped."""
from __future__ import annotations

import struct

import pytest
from helpers import one_line

from vconsole import cli
from vconsole.tools.art.sauce import record


@pytest.mark.parametrize("command", ["render", "view"])
def test_too_wide_art_is_said_to_be_refused(capsys, tmp_path, command):
    xb = tmp_path / "huge.xb"
    xb.write_bytes(b"XBIN\x1a" + struct.pack("<HHBB", 65535, 65535, 16, 0))
    ans = tmp_path / "wide.ans"
    ans.write_bytes(b"hello\r\n" + record(file_size=7, tinfo1=65535, tinfo2=25))
    extra = ["--display", "vga", "--png", str(tmp_path / "o.png")] if command == "render" else ["--headless"]
    for path in (xb, ans):
        assert cli.main([command, str(path), *extra]) == 2
        line = one_line(capsys)
        assert "65535 columns" in line and "more than the 1024 vconsole shows" in line, line
        assert "are shown" not in line
    assert not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("data, reason", [
    (b"\n" * 10_001 + b"x", "cut at 10000 rows"),
    (b"\x1b[0m" * 1_000_001 + b"x", "stopped after 1,000,000"),
])
def test_art_that_draws_nothing_says_why(capsys, tmp_path, data, reason):
    path = tmp_path / "a.ans"
    path.write_bytes(data)
    assert cli.main(["render", str(path), "--display", "vga", "--png", str(tmp_path / "o.png")]) == 2
    line = one_line(capsys)
    assert "it draws nothing" in line and reason in line, line
