"""``vconsole export-html JOURNAL -o run.html``: a journal replayed headless into a web page that plays it.

(``--record-html FILE.html`` on a run or a replay is in cli.py, beside ``--record-video``.)
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..names import MONITORS
from . import journal as jn
from .htmlexport import ExportError, HtmlRecorder, check_time
from .options import CliError, Parser, check_output, check_type
from .runs import capture_hook

if TYPE_CHECKING:
    from ..frontends.headless import Outcome


def _zoom(text: str) -> float:
    try:
        z = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.25 <= z <= 16:
        raise argparse.ArgumentTypeError("must be a number from 0.25 to 16")
    return z


def _at(text: str) -> float:
    try:
        return check_time(text)
    except ExportError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("--at: ")) from None


def finish(page: HtmlRecorder, outcome: Outcome) -> list[str]:
    """Write the page at the run's end; the failures (one line each) for the run's report."""
    try:
        page.finish(outcome.elapsed, state=outcome.state, speaker=outcome.machine.speaker if outcome.machine else None)
    except (OSError, ValueError) as e:
        return [f"cannot write {page.path}: {getattr(e, 'strerror', None) or e}"]
    return []


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="vconsole export-html",
                description="Replay a journal headless and write it as one web page that plays it back "
                            "(pixel-exact, with its sound; no network, no server).")
    p.add_argument("journal", type=Path, help="the journal (made with --record) to export")
    p.add_argument("-o", "--output", type=Path, required=True, metavar="FILE.html", help="the page to write")
    p.add_argument("--monitor", choices=list(MONITORS), default=None,
                   help="show it on another monitor (default: the recording's)")
    p.add_argument("--at", type=_at, default=None, metavar="SECONDS",
                   help="open paused at this machine time (as run.html#t=SECONDS does)")
    p.add_argument("--zoom", type=_zoom, default=None, metavar="Z",
                   help="open at this zoom (1: the --scale 1 picture; default: fit the window)")
    p.add_argument("--title", default=None, help="the page's title (default: the program and the journal's name)")
    return p


def main(argv: list[str]) -> int:
    import dataclasses

    from .replay import replay_headless
    from .replay_cli import _say, same_time_zone

    args = _parser().parse_args(argv)
    check_type("--output", args.output, ".html", "a web page")
    check_output("--output", args.output)
    try:
        journal = jn.read(args.journal)
    except jn.JournalError as e:
        raise CliError(str(e)) from None
    same_time_zone(journal.header)
    config = journal.header.config()
    if args.monitor:
        config = dataclasses.replace(config, monitor=args.monitor)
    title = args.title or f"{journal.header.program} - {args.journal.name}"
    page = HtmlRecorder(args.output, config.adapter, config.monitor, speaker_model=config.speaker_model,
                        title=title, at=args.at, zoom=args.zoom)
    with tempfile.TemporaryDirectory(prefix="vconsole-export-") as tmp:
        try:
            result = replay_headless(journal, Path(tmp) / "TOYS", monitor=args.monitor, machine_hook=capture_hook(page))
        except jn.JournalError as e:
            raise CliError(str(e)) from None
    failures = finish(page, result.outcome)
    for line in failures:
        print(f"vconsole: {line}", file=sys.stderr)
    code = _say(result.report, result.outcome.elapsed)
    if not failures:
        print(f"vconsole export-html: {args.output} ({page.size:,} bytes, {result.outcome.elapsed:.1f} s)",
              file=sys.stderr)
    return max(code, 1 if failures else 0)
