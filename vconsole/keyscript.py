"""The little language of ``--keys`` scripts for headless runs.

Tokens are separated by white space: a single printable character types it;
``"some text"`` types each character (Space included); key names such as
``F1 Enter Esc Up KP7 Gray+`` and combinations ``Ctrl+Q Alt+X Shift+Tab``
press that key; ``wait:MS`` lets MS milliseconds of machine time pass;
``move:COL,ROW``, ``click:COL,ROW`` and ``rclick:COL,ROW`` drive the mouse in
0-based text cells; ``wheel:N`` turns the mouse wheel N notches (positive towards
you, i.e. scrolling down; ``wheel:-3`` scrolls up).  ``#`` starts a comment to the end of the line.  The two
characters the language itself uses are typed as ``Quote`` (for ``"``, which
would otherwise open quoted text) and ``"#"``.
"""
from __future__ import annotations

import re

from .keyboard import word_for, word_for_char
from .records import record


class KeyScriptError(ValueError):
    """A token the script language does not know; the message names it."""


# Defined at every start, so records rather than dataclasses or NamedTuples (vconsole.records says why).
@record
class Press:
    """A key typed: its BIOS word and the script's token for it."""

    word: int
    token: str


@record
class Wait:
    """``wait:MS``: machine time that passes before the next event."""

    ms: float
    token: str


@record
class Mouse:
    """``move:``, ``click:`` or ``rclick:`` at a text cell."""

    action: str  # "move", "click", "rclick"
    col: int
    row: int
    token: str


@record
class Wheel:
    """``wheel:N``: notches of the mouse wheel."""

    steps: int  # notches, positive towards the user
    token: str


Event = Press | Wait | Mouse | Wheel
_WHEEL = re.compile(r"^wheel:([+-]?\d{1,3})$", re.I)
_MOUSE = re.compile(r"^(move|click|rclick):(\d+),(\d+)$", re.I)
_WAIT = re.compile(r"^wait:(\d+(?:\.\d+)?)$", re.I)


MAX_SCRIPT = 2**20  # bytes of a key script file: a long session is a few kilobytes


def read(spec: str) -> str:
    """The script a ``--keys`` value names: the value itself, or with ``@FILE`` that file's text
    (``@-``: standard input).

    A long session is easier to keep in a file than in one shell argument.
    """
    if not spec.startswith("@"):
        return spec
    path = spec[1:]
    try:
        if path == "-":  # @- : standard input (a script piped in, or a here-document)
            import sys

            raw = sys.stdin.buffer.read(MAX_SCRIPT + 1)
            path = "from standard input"
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_SCRIPT + 1)  # bounded: @/dev/zero is not a key script
    except OSError as e:
        raise KeyScriptError(f"cannot read key script {path}: {e.strerror or e}") from None
    if len(raw) > MAX_SCRIPT:
        raise KeyScriptError(f"cannot read key script {path}: bigger than {MAX_SCRIPT // 2**20} MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise KeyScriptError(f"cannot read key script {path}: line {line} is not UTF-8 text") from None


def parse(script: str) -> list[Event]:
    """Turn a script into events; a bad token raises KeyScriptError naming it."""
    events: list[Event] = []
    for tok, quoted in _tokens_with_quotes(script):
        if not quoted:
            events.append(_one(tok))
            continue
        for ch in tok:
            try:
                events.append(Press(word_for_char(ch), tok))
            except KeyError:
                raise KeyScriptError(f"cannot type {ch!r} in {tok!r}") from None
    return events


def _tokens_with_quotes(script: str) -> list[tuple[str, bool]]:
    """Split on white space, keeping "quoted text" whole; '#' outside quotes starts a comment."""
    out: list[tuple[str, bool]] = []
    i, n = 0, len(script)
    while i < n:
        ch = script[i]
        if ch.isspace():
            i += 1
        elif ch == "#" and (i + 1 >= n or script[i + 1].isspace()) and (i == 0 or script[i - 1].isspace()):
            while i < n and script[i] != "\n":
                i += 1
        elif ch == '"' and i + 1 < n and '"' in script[i + 1:]:
            j = script.index('"', i + 1)
            out.append((script[i + 1:j], True))
            i = j + 1
        else:
            j = i
            while j < n and not script[j].isspace():
                j += 1
            out.append((script[i:j], False))
            i = j
    return out


def _one(tok: str) -> Event:
    m = _WAIT.match(tok)
    if m:
        return Wait(float(m.group(1)), tok)
    m = _WHEEL.match(tok)
    if m:
        steps = int(m.group(1))
        if steps == 0:
            raise KeyScriptError(f"a wheel turns at least one notch in {tok!r}")
        return Wheel(steps, tok)
    m = _MOUSE.match(tok)
    if m:
        col, row = int(m.group(2)), int(m.group(3))
        if not (0 <= col < 80 and 0 <= row < 25):
            raise KeyScriptError(f"mouse cell out of the 80x25 screen in {tok!r}")
        return Mouse(m.group(1).lower(), col, row, tok)
    if tok.lower() == "quote":
        return Press(word_for_char('"'), tok)
    if tok.startswith('"') and len(tok) > 1:
        raise KeyScriptError(f"unclosed quote in {tok!r} (type a quote mark itself as Quote)")
    if len(tok) == 1:
        try:
            return Press(word_for_char(tok), tok)
        except KeyError:
            raise KeyScriptError(f"unknown key {tok!r}") from None
    try:
        return Press(word_for(_canonical(tok)), tok)
    except KeyError:
        pass
    if _typeable(tok) and "+" not in tok and ":" not in tok:
        # most likely text meant to be typed, like the 17 of a Mill move: say how to type it
        raise KeyScriptError(f'{tok!r} is not a key name; to type it, write "{tok}"')
    form = _FORMS.get(tok.split(":", 1)[0].lower()) if ":" in tok else None
    if form is not None:
        raise KeyScriptError(f"unknown key-script token {tok!r}: {form}")
    raise KeyScriptError(f"unknown key-script token {tok!r}")


#: what each NAME:VALUE token needs, said when its value is not that
_FORMS = {
    "wait": "wait:MS needs a number of milliseconds (0 or more), e.g. wait:500",
    "wheel": "wheel:N needs a whole number of notches, -999 to 999 but not 0, e.g. wheel:3 or wheel:-3",
    "move": "move:COL,ROW needs a text cell, two whole numbers from 0, e.g. move:10,5",
    "click": "click:COL,ROW needs a text cell, two whole numbers from 0, e.g. click:10,5",
    "rclick": "rclick:COL,ROW needs a text cell, two whole numbers from 0, e.g. rclick:10,5",
}


def _typeable(text: str) -> bool:
    if '"' in text:
        return False
    try:
        for ch in text:
            word_for_char(ch)
    except KeyError:
        return False
    return True


_CANON = {n.lower(): n for n in (
    "Enter", "Esc", "Space", "Tab", "Backspace", "Up", "Down", "Left", "Right", "Home", "End",
    "PgUp", "PgDn", "Ins", "Del", "Gray+", "Gray-", "Gray*", "Gray/", "KPEnter", "Shift", "Ctrl", "Alt")}
_CANON.update({f"f{n}": f"F{n}" for n in range(1, 13)})
_CANON.update({f"kp{n}": f"KP{n}" for n in range(10)})
_CANON.update({"kp.": "KP.", "escape": "Esc", "return": "Enter", "pageup": "PgUp", "pagedown": "PgDn",
               "insert": "Ins", "delete": "Del"})


def _canonical(tok: str) -> str:
    """Key names are case-insensitive: 'ctrl+q', 'f7', 'ESC', 'shift+tab' all work."""
    if tok.lower() in _CANON:
        return _CANON[tok.lower()]
    low = tok.lower()
    if low.endswith("gray+"):  # the key's own name ends in '+'
        mods, base = tok[:-5].split("+")[:-1], "Gray+"
    else:
        *mods, base = tok.split("+")
    mods = [m.capitalize() for m in mods]
    base = _CANON.get(base.lower(), base)
    if len(base) == 1 and mods and base.isalpha():
        base = base.lower()
    return "+".join(mods + [base])
