"""The example program in docs/ (the one docs/ARCHITECTURE.md points new authors to) really runs."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from vconsole.testing import click, keys, run

SPEC = importlib.util.spec_from_file_location("example_program",
                                              Path(__file__).parent.parent / "docs" / "example_program.py")
example = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(example)


def test_the_example_plays_by_keys_and_clicks_and_takes_a_guess_back(tmp_path):
    # docs/TESTING.md shows this test: keep the two alike
    out = run(example.PROGRAM, keys("h", "l", click(31, 16), "Backspace"), drive=tmp_path, seed=7)
    text = out.screen
    assert "HI-LO" in text and "GUESS TAKEN BACK." in text and "SCORE" in text
    assert "OF 2" in text  # three guesses, one taken back
    assert out.exit_code is None  # the script ran out while the game waited


def test_the_example_deals_the_same_numbered_game_every_time(tmp_path):
    a = run(example.PROGRAM, "h h h", drive=tmp_path, seed=3).text
    b = run(example.PROGRAM, "h h h", drive=tmp_path, seed=3).text
    assert a == b


def test_esc_leaves(tmp_path):
    assert run(example.PROGRAM, "Esc", drive=tmp_path).exit_code == 0


def test_the_example_ends_when_the_deck_is_done(tmp_path):
    out = run(example.PROGRAM, " ".join(["h"] * 51) + " Enter", drive=tmp_path, seed=1)
    assert out.exit_code == 0


def test_the_rule_is_pure_and_counts_right_guesses():
    from vconsole.toolkit.cards import Card
    deck = [Card(5, 0), Card(9, 1), Card(2, 2)]
    assert example.guess((1, 0), True, deck) == (2, 1)
    assert example.guess((2, 1), True, deck) == (3, 1)
