"""Output files on the command line: checked before anything runs or is written, and a write that
fails at the end is one line and exit status 1, never a traceback or a lost file."""
from __future__ import annotations

import errno
import os

import pytest

from vconsole import cli
from vconsole.tools import journal as jn

KEYS = "wait:100 Esc"


def _lines(capsys) -> list[str]:
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return [ln for ln in err.splitlines() if ln.strip()]


@pytest.fixture
def old_journal(tmp_path):
    path = tmp_path / "keep.jsonl"
    path.write_text("the old journal\n")
    return path


@pytest.mark.parametrize("extra", [
    ["--screenshot", "x.png"],  # window: refused
    ["--headless", "--record-audio", "/no/such/dir/a.wav"],
    ["--headless", "--screenshot", "/no/such/dir/a.png"],
    ["--headless", "--record-audio", "FOLDER"],
    ["--headless", "--keys", "Ctrl+Nothing"],
])
def test_a_refused_command_line_leaves_the_old_journal(capsys, tmp_path, old_journal, extra):
    extra = [str(tmp_path) if a == "FOLDER" else a for a in extra]
    assert cli.main(["testcard", "--record", str(old_journal), "--drive", str(tmp_path / "C"), *extra]) == 2
    assert len(_lines(capsys)) == 1
    assert old_journal.read_text() == "the old journal\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]  # no temporary file left


def test_no_display_leaves_the_old_journal(capsys, tmp_path, old_journal, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    from vconsole.frontends import window

    def no_display(*a, **k):
        raise window.NoDisplay("none")

    monkeypatch.setattr(window, "run", no_display)
    assert cli.main(["testcard", "--record", str(old_journal), "--drive", str(tmp_path / "C")]) == 2
    assert "no display" in _lines(capsys)[0]
    assert old_journal.read_text() == "the old journal\n"


def test_a_run_replaces_the_journal_whole(capsys, tmp_path, old_journal):
    assert cli.main(["testcard", "--keys", KEYS, "--record", str(old_journal), "--drive", str(tmp_path / "C"),
                     "--dump-text", str(tmp_path / "t.txt")]) == 0
    journal = jn.read(old_journal)
    assert journal.end is not None
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


@pytest.mark.parametrize("argv", [
    ["testcard", "--headless", "--record-audio", "TMP"],
    ["testcard", "--headless", "--record-audio", "/proc/x.wav"],
    ["testcard", "--headless", "--record-video", "/proc/x.gif"],
    ["testcard", "--headless", "--dump-text", "TMP"],
    ["testcard", "--record-audio", "TMP"],  # in the window, before it opens
    ["replay", "JOURNAL", "--headless", "--record-audio", "/proc/x.wav"],
    ["replay", "JOURNAL", "--record-audio", "TMP"],
    ["attract", "mill", "/proc/o.gif", "--seconds", "1"],
    ["attract", "mill", "TMP/o.gif", "--seconds", "1", "--record-audio", "TMP"],
])
def test_unwritable_outputs_are_refused_up_front(capsys, tmp_path, argv):
    journal = tmp_path / "j.jsonl"
    journal.write_text(jn.Header(program="TESTCARD").to_json() + "\n")
    argv = [str(tmp_path) if a == "TMP" else str(journal) if a == "JOURNAL" else a.replace("TMP", str(tmp_path))
            for a in argv]
    assert cli.main(argv) == 2
    (line,) = _lines(capsys)
    assert line.startswith("vconsole: ") and "cannot write" in line, line
    assert not (tmp_path / "o.gif").exists()


def test_a_wav_that_cannot_be_written_at_the_end_is_one_line_and_exit_1(capsys, tmp_path, monkeypatch):
    from vconsole import synth

    def full(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(synth, "write_wav", full)
    text = tmp_path / "t.txt"
    assert cli.main(["testcard", "--keys", KEYS, "--drive", str(tmp_path / "C"),
                     "--record-audio", str(tmp_path / "a.wav"), "--dump-text", str(text)]) == 1
    (line,) = _lines(capsys)
    assert line == f"vconsole: cannot write {tmp_path / 'a.wav'}: No space left on device"
    assert "TESTCARD" in text.read_text() or text.read_text().strip()  # the other output is still written


def test_attract_capture_that_cannot_be_written_is_one_line_and_exit_1(capsys, tmp_path, monkeypatch):
    from vconsole import animation as video

    def full(self, *a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(video.VideoRecorder, "finish", full)
    out = tmp_path / "o.gif"
    assert cli.main(["attract", "mill", str(out), "--seconds", "0.2"]) == 1
    (line,) = _lines(capsys)
    assert line == f"vconsole: cannot write {out}: No space left on device"


class _FullDisk:
    """A file whose writes fail as on a full disk."""

    def __init__(self, inner):
        self.inner = inner

    def write(self, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_a_journal_on_a_full_disk_stops_the_recording_not_the_run(capsys, tmp_path, old_journal, monkeypatch):
    class FullRecorder(jn.JournalRecorder):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self._file = _FullDisk(self._file)

    monkeypatch.setattr(jn, "JournalRecorder", FullRecorder)
    drive = tmp_path / "C"
    text = tmp_path / "t.txt"
    code = cli.main(["testcard", "--keys", KEYS, "--record", str(old_journal), "--drive", str(drive),
                     "--dump-text", str(text)])
    assert code != 0  # a recording was lost
    lines = _lines(capsys)
    assert lines == [f"vconsole: recording stopped: No space left on device (no journal written to {old_journal})"]
    assert text.exists()  # the run went on and left its other outputs
    assert old_journal.read_text() == "the old journal\n"
    assert not (drive / "VCONSOLE.LOG").exists()
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


@pytest.mark.parametrize("argv, words", [
    (["testcard", "--headless", "--screenshot", "TMP/x.jpg"], "--screenshot: TMP/x.jpg would be a PNG picture, not JPG"),
    (["testcard", "--headless", "--record-audio", "TMP/x.mp3"], "--record-audio: TMP/x.mp3 would be a WAV file"),
    (["replay", "JOURNAL", "--headless", "--screenshot", "TMP/x.JPG"], "would be a PNG picture, not JPG"),
    (["attract", "mill", "TMP/o.gif", "--record-audio", "TMP/x.mp3"], "would be a WAV file, not MP3"),
    (["render", "ART", "--display", "vga", "--png", "TMP/x.gif"], "--png TMP/x.gif: the file would be PNG, not GIF"),
    (["render", "ART", "--display", "vga", "--gif", "TMP/x.png"], "--gif TMP/x.png: the file would be GIF, not PNG"),
])
def test_an_output_named_for_another_format_is_refused(capsys, tmp_path, argv, words):
    journal = tmp_path / "j.jsonl"
    journal.write_text(jn.Header(program="TESTCARD").to_json() + "\n")
    art = tmp_path / "a.ans"
    art.write_text("hello\r\n")
    subst = {"JOURNAL": str(journal), "ART": str(art)}
    argv = [subst.get(a, a.replace("TMP", str(tmp_path))) for a in argv]
    assert cli.main(argv) == 2
    (line,) = _lines(capsys)
    assert words.replace("TMP", str(tmp_path)) in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ans", "j.jsonl"]


def test_a_journal_to_a_device_is_written_through(capsys, tmp_path):
    def temps():
        return [n for n in os.listdir("/dev") if n.startswith(".~")]

    before = temps()
    assert cli.main(["testcard", "--keys", KEYS, "--record", "/dev/null", "--drive", str(tmp_path / "C"),
                     "--dump-text", str(tmp_path / "t.txt")]) == 0
    assert temps() == before  # never a temporary file beside a device, nor a rename over it
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
    if os.path.exists("/dev/full"):
        assert cli.main(["testcard", "--keys", KEYS, "--record", "/dev/full", "--drive", str(tmp_path / "C")]) == 2
        assert _lines(capsys)[-1] == "vconsole: --record: cannot write /dev/full: No space left on device"
