"""Every message Tommy's Mill can show, at its longest, fits where it is shown: no lost words.

Each function of programs/mill/messages.py is rendered here with the longest arguments it can
get (the longest 8.3 file name and key name, a full move buffer, the longest disk and file
errors, every entry-abort reason), and checked against the two message rows under the board
or the prompt line.  A message added without a line here fails the completeness test.
"""
from __future__ import annotations

import inspect
import itertools

import pytest

from vconsole.disk import DiskError, Drive, dos_name
from vconsole.testing import run as run_headless
from vconsole.toolkit.lines import MessageArea, PromptLine
from vconsole.toolkit.theme import Palette
from vconsole_programs.mill import PROGRAM
from vconsole_programs.mill import messages as say
from vconsole_programs.mill.notation import EntryParser, GameFileError, parse_move
from vconsole_programs.mill.rules import MOVE_BUFFER_SIZE, Options, Position
from vconsole_programs.mill.screen import LEFT_WIDTH, MSG_ROWS

THEME = Palette({}, {}).pick(False)
NEWS = MessageArea(None, THEME, MSG_ROWS[0], 0, LEFT_WIDTH - 1, len(MSG_ROWS))
PROMPT = PromptLine(None, THEME, 24, 0, LEFT_WIDTH)
ENTRY_ROOM = len("24 23 22 _")  # the longest entry typed after a move prompt

NAME = "ABCDEFGH.XYZ"  # the longest 8.3 name
KEY = "Ctrl+Backspace"  # the longest key name the keyboard reports
SIDES = ("WHITE", "BLACK")
N = MOVE_BUFFER_SIZE
STRERROR = "Too many levels of symbolic links"  # the longest strerror a read or write is likely to meet
FOLDER = "MYGAMES.DIR"

READ_ERRORS = [f"File not found - {NAME}", f"{NAME} is a directory", f"Path not found - {NAME}",
               f"Access denied - {NAME}", f"Cannot read {NAME}: {STRERROR}",
               f"{NAME} is too large (over 4194304 bytes)", "Invalid file name: " + "X" * 20]
WRITE_ERRORS = [f"Write protect error writing {NAME}", f"Insufficient disk space to write {NAME}",
                f"Cannot write {NAME}: {STRERROR}", f"Cannot write {NAME}: {FOLDER} is a file, not a directory",
                f"Cannot write {NAME}: {FOLDER} is not a directory", "Invalid file name: " + "X" * 20,
                say.reserved_name("MILL.TMP")]


def file_errors() -> list[str]:
    """Every way a game file's line can be refused, on the last line a file could have."""
    out = []
    texts = ["x" * 40, "99999999999 1", "1 2 3 4", "5 6 7", "1", "25 24", "14 15", "1 2 20", "14 15 10",
             "14 15 25", "14 15 99999999"]
    moving = Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0))
    placing = Position.from_points([14, 15], [1, 2], in_hand=(7, 7))
    for text, pos in itertools.product(texts, (moving, placing, Position.start())):
        try:
            parse_move(text, pos)
        except ValueError as e:
            out.append(str(GameFileError(f"line 999999: {e}")))
    assert len(set(out)) >= 8
    return sorted(set(out))


def abort_reasons() -> list[str]:
    """Every reason the entry parser gives, from positions that reach each kind."""
    reasons = set()
    positions = [Position.start(), Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)),
                 Position.from_points([22, 23], [1, 2, 3, 10], in_hand=(7, 5)),
                 Position.from_points([4, 5, 6, 21], [1, 2, 3, 22, 23], in_hand=(0, 0), options=Options(kiddie=True))]
    for pos in positions:
        for first in range(0, 26):
            p = EntryParser(pos)
            for ch in f"{first} 24 23 ":
                ev = p.key(ch)
                if ev.reason:
                    reasons.add(ev.reason)
                    break
                if ev.move is not None:
                    break
    assert len(reasons) >= 6
    return sorted(reasons)


def tmp_notes(tmp_path) -> list[str]:
    """What Drive.load says about a MILL.TMP it could not use, in each way it can say it."""
    notes = []
    drive = Drive(tmp_path)
    (tmp_path / "MILL.TMP").write_text("garbage")
    for _ in range(2):
        loaded = drive.load_text("MILL.TMP", lambda t: int(t))
        notes.append(loaded.message)
        (tmp_path / "MILL.TMP").write_text("garbage")
    notes.append("MILL.TMP is damaged (could not rename it) - starting afresh")
    notes.append("Access denied - MILL.TMP - starting afresh")
    return notes


def worst_cases(tmp_path) -> dict[str, list[str]]:
    why = [f"{s} RESIGNS" for s in SIDES] + ["THE MOVE BUFFER IS FULL: A DRAW"] + \
          [f"{s} {w}" for s in SIDES for w in ("IS DOWN TO 2 PIECES", "CANNOT MOVE")]
    whats = ["PLACES ON 24", "MOVES 24 TO 23, TAKES 22", "MOVES 24 TO 23, MILL, TAKES NOTHING"]
    return {
        "moves_text": [say.moves_text(n) for n in (1, N)],
        "new_game": [say.new_game()],
        "resumed": [say.resumed(N)],
        "tmp_problem": [say.tmp_problem(n) for n in tmp_notes(tmp_path)],
        "side_played_by": [say.side_played_by(s, p) for s in SIDES for p in ("KEYBOARD", "COMPUTER")],
        "level": [say.level(9)],
        "shareware_top_level": [say.shareware_top_level(2)],
        "not_possible": [say.not_possible("illegal move Move(frm=24, to=23, capture=22) for white"),
                         say.not_possible("the game is over (white)")],
        "played": [say.played(s, w) for s in SIDES for w in whats],
        "result": [say.result(r, w) for r in why for w in (None, *SIDES)],
        "not_a_command": [say.not_a_command(KEY)],
        "nobody_at_the_keyboard": [say.nobody_at_the_keyboard(KEY)],
        "nothing_to_step": [say.nothing_to_step(b) for b in (True, False)],
        "stepped": [say.stepped(b, N, N, N) for b in (True, False)],
        "refused_name_char": [say.refused_name_char('"')],
        "not_saved": [say.not_saved()],
        "nothing_restored": [say.nothing_restored()],
        "reserved_name": [say.reserved_name("MILL.TMP")],
        "disk_problem": [say.disk_problem(e) for e in WRITE_ERRORS],
        "saved": [say.saved(N, NAME)],
        "not_read": [say.not_read(e) for e in READ_ERRORS],
        "not_restored": [say.not_restored(NAME, e) for e in file_errors()],
        "finished_game_read": [say.finished_game_read(NAME, r) for r in why],
        "restored": [say.restored(N, NAME)],
        "options_refused": [say.options_refused()],
        "options_changed": [say.options_changed()],
        "game_over_no_steps": [say.game_over_no_steps()],
        "entry_aborted_by": [say.entry_aborted_by(KEY)],
        "entry_aborted": [say.entry_aborted(r) for r in abort_reasons()],
        "name_the_capture": [say.name_the_capture()],
        "entry_cleared": [say.entry_cleared()],
        "clear": [say.clear()],
        "resigns": [say.resigns(s) for s in SIDES],
        "save_as": [say.save_as() + " " * 13],
        "restore_from": [say.restore_from() + " " * 13],
        "replace_file": [say.replace_file(NAME)],
        "kiddie_question": [say.kiddie_question()],
        "last_mill_question": [say.last_mill_question()],
        "new_game_question": [say.new_game_question()],
        "new_game_hint": [say.new_game_hint()], "game_over_keys": [say.game_over_keys()],
        "thinking": [say.thinking(f"{s} (COMPUTER)") for s in SIDES],
        "best_so_far": [say.best_so_far(f"{s} (COMPUTER)", "24 23 22") for s in SIDES],
        "take_which": [say.take_which(s) + " " * ENTRY_ROOM for s in SIDES],
        "place_a_piece": [say.place_a_piece(s) + " " * ENTRY_ROOM for s in SIDES],
        "your_move": [say.your_move(s) + " " * ENTRY_ROOM for s in SIDES],
    }


def test_every_message_function_has_its_worst_cases_here(tmp_path):
    functions = {n for n, f in inspect.getmembers(say, inspect.isfunction)
                 if f.__module__ == say.__name__ and not n.startswith("_")}  # _helpers make no message
    assert functions == set(worst_cases(tmp_path))


def test_every_message_fits_its_place_without_losing_a_word(tmp_path):
    too_long = []
    for name, texts in worst_cases(tmp_path).items():
        for text in texts:
            fits = PROMPT.fits(text) if name in say.PROMPTS else NEWS.fits(text)
            if not fits:
                too_long.append(f"{name}: {text!r} ({len(text)})")
    assert not too_long, "\n".join(too_long)


def test_an_occupied_point_is_said_in_plain_words_and_no_stray_digits_stay(tmp_path):
    out = run_headless(PROGRAM, 'Enter F3 "14 " "5 " "14"', drive=tmp_path, switches="S")
    news = " ".join(out.text[r][:LEFT_WIDTH].strip() for r in MSG_ROWS)
    assert "ENTRY ABORTED: 14 IS TAKEN." in news
    assert out.text[24][:LEFT_WIDTH].rstrip() == "WHITE, PLACE A PIECE: _"


@pytest.mark.parametrize("position, typed, reason", [
    (Position.from_points([14], [5], turn=0, in_hand=(8, 8)), "14", "14 is taken"),
    (Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)), "4 ", "there is no piece on 4"),
    (Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)), "3 ", "3 is black's piece"),
    (Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)), "1 ",
     "the piece on 1 cannot move"),
    (Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)), "14 24 ",
     "14 and 24 are not next to each other"),
    (Position.from_points([1, 2, 5, 14, 15, 20], [3, 10, 11, 22, 23], in_hand=(0, 0)), "25", "there is no point 25"),
])
def test_entry_reasons_are_plain_words(position, typed, reason):
    p = EntryParser(position)
    got = None
    for ch in typed:
        ev = p.key(ch)
        if ev.reason:
            got = ev.reason
            break
    assert got == reason


def test_a_dos_name_error_is_short_enough_to_quote():
    with pytest.raises(DiskError) as e:
        dos_name("x" * 300)
    assert len(str(e.value)) <= len("Invalid file name: ") + 20


def test_key_names_are_in_the_screens_capitals_and_names_end_with_one_full_stop():
    assert say.not_a_command("Backspace").startswith("'BACKSPACE' IS NOT")
    assert say.entry_aborted_by("Tab") == "ENTRY ABORTED BY 'TAB'. START THE MOVE AGAIN."
    assert say.entry_aborted_by("'").startswith("ENTRY ABORTED BY \"'\".")
    assert say.restored(2, "GAME1.").endswith("FROM GAME1.") and say.saved(2, "GAME1.").endswith("IN GAME1.")
