"""Tommy's Card Miners: a game nobody can win any more ends at once as the document's tie.

``points_left`` is a bound on what each miner can still claim; the tie is declared when
neither score plus its bound reaches the game point.  The bound must never be below what a
miner really gets (else a game still open to a win would be stopped), and should be tight
enough that a dead game is seen at once."""
from __future__ import annotations

import pytest

from vconsole.toolkit.cards import Card
from vconsole_programs.cardmine import rules
from vconsole_programs.cardmine.diagram import build
from vconsole_programs.cardmine.match import greedy_player, play_game, random_player
from vconsole_programs.cardmine.mine import MOVEMENT, code, parse_square, role_of
from vconsole_programs.cardmine.rules import (
    PLAYING,
    TIE,
    Options,
    State,
    apply_play,
    chips,
    deal,
    legal_plays,
    mine_shut,
    points_left,
    settled,
)


def sq(name: str) -> int:
    return parse_square(name)


def c(owner: int, text: str) -> int:
    return code(owner, Card.parse(text))


def _shut(*extra: str) -> str:
    """A mine full of face-down entrances (so nothing can be laid again), with ``extra``
    squares ('1-1=KH') holding other cards."""
    grid = [["##"] * 16 for _ in range(4)]
    for item in extra:
        at, card = item.split("=")
        r, col = divmod(sq(at), 16)
        grid[r][col] = card
    return "\n".join(" ".join(row) for row in grid)


def _decks_from_discard(s: State, count: int, movement: bool) -> None:
    """Give each miner a deck of ``count`` cards off the discard pile (``build`` puts every
    card it does not place there), movement cards or none at all."""
    decks: list[tuple[int, ...]] = []
    for m in (0, 1):
        pick = [x for x in s.discard if x // 52 == m and (role_of(x) == MOVEMENT) == movement][:count]
        assert len(pick) == count
        decks.append(tuple(pick))
    s.discard = tuple(x for x in s.discard if x not in decks[0] + decks[1])
    s.decks = (decks[0], decks[1])


def test_a_shut_mine_with_no_lode_left_is_a_tie_after_the_next_play():
    s = build(_shut(), hands=(["2S"], []), pawns=("2-7", "2-8"))
    assert mine_shut(s.face) and s.decks[0] and s.decks[1]
    assert points_left(s) == (0, 0) and settled(s)
    t = apply_play(s, legal_plays(s)[0])
    assert t.winner == TIE and chips(t) == 0 and t.decks[1]  # cards left to draw: not exhausted


def test_a_lode_that_cannot_bring_anyone_to_game_point_settles_the_game():
    # a king of hearts anyone can walk to, but 3 points never make 10
    s = build(_shut("1-1=KH"), hands=(["2S"], []), pawns=("2-7", "2-8"), options=Options(game_point=10))
    assert points_left(s) == (3, 3) and settled(s)
    assert apply_play(s, legal_plays(s)[0]).winner == TIE


def test_a_reachable_lode_that_wins_keeps_the_game_going():
    s = build(_shut("1-1=KH", "4-G=AS0", "4-F=AD0"), hands=(["2S"], []), pawns=("2-7", "2-8"),
              options=Options(game_point=10))
    assert s.score == (8, 0) and not settled(s)
    t = apply_play(s, [p for p in legal_plays(s) if p.dest != sq("1-1")][0])
    assert t.winner == PLAYING


def test_a_lode_no_walk_can_end_on_counts_for_nobody():
    # the king sits between face-up spades: no hop links it to anything
    s = build(_shut("1-1=KH", "1-2=5S", "2-1=6S", "4-G=AS0", "4-F=AD0"), hands=(["2S"], []),
              pawns=("2-7", "2-8"), options=Options(game_point=10))
    assert points_left(s) == (0, 0) and settled(s)


def test_an_open_mine_counts_every_lode_card_still_to_come():
    s = deal(3, 4)
    assert not mine_shut(s.face) and points_left(s) == (80, 80) and not settled(s)


def test_in_a_shut_mine_each_claim_spends_a_movement_card():
    # three aces in reach, 12 points, but miner 0 (2 points claimed) has one movement card
    # left and miner 1 none: a pawn in a shut mine moves only by a movement card, so 4 more
    # points at most
    lodes = ("1-1=AH", "1-G=AS", "4-1=AD", "4-G=QS0")
    s = build(_shut(*lodes), hands=(["2S", "5H", "6H"], ["5C", "6C"]), pawns=("2-7", "2-8"),
              options=Options(game_point=10), decks=(0, 0))
    _decks_from_discard(s, 5, movement=False)
    assert mine_shut(s.face) and points_left(s) == (4, 0) and settled(s)
    t = build(_shut(*lodes), hands=(["2S", "3S", "6H"], ["5C", "6C"]), pawns=("2-7", "2-8"),
              options=Options(game_point=10), decks=(0, 0))
    _decks_from_discard(t, 5, movement=False)
    assert points_left(t) == (8, 0) and not settled(t)  # two walks: 8 points, and 2 + 8 make 10
    u = build(_shut(*lodes), hands=(["2S", "3S", "6H"], ["5C", "6C"]), pawns=("2-7", "2-8"),
              options=Options(game_point=10), decks=(0, 0))
    _decks_from_discard(u, 1, movement=True)
    assert points_left(u) == (12, 4)  # three walks (two in hand, one to draw); miner 1 has one


def test_each_play_claims_one_lode_at_most_so_the_cards_left_bound_a_score():
    # an open mine, but each miner has one card left to draw and one in hand: two plays
    # each (every play spends a card), so 8 points at most, and 12 + 8 falls short of 21
    grid = "\n".join([". . . . . . . . . . . . . . . .",
                      ". . . . . . ## ## . . . . . . . .",
                      ". . . . . . . . . . . . . . . .",
                      "AS0 KS0 QS0 JS0 QD0 . . . . . . . . . . KD1"])
    s = build(grid, hands=(["AH"], ["AC"]), pawns=("2-7", "2-8"), decks=(1, 1))
    assert not mine_shut(s.face) and s.score == (12, 3)
    assert points_left(s) == (8, 8) and settled(s)
    t = build(grid, hands=(["AH", "5H"], ["AC"]), pawns=("2-7", "2-8"), decks=(1, 1))
    assert points_left(t)[0] == 12 and not settled(t)  # a card more in hand: a third play


@pytest.mark.parametrize("seed", range(6))
def test_the_bound_never_says_less_than_a_miner_then_gets(seed, monkeypatch):
    """Games played out to the exhausted decks with the early tie turned off: from every
    position, each miner's final score is within his bound."""
    monkeypatch.setattr(rules, "settled", lambda state: False)
    seen: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def check(state: State) -> None:
        seen.append((state.score, points_left(state)))

    players = (random_player, greedy_player) if seed % 2 else (random_player, random_player)
    final = play_game(players, 500 + seed, Options(game_point=99, dealt=1 + seed), check=check)
    assert final.winner == TIE and final.decks == ((), ()) and final.hands == ((), ())
    for score, left in seen:
        for m in (0, 1):
            assert final.score[m] <= score[m] + left[m]
