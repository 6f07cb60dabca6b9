"""``vconsole render``: a raw screen dump to the PNG that adapter would have shown.

A dump is the 4000 bytes of video memory (B800:0000 on colour cards, B000:0000
on mono ones), 160 bytes a row of character/attribute pairs, as BSAVE or an
ANSI-art .BIN kept it.  The dump holds no registers, so the ones that change
the picture are options: the overscan colour, the blink-versus-bright-background
bit, the hardware cursor, and which retrace (frame) to show, since blinking
text and the cursor depend on the retrace count.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..adapters import ADAPTERS, MONITORS
from ..video import DUMP_SIZE, ScreenState

EXIT_USAGE = 2
HIDDEN_CURSOR = (0x20, 0x00)  # CX=2000h: the CRTC's "cursor off" (bit 5 of the start line)


class RenderError(Exception):
    """A mistake in the command or its files: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake as one line instead of usage text and SystemExit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise RenderError(message)


def _int(text: str) -> int:
    """Decimal, 0x1F or DOS-style 1Fh."""
    t = text.strip().lower()
    try:
        return int(t[:-1], 16) if t.endswith("h") else int(t, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _ranged(lo: int, hi: int, what: str):
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
    if not (0 <= row < 25 and 0 <= col < 80):
        raise argparse.ArgumentTypeError(f"cursor cell {row},{col} is off the 80x25 screen")
    if not (0 <= start <= 0x3F and 0 <= end <= 0x1F):
        raise argparse.ArgumentTypeError(f"cursor lines {start},{end}: start 0-63 (32+ hides), end 0-31")
    return row, col, start, end


def _parser() -> _Parser:
    p = _Parser(prog="vconsole render",
                description="Render a 4000-byte text-mode screen dump to PNG as a display adapter showed it.")
    p.add_argument("dump", type=Path, help="raw dump: 80x25 (character, attribute) byte pairs, 4000 bytes")
    p.add_argument("--display", required=True, type=str.lower, choices=sorted(ADAPTERS), help="display adapter")
    p.add_argument("--png", required=True, type=Path, metavar="OUT", help="PNG file to write")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--border", type=_ranged(0, 15, "border colour"), default=0, metavar="C",
                   help="overscan colour 0-15 (colour cards only)")
    p.add_argument("--frame", type=_ranged(0, 10**9, "frame"), default=0, metavar="N",
                   help="retrace count: picks the blink and cursor phase (default 0)")
    p.add_argument("--cursor", type=_cursor, default=None, metavar="ROW,COL,START,END",
                   help="hardware cursor (default: hidden, as a dump does not record it)")
    p.add_argument("--no-blink", action="store_true", help="attribute bit 7 means bright background, not blink")
    p.add_argument("--scale", type=_ranged(1, 16, "scale"), default=None, metavar="N",
                   help="the picture as a 4:3 monitor shows it, N pixels across per pixel, lines spread"
                        " evenly down (default: native pixels, exactly what the card generated)")
    return p


def _read_dump(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(DUMP_SIZE + 1)
    except OSError as e:
        raise RenderError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) != DUMP_SIZE:
        size = "more than 4000" if len(data) > DUMP_SIZE else str(len(data))
        raise RenderError(f"{path} is {size} bytes; a screen dump is exactly {DUMP_SIZE}"
                          " (80x25 cells of character, attribute)")
    return data


def render(args: argparse.Namespace):
    """The picture for the PNG (H, W, 3 uint8): native pixels, or the 4:3 display with --scale."""
    from ..capture import to_display
    from ..render import render_frame

    row, col, start, end = args.cursor or (0, 0, *HIDDEN_CURSOR)
    state = ScreenState.from_dump(_read_dump(args.dump), cursor_row=row, cursor_col=col,
                                  cursor_start=start, cursor_end=end, blink=not args.no_blink,
                                  border=args.border)
    adapter = ADAPTERS[args.display]
    frame = render_frame(state, adapter, args.monitor, args.frame)
    return to_display(frame, adapter, args.scale) if args.scale else frame


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[2:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
        picture = render(args)
        from ..capture import save_png

        try:
            save_png(picture, args.png)
        except OSError as e:
            raise RenderError(f"cannot write {args.png}: {e.strerror or e}") from None
    except RenderError as e:
        print(f"vconsole render: {e}", file=sys.stderr)
        return EXIT_USAGE
    return 0
