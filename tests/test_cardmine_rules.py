"""Tommy's Card Miners: every rule of the pure model, on positions set up from diagrams."""
from __future__ import annotations

import pytest

from vconsole.toolkit.cards import Card, pack
from vconsole.toolkit.rng import GameRandom
from vconsole_programs.cardmine import rules
from vconsole_programs.cardmine.checks import board_errors, card_errors
from vconsole_programs.cardmine.diagram import build, describe
from vconsole_programs.cardmine.match import greedy_player, play_game, points_now, random_player
from vconsole_programs.cardmine.mine import card_of, code, parse_square, square, square_name
from vconsole_programs.cardmine.rules import (
    BUMP_LATER,
    DIG_PLAY,
    DISCARD_PLAY,
    DOWN,
    EMPTY,
    LODE_PLAY,
    MOVE_PLAY,
    NO_BUMP,
    PLAYING,
    SHAFT_PLAY,
    TIE,
    IllegalPlay,
    Options,
    Play,
    apply_play,
    bump_squares,
    chips,
    deal,
    draw,
    legal_plays,
    mine_shut,
    new_game,
    path_of,
    play_checked,
    settled,
    shuffled_deck,
)

EMPTY_ROW = ". . . . . . . . . . . . . . . ."


def mine(*rows: str) -> str:
    """Rows given by number (1-4) as 16 tokens; missing rows are empty."""
    out = [EMPTY_ROW] * 4
    for r in rows:
        n, text = r.split(":", 1)
        out[int(n) - 1] = text
    return "\n".join(out)


def sq(name: str) -> int:
    return parse_square(name)


def c(owner: int, text: str) -> int:
    return code(owner, Card.parse(text))


def kinds(plays, kind):
    return [p for p in plays if p.kind == kind]


START = mine("2: . . . . . . ## ## . . . . . . . .")


# -- dealing -------------------------------------------------------------------------------
def test_deal_lays_two_entrances_with_each_pawn_on_the_other_miners_card():
    s = deal(11, 12)
    first, second = s.first, 1 - s.first
    left, right = square(1, 6), square(1, 7)  # row 2, columns 7 and 8
    assert s.face[left] == s.face[right] == DOWN
    assert [sq for sq in range(64) if s.face[sq] != EMPTY] == [left, right]
    a, b = s.opening[-1]
    assert s.cell[left] == (a, b)[first] and s.cell[right] == (a, b)[second]
    assert s.pawn[first] == right and s.pawn[second] == left
    assert len(s.hands[0]) == len(s.hands[1]) == 7
    assert len(s.decks[0]) == len(s.decks[1]) == 52 - 1 - 7  # equal draws went back under the decks
    assert s.turn == first and not s.drawn and s.winner == PLAYING
    assert card_errors(s) == [] and board_errors(s) == []


def test_high_card_goes_first_aces_high():
    d0, d1 = pack(), pack()  # the top card is the last one: king of clubs for both
    d0[-1], d0[0] = d0[0], d0[-1]  # miner 0 turns up the ace of spades
    s = new_game(d0, d1)
    assert s.first == 0 and s.turn == 0
    assert card_of(s.opening[-1][0]) == Card(1, 0)


def test_equal_draws_go_under_the_decks_and_both_draw_again():
    d0, d1 = pack(), pack()  # both turn up the king of clubs first
    i, j = d0.index(Card(3, 1)), d1.index(Card(9, 2))
    d0[-2], d0[i] = d0[i], d0[-2]  # then 3 of hearts against 9 of diamonds
    d1[-2], d1[j] = d1[j], d1[-2]
    s = new_game(d0, d1)
    assert len(s.opening) == 2
    k0, k1 = s.opening[0]
    assert card_of(k0) == card_of(k1) == Card(13, 3)
    assert s.first == 1
    assert s.decks[0][0] == k0 and s.decks[1][0] == k1  # under the decks, still in the game
    assert card_errors(s) == []


def test_loser_of_the_last_game_starts_without_a_draw_deciding():
    s = deal(1, 2, first=1)
    assert s.first == 1 and len(s.opening) == 1


def test_options_cards_dealt_and_more_entrances():
    s = deal(3, 4, Options(dealt=9, entrances=6))
    assert len(s.hands[0]) == len(s.hands[1]) == 9
    downs = {sq for sq in range(64) if s.face[sq] == DOWN}
    assert downs == {square(1, 6), square(1, 7), square(2, 2), square(2, 11), square(0, 3), square(0, 10)}
    assert card_errors(s) == [] and board_errors(s) == []
    with pytest.raises(ValueError):
        deal(3, 4, Options(game_point=9))
    with pytest.raises(ValueError):
        deal(3, 4, Options(dealt=10))
    with pytest.raises(ValueError):
        deal(3, 4, Options(entrances=3))


def test_the_same_seeds_deal_the_same_game_again():
    assert describe(deal(5, 6)) == describe(deal(5, 6))
    assert deal(5, 6).hands == deal(5, 6).hands and deal(5, 6).decks == deal(5, 6).decks
    assert deal(5, 6).hands != deal(5, 7).hands
    # the deck order is GameRandom's shuffle of a new pack: pinned for good (saved games and
    # "replay the last hand" rely on it)
    assert shuffled_deck(1) == GameRandom(1).shuffled(pack())
    assert [c.code for c in shuffled_deck(1)[-4:]] == ["JH", "AC", "5D", "2C"]
    assert [c.code for c in shuffled_deck(2)[-4:]] == ["QS", "7D", "AC", "4H"]


def test_draw_takes_the_top_card():
    s = deal(1, 2)
    top = s.decks[s.turn][-1]
    t = draw(s)
    assert top in t.hands[s.turn] and len(t.decks[s.turn]) == len(s.decks[s.turn]) - 1 and t.drawn
    assert legal_plays(s) == []  # nothing to play before the draw


def test_an_empty_deck_skips_the_draw_and_the_hand_plays_on():
    s = build(START, hands=(["5S", "6S"], ["5H"]), decks=(0, 0), drawn=False)
    t = draw(s)
    assert not t.over and t.drawn and t.hands == s.hands and t.decks == ((), ())
    assert legal_plays(t) and card_errors(t) == []
    u = apply_play(t, legal_plays(t)[0])
    assert len(u.hands[0]) == 1 and u.decks == ((), ())
    assert u.turn == 1 and u.ply == 1


def test_the_decks_are_exhausted_when_deck_and_hand_are_both_used_up():
    empty = build(START, hands=([], []), decks=(0, 0), drawn=False)
    end = draw(empty)
    assert end.winner == TIE and chips(end) == 0
    assert card_errors(end) == []


@pytest.mark.parametrize("seed", range(3))
def test_with_nobody_winning_every_card_of_both_decks_is_played(seed, monkeypatch):
    """Game point 99 cannot be reached, and the early tie is turned off: the game goes on
    after the draw piles run out until both hands are empty too, one card a play."""
    monkeypatch.setattr(rules, "settled", lambda state: False)
    start = deal(2 * seed + 1, 2 * seed + 2, Options(game_point=99))
    cards = sum(len(start.hands[m]) + len(start.decks[m]) for m in (0, 1))
    final = play_game((random_player, greedy_player), seed, Options(game_point=99))
    assert final.winner == TIE and final.ply == cards
    assert final.decks == ((), ()) and final.hands == ((), ())


# -- shaft cards ---------------------------------------------------------------------------
def test_a_shaft_starts_next_to_an_entrance_in_any_suit():
    s = build(START, hands=(["7H"], []), pawns=("2-7", "2-8"))
    squares = {p.square for p in kinds(legal_plays(s), SHAFT_PLAY)}
    assert squares == {sq(n) for n in ("1-7", "1-8", "3-7", "3-8", "2-6", "2-9")}


def test_a_shaft_extends_only_from_its_own_suit_and_may_branch():
    s = build(mine("2: . . . . 8S 7S ## ## 9H . . . . . . ."), hands=(["5S", "6H", "TD"], []),
              pawns=("2-7", "2-8"))
    plays = kinds(legal_plays(s), SHAFT_PLAY)
    spade = {p.square for p in plays if card_of(p.card) == Card(5, 0)}
    heart = {p.square for p in plays if card_of(p.card) == Card(6, 1)}
    diamond = {p.square for p in plays if card_of(p.card) == Card(10, 2)}
    around_entrances = {sq(n) for n in ("1-7", "1-8", "3-7", "3-8")}
    assert spade == around_entrances | {sq(n) for n in ("1-5", "3-5", "2-4", "1-6", "3-6")}
    assert heart == around_entrances | {sq(n) for n in ("1-9", "3-9", "2-A")}
    assert diamond == around_entrances  # nothing of its suit to join yet


def test_the_edge_of_the_mine_blocks_a_shaft():
    s = build(mine("1: 9C . . . . . . . . . . . . . . .", "2: #5C . . . . . ## ## . . . . . . . ."),
              hands=(["6C"], []), pawns=("2-7", "2-8"))
    squares = {p.square for p in kinds(legal_plays(s), SHAFT_PLAY)}
    around_entrances = {sq(n) for n in ("1-7", "1-8", "3-7", "3-8", "2-6", "2-9")}
    # nothing off the west edge, and no wrapping round to the far end of the row above
    assert squares == around_entrances | {sq("1-2"), sq("2-2"), sq("3-1")}
    assert sq("1-G") not in squares


def test_lodes_end_a_tunnel_nothing_extends_from_them():
    s = build(mine("2: . . . . QS 7S ## ## . . . . . . . ."), hands=(["8S"], []), pawns=("2-7", "2-8"))
    squares = {p.square for p in kinds(legal_plays(s), SHAFT_PLAY)}
    assert sq("2-4") not in squares and sq("1-5") not in squares  # beside the queen only
    assert sq("1-6") in squares  # beside the seven


def test_shaft_cards_are_five_to_ten_movement_two_to_four():
    s = build(START, hands=(["5S", "TS", "4S", "JS"], []), pawns=("2-7", "2-8"))
    plays = legal_plays(s)
    assert {card_of(p.card).rank for p in kinds(plays, SHAFT_PLAY)} == {5, 10}
    assert {card_of(p.card).rank for p in kinds(plays, MOVE_PLAY)} <= {4}
    assert not kinds(plays, LODE_PLAY)  # the only squares are next to entrances


# -- mother lodes --------------------------------------------------------------------------
def test_a_lode_goes_in_a_tunnel_of_its_suit_and_never_next_to_an_entrance():
    s = build(mine("1: . . . . . 8S 7S . . . . . . . . .", "2: . . . . . . ## ## . . . . . . . ."),
              hands=(["KS", "KH"], []), pawns=("1-7", "2-8"))
    plays = kinds(legal_plays(s), LODE_PLAY)
    assert {card_of(p.card) for p in plays} == {Card(13, 0)}  # no heart tunnel for the king of hearts
    # beside the spade shafts are 1-5, 2-6 and 1-8; 2-6 and 1-8 touch the entrances
    assert {p.square for p in plays} == {sq("1-5")}


def test_a_lode_may_sit_diagonally_to_an_entrance():
    s = build(mine("2: . . . . 8S 7S ## ## . . . . . . . ."), hands=(["KS"], []), pawns=("2-6", "2-8"))
    squares = {p.square for p in kinds(legal_plays(s), LODE_PLAY)}
    assert sq("1-6") in squares and sq("3-6") in squares  # katty-corner to 2-7: not "next to" it


def test_a_lode_is_followed_by_one_hop_but_never_onto_itself():
    s = build(mine("2: . . . . 8S 7S ## ## . . . . . . . ."), hands=(["AS"], []), pawns=("2-6", "2-8"))
    plays = [p for p in legal_plays(s) if p.square == sq("1-5")]
    assert {p.dest for p in plays} == {sq("2-5"), sq("2-7")}
    for p in plays:
        t = apply_play(s, p)
        assert t.pawn[0] == p.dest and t.face[sq("1-5")] == 0 and t.claim[sq("1-5")] == -1


def test_lode_points_jack_queen_king_ace():
    row = "2: . . . . . . ## ## 7H JH QH KH AH . . ."
    for name, points in (("2-A", 1), ("2-B", 2), ("2-C", 3), ("2-D", 4)):
        left = square_name(sq(name) - 1)  # the pawn stands beside the lode, lays a card, hops on
        s = build(mine(row), hands=([], ["5C"]), pawns=("2-7", left), turn=1)
        claim = [p for p in legal_plays(s) if p.dest == sq(name)][0]
        t = apply_play(s, claim)
        assert t.score == (0, points) and t.claim[sq(name)] == 1


# -- the pawn ------------------------------------------------------------------------------
def test_suits_change_only_through_an_entrance():
    s = build(mine("2: . . . . 7H 7S ## ## . . . . . . . ."), hands=(["9S"], []), pawns=("2-6", "2-8"))
    dests = {p.dest for p in kinds(legal_plays(s), SHAFT_PLAY)}
    assert dests == {sq("2-7")}  # not onto the seven of hearts beside it
    s2 = build(mine("2: . . . . . 7S ## ## 8H . . . . . . ."), hands=(["9S"], []), pawns=("2-6", "2-8"))
    assert {p.dest for p in kinds(legal_plays(s2), SHAFT_PLAY)} == {sq("2-7")}
    on_entrance = build(mine("2: . . . . . 7S ## ## 8H . . . . . . ."), hands=(["9S"], []), pawns=("2-8", "2-7"))
    assert {p.dest for p in kinds(legal_plays(on_entrance), SHAFT_PLAY)} == {sq("2-7"), sq("2-9")}


def test_the_pawn_may_not_step_onto_the_card_just_played():
    s = build(START, hands=(["5S"], []), pawns=("2-7", "2-8"))
    for p in kinds(legal_plays(s), SHAFT_PLAY):
        assert p.dest != p.square
    beside = [p for p in legal_plays(s) if p.square == sq("1-7")]
    assert {p.dest for p in beside} == {sq("2-8")}


def test_a_card_that_leaves_the_pawn_no_hop_cannot_be_laid():
    # the pawn stands (put there by a bump) on a spade lode between two hearts: no hop, so
    # the nine of spades cannot be laid; nothing else can be played, so it digs
    s = build(mine("1: . . . . . . . . . . 7H KS 8H . . .", "2: . . . . . . ## ## . . . . . . . ."),
              hands=(["9S"], []), pawns=("1-C", "2-8"))
    assert legal_plays(s) and all(p.kind == DIG_PLAY for p in legal_plays(s))


def test_movement_cards_walk_exactly_their_count_without_doubling_back():
    s = build(mine("1: #5C . . . . . . . . . . . . . . .", "2: . . . . 8S 7S ## ## 6H 7H 9H TH . . . ."),
              hands=(["2H", "3H", "4H"], []), pawns=("2-9", "1-1"))
    plays = kinds(legal_plays(s), MOVE_PLAY)
    by_card = {r: {p.dest for p in plays if card_of(p.card).rank == r} for r in (2, 3, 4)}
    assert by_card[2] == {sq("2-B"), sq("2-7")}  # never back to where it started
    assert by_card[3] == {sq("2-C"), sq("2-6")}  # through both entrances into the spades
    assert by_card[4] == {sq("2-5")}
    for p in plays:
        path = path_of(s, p)
        assert len(path) == card_of(p.card).rank and len(set(path)) == len(path) and s.pawn[0] not in path


def test_no_doubling_back_even_round_a_square_of_cards():
    # four hearts in a square: every walk of four would come back to its start
    s = build(mine("1: 6H 7H . . . . . . . . . . . . . .", "2: 8H 9H . . . . ## ## . . . . . . . ."),
              hands=(["4H", "2H"], []), pawns=("1-1", "2-8"))
    plays = kinds(legal_plays(s), MOVE_PLAY)
    assert {card_of(p.card).rank for p in plays} == {2}
    assert {p.dest for p in plays} == {sq("2-2")}


def test_a_movement_card_passes_the_other_pawn_and_goes_to_the_discard_pile():
    s = build(mine("2: . . . . . . ## ## 6H 7H 9H . . . . ."), hands=(["3H"], []), pawns=("2-8", "2-A"))
    (p,) = kinds(legal_plays(s), MOVE_PLAY)
    assert p.dest == sq("2-B") and sq("2-A") in path_of(s, p)
    t = apply_play(s, p)
    assert t.pawn == (sq("2-B"), sq("2-A"))  # passing over him bumps nothing
    assert t.discard[-1] == p.card and p.card not in t.hands[0]
    assert t.face == s.face  # nothing laid in the mine
    assert card_errors(t) == []


def test_a_walk_that_cannot_be_made_is_not_offered():
    s = build(START, hands=(["4S", "9S"], []), pawns=("2-7", "2-8"))
    assert not kinds(legal_plays(s), MOVE_PLAY)


def test_passing_over_a_lode_claims_nothing_landing_does():
    s = build(mine("1: #5C . . . . . . . . . . . . . . .", "2: . . . . . . ## ## 6H KH 9H 8H . . . ."),
              hands=(["3H", "2H"], []), pawns=("2-8", "1-1"))
    walk3 = [p for p in kinds(legal_plays(s), MOVE_PLAY) if card_of(p.card).rank == 3][0]
    t = apply_play(s, walk3)
    assert t.pawn[0] == sq("2-B") and t.score == (0, 0) and t.claim[sq("2-A")] == -1
    walk2 = [p for p in kinds(legal_plays(s), MOVE_PLAY) if card_of(p.card).rank == 2][0]
    assert walk2.dest == sq("2-A")
    t2 = apply_play(s, walk2)
    assert t2.score == (3, 0) and t2.claim[sq("2-A")] == 0


# -- claims --------------------------------------------------------------------------------
def test_a_claimed_lode_is_his_for_good_though_the_other_may_stand_on_it():
    s = build(mine("1: #5C . . . . . . . . . . . . . . .", "2: . . . . . . ## ## 6H KH1 9H . . . . ."),
              hands=(["2H"], ["5C"]), pawns=("2-8", "1-1"))
    assert s.score == (0, 3)
    walk = [p for p in legal_plays(s) if p.dest == sq("2-A")][0]
    t = apply_play(s, walk)
    assert t.pawn[0] == sq("2-A") and t.score == (0, 3) and t.claim[sq("2-A")] == 1
    assert points_now(s, walk) == 0


def test_reaching_the_game_point_wins_and_the_loser_pays_the_difference():
    s = build(mine("1: JC0 7C . . . . . . . . . . . . . .", "2: 6C . . . . . ## ## 7H AH . . . . . .",
                   "4: 5D KD1 QD1 JD1 . . . . . . . . . . . ."),
              hands=([], ["5S"]), pawns=("2-1", "2-9"), turn=1, options=Options(game_point=10))
    assert s.score == (1, 6)
    win = [p for p in legal_plays(s) if p.dest == sq("2-A")][0]
    t = apply_play(s, win)
    assert t.score == (1, 10) and t.winner == 1 and chips(t) == 9
    assert legal_plays(t) == []
    with pytest.raises(ValueError):
        draw(t)


# -- bumping -------------------------------------------------------------------------------
def test_landing_on_the_other_pawn_puts_it_on_any_card_the_bumper_chooses_or_leaves_it():
    s = build(START, hands=(["6D"], []), pawns=("2-7", "2-8"))
    plays = [p for p in legal_plays(s) if p.dest == sq("2-8")]
    assert plays
    laid = plays[0].square
    # every card in the mine after the play except the bumper's own square, or no bump at all
    assert {p.bump for p in plays if p.square == laid} == {sq("2-7"), laid, NO_BUMP}
    t = apply_play(s, [p for p in plays if p.square == laid and p.bump == laid][0])
    assert t.pawn == (sq("2-8"), laid)
    assert board_errors(t) == []
    # passed up: the two pawns share the card, and that is a legal position
    u = apply_play(s, [p for p in plays if p.square == laid and p.bump == NO_BUMP][0])
    assert u.pawn == (sq("2-8"), sq("2-8")) and board_errors(u) == []


def test_an_empty_square_is_never_a_bump_square():
    s = build(START, hands=(["6D"], []), pawns=("2-7", "2-8"))
    for p in legal_plays(s):
        if p.bump >= 0:
            assert s.face[p.bump] != EMPTY or p.bump == p.square


def test_without_bump_squares_a_search_gets_one_play_to_fill_in():
    s = build(START, hands=(["6D"], []), pawns=("2-7", "2-8"))
    later = [p for p in legal_plays(s, bumps=False) if p.bump == BUMP_LATER]
    assert later and all(p.dest == sq("2-8") for p in later)
    assert set(bump_squares(s, later[0])) == {sq("2-7"), later[0].square, NO_BUMP}


def test_a_bumped_pawn_claims_nothing_where_it_lands():
    s = build(mine("2: . . . . . . ## ## 6H KH . . . . . ."), hands=(["7D"], []), pawns=("2-7", "2-8"))
    p = [p for p in legal_plays(s) if p.dest == sq("2-8") and p.bump == sq("2-A")][0]
    t = apply_play(s, p)
    assert t.pawn[1] == sq("2-A") and t.claim[sq("2-A")] == -1 and t.score == (0, 0)


# -- entrances dug face down, and the last resort ------------------------------------------
def test_an_entrance_is_dug_only_when_no_card_can_be_played_face_up():
    board = mine("2: . . . . . 7S ## ## . . . . . . . .")
    able = build(board, hands=(["9S", "KD"], []), pawns=("2-7", "2-8"))
    assert not kinds(legal_plays(able), DIG_PLAY)
    # a king of diamonds alone: no diamond tunnel, no face-up play; dig beside the shaft card
    stuck = build(board, hands=(["KD"], []), pawns=("2-7", "2-8"))
    plays = legal_plays(stuck)
    assert plays and all(p.kind == DIG_PLAY for p in plays)
    assert {p.square for p in plays} == {sq("1-6"), sq("3-6"), sq("2-5")}
    t = apply_play(stuck, plays[0])
    assert t.face[plays[0].square] == DOWN and t.pawn == stuck.pawn and t.turn == 1  # no hop
    assert board_errors(t) == []


def test_an_entrance_may_be_dug_beside_a_mother_lode_too():
    # the spade tunnel is capped by its king: no square is next to a shaft card but 1-6 and
    # 3-6, yet the squares round the king take an entrance as well (a lode is the last card
    # of its tunnel); squares next to nothing but an entrance take none
    board = mine("2: . . . . KS 7S ## ## . . . . . . . .")
    stuck = build(board, hands=(["KD"], []), pawns=("2-7", "2-8"))
    plays = legal_plays(stuck)
    assert plays and all(p.kind == DIG_PLAY for p in plays)
    assert {p.square for p in plays} == {sq("1-6"), sq("3-6"), sq("1-5"), sq("3-5"), sq("2-4")}
    t = apply_play(stuck, [p for p in plays if p.square == sq("2-4")][0])
    assert t.face[sq("2-4")] == DOWN and board_errors(t) == []


def test_a_mine_whose_ends_are_all_capped_is_opened_again_by_digging():
    # every square next to an entrance holds a shaft card and every other square next to a
    # shaft card a lode of its suit: nothing can be laid face up, yet the mine is not shut,
    # because the miner digs beside a lode, and the new entrance takes a shaft of any suit
    rows = ["1: . . . . . QS 7S 7H QH . . . . . . .",
            "3: . . . . . JS 8S 8H JH . . . . . . .",
            "4: . . . . . . AS AH . . . . . . . ."]
    board = mine("2: . . . . KS 6S ## ## 9H KH . . . . . .", *rows)
    stuck = build(board, hands=(["5D"], []), pawns=("2-7", "2-8"))
    assert board_errors(stuck) == [] and not mine_shut(stuck.face)
    digs = legal_plays(stuck)
    assert digs and all(p.kind == DIG_PLAY for p in digs)
    opened = apply_play(stuck, [p for p in digs if p.square == sq("2-4")][0])
    again = build(mine("2: . . . ## KS 6S ## ## 9H KH . . . . . .", *rows), hands=(["5D"], []), pawns=("2-7", "2-8"))
    assert again.face == opened.face
    assert {p.square for p in legal_plays(again) if p.kind == SHAFT_PLAY} == {sq("1-4"), sq("3-4"), sq("2-3")}


def test_only_a_full_mine_is_shut():
    full = build("\n".join(" ".join(["##"] * 16) for _ in range(4)), hands=(["5D"], []), pawns=("2-7", "2-8"))
    assert mine_shut(full.face)
    assert {p.kind for p in legal_plays(full)} == {DISCARD_PLAY}


def test_with_no_play_at_all_a_card_is_thrown_away():
    s = build(START, hands=(["KD", "QH"], []), pawns=("2-7", "2-8"))  # no shaft card anywhere
    plays = legal_plays(s)
    assert {p.kind for p in plays} == {DISCARD_PLAY} and {card_of(p.card).rank for p in plays} == {12, 13}
    t = apply_play(s, plays[0])
    assert t.discard[-1] == plays[0].card and len(t.hands[0]) == 1 and t.turn == 1
    assert card_errors(t) == []


def test_an_illegal_play_is_refused():
    s = build(START, hands=(["5S"], []), pawns=("2-7", "2-8"))
    with pytest.raises(IllegalPlay):
        play_checked(s, Play(SHAFT_PLAY, c(0, "5S"), sq("4-1"), sq("2-8")))
    play_checked(s, legal_plays(s)[0])


# -- whole games ---------------------------------------------------------------------------
def _check(state):
    assert card_errors(state) == [], describe(state)
    assert board_errors(state) == [], describe(state)


@pytest.mark.parametrize("seed", range(12))
def test_cards_are_conserved_and_the_board_legal_after_every_move(seed):
    options = Options(dealt=1 + seed % 9, entrances=(2, 4, 6)[seed % 3], game_point=10 + 7 * seed,
                      open_hands=bool(seed % 2))
    final = play_game((random_player, greedy_player) if seed % 2 else (greedy_player, random_player),
                      seed, options, check=_check)
    assert final.winner != PLAYING
    if final.winner == TIE:  # the decks were used up, or nobody could reach game point any more
        assert (not final.decks[0] + final.decks[1] + final.hands[0] + final.hands[1]) or settled(final)
    else:
        assert final.score[final.winner] >= options.game_point


def test_every_generated_play_is_legal_and_hands_never_pass_ten_cards():
    seen = set()

    def check(state):
        if state.drawn:
            assert len(state.hands[state.turn]) <= 10
            for p in legal_plays(state):
                seen.add(p.kind)
                apply_play(state, p)  # every generated play applies cleanly

    for seed in range(3):
        play_game((random_player, random_player), 100 + seed, Options(dealt=9), check=check)
    assert seen >= {SHAFT_PLAY, LODE_PLAY, MOVE_PLAY}
