"""String of Pearls rules: the board, the power's moves, strings, scoring, solitaire."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vconsole.toolkit.rng import GameRandom
from vconsole_programs.pearls import board, strings
from vconsole_programs.pearls.board import INDEX, SQUARES
from vconsole_programs.pearls.rules import EMPTY, POWER, Game, IllegalMove
from vconsole_programs.pearls.strings import LOWER, UPPER, SoloStrings, mask_of


def sq(row: int, col: int) -> int:
    return INDEX[(row, col)]


def game_with(power: tuple[int, int], pearls: dict[tuple[int, int], int], players: int = 2,
              first: int = 0) -> Game:
    """A board holding only the given pearls (the rest of the 48 are treated as held by
    nobody: they sit on squares far from the test's lines unless listed)."""
    cells = [EMPTY] * board.N_SQUARES
    cells[sq(*power)] = POWER
    for rc, p in pearls.items():
        cells[sq(*rc)] = p
    return Game(cells, players, first)


# -- the board -------------------------------------------------------------------------------
def test_rows_are_3_5_7_7_5_7_7_5_3_centred_on_seven_columns():
    assert board.N_SQUARES == 49
    for row, length in enumerate(board.ROW_LENGTHS):
        cols = [c for r, c in SQUARES if r == row]
        assert len(cols) == length
        assert cols == list(range((7 - length) // 2, (7 + length) // 2))
    assert [board.ROW_LENGTHS[r] for r in range(9)] == [3, 5, 7, 7, 5, 7, 7, 5, 3]


def test_squares_are_numbered_row_by_row():
    assert SQUARES[0] == (0, 2) and SQUARES[2] == (0, 4) and SQUARES[3] == (1, 1)
    assert SQUARES[48] == (8, 4)
    assert list(SQUARES) == sorted(SQUARES)


@pytest.mark.parametrize("direction,target", [
    ("UP", (1, 3)), ("UP-RIGHT", (2, 5)), ("RIGHT", (4, 5)), ("DOWN-RIGHT", (6, 5)),
    ("DOWN", (8, 3)), ("DOWN-LEFT", (5, 2)), ("LEFT", (4, 2)), ("UP-LEFT", (3, 2)),
])
def test_each_of_the_eight_directions_reaches_the_first_pearl(direction, target):
    # The power in the middle (row 4, column 3); one pearl somewhere along each line.
    d = [name for name, _, _ in board.DIRECTIONS].index(direction)
    line = board.line(sq(4, 3), d)
    assert sq(*target) in line
    g = game_with((4, 3), {target: 7})
    assert g.targets() == [sq(*target)]
    move = g.take(sq(*target))
    assert move.pearl == 7 and not move.hop and g.power == sq(*target)


def test_all_eight_lines_from_the_centre():
    lines = [board.line(sq(4, 3), d) for d in range(8)]
    assert [[SQUARES[s] for s in ln] for ln in lines] == [
        [(3, 3), (2, 3), (1, 3), (0, 3)],
        [(3, 4), (2, 5)],                       # (1, 6) is no square, (0, 7) off the grid
        [(4, 4), (4, 5)],                       # row 4 has columns 1-5
        [(5, 4), (6, 5)],                       # (7, 6) is no square: row 7 has columns 1-5
        [(5, 3), (6, 3), (7, 3), (8, 3)],
        [(5, 2), (6, 1)],
        [(4, 2), (4, 1)],
        [(3, 2), (2, 1)],                       # (1, 0) is no square
    ]


def test_a_pearl_blocks_the_pearls_behind_it():
    g = game_with((4, 3), {(3, 3): 1, (2, 3): 2, (0, 3): 3, (3, 4): 4, (2, 5): 5})
    reach = set(g.targets())
    assert reach == {sq(3, 3), sq(3, 4)}
    with pytest.raises(IllegalMove):
        g.take(sq(2, 3))
    with pytest.raises(IllegalMove):
        g.take(sq(2, 5))


def test_the_power_passes_over_empty_squares():
    # Squares with nothing on them (pearls taken earlier) do not stop the power.
    g = game_with((0, 3), {(5, 3): 11})
    assert g.targets() == [sq(5, 3)]
    # The square the power leaves is empty and is passed over on the way back.
    g = game_with((4, 3), {(3, 3): 1, (6, 3): 2})
    g.take(sq(3, 3))
    assert g.cells[sq(4, 3)] == EMPTY and g.power == sq(3, 3)
    assert g.targets() == [sq(6, 3)]          # down over (4, 3), now empty, and (5, 3)
    g = game_with((2, 3), {(8, 3): 5, (0, 3): 6})
    assert sorted(g.targets()) == sorted([sq(8, 3), sq(0, 3)])


def test_the_power_flies_over_the_notch_of_a_shorter_row():
    # Column 0 has squares in rows 2, 3, 5, 6 only; row 4 (five squares) leaves a gap.
    g = game_with((3, 0), {(5, 0): 20})
    assert g.targets() == [sq(5, 0)]
    assert not g.must_hop()
    # Diagonals cross notches too: from (1, 1) up-left is off the grid at once; from (2, 0)
    # up-right is (1, 1) then (0, 2).
    g = game_with((2, 0), {(0, 2): 30})
    assert g.targets() == [sq(0, 2)]


def test_lines_end_at_the_grid_edge():
    assert board.line(sq(0, 2), 0) == ()                 # up from the top row
    assert board.line(sq(0, 2), 7) == ()                 # up-left: (-1, 1)
    assert board.line(sq(2, 0), 6) == ()                 # left from column 0
    assert board.line(sq(2, 0), 0) == ()                 # up: (1, 0) and (0, 0) are not squares


def test_hop_only_when_no_pearl_is_in_a_straight_line():
    # (0, 2) sees only its row, column 2 and the two diagonals; (1, 0)... is no square, so put
    # the only pearls where no line from (0, 2) passes.
    pearls = {(2, 3): 5, (3, 6): 6}
    g = game_with((0, 2), pearls)
    lines = {s for d in range(8) for s in board.line(sq(0, 2), d)}
    assert not {sq(*rc) for rc in pearls} & lines
    assert g.must_hop()
    assert sorted(g.targets()) == sorted(sq(*rc) for rc in pearls)
    move = g.take(sq(3, 6))
    assert move.hop and g.power == sq(3, 6)


def test_no_hop_to_a_far_pearl_while_one_is_in_line():
    g = game_with((0, 2), {(0, 3): 1, (3, 6): 2})
    assert not g.must_hop()
    with pytest.raises(IllegalMove):
        g.take(sq(3, 6))


def test_taking_from_an_empty_square_or_after_the_end_is_refused():
    g = game_with((0, 2), {(0, 3): 1})
    with pytest.raises(IllegalMove):
        g.take(sq(0, 4))
    g.take(sq(0, 3))
    assert g.over and g.targets() == []
    with pytest.raises(IllegalMove):
        g.take(sq(0, 3))


# -- set-up and turns --------------------------------------------------------------------------
def test_new_game_places_48_pearls_and_the_power_one_per_square():
    g = Game.new(3, GameRandom(7))
    assert sorted(c for c in g.cells if c > 0) == list(range(1, 49))
    assert g.cells.count(POWER) == 1 and EMPTY not in g.cells
    g.check()


def test_set_up_is_scrambled_and_repeatable():
    a = Game.new(2, GameRandom(1)).cells
    assert a == Game.new(2, GameRandom(1)).cells
    assert a != Game.new(2, GameRandom(2)).cells
    assert a != [POWER] + list(range(1, 49))


def test_first_player_is_random_then_the_others_follow_in_order():
    firsts = {Game.new(4, GameRandom(seed)).turn for seed in range(60)}
    assert firsts == {0, 1, 2, 3}
    g = Game.new(4, GameRandom(3))
    order = []
    for _ in range(9):
        order.append(g.turn)
        g.take(g.targets()[0])
    start = order[0]
    assert order == [(start + i) % 4 for i in range(9)]


def test_player_counts():
    for n in (1, 2, 6):
        Game.new(n, GameRandom(0))
    for n in (0, 7):
        with pytest.raises(ValueError):
            Game.new(n, GameRandom(0))


def test_solitaire_player_takes_every_turn():
    g = Game.new(1, GameRandom(4))
    assert g.solitaire and g.turn == 0
    for _ in range(5):
        s = g.targets()[0]
        g.take(s, UPPER if g.needs_choice(s) else None)
        assert g.turn == 0


# -- strings (multiplayer) ---------------------------------------------------------------------
def test_runs_and_strings():
    m = mask_of([1, 2, 3, 5, 7, 8, 48])
    assert strings.runs(m) == [(1, 3), (5, 5), (7, 8), (48, 48)]
    assert strings.strings(m) == [(1, 3), (7, 8)]
    assert strings.lengths(m) == [3, 2]


def test_a_taken_pearl_joins_two_runs_in_the_game_for_two_or_more():
    g = game_with((0, 2), {(0, 3): 13, (3, 6): 40})
    g.held[0] = mask_of([10, 11, 12, 14, 15])
    g.take(sq(0, 3))
    assert g.strings_of(0) == [(10, 15)]


def test_loose_pearls_are_not_strings_in_the_game_for_two_or_more():
    g = game_with((0, 2), {(0, 3): 30, (3, 6): 40})
    g.held[0] = mask_of([5, 6, 20])
    assert g.strings_of(0) == [(5, 6)]
    assert g.loose_pearls(0) == [20]


@pytest.mark.parametrize("length,pts", [(1, 0), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28),
                                        (8, 36), (9, 45), (10, 55), (11, 66), (12, 100), (13, 100),
                                        (24, 100)])
def test_scoring_method_2_table(length, pts):
    assert strings.points_for(length) == pts
    assert strings.points(mask_of(range(20, 20 + length))) == pts


def test_scoring_method_2_adds_every_string():
    m = mask_of([1, 2, 3, 4, 10, 11, 20, 30, 31, 32])
    assert strings.points(m) == 10 + 3 + 6


def test_longest_string_wins():
    a = mask_of([1, 2, 3, 4, 5])
    b = mask_of([10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33])
    assert strings.winners([a, b]) == [0]


def test_ties_are_broken_by_the_next_longest_and_so_on():
    a = mask_of([1, 2, 3, 4, 5, 10, 11, 12, 20, 21])            # 5 3 2
    b = mask_of([30, 31, 32, 33, 34, 40, 41, 42, 44, 45, 47, 48])  # 5 3 2 2
    assert strings.winners([a, b]) == [1]
    c = mask_of([30, 31, 32, 33, 34, 40, 41, 42, 43])            # 5 4
    assert strings.winners([a, c]) == [1]
    assert strings.winners([a, b, c]) == [2]


def test_equal_all_the_way_is_a_shared_win():
    a = mask_of([1, 2, 3, 10, 11])
    b = mask_of([20, 21, 22, 30, 31, 40])                   # the lone 40 is no string
    assert strings.winners([a, b]) == [0, 1]


def test_method_2_highest_total_wins_then_method_1_breaks_a_tie():
    a = mask_of(range(1, 7))                                 # 6: 21 points
    b = mask_of([10, 11, 12, 13, 14, 20, 21, 30, 31])        # 15 + 3 + 3 = 21 points
    assert strings.points(a) == strings.points(b) == 21
    assert strings.winners([a, b], strings.METHOD_POINTS) == [0]     # 6 beats 5
    c = mask_of([10, 11, 12, 13, 14, 20, 21, 22, 30, 31, 32])        # 15 + 6 + 6 = 27
    assert strings.winners([a, c], strings.METHOD_LONGEST) == [0]
    assert strings.winners([a, c], strings.METHOD_POINTS) == [1]


def test_game_winners_use_the_chosen_method():
    g = game_with((0, 2), {(0, 3): 48}, players=2)
    g.held = [mask_of(range(1, 7)), mask_of([10, 11, 12, 13, 14, 20, 21, 22, 30, 31, 32])]
    assert g.winners() == [0]
    g.method = strings.METHOD_POINTS
    assert g.winners() == [1]
    assert g.scores() == [21, 27]


# -- solitaire ----------------------------------------------------------------------------------
def test_solitaire_a_single_pearl_is_a_string():
    s = SoloStrings()
    s.add(20)
    assert s.strings() == [(20, 20)]
    s.add(21)
    s.add(19)
    assert s.strings() == [(19, 21)]


def test_solitaire_never_joins_two_strings_and_asks_which():
    s = SoloStrings()
    for p in (10, 11, 13, 14, 15):
        s.add(p)
    assert s.strings() == [(10, 11), (13, 15)]
    assert s.needs_choice(12) and s.candidates(12) == ((10, 11), (13, 15))
    with pytest.raises(ValueError):
        s.add(12)
    up = s.copy()
    up.add(12, UPPER)
    assert up.strings() == [(10, 12), (13, 15)]
    low = s.copy()
    low.add(12, LOWER)
    assert low.strings() == [(10, 11), (12, 15)]


def test_solitaire_pearl_fitting_one_end_needs_no_choice():
    s = SoloStrings()
    s.add(5)
    assert not s.needs_choice(6) and not s.needs_choice(4) and not s.needs_choice(7)
    s.add(7)
    assert s.needs_choice(6)


def test_solitaire_game_requires_the_choice_only_when_two_strings_fit():
    g = game_with((0, 2), {(0, 3): 12, (0, 4): 30, (3, 6): 40}, players=1)
    g.solo.add(11)
    g.solo.add(13)
    g.held[0] = g.solo.taken
    assert g.needs_choice(sq(0, 3))
    with pytest.raises(IllegalMove):
        g.take(sq(0, 3))
    move = g.take(sq(0, 3), LOWER)
    assert move.choice == LOWER and g.strings_of(0) == [(11, 11), (12, 13)]
    move = g.take(sq(0, 4), UPPER)        # 30 fits nothing: the choice is dropped
    assert move.choice is None and g.strings_of(0) == [(11, 11), (12, 13), (30, 30)]


def test_a_choice_is_refused_in_the_game_for_two_or_more():
    g = game_with((0, 2), {(0, 3): 12})
    with pytest.raises(IllegalMove):
        g.take(sq(0, 3), UPPER)


def reference_short_count(strs: list[tuple[int, int]]) -> int:
    return sum(1 for a, b in strs if b - a + 1 < 6)


def test_solitaire_score_counts_strings_shorter_than_six():
    s = SoloStrings()
    for p in range(1, 7):       # 1-6: six pearls, not short
        s.add(p)
    assert s.short_count() == 0
    for p in range(8, 13):      # 8-12: five, short
        s.add(p)
    assert s.short_count() == 1
    s.add(7, UPPER)             # 1-7 and 8-12: still one short
    assert s.strings() == [(1, 7), (8, 12)] and s.short_count() == 1
    s.add(48)
    assert s.short_count() == 2


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(range(1, 49))), st.lists(st.sampled_from([UPPER, LOWER]), min_size=48, max_size=48))
def test_solitaire_strings_partition_the_pearls(order, choices):
    s = SoloStrings()
    for p, c in zip(order, choices):
        s.add(p, c if s.needs_choice(p) else None)
        strs = s.strings()
        covered = [n for a, b in strs for n in range(a, b + 1)]
        assert sorted(covered) == strings.pearls_of(s.taken)
        assert s.short_count() == reference_short_count(strs)
    assert len(covered) == 48


@pytest.mark.parametrize("short,word,value", [(0, "PERFECT", 10_000), (1, "VERY GOOD", 9_900),
                                               (2, "GOOD", 9_800), (3, "FAIR", 9_700), (4, "OK", 9_600),
                                               (5, "MIDDLING", 9_500), (6, "POOR", 9_400), (11, "POOR", 8_900)])
def test_solitaire_rating_and_high_score_value(short, word, value):
    assert strings.rating(short) == word
    assert strings.high_score_value(short) == value


# -- conservation -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_pearls_and_power_are_conserved_through_many_games(players):
    for seed in range(25):
        g = Game.new(players, GameRandom(seed))
        rng = random.Random(seed)
        g.check()
        while not g.over:
            s = rng.choice(g.targets())
            g.take(s, rng.choice((UPPER, LOWER)) if g.needs_choice(s) else None)
            g.check()
        assert len(g.takes) == 48
        assert sum(m.bit_count() for m in g.held) == 48
        counts = [m.bit_count() for m in g.held]
        assert max(counts) - min(counts) <= 1
        assert [c for c in g.cells if c != EMPTY] == [POWER]


def test_check_notices_a_lost_pearl():
    g = Game.new(2, GameRandom(1))
    g.take(g.targets()[0])
    g.held[0] = 0
    with pytest.raises(AssertionError):
        g.check()


def test_hops_happen_in_real_games():
    hops = 0
    for seed in range(40):
        g = Game.new(2, GameRandom(seed))
        rng = random.Random(seed)
        while not g.over:
            hops += g.take(rng.choice(g.targets())).hop
    assert hops > 0
