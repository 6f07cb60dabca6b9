"""Anciento's files: saved games, setups, SAMPLE; round trips, refusals and failed writes."""
from __future__ import annotations

import os
import random

import pytest

from vconsole.disk import Drive
from vconsole_programs.anciento import files, sample
from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.savefile import file_name, format_saved, parse_saved
from vconsole_programs.anciento.setups import Setup, format_file, parse_file, parse_line
from vconsole_programs.anciento.stones import numbered_deal, seeded_deal


def played(deal, n, seed=0) -> Game:
    r = random.Random(seed)
    g = Game(deal)
    for _ in range(n):
        if not g.legal():
            break
        g.place(r.choice(g.legal()))
    return g


@pytest.mark.parametrize("deal", [numbered_deal(505), seeded_deal(99999)])
def test_a_saved_game_reads_back_and_replays_to_the_same_score(deal):
    g = played(deal, 40)
    saved = parse_saved(format_saved(g, 123.9))
    assert saved.deal == deal and saved.moves == g.moves and saved.seconds == 123
    assert saved.game().final() == g.final()


def test_a_random_game_keeps_its_stones_and_no_number():
    text = format_saved(played(seeded_deal(12345), 5))
    assert "NUMBER -" in text and parse_saved(text).deal.number is None


@pytest.mark.parametrize("change, reason", [
    (lambda t: t.replace("ANCIENTO GAME 1", "HELLO"), "not an Anciento saved game"),
    (lambda t: t.replace("NUMBER 505", "NUMBER 506"), "not those of game 506"),
    (lambda t: t.replace("NUMBER 505", "NUMBER 99999"), "outside 1-32000"),
    (lambda t: t.replace("STONES 24", "STONES 25"), "exactly twice"),
    (lambda t: t.replace("STONES 24", "STONES 2x"), "STONES line is garbled"),
    (lambda t: t.replace("STONES 24", "STONES 99"), "above 35"),
    (lambda t: t.replace("MOVES ", "MOVES 0 "), "move 1"),
    (lambda t: t.replace("SCORE ", "SCORE 1"), "score does not match"),
    (lambda t: "\n".join(line for line in t.split("\n") if not line.startswith("MOVES")), "MOVES line is missing"),
])
def test_a_damaged_saved_game_is_refused_with_the_reason(change, reason):
    text = format_saved(played(numbered_deal(505), 10))
    with pytest.raises(ValueError, match=reason):
        parse_saved(change(text))


def test_names_become_anc_files():
    assert file_name("sample") == "SAMPLE.ANC" and file_name(" x.y ") == "X.Y"
    assert files.valid_name("ABCDEFGH") and not files.valid_name("ABCDEFGHI") and not files.valid_name("A B")


def test_the_sample_is_installed_once_and_never_overwritten(tmp_path):
    drive = Drive(tmp_path)
    assert files.install_sample(drive) is None
    assert (tmp_path / "SAMPLE.ANC").read_text().replace("\r\n", "\n") == sample.TEXT
    (tmp_path / "SAMPLE.ANC").write_text("mine")
    assert files.install_sample(drive) is None
    assert (tmp_path / "SAMPLE.ANC").read_text() == "mine"


def test_the_sample_loads_from_the_program_when_the_directory_has_none(tmp_path):
    saved, message = files.load_game(Drive(tmp_path / "empty"), "sample")
    assert message is None and saved.game().final().total == sample.SCORE


def test_a_write_that_fails_comes_back_as_a_message(tmp_path, monkeypatch):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    if os.geteuid() == 0:  # root writes into read-only folders: refuse the write as the folder would

        def refused(path, data):
            raise PermissionError(13, "Permission denied", str(path))

        monkeypatch.setattr("vconsole.disk.atomic_write", refused)
    try:
        drive = Drive(ro)
        assert files.save_game(drive, "X", Game(numbered_deal(1)), 0)
        assert files.save_setup(drive, "A", Setup())
        assert files.install_sample(drive)
    finally:
        ro.chmod(0o755)


def test_a_directory_in_the_way_of_a_save_comes_back_as_a_message(tmp_path):
    (tmp_path / "X.ANC").mkdir()
    assert files.save_game(Drive(tmp_path), "X", Game(numbered_deal(1)), 0)


def test_setups_round_trip_and_bad_lines_are_refused():
    slots = {"A": Setup(), "7": Setup(board=3, pieces=2, bw=True, sound=False, skip=True, timer=False,
                                      tune=0, blink=0.5, easy=True)}
    assert parse_file(format_file(slots)) == slots
    for bad in ("A board=99", "AB sound=1", "A colour=1", "A sound=2", "A blink=7", "A tune=5"):
        with pytest.raises(ValueError):
            parse_line(bad)


def test_saving_a_setup_keeps_the_other_slots(tmp_path):
    drive = Drive(tmp_path)
    assert files.save_setup(drive, "A", Setup(board=1)) is None
    assert files.save_setup(drive, "B", Setup(board=2)) is None
    slots, message = files.load_setups(drive)
    assert message is None and slots["A"].board == 1 and slots["B"].board == 2


def test_a_damaged_setup_file_is_set_aside(tmp_path):
    (tmp_path / "ANCIENTO.SET").write_text("rubbish\n")
    slots, message = files.load_setups(Drive(tmp_path))
    assert slots == {} and "ANCIENTO.SET is damaged" in message
    assert (tmp_path / "ANCIENTO.BAD").exists()


def test_saved_games_are_listed_by_name(tmp_path):
    drive = Drive(tmp_path)
    for name in ("B", "A"):
        files.save_game(drive, name, Game(numbered_deal(1)), 0)
    (tmp_path / "NOTES.TXT").write_text("x")
    assert files.saved_games(drive) == (["A", "B"], None)
