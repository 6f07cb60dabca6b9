"""UNDO and the cheating flag; card conservation over many seeded games."""
from __future__ import annotations

import random

from vconsole.toolkit.cards import counts, packs
from vconsole_programs.spider.game import Game
from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.rules import Deal, Move, Remove, new_board
from vconsole_programs.spider.scoring import score

KA = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
TWO_PACKS = counts(packs(2))


def game(*lines: str) -> Game:
    return Game(board=board_from_text(list(lines)))


def test_undo_of_a_plain_move_restores_exactly_and_is_not_cheating():
    g = game("#2C 9H 8H", "#3C 8S", "#4C 9C")
    before = g.board
    g.play(Move(0, 2, 2))
    assert not g.undo_cheats()
    assert g.undo()
    assert g.board == before and not g.cheated
    assert not g.undo() and not g.cheated  # nothing left to take back


def test_undo_of_a_move_that_turned_a_card_is_cheating():
    g = game("#2C 7H", "#3C 8S")
    before = g.board
    g.play(Move(0, 1, 1))
    assert g.undo_cheats()
    g.undo()
    assert g.board == before and g.cheated


def test_undo_of_a_deal_is_cheating_and_puts_the_cards_back_in_the_stock():
    g = Game(12)
    before = g.board
    g.play(Deal())
    assert g.undo_cheats()
    g.undo()
    assert g.board == before and g.cheated
    assert g.board.stock == before.stock


def test_undo_of_a_removal_cheats_only_if_it_turned_a_card():
    g = game("#2C 5H " + KA)
    g.play(Remove(0))
    assert not g.undo_cheats()
    g.undo()
    assert not g.cheated and g.board.complete_on_top(0)
    g2 = game("#2C #5H " + KA)
    g2.play(Remove(0))
    assert g2.undo_cheats()
    g2.undo()
    assert g2.cheated


def test_the_flag_stays_once_set_and_undo_has_no_redo():
    g = game("#2C 7H", "#3C 8S", "9D")
    g.play(Move(0, 1, 1))
    g.undo()
    assert g.cheated
    g.play(Move(1, 1, 2))  # 8S onto 9D: turns the 3C
    g.undo()
    g.play(Move(0, 1, 1))
    assert g.cheated
    assert len(g.history) == 1  # undone actions are forgotten


def test_every_undo_restores_exactly_and_score_with_it():
    rng = random.Random(5)
    g = Game(31)
    boards = [g.board]
    for _ in range(60):
        actions = list(g.board.legal_actions())
        if not actions:
            break
        g.play(rng.choice(actions))
        boards.append(g.board)
    while g.can_undo():
        boards.pop()
        g.undo()
        assert g.board == boards[-1]
        assert g.score == score(boards[-1])
    assert g.board == new_board(31)


def test_cards_are_conserved_after_every_action_in_many_seeded_games():
    rng = random.Random(2024)
    for seed in range(40):
        g = Game(seed)
        for _step in range(150):
            actions = list(g.board.legal_actions())
            if not actions:
                break
            if g.can_undo() and rng.random() < 0.1:
                g.undo()
            else:
                # prefer removals and turning moves so that games get somewhere
                good = [a for a in actions if isinstance(a, Remove) or g.board.turns_card(a)]
                g.play(rng.choice(good) if good and rng.random() < 0.7 else rng.choice(actions))
            b = g.board
            assert len(b.all_cards()) == 104
            assert counts(b.all_cards()) == TWO_PACKS
            assert all(0 <= d < len(c) or (d == 0 and not c) for c, d in zip(b.columns, b.down))
