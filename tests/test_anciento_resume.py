"""Anciento keeps an unfinished game (ANCIENTO.TMP) at every end of a run and offers it at the
next start; F10 asks before it ends a game with stones left; Home/End/PgUp/PgDn go to the
corners of the 8x8 playing area (issue 29)."""
from __future__ import annotations

from helpers import run_headless

from vconsole_programs.anciento import PROGRAM, keep
from vconsole_programs.anciento import messages as say
from vconsole_programs.anciento.game import Game
from vconsole_programs.anciento.stones import numbered_deal


def run(tmp_path, script, mouse=False, **cfg):
    return run_headless(PROGRAM, "Enter " + script, drive=tmp_path, mouse=mouse, **cfg)


def panel(out) -> str:
    return " ".join(" ".join(line[55:].split()) for line in out.text[:24] if line[55:].strip())


def arrows_to(frm, to) -> list[str]:
    (r0, c0), (r1, c1) = frm, to
    return ["Down" if r1 > r0 else "Up"] * abs(r1 - r0) + ["Right" if c1 > c0 else "Left"] * abs(c1 - c0)


def moves(game: Game, n: int) -> str:
    keys, cur = [], (4, 4)
    for _ in range(n):
        best = max(game.legal(), key=lambda c: (game.match(c), -c))
        to = divmod(best, 10)
        keys += arrows_to(cur, to) + ["Enter"]
        cur = to
        game.place(best)
    return " ".join(keys)


def test_a_closed_window_keeps_the_game_and_the_next_start_offers_it(tmp_path):
    game = Game(numbered_deal(505))
    keys = moves(game, 3)
    run(tmp_path, f'3 "505" Enter {keys}')  # the script ends: the window closes mid-game
    kept = keep.parse((tmp_path / keep.FILE).read_text())
    assert kept.saved.moves == game.moves and kept.hall
    out = run(tmp_path, "")
    assert say.resume_offer(505, 3).split(",")[0] in panel(out) and say.RESUME_ASK in panel(out)
    out = run(tmp_path, "Y")
    assert "Game 505" in out.text[1] and say.RESUMED in panel(out)
    assert f"Score {game.position.score:,}" in panel(out) and "Stones left 63" in panel(out)
    out = run(tmp_path, "Y Gray-")  # take-backs work on the carried-on game
    assert say.TAKEN_BACK in panel(out) and "Stones left 64" in panel(out)


def test_ctrl_q_keeps_it_too_and_declining_keeps_it_for_later(tmp_path):
    keys = moves(Game(numbered_deal(505)), 2)
    out = run(tmp_path, f'3 "505" Enter {keys} Ctrl+Q')
    assert out.exit_code == 0 and (tmp_path / keep.FILE).exists()
    out = run(tmp_path, "N")
    assert say.RESUME_LATER in panel(out) and "1 Random game" in "\n".join(out.text)
    assert (tmp_path / keep.FILE).exists()


def test_an_ended_game_leaves_nothing_behind(tmp_path):
    keys = moves(Game(numbered_deal(505)), 2)
    run(tmp_path, f'3 "505" Enter {keys}')
    run(tmp_path, "Y F10 Y Enter Esc")
    assert not (tmp_path / keep.FILE).exists()


def test_a_damaged_file_is_set_aside_with_a_message(tmp_path):
    (tmp_path / keep.FILE).write_text("ANCIENTO GAME 1\nNUMBER 505\nMOVES 0\n")
    out = run(tmp_path, "")
    assert "ANCIENTO.TMP is damaged" in panel(out) and (tmp_path / "ANCIENTO.BAD").exists()


def test_f10_asks_first_while_stones_are_left(tmp_path):
    keys = moves(Game(numbered_deal(505)), 2)
    out = run(tmp_path, f'3 "505" Enter {keys} F10')
    assert say.END_ASK in panel(out) and "GAME OVER" not in "\n".join(out.text)
    (tmp_path / keep.FILE).unlink()  # the first run kept its game: start afresh
    out = run(tmp_path, f'3 "505" Enter {keys} F10 N')
    assert say.END_KEPT in panel(out) and "Stones left 64" in panel(out)
    (tmp_path / keep.FILE).unlink()
    out = run(tmp_path, f'3 "505" Enter {keys} F10 Y')
    assert "GAME OVER" in "\n".join(out.text)


def test_f10_ends_at_once_when_every_stone_is_down(tmp_path):
    out = run(tmp_path, '6 "sample" Enter F1 F10')  # the master's finished game, played on
    assert "GAME OVER" in "\n".join(out.text)


def test_the_jump_keys_go_to_the_corners_of_the_playing_area(tmp_path, monkeypatch):
    from vconsole_programs.anciento import moves
    seen = {}
    real = moves.move_cursor

    def spy(play, key):
        real(play, key)
        seen[key.name] = play.cursor.pos

    monkeypatch.setattr(moves, "move_cursor", spy)
    run(tmp_path, '3 "505" Enter Home PgUp End PgDn')
    assert seen == {"Home": (1, 1), "PgUp": (1, 8), "End": (8, 1), "PgDn": (8, 8)}
    out = run(tmp_path, '3 "505" Enter PgDn Enter')  # an empty square of the area, not a starter
    assert say.REFUSED_ALONE in panel(out)


def test_ctrl_c_in_a_game_keeps_it(tmp_path):
    import pytest

    from vconsole.program import Program
    from vconsole_programs.anciento.main import main
    game = Game(numbered_deal(505))
    keys = moves(game, 2)

    def wrapped(dos):
        real = dos.input

        def input(*a, **k):
            ev = real(*a, **k)
            if getattr(ev, "name", "") == "F11":  # stands for Ctrl+C, which raises where the program waits
                raise KeyboardInterrupt
            return ev

        dos.input = input
        return main(dos)

    with pytest.raises(KeyboardInterrupt):
        run_headless(Program(name="ANCIENTO", main=wrapped), f'Enter 3 "505" Enter {keys} F11',
                     drive=tmp_path, mouse=False)
    assert keep.parse((tmp_path / keep.FILE).read_text()).saved.moves == game.moves


def test_after_game_over_the_side_panel_no_longer_offers_a_stone(tmp_path):
    keys = moves(Game(numbered_deal(505)), 2)
    out = run(tmp_path, f'3 "505" Enter {keys} F10 Y')
    assert "GAME OVER" in "\n".join(out.text)
    side = panel(out)
    assert "Game over." in side and "Final score" in side
    assert "Place" not in side and "Next: E shows 4" not in side and say.END_ASK not in side


def test_on_mda_the_menus_showcase_leaves_space_round_every_stone(tmp_path):
    from vconsole_programs.anciento.look import stone_rows
    from vconsole_programs.anciento.mainmenu import SPACED_GAP_COLS, SPACED_LEFT, SPACED_TOP
    out = run(tmp_path, "", adapter="mda")
    for shape in range(6):
        top = SPACED_TOP + shape * 3
        for pattern in range(6):
            left = SPACED_LEFT + pattern * (5 + SPACED_GAP_COLS)
            rows = stone_rows(shape * 6 + pattern)
            assert out.text[top][left:left + 5] == rows[0] and out.text[top + 1][left:left + 5] == rows[1]
            assert out.text[top][left + 5:left + 5 + SPACED_GAP_COLS].strip() == ""  # a gap before the next
        assert out.text[top + 2][1:53].strip() == ""  # and a blank row below each row of stones
