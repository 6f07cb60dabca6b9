"""SAUCE: the 128-byte record (and optional comment block) the art scene appends to its files.

Layout (Olivier "Tasmaniac" Reubens / ACiD, revision 00.5): the file's own bytes, usually an
end-of-file character 1Ah, an optional comment block ("COMNT" then N lines of 64 characters)
and the record, all little-endian:

    ID "SAUCE" (5)  Version "00" (2)  Title (35)  Author (20)  Group (20)  Date CCYYMMDD (8)
    FileSize (4)  DataType (1)  FileType (1)  TInfo1..TInfo4 (2 each)  Comments (1)
    TFlags (1)  TInfoS (22, zero-terminated)

For character and binary-text files TFlags holds the ANSiFlags (bit 0 iCE colours, bits 1-2
letter spacing, bits 3-4 aspect ratio) and TInfoS the font name.  Text fields are CP437,
space padded; some writers end them with a zero byte and leave garbage after it, so a zero
ends a field.  FileSize is often wrong and is not used.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

RECORD_SIZE = 128
COMMENT_LINE = 64
_LAYOUT = struct.Struct("<5s2s35s20s20s8sIBBHHHHBB22s")
assert _LAYOUT.size == RECORD_SIZE

DATA_TYPES = {0: "none", 1: "character", 2: "bitmap", 3: "vector", 4: "audio", 5: "binary text",
              6: "XBin", 7: "archive", 8: "executable"}
CHARACTER_TYPES = {0: "ASCII", 1: "ANSi", 2: "ANSiMation", 3: "RIPscrip", 4: "PCBoard", 5: "Avatar",
                   6: "HTML", 7: "source", 8: "TundraDraw"}


def _text(raw: bytes) -> str:
    """A Character field: CP437, cut at a zero byte, trailing spaces dropped."""
    return raw.split(b"\0", 1)[0].decode("cp437").rstrip(" ")


@dataclass(frozen=True)
class Sauce:
    """A parsed SAUCE record; the fields keep the specification's names, lower case."""

    version: str
    title: str
    author: str
    group: str
    date: str  # CCYYMMDD as written (may be blank or odd)
    file_size: int
    data_type: int
    file_type: int
    tinfo1: int
    tinfo2: int
    tinfo3: int
    tinfo4: int
    flags: int
    tinfos: str
    comments: tuple[str, ...] = ()

    @property
    def _ansi_flagged(self) -> bool:
        """Whether TFlags are ANSiFlags and TInfoS a font name: ASCII, ANSi, ANSiMation and .BIN."""
        return self.data_type == 5 or (self.data_type == 1 and self.file_type in (0, 1, 2))

    @property
    def ice(self) -> bool:
        """iCE colours: attribute bit 7 selects a bright background instead of blinking."""
        return self._ansi_flagged and bool(self.flags & 0x01)

    @property
    def letter_spacing(self) -> int | None:
        """8 or 9 dots a character, or None (no preference, or the invalid value 11b)."""
        if not self._ansi_flagged:
            return None
        return {1: 8, 2: 9}.get((self.flags >> 1) & 3)

    @property
    def aspect(self) -> str | None:
        """"legacy" (made for the tube's tall pixels: stretch), "square" (do not), or None."""
        if not self._ansi_flagged:
            return None
        return {1: "legacy", 2: "square"}.get((self.flags >> 3) & 3)

    @property
    def font_name(self) -> str:
        """The font the art was drawn for (SAUCE 00.5), "" when not given."""
        return self.tinfos if self._ansi_flagged else ""

    @property
    def width(self) -> int | None:
        """Columns the art was drawn for, where the record says: TInfo1, or FileType x 2 for a .BIN."""
        if self.data_type == 5:
            return self.file_type * 2 or None
        if self.data_type in (1, 6) and self.tinfo1:
            return self.tinfo1
        return None

    @property
    def kind(self) -> str:
        """The data and file type in words, e.g. "character / ANSi"."""
        data = DATA_TYPES.get(self.data_type, f"type {self.data_type}")
        if self.data_type == 1:
            return f"{data} / {CHARACTER_TYPES.get(self.file_type, f'type {self.file_type}')}"
        return data

    def describe(self) -> list[str]:
        """The record as lines for a person (the viewer's information panel)."""
        date = self.date
        if len(date) == 8 and date.isdigit():
            date = f"{date[:4]}-{date[4:6]}-{date[6:]}"
        lines = [f"Title:   {self.title}", f"Author:  {self.author}", f"Group:   {self.group}",
                 f"Date:    {date}", f"Type:    {self.kind}"]
        flags = []
        if self._ansi_flagged:
            flags.append("iCE colours" if self.ice else "blinking")
            if self.letter_spacing:
                flags.append(f"{self.letter_spacing}-dot letters")
            if self.aspect:
                flags.append({"legacy": "tall pixels (DOS aspect)", "square": "square pixels"}[self.aspect])
            lines.append("Flags:   " + ", ".join(flags))
        if self.font_name:
            lines.append(f"Font:    {self.font_name}")
        return lines


def split(data: bytes) -> tuple[bytes, Sauce | None, list[str]]:
    """(the file's own bytes, its SAUCE or None, notes on what was odd) for a whole file.

    The comment block, when the record announces one, is taken off too; a
    missing "COMNT" is not fatal (the specification says so), it is noted.  A
    record of another version is taken off but not interpreted.
    """
    notes: list[str] = []
    if len(data) < RECORD_SIZE or data[-RECORD_SIZE:-RECORD_SIZE + 5] != b"SAUCE":
        return data, None, notes
    start = len(data) - RECORD_SIZE
    fields = _LAYOUT.unpack_from(data, start)
    version = fields[1].decode("cp437")
    if fields[1] != b"00":
        notes.append(f"its SAUCE record is version {version!r}, which this reader does not know; ignored")
        return data[:start], None, notes
    count = fields[13]
    comments: tuple[str, ...] = ()
    if count:
        block = start - 5 - COMMENT_LINE * count
        if block >= 0 and data[block:block + 5] == b"COMNT":
            body = data[block + 5:start]
            comments = tuple(_text(body[i:i + COMMENT_LINE]) for i in range(0, len(body), COMMENT_LINE))
            start = block
        else:
            notes.append(f"its SAUCE record announces {count} comment lines but no comment block is there")
    sauce = Sauce(version=version, title=_text(fields[2]), author=_text(fields[3]), group=_text(fields[4]),
                  date=_text(fields[5]), file_size=fields[6], data_type=fields[7], file_type=fields[8],
                  tinfo1=fields[9], tinfo2=fields[10], tinfo3=fields[11], tinfo4=fields[12], flags=fields[14],
                  tinfos=_text(fields[15]), comments=comments)
    return data[:start], sauce, notes


def record(*, title: str = "", author: str = "", group: str = "", date: str = "", file_size: int = 0,
           data_type: int = 1, file_type: int = 1, tinfo1: int = 0, tinfo2: int = 0, tinfo3: int = 0,
           tinfo4: int = 0, flags: int = 0, tinfos: str = "", comments: tuple[str, ...] = ()) -> bytes:
    """The bytes to append to a file (EOF character, comment block, record): for tests and tools."""
    def field(text: str, size: int) -> bytes:
        return text.encode("cp437")[:size].ljust(size, b" ")

    block = b""
    if comments:
        block = b"COMNT" + b"".join(field(c, COMMENT_LINE) for c in comments)
    rec = _LAYOUT.pack(b"SAUCE", b"00", field(title, 35), field(author, 20), field(group, 20), field(date, 8),
                       file_size, data_type, file_type, tinfo1, tinfo2, tinfo3, tinfo4, len(comments), flags,
                       tinfos.encode("cp437")[:22].ljust(22, b"\0"))
    return b"\x1a" + block + rec
