"""Every Card Miners message at its longest fits its place: no message may lose a word."""
from __future__ import annotations

import inspect

import pytest

from vconsole.toolkit.cards import Card
from vconsole.toolkit.lines import fold
from vconsole_programs.cardmine import messages as say
from vconsole_programs.cardmine.screen import NEWS_ROWS, NEWS_WIDTH

NAME = "W" * 12  # the widest name the form takes
TEN = Card(10, 1)
ACE = Card(1, 2)
SQ = 63  # 4-G
NEWS_W, NOTE_W, PROMPT_W = NEWS_WIDTH, NEWS_WIDTH, 80


def rows(text: str, width: int) -> int:
    return len(fold(text, width))


def longest_news() -> list[str]:
    """A whole turn's news as the program joins it: the play, a bump, a claim, the next draw."""
    play = say.play_text(say.laid(NAME, TEN, SQ, SQ), say.bumped(NAME, SQ), say.claimed(ACE))
    walk = say.play_text(say.walked(NAME, 4, SQ), say.bumped(NAME, SQ), say.claimed(ACE))
    return [
        play + " " + say.draws(NAME, TEN),
        play + " " + say.no_draw(NAME),
        play + " " + say.won(NAME, NAME, (99, 98), 99),
        walk + " " + say.won(NAME, NAME, (99, 98), 99),
        say.dug(NAME, SQ) + " " + say.draws(NAME, TEN),
        say.dug_own(NAME, TEN, SQ) + " " + say.draws(NAME, TEN),
        say.thrown(NAME, TEN) + " " + say.draws(NAME, TEN),
        say.first_by_draw((NAME, NAME), [(TEN, TEN)] * 40 + [(TEN, ACE)], 0) + " " + say.draws(NAME, TEN),
        say.first_by_loss(NAME) + " " + say.draws(NAME, TEN),
        say.first_by_replay(NAME) + " " + say.draws(NAME, TEN),
        say.first_short(NAME) + " " + play,  # the opening kept over the first play, shortened
        say.resumed() + " " + say.draws(NAME, TEN),
        say.thrown(NAME, TEN) + " " + say.tie((99, 99)),
        say.thrown(NAME, TEN) + " " + say.settled((98, 98)),
        say.play_text(say.walked(NAME, 4, SQ), say.stays(NAME), say.claimed(ACE)) + " " + say.draws(NAME, None),
        # older plays shortened in front of the latest (the news keeps the last few)
        say.short_play(NAME, TEN, SQ, SQ, 4) + " " + say.short_dug(NAME, SQ) + " " + play,
        say.short_thrown(NAME) + " " + walk,
        say.aborted(),
    ]


def test_the_news_of_a_turn_fits_its_two_rows():
    for text in longest_news():
        assert rows(text, NEWS_W) <= NEWS_ROWS, text


NOTES = [
    say.no_such_card("G", 10), say.walk_impossible(Card(4, 0)), say.shaft_impossible(TEN, True),
    say.shaft_impossible(TEN, False), say.lode_impossible(ACE, True), say.lode_impossible(ACE, False),
    say.not_a_place(SQ, TEN), say.not_a_walk(SQ, 4), say.not_a_hop(SQ), say.not_a_bump(SQ), say.row_please(),
    say.column_please(), say.not_a_key("Backspace"), say.not_your_hand(), say.card_first(), say.nothing_to_undo(),
    say.plays_on(NAME), say.options_next_game(), say.open_hands(False, True), say.open_hands(True, False),
    say.shareware_end(),
]


@pytest.mark.parametrize("text", NOTES)
def test_every_note_fits_its_row(text):
    assert rows(text, NOTE_W) == 1, text


PROMPTS = [
    say.ask_card(NAME, 10) + "_", say.ask_dig(NAME, 10) + "_", say.ask_discard(NAME, 10) + "_",
    say.ask_lay(NAME, TEN) + "4-_", say.ask_dig_at(NAME, TEN) + "4-_", say.ask_walk(NAME, 4) + "4-_",
    say.ask_hop(NAME) + "4-_", say.ask_bump(NAME, NAME) + "4-_", say.abort_question(), say.agree_question(NAME),
    say.another_game(), say.same_miners(), say.hand_over(NAME), say.quit_question(), say.thinking(NAME),
    say.thinking(NAME, True), say.shareware_end(),
]


@pytest.mark.parametrize("text", PROMPTS)
def test_every_question_fits_the_prompt_line(text):
    assert len(text) <= PROMPT_W, text


def test_every_message_function_is_checked():
    checked = {"card", "points", "chips", "hand_key", "file_problem", "bank_full", "bank_not_saved",
               "names_differ", "shareware_second", "draws"}
    source = inspect.getsource(inspect.getmodule(test_every_message_function_is_checked))
    for name, fn in inspect.getmembers(say, inspect.isfunction):
        if fn.__module__ == say.__name__ and name not in checked:
            assert f"say.{name}(" in source, f"messages.{name} is not rendered at its longest here"
