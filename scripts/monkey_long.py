#!/usr/bin/env python3
"""The long monkey run: 100,000 random events for every installed program, JSON summary on stdout.

Too slow for CI (tests/test_monkey.py runs 2,000 per seed); run it before a release or
after changing a program's input handling:

    python scripts/monkey_long.py [--events N] [--seed S] [--programs MILL SHELL ...]

Exit status 1 when any program failed; the JSON holds the shrunk --keys script to paste.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from vconsole.program import discover
from vconsole.tools import monkey

#: each program runs on these machines in turn, the events shared out between them
MACHINES = [("ega", True), ("mda", True), ("cga", False), ("vga", True)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=100_000, help="events per program (default 100000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--programs", nargs="*", default=None, help="program names (default: all installed)")
    p.add_argument("--shrink-time", type=float, default=120.0)
    args = p.parse_args(argv)
    progs = discover()
    names = [n.lower() for n in args.programs] if args.programs else list(progs)
    unknown = [n for n in names if n not in progs]
    if unknown:
        print(f"monkey_long: unknown program(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    summary = {"events_per_program": args.events, "seed": args.seed, "programs": []}
    started = time.monotonic()
    for name in names:
        entry = {"program": progs[name].name, "runs": [], "events": 0, "restarts": 0, "seconds": 0.0}
        share = args.events // len(MACHINES)
        for i, (display, mouse) in enumerate(MACHINES):
            events = share if i < len(MACHINES) - 1 else args.events - share * (len(MACHINES) - 1)
            target = monkey.Target(progs[name], (), display, mouse, args.seed + i)
            report = monkey.monkey(target, events=events, shrink_seconds=args.shrink_time)
            run = report.as_dict()
            run.update(display=display, mouse=mouse)
            entry["runs"].append(run)
            entry["events"] += report.events
            entry["restarts"] += report.restarts
            entry["seconds"] += report.seconds
            print(report.text().splitlines()[0], file=sys.stderr, flush=True)
            if report.failure:
                break
        entry["seconds"] = round(entry["seconds"], 2)
        entry["events_per_second"] = round(entry["events"] / entry["seconds"], 1) if entry["seconds"] else 0.0
        entry["failed"] = any(r["failure"] for r in entry["runs"])
        summary["programs"].append(entry)
    summary["seconds"] = round(time.monotonic() - started, 2)
    summary["failed"] = [e["program"] for e in summary["programs"] if e["failed"]]
    print(json.dumps(summary, indent=2))
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
