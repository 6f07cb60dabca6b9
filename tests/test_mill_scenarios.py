"""Whole Tommy's Mill sessions through the headless runner, checked on the screen text."""
import time

import pytest

from vconsole.keyboard import word_for
from vconsole.testing import Run
from vconsole.testing import run as run_headless
from vconsole_programs.mill import PROGRAM
from vconsole_programs.mill.notation import loads

# A finished game (Black is reduced to two pieces on the 25th move), found by random play
# with the rules model (White taking whenever it can); written as the S command writes files.
WON_GAME = """. TOMMY'S MILL game, 25 moves
8
13
15
5
9
2
7 2
6
14
22
17
10
16
2
18 5
21
12 13
20
18 13 20
10 11
13 18 21
11 19
9 13 6
19 11
8 9 11
"""


def play(tmp_path, script, switches="S", shareware=False, hook=None, **cfg):
    # Enter typed before the start, for the start-up screen ("press any key")
    return run_headless(PROGRAM, script, switches=switches, drive=tmp_path, shareware=shareware, ahead="Enter",
                        hook=hook, **cfg)



def news(out: Run) -> str:
    """The two message rows under the board, joined (long messages wrap)."""
    return out.rows(22, 23, right=46)


def board(out, point):
    """The centre cell of a point: a block for a piece, a small square when empty."""
    from vconsole_programs.mill.screen import CELL
    x, y = CELL[point]
    return out.text[y][x]


def test_keyboard_plays_both_sides_to_a_mill_and_a_capture(tmp_path):
    out = play(tmp_path, 'F3 "1 " "4 " "2 " "5 " "3 " "4"')
    text = out.screen
    assert "WHITE PLACES ON 3, TAKES 4." in text
    assert board(out, 4) == "■" and board(out, 3) == "█" and board(out, 5) == "█"
    assert "BLACK, PLACE A PIECE: _" in text
    assert "WHITE: KEYBOARD" in text and "BLACK: KEYBOARD" in text
    assert "F3  BLACK: COMPUTER" in text  # the legend offers the mode a press would give


def test_while_the_capture_is_asked_the_closing_piece_stands_in_its_mill(tmp_path):
    from vconsole_programs.mill.screen import CELL, PALETTE
    out = play(tmp_path, 'F3 "1 " "4 " "2 " "5 " "3 "')  # 3 closes 1-2-3: which piece to take?
    assert "TAKE WHICH PIECE" in out.screen
    x, y = CELL[3]
    assert board(out, 3) == "█" and out.state.cells[y, x, 1] == PALETTE.pick(False)["selected_white"]
    mono = play(tmp_path / "m", 'F3 "1 " "4 " "2 " "5 " "3 "', switches="MS", adapter="mda")
    assert board(mono, 3) == "█" and mono.state.cells[y, x, 1] == 0x8F  # blinking, not a dark gap


def test_declining_with_zero_and_an_aborted_entry(tmp_path):
    out = play(tmp_path, 'F3 "1 " "4 " "2 " "5 " "3 0" "1" A')
    text = out.screen
    assert board(out, 4) == "█"
    assert "ENTRY ABORTED BY 'A'" in text
    out = play(tmp_path / "b", 'F3 "1 " "4 " "2 " "5 " "3 0 1"')
    assert "TAKES NOTHING" in out.screen and "BLACK, PLACE A PIECE: 1_" in out.screen


def test_mouse_clicks_points_and_the_clock_declines(tmp_path):
    # points 1, 4, 2, 5, 3 at their centre cells; then the time display in the middle
    out = play(tmp_path, "F3 click:4,2 click:10,5 click:23,1 click:22,5 click:40,2 click:22,11")
    assert "WHITE PLACES ON 3, MILL, TAKES NOTHING." in out.screen
    out = play(tmp_path / "b", "F3 click:4,2 click:10,5 click:23,1 click:22,5 click:40,2 click:10,5")
    assert "TAKES 4" in out.screen


def test_save_refuses_mill_tmp_and_restore_reads_the_file_back(tmp_path):
    out = play(tmp_path, 'F3 "1 " "4 " "2 " "5 " S "game1.mil" Enter S "mill.tmp" Enter F7')
    assert out.exit_code == 0
    saved = (tmp_path / "GAME1.MIL").read_text()
    assert [str(m.to) for m in loads(saved).moves] == ["1", "4", "2", "5"]
    (tmp_path / "MILL.TMP").unlink()
    out = play(tmp_path, 'R "game1.mil" Enter')
    assert "RESTORED 4 MOVES FROM GAME1.MIL." in out.screen
    assert board(out, 5) == "█" and "MOVE BUFFER   4/200" in out.screen


def test_unreadable_game_file_leaves_the_game_alone(tmp_path):
    (tmp_path / "BAD.MIL").write_text(". a note\n1\n2\nnonsense\n")
    out = play(tmp_path, 'F3 "7 " R "bad.mil" Enter')
    text = out.screen
    assert "BAD.MIL NOT RESTORED: LINE 4" in text
    assert board(out, 7) == "█" and board(out, 1) == "■"
    out = play(tmp_path / "x", 'R "nofile" Enter')
    assert "NOT RESTORED: FILE NOT FOUND" in out.screen


def test_finished_game_restored_can_be_stepped_back_and_finishes_again(tmp_path):
    (tmp_path / "WON.MIL").write_text(WON_GAME)
    out = play(tmp_path, 'R "won.mil" Enter')
    assert "BLACK IS DOWN TO 2 PIECES" in news(out) and "NEW GAME (Y/N)?" in out.screen
    out = play(tmp_path, 'R "won.mil" Enter .')
    assert "MOVE BUFFER  24/200  (25 KEPT)" in out.screen and "WHITE, YOUR MOVE:" in out.screen
    out = play(tmp_path, 'R "won.mil" Enter . / .')
    text = out.screen
    assert "MOVE BUFFER  25/200" in text and "THE GAME IS OVER" in text
    out = play(tmp_path, 'R "won.mil" Enter y')
    assert "NEW GAME. WHITE PLAYS FIRST." in out.screen and "MOVE BUFFER   0/200" in out.screen


def test_backstep_against_the_computer_takes_back_both_moves_and_undo_replays(tmp_path):
    out = play(tmp_path, '"5 " wait:1500 .')
    assert "BACK 2 MOVES: MOVE 0 OF 2." in out.screen and board(out, 5) == "■"
    out = play(tmp_path / "b", '"5 " wait:1500 . /')
    assert "FORWARD 2 MOVES: MOVE 2 OF 2." in out.screen and board(out, 5) == "█"


def test_resign_needs_a_yes_and_ends_the_game(tmp_path):
    out = play(tmp_path, '"5 " wait:1500 X n')
    assert "WHITE, PLACE A PIECE" in out.screen
    out = play(tmp_path / "b", '"5 " wait:1500 Esc y')
    assert "WHITE RESIGNS. BLACK WINS!" in out.screen and "GAME OVER. NEW GAME (Y/N)?" in out.screen
    out = play(tmp_path / "c", '"5 " wait:1500 X y click:23,24')  # click the N of the question
    assert "GAME OVER. Y STARTS A NEW GAME." in out.screen
    assert not (tmp_path / "c" / "MILL.TMP").exists()
    out = play(tmp_path / "d", '"5 " wait:1500 X y click:23,24 click:11,24')  # then the Y of the hint
    assert "NEW GAME. WHITE PLAYS FIRST." in out.screen
    out = play(tmp_path / "e", '"5 " wait:1500 X y n 7')  # a key that does nothing here says what does
    assert "THE GAME IS OVER: Y NEW GAME" in out.screen


def test_f5_shows_instructions_and_esc_returns_to_the_same_screen(tmp_path):
    before = play(tmp_path, 'F3 "1 " "4 "')
    helped = play(tmp_path / "h", 'F3 "1 " "4 " F5 PgDn')
    assert "HOW TO PLAY" in helped.text[0] and "TOMMY'S MILL" not in helped.text[22]
    back = play(tmp_path / "b", 'F3 "1 " "4 " F5 PgDn PgUp Esc')
    assert back.state.cells.tobytes() == before.state.cells.tobytes()


def test_autosave_on_quit_and_restore_next_time_and_a_damaged_tmp(tmp_path):
    out = play(tmp_path, 'F3 F9 Up "1 " "4 " F7')
    assert out.exit_code == 0
    tmp = (tmp_path / "MILL.TMP").read_text()
    assert ".PLAYERS KEYBOARD KEYBOARD" in tmp and ".LEVEL 3" in tmp and ".PAD 15" in tmp
    out = play(tmp_path, "")
    text = out.screen
    assert "GOES ON (2 MOVES)" in text and "LEVEL 3" in text and "TIME PAD  1.5 SEC" in text
    assert board(out, 1) == "█" and board(out, 4) == "█"
    # the window closing (script running out) saves as well
    out = play(tmp_path, '"2 "')
    assert out.exit_code is None and "\n2\n" in (tmp_path / "MILL.TMP").read_text()
    (tmp_path / "MILL.TMP").write_text(".PLAYERS NOBODY\n1\n")
    out = play(tmp_path, "")
    assert "MILL.TMP IS DAMAGED" in out.screen and "MILL.BAD" in out.screen
    assert (tmp_path / "MILL.BAD").exists() and not (tmp_path / "MILL.TMP").exists()
    assert "MOVE BUFFER   0/200" in out.screen


def test_computer_against_computer_plays_to_the_end(tmp_path):
    out = play(tmp_path, "F8 F8 F2")
    text = out.screen
    assert "WINS!" in text or "DRAW" in text
    assert "WHITE: COMPUTER" in text and "LEVEL 0" in text


def test_esc_makes_the_thinking_computer_play_at_once(tmp_path):
    def hook(m):  # keys typed ahead: level 9, computer takes White, Esc, then Black to the keyboard
        for k in ["F9"] * 7 + ["F2", "Esc", "F3"]:
            m.keyboard.push(word_for(k))

    t = time.perf_counter()
    out = play(tmp_path, "", hook=hook)
    assert time.perf_counter() - t < 5
    text = out.screen
    assert "LEVEL 9" in text and "MOVE BUFFER   1/200" in text and "BLACK, PLACE A PIECE" in text


def test_shareware_stops_at_level_two(tmp_path):
    out = play(tmp_path, "F9 F9", shareware=True)
    assert "LEVEL 2 IS THE TOP LEVEL OF THE SHAREWARE VERSION" in news(out)
    out = play(tmp_path / "b", "F9 F9")
    assert "LEVEL 4" in out.screen


@pytest.mark.parametrize("switches, adapter, mono", [("S", "ega", False), ("SM", "ega", True), ("S", "mda", True)])
def test_mono_mode_uses_mono_attributes(tmp_path, switches, adapter, mono):
    out = play(tmp_path, "F10", switches, adapter=adapter)
    attrs = set(out.state.cells[..., 1].ravel().tolist())
    if mono:
        assert attrs <= {0x07, 0x0F, 0x70, 0x01, 0x09} and "BORDER" not in out.screen
        assert out.state.border == 0
    else:
        assert 0x60 in attrs and out.state.border == 2 and "F10 BORDER COLOR" in out.screen


def test_f1_legend_and_level_keys(tmp_path):
    out = play(tmp_path, "", "")
    assert "F1  SOUND OFF" in out.screen
    out = play(tmp_path / "b", "F1 F8", "")
    assert "F1  SOUND ON" in out.screen and "LEVEL 1" in out.screen


def test_the_monkey_catches_a_piece_that_vanishes(monkeypatch):
    """Mill's invariants (record = board, nine pieces each) are checked after every input."""
    from dataclasses import replace

    from vconsole.tools import monkey
    from vconsole_programs.mill import PROGRAM as MILL
    from vconsole_programs.mill import rules

    real_play = rules.Game.play

    def leaky_play(self, move):
        real_play(self, move)
        pos = self._positions[-1]
        if pos.in_hand[0] > 0:  # White silently loses a piece from its hand
            self._positions[-1] = replace(pos, in_hand=(pos.in_hand[0] - 1, pos.in_hand[1]))

    monkeypatch.setattr(rules.Game, "play", leaky_play)
    failure, _ = monkey.replay(monkey.Target(MILL, seed=1), ["Enter", "5", "Space"])  # Enter: the start-up screen
    assert failure is not None and failure.kind == "invariant"
    assert "accounted for" in failure.summary or "move record" in failure.summary


def test_the_capture_question_stays_while_its_digits_are_typed(tmp_path):
    # White closes 22-23-24; Black's 1 and 10 may be taken, so a typed "1" is not finished yet
    out = play(tmp_path, 'F3 "22 " "1 " "23 " "10 " "24 " "1"')
    assert "WHITE, TAKE WHICH PIECE (0=NONE)? 24 1_" in out.screen


def test_clicking_the_time_declines_even_with_a_capture_half_typed(tmp_path):
    out = play(tmp_path, 'F3 "22 " "1 " "23 " "10 " "24 " "1" click:22,11')
    assert "WHITE PLACES ON 24, MILL, TAKES NOTHING." in news(out)
    assert board(out, 1) == "█" and board(out, 10) == "█"


def test_a_stray_key_does_not_block_f7_while_the_computers_play(tmp_path):
    out = play(tmp_path, "F2 wait:1300 a F7")
    assert out.exit_code == 0
    assert (tmp_path / "MILL.TMP").exists()  # quit mid-game: the game was kept


def test_keys_typed_ahead_wait_for_the_keyboard_player_but_f7_does_not(tmp_path):
    out = play(tmp_path, '"5 " wait:100 "1" F7')
    assert out.exit_code == 0 and "MOVE BUFFER   1/200" in out.screen  # quit before Black's reply
    out = play(tmp_path / "b", '"5 " wait:100 "1"')
    assert "WHITE, PLACE A PIECE: 1_" in out.screen


def test_dot_steps_a_computer_game_back_until_the_mode_changes(tmp_path):
    # both sides computer: '.' typed while it plays steps back one move a time-pad apart;
    # giving both sides to the keyboard stops the stepping where it is
    out = play(tmp_path, "F2 wait:6500 . wait:2500 F2 F3")
    text = out.screen
    assert "WHITE: KEYBOARD" in text and "BLACK: KEYBOARD" in text
    buffer_line = next(line for line in out.text if "MOVE BUFFER" in line)
    shown = buffer_line.split("MOVE BUFFER")[1].split("/")[0]
    assert "KEPT" in buffer_line and 0 < int(shown) < 6, buffer_line


def test_moves_mills_and_errors_sound_on_the_speaker_unless_switched_off(tmp_path):
    from vconsole_programs.mill.sounds import EFFECTS as MILL_EFFECTS
    from vconsole_programs.tommy import HOUSE_EFFECTS
    EFFECTS = {**HOUSE_EFFECTS, **MILL_EFFECTS}

    def recorder(log):
        def hook(m):
            real = m.speaker.play
            m.speaker.play = lambda music, *a, **k: (log.append(music), real(music, *a, **k))[1]
        return hook

    heard = []
    play(tmp_path, 'F3 "1 " "4 " "2 " "5 " "3 4" A', "", hook=recorder(heard))
    assert heard.count(EFFECTS["click"]) == 4 and EFFECTS["capture"] in heard
    heard.clear()
    play(tmp_path / "b", 'F3 "1 " "4 " "2 " "5 " "3 0" Q', "", hook=recorder(heard))
    assert EFFECTS["mill"] in heard and EFFECTS["error"] in heard  # Q is no command
    heard.clear()
    play(tmp_path / "c", 'F3 "1 " "4 " Q', "S", hook=recorder(heard))
    assert heard == []


def test_any_note_line_is_ignored_even_one_that_starts_like_ours(tmp_path):
    (tmp_path / "NOTES.MIL").write_text(".options are for later\n. my notes\n.\n5\n")
    out = play(tmp_path, 'F3 R "notes.mil" Enter')
    assert "RESTORED 1 MOVE FROM NOTES.MIL." in news(out) and board(out, 5) == "█"


def test_one_move_is_spelt_in_the_singular(tmp_path):
    out = play(tmp_path, 'F3 "5 " S "one.mil" Enter')
    assert "SAVED 1 MOVE IN ONE.MIL." in news(out)


def test_legend_clicks_work_while_the_computers_play(tmp_path):
    # row 5 is the F2 line of the legend, row 8 the F7 line
    out = play(tmp_path, "F2 wait:1300 click:50,5 wait:3000")
    assert "WHITE: KEYBOARD" in out.screen and "WHITE, PLACE A PIECE" in out.screen
    out = play(tmp_path / "b", "F2 wait:1300 click:50,8")
    assert out.exit_code == 0 and "MOVE BUFFER   1/200" in out.screen


@pytest.mark.parametrize("keys", ['X F7', 'O F7', 'S F7', '"s" F7'])
def test_f7_quits_from_questions_and_file_names_keeping_the_game(tmp_path, keys):
    out = play(tmp_path, f'"5 " wait:1500 {keys}')
    assert out.exit_code == 0
    assert (tmp_path / "MILL.TMP").exists()  # the game in progress is kept, as after F7 in play


def test_f7_on_the_start_up_screen_quits(tmp_path):
    out = run_headless(PROGRAM, "F7", switches="S", drive=tmp_path)
    assert out.exit_code == 0


def test_level_9_starts_loading_its_compiled_search_when_chosen_or_resumed(tmp_path, monkeypatch):
    """The master's kernel is loaded in the background as soon as level 9 is chosen (F9) or a
    game saved at level 9 resumes, not at lower levels; counted, not timed."""
    from vconsole_programs.mill import master
    started: list[str] = []
    monkeypatch.setattr(master, "warm_up", lambda: started.append("warm"))
    play(tmp_path, 'F3 F9 F9 F9 F9 F9 F9 "1 " "4 " F8 F7')  # levels 3-8: not yet
    assert started == []
    play(tmp_path / "b", 'F3 ' + "F9 " * 7 + 'F8 F9 "1 " "4 " F7')  # level 9 reached twice: asked twice
    assert started == ["warm", "warm"]
    assert ".LEVEL 9" in (tmp_path / "b" / "MILL.TMP").read_text()
    started.clear()
    play(tmp_path / "b", "")  # resumes the game saved at level 9
    assert started == ["warm"]
