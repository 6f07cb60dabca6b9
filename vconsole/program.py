"""What a program is, what it is given, and how programs are found.

A program is a ``Program`` record exported by a package and registered in the
``vconsole.programs`` entry-point group, so anyone can add one with a
``pyproject.toml`` line.  Its ``main(dos)`` receives a ``Dos``: the screen,
keyboard, mouse, speaker, clock and disk of one machine, plus its switches.
It is written like the DOS program it imitates: it blocks on those services
and simply returns when done; the runtime tidies the hardware up afterwards.
"""
from __future__ import annotations

import datetime as _dt
import importlib
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import keyscript
from . import switches as switch_parser
from .clock import Clock
from .disk import Drive
from .entrypoints import ProgramEntryPoint, entry_points
from .errors import guard
from .keyboard import READS as KEYBOARD_READS
from .keyboard import Key, Keyboard
from .machine import Machine
from .mouse import MouseDriver, MouseEvent
from .records import record
from .speaker import Speaker
from .video import TextScreen

if TYPE_CHECKING:
    import random

GROUP = "vconsole.programs"


class Entry:
    """A program's ``main``, named as ``"package.module:function"`` and imported on its first call.

    Listing the programs (DIR, HELP, ``--list``, the prompt's start) reads only each package's
    small ``Program`` record; a game's code, and the computer player behind it, is imported
    when the game runs.  That keeps the prompt's start-up from paying for every game.
    """

    def __init__(self, target: str) -> None:
        module, sep, attr = target.partition(":")
        if not sep or not module or not attr:
            raise ValueError(f"an entry is 'package.module:function', not {target!r}")
        self.target = target
        self._function: Callable[[Dos], int | None] | None = None

    def resolve(self) -> Callable[[Dos], int | None]:
        """The function itself (imported now if it was not yet)."""
        if self._function is None:
            module, _, attr = self.target.partition(":")
            self._function = getattr(importlib.import_module(module), attr)
        return self._function

    def __call__(self, dos: Dos) -> int | None:
        return self.resolve()(dos)

    def __repr__(self) -> str:
        return f"Entry({self.target!r})"


@record
class Program:
    """A runnable program: its DOS name, entry function and the switches it takes.

    ``keyboard`` picks the INT 16h read behind ``dos.keyboard.read()``, ``get()``,
    ``peek()`` and ``dos.input()``: "enhanced" (AH=10h/11h, the default: every
    key of the 101-key keyboard, F11, F12, Ctrl+Up ... included) or "standard"
    (AH=00h/01h, for a program imitating a 1980s original written for the
    83-key keyboard: the 101-key-only keys never arrive, they are thrown away
    from the buffer as that original saw them).  Key names ("Up", "Gray+",
    "F7") read the same with either.

    ``tour`` and ``attract`` are key scripts (the ``--keys`` language) for the
    gallery and for animated captures: ``tour`` shows the program at its best
    in a few seconds of machine time (``vconsole gallery`` photographs the
    screen it leaves; without one, the first screen after one Enter), and
    ``attract`` starts its demo or computer-against-computer play and then lets
    it run (``vconsole attract NAME OUT.gif``); empty when it has none.
    """

    name: str  # the DOS name typed at the prompt, e.g. "MILL"
    main: Callable[[Dos], int | None]
    switches: tuple[str, ...] = ()  # single letters/symbols and slash words, e.g. ("S", "M", "/NS")
    title: str = ""
    summary: str = ""  # one line for DIR and HELP
    hidden: bool = False  # not listed by DIR (e.g. the shell itself)
    exe_size: int = 0  # bytes DIR shows for NAME.EXE (0: the prompt makes up a plausible size)
    exe_date: str = ""  # "YYYY-MM-DD HH:MM" DIR shows for NAME.EXE ("": a plausible date of the time)
    keyboard: str = "enhanced"  # the INT 16h read: "enhanced" (AH=10h) or "standard" (AH=00h)
    tour: str = ""  # key script: the program at its best in a few seconds (the gallery's picture)
    attract: str = ""  # key script that starts its demo / computer-against-computer play
    saves: bool = True  # keeps games or scores on the drive: warned before play when it cannot be written

    def __post_init__(self) -> None:
        if self.keyboard not in KEYBOARD_READS:
            raise ValueError(f"Program {self.name!r}: keyboard must be one of {', '.join(KEYBOARD_READS)},"
                             f" not {self.keyboard!r}")
        for what in ("tour", "attract"):
            try:
                keyscript.parse(getattr(self, what))
            except keyscript.KeyScriptError as e:
                raise ValueError(f"Program {self.name!r}: {what}: {e}") from None

    def parse_switches(self, words: list[str]) -> frozenset[str]:
        return switch_parser.parse(words, self.switches)


@record
class RunOptions:
    """Runtime choices from the command line that a program may look at."""

    seed: int | None = None
    shareware: bool = False


class UnknownProgram(LookupError):
    pass


#: programs whose entry point failed to load, with the reason (the CLI prints them at start)
LOAD_ERRORS: dict[str, str] = {}


_scanned: tuple[object, tuple[ProgramEntryPoint, ...]] | None = None


def _registered() -> tuple[ProgramEntryPoint, ...]:
    """The group's entry points, read once a process: reading them walks every installed
    distribution's metadata, and the prompt asks for the list at every command."""
    global _scanned
    if _scanned is None or _scanned[0] is not entry_points:  # a test may stand in another reader
        _scanned = (entry_points, tuple(entry_points(group=GROUP)))
    return _scanned[1]


def discover() -> dict[str, Program]:
    """All installed programs by lower-case name.

    One broken third-party program must not take the prompt down with it, so a
    failing entry point is left out and its reason kept in LOAD_ERRORS.
    """
    found: dict[str, Program] = {}
    LOAD_ERRORS.clear()
    for ep in _registered():
        try:
            prog = ep.load()
        except Exception as e:  # reported, not hidden: see LOAD_ERRORS
            LOAD_ERRORS[ep.name.lower()] = f"{type(e).__name__}: {e}"
            continue
        if not isinstance(prog, Program):
            LOAD_ERRORS[ep.name.lower()] = "entry point does not name a vconsole.program.Program"
            continue
        if prog.name.lower() != ep.name.lower():
            # The prompt runs a program by its entry-point name and DIR shows its DOS name:
            # two names for one program would make one of them a lie.
            LOAD_ERRORS[ep.name.lower()] = (f"entry point {ep.name!r} names a program called "
                                            f"{prog.name!r}; the two must be the same")
            continue
        found[ep.name.lower()] = prog
    return dict(sorted(found.items()))


def find(name: str) -> Program:
    """The program a typed name means: DOS ran MILL, mill.exe and Mill.COM alike."""
    progs = discover()
    key = name.lower()
    stem, dot, ext = key.rpartition(".")
    if key not in progs and dot and ext in ("exe", "com", "bat"):
        key = stem
    if key not in progs:
        raise UnknownProgram(name)
    return progs[key]


class Dos:
    """The services one running program gets; see DESIGN.md for the hardware behind each.

    The contract a program is written against (docs/ARCHITECTURE.md):

    * time is in **seconds** everywhere (floats): ``now()``, ``wait(seconds)``,
      ``input(timeout=seconds)``; ``ticks()`` is the BIOS tick count, a hardware counter;
    * screen positions are **(row, col)**, 0-based, as the BIOS takes them (DH, DL);
    * asking whether a mouse driver is loaded (``mouse_installed``) changes nothing; a
      program that wants the driver reset calls ``mouse.reset()`` (INT 33h function 0);
    * a program may declare what must hold whatever is typed with ``declare_invariant``:
      testing tools (the monkey) call ``check_invariants()`` after each input;
    * something the player would otherwise lose silently (a game that could not be saved)
      is said with ``warn_at_exit``: the front end prints it on the terminal when the run
      ends, and the program's errorlevel is at least 1.
    """

    def __init__(self, machine: Machine, program: Program, switches: frozenset[str] = frozenset(),
                 drive: Drive | None = None, options: RunOptions = RunOptions()) -> None:
        self.machine: Machine = machine
        self.program: Program = program
        self.switches: frozenset[str] = switches
        self.options: RunOptions = options
        self.screen: TextScreen = machine.screen
        self.keyboard: Keyboard = machine.keyboard
        self.mouse: MouseDriver = machine.mouse
        self.speaker: Speaker = machine.speaker
        self.clock: Clock = machine.clock
        self.drive: Drive = drive or Drive(os.getcwd())
        self.drive.dos_time = lambda: machine.start_time + machine.clock.now()  # files get the DOS date
        self._rng: random.Random | None = None
        self._sound_on = True
        self._invariants: list[Callable[[], None]] = []
        self.warnings: list[str] = []

    @property
    def rng(self) -> random.Random:
        """The run's random numbers, seeded with ``options.seed`` (None: by the system), made when first
        asked for: the random module is imported then, not by every start (the prompt never asks)."""
        if self._rng is None:
            import random

            self._rng = random.Random(self.options.seed)
        return self._rng

    # -- facts about the machine ------------------------------------------------------
    @property
    def adapter(self) -> str:
        return self.machine.adapter.name

    @property
    def mono_display(self) -> bool:
        """True on an MDA or Hercules card, the thing a program checked to choose its colours."""
        return self.machine.adapter.mono

    @property
    def mouse_installed(self) -> bool:
        """Whether a mouse driver is loaded; unlike INT 33h function 0 it resets nothing."""
        return self.mouse.installed

    # -- time (seconds) -------------------------------------------------------------------
    def ticks(self) -> int:
        """BIOS ticks since start (18.2065 a second), as INT 1Ah AH=00h counts them."""
        return self.clock.ticks()

    def now(self) -> float:
        """Machine time in seconds."""
        return self.clock.now()

    def datetime(self) -> _dt.datetime:
        """The DOS date and time (INT 21h AH=2Ah/2Ch): the switch-on time plus machine time.

        Taken from the machine, not read from the host each time, so that a replayed run
        (which keeps the switch-on time) shows the same dates, e.g. in a high-score table.
        """
        return _dt.datetime.fromtimestamp(self.machine.start_time + self.clock.now())

    def wait(self, seconds: float) -> None:
        """Pause for ``seconds`` of machine time (keys typed meanwhile wait in the buffer)."""
        self.machine.delay(seconds)

    def yield_now(self) -> None:
        """Give the machine one service call that lets no machine time pass.

        A long computation (a computer player's search) calls this between slices so that the
        front end keeps drawing and a closed window or a stop request is noticed at once.
        """
        self.machine.idle(self.clock.now(), wake_on_input=False)

    @property
    def stopping(self) -> bool:
        """True once the run is ending (window closed, Ctrl+C, SIGTERM): save, do not ask."""
        return self.machine.stopping

    # -- input ----------------------------------------------------------------------------
    def input(self, timeout: float | None = None) -> Key | MouseEvent | None:
        """Wait for the next key or mouse button event, or None when ``timeout`` seconds pass.

        This is the loop every game of the time wrote by hand around INT 16h
        AH=01h and INT 33h AX=0005h.
        """
        deadline = None if timeout is None else self.clock.now() + timeout
        while True:
            key = self.keyboard.get()
            if key is not None:
                return key
            ev = self.mouse.next_event()
            if ev is not None:
                return ev
            if deadline is not None and self.clock.now() >= deadline:
                return None
            self.machine.idle(deadline, wake_on_input=True)

    # -- sound ------------------------------------------------------------------------------
    @property
    def sound_on(self) -> bool:
        """The program's own sound switch; the --mute option silences regardless."""
        return self._sound_on

    @sound_on.setter
    def sound_on(self, on: bool) -> None:
        self._sound_on = bool(on)
        self.speaker.muted = self.machine.config.mute or not self._sound_on

    # -- what testing tools and the front end read -------------------------------------------
    def declare_invariant(self, check: Callable[[], None]) -> None:
        """Register ``check()``: it raises (AssertionError) when the program's state is broken."""
        self._invariants.append(check)

    def check_invariants(self) -> None:
        """Run every declared check (the monkey calls this after each input it typed)."""
        for check in self._invariants:
            check()

    def warn_at_exit(self, message: str) -> None:
        """Say ``message`` on the host terminal when the run ends (one line); errorlevel >= 1."""
        self.warnings.append(message)
        self.machine.host_messages.append(f"{self.program.name}: {message}")

    def run(self, program: Program, words: Sequence[str] = ()) -> int:
        """Run another program on this machine (the shell's EXEC); SwitchError propagates."""
        switches = program.parse_switches(list(words))
        return run_program(self.machine, program, switches, self.drive, self.options)


def run_program(machine: Machine, program: Program, switches: frozenset[str], drive: Drive,
                options: RunOptions = RunOptions()) -> int:
    """Run main(dos) to its end and tidy up; returns the DOS errorlevel."""
    previous, previous_read = machine.program_name, machine.keyboard.read_mode
    machine.program_name = program.name
    machine.keyboard.read_mode = program.keyboard  # the INT 16h read it asked for; the caller's comes back after
    dos = Dos(machine, program, switches, drive, options)
    try:
        if program.saves:
            warn_unsaveable(dos)
        code = guard(dos, program, program.main)
    finally:
        machine.program_name = previous
        machine.keyboard.read_mode = previous_read
        release = getattr(drive, "release_claims", None)
        if release is not None:
            release()  # its NAME.TMP is free for the next run
        if not machine.stopping:
            machine.tidy()
    code = int(code or 0)
    return max(code, 1) if dos.warnings else code


UNSAVEABLE_S = 3.0  # how long the warning stays on the screen before the program starts


def warn_unsaveable(dos: Dos) -> str | None:
    """Before play, say so when the drive cannot be written: a player must not find out at the end
    of a long game that it was never going to be kept.  The program then runs as usual (its own
    saves still report their failures).  Returns the problem shown, or None."""
    problem = dos.drive.write_problem()
    if problem is None:
        return None
    screen = dos.screen
    screen.clear(0x07)
    screen.write(1, 0, f"GAMES WILL NOT BE SAVED: {problem}"[:80], 0x0F)
    screen.write(3, 0, "The game runs, but what it keeps (games in progress, scores) will be lost.")
    screen.write(4, 0, "Start it with a drive that can be written (--drive FOLDER) to keep your games.")
    screen.set_cursor(6, 0)
    dos.wait(UNSAVEABLE_S)
    return problem
