"""``vconsole gallery DIR`` and ``vconsole attract NAME OUT``: every program as it looked.

The gallery runs every installed program headless through its tour (the key
script its ``Program.tour`` declares; without one, the first screen after one
Enter) once per display adapter (a program may choose its colours by the
card), photographs the screen the tour leaves on each monitor, makes one
animated capture per program (its attract mode when it has one, else its
tour), the same run longer as a web player (tools.htmlexport: pixel-exact,
with its sound, a few kilobytes) and writes an index.html that shows each
program's player beside its pictures.  Runs use a fixed
seed and switch-on date and a DOS directory of their own, so the same
programs give the same pictures every time.

``attract`` records a program's attract mode (``Program.attract``: its demo,
or computer against computer) as an animated capture of a given length.
"""
from __future__ import annotations

import html
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..adapters import ADAPTERS, get_adapter
from ..animation import VideoRecorder, retrace_at
from ..capture import save_png, to_display
from ..disk import Drive, atomic_write
from ..frontends import headless
from ..machine import MachineConfig
from ..names import MONITORS
from ..program import Program, RunOptions, UnknownProgram, discover, find, run_program
from ..render import render_frame
from .htmlexport import HtmlRecorder
from .options import OUTPUT_TYPES, CliError, Parser, check_output, check_type, rate, scale, seconds, video_format
from .runs import capture_hook

DISPLAYS = ("cga", "ega", "vga", "mda", "hercules")
GALLERY_MONITORS = ("color", "green", "amber")
DEFAULT_TOUR = "Enter"
SEED = 1
START_TIME = 820_454_400.0  # 1 January 1996, 00:00 UTC: the switch-on date of every gallery run
TOUR_TAIL_MS = 2000  # an animated tour goes on this long after its last key (blink, cursor)
ATTRACT_SECONDS = 12.0  # a gallery's attract capture
PLAYER_SECONDS = 60.0  # a gallery's web player of the same run: a page costs kilobytes, not megabytes
IDLE_LIMIT_S = 60.0  # a tour whose program never waits for a key again is cut off after this


@dataclass
class Shot:
    program: str
    display: str
    monitor: str
    path: Path


@dataclass
class GalleryResult:
    shots: list[Shot] = field(default_factory=list)
    animations: dict[str, Path] = field(default_factory=dict)
    players: dict[str, Path] = field(default_factory=dict)
    index: Path | None = None


def tour_of(program: Program) -> str:
    return program.tour or DEFAULT_TOUR


def run_script(program: Program, script: str, display: str, drive_root: Path, *, idle_limit: float = IDLE_LIMIT_S,
               video: VideoRecorder | None = None, seed: int = SEED, record_audio: Path | None = None,
               switches: frozenset[str] = frozenset(), page: HtmlRecorder | None = None) -> headless.Outcome:
    """One headless run of ``program`` on ``display`` from an empty DOS directory, at the gallery's date
    (``page``: written as a web player, with the speaker's notes)."""
    config = MachineConfig(adapter=display, mute=record_audio is None and page is None, start_time=START_TIME)
    drive = Drive(drive_root)
    hook = capture_hook(video, page) if video is not None or page is not None else None
    outcome = headless.run(lambda m: run_program(m, program, switches, drive, RunOptions(seed=seed)), config,
                           script, idle_limit=idle_limit, machine_hook=hook, record_audio=record_audio)
    if video is not None:
        try:
            video.finish(outcome.elapsed, state=outcome.state)
        except (OSError, ValueError) as e:  # the caller says so (outcome.failures)
            outcome.failures.append(f"cannot write {video.path}: {getattr(e, 'strerror', None) or e}")
    if page is not None:
        try:
            page.finish(outcome.elapsed, state=outcome.state,
                        speaker=outcome.machine.speaker if outcome.machine is not None else None)
        except (OSError, ValueError) as e:
            outcome.failures.append(f"cannot write {page.path}: {getattr(e, 'strerror', None) or e}")
    return outcome


def picture(outcome: headless.Outcome, display: str, monitor: str, scale: int | None) -> np.ndarray:
    """The screen a run left, at its last retrace's blink phase: native pixels, or the 4:3 shape."""
    adapter = get_adapter(display)
    frame = render_frame(outcome.state, adapter, monitor, retrace_at(outcome.elapsed, adapter.refresh_hz))
    return to_display(frame, adapter, scale) if scale else frame


def animation_script(program: Program, seconds: float) -> tuple[str, float]:
    """(script, idle limit) of a program's animated capture: its attract mode for ``seconds``, else its tour."""
    if program.attract:
        return f"{program.attract} wait:{int(seconds * 1000)}", 0.0
    return f"{tour_of(program)} wait:{TOUR_TAIL_MS}", 0.0


def gallery(out: Path, programs: list[Program], displays: Sequence[str] = DISPLAYS,
            monitors: Sequence[str] = GALLERY_MONITORS, scale: int | None = 1, animate: bool = True,
            seconds: float = ATTRACT_SECONDS, animation_display: str = "ega",
            say: Callable[[str], None] = lambda line: None, players: bool = True,
            player_seconds: float = PLAYER_SECONDS) -> GalleryResult:
    out.mkdir(parents=True, exist_ok=True)
    result = GalleryResult()
    for program in programs:
        name = program.name.lower()
        for display in displays:
            with tempfile.TemporaryDirectory(prefix="vconsole-gallery-") as tmp:
                outcome = run_script(program, tour_of(program), display, Path(tmp) / "TOYS")
            for monitor in monitors:
                path = out / f"{name}-{display}-{monitor}.png"
                try:
                    save_png(picture(outcome, display, monitor, scale), path)
                except OSError as e:
                    raise GalleryError(f"cannot write {path}: {e.strerror or e}") from None
                result.shots.append(Shot(program.name, display, monitor, path))
        say(f"{program.name}: {len(displays) * len(monitors)} pictures")
        if animate:
            path = out / f"{name}.gif"
            script, limit = animation_script(program, seconds)
            video = VideoRecorder(path, animation_display, "color", scale=scale)
            with tempfile.TemporaryDirectory(prefix="vconsole-gallery-") as tmp:
                outcome = run_script(program, script, animation_display, Path(tmp) / "TOYS", idle_limit=limit,
                                     video=video)
            if outcome.failures:
                raise GalleryError("; ".join(outcome.failures))
            result.animations[program.name] = path
            say(f"{program.name}: {'attract mode' if program.attract else 'tour'} captured in {path.name}"
                f" ({video.frames} frames)")
        if players:
            path = out / f"{name}-player.html"
            script, limit = animation_script(program, player_seconds)
            what = "attract mode" if program.attract else "tour"
            page = HtmlRecorder(path, animation_display, "color", title=f"{program.title or program.name} - {what}")
            with tempfile.TemporaryDirectory(prefix="vconsole-gallery-") as tmp:
                outcome = run_script(program, script, animation_display, Path(tmp) / "TOYS", idle_limit=limit,
                                     page=page)
            if outcome.failures:
                raise GalleryError("; ".join(outcome.failures))
            result.players[program.name] = path
            say(f"{program.name}: {what} as a web player in {path.name} ({page.size:,} bytes)")
    try:
        result.index = write_index(out, programs, result, displays, monitors)
    except OSError as e:
        raise GalleryError(f"cannot write {out / 'index.html'}: {e.strerror or e}") from None
    return result


def outputs(out: Path, programs: list[Program], displays: Sequence[str], monitors: Sequence[str], animate: bool,
            players: bool = True) -> list[Path]:
    """Every file ``gallery`` writes into ``out``."""
    paths = []
    for program in programs:
        name = program.name.lower()
        paths += [out / f"{name}-{d}-{m}.png" for d in displays for m in monitors]
        if animate:
            paths.append(out / f"{name}.gif")
        if players:
            paths.append(out / f"{name}-player.html")
    return paths + [out / "index.html"]


class GalleryError(Exception):
    """An animated capture that could not be written (the message names it)."""


def write_index(out: Path, programs: list[Program], result: GalleryResult, displays: Sequence[str],
                monitors: Sequence[str]) -> Path:
    """index.html: per program a table (displays down, monitors across) and its animated capture."""
    shots = {(s.program, s.display, s.monitor): s.path for s in result.shots}
    esc = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>vconsole gallery</title>",
             "<style>body{background:#222;color:#ddd;font-family:sans-serif}"
             "img{max-width:100%;image-rendering:pixelated}td,th{padding:4px;vertical-align:top}"
             "th{font-weight:normal;color:#aaa}a{color:#9cf}.row{display:flex;flex-wrap:wrap;gap:12px;"
             "align-items:flex-start}iframe{border:0;width:min(740px,96vw);height:560px;background:#111}"
             "</style></head><body>",
             "<h1>vconsole gallery</h1>",
             "<p>Every program after its tour, on every display adapter and monitor; made by "
             "<code>vconsole gallery</code>.</p>"]
    if result.players:
        parts.append("<p>Beside the pictures, each program plays by itself in a web player: pixel-exact and with its "
                     "sound (click play; space, arrows, <kbd>f</kbd> and <kbd>m</kbd> work too). Each player is one "
                     "file that needs no network: save it, send it, link a moment with <code>#t=SECONDS</code>.</p>")
    for program in programs:
        parts.append(f"<h2>{esc(program.name)}</h2><p>{esc(program.summary)}</p>")
        player = result.players.get(program.name)
        if player is not None:
            what = "attract mode" if program.attract else "tour"
            parts.append(f'<div class="row"><div><iframe src="{esc(player.name)}" title="{esc(program.name)} {what}">'
                         f'</iframe><br><a href="{esc(player.name)}">{what}, full page</a></div><div>')
        anim = result.animations.get(program.name)
        if anim is not None:
            what = "attract mode" if program.attract else "tour"
            parts.append(f'<p><img src="{esc(anim.name)}" alt="{esc(program.name)} {what}"><br>{what}</p>')
        parts.append("<table><tr><th></th>" + "".join(f"<th>{esc(m)}</th>" for m in monitors) + "</tr>")
        for display in displays:
            cells = []
            for monitor in monitors:
                path = shots.get((program.name, display, monitor))
                cells.append(f'<td><img src="{esc(path.name)}" alt="{esc(program.name)} on {esc(display)}, '
                             f'{esc(monitor)} monitor"></td>' if path else "<td></td>")
            parts.append(f"<tr><th>{esc(display)}</th>{''.join(cells)}</tr>")
        parts.append("</table>")
        if player is not None:
            parts.append("</div></div>")
    parts.append("</body></html>")
    path = out / "index.html"
    atomic_write(path, ("\n".join(parts) + "\n").encode("utf-8"))
    return path


# -- the commands --------------------------------------------------------------------------------------

def _programs(names: list[str] | None) -> list[Program]:
    if not names:
        return list(discover().values())
    out = []
    for name in names:
        try:
            out.append(find(name))
        except UnknownProgram:
            raise CliError(f"no program called {name} is installed") from None
    return out


def main(argv: list[str]) -> int:
    p = Parser(prog="vconsole gallery",
               description="Every installed program through its tour, on every display and monitor: "
                           "PNG pictures, one animated capture each and an index.html.")
    p.add_argument("dir", type=Path, help="folder to write the gallery into (made when missing)")
    p.add_argument("--programs", nargs="+", metavar="NAME", help="only these programs (default: all installed)")
    p.add_argument("--displays", nargs="+", choices=DISPLAYS, default=list(DISPLAYS), metavar="D",
                   help=f"display adapters (default: {' '.join(DISPLAYS)})")
    p.add_argument("--monitors", nargs="+", choices=MONITORS, default=list(GALLERY_MONITORS), metavar="M",
                   help=f"monitors (default: {' '.join(GALLERY_MONITORS)})")
    p.add_argument("--scale", type=scale, default=1, metavar="N",
                   help="the 4:3 shape a monitor showed, N pixels across per pixel (default 1)")
    p.add_argument("--native", action="store_true", help="native pixels, exactly what the card generated")
    p.add_argument("--no-animation", action="store_true", help="no animated GIF captures")
    p.add_argument("--seconds", type=seconds, default=ATTRACT_SECONDS, help="length of each attract capture")
    p.add_argument("--no-player", action="store_true", help="no web players (pictures only, with --no-animation)")
    p.add_argument("--player-seconds", type=seconds, default=PLAYER_SECONDS,
                   help=f"length of each web player's attract run (default {PLAYER_SECONDS:.0f})")
    args = p.parse_intermixed_args(argv)
    if args.dir.exists() and not args.dir.is_dir():
        raise CliError(f"{args.dir} is not a folder")
    programs = _programs(args.programs)
    try:
        args.dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CliError(f"cannot make the folder {args.dir}: {e.strerror or e}") from None
    for path in outputs(args.dir, programs, args.displays, args.monitors, not args.no_animation, not args.no_player):
        check_output("gallery", path)  # a name taken by a folder is said now, not after every run
    try:
            result = gallery(args.dir, programs, args.displays, args.monitors, None if args.native else args.scale,
                         animate=not args.no_animation, seconds=args.seconds,
                         animation_display="ega" if "ega" in args.displays else args.displays[0],
                         say=lambda line: print(f"vconsole gallery: {line}", file=sys.stderr),
                         players=not args.no_player, player_seconds=args.player_seconds)
    except OSError as e:
        print(f"vconsole: gallery: cannot write {e.filename or args.dir}: {e.strerror or e}", file=sys.stderr)
        return 1
    except GalleryError as e:
        print(f"vconsole: gallery: {e}", file=sys.stderr)
        return 1
    print(f"vconsole gallery: {len(result.shots)} pictures, {len(result.animations)} animations and"
          f" {len(result.players)} web players; open {result.index}", file=sys.stderr)
    return 0


def attract_main(argv: list[str]) -> int:
    p = Parser(prog="vconsole attract",
               description="Record a program's attract mode (its demo, or computer against "
                           "computer) as an animated capture.")
    p.add_argument("program", help="the program, e.g. mill")
    p.add_argument("out", type=Path, metavar="OUT.gif|OUT.png", help="the capture: GIF, or APNG for .png")
    p.add_argument("--seconds", type=seconds, default=30.0, help="machine seconds after the attract keys (default 30)")
    p.add_argument("--display", choices=sorted(ADAPTERS), default="ega", help="display adapter (default ega)")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--scale", type=scale, default=None, metavar="N",
                   help="the 4:3 shape a monitor showed, N pixels across per pixel (default: native pixels)")
    p.add_argument("--video-rate", type=rate, default=None, metavar="HZ",
                   help="frames a second (default: the adapter's refresh rate; a GIF at most 50)")
    p.add_argument("--seed", type=int, default=SEED, help=f"seed of the program's random numbers (default {SEED})")
    p.add_argument("--record-audio", type=Path, metavar="FILE.wav", help="the speaker as well, to a WAV file")
    args = p.parse_args(argv)
    video_format(args.out)
    if not args.seconds > 0:
        raise CliError("--seconds must be above 0")
    check_output("OUT", args.out)
    check_type("--record-audio", args.record_audio, *OUTPUT_TYPES["record_audio"])
    check_output("--record-audio", args.record_audio)
    (program,) = _programs([args.program])
    if not program.attract:
        with_one = ", ".join(p.name for p in discover().values() if p.attract) or "none yet"
        raise CliError(f"{program.name} declares no attract mode (programs that do: {with_one})")
    video = VideoRecorder(args.out, args.display, args.monitor, scale=args.scale, rate=args.video_rate)
    script = f"{program.attract} wait:{int(args.seconds * 1000)}"
    with tempfile.TemporaryDirectory(prefix="vconsole-attract-") as tmp:
        outcome = run_script(program, script, args.display, Path(tmp) / "TOYS", idle_limit=0.0, video=video,
                             seed=args.seed, record_audio=args.record_audio)
    for line in outcome.failures:
        print(f"vconsole: {line}", file=sys.stderr)
    if outcome.failures:
        return 1
    print(f"vconsole attract: {program.name} captured in {args.out} ({video.frames} frames,"
          f" {outcome.elapsed:.1f} s)", file=sys.stderr)
    return 0
