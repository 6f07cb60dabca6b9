"""Every message SPIDER can show fits its message line whole, at its longest."""
from __future__ import annotations

import string

from vconsole_programs.spider import help as help_text
from vconsole_programs.spider import messages as say
from vconsole_programs.spider.commands import INFO_BUTTON
from vconsole_programs.spider.screen import LEGEND

WIDTH = 78  # the message line: columns 1-78


def longest(template: str) -> str:
    fields = [f for _, f, _, _ in string.Formatter().parse(template) if f]
    return template.format(**{f: say.LONGEST[f] for f in fields})


def test_every_message_fits_the_message_line():
    # HP_NOT_SAVED carries the disk's own reason, of any length: it is shown in a panel, which folds it
    names = [n for n in dir(say) if n.isupper() and isinstance(getattr(say, n), str) and n != "HP_NOT_SAVED"]
    assert len(names) > 25
    for name in names:
        text = longest(getattr(say, name))
        assert len(text) <= WIDTH, (name, text)


def test_the_keys_line_and_the_rules_fit():
    assert len(" " + LEGEND) <= 80
    assert len(INFO_BUTTON) <= 34
    assert all(len(line) <= 76 for line in help_text.TEXT.splitlines())


def test_helps_removal_words_name_the_columns_key_and_the_click_only_with_a_mouse():
    from vconsole_programs.spider.commands import hint_text
    from vconsole_programs.spider.notation import board_from_text
    from vconsole_programs.spider.rules import Remove
    b = board_from_text(["5H", "", "", "", "", "", "", "", "", "#2C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"])
    with_mouse, keys_only = hint_text(b, Remove(9), True), hint_text(b, Remove(9), False)
    assert "COLUMN 10" in with_mouse and "KEY 0" in with_mouse and "CLICK" in with_mouse
    assert "KEY, 0" in keys_only and "CLICK" not in keys_only
