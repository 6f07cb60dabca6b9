"""``vconsole monkey``: a seeded random player that hammers a program until something breaks.

Every random event is a key-script token from the start (``F7``, ``Alt+X``,
``"text"``, ``click:12,3``, ``wait:250`` ...), fed through the same host that
runs ``--keys`` scripts, only lazily: the next token is drawn whenever the
program waits and the previous one is used up.  So any failure replays exactly
with ``vconsole PROGRAM --seed S --keys '...'``, and the failing run's tokens
can be shrunk by delta debugging to the shortest script that still fails the
same way.

A failure is one of:

* an exception escaping the program (other than ``ProgramExit``), seen through
  ``vconsole.errors`` (internal-error listener) or as it leaves ``run_program``;
* a broken invariant: a program declares it with ``dos.declare_invariant(fn)``;
  ``fn()`` takes no arguments, is called when the program waits after taking
  new input (so the model must be consistent at every wait), and raises (e.g. AssertionError) when its model is inconsistent.
  Only the monkey calls it, so it costs normal runs nothing;
* a hang: the program keeps calling the machine without time passing and
  without taking input (STALL_LIMIT idle calls, or POLL_LIMIT keyboard polls
  with no wait between them), or no service call at all for ``watchdog``
  seconds of CPU time (2 s: Esc and F7 must always be answered; CPU time, so a
  loaded machine does not make a program fail).  The virtual clock makes a waiting program cheap, so
  these are the only ways a headless run could spin forever.

When the program exits by itself it is started again on the same drive (its
saves carry over), as a player would.  The failing run starts from the drive
as it was when that run began, so shrinking replays restore that snapshot.
"""
from __future__ import annotations

import collections
import dataclasses
import json
import math
import random
import shlex
import signal
import string
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .. import errors, keyscript
from ..adapters import ADAPTERS
from ..clock import VirtualClock
from ..disk import Drive
from ..frontends.headless import IDLE_LIMIT_S, ScriptHost
from ..keyboard import CHAR_SCAN, KEYPAD, NAMED
from ..machine import Machine, MachineConfig, ProgramExit
from ..program import Program, RunOptions, UnknownProgram, discover, find, run_program
from ..switches import SwitchError
from .options import CliError, Parser, seconds_or_off, whole

EXIT_FAILURE, EXIT_USAGE = 1, 2
STALL_LIMIT = 20_000  # idle calls in a row with no time passing and no event taken
POLL_LIMIT = 200_000  # keyboard polls with no idle call between them
#: seconds of the process's CPU time without any service call: a program must answer keys at least this
#: often (Esc, F7).  CPU time, not wall time, so that a busy machine does not make a program fail.
WATCHDOG_S = 2.0
END_IDLE_S = 30.0  # machine time a busy program gets after the monkey's budget is spent
SHRINK_S = 60.0


# -- the random player -----------------------------------------------------------------------
def _parses(tok: str) -> bool:
    try:
        return bool(keyscript.parse(tok))
    except keyscript.KeyScriptError:
        return False


def _vocabulary() -> tuple[list[str], list[str]]:
    """(plain keys, modified keys): every key token the keyboard can send, checked against the parser."""
    plain = [n for n in NAMED if _parses(n)] + [k for k in KEYPAD if _parses(k)]
    combos: list[str] = []
    for mod in ("Shift+", "Ctrl+", "Alt+"):
        for base in list(NAMED) + list(KEYPAD):
            combos.append(mod + base)
        for ch in CHAR_SCAN:
            if ch.strip() and (ch.isalnum() or mod != "Shift+") and not ch.isupper():
                combos.append(mod + ch)
    combos = sorted({c for c in combos if _parses(c)})
    return plain, combos


_PRINTABLE = [c for c in string.printable if c in CHAR_SCAN and c != " "]
_TEXT_CHARS = [c for c in CHAR_SCAN if c != '"']
_WAITS = (0, 10, 55, 100, 250, 500, 1000, 3000)
#: words typed now and then, so a monkey at the DOS prompt starts programs and uses its commands
DOS_WORDS = ("DIR", "CLS", "VER", "HELP", "EXIT", "dir /w", "cls", "exit")


def command_words() -> list[str]:
    progs = [n.upper() for n, p in discover().items() if not p.hidden]
    return progs + [p.lower() for p in progs] + list(DOS_WORDS)


def char_token(ch: str) -> str:
    """A single typed character as a token the script language reads back as that character."""
    if ch == '"':
        return "Quote"
    if ch == "#":
        return '"#"'
    if ch == " ":
        return "Space"
    return ch


class TokenSource:
    """An endless, seeded stream of key-script tokens covering every kind of input."""

    def __init__(self, rng: random.Random, words: list[str] = ()) -> None:
        self.rng = rng
        self.plain, self.combos = _vocabulary()
        self.words = [w for w in words if '"' not in w]
        kinds = [  # (weight, maker)
            (22, self._char), (5, self._text), (26, self._plain), (14, self._combo),
            (6, self._move), (12, self._click), (4, self._rclick), (8, self._wait), (3, self._enter),
            (2 if self.words else 0, self._word),
        ]
        self._makers = [m for _, m in kinds]
        self._weights = [w for w, _ in kinds]

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return self.rng.choices(self._makers, self._weights)[0]()

    def _char(self) -> str:
        return char_token(self.rng.choice(_PRINTABLE))

    def _text(self) -> str:
        n = self.rng.randint(1, 10)
        return '"' + "".join(self.rng.choice(_TEXT_CHARS) for _ in range(n)) + '"'

    def _plain(self) -> str:
        return self.rng.choice(self.plain)

    def _combo(self) -> str:
        return self.rng.choice(self.combos)

    def _cell(self) -> str:
        return f"{self.rng.randrange(80)},{self.rng.randrange(25)}"

    def _move(self) -> str:
        return "move:" + self._cell()

    def _click(self) -> str:
        return "click:" + self._cell()

    def _rclick(self) -> str:
        return "rclick:" + self._cell()

    def _wait(self) -> str:
        return f"wait:{self.rng.choice(_WAITS)}"

    def _word(self) -> str:
        """A command a person would type (a program name, DIR, EXIT ...), sometimes with a switch word."""
        w = self.rng.choice(self.words)
        if self.rng.random() < 0.3:
            w += " " + "".join(self.rng.choice("/ABCDEFGHIJKLMNOPQRSTUVWXYZ*") for _ in range(self.rng.randint(1, 3)))
        # half the time as a whole command line: one unit for shrinking, still plain script text
        return f'Esc "{w}" Enter' if self.rng.random() < 0.5 else f'"{w}"'

    def _enter(self) -> str:
        return self.rng.choice(("Enter", "Esc", "y", "n", "Y", "N"))


# -- failures ---------------------------------------------------------------------------------------
class MonkeyAbort(ProgramExit):
    """Ends the run once a failure is recorded; a ProgramExit so the program's finally blocks still run."""


@dataclass
class Failure:
    kind: str  # "exception", "invariant", "hang"
    summary: str  # one line
    detail: str  # traceback or explanation
    signature: tuple  # what "the same failure" means while shrinking

    @classmethod
    def from_exception(cls, kind: str, exc: BaseException) -> Failure:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        short = errors.where_of(exc)
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        summary = " ".join(text.split())[:160] + (f" at {short}" if short else "")
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return cls(kind, summary, detail, (kind, type(exc).__name__, where))

    @classmethod
    def hang(cls, why: str) -> Failure:
        return cls("hang", f"hang: {why}", why, ("hang",))


class _LazyQueue:
    """The ScriptHost queue, filled from a token source only when the program needs the next event."""

    def __init__(self, host: MonkeyHost) -> None:
        self.host = host
        self.events: collections.deque = collections.deque()

    def __bool__(self) -> bool:
        if not self.events:
            self.host._pull()
        return bool(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, i: int):
        if not self.events:
            self.host._pull()
        return self.events[i]

    def popleft(self):
        if not self.events:
            self.host._pull()
        return self.events.popleft()


_PARSED: dict[str, list] = {}


def _events_of(tok: str) -> list:
    ev = _PARSED.get(tok)
    if ev is None:
        ev = keyscript.parse(tok)
        if len(_PARSED) < 50_000:
            _PARSED[tok] = ev
    return ev


class MonkeyHost(ScriptHost):
    """ScriptHost with a lazy token supply, invariant checks and hang detection.

    Input timing is the parent's, untouched, so a recorded run replays the same
    under ``--keys``; the additions only watch.
    """

    def __init__(self, tokens: Iterator[str], idle_limit: float = IDLE_LIMIT_S,
                 watchdog: float | None = WATCHDOG_S) -> None:
        super().__init__([], on_end=None, idle_limit=idle_limit)
        self.queue = _LazyQueue(self)  # type: ignore[assignment]
        self.source = tokens
        self.fed: list[str] = []
        self.failure: Failure | None = None
        self.machine: Machine | None = None
        self.watchdog = watchdog
        self._stall = 0
        self._polls = 0
        self._checked_at = -1

    # -- wiring ------------------------------------------------------------------------------
    def attach(self, machine: Machine) -> None:
        self.machine = machine
        stop_check = machine.keyboard.poll_hook

        def poll() -> None:
            self._polls += 1
            if self._polls > POLL_LIMIT:
                self.fail(Failure.hang(f"{POLL_LIMIT} keyboard polls without waiting (busy loop)"))
            if stop_check:
                stop_check()

        machine.keyboard.poll_hook = poll
        errors.on_internal_error(machine, self._internal_error)

    def _internal_error(self, dos, exc: BaseException) -> None:
        self.fail(Failure.from_exception("exception", exc))

    def fail(self, failure: Failure) -> None:
        if self.failure is None:
            self.failure = failure
        if self.machine is not None:
            self.machine.request_stop()
        raise MonkeyAbort()

    # -- the parent's hooks ------------------------------------------------------------------------
    def _pull(self) -> None:
        tok = next(self.source, None)
        if tok is not None:
            self.fed.append(tok)
            self.queue.events.extend(_events_of(tok))

    def idle(self, machine: Machine, deadline: float | None, wake_on_input: bool | str) -> None:
        if self.failure is not None:
            raise MonkeyAbort()
        self._polls = 0
        self._arm_watchdog()
        if self.used != self._checked_at:  # the program has taken new input and waits again
            self._checked_at = self.used
            self._check_invariants(machine)
        before = (machine.clock.now(), self.used)
        super().idle(machine, deadline, wake_on_input)
        if (machine.clock.now(), self.used) == before:
            self._stall += 1
            if self._stall > STALL_LIMIT:
                self.fail(Failure.hang(f"{STALL_LIMIT} waits in a row with no time passing and no input"
                                       " taken (a wait that returns at once, in a loop)"))
        else:
            self._stall = 0

    def _check_invariants(self, machine: Machine) -> None:
        dos = errors.running(machine)
        if dos is None:
            return
        try:
            dos.check_invariants()
        except Exception as exc:
            self.fail(Failure.from_exception("invariant", exc))

    # -- the watchdog: CPU time without a service call (main thread only: it uses SIGPROF) ----------
    def _arm_watchdog(self) -> None:
        if self._alarm_ok:
            signal.setitimer(signal.ITIMER_PROF, self.watchdog)

    _alarm_ok = False

    def __enter__(self) -> MonkeyHost:
        self._alarm_ok = bool(self.watchdog) and hasattr(signal, "ITIMER_PROF") and (
            threading.current_thread() is threading.main_thread())
        if self._alarm_ok:
            self._old_handler = signal.signal(signal.SIGPROF, self._alarm)
        return self

    def __exit__(self, *exc) -> None:
        if self._alarm_ok:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self._old_handler)
            self._alarm_ok = False

    def _alarm(self, signum, frame) -> None:
        self._alarm_ok = False  # one shot: the program's cleanup must not be interrupted again
        self.fail(Failure.hang(f"no service call for {self.watchdog:g} s of CPU time (busy computation)"))


# -- running the program --------------------------------------------------------------------------------
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


# -- shrinking ------------------------------------------------------------------------------------------
def ddmin(items: list[str], fails: Callable[[list[str]], bool], deadline: float) -> list[str]:
    """Zeller's delta debugging: a 1-minimal failing sublist (or the best found by the deadline)."""
    n = 2
    while len(items) >= 2 and time.monotonic() < deadline:
        size = math.ceil(len(items) / n)
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        for chunk in chunks:
            if time.monotonic() >= deadline:
                return items
            if fails(chunk):
                items, n = chunk, 2
                break
        else:
            for i in range(len(chunks)):
                if time.monotonic() >= deadline:
                    return items
                rest = [t for j, c in enumerate(chunks) if j != i for t in c]
                if fails(rest):
                    items, n = rest, max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(len(items), 2 * n)
    if len(items) == 1 and time.monotonic() < deadline and fails([]):
        return []
    return items


def split_token(tok: str) -> list[str]:
    """A token's smallest parts: typed text into its characters, a command line into its keys."""
    parts: list[str] = []
    for text, quoted in keyscript._tokens_with_quotes(tok):
        parts.extend([char_token(c) for c in text] if quoted else [text])
    return parts


@dataclass
class Shrunk:
    tokens: list[str]
    files: dict[str, bytes]
    trials: int
    complete: bool  # False when the time budget ran out first


def shrink(target: Target, failure: Failure, tokens: list[str], files: dict[str, bytes],
           seconds: float = SHRINK_S) -> Shrunk:
    """The shortest token list found that reproduces ``failure`` (same signature)."""
    deadline = time.monotonic() + seconds
    cache: dict[tuple, bool] = {}
    trials = 0
    state = {"files": files}

    def fails(candidate: list[str]) -> bool:
        nonlocal trials
        key = tuple(candidate)
        if key not in cache:
            trials += 1
            got, _ = replay(target, candidate, state["files"])
            cache[key] = got is not None and got.signature == failure.signature
        return cache[key]

    if files:
        # Prefer a reproduction that needs no saved files: it is one command line to paste.
        state["files"] = {}
        if not fails(tokens):
            state["files"] = files
            cache.clear()
    if not fails(tokens):  # not reproducible on its own: report the whole run
        return Shrunk(tokens, state["files"], trials, False)
    best = ddmin(list(tokens), fails, deadline)
    finer = [part for tok in best for part in split_token(tok)]
    if finer != best and fails(finer):  # then shrink again key by key inside typed text
        best = ddmin(finer, fails, deadline)
    return Shrunk(best, state["files"], trials, time.monotonic() < deadline)


# -- the whole session ------------------------------------------------------------------------------------
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

    def as_dict(self) -> dict:
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


# -- command line ---------------------------------------------------------------------------------------
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


def _target(args) -> Target:
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


def _replay_main(args, target: Target) -> int:
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
