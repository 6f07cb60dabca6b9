"""The Tommy's Toys chrome: switches, legend, Y/N, border, pager, time pad, sound, auto-save."""
from unittest import mock

import pytest
from helpers import run_headless

from vconsole.disk import Drive
from vconsole.keyboard import Key
from vconsole.toolkit.ask import ask_yes_no, yes_no_cells
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.hits import HitMap
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.legend import Legend
from vconsole.toolkit.lineinput import read_line
from vconsole.toolkit.theme import Palette
from vconsole_programs.tommy import Chrome, TimePad, palette, read_switches

PALETTE = palette(colour={"board": 0x60}, mono={"board": 0x07})
PLAIN = Palette({"plain": 0x07, "field": 0x70}, {"plain": 0x07, "field": 0x70}).pick(False)


def run(main, script="", switches="", tmp=None, **cfg):
    return run_headless(main, script, switches=switches, drive=tmp, name="TOY", **cfg)


def make_chrome(dos, **kw):
    c = Chrome(dos, name="TOY", palette=PALETTE, help_title="HELP", help_text="\n".join(
        f"line {i}" for i in range(60)), **kw)
    c.legend_sound()
    c.legend_help()
    c.legend_quit()
    c.legend_border()
    c.legend_speed()
    return c


def test_toggle_legend_names_the_mode_a_press_will_enter():
    state = {"on": True}
    legend = Legend()
    legend.toggle("F1", lambda: state["on"], "SOUND ON", "SOUND OFF")
    legend.add("F10", "BORDER", visible=lambda: False)
    assert legend.label("F1") == "SOUND OFF"
    state["on"] = False
    assert legend.label("F1") == "SOUND ON"
    assert [e.key for e, _ in legend.lines()] == ["F1"]


@pytest.mark.parametrize("switches, expected", [("", ["SOUND OFF", "SOUND ON"]), ("S", ["SOUND ON", "SOUND OFF"])])
def test_f1_flips_sound_and_the_legend_follows(switches, expected):
    seen = []

    def main(dos):
        c = make_chrome(dos)
        for _ in range(2):
            c.legend.draw(dos.screen, c.theme, 0, 0, 30)
            seen.append((dos.screen.text(0, 4, 9).strip(), dos.sound_on))
            c.hotkey(dos.keyboard.read())

    run(main, "F1", switches)
    assert [s[0] for s in seen] == expected
    assert seen[0][1] is (switches != "S") and seen[1][1] is (switches == "S")


@pytest.mark.parametrize("switches, adapter, mono, mouse", [
    ("", "ega", False, True), ("", "mda", True, True), ("M", "vga", True, True), ("C", "hercules", False, True),
    ("MSD", "ega", True, False), ("MC", "mda", True, True)])
def test_switches_choose_display_mode_sound_and_mouse(switches, adapter, mono, mouse):
    got = {}

    def main(dos):
        got["s"] = read_switches(dos)

    run(main, "", switches, adapter=adapter)
    assert got["s"].mono is mono and got["s"].mouse is mouse and got["s"].sound is ("S" not in switches)


def test_no_mouse_driver_means_keyboard_only():
    got = {}
    run(lambda dos: got.update(s=read_switches(dos)), mouse=False)
    assert got["s"].mouse is False


@pytest.mark.parametrize("script, answer", [
    ("q y", True), ("N", False), ("click:3,5 click:15,5", True), ("click:17,5", False), ("click:0,0 n", False)])
def test_yes_no_by_key_or_by_clicking_the_letter(script, answer):
    got = []

    def main(dos):
        dos.mouse.show()
        # written at column 8: the clickable Y and N of "(Y/N)" are at columns 15 and 17
        got.append(ask_yes_no(dos, PLAIN, "SURE? (Y/N)", 5, 8, role="plain", key_role=None))

    assert yes_no_cells("SURE? (Y/N)") == (7, 9)
    run(main, script)
    assert got == [answer]


def test_a_question_longer_than_its_place_is_refused_not_spilled():
    def main(dos):
        with pytest.raises(ValueError):
            ask_yes_no(dos, PLAIN, "THAT GAME EXISTS. REPLACE IT (Y/N)?", 5, 55, role="plain", key_role=None,
                       clear_width=25)
        assert dos.screen.text(6)[:25].strip() == ""  # nothing was written on the next row

    run(main)


def test_f10_cycles_the_border_only_on_colour_displays():
    borders = {}

    def main(dos):
        c = make_chrome(dos)
        start = dos.screen.border
        for _ in range(3):
            c.hotkey(dos.keyboard.read())
        borders[dos.adapter + str(c.mono)] = (start, dos.screen.border)

    run(main, "F10 F10 F10", adapter="ega")
    run(main, "F10 F10 F10", adapter="mda")
    run(main, "F10 F10 F10", "M", adapter="vga")
    assert borders["egaFalse"] == (1, 4)
    assert borders["mdaTrue"] == (0, 0)
    assert borders["vgaTrue"] == (0, 0)


def test_border_wraps_after_sixteen_colours():
    got = []

    def main(dos):
        c = make_chrome(dos)
        for _ in range(16):
            c.cycle_border()
        got.append(dos.screen.border)

    run(main)
    assert got == [1]


def test_f7_quits_at_once_or_after_yes_when_asked_to_confirm():
    got = []

    def main(dos):
        c = make_chrome(dos, confirm_quit=True)
        c.question_at = (24, 0, 40)
        while True:
            act = c.hotkey(dos.keyboard.read())
            got.append(act)
            if act == Hot.QUIT:
                return 0

    out = run(main, "F7 n F7 y")
    assert got == [Hot.HANDLED, Hot.QUIT] and out.exit_code == 0


def test_f5_pages_the_instructions_and_puts_the_screen_back_exactly():
    got = {}

    def main(dos):
        c = make_chrome(dos)
        dos.screen.write(3, 3, "GAME BOARD", 0x1E)
        dos.screen.set_cursor(7, 9)
        before = dos.screen.dump()
        key = dos.keyboard.read()
        c.hotkey(key)
        got["same"] = dos.screen.dump() == before
        got["cursor"] = (dos.screen.cursor_row, dos.screen.cursor_col)

    out = run(main, "F5 PgDn")
    assert "line 22" in out.text[1] and "PAGE 2 OF 3" in out.text[24] and "ESC: BACK TO THE GAME" in out.text[24]
    run(main, "F5 PgDn Down Up PgUp End Home Esc")
    assert got == {"same": True, "cursor": (7, 9)}


def test_the_hot_keys_work_over_the_instructions_and_f7_y_quits_from_there():
    got = []

    def main(dos):
        c = make_chrome(dos, confirm_quit=True)
        while True:
            act = c.hotkey(dos.keyboard.read())
            got.append((act, dos.sound_on))
            if act == Hot.QUIT:
                return 0

    out = run(main, "F5 F1 PgDn F7 n Esc F5 F7 y")
    assert got == [(Hot.HANDLED, False), (Hot.QUIT, False)] and out.exit_code == 0


def test_time_pad_runs_from_a_tenth_to_ten_seconds():
    pad = TimePad()
    assert pad.text == "1.0"
    while pad.down():
        pass
    assert pad.seconds == 0.1 and pad.text == "0.1"
    steps = 0
    while pad.up():
        steps += 1
    assert pad.text == "10.0" and steps == 20
    pad.set(33)
    assert pad.tenths == 30


def test_up_and_down_arrows_change_the_pad():
    got = []

    def main(dos):
        c = make_chrome(dos)
        for _ in range(3):
            c.hotkey(dos.keyboard.read())
        got.append(c.pad.text)

    run(main, "Up Up Down")
    assert got == ["1.5"]


def test_read_line_edits_and_cancels():
    got = []

    def main(dos):
        got.append(read_line(dos, PLAIN, 24, 0, 13, role="field", upper=True))
        got.append(read_line(dos, PLAIN, 24, 0, 13, role="field"))

    run(main, '"game1x" Backspace ".mil" Enter "abc" Esc')
    assert got == ["GAME1.MIL", None]


def test_read_line_typing_replaces_the_text_offered_and_editing_keys_keep_it():
    got = []

    def main(dos):
        for _ in range(3):
            got.append(read_line(dos, PLAIN, 24, 0, 13, role="field", initial="GAME1.MIL", upper=True))

    run(main, '"b.mil" Enter Backspace "l" Enter End Backspace "x" Enter')
    assert got == ["B.MIL", "GAME1.MIL", "GAME1.MIX"]


def test_sound_effects_queue_in_the_background_and_vanish_when_sound_is_off():
    got = {}

    def main(dos):
        c = make_chrome(dos)
        t = dos.now()
        c.sound.effect("win")
        got["blocked"] = dos.now() - t
        got["events_on"] = len(dos.speaker.timeline)
        c.toggle_sound()
        n = len(dos.speaker.timeline)
        c.sound.effect("win")
        got["events_off"] = len(dos.speaker.timeline) - n

    run(main)
    assert got["blocked"] == 0 and got["events_on"] > 4 and got["events_off"] == 0


def test_autosave_round_trip_is_atomic_and_a_damaged_file_is_kept_aside(tmp_path):
    drive = Drive(tmp_path)
    save = AutoSave(drive, "toy.tmp")
    assert save.recover(int) == (None, None)
    save.save("42\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["TOY.TMP"]  # no temporary left behind
    assert (tmp_path / "TOY.TMP").read_bytes() == b"42\r\n"
    assert save.recover(lambda text: int(text)) == (42, None)
    (tmp_path / "TOY.TMP").write_text("forty-two")
    value, message = save.recover(lambda text: int(text))
    assert value is None and "TOY.BAD" in message and "\n" not in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["TOY.BAD"]
    assert (tmp_path / "TOY.BAD").read_text() == "forty-two"
    save.discard()  # nothing to delete is fine


def test_chrome_legend_click_acts_as_the_key():
    got = []

    def main(dos):
        c = make_chrome(dos)
        c.legend.draw(dos.screen, c.theme, 10, 40, 30)
        got.append(c.legend_key(dos.input()).name)
        got.append(c.legend_key(dos.input()))

    run(main, "click:45,11 click:5,5")
    assert got == ["F5", None]


def test_chrome_input_hands_a_legend_click_over_as_its_key():
    got = []

    def main(dos):
        c = make_chrome(dos)
        c.legend.draw(dos.screen, c.theme, 10, 40, 30)
        while len(got) < 3:
            ev = c.input()
            if isinstance(ev, Key):
                got.append(ev.name)
            elif ev.kind == "press":  # a click's release comes as an event of its own
                got.append((ev.row, ev.col))

    run(main, "click:45,11 click:5,5 F1")
    assert got == ["F5", (5, 5), "F1"]


def test_hitmap_last_region_wins():
    h = HitMap()
    h.add(0, 0, 5, 5, "big")
    h.add_text(2, 2, "ab", "word")
    assert h.at(2, 3) == "word" and h.at(2, 4) == "big" and h.at(6, 6) is None


def test_palettes_must_define_the_same_roles():
    with pytest.raises(ValueError):
        Palette(colour={"a": 1}, mono={"b": 2})
    mono = PALETTE.pick(True)
    assert mono["board"] == 0x07 and mono["legend_key"] == 0x0F and mono.border == 0
    assert PALETTE.pick(False)["board"] == 0x60


def test_a_file_name_field_beeps_and_says_which_character_dos_would_refuse(tmp_path):
    got = {}

    def main(dos):
        c = make_chrome(dos)
        n = len(dos.speaker.timeline)
        said = []
        got["name"] = c.read_file_name("SAVE AS: ", said.append)
        got["beeps"] = len(dos.speaker.timeline) > n
        got["said"] = said

    run(main, '"a*b" Enter', tmp=tmp_path)
    assert got == {"name": "AB", "beeps": True, "said": ["*"]}
    run(main, '"ab" Enter', tmp=tmp_path)
    assert got == {"name": "AB", "beeps": False, "said": []}


def test_a_program_can_name_its_own_time_pad_keys():
    got = []

    def main(dos):
        c = make_chrome(dos, speed_keys=("F9", "F8"))
        for _ in range(4):
            c.hotkey(dos.keyboard.read())
        got.append((c.pad.text, c.legend.entries[-1].caption))

    run(main, "F9 F9 F8 Up")  # Up is an ordinary key here
    assert got == [("1.5", "F9/F8")]


# -- the house start-up screen, the shareware reminder, the end of a run ----------------------------
def test_startup_screen_shows_name_copyright_and_catalog_until_a_key_or_click():
    got = []

    def main(dos):
        c = make_chrome(dos)
        c.startup("TOMMY'S TOY", "TOMMY'S TOY (C) COPYRIGHT 1996 BY TOMMY'S TOYS", "CATALOG #TM-000-1A")
        got.append(dos.keyboard.read().char)
        return 5

    out = run(main, "")
    text = "\n".join(out.text)
    assert "TOMMY'S TOY" in text and "(C) COPYRIGHT 1996 BY TOMMY'S TOYS" in text
    assert "CATALOG #TM-000-1A" in text and "PRESS ANY KEY" in text and out.exit_code is None
    assert run(main, "x y").exit_code == 5 and got == ["y"]  # the key that went on was used up
    assert run(main, "click:10,10 z").exit_code == 5 and got == ["y", "z"]


def test_shareware_reminder_when_an_unregistered_copy_ends(tmp_path):
    def main(dos):
        c = make_chrome(dos)
        c.finish(None)
        return 0

    out = run_headless(main, "", drive=tmp_path, shareware=True, name="TOY")
    assert "UNREGISTERED" in "\n".join(out.text) and "P. O. BOX 11261" in "\n".join(out.text)
    assert run_headless(main, "", drive=tmp_path, name="TOY").exit_code == 0  # registered: no reminder


def test_finish_keeps_the_game_or_drops_a_finished_one(tmp_path):
    def main(dos):
        make_chrome(dos).finish("GAME\n")

    run_headless(main, "", drive=tmp_path, name="TOY")
    assert (tmp_path / "TOY.TMP").read_bytes() == b"GAME\r\n"
    run_headless(lambda dos: make_chrome(dos).finish(None), "", drive=tmp_path, name="TOY")
    assert not (tmp_path / "TOY.TMP").exists()


def test_a_game_that_cannot_be_saved_is_said_on_screen_and_the_errorlevel_is_1(tmp_path):
    (tmp_path / "TOY.TMP").mkdir()

    def main(dos):
        make_chrome(dos).finish("GAME\n")
        return 0

    out = run_headless(main, "", drive=tmp_path, name="TOY")
    text = "\n".join(out.text)
    assert "COULD NOT BE SAVED" in text and "TOY.TMP" in text
    out = run_headless(main, "Enter", drive=tmp_path, name="TOY")
    assert out.exit_code == 1


def test_mill_that_cannot_write_mill_tmp_says_so_on_the_terminal_with_errorlevel_1(tmp_path):
    import subprocess
    import sys
    (tmp_path / "MILL.TMP").mkdir()
    r = subprocess.run([sys.executable, "-c", "import sys; from vconsole.cli import main; sys.exit(main())",
                        "mill", "S", "--headless", "--drive", str(tmp_path), "--keys", 'Enter "5 " F7'],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        "vconsole: MILL: the game in progress was not saved: Cannot write MILL.TMP: Is a directory"]


def test_mill_on_a_read_only_drive_says_write_protect_error(tmp_path):
    import errno

    from vconsole_programs.mill import PROGRAM
    with mock.patch("vconsole.disk.atomic_write", side_effect=PermissionError(errno.EACCES, "denied")):
        out = run_headless(PROGRAM, 'Enter "5 " F7', drive=tmp_path, switches="S")
    assert "WRITE PROTECT ERROR WRITING MILL.TMP" in "\n".join(out.text)


def test_the_legend_redraws_itself_when_a_toggle_changes_it():
    got = []

    def main(dos):
        c = make_chrome(dos)  # no on_change set
        c.legend.draw(dos.screen, c.theme, 2, 0, 30)
        c.hotkey(dos.keyboard.read())
        got.append(dos.screen.text(2, 4, 9).strip())

    run(main, "F1")
    assert got == ["SOUND ON"]


def test_no_time_pad_keys_means_a_clear_error_for_the_legend_entry():
    got = []

    def main(dos):
        c = Chrome(dos, name="TOY", palette=PALETTE, help_title="H", help_text="", speed_keys=None)
        try:
            c.legend_speed()
        except ValueError as e:
            got.append(str(e))

    run(main)
    assert got and "no time-pad keys" in got[0]


def test_the_chrome_does_not_reset_the_mouse_driver():
    got = []

    def main(dos):
        dos.mouse.show()
        dos.mouse.set_position(100, 40)
        make_chrome(dos)
        got.append(dos.mouse.status()[1:])

    run(main)
    assert got == [(96, 40)]  # where the program put it, in text-mode multiples of 8; a reset would centre it


# -- the run loop every program of the house lives in (tommy.run) ------------------------------
class Counter:
    """The smallest Tommy's Toys program: a count, raised by Space, kept in TOY.TMP until it
    reaches 3 (a finished game, dropped); Q quits from inside a "question" (QuitRequest)."""

    def __init__(self, dos, log):
        self.dos, self.log = dos, log
        self.chrome = make_chrome(dos)
        self.count = 0

    def parse_saved(self, text):
        if not text.startswith("COUNT "):
            raise ValueError("not a count")
        return int(text.split()[1])

    def resume(self, saved):
        self.log.append(("resume", saved))
        self.count = saved

    def begin(self, note):
        self.log.append(("begin", note, self.count))
        return None

    def step(self):
        key = self.dos.keyboard.read()
        self.log.append(("step", key.name))
        if key.name == "Space":
            self.count += 1
        if key.char == "q":
            from vconsole.toolkit.hot import QuitRequest
            raise QuitRequest
        return self.chrome.hotkey(key)

    def saved_text(self):
        self.log.append(("saved_text", self.count))
        return None if self.count >= 3 else f"COUNT {self.count}\n"


def run_counter(script, tmp_path, credits=None, **kw):
    from vconsole_programs.tommy import Credits
    from vconsole_programs.tommy import run as run_toy
    log = []
    shown = Credits("TOMMY'S COUNTER", "TOMMY'S COUNTER (C) 1996", "CATALOG #TM-000-1A")

    def main(dos):
        return run_toy(Counter(dos, log), shown if credits is None else credits or None)

    out = run_headless(main, script, drive=tmp_path, name="TOY", **kw)
    return out, log


def test_the_run_loop_shows_the_start_up_screen_then_keeps_the_game_whatever_ends_the_run(tmp_path):
    out, log = run_counter("x Space F7", tmp_path)  # x: past the start-up screen
    assert out.exit_code == 0
    assert log == [("begin", None, 0), ("step", "Space"), ("step", "F7"), ("saved_text", 1)]
    assert (tmp_path / "TOY.TMP").read_bytes() == b"COUNT 1\r\n"
    out, log = run_counter("x Space q", tmp_path)  # taken up again; a quit from inside a question
    assert log == [("resume", 1), ("begin", None, 1), ("step", "Space"), ("step", "q"), ("saved_text", 2)]
    assert (tmp_path / "TOY.TMP").read_bytes() == b"COUNT 2\r\n"
    out, log = run_counter("x Space", tmp_path)  # the script ends: the window closes mid-game
    assert log[-1] == ("saved_text", 3) and not (tmp_path / "TOY.TMP").exists()  # finished: dropped


def test_f7_on_the_start_up_screen_leaves_the_saved_game_unread_and_untouched(tmp_path):
    (tmp_path / "TOY.TMP").write_bytes(b"COUNT 2\r\n")
    out, log = run_counter("F7", tmp_path)
    assert out.exit_code == 0 and log == []
    assert (tmp_path / "TOY.TMP").read_bytes() == b"COUNT 2\r\n"


def test_a_damaged_saved_game_is_set_aside_and_said_and_a_run_can_skip_the_start_up_screen(tmp_path):
    (tmp_path / "TOY.TMP").write_bytes(b"GARBAGE\r\n")
    out, log = run_counter("F7", tmp_path, credits=False)  # no start-up screen: F7 is the game's
    assert log[0][0] == "begin" and "TOY.TMP" in log[0][1] and log[0][2] == 0
    assert (tmp_path / "TOY.BAD").exists()
    assert log[-1] == ("saved_text", 0) and (tmp_path / "TOY.TMP").read_bytes() == b"COUNT 0\r\n"
