"""Anciento's rules: matching by neighbour count, scoring, BONUS, end bonuses, take-back, deals."""
from __future__ import annotations

import pytest

from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.rules import (
    CELLS,
    EDGE,
    EMPTY,
    START_CELLS,
    IllegalMove,
    Position,
    cell,
    conserved,
    final_score,
    fits,
    left_bonus,
    match,
    place,
    points,
    quatro_bonus,
    start_position,
)
from vconsole_programs.anciento.stones import (
    Deal,
    bag,
    kind,
    numbered_deal,
    numbered_sequence,
    pattern_of,
    pick_starters,
    seeded_deal,
    shape_of,
)

# stones named by (shape, pattern)
X = kind(0, 0)        # the stone being placed in most tests
SAME_SHAPE = kind(0, 1), kind(0, 2), kind(0, 3)
SAME_PATTERN = kind(1, 0), kind(2, 0), kind(3, 0)
TWIN = kind(0, 0)     # shares both
STRANGER = kind(4, 4)  # shares neither


# -- matching, one rule per neighbour count ---------------------------------------------------
@pytest.mark.parametrize("neighbour, ok", [
    (SAME_SHAPE[0], True), (SAME_PATTERN[0], True), (TWIN, True), (STRANGER, False)])
def test_one_neighbour_needs_shape_or_pattern(neighbour, ok):
    assert fits(X, [neighbour]) is ok


@pytest.mark.parametrize("neighbours, ok", [
    ((SAME_SHAPE[0], SAME_PATTERN[0]), True),      # shape of one, pattern of the other
    ((SAME_PATTERN[0], SAME_SHAPE[0]), True),      # order does not matter
    ((SAME_SHAPE[0], SAME_SHAPE[1]), False),       # two shapes, no pattern
    ((SAME_PATTERN[0], SAME_PATTERN[1]), False),   # two patterns, no shape
    ((TWIN, SAME_SHAPE[0]), True),                 # the twin counts as the pattern match
    ((TWIN, SAME_PATTERN[0]), True),               # ... or as the shape match
    ((TWIN, TWIN), True),
    ((SAME_SHAPE[0], STRANGER), False),
])
def test_two_neighbours_need_one_shape_and_one_pattern(neighbours, ok):
    assert fits(X, list(neighbours)) is ok


@pytest.mark.parametrize("neighbours, ok", [
    ((SAME_SHAPE[0], SAME_SHAPE[1], SAME_PATTERN[0]), True),     # 2 shapes + 1 pattern
    ((SAME_SHAPE[0], SAME_PATTERN[0], SAME_PATTERN[1]), True),   # 1 shape + 2 patterns
    ((SAME_SHAPE[0], SAME_SHAPE[1], SAME_SHAPE[2]), False),      # 3 shapes
    ((SAME_PATTERN[0], SAME_PATTERN[1], SAME_PATTERN[2]), False),
    ((SAME_SHAPE[0], SAME_SHAPE[1], TWIN), True),
    ((SAME_SHAPE[0], SAME_PATTERN[0], STRANGER), False),
])
def test_three_neighbours_need_two_and_one(neighbours, ok):
    assert fits(X, list(neighbours)) is ok


@pytest.mark.parametrize("neighbours, ok", [
    ((SAME_SHAPE[0], SAME_SHAPE[1], SAME_PATTERN[0], SAME_PATTERN[1]), True),
    ((SAME_SHAPE[0], SAME_SHAPE[1], SAME_SHAPE[2], SAME_PATTERN[0]), False),
    ((SAME_SHAPE[0], SAME_PATTERN[0], SAME_PATTERN[1], SAME_PATTERN[2]), False),
    ((SAME_SHAPE[0], TWIN, SAME_PATTERN[0], TWIN), True),
    ((SAME_SHAPE[0], SAME_SHAPE[1], SAME_PATTERN[0], STRANGER), False),
])
def test_four_neighbours_need_two_shapes_and_two_patterns(neighbours, ok):
    assert fits(X, list(neighbours)) is ok


def test_no_neighbour_no_placement():
    assert not fits(X, [])


def board_with(placed: dict[int, int]) -> tuple[int, ...]:
    b = [EMPTY] * CELLS
    for c, s in placed.items():
        b[c] = s
    return tuple(b)


def test_only_orthogonal_neighbours_count():
    c = cell(4, 4)
    diagonal = board_with({cell(3, 3): STRANGER, cell(5, 5): STRANGER})
    assert match(diagonal, c, X) == 0                      # diagonals are no neighbours at all
    b = board_with({cell(3, 3): STRANGER, cell(3, 4): SAME_SHAPE[0]})
    assert match(b, c, X) == 1                             # the stranger on the diagonal is ignored


def test_match_counts_neighbours_and_refuses_occupied_squares():
    c = cell(4, 4)
    b = board_with({cell(3, 4): SAME_SHAPE[0], cell(4, 3): SAME_SHAPE[1],
                    cell(4, 5): SAME_PATTERN[0], cell(5, 4): SAME_PATTERN[1]})
    assert match(b, c, X) == 4
    assert match(b, cell(3, 4), X) == 0                    # occupied


# -- scoring ---------------------------------------------------------------------------------
def test_points_double_with_each_neighbour_times_bonus_and_frame_scores_nothing():
    inside = cell(3, 3)
    assert [points(inside, n, 1) for n in (1, 2, 3, 4)] == [1, 2, 4, 8]
    assert [points(inside, n, 8) for n in (1, 2, 3, 4)] == [8, 16, 32, 64]
    for c in (cell(0, 4), cell(9, 9), cell(5, 0), cell(5, 9)):
        assert EDGE[c]
        assert [points(c, n, 4) for n in (1, 2, 3)] == [0, 0, 0]
    assert sum(EDGE) == 36 and CELLS - sum(EDGE) == 64


def deal_playing(stones: list[int]) -> Deal:
    """A valid deal whose sequence begins with ``stones`` (the rest of the bag follows)."""
    rest = bag()
    for s in stones:
        rest.remove(s)
    starters, others = pick_starters(rest)
    return Deal(tuple(starters), tuple(stones) + tuple(others))


def quatro_setup(at: int) -> dict[int, int]:
    r, k = divmod(at, 10)
    return {cell(r - 1, k): SAME_SHAPE[0], cell(r, k - 1): SAME_SHAPE[1],
            cell(r, k + 1): SAME_PATTERN[0], cell(r + 1, k): SAME_PATTERN[1]}


def test_quatro_is_scored_at_the_old_bonus_and_doubles_it_after_the_move():
    deal = deal_playing([X, X, kind(5, 0)])
    a, b = cell(3, 3), cell(6, 6)
    board = board_with({**quatro_setup(a), **quatro_setup(b)})
    pos = Position(board)
    pos = place(deal, pos, a)
    assert (pos.score, pos.bonus, pos.quatros, pos.last_match) == (8, 2, 1, 4)
    pos = place(deal, pos, b)                              # second Quatro: 8 x 2
    assert (pos.score, pos.bonus, pos.quatros) == (8 + 16, 4, 2)
    # the next stone matches one pattern neighbour: 1 point x the doubled-twice BONUS
    pos = place(deal, pos, cell(6, 8))                     # right of (6,7), a pattern match of b
    assert (pos.score - 24, pos.bonus, pos.last_match) == (4, 4, 1)


def test_a_quatro_is_impossible_on_the_frame_and_frame_moves_score_zero_at_any_bonus():
    deal = deal_playing([kind(0, 5)])
    c = cell(0, 4)
    board = board_with({cell(0, 3): SAME_SHAPE[0], cell(0, 5): SAME_SHAPE[1], cell(1, 4): kind(3, 5)})
    pos = place(deal, Position(board, bonus=16), c)
    assert (pos.last_match, pos.score, pos.bonus) == (3, 0, 16)


def test_illegal_placements_raise_and_change_nothing():
    deal = deal_playing([STRANGER])
    g = Game(deal)
    bad = [c for c in range(CELLS) if not g.match(c)]
    with pytest.raises(IllegalMove):
        g.place(bad[0])
    assert g.position == start_position(deal) and not g.can_take_back


@pytest.mark.parametrize("quatros, bonus", [(0, 0), (1, 25), (2, 75), (3, 175), (4, 375), (10, 25575)])
def test_quatro_end_bonus_adds_25_50_100(quatros, bonus):
    assert quatro_bonus(quatros) == bonus


@pytest.mark.parametrize("left, bonus", [(0, 1000), (1, 500), (2, 100), (3, 0), (66, 0)])
def test_bonus_for_stones_left(left, bonus):
    assert left_bonus(left) == bonus


def test_final_score_adds_play_quatro_and_left_bonuses():
    pos = Position(tuple([EMPTY] * CELLS), placed=65, score=1234, bonus=8, quatros=3)
    f = final_score(pos)
    assert (f.play, f.quatro_bonus, f.left_bonus, f.left, f.total) == (1234, 175, 500, 1, 1234 + 175 + 500)


# -- take back and put back ------------------------------------------------------------------
def test_take_back_and_put_back_restore_score_and_bonus_exactly():
    deal = deal_playing([X, X, kind(5, 0)])
    a, b = cell(3, 3), cell(6, 6)
    g = Game(deal, start=Position(board_with({**quatro_setup(a), **quatro_setup(b)})))
    seen = [g.position]
    for c in (a, b, cell(6, 8)):
        g.place(c)
        seen.append(g.position)
    assert [p.bonus for p in seen] == [1, 2, 4, 4]
    for back in range(3, 0, -1):
        assert g.take_back()
        assert g.position == seen[back - 1]
    assert not g.take_back()
    for fwd in range(1, 4):
        assert g.put_back()
        assert g.position == seen[fwd]
        now, then = g.position, seen[fwd]
        assert (now.score, now.bonus, now.quatros) == (then.score, then.bonus, then.quatros)
    assert not g.put_back()


def test_placing_after_a_take_back_branches_and_drops_the_put_backs():
    g = Game(numbered_deal(7))
    first = g.legal()
    g.place(first[0])
    g.take_back()
    assert g.can_put_back
    g.place(first[-1])
    assert not g.can_put_back and g.moves == (first[-1],)


def test_game_never_ends_by_itself_and_reports_blocked_and_all_placed():
    deal = numbered_deal(3)
    g = Game(deal)
    while g.legal():
        g.place(g.legal()[0])
    assert g.blocked != g.all_placed
    assert g.can_take_back  # the end stays open to a take-back
    f = g.final()
    assert f.left == 66 - g.position.placed


# -- deals and numbered games ----------------------------------------------------------------
def test_numbered_games_are_pinned_for_ever():
    # Literal values: the same number must give these stones on every machine and release.
    assert numbered_sequence(1)[:16] == (10, 19, 24, 35, 3, 14, 10, 6, 4, 11, 0, 12, 29, 25, 0, 31)
    assert numbered_sequence(505)[:16] == (24, 19, 35, 14, 3, 10, 27, 21, 18, 8, 4, 8, 31, 1, 9, 25)
    assert numbered_sequence(505)[-6:] == (0, 13, 15, 6, 34, 23)
    assert numbered_sequence(32000)[:12] == (30, 5, 28, 20, 13, 9, 28, 29, 11, 29, 12, 34)
    assert numbered_sequence(32000)[-6:] == (6, 15, 18, 23, 33, 1)


def test_numbered_games_repeat_and_differ():
    assert numbered_deal(12) == numbered_deal(12)
    assert numbered_deal(12).sequence != numbered_deal(13).sequence
    for bad in (0, 32001, -5):
        with pytest.raises(ValueError):
            numbered_deal(bad)


@pytest.mark.parametrize("number", list(range(1, 300)) + [32000])
def test_every_deal_has_72_stones_and_six_starters_with_every_shape_and_pattern(number):
    d = numbered_deal(number)
    assert sorted(d.order) == bag() and len(d.sequence) == 66
    assert {shape_of(s) for s in d.starters} == set(range(6))
    assert {pattern_of(s) for s in d.starters} == set(range(6))
    pos = start_position(d)
    assert [pos.board[c] for c in START_CELLS] == list(d.starters)


def test_bad_deals_are_refused():
    d = numbered_deal(5)
    with pytest.raises(ValueError):
        Deal(d.starters, d.sequence[:-1] + (d.sequence[0],))  # a kind three times
    rest = bag()
    for s in (0, 1, 2, 3, 4, 5):
        rest.remove(s)
    with pytest.raises(ValueError, match="every shape"):
        Deal((0, 1, 2, 3, 4, 5), tuple(rest))  # one shape, six patterns
    with pytest.raises(ValueError, match="starters"):
        Deal(d.starters[:5], d.sequence)


# -- conservation and replay -----------------------------------------------------------------
def test_72_stones_are_conserved_at_every_step_of_many_seeded_games():
    import random

    for seed in range(40):
        r = random.Random(seed)
        deal = seeded_deal(40000 + seed)
        g = Game(deal)
        for _ in range(150):
            legal = g.legal()
            roll = r.random()
            if roll < 0.15:
                g.take_back()
            elif roll < 0.25:
                g.put_back()
            elif legal:
                g.place(r.choice(legal))
            pos = g.position
            assert conserved(deal, pos)
            assert sum(1 for s in pos.board if s != EMPTY) + pos.left == 72


def test_replaying_the_recorded_moves_gives_the_same_final_score():
    import random

    r = random.Random(3)
    deal = numbered_deal(99)
    g = Game(deal)
    while g.legal():
        g.place(r.choice(g.legal()))
    again = Game(deal, g.moves)
    assert again.position == g.position and again.final() == g.final()
