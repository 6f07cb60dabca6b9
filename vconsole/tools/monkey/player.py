"""The monkey's random player: an endless, seeded stream of key-script tokens covering every kind
of input (keys, key combinations, typed text and commands, mouse moves and clicks, waits)."""
from __future__ import annotations

import random
import string
from collections.abc import Iterator, Sequence

from ... import keyscript
from ...keyboard import CHAR_SCAN, KEYPAD, NAMED
from ...program import discover


def _parses(tok: str) -> bool:
    try:
        return bool(keyscript.parse(tok))
    except keyscript.KeyScriptError:
        return False


def _vocabulary() -> tuple[list[str], list[str]]:
    """(plain keys, modified keys): every key token the keyboard can send, checked against the parser."""
    plain = [n for n in NAMED if _parses(n)] + [k for k in KEYPAD if _parses(k)]
    combos: list[str] = []
    for mod in ("Shift+", "Ctrl+", "Alt+"):
        for base in list(NAMED) + list(KEYPAD):
            combos.append(mod + base)
        for ch in CHAR_SCAN:
            if ch.strip() and (ch.isalnum() or mod != "Shift+") and not ch.isupper():
                combos.append(mod + ch)
    combos = sorted({c for c in combos if _parses(c)})
    return plain, combos


_PRINTABLE = [c for c in string.printable if c in CHAR_SCAN and c != " "]
_TEXT_CHARS = [c for c in CHAR_SCAN if c != '"']
_WAITS = (0, 10, 55, 100, 250, 500, 1000, 3000)
#: words typed now and then, so a monkey at the DOS prompt starts programs and uses its commands
DOS_WORDS = ("DIR", "CLS", "VER", "HELP", "EXIT", "dir /w", "cls", "exit")


def command_words() -> list[str]:
    progs = [n.upper() for n, p in discover().items() if not p.hidden]
    return progs + [p.lower() for p in progs] + list(DOS_WORDS)


def char_token(ch: str) -> str:
    """A single typed character as a token the script language reads back as that character."""
    if ch == '"':
        return "Quote"
    if ch == "#":
        return '"#"'
    if ch == " ":
        return "Space"
    return ch


class TokenSource:
    """An endless, seeded stream of key-script tokens covering every kind of input."""

    def __init__(self, rng: random.Random, words: Sequence[str] = ()) -> None:
        self.rng = rng
        self.plain, self.combos = _vocabulary()
        self.words = [w for w in words if '"' not in w]
        kinds = [  # (weight, maker)
            (22, self._char), (5, self._text), (26, self._plain), (14, self._combo),
            (6, self._move), (12, self._click), (4, self._rclick), (8, self._wait), (3, self._enter),
            (2 if self.words else 0, self._word),
        ]
        self._makers = [m for _, m in kinds]
        self._weights = [w for w, _ in kinds]

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return self.rng.choices(self._makers, self._weights)[0]()

    def _char(self) -> str:
        return char_token(self.rng.choice(_PRINTABLE))

    def _text(self) -> str:
        n = self.rng.randint(1, 10)
        return '"' + "".join(self.rng.choice(_TEXT_CHARS) for _ in range(n)) + '"'

    def _plain(self) -> str:
        return self.rng.choice(self.plain)

    def _combo(self) -> str:
        return self.rng.choice(self.combos)

    def _cell(self) -> str:
        return f"{self.rng.randrange(80)},{self.rng.randrange(25)}"

    def _move(self) -> str:
        return "move:" + self._cell()

    def _click(self) -> str:
        return "click:" + self._cell()

    def _rclick(self) -> str:
        return "rclick:" + self._cell()

    def _wait(self) -> str:
        return f"wait:{self.rng.choice(_WAITS)}"

    def _word(self) -> str:
        """A command a person would type (a program name, DIR, EXIT ...), sometimes with a switch word."""
        w = self.rng.choice(self.words)
        if self.rng.random() < 0.3:
            w += " " + "".join(self.rng.choice("/ABCDEFGHIJKLMNOPQRSTUVWXYZ*") for _ in range(self.rng.randint(1, 3)))
        # half the time as a whole command line: one unit for shrinking, still plain script text
        return f'Esc "{w}" Enter' if self.rng.random() < 0.5 else f'"{w}"'

    def _enter(self) -> str:
        return self.rng.choice(("Enter", "Esc", "y", "n", "Y", "N"))
