"""Running a target (``machine -> exit code``) in a front end with the outputs the options ask for.

The ``vconsole`` command, ``vconsole view`` and ``vconsole replay`` share these: the window, the
terminal or the headless run, and what a headless run leaves behind (screenshot, text dump,
animated capture, web page), each output tried even when another could not be written.
The front ends, numpy and Pillow are imported when a run needs them, not when this is imported.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .options import SCREENSHOT_IN_WINDOW, CliError, check_outputs, window_capture

if TYPE_CHECKING:
    from ..animation import VideoRecorder
    from ..frontends.headless import Outcome
    from ..keyscript import Event
    from ..machine import Machine, MachineConfig
    from ..program import Program
    from ..video import ScreenState, TextScreen
    from .htmlexport import HtmlRecorder
    from .journal import JournalRecorder

#: what a front end runs: the program on a machine, its exit code (None: stopped before it returned)
Target = Callable[["Machine"], "int | None"]

#: a file output goes to standard output this run (the CLI sets it): the final screen is not printed
#: there as well
stdout_taken = False


def run_window(args: argparse.Namespace, config: MachineConfig, target: Target, title: str,
               captures: str | os.PathLike[str], journal: JournalRecorder | None = None) -> int:
    """``target(machine)`` in a window, with the options of `args` (scale, audio, video); its exit code."""
    if args.screenshot or args.dump_text:
        raise CliError(SCREENSHOT_IN_WINDOW)
    check_outputs(args, "record_audio", "record_video", "record_html")
    from ..frontends import window

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


def run_terminal(args: argparse.Namespace, config: MachineConfig, target: Target,
                 journal: JournalRecorder | None = None) -> int:
    """``target(machine)`` in the terminal this was started from (frontends.terminal); its exit code."""
    from ..frontends import terminal

    lost: list[str] = []
    try:
        code = terminal.run(target, config, journal=journal, record_audio=args.record_audio, lost=lost)
    except terminal.NoTerminal as e:
        raise CliError(f"--terminal: {e}") from None
    return max(code, 1) if lost else code


def run_headless(args: argparse.Namespace, config: MachineConfig, target: Target, program: Program | None = None,
                 script: list[Event] | None = None, journal: JournalRecorder | None = None) -> int:
    """``target(machine)`` on a virtual clock fed by the key script; the outputs `args` asks for."""
    from .. import keyscript
    from ..frontends import headless
    from ..keyscript import KeyScriptError

    check_outputs(args, "record_audio", "screenshot", "dump_text", "record_video", "record_html")  # before the run
    if script is None:
        try:
            script = keyscript.parse(keyscript.read(args.keys or ""))
        except KeyScriptError as e:
            raise CliError(str(e)) from None
    video = video_recorder(args, config)
    page = page_recorder(args, config, program)
    hooks: list[Callable[[Machine], None]] = [journal.attach, journal.started] if journal is not None else []
    hooks += [capture_hook(video, page)]

    def each_hook(machine: Machine) -> None:
        for hook in hooks:
            hook(machine)

    outcome = headless.run(target, config, script, record_audio=args.record_audio, machine_hook=each_hook)
    if journal is not None and outcome.machine is not None:  # a run that never started leaves no end line
        journal.finish(outcome.machine, outcome.exit_code, stopped=outcome.exit_code is None)
    failed = finish_outputs(args, config, outcome, video, page)
    if not (args.screenshot or args.dump_text or args.record_audio or video is not None or page is not None
            or stdout_taken):
        sys.stdout.write(screen_text(outcome))  # a run that keeps nothing shows where it ended
    if outcome.exit_code is None and program is not None and program.name == "COMMAND":
        next_step_hint()
    return max(outcome.exit_code or 0, failed)


class Capture(Protocol):
    """An animated capture or a web page, fed the screen as machine time moves from ``old`` to ``new``."""

    def advance(self, screen: TextScreen, old: float, new: float) -> None: ...


def capture_hook(*captures: Capture | None) -> Callable[[Machine], None]:
    """A headless machine hook that feeds each capture (None: not asked for) every step of the clock."""
    from ..frontends.headless import TappedClock

    def hook(machine: Machine) -> None:
        clock = machine.clock
        assert isinstance(clock, TappedClock), "a headless run's clock tells its taps each step"
        for capture in captures:
            if capture is not None:
                clock.taps.append(_feed(capture, machine))
    return hook


def _feed(capture: Capture, machine: Machine) -> Callable[[float, float], None]:
    """A clock tap that shows ``capture`` the machine's screen as the clock goes from old to new."""
    return lambda old, new: capture.advance(machine.screen, old, new)


def next_step_hint() -> None:
    """The prompt run headless stops where it waits for the next command: say how to give one."""
    from ..program import discover

    visible = [p.name.lower() for p in discover().values() if not p.hidden]
    example = visible[0] if visible else "help"
    sys.stdout.flush()
    print(f"vconsole: the prompt waits for your next command; type it with --keys, e.g.  vconsole --headless "
          f"--keys '\"{example}\" Enter' --screenshot {example}.png  (HELP lists the commands)", file=sys.stderr)


def screen_text(outcome: Outcome) -> str:
    """The final screen as text: its rows down to the last one in use, each without trailing blanks."""
    return "\n".join(line.rstrip() for line in outcome.text).rstrip("\n") + "\n"


def video_recorder(args: argparse.Namespace, config: MachineConfig, start: float = 0.0) -> VideoRecorder | None:
    """The --record-video recorder (vconsole.animation; with --crt, vconsole.crtanimation), or None."""
    if getattr(args, "record_video", None) is None:
        return None
    from ..animation import VideoError, VideoRecorder
    from ..crtanimation import CrtVideoRecorder

    kind = CrtVideoRecorder if getattr(args, "crt", False) else VideoRecorder
    try:
        return kind(args.record_video, config.adapter, config.monitor, scale=args.scale,
                    rate=getattr(args, "video_rate", None), start=start)
    except VideoError as e:
        raise CliError(str(e)) from None


def page_recorder(args: argparse.Namespace, config: MachineConfig,
                  program: Program | None = None) -> HtmlRecorder | None:
    """The --record-html recorder (tools.htmlexport), or None."""
    if getattr(args, "record_html", None) is None:
        return None
    from .htmlexport import HtmlRecorder

    name = os.path.basename(os.fspath(args.record_html))
    title = f"{program.name} - {name}" if program is not None else name
    return HtmlRecorder(args.record_html, config.adapter, config.monitor, speaker_model=config.speaker_model,
                        title=title)


def finish_outputs(args: argparse.Namespace, config: MachineConfig, outcome: Outcome,
                   video: VideoRecorder | None = None, page: HtmlRecorder | None = None) -> int:
    """What a headless run (or replay) leaves: screenshot, text dump, animated capture.

    Each output is tried even when another could not be written; every failure is one line on
    stderr, and the result is 1 when there was one (0 when all were written).
    """
    failures = list(outcome.failures)
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
            screenshot(outcome.state, config, outcome.elapsed, args.scale, args.screenshot,
                       crt=getattr(args, "crt", False))
        except CliError as e:
            failures.append(str(e))
    if args.dump_text:
        from ..disk import atomic_write

        text = screen_text(outcome)
        if os.fspath(args.dump_text) == "-":
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


def screenshot(state: ScreenState, config: MachineConfig, elapsed: float, scale: int | None,
               path: str | os.PathLike[str], crt: bool = False) -> None:
    """The picture as the adapter showed it at the run's last moment (blink phase included).

    With ``crt`` it is the CRT look (vconsole.crt) at the 4:3 display size of `scale` (default 2).
    """
    from ..adapters import ADAPTERS
    from ..capture import display_bands, save_png, save_png_bands
    from ..render import render_frame

    adapter = ADAPTERS[config.adapter]
    frame = render_frame(state, adapter, config.monitor, int(elapsed * adapter.refresh_hz))
    if crt:
        from ..crt import crt_display

        frame, scale = crt_display(frame, adapter, config.monitor, scale or 2), None
    try:
        if scale:  # at --scale 16 the picture is hundreds of MB as pixels: made and packed strip by strip
            strips = (frame[top:top + SHOT_STRIP] for top in range(0, len(frame), SHOT_STRIP))
            save_png_bands(display_bands(strips, adapter, scale), path)
        else:
            save_png(frame, path)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None
