"""``vconsole``: start a program (or the DOS prompt); ``vconsole render|view|monkey|replay|gallery|attract``.

Errors a person can make on the command line (an unknown program or switch,
a bad option value, a missing script file) end with one clear line and exit
status 2, never a traceback.

This module reads the command and starts the run; what the tools share with it lives below it, in
``vconsole.tools.options`` (option types and checks), ``vconsole.tools.command`` (the run's parser,
the settings) and ``vconsole.tools.runs`` (the front ends and the outputs), so no tool imports the CLI.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from . import __version__
from .tools import runs
from .tools.command import parse_with_settings
from .tools.command import run_parser as _parser
from .tools.options import EXIT_USAGE, SCREENSHOT_IN_WINDOW, CliError, check_drive, check_outputs, video_format

# Only names here: the machine, numpy and the programs are imported when a run needs them, so
# `vconsole --help` and `--version` answer at once (tests/test_settings.py checks it).
if TYPE_CHECKING:
    from .disk import Drive
    from .machine import Machine, MachineConfig
    from .program import Program, RunOptions
    from .tools.journal import JournalRecorder

__all__ = ["EXIT_INTERRUPTED", "EXIT_USAGE", "CliError", "main"]

#: names this module once imported at its top, now imported on first use (``cli.find`` still works)
_LAZY = {"Drive": ".disk", "keyscript": ".keyscript", "KeyScriptError": ".keyscript", "Machine": ".machine",
         "MachineConfig": ".machine", "Program": ".program", "RunOptions": ".program",
         "UnknownProgram": ".program", "discover": ".program", "find": ".program", "run_program": ".program",
         "SwitchError": ".switches", "ADAPTERS": ".adapters"}


def __getattr__(name: str) -> Any:  # a lazily imported module or name: anything
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module = importlib.import_module(_LAZY[name], __package__)
    return module if name == "keyscript" else getattr(module, name)


def _lazy() -> Any:
    """This module, so that ``_lazy().find`` is the (possibly test-replaced) name, imported when first used."""
    return sys.modules[__name__]


EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl+C


def _help(argv: list[str]) -> int:
    """``vconsole help [keys|settings]``: the reference an installed user has without the repository."""
    from . import helptext

    if not argv:
        _parser().print_help()
        return 0
    text = helptext.topic(argv[0].lower())
    if text is None or len(argv) > 1:
        raise CliError(f"help: no help on {' '.join(argv)!r}; try: vconsole help keys, vconsole help settings")
    sys.stdout.write(text)
    return 0


def _config(argv: list[str]) -> int:
    """``vconsole config [OPTIONS] [PROGRAM]``: the settings in force and where each came from."""
    from . import settings

    parser = _parser()
    parser.prog = "vconsole config"
    parser.description = ("The settings in force, as vconsole.toml would hold them, each with where it came from:"
                          " default, file, environment (VCONSOLE_...) or command line. Options given here"
                          " show how they override the rest. docs/SETTINGS.md lists the keys.")
    parser.epilog = None
    args, resolved = parse_with_settings(parser, argv)
    sys.stdout.write(settings.report(args, resolved))
    return 0


#: options that write a file, and the name the file gets when it is "-" (standard output): the file is
#: written beside us and copied to standard output when the command ends (--dump-text - prints itself)
STDOUT_OUTPUTS = {"--screenshot": "stdout.png", "--record-audio": "stdout.wav", "--record-video": "stdout.gif",
                  "--record": "stdout.jsonl", "--png": "stdout.png", "--gif": "stdout.gif"}


def _spool_stdout(argv: list[str], folder: str) -> tuple[list[str], str | None]:
    """``argv`` with an output option's "-" replaced by a file in ``folder`` to copy to standard output
    afterwards, and that file. More than one output to standard output is a CliError."""
    out: list[str] = []
    spooled: str | None = None
    stdout_users = []
    i = 0
    while i < len(argv):
        word = argv[i]
        name, eq, value = word.partition("=")
        if word == "--":
            out += argv[i:]
            break
        if name in STDOUT_OUTPUTS or name == "--dump-text":
            if not eq and i + 1 < len(argv):
                value = argv[i + 1]
            if value == "-":
                stdout_users.append(name)
                if name != "--dump-text":
                    spooled = value = os.path.join(folder, STDOUT_OUTPUTS[name])
                out.append(f"{name}={value}")
                i += 1 if eq else 2
                continue
        if word == "-" and argv and argv[0] in ("gallery", "attract"):  # their outputs are positional
            what, name = ("a folder of pictures", "folder") if argv[0] == "gallery" else ("the capture", "file")
            raise CliError(f"{argv[0]}: - (standard output) cannot take {what}: name a {name}")
        out.append(word)
        i += 1
    if len(stdout_users) > 1:
        raise CliError(f"{' and '.join(stdout_users)}: only one output can go to standard output (-)")
    return out, spooled


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(w == "-" or w.endswith("=-") for w in argv):
        return _main(argv)
    import tempfile  # only for "-" (standard output): tempfile brings shutil, random and the compressors

    with tempfile.TemporaryDirectory(prefix="vconsole-stdout.") as folder:
        try:
            argv, spooled = _spool_stdout(argv, folder)
        except CliError as e:
            print(f"vconsole: {e}", file=sys.stderr)
            return EXIT_USAGE
        runs.stdout_taken = spooled is not None
        try:
            return _main(argv)
        finally:
            runs.stdout_taken = False
            if spooled is not None and os.path.isfile(spooled):
                import shutil

                try:
                    sys.stdout.flush()
                    with open(spooled, "rb") as f:
                        shutil.copyfileobj(f, sys.stdout.buffer)
                    sys.stdout.buffer.flush()
                except BrokenPipeError:  # the reader stopped early (| head): nothing more to say to it
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _main(argv: list[str]) -> int:
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
        if argv and argv[0] == "replay":
            from .tools.replay_cli import main as replay_main

            return replay_main(argv[1:])
        if argv and argv[0] == "config":
            return _config(argv[1:])
        if argv and argv[0] == "help":
            return _help(argv[1:])
        if argv and argv[0] == "run":  # vconsole run FILE.py (or a program's name): the same as without "run"
            argv = argv[1:]
        if argv and argv[0] == "export-html":
            from .tools.export_cli import main as export_main

            return export_main(argv[1:])
        if argv and argv[0] in ("gallery", "attract"):
            from .tools import gallery

            return (gallery.main if argv[0] == "gallery" else gallery.attract_main)(argv[1:])
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
    args, resolved = parse_with_settings(parser, argv)
    if args.version:
        print(f"vconsole {__version__}")
        return 0
    m = _lazy()
    keyscript, Drive, KeyScriptError, MachineConfig = m.keyscript, m.Drive, m.KeyScriptError, m.MachineConfig
    RunOptions, UnknownProgram, discover, find, run_program = (m.RunOptions, m.UnknownProgram, m.discover, m.find,
                                                               m.run_program)
    SwitchError = m.SwitchError
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
        program: Program = (_program_file(args.program) if _is_program_file(args.program)
                            else find(args.program or "command"))
    except UnknownProgram:
        names = ", ".join(n.upper() for n, p in programs.items() if not p.hidden)
        raise CliError(f"Bad command or file name - {args.program}. Programs here: {names}") from None
    from_file = None if args.switches else resolved.switches_for(program.name)
    if from_file is not None:  # the program's default switches from the settings file
        args.switches = from_file[0].split()
    try:
        switches = program.parse_switches(args.switches)
    except SwitchError as e:
        if from_file is not None:
            raise CliError(f"{resolved.file.path}: line {from_file[1]}: switches.{program.name.lower()}: {e}") from None
        raise CliError(f"{program.name}: {e}") from None

    if args.drive is not None:
        check_drive(args.drive)
    from .frontends import default_drive

    drive = Drive(args.drive or default_drive())
    options = RunOptions(seed=args.seed, shareware=args.shareware)
    config = MachineConfig(adapter=args.display, monitor=args.monitor, mouse=not args.no_mouse,
                           mute=args.mute, speaker_model=args.speaker, volume=args.volume)

    headless = args.headless or args.keys is not None
    terminal = _terminal_wanted(args, headless)
    # Everything on the command line is checked before anything is written (a --record file is
    # only replaced by the journal of a run that started).
    if not headless and (args.screenshot or args.dump_text):
        raise CliError(SCREENSHOT_IN_WINDOW)
    check_outputs(args, "record", "record_video", "record_audio", "screenshot", "dump_text", "record_html")
    if headless and args.scale is not None and not (args.screenshot or args.record_video):
        print("vconsole: --scale does nothing here: it sizes the window, --screenshot and --record-video",
              file=sys.stderr)
    if args.record_video is not None:
        if video_format(args.record_video) == "gif" and args.crt:
            raise CliError(f"--record-video {args.record_video}: with --crt the capture is an APNG (.png);"
                           " a GIF holds only 256 colours")
    script = None
    if headless:
        try:
            script = keyscript.parse(keyscript.read(args.keys or ""))
        except KeyScriptError as e:
            raise CliError(str(e)) from None
    journal = None
    if args.record is not None:
        journal, config, options = _journal(args, program, config, options, drive, headless)

    machines: list[Machine] = []
    signalled: list[bool] = []

    def target(machine: Machine) -> int:
        machines.append(machine)
        if signalled:
            machine.request_stop()
        code: int = run_program(machine, program, switches, drive, options)
        return code

    def stop() -> None:  # SIGTERM, SIGHUP: as closing the window (frontends.signals)
        signalled.append(True)
        for machine in machines:
            machine.request_stop()

    from .frontends.signals import handling

    said: list[str] = []
    code = 0
    try:
        with handling(stop if headless else None) as caught:
            if headless:
                code = runs.run_headless(args, config, target, program, script, journal)
            elif terminal:  # the terminal front end answers SIGTERM and SIGHUP itself, the same way
                code = runs.run_terminal(args, config, target, journal)
            else:
                code = runs.run_window(args, config, target, f"vconsole - {program.name}",
                                  drive.root.parent / "captures", journal)
    finally:
        if journal is not None:
            journal.close()  # into place when the run started; a run that never started leaves the old file
        for machine in machines:  # what the programs could not do, said where the player sees it
            said += machine.host_messages
        for line in said:
            print(f"vconsole: {line}", file=sys.stderr)
    if journal is not None and journal.failed:  # it said "recording stopped" when it happened
        code = max(code, 1)
    if caught.signum is not None:
        print(f"vconsole: {caught.line}", file=sys.stderr)
        return caught.status
    return max(code, 1) if said else code


def _terminal_wanted(args: argparse.Namespace, headless: bool) -> bool:
    """--terminal, or no display to open a window on and a terminal to play in (frontends.terminal)."""
    if args.terminal:
        if headless:
            raise CliError("--terminal plays interactively; --headless and --keys run without it: choose one")
        if getattr(args, "record_video", None) is not None or args.scale is not None:
            raise CliError("--record-video and --scale go with the window or --headless, not --terminal")
        return True
    if headless or getattr(args, "record_video", None) is not None or args.scale is not None:
        return False
    from .frontends.terminal import can_autoselect

    return can_autoselect()


def _is_program_file(name: str | None) -> bool:
    return name is not None and (name.lower().endswith(".py") or os.sep in name or "/" in name)


def _program_file(name: str) -> Program:
    """The Program a Python file defines (its PROGRAM, or its only Program), loaded from the file."""
    import importlib.util
    from pathlib import Path  # a program file (vconsole run FILE.py): other runs start without pathlib

    from .program import Program

    path = Path(name)
    if not path.is_file():
        raise CliError(f"{name}: no such program file")
    spec = importlib.util.spec_from_file_location(f"vconsole_file_{abs(hash(str(path.resolve())))}", path)
    if spec is None or spec.loader is None:
        raise CliError(f"{name}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.resolve().parent))  # its own helper modules beside it
    try:
        spec.loader.exec_module(module)
    except SystemExit:
        raise CliError(f"{name}: the file exits when loaded (does it call run() itself?)") from None
    except SyntaxError as e:
        raise CliError(f"{name}: line {e.lineno}: {e.msg}") from None
    except Exception as e:  # noqa: BLE001 - anything its code raises is a mistake in that file: one line
        import traceback

        mine = [f for f in traceback.extract_tb(e.__traceback__) if Path(f.filename) == path.resolve()]
        line = f"line {mine[-1].lineno}: " if mine else ""
        raise CliError(f"{name}: {line}cannot load it: {type(e).__name__}: {e}") from None
    finally:
        sys.path.remove(str(path.resolve().parent))
    found = getattr(module, "PROGRAM", None)
    if not isinstance(found, Program):
        programs = [v for v in vars(module).values() if isinstance(v, Program)]
        if len(programs) != 1:
            raise CliError(f"{name}: defines {'no' if not programs else len(programs)} Program objects;"
                           " name the one to run PROGRAM")
        found = programs[0]
    return found


def _journal(args: argparse.Namespace, program: Program, config: MachineConfig, options: RunOptions, drive: Drive,
             headless: bool) -> tuple[JournalRecorder, MachineConfig, RunOptions]:
    """A journal recorder for the run, with the seed and the switch-on date fixed so a replay sees them."""
    from .tools import journal as jn

    config, options = jn.fixed(config, options)
    header, notes = jn.new_header(program.name, list(args.switches), config, options, drive,
                                  jn.MACHINE_CLOCK if headless else jn.REAL_CLOCK)
    for note in notes:
        print(f"vconsole: --record: {note}", file=sys.stderr)
    try:
        recorder = jn.JournalRecorder(args.record, header)
    except OSError as e:
        raise CliError(f"--record: cannot write {args.record}: {e.strerror or e}") from None
    return recorder, config, options


if __name__ == "__main__":
    raise SystemExit(main())
