"""DOS-style command-line switches, as the original programs took them.

Tommy's Toys programs read single letters run together (``MILL MS``), some
programs take a lone symbol (``PEARLS *``) and others slash words
(``ANCIENTO /NS``).  A program declares what it accepts and gets back the set
of switches given; anything else is refused with the message DOS users knew.
"""
from __future__ import annotations

from collections.abc import Iterable


class SwitchError(ValueError):
    """A command-line switch the program does not take; the message is ready to print."""


def parse(words: Iterable[str], accepted: Iterable[str]) -> frozenset[str]:
    """Return the accepted switches named by ``words`` (upper case).

    ``accepted`` holds single characters (letters or symbols such as '*') that
    may be combined in one word, and slash words such as '/NS'.  A slash word
    that is not declared is read as its letters ('/M' = 'M') so both habits work.
    """
    accepted = [a.upper() for a in accepted]
    singles = {a for a in accepted if len(a) == 1}
    slashes = {a for a in accepted if a.startswith("/")}
    found: set[str] = set()
    for word in words:
        w = word.strip().upper()
        if not w:
            continue
        if w.startswith("/"):
            parts = ["/" + p for p in w.split("/") if p]
            if not parts:
                raise SwitchError(_invalid(w, accepted))
            for part in parts:
                if part in slashes:
                    found.add(part)
                elif all(ch in singles for ch in part[1:]):
                    found.update(part[1:])
                else:
                    raise SwitchError(_invalid(part, accepted))
            continue
        for ch in w:
            if ch not in singles:
                raise SwitchError(_invalid(ch, accepted))
            found.add(ch)
    return frozenset(found)


def _invalid(what: str, accepted: list[str]) -> str:
    valid = " ".join(sorted(accepted)) or "none"
    return f"Invalid switch - {what}  (valid switches: {valid})"
