"""Every program played in a real terminal (tmux): the pane shows, cell for cell, what the headless run shows.

Each game and the DOS prompt runs with ``--terminal`` in a tmux pane of its
own.  Keys go in with ``tmux send-keys`` (tmux writes them as its terminal
sends them: SS3 and CSI sequences for the F-keys, arrows and paging keys)
and mouse clicks as xterm SGR reports written into the pane.  After each
step the pane's text must equal the ``--dump-text`` of the headless run of
the same program, seed and keys so far.  The steps avoid screens with a clock
on them (Mill's move timer, Anciento's time played), which run on real time
in the terminal and on machine time headless.

Skipped only when tmux is missing and VCONSOLE_REQUIRE_X is not set (.ci/run installs tmux and sets it).
"""
from __future__ import annotations

import os

import pytest
from terminal_pane import TMUX, Pane

from vconsole.cli import main as cli_main

pytestmark = pytest.mark.skipif(TMUX is None and not os.environ.get("VCONSOLE_REQUIRE_X"),
                                reason="needs tmux (apt-get install tmux)")

# One step: (tmux keys or a click, the same input as key-script tokens).  ("click", col, row) clicks.
Step = tuple[object, str]
GAMES: dict[str, list[Step]] = {
    "command": [(None, ""), (("-l", "ver"), '"ver"'), (("Enter",), "Enter"),
                (("-l", "helo"), '"helo"'), (("BSpace",), "Backspace"), (("-l", "p"), '"p"'),
                (("Enter",), "Enter"), (("F3",), "F3"), (("Escape",), "Esc")],
    "mill": [(None, ""), (("F5",), "F5"), (("PageDown",), "PgDn"), (("PageDown",), "PgDn"),
             (("End",), "End"), (("Up",), "Up"), (("Home",), "Home")],
    "cardmine": [(None, ""), (("Space",), "Space"), (("-l", "Ann"), '"Ann"'), (("Tab",), "Tab")],
    # "*" skips the opening show, which takes the keys typed while it plays (as it should)
    "pearls *": [(None, ""), (("-l", "B"), '"B"'), (("-l", "o"), '"o"'), (("Down",), "Down"),
                 (("Right",), "Right"), (("Tab",), "Tab")],
    "anciento": [(None, ""), (("Space",), "Space"), (("click", 56, 10), "click:56,10"), (("Escape",), "Esc"),
                 (("-l", "7"), "7")],
    "spider": [(None, ""), (("Space",), "Space"), (("click", 44, 6), "click:44,6"), (("Right",), "Right"),
               (("Right",), "Right"), (("F1",), "F1")],
}


def headless_text(tmp_path, program: str, script: str, n: int) -> str:
    out = tmp_path / f"expected-{n}.txt"
    drive = tmp_path / f"drive-{n}"
    args = [] if program == "command" else program.split()
    code = cli_main(args + ["--mute", "--seed", "7", "--drive", str(drive), "--keys", script,
                            "--dump-text", str(out)])
    assert code in (0, None) or out.exists(), f"headless run of {program} failed ({code})"
    return out.read_text()


@pytest.mark.parametrize("program", list(GAMES))
def test_pane_equals_headless_dump(tmp_path, program):
    args = ([] if program == "command" else program.split()) + ["--terminal", "--mute", "--seed", "7",
                                                          "--drive", str(tmp_path / "drive")]
    pane = Pane(tmp_path, args)
    script: list[str] = []
    try:
        for n, (send, tokens) in enumerate(GAMES[program]):
            if send is not None:
                if send[0] == "click":
                    pane.click(send[1], send[2])
                else:
                    pane.keys(*send)
            if tokens:
                script.append(tokens)
            expected = headless_text(tmp_path, program, " ".join(script), n)
            shown = pane.wait_for(expected)
            assert shown == expected, f"{program} after {' '.join(script)!r}: the pane differs from the dump"
        pane.keys("C-c")  # and it stops as a closed window does
        assert pane.exit_status() == 130
    finally:
        pane.close()


def test_resizing_redraws_and_a_small_terminal_gets_one_message(tmp_path):
    pane = Pane(tmp_path, ["mill", "--terminal", "--mute", "--seed", "7", "--drive", str(tmp_path / "drive")])
    try:
        expected = headless_text(tmp_path, "mill", "", 0)
        assert pane.wait_for(expected) == expected
        pane.tmux("resize-window", "-t", "0", "-x", "60", "-y", "20")
        pane.wait_until(lambda: "at least 80x25" in pane.text(), "the too-small message")
        assert "60x20" in pane.text() and "TOMMY" not in pane.text()
        pane.tmux("resize-window", "-t", "0", "-x", "100", "-y", "31")
        pane.wait_until(lambda: "TOMMY" in pane.text(), "the screen again")
        rows = pane.rows()
        inner = [r[10:90].rstrip() for r in rows[3:28]]  # centred: 3 rows and 10 columns of border
        assert "\n".join(inner).rstrip("\n") + "\n" == expected
        assert all(not r.strip() for r in rows[:3] + rows[28:31])
        pane.keys("Space")  # and it still plays
        pane.wait_until(lambda: "PLACE A PIECE" in pane.text(), "the game")
    finally:
        pane.close()


@pytest.mark.parametrize("display, monitor", [("ega", "color"), ("mda", "amber")])
def test_tmux_shows_every_cell_in_the_adapters_colours(tmp_path, display, monitor):
    """The test card (all 256 attributes) read back from tmux with its colours: each cell's
    24-bit foreground and background, blink and underline as the adapter's colour tables say."""
    from terminal_model import ModelTerminal

    from vconsole.adapters import colour_tables, get_adapter
    from vconsole.disk import Drive
    from vconsole.frontends import headless
    from vconsole.machine import MachineConfig
    from vconsole.program import RunOptions, find, run_program
    from vconsole.render import effective_cells

    prog = find("testcard")
    config = MachineConfig(adapter=display, monitor=monitor, mute=True)
    state = headless.run(lambda m: run_program(m, prog, frozenset(), Drive(tmp_path / "d0"), RunOptions()),
                         config, "").state
    pane = Pane(tmp_path, ["testcard", "--terminal", "--mute", "--display", display, "--monitor", monitor,
                           "--drive", str(tmp_path / "drive")])
    try:
        expected = "\n".join(ln.rstrip() for ln in state_lines(state)).rstrip("\n") + "\n"
        assert pane.wait_for(expected) == expected
        rows = pane.tmux("capture-pane", "-e", "-p", "-t", "0").split("\n")
    finally:
        pane.close()
    term = ModelTerminal()
    for y, row in enumerate(rows[:25]):
        term.feed(f"\x1b[{y + 1};1H" + row)
    adapter = get_adapter(display)
    fg, bg = colour_tables(adapter, monitor, state.blink, True)
    cells = effective_cells(state)
    wrong = []
    for r in range(25):
        for c in range(80):
            attr = int(cells[r, c, 1])
            want = (tuple(int(v) for v in fg[attr]), tuple(int(v) for v in bg[attr]),
                    state.blink and bool(attr & 0x80), adapter.mono and (attr & 7) == 1)
            if term.style[r][c] != want:
                wrong.append((r, c, hex(attr), term.style[r][c], want))
    assert not wrong, wrong[:5]


def state_lines(state) -> list[str]:
    from vconsole.cp437 import decode

    return [decode(bytes(state.cells[r, :, 0])) for r in range(state.cells.shape[0])]
