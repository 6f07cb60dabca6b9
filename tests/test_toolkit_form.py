"""Forms: text, numbers in a range, yes/no and choices; keys, mouse, Esc; colour and mono."""
from __future__ import annotations

import pytest
from helpers import run_headless

from vconsole.toolkit.controls import Controls
from vconsole.toolkit.fields import Choice, Number, Text, YesNo
from vconsole.toolkit.form import Form, player_names
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.theme import Palette

PALETTE = Palette({}, {})
ADAPTERS = ["ega", "mda"]


def options_fields():
    return [Number("deal", "CARDS DEALT", lo=5, hi=10, initial=7),
            YesNo("open", "OPEN HANDS"),
            Number("point", "GAME POINT", lo=10, hi=99, initial=21),
            Choice("replay", "REPLAY", options=[("NO", 0), ("SAME", 1), ("SWAPPED", 2)]),
            Text("name", "NAME", width=8, upper=True, allowed="ABCDEFGHIJKLMNOPQRSTUVWXYZ ")]


def run_form(script, adapter="ega", fields=None, **kw):
    got = {}

    def main(dos):
        th = got["theme"] = PALETTE.pick(dos.mono_display)
        for r in range(25):
            dos.screen.write(r, 0, f"{r:02d}" * 40, 0x1E)
        dos.screen.set_cursor(5, 5)
        before = (dos.screen.dump(), dos.screen.cursor_row, dos.screen.cursor_start)
        form = got["form"] = Form(dos, th, "OPTIONS", fields or options_fields(), **kw)
        got["value"] = form.run()
        got["restored"] = before == (dos.screen.dump(), dos.screen.cursor_row, dos.screen.cursor_start)

    got["out"] = run_headless(main, script, adapter=adapter)
    got["text"] = "\n".join(got["out"].text)
    return got


DEFAULTS = {"deal": 7, "open": False, "point": 21, "replay": 0, "name": ""}


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_enter_through_every_field_accepts_the_defaults(adapter):
    got = run_form("Enter Enter Enter Enter Enter", adapter)
    assert got["value"] == DEFAULTS and got["restored"]


def test_enter_accept_mode_accepts_from_any_field():
    got = run_form("Down Right Enter", enter="accept")
    assert got["value"] == {**DEFAULTS, "open": True}


def test_enter_blank_mode_accepts_from_an_empty_name_and_moves_on_from_a_filled_one():
    names = [Text(f"p{i}", f"PLAYER {i + 1}", width=8, upper=True, initial=("ANN", "BOB", "", "")[i])
             for i in range(4)]
    got = run_form("Enter Enter Enter", fields=names, enter="blank")  # ANN, BOB, then the blank third
    assert got["value"] == {"p0": "ANN", "p1": "BOB", "p2": "", "p3": ""}
    names = [Text(f"p{i}", f"PLAYER {i + 1}", width=8, upper=True, initial=("ANN", "BOB", "", "")[i])
             for i in range(4)]
    got = run_form("Enter Enter C Enter Enter", fields=names, enter="blank")
    assert got["value"] == {"p0": "ANN", "p1": "BOB", "p2": "C", "p3": ""}


def test_esc_cancels_and_puts_the_screen_back():
    got = run_form("Down Right Down 4 Esc")
    assert got["value"] is None and got["restored"]


def test_number_typed_steps_and_range():
    assert run_form("Tab Tab 4 2 Enter", enter="accept")["value"]["point"] == 42
    assert run_form("Tab Tab Right Right + Gray+ Enter", enter="accept")["value"]["point"] == 25
    assert run_form("Tab Tab Left - Gray- Enter", enter="accept")["value"]["point"] == 18
    # typed digits replace the value; Backspace rubs out
    assert run_form("Tab Tab 3 Backspace 5 0 Enter", enter="accept")["value"]["point"] == 50


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_out_of_range_is_refused_with_a_message_naming_the_range(adapter):
    refusals = []
    got = run_form("Tab Tab 5 Tab", adapter, on_refused=refusals.append)
    form = got["form"]
    assert "GAME POINT MUST BE 10 TO 99" in got["text"]
    assert form.focus == 2  # still on the game point
    assert refusals == ["GAME POINT MUST BE 10 TO 99"]
    # Enter with the bad value also refuses; a good value then goes through
    got = run_form("Tab Tab 5 Enter 1 2 Enter", adapter, enter="accept")
    assert got["value"]["point"] == 12
    # stepping stops at the ends and says why
    got = run_form("Right Right Right Right")
    assert got["form"].fields[0].buffer == "10" and "CARDS DEALT MUST BE 5 TO 10" in got["text"]
    got = run_form("Tab Tab 1 2 3")
    assert got["form"].fields[2].buffer == "12"  # at most two digits


def test_range_error_row_is_in_the_error_role_and_hints_in_the_hint_role():
    got = run_form("Tab Tab 5 Tab")
    form, th, cells = got["form"], got["theme"], got["out"].state.cells
    assert cells[form.message_row, form.panel.left + 2, 1] == th["form_error"]
    got = run_form("")
    form, cells = got["form"], got["out"].state.cells
    assert cells[form.message_row, form.panel.left + 2, 1] == th["form_hint"]
    assert "5 TO 10" in got["text"]


def test_yes_no_and_choice():
    assert run_form("Tab Space Enter", enter="accept")["value"]["open"] is True
    assert run_form("Tab y n y Enter", enter="accept")["value"]["open"] is True
    assert run_form("Tab Right Left Enter", enter="accept")["value"]["open"] is False
    # Up from the first field goes round: CANCEL, OK, NAME, REPLAY
    assert run_form("Up Up Up Up Right Enter", enter="accept")["value"]["replay"] == 1
    assert run_form("Tab Tab Tab Left Enter", enter="accept")["value"]["replay"] == 2  # wraps round
    assert run_form("Tab Tab Tab s Enter", enter="accept")["value"]["replay"] == 1  # letters jump
    assert run_form("Tab Tab Tab s s Enter", enter="accept")["value"]["replay"] == 2
    assert run_form("Tab Tab Tab Space Space Space Enter", enter="accept")["value"]["replay"] == 0


def test_text_allowed_characters_upper_case_and_length():
    got = run_form('Shift+Tab Shift+Tab Shift+Tab "ab1c" Enter')
    assert got["value"]["name"] == "ABC"
    got = run_form('Up Up Up "ab1"')
    assert '"1" IS NOT ALLOWED' in got["text"]
    got = run_form('Up Up Up "abcdefghij" Enter')
    assert got["value"]["name"] == "ABCDEFGH"
    got = run_form('Up Up Up "abcdefghij"')
    assert "AT MOST 8 CHARACTERS" in got["text"]
    assert run_form('Up Up Up "ab" Backspace "x" Enter')["value"]["name"] == "AX"


def test_typing_over_an_offered_default_replaces_it_and_editing_keys_keep_it():
    """The first character typed into a field still holding its default starts it afresh
    (ALICE over an offered COMPUTER is ALICE, not COMPUTERALIC); Backspace or the
    cursor keys mean the default is being edited, and it is kept."""
    offered = lambda: [Text("who", "WHO", width=10, initial="computer", upper=True)]  # noqa: E731
    assert run_form('"alice" Enter', fields=offered())["value"] == {"who": "ALICE"}
    assert run_form('Backspace "s" Enter', fields=offered())["value"] == {"who": "COMPUTES"}
    for key in ("End", "Right", "Left", "Home"):
        assert run_form(f'{key} "s" Enter', fields=offered())["value"] == {"who": "COMPUTERS"}, key
    assert run_form("Enter", fields=offered())["value"] == {"who": "COMPUTER"}
    # back in the field later, what it holds is offered again: typing replaces it
    two = [Text("a", "A", width=10, initial="ann", upper=True), Text("b", "B", width=10, upper=True)]
    assert run_form('"bo" Tab "x" Shift+Tab "cy" Enter Enter', fields=two)["value"] == {"a": "CY", "b": "X"}


def test_tab_order_runs_through_ok_and_cancel():
    got = run_form("Tab Tab Tab Tab Tab Enter")  # focus on OK
    assert got["value"] == DEFAULTS
    got = run_form("Tab Tab Tab Tab Tab Tab Enter")  # on CANCEL
    assert got["value"] is None
    got = run_form("Shift+Tab Space")  # back from the first field: CANCEL
    assert got["value"] is None
    got = run_form("Shift+Tab Left Enter")  # Left on the buttons moves between them
    assert got["value"] == DEFAULTS


def test_mouse_focuses_steps_and_presses_buttons():
    probe = run_form("")
    f = probe["form"]
    col = f.field_col
    ok_col = f.panel.left + 2 + (f.inner - 17) // 2 + 2  # "[ OK ]   [ CANCEL ]" centred
    row = f.field_row
    script = (f"click:{col + f.fields[1].cells() - 1},{row(1)} "  # yes/no: right arrow flips it
              f"click:{col + f.fields[2].cells() - 1},{row(2)} "  # game point: one up
              f"click:{col},{row(0)} "  # cards dealt: left arrow, one down
              f"click:{f.panel.left + 3},{row(4)} \"joe\" "  # the label focuses the text field
              f"click:{ok_col},{f.button_row}")
    got = run_form(script)
    assert got["value"] == {**DEFAULTS, "open": True, "point": 22, "deal": 6, "name": "JOE"}
    assert run_form(f"click:{ok_col + 9},{f.button_row}")["value"] is None  # CANCEL
    assert run_form("rclick:40,12")["value"] is None
    got = run_form("click:0,0 click:79,24 Enter Enter Enter Enter Enter")  # outside: ignored
    assert got["value"] == DEFAULTS


def test_mouse_cannot_leave_a_field_holding_a_bad_value_but_cancel_still_works():
    probe = run_form("")
    f = probe["form"]
    got = run_form(f"Tab Tab 5 click:{f.panel.left + 3},{f.field_row(0)}")
    assert got["form"].focus == 2
    cancel_col = f.panel.left + 2 + (f.inner - 17) // 2 + 11
    assert run_form(f"Tab Tab 5 click:{cancel_col},{f.button_row}")["value"] is None


def test_without_the_mouse_clicks_do_nothing():
    probe = run_form("")
    f = probe["form"]
    got = run_form(f"rclick:1,1 click:{f.field_col},{f.field_row(0)} Enter Enter Enter Enter Enter",
                   controls=Controls(mouse=False))
    assert got["value"] == DEFAULTS


def test_check_refuses_the_whole_answer_and_hotkeys_still_work():
    seen = []

    def hot(key):
        seen.append(key.name)
        return Hot.QUIT if key.name == "F7" else None

    fields = lambda: [Number("a", "A", lo=0, hi=9), Number("b", "B", lo=0, hi=9)]  # noqa: E731
    check = lambda v: None if v["a"] + v["b"] <= 9 else "A + B MUST BE 9 OR LESS"  # noqa: E731
    got = run_form("8 Tab 8 Enter", fields=fields(), check=check, enter="accept", notes=["A + B MUST BE 9 OR LESS"])
    assert "value" not in got and "A + B MUST BE 9 OR LESS" in got["text"]  # refused: still open
    got = run_form("8 Tab 8 Enter 1 Enter", fields=fields(), check=check, enter="accept")
    assert got["value"] == {"a": 8, "b": 1}
    got = run_form("F1 F7", fields=fields(), controls=Controls(hotkey=hot))
    assert seen == ["F1", "F7"] and got["value"] == Hot.QUIT and got["restored"]  # not a plain cancel


def test_fields_refuse_impossible_set_ups():
    with pytest.raises(ValueError):
        Number("x", "X", lo=5, hi=1)
    with pytest.raises(ValueError):
        Number("x", "X", lo=1, hi=5, initial=9)
    with pytest.raises(ValueError):
        Choice("x", "X", options=[])
    with pytest.raises(ValueError):
        Form(None, PALETTE.pick(False), "TOO MANY", [Number(f"n{i}", f"N{i}") for i in range(20)])


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_player_names(adapter):
    def play(script):
        got = {}

        def main(dos):
            got["names"] = player_names(dos, PALETTE.pick(dos.mono_display), count=6, least=2)

        out = run_headless(main, script, adapter=adapter)
        return got, "\n".join(out.text)

    got, _ = play('"ann" Enter Enter "computer" Enter Enter Enter Enter')
    assert got["names"] == ["ANN", "COMPUTER"]
    got, text = play('"ann" Enter Enter Enter Enter Enter Enter')
    assert "names" not in got and "AT LEAST 2 PLAYERS" in text  # refused, the form still open
    got, _ = play('"ann" Enter Enter Enter Enter Enter Enter Up "bob" Enter Enter')
    assert got["names"] == ["ANN", "BOB"]
    got, _ = play("Esc")
    assert got["names"] is None


def test_player_names_hands_back_the_hot_key_that_closed_it():
    got = {}

    def main(dos):
        got["names"] = player_names(dos, PALETTE.pick(False),
                                      controls=Controls(hotkey=lambda k: Hot.QUIT if k.name == "F7" else None))

    run_headless(main, '"ann" F7')
    assert got["names"] == Hot.QUIT


def test_a_check_message_too_long_for_the_form_is_shown_whole_in_a_panel():
    long = "THESE TWO NUMBERS TOGETHER MAY NOT COME TO MORE THAN NINE, WHATEVER YOU MAY THINK OF IT"
    fields = [Number("a", "A", lo=0, hi=9), Number("b", "B", lo=0, hi=9)]
    check = lambda v: None if v["a"] + v["b"] <= 9 else long  # noqa: E731
    got = run_form("8 Tab 8 Enter", fields=fields, check=check, enter="accept")
    assert "value" not in got and all(w in got["text"] for w in long.split())  # every word shown
    fields = [Number("a", "A", lo=0, hi=9), Number("b", "B", lo=0, hi=9)]
    got = run_form("8 Tab 8 Enter Space 1 Enter", fields=fields, check=check, enter="accept")
    assert got["value"] == {"a": 8, "b": 1}


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_the_field_in_focus_and_empty_text_fields_can_be_seen(adapter):
    got = run_form("Tab", adapter)
    f, th, cells = got["form"], got["theme"], got["out"].state.cells
    assert cells[f.field_row(1), f.field_col, 1] == th["form_field_active"]
    assert cells[f.field_row(0), f.field_col, 1] == th["form_field"]
    assert th["form_field_active"] != th["form_field"]
    empty = got["out"].text[f.field_row(4)][f.field_col:f.field_col + 8]
    # in colour the field's background shows it; in mono its dots do
    assert empty == ("\u00b7" * 8 if adapter == "mda" else " " * 8)


SLOTS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@pytest.mark.parametrize("script, answer", [("q", "Q"), ("7", "7"), ("F1 ! Enter s", "S"), ("Esc", None),
                                            ("click:40,12 rclick:40,12", None)])
def test_ask_key_takes_one_of_the_keys_it_names(script, answer):
    from vconsole.toolkit.form import ask_key
    got, seen = {}, []

    def main(dos):
        before = dos.screen.dump()
        got["key"] = ask_key(dos, PALETTE.pick(False), "SAVE SETUP", ["PRESS A LETTER OR A NUMBER"], SLOTS,
                             controls=Controls(hotkey=lambda k: seen.append(k.name)))
        got["back"] = before == dos.screen.dump()

    run_headless(main, script)
    assert got["key"] == answer and got["back"]
    if script.startswith("F1"):
        assert seen == ["F1", "!", "Enter"]
    got = {}

    def quits(dos):
        got["key"] = ask_key(dos, PALETTE.pick(False), "SAVE SETUP", ["PRESS A LETTER"], SLOTS,
                             controls=Controls(hotkey=lambda k: Hot.QUIT if k.name == "F7" else None))

    run_headless(quits, "F7")
    assert got["key"] == Hot.QUIT
