"""Level 9, the master: its quiescence search, the table it keeps from move to move, and
that it serves the keyboard while it thinks (counted in polls and CPU seconds, never in
wall-clock time). Its strength is measured by ``scripts/bench.py mill``, not here."""

import random
import time

import pytest

from vconsole_programs.mill import ai, master
from vconsole_programs.mill.ai import WIN, choose_move, evaluate, mill_features, search
from vconsole_programs.mill.rules import WHITE, Game, Move, Options, Position, apply, legal_moves, winner


def _positions(seed, count, min_ply=0, max_ply=60):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game()
        stop = rng.randint(min_ply, max_ply)
        while g.result() is None and g.pointer < stop:
            g.play(rng.choice(legal_moves(g.position)))
        if g.result() is None:
            out.append(g.position)
    return out


def _quiesce(options=None):
    options = Options() if options is None else options
    return ai._engine(options, 4, lambda: False, 1 << 62, True)[4]


def _sides(pos):
    return pos.pieces(pos.turn), pos.pieces(1 - pos.turn), pos.in_hand[pos.turn], pos.in_hand[1 - pos.turn]


def test_quiescence_stands_on_the_evaluation_and_only_adds_mill_closures():
    quiesce = _quiesce()
    for pos in _positions(11, 150, 4, 80):
        me, opp, hm, ho = _sides(pos)
        stand = evaluate(me, opp, hm, ho, False)
        assert quiesce(me, opp, hm, ho, -WIN - 1, WIN + 1, 0, 0) == stand
        value = quiesce(me, opp, hm, ho, -WIN - 1, WIN + 1, 0, ai.QUIESCE_PLIES)
        assert value >= stand
        if not any(m.closes_mill for m in legal_moves(pos)):
            assert value == stand  # nothing to resolve: the evaluation stands


def test_quiescence_sees_a_winning_capture_beyond_the_horizon():
    # White to move closes 7-8-9 (13 -> 9) and takes one of Black's three: a win at once
    pos = Position.from_points([7, 8, 13, 18, 22], [1, 2, 20], WHITE, (0, 0))
    me, opp, hm, ho = _sides(pos)
    assert _quiesce()(me, opp, hm, ho, -WIN - 1, WIN + 1, 3, 2) == WIN - 4
    move = choose_move(pos, 9, rng=random.Random(0))
    assert winner(apply(pos, move)) == WHITE


def test_level_9_sees_a_man_left_open_at_the_horizon():
    # at depth 1 the master looks one move of the opponent further (his mill closures): every
    # move it keeps must leave no capture for Black that plain depth 1 would miss
    for pos in _positions(12, 25, 20, 70):
        if not legal_moves(pos):
            continue
        stats = {}
        move = search(pos, 1, rng=random.Random(0), master=True, stats=stats)
        child = apply(pos, move)
        me, opp, hm, ho = _sides(child)
        # Black's best closure from there costs White no more than the master said
        q = _quiesce()(me, opp, hm, ho, -WIN - 1, WIN + 1, 1, ai.QUIESCE_PLIES)
        assert -q == stats["score"] or abs(stats["score"]) > ai.MATE_ZONE


def test_level_9_serves_the_keyboard_every_256_nodes_and_well_within_100_ms_of_cpu():
    pos = Position.from_points([1, 5, 12, 14], [10, 11, 22], 1, (5, 6))  # out of the book
    gaps = []
    last = [time.process_time()]

    def poll():
        now = time.process_time()
        gaps.append(now - last[0])
        last[0] = now
        return False

    stats = {}
    search(pos, ai.MASTER_DEPTH, rng=random.Random(1), should_stop=poll, stats=stats, max_nodes=20_000,
           master=True)
    assert len(gaps) >= stats["nodes"] // 256 - 1
    assert max(gaps) < 0.1  # CPU seconds between two looks at the keyboard


def test_the_kept_table_follows_a_game_and_starts_afresh_otherwise():
    ai._KEPT.clear()
    g = Game()
    rng = random.Random(4)
    for _ in range(8):  # out of the book
        g.play(rng.choice(legal_moves(g.position)))
    first = g.position
    g.play(choose_move(first, 9, rng=random.Random(1)))
    # the compiled kernel's arrays, or the pure-Python engine's table without numba
    name = "kernel" if master.available() else "tt"
    table = ai._KEPT[name]
    if name == "kernel":
        assert table.tt_key.any()
    else:
        assert table
    g.play(legal_moves(g.position)[0])
    choose_move(g.position, 9, rng=random.Random(1))
    assert ai._KEPT[name] is table  # the same game, two plies on: kept
    choose_move(first, 9, rng=random.Random(1))  # a step back: afresh
    assert ai._KEPT[name] is not table


def test_a_game_of_level_9_replays_the_same(monkeypatch):
    # a smaller budget for the compiled search: the same path through choose_move, less CPU
    monkeypatch.setattr(master, "NODES", 120_000)
    monkeypatch.setattr(master, "SOFT_NODES", 40_000)

    def play():
        ai._KEPT.clear()
        g = Game()
        rng = random.Random(9)
        while g.pointer < 26 and g.result() is None:
            g.play(choose_move(g.position, 9, rng=rng))
        return g.played()

    assert play() == play()


def test_mill_features_feed_the_evaluation_unchanged():
    for pos in _positions(13, 60):
        me, opp, hm, ho = _sides(pos)
        assert ai._evaluate(me, opp, hm, ho, False, mill_features(me, opp)) == evaluate(me, opp, hm, ho, False)


@pytest.mark.slow
def test_level_9_beats_level_4_from_both_sides():
    """A short, seeded (so repeatable) match; the real yardstick is the bench's depth-12 match."""
    results = []
    for opening in ((1, 24), (5, 20)):
        for ours in (0, 1):
            ai._KEPT.clear()
            g = Game()
            g.play(Move(None, opening[0]))
            g.play(Move(None, opening[1]))
            rng = random.Random(sum(opening) + ours)
            while g.result() is None:
                level = 9 if g.position.turn == ours else 4
                g.play(choose_move(g.position, level, rng=rng))
            results.append(g.result() == ("white", "black")[ours])
    assert all(results), results


# --- the compiled kernel (numba): the same rules and evaluation, keys served, budget in nodes ---

def _kernel():
    pytest.importorskip("numba")
    assert master.available()
    from vconsole_programs.mill import kernel
    return kernel


def test_kernel_generates_exactly_the_legal_moves():
    import numpy as np
    k = _kernel()
    buf = np.zeros(k.NMAX, dtype=np.int64)
    for options in (Options(), Options(kiddie=True), Options(take_from_mill_when_only_three=True)):
        for pos in _positions(21, 60, 0, 90):
            me, opp, hm, ho = _sides(pos)
            n = k.gen(me, opp, hm, ho, int(options.kiddie), int(options.take_from_mill_when_only_three), buf)
            got = [master.to_move(pos, *master._decode(int(c))) for c in buf[:n]]
            want = legal_moves(Position(pos.white, pos.black, pos.turn, pos.in_hand, options))
            assert len(got) == len(set(got)) and set(got) == set(want), pos


def test_kernel_evaluation_and_quiescence_equal_the_pure_python_ones():
    import numpy as np
    k = _kernel()
    w = np.array([ai.W_PLACE_MOVERS, ai.W_PLACE_TARGETS], dtype=np.int64)
    ctl = np.zeros(8, dtype=np.int64)
    ctl[k.QCAPS] = ai.QUIESCE_CAPTURES
    for options in (Options(), Options(kiddie=True)):
        ctl[k.KIDDIE] = int(options.kiddie)
        quiesce = _quiesce(options)
        for pos in _positions(22, 150, 4, 90):
            me, opp, hm, ho = _sides(pos)
            assert k.evaluate(me, opp, hm, ho, int(options.kiddie), w[0], w[1]) == \
                evaluate(me, opp, hm, ho, options.kiddie)
            for qd in (1, ai.QUIESCE_PLIES):
                want = quiesce(me, opp, hm, ho, -WIN - 1, WIN + 1, 0, qd)
                assert k.quiesce(me, opp, hm, ho, -WIN - 1, WIN + 1, qd, ctl, w) == want, pos


def test_kernel_search_reads_the_keyboard_every_slice_of_nodes_and_stops_on_it():
    k = _kernel()
    pos = Position.from_points([1, 5, 12, 14], [10, 11, 22], 1, (5, 6))  # out of the book
    polls = []
    stats = {}
    move = master.search(pos, {}, rng=random.Random(1), should_stop=lambda: polls.append(1) or False,
                         stats=stats)
    assert move in legal_moves(pos)
    assert stats["nodes"] > 2 * k.SLICE and len(polls) >= stats["nodes"] // k.SLICE
    # at three million nodes a second, a slice is some 15 ms; the bench times the whole move
    seen = []
    stopped = master.search(pos, {}, rng=random.Random(1), should_stop=lambda: True,
                            on_best=lambda m, d, s: seen.append(m), stats=stats)
    assert stats["nodes"] <= k.SLICE + 1 and seen and seen[-1] == stopped


def test_kernel_search_is_budgeted_in_nodes_not_time():
    _kernel()
    pos = Position.from_points([9, 10, 14, 16, 18, 20], [2, 7, 8, 11, 12], 1, (3, 4))
    stats = {}
    fast = master.search(pos, {}, rng=random.Random(5), stats=stats, nodes=300_000, soft_nodes=300_000)
    assert stats["nodes"] <= 300_000

    def slow_poll():
        time.sleep(0.001)  # a slower machine: the same move all the same
        return False
    assert master.search(pos, {}, rng=random.Random(5), should_stop=slow_poll, nodes=300_000,
                         soft_nodes=300_000) == fast


def test_kernel_search_sees_deep_in_the_moving_phase():
    # the bench's moving0: the kernel reaches well past the yardstick's 12 plies
    _kernel()
    pos = Position.from_points((2, 6, 9, 11, 13, 15, 17, 19, 22), (1, 4, 5, 12, 14, 18, 20, 21, 23), 0, (0, 0))
    stats = {}
    master.search(pos, {}, rng=random.Random(0), stats=stats)
    assert stats["depth"] >= 13


def test_level_9_stopped_at_once_still_plays_a_legal_move():
    # Esc before anything was searched (the kernel may still be loading): a legal move all the same
    pos = Position.from_points([1, 5, 12, 14], [10, 11, 22], 1, (5, 6))  # out of the book
    seen = []
    move = choose_move(pos, 9, rng=random.Random(2), should_stop=lambda: True,
                       on_best=lambda m, d, s: seen.append(m))
    assert move in legal_moves(pos) and seen and seen[-1] == move


@pytest.mark.parametrize("options", [Options(kiddie=True), Options(take_from_mill_when_only_three=True)])
def test_level_9_keeps_to_the_options(options, monkeypatch):
    # flying with three men, and taking from a lone mill: the kernel's moves are the rules' moves
    monkeypatch.setattr(master, "NODES", 60_000)
    monkeypatch.setattr(master, "SOFT_NODES", 20_000)
    rng = random.Random(31)
    done = 0
    while done < 6:
        g = Game(options)
        while g.result() is None and g.pointer < rng.randint(30, 120):
            g.play(rng.choice(legal_moves(g.position)))
        if g.result() is None and g.position.material(0) + g.position.material(1) < 12:
            pos = g.position
            assert choose_move(pos, 9, rng=random.Random(done)) in legal_moves(pos)
            done += 1


def test_level_9_with_no_move_says_so():
    pos = Position.from_points([1, 2, 3, 24], [10, 5, 15, 23, 22], in_hand=(0, 0))  # White shut in
    assert not legal_moves(pos)
    with pytest.raises(ValueError):
        master.search(pos, {}, rng=random.Random(0))


def test_deepening_stops_early_on_a_settled_move_and_goes_on_where_it_changed_its_mind():
    soft = 300_000
    settled = [(7, 40), (7, 45), (7, 38), (7, 41)]  # one move for four iterations, one score
    assert master._enough(settled, soft // master.STABLE_SHARE, soft)
    assert not master._enough(settled, soft // master.STABLE_SHARE - 1, soft)  # too little seen yet
    assert not master._enough(settled[1:], soft // master.STABLE_SHARE, soft)  # too few iterations
    wavering = [(7, 40), (7, 45), (7, 38 + master.STABLE_SCORE + 10), (7, 41)]
    assert not master._enough(wavering, soft // 2, soft) and master._enough(wavering, soft, soft)
    changed = [(7, 40), (7, 45), (7, 38), (9, 60)]  # a new best move: the soft budget grows
    assert not master._enough(changed, soft, soft)
    assert master._enough(changed, master.UNSTABLE_GROW * soft, soft)
    fell = [(7, 40), (7, 45), (7, 38), (7, 38 - master.UNSTABLE_DROP - 1)]
    assert not master._enough(fell, soft, soft)

