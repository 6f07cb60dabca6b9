"""What many test modules share: one way to run a program headless.

``run_headless(program_or_main, script, ...)`` runs a registered ``Program`` (or a bare
``main(dos)`` function, wrapped in a throw-away Program) on a virtual clock with a key
script and returns the ``headless.Outcome``: the screen at the end, its text, the exit
code and the machine time used.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from vconsole.disk import Drive
from vconsole.frontends import headless
from vconsole.machine import Machine, MachineConfig
from vconsole.program import Program, RunOptions, run_program


def as_program(program: Program | Callable, name: str = "T", switches: Iterable[str] = ("S", "M", "C", "D")) -> Program:
    if isinstance(program, Program):
        return program
    return Program(name=name, main=program, switches=tuple(switches))


def run_headless(program: Program | Callable, script: str | list = "", *, switches: str | Iterable[str] | frozenset = "",
                 drive: Drive | str | Path | None = None, seed: int | None = 1, shareware: bool = False,
                 hook: Callable[[Machine], None] | None = None, idle_limit: float = headless.IDLE_LIMIT_S,
                 name: str = "T", record_audio=None, **cfg) -> headless.Outcome:
    """Run it to the end of the script; ``cfg`` goes to MachineConfig (adapter=, mouse=, mute=...).

    ``switches``: the words of a command line ("MS", or ["M", "S"]), or an already parsed frozenset.
    """
    prog = as_program(program, name)
    if isinstance(switches, frozenset):
        sw = switches
    else:
        words = [switches] if isinstance(switches, str) else list(switches)
        sw = prog.parse_switches([w for w in words if w])
    if drive is None:  # a fresh folder: a test must never write into the checkout
        import tempfile
        drive = tempfile.mkdtemp(prefix="vconsole-test-")
    drv = drive if isinstance(drive, Drive) else Drive(drive)
    options = RunOptions(seed=seed, shareware=shareware)
    return headless.run(lambda m: run_program(m, prog, sw, drv, options), MachineConfig(**cfg), script,
                        idle_limit=idle_limit, machine_hook=hook, record_audio=record_audio)


def screen_text(out: headless.Outcome) -> str:
    return "\n".join(out.text)


def one_line(capsys, prefix: str = "") -> str:
    """What the command printed on stderr: one line (of those starting with ``prefix``), no traceback."""
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip() and ln.startswith(prefix)]
    assert len(lines) == 1, err
    return lines[0]
