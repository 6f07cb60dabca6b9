"""High-score tables: order, the file (atomic, corrupt files set aside, failed writes said), name entry."""
from __future__ import annotations

import pytest

from vconsole.disk import Drive
from vconsole.testing import run as run_headless
from vconsole.toolkit.hiscore import HEADER, Entry, HiScoreTable, add_score, enter_name, show_table, table_lines
from vconsole.toolkit.theme import Palette

PALETTE = Palette({}, {})


def table(tmp_path, **kw):
    return HiScoreTable(Drive(tmp_path), "GAME.SCR", **kw)


def fill(t, scores):
    return [t.insert(Entry(f"P{s}", s, "01-01-94")) for s in scores]


# -- order ------------------------------------------------------------------------------------
def test_ranks_higher_is_better_and_ties_go_below(tmp_path):
    t = table(tmp_path, size=5)
    assert fill(t, [50, 70, 60]) == [1, 1, 2]
    assert t.insert(Entry("LATE", 60)) == 3  # equal to P60: the first to reach it keeps the place
    assert [e.name for e in t.entries] == ["P70", "P60", "LATE", "P50"]
    assert t.insert(Entry("X", 10)) == 5 and len(t.entries) == 5
    assert not t.qualifies(10) and t.qualifies(11)  # full: only a strictly better score gets in
    assert t.insert(Entry("Y", 10)) is None
    assert t.insert(Entry("Z", 100)) == 1 and [e.score for e in t.entries] == [100, 70, 60, 60, 50]


def test_lower_is_better(tmp_path):
    t = table(tmp_path, size=3, higher=False)
    assert fill(t, [300, 100, 200, 150]) == [1, 1, 2, 2]
    assert [e.score for e in t.entries] == [100, 150, 200]
    assert t.qualifies(199) and not t.qualifies(200)


def test_an_empty_table_takes_anything(tmp_path):
    t = table(tmp_path)
    assert t.qualifies(-5) and t.insert(Entry("A", -5)) == 1
    with pytest.raises(ValueError):
        table(tmp_path, size=0)


def test_fields_may_not_hold_the_separator():
    with pytest.raises(ValueError):
        Entry("A|B", 1)
    with pytest.raises(ValueError):
        Entry("A", 1, "1\n2")


# -- the file ----------------------------------------------------------------------------------
def test_file_round_trip_with_extra_fields(tmp_path):
    t = table(tmp_path, fields=("suits", "time"))
    t.insert(Entry("ALICE", 980, "03-14-94", {"suits": "8", "time": "12:05"}))
    t.insert(Entry("BOB", 700, "03-15-94", {"suits": "5"}))
    assert t.save() is None
    raw = (tmp_path / "GAME.SCR").read_bytes()
    assert raw == b"HISCORE 1\r\n980|03-14-94|ALICE|8|12:05\r\n700|03-15-94|BOB|5|\r\n"
    again = table(tmp_path, fields=("suits", "time"))
    assert again.load() is None
    assert again.entries == t.entries and again.entries[0].extra == {"suits": "8", "time": "12:05"}


def test_a_missing_file_is_an_empty_table(tmp_path):
    t = table(tmp_path)
    assert t.load() is None and t.entries == []


def test_a_file_with_more_entries_than_places_keeps_the_best(tmp_path):
    (tmp_path / "GAME.SCR").write_text(HEADER + "\n" + "".join(f"{s}||N{s}\n" for s in range(20)))
    t = table(tmp_path, size=10)
    assert t.load() is None
    assert [e.score for e in t.entries] == list(range(19, 9, -1))


@pytest.mark.parametrize("content", [
    "garbage", "HISCORE 1\n12|x", "HISCORE 1\nabc||NAME\n", "HISCORE 1\n12||\n", "", "HISCORE 1\n1|2|3|4\n",
    "\x00\x01\x02"])
def test_a_corrupt_file_is_set_aside_with_one_line_and_nothing_else_is_lost(tmp_path, content):
    (tmp_path / "GAME.SCR").write_text(content)
    (tmp_path / "OTHER.SAV").write_text("keep me")
    t = table(tmp_path)
    message = t.load()
    assert message == "GAME.SCR is damaged - kept as GAME.BAD, starting afresh"
    assert t.entries == []
    assert (tmp_path / "GAME.BAD").read_text() == content
    assert not (tmp_path / "GAME.SCR").exists() and (tmp_path / "OTHER.SAV").read_text() == "keep me"
    t.insert(Entry("NEW", 5))
    assert t.save() is None and table(tmp_path).load() is None


def test_a_failed_write_is_returned_as_a_message(tmp_path):
    (tmp_path / "GAME.SCR").mkdir()  # a directory in the way: works whoever runs the tests
    t = table(tmp_path)
    t.insert(Entry("A", 1))
    message = t.save()
    assert message is not None and "GAME.SCR" in message and "\n" not in message
    blocked = tmp_path / "afile"
    blocked.write_text("x")  # the drive's folder is a file: nothing can be written in it
    t2 = HiScoreTable(Drive(blocked), "GAME.SCR")
    t2.insert(Entry("A", 1))
    assert "GAME.SCR" in t2.save()


def test_the_written_file_is_whole_even_when_a_write_fails(tmp_path):
    t = table(tmp_path)
    fill(t, [5, 6])
    assert t.save() is None
    before = (tmp_path / "GAME.SCR").read_bytes()
    t.drive = Drive(tmp_path / "GAME.SCR")  # a file where the folder should be
    t.insert(Entry("LOST", 9))
    assert t.save() is not None
    assert (tmp_path / "GAME.SCR").read_bytes() == before


# -- on the screen ----------------------------------------------------------------------------------
def test_table_lines_show_every_place(tmp_path):
    t = table(tmp_path, size=4, fields=("suits",))
    t.insert(Entry("ALICE", 980, "03-14-94", {"suits": "8"}))
    t.insert(Entry("BO", 70, "03-15-94", {"suits": "5"}))
    lines = table_lines(t, columns=("suits",))
    assert lines[0] == " 1. ALICE    980  03-14-94  8"
    assert lines[1] == " 2. BO        70  03-15-94  5"
    assert lines[2] == " 3. ....." and len(lines) == 4
    assert table_lines(t, dates=False, score_text=lambda s: f"{s / 10:.1f}")[0] == " 1. ALICE   98.0"


@pytest.mark.parametrize("adapter", ["ega", "mda"])
def test_show_table_marks_the_new_entry_and_puts_the_screen_back(adapter, tmp_path):
    got = {}
    t = table(tmp_path)
    fill(t, [90, 80, 70])

    def main(dos):
        th = got["th"] = PALETTE.pick(dos.mono_display)
        dos.screen.write(12, 0, "UNDERNEATH" * 8, 0x1E)
        before = dos.screen.dump()
        got["p"] = dos.screen
        show_table(dos, th, t, title="HIT PARADE", mark=2)
        got["back"] = dos.screen.dump() == before
        show_table(dos, th, t, title="HIT PARADE", mark=2)

    out = run_headless(main, "x", adapter=adapter)  # the second showing is where the script ends
    text = out.screen
    assert got["back"] and " HIT PARADE " in text and "PRESS ANY KEY" in text
    row = next(i for i, line in enumerate(out.text) if " 2. P80" in line)
    col = out.text[row].index(" 2. P80")
    th = got["th"]
    assert out.state.cells[row, col + 1, 1] == th["table_mark"]
    assert out.state.cells[row - 1, col + 1, 1] == th["table"] != th["table_mark"]


@pytest.mark.parametrize("script, name", [
    ('"zed" Enter', "ZED"), ('"  zed  " Enter', "ZED"), ("Esc", None), ("rclick:1,1", None),
    ('Enter "ann" Enter', "ANN"),  # a blank answer is not a name: asked again
    ('"a|b" Enter', "AB"),  # the file's separator cannot be typed
])
def test_enter_name(script, name):
    got = {}

    def main(dos):
        before = dos.screen.dump()
        got["name"] = enter_name(dos, PALETTE.pick(False))
        got["back"] = dos.screen.dump() == before

    run_headless(main, script)
    assert got["name"] == name and got["back"]


def test_add_score_asks_inserts_saves_and_shows(tmp_path):
    got = {}

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        t = HiScoreTable(dos.drive, "SPIDER.SCR", size=3)
        got["load"] = t.load()
        got["first"] = add_score(dos, th, t, 500, date="01-02-94", title="HIT PARADE")
        got["second"] = add_score(dos, th, t, 700, date="01-03-94")
        got["esc"] = add_score(dos, th, t, 600)
        for s in (10, 20):
            t.insert(Entry("FILL", s))
        got["low"] = add_score(dos, th, t, 5)

    out = run_headless(main, '"amy" Enter x "bo" Enter x Esc', drive=tmp_path)
    assert got["load"] is None
    assert got["first"] == (1, None) and got["second"] == (1, None) and got["esc"] == (None, None)
    assert got["low"] == (None, None)  # does not qualify: nothing asked, nothing changed
    assert (tmp_path / "SPIDER.SCR").read_text().splitlines() == [HEADER, "700|01-03-94|BO", "500|01-02-94|AMY"]
    assert out.exit_code == 0


def test_add_score_says_why_the_table_was_not_written(tmp_path):
    got = {}
    (tmp_path / "SPIDER.SCR").mkdir()

    def main(dos):
        t = HiScoreTable(dos.drive, "SPIDER.SCR")
        got["result"] = add_score(dos, PALETTE.pick(False), t, 500)

    run_headless(main, '"amy" Enter x', drive=tmp_path)
    rank, message = got["result"]
    assert rank == 1 and "SPIDER.SCR" in message


def test_add_score_names_its_name_panel_as_the_game_calls_its_table(tmp_path):
    def main(dos):
        add_score(dos, PALETTE.pick(False), HiScoreTable(dos.drive, "SPIDER.SCR"), 500, name_title="HIT PARADE")

    out = run_headless(main, '"am"', drive=tmp_path)
    assert "HIT PARADE" in out.screen and "NEW HIGH SCORE" not in out.screen
