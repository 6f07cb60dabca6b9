"""Journals that are hostile or edited by hand: refused with one line (the line named), never a
traceback, unbounded memory or a replay without end."""
from __future__ import annotations

import json

import pytest
from helpers import one_line

from vconsole import cli
from vconsole.tools import journal as jn


def _record(tmp_path, capsys) -> list[dict]:
    path = tmp_path / "j.jsonl"
    assert cli.main(["mill", "--keys", "wait:500 1 Enter wait:500", "--record", str(path), "--drive",
                     str(tmp_path / "C"), "--dump-text", str(tmp_path / "t.txt")]) == 0
    capsys.readouterr()
    return [json.loads(row) for row in path.read_text().splitlines()]


def _write(path, objs) -> None:
    path.write_text("".join(json.dumps(o) + "\n" for o in objs))


@pytest.mark.parametrize("field, value, words", [
    ("start_time", float("nan"), "start_time must be seconds since the epoch"),
    ("start_time", 1e300, "start_time must be seconds since the epoch"),
    ("start_time", -1, "start_time must be seconds since the epoch"),
    ("utc_offset", 10**12, "utc_offset must be seconds east of UTC"),
    ("check_every", float("inf"), "check_every must be"),
])
def test_header_values_out_of_range_are_refused(capsys, tmp_path, field, value, words):
    header = json.loads(jn.Header(program="MILL").to_json())
    header[field] = value
    path = tmp_path / "h.jsonl"
    _write(path, [header])
    assert cli.main(["replay", str(path), "--headless"]) == 2
    line = one_line(capsys)
    assert line.startswith(f"vconsole: {path} line 1: ") and words in line, line


def test_a_journal_bigger_than_the_limit_is_refused_without_reading_it_all(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(jn.reader, "MAX_JOURNAL", 1000)  # the reader's limit
    path = tmp_path / "big.jsonl"
    path.write_text(jn.Header(program="MILL").to_json() + "\n" + "# padding\n" * 200)
    assert cli.main(["replay", str(path), "--headless"]) == 2
    assert one_line(capsys) == f"vconsole: {path} is bigger than 0 MB: not a journal vconsole made"


def test_dev_zero_is_not_read_without_end(capsys):
    assert cli.main(["replay", "/dev/zero", "--headless"]) == 2
    assert one_line(capsys) == "vconsole: cannot read /dev/zero: it is a device, not a file"  # not read at all


def test_a_wait_number_beyond_the_recording_does_not_replay_for_ever(capsys, tmp_path):
    objs = _record(tmp_path, capsys)
    for obj in objs[-2:]:  # the last input and the end line
        obj["i"] = 99999999999
    path = tmp_path / "edited.jsonl"
    _write(path, objs)
    assert cli.main(["replay", str(path), "--headless"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "past the journal's last moment" in err and "wait 99999999999" in err


@pytest.mark.parametrize("line", ["[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 100_000])
def test_a_line_nested_without_end_is_one_line_and_exit_2(capsys, tmp_path, line):
    path = tmp_path / "nested.jsonl"
    path.write_text(jn.Header(program="MILL").to_json() + "\n" + line + "\n")
    assert cli.main(["replay", str(path), "--headless"]) == 2
    assert one_line(capsys) == f"vconsole: {path} line 2: not a journal line (nested too deeply)"
