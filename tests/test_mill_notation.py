"""Mill move text, saved-game files and keystroke entry."""

import random

import pytest

from vconsole_programs.mill.notation import (
    EntryParser,
    EntryState,
    GameFileError,
    dumps,
    format_move,
    loads,
    parse_move,
)
from vconsole_programs.mill.rules import BLACK, DECLINE, WHITE, Game, Move, Options, Position, legal_moves


def _random_game(seed, plies=400):
    g = Game()
    rng = random.Random(seed)
    while g.result() is None and g.pointer < plies:
        g.play(rng.choice(legal_moves(g.position)))
    return g


# --- text of one move ----------------------------------------------------------------------

@pytest.mark.parametrize("move,text", [
    (Move(None, 23), "23"),
    (Move(None, 23, 11), "23 11"),
    (Move(None, 23, DECLINE), "23 0"),
    (Move(1, 2), "1 2"),
    (Move(1, 2, 11), "1 2 11"),
    (Move(1, 2, DECLINE), "1 2 0"),
])
def test_format_move_uses_the_keyboard_notation(move, text):
    assert format_move(move) == text


def test_parse_examples_in_both_phases():
    placing = Position.from_points([3, 24], [11, 5], WHITE, (7, 7))
    assert parse_move("23", Position.start()) == Move(None, 23)
    assert parse_move("  23 ", Position.start()) == Move(None, 23)
    assert parse_move("15 11", placing) == Move(None, 15, 11)
    assert parse_move("15 0", placing) == Move(None, 15, DECLINE)
    moving = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    assert parse_move("1 2", moving) == Move(1, 2)
    assert parse_move("14 15 20", moving) == Move(14, 15, 20)
    assert parse_move("14 15 0", moving) == Move(14, 15, DECLINE)


def test_every_legal_move_round_trips_through_text():
    for seed in range(15):
        g = _random_game(seed)
        while g.backstep():
            pos = g.position
            for m in legal_moves(pos):
                assert parse_move(format_move(m), pos) == m


@pytest.mark.parametrize("text,why", [
    ("", "empty"),
    ("1 x", "not a point number"),
    ("-1 2", "not a point number"),
    ("25 24", "not on the board"),
    ("1", "from and to"),
    ("1 2 3 4", "too many"),
    ("1 4", "cannot move from 1 to 4"),
    ("14 15", "closes a mill"),
    ("1 2 20", "closes no mill"),
    ("14 15 10", "cannot be taken"),
    ("14 15 25", "not a point"),
])
def test_parse_errors_say_what_is_wrong(text, why):
    moving = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    with pytest.raises(ValueError, match=why):
        parse_move(text, moving)


def test_parse_placing_errors():
    pos = Position.from_points([3, 24], [11, 5], BLACK, (7, 7))
    with pytest.raises(ValueError, match="placing"):
        parse_move("1 2 3", pos)
    with pytest.raises(ValueError, match="cannot place on 3"):
        parse_move("3", pos)


# --- game files ------------------------------------------------------------------------------

def test_game_file_round_trip_and_notes():
    for seed in range(10):
        g = _random_game(seed)
        text = dumps(g)
        assert text.startswith(".")
        back = loads(text)
        assert back.played() == g.played() and back.position == g.position
        assert back.result() == g.result()


def test_game_file_holds_the_game_as_shown_after_backsteps():
    g = _random_game(3, plies=12)
    g.backstep()
    g.backstep()
    back = loads(dumps(g))
    assert back.pointer == 10 and back.position == g.position


def test_note_lines_and_blank_lines_are_skipped():
    text = ". my notes\n23\n.   more notes 1 2 3\n\n5\n.\n"
    g = loads(text)
    assert g.played() == (Move(None, 23), Move(None, 5))


def test_options_are_used_for_replay():
    # find a random kiddie game in which someone jumps; without the option it cannot replay
    from vconsole_programs.mill.rules import NEIGHBOURS
    opts = Options(kiddie=True)
    for seed in range(200):
        g = Game(opts)
        rng = random.Random(seed)
        while g.result() is None:
            g.play(rng.choice(legal_moves(g.position)))
        jumps = [i for i, m in enumerate(g.moves) if m.frm is not None and m.to not in NEIGHBOURS[m.frm]]
        if jumps:
            break
    else:
        pytest.fail("no random kiddie game with a jump")
    text = dumps(g)
    assert loads(text, opts).position == g.position
    with pytest.raises(GameFileError, match=f"line {jumps[0] + 2}:"):
        loads(text)


@pytest.mark.parametrize("text,line", [
    ("23\n23\n", 2),
    ("23\n5\nA\n", 3),
    (". note\n1\n2\n3 2\n", 4),
    ("1\n2\n3\n", None),  # legal; a control case
])
def test_bad_game_file_names_the_line(text, line):
    if line is None:
        assert loads(text).pointer == 3
        return
    with pytest.raises(GameFileError, match=f"line {line}"):
        loads(text)


def test_moves_after_the_end_are_an_error():
    g = _random_game(1)
    assert g.result() in ("white", "black")
    text = dumps(g) + "1 2\n"
    n = text.count("\n")
    with pytest.raises(GameFileError, match=f"line {n}: .*over"):
        loads(text)


def test_game_file_error_is_a_value_error():
    assert issubclass(GameFileError, ValueError)


# --- keystroke entry -------------------------------------------------------------------------

def feed(parser, keys):
    ev = None
    for k in keys:
        ev = parser.key(k)
        if ev.state is not EntryState.PENDING:
            return ev
    return ev


def test_placement_completes_on_space_or_when_unambiguous():
    p = EntryParser(Position.start())
    ev = feed(p, "2")
    assert ev.state is EntryState.PENDING  # could still be 20-24
    ev = feed(p, " ")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(None, 2)
    p = EntryParser(Position.start())
    ev = feed(p, "23")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(None, 23)
    p = EntryParser(Position.start())
    assert feed(p, "7").move == Move(None, 7)  # nothing 70-79


def test_a_mill_with_nothing_to_take_completes_without_asking():
    # every black piece stands in a mill (10-11-12 and 19-20-21): 5 to 2 closes 1-2-3 but takes nothing
    pos = Position.from_points([1, 3, 5, 23, 24], [10, 11, 12, 19, 20, 21], WHITE, (0, 0))
    p = EntryParser(pos)
    ev = feed(p, "5 2")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(5, 2, DECLINE)


def test_move_entry_from_the_examples():
    pos = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    p = EntryParser(pos)
    ev = feed(p, "1 2")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(1, 2)
    p = EntryParser(pos)
    ev = feed(p, "14 15")
    assert ev.state is EntryState.PENDING and p.text == "14 15 "  # a mill: capture needed
    ev = feed(p, "20")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(14, 15, 20)
    p = EntryParser(pos)
    ev = feed(p, "14 15 0")
    assert ev.move == Move(14, 15, DECLINE)


def test_enter_acts_as_space_and_extra_spaces_are_ignored():
    pos = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    p = EntryParser(pos)
    ev = feed(p, ["\r", "1", "Enter", "2"])
    assert ev.state is EntryState.COMPLETE and ev.move == Move(1, 2)
    p = EntryParser(pos)
    ev = feed(p, [" ", "1", "4", "Enter", " ", "1", "5", "\r", "2", "0"])
    assert ev.state is EntryState.COMPLETE and ev.move == Move(14, 15, 20)


def test_placing_mill_needs_the_capture():
    pos = Position.from_points([3, 24], [11, 5], WHITE, (7, 7))
    p = EntryParser(pos)
    assert feed(p, "15 ").state is EntryState.PENDING
    ev = feed(p, "5")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(None, 15, 5)


def test_illegal_key_aborts_and_starts_over():
    pos = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    p = EntryParser(pos)
    feed(p, "14 ")
    ev = p.key("A")
    assert ev.state is EntryState.ABORTED and p.text == ""
    assert feed(p, "1 2").move == Move(1, 2)


@pytest.mark.parametrize("keys", ["5", "2 ", "1 4", "14 15 1", "14 15 2 ", "24 2"])
def test_impossible_numbers_abort(keys):
    # 5: no white piece; 2: empty; 1 -> 4: not adjacent; 1x: nothing takeable starts so;
    # 2: only 20 is; 24 can only go to 15
    pos = Position.from_points([1, 3, 24, 14, 23], [10, 11, 12, 20, 6], WHITE, (0, 0))
    p = EntryParser(pos)
    ev = feed(p, keys)
    assert ev.state is EntryState.ABORTED and p.text == ""


def test_entry_matches_parse_move_for_every_legal_move():
    for seed in range(6):
        g = _random_game(seed)
        while g.backstep():
            pos = g.position
            for m in legal_moves(pos):
                p = EntryParser(pos)
                ev = feed(p, format_move(m) + " ")
                assert ev.state is EntryState.COMPLETE and ev.move == m


def test_entry_text_and_finished_entry():
    p = EntryParser(Position.start())
    p.key("1")
    assert p.text == "1"
    ev = p.key("\n")
    assert ev.move == Move(None, 1)
    with pytest.raises(RuntimeError):
        p.key("2")


def test_entry_on_a_finished_game_aborts():
    lost = Position.from_points([10, 5, 15, 20], [1, 2, 3], BLACK, (0, 0))
    ev = EntryParser(lost).key("1")
    assert ev.state is EntryState.ABORTED


def test_stage_says_which_number_the_entry_waits_for():
    """The screen asks for the capture by this, never by reading the entry text."""
    pos = Position.from_points([1, 3, 24, 14, 23], [10, 12, 13, 20, 6], WHITE, (0, 0))
    p = EntryParser(pos)
    assert p.stage == "from" and p.numbers == () and p.digits == ""
    p.key("1")
    assert p.stage == "from" and p.digits == "1"  # 1 or 14: not finished yet
    p.key("4")
    assert p.stage == "to" and p.numbers == (14,) and p.digits == ""
    feed(p, "15")
    assert p.stage == "capture" and p.numbers == (14, 15)
    p.key("1")  # 10, 11 or 12 to come: still the capture being typed
    assert p.stage == "capture" and p.digits == "1" and p.text == "14 15 1"
    placing = EntryParser(Position.from_points([22, 23], [1, 10], WHITE, (7, 7)))
    assert placing.stage == "to"
    feed(placing, "24 1")
    assert placing.stage == "capture" and placing.numbers == (24,) and placing.digits == "1"


def test_drop_digits_forgets_only_the_number_being_typed():
    p = EntryParser(Position.from_points([22, 23], [1, 10], WHITE, (7, 7)))
    feed(p, "24 1")
    p.drop_digits()
    assert p.text == "24 " and p.stage == "capture"
    ev = p.key("0")
    assert ev.state is EntryState.COMPLETE and ev.move == Move(None, 24, DECLINE)
