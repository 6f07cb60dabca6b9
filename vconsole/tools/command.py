"""The ``vconsole`` command's own options, and reading any command's options over the settings.

The run parser is the reference for the settings file (every option saying *how* to run is a
setting), so the tools that read settings too (``vconsole view``) need it without importing the CLI.
Only names at the top: ``vconsole --help`` answers without numpy or the machine.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..names import ADAPTER_NAMES, DEFAULT_DISPLAY, MONITORS, host_path
from ..names import SPEAKER_MODELS as MODELS
from .options import CliError, Parser, RawDescriptionHelpFormatter, add_video_options, add_window_options, scale, volume

if TYPE_CHECKING:
    from ..settings import Resolved

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


class RunParser(Parser):
    """The run parser's own class: its options are the settings, so it is its own reference."""


def run_parser() -> argparse.ArgumentParser:
    """The parser of ``vconsole [PROGRAM] [SWITCHES] [OPTIONS]``: start a program (or the prompt)."""
    p = RunParser(
        prog="vconsole",
        description="An IBM PC in 80x25 text mode. With no PROGRAM, the DOS prompt starts.",
        epilog=EPILOG,
        formatter_class=RawDescriptionHelpFormatter,
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
    p.add_argument("--drive", type=host_path, default=None, help="host folder used as the programs' DOS directory")
    p.add_argument("--seed", type=int, default=None, help="seed for the programs' random numbers")
    p.add_argument("--shareware", action="store_true", help="the unregistered versions' limits")
    p.add_argument("--version", action="store_true", help="show vconsole's version and exit")
    p.add_argument("--headless", action="store_true",
                   help="no window: scripted input on a virtual clock; without --screenshot, --dump-text,"
                        " --record-audio or --record-video the final screen is printed as text")
    p.add_argument("--keys", metavar="SCRIPT", help="key script (text, or @FILE to read it from a file)")
    p.add_argument("--screenshot", type=host_path, metavar="FILE.png", help="PNG of the screen when the run ends")
    p.add_argument("--dump-text", type=host_path, metavar="FILE",
                   help="the 25 text rows when the run ends (- for standard output)")
    p.add_argument("--record-audio", type=host_path, metavar="FILE.wav", help="record the speaker to a WAV file")
    p.add_argument("--scale", type=scale, default=None, metavar="N",
                   help="window: open at N times and keep to whole-number scales (default: the largest"
                        " whole scale that fits, and any size when resized or full screen); --screenshot and"
                        " --record-video: the picture as a 4:3 monitor shows it, N pixels across per pixel"
                        " (default: native pixels, exactly what the card generated)")
    p.add_argument("--record", type=host_path, metavar="FILE", help="write a journal of the run (vconsole replay FILE)")
    p.add_argument("--terminal", action="store_true",
                   help="play in this terminal instead of a window (chosen by itself when there is no display"
                        " and the terminal is standard input and output); see docs/TERMINAL.md")
    add_video_options(p)
    p.add_argument("--volume", type=volume, default=100, metavar="0-100",
                   help="speaker volume in percent (default 100; 0 is silent and keeps the timing)")
    p.add_argument("--config", type=host_path, metavar="FILE",
                   help="read the settings from FILE instead of vconsole.toml in your config folder"
                        " ('vconsole config' shows them)")
    add_window_options(p)
    return p


def parse_with_settings(parser: argparse.ArgumentParser, argv: list[str], *,
                        intermixed: bool = True) -> tuple[argparse.Namespace, Resolved]:
    """``parser``'s arguments over the settings (vconsole.toml, VCONSOLE_*): (args, where each came from).

    A bad settings file or variable is a CliError (one line, exit 2)."""
    from .. import settings

    try:
        # a run parser is its own reference: building a second one would cost every start-up
        reference = None if isinstance(parser, RunParser) else run_parser()
        return settings.parse(parser, argv, reference=reference, intermixed=intermixed)
    except settings.SettingError as e:
        raise CliError(str(e)) from None
