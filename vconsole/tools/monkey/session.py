"""The whole monkey session for one seed: random runs until the budget is spent or something fails,
then the failure shrunk; the report in words or JSON."""
from __future__ import annotations

import random
import shlex
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...disk import Drive
from .host import END_IDLE_S, WATCHDOG_S, Failure, MonkeyHost
from .player import TokenSource, command_words
from .run import Target, restore, run_once, snapshot
from .shrink import SHRINK_S, Shrunk, shrink


@dataclass
class Report:
    program: str
    seed: int
    events: int = 0
    restarts: int = 0
    seconds: float = 0.0
    failure: Failure | None = None
    event_index: int | None = None  # global index of the token being handled when it failed
    run_start: int = 0  # global index of the failing run's first token
    shrunk: Shrunk | None = None
    drive_dir: str | None = None
    target: Target | None = None
    note: str = ""

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0

    @property
    def script(self) -> str | None:
        return " ".join(self.shrunk.tokens) if self.shrunk else None

    def as_dict(self) -> dict[str, Any]:  # JSON
        d = {"program": self.program, "seed": self.seed, "events": self.events, "restarts": self.restarts,
             "seconds": round(self.seconds, 3), "events_per_second": round(self.rate, 1), "failure": None}
        if self.failure:
            d["failure"] = {"kind": self.failure.kind, "summary": self.failure.summary,
                            "event_index": self.event_index, "script": self.script,
                            "command": self.command, "detail": self.failure.detail}
        return d

    @property
    def command(self) -> str | None:
        if self.failure is None or self.target is None or self.script is None:
            return None
        return self.target.command(self.drive_dir, self.script)

    def text(self) -> str:
        head = (f"{self.program}: seed {self.seed}: {self.events} events, {self.restarts} restarts, "
                f"{self.seconds:.1f} s ({self.rate:.0f} events/s)")
        if self.failure is None:
            return head + ", no failure" + (f" ({self.note})" if self.note else "")
        lines = [head, f"FAILURE at event {self.event_index} (its run began at event {self.run_start}):",
                 f"  {self.failure.summary}"]
        if self.shrunk:
            s = self.shrunk
            how = "shortest" if s.complete else "shortest found before the time ran out"
            lines.append(f"{how} input reproducing it: {len(s.tokens)} tokens ({s.trials} trial runs)")
            lines.append(f"  --keys {shlex.quote(self.script or '')}")
            if self.drive_dir:
                lines.append(f"  it needs the files saved in {self.drive_dir} (run on a copy: the run changes them)")
            lines.append(f"  {self.command}")
            if self.failure.kind != "exception" and self.target is not None:
                why = ("spins forever there" if self.failure.kind == "hang"
                       else "runs without the invariant check there")
                lines.append(f"  a plain --keys run {why}; check it with the monkey's own replay:")
                lines.append(f"  {self.target.replay_command(self.drive_dir, self.script or '')}")
        lines.append(self.failure.detail.rstrip())
        return "\n".join(lines)


def monkey(target: Target, events: int = 2000, drive_root: Path | None = None,
           shrink_seconds: float = SHRINK_S, watchdog: float | None = WATCHDOG_S) -> Report:
    """Feed ``events`` random tokens to the program, restarting it whenever it exits."""
    rng = random.Random(f"vconsole-monkey:{target.seed}")
    stream = TokenSource(rng, command_words())
    report = Report(target.program.name, target.seed, target=target)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vconsole-monkey-") as tmp:
        drive = Drive(drive_root or Path(tmp) / "C")
        idle_runs = 0
        while report.events < events:
            files = snapshot(drive)
            budget = events - report.events
            host = MonkeyHost((next(stream) for _ in range(budget)), idle_limit=END_IDLE_S, watchdog=watchdog)
            code = run_once(target, drive, host)
            run_start = report.events
            report.events += len(host.fed)
            if host.failure is not None:
                report.failure = host.failure
                report.event_index = report.events - 1
                report.run_start = run_start
                report.seconds = time.monotonic() - started
                report.shrunk = shrink(target, host.failure, host.fed, files, shrink_seconds)
                if report.shrunk.files:
                    keep = Path(tempfile.mkdtemp(prefix=f"vconsole-monkey-{target.program.name.lower()}-"))
                    restore(report.shrunk.files, keep)
                    report.drive_dir = str(keep)
                return report
            if code is None:
                break  # the tokens ran out while it waited: the budget is spent
            report.restarts += 1
            idle_runs = 0 if host.fed else idle_runs + 1
            if idle_runs >= 3:
                report.note = "the program ends by itself without reading any input"
                break
    report.seconds = time.monotonic() - started
    return report
