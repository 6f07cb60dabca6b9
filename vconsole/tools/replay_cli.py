"""``vconsole replay FILE``: play a journal back, in the window (real speed or --speed X) or headless.

The replay runs in a DOS directory of its own, filled with the files the
journal carried, so a replay never touches the player's saved games.  At the
end it says whether the run replayed exactly; exit status 0 when it did, 1
when it did not (the first difference is named), 2 when the journal cannot be
read (the line is named).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..names import MONITORS
from . import journal as jn
from .options import (
    SCREENSHOT_IN_WINDOW,
    CliError,
    Parser,
    add_video_options,
    check_outputs,
    scale,
    video_format,
    window_capture,
)
from .replay import PacedClock, ReplayHost, ReplayReport, prepare, replay_headless
from .runs import capture_hook, finish_outputs, page_recorder, video_recorder

if TYPE_CHECKING:
    from ..machine import Machine, MachineConfig

EXIT_USAGE, EXIT_DIVERGED = 2, 1


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="vconsole replay", description="Play back a journal made with --record.")
    p.add_argument("journal", type=Path, help="the journal (JSON lines) to replay")
    p.add_argument("--headless", action="store_true", help="no window: as fast as the machine goes")
    p.add_argument("--speed", type=float, default=1.0, metavar="X",
                   help="in the window, X times real speed (default 1; sound only at 1)")
    p.add_argument("--monitor", choices=list(MONITORS), default=None,
                   help="show it on another monitor (the program cannot tell)")
    p.add_argument("--screenshot", type=Path, metavar="FILE.png", help="PNG of the screen when the replay ends")
    p.add_argument("--dump-text", type=Path, metavar="FILE", help="the 25 text rows when the replay ends")
    p.add_argument("--record-audio", type=Path, metavar="FILE.wav", help="record the speaker to a WAV file")
    p.add_argument("--scale", type=scale, default=None, metavar="N",
                   help="window scale, or the 4:3 monitor shape at N for --screenshot and --record-video")
    add_video_options(p)
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if not args.speed > 0:
        raise CliError("--speed must be above 0")
    if not args.headless and (args.screenshot or args.dump_text):
        raise CliError(SCREENSHOT_IN_WINDOW)
    check_outputs(args, "record_audio", "screenshot", "dump_text", "record_video", "record_html")
    if args.record_video is not None:
        video_format(args.record_video)
    try:
        journal = jn.read(args.journal)
        prepare(journal)
    except jn.JournalError as e:
        raise CliError(str(e)) from None
    same_time_zone(journal.header)
    config = journal.header.config()
    if args.monitor:
        import dataclasses

        config = dataclasses.replace(config, monitor=args.monitor)
    with tempfile.TemporaryDirectory(prefix="vconsole-replay-") as tmp:
        root = Path(tmp) / "TOYS"
        if args.headless:
            video = video_recorder(args, config)
            page = page_recorder(args, config)
            hook = capture_hook(video, page) if video is not None or page is not None else None
            result = replay_headless(journal, root, monitor=args.monitor, record_audio=args.record_audio,
                                     machine_hook=hook)
            failed = finish_outputs(args, config, result.outcome, video, page)
            report = result.report
            elapsed = result.outcome.elapsed
        else:
            report, elapsed, failed = _in_window(args, journal, config, root)
    return max(_say(report, elapsed), failed)


def same_time_zone(header: jn.Header) -> None:
    """DOS shows local time: take the recording host's zone for this process when ours differs,
    so dates on the screen (a high-score table, DIR) are the same in the replay."""
    import os
    import time

    offset = header.utc_offset
    if offset is None or jn.local_offset(header.start_time) == offset or not hasattr(time, "tzset"):
        return
    sign = "-" if offset >= 0 else "+"  # POSIX zones count west of UTC
    hours, minutes = divmod(abs(offset) // 60, 60)
    os.environ["TZ"] = f"DOS{sign}{hours:02d}:{minutes:02d}"
    time.tzset()


def _in_window(args: argparse.Namespace, journal: jn.Journal, config: MachineConfig,
               root: Path) -> tuple[ReplayReport, float, int]:
    from ..frontends import window
    from ..machine import ProgramExit
    from ..program import run_program

    program, switches = prepare(journal)
    drive = jn.fill_drive(journal.header, root)
    clock = PacedClock(args.speed)
    report = ReplayReport(journal)
    host = ReplayHost(journal, report, pace=clock.pace)
    machines: list[Machine] = []
    stopped: list[bool] = []

    def target(machine: Machine) -> int:
        machines.append(machine)
        try:
            host.begin(machine)
            code = run_program(machine, program, switches, drive, journal.header.options())
        except ProgramExit:
            stopped.append(True)  # by the journal (host.ended) or by the watcher closing the window
            raise
        return code

    lost: list[str] = []
    if args.speed != 1:
        report.notes.append(f"replayed at {args.speed:g} times real speed, without sound")
    try:
        code = window.run(target, config, scale=args.scale, record_audio=args.record_audio,
                          title=f"vconsole - {program.name} (replay)", captures=None,
                          clock=clock, host=host, replaying=True, record_video=window_capture(args),
                          video_rate=args.video_rate, audio=args.speed == 1, lost=lost)
    except window.NoDisplay:
        raise CliError("there is no display here to open a window on; replay it with --headless") from None
    machine = machines[0] if machines else None
    elapsed = machine.clock.now() if machine else 0.0
    failed = 1 if lost else 0
    if machine is not None:
        if stopped and not host.ended:
            report.notes.append(f"the replay was stopped at {elapsed:.1f} s (the window was closed)")
        else:
            host.compare_end(machine, None if stopped else code)
    return report, elapsed, failed


def _say(report: ReplayReport, elapsed: float) -> int:
    for line in report.lines():
        print(f"vconsole: {line}", file=sys.stderr)
    if report.exact:
        what = "replays exactly" if report.journal.exact else "replays to the same final screen"
        if report.journal.end is None:
            what = "replays exactly as far as it goes" if report.journal.exact else "replays as far as it goes"
        print(f"vconsole: {report.journal.path} {what} ({report.events} input events, {report.checks} checks,"
              f" {elapsed:.1f} s of machine time)", file=sys.stderr)
        return 0
    return EXIT_DIVERGED
