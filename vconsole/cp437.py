"""Code page 437 as the video hardware draws it.

Python's ``cp437`` codec maps bytes 00-1F and 7F to control characters, but the
character generator has a picture for every byte: the smiley, card suits, arrows
and the house.  Text going to or coming from the screen needs those pictures, so
this table replaces the control range with the glyphs' Unicode look-alikes.
"""
from __future__ import annotations

_CONTROL_GLYPHS = (
    "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"
)

#: Unicode character for each CP437 byte, as seen on screen.
#: (decoded in one call: a decode per byte was a thousandth of a second at every start)
TO_UNICODE: tuple[str, ...] = tuple(
    _CONTROL_GLYPHS + bytes(range(32, 127)).decode("cp437") + "⌂" + bytes(range(128, 256)).decode("cp437")
)

FROM_UNICODE: dict[str, int] = {ch: b for b, ch in enumerate(TO_UNICODE)}
# A control character in a Python string is that byte (CR, LF, BS, BEL for teletype output).
FROM_UNICODE.update({chr(b): b for b in range(32)})
FROM_UNICODE["\x7f"] = 0x7F


def encode(text: str | bytes, errors: str = "replace") -> bytes:
    """Turn text into screen bytes; bytes pass through untouched.

    Characters with no CP437 glyph become '?' (errors='replace') or raise
    ValueError (errors='strict'), so a stray Unicode symbol never garbles a row.
    """
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    out = bytearray()
    for ch in text:
        b = FROM_UNICODE.get(ch)
        if b is None:
            if errors == "strict":
                raise ValueError(f"character {ch!r} has no glyph in code page 437")
            b = 0x3F
        out.append(b)
    return bytes(out)


def decode(data: bytes, blank_nul: bool = True) -> str:
    """Screen bytes to Unicode; NUL shows as a blank cell, so it reads as a space."""
    return "".join(" " if (b == 0 and blank_nul) else TO_UNICODE[b] for b in data)
