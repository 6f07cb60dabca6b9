"""The option helpers every command shares: the parser that fails in one line, the value types
(scale, seconds, rate, volume), the window and capture options, and the checks on output files.

They live here, not in ``vconsole.cli``, so that the CLI and each tool (gallery, replay, view,
export-html, the monkey) import them from one place below both, and no tool imports the CLI back.
Only the standard library and ``vconsole.names`` at the top: ``vconsole --help`` stays instant.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from ..names import host_path

#: the exit status of a command-line mistake
EXIT_USAGE = 2
#: a run's length in machine seconds: a day is already far more than a capture needs
MAX_SECONDS = 24 * 3600.0
SCREENSHOT_IN_WINDOW = "--screenshot and --dump-text go with --headless (in the window use Ctrl+F5)"


class CliError(Exception):
    """A command-line mistake: the message is printed as one line, exit status 2."""


def terminal_columns() -> int:
    """The width ``shutil.get_terminal_size()`` gives (``$COLUMNS``, else the terminal of standard
    output, else 80), worked out without importing shutil (see HelpFormatter)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    out = sys.__stdout__
    try:
        columns = os.get_terminal_size(out.fileno()).columns if out is not None else 0
    except (AttributeError, ValueError, OSError):  # closed or detached, or not a terminal
        return 80
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told its width: without one it imports shutil (with the bz2 and lzma
    compressors) to ask the terminal's, and every parser makes a formatter as it is built, so every
    start paid for it.  The width is the one argparse would take, so the help reads the same."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)


class RawDescriptionHelpFormatter(HelpFormatter, argparse.RawDescriptionHelpFormatter):
    """``argparse.RawDescriptionHelpFormatter`` (description and epilog as written), told its width."""


class Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one CliError line (exit 2 from the command), not usage text and SystemExit;
    its help is formatted by a HelpFormatter of this module unless it names another."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(**kwargs)

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


# -- value types ------------------------------------------------------------------------------------------

def whole(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """The type of a whole-number option from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if hi is None and n < lo:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least {lo}")
        if hi is not None and not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}")
        return n
    return parse


#: --scale: whole pixels across per pixel of the picture
scale = whole(1, 16)
#: --volume: percent, 0 silent (the timing kept)
volume = whole(0, 100)


def rate(text: str) -> float:
    """Frames a second of a capture: above 0, at most 1000."""
    try:
        hz = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < hz <= 1000:
        raise argparse.ArgumentTypeError("must be a number of frames a second above 0")
    return hz


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def seconds(text: str) -> float:
    """A length in seconds: a finite number above 0, at most a day (not nan, inf or -5)."""
    s = _number(text)
    if not 0 < s <= MAX_SECONDS:  # nan fails this too
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_SECONDS:.0f}")
    return s


def seconds_or_off(text: str) -> float:
    """A length in seconds where 0 means "off": from 0 to a day (not nan, inf or -5)."""
    s = _number(text)
    if not 0 <= s <= MAX_SECONDS:  # nan fails this too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 (off) to {MAX_SECONDS:.0f}")
    return s


def video_format(path: str | os.PathLike[str]) -> str:
    """The animated capture format a file name asks for ("gif" or "png"); another name is a CliError."""
    from ..animation import VideoError, format_of  # numpy and Pillow only once a capture is asked for

    try:
        return format_of(path)
    except VideoError as e:
        raise CliError(str(e)) from None


# -- option groups ----------------------------------------------------------------------------------------

def add_window_options(p: argparse.ArgumentParser) -> None:
    """The window's look and feel (docs/WINDOW.md); --crt also applies to --screenshot."""
    from ..names import KEYBOARD_LAYOUTS as LAYOUT_NAMES  # not frontends.layouts: a headless run needs no tables

    p.add_argument("--crt", action="store_true",
                   help="the look of a period monitor: scanlines, shadow mask, glow, phosphor afterglow"
                        " (window, --screenshot, --record-video FILE.png; default: the exact picture)")
    p.add_argument("--fullscreen", action="store_true", help="open the window full screen (Alt+Enter switches)")
    p.add_argument("--keyboard", choices=LAYOUT_NAMES, default=None, metavar="LAYOUT",
                   help=f"keyboard layout as DOS KEYB gave it: {', '.join(LAYOUT_NAMES)} (default: the host's)")


def add_video_options(p: argparse.ArgumentParser) -> None:
    """The run's captures: --record-video (GIF or APNG), its --video-rate, and --record-html."""
    p.add_argument("--record-video", type=host_path, metavar="FILE.gif|FILE.png",
                   help="an animated capture of the run (GIF, or APNG for .png)")
    p.add_argument("--video-rate", type=rate, default=None, metavar="HZ",
                   help="frames a second of the capture (default: the adapter's refresh rate; a GIF at most 50)")
    p.add_argument("--record-html", type=host_path, metavar="FILE.html",
                   help="the run as one web page that plays it back, pixel-exact with its sound (docs/PLAYER.md)")


def window_capture(args: argparse.Namespace) -> str | os.PathLike[str] | None:
    """The capture the window makes from the start: --record-video, or --record-html (one of them)."""
    video: str | os.PathLike[str] | None = getattr(args, "record_video", None)
    page: str | os.PathLike[str] | None = getattr(args, "record_html", None)
    if video is not None and page is not None:
        raise CliError("in the window, give --record-video or --record-html, not both (headless takes both)")
    return page if page is not None else video


# -- checks made before a run, so nothing is lost at its end --------------------------------------------
# (with os.path, not pathlib: these checks are part of every start-up; a name is a str or an os.PathLike)

def _absolute(path: str | os.PathLike[str]) -> str:
    """``path`` made absolute against the working folder as ``pathlib.Path.absolute`` makes it: no ``..``
    taken out (the folder before one may be a link), no separator at the end."""
    text = os.fspath(path)
    text = text if os.path.isabs(text) else os.path.join(os.getcwd(), text)
    return text.rstrip("/" + os.sep) or text[:1]


def check_drive(path: str | os.PathLike[str]) -> None:
    """Refuse a --drive every save would fail in: a file, or a path under a file (/etc/passwd/x)."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise CliError(f"--drive {os.fspath(path)}: not a directory")  # every save would fail: say so now
    above = _absolute(path)
    while os.path.dirname(above) != above:
        above = os.path.dirname(above)
        if os.path.exists(above):
            if not os.path.isdir(above):
                raise CliError(f"--drive {os.fspath(path)}: {above} is not a directory")
            return


def check_output(option: str, path: str | os.PathLike[str] | None, stdout_ok: bool = False) -> None:
    """Refuse, before the run, an output file that could not be written at its end: its folder missing
    or not a folder, the name taken by a folder, or a folder nothing can be created in."""
    if path is None or (stdout_ok and os.fspath(path) == "-"):
        return
    path = os.fspath(path)
    parent = os.path.dirname(_absolute(path))
    if not os.path.isdir(parent):
        why = "no such directory" if not os.path.exists(parent) else f"{parent} is not a folder"
        raise CliError(f"{option}: cannot write {path}: {why}")
    if os.path.isdir(path):
        raise CliError(f"{option}: cannot write {path}: it is a folder")
    if os.path.exists(path) and not os.path.isfile(path):  # a device or a pipe (/dev/null): written straight through
        if not os.access(path, os.W_OK):
            raise CliError(f"{option}: cannot write {path}: permission denied")
        return
    import tempfile  # here, not at start-up: it brings shutil, random and the compressors

    try:  # the file is written to a temporary one beside it, renamed into place: try making one
        fd, probe = tempfile.mkstemp(prefix=".~vconsole-probe.", dir=parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise CliError(f"{option}: cannot write {path}: {e.strerror or e}") from None


#: the file type each output option writes, whatever the name says: a name with another extension is refused
OUTPUT_TYPES = {"screenshot": (".png", "a PNG picture"), "record_audio": (".wav", "a WAV file"),
                "record_html": (".html", "a web page")}


def check_type(option: str, path: str | os.PathLike[str] | None, suffix: str, what: str) -> None:
    """Refuse a name whose extension says another format than the file will be (x.jpg for a PNG);
    a name without one (/dev/stdout) is left alone."""
    if path is None:
        return
    name = os.path.basename(os.fspath(path).rstrip("/" + os.sep))
    dot = name.rfind(".")
    given = name[dot:] if 0 < dot < len(name) - 1 else ""  # pathlib's suffix: not of ".png", nor of "x."
    if given and given.lower() != suffix:
        raise CliError(f"{option}: {os.fspath(path)} would be {what}, not {given[1:].upper()}: name it with {suffix}")


#: every option that writes a file: two of them naming one path would leave only the last written
ALL_OUTPUTS = ("record", "record_video", "record_audio", "screenshot", "dump_text")


def check_collisions(args: argparse.Namespace) -> None:
    """Refuse two outputs on one path (``--dump-text x --record x`` kept only the text, the journal
    lost), and an option that could have no effect (``--video-rate`` without ``--record-video``)."""
    seen: dict[str, str] = {}
    for name in ALL_OUTPUTS:
        path: Any = getattr(args, name, None)  # a file name, or the "-" of standard output
        if path is None or (name == "dump_text" and os.fspath(path) == "-"):
            continue
        if os.path.exists(path) and not os.path.isfile(path):
            continue  # /dev/null takes any number of outputs; a folder is refused by check_output
        option = "--" + name.replace("_", "-")
        key = os.path.normcase(os.path.realpath(path))
        if key in seen:
            raise CliError(f"{seen[key]} and {option} both write {path}: give each its own file")
        seen[key] = option
    if getattr(args, "video_rate", None) is not None and getattr(args, "record_video", None) is None:
        raise CliError("--video-rate sets the frame rate of --record-video: it does nothing without it")


def check_outputs(args: argparse.Namespace, *options: str) -> None:
    """check_output for each of ``options`` (attribute names such as "record_audio") `args` has set."""
    check_collisions(args)
    for name in options:
        path: str | os.PathLike[str] | None = getattr(args, name, None)
        option = "--" + name.replace("_", "-")
        if name in OUTPUT_TYPES:
            check_type(option, path, *OUTPUT_TYPES[name])
        check_output(option, path, stdout_ok=name == "dump_text")
