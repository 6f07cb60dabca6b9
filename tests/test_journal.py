"""Journals: every installed program recorded headless replays bit-exact (every frame's screen and
the WAV), twice; hand-edited, truncated and stale journals say what is wrong, naming the line."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vconsole.cli import main as cli
from vconsole.disk import Drive
from vconsole.machine import MachineConfig
from vconsole.program import Program, RunOptions, discover, find
from vconsole.tools import journal as jn
from vconsole.tools.replay import record_headless, replay_headless

PROGRAMS = sorted(discover())


def script_for(program: Program) -> str:
    """Something that makes each program draw, beep and take keys and the mouse for a few seconds."""
    if program.attract:
        return f"{program.attract} wait:8000 move:3,3 Space"
    tour = program.tour or "Enter"
    return f"{tour} wait:1500 move:40,12 click:40,12 wait:700"


def frames_tap(log: list):
    """A clock tap logging, for every step of machine time, the screen every retrace of it showed."""
    def hook(machine):
        def tap(old, new):
            log.append((old, new, jn.screen_digest(machine.screen.snapshot())))
        machine.clock.taps.append(tap)
    return hook


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_recorded_run_replays_bit_exact_twice(name, tmp_path):
    program = find(name)
    journal_path = tmp_path / "run.jsonl"
    recorded: list = []
    outcome = record_headless(program, [], script_for(program), journal_path, tmp_path / "rec",
                              config=MachineConfig(adapter="vga"), options=RunOptions(seed=7), check_every=1.0,
                              machine_hook=frames_tap(recorded), record_audio=tmp_path / "rec.wav")
    journal = jn.read(journal_path)
    assert journal.end is not None and journal.exact
    if program.attract:  # checks come as waits begin, every machine second here
        assert sum(line.kind == "check" for line in journal.lines) >= 5
    assert any(line.kind == "key" for line in journal.lines)
    for n in (1, 2):
        replayed: list = []
        result = replay_headless(journal, tmp_path / f"play{n}", machine_hook=frames_tap(replayed),
                                 record_audio=tmp_path / f"play{n}.wav")
        assert result.report.exact, result.report.lines()
        assert replayed == recorded  # every frame's screen, at the same machine times
        assert (tmp_path / f"play{n}.wav").read_bytes() == (tmp_path / "rec.wav").read_bytes()
        assert result.outcome.text == outcome.text
        assert result.outcome.elapsed == outcome.elapsed


@pytest.fixture(scope="module")
def mill_journal(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("mill")
    path = tmp / "mill.jsonl"
    record_headless(find("mill"), ["S"], "Enter 5 Space 1 4 Space 2 0 Space wait:1500 click:60,20", path,
                    tmp / "drive", options=RunOptions(seed=3), check_every=1.0)
    return path


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def _write(path: Path, lines: list[str], end: str = "\n") -> Path:
    path.write_text("\n".join(lines) + end)
    return path


def test_the_journal_is_json_lines_a_person_can_read(mill_journal):
    lines = _lines(mill_journal)
    header = json.loads(lines[0])
    assert header["vconsole"] == "journal" and header["program"] == "MILL" and header["switches"] == ["S"]
    assert header["seed"] == 3 and header["clock"] == "machine" and header["made_by"].startswith("vconsole ")
    assert {"display", "monitor", "mouse", "speaker", "shareware", "start_time", "files"} <= set(header)
    events = [json.loads(line) for line in lines[1:]]
    assert events[0] == {"t": 0.0, "i": 0, "start": True}
    keys = [e["key"] for e in events if "key" in e]
    assert keys[:4] == ["Enter", "5", "Space", "1"]  # names, not words
    assert {"move": [480, 160]} .items() <= next(e for e in events if "move" in e).items()
    assert [e["down"] for e in events if "button" in e] == [True, False]
    assert "check" in events[-3] or any("check" in e for e in events)
    assert events[-1]["end"] == "stop" and len(events[-1]["screen"]) == 16


def test_a_journal_replays_from_the_command_line(mill_journal, tmp_path, capsys):
    assert cli(["replay", str(mill_journal), "--headless", "--dump-text", str(tmp_path / "t.txt")]) == 0
    err = capsys.readouterr().err
    assert "replays exactly" in err and "input events" in err
    assert "BLACK PLACES ON" in (tmp_path / "t.txt").read_text()


def test_a_hand_edited_bad_line_is_named(mill_journal, tmp_path, capsys):
    lines = _lines(mill_journal)
    number = next(n for n, line in enumerate(lines, 1) if '"key": "5"' in line)
    lines[number - 1] = lines[number - 1].replace('"key": "5"', '"key": "NoSuchKey"')
    bad = _write(tmp_path / "bad.jsonl", lines)
    with pytest.raises(jn.JournalError, match=rf"line {number}: .*NoSuchKey"):
        jn.read(bad)
    assert cli(["replay", str(bad), "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"line {number}:" in err[0] and "Traceback" not in err[0]


@pytest.mark.parametrize("edit, said", [
    ('{"t": 1.0, "i": 3, "key": "Enter"', "not a JSON object"),
    ('{"t": -1, "i": 3, "key": "Enter"}', '"t" must be the machine time'),
    ('{"t": 1.0, "i": 3}', "needs exactly one of"),
    ('{"t": 1.0, "i": 3, "key": "Enter", "move": [1, 2]}', "it has key, move"),
    ('{"t": 1.0, "i": 3, "move": [1]}', "move must be [x, y]"),
    ('{"t": 1.0, "i": 3, "button": "left"}', '"down": true or false'),
    ('{"t": 1.0, "i": 3, "shift": 300}', "shift must be the flags byte"),
    ('{"t": 1.0, "i": 3, "key": "0x12345"}', "more than 16 bits"),
    ('{"t": 1.0, "i": 3, "keys": "a"}', "unknown field 'keys'"),
    ('[1, 2]', "expected an object"),
])
def test_each_kind_of_bad_line_says_what_is_wrong(mill_journal, tmp_path, edit, said):
    lines = _lines(mill_journal)
    lines.insert(3, edit)
    with pytest.raises(jn.JournalError) as e:
        jn.read(_write(tmp_path / "bad.jsonl", lines))
    assert "line 4:" in str(e.value) and said in str(e.value)


def test_times_that_go_back_and_lines_after_the_end_are_refused(mill_journal, tmp_path):
    lines = _lines(mill_journal)
    n = next(n for n, line in enumerate(lines[1:], 1) if json.loads(line)["t"] > 0)  # 0-based index
    line = json.loads(lines[n])
    back = lines[:n + 1] + [json.dumps({"t": line["t"] / 2, "i": line["i"], "key": "a"})] + lines[n + 1:]
    with pytest.raises(jn.JournalError, match=rf"line {n + 2}: time .* goes back before"):
        jn.read(_write(tmp_path / "back.jsonl", back))
    ahead = lines[:n + 1] + [json.dumps({"t": line["t"], "i": 999, "key": "a"})] + lines[n + 1:]
    with pytest.raises(jn.JournalError, match=rf"line {n + 3}: wait \d+ comes before wait 999"):
        jn.read(_write(tmp_path / "ahead.jsonl", ahead))
    after = lines + ['{"t": 99.0, "i": 999, "key": "a"}']
    with pytest.raises(jn.JournalError, match=rf"line {len(after)}: comes after the end line"):
        jn.read(_write(tmp_path / "after.jsonl", after))


def test_the_header_is_checked(mill_journal, tmp_path):
    lines = _lines(mill_journal)
    header = json.loads(lines[0])
    for key, value, said in (("display", "tandy", "display must be one of"), ("seed", "x", "seed must be"),
                             ("format", 99, "newer than this vconsole")):
        broken = _write(tmp_path / "h.jsonl", [json.dumps({**header, key: value})] + lines[1:])
        with pytest.raises(jn.JournalError, match=f"line 1: .*{said}"):
            jn.read(broken)
    with pytest.raises(jn.JournalError, match="not a vconsole journal"):
        jn.read(_write(tmp_path / "x.jsonl", ['{"hello": 1}']))
    missing = _write(tmp_path / "m.jsonl", [json.dumps({**header, "program": "NOSUCH"})] + lines[1:])
    assert cli(["replay", str(missing), "--headless"]) == 2


def test_comments_and_blank_lines_are_allowed(mill_journal, tmp_path, capsys):
    lines = _lines(mill_journal)
    noted = lines[:2] + ["", "# the player starts here"] + lines[2:]
    assert cli(["replay", str(_write(tmp_path / "n.jsonl", noted)), "--headless"]) == 0
    assert "replays exactly" in capsys.readouterr().err


def test_a_truncated_journal_replays_to_its_end_and_says_so(mill_journal, tmp_path, capsys):
    text = mill_journal.read_text()
    lines = text.splitlines()
    cut_at = next(n for n, line in enumerate(lines) if '"key": "4"' in line)
    partial = "\n".join(lines[:cut_at]) + "\n" + lines[cut_at][:12]  # killed mid-line
    path = tmp_path / "cut.jsonl"
    path.write_text(partial)
    journal = jn.read(path)
    assert journal.end is None and journal.partial_last and journal.last_line == cut_at
    result = replay_headless(journal, tmp_path / "d")
    assert result.report.exact
    said = " ".join(result.report.lines())
    assert f"ends at line {cut_at}" in said and "without its end line" in said and "replayed up to there" in said
    # what the keys before the cut did is on the screen: 5 placed, 1 typed, not 14
    assert "WHITE  5" in "\n".join(result.outcome.text)
    assert cli(["replay", str(path), "--headless"]) == 0
    assert "as far as it goes" in capsys.readouterr().err


def test_a_journal_that_no_longer_replays_says_where(mill_journal, tmp_path, capsys):
    lines = _lines(mill_journal)
    header = json.loads(lines[0])
    other = _write(tmp_path / "seed.jsonl", [json.dumps({**header, "seed": 4, "made_by": "vconsole 0.0.9"})]
                   + lines[1:])
    result = replay_headless(jn.read(other), tmp_path / "d")
    d = result.report.divergence
    assert d is not None and d.line > 1
    message = " ".join(result.report.lines())
    assert "no longer replays exactly" in message and f"line {d.line}" in message
    assert "made by vconsole 0.0.9" in message and f"at {d.t:.1f} s" in message
    assert cli(["replay", str(other), "--headless"]) == 1


def test_the_dos_directory_travels_with_the_journal(tmp_path):
    """Files present at the start are in the header; the replay gets them, never the player's own."""
    def main(dos):
        text = dos.drive.read_text("NOTE.TXT") if dos.drive.exists("NOTE.TXT") else "none"
        dos.screen.write(0, 0, text.strip(), 0x07)
        dos.drive.write_text("NOTE.TXT", "changed")
        dos.keyboard.read()

    program = Program(name="NOTE", main=main)
    drive = Drive(tmp_path / "player")
    drive.write_text("NOTE.TXT", "hello")
    record_headless(program, [], "a", tmp_path / "j.jsonl", drive.root, options=RunOptions(seed=1))
    assert drive.read_text("NOTE.TXT") == "changed"
    journal = jn.read(tmp_path / "j.jsonl")
    assert journal.header.files == {"NOTE.TXT": b"hello"}
    replay_root = tmp_path / "replay"
    d = jn.fill_drive(journal.header, replay_root)
    assert d.read_text("NOTE.TXT") == "hello"
    assert os.path.getmtime(replay_root / "NOTE.TXT") == journal.header.file_times["NOTE.TXT"]


def test_files_written_carry_the_dos_date_not_the_hosts(tmp_path):
    """DIR shows file times, so a file's time must come from the machine's clock to replay the same."""
    from vconsole.testing import run as run_headless

    def main(dos):
        dos.wait(5.0)
        dos.drive.write_text("A.TXT", "x")

    run_headless(main, "", drive=tmp_path, start_time=1_000_000_000.0)
    assert os.path.getmtime(tmp_path / "A.TXT") == 1_000_000_005.0


def test_key_tokens_round_trip():
    from vconsole.keyboard import word_for

    for word in (0x1C0D, 0x1E61, 0x48E0, 0x1CF0, 0x011B, 0x2822, 0x0000, 0x3920, 0x4CF0, 0x8D00 | 0xE0):
        assert jn.key_word(jn.key_token(word)) == word
    assert jn.key_token(word_for("Ctrl+Q")) == "Ctrl+Q"
    assert jn.key_word("enter") == 0x1C0D  # names are case-insensitive, as in key scripts
    with pytest.raises(ValueError):
        jn.key_word("Enter Esc")


def test_a_program_tour_that_does_not_parse_is_refused():
    with pytest.raises(ValueError, match="'X': tour: .*NoSuchKey"):
        Program(name="X", main=lambda dos: 0, tour="Enter NoSuchKey")
    with pytest.raises(ValueError, match="attract"):
        Program(name="X", main=lambda dos: 0, attract='"open')


def test_recording_from_the_command_line(tmp_path, capsys):
    j = tmp_path / "cli.jsonl"
    assert cli(["testcard", "--headless", "--keys", "b c", "--record", str(j), "--drive", str(tmp_path / "d"),
                "--seed", "5", "--dump-text", str(tmp_path / "a.txt")]) == 0
    journal = jn.read(j)
    assert journal.header.seed == 5 and journal.header.program == "TESTCARD"
    assert [line.value for line in journal.lines if line.kind == "key"] == [0x3062, 0x2E63]
    assert cli(["replay", str(j), "--headless", "--dump-text", str(tmp_path / "b.txt")]) == 0
    assert (tmp_path / "a.txt").read_text() == (tmp_path / "b.txt").read_text()
    capsys.readouterr()
    # a run without --seed gets one chosen for it, written down, so the replay sees the same numbers
    assert cli(["testcard", "--headless", "--keys", "b", "--record", str(j), "--drive", str(tmp_path / "d")]) == 0
    assert isinstance(jn.read(j).header.seed, int)
    assert cli(["testcard", "--headless", "--record", str(tmp_path / "no" / "j.jsonl")]) == 2


def test_a_replay_shows_the_dates_of_the_recordings_time_zone(tmp_path):
    """DOS shows local time; a journal keeps the recording host's zone, so DIR (file times) reads the
    same in a replay on a host set to another zone.  Also: a journal written by hand, in real time."""
    import subprocess
    import sys

    header = {"vconsole": "journal", "format": 1, "program": "COMMAND", "seed": 1, "clock": "real",
              "start_time": 820454400.0, "utc_offset": 7200,  # 1 January 1996, 02:00 at UTC+2
              "files": {"A.TXT": {"text": "x", "time": 820454400.0}}}
    keys = [{"t": 0.1 * n, "i": n, "key": k} for n, k in enumerate(["d", "i", "r", "Enter"], 1)]
    path = _write(tmp_path / "dir.jsonl", [json.dumps(header)] + [json.dumps(k) for k in keys])
    env = dict(os.environ, TZ="UTC")
    r = subprocess.run([sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())",
                        "replay", str(path), "--headless", "--dump-text", "-"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "A        TXT" in r.stdout and "01-01-96   2:00a" in r.stdout, r.stdout  # 02:00 local, not 00:00 UTC
    assert "without its end line" in r.stderr
