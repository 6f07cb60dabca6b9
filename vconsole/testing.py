"""Testing a program without a display: run it headless, then read its screen and its drive.

A program's tests should check what a player would see and what the program left on its
drive, not its insides, and they must give the same answer on a busy machine as on an idle
one. So ``run`` starts the program on a virtual clock (machine time passes only when the
program waits), types a key script into it, and hands back a ``Run``: the screen as the
script left it, as text and as cells, the exit code, and the drive to read files from.
docs/TESTING.md shows it in use; the project's own tests use nothing else.

    from vconsole.testing import keys, run, typed

    def test_a_guess_scores(tmp_path):
        out = run(PROGRAM, keys("h", typed("l"), "Esc"), drive=tmp_path, seed=7)
        assert "SCORE 1 OF 2" in out.screen and out.exit_code == 0

Key scripts are the ``--keys`` language (vconsole/keyscript.py): ``F1 Enter Ctrl+Q`` press
keys, ``"some text"`` types text, ``click:COL,ROW`` clicks a text cell, ``wait:MS`` lets
machine time pass. ``keys``, ``typed``, ``click`` and ``wait`` build such scripts from parts.
"""
from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .disk import Drive
from .frontends import headless
from .keyboard import word_for
from .keyscript import Event
from .machine import Machine, MachineConfig
from .program import Dos, Program, RunOptions, run_program

__all__ = ["IDLE_LIMIT_S", "Run", "as_program", "click", "keys", "run", "typed", "wait"]

#: machine seconds a program may sit waiting for a key after the script has run out
IDLE_LIMIT_S = headless.IDLE_LIMIT_S

#: the switches a bare ``main(dos)`` accepts when ``run`` wraps it in a Program
BARE_SWITCHES = ("S", "M", "C", "D")


@dataclass
class Run(headless.Outcome):
    """What a headless run left: the screen at the end of the script, the exit code, the drive.

    ``text`` holds the screen's rows as strings; ``state`` its cells (character and attribute
    bytes) and cursor; ``exit_code`` is None when the run ended because the script ran out
    while the program still waited for a key; ``elapsed`` is machine seconds.
    """

    drive: Drive = field(kw_only=True)

    @property
    def screen(self) -> str:
        """The whole screen as one string, rows joined by newlines (for ``"..." in out.screen``)."""
        return "\n".join(self.text)

    def rows(self, *numbers: int, left: int = 0, right: int | None = None, squeeze: bool = False) -> str:
        """The given rows cut to columns ``left:right``, stripped and joined by one space.

        A message that wraps over several rows reads as one line: ``out.rows(22, 23, right=46)``.
        Blank pieces are left out, so the answer does not depend on where a message wrapped.
        ``squeeze``: runs of spaces inside a row read as one (a panel laid out in columns).
        """
        pieces = (self.text[r][left:right] for r in numbers)
        words = (" ".join(p.split()) if squeeze else p.strip() for p in pieces)
        return " ".join(w for w in words if w)

    def attribute(self, col: int, row: int) -> int:
        """The colour attribute byte of one cell (0x1E: yellow on blue)."""
        return int(self.state.cells[row, col, 1])

    def file(self, name: str) -> str:
        """A file the program wrote on its drive, as text (its DOS name, any case)."""
        return self.drive.read_text(name)

    def has_file(self, name: str) -> bool:
        return self.drive.exists(name)


def as_program(program: Program | Callable[[Dos], int | None], name: str = "T",
               switches: Iterable[str] = BARE_SWITCHES) -> Program:
    """A registered Program as it is; a bare ``main(dos)`` wrapped in a throw-away one."""
    if isinstance(program, Program):
        return program
    return Program(name=name, main=program, switches=tuple(switches))


def run(program: Program | Callable[[Dos], int | None], script: str | Sequence[Event] = "", *,
        switches: str | Iterable[str] = "", drive: Drive | str | Path | None = None,
        seed: int | None = 1, shareware: bool = False, ahead: str = "",
        hook: Callable[[Machine], None] | None = None, idle_limit: float = IDLE_LIMIT_S,
        name: str = "T", record_audio: str | Path | None = None, **machine: Any) -> Run:
    """Run a program headless to the end of a key script and return what it left.

    ``switches``: the words of a command line (``"MS"`` or ``["M", "S"]``), or an already
    parsed frozenset. ``drive``: the folder that is the program's drive C (a Drive or a
    path); by default a fresh temporary folder, so a test never writes into the checkout.
    ``seed``: the machine's random seed (``dos.rng``, a numbered game's number). ``ahead``:
    keys already in the keyboard buffer when the program starts (a start-up screen's "press
    any key"). ``hook`` sees the machine before the program starts. ``machine`` holds
    MachineConfig's fields (``adapter="mda"``, ``mouse=False``, ``mute=True`` ...).
    """
    prog = as_program(program, name)
    if isinstance(switches, frozenset):
        chosen: frozenset[str] = switches
    else:
        words = [switches] if isinstance(switches, str) else list(switches)
        chosen = prog.parse_switches([w for w in words if w])
    if drive is None:
        drive = tempfile.mkdtemp(prefix="vconsole-test-")
    disk = drive if isinstance(drive, Drive) else Drive(drive)
    options = RunOptions(seed=seed, shareware=shareware)
    typed_ahead = [word_for(k) for k in ahead.split()]

    def before(m: Machine) -> None:
        for word in typed_ahead:
            m.keyboard.push(word)
        if hook is not None:
            hook(m)

    events = script if isinstance(script, str) else list(script)
    out = headless.run(lambda m: run_program(m, prog, chosen, disk, options), MachineConfig(**machine), events,
                       idle_limit=idle_limit, machine_hook=before, record_audio=record_audio)
    return Run(**{f.name: getattr(out, f.name) for f in fields(out)}, drive=disk)


def typed(text: str) -> str:
    """The key-script tokens that type ``text`` character by character (spaces and quotes too)."""
    parts = text.split('"')
    tokens = [f'"{p}"' if p else "" for p in parts]
    return " Quote ".join(tokens).strip()


def click(col: int, row: int, button: str = "click") -> str:
    """A click on a text cell (0-based); ``button="rclick"`` for the right button."""
    return f"{button}:{col},{row}"


def wait(ms: float) -> str:
    """Let ``ms`` milliseconds of machine time pass."""
    return f"wait:{ms:g}"


def keys(*parts: str | Iterable[str]) -> str:
    """One key script from pieces: key names, ``typed``/``click``/``wait`` tokens, or lists of them."""
    words: list[str] = []
    for part in parts:
        if isinstance(part, str):
            words.append(part)
        else:
            words.extend(part)
    return " ".join(w for w in words if w)
