"""``vconsole view FILE...``: DOS art on the emulated screen, scrolled like an art viewer of the time.

The viewer is a program like any other (it runs in the window or headless with --keys): it
copies 25 rows x 80 columns of the picture into video memory, sets the card up the way the
file asks (iCE colours switch blinking off, an XBin's palette and font, a PC font SAUCE
names; see art.look, whole=False: the 80x25 screen keeps its cell size) and moves over the
picture on keys:

    Up / Down          one row               wheel       three rows a notch
    PgUp / PgDn        a screen (25 rows)    Home / End  the top / the bottom
    Left / Right       8 columns             Ctrl+Left / Ctrl+Right   a screen (80 columns)
    N / P              next / previous file  I           the file's SAUCE and notes
    F1 or H            these keys            Esc or Q    quit

Art wider than 80 columns (160-column .BIN) is seen 80 columns at a time and scrolled
across with Left and Right.  Files named on the command line are read before the screen
opens (a bad one ends the command with one line); files found in a folder are read when
shown, and one that cannot be read says why on the screen.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..disk import Drive
from ..keyboard import Key
from ..machine import Machine, MachineConfig
from ..mouse import MouseEvent
from ..names import ADAPTER_NAMES, DEFAULT_DISPLAY, MONITORS, host_path
from ..program import Dos, Program, RunOptions, run_program
from ..video import COLS, ROWS
from .art import EXTENSIONS, MAX_WIDTH, Art, ArtError, load
from .art.look import look
from .command import parse_with_settings
from .options import CliError, Parser, check_drive, scale, whole
from .runs import run_headless, run_window

EXIT_USAGE = 2
WHEEL_ROWS = 3
SIDE_STEP = 8
CACHE = 8  # pictures kept read while paging through a folder

HELP = [
    "Up Down        one row          PgUp PgDn   a screen",
    "Home End       top, bottom      Wheel       three rows",
    "Left Right     8 columns        Ctrl+Left Ctrl+Right  80 columns",
    "N P            next, previous file",
    "I              what the file says about itself (SAUCE)",
    "F1 H           these keys       Esc Q       quit",
]


def _parser() -> Parser:
    p = Parser(prog="vconsole view", description="Show DOS art files (.ANS, .BIN, .XB ...) on the emulated"
                                                  " screen, scrolled like a DOS art viewer.")
    p.add_argument("files", nargs="+", type=Path, help="art files, or folders to show the art files of")
    p.add_argument("--display", choices=ADAPTER_NAMES, default=DEFAULT_DISPLAY,
                   help=f"display adapter (default {DEFAULT_DISPLAY}, as for every command)")
    p.add_argument("--monitor", choices=list(MONITORS), default="color", help="monitor (default color)")
    p.add_argument("--width", type=whole(1, MAX_WIDTH), default=None, metavar="COLS",
                   help="columns of a .BIN or ANSI text that has no SAUCE to say (default 80)")
    p.add_argument("--no-mouse", action="store_true", help="no mouse driver loaded")
    p.add_argument("--mute", action="store_true", help="silence the speaker (timing unchanged)")
    p.add_argument("--drive", type=host_path, default=None, help="host folder used as the DOS directory")
    p.add_argument("--seed", type=int, default=None, help="seed for the random numbers")
    p.add_argument("--headless", action="store_true", help="no window: scripted input on a virtual clock")
    p.add_argument("--keys", metavar="SCRIPT", help="key script (text, or @FILE to read it from a file)")
    p.add_argument("--screenshot", type=Path, metavar="FILE.png", help="PNG of the screen when the run ends")
    p.add_argument("--dump-text", type=Path, metavar="FILE", help="the 25 text rows when the run ends")
    p.add_argument("--scale", type=scale, default=None, metavar="N",
                   help="window scale, or for --screenshot the 4:3 picture at N pixels across per pixel")
    return p


class Entry:
    """One file to show: read already (named on the command line) or when first shown (from a folder)."""

    def __init__(self, path: Path, art: Art | None = None) -> None:
        self.path, self.art = path, art
        self.error: str | None = None
        self.named = art is not None  # read before the screen opened: kept

    def get(self, width: int | None) -> Art | None:
        if self.art is None and self.error is None:
            try:
                self.art = load(self.path, width=width)
            except ArtError as e:
                self.error = str(e).replace(str(self.path), self.path.name)  # the screen is 80 columns
        return self.art

    def forget(self) -> None:
        if not self.named:
            self.art = None


def collect(paths: list[Path], width: int | None) -> list[Entry]:
    """The files to page through, in the order given; a folder's art files sorted by name."""
    entries: list[Entry] = []
    for path in paths:
        if path.is_dir():
            found = sorted((p for p in path.iterdir() if p.is_file() and p.suffix.lower() in EXTENSIONS),
                           key=lambda p: p.name.lower())
            if not found:
                raise CliError(f"{path}: no art files there ({', '.join(EXTENSIONS)})")
            entries += [Entry(p) for p in found]
        else:
            try:
                entries.append(Entry(path, load(path, width=width)))
            except ArtError as e:
                raise CliError(str(e)) from None
    return entries


class Viewer:
    """The loop: draw the part of the picture in view, act on a key or the wheel."""

    def __init__(self, dos: Dos, entries: list[Entry], width: int | None = None) -> None:
        from ..toolkit.theme import Palette

        self.dos, self.entries, self.width = dos, entries, width
        self.theme = Palette(colour={}, mono={}).pick(dos.mono_display)
        self.index = 0
        self.top = self.left = 0
        self._recent: list[Entry] = []  # folder files read, most recently shown last

    # -- what is shown -------------------------------------------------------------------------------
    @property
    def art(self) -> Art | None:
        return self.entries[self.index].get(self.width)

    def open(self, index: int) -> None:
        self.index = index % len(self.entries)
        entry = self.entries[self.index]
        if not entry.named:
            if entry in self._recent:
                self._recent.remove(entry)
            self._recent.append(entry)
            while len(self._recent) > CACHE:
                self._recent.pop(0).forget()
        self.top = self.left = 0
        self.dos.machine.program_name = f"VIEW {entry.path.name.upper()}"
        self.set_card()
        self.draw()

    def set_card(self) -> None:
        """Program the card for the picture: blink or iCE, its palette and character set."""
        scr, art = self.dos.screen, self.art
        scr.hide_cursor()
        if art is None:
            self.plain_card()
            return
        lk = look(art, self.dos.machine.adapter, whole=False)
        scr.set_blink(lk.blink)
        scr.set_palette(lk.palette)
        scr.load_font(lk.font)

    def plain_card(self) -> None:
        scr = self.dos.screen
        scr.set_blink(True)
        scr.set_palette(None)
        scr.load_font(None)

    def limits(self) -> tuple[int, int]:
        art = self.art
        if art is None:
            return 0, 0
        return max(0, art.rows - ROWS), max(0, art.width - COLS)

    def draw(self) -> None:
        scr, art = self.dos.screen, self.art
        scr.clear(0x07)
        scr.hide_cursor()
        if art is None:
            import textwrap

            lines = textwrap.wrap(self.entries[self.index].error or "", COLS - 4)[:ROWS - 4]
            for i, line in enumerate(lines):
                scr.write(2 + i, 2, line, 0x0F if self.dos.mono_display else 0x0C)
            scr.write(3 + len(lines), 2, "N: next file   P: previous file   Esc: quit", 0x07)
            return
        scr.blit(0, 0, art.cells[self.top:self.top + ROWS, self.left:self.left + COLS])

    def scroll(self, rows: int = 0, cols: int = 0) -> None:
        last_top, last_left = self.limits()
        top = min(max(0, self.top + rows), last_top)
        left = min(max(0, self.left + cols), last_left)
        if (top, left) != (self.top, self.left):
            self.top, self.left = top, left
            self.draw()

    # -- panels ------------------------------------------------------------------------------------------
    def info_lines(self) -> list[str]:
        entry, art = self.entries[self.index], self.art
        lines = [f"File:    {entry.path.name}"]
        if art is None:
            return lines + [entry.error or ""]
        lines.append(f"Format:  {art.kind}, {art.width} x {art.rows} cells")
        if art.sauce is None:
            lines.append("No SAUCE record.")
        else:
            lines += art.sauce.describe()
            if art.sauce.comments:
                lines += [""] + list(art.sauce.comments)
        notes = list(art.notes) + list(look(art, self.dos.machine.adapter, whole=False).notes)
        if notes:
            lines += [""] + [f"Note: {n}" for n in notes]
        return lines

    def panel(self, title: str, lines: list[str]) -> None:
        """A panel in the card's own font and colours, the picture's set up again after it."""
        from ..toolkit.pager import show_text
        from ..toolkit.popup import show_panel

        self.plain_card()
        if len(lines) <= ROWS - 4:
            show_panel(self.dos, self.theme, f" {title} ", lines)
        else:
            show_text(self.dos, self.theme, f" {title} ", "\n".join(lines))
        self.set_card()

    # -- the loop ----------------------------------------------------------------------------------------
    def run(self) -> None:
        self.open(0)
        while True:
            ev = self.dos.input()
            if ev is None:  # only a wait with a timeout ends with nothing
                continue
            if isinstance(ev, MouseEvent):
                if ev.kind == "wheel":
                    self.scroll(rows=WHEEL_ROWS * ev.steps)
                continue
            if not self.act(ev):
                return

    def act(self, key: Key) -> bool:
        """Do what a key asks; False to quit."""
        name = key.name
        char = (key.char or "").upper()
        last_top, last_left = self.limits()
        moves = {"Up": (-1, 0), "Down": (1, 0), "PgUp": (-ROWS, 0), "PgDn": (ROWS, 0),
                 "Left": (0, -SIDE_STEP), "Right": (0, SIDE_STEP), "Ctrl+Left": (0, -COLS),
                 "Ctrl+Right": (0, COLS)}
        if name in ("Esc", "F10") or char == "Q":
            return False
        if name in moves:
            self.scroll(*moves[name])
        elif name == "Home":
            self.scroll(-self.top, -self.left)
        elif name == "End":
            self.scroll(last_top - self.top, 0)
        elif char == "N":
            self.open(self.index + 1)
        elif char == "P":
            self.open(self.index - 1)
        elif char == "I":
            self.panel("INFORMATION", self.info_lines())
        elif name == "F1" or char in ("H", "?"):
            self.panel("KEYS", HELP)
        return True


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[2:] if argv is None else argv)
    try:
        args, _ = parse_with_settings(_parser(), argv, intermixed=False)
        entries = collect(args.files, args.width)
        program = Program(name="VIEW", main=lambda dos: Viewer(dos, entries, args.width).run(), hidden=True,
                          summary="shows DOS art files")
        from ..frontends import default_drive

        if args.drive is not None:
            check_drive(args.drive)
        drive = Drive(args.drive or default_drive())
        config = MachineConfig(adapter=args.display, monitor=args.monitor, mouse=not args.no_mouse, mute=args.mute)
        args.record_audio = None

        def target(machine: Machine) -> int:
            return run_program(machine, program, frozenset(), drive, RunOptions(seed=args.seed))

        if args.headless or args.keys is not None:
            return run_headless(args, config, target)
        title = f"vconsole - view {entries[0].path.name}"
        return run_window(args, config, target, title, drive.root.parent / "captures")
    except CliError as e:
        print(f"vconsole view: {e}", file=sys.stderr)
        return EXIT_USAGE
