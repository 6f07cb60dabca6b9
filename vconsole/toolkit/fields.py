"""The fields of a form: ``Text``, ``Number``, ``YesNo`` and ``Choice``, each a value with
the keys that change it, what it shows and the hint and refusals it can say.

``Text`` is a width, the characters allowed and upper case; ``Number`` a range (typed
digits, or Left/Right and +/- to step); ``YesNo`` a flag; ``Choice`` one of a few options.
A value outside its range is refused where it is typed, with a message naming the range,
so a form never hands back a game point of 5 when the document says 10-99.  The fields
know nothing of the screen: ``form.Form`` lays them out and hands them the keys.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from vconsole.keyboard import Key

LEFT_MARK, RIGHT_MARK = "\x11", "\x10"  # CP437 triangles either side of a value that steps
STEP_DOWN = ("Left", "-", "Gray-")
STEP_UP = ("Right", "+", "Gray+")


@dataclass
class Field:
    """What every field has: the key of its value in the answer and the label shown."""

    name: str
    label: str

    def text(self) -> str:
        raise NotImplementedError

    def cells(self) -> int:
        """Columns the value takes on screen."""
        raise NotImplementedError

    def hint(self) -> str:
        return ""

    def messages(self) -> list[str]:
        """Every message this field can show (the form is sized so that each fits)."""
        return [self.hint()]

    def error(self) -> str | None:
        """Why the value cannot be accepted, or None."""
        return None

    def value(self) -> Any:
        raise NotImplementedError

    def key(self, key: Key) -> str | None:
        """Use a key; '' when used, None when not, a message when refused."""
        return None

    def step(self, delta: int) -> str | None:
        return None

    def focus(self) -> None:
        pass


EDIT_KEYS = ("Left", "Right", "Home", "End")  # keep a field's text to edit it (Text has no cursor to move)


@dataclass
class Text(Field):
    """Typed text.  ``allowed``: a string of characters or a predicate (default: any printable
    but '|'); ``upper`` turns letters to capitals; ``limit`` is the most characters (the width).

    Text the field holds when it is entered (a default offered, a name from last time) is
    *fresh*, as in the DOS forms players knew: the first character typed replaces all of it,
    so typing ALICE over an offered COMPUTER gives ALICE, not COMPUTERALIC.  Backspace, or
    Left, Right, Home or End, keeps it for editing (Backspace rubbing out its last letter).
    """

    width: int = 12
    initial: str = ""
    allowed: str | Callable[[str], bool] | None = None
    upper: bool = False
    limit: int | None = None
    help: str = ""

    def __post_init__(self) -> None:
        self.buffer = self.initial.upper() if self.upper else self.initial
        self.fresh = bool(self.buffer)

    def focus(self) -> None:
        self.fresh = bool(self.buffer)

    def _ok(self, ch: str) -> bool:
        if self.allowed is None:
            return ch != "|"
        if callable(self.allowed):
            return bool(self.allowed(ch))
        return ch in self.allowed or ch.upper() in self.allowed

    def text(self) -> str:
        return self.buffer[-self.width:]

    def cells(self) -> int:
        return self.width

    def hint(self) -> str:
        return self.help or "TYPE, BACKSPACE TO RUB OUT"

    def messages(self) -> list[str]:
        return [self.hint(), self._not_allowed("?"), self._too_long()]

    def _not_allowed(self, ch: str) -> str:
        return f"{self.label.strip()}: \"{ch}\" IS NOT ALLOWED"

    def _too_long(self) -> str:
        return f"{self.label.strip()}: AT MOST {self.limit or self.width} CHARACTERS"

    def value(self) -> str:
        return self.buffer.strip()

    def key(self, key: Key) -> str | None:
        if key.name == "Backspace":
            self.buffer, self.fresh = self.buffer[:-1], False
            return ""
        if key.name in EDIT_KEYS:
            self.fresh = False
            return ""
        ch = key.char
        if not ch:
            return None
        if self.upper:
            ch = ch.upper()
        if not self._ok(ch):
            return self._not_allowed(ch)
        if self.fresh:
            self.buffer, self.fresh = "", False
        if len(self.buffer) >= (self.limit or self.width):
            return self._too_long()
        self.buffer += ch
        return ""


@dataclass
class Number(Field):
    """A whole number from ``lo`` to ``hi``: digits typed after the field is entered replace it."""

    lo: int = 0
    hi: int = 99
    initial: int | None = None
    by: int = 1

    def __post_init__(self) -> None:
        if self.lo > self.hi:
            raise ValueError(f"{self.name}: range {self.lo}-{self.hi} is empty")
        start = self.lo if self.initial is None else self.initial
        if not self.lo <= start <= self.hi:
            raise ValueError(f"{self.name}: initial value {start} outside {self.lo}-{self.hi}")
        self.buffer = str(start)
        self.fresh = True

    def range_message(self) -> str:
        return f"{self.label.strip()} MUST BE {self.lo} TO {self.hi}"

    def text(self) -> str:
        return f"{LEFT_MARK} {self.buffer.rjust(self.digits())} {RIGHT_MARK}"

    def digits(self) -> int:
        return max(len(str(self.lo)), len(str(self.hi)))

    def cells(self) -> int:
        return self.digits() + 4

    def hint(self) -> str:
        return f"{self.lo} TO {self.hi}: TYPE IT, OR {LEFT_MARK} {RIGHT_MARK} + - TO STEP"

    def messages(self) -> list[str]:
        return [self.hint(), self.range_message()]

    def parsed(self) -> int | None:
        try:
            return int(self.buffer)
        except ValueError:
            return None

    def error(self) -> str | None:
        n = self.parsed()
        return None if n is not None and self.lo <= n <= self.hi else self.range_message()

    def value(self) -> int:
        n = self.parsed()
        assert n is not None
        return n

    def focus(self) -> None:
        self.fresh = True

    def key(self, key: Key) -> str | None:
        ch = key.char
        if key.name == "Backspace":
            self.buffer, self.fresh = self.buffer[:-1], False
            return ""
        if ch.isdigit():
            if self.fresh:
                self.buffer, self.fresh = "", False
            if len(self.buffer) >= self.digits():
                return self.range_message()
            self.buffer += ch
            return ""
        return None

    def step(self, delta: int) -> str | None:
        n = self.parsed()
        if n is None:
            n = self.lo if delta > 0 else self.hi
        else:
            n += delta * self.by
        self.fresh = True
        clamped = min(self.hi, max(self.lo, n))
        self.buffer = str(clamped)
        return "" if clamped == n else self.range_message()


@dataclass
class YesNo(Field):
    """Yes or no: Space, Y, N, Left/Right or +/-, or a click on the value."""

    initial: bool = False
    words: tuple[str, str] = ("NO", "YES")

    def __post_init__(self) -> None:
        self.on = bool(self.initial)

    def text(self) -> str:
        return f"{LEFT_MARK} {self.words[self.on].ljust(self.cells() - 4)} {RIGHT_MARK}"

    def cells(self) -> int:
        return max(map(len, self.words)) + 4

    def hint(self) -> str:
        return "SPACE, Y OR N TO CHANGE"

    def value(self) -> bool:
        return self.on

    def key(self, key: Key) -> str | None:
        ch = key.char.upper()
        if key.name == "Space":
            self.on = not self.on
        elif ch in ("Y", "N"):
            self.on = ch == "Y"
        else:
            return None
        return ""

    def step(self, delta: int) -> str | None:
        self.on = not self.on
        return ""


@dataclass
class Choice(Field):
    """One of a few options, labels or (label, value) pairs: Left/Right or +/- (and Space) step
    round them, a letter jumps to the next option starting with it."""

    options: Sequence[Any] = ()
    initial: int = 0

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"{self.name}: a choice needs options")
        self.pairs = [o if isinstance(o, tuple) else (str(o), o) for o in self.options]
        if not 0 <= self.initial < len(self.pairs):
            raise ValueError(f"{self.name}: initial option {self.initial} out of range")
        self.index = self.initial

    def text(self) -> str:
        return f"{LEFT_MARK} {self.pairs[self.index][0].ljust(self.cells() - 4)} {RIGHT_MARK}"

    def cells(self) -> int:
        return max(len(label) for label, _ in self.pairs) + 4

    def hint(self) -> str:
        return f"{LEFT_MARK} {RIGHT_MARK} + - OR SPACE TO CHANGE"

    def value(self) -> Any:
        return self.pairs[self.index][1]

    def key(self, key: Key) -> str | None:
        if key.name == "Space":
            return self.step(1)
        ch = key.char.upper()
        if not ch:
            return None
        n = len(self.pairs)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if self.pairs[i][0][:1].upper() == ch:
                self.index = i
                return ""
        return None

    def step(self, delta: int) -> str | None:
        self.index = (self.index + delta) % len(self.pairs)
        return ""
