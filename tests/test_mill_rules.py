"""Rules of Tommy's Mill: board, placing, moving, mills, captures, losing, options, game record.

The move generator is checked against a deliberately naive second implementation written
here from the board description (point lists, dicts, no bit masks), on fixed and random
positions, and perft counts are pinned once both agree.
"""

import random

import pytest

from vconsole_programs.mill import rules
from vconsole_programs.mill.rules import (
    BLACK,
    DECLINE,
    MOVE_BUFFER_SIZE,
    WHITE,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    Options,
    Position,
    apply,
    capturable,
    legal_moves,
    mask_of,
    winner,
)

# The board as the task describes it (rows, then columns).
ROWS = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15), (16, 17, 18),
        (19, 20, 21), (22, 23, 24)]
COLS = [(1, 10, 22), (4, 11, 19), (7, 12, 16), (2, 5, 8), (17, 20, 23), (9, 13, 18),
        (6, 14, 21), (3, 15, 24)]
SEGS = ROWS + COLS


# --- a naive reference implementation ------------------------------------------------------

def ref_neighbours(p):
    out = set()
    for s in SEGS:
        if p in s:
            i = s.index(p)
            if i > 0:
                out.add(s[i - 1])
            if i < 2:
                out.add(s[i + 1])
    return out


def ref_in_mill(board, p):
    c = board.get(p)
    return any(p in s and all(board.get(q) == c for q in s) for s in SEGS)


def ref_legal(board, turn, hand, opts):
    """board: {point: 0/1}; hand: [white, black]. Returns a set of (frm, to, capture)."""
    opp = 1 - turn
    def total(c):
        return sum(1 for v in board.values() if v == c) + hand[c]
    if total(turn) < 3 or total(opp) < 3:
        return set()
    empties = [p for p in range(1, 25) if p not in board]
    mine = [p for p, c in board.items() if c == turn]
    theirs = [p for p, c in board.items() if c == opp]
    steps = []
    if hand[turn]:
        steps = [(None, t) for t in empties]
    else:
        jump = opts.kiddie and len(mine) == 3
        for f in mine:
            for t in empties:
                if jump or t in ref_neighbours(f):
                    steps.append((f, t))
    out = set()
    for f, t in steps:
        b2 = dict(board)
        if f is not None:
            del b2[f]
        b2[t] = turn
        if ref_in_mill(b2, t):
            unprotected = [q for q in theirs if not ref_in_mill(b2, q)]
            if unprotected:
                caps = unprotected
            elif len(theirs) == 3 and hand[opp] == 0 and opts.take_from_mill_when_only_three:
                caps = theirs
            else:
                caps = []
            for q in caps:
                out.add((f, t, q))
            out.add((f, t, 0))
        else:
            out.add((f, t, None))
    return out


def ref_apply(board, turn, hand, mv):
    f, t, c = mv
    b2 = dict(board)
    h2 = list(hand)
    if f is None:
        h2[turn] -= 1
    else:
        del b2[f]
    b2[t] = turn
    if c:
        del b2[c]
    return b2, 1 - turn, h2


def ref_perft(board, turn, hand, opts, depth):
    moves = ref_legal(board, turn, hand, opts)
    if depth == 1:
        return len(moves)
    return sum(ref_perft(*ref_apply(board, turn, hand, m), opts, depth - 1) for m in moves)


def perft(pos, depth):
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(pos, m), depth - 1) for m in moves)


def to_board(pos):
    return {p: c for p in range(1, 25) if (c := pos.at(p)) is not None}


def random_position(rng, opts=Options()):
    """A random legal-looking position: random counts, random points, random side/hands."""
    pts = list(range(1, 25))
    rng.shuffle(pts)
    hand = [rng.choice([0, 0, 0, 1, 3, 6]) for _ in range(2)]
    nw = rng.randint(2, 9 - hand[0])
    nb = rng.randint(2, 9 - hand[1])
    return Position.from_points(pts[:nw], pts[nw:nw + nb], rng.randint(0, 1), tuple(hand), opts)


# --- board ---------------------------------------------------------------------------------

def test_board_has_24_points_16_segments_and_no_diagonals():
    assert len(rules.SEGMENTS) == 16
    assert sorted(map(tuple, rules.SEGMENTS)) == sorted(SEGS)
    for p in range(1, 25):
        assert set(rules.NEIGHBOURS[p]) == ref_neighbours(p)
        assert len(rules.MILLS_AT[p]) == 2
        for q in rules.NEIGHBOURS[p]:
            assert p in rules.NEIGHBOURS[q]
    assert 4 not in rules.NEIGHBOURS[1] and 9 not in rules.NEIGHBOURS[6]  # the old diagonals
    assert sorted(len(rules.NEIGHBOURS[p]) for p in range(1, 25)) == [2] * 12 + [3] * 8 + [4] * 4


# --- placing -------------------------------------------------------------------------------

# 18 placements (white, black, white, ...) that close no mill.
QUIET_PLACING = [11, 2, 16, 7, 23, 24, 9, 8, 15, 18, 17, 6, 12, 4, 22, 1, 3, 14]


def test_white_places_first_on_any_of_24_points():
    pos = Position.start()
    assert pos.turn == WHITE and pos.in_hand == (9, 9)
    moves = legal_moves(pos)
    assert sorted(m.to for m in moves) == list(range(1, 25))
    assert all(m.frm is None and m.capture is None for m in moves)


def test_nine_placing_rounds_then_moving():
    order = QUIET_PLACING
    pos = Position.start()
    for i, p in enumerate(order):
        assert pos.turn == i % 2
        assert pos.placing
        mv = Move(None, p, None)
        assert mv in legal_moves(pos)
        pos = apply(pos, mv)
    assert pos.in_hand == (0, 0) and pos.turn == WHITE and not pos.placing
    moves = legal_moves(pos)
    assert moves and all(m.frm is not None for m in moves)
    for m in moves:
        assert pos.at(m.frm) == WHITE and pos.at(m.to) is None
        assert m.to in rules.NEIGHBOURS[m.frm]


def test_placing_into_occupied_point_is_illegal():
    pos = apply(Position.start(), Move(None, 5))
    with pytest.raises(IllegalMoveError):
        apply(pos, Move(None, 5))


# --- mills and captures --------------------------------------------------------------------

def test_placing_a_mill_offers_every_unprotected_capture_and_declining():
    pos = Position.from_points([1, 2], [10, 11, 12, 20], WHITE, (7, 5))
    at3 = {m.capture for m in legal_moves(pos) if m.to == 3}
    # 10-11-12 is a black mill: only 20 is unprotected
    assert at3 == {20, DECLINE}
    took = apply(pos, Move(None, 3, 20))
    assert took.at(20) is None and took.black.bit_count() == 3
    kept = apply(pos, Move(None, 3, DECLINE))
    assert kept.at(20) == BLACK and kept.at(3) == WHITE


def test_move_closing_a_mill_must_say_capture_or_decline():
    pos = Position.from_points([1, 2], [20, 21, 16], WHITE, (7, 6))
    with pytest.raises(IllegalMoveError):
        apply(pos, Move(None, 3, None))
    with pytest.raises(IllegalMoveError):
        apply(pos, Move(None, 9, 20))  # no mill: nothing to take


def test_only_a_newly_formed_mill_captures():
    # white already has the mill 1-2-3; placing elsewhere captures nothing
    pos = Position.from_points([1, 2, 3], [20, 21, 16], WHITE, (6, 6))
    assert all(m.capture is None for m in legal_moves(pos))


def test_reopened_and_closed_mill_counts_again():
    pos = Position.from_points([1, 2, 3, 7, 16], [20, 21, 18, 13, 5], WHITE, (0, 0))
    opened = apply(pos, Move(3, 15, None))
    back = apply(opened, Move(21, 14, None))
    caps = {m.capture for m in legal_moves(back) if m.frm == 15 and m.to == 3}
    assert caps == {20, 18, 13, 5, 14, DECLINE}


def test_closing_two_mills_at_once_takes_one_piece():
    # placing on 1 closes both 1-2-3 and 1-10-22
    placing = Position.from_points([2, 3, 10, 22], [8, 15, 19, 20], WHITE, (5, 5))
    at1 = [m for m in legal_moves(placing) if m.to == 1]
    assert {m.capture for m in at1} == {8, 15, 19, 20, DECLINE}
    after = apply(placing, Move(None, 1, 8))
    assert after.black.bit_count() == 3  # one piece, not two


def test_pieces_in_mills_are_protected_while_others_exist():
    victim = mask_of([1, 2, 3, 20])
    assert capturable(victim, 0, Options()) == mask_of([20])


def test_pieces_in_mills_stay_protected_even_when_all_stand_in_mills():
    # MILL.DOC rule 2 protects every piece of a mill; its only exception is the option
    # for a mill that is all the opponent has left (next test)
    victim = mask_of([1, 2, 3, 22, 23, 24])
    assert capturable(victim, 0, Options()) == 0
    assert capturable(victim, 3, Options()) == 0
    assert capturable(victim, 0, Options(take_from_mill_when_only_three=True)) == 0


def test_last_three_in_a_mill_protected_unless_option():
    victim = mask_of([1, 2, 3])
    assert capturable(victim, 0, Options()) == 0
    assert capturable(victim, 0, Options(take_from_mill_when_only_three=True)) == victim
    # three on the board but more in hand: not "the only three left", so still protected
    assert capturable(victim, 2, Options()) == 0
    assert capturable(victim, 2, Options(take_from_mill_when_only_three=True)) == 0

    pos = Position.from_points([7, 8, 13, 18], [1, 2, 3], WHITE, (0, 0))
    closing = [m for m in legal_moves(pos) if m.frm == 13 and m.to == 9]
    assert [m.capture for m in closing] == [DECLINE]
    opt = Position.from_points([7, 8, 13, 18], [1, 2, 3], WHITE, (0, 0),
                               Options(take_from_mill_when_only_three=True))
    closing = [m for m in legal_moves(opt) if m.frm == 13 and m.to == 9]
    assert {m.capture for m in closing} == {1, 2, 3, DECLINE}
    assert winner(apply(opt, Move(13, 9, 2))) == WHITE


# --- losing ---------------------------------------------------------------------------------

def test_reduced_to_two_pieces_loses():
    pos = Position.from_points([7, 8, 13, 18], [1, 2, 22], WHITE, (0, 0))
    after = apply(pos, Move(13, 9, 22))
    assert after.material(BLACK) == 2
    assert winner(after) == WHITE and legal_moves(after) == []
    assert rules.result(after) == "white" and rules.result(pos) is None


def test_pieces_in_hand_count_towards_the_three():
    # two on the board but two more to place: not lost
    pos = Position.from_points([1, 2, 5, 9], [20, 23], BLACK, (3, 2))
    assert winner(pos) is None and legal_moves(pos)
    # and a capture that leaves 1 on board + 1 in hand loses
    pos = Position.from_points([1, 2, 9, 16], [20, 23], WHITE, (2, 1))
    after = apply(pos, Move(None, 3, 20))
    assert after.material(BLACK) == 2 and winner(after) == WHITE


def test_a_player_who_cannot_move_loses():
    # black's 1, 2, 3 are shut in by white on 10, 5, 15 (with 4/6 irrelevant: no diagonals)
    pos = Position.from_points([10, 5, 15, 20], [1, 2, 3], BLACK, (0, 0))
    assert legal_moves(pos) == []
    assert winner(pos) == WHITE
    # the same board with white to move is not decided
    assert winner(Position.from_points([10, 5, 15, 20], [1, 2, 3], WHITE, (0, 0))) is None


def test_blocked_side_with_kiddie_and_three_pieces_can_jump():
    pos = Position.from_points([10, 5, 15, 20], [1, 2, 3], BLACK, (0, 0), Options(kiddie=True))
    moves = legal_moves(pos)
    assert len(moves) == 3 * 17
    assert winner(pos) is None


def test_kiddie_only_at_exactly_three_pieces():
    opts = Options(kiddie=True)
    four = Position.from_points([1, 5, 9, 20], [3, 13, 17], WHITE, (0, 0), opts)
    assert all(m.to in rules.NEIGHBOURS[m.frm] for m in legal_moves(four))
    three = Position.from_points([1, 9, 20], [3, 13, 17, 22], WHITE, (0, 0), opts)
    assert {m.to for m in legal_moves(three) if m.frm == 1} == set(range(1, 25)) - {1, 9, 20, 3, 13, 17, 22}
    no_kiddie = Position.from_points([1, 9, 20], [3, 13, 17, 22], WHITE, (0, 0))
    assert {m.to for m in legal_moves(no_kiddie) if m.frm == 1} == {2, 10}


# --- against the reference -----------------------------------------------------------------

@pytest.mark.parametrize("opts", [Options(), Options(kiddie=True),
                                  Options(take_from_mill_when_only_three=True),
                                  Options(True, True)])
def test_move_generator_matches_naive_reference_on_random_positions(opts):
    rng = random.Random(repr(opts))
    for _ in range(400):
        pos = random_position(rng, opts)
        ref = ref_legal(to_board(pos), pos.turn, list(pos.in_hand), opts)
        got = {(m.frm, m.to, m.capture) for m in legal_moves(pos)}
        assert got == ref, pos
        for m in legal_moves(pos)[:5]:
            b, t, h = ref_apply(to_board(pos), pos.turn, list(pos.in_hand), (m.frm, m.to, m.capture))
            after = apply(pos, m)
            assert to_board(after) == b and after.turn == t and list(after.in_hand) == h


# Perft counts, each computed by both generators (the test checks they still agree).
PERFT = [
    ("start", Position.start(), 3, 12_144),
    ("placing-mills", Position.from_points([1, 2, 10, 17], [5, 14, 20], WHITE, (5, 6)), 4, 130_144),
    ("moving", Position.from_points([1, 2, 10, 5, 14, 20, 16], [3, 4, 11, 15, 21, 23, 17], WHITE, (0, 0)), 5, 64_303),
    ("kiddie", Position.from_points([1, 9, 20], [3, 13, 17, 22], WHITE, (0, 0), Options(kiddie=True)), 3, 21_630),
]


@pytest.mark.parametrize("name,pos,depth,count", PERFT, ids=[p[0] for p in PERFT])
def test_perft(name, pos, depth, count):
    assert perft(pos, depth) == count
    assert ref_perft(to_board(pos), pos.turn, list(pos.in_hand), pos.options, depth) == count


# --- game record ---------------------------------------------------------------------------

def _play_random(game, rng, plies):
    for _ in range(plies):
        if game.result() is not None:
            break
        game.play(rng.choice(legal_moves(game.position)))


def test_backstep_and_undo_backstep():
    g = Game()
    _play_random(g, random.Random(5), 10)
    positions = []
    replay = Position.start()
    for m in g.moves:
        positions.append(replay)
        replay = apply(replay, m)
    end = g.position
    assert g.backstep() and g.backstep()
    assert g.pointer == 8 and g.position == positions[8]
    assert g.forward() and g.position == positions[9]
    assert g.forward() and g.position == end
    assert not g.forward()
    while g.backstep():
        pass
    assert g.pointer == 0 and g.position == Position.start()
    assert len(g.moves) == 10


def test_playing_after_backstep_branches_the_record():
    g = Game()
    _play_random(g, random.Random(6), 6)
    for _ in range(3):
        g.backstep()
    alt = [m for m in legal_moves(g.position) if m != g.moves[3]][0]
    g.play(alt)
    assert g.pointer == 4 and len(g.moves) == 4 and g.moves[3] == alt
    assert not g.forward()


def test_illegal_move_leaves_the_game_untouched():
    g = Game()
    g.play(Move(None, 5))
    with pytest.raises(IllegalMoveError):
        g.play(Move(None, 5))
    assert g.pointer == 1 and len(g.moves) == 1


def test_finished_game_refuses_moves_until_backstepped():
    g = Game()
    rng = random.Random(7)
    while g.result() is None:
        g.play(rng.choice(legal_moves(g.position)))
    assert g.result() in ("white", "black")
    with pytest.raises(GameOverError):
        g.play(Move(None, 1))
    g.backstep()
    assert g.result() is None
    g.forward()
    assert g.result() in ("white", "black")


def test_full_move_buffer_is_a_draw():
    assert MOVE_BUFFER_SIZE == 200
    g = Game(buffer_size=30)
    for p in QUIET_PLACING:
        g.play(Move(None, p))
    # then both sides shuffle a piece back and forth
    shuffle = [Move(9, 13), Move(1, 10), Move(13, 9), Move(10, 1)]
    i = 0
    while g.pointer < 30:
        assert g.result() is None
        g.play(shuffle[i % 4])
        i += 1
    assert g.result() == "draw"
    with pytest.raises(GameOverError):
        g.play(shuffle[i % 4])
