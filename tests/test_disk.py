"""The program's DOS directory: atomic writes, kills mid-save, spoiled files, refusing disks.

The tests run as root in CI, and root ignores permission bits, so a read-only or
full disk is simulated by making the OS call fail the way it would (a mocked
``os.replace`` / ``os.fsync`` raising EACCES, EROFS or ENOSPC) or by putting a plain
file where the directory should be; ``chmod`` alone would prove nothing here.
"""
from __future__ import annotations

import errno
import os
import random
import signal
import tempfile
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vconsole import disk
from vconsole.disk import DiskError, Drive, dos_name


# -- names -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, expected", [
    ("mill.sav", "MILL.SAV"), (" Tommy.cfg ", "TOMMY.CFG"), ("A", "A"), ("SCORES.", "SCORES"),
    ("$~!#%&'(.{}@", "$~!#%&'(.{}@"), ("12345678.123", "12345678.123"),
])
def test_dos_names_are_upper_cased_8_3(name, expected):
    assert dos_name(name) == expected


@pytest.mark.parametrize("name", [
    "", "   ", "toolongname.sav", "a.long", "a b.sav", "a/b", "..", ".", "x.y.z", "CON", "nul.txt",
    "lpt1", "COM3.SAV", "a*.sav", "a?.sav", "é.sav", "a\\b",
])
def test_names_dos_refuses_raise_disk_error(name):
    with pytest.raises(DiskError, match="Invalid file name"):
        dos_name(name)


# -- plain reading and writing -----------------------------------------------------------
def test_write_then_read_round_trip_and_directory_is_created(tmp_path):
    d = Drive(tmp_path / "TOYS" / "deeper")
    d.write_bytes("game.sav", b"\x00\x01abc")
    assert d.read_bytes("GAME.SAV") == b"\x00\x01abc"
    assert d.exists("Game.Sav")
    assert d.listdir() == ["GAME.SAV"]


def test_text_files_are_cp437_with_crlf(tmp_path):
    d = Drive(tmp_path)
    d.write_text("NOTE.TXT", "one\ntwo \u2588\r\nthree")
    assert (tmp_path / "NOTE.TXT").read_bytes() == b"one\r\ntwo \xdb\r\nthree"
    assert d.read_text("note.txt") == "one\ntwo \u2588\nthree"


def test_existing_file_in_other_case_is_found_and_replaced_in_place(tmp_path):
    (tmp_path / "mill.sav").write_bytes(b"old")
    d = Drive(tmp_path)
    assert d.read_bytes("MILL.SAV") == b"old"
    d.write_bytes("MILL.SAV", b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mill.sav"]
    assert (tmp_path / "mill.sav").read_bytes() == b"new"


def test_written_file_has_ordinary_permissions_not_mkstemp_private_ones(tmp_path):
    Drive(tmp_path).write_bytes("A.TXT", b"x")
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "A.TXT").stat().st_mode & 0o777 == 0o666 & ~mask


def test_read_errors_are_one_line_disk_errors(tmp_path):
    d = Drive(tmp_path)
    with pytest.raises(DiskError, match=r"^File not found - NONE\.SAV$"):
        d.read_bytes("none.sav")
    (tmp_path / "SUB").mkdir()
    with pytest.raises(DiskError, match="is a directory"):
        d.read_bytes("SUB")
    (tmp_path / "BIG.DAT").write_bytes(b"x" * 101)
    with pytest.raises(DiskError, match="too large"):
        d.read_bytes("BIG.DAT", limit=100)
    assert d.read_bytes("BIG.DAT", limit=101) == b"x" * 101


def test_temporary_files_of_killed_writers_are_hidden_and_swept(tmp_path):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"1")
    stale = tmp_path / ".~GAME.SAV.abcd1234.tmp"
    stale.write_bytes(b"half a sa")
    other = tmp_path / ".~OTHER.SAV.x.tmp"
    other.write_bytes(b"")
    assert d.listdir() == ["GAME.SAV"]
    d.write_bytes("GAME.SAV", b"2")
    assert not stale.exists()
    assert other.exists()  # only the temporaries of the file being written are swept


def test_delete_missing_file_is_quiet(tmp_path):
    d = Drive(tmp_path)
    d.delete("GONE.SAV")
    d.write_bytes("HERE.SAV", b"x")
    d.delete("here.sav")
    assert d.listdir() == []


# -- killed mid-save -------------------------------------------------------------------------
SAVE_SIZE = 96 * 1024


def _save_image(version: int) -> bytes:
    body = bytes([version % 251]) * SAVE_SIZE
    return b"V%08d %d\n" % (version, len(body)) + body


def _check_image(data: bytes) -> int:
    """The version held by a complete image; AssertionError for anything partial or mixed."""
    head, _, body = data.partition(b"\n")
    assert head.startswith(b"V"), data[:20]
    version, length = (int(x) for x in head[1:].split())
    assert len(body) == length == SAVE_SIZE, (len(body), length)
    assert body == bytes([version % 251]) * SAVE_SIZE
    return version


def _writer(root, start: int) -> None:
    d = Drive(root)
    v = start
    while True:
        d.write_bytes("GAME.SAV", _save_image(v))
        v += 1


def test_save_killed_at_random_moments_leaves_old_or_new_file_never_a_mix(tmp_path):
    """200 writer processes SIGKILLed at random points of their save loop."""
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", _save_image(0))
    rng = random.Random(1234)
    last = 0
    kills_mid_write = 0
    for _ in range(200):
        pid = os.fork()
        if pid == 0:  # the child saves until it is killed
            try:
                _writer(tmp_path, last + 1)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.0, 0.004))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        if list(tmp_path.glob(".~GAME.SAV.*.tmp")):
            kills_mid_write += 1
        version = _check_image((tmp_path / "GAME.SAV").read_bytes())
        assert version >= last  # the file never goes back to an older save
        last = version
        assert d.listdir() == ["GAME.SAV"]
    assert kills_mid_write > 0, "no kill landed inside a write: the test proved nothing"
    assert last > 0
    d.write_bytes("GAME.SAV", _save_image(last + 1))
    assert list(tmp_path.glob(".~*")) == []  # leftovers were swept by the next save


# -- refusing disks (simulated: see module docstring) --------------------------------------
def _fail_with(code):
    def boom(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return boom


@pytest.mark.parametrize("code, words", [
    (errno.EACCES, "Write protect error writing GAME.SAV"),
    (errno.EROFS, "Write protect error writing GAME.SAV"),
    (errno.ENOSPC, "Insufficient disk space to write GAME.SAV"),
    (errno.EIO, "Cannot write GAME.SAV: Input/output error"),
])
def test_failed_rename_keeps_old_file_and_leaves_no_temporary(tmp_path, monkeypatch, code, words):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"old game")
    monkeypatch.setattr(disk.os, "replace", _fail_with(code))
    with pytest.raises(DiskError) as info:
        d.write_bytes("GAME.SAV", b"new game")
    assert str(info.value) == words
    monkeypatch.undo()
    assert d.read_bytes("GAME.SAV") == b"old game"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GAME.SAV"]


def test_disk_full_during_flush_keeps_old_file(tmp_path, monkeypatch):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"old game")
    monkeypatch.setattr(disk.os, "fsync", _fail_with(errno.ENOSPC))
    with pytest.raises(DiskError, match="Insufficient disk space"):
        d.write_bytes("GAME.SAV", b"new game" * 1000)
    monkeypatch.undo()
    assert d.read_bytes("GAME.SAV") == b"old game"
    assert d.listdir() == ["GAME.SAV"]


def test_read_only_directory_refuses_the_temporary_file(tmp_path, monkeypatch):
    d = Drive(tmp_path)
    monkeypatch.setattr(tempfile, "mkstemp", _fail_with(errno.EACCES))
    with pytest.raises(DiskError, match="^Write protect error writing SCORES.DAT$"):
        d.write_bytes("SCORES.DAT", b"1")


def test_a_file_where_the_directory_should_be(tmp_path):
    (tmp_path / "TOYS").write_bytes(b"not a directory")
    d = Drive(tmp_path / "TOYS")
    with pytest.raises(DiskError, match="TOYS is a file"):
        d.write_bytes("GAME.SAV", b"x")
    assert not d.exists("GAME.SAV")
    assert d.listdir() == []
    with pytest.raises(DiskError, match="Path not found|File not found"):
        d.read_bytes("GAME.SAV")
    assert d.load("GAME.SAV", bytes).value is None


def test_deeper_path_under_a_file_cannot_be_created(tmp_path):
    (tmp_path / "blocker").write_bytes(b"")
    d = Drive(tmp_path / "blocker" / "TOYS")
    with pytest.raises(DiskError, match="^Cannot write A.SAV"):
        d.write_bytes("A.SAV", b"x")


# -- spoiled files: moved aside, never deleted ---------------------------------------------------
def _strict_parser(data: bytes) -> list[int]:
    """A save format: 'SAVE' then a count and that many numbers, nothing else."""
    text = data.decode("ascii")
    head, *rest = text.split()
    if head != "SAVE":
        raise ValueError("not a save file")
    count = int(rest[0])
    nums = [int(x) for x in rest[1:]]
    if len(nums) != count:
        raise ValueError("truncated")
    return nums


@pytest.mark.parametrize("content, label", [
    (b"", "empty"), (b"SAVE 3 1 2", "truncated"), (b"\xff\xfe garbage", "garbage"),
    (b"SAVE x", "garbage number"), (b"SAVE", "head only"),
])
def test_spoiled_file_is_kept_as_bad_and_program_starts_fresh(tmp_path, content, label):
    d = Drive(tmp_path)
    (tmp_path / "GAME.SAV").write_bytes(content)
    got = d.load("game.sav", _strict_parser)
    assert got.value is None
    assert got.bad_name == "GAME.BAD"
    assert got.message == "GAME.SAV is damaged - kept as GAME.BAD, starting afresh"
    assert "\n" not in got.message and len(got.message) <= 78
    assert got.detail
    assert (tmp_path / "GAME.BAD").read_bytes() == content  # the evidence is kept intact
    assert not d.exists("GAME.SAV")


def test_oversized_file_is_moved_aside(tmp_path):
    d = Drive(tmp_path)
    (tmp_path / "GAME.SAV").write_bytes(b"SAVE 0" + b" " * 5000)
    got = d.load("GAME.SAV", _strict_parser, limit=1000)
    assert got.bad_name == "GAME.BAD" and "too large" in got.detail


def test_good_and_missing_files_load_quietly(tmp_path):
    d = Drive(tmp_path)
    assert d.load("GAME.SAV", _strict_parser) == disk.Loaded(None)
    d.write_bytes("GAME.SAV", b"SAVE 2 7 9")
    assert d.load("GAME.SAV", _strict_parser) == disk.Loaded([7, 9])
    assert d.load_text("GAME.SAV", lambda t: t.split()) .value == ["SAVE", "2", "7", "9"]
    d.write_bytes("EMPTY.CFG", b"")
    assert d.load("EMPTY.CFG", bytes, allow_empty=True) == disk.Loaded(b"")


def test_second_bad_copy_gets_a_numbered_name(tmp_path):
    d = Drive(tmp_path)
    for n in range(3):
        (tmp_path / "GAME.SAV").write_bytes(b"junk %d" % n)
        d.load("GAME.SAV", _strict_parser)
    assert d.listdir() == ["GAME.BAD", "GAME001.BAD", "GAME002.BAD"]
    assert (tmp_path / "GAME002.BAD").read_bytes() == b"junk 2"


def test_bug_in_a_parser_is_not_hidden(tmp_path):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"fine")

    def buggy(data):
        return None + 1

    with pytest.raises(TypeError):
        d.load("GAME.SAV", buggy)
    assert d.read_bytes("GAME.SAV") == b"fine"  # a program bug must not cost the player the file


def test_spoiled_file_on_a_read_only_disk_is_left_and_reported(tmp_path, monkeypatch):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"junk")
    monkeypatch.setattr(disk.os, "replace", _fail_with(errno.EROFS))
    got = d.load("GAME.SAV", _strict_parser)
    monkeypatch.undo()
    assert got.value is None and got.bad_name is None
    assert got.message == "GAME.SAV is damaged (could not rename it) - starting afresh"
    assert "Write protect error writing GAME.BAD" in got.detail
    assert d.read_bytes("GAME.SAV") == b"junk"


def test_unreadable_file_is_reported_and_left_in_place(tmp_path, monkeypatch):
    d = Drive(tmp_path)
    d.write_bytes("GAME.SAV", b"SAVE 0")
    real_open = open

    def refusing_open(path, *a, **k):
        if str(path).endswith("GAME.SAV"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, *a, **k)

    monkeypatch.setattr("builtins.open", refusing_open)
    got = d.load("GAME.SAV", _strict_parser)
    monkeypatch.undo()
    assert got.value is None and got.message == "Access denied - GAME.SAV - starting afresh"
    assert d.listdir() == ["GAME.SAV"]


# -- logs --------------------------------------------------------------------------------------
def test_append_text_keeps_the_tail_in_whole_lines(tmp_path):
    d = Drive(tmp_path)
    for n in range(100):
        d.append_text("VCONSOLE.LOG", f"entry {n:03d}\n", keep=200)
    data = (tmp_path / "VCONSOLE.LOG").read_bytes()
    assert len(data) <= 200
    lines = data.decode().split("\r\n")
    assert lines[0].startswith("entry ") and lines[-2] == "entry 099" and lines[-1] == ""


# -- hostile bytes: only the documented errors come out ------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_through_every_reader(tmp_path_factory, data):
    root = tmp_path_factory.mktemp("rnd")
    d = Drive(root)
    (root / "FILE.DAT").write_bytes(data)
    assert d.read_bytes("FILE.DAT") == data
    assert isinstance(d.read_text("FILE.DAT"), str)
    got = d.load("FILE.DAT", _strict_parser, limit=400)
    if got.value is None:
        assert got.message and (len(data) > 400 or not data or got.bad_name == "FILE.BAD")
        assert (root / "FILE.BAD").read_bytes() == data
    else:
        assert d.read_bytes("FILE.DAT") == data


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_random_names_give_a_dos_name_or_disk_error(name):
    try:
        n = dos_name(name)
    except DiskError as e:
        assert str(e).startswith("Invalid file name")
    else:
        assert n == n.upper() and len(n) <= 12 and "/" not in n and "\\" not in n


def test_atomic_write_to_a_device_or_pipe_writes_through_and_leaves_it_alone(tmp_path):
    """Renaming over /dev/null (as root) would replace the device with a plain file."""
    import stat
    import threading

    from vconsole.disk import atomic_write

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    atomic_write(fifo, b"through the pipe")
    reader.join(5)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary left beside it


# -- what the DOS prompt needs: wildcards, rename, copy, free space -------------------------------------------

@pytest.mark.parametrize("pattern,name,hit", [
    ("*.*", "MILL.SAV", True), ("*.*", "README", True), ("*.SAV", "MILL.SAV", True), ("*.SAV", "MILL.BAD", False),
    ("MILL.*", "MILL", True), ("MILL?.*", "MILL1.SAV", True), ("MILL?.*", "MILL.SAV", True),
    ("MILL?.*", "MILL12.SAV", False), ("M*.S?V", "MILL.SAV", True), ("M*X.SAV", "MILL.SAV", True),  # after '*': ignored
    ("*", "README", True), ("*", "MILL.SAV", False), ("GAME1.MIL", "game1.mil", True), ("?", "AB", False),
])
def test_dos_wildcards_match_as_find_first_did(pattern, name, hit):
    assert disk.dos_match(pattern, name) is hit


@pytest.mark.parametrize("pattern,name,new", [
    ("*.OLD", "MILL.SAV", "MILL.OLD"), ("GAME?.OLD", "GAME1.MIL", "GAME1.OLD"), ("OLD?.MIL", "GAME1.MIL", "OLDE.MIL"),
    ("NEW.*", "MILL.SAV", "NEW.SAV"),
    ("*.", "MILL.SAV", "MILL"), ("X", "MILL.SAV", "X"), ("??X*.*", "MILL.SAV", "MIXL.SAV"),
])
def test_rename_targets_keep_the_source_where_the_pattern_has_wildcards(pattern, name, new):
    assert disk.dos_rename_target(pattern, name) == new


def test_rename_within_the_directory_refuses_a_taken_name(tmp_path):
    d = Drive(tmp_path)
    d.write_text("A.TXT", "a")
    d.write_text("B.TXT", "b")
    assert d.rename("a.txt", "c.txt") == "C.TXT"
    assert d.read_text("C.TXT") == "a" and not d.exists("A.TXT")
    with pytest.raises(DiskError, match="already exists"):
        d.rename("C.TXT", "B.TXT")
    with pytest.raises(DiskError, match="File not found"):
        d.rename("NONE.TXT", "D.TXT")
    (tmp_path / "C.TXT").rename(tmp_path / "c.txt")
    assert d.rename("C.TXT", "C.TXT") == "C.TXT"  # a change of case only is no clash
    assert sorted(p.name for p in tmp_path.iterdir()) == ["B.TXT", "C.TXT"]


@pytest.mark.parametrize("bad", ["..", "../X", "/etc/passwd", "..\\X", "C:\\X", "SUB/X", "NUL"])
def test_rename_and_copy_never_leave_the_drive_folder(tmp_path, bad):
    inside = tmp_path / "C"
    d = Drive(inside)
    d.write_text("A.TXT", "a")
    (tmp_path / "X").write_text("outside")
    for call in (lambda: d.rename("A.TXT", bad), lambda: d.rename(bad, "B.TXT"), lambda: d.copy("A.TXT", bad),
                 lambda: d.copy(bad, "B.TXT")):
        with pytest.raises(DiskError):
            call()
    assert sorted(p.name for p in inside.iterdir()) == ["A.TXT"] and (tmp_path / "X").read_text() == "outside"


def test_copy_is_atomic_and_keeps_the_date(tmp_path):
    import os

    d = Drive(tmp_path)
    d.write_bytes("A.BIN", bytes(range(256)))
    os.utime(tmp_path / "A.BIN", (700000000, 700000000))
    d.copy("A.BIN", "B.BIN")
    assert d.read_bytes("B.BIN") == bytes(range(256))
    assert (tmp_path / "B.BIN").stat().st_mtime == 700000000
    with pytest.raises(DiskError, match="File not found"):
        d.copy("NONE.BIN", "C.BIN")


def test_match_lists_only_names_dos_can_hold(tmp_path):
    d = Drive(tmp_path)
    d.write_text("MILL.SAV", "x")
    d.write_text("GAME1.MIL", "y")
    (tmp_path / "long file name.txt").write_text("z")
    assert [e.name for e in d.match("*.*")] == ["GAME1.MIL", "MILL.SAV"]
    assert [e.name for e in d.match("*.SAV")] == ["MILL.SAV"]


def test_free_space_is_the_hosts_capped_at_what_dos_could_report(tmp_path, monkeypatch):
    import collections
    import shutil

    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10 ** 12, 0, 10 ** 12))
    assert Drive(tmp_path / "not" / "yet").free_bytes() == disk.DOS_MAX_FREE == 2147123200
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10 ** 6, 0, 12345))
    assert Drive(tmp_path).free_bytes() == 12345


def test_a_delete_refused_by_a_read_only_disk_says_write_protect_like_a_write(tmp_path, monkeypatch):
    import errno
    d = Drive(tmp_path)
    d.write_text("A.TXT", "x")

    def refused(path, *a, **k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "unlink", refused)
    with pytest.raises(DiskError, match="Write protect error deleting A.TXT"):
        d.delete("a.txt")
