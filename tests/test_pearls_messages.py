"""Every message String of Pearls can show, at its longest, fits where it is shown.

Each function of programs/pearls/messages.py is rendered with the longest arguments it can get
(a 14-letter name, the largest numbers, every drive note and write error) and checked against
the three news rows under the board or the 80-column prompt line.  A message added without a
line here fails the completeness test.
"""
from __future__ import annotations

import inspect

import pytest

from vconsole.toolkit.lines import MessageArea, PromptLine
from vconsole.toolkit.theme import Palette
from vconsole_programs.pearls import messages as say
from vconsole_programs.pearls.screen import NEWS_ROWS, NEWS_TOP, NEWS_WIDTH, PROMPT_ROW, method_note
from vconsole_programs.pearls.strings import METHOD_LONGEST, METHOD_POINTS, RATINGS

THEME = Palette({}, {}).pick(False)
NEWS = MessageArea(None, THEME, NEWS_TOP, 0, NEWS_WIDTH, NEWS_ROWS)
PROMPT = PromptLine(None, THEME, PROMPT_ROW, 0, 80)

NAME = "W" * 14
COMPUTER_FOR = f"THE COMPUTER, FOR {NAME},"
NAME_FILE = "PEARLS.TMP"
STRERROR = "Too many levels of symbolic links"
NOTES = [f"{NAME_FILE} is damaged - kept as PEARLS.BAD", f"{NAME_FILE} is damaged - kept as PEARL999.BAD",
         f"{NAME_FILE} is damaged (could not rename it) - starting afresh",
         f"Access denied - {NAME_FILE} - starting afresh", f"Cannot read {NAME_FILE}: {STRERROR} - starting afresh",
         "PEARLS.SCR is damaged - kept as PEARLS.BAD"]
WRITE_ERRORS = ["Write protect error writing PEARLS.SCR", "Insufficient disk space to write PEARLS.SCR",
                f"Cannot write PEARLS.SCR: {STRERROR}",
                "Cannot write PEARLS.SCR: MYGAMES.DIR is a file, not a directory"]
WHYS = [say.why_longest(48), say.why_tie_broken(), say.why_points(300), say.why_no_strings()]
WHERES = [say.joined(10, 48), say.alone(), say.solo_new()]
KEY = "Ctrl+Backspace"

NEWS_CASES = {
    "new_game": [say.new_game(NAME, method_note(m)) for m in (METHOD_LONGEST, METHOD_POINTS)],
    "new_solitaire": [say.new_solitaire(NAME)],
    "resumed": [say.resumed(47)],
    "file_problem": [say.file_problem(n) for n in NOTES],
    "took": [say.took(n, 48, hop, w) for n in (NAME, COMPUTER_FOR) for hop in (True, False) for w in WHERES],
    "must_hop": [say.must_hop(NAME)],
    "not_reachable": [say.not_reachable(48)],
    "empty_square": [say.empty_square()],
    "empty_square_keys": [say.empty_square_keys()],
    "not_a_key": [say.not_a_key(KEY)],
    "choice_cancelled": [say.choice_cancelled(48)],
    "demo_on": [say.demo_on()],
    "demo_off": [say.demo_off()],
    "pace": [say.pace("10.0")],
    "pace_limit": [say.pace_limit("10.0")],
    "winner": [say.winner([NAME] * k, w) for k in (1, 2, 6) for w in WHYS],
    "solitaire_result": [say.solitaire_result(48, r) for r in RATINGS],
    "computer_played_solitaire": [say.solitaire_result(48, "MIDDLING") + " " + say.computer_played_solitaire()],
    "score_not_saved": [say.score_not_saved(e) for e in WRITE_ERRORS],
    "no_high_score": [say.solitaire_result(48, "MIDDLING") + " " + say.no_high_score(5200)],
    "abandoned": [say.abandoned()],
}
PROMPT_CASES = {
    "your_turn_mouse": [say.your_turn_mouse(NAME)],
    "your_turn_keys": [say.your_turn_keys(NAME)],
    "thinking": [say.thinking(n) for n in (NAME, COMPUTER_FOR)],
    "choose_string": [say.choose_string(48, "10-47", "49-50"), say.choose_string(24, "1-23", "25-48")],
    "another_game": [say.another_game()],
    "demo_next_game": [say.demo_next_game()],
    "no_players": [say.no_players()],
    "scrambling": [say.scrambling()],
    "abandon_question": [say.abandon_question()],
}
HELPERS = {"pearls", "strings_text", "why_longest", "why_tie_broken", "why_points", "why_no_strings",
           "joined", "alone", "solo_new"}


def test_every_message_is_checked():
    functions = {name for name, f in inspect.getmembers(say, inspect.isfunction)
                 if f.__module__ == say.__name__ and not name.startswith("_")}  # _helpers make no message
    assert functions - HELPERS - set(NEWS_CASES) - set(PROMPT_CASES) == set()


@pytest.mark.parametrize("name", sorted(NEWS_CASES))
def test_news_fits_under_the_board(name):
    for text in NEWS_CASES[name]:
        assert NEWS.fits(text), text


@pytest.mark.parametrize("name", sorted(PROMPT_CASES))
def test_prompts_fit_the_prompt_line(name):
    for text in PROMPT_CASES[name]:
        assert PROMPT.fits(text), text


def test_the_help_fits_the_pager():
    from vconsole_programs.pearls import help as help_text
    assert all(len(line) <= 76 for line in help_text.TEXT.splitlines())
    assert help_text.TEXT == help_text.TEXT.upper()


def test_the_tommys_toys_programs_spell_color_as_their_documents_do():
    """The documents (and the F10 legend) say COLOR: every help screen and message agrees."""
    import inspect

    from vconsole_programs.cardmine import help as cm_help
    from vconsole_programs.cardmine import messages as cm_say
    from vconsole_programs.mill import help as mill_help
    from vconsole_programs.pearls import help as pearls_help
    from vconsole_programs.pearls import messages as pearls_say
    for module in (cm_help, cm_say, mill_help, pearls_help, pearls_say):
        assert "COLOUR" not in inspect.getsource(module), module.__name__
