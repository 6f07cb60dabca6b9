"""The DOS prompt: internal commands, running programs with switches, F3, and its refusals."""
from __future__ import annotations

import importlib

import pytest

from vconsole.frontends import headless
from vconsole.program import Program, discover
from vconsole.testing import run as run_headless
from vconsole_programs.shell import PROGRAM as SHELL

PROMPT = "C:\\TOYS>"
shell_main = importlib.import_module("vconsole_programs.shell.main")  # the package's 'main' attribute is the function
shell_names = importlib.import_module("vconsole_programs.shell.names")


def _shell(script: str, tmp_path, **cfg) -> headless.Outcome:
    return run_headless(SHELL, script, drive=tmp_path / "C", **cfg)


def _lines(out) -> list[str]:
    return [ln.rstrip() for ln in out.text if ln.strip()]


def test_starts_with_banner_and_prompt(tmp_path):
    out = _shell("", tmp_path)
    assert out.text[0].startswith("vconsole DOS")
    assert _lines(out)[-1] == PROMPT
    assert out.state.cursor_row == 2 and out.state.cursor_col == len(PROMPT)


def test_dir_lists_the_visible_programs_and_files(tmp_path):
    (tmp_path / "C").mkdir()
    (tmp_path / "C" / "MILL.SAV").write_bytes(b"12345")
    out = _shell('"DIR" Enter', tmp_path)
    text = out.screen
    for name, prog in discover().items():
        assert (name.upper() in text) != prog.hidden
    assert "COMMAND" not in text.replace("COMMAND.COM", "")
    assert "MILL     SAV         5 " in text  # size right-aligned in DOS 5's column, no thousands commas
    visible = sum(not p.hidden for p in discover().values())
    assert f"{visible + 1:>9} file(s)" in text


@pytest.mark.parametrize("typed", ['"ver"', '"VER"', '"Ver"'])
def test_commands_are_case_insensitive(tmp_path, typed):
    out = _shell(f"{typed} Enter", tmp_path)
    assert sum(ln.startswith("vconsole DOS") for ln in out.text) == 2


def test_cls_clears_and_homes(tmp_path):
    out = _shell('"ver" Enter "cls" Enter', tmp_path)
    assert _lines(out) == [PROMPT] and out.text[0].startswith(PROMPT)


def test_help_lists_the_commands(tmp_path):
    text = "\n".join(_shell('"help" Enter', tmp_path).text)
    for word in ("DIR", "CLS", "VER", "HELP", "EXIT", "F3", "Ctrl+C"):
        assert word in text


def test_exit_ends_the_prompt_with_errorlevel_0(tmp_path):
    out = _shell('"exit" Enter "this is never read"', tmp_path)
    assert out.exit_code == 0


def test_unknown_command_and_hidden_program(tmp_path):
    out = _shell('"frobnicate" Enter "command" Enter', tmp_path)
    assert [ln for ln in _lines(out) if ln == "Bad command or file name"] == ["Bad command or file name"] * 2


def test_f3_brings_back_the_last_line_and_esc_and_backspace_edit(tmp_path):
    out = _shell('"ver" Enter F3 Enter "xyz" Esc "vex" Backspace "r" Enter', tmp_path)
    assert sum(ln.startswith("vconsole DOS") for ln in out.text) == 4  # banner + three VERs


def test_blank_lines_are_ignored(tmp_path):
    out = _shell("Enter Enter", tmp_path)
    assert _lines(out)[1:] == [PROMPT] * 3


def test_running_a_program_by_name_with_switches_and_back_to_the_prompt(tmp_path, monkeypatch):
    seen = []

    def toy(dos):
        seen.append(sorted(dos.switches))
        dos.screen.write(10, 0, "TOY RAN")
        dos.keyboard.read()
        return 0 if "Q" in dos.switches else 4

    prog = Program(name="TOY", main=toy, switches=("Q", "R"), summary="a test toy")
    real = shell_main.find

    def find(name):
        return prog if name.upper() in ("TOY", "TOY.EXE") else real(name)

    monkeypatch.setattr(shell_main, "find", find)
    out = _shell('"toy qr" Enter x "TOY.EXE" Enter y "toy z" Enter', tmp_path)
    assert seen == [["Q", "R"], []]
    text = out.screen
    assert "TOY ended with errorlevel 4" in text
    assert "Invalid switch - Z" in text
    row = out.state.cursor_row  # back at the prompt, after the refusal and DOS's blank line
    assert out.text[row].rstrip() == PROMPT and not out.text[row - 1].strip()
    assert out.text[row - 2].startswith("Invalid switch - Z")


def test_a_long_line_is_capped_at_the_dos_limit(tmp_path):
    out = _shell('"' + "a" * 130 + '"', tmp_path)
    typed = "".join(out.text).split(PROMPT, 1)[1].replace(" ", "")
    assert typed == "a" * shell_main.MAX_LINE


def _with_toys(monkeypatch, **mains):
    progs = {name.upper(): Program(name=name.upper(), main=fn) for name, fn in mains.items()}
    real = shell_main.find
    monkeypatch.setattr(shell_main, "find", lambda name: progs.get(name.upper()) or real(name))


def _full_screen_game(park_row):
    def game(dos):
        dos.screen.clear(0x1F)
        dos.screen.box(0, 0, 24, 79, 0x1F, double=True)
        dos.screen.write(12, 30, "GAME OVER", 0x1E)
        dos.screen.set_cursor(park_row, 0)
        dos.screen.hide_cursor()
        return 0
    return game


@pytest.mark.parametrize("park_row", [0, 12, 25])
def test_after_a_full_screen_game_the_prompt_is_on_a_clean_screen(tmp_path, monkeypatch, park_row):
    _with_toys(monkeypatch, game=_full_screen_game(park_row))
    out = _shell('"game" Enter', tmp_path)
    assert _lines(out) == [PROMPT]
    assert (out.state.cursor_row, out.state.cursor_col) == (0, len(PROMPT))
    assert (out.state.cells[..., 1] == 0x07).all()


def test_after_teletype_output_the_prompt_goes_on_the_next_line(tmp_path, monkeypatch):
    def hello(dos):
        dos.screen.tty("Hello from a line program", 0x07)
        return 0
    _with_toys(monkeypatch, hello=hello)
    out = _shell('"hello" Enter', tmp_path)
    assert _lines(out)[-2:] == ["Hello from a line program", PROMPT]


def test_backspace_goes_back_over_a_wrapped_line(tmp_path):
    out = _shell('"' + "a" * 75 + '" Backspace Backspace Backspace Backspace Backspace', tmp_path)
    assert out.text[2].rstrip() == PROMPT + "a" * 70 and not out.text[3].strip()
    assert (out.state.cursor_row, out.state.cursor_col) == (2, len(PROMPT) + 70)


def test_switches_may_follow_the_name_without_a_space(tmp_path, monkeypatch):
    seen = []
    prog = Program(name="TOY", main=lambda dos: seen.append(sorted(dos.switches)), switches=("M", "S"))
    real = shell_main.find
    monkeypatch.setattr(shell_main, "find", lambda name: prog if name.upper() == "TOY" else real(name))
    out = _shell('"toy/ms" Enter "dir/w" Enter', tmp_path)
    assert seen == [["M", "S"]]
    assert "file(s)" in out.screen


def test_ctrl_c_abandons_the_line_like_dos(tmp_path):
    out = _shell('"frob" Ctrl+C "ver" Enter', tmp_path)
    assert out.text[2].rstrip() == PROMPT + "frob^C"
    assert out.text[3].rstrip() == PROMPT + "ver"
    assert "Bad command or file name" not in out.screen


def test_help_shortens_a_long_summary_at_a_word_with_an_ellipsis(tmp_path, monkeypatch):
    words = "a summary that goes on and on about everything this program can possibly do for you"
    toy = Program(name="TOY", main=lambda dos: 0, summary=words)
    monkeypatch.setattr(shell_names, "discover", lambda: {"toy": toy})
    out = _shell('"help" Enter', tmp_path)
    line = next(ln.rstrip() for ln in out.text if ln.startswith("  TOY"))
    assert len(line) < 80 and line.endswith("...") and words.startswith(line[11:-3].rstrip())
    assert line[11:-3].rstrip().split()[-1] in words.split()


def test_dir_shows_size_of_saved_files_through_the_drive(tmp_path):
    from vconsole.disk import Drive

    Drive(tmp_path).write_text("GAME1.MIL", "1 2\n")
    entries = Drive(tmp_path).entries()
    assert [(e.name, e.size) for e in entries] == [("GAME1.MIL", 5)]


# -- MS-DOS 5's commands ------------------------------------------------------------------------------------
import datetime  # noqa: E402
import os  # noqa: E402

from vconsole.disk import DOS_MAX_FREE, Drive  # noqa: E402

shell_files = importlib.import_module("vconsole_programs.shell.files")
shell_system = importlib.import_module("vconsole_programs.shell.system")
WHEN = datetime.datetime(1993, 3, 9, 14, 5, 7)  # a Tuesday afternoon
STAMP = WHEN.timestamp()


def _drive(tmp_path, files: dict[str, bytes | str] | None = None) -> Drive:
    d = Drive(tmp_path / "C")
    for name, data in (files or {}).items():
        d.write_bytes(name, data.encode("cp437") if isinstance(data, str) else data)
        os.utime(d.path(name), (STAMP, STAMP))
    return d


def _after(out, command: str, which: int = -1) -> list[str]:
    """The screen rows after the line where ``command`` was typed (its last time, or ``which``),
    up to the next prompt."""
    rows = [ln.rstrip() for ln in out.text]
    start = [i for i, ln in enumerate(rows) if ln == PROMPT + command][which]
    end = next(i for i in range(start + 1, len(rows)) if rows[i].startswith(PROMPT))
    return rows[start + 1:end]


@pytest.fixture
def quiet_disk(monkeypatch):
    monkeypatch.setattr(Drive, "free_bytes", lambda self: 1234567)


def _programs():
    return [p for p in discover().values() if not p.hidden]


def test_dir_in_ms_dos_5_format_with_the_programs_as_exe_files(tmp_path, quiet_disk):
    _drive(tmp_path, {"MILL.SAV": "12345", "README": "x" * 1000, "GAME12.MIL": b"\x00" * 40000})
    out = _shell('"dir" Enter', tmp_path)
    rows = _after(out, "dir")
    assert rows[:5] == ["", " Volume in drive C is TOYS", " Volume Serial Number is 1996-0509",
                        " Directory of C:\\TOYS", ""]
    progs = _programs()
    exe_rows = rows[5:5 + len(progs)]
    for p, row in zip(progs, exe_rows):
        entry = shell_names.exe_entry(p)
        assert row == shell_files.dir_row(entry) and row.startswith(f"{p.name:<8} EXE ")
        assert 10_000 <= entry.size <= 100_000  # a plausible program of the time
        assert 1990 <= datetime.datetime.fromtimestamp(entry.mtime).year <= 1997
    assert rows[5 + len(progs):8 + len(progs)] == [
        "GAME12   MIL     40000 03-09-93   2:05p",
        "MILL     SAV         5 03-09-93   2:05p",
        "README            1000 03-09-93   2:05p",
    ]
    total = 40005 + 1000 + sum(shell_names.exe_entry(p).size for p in progs)
    assert rows[8 + len(progs):] == [f"{3 + len(progs):>9} file(s) {total:>10} bytes",
                                     "                     1234567 bytes free", ""]
    assert all(len(r) < 80 for r in rows)


def test_a_program_may_give_its_own_exe_size_and_date(tmp_path, monkeypatch, quiet_disk):
    toy = Program(name="TOY", main=lambda dos: 0, exe_size=51234, exe_date="1996-05-09 13:30")
    monkeypatch.setattr(shell_names, "discover", lambda: {"toy": toy})
    out = _shell('"dir toy" Enter', tmp_path)
    assert "TOY      EXE     51234 05-09-96   1:30p" in _after(out, "dir toy")


def test_dir_free_space_is_the_drives(tmp_path, monkeypatch):
    import collections
    import shutil

    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10 ** 13, 0, 10 ** 13))
    out = _shell('"dir" Enter', tmp_path)
    assert f"{'':18}{DOS_MAX_FREE:>10} bytes free" in _after(out, "dir")


def test_dir_wildcards_and_dos_readings_of_a_name(tmp_path, quiet_disk):
    _drive(tmp_path, {"MILL.SAV": "1", "GAME1.MIL": "2", "GAME2.MIL": "3", "NOTES.TXT": "4"})

    def names(cmd):
        out = _shell(f'"cls" Enter "{cmd}" Enter', tmp_path)
        return [r[:12] for r in _after(out, cmd)[5:] if r[:1].strip() and "file(s)" not in r]

    assert names("dir *.mil") == ["GAME1    MIL", "GAME2    MIL"]
    assert names("dir mill") == ["MILL     EXE", "MILL     SAV"]  # MILL is MILL.*
    assert names("dir .txt") == ["NOTES    TXT"]  # .TXT is *.TXT
    assert names("dir game?.*") == ["GAME1    MIL", "GAME2    MIL"]
    assert names("dir c:\\toys\\*.sav") == ["MILL     SAV"]
    assert "        2 file(s)          2 bytes" in _after(_shell('"dir *.mil" Enter', tmp_path), "dir *.mil")


@pytest.mark.parametrize("command,answer", [
    ("dir *.zzz", "File not found"), ("dir a:", "Invalid drive specification"),
    ("dir ..\\*.*", "Path not found"), ("dir \\dos", "Path not found"), ("dir /x", "Invalid switch - /X"),
    ("dir a b", "Too many parameters - b"), ("type", "Required parameter missing"),
    ("type none.txt", "File not found - NONE.TXT"), ("type *.txt", "Invalid filename or file not found"),
    ("type mill.exe", "Access denied"), ("type ..\\secret", "Path not found"),
    ("type /etc/passwd", "Invalid switch - /ETC"), ("del none.txt", "File not found"),
    ("del mill.exe", "Access denied"), ("ren none.txt x.txt", "Duplicate file name or file not found"),
    ("ren mill.exe x.exe", "Access denied"), ("ren a.txt ..\\a.txt", "Invalid parameter"),
    ("ren a.txt", "Required parameter missing"), ("copy a.txt", "File cannot be copied onto itself"),
    ("copy none.txt x.txt", "File not found - NONE.TXT"), ("copy a.txt ..\\a.txt", "Path not found"),
    ("copy a.txt mill.exe", "Access denied"), ("copy a.txt a:\\a.txt", "Invalid drive specification"),
    ("cd ..", "Invalid directory"), ("cd \\", "Invalid directory"), ("cd a:\\", "Invalid drive specification"),
    ("md games", "Unable to create directory"), ("d:", "Invalid drive specification"),
    ("frob", "Bad command or file name"), ("mill.sav", "Bad command or file name"),
    ("dir |", "Syntax error"), ("dir >", "Syntax error"), ("more < none.txt", "File not found - NONE.TXT"),
    ("set x", "Syntax error"), ("type a*b.txt", "Invalid filename or file not found"),
])
def test_refusals_in_dos_words(tmp_path, quiet_disk, command, answer):
    _drive(tmp_path, {"A.TXT": "a"})
    out = _shell(f'"{command}" Enter', tmp_path)
    rows = _after(out, command)
    assert answer in rows, rows
    assert rows[-1] == ""  # and the blank line before the next prompt


def test_nothing_typed_reaches_outside_the_drive_folder(tmp_path, quiet_disk):
    (tmp_path / "SECRET.TXT").write_text("host file")
    _drive(tmp_path, {"A.TXT": "a"})
    lines = ["type ..\\secret.txt", "copy ..\\secret.txt c.txt", "copy a.txt ..\\secret.txt", "del ..\\*.*",
             "ren ..\\secret.txt x.txt", "echo x > ..\\secret.txt", "dir > \\secret.txt", "more < ..\\secret.txt",
             "copy a.txt \\secret.txt", "type c:..\\secret.txt", "del c:\\*.*", "copy con ..\\x.txt"]
    script = " ".join(f'"{ln}" Enter' for ln in lines) + ' "y" Enter'
    out = _shell(script, tmp_path)
    assert (tmp_path / "SECRET.TXT").read_text() == "host file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["C", "SECRET.TXT"]
    assert sorted(p.name for p in (tmp_path / "C").iterdir()) == ["A.TXT"]
    assert "host file" not in out.screen


def test_dir_wide_bare_lower_and_sorted(tmp_path, quiet_disk):
    _drive(tmp_path, {"B.TXT": "12", "A.TXT": "1234", "C.DOC": "123"})
    out = _shell('"dir /w" Enter', tmp_path)
    wide = _after(out, "dir /w")[5:]
    names = [p.name + ".EXE" for p in _programs()] + ["A.TXT", "B.TXT", "C.DOC"]
    expect = ["".join(n.ljust(16) for n in names[i:i + 5][:-1]) + names[i:i + 5][-1] for i in range(0, len(names), 5)]
    assert wide[:len(expect)] == expect and "file(s)" in wide[len(expect)]
    # one command a session: with every program's .EXE listed, three listings overflow the 25 rows
    by_size = _after(_shell('"dir /b /o-s" Enter', tmp_path), "dir /b /o-s")[:-1]
    assert by_size[-3:] == ["A.TXT", "C.DOC", "B.TXT"] and set(by_size[:-3]) == {n for n in names if n.endswith("EXE")}
    assert _after(_shell('"dir *.txt /l /b" Enter', tmp_path), "dir *.txt /l /b") == ["a.txt", "b.txt", ""]
    exes = [p.name + ".EXE" for p in _programs()]
    by_ext = _after(_shell('"dir /oe/b" Enter', tmp_path), "dir /oe/b")
    assert by_ext[-len(exes) - 4:-1] == ["C.DOC", *exes, "A.TXT", "B.TXT"]


def test_dir_p_pauses_each_screenful(tmp_path, quiet_disk):
    _drive(tmp_path, {f"F{i:02d}.DAT": "x" for i in range(40)})
    out = _shell('"dir /p" Enter', tmp_path)
    assert out.text[24].rstrip() == "Press any key to continue . . ."
    out = _shell('"dir /p" Enter Space Space', tmp_path)
    text = [ln.rstrip() for ln in out.text]
    assert "(continuing C:\\TOYS)" in text and "F39      DAT         1 03-09-93   2:05p" in text
    out = _shell('"dir /p" Enter Ctrl+C "ver" Enter', tmp_path)
    text = [ln.rstrip() for ln in out.text]
    assert "Press any key to continue . . .^C" in text and "F39      DAT         1 03-09-93   2:05p" not in text


def test_type_shows_text_to_dos_end_of_file(tmp_path, quiet_disk):
    _drive(tmp_path, {"NOTE.TXT": "first line\r\n\tindented\r\nlast\r\n\x1agarbage after eof"})
    out = _shell('"type note.txt" Enter', tmp_path)
    assert _after(out, "type note.txt") == ["first line", "        indented", "last", ""]


def test_type_piped_to_more_and_more_from_a_file_page_the_text(tmp_path, quiet_disk):
    _drive(tmp_path, {"LONG.TXT": "".join(f"line {i}\r\n" for i in range(1, 61))})
    for command in ("type long.txt | more", "more < long.txt", "type long.txt|more"):
        out = _shell(f'"cls" Enter "{command}" Enter', tmp_path)
        rows = [ln.rstrip() for ln in out.text]
        assert rows == [f"line {i}" for i in range(1, 25)] + ["-- More --"]  # 24 rows, the 25th asks
    out = _shell('"cls" Enter "more < long.txt" Enter Space Space Space', tmp_path)
    rows = [ln.rstrip() for ln in out.text]
    assert "line 60" in rows and "-- More --" not in rows and rows[-1] == PROMPT
    out = _shell('"cls" Enter "more < long.txt" Enter Ctrl+C', tmp_path)
    rows = [ln.rstrip() for ln in out.text]
    assert "-- More --^C" in rows and "line 25" not in rows and rows[-1] == PROMPT


def test_del_with_wildcards_and_the_everything_question(tmp_path, quiet_disk):
    d = _drive(tmp_path, {"A.SAV": "1", "B.SAV": "2", "C.TXT": "3", "D.TXT": "4"})
    out = _shell('"del *.sav" Enter "erase c.txt" Enter', tmp_path)
    assert d.listdir() == ["D.TXT"]
    _drive(tmp_path, {"E.TXT": "5"})
    out = _shell('"del *.*" Enter "n" Enter', tmp_path)
    assert _after(out, "del *.*") == ["All files in directory will be deleted!", "Are you sure (Y/N)?n", ""]
    assert d.listdir() == ["D.TXT", "E.TXT"]
    out = _shell('"del ." Enter "maybe" Enter "y" Enter "dir /b" Enter', tmp_path)
    assert d.listdir() == []
    assert _after(out, "dir /b")[:-1] == [p.name + ".EXE" for p in _programs()]  # the programs stay


def test_del_p_asks_about_each_file(tmp_path, quiet_disk):
    d = _drive(tmp_path, {"A.SAV": "1", "B.SAV": "2"})
    out = _shell('"del *.sav /p" Enter "y" Enter "n" Enter', tmp_path)
    assert d.listdir() == ["B.SAV"]
    assert _after(out, "del *.sav /p")[:2] == ["A.SAV,    Delete (Y/N)?y", "B.SAV,    Delete (Y/N)?n"]


def test_ren_and_copy_within_the_directory(tmp_path, quiet_disk):
    d = _drive(tmp_path, {"GAME1.SAV": "one", "GAME2.SAV": "two", "X.TXT": "x"})
    out = _shell('"ren game1.sav first.sav" Enter "ren *.sav *.old" Enter "copy x.txt y.txt" Enter '
                 '"copy *.old *.bak" Enter "ren x.txt y.txt" Enter', tmp_path)
    assert d.listdir() == ["FIRST.BAK", "FIRST.OLD", "GAME2.BAK", "GAME2.OLD", "X.TXT", "Y.TXT"]
    assert d.read_text("FIRST.BAK") == "one" and d.read_text("Y.TXT") == "x"
    assert _after(out, "copy x.txt y.txt") == ["        1 file(s) copied", ""]
    assert _after(out, "copy *.old *.bak") == ["FIRST.OLD", "GAME2.OLD", "        2 file(s) copied", ""]
    assert _after(out, "ren x.txt y.txt") == ["Duplicate file name or file not found", ""]
    assert (tmp_path / "C" / "Y.TXT").stat().st_mtime == STAMP  # COPY keeps the date


def test_copy_joins_several_files_into_one_name(tmp_path, quiet_disk):
    d = _drive(tmp_path, {"A.TXT": "a\r\n", "B.TXT": "b\r\n"})
    _shell('"copy *.txt all.doc" Enter', tmp_path)
    assert d.read_text("ALL.DOC") == "a\nb\n"


def test_copy_con_makes_a_file_of_typed_lines(tmp_path, quiet_disk):
    d = _drive(tmp_path)
    out = _shell('"copy con note.txt" Enter "hello" Enter "world" Enter F6 Enter "type note.txt" Enter', tmp_path)
    assert d.read_bytes("NOTE.TXT") == b"hello\r\nworld\r\n"
    assert _after(out, "copy con note.txt") == ["hello", "world", "^Z", "        1 file(s) copied", ""]
    assert _after(out, "type note.txt") == ["hello", "world", ""]
    _shell('"copy con gone.txt" Enter "lost" Enter Ctrl+C', tmp_path)
    assert not d.exists("GONE.TXT")  # Ctrl+C: nothing written


def test_redirection_through_the_drive(tmp_path, quiet_disk):
    d = _drive(tmp_path)
    out = _shell('"echo one > out.txt" Enter "echo two >> out.txt" Enter "dir /b > list.txt" Enter '
                 '"echo gone > nul" Enter "ver > con" Enter', tmp_path)
    assert d.read_bytes("OUT.TXT") == b"one\r\ntwo\r\n"
    assert d.read_text("LIST.TXT").splitlines()[-1] == "OUT.TXT"
    assert _after(out, "echo gone > nul") == [""]
    assert "vconsole DOS" in _after(out, "ver > con")[1]
    assert sorted(p.name for p in (tmp_path / "C").iterdir()) == ["LIST.TXT", "OUT.TXT"]  # no temporaries


def test_cd_answers_for_the_one_directory(tmp_path):
    out = _shell('"cd" Enter "cd \\toys" Enter "cd." Enter "chdir c:\\toys" Enter', tmp_path)
    assert _after(out, "cd") == ["C:\\TOYS", ""]
    for command in ("cd \\toys", "cd.", "chdir c:\\toys"):
        assert _after(out, command) == [""]


def test_echo_forms_and_echo_off_hides_the_prompt(tmp_path):
    out = _shell('"echo" Enter "echo hello there" Enter "echo." Enter "echo off" Enter "ver" Enter', tmp_path)
    assert _after(out, "echo") == ["ECHO is on", ""]
    assert _after(out, "echo hello there") == ["hello there", ""]
    assert _after(out, "echo.") == ["", ""]
    rows = [ln.rstrip() for ln in out.text]
    row = out.state.cursor_row  # no prompt, no blank line: the cursor waits on a bare line
    assert rows[row - 1].startswith("vconsole DOS") and rows[row] == "" and out.state.cursor_col == 0
    out = _shell('"echo off" Enter "echo on" Enter "echo" Enter', tmp_path)
    assert "ECHO is on" in [ln.rstrip() for ln in out.text] and out.text[out.state.cursor_row].startswith(PROMPT)


def test_date_and_time_come_from_the_host_and_setting_is_refused(tmp_path, monkeypatch):
    out = _shell('"date" Enter Enter "time" Enter Enter "date 13-45-93" Enter "3-10-93" Enter '
                 '"time 25:00" Enter "9:30p" Enter', tmp_path, start_time=WHEN.timestamp())
    assert _after(out, "date") == ["Current date is Tue 03-09-1993", "Enter new date (mm-dd-yy):", ""]
    assert _after(out, "time")[0] == "Current time is  2:05:07.00p"
    assert _after(out, "date 13-45-93") == ["Invalid date", "Enter new date (mm-dd-yy): 3-10-93",
                                            "Date not changed: this PC keeps the host computer's clock", ""]
    assert _after(out, "time 25:00") == ["Invalid time", "Enter new time: 9:30p",
                                         "Time not changed: this PC keeps the host computer's clock", ""]


@pytest.mark.parametrize("text,ok", [("3-9-93", True), ("03/09/1993", True), ("2-29-92", True), ("2-29-93", False),
                                     ("13-1-93", False), ("1-1-79", True), ("1-1-1979", False), ("1.1.2099", True),
                                     ("tomorrow", False)])
def test_date_validation(text, ok):
    assert shell_system.valid_date(text) is ok


@pytest.mark.parametrize("text,ok", [("9", True), ("9:30", True), ("21:30:15.50", True), ("9:30p", True),
                                     ("13:00p", False), ("24:00", False), ("9:60", False), ("noon", False)])
def test_time_validation(text, ok):
    assert shell_system.valid_time(text) is ok


def test_mem_ver_vol(tmp_path):
    out = _shell('"mem" Enter "ver" Enter "vol" Enter "vol c:" Enter', tmp_path)
    assert _after(out, "mem") == ["", "    655360 bytes total conventional memory", "    654336 bytes available to DOS",
                                  "    582464 largest executable program size", ""]
    assert _after(out, "ver")[:2] == ["", shell_system.VERSION]
    assert _after(out, "vol") == _after(out, "vol c:") == [
        "", " Volume in drive C is TOYS", " Volume Serial Number is 1996-0509", ""]


def test_set_shows_and_changes_the_environment(tmp_path):
    out = _shell('"set" Enter "set games=mill" Enter "set" Enter', tmp_path)
    assert _after(out, "set", 0) == ["COMSPEC=C:\\COMMAND.COM", "PATH=C:\\TOYS", "PROMPT=$P$G", ""]
    assert _after(out, "set") == ["COMSPEC=C:\\COMMAND.COM", "PATH=C:\\TOYS", "PROMPT=$P$G", "GAMES=mill", ""]
    out = _shell('"set games=mill" Enter "set games=" Enter "set" Enter', tmp_path)
    assert "GAMES=mill" not in _after(out, "set")


def test_prompt_codes_and_prompt_alone_restores_the_default(tmp_path, monkeypatch):
    out = _shell('"prompt $n$g" Enter "ver" Enter "prompt" Enter "prompt $d$_$p$g" Enter', tmp_path,
                 start_time=WHEN.timestamp())
    rows = [ln.rstrip() for ln in out.text]
    assert "C>ver" in rows and PROMPT + "prompt $d$_$p$g" in rows
    assert rows[out.state.cursor_row - 1:out.state.cursor_row + 1] == ["Tue 03-09-1993", PROMPT]


def test_path_shows_sets_and_clears(tmp_path):
    out = _shell('"path" Enter "path c:\\toys;c:\\dos" Enter "path" Enter "path ;" Enter "path" Enter', tmp_path)
    assert _after(out, "path", 0) == ["PATH=C:\\TOYS", ""]
    assert _after(out, "path", 1) == ["PATH=C:\\TOYS;C:\\DOS", ""]
    assert _after(out, "path") == ["No Path", ""]


def test_the_environment_has_dos_limits(tmp_path):
    script = " ".join(f'"set {v}=' + v * 100 + '" Enter' for v in "ABCDE")
    out = _shell(script + ' "set" Enter', tmp_path)
    assert "Out of environment space" in [ln.rstrip() for ln in out.text]
    listed = "".join(_after(out, "set"))
    assert "D=" + "D" * 100 in listed and "E=" not in listed  # 512 bytes hold four


def test_a_command_blank_line_then_the_prompt_but_cls_starts_at_the_top(tmp_path):
    out = _shell('"ver" Enter Enter "cls" Enter "c:" Enter', tmp_path)
    rows = [ln.rstrip() for ln in out.text]
    assert rows[:3] == [PROMPT + "cls", "", PROMPT] or rows[:3] == [PROMPT + "c:", "", PROMPT]
    assert rows[0] == PROMPT + "c:"  # after CLS the prompt is on the top row


def test_help_about_one_command(tmp_path):
    out = _shell('"help dir" Enter "del /?" Enter', tmp_path)
    assert any("/W wide" in r for r in _after(out, "help dir"))
    assert "  DEL name [/P]" in _after(out, "del /?")
