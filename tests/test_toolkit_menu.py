"""Menus: pop-up and resident, a column and a bar, and the scrolling list, in colour and mono."""
from __future__ import annotations

import pytest
from helpers import run_headless

from vconsole.keyboard import Key, word_for
from vconsole.mouse import LEFT, MouseEvent
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.menu import Item, Menu, MenuBar, as_items, choose
from vconsole.toolkit.theme import Palette

PALETTE = Palette({}, {})
ADAPTERS = ["ega", "mda"]
PANEL = [Item("HELP", enabled=False), Item("DEAL"), Item("UNDO"), Item("INFO"), Item("VIEW"), Item("QUIT")]


def busy_screen(dos):
    """Something under the menu to be put back: every cell different."""
    for r in range(25):
        dos.screen.write(r, 0, "".join(chr(33 + (r * 80 + c) % 90) for c in range(80)), (r * 7 + 1) & 0x7F)
    dos.screen.set_cursor(3, 9)


def run_menu(script, adapter="ega", make=None, **cfg):
    got = {}

    def main(dos):
        theme = got["theme"] = PALETTE.pick(dos.mono_display)
        busy_screen(dos)
        before = (dos.screen.dump(), dos.screen.cursor_row, dos.screen.cursor_col,
                  dos.screen.cursor_start, dos.screen.cursor_end)
        menu = make(dos, theme) if make else Menu(dos, theme, PANEL, title="CONTROL", **cfg)
        got["menu"] = menu
        got["value"] = menu.run()
        got["restored"] = before == (dos.screen.dump(), dos.screen.cursor_row, dos.screen.cursor_col,
                                     dos.screen.cursor_start, dos.screen.cursor_end)

    out = run_headless(main, script, adapter=adapter)
    got["out"] = out
    return got


@pytest.mark.parametrize("adapter", ADAPTERS)
@pytest.mark.parametrize("script, value", [
    ("Enter", "DEAL"),  # the disabled first item never holds the bar
    ("Down Enter", "UNDO"),
    ("Up Enter", "QUIT"),  # wraps round
    ("Up Up Up Up Up Enter", "DEAL"),  # ... and passes over the disabled item
    ("End Enter", "QUIT"),
    ("End Home Enter", "DEAL"),
    ("i", "INFO"),  # a hot key picks at once
    ("v", "VIEW"),
    ("h Enter", "DEAL"),  # a disabled item's hot key does nothing
    ("Esc", None),
])
def test_keys_choose_and_the_screen_comes_back_exactly(adapter, script, value):
    got = run_menu(script, adapter)
    assert got["value"] == value
    assert got["restored"]


def test_mouse_picks_with_the_left_button_and_backs_out_with_the_right_or_outside():
    probe = run_menu("", make=lambda dos, th: Menu(dos, th, PANEL, title="CONTROL"))
    m = probe["menu"]
    row = lambda i: m.item_top + i  # noqa: E731
    col = m.item_left + 2
    assert run_menu(f"click:{col},{row(3)}")["value"] == "INFO"
    assert run_menu(f"rclick:{col},{row(3)}")["value"] is None
    outside = run_menu(f"click:{m.left - 1},{row(3)}")
    assert outside["value"] is None and outside["restored"]
    # a click on the disabled item or on the frame does nothing; the menu waits on
    assert run_menu(f"click:{col},{row(0)} click:{col},{m.top} Down Enter")["value"] == "UNDO"


def test_without_the_mouse_clicks_are_ignored():
    probe = run_menu("")
    m = probe["menu"]
    got = run_menu(f"click:{m.item_left + 2},{m.item_top + 3} rclick:1,1 Enter", controls=Controls(mouse=False))
    assert got["value"] == "DEAL"


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_bar_hot_keys_and_disabled_items_are_drawn_in_their_roles(adapter):
    got = run_menu("Down", adapter)
    m, th, scr = got["menu"], got["theme"], got["out"].state.cells
    attr = lambda i, k=3: int(scr[m.item_top + i, m.item_left + k, 1])  # noqa: E731
    assert attr(2) == th["menu_bar"]  # UNDO under the bar (Down from DEAL)
    assert attr(2, 1) == th["menu_bar_key"]  # its U lit inside the bar
    assert attr(3, 1) == th["menu_key"] and attr(3, 2) == th["menu"]  # INFO: I lit, N plain
    assert attr(0, 1) == th["menu_disabled"]  # HELP dim, and no hot key shown
    assert th["menu_bar"] != th["menu"] and th["menu_key"] != th["menu"] and th["menu_disabled"] != th["menu"]


def test_an_item_in_its_own_colours_keeps_its_hot_letter_readable():
    # Spider's lit "UNDO (CHEAT)" is yellow on red; the menu's key colour is red: red on red
    def make(dos, theme):
        theme = Palette({"warn": 0x4E}, {"warn": 0x0F}).pick(dos.mono_display)
        return Menu(dos, theme, [Item("DEAL"), Item("UNDO (CHEAT)", "UNDO", hot="U", role="warn")], title="C")

    got = run_menu("", "ega", make=make)
    m, scr = got["menu"], got["out"].state.cells
    key = int(scr[m.item_top + 1, m.item_left + 1, 1])
    assert key >> 4 == 0x4 and key & 0x0F not in (0x4, 0xE)  # the red background, a letter in another colour


def test_shared_hot_keys_move_the_bar_instead_of_choosing():
    items = ["SAVE GAME", "SOUND", "QUIT"]
    assert run_menu("s Enter", make=lambda d, t: Menu(d, t, items))["value"] == "SOUND"
    assert run_menu("s s Enter", make=lambda d, t: Menu(d, t, items))["value"] == "SAVE GAME"
    assert run_menu("q", make=lambda d, t: Menu(d, t, items))["value"] == "QUIT"


def test_hot_key_can_be_given_and_values_differ_from_labels():
    items = [Item("1. RANDOM GAME", "random"), Item("SELECT A GAME", "select", hot="E"), ("LOAD", 6)]
    menu = lambda d, t: Menu(d, t, items)  # noqa: E731
    assert run_menu("1", make=menu)["value"] == "random"
    assert run_menu("e", make=menu)["value"] == "select"
    assert run_menu("l", make=menu)["value"] == 6
    got = run_menu("", make=menu)
    m = got["menu"]
    e_col = m.item_left + 1 + "SELECT A GAME".index("E")
    assert got["out"].state.cells[m.item_top + 1, e_col, 1] == got["theme"]["menu_key"]


def test_none_is_not_an_item_value():
    with pytest.raises(ValueError):
        as_items([Item("X", None)])


def test_a_long_list_scrolls_and_says_there_is_more():
    names = [f"NAME{i:02d}" for i in range(30)]
    make = lambda d, t: Menu(d, t, names, rows=8, hot="move", show_hot=False)  # noqa: E731
    assert run_menu("PgDn Enter", make=make)["value"] == "NAME08"
    assert run_menu("End Enter", make=make)["value"] == "NAME29"
    assert run_menu("End PgUp Enter", make=make)["value"] == "NAME21"
    assert run_menu("Down Down Down Down Down Down Down Down Down Enter", make=make)["value"] == "NAME09"
    got = run_menu("PgDn PgDn", make=make)
    m = got["menu"]
    assert m.first == 9 and m.more_above and m.more_below
    right = m.left + m.inner + 1
    assert got["out"].text[m.item_top][right] == "\u2191"  # CP437 18h
    assert got["out"].text[m.item_top + 7][right] == "\u2193"  # CP437 19h
    # a click on the down arrow turns a page, then a click picks what is shown there
    got = run_menu(f"click:{right},{m.item_top + 7} click:{m.item_left + 1},{m.item_top}", make=make)
    assert got["value"] == "NAME08" and got["restored"]


def test_choose_letters_move_never_pick_and_an_empty_list_says_so():
    got = {}

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        got["a"] = choose(dos, th, "SAVED GAMES", ["ALPHA", "BETA", "BRAVO", "CHARLIE"])
        got["b"] = choose(dos, th, "SAVED GAMES", [])

    out = run_headless(main, "b b Enter x")
    assert got["a"] == "BRAVO" and got["b"] is None
    out = run_headless(main, "c Enter")
    assert "NOTHING TO CHOOSE FROM" in "\n".join(out.text)


def test_choose_fits_a_list_longer_than_the_screen():
    got = {}

    def main(dos):
        got["v"] = choose(dos, PALETTE.pick(False), "LIST", [f"ITEM {i}" for i in range(100)])

    run_headless(main, "End Enter")
    assert got["v"] == "ITEM 99"


def test_hotkey_sees_other_keys_and_a_stop_closes_the_menu():
    seen = []

    def hot(key):
        seen.append(key.name)
        return Hot.QUIT if key.name == "F7" else Hot.HANDLED

    got = run_menu("F1 F7", make=lambda d, t: Menu(d, t, PANEL, controls=Controls(hotkey=hot)))
    assert seen == ["F1", "F7"] and got["value"] == Hot.QUIT and got["restored"]  # handed back, not a cancel
    got = {}

    def main(dos):  # an empty list's panel passes its key on too
        got["v"] = choose(dos, PALETTE.pick(False), "LIST", [], controls=Controls(hotkey=hot))

    run_headless(main, "F7")
    assert got["v"] == Hot.QUIT


def test_resident_menu_handles_only_what_it_uses():
    log = []

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        side = Menu(dos, th, ["1 RANDOM", "2 PICK", "3 SELECT"], top=2, left=60, frame=False, arrows=False)
        side.draw()
        while True:
            ev = dos.input()
            value = side.handle(ev)
            log.append((value, side.used))
            if value == "3 SELECT":
                return

    run_headless(main, "Up 2 x click:62,4")
    assert log == [(None, False), ("2 PICK", True), (None, False), ("3 SELECT", True)]


def test_resident_menu_with_a_bar_moves_it_and_redraws():
    states = []

    def main(dos):
        th = PALETTE.pick(dos.mono_display)
        side = Menu(dos, th, ["ONE", "TWO", "THREE"], top=0, left=0, frame=False)
        side.draw()
        for _ in range(3):
            side.handle(dos.input())
            states.append((side.current, side.used, int(dos.screen.read(side.current, 2)[1]) == th["menu_bar"]))

    run_headless(main, "Down Down Esc")
    assert states == [(1, True, True), (2, True, True), (2, False, True)]


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_menu_bar_along_one_row(adapter):
    items = [Item("R=RESET"), Item("B=B&W"), Item("S=SAVE"), Item("D=DEMO", enabled=False)]
    make = lambda d, t: MenuBar(d, t, items, row=24)  # noqa: E731
    assert run_menu("Right Right Enter", adapter, make=make)["value"] == "S=SAVE"
    assert run_menu("Left Enter", adapter, make=make)["value"] == "S=SAVE"  # wraps, skipping D
    assert run_menu("b", adapter, make=make)["value"] == "B=B&W"
    got = run_menu("d Esc", adapter, make=make)
    assert got["value"] is None and got["restored"]
    bar = got["menu"]
    col = bar.cells[1][0] + 2
    assert run_menu(f"click:{col},24", adapter, make=make)["value"] == "B=B&W"
    assert run_menu(f"click:{col},23", adapter, make=make)["value"] is None  # outside: backs out
    assert bar.index_at(24, bar.cells[1][0] + bar.cells[1][1]) is None  # the gap between items


def test_menus_that_do_not_fit_are_refused():
    th = PALETTE.pick(False)  # placing a menu needs no machine: dos is only kept for later
    with pytest.raises(ValueError):
        MenuBar(None, th, ["X" * 40, "Y" * 40], row=0)
    with pytest.raises(ValueError):
        Menu(None, th, ["A LONG LABEL"], width=5)
    with pytest.raises(ValueError):
        Menu(None, th, ["A", "B"], top=24)


def test_handle_ignores_mouse_events_when_the_mouse_is_off():
    menu = Menu.__new__(Menu)
    menu.controls, menu.used = Controls(mouse=False), True
    assert menu.handle(MouseEvent("press", LEFT, 0, 0)) is None and menu.used is False
    assert Key(word_for("Up")).name == "Up"


@pytest.mark.parametrize("near, corner", [((3, 10), (3, 10)), ((24, 79), (25 - 8, 80 - 8)), ((-2, -5), (0, 0))])
def test_a_menu_pops_up_at_a_click_and_stays_on_the_screen(near, corner):
    m = Menu(None, PALETTE.pick(False), PANEL, near=near)
    assert (m.top, m.left) == corner
    top, left, bottom, right = m.bounds()
    assert bottom <= 24 and right <= 79
