"""SPIDER played headless: clicks on the table, the control panel, VIEW, INFO and the Hit Parade.

Game 5 (``--seed 5``) opens with, on top of columns 1 to 10:
9D AC 5S KD TD 8H 2S TC KC AD (columns 1-4 over five face-down cards, 5-10 over four).
A column's cards lie from row 2 down, one a row; column c (1-10) spans screen columns
8c-7 .. 8c-2, so a click at x = 8c - 5 hits it.
"""
from __future__ import annotations

import pytest

from vconsole.testing import Run
from vconsole.testing import run as run_headless
from vconsole_programs.spider import PROGRAM
from vconsole_programs.spider import game as game_module
from vconsole_programs.spider import messages as say
from vconsole_programs.spider.notation import board_from_text
from vconsole_programs.spider.screen import BOARD_TOP, MESSAGE_ROW, PALETTE

KA = "K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s} A{s}"


def x(col: int) -> int:
    """The screen column to click for table column ``col`` (1-10)."""
    return 8 * col - 5


def at(col: int, index: int) -> str:
    return f"click:{x(col)},{BOARD_TOP + index}"


def below(col: int, row: int = 20) -> str:
    return f"click:{x(col)},{row}"


def run(tmp_path, script, seed=5, **cfg):
    # each run here starts afresh: the game an earlier run kept (SPIDER.TMP) would be offered
    # first (tests/test_spider_resume.py tries that)
    (tmp_path / "SPIDER.TMP").unlink(missing_ok=True)
    cfg.setdefault("adapter", "ega")
    cfg.setdefault("mute", True)
    return run_headless(PROGRAM, script, drive=tmp_path, seed=seed, **cfg)


def card_at(out, col: int, index: int) -> str:
    left = 8 * col - 7
    return out.text[BOARD_TOP + index][left:left + 6].strip()


def message(out: Run) -> str:
    return out.rows(MESSAGE_ROW)



def test_the_opening_table(tmp_path):
    out = run(tmp_path, "")
    assert out.text[0].startswith(" SPIDER  GAME 5")
    assert "DEALS" in out.text[0]
    tops = [card_at(out, c, 5 if c <= 4 else 4) for c in range(1, 11)]
    assert tops == ["9♦ ♦", "A♣ ♣", "5♠ ♠", "K♦ ♦", "10♦ ♦", "8♥ ♥", "2♠ ♠", "10♣ ♣", "K♣ ♣", "A♦ ♦"]
    assert "▒▒5▒▒▒" in out.text[BOARD_TOP + 4]  # the last face-down card tells how many
    assert message(out) == say.START
    assert "ESC PANEL" in out.text[24] and "1-9,0" in out.text[24]


def test_a_click_below_a_column_moves_its_group_and_turns_the_card_it_uncovers(tmp_path):
    out = run(tmp_path, below(1))
    assert card_at(out, 5, 5) == "9♦ ♦"  # onto the 10♦ of column 5
    assert card_at(out, 1, 4) == "J♠ ♠"  # the card under it, turned
    assert message(out) == ""


def test_a_click_that_moves_nothing_says_why(tmp_path):
    out = run(tmp_path, below(9))  # the K♣: no empty column
    assert message(out) == say.NOTHING_FITS_ONE  # one card: the singular words (issue 29)
    out = run(tmp_path, at(1, 2))
    assert message(out) == say.FACE_DOWN
    assert card_at(out, 1, 5) == "9♦ ♦"


def test_a_click_on_a_card_of_the_group_moves_from_that_card(tmp_path):
    # 9♦ onto 10♦ (column 5), then a click on that 9♦ sends it on to the next 10 to the right: 10♣
    out = run(tmp_path, f"{below(1)} {at(5, 5)}")
    assert card_at(out, 8, 5) == "9♦ ♦"
    assert card_at(out, 5, 4) == "10♦ ♦" and card_at(out, 5, 5) == ""


def test_the_right_button_pops_the_control_panel_and_the_right_button_returns(tmp_path):
    opened = run(tmp_path, "rclick:40,12")
    text = opened.screen
    for word in ("CONTROL", "HELP", "DEAL", "UNDO", "INFO", "VIEW", "QUIT"):
        assert word in text
    closed = run(tmp_path, "rclick:40,12 rclick:40,12")
    assert closed.text == run(tmp_path, "").text


def panel_pick(word: str, row0: int = 12, col0: int = 40) -> str:
    """The clicks that open the panel at (col0, row0) and pick ``word`` (its items from row0 + 1)."""
    order = ["HELP", "DEAL", "UNDO", "INFO", "VIEW", "WATCH", "NEW GAME", "GAME NUMBER", "QUIT"]
    return f"rclick:{col0},{row0} click:{col0 + 3},{row0 + 1 + order.index(word)}"


def test_deal_from_the_panel(tmp_path):
    out = run(tmp_path, panel_pick("DEAL"))
    assert message(out) == say.DEALT.format(n=1)
    assert card_at(out, 1, 6) == "7♦ ♦" and card_at(out, 10, 5) == "4♥ ♥"
    assert out.text[0].count("▒") == 4


def test_undo_is_lit_when_it_would_cheat_and_taking_back_a_turn_cheats(tmp_path):
    out = run(tmp_path, f"{below(1)} rclick:40,12")
    assert "UNDO (CHEAT)" in out.screen
    row = next(r for r, line in enumerate(out.text) if "UNDO (CHEAT)" in line)
    col = out.text[row].index("UNDO (CHEAT)")
    lit = PALETTE.pick(False)
    assert out.state.cells[row, col + 1, 1] == lit["undo_lit"] != lit["menu_bar"]  # lit (the U is the hot key)
    out = run(tmp_path, f"{below(1)} {panel_pick('UNDO')}")
    assert message(out) == say.UNDONE_CHEAT
    assert card_at(out, 1, 5) == "9♦ ♦"
    # quitting a cheated game says why it cannot enter the Hit Parade
    out = run(tmp_path, f"{below(1)} {panel_pick('UNDO')} {panel_pick('QUIT')}")
    assert "UNDO WAS USED TO CHEAT" in out.screen and out.exit_code is None  # waiting on the panel
    out = run(tmp_path, f"{below(1)} {panel_pick('UNDO')} {panel_pick('QUIT')} Enter")
    assert out.exit_code == 0 and not (tmp_path / "SPIDER.SCR").exists()


def test_undo_of_a_plain_move_is_not_lit_and_not_cheating(tmp_path):
    # 9♦ onto 10♦ turns a card; then 9♦ on to the 10♣ turns nothing: undoing that is free
    out = run(tmp_path, f"{below(1)} {at(5, 5)} rclick:40,12")
    assert "UNDO (CHEAT)" not in out.screen and " UNDO " in out.screen
    out = run(tmp_path, f"{below(1)} {at(5, 5)} {panel_pick('UNDO')}")
    assert message(out) == say.UNDONE
    assert card_at(out, 5, 5) == "9♦ ♦"


def test_help_points_at_a_move_and_goes_away_with_any_click(tmp_path):
    out = run(tmp_path, panel_pick("HELP"))
    assert message(out).startswith("HELP: ")
    assert "◄" in out.screen
    gone = run(tmp_path, f"{panel_pick('HELP')} {below(9)}")
    assert "◄" not in gone.screen and message(gone) == ""  # the click only took the arrow away


def test_help_is_off_while_a_column_is_empty(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "new_board", lambda seed: board_from_text(
        [KA.format(s="S"), ""] + ["removed: SHDCSHD"]))
    out = run(tmp_path, "rclick:40,12")
    line = next(r for r, text in enumerate(out.text) if " HELP " in text)
    col = out.text[line].index("HELP")
    assert out.state.cells[line, col, 1] == 0x78  # drawn disabled
    out = run(tmp_path, "H")
    assert message(out) == say.HELP_OFF


def test_info_shows_the_game_and_the_hit_parade_button(tmp_path):
    out = run(tmp_path, f"{below(1)} {panel_pick('INFO')}")
    text = out.screen
    for words in ("GAME NUMBER     5", "DEALS DONE      0 OF 5", "SCORE           12", "TIME PLAYED",
                  "COMPLETE SUITS  NONE", "[ H: HIT PARADE ]"):
        assert words in text
    row = next(r for r, line in enumerate(out.text) if "[ H: HIT PARADE ]" in line)
    col = out.text[row].index("[ H: HIT PARADE ]") + 3
    out = run(tmp_path, f"{below(1)} {panel_pick('INFO')} click:{col},{row}")
    assert "HIT PARADE" in out.screen and " 1. ...." in out.screen


def test_info_says_h_opens_the_hit_parade_and_h_does(tmp_path):
    out = run(tmp_path, "I")
    row = next(r for r, line in enumerate(out.text) if "[ H: HIT PARADE ]" in line)
    col = out.text[row].index("[ H: HIT PARADE ]")
    assert out.state.cells[row, col + 2, 1] == 0x1E  # the H lit as the panel's letters are
    out = run(tmp_path, "I h", mouse=False)
    assert " 1. ...." in out.screen


def test_without_a_mouse_the_start_line_names_only_the_keys(tmp_path):
    assert message(run(tmp_path, "", mouse=False)) == say.START_KEYS
    assert "BUTTON" not in say.START_KEYS and "ESC" in say.START_KEYS


def test_info_with_suits_taken_off_keeps_its_button_where_it_is_drawn(tmp_path, monkeypatch):
    # the note on removed suits fits the panel whole, so the lines below it do not move
    # away from the button's highlight and click row
    monkeypatch.setattr(game_module, "new_board", lambda seed: board_from_text(
        [KA.format(s="S"), "9D", "9H", "KD", "9S", "KD", "KD", "KD", "KD", "QH", "removed: H"]))
    out = run(tmp_path, "I")
    assert any(line.strip("║ ").endswith("(TAKEN OFF: INVERTED)") for line in out.text)
    row = next(r for r, line in enumerate(out.text) if "[ H: HIT PARADE ]" in line)
    col = out.text[row].index("[ H: HIT PARADE ]")
    assert out.state.cells[row, col + 3, 1] == 0x1F  # the button's highlight is on its label
    out = run(tmp_path, f"I click:{col + 3},{row}")
    assert " 1. ...." in out.screen


@pytest.mark.parametrize("adapter", ["ega", "mda"])
def test_info_shows_the_suits_taken_off_inverted(tmp_path, monkeypatch, adapter):
    # spades complete on the table, hearts taken off: the hearts are the inverted glyph,
    # against the panel's own attribute (normal video on mono, where the title bar is reverse)
    monkeypatch.setattr(game_module, "new_board", lambda seed: board_from_text(
        [KA.format(s="S"), "9D", "9H", "KD", "9S", "KD", "KD", "KD", "KD", "QH", "removed: H"]))
    out = run(tmp_path, "I", adapter=adapter)
    row = next(r for r, line in enumerate(out.text) if "COMPLETE SUITS" in line)
    col = out.text[row].index("COMPLETE SUITS") + 16
    assert out.text[row][col:col + 2] == "♠♥"
    panel = out.state.cells[row, col - 2, 1]
    kept, removed = out.state.cells[row, col, 1], out.state.cells[row, col + 1, 1]
    assert removed == ((kept >> 4) | (kept << 4)) & 0x77  # the one inverted from the other
    if adapter == "mda":
        assert kept == panel == 0x07 and removed == 0x70


def test_view_splits_the_board_with_a_cross_pointer_and_view_again_restores(tmp_path):
    picking = run(tmp_path, panel_pick("VIEW"))
    assert (picking.state.mouse.and_mask, picking.state.mouse.xor_mask) == (0x7700, 0x77C5)
    assert message(picking) == say.VIEW_FIRST
    split = run(tmp_path, f"{panel_pick('VIEW')} click:0,3 click:0,5")
    assert message(split) == say.VIEW_SPLIT.format(n=3, first=2)
    assert (split.state.mouse.and_mask, split.state.mouse.xor_mask) == (0x77FF, 0x7700)
    # columns 1-4: five face-down cards and a face-up one: lines 2-4 hidden, one marker line
    assert card_at(split, 1, 1) == "══3═══" and card_at(split, 1, 3) == "9♦ ♦"
    assert card_at(split, 5, 1) == "══3═══" and card_at(split, 5, 2) == "10♦ ♦"
    back = run(tmp_path, f"{panel_pick('VIEW')} click:0,3 click:0,5 {panel_pick('VIEW')}")
    assert message(back) == say.VIEW_NORMAL and card_at(back, 1, 5) == "9♦ ♦"


def test_view_hides_the_cards_the_picked_lines_show_in_a_compressed_column(tmp_path, monkeypatch):
    # column 1 is compressed (its face-down cards folded, a marker for seven spades): the
    # lines picked show 5♠ and A♠, so those five cards are hidden, not card numbers 3 to 7
    monkeypatch.setattr(game_module, "new_board", lambda seed: board_from_text(
        ["#2C #3C #4C #5C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
         "#4D #5D #6D #7D #8D #9D 9D", "9H", "KD", "9S", "KD", "KD", "KD", "KD", "QH"]))
    before = run(tmp_path, "")
    assert card_at(before, 1, 3) == "5♠ ♠" and card_at(before, 1, 7) == "A♠ ♠"
    out = run(tmp_path, f"{panel_pick('VIEW')} click:0,5 click:0,9")
    assert message(out) == say.VIEW_SPLIT.format(n=5, first=4)
    assert [card_at(out, 1, i) for i in range(5)] == ["▒▒4▒▒▒", "K♠ ♠", "↕7", "══5═══", "K♥ ♥"]
    # one marker line across the columns; the face-down count is the column's, all six
    assert [card_at(out, 2, i) for i in range(5)] == ["▒▒▒▒▒▒", "▒▒▒▒▒▒", "▒▒6▒▒▒", "══3═══", "9♦ ♦"]
    # the bottom of column 1 moved up four lines (five hidden, one marker)
    assert card_at(out, 1, 15) == "2♥ ♥" and card_at(out, 1, 16) == ""


def test_the_right_button_gives_view_up(tmp_path):
    out = run(tmp_path, f"{panel_pick('VIEW')} click:0,3 rclick:0,5")
    assert message(out) == say.VIEW_ABORT and card_at(out, 1, 5) == "9♦ ♦"
    assert (out.state.mouse.and_mask, out.state.mouse.xor_mask) == (0x77FF, 0x7700)


def test_quit_enters_the_hit_parade_with_a_name_typed(tmp_path):
    out = run(tmp_path, f'{below(1)} {panel_pick("QUIT")} "ADA" Enter Enter')
    assert out.exit_code == 0
    saved = (tmp_path / "SPIDER.SCR").read_text()
    assert "|ADA" in saved and saved.splitlines()[1].startswith("12|")


def test_a_score_of_nothing_does_not_enter_and_says_so_before_leaving(tmp_path):
    out = run(tmp_path, panel_pick("QUIT"))
    assert out.exit_code is None  # waiting on the panel
    assert say.HP_LOW.format(score=0) in out.screen
    out = run(tmp_path, f"{panel_pick('QUIT')} click:40,12")
    assert out.exit_code == 0 and not (tmp_path / "SPIDER.SCR").exists()


def test_a_score_below_a_full_hit_parade_says_it_does_not_reach_it(tmp_path):
    for k in range(10):  # ten games of 12 points fill the table
        run(tmp_path, f'{below(1)} {panel_pick("QUIT")} "P{k}" Enter Enter')
    out = run(tmp_path, f"{below(1)} {panel_pick('QUIT')}")
    assert say.HP_LOW.format(score=12) in out.screen and out.exit_code is None
    out = run(tmp_path, f"{below(1)} {panel_pick('QUIT')} x")
    assert out.exit_code == 0


def test_keyboard_play_column_mark_card_choice_and_digits(tmp_path):
    out = run(tmp_path, "1")  # the group on top of column 1 moves at once
    assert card_at(out, 5, 5) == "9♦ ♦"
    out = run(tmp_path, "1 Right Right Right Right Up Enter")  # column 5: its 9♦ (a sub-group)
    assert card_at(out, 8, 5) == "9♦ ♦"
    out = run(tmp_path, "Esc")
    assert "CONTROL" in out.screen
    out = run(tmp_path, "Esc d")
    assert message(out) == say.DEALT.format(n=1)


def test_the_whole_game_by_keyboard_without_a_mouse(tmp_path):
    out = run(tmp_path, "Right Enter D I Esc", mouse=False)
    assert message(out) == say.DEALT.format(n=1)
    out = run(tmp_path, "Q Enter Enter", mouse=False)  # QUIT confirmed, then "0 points do not enter"
    assert out.exit_code == 0


def test_q_on_the_table_opens_the_panel_on_quit_and_one_stray_key_ends_nothing(tmp_path):
    out = run(tmp_path, "Q")
    assert out.exit_code is None and "CONTROL" in out.screen and message(out) == say.QUIT_ASK
    row = next(r for r, line in enumerate(out.text) if " QUIT " in line)
    col = out.text[row].index("QUIT")
    assert out.state.cells[row, col + 1, 1] == 0x1F  # the bar is on QUIT
    back = run(tmp_path, "Q Esc")
    assert back.exit_code is None and back.text[:23] == run(tmp_path, "").text[:23]
    assert message(back) == "" and "CONTROL" not in back.screen
    out = run(tmp_path, "Q Enter")  # confirmed: by way of the Hit Parade
    assert say.HP_LOW.format(score=0) in out.screen
    assert run(tmp_path, "Q Enter Enter").exit_code == 0
    assert run(tmp_path, "Q Q x").exit_code == 0


def test_a_won_game_goes_to_the_hit_parade_and_a_new_game_is_dealt(tmp_path, monkeypatch):
    near_win = board_from_text([KA.format(s="S").rsplit(" ", 1)[0], "AS", "removed: SHDCHDC"])
    boards = iter([near_win])
    real = game_module.new_board
    monkeypatch.setattr(game_module, "new_board", lambda seed: next(boards, None) or real(seed))
    out = run(tmp_path, f'{below(2)} Enter "WINNER" Enter Enter')
    saved = (tmp_path / "SPIDER.SCR").read_text()
    assert "990|" in saved and "WINNER" in saved
    assert message(out).startswith("GAME ")
    assert "NEW DEAL" in message(out)


@pytest.mark.parametrize("adapter", ["mda", "cga", "vga"])
def test_other_displays_show_the_same_table(tmp_path, adapter):
    out = run(tmp_path, below(1), adapter=adapter)
    assert card_at(out, 5, 5) == "9♦ ♦"


def test_view_by_keyboard(tmp_path):
    out = run(tmp_path, "v Down Down Enter Down Enter", mouse=False)
    assert message(out) == say.VIEW_SPLIT.format(n=2, first=2)
    assert card_at(out, 1, 1) == "══2═══" and card_at(out, 1, 2) == "▒▒▒▒▒▒"
    out = run(tmp_path, "v Down Esc", mouse=False)
    assert message(out) == say.VIEW_ABORT and out.text[BOARD_TOP][0] == " "


def test_view_of_lines_below_every_card_hides_nothing(tmp_path):
    out = run(tmp_path, f"{panel_pick('VIEW')} click:0,15 click:0,18")
    assert message(out) == say.VIEW_NOTHING
