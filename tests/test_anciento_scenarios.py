"""Whole Anciento sessions through the headless runner: menu, a game, save, load and replay,
the Hall of Fame, setups, the demo, the timer, the switches and damaged files."""
from __future__ import annotations

import random

import pytest

from vconsole.testing import Run
from vconsole.testing import run as run_headless
from vconsole_programs.anciento import PROGRAM, sample
from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.look import stone_rows
from vconsole_programs.anciento.savefile import parse_saved
from vconsole_programs.anciento.screen import COL_LEFTS, ROW_TOPS
from vconsole_programs.anciento.setups import parse_file
from vconsole_programs.anciento.stones import numbered_deal


def run(tmp_path, script, switches="", mouse=False, **cfg):
    """A session: Enter passes the title screen; the keyboard unless ``mouse``."""
    # each session starts afresh: a game an earlier one left unfinished (ANCIENTO.TMP) would be
    # offered first (tests/test_anciento_resume.py tries that)
    (tmp_path / "ANCIENTO.TMP").unlink(missing_ok=True)
    return run_headless(PROGRAM, "Enter " + script, switches=switches, drive=tmp_path, mouse=mouse, **cfg)



def panel(out: Run) -> str:
    """The right-hand panel's text, rows joined (messages fold over several rows)."""
    return out.rows(*range(24), left=55)


def square(out, r, c) -> tuple[str, str]:
    top, left = ROW_TOPS[r], COL_LEFTS[c]
    return out.text[top][left:left + 5], out.text[top + 1][left:left + 5]


def arrows_to(frm, to) -> list[str]:
    (r0, c0), (r1, c1) = frm, to
    return (["Down" if r1 > r0 else "Up"] * abs(r1 - r0) + ["Right" if c1 > c0 else "Left"] * abs(c1 - c0))


def keyboard_moves(game: Game, n: int, start=(4, 4)) -> tuple[list[str], tuple[int, int]]:
    """Keys that place ``n`` stones (the best-matching legal square each time) with the cursor."""
    keys, cur = [], start
    for _ in range(n):
        best = max(game.legal(), key=lambda c: (game.match(c), -c))
        to = divmod(best, 10)
        keys += arrows_to(cur, to) + ["Enter"]
        cur = to
        game.place(best)
    return keys, cur


def test_title_then_main_menu_down_the_right_and_along_the_bottom(tmp_path):
    out = run_headless(PROGRAM, "", drive=tmp_path, mouse=False)
    assert "ANCIENTO" not in out.screen or "Press any key" in out.screen
    out = run(tmp_path, "")
    text = out.screen
    for item in ("1 Random game", "2 Pick a game", "3 Select a game", "4 Set timer", "5 Saved games",
                 "6 Load game", "7 Help (H)", "8 Hall of Fame", "9 Quit"):
        assert item in text
    bottom = out.text[24]
    for item in ("Colours", "R Reset", "B B&W", "S Save setup", "L Load setup", "D Demo"):
        assert item in bottom
    assert "K Keyboard" not in bottom and "M Mouse" not in bottom     # no mouse driver: no K / M
    assert (tmp_path / "SAMPLE.ANC").exists()                        # put there at the first start


def test_with_a_mouse_driver_the_mouse_is_the_default_and_k_m_switch(tmp_path):
    out = run(tmp_path, "", mouse=True)
    assert "K Keyboard" in out.text[24] and "the mouse" in panel(out)
    out = run(tmp_path, "K", mouse=True)
    assert "M Mouse" in out.text[24] and "the keyboard" in panel(out)


def test_select_a_game_shows_its_number_and_its_starting_stones(tmp_path):
    out = run(tmp_path, '3 "505" Enter')
    assert "Game 505" in out.screen
    deal = numbered_deal(505)
    corners = {(4, 4): 0, (5, 5): 1, (0, 0): 2, (0, 9): 3, (9, 0): 4, (9, 9): 5}
    for (r, c), k in corners.items():
        assert square(out, r, c) == stone_rows(deal.starters[k])
    assert "1Jump" in out.text[24] and "10End" in out.text[24]      # only F-key numbers on the last line


def test_select_a_game_refuses_numbers_out_of_range(tmp_path):
    out = run(tmp_path, '3 "40000" Enter')
    assert "1 to 32000" in panel(out)
    out = run(tmp_path, '3 "0" Enter "12" Enter')
    assert "Game 12" in out.screen


def test_pick_a_game_shows_the_number_it_picked(tmp_path):
    out = run(tmp_path, "2", seed=1)
    number = random.Random(1).randint(1, 32000)
    assert f"Game {number}" in out.screen


def test_keyboard_placements_score_and_take_back_restores(tmp_path):
    game = Game(numbered_deal(505))
    keys, _ = keyboard_moves(game, 6)
    out = run(tmp_path, '3 "505" Enter ' + " ".join(keys))
    text = panel(out)
    assert f"Score {game.position.score:,}" in " ".join(text.split()) or f"{game.position.score}" in text
    assert "Stones left 60" in " ".join(text.split())
    out = run(tmp_path, '3 "505" Enter ' + " ".join(keys) + " Gray- Gray- Gray- Gray- Gray- Gray-")
    flat = " ".join(panel(out).split())
    assert "Score 0" in flat and "Stones left 66" in flat and "BONUS x 1" in flat
    out = run(tmp_path, '3 "505" Enter ' + " ".join(keys) + " Gray- Gray- Gray+ Gray+")
    assert f"Score {game.position.score:,}" in " ".join(panel(out).split())


def test_a_refused_square_says_why(tmp_path):
    out = run(tmp_path, '3 "505" Enter Enter')                       # home square (4,4) holds a starter
    assert "That square is taken." in panel(out)
    out = run(tmp_path, '3 "505" Enter Up Up Up Enter')              # (1,4): nothing next to it
    assert "must touch another stone" in panel(out)


def test_f10_ends_the_game_and_a_name_enters_the_hall_of_fame(tmp_path):
    game = Game(numbered_deal(505))
    keys, _ = keyboard_moves(game, 3)
    out = run(tmp_path, '3 "505" Enter ' + " ".join(keys) + ' F10 Y')
    text = out.screen
    final = game.final()
    assert "GAME OVER" in text and f"{final.total:,}" in text
    out = run(tmp_path, '3 "505" Enter ' + " ".join(keys) + ' F10 Y Enter "Ada" Enter')
    assert "HALL OF FAME" in out.screen and "Ada" in out.screen
    hof = (tmp_path / "ANCIENTO.HOF").read_text()
    assert f"{final.total}|" in hof and "|Ada|game 505" in hof
    out = run(tmp_path, "8")                                           # menu item 8 shows it
    assert "Ada" in out.screen and f"{final.total:,}" in out.screen


def test_save_load_and_replay_step_by_step_then_play_on(tmp_path):
    game = Game(numbered_deal(505))
    keys, _ = keyboard_moves(game, 4)
    run(tmp_path, '3 "505" Enter ' + " ".join(keys) + ' F4 "mine" Enter')
    saved = parse_saved((tmp_path / "MINE.ANC").read_text())
    assert saved.moves == game.moves and saved.deal.number == 505
    out = run(tmp_path, '6 "mine" Enter')
    assert "MINE: game 505" in out.screen
    flat = " ".join(panel(out).split())
    assert "Stones left 66" in flat and "Enter or a click shows the next move" in flat
    out = run(tmp_path, '6 "mine" Enter Enter Enter')
    flat = " ".join(panel(out).split())
    assert "Move 2 of 4." in flat and "Stones left 64" in flat
    out = run(tmp_path, '6 "mine" Enter Enter F1')
    flat = " ".join(panel(out).split())
    assert "Stones left 62" in flat and "play on" in flat
    more, _ = keyboard_moves(game, 1, start=(4, 4))
    out = run(tmp_path, '6 "mine" Enter F1 ' + " ".join(more))
    assert "Stones left 61" in " ".join(panel(out).split())


def test_saving_over_a_game_asks_on_one_row_and_leaves_the_board_alone(tmp_path):
    before = run(tmp_path, '3 "7" Enter')
    out = run(tmp_path, '3 "7" Enter F4 "mine" Enter F4 "mine" Enter')
    assert "Replace that game (Y/N)?" in out.screen
    assert [row[:55] for row in out.text[:24]] == [row[:55] for row in before.text[:24]]
    out = run(tmp_path, '3 "7" Enter F4 "mine" Enter Y')  # MINE.ANC is there from the run above
    assert "Saved as MINE" in " ".join(panel(out).split())


def test_saved_games_lists_them_and_loads_the_one_picked(tmp_path):
    run(tmp_path, '3 "7" Enter F4 "alpha" Enter')
    out = run(tmp_path, "5")
    assert "SAVED GAMES" in out.screen and "ALPHA" in out.screen and "SAMPLE" in out.screen
    out = run(tmp_path, "5 Enter")                                     # the first: ALPHA
    assert "ALPHA: game 7" in out.screen


def test_the_sample_is_the_masters_game_505_and_replays_to_its_score(tmp_path):
    saved = parse_saved(sample.TEXT)
    assert saved.deal.number == 505 and saved.game().final().total == sample.SCORE > 43000
    out = run(tmp_path, '6 "sample" Enter Enter')
    assert "SAMPLE: game 505" in out.screen and "Move 1 of" in panel(out)
    out = run(tmp_path, '6 "sample" Enter F1 F10')
    assert f"{sample.SCORE:,}" in out.screen


def test_a_loaded_game_ended_without_a_stone_of_ones_own_earns_no_place(tmp_path):
    out = run(tmp_path, '6 "sample" Enter F1 F10')
    assert "did not" in out.screen and "Hall of Fame" in out.screen
    out = run(tmp_path, '6 "sample" Enter F1 F10 Enter "Cheat" Enter')
    assert not (tmp_path / "ANCIENTO.HOF").exists() or "Cheat" not in (tmp_path / "ANCIENTO.HOF").read_text()


def test_a_loaded_unfinished_game_played_on_still_earns_its_place(tmp_path):
    game = Game(numbered_deal(505))
    keys, _ = keyboard_moves(game, 4)
    run(tmp_path, '3 "505" Enter ' + " ".join(keys) + ' F4 "mine" Enter')
    more, _ = keyboard_moves(game, 1, start=(4, 4))
    out = run(tmp_path, '6 "mine" Enter F1 ' + " ".join(more) + ' F10 Y Enter "Ada" Enter')
    assert "|Ada|game 505" in (tmp_path / "ANCIENTO.HOF").read_text()
    assert "HALL OF FAME" in out.screen


def test_a_game_without_a_point_earns_no_place(tmp_path):
    out = run(tmp_path, '2 F10 Y Enter')
    assert "GAME OVER" not in out.screen and "makes the Hall of Fame" not in out.screen
    assert not (tmp_path / "ANCIENTO.HOF").exists()


def test_watching_a_saved_game_does_not_run_the_time_limit(tmp_path):
    out = run(tmp_path, '4 "1" Enter 6 "sample" Enter Enter Enter wait:90000')
    assert "TIME IS UP" not in out.screen and "Move 2 of" in panel(out)
    out = run(tmp_path, '4 "1" Enter 6 "sample" Enter F1 wait:61000')  # F1: playing on, the clock runs
    assert "TIME IS UP" in out.screen


def test_the_menu_says_when_f5_left_the_time_limit_off(tmp_path):
    out = run(tmp_path, '4 "1" Enter 2 F5 F9 M')
    assert "1 min (off)" in panel(out)


def test_loading_a_missing_or_damaged_game_says_so(tmp_path):
    out = run(tmp_path, '6 "nosuch" Enter')
    assert "There is no saved game called NOSUCH." in panel(out)
    (tmp_path / "BROKEN.ANC").write_text("ANCIENTO GAME 1\nNUMBER 5\nSTONES 1 2 3\nMOVES\n")
    out = run(tmp_path, '6 "broken" Enter')
    assert "BROKEN.ANC is not a game Anciento can load" in " ".join(panel(out).split())
    assert (tmp_path / "BROKEN.ANC").exists()                          # the player's file is left alone


def test_a_damaged_hall_of_fame_is_set_aside_with_a_message(tmp_path):
    (tmp_path / "ANCIENTO.HOF").write_text("nonsense\n")
    out = run(tmp_path, "")
    assert "ANCIENTO.HOF is damaged" in " ".join(panel(out).split())
    assert (tmp_path / "ANCIENTO.BAD").exists()


def test_setups_save_into_a_slot_and_load_back(tmp_path):
    run(tmp_path, "Down Down Right B S Q")
    slots = parse_file((tmp_path / "ANCIENTO.SET").read_text())
    assert slots["Q"].board == 2 and slots["Q"].pieces == 1 and slots["Q"].bw
    out = run(tmp_path, "L Q")
    assert "Setup Q loaded." in panel(out)
    out = run(tmp_path, "L Z")
    assert "Slot Z holds no setup." in panel(out)


def test_f8_saves_the_play_settings_into_a_slot(tmp_path):
    run(tmp_path, '3 "9" Enter E F2 3 > F8 7')
    s = parse_file((tmp_path / "ANCIENTO.SET").read_text())["7"]
    assert s.easy and s.skip and s.tune == 3 and s.blink > 2


def test_easy_mode_shows_the_next_four_stones(tmp_path):
    out = run(tmp_path, '3 "505" Enter E')
    deal = numbered_deal(505)
    nxt = out.text[7][55:]
    for k, s in enumerate(deal.sequence[1:5]):
        assert nxt[k * 6:k * 6 + 5] == stone_rows(s)[0]


def test_check_shows_the_legal_squares_one_by_one(tmp_path):
    deal = numbered_deal(505)
    n = len(Game(deal).legal())
    out = run(tmp_path, '3 "505" Enter F6 wait:5000')
    assert f"Square {n} of {n}" in panel(out) or "That was every square." in panel(out)
    out = run(tmp_path, '3 "505" Enter F6 x')
    assert "Square 1 of" in panel(out)


@pytest.mark.parametrize("adapter, keys", [("mda", ""), ("ega", "B ")])
def test_check_on_mono_marks_the_square_by_its_fill_not_its_brightness_alone(tmp_path, adapter, keys):
    first = Game(numbered_deal(505)).legal()[0]
    out = run(tmp_path, keys + '3 "505" Enter F6 wait:300', adapter=adapter)
    r, c = divmod(first, 10)
    assert out.text[ROW_TOPS[r]][COL_LEFTS[c]:COL_LEFTS[c] + 5] == "\u2593" * 5


def test_time_limit_ends_the_game(tmp_path):
    out = run(tmp_path, '4 "1" Enter 1 wait:61000')
    assert "TIME IS UP" in out.screen


def test_f3_wait_stops_the_countdown_and_f5_takes_the_limit_away(tmp_path):
    out = run(tmp_path, '4 "1" Enter 1 F3 wait:90000')
    assert "TIME IS UP" not in out.screen and "WAIT" in panel(out)
    out = run(tmp_path, '4 "1" Enter 1 F5 wait:90000')
    assert "TIME IS UP" not in out.screen and "no limit" in panel(out)


def test_f9_r_goes_to_the_title_and_m_to_the_menu(tmp_path):
    out = run(tmp_path, "1 F9")
    flat = " ".join(panel(out).split())
    assert "R reset: title screen M the main menu Esc go on playing" in flat
    out = run(tmp_path, "1 F9 R")
    assert "Press any key" in out.screen
    out = run(tmp_path, "1 F9 M")
    assert "1 Random game" in out.screen


def test_play_next_starts_a_new_game_after_each_finished_one(tmp_path):
    out = run(tmp_path, '3 "505" Enter F10 Y Esc Esc', switches="/PN")
    assert "Game " in out.text[1] and "Game 505" not in out.text[1]
    out = run(tmp_path, '3 "505" Enter F10 Y Esc Esc F9 M', switches="/PN")
    assert "1 Random game" in out.screen


def test_ctrl_q_leaves_at_once_saving_nothing(tmp_path):
    out = run(tmp_path, '3 "505" Enter Ctrl+Q')
    assert out.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["SAMPLE.ANC"]


def test_mouse_left_places_and_right_takes_back(tmp_path):
    game = Game(numbered_deal(505))
    cell = max(game.legal(), key=lambda c: game.match(c))
    r, c = divmod(cell, 10)
    click = f"click:{COL_LEFTS[c] + 2},{ROW_TOPS[r]}"
    out = run(tmp_path, f'3 "505" Enter {click}', mouse=True)
    assert square(out, r, c) == stone_rows(game.stone)
    out = run(tmp_path, f'3 "505" Enter {click} rclick:30,10', mouse=True)
    assert square(out, r, c) != stone_rows(game.stone) and "Move taken back." in panel(out)


def test_demo_plays_the_masters_game_to_its_end(tmp_path):
    out = run(tmp_path, "D", seed=3)
    number = random.Random(3).randint(1, 32000)
    assert "THE MASTER'S GAME" in out.screen and f"Game {number}:" in out.screen


def test_demo_stops_at_a_key(tmp_path):
    out = run(tmp_path, "D wait:3000 x")
    assert "1 Random game" in out.screen


def test_black_and_white_draws_stones_by_characters(tmp_path):
    out = run(tmp_path, "B")
    assert "Black and white on." in panel(out)
    # the stones keep their characters whatever the colours
    assert square(out, 2, 2) == stone_rows(0)


@pytest.mark.parametrize("adapter", ["mda", "cga", "vga"])
def test_every_display_runs_a_game(tmp_path, adapter):
    out = run(tmp_path, '3 "505" Enter F6 x', adapter=adapter)
    assert "Game 505" in out.screen


def test_no_sound_switch_keeps_f7_silent(tmp_path):
    out = run(tmp_path, '3 "505" Enter F7', switches="/NS")
    assert "Started with /NS" in " ".join(panel(out).split()) and "Sound off" in out.text[23]


def test_keyboard_mode_marks_the_square_and_mouse_mode_does_not(tmp_path):
    top, left = ROW_TOPS[4], COL_LEFTS[4]
    keyboard = run(tmp_path, '3 "505" Enter')
    mouse = run(tmp_path, '3 "505" Enter', mouse=True)
    k_attr = int(keyboard.state.cells[top][left][1])
    m_attr = int(mouse.state.cells[top][left][1])
    assert k_attr != m_attr                                            # the rectangle swaps the colours
    assert (k_attr & 0x07) == (m_attr >> 4) & 0x07 and (k_attr >> 4) & 0x07 == (m_attr & 0x07)
    assert "Keys  < > blink 2/s" in keyboard.text[16] and "Mouse" in mouse.text[16]


def test_menu_help_goes_back_to_the_menu_and_b_explains_the_missing_colours(tmp_path):
    out = run(tmp_path, "7")
    assert "back to the menu" in out.screen and "back to the game" not in out.screen
    out = run(tmp_path, "B Up")
    assert "B turns the colours back on" in " ".join(panel(out).split())


def test_without_a_mouse_driver_the_menu_does_not_offer_clicks(tmp_path):
    out = run(tmp_path, "")  # run() loads no mouse driver unless asked
    flat = " ".join(panel(out).split())
    assert "Press a digit. H: help." in flat and "click" not in flat


def test_pop_ups_sit_over_the_board_not_across_its_edge(tmp_path):
    from vconsole_programs.anciento.look import PALETTE
    from vconsole_programs.anciento.screen import BOARD_LEFT, BOARD_RIGHT, PANEL_LEFT
    assert PALETTE.popup_columns == (BOARD_LEFT, BOARD_RIGHT)
    out = run(tmp_path, '6 "sample" Enter F1 F10')  # the GAME OVER panel
    rows = [r for r in range(25) if "GAME OVER" in out.text[r]]
    assert rows
    frame = out.text[rows[0]]
    left, right = frame.index("\u2554"), frame.rindex("\u2557")
    assert BOARD_LEFT < left and right < BOARD_RIGHT
    assert "Score" in " ".join(line[PANEL_LEFT:] for line in out.text)  # the side panel's labels whole


def test_the_hall_of_fame_speaks_anciento_s_mixed_case(tmp_path):
    out = run(tmp_path, "8")
    assert "HALL OF FAME" in out.screen and "Press any key" in out.screen and "PRESS ANY KEY" not in out.screen
