"""The Mill computer player: legal at every level, exact against plain minimax, stoppable,
and strong enough to beat a random mover every time."""

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from vconsole_programs.mill import ai, symmetry
from vconsole_programs.mill.ai import MATE_ZONE, WIN, choose_move, evaluate, search
from vconsole_programs.mill.rules import (
    BLACK,
    COLOR_NAMES,
    DECLINE,
    WHITE,
    Game,
    Move,
    Options,
    Position,
    apply,
    legal_moves,
    winner,
)


def _random_positions(seed, count, min_ply=0, max_ply=60, opts=None):
    opts = Options() if opts is None else opts
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game(opts)
        stop = rng.randint(min_ply, max_ply)
        while g.result() is None and g.pointer < stop:
            g.play(rng.choice(legal_moves(g.position)))
        if g.result() is None:
            out.append(g.position)
    return out


# --- legality --------------------------------------------------------------------------------

@pytest.mark.parametrize("level", range(0, 7))
def test_every_level_plays_legal_moves_on_random_positions(level):
    for i, pos in enumerate(_random_positions(100 + level, 8, min_ply=4, max_ply=50)):
        move = choose_move(pos, level, rng=random.Random(i))
        assert move in legal_moves(pos)


@pytest.mark.parametrize("level", [7, 8, 9])
def test_deep_levels_play_legal_moves(level):
    # late placing and moving positions keep the full-depth searches short
    for i, pos in enumerate(_random_positions(200 + level, 3, min_ply=16, max_ply=40)):
        move = choose_move(pos, level, rng=random.Random(i))
        assert move in legal_moves(pos)


@pytest.mark.parametrize("opts", [Options(kiddie=True), Options(take_from_mill_when_only_three=True)])
def test_options_respected_by_search(opts):
    for i, pos in enumerate(_random_positions(300, 10, min_ply=20, max_ply=80, opts=opts)):
        assert choose_move(pos, 4, rng=random.Random(i)) in legal_moves(pos)


def test_stopped_search_still_returns_a_legal_move_fast():
    polls = []

    def stop():
        polls.append(1)
        return len(polls) >= 3  # "Esc" after a few hundred nodes

    pos = Position.start()
    seen = []
    move = search(pos, 9, rng=random.Random(0), should_stop=stop, on_best=lambda m, d, s: seen.append(m))
    assert move in legal_moves(pos)
    assert len(polls) == 3
    assert seen and seen[-1] == move


def test_on_best_reports_every_change_and_ends_on_the_move_played():
    for i, pos in enumerate(_random_positions(7, 6, min_ply=6, max_ply=40)):
        seen = []
        move = search(pos, 5, rng=random.Random(i), on_best=lambda m, d, s, seen=seen: seen.append((m, d)))
        assert seen and seen[-1][0] == move
        assert all(a[0] != b[0] for a, b in zip(seen, seen[1:]))  # only changes are reported
        assert [d for _, d in seen] == sorted(d for _, d in seen)
        assert all(m in legal_moves(pos) for m, _ in seen)


def test_rng_varies_choice_among_equal_moves():
    picks = {choose_move(Position.start(), 1, rng=random.Random(s)) for s in range(20)}
    assert len(picks) > 1
    assert choose_move(Position.start(), 3, rng=random.Random(4)) == \
        choose_move(Position.start(), 3, rng=random.Random(4))


# --- exactness ---------------------------------------------------------------------------------

def reference(pos, depth, ply=0):
    """Plain minimax over every legal move (declining included) with the search's scoring
    conventions and no pruning, no table."""
    moves = legal_moves(pos)
    if not moves:
        return ply - WIN
    me = pos.turn
    best = -WIN - 1
    for m in moves:
        child = apply(pos, m)
        if m.capture and child.material(1 - me) < 3:
            score = WIN - ply - 1
        elif depth == 1:
            score = -evaluate(child.pieces(1 - me), child.pieces(me), child.in_hand[1 - me],
                              child.in_hand[me], pos.options.kiddie)
            if score > MATE_ZONE:
                score = WIN - ply - 1
        else:
            score = -reference(child, depth - 1, ply + 1)
        best = max(best, score)
    return best


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_search_score_equals_plain_minimax(depth):
    """Alpha-beta, the table, PVS and move ordering must not change the value."""
    count = {1: 12, 2: 10, 3: 6, 4: 2}[depth]
    positions = _random_positions(40 + depth, count, min_ply=14, max_ply=70)
    positions += _random_positions(50 + depth, 2 if depth < 4 else 1, min_ply=30, max_ply=80,
                                   opts=Options(kiddie=True))
    for i, pos in enumerate(positions):
        stats = {}
        move = search(pos, depth, rng=random.Random(i), stats=stats)
        want = reference(pos, depth)
        assert stats["score"] == want, (pos, depth)
        # and the move played achieves it
        if abs(want) < MATE_ZONE:
            child = apply(pos, move)
            if depth == 1:
                got = -evaluate(child.pieces(1 - pos.turn), child.pieces(pos.turn),
                                child.in_hand[1 - pos.turn], child.in_hand[pos.turn], pos.options.kiddie)
            else:
                got = -reference(child, depth - 1, 1)
            assert got == want


def test_zobrist_key_is_symmetric_to_the_move_order():
    a = Position.start()
    for p in (5, 11, 14):
        a = apply(a, Move(None, p))
    b = Position.start()
    for p in (14, 11, 5):
        b = apply(b, Move(None, p))
    assert a == b and ai.zobrist_key(a) == ai.zobrist_key(b)
    assert ai.zobrist_key(a) != ai.zobrist_key(Position(a.white, a.black, WHITE, a.in_hand))
    swapped = Position(a.black, a.white, a.turn, (a.in_hand[1], a.in_hand[0]))
    assert ai.zobrist_key(a) != ai.zobrist_key(swapped)


def test_symmetries_map_mills_onto_mills():
    from vconsole_programs.mill.rules import MILL_MASKS
    assert len(set(symmetry.SYMMETRIES)) == 16
    for g in symmetry.SYMMETRIES:
        assert {symmetry.map_mask(g, m) for m in MILL_MASKS} == set(MILL_MASKS)


# --- tactics ---------------------------------------------------------------------------------

def test_takes_the_winning_piece():
    pos = Position.from_points([7, 8, 13, 18, 22], [1, 2, 20], WHITE, (0, 0))
    # 13 -> 9 closes 7-8-9 and 8 -> 9 closes 9-13-18: either takes black's third-last piece
    for level in (1, 2, 5):
        move = choose_move(pos, level, rng=random.Random(0))
        assert winner(apply(pos, move)) == WHITE


def test_blocks_an_open_line_while_placing():
    # black threatens 4-5-6 at 6; white must place there
    pos = Position.from_points([1, 20], [4, 5], WHITE, (7, 7))
    for level in (2, 3, 4):
        assert choose_move(pos, level, rng=random.Random(level)).to == 6


def test_shuts_in_a_blockable_opponent():
    # black's 1, 2, 3 can only escape via 15 (2 -> 5 and 1 -> 10 are taken): 24 -> 15 wins
    pos = Position.from_points([10, 5, 24, 20, 22], [1, 2, 3], WHITE, (0, 0))
    assert choose_move(pos, 2, rng=random.Random(0)) == Move(24, 15)


def test_level_range_checked():
    with pytest.raises(ValueError):
        choose_move(Position.start(), 10, rng=random.Random(0))


# --- strength --------------------------------------------------------------------------------

def _game_vs_random(seed):
    """Level 6 against a seeded random mover; the computer takes white on even seeds.

    Draw rule: the game stops at the move buffer limit (the record's draw), which counts
    as not winning.
    """
    rng = random.Random(seed)
    ai_color = WHITE if seed % 2 == 0 else BLACK
    g = Game()
    while g.result() is None:
        pos = g.position
        if pos.turn == ai_color:
            g.play(choose_move(pos, 6, rng=rng))
        else:
            g.play(rng.choice(legal_moves(pos)))
    return seed, g.result() == COLOR_NAMES[ai_color], g.pointer


@pytest.mark.slow
def test_level_6_beats_a_random_mover_in_all_50_games():
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_game_vs_random, range(50)))
    lost = [(seed, plies) for seed, won, plies in results if not won]
    assert not lost


# --- evaluation ----------------------------------------------------------------------------

def test_mill_features_match_a_loop_over_the_mills():
    from vconsole_programs.mill.rules import FULL, MILL_MASKS
    for pos in _random_positions(11, 200, min_ply=2, max_ply=80):
        me, opp = pos.pieces(pos.turn), pos.pieces(1 - pos.turn)
        empty = FULL ^ me ^ opp
        want = [0, 0, 0, 0, 0, 0]
        for m in MILL_MASKS:
            a, b = me & m, opp & m
            if a == m:
                want[2] |= m
                want[4] += 1
            if b == m:
                want[3] |= m
                want[5] += 1
            if not b and a.bit_count() == 2:
                want[0] |= m & empty
            if not a and b.bit_count() == 2:
                want[1] |= m & empty
        assert list(ai.mill_features(me, opp)) == want


def test_evaluation_is_the_same_under_every_board_symmetry():
    for opts in (Options(), Options(kiddie=True)):
        for pos in _random_positions(12, 60, min_ply=2, max_ply=80, opts=opts):
            me, opp = pos.pieces(pos.turn), pos.pieces(1 - pos.turn)
            hm, ho = pos.in_hand[pos.turn], pos.in_hand[1 - pos.turn]
            base = evaluate(me, opp, hm, ho, opts.kiddie)
            for g in symmetry.SYMMETRIES:
                assert evaluate(symmetry.map_mask(g, me), symmetry.map_mask(g, opp), hm, ho, opts.kiddie) == base


def test_evaluation_sees_a_shut_in_side_to_move_as_lost():
    pos = Position.from_points([10, 5, 15, 20], [1, 2, 3], BLACK, (0, 0))
    assert evaluate(pos.black, pos.white, 0, 0, False) < -MATE_ZONE
    assert evaluate(pos.black, pos.white, 0, 0, True) > -MATE_ZONE  # kiddie: black jumps


def test_more_material_scores_higher():
    from vconsole_programs.mill.rules import mask_of
    even = evaluate(mask_of([1, 5, 9, 20]), mask_of([3, 13, 17, 22]), 0, 0, False)
    up = evaluate(mask_of([1, 5, 9, 20, 11]), mask_of([3, 13, 17, 22]), 0, 0, False)
    assert up > even + 50
    assert evaluate(mask_of([5]), mask_of([20]), 8, 7, False) > evaluate(mask_of([5]), mask_of([20]), 7, 8, False)


# --- one rule, one place: the search's moves are the rules' moves ------------------------------

def _all_in_mills_positions(seed, count, opts=None):
    """Positions (both phases) where every piece of one side stands in a mill."""
    opts = Options() if opts is None else opts
    from vconsole_programs.mill.rules import SEGMENTS, mask_of
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        mills = rng.sample([mask_of(s) for s in SEGMENTS], rng.randint(1, 2))
        a = 0
        for m in mills:
            a |= m
        free = [p for p in range(1, 25) if not a >> (p - 1) & 1]
        b = mask_of(rng.sample(free, rng.randint(3, 9)))
        if a.bit_count() > 9:
            continue
        ha = rng.randint(0, 9 - a.bit_count()) if rng.random() < 0.5 else 0
        hb = rng.randint(0, 9 - b.bit_count()) if ha else 0
        if rng.random() < 0.5:
            pos = Position(a, b, rng.randint(0, 1), (ha, hb), opts)
        else:
            pos = Position(b, a, rng.randint(0, 1), (hb, ha), opts)
        out.append(pos)
    return out


ISSUE_14 = Position.from_points([4, 5, 11, 14, 20], [1, 2, 3, 22, 23, 24], WHITE, (0, 0))


@pytest.mark.parametrize("opts", [Options(), Options(kiddie=True), Options(take_from_mill_when_only_three=True)])
def test_search_generates_exactly_the_legal_moves(opts):
    positions = _random_positions(60, 150, min_ply=0, max_ply=90, opts=opts)
    positions += _all_in_mills_positions(61, 150, opts)
    positions.append(ISSUE_14)
    in_mills_capture_refused = 0
    for pos in positions:
        want = legal_moves(pos)
        for root in (True, False):
            got = ai.generate(pos, root)
            assert len(got) == len(set(got)), pos
            assert set(got) == set(want), (pos, root)
        in_mills_capture_refused += any(m.capture == DECLINE for m in want) and not any(m.capture for m in want)
    assert in_mills_capture_refused > 10  # the case of issue 14 is really exercised


@pytest.mark.parametrize("level", [1, 2, 5, 9])
def test_issue_14_position_every_piece_in_mills(level):
    # White 14 -> 6 closes 4-5-6, but every black piece stands in a mill: the only
    # mill-closing choice is to decline, and every move shown while thinking is legal too
    seen = []
    move = choose_move(ISSUE_14, level, rng=random.Random(level), on_best=lambda m, d, s: seen.append(m))
    legal = legal_moves(ISSUE_14)
    assert move in legal
    assert seen and all(m in legal for m in seen)


def test_moves_shown_while_thinking_are_legal_in_both_phases():
    for i, pos in enumerate(_all_in_mills_positions(62, 12)):
        if not legal_moves(pos):
            continue
        seen = []
        move = choose_move(pos, 3, rng=random.Random(i), on_best=lambda m, d, s, seen=seen: seen.append(m))
        legal = legal_moves(pos)
        assert move in legal and all(m in legal for m in seen), pos


# --- level 9: the placing book, the node budget, variety ------------------------------------------

def test_book_entries_are_canonical_legal_and_cover_the_first_plies():
    from vconsole_programs.mill import book
    from vconsole_programs.mill.symmetry import canonical
    entries = book.entries()
    per_ply = {}
    for (w, b, turn), (depth, _value, points) in entries.items():
        assert canonical(w, b)[:2] == (w, b)
        nw, nb = w.bit_count(), b.bit_count()
        assert nw - nb == turn and depth >= 10 and points
        pos = Position(w, b, turn, (9 - nw, 9 - nb))
        assert {Move(None, p) for p in points} <= set(legal_moves(pos))
        per_ply[nw + nb] = per_ply.get(nw + nb, 0) + 1
    # every placing position of the first plies, one per set of mirror images
    assert [per_ply.get(p) for p in range(4)] == [1, 4, 46, 428]


def test_book_answers_every_mirror_image_of_a_position():
    from vconsole_programs.mill import book
    from vconsole_programs.mill.symmetry import SYMMETRIES, map_mask
    pos = Position.from_points([2, 17], [5], BLACK, (7, 8))
    base = book.moves(pos)
    assert base
    for g in SYMMETRIES:
        image = Position(map_mask(g, pos.white), map_mask(g, pos.black), BLACK, (7, 8))
        assert book.moves(image) == sorted(Move(None, g[m.to - 1] + 1) for m in base)


def test_level_9_opens_from_the_book_at_once():
    polls = []
    seen = []
    move = choose_move(Position.start(), 9, rng=random.Random(0), on_best=lambda m, d, s: seen.append(m),
                       should_stop=lambda: polls.append(1) or False)
    assert move.to in (5, 11, 14, 20) and seen == [move] and not polls


def test_level_9_varies_beyond_mirror_images():
    # White on 2: Black's best replies by the book are 1, 3, 5, 7, 8, 9 (1/3 and 7/9 are mirrors)
    from vconsole_programs.mill import book
    pos = Position.from_points([2], [], BLACK, (8, 9))
    assert {m.to for m in book.moves(pos)} >= {1, 5, 8}
    picks = {choose_move(pos, 9, rng=random.Random(s)).to for s in range(30)}
    assert len(picks & {1, 5, 8}) >= 2  # not mirror images of each other
    assert choose_move(pos, 9, rng=random.Random(3)) == choose_move(pos, 9, rng=random.Random(3))


def test_level_9_is_budgeted_in_nodes_not_time():
    import time
    pos = Position.from_points([1, 5, 12, 14], [10, 11, 22], BLACK, (5, 6))  # out of book
    stats = {}
    fast = search(pos, ai.MASTER_DEPTH, rng=random.Random(5), stats=stats, max_nodes=3000, master=True)
    assert stats["nodes"] <= 3000 + 256

    def slow_poll():
        time.sleep(0.001)  # a machine ten times slower: the same move all the same
        return False
    assert search(pos, ai.MASTER_DEPTH, rng=random.Random(5), should_stop=slow_poll, max_nodes=3000,
                  master=True) == fast


def test_level_9_plays_a_forced_move_without_spending_its_budget():
    # White's only legal move: 24 to 15 (every other piece is shut in)
    pos = Position.from_points([4, 18, 23, 24], [5, 11, 13, 17, 20, 22], in_hand=(0, 0))
    moves = legal_moves(pos)
    assert len(moves) == 1
    calls = []
    move = choose_move(pos, 9, rng=random.Random(1), should_stop=lambda: calls.append(1) or False)
    assert move == moves[0] and not calls  # no search ran


def test_level_9_plays_the_shallow_book_only_without_its_compiled_search(monkeypatch):
    # after two placements the book's entries were searched to depth 10 with a plainer evaluation
    # than level 9's own: the compiled search, with that evaluation, plays there instead
    from vconsole_programs.mill import book, master
    pos = Position.from_points([6], [15], WHITE, (8, 8))
    assert book.moves(pos) and not book.moves(pos, min_depth=ai.MASTER_BOOK_DEPTH)
    assert book.moves(Position.start(), min_depth=ai.MASTER_BOOK_DEPTH)  # the first placements stay
    searched = []
    monkeypatch.setattr(master, "search", lambda *a, **k: searched.append(1) or book.moves(pos)[0])
    monkeypatch.setattr(master, "ready", lambda should_stop=None: True)
    choose_move(pos, 9, rng=random.Random(0))
    assert searched == [1]
    monkeypatch.setattr(master, "ready", lambda should_stop=None: False)  # no numba: the book
    assert choose_move(pos, 9, rng=random.Random(0)) in book.moves(pos) and searched == [1]
