"""The toolkit's core through the headless runner: Busy (think, pause, demo), message and prompt
lines, panels, the auto-save's failure path, and the program contract it relies on."""
from __future__ import annotations

from unittest import mock

from vconsole.disk import Drive
from vconsole.keyboard import Key, word_for
from vconsole.testing import run as run_headless
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.hot import STOPS, Hot
from vconsole.toolkit.lines import MessageArea, PromptLine
from vconsole.toolkit.popup import Panel, fold, show_panel
from vconsole.toolkit.theme import WIDGET_COLOUR, WIDGET_MONO, Palette
from vconsole.toolkit.think import GAME_OVER, KEEP, REFUSE, STOP, Busy, run_demo

THEME = Palette({}, {}).pick(False)


def _hot_f1_f7(log):
    def hot(key: Key):
        if key.name == "F1":
            log.append("F1")
            return Hot.HANDLED
        if key.name == "F7":
            return Hot.QUIT
        if key.name == "F2":
            return Hot.MODE
        return None
    return hot


# -- Busy.think -----------------------------------------------------------------------------
def _search(steps, log):
    """A stand-in search: ``steps`` rounds, reporting an ever better move, asking to stop each round."""
    def search(should_stop, report):
        for i in range(steps):
            report(i)
            log.append(i)
            if should_stop():
                return None
        return steps
    return search


def test_think_plays_the_finished_search_after_the_time_pad_in_machine_time():
    got = {}

    def main(dos):
        busy = Busy(dos, _hot_f1_f7([]))
        t = dos.now()
        got["thought"] = busy.think(_search(3, []), pad=1.5)
        got["took"] = dos.now() - t

    run_headless(main)
    assert got["thought"].move == 3 and got["thought"].why is None
    assert 1.5 <= got["took"] < 1.6


def test_esc_plays_the_best_so_far_at_once_and_hot_keys_stay_live_while_thinking():
    got, log, searched = {}, [], []

    def main(dos):
        for k in ("F1", "Esc"):
            dos.keyboard.push(word_for(k))
        busy = Busy(dos, _hot_f1_f7(log), stops=lambda key: "esc" if key.name == "Esc" else None)
        shown = []
        got["thought"] = busy.think(_search(100, searched), pad=5.0, on_best=shown.append)
        got["shown"] = shown

    run_headless(main)
    assert log == ["F1"]  # the hot key was answered during the search
    assert got["thought"].why == "esc" and got["thought"].move == 0 and got["shown"] == [0]
    assert searched == [0]  # stopped at its first look at the keyboard


def test_keys_typed_while_thinking_are_kept_in_order_for_the_next_reader():
    got = {}

    def main(dos):
        for k in ("1", "F1", "2", "Space"):
            dos.keyboard.push(word_for(k))
        busy = Busy(dos, _hot_f1_f7([]))
        got["thought"] = busy.think(_search(2, []), pad=0.5)
        got["then"] = [dos.keyboard.get().name for _ in range(dos.keyboard.pending())]

    run_headless(main)
    assert got["then"] == ["1", "2", "Space"]  # F1 was acted on; the rest wait, as typed


def test_a_stop_key_after_typed_ahead_keys_is_part_of_what_was_typed_but_esc_always_counts():
    got = {}

    def main(dos):
        stops = {".": "back", "Esc": "esc"}
        busy = Busy(dos, _hot_f1_f7([]), stops=lambda key: stops.get(key.char) or stops.get(key.name))
        for k in ("5", "."):
            dos.keyboard.push(word_for(k))
        got["a"] = busy.poll()
        got["kept"] = dos.keyboard.pending()
        dos.keyboard.flush()
        for k in ("5", "Esc"):
            dos.keyboard.push(word_for(k))
        got["b"] = busy.poll()

    run_headless(main)
    assert got == {"a": None, "kept": 2, "b": "esc"}


def test_quit_and_mode_end_a_think_refuse_beeps_and_stop_hands_control_back():
    got = {}

    def main(dos):
        refused = []
        busy = Busy(dos, _hot_f1_f7([]), typed=REFUSE, refuse=refused.append)
        for k in ("x", "F2"):
            dos.keyboard.push(word_for(k))
        got["mode"] = busy.think(_search(50, []), pad=0).why
        got["refused"] = [k.char for k in refused]
        dos.keyboard.push(word_for("F7"))
        got["quit"] = busy.pause(10)
        got["stop"] = Busy(dos, _hot_f1_f7([]), typed=STOP)
        dos.keyboard.push(word_for("q"))
        got["stop"] = got["stop"].pause(10).char

    run_headless(main)
    assert got == {"mode": Hot.MODE, "refused": ["x"], "quit": Hot.QUIT, "stop": "q"}
    assert Hot.QUIT in STOPS and Hot.MODE in STOPS and Hot.HANDLED not in STOPS


def test_a_click_can_stand_for_a_key_and_in_a_demo_any_click_ends_it():
    got = {}

    def main(dos):
        dos.mouse.show()
        legend = Busy(dos, _hot_f1_f7([]), clicks=lambda ev: Key(word_for("F7")) if ev.row == 0 else None)
        got["legend"] = legend.pause(30)
        demo = Busy(dos, _hot_f1_f7([]), typed=STOP)
        moves = []

        def step():
            moves.append(len(moves))
            return GAME_OVER if len(moves) == 50 else None

        got["demo"] = run_demo(demo, step, lambda: 1.0)
        got["moves"] = len(moves)

    run_headless(main, "wait:2000 click:5,0 wait:3500 click:9,9")
    assert got["legend"] == Hot.QUIT
    assert got["demo"].kind == "press" and (got["demo"].row, got["demo"].col) == (9, 9)
    assert 3 <= got["moves"] <= 5  # about one move a second until the click


def test_a_demo_runs_to_its_end_when_nobody_touches_anything():
    got = {}

    def main(dos):
        moves = []

        def step():
            moves.append(1)
            return GAME_OVER if len(moves) == 7 else None

        got["end"] = run_demo(Busy(dos, lambda key: None, typed=STOP), step, lambda: 0.2)
        got["moves"] = len(moves)

    run_headless(main)
    assert got == {"end": GAME_OVER, "moves": 7}


def test_keep_is_the_default_policy():
    assert Busy.__init__.__kwdefaults__["typed"] == KEEP


# -- message and prompt lines -----------------------------------------------------------------
def test_a_message_folds_at_words_and_one_too_long_for_its_rows_is_shown_whole_first():
    got = {}
    text = "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG " * 3

    def main(dos):
        area = MessageArea(dos, THEME, 20, 0, 30, 2)
        area.say("A SHORT ONE THAT STILL NEEDS TWO ROWS TO BE READ")
        got["two"] = [dos.screen.text(20, 0, 30).rstrip(), dos.screen.text(21, 0, 30).rstrip()]
        got["fits"] = (area.fits("A SHORT ONE"), area.fits(text))
        area.say(text)  # too long: a panel shows it whole and waits for a key
        got["after"] = dos.screen.text(21, 0, 30).rstrip()

    out = run_headless(main, "")
    assert got["two"] == ["A SHORT ONE THAT STILL NEEDS", "TWO ROWS TO BE READ"]
    assert got["fits"] == (True, False)
    shown = " ".join(line.strip(" ║") for line in out.text).split()
    assert " ".join(shown).count("LAZY DOG") == 3  # every word on the panel
    out = run_headless(main, "Enter")
    assert got["after"].endswith("...")


def test_a_prompt_keeps_its_question_and_scrolls_the_typed_text():
    got = []

    def main(dos):
        line = PromptLine(dos, THEME, 24, 0, 20)
        line.show("NAME? ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        got.append(dos.screen.text(24, 0, 20))

    run_headless(main)
    assert got == ["NAME? MNOPQRSTUVWXYZ"]


# -- panels -------------------------------------------------------------------------------------
def test_a_panel_puts_back_exactly_what_it_covered_and_folds_long_lines():
    got = {}

    def main(dos):
        for r in range(25):
            dos.screen.write(r, 0, f"{r:02}" * 40, 0x1E + r)
        dos.screen.set_cursor(3, 4)
        before = dos.screen.dump()
        got["ev"] = show_panel(dos, THEME, " NOTE ", ["WORD " * 30])
        got["same"] = dos.screen.dump() == before
        got["cursor"] = (dos.screen.cursor_row, dos.screen.cursor_col)

    out = run_headless(main, "")
    assert sum("WORD" in line for line in out.text) == 2 and " NOTE " in "".join(out.text)
    run_headless(main, "x")
    assert got["same"] and got["cursor"] == (3, 4) and got["ev"].char == "x"
    assert fold(["A B C"], 3) == ["A B", "C"]


def test_a_flushing_panel_ignores_keys_typed_before_it_appeared():
    got = {}

    def main(dos):
        dos.keyboard.push(word_for("a"))
        got["ev"] = show_panel(dos, THEME, "", ["READ ME"], flush=True)

    run_headless(main, "b")
    assert got["ev"].char == "b"


def test_panel_placement_and_contains():
    p = Panel(None, THEME, "T", ["12345"], top=2, left=3)
    assert (p.top, p.left, p.bottom, p.right) == (2, 3, 4, 3 + p.width - 1)
    assert p.contains(3, 5) and not p.contains(5, 5)


# -- auto-save failures -----------------------------------------------------------------------
def test_autosave_reports_a_save_it_could_not_write_and_never_raises(tmp_path):
    (tmp_path / "TOY.TMP").mkdir()  # a directory in the way
    save = AutoSave(Drive(tmp_path), "toy.tmp")
    problem = save.save("1\n")
    assert problem and "TOY.TMP" in problem
    ro = AutoSave(Drive(tmp_path / "ro"), "toy.tmp")
    import errno
    with mock.patch("vconsole.disk.atomic_write", side_effect=PermissionError(errno.EACCES, "denied")):
        assert ro.save("1\n") == "Write protect error writing TOY.TMP"


def test_widget_roles_exist_for_both_display_kinds():
    assert set(WIDGET_COLOUR) == set(WIDGET_MONO)
    assert set(WIDGET_MONO.values()) <= {0x07, 0x0F, 0x70, 0x01, 0x09}


def test_pager_pages_end_at_a_blank_line_so_sections_are_not_cut():
    from vconsole.toolkit.pager import PAGE, page_starts
    lines = [f"a{i}" for i in range(10)] + [""] + [f"b{i}" for i in range(15)] + [""] + [f"c{i}" for i in range(5)]
    starts = page_starts(lines)
    assert starts == [0, 11] and len(lines) - 11 <= PAGE  # the b section starts page 2 whole
    plain = [f"x{i}" for i in range(60)]
    assert page_starts(plain) == [0, PAGE, 2 * PAGE]  # no blank line: full pages


def test_a_hot_key_under_a_pop_up_redraws_the_legend_only_when_the_pop_up_is_gone():
    from vconsole.toolkit.layers import covered
    from vconsole.toolkit.legend import Legend
    got = {}

    def main(dos):
        state = {"on": True}
        legend = Legend()
        legend.toggle("F1", lambda: state["on"], "SOUND ON", "SOUND OFF")
        legend.draw(dos.screen, THEME, 10, 0, 20)
        panel = Panel(dos, THEME, " FORM ", ["X" * 30] * 5, top=8, left=0)
        panel.open()
        under = dos.screen.dump()
        state["on"] = False
        legend.redraw()  # a hot key changed the label while the panel is open
        got["untouched"] = dos.screen.dump() == under and covered(dos.screen)
        panel.close()
        got["after"] = dos.screen.text(10, 4, 10).strip()

    run_headless(main)
    assert got == {"untouched": True, "after": "SOUND ON"}
