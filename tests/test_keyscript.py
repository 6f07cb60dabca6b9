"""The --keys language: every token kind, case rules, comments, quoting, and errors naming the token.

Expected words are what the IBM BIOS stores in its buffer for the key (DESIGN.md, "BIOS
keyboard"): the gray cursor keys the script names Up ... Del carry E0h in the low byte and keypad
Enter has scan code E0h, as INT 16h AH=10h returns them (AH=00h gives 4800h, 1C0Dh ...).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vconsole.keyscript import KeyScriptError, Mouse, Press, Wait, parse


def words(script: str) -> list[int]:
    return [e.word for e in parse(script)]


@pytest.mark.parametrize("token, word", [
    ("a", 0x1E61), ("A", 0x1E41), ("1", 0x0231), ("!", 0x0221), ("?", 0x353F),
    ("F1", 0x3B00), ("f10", 0x4400), ("F11", 0x8500), ("F12", 0x8600),
    ("Esc", 0x011B), ("escape", 0x011B), ("Enter", 0x1C0D), ("RETURN", 0x1C0D), ("Tab", 0x0F09),
    ("Backspace", 0x0E08), ("Space", 0x3920), ("Up", 0x48E0), ("down", 0x50E0), ("Left", 0x4BE0),
    ("Right", 0x4DE0), ("Home", 0x47E0), ("End", 0x4FE0), ("PgUp", 0x49E0), ("pagedown", 0x51E0),
    ("Ins", 0x52E0), ("Delete", 0x53E0),
    ("Gray+", 0x4E2B), ("Gray-", 0x4A2D), ("Gray*", 0x372A),
    ("KP7", 0x4737), ("kp0", 0x5230), ("KP5", 0x4C35), ("KPEnter", 0xE00D), ("Gray/", 0xE02F), ("Alt+Enter", 0x1CF0),
    ("Shift+Tab", 0x0F00), ("shift+tab", 0x0F00), ("Shift+F1", 0x5400),
    ("Ctrl+Q", 0x1011), ("ctrl+q", 0x1011), ("Ctrl+F1", 0x5E00), ("Ctrl+Enter", 0x1C0A),
    ("Alt+X", 0x2D00), ("alt+x", 0x2D00), ("Alt+F1", 0x6800), ("Alt+1", 0x7800), ("Alt+=", 0x8300),
    ("Quote", 0x2822),
])
def test_single_key_tokens(token, word):
    (ev,) = parse(token)
    assert isinstance(ev, Press) and ev.word == word and ev.token == token


def test_quoted_text_types_each_character_space_included():
    assert words('"Hi 2"') == [0x2348, 0x1769, 0x3920, 0x0332]
    assert words('"#"') == [0x0423]


def test_waits_and_mouse_tokens():
    a, b, c, d = parse("wait:250 move:0,0 click:79,24 RClick:10,3")
    assert a == Wait(250.0, "wait:250")
    assert b == Mouse("move", 0, 0, "move:0,0")
    assert c == Mouse("click", 79, 24, "click:79,24")
    assert d.action == "rclick" and (d.col, d.row) == (10, 3)
    assert parse("WAIT:1.5")[0].ms == 1.5


def test_comments_and_white_space():
    script = "# set up\nF2   # new game\n\t a\n#\nb # trailing"
    assert words(script) == [0x3C00, 0x1E61, 0x3062]
    assert parse("") == [] and parse("   \n  ") == []


def test_hash_inside_a_token_is_not_a_comment():
    assert words("a # b") == [0x1E61]  # a lone '#' starts a comment by design
    with pytest.raises(KeyScriptError, match="'x#'"):
        parse("x#")  # glued to a token, '#' is part of it (and here makes it unknown)
    assert words('"a#b"') == [0x1E61, 0x0423, 0x3062]


@pytest.mark.parametrize("script, named", [
    ("F13", "'F13'"), ("Ctrl+Nothing", "'Ctrl+Nothing'"), ("Hyper+A", "'Hyper+A'"),
    ("click:80,0", "'click:80,0'"), ("move:0,25", "'move:0,25'"), ("click:-1,0", "'click:-1,0'"),
    ("wait:", "'wait:'"), ("wait:x", "'wait:x'"), ("a F99 b", "'F99'"), ("é", "'é'"),
    ('"caf\u00e9"', "'café'"), ("Shift+1", "'Shift+1'"),
])
def test_bad_tokens_raise_naming_the_token(script, named):
    with pytest.raises(KeyScriptError) as info:
        parse(script)
    assert named in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("token", ["17", "dir", "a1", "mill.sav"])
def test_text_that_is_not_a_key_name_gets_the_quoted_form_suggested(token):
    with pytest.raises(KeyScriptError) as info:
        parse(f"Enter {token} Esc")
    assert str(info.value) == f'{token!r} is not a key name; to type it, write "{token}"'
    assert [e.word for e in parse(f'"{token}"')] == [e.word for e in parse(" ".join(token))]  # and that works


@pytest.mark.parametrize("token", ["Ctrl+Nothing", "click:99", "Shift+1", 'a"b'])
def test_key_names_gone_wrong_are_not_taken_for_text(token):
    with pytest.raises(KeyScriptError) as info:
        parse(token)
    assert "unknown key-script token" in str(info.value)


def test_error_is_a_value_error():
    assert issubclass(KeyScriptError, ValueError)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60))
def test_random_scripts_parse_or_raise_key_script_error(script):
    try:
        events = parse(script)
    except KeyScriptError:
        return
    for ev in events:
        assert isinstance(ev, (Press, Wait, Mouse))
        if isinstance(ev, Press):
            assert 0 <= ev.word <= 0xFFFF
        elif isinstance(ev, Mouse):
            assert 0 <= ev.col < 80 and 0 <= ev.row < 25
        else:
            assert ev.ms >= 0


def test_a_script_comes_from_the_text_or_an_at_file(tmp_path):
    from vconsole.keyscript import read

    assert read('"dir" Enter') == '"dir" Enter'
    f = tmp_path / "s.keys"
    f.write_text("F7 # quit\n", encoding="utf-8")
    assert read(f"@{f}") == "F7 # quit\n"
    with pytest.raises(KeyScriptError, match=f"cannot read key script {tmp_path}/nope: No such file"):
        read(f"@{tmp_path}/nope")
    f.write_bytes(b"\xff\xfe")
    with pytest.raises(KeyScriptError, match="cannot read key script"):
        read(f"@{f}")


def test_an_unclosed_quote_is_named_as_such():
    with pytest.raises(KeyScriptError, match=r"""unclosed quote in '"dir'"""):
        parse('"dir Enter')
    assert [e.word for e in parse('"')] == [e.word for e in parse("Quote")]  # a lone quote types itself
