"""Screen files of the DOS art scene: .BIN, .ANS (and other ANSI.SYS text), .XB, with SAUCE.

``load(path)`` reads a file into an ``Art``: its cells on a canvas as tall as the art, what
its SAUCE record says, and the colours and character set an XBin brings.  The readers know
file formats and DOS, nothing of any program; ``look`` says how a card is set up to show
the result.  Limits keep hostile files bounded: at most MAX_INPUT bytes are read (a larger
file is refused before reading), canvases stop at MAX_ROWS rows and MAX_WIDTH columns.
Every refusal is an ArtError whose message names the file and the problem in one line.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...adapters import DacPalette
from ...disk import read_regular
from ...fonts import Glyphs
from . import ansi, binary
from .sauce import Sauce, split

__all__ = ["Art", "ArtError", "load", "parse", "MAX_INPUT", "MAX_ROWS", "MAX_WIDTH", "EXTENSIONS"]

MAX_INPUT = 16 * 2**20
MAX_ROWS = 10_000
MAX_WIDTH = 1024
#: what a folder given to the viewer is searched for
EXTENSIONS = (".ans", ".asc", ".bin", ".xb", ".xbin", ".ice", ".diz", ".nfo", ".drk", ".txt")
_NOT_TEXT = {2: "a bitmap picture", 3: "a vector drawing", 4: "a sound file", 7: "an archive", 8: "a program"}


class ArtError(Exception):
    """A file that cannot be shown: the message is one line naming the file and the problem."""


@dataclass(frozen=True)
class Art:
    """A picture in text cells and what its file says about showing it."""

    cells: np.ndarray  # (rows, width, 2) uint8, read-only: character, attribute
    kind: str  # "BIN", "ANSI" or "XBIN"
    sauce: Sauce | None = None
    ice: bool = False  # attribute bit 7 is a bright background, not blink
    font: Glyphs | None = None  # an XBin's own character set
    palette: DacPalette | None = None  # an XBin's own colours
    notes: tuple[str, ...] = ()  # what was odd and how it was taken
    name: str = ""

    @property
    def rows(self) -> int:
        return int(self.cells.shape[0])

    @property
    def width(self) -> int:
        return int(self.cells.shape[1])

    @property
    def letter_spacing(self) -> int | None:
        return self.sauce.letter_spacing if self.sauce else None

    @property
    def aspect(self) -> str | None:
        return self.sauce.aspect if self.sauce else None

    @property
    def font_name(self) -> str:
        return self.sauce.font_name if self.sauce else ""


def load(path: str | os.PathLike[str], width: int | None = None) -> Art:
    """Read and interpret an art file; `width` overrides the columns of a .BIN or ANSI text."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise ArtError(f"{path} is a folder, not a file")
        if size > MAX_INPUT:
            raise ArtError(f"{path} is {_megabytes(size)}; art files are read up to {_megabytes(MAX_INPUT)}")
        data = read_regular(path, MAX_INPUT)  # a pipe or a device is refused at once, never read
    except OSError as e:
        raise ArtError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > MAX_INPUT:  # it grew while we looked
        raise ArtError(f"{path} is larger than {_megabytes(MAX_INPUT)}; art files are read up to that")
    return parse(data, path.name, width=width, label=str(path))


def _megabytes(n: int) -> str:
    return f"{n / 2**20:.0f} MB" if n >= 2**20 else f"{n} bytes"


def parse(data: bytes, name: str = "", width: int | None = None, label: str | None = None) -> Art:
    """Interpret a whole file's bytes; `name` (its file name) helps tell the format when SAUCE does not."""
    label = label or name or "the file"
    if len(data) > MAX_INPUT:
        raise ArtError(f"{label} is larger than {_megabytes(MAX_INPUT)}; art files are read up to that")
    if width is not None and not 1 <= width <= MAX_WIDTH:
        raise ArtError(f"{label}: a width of {width} columns; choose 1 to {MAX_WIDTH}")
    content, sauce, notes = split(data)
    kind = _kind(content, sauce, name, label)
    try:
        if kind == "XBIN":
            pic = binary.read_xbin(content, MAX_ROWS, MAX_WIDTH)
            cells, ice, font, palette = pic.cells, pic.ice, pic.font, pic.palette
            notes += pic.notes
        else:
            columns = width or (sauce.width if sauce else None) or 80
            if columns > MAX_WIDTH:
                raise ValueError(f"its SAUCE gives {columns} columns, more than the {MAX_WIDTH} vconsole shows"
                                 f" (--width COLS reads it at another width)")
            if kind == "BIN":
                pic = binary.read_bin(content, columns, MAX_ROWS)
                cells = pic.cells
                notes += pic.notes
            else:
                played = ansi.interpret(content, columns, MAX_ROWS)
                cells = played.cells
                notes += played.notes
                if not len(cells):  # the reason (cut at MAX_ROWS, too many codes) is the point of the message
                    raise ValueError("it draws nothing" + (f" ({'; '.join(played.notes)})" if played.notes else ""))
                if sauce and sauce.data_type == 1 and sauce.file_type in (4, 5, 8):
                    notes.append(f"its {sauce.kind.split(' / ')[1]} codes are not interpreted, only ANSI.SYS's")
            ice, font, palette = bool(sauce and sauce.ice), None, None
    except ValueError as e:
        raise ArtError(f"{label}: {e}") from None
    cells = np.ascontiguousarray(cells, dtype=np.uint8)
    cells.flags.writeable = False
    return Art(cells=cells, kind=kind, sauce=sauce, ice=ice, font=font, palette=palette, notes=tuple(notes),
               name=name)


def _kind(content: bytes, sauce: Sauce | None, name: str, label: str) -> str:
    """XBIN by its header or SAUCE; BIN by SAUCE or its extension; anything else is ANSI.SYS text."""
    if content.startswith(binary.XBIN_MAGIC):
        return "XBIN"
    if sauce is not None:
        if sauce.data_type == 6:
            return "XBIN"
        if sauce.data_type == 5:
            return "BIN"
        if sauce.data_type in _NOT_TEXT:
            raise ArtError(f"{label}: its SAUCE says it is {_NOT_TEXT[sauce.data_type]}, not text-mode art")
        if sauce.data_type == 1 and sauce.file_type == 3:
            raise ArtError(f"{label}: it is RIPscrip (vector graphics), not text-mode art")
        if sauce.data_type == 1:
            return "ANSI"
    ext = Path(name).suffix.lower()
    if ext == ".bin":
        return "BIN"
    if ext in (".xb", ".xbin"):
        return "XBIN"
    return "ANSI"
