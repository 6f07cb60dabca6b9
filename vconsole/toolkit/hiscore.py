"""High-score tables: the N best results, kept in a text file in the program's DOS directory.

String of Pearls' scores, Anciento's hall of fame and Spider's Hit Parade are the same
thing: the ``size`` best entries (name, score, date and a game's own extra fields),
higher or lower being better, a new entry going below older equal ones (the first to
reach a score keeps the place).  The file is plain text a player can read with TYPE:

    HISCORE 1
    9800|03-14-94|ALICE|moves=35

It is read through ``Drive.load_text``, so a file the table cannot understand is moved
aside as NAME.BAD with one line saying so, and the table starts empty with nothing else
lost; it is written atomically through the drive, and a write that fails (a read-only
folder, a full disk) comes back as a one-line message for the screen, never raised and
never swallowed.  The date is the program's to give: the toolkit reads no clock.

``show_table`` pops the table up (the new entry marked); ``enter_name`` asks for a name
in a panel; ``add_score`` is the whole ritual: qualify, ask the name, insert, save, show.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from vconsole.disk import DiskError, Drive, dos_name
from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent

from .controls import DEFAULT, Controls
from .lineinput import read_line
from .popup import Panel, wait_any
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

HEADER = "HISCORE 1"
SEP = "|"
NAME_WIDTH = 20
#: what a table's file may hold: a score out of this range, or a longer name, date or field,
#: was not written by a program (it would overflow the table's panel), so the file is set aside
SCORE_RANGE = (0, 999_999_999)
DATE_WIDTH = 10
FIELD_WIDTH = 20


def name_char(ch: str) -> bool:
    """What a name may hold: printable characters but the file's separator."""
    return ch.isprintable() and ch != SEP and len(ch) == 1


@dataclass(frozen=True)
class Entry:
    name: str
    score: int
    date: str = ""
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        for text in (self.name, self.date, *self.extra.values()):
            if SEP in text or "\n" in text or "\r" in text:
                raise ValueError(f"{text!r}: a high-score field cannot hold '|' or a line break")


class HiScoreTable:
    """The ``size`` best entries of one file; ``higher`` says which way is better."""

    def __init__(self, drive: Drive, filename: str, *, size: int = 10, higher: bool = True,
                 fields: Sequence[str] = (), scores: tuple[int, int] = SCORE_RANGE) -> None:
        if size < 1:
            raise ValueError("a high-score table holds at least one entry")
        self.drive = drive
        self.filename = dos_name(filename)
        self.size, self.higher = size, higher
        self.fields = tuple(fields)
        self.scores = scores  # the lowest and highest score a game can make
        self.entries: list[Entry] = []
        self.added: list[Entry] = []  # inserted since the file was read: what a save merges in

    # -- order ------------------------------------------------------------------------------
    def better(self, a: int, b: int) -> bool:
        """Is score ``a`` strictly better than ``b``?"""
        return a > b if self.higher else a < b

    def _sort(self) -> None:
        # stable: of equal scores, the one already there (or earlier in the file) stays above
        self.entries.sort(key=lambda e: -e.score if self.higher else e.score)
        del self.entries[self.size:]

    def qualifies(self, score: int) -> bool:
        """Would ``score`` get a place?  Always while the table is not full."""
        return len(self.entries) < self.size or self.better(score, self.entries[-1].score)

    def insert(self, entry: Entry) -> int | None:
        """Put ``entry`` in its place: its rank (1 is best), or None when it does not qualify."""
        if not self.qualifies(entry.score):
            return None
        rank = next((i for i, e in enumerate(self.entries) if self.better(entry.score, e.score)),
                    len(self.entries))
        self.entries.insert(rank, entry)
        del self.entries[self.size:]
        self.added.append(entry)
        return rank + 1

    def rank_of(self, entry: Entry) -> int | None:
        """Where ``entry`` (this very one) stands now, 1 the best; None when it is no longer in."""
        return next((i + 1 for i, e in enumerate(self.entries) if e is entry), None)

    # -- the file -----------------------------------------------------------------------------
    def format(self) -> str:
        lines = [HEADER]
        for e in self.entries:
            lines.append(SEP.join([str(e.score), e.date, e.name, *(e.extra.get(f, "") for f in self.fields)]))
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> list[Entry]:
        """Entries from the file's text; ValueError for anything that is not such a file."""
        lines = text.split("\n")
        if not lines or lines[0].strip() != HEADER:
            raise ValueError(f"not a high-score file (first line {lines[0][:20]!r})")
        out = []
        for n, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            parts = line.rstrip("\r").split(SEP)
            if len(parts) != 3 + len(self.fields):
                raise ValueError(f"line {n}: {len(parts)} fields, expected {3 + len(self.fields)}")
            score, date, name, *extra = parts
            if not name.strip():
                raise ValueError(f"line {n}: no name")
            if len(score) > 12 or not self.scores[0] <= int(score) <= self.scores[1]:
                raise ValueError(f"line {n}: the score {score[:12]} is out of range")
            if len(name) > NAME_WIDTH or len(date) > DATE_WIDTH or any(len(x) > FIELD_WIDTH for x in extra):
                raise ValueError(f"line {n}: a name or field longer than a table holds")
            if not all(name_char(ch) for ch in name + date + "".join(extra)):
                raise ValueError(f"line {n}: a character a name cannot hold")
            out.append(Entry(name, int(score), date, dict(zip(self.fields, extra, strict=True))))
        return out

    def load(self) -> str | None:
        """Read the file (missing: an empty table); a damaged one is set aside: the message."""
        loaded = self.drive.load_text(self.filename, self.parse, allow_empty=False)
        self.entries = list(loaded.value or [])
        self.added = []
        self._sort()
        return loaded.message

    def save(self) -> str | None:
        """Write the file atomically: None when it is on disk, else why not, in one line.

        Another run on the same drive may have written the file since it was read: under the
        drive's lock the file is read again and this run's new entries are put into it, so
        both players' scores are kept (``entries`` is then the merged table).
        """
        locked = getattr(self.drive, "locked", None)
        try:
            if locked is None:
                self.drive.write_text(self.filename, self.format())
                return None
            with locked():
                on_disk = self.drive.load_text(self.filename, self.parse, allow_empty=False).value or []
                mine = [e for e in self.added if any(e is x for x in self.entries)]
                self.entries = list(on_disk) + mine
                self._sort()
                self.drive.write_text(self.filename, self.format())
                self.added = []
        except DiskError as e:
            return str(e)
        return None


# -- on the screen ------------------------------------------------------------------------
def table_lines(table: HiScoreTable, *, score_text: Callable[[int], str] = str,
                columns: Sequence[str] = (), dates: bool = True) -> list[str]:
    """One line a place, every place shown (an empty place as dots): rank, name, score, date, extras."""
    name_w = max([4] + [len(e.name) for e in table.entries])
    score_w = max([5] + [len(score_text(e.score)) for e in table.entries])
    date_w = max([0] + [len(e.date) for e in table.entries]) if dates else 0
    out = []
    for i in range(table.size):
        if i < len(table.entries):
            e = table.entries[i]
            parts = [f"{i + 1:>2}. {e.name:<{name_w}}", score_text(e.score).rjust(score_w)]
            if date_w:
                parts.append(e.date.ljust(date_w))
            parts += [e.extra.get(c, "") for c in columns]
            out.append("  ".join(parts).rstrip())
        else:
            out.append(f"{i + 1:>2}. " + "." * name_w)
    return out


def show_table(dos: Dos, theme: Theme, table: HiScoreTable, *, title: str = "HIGH SCORES",
               mark: int | None = None, controls: Controls = DEFAULT, score_text: Callable[[int], str] = str,
               columns: Sequence[str] = (), dates: bool = True, footer: str = "PRESS ANY KEY") -> Key | MouseEvent:
    """The table in a panel until a key or a click; place ``mark`` (a rank) lit. Screen put back.

    The hot keys see the key that closed the table (so F7 there can quit the program: the
    handler raises ``hot.QuitRequest``); the key or click is returned."""
    lines = table_lines(table, score_text=score_text, columns=columns, dates=dates)
    body = lines + (["", ""] if footer else [])  # the footer is centred in below
    with Panel(dos, theme, f" {title} " if title else "", body, role="table", frame_role="table_frame",
               title_role="table_title") as p:
        if mark is not None and 1 <= mark <= len(lines):
            dos.screen.set_attr(p.top + mark, p.left + 1, theme["table_mark"], p.width - 2)
        if footer:
            dos.screen.centre(p.top + len(body), footer, theme["table_title"], p.left + 1, p.right - 1)
        ev = wait_any(dos, controls)
    if isinstance(ev, Key):
        controls.hot(ev)
    return ev


def enter_name(dos: Dos, theme: Theme, *, title: str = "NEW HIGH SCORE",
               lines: Sequence[str] = ("TYPE YOUR NAME:",), width: int = NAME_WIDTH, initial: str = "",
               upper: bool = True, controls: Controls = DEFAULT) -> str | None:
    """Ask for a name in a panel: the name, or None for Esc (or the right button).

    A blank answer is not a name: the panel keeps asking until one is typed or Esc.
    """
    body = list(lines) + ["", ""]
    inner = max(width + 2, len(title) + 4, *(len(x) for x in lines))
    with Panel(dos, theme, f" {title} " if title else "", body, width=inner,
               role="popup", frame_role="popup_frame", title_role="popup_title") as p:
        row = p.top + len(p.lines)
        while True:
            name = read_line(dos, theme, row, p.left + 2, width + 1, initial=initial,
                             allowed=name_char, upper=upper, controls=controls, limit=width)
            if name is None:
                return None
            if name.strip():
                return name.strip()


def add_score(dos: Dos, theme: Theme, table: HiScoreTable, score: int, *, date: str = "",
              extra: dict[str, str] | None = None, title: str = "HIGH SCORES",
              ask: Sequence[str] = ("YOUR SCORE MAKES THE TABLE.", "TYPE YOUR NAME:"),
              initial: str = "", controls: Controls = DEFAULT, score_text: Callable[[int], str] = str,
              columns: Sequence[str] = (), upper: bool = True, width: int = NAME_WIDTH,
              name_title: str = "NEW HIGH SCORE", footer: str = "PRESS ANY KEY") -> tuple[int | None, str | None]:
    """A finished game's score: if it qualifies, ask the name (in a panel titled
    ``name_title``), insert, save and show the table with it marked.  Returns (rank or None,
    the save's failure message or None); a score that does not qualify, or Esc at the name,
    changes nothing."""
    if not table.qualifies(score):
        return None, None
    name = enter_name(dos, theme, title=name_title, lines=ask, initial=initial, controls=controls, upper=upper,
                      width=width)
    if name is None:
        return None, None
    entry = Entry(name, score, date, dict(extra or {}))
    rank = table.insert(entry)
    message = table.save()
    rank = table.rank_of(entry)  # another run's scores may have come in with the save
    show_table(dos, theme, table, title=title, mark=rank, controls=controls, score_text=score_text,
               columns=columns, footer=footer)
    return rank, message
