"""The Card Miners computer miner: legal, sensible, blind to hidden cards, and strong enough."""
from __future__ import annotations

import pytest
from sequential import sequential_rate

from vconsole.toolkit.rng import GameRandom
from vconsole_programs.cardmine.ai import (
    Knowledge,
    Weights,
    choose_play,
    computer_player,
    links_of,
    scored_plays,
    walk_ends,
)
from vconsole_programs.cardmine.checks import board_errors, card_errors
from vconsole_programs.cardmine.diagram import build, describe
from vconsole_programs.cardmine.match import greedy_player, play_game, points_now, random_player
from vconsole_programs.cardmine.mine import parse_square
from vconsole_programs.cardmine.rules import Options, apply_play


def sq(name: str) -> int:
    return parse_square(name)


def _check(state):
    assert card_errors(state) == [] and board_errors(state) == [], describe(state)


@pytest.mark.parametrize("seed", range(4))
def test_the_computer_only_makes_legal_plays(seed):
    opponent = (random_player, greedy_player, computer_player, random_player)[seed]
    options = Options(open_hands=seed == 3, entrances=(2, 4, 6, 2)[seed], dealt=(7, 5, 9, 7)[seed])
    final = play_game((computer_player, opponent), 40 + seed, options, check=_check)  # strict: raises if not
    assert final.over


def test_it_takes_the_winning_lode():
    s = build("\n".join([
        "JC0 7C  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        "6C  .   .  .  .  .  ## ## 7H AH JH  .  .  .  .  .",
        " .  .   .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        "5D KD1 QD1 JD1 . .  .  .  .  .  .  .  .  .  .  ."]),
        hands=([], ["5S", "9S", "2S"]), pawns=("2-1", "2-9"), turn=1, options=Options(game_point=10))
    play = choose_play(s, GameRandom(1))
    assert play.dest == sq("2-A") and apply_play(s, play).winner == 1


def test_it_takes_the_bigger_lode():
    s = build("\n".join([
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        " .  .  .  .  .  .  ## ## 7H AH  .  .  .  .  .  .",
        " .  .  .  .  .  .  .  .  JH  .  .  .  .  .  .  .",
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  ."]),
        hands=(["5S", "9S", "TD"], []), pawns=("2-9", "2-7"))
    play = choose_play(s, GameRandom(1))
    assert points_now(s, play) == 4


def test_a_bump_sends_the_other_pawn_away_from_the_lodes():
    s = build("\n".join([
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        "9S 8S 7S 6S 5S KS  .  ## ## 8H 7H QH  .  .  .  .",
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  ."]),
        hands=(["5D", "9D", "TD"], []), pawns=("2-8", "2-9"))
    play = choose_play(s, GameRandom(1))
    assert play.dest == sq("2-9") and play.bump >= 0  # landing on him is the only hop
    links = links_of(apply_play(s, play).face)
    near = {x for k in (1, 2, 3, 4) for x in walk_ends(links, play.bump, k)}
    assert sq("2-C") not in near and sq("2-6") not in near  # out of reach of both lodes


def test_hidden_cards_do_not_change_its_play():
    """Two deals alike in everything the computer can see, unlike in the other hand and the decks."""
    board = "\n".join([
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        " .  .  .  .  . 7S  ## ## 8H 9H  .  .  .  .  .  .",
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .",
        " .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  ."])
    mine_hand = ["5S", "JS", "KH", "3D", "6C"]
    a = build(board, hands=(mine_hand, ["2S", "3S", "4S"]), pawns=("2-6", "2-9"))
    b = build(board, hands=(mine_hand, ["JD", "QD", "KD"]), pawns=("2-6", "2-9"))
    b.decks = (a.decks[0], tuple(reversed(b.decks[1])))
    assert a.hands[1] != b.hands[1]
    assert choose_play(a, GameRandom(7)) == choose_play(b, GameRandom(7))
    assert Knowledge(a, 0).p_move == Knowledge(b, 0).p_move


def test_with_open_hands_it_knows_the_other_hand():
    board = "\n".join([" .  " * 16] * 1 + [" .  .  .  .  .  .  ## ## 8H  .  .  .  .  .  .  ."] + [" .  " * 16] * 2)
    s = build(board, hands=(["5S"], ["2S", "3S"]), pawns=("2-7", "2-9"), options=Options(open_hands=True))
    k = Knowledge(s, 0)
    assert k.p_move[2] == 1.0 and k.p_move[3] == 1.0 and k.p_move[4] < 1.0
    hidden = build(board, hands=(["5S"], ["2S", "3S"]), pawns=("2-7", "2-9"))
    kh = Knowledge(hidden, 0)
    assert 0.0 < kh.p_move[2] < 1.0


def test_the_same_position_and_seed_give_the_same_play():
    seen = []
    play_game((random_player, random_player), 3, on_turn=lambda s, p: seen.append(s))
    for s in seen[10:40:6]:
        assert choose_play(s, GameRandom(5)) == choose_play(s, GameRandom(5))


def _wins(opponent):
    """Game g of a match against ``opponent``, the computer taking each seat in turn: won?"""
    def won(g: int) -> bool:
        seat = g % 2
        players = (computer_player, opponent) if seat == 0 else (opponent, computer_player)
        return play_game(players, g).winner == seat
    return won


@pytest.mark.slow
def test_beats_a_random_miner_nine_times_in_ten():
    # Sequential (tests/sequential.py): it tells the computer's measured 0.93 (400 bench games on
    # two seed ranges) from a fall to 0.8, with errors of about 3 % and 1 %.  Its ties come in
    # runs (three in the first seven games here), so a small beta keeps a run from ending it.
    v = sequential_rate(_wins(random_player), good=0.93, bad=0.8, alpha=0.03, beta=0.01, most=200)
    assert v.passed, v


@pytest.mark.slow
def test_beats_a_greedy_miner_two_times_in_three():
    # 0.76 measured (400 bench games) against a fall to 0.55, at 1 % either way: about 40 games
    v = sequential_rate(_wins(greedy_player), good=0.80, bad=0.55, alpha=0.01, beta=0.01, most=200)
    assert v.passed, v


def test_it_keeps_the_last_place_of_a_suit_open():
    """9H fits on two pocket squares by 8H: 1-1, or 3-1, which is also the last square left for
    a club shaft.  Laying it on 3-1 would make every club the miner has yet to play dead, so it
    goes on 1-1; without the live-suit weight the two squares score the same."""
    s = build("\n".join([
        " .  JC  .  .  .  .  JS QS  .  .  .  .  .  .  .  .",
        "8H  QC  .  .  .  JD ## ##  QD .  .  .  .  .  .  .",
        " .  KC  .  .  .  .  KS AS  .  .  .  .  .  .  .  .",
        "7C  AC  .  .  .  .  .  .  .  .  .  .  .  .  .  ."]),
        hands=(["9H"], []), pawns=("2-7", "1-7"))
    plays = scored_plays(s)
    assert {p.square for _, p in plays} == {sq("1-1"), sq("3-1")}
    assert choose_play(s, GameRandom(1)).square == sq("1-1")
    flat = scored_plays(s, Weights(alive=0.0))
    best = {p.square: v for v, p in reversed(flat)}
    assert abs(best[sq("1-1")] - best[sq("3-1")]) < 1e-9


@pytest.mark.slow
def test_games_against_itself_seldom_tie():
    # The document calls a tie unlikely.  Measured: 0.91 of games decided (400 bench games); the
    # computer before the live-suit, room and held-lode weights decided 0.81.
    def decided(g: int) -> bool:
        return play_game((computer_player, computer_player), 7000 + g, strict=False).winner in (0, 1)
    v = sequential_rate(decided, good=0.91, bad=0.78, alpha=0.02, beta=0.02, most=200)
    assert v.passed, v
