"""``vconsole``: start a program (or the DOS prompt), render a screen dump, or run the monkey.

Errors a person can make on the command line (an unknown program or switch,
a bad option value, a missing script file) end with one clear line and exit
status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __version__
from .adapters import ADAPTERS, MONITORS
from .disk import Drive
from . import keyscript
from .keyscript import KeyScriptError
from .machine import Machine, MachineConfig
from .program import Program, RunOptions, UnknownProgram, discover, find, run_program
from .switches import SwitchError
from .synth import MODELS

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl+C


class CliError(Exception):
    """A command-line mistake: the message is printed as one line, exit status 2."""


def _scale(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= n <= 16:
        raise argparse.ArgumentTypeError("must be a whole number from 1 to 16")
    return n


class _Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one CliError line (exit 2 from main), not usage text and SystemExit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="vconsole",
        description="An IBM PC in 80x25 text mode. With no PROGRAM, the DOS prompt starts.",
    )
    p.add_argument("program", nargs="?", help="program to run (see the list with 'vconsole --list')")
    p.add_argument("switches", nargs="*", help="DOS-style switches as the program took them, e.g. MS or /NS")
    p.add_argument("--list", action="store_true", help="list the installed programs and exit")
    p.add_argument("--version", action="store_true", help="show vconsole's version and exit")
    p.add_argument("--display", choices=sorted(ADAPTERS), default="ega", help="display adapter (default ega)")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--no-mouse", action="store_true", help="no mouse driver loaded")
    p.add_argument("--mute", action="store_true", help="silence the speaker (timing unchanged)")
    p.add_argument("--speaker", choices=MODELS, default="ideal",
                   help="speaker model: ideal square wave or a small-speaker filter")
    p.add_argument("--drive", type=Path, default=None, help="host folder used as the programs' DOS directory")
    p.add_argument("--seed", type=int, default=None, help="seed for the programs' random numbers")
    p.add_argument("--shareware", action="store_true", help="the unregistered versions' limits")
    p.add_argument("--headless", action="store_true",
                   help="no window: scripted input on a virtual clock; without --screenshot, --dump-text or"
                        " --record-audio the final screen is printed as text")
    p.add_argument("--keys", metavar="SCRIPT", help="key script (text, or @FILE to read it from a file)")
    p.add_argument("--screenshot", type=Path, metavar="FILE.png", help="PNG of the screen when the run ends")
    p.add_argument("--dump-text", type=Path, metavar="FILE", help="the 25 text rows when the run ends")
    p.add_argument("--record-audio", type=Path, metavar="FILE.wav", help="record the speaker to a WAV file")
    p.add_argument("--scale", type=_scale, default=None, metavar="N",
                   help="window: open at N times and keep to whole-number scales (default: the largest"
                        " whole scale that fits, and any size when resized or full screen); --screenshot:"
                        " the picture as a 4:3 monitor shows it, N pixels across per pixel (default:"
                        " native pixels, exactly what the card generated)")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "render":
            from .tools.render import main as render_main

            return render_main(argv[1:])
        if argv and argv[0] == "monkey":
            from .tools.monkey import main as monkey_main

            return monkey_main(argv[1:])
        if argv and argv[0] == "view":
            from .tools.view import main as view_main

            return view_main(argv[1:])
        return _run(argv)
    except CliError as e:
        print(f"vconsole: {e}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        # The program's finally blocks (its auto-save) ran as the interrupt unwound it.
        print("vconsole: interrupted (Ctrl+C)", file=sys.stderr)
        return EXIT_INTERRUPTED


def _run(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_intermixed_args(argv)
    if args.version:
        print(f"vconsole {__version__}")
        return 0
    programs = discover()
    from .program import LOAD_ERRORS

    for name, why in LOAD_ERRORS.items():
        print(f"vconsole: program {name} could not be loaded ({why})", file=sys.stderr)
    if args.list:
        for name, prog in programs.items():
            if not prog.hidden:
                print(f"{name.upper():10} {prog.summary}")
        return 0
    try:
        program: Program = find(args.program or "command")
    except UnknownProgram:
        names = ", ".join(n.upper() for n, p in programs.items() if not p.hidden)
        raise CliError(f"Bad command or file name - {args.program}. Programs here: {names}") from None
    try:
        switches = program.parse_switches(args.switches)
    except SwitchError as e:
        raise CliError(f"{program.name}: {e}") from None

    if args.drive is not None and args.drive.exists() and not args.drive.is_dir():
        raise CliError(f"--drive {args.drive}: not a directory")  # every save would fail: say so now
    from .frontends import default_drive

    drive = Drive(args.drive or default_drive())
    options = RunOptions(seed=args.seed, shareware=args.shareware)
    config = MachineConfig(adapter=args.display, monitor=args.monitor, mouse=not args.no_mouse,
                           mute=args.mute, speaker_model=args.speaker)

    machines: list[Machine] = []

    def target(machine: Machine) -> int:
        machines.append(machine)
        return run_program(machine, program, switches, drive, options)

    said: list[str] = []
    try:
        if args.headless or args.keys is not None:
            code = run_headless(args, config, target, program)
        else:
            code = run_window(args, config, target, f"vconsole - {program.name}", drive.root.parent / "captures")
    finally:
        for machine in machines:  # what the programs could not do, said where the player sees it
            said += machine.host_messages
        for line in said:
            print(f"vconsole: {line}", file=sys.stderr)
    return max(code, 1) if said else code


def run_window(args, config: MachineConfig, target, title: str, captures: Path) -> int:
    """``target(machine)`` in a window, with the options of `args` (scale, record_audio); its exit code.

    Shared with the tools that run a program-like loop (``vconsole view``).
    """
    if args.screenshot or args.dump_text:
        raise CliError("--screenshot and --dump-text go with --headless (in the window use Ctrl+F5)")
    from .frontends import window

    try:
        return window.run(target, config, scale=args.scale, record_audio=args.record_audio,
                          title=title, captures=captures)
    except window.NoDisplay:
        raise CliError("there is no display here to open a window on; "
                       "run it with --headless and --keys instead") from None


def run_headless(args, config: MachineConfig, target, program: Program | None = None) -> int:
    """``target(machine)`` on a virtual clock fed by args.keys; screenshot, text dump and audio as asked.

    Shared with the tools that run a program-like loop (``vconsole view``).
    """
    from .frontends import headless

    for option, path in (("--record-audio", args.record_audio), ("--screenshot", args.screenshot),
                         ("--dump-text", args.dump_text)):
        if path is not None and str(path) != "-" and not path.absolute().parent.is_dir():
            raise CliError(f"{option}: cannot write {path}: no such directory")  # before the run, not after
    try:
        script = keyscript.read(args.keys or "")
        outcome = headless.run(target, config, script, record_audio=args.record_audio)
    except KeyScriptError as e:
        raise CliError(str(e)) from None
    if args.screenshot:
        _screenshot(outcome.state, config, outcome.elapsed, args.scale, args.screenshot)
    text = "\n".join(line.rstrip() for line in outcome.text).rstrip("\n") + "\n"
    if not (args.screenshot or args.dump_text or args.record_audio):
        sys.stdout.write(text)  # a run that keeps nothing shows where it ended
    if args.dump_text:
        from .disk import atomic_write

        if str(args.dump_text) == "-":
            sys.stdout.write(text)
        else:
            try:
                atomic_write(args.dump_text, text.encode("utf-8"))
            except OSError as e:
                raise CliError(f"cannot write {args.dump_text}: {e.strerror or e}") from None
    if outcome.exit_code is None and program is not None and program.name == "COMMAND":
        _next_step_hint()
    return outcome.exit_code or 0


def _next_step_hint() -> None:
    """The prompt run headless stops where it waits for the next command: say how to give one."""
    visible = [p.name.lower() for p in discover().values() if not p.hidden]
    example = visible[0] if visible else "help"
    sys.stdout.flush()
    print(f"vconsole: the prompt waits for your next command; type it with --keys, e.g.  vconsole --headless "
          f"--keys '\"{example}\" Enter' --screenshot {example}.png  (HELP lists the commands)", file=sys.stderr)


def _screenshot(state, config: MachineConfig, elapsed: float, scale: int | None, path: Path) -> None:
    """The picture as the adapter showed it at the run's last moment (blink phase included)."""
    from .capture import save_png, to_display
    from .render import render_frame

    adapter = ADAPTERS[config.adapter]
    frame = render_frame(state, adapter, config.monitor, int(elapsed * adapter.refresh_hz))
    try:
        save_png(to_display(frame, adapter, scale) if scale else frame, path)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None


if __name__ == "__main__":
    raise SystemExit(main())
