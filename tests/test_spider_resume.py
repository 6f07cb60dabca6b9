"""Spider keeps an unfinished game (SPIDER.TMP) at every end of a run and offers it next time;
and the careful player's keys of issue 29: U asks before it cheats, keys act from the first
press, deals picked by number, the Hit Parade's deal numbers, --seed checked.

Game 5 opens with 9D on column 1, which goes onto the 10D of column 5 and turns a card.
"""
from __future__ import annotations

from vconsole.testing import Run
from vconsole.testing import run as run_headless
from vconsole_programs.spider import PROGRAM, keep
from vconsole_programs.spider import game as game_module
from vconsole_programs.spider import messages as say
from vconsole_programs.spider.game import Game
from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.rules import Move
from vconsole_programs.spider.screen import BOARD_TOP, MESSAGE_ROW

KA = "K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s} A{s}"
ONTO_5 = "click:3,20"  # below column 1: its 9D onto the 10D of column 5


def run(tmp_path, script, seed=5, **cfg):
    cfg.setdefault("adapter", "ega")
    cfg.setdefault("mute", True)
    return run_headless(PROGRAM, script, drive=tmp_path, seed=seed, **cfg)


def card_at(out, col: int, index: int) -> str:
    left = 8 * col - 7
    return out.text[BOARD_TOP + index][left:left + 6].strip()


def message(out: Run) -> str:
    return out.rows(MESSAGE_ROW)



def kept(tmp_path) -> str:
    return (tmp_path / keep.FILE).read_text()


# -- the unfinished game ---------------------------------------------------------------------
def test_a_closed_window_keeps_the_deal_the_actions_the_score_and_the_hit_parade_chance(tmp_path):
    run(tmp_path, ONTO_5)  # the script ends: the window closes with the game under way
    text = kept(tmp_path)
    assert "DEAL 5" in text and "ACTIONS M0.5.4" in text and "HIT PARADE 1" in text
    assert "SCORE 12" in text  # a card turned (10) and the 9D on the 10D (2)


def test_the_next_start_offers_it_and_undo_still_takes_its_actions_back(tmp_path):
    run(tmp_path, ONTO_5)
    out = run(tmp_path, "", seed=77)
    assert say.RESUME_TITLE in out.screen and say.RESUME_YES.format(n=5) in out.screen
    out = run(tmp_path, "Enter", seed=77)  # carry on (the first choice)
    assert out.text[0].startswith(" SPIDER  GAME 5")
    assert card_at(out, 5, 5) == "9♦ ♦"
    assert message(out) == say.RESUMED.format(n=5, actions=1)
    out = run(tmp_path, "Enter Esc U", seed=77)  # UNDO picked in the control panel
    assert message(out) == say.UNDONE_CHEAT
    assert card_at(out, 1, 5) == "9♦ ♦"


def test_declining_deals_a_new_game_and_a_fresh_deal_with_nothing_played_leaves_no_file(tmp_path):
    run(tmp_path, ONTO_5)
    out = run(tmp_path, "N", seed=77)
    assert out.text[0].startswith(" SPIDER  GAME 77") and message(out) == say.NEW_GAME.format(n=77)
    assert not (tmp_path / keep.FILE).exists()  # nothing was played in game 77


def test_a_cheated_game_comes_back_barred_from_the_hit_parade(tmp_path):
    run(tmp_path, f"{ONTO_5} U Y {ONTO_5}")  # taken back (a cheat), then played again
    assert "HIT PARADE 0" in kept(tmp_path)
    out = run(tmp_path, "Enter Q Enter")
    assert say.HP_CHEATED in out.screen


def test_a_damaged_file_is_set_aside_with_a_message(tmp_path):
    (tmp_path / keep.FILE).write_text(keep.HEADER + "\nDEAL 5\nACTIONS M0.5.4 M0.5.4\nSCORE 12\n"
                                      "HIT PARADE 1\nSECONDS 3\n")
    out = run(tmp_path, "")
    assert "SPIDER.TMP IS DAMAGED" in message(out) and "SPIDER.BAD" in message(out)
    assert (tmp_path / "SPIDER.BAD").exists() and out.text[0].startswith(" SPIDER  GAME 5")


def test_a_won_game_leaves_nothing_behind(tmp_path, monkeypatch):
    near_win = board_from_text([KA.format(s="S").rsplit(" ", 1)[0], "AS", "removed: SHDCHDC"])
    boards = iter([near_win])
    real = game_module.new_board
    monkeypatch.setattr(game_module, "new_board", lambda seed: next(boards, None) or real(seed))
    (tmp_path / keep.FILE).write_text("stale")
    run(tmp_path, 'click:11,20 Enter "WINNER" Enter Enter')
    assert not (tmp_path / keep.FILE).exists()


def test_the_file_round_trips_and_refuses_a_wrong_score():
    g = Game(5)
    g.play(Move(0, 5, 4))
    text = keep.text(g, 61)
    back = keep.parse(text)
    assert back.game.actions == g.actions and back.seconds == 61 and back.game.may_enter
    try:
        keep.parse(text.replace("SCORE 12", "SCORE 13"))
    except ValueError as e:
        assert "score" in str(e)
    else:
        raise AssertionError("a wrong score was accepted")


# -- U asks before it cheats -----------------------------------------------------------------
def test_u_asks_before_a_take_back_that_cheats_and_n_keeps_the_move(tmp_path):
    out = run(tmp_path, f"{ONTO_5} u")
    assert message(out) == say.UNDO_ASK
    out = run(tmp_path, f"{ONTO_5} u n")
    assert message(out) == say.UNDO_KEPT and card_at(out, 5, 5) == "9♦ ♦"
    out = run(tmp_path, f"{ONTO_5} u y")
    assert message(out) == say.UNDONE_CHEAT and card_at(out, 1, 5) == "9♦ ♦"


def test_u_takes_back_a_free_move_without_asking(tmp_path):
    out = run(tmp_path, f"{ONTO_5} click:35,7 u")  # the 9D on to the 10C turns nothing
    assert message(out) == say.UNDONE


# -- keys act from the first press -------------------------------------------------------------
def test_right_four_times_lands_on_column_five_and_enter_acts_at_once(tmp_path):
    out = run(tmp_path, "Right Right Right Right", mouse=False)
    assert out.text[1][8 * 5 - 7:8 * 5 - 1] != out.text[1][8 * 4 - 7:8 * 4 - 1]  # the mark on 5
    out = run(tmp_path, "Enter", mouse=False)  # column 1's 9D moves at the first press
    assert card_at(out, 5, 5) == "9♦ ♦"


# -- deals by number, the Hit Parade's numbers, --seed -------------------------------------------
def test_game_number_in_the_panel_deals_the_number_typed(tmp_path):
    out = run(tmp_path, 'Esc G "123" Enter', mouse=False)
    assert out.text[0].startswith(" SPIDER  GAME 123") and message(out) == say.NEW_GAME.format(n=123)
    out = run(tmp_path, 'Esc G "32001" Enter', mouse=False)
    assert say.NUMBER_ASK in message(out) and out.text[0].startswith(" SPIDER  GAME 5")
    out = run(tmp_path, "Esc N", mouse=False)
    assert message(out).startswith("GAME ") and not out.text[0].startswith(" SPIDER  GAME 5 ")


def test_the_hit_parade_shows_each_entrys_deal_and_reads_old_tables(tmp_path):
    (tmp_path / "SPIDER.SCR").write_text("VCONSOLE HIGH SCORES 1\n40|01-01-99|OLD\n")
    from vconsole.toolkit import hiscore
    if hiscore.HEADER != "VCONSOLE HIGH SCORES 1":
        (tmp_path / "SPIDER.SCR").write_text(f"{hiscore.HEADER}\n40|01-01-99|OLD\n")
    out = run(tmp_path, f'{ONTO_5} Q Enter "ADA" Enter')
    assert "GAME 5" in out.screen and "ADA" in out.screen and "OLD" in out.screen
    assert "|GAME 5" in (tmp_path / "SPIDER.SCR").read_text()


def test_the_quit_question_is_gone_while_the_name_is_typed(tmp_path):
    out = run(tmp_path, f"{ONTO_5} Q Enter")
    assert say.QUIT_ASK not in out.screen


def test_a_seed_outside_the_game_numbers_deals_at_random_and_says_so(tmp_path):
    for seed in (0, 10 ** 55):
        out = run(tmp_path, "", seed=seed)
        number = int(out.text[0].split()[2])
        assert 1 <= number <= 32000
        assert message(out) == say.SEED_RANGE.format(n=number)
        assert "SUITS" in out.text[0] and "DEALS" in out.text[0]


def interrupted_after(n: int, main):
    """The program's main, with Ctrl+C arriving at its ``n``-th read of input."""
    from vconsole.program import Program

    def wrapped(dos):
        real, count = dos.input, [0]

        def input(*a, **k):
            count[0] += 1
            if count[0] >= n:
                raise KeyboardInterrupt
            return real(*a, **k)

        dos.input = input
        return main(dos)

    return Program(name="SPIDER", main=wrapped)


def test_ctrl_c_keeps_the_game_too(tmp_path):
    import pytest

    from vconsole_programs.spider.main import main
    with pytest.raises(KeyboardInterrupt):
        run_headless(interrupted_after(2, main), ONTO_5, drive=tmp_path, seed=5, adapter="ega", mute=True)
    assert "ACTIONS M0.5.4" in kept(tmp_path)


# -- WATCH: the computer plays the deal ----------------------------------------------------------
def test_watch_plays_this_deal_and_gives_the_players_game_back(tmp_path):
    out = run(tmp_path, f"{ONTO_5} Esc W wait:5000", idle_limit=5)
    assert message(out) == say.WATCH_START.format(n=5) and out.text[0].startswith(" SPIDER  GAME 5")
    out = run(tmp_path, f"{ONTO_5} Esc W wait:3000 x")  # any key stops it
    assert message(out) == say.WATCH_BACK
    assert card_at(out, 5, 5) == "9♦ ♦" and card_at(out, 1, 4) == "J♠ ♠"  # the player's move, as left


def test_watch_to_the_end_never_enters_the_hit_parade(tmp_path):
    out = run(tmp_path, "Esc W", idle_limit=600)  # the whole deal, played out
    text = out.screen
    assert " WATCH " in text
    assert (say.WATCH_STUCK.split("{")[0] in text) or ("THE COMPUTER WON GAME 5" in text)
    assert not (tmp_path / "SPIDER.SCR").exists() and not (tmp_path / keep.FILE).exists()
    out = run(tmp_path, "Esc W x", idle_limit=600)
    assert "GAME 5" in out.text[0] and card_at(out, 1, 5) == "9♦ ♦"  # the fresh deal, untouched


def test_attract_mode_is_the_watch(tmp_path):
    from vconsole_programs.spider import PROGRAM as P
    out = run(tmp_path, P.attract + " wait:4000", idle_limit=4)
    assert say.WATCH_START.format(n=5) == message(out)


def test_n_and_g_on_the_table_do_not_end_the_game(tmp_path):
    out = run(tmp_path, f"{ONTO_5} N G", mouse=True)
    assert out.text[0].startswith(" SPIDER  GAME 5") and card_at(out, 5, 5) == "9♦ ♦"
    assert "HIT PARADE" not in out.screen


def test_a_game_that_took_its_place_in_the_hit_parade_enters_only_once(tmp_path):
    run(tmp_path, f'{ONTO_5} Q Enter "ADA" Enter Enter')  # QUIT: into the Hit Parade, and the program ends
    assert "HIT PARADE 2" in kept(tmp_path)
    out = run(tmp_path, "Enter Q Enter")  # carried on, then QUIT again
    assert say.HP_ENTERED in out.screen
    assert (tmp_path / "SPIDER.SCR").read_text().count("ADA") == 1
