"""``vconsole``: start a program (or the DOS prompt); ``vconsole render|view|monkey|replay|gallery|attract``.

Errors a person can make on the command line (an unknown program or switch,
a bad option value, a missing script file) end with one clear line and exit
status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .names import ADAPTER_NAMES, DEFAULT_DISPLAY, MONITORS
from .names import SPEAKER_MODELS as MODELS

# Only names here: the machine, numpy and the programs are imported when a run needs them, so
# `vconsole --help` and `--version` answer at once (tests/test_settings.py checks it).
if TYPE_CHECKING:
    from .disk import Drive
    from .machine import Machine, MachineConfig
    from .program import Program, RunOptions

#: names this module once imported at its top, now imported on first use (``cli.find`` still works)
_LAZY = {"Drive": ".disk", "keyscript": ".keyscript", "KeyScriptError": ".keyscript", "Machine": ".machine",
         "MachineConfig": ".machine", "Program": ".program", "RunOptions": ".program",
         "UnknownProgram": ".program", "discover": ".program", "find": ".program", "run_program": ".program",
         "SwitchError": ".switches", "ADAPTERS": ".adapters"}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module = importlib.import_module(_LAZY[name], __package__)
    return module if name == "keyscript" else getattr(module, name)


def _lazy():
    """This module, so that ``_lazy().find`` is the (possibly test-replaced) name, imported when first used."""
    return sys.modules[__name__]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl+C


EPILOG = """\
other commands (each has its own --help):
  vconsole render FILE --display D --png OUT.png  DOS art or a screen dump as a picture
  vconsole view FILE|FOLDER ...                   show DOS art files (.ANS .BIN .XB)
  vconsole monkey PROGRAM                         random input; report what fails
  vconsole replay JOURNAL                         play back a journal made with --record
  vconsole export-html JOURNAL -o RUN.html        a journal as a web page that plays it back
  vconsole gallery DIR                            every program on every display, as HTML
  vconsole attract PROGRAM OUT.gif                record a program's attract mode
  vconsole config [OPTIONS]                       the settings in force (vconsole.toml) and their sources
  vconsole run FILE.py [SWITCHES] [OPTIONS]       run the Program a Python file defines
  vconsole help keys|settings                     the key-script language; the settings file

key scripts (--keys): tokens separated by spaces, e.g. --keys '"dir" Enter wait:500'
  a character types it; "text" types each one; key names Enter Esc F1 Up Ctrl+Q ...;
  wait:MS move:COL,ROW click:COL,ROW rclick:COL,ROW wheel:N; --keys @FILE reads a file,
  --keys @- standard input. The whole syntax: vconsole help keys.
outputs: - names standard output (--screenshot - | display, --dump-text -), one output at a time.
settings: vconsole.toml in your config folder, VCONSOLE_* variables; see vconsole help settings.
"""
SCREENSHOT_IN_WINDOW = "--screenshot and --dump-text go with --headless (in the window use Ctrl+F5)"


class CliError(Exception):
    """A command-line mistake: the message is printed as one line, exit status 2."""


def _rate(text: str) -> float:
    try:
        hz = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < hz <= 1000:
        raise argparse.ArgumentTypeError("must be a number of frames a second above 0")
    return hz


def _scale(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= n <= 16:
        raise argparse.ArgumentTypeError("must be a whole number from 1 to 16")
    return n


MAX_SECONDS = 24 * 3600.0  # a run's length in machine seconds: a day is already far more than a capture needs


def _seconds(text: str) -> float:
    """A length in seconds: a finite number above 0, at most a day (not nan, inf or -5)."""
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < s <= MAX_SECONDS:  # nan fails this too
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_SECONDS:.0f}")
    return s


class _Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one CliError line (exit 2 from main), not usage text and SystemExit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="vconsole",
        description="An IBM PC in 80x25 text mode. With no PROGRAM, the DOS prompt starts.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("program", nargs="?", help="program to run (see the list with 'vconsole --list')")
    p.add_argument("switches", nargs="*", help="DOS-style switches as the program took them, e.g. MS or /NS")
    p.add_argument("--list", action="store_true", help="list the installed programs and exit")
    p.add_argument("--display", choices=ADAPTER_NAMES, default=DEFAULT_DISPLAY,
                   help=f"display adapter (default {DEFAULT_DISPLAY})")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--no-mouse", action="store_true", help="no mouse driver loaded")
    p.add_argument("--mute", action="store_true", help="silence the speaker (timing unchanged)")
    p.add_argument("--speaker", choices=MODELS, default="ideal",
                   help="speaker model: ideal square wave or a small-speaker filter")
    p.add_argument("--drive", type=Path, default=None, help="host folder used as the programs' DOS directory")
    p.add_argument("--seed", type=int, default=None, help="seed for the programs' random numbers")
    p.add_argument("--shareware", action="store_true", help="the unregistered versions' limits")
    p.add_argument("--version", action="store_true", help="show vconsole's version and exit")
    p.add_argument("--headless", action="store_true",
                   help="no window: scripted input on a virtual clock; without --screenshot, --dump-text,"
                        " --record-audio or --record-video the final screen is printed as text")
    p.add_argument("--keys", metavar="SCRIPT", help="key script (text, or @FILE to read it from a file)")
    p.add_argument("--screenshot", type=Path, metavar="FILE.png", help="PNG of the screen when the run ends")
    p.add_argument("--dump-text", type=Path, metavar="FILE",
                   help="the 25 text rows when the run ends (- for standard output)")
    p.add_argument("--record-audio", type=Path, metavar="FILE.wav", help="record the speaker to a WAV file")
    p.add_argument("--scale", type=_scale, default=None, metavar="N",
                   help="window: open at N times and keep to whole-number scales (default: the largest"
                        " whole scale that fits, and any size when resized or full screen); --screenshot and"
                        " --record-video: the picture as a 4:3 monitor shows it, N pixels across per pixel"
                        " (default: native pixels, exactly what the card generated)")
    p.add_argument("--record", type=Path, metavar="FILE", help="write a journal of the run (vconsole replay FILE)")
    p.add_argument("--terminal", action="store_true",
                   help="play in this terminal instead of a window (chosen by itself when there is no display"
                        " and the terminal is standard input and output); see docs/TERMINAL.md")
    add_video_options(p)
    p.add_argument("--volume", type=_volume, default=100, metavar="0-100",
                   help="speaker volume in percent (default 100; 0 is silent and keeps the timing)")
    p.add_argument("--config", type=Path, metavar="FILE",
                   help="read the settings from FILE instead of vconsole.toml in your config folder"
                        " ('vconsole config' shows them)")
    add_window_options(p)
    return p


def _volume(text: str) -> int:
    """A speaker volume in percent, a whole number from 0 (silent, timing kept) to 100 (the default)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= n <= 100:
        raise argparse.ArgumentTypeError("must be a whole number from 0 to 100")
    return n


def parse_with_settings(parser: argparse.ArgumentParser, argv: list[str], *, intermixed: bool = True):
    """``parser``'s arguments over the settings (vconsole.toml, VCONSOLE_*): (args, where each came from).

    A bad settings file or variable is a CliError (one line, exit 2)."""
    from . import settings

    try:
        return settings.parse(parser, argv, reference=_parser(), intermixed=intermixed)
    except settings.SettingError as e:
        raise CliError(str(e)) from None


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


def add_window_options(p: argparse.ArgumentParser) -> None:
    """The window's look and feel (docs/WINDOW.md); --crt also applies to --screenshot."""
    from .names import KEYBOARD_LAYOUTS as LAYOUT_NAMES  # not frontends.layouts: a headless run needs no tables

    p.add_argument("--crt", action="store_true",
                   help="the look of a period monitor: scanlines, shadow mask, glow, phosphor afterglow"
                        " (window, --screenshot, --record-video FILE.png; default: the exact picture)")
    p.add_argument("--fullscreen", action="store_true", help="open the window full screen (Alt+Enter switches)")
    p.add_argument("--keyboard", choices=LAYOUT_NAMES, default=None, metavar="LAYOUT",
                   help=f"keyboard layout as DOS KEYB gave it: {', '.join(LAYOUT_NAMES)} (default: the host's)")


def add_video_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--record-video", type=Path, metavar="FILE.gif|FILE.png",
                   help="an animated capture of the run (GIF, or APNG for .png)")
    p.add_argument("--video-rate", type=_rate, default=None, metavar="HZ",
                   help="frames a second of the capture (default: the adapter's refresh rate; a GIF at most 50)")
    p.add_argument("--record-html", type=Path, metavar="FILE.html",
                   help="the run as one web page that plays it back, pixel-exact with its sound (docs/PLAYER.md)")


#: options that write a file, and the name the file gets when it is "-" (standard output): the file is
#: written beside us and copied to standard output when the command ends (--dump-text - prints itself)
STDOUT_OUTPUTS = {"--screenshot": "stdout.png", "--record-audio": "stdout.wav", "--record-video": "stdout.gif",
                  "--record": "stdout.jsonl", "--png": "stdout.png", "--gif": "stdout.gif"}


def _spool_stdout(argv: list[str], folder: Path) -> tuple[list[str], Path | None]:
    """``argv`` with an output option's "-" replaced by a file in ``folder`` to copy to standard output
    afterwards, and that file. More than one output to standard output is a CliError."""
    out: list[str] = []
    spooled: Path | None = None
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
                    spooled = folder / STDOUT_OUTPUTS[name]
                    value = str(spooled)
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
    with tempfile.TemporaryDirectory(prefix="vconsole-stdout.") as folder:
        try:
            argv, spooled = _spool_stdout(argv, Path(folder))
        except CliError as e:
            print(f"vconsole: {e}", file=sys.stderr)
            return EXIT_USAGE
        global _stdout_taken
        _stdout_taken = spooled is not None
        try:
            return _main(argv)
        finally:
            _stdout_taken = False
            if spooled is not None and spooled.is_file():
                import shutil

                try:
                    sys.stdout.flush()
                    with open(spooled, "rb") as f:
                        shutil.copyfileobj(f, sys.stdout.buffer)
                    sys.stdout.buffer.flush()
                except BrokenPipeError:  # the reader stopped early (| head): nothing more to say to it
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


#: a file output goes to standard output this run: the final screen is not printed there as well
_stdout_taken = False


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
        _check_drive(args.drive)
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
        if _video_format(args.record_video) == "gif" and args.crt:
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
        return run_program(machine, program, switches, drive, options)

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
                code = run_headless(args, config, target, program, script, journal)
            elif terminal:  # the terminal front end answers SIGTERM and SIGHUP itself, the same way
                code = run_terminal(args, config, target, journal)
            else:
                code = run_window(args, config, target, f"vconsole - {program.name}",
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


def _terminal_wanted(args, headless: bool) -> bool:
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


def run_terminal(args, config: MachineConfig, target, journal=None) -> int:
    """``target(machine)`` in the terminal this was started from (frontends.terminal); its exit code."""
    from .frontends import terminal

    lost: list[str] = []
    try:
        code = terminal.run(target, config, journal=journal, record_audio=args.record_audio, lost=lost)
    except terminal.NoTerminal as e:
        raise CliError(f"--terminal: {e}") from None
    return max(code, 1) if lost else code


def _is_program_file(name: str | None) -> bool:
    return name is not None and (name.lower().endswith(".py") or os.sep in name or "/" in name)


def _program_file(name: str) -> Program:
    """The Program a Python file defines (its PROGRAM, or its only Program), loaded from the file."""
    import importlib.util

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


def _check_drive(path: Path) -> None:
    """Refuse a --drive every save would fail in: a file, or a path under a file (/etc/passwd/x)."""
    if path.exists() and not path.is_dir():
        raise CliError(f"--drive {path}: not a directory")  # every save would fail: say so now
    for above in path.absolute().parents:
        if above.exists():
            if not above.is_dir():
                raise CliError(f"--drive {path}: {above} is not a directory")
            return


def check_output(option: str, path: Path | None, stdout_ok: bool = False) -> None:
    """Refuse, before the run, an output file that could not be written at its end: its folder missing
    or not a folder, the name taken by a folder, or a folder nothing can be created in."""
    if path is None or (stdout_ok and str(path) == "-"):
        return
    path = Path(path)
    parent = path.absolute().parent
    if not parent.is_dir():
        why = "no such directory" if not parent.exists() else f"{parent} is not a folder"
        raise CliError(f"{option}: cannot write {path}: {why}")
    if path.is_dir():
        raise CliError(f"{option}: cannot write {path}: it is a folder")
    if path.exists() and not path.is_file():  # a device or a pipe (/dev/null): written straight through
        if not os.access(path, os.W_OK):
            raise CliError(f"{option}: cannot write {path}: permission denied")
        return
    try:  # the file is written to a temporary one beside it, renamed into place: try making one
        fd, probe = tempfile.mkstemp(prefix=".~vconsole-probe.", dir=parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise CliError(f"{option}: cannot write {path}: {e.strerror or e}") from None


#: the file type each output option writes, whatever the name says: a name with another extension is refused
OUTPUT_TYPES = {"screenshot": (".png", "a PNG picture"), "record_audio": (".wav", "a WAV file"),
                "record_html": (".html", "a web page")}


def check_type(option: str, path: Path | None, suffix: str, what: str) -> None:
    """Refuse a name whose extension says another format than the file will be (x.jpg for a PNG);
    a name without one (/dev/stdout) is left alone."""
    if path is not None and path.suffix and path.suffix.lower() != suffix:
        raise CliError(f"{option}: {path} would be {what}, not {path.suffix[1:].upper()}: name it with {suffix}")


#: every option that writes a file: two of them naming one path would leave only the last written
ALL_OUTPUTS = ("record", "record_video", "record_audio", "screenshot", "dump_text")


def check_collisions(args) -> None:
    """Refuse two outputs on one path (``--dump-text x --record x`` kept only the text, the journal
    lost), and an option that could have no effect (``--video-rate`` without ``--record-video``)."""
    seen: dict[str, str] = {}
    for name in ALL_OUTPUTS:
        path = getattr(args, name, None)
        if path is None or (name == "dump_text" and str(path) == "-"):
            continue
        if Path(path).exists() and not Path(path).is_file():
            continue  # /dev/null takes any number of outputs; a folder is refused by check_output
        option = "--" + name.replace("_", "-")
        key = os.path.normcase(os.path.realpath(path))
        if key in seen:
            raise CliError(f"{seen[key]} and {option} both write {path}: give each its own file")
        seen[key] = option
    if getattr(args, "video_rate", None) is not None and getattr(args, "record_video", None) is None:
        raise CliError("--video-rate sets the frame rate of --record-video: it does nothing without it")


def check_outputs(args, *options: str) -> None:
    """check_output for each of ``options`` (attribute names such as "record_audio") `args` has set."""
    check_collisions(args)
    for name in options:
        path = getattr(args, name, None)
        option = "--" + name.replace("_", "-")
        if name in OUTPUT_TYPES:
            check_type(option, path, *OUTPUT_TYPES[name])
        check_output(option, path, stdout_ok=name == "dump_text")


def _video_format(path: Path) -> str:
    from .tools.video import VideoError, format_of

    try:
        return format_of(path)
    except VideoError as e:
        raise CliError(str(e)) from None


def _journal(args, program: Program, config: MachineConfig, options: RunOptions, drive: Drive, headless: bool):
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


def run_window(args, config: MachineConfig, target, title: str, captures: Path, journal=None) -> int:
    """``target(machine)`` in a window, with the options of `args` (scale, audio, video); its exit code.

    Shared with the tools that run a program-like loop (``vconsole view``).
    """
    if args.screenshot or args.dump_text:
        raise CliError(SCREENSHOT_IN_WINDOW)
    check_outputs(args, "record_audio", "record_video", "record_html")
    from .frontends import window

    lost: list[str] = []
    try:
        code = window.run(target, config, scale=args.scale, record_audio=args.record_audio, title=title,
                          captures=captures, journal=journal, record_video=window_capture(args),
                          video_rate=getattr(args, "video_rate", None), lost=lost,
                          crt=getattr(args, "crt", False), fullscreen=getattr(args, "fullscreen", False),
                          keyboard=getattr(args, "keyboard", None), volume=getattr(args, "volume", None))
        return max(code, 1) if lost else code
    except window.NoDisplay:
        raise CliError("there is no display here to open a window on; "
                       "run it with --headless and --keys instead") from None


def run_headless(args, config: MachineConfig, target, program: Program | None = None, script=None,
                 journal=None) -> int:
    """``target(machine)`` on a virtual clock fed by the key script; the outputs `args` asks for.

    Shared with the tools that run a program-like loop (``vconsole view``).
    """
    from . import keyscript
    from .frontends import headless
    from .keyscript import KeyScriptError

    check_outputs(args, "record_audio", "screenshot", "dump_text", "record_video", "record_html")  # before the run
    if script is None:
        try:
            script = keyscript.parse(keyscript.read(args.keys or ""))
        except KeyScriptError as e:
            raise CliError(str(e)) from None
    video = _video(args, config)
    page = _page(args, config, program)
    hooks = [journal.attach, journal.started] if journal is not None else []
    if video is not None:
        hooks.append(lambda m: m.clock.taps.append(lambda old, new: video.advance(m.screen, old, new)))
    if page is not None:
        hooks.append(lambda m: m.clock.taps.append(lambda old, new: page.advance(m.screen, old, new)))
    outcome = headless.run(target, config, script, record_audio=args.record_audio,
                           machine_hook=lambda m: [hook(m) for hook in hooks])
    if journal is not None:
        journal.finish(outcome.machine, outcome.exit_code, stopped=outcome.exit_code is None)
    failed = finish_outputs(args, config, outcome, video, page)
    if not (args.screenshot or args.dump_text or args.record_audio or video is not None or page is not None
            or _stdout_taken):
        sys.stdout.write(screen_text(outcome))  # a run that keeps nothing shows where it ended
    if outcome.exit_code is None and program is not None and program.name == "COMMAND":
        _next_step_hint()
    return max(outcome.exit_code or 0, failed)


def _next_step_hint() -> None:
    """The prompt run headless stops where it waits for the next command: say how to give one."""
    from .program import discover

    visible = [p.name.lower() for p in discover().values() if not p.hidden]
    example = visible[0] if visible else "help"
    sys.stdout.flush()
    print(f"vconsole: the prompt waits for your next command; type it with --keys, e.g.  vconsole --headless "
          f"--keys '\"{example}\" Enter' --screenshot {example}.png  (HELP lists the commands)", file=sys.stderr)


def screen_text(outcome) -> str:
    """The final screen as text: its rows down to the last one in use, each without trailing blanks."""
    return "\n".join(line.rstrip() for line in outcome.text).rstrip("\n") + "\n"


def _video(args, config: MachineConfig, start: float = 0.0):
    if getattr(args, "record_video", None) is None:
        return None
    from .tools.video import VideoError, VideoRecorder

    if getattr(args, "crt", False):
        from .tools.crtvideo import CrtVideoRecorder as VideoRecorder  # type: ignore[assignment]
    try:
        return VideoRecorder(args.record_video, config.adapter, config.monitor, scale=args.scale,
                             rate=getattr(args, "video_rate", None), start=start)
    except VideoError as e:
        raise CliError(str(e)) from None


def window_capture(args) -> Path | None:
    """The capture the window makes from the start: --record-video, or --record-html (one of them)."""
    video, page = getattr(args, "record_video", None), getattr(args, "record_html", None)
    if video is not None and page is not None:
        raise CliError("in the window, give --record-video or --record-html, not both (headless takes both)")
    return page if page is not None else video


def _page(args, config: MachineConfig, program: Program | None = None):
    """The --record-html recorder (tools.htmlexport), or None."""
    if getattr(args, "record_html", None) is None:
        return None
    from .tools.htmlexport import HtmlRecorder

    title = f"{program.name} - {args.record_html.name}" if program is not None else args.record_html.name
    return HtmlRecorder(args.record_html, config.adapter, config.monitor, speaker_model=config.speaker_model,
                        title=title)


def finish_outputs(args, config: MachineConfig, outcome, video=None, page=None) -> int:
    """What a headless run (or replay) leaves: screenshot, text dump, animated capture.

    Each output is tried even when another could not be written; every failure is one line on
    stderr, and the result is 1 when there was one (0 when all were written).
    """
    failures = list(getattr(outcome, "failures", []))
    if video is not None:
        try:
            video.finish(outcome.elapsed, state=outcome.state)
        except (OSError, ValueError) as e:
            failures.append(f"cannot write {video.path}: {getattr(e, 'strerror', None) or e}")
    if page is not None:
        try:
            page.finish(outcome.elapsed, state=outcome.state,
                        speaker=outcome.machine.speaker if outcome.machine is not None else None)
        except (OSError, ValueError) as e:
            failures.append(f"cannot write {page.path}: {getattr(e, 'strerror', None) or e}")
    if args.screenshot:
        try:
            _screenshot(outcome.state, config, outcome.elapsed, args.scale, args.screenshot,
                        crt=getattr(args, "crt", False))
        except CliError as e:
            failures.append(str(e))
    if args.dump_text:
        from .disk import atomic_write

        text = screen_text(outcome)
        if str(args.dump_text) == "-":
            sys.stdout.write(text)
        else:
            try:
                atomic_write(args.dump_text, text.encode("utf-8"))
            except OSError as e:
                failures.append(f"cannot write {args.dump_text}: {e.strerror or e}")
    for line in failures:
        print(f"vconsole: {line}", file=sys.stderr)
    return 1 if failures else 0


SHOT_STRIP = 2  # native lines a screenshot is scaled at a time


def _screenshot(state, config: MachineConfig, elapsed: float, scale: int | None, path: Path,
                crt: bool = False) -> None:
    """The picture as the adapter showed it at the run's last moment (blink phase included).

    With ``crt`` it is the CRT look (vconsole.crt) at the 4:3 display size of `scale` (default 2).
    """
    from .adapters import ADAPTERS
    from .capture import display_bands, save_png, save_png_bands
    from .render import render_frame

    adapter = ADAPTERS[config.adapter]
    frame = render_frame(state, adapter, config.monitor, int(elapsed * adapter.refresh_hz))
    if crt:
        from .crt import crt_display

        frame, scale = crt_display(frame, adapter, config.monitor, scale or 2), None
    try:
        if scale:  # at --scale 16 the picture is hundreds of MB as pixels: made and packed strip by strip
            strips = (frame[top:top + SHOT_STRIP] for top in range(0, len(frame), SHOT_STRIP))
            save_png_bands(display_bands(strips, adapter, scale), path)
        else:
            save_png(frame, path)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None


if __name__ == "__main__":
    raise SystemExit(main())
