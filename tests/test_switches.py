"""DOS-style switches: run-together letters (MILL MS), lone symbols (PEARLS *), slash words (ANCIENTO /NS)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vconsole.switches import SwitchError, parse

MILL = ("S", "M", "C", "D")  # Tommy's Mill: letters that combine in one word
PEARLS = ("*", "S")  # a lone symbol switch
ANCIENTO = ("/NS", "/M")  # slash words


@pytest.mark.parametrize("words, accepted, expected", [
    (["MS"], MILL, {"M", "S"}),
    (["ms"], MILL, {"M", "S"}),
    (["M", "S"], MILL, {"M", "S"}),
    (["SMSM"], MILL, {"M", "S"}),  # repeats are harmless
    (["/M"], MILL, {"M"}),  # a slash before letters works too
    (["/m/s"], MILL, {"M", "S"}),
    (["/MS"], MILL, {"M", "S"}),
    ([], MILL, set()),
    (["", "  "], MILL, set()),
    (["*"], PEARLS, {"*"}),
    (["*S"], PEARLS, {"*", "S"}),
    (["/NS"], ANCIENTO, {"/NS"}),
    (["/ns"], ANCIENTO, {"/NS"}),
    (["/NS/M"], ANCIENTO, {"/NS", "/M"}),
])
def test_accepted_switches(words, accepted, expected):
    assert parse(words, accepted) == frozenset(expected)


@pytest.mark.parametrize("words, accepted, shown", [
    (["MX"], MILL, "Invalid switch - X"),
    (["Q"], MILL, "Invalid switch - Q"),
    (["/X"], MILL, "Invalid switch - /X"),
    (["/"], MILL, "Invalid switch - /"),
    (["//"], MILL, "Invalid switch - //"),
    (["**"], MILL, "Invalid switch - *"),
    (["+"], PEARLS, "Invalid switch - +"),
    (["NS"], ANCIENTO, "Invalid switch - N"),  # without the slash it is two unknown letters
    (["/N"], ANCIENTO, "Invalid switch - /N"),
    (["/NSX"], ANCIENTO, "Invalid switch - /NSX"),
    (["S"], (), "Invalid switch - S"),
])
def test_refused_switches_name_the_culprit_and_the_valid_ones(words, accepted, shown):
    with pytest.raises(SwitchError) as info:
        parse(words, accepted)
    msg = str(info.value)
    assert msg.startswith(shown)
    assert "\n" not in msg
    valid = " ".join(sorted(a.upper() for a in accepted)) or "none"
    assert msg.endswith(f"(valid switches: {valid})")


def test_switch_error_is_a_value_error():
    assert issubclass(SwitchError, ValueError)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(max_size=8), max_size=5),
       st.sampled_from([MILL, PEARLS, ANCIENTO, ()]))
def test_random_words_give_a_subset_of_accepted_or_switch_error(words, accepted):
    try:
        got = parse(words, accepted)
    except SwitchError as e:
        assert str(e).startswith("Invalid switch - ")
    else:
        assert got <= {a.upper() for a in accepted}
