"""Every Tommy's Toys game on a monochrome card: each mark on its screens stays visible.

Each game is played to a screen full of marks (the last move, a chosen card, the pawns, the
pearls within reach) on the MDA and the Hercules card, as the card decides (no switch), with
M, and with C (colour attributes forced on a mono card), and its cells are looked at through
each monitor's tint (``adapters.colour_tables``, where the MDA's attribute decoding lives):

* every cell that holds a glyph shows it: its foreground and background differ;
* the marks that tell one thing from another differ from the plain cells beside them (Mill's
  last move in the move list, the card chosen in a Card Miners hand, Pearls' lit pearls).
"""
from __future__ import annotations

import numpy as np
import pytest

from vconsole.adapters import colour_tables, get_adapter
from vconsole.testing import run as run_headless
from vconsole_programs.cardmine import PROGRAM as CARDMINE
from vconsole_programs.mill import PROGRAM as MILL
from vconsole_programs.pearls import PROGRAM as PEARLS

BLANK = {0, 32, 255}
MONITORS = ("green", "amber", "white")
CARDS = ("mda", "hercules")
SWITCHES = ("", "M", "C")


PEARLS_FORM = " ".join([" ".join(["Backspace"] * 14) + f' "{n}" Tab' for n in ("ANN", "BOB")]
                       + [" ".join(["Backspace"] * 14) + " Tab"] * 4 + ["Enter"])
GAMES = {
    "mill": (MILL, 'Enter "1 " "4 " "2 " "5 " wait:8000', []),
    "cardmine": (CARDMINE, '"ALICE" Enter Enter wait:3000 1', ["S"]),
    "pearls": (PEARLS, PEARLS_FORM + " wait:1000", ["*", "D"]),
}


def screen(game: str, card: str, switch: str):
    program, script, extra = GAMES[game]
    words = ["S"] + extra + ([switch] if switch else [])
    ahead = "Enter" if game == "cardmine" else ""  # typed ahead: past the start-up screen
    out = run_headless(program, script, switches=words, adapter=card, seed=3, ahead=ahead)
    cells = np.asarray(out.state.cells)
    return cells[..., 0], cells[..., 1], out


@pytest.fixture(scope="module")
def shots():
    return {(g, c, s): screen(g, c, s) for g in GAMES for c in CARDS for s in SWITCHES}


@pytest.mark.parametrize("monitor", MONITORS)
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_glyph_is_visible(shots, game, card, switch, monitor):
    chars, attrs, out = shots[(game, card, switch)]
    fg, bg = colour_tables(get_adapter(card), monitor)
    hidden = [(r, c) for r in range(25) for c in range(80)
              if chars[r, c] not in BLANK and (fg[attrs[r, c]] == bg[attrs[r, c]]).all()]
    assert not hidden, f"{len(hidden)} glyphs unseen, first at {hidden[:5]}: {out.text[hidden[0][0]]!r}"


def looks(card: str, monitor: str, attr: int) -> tuple:
    fg, bg = colour_tables(get_adapter(card), monitor)
    return tuple(fg[attr]), tuple(bg[attr])


@pytest.mark.parametrize("monitor", MONITORS)
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("card", CARDS)
def test_mills_last_move_stands_out_in_the_move_list(shots, card, switch, monitor):
    chars, attrs, out = shots[("mill", card, switch)]
    rows = [r for r in range(25) if ". WHITE" in out.text[r] or ". BLACK" in out.text[r]]
    assert len(rows) >= 2
    last, before = rows[-1], rows[-2]
    col = out.text[last].index(".")
    assert looks(card, monitor, attrs[last, col]) != looks(card, monitor, attrs[before, col])


@pytest.mark.parametrize("monitor", MONITORS)
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("card", CARDS)
def test_the_card_chosen_in_a_hand_stands_out(shots, card, switch, monitor):
    from vconsole_programs.cardmine.screen import MINER_TOP, hand_col
    chars, attrs, out = shots[("cardmine", card, switch)]
    row = MINER_TOP[0] + 2
    chosen, other = looks(card, monitor, attrs[row, hand_col(0)]), looks(card, monitor, attrs[row, hand_col(1)])
    assert chosen != other, out.text[row]


@pytest.mark.parametrize("monitor", MONITORS)
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("card", CARDS)
def test_pearls_within_reach_stand_out_from_the_others(shots, card, switch, monitor):
    from vconsole_programs.pearls.board import SQUARES
    from vconsole_programs.pearls.screen import BOARD
    chars, attrs, out = shots[("pearls", card, switch)]
    seen = set()
    for sq in range(49):
        top, left, _, _ = BOARD.rect(*SQUARES[sq])
        if chars[top, left + 1] not in BLANK:
            seen.add(looks(card, monitor, attrs[top, left + 1]))
    assert len(seen) >= 2, "lit and unlit pearls look alike"
