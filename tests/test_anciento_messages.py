"""Every message Anciento can show fits its message area (six rows of 25 on the right): no lost words.

Each message is rendered with the longest arguments it can get (the largest figures, the
longest names, every reason a saved game can be refused, the drive's longest errors).
A message added to messages.py without a line here fails the completeness test.
"""
from __future__ import annotations

import inspect

import pytest

from vconsole.toolkit.board import RATES
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.theme import Palette
from vconsole_programs.anciento import messages as say
from vconsole_programs.anciento.look import BOARD_NAMES, PATTERN_NAMES, SHAPE_NAMES
from vconsole_programs.anciento.panel import MSG_ROWS
from vconsole_programs.anciento.screen import PANEL_WIDTH

THEME = Palette({}, {}).pick(False)
NEWS = MessageArea(None, THEME, 17, 55, PANEL_WIDTH, MSG_ROWS)
NAME = "ABCDEFGH.ANC"
STRERROR = "Too many levels of symbolic links"
DISK = [f"File not found - {NAME}", f"{NAME} is a directory", f"Access denied - {NAME}",
        f"Cannot read {NAME}: {STRERROR}", f"{NAME} is too large (over 4194304 bytes)",
        f"Write protect error writing {NAME}", f"Insufficient disk space to write {NAME}",
        f"Cannot write {NAME}: {STRERROR}", f"Cannot write {NAME}: MYGAMES.DIR is a file, not a directory",
        "Cannot read the directory: " + STRERROR]
LOAD_REASONS = ["not an Anciento saved game", "the STONES line is missing", "the SECONDS line is garbled",
                "a stone kind above 35", "game number 999999999 is outside 1-32000",
                "the stones are not those of game 32000", "999999999 moves: a game has at most 66",
                "move 66: the stone does not fit on square 999999999", "move 66: every stone is placed",
                "the score does not match the moves",
                "this bag order has no six stones showing every shape and pattern",
                "a deal has 6 starters and 66 stones to play", "a deal holds every one of the 36 kinds exactly twice",
                "the six starters must show every shape and every pattern"]
BIG = 2 ** 24  # a BONUS after 24 Quatros: far beyond any game seen (the master makes 9 to 14)


def cases() -> dict[str, list[str]]:
    longest_stone = max(range(36), key=lambda s: len(say.describe(s)))
    placed = [say.placed(m, (1 << (m - 1)) * BIG, BIG, edge) for m in (1, 2, 3, 4) for edge in (False, True)
              if not (edge and m == 4)]
    return {
        "placed": [p + " " + extra for p in placed for extra in ("", say.ALL_PLACED, say.BLOCKED)],
        "describe": [say.describe(longest_stone)],
        "REFUSED_TAKEN": [say.REFUSED_TAKEN], "REFUSED_ALONE": [say.REFUSED_ALONE],
        "REFUSED_MATCH": [say.REFUSED_MATCH],
        "ALL_PLACED": [say.TAKEN_BACK + " " + say.ALL_PLACED, say.JUMPED + " " + say.ALL_PLACED],
        "BLOCKED": [say.PUT_BACK + " " + say.BLOCKED, say.JUMPED + " " + say.BLOCKED],
        "TAKEN_BACK": [say.TAKEN_BACK], "NOTHING_BACK": [say.NOTHING_BACK], "PUT_BACK": [say.PUT_BACK],
        "NOTHING_FORWARD": [say.NOTHING_FORWARD], "JUMPED": [say.JUMPED], "AT_END": [say.AT_END],
        "NO_LIMIT": [say.NO_LIMIT], "COUNT_STOPPED": [say.COUNT_STOPPED], "COUNT_RUNS": [say.COUNT_RUNS],
        "LIMIT_OFF": [say.LIMIT_OFF], "TIME_UP": [say.TIME_UP],
        "CHECK_START": [say.CHECK_START + " " + say.check_square(99, 99, m) for m in (1, 2, 3, 4)],
        "check_square": [say.check_square(99, 99, 3)],
        "CHECK_NONE": [say.CHECK_NONE], "CHECK_DONE": [say.CHECK_DONE],
        "SAVE_PROMPT": [say.SAVE_PROMPT], "SAVE_NAME_BAD": [say.SAVE_NAME_BAD], "SAVE_CANCELLED": [say.SAVE_CANCELLED],
        "REPLACE": [say.REPLACE], "MOUSE_MODE": [say.MOUSE_MODE], "KEYBOARD_MODE_ONLY": [say.KEYBOARD_MODE_ONLY],
        "REPLAY_START": [say.REPLAY_START], "REPLAY_ONLY": [say.REPLAY_ONLY],
        "replay_step": [say.replay_step(66, 66) + " " + say.REPLAY_END], "REPLAY_END": [say.REPLAY_END],
        "SOUND_ON": [say.SOUND_ON], "SOUND_OFF": [say.SOUND_OFF], "NO_SOUND_SWITCH": [say.NO_SOUND_SWITCH],
        "skip": [say.skip(True), say.skip(False)], "limit_back": [say.limit_back(999)],
        "saved": [say.saved("ABCDEFGH")] + [d + "." for d in DISK],
        "setup_saved": [say.setup_saved("Z")], "setup_loaded": [say.setup_loaded("Z")],
        "setup_empty": [say.setup_empty("Z")], "easy": [say.easy(True), say.easy(False)],
        "tune": [say.tune(4), say.tune(0)], "blink": [say.blink(r) for r in RATES],
        "board_colour": [say.board_colour(i) for i in range(len(BOARD_NAMES))],
        "piece_colours": [say.piece_colours(3)], "COLOURS_RESET": [say.COLOURS_RESET],
        "COLOURS_MONO": [say.COLOURS_MONO], "COLOURS_BW": [say.COLOURS_BW],
        "black_white": [say.black_white(True), say.black_white(False)],
        "timer_set": [say.timer_set(999), say.timer_set(1), say.timer_set(0)],
        "TIMER_PROMPT": [say.TIMER_PROMPT, say.MINUTES_RANGE + " Minutes a game:"],
        "NUMBER_PROMPT": [say.NUMBER_PROMPT, say.NUMBER_RANGE + " Game number:"],
        "NUMBER_RANGE": [say.NUMBER_RANGE], "MINUTES_RANGE": [say.MINUTES_RANGE],
        "LOAD_PROMPT": [say.LOAD_PROMPT], "NO_SAVED_GAMES": [say.NO_SAVED_GAMES],
        "KEYBOARD_NOW": [say.KEYBOARD_NOW], "MOUSE_NOW": [say.MOUSE_NOW], "DIGITS_ONLY": [say.DIGITS_ONLY],
        "NAME_CHAR_REFUSED": [say.NAME_CHAR_REFUSED], "MENU_HINT": [say.MENU_HINT],
        "MENU_HINT_KEYS": [say.MENU_HINT_KEYS], "menu_hint": [say.menu_hint(True), say.menu_hint(False)],
        "picked": [say.picked(32000)],
        "demo_move": [say.demo_move(66, p) for p in placed], "DEMO_START": [say.DEMO_START],
        "DEMO_KEYS": [say.DEMO_KEYS],
        "load errors": ["There is no saved game called ABCDEFGHIJKL."]
                       + [f"{NAME} is not a game Anciento can load ({r})." for r in LOAD_REASONS]
                       + [d + "." for d in DISK],
        "RESUME_ASK": [say.RESUME_ASK], "RESUME_LATER": [say.RESUME_LATER], "RESUMED": [say.RESUMED],
        "resume_offer": [say.resume_offer(32000, 66), say.resume_offer(None, 66)],
        "END_ASK": [say.END_ASK], "END_KEPT": [say.END_KEPT],
        "KEEP_FAILED": [say.KEEP_FAILED + " " + d + "." for d in DISK],
        "best_study": [say.best_study("W" * 24, 32000)],
        "best_start": [say.best_start("W" * 24, 32000, BIG * 100)],
        "notes": ["ANCIENTO.HOF is damaged - kept as ANCIENT001.BAD, starting afresh.",
                  "SAMPLE.ANC could not be written: Insufficient disk space to write SAMPLE.ANC."],
    }


@pytest.mark.parametrize("name", sorted(cases()))
def test_message_fits_the_message_area(name):
    for text in cases()[name]:
        assert NEWS.fits(text), f"{name}: {text!r} does not fit {MSG_ROWS} rows of {PANEL_WIDTH}"


def test_every_message_is_checked():
    covered = set(cases())
    for name, value in vars(say).items():
        if name.startswith("_") or name in ("annotations", "MATCH_WORDS", "RESET_CHOICE", "SLOT_LINES"):
            continue
        if inspect.isfunction(value) or isinstance(value, str):
            assert name in covered, f"messages.{name} has no case in this test"


def test_help_lines_fit_the_pager_and_the_reminder_a_panel():
    from vconsole_programs.anciento import help as helptext
    assert max(len(line) for line in helptext.TEXT.splitlines()) <= 76
    assert max(len(line) for line in helptext.REMINDER) <= 76


def test_reset_choice_and_slot_lines_fit_their_places():
    assert all(5 + len(words) <= PANEL_WIDTH for _, words in say.RESET_CHOICE)
    assert all(len(line) <= 76 for line in say.SLOT_LINES)
    assert SHAPE_NAMES and PATTERN_NAMES


def test_questions_asked_on_one_row_fit_it():
    # ask_yes_no writes its question on the message area's last row: it must not run on
    assert len(say.REPLACE) <= PANEL_WIDTH
    assert len(say.RESUME_ASK) <= PANEL_WIDTH and len(say.END_ASK) <= PANEL_WIDTH


def test_the_watched_game_lines_fit_the_game_over_panel():
    assert all(len(line) <= 34 for line in say.NOT_PLAYED_HERE)
