"""One monkey run: a target (program, switches, display, seed) from switch-on to its end, on a drive
restored from a snapshot, so a failing run can be replayed exactly."""
from __future__ import annotations

import dataclasses
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ... import errors
from ...clock import VirtualClock
from ...disk import Drive
from ...frontends.headless import IDLE_LIMIT_S
from ...machine import Machine, MachineConfig, ProgramExit
from ...program import Program, RunOptions, run_program
from .host import WATCHDOG_S, Failure, MonkeyHost


@dataclass(frozen=True)
class Target:
    """What to run and how: the same choices a ``vconsole PROGRAM`` command line makes."""

    program: Program
    switch_words: tuple[str, ...] = ()
    display: str = "ega"
    mouse: bool = True
    seed: int = 0

    @property
    def switches(self) -> frozenset[str]:
        return self.program.parse_switches(list(self.switch_words))

    def config(self) -> MachineConfig:
        return MachineConfig(adapter=self.display, mouse=self.mouse, mute=True)

    def command(self, drive: str | None, script: str) -> str:
        words = ["vconsole", self.program.name, *self.switch_words, "--display", self.display]
        if not self.mouse:
            words.append("--no-mouse")
        words += ["--seed", str(self.seed)]
        if drive:
            words += ["--drive", drive]
        words += ["--keys", script]
        return " ".join(shlex.quote(w) for w in words)

    def replay_command(self, drive: str | None, script: str) -> str:
        return " ".join(shlex.quote(w) for w in _monkey_replay_words(self, drive, script))


def _monkey_replay_words(target: Target, drive: str | None, script: str) -> list[str]:
    words = ["vconsole", "monkey", target.program.name]
    if target.switch_words:
        words += ["--switches", " ".join(target.switch_words)]
    words += ["--display", target.display] + (["--no-mouse"] if not target.mouse else [])
    words += ["--seed", str(target.seed)] + (["--drive", drive] if drive else [])
    return words + ["--replay", script]


def _guarded(program: Program) -> Program:
    """The program run under errors.guard, so its Dos is known (invariants) and its errors seen."""
    return dataclasses.replace(program, main=lambda dos: errors.guard(dos, program, program.main))


def run_once(target: Target, drive: Drive, host: MonkeyHost) -> int | None:
    """One run from switch-on until the program ends, fails, or the host's tokens run out.

    Returns the exit code, or None when the run was stopped (script ended or failure).
    """
    machine = Machine(target.config(), clock=VirtualClock(), host=host)
    host.attach(machine)
    options = RunOptions(seed=target.seed)
    with host:
        try:
            return run_program(machine, _guarded(target.program), target.switches, drive, options)
        except ProgramExit:
            return None
        except Exception as exc:  # escaped the guard itself (e.g. while tidying up)
            if host.failure is None:
                host.failure = Failure.from_exception("exception", exc)
            return None


def snapshot(drive: Drive) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for name in drive.listdir():
        try:
            out[name] = (drive.root / name).read_bytes()
        except OSError:
            pass
    return out


def restore(files: dict[str, bytes], root: Path) -> Drive:
    root.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (root / name).write_bytes(data)
    return Drive(root)


def replay(target: Target, tokens: list[str], files: dict[str, bytes] | None = None,
           watchdog: float | None = WATCHDOG_S) -> tuple[Failure | None, int | None]:
    """Run a fixed script as ``--keys`` would (fresh drive holding ``files``); the failure if any."""
    with tempfile.TemporaryDirectory(prefix="vconsole-monkey-") as tmp:
        drive = restore(files or {}, Path(tmp))
        host = MonkeyHost(iter(tokens), idle_limit=IDLE_LIMIT_S, watchdog=watchdog)
        code = run_once(target, drive, host)
        return host.failure, code
