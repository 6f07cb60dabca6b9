"""``vconsole render``: a screen dump or a piece of DOS art to the picture an adapter showed.

The input is any screen file of the art scene (see vconsole.tools.art): a raw dump (a
.BIN of any size; 4000 bytes is one 80x25 screen of B800:0000), ANSI.SYS text (.ANS and
friends) or an XBin, with its SAUCE record honoured (width, iCE colours, letter spacing,
aspect ratio, font).  Art taller or wider than the screen becomes one picture, drawn as
the card would draw it with more rows and columns (Adapter.text_mode), streamed to the
PNG in strips so its height costs no memory.  A file holds no registers, so the ones
that change the picture are options: the overscan colour, the blink-versus-bright
background bit (iCE colours set it from the file), the hardware cursor, and which retrace
(frame) to show.  ``--gif`` writes the blink animation at the card's own rate instead.

Only the file named with --png or --gif is written; nothing goes beside the input.
"""
from __future__ import annotations

import argparse
import dataclasses
import io
import math
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from ..adapters import ADAPTERS, border_rgb, colour_tables
from ..names import DEFAULT_DISPLAY, MONITORS
from ..video import ScreenState
from .art import MAX_ROWS, MAX_WIDTH, Art, ArtError, load
from .art.look import Look, look
from .options import CliError, Parser

EXIT_USAGE = 2
HIDDEN_CURSOR = (0x20, 0x00)  # CX=2000h: the CRTC's "cursor off" (bit 5 of the start line)
GIF_MAX = 65535  # a GIF's width and height are 16-bit
BAND_ROWS = 200


class RenderError(Exception):
    """A mistake in the command or its files: printed as one line, exit status 2."""


def _int(text: str) -> int:
    """Decimal, 0x1F or DOS-style 1Fh."""
    t = text.strip().lower()
    try:
        return int(t[:-1], 16) if t.endswith("h") else int(t, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _ranged(lo: int, hi: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        n = _int(text)
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"{what} must be {lo}-{hi}, got {text}")
        return n
    return parse


def _cursor(text: str) -> tuple[int, int, int, int]:
    """ROW,COL,START,END in text cells and CGA-style scan lines as INT 10h AH=01h takes them."""
    parts = text.split(",")
    if len(parts) != 4:
        raise argparse.ArgumentTypeError(f"expected ROW,COL,START,END, got {text!r}")
    row, col, start, end = (_int(p) for p in parts)
    if not (0 <= row < MAX_ROWS and 0 <= col < MAX_WIDTH):
        raise argparse.ArgumentTypeError(f"cursor cell {row},{col} is off any picture")
    if not (0 <= start <= 0x3F and 0 <= end <= 0x1F):
        raise argparse.ArgumentTypeError(f"cursor lines {start},{end}: start 0-63 (32+ hides), end 0-31")
    return row, col, start, end


def _parser() -> Parser:
    p = Parser(prog="vconsole render",
                description="Render a screen dump or a piece of DOS art (.BIN, .ANS, .XB, SAUCE honoured)"
                            " as a display adapter showed it, to PNG or to an animated GIF of its blinking.")
    p.add_argument("file", type=Path, help="a .BIN of any size (4000 bytes: one 80x25 screen), .ANS or other"
                                           " ANSI.SYS text, or .XB")
    p.add_argument("--display", default=DEFAULT_DISPLAY, type=str.lower, choices=sorted(ADAPTERS),
                   help=f"display adapter (default {DEFAULT_DISPLAY}, as for every command)")
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("--png", type=Path, metavar="OUT", help="PNG file to write")
    out.add_argument("--gif", type=Path, metavar="OUT",
                     help="animated GIF to write: the blinking at the adapter's rate, looping")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--border", type=_ranged(0, 15, "border colour"), default=0, metavar="C",
                   help="overscan colour 0-15 (colour cards only)")
    p.add_argument("--frame", type=_ranged(0, 10**9, "frame"), default=None, metavar="N",
                   help="retrace count: picks the blink and cursor phase of a PNG (default 0)")
    p.add_argument("--cursor", type=_cursor, default=None, metavar="ROW,COL,START,END",
                   help="hardware cursor (default: hidden, as a file does not record it)")
    p.add_argument("--no-blink", action="store_true",
                   help="attribute bit 7 means bright background, not blink (iCE colours; a file may say so itself)")
    p.add_argument("--scale", type=_ranged(1, 16, "scale"), default=None, metavar="N",
                   help="the picture as a 4:3 monitor shows it, N pixels across per pixel, lines spread"
                        " evenly down (default: native pixels, exactly what the card generated; art whose"
                        " SAUCE asks for square pixels is enlarged N times both ways instead)")
    p.add_argument("--width", type=_ranged(1, MAX_WIDTH, "width"), default=None, metavar="COLS",
                   help="columns of a .BIN or ANSI text that has no SAUCE to say (default 80)")
    return p


@dataclasses.dataclass
class Job:
    """What to draw: the art, the card set up for it, the screen state, the picture's shape."""

    art: Art
    look: Look
    state: ScreenState
    shape: str  # "native", "monitor" (4:3) or "square"
    scale: int


def prepare(args: argparse.Namespace) -> Job:
    try:
        art = load(args.file, width=args.width)
    except ArtError as e:
        raise RenderError(str(e)) from None
    adapter = ADAPTERS[args.display]
    lk = look(art, adapter, whole=True)
    row, col, start, end = args.cursor or (0, 0, *HIDDEN_CURSOR)
    if args.cursor and not (row < art.rows and col < art.width):
        raise RenderError(f"cursor cell {row},{col} is off the {art.width}x{art.rows} screen")
    state = ScreenState(cells=art.cells, cursor_row=row, cursor_col=col, cursor_start=start, cursor_end=end,
                        blink=lk.blink and not args.no_blink, border=args.border, font=lk.font,
                        palette=lk.palette)
    if art.aspect == "square":
        shape = "square" if args.scale else "native"
    elif args.scale or art.aspect == "legacy":
        shape = "monitor"
    else:
        shape = "native"
    return Job(art, lk, state, shape, args.scale or 1)


def bands(job: Job, monitor: str, frame: int) -> Iterator[np.ndarray]:
    """The picture in horizontal strips, in its shape (see capture.display_bands)."""
    from ..capture import display_bands, scale_frame
    from ..render import frame_bands

    strips = frame_bands(job.state, job.look.adapter, monitor, frame, band_rows=BAND_ROWS)
    if job.shape == "monitor":
        return display_bands(strips, job.look.adapter, job.scale)
    if job.shape == "square" and job.scale > 1:
        return (scale_frame(s, job.scale, job.scale) for s in strips)
    return strips


def picture_size(job: Job) -> tuple[int, int]:
    from ..capture import display_size
    from ..render import frame_size

    a = job.look.adapter
    if job.shape == "monitor":
        return display_size(a, job.scale)
    w, h = frame_size(a)
    return w * job.scale, h * job.scale


def render(args: argparse.Namespace) -> np.ndarray:
    """The whole picture as one (H, W, 3) uint8 array (tests; the command itself streams it)."""
    job = prepare(args)
    return np.concatenate(list(bands(job, args.monitor, args.frame or 0)))


# -- the blink animation ------------------------------------------------------------------------------

def gif_timeline(job: Job) -> list[tuple[int, int]]:
    """(retrace to draw, centiseconds to show it) for one loop of the animation.

    Blinking text changes every `text_blink_frames` retraces, a shown cursor every
    `cursor_blink_frames`; a still picture is one frame.  A GIF counts time in
    hundredths of a second, so the steps' durations are rounded with the error
    carried on, over as many cycles (1-4) as keep the loop's drift smallest.
    """
    a, st = job.look.adapter, job.state
    cursor = bool(a.cursor_mask(st.cursor_start, st.cursor_end).any())
    blinking = st.blink and bool((st.cells[..., 1] & 0x80).any())
    if not (cursor or blinking):
        return [(0, 0)]
    halves = ([a.text_blink_frames] if blinking else []) + ([a.cursor_blink_frames] if cursor else [])
    unit = math.gcd(*halves)
    cycle = math.lcm(*(2 * h for h in halves))
    steps = cycle // unit
    unit_cs = 100.0 * unit / a.refresh_hz

    def drift(loops: int) -> float:
        total = loops * steps * unit_cs
        return abs(round(total) - total) / loops

    loops = min(range(1, 5), key=drift)
    timeline: list[tuple[int, int, tuple[bool, bool]]] = []  # (retrace, hundredths, what shows)
    for k in range(loops * steps):
        cs = round((k + 1) * unit_cs) - round(k * unit_cs)
        retrace = (k % steps) * unit
        key = (a.text_visible(retrace) or not blinking, a.cursor_visible(retrace) or not cursor)
        if timeline and timeline[-1][2] == key:
            first, length, _ = timeline[-1]
            timeline[-1] = (first, length + cs, key)
        else:
            timeline.append((retrace, cs, key))
    return [(r, cs) for r, cs, _ in timeline]


def _colour_set(job: Job, monitor: str) -> np.ndarray:
    """Every colour the picture can hold, packed 0xRRGGBB and sorted: the GIF's palette."""
    a, st = job.look.adapter, job.state
    found = [border_rgb(a, st.border, monitor, st.palette)[None]]
    for text_on in (True, False):
        fg, bg = colour_tables(a, monitor, st.blink, text_on, st.palette)
        found += [fg, bg]
    rgb = np.concatenate(found).astype(np.uint32)
    return np.unique((rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2])


def write_gif(job: Job, monitor: str, path: Path) -> None:
    from PIL import Image

    from ..disk import atomic_write

    width, height = picture_size(job)
    if width > GIF_MAX or height > GIF_MAX:
        raise RenderError(f"{job.art.name}: the picture would be {width}x{height} pixels; a GIF holds at most"
                          f" {GIF_MAX} each way (write a PNG instead)")
    colours = _colour_set(job, monitor)
    palette = np.stack([(colours >> 16) & 0xFF, (colours >> 8) & 0xFF, colours & 0xFF], axis=1).astype(np.uint8)
    images, durations = [], []
    for retrace, cs in gif_timeline(job):
        index = np.empty((height, width), dtype=np.uint8)
        row = 0
        for strip in bands(job, monitor, retrace):
            packed = ((strip[..., 0].astype(np.uint32) << 16) | (strip[..., 1].astype(np.uint32) << 8)
                      | strip[..., 2])
            idx = np.minimum(np.searchsorted(colours, packed), len(colours) - 1)
            if not np.array_equal(colours[idx], packed):
                raise RuntimeError("a colour outside the card's tables")  # a bug, not a user's mistake
            index[row:row + len(strip)] = idx
            row += len(strip)
        image = Image.fromarray(index, mode="P")
        image.putpalette(palette.reshape(-1).tolist())
        images.append(image)
        durations.append(cs * 10)
    buf = io.BytesIO()
    if len(images) == 1:
        images[0].save(buf, format="GIF")
    else:
        images[0].save(buf, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
    try:
        atomic_write(path, buf.getvalue())
    except OSError as e:
        raise RenderError(f"cannot write {path}: {e.strerror or e}") from None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[2:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
        if args.gif is not None and args.frame is not None:
            raise RenderError("--frame picks one picture for --png; --gif shows every blink phase")
        for option, out, suffix in (("--png", args.png, ".png"), ("--gif", args.gif, ".gif")):
            if out is not None and out.suffix and out.suffix.lower() != suffix:
                raise RenderError(f"{option} {out}: the file would be {suffix[1:].upper()}, not"
                                  f" {out.suffix[1:].upper()}: name it with {suffix}")
            if out is not None and not out.absolute().parent.is_dir():
                raise RenderError(f"cannot write {out}: no such directory")
        job = prepare(args)
        for note in job.art.notes + job.look.notes:
            print(f"vconsole render: {args.file}: {note}", file=sys.stderr)
        if args.gif is not None:
            write_gif(job, args.monitor, args.gif)
        else:
            from ..capture import save_png_bands

            try:
                save_png_bands(bands(job, args.monitor, args.frame or 0), args.png)
            except OSError as e:
                raise RenderError(f"cannot write {args.png}: {e.strerror or e}") from None
    except (RenderError, CliError) as e:  # CliError: the options themselves
        print(f"vconsole render: {e}", file=sys.stderr)
        return EXIT_USAGE
    return 0
