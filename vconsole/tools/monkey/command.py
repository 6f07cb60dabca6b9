"""``vconsole monkey PROGRAM``: the command line over the session (seeds, a drive to start from,
``--replay`` of a script with the monkey's checks)."""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
from pathlib import Path

from ... import keyscript
from ...adapters import ADAPTERS
from ...disk import Drive
from ...program import UnknownProgram, discover, find
from ...switches import SwitchError
from ..options import CliError, Parser, seconds_or_off, whole
from .host import WATCHDOG_S
from .run import Target, replay, restore, snapshot
from .session import monkey
from .shrink import SHRINK_S

EXIT_FAILURE, EXIT_USAGE = 1, 2


def _parser() -> Parser:
    p = Parser(prog="vconsole monkey",
                description="Feed a program seeded random input (keys, text, mouse, waits) and report failures "
                            "with the shortest --keys script that reproduces them.")
    p.add_argument("program", help="program to test, e.g. MILL")
    p.add_argument("--events", type=whole(1), default=2000, help="random events per seed (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--seeds", type=whole(1), default=1, help="how many seeds from --seed on (default 1)")
    p.add_argument("--switches", default="", metavar="WORDS", help="the program's switches, e.g. 'MS' or '/NS'")
    p.add_argument("--display", type=str.lower, choices=sorted(ADAPTERS), default="ega", help="display adapter")
    p.add_argument("--no-mouse", action="store_true", help="no mouse driver loaded")
    p.add_argument("--drive", type=Path, default=None,
                   help="start from a copy of this folder's files (it is never changed)")
    p.add_argument("--replay", metavar="SCRIPT", default=None,
                   help="instead of random input, run this key script (or @FILE) with the monkey's checks")
    p.add_argument("--shrink-time", type=seconds_or_off, default=SHRINK_S, help="seconds to spend shrinking a failure")
    p.add_argument("--watchdog", type=seconds_or_off, default=WATCHDOG_S,
                   help="seconds of CPU time without a service call that count as a hang (0: off)")
    p.add_argument("--json", action="store_true", help="print a JSON summary instead of text")
    return p


def _target(args: argparse.Namespace) -> Target:
    try:
        program = find(args.program)
    except UnknownProgram:
        names = ", ".join(n.upper() for n in discover())
        raise CliError(f"Bad command or file name - {args.program}. Programs here: {names}") from None
    words = tuple(args.switches.split())
    try:
        program.parse_switches(list(words))
    except SwitchError as e:
        raise CliError(f"{program.name}: {e}") from None
    return Target(program, words, args.display, not args.no_mouse, args.seed)


def _drive_files(path: Path | None) -> dict[str, bytes]:
    if path is None:
        return {}
    if not path.is_dir():
        raise CliError(f"--drive {path}: not a directory")
    try:
        return snapshot(Drive(path))
    except OSError as e:
        raise CliError(f"--drive {path}: {e}") from None


def _replay_main(args: argparse.Namespace, target: Target) -> int:
    try:
        spec = keyscript.read(args.replay)
        keyscript.parse(spec)
    except keyscript.KeyScriptError as e:
        raise CliError(str(e)) from None
    tokens = [spec]  # one token holding the whole script: the parser splits it the same way
    failure, code = replay(target, tokens, _drive_files(args.drive), args.watchdog or None)
    if failure is None:
        print(f"{target.program.name}: replay ran without failure (exit code {code})")
        return 0
    print(f"{target.program.name}: replay FAILED: {failure.summary}\n{failure.detail.rstrip()}")
    return EXIT_FAILURE


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[2:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
        target = _target(args)
        if args.replay is not None:
            return _replay_main(args, target)
        files = _drive_files(args.drive)
        reports = []
        for seed in range(args.seed, args.seed + args.seeds):
            t = dataclasses.replace(target, seed=seed)
            with tempfile.TemporaryDirectory(prefix="vconsole-monkey-") as tmp:
                root = Path(tmp) / "C"
                restore(files, root)
                report = monkey(t, args.events, root, args.shrink_time, args.watchdog or None)
            reports.append(report)
            if not args.json:
                print(report.text(), flush=True)
            if report.failure:
                break
    except CliError as e:
        print(f"vconsole monkey: {e}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps([r.as_dict() for r in reports], indent=2))
    return EXIT_FAILURE if any(r.failure for r in reports) else 0
