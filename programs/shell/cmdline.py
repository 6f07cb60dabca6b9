"""A typed command line in COMMAND.COM's terms: pipes, redirections, the command word, its arguments.

COMMAND.COM ends an internal command's name at the first character that
cannot be part of it, so ``CD..``, ``DIR/W`` and ``ECHO.`` work; a program's
name runs to a blank or a switch (``MILL/MS``, ``MILL.EXE``).  Arguments
split at blanks, commas, semicolons and equals signs, and a ``/`` starts a
switch even with no blank before it (``*.SAV/W``).
"""
from __future__ import annotations

import re
from dataclasses import field

from vconsole.records import record

from .names import ShellError

_NAME = re.compile(r"[A-Za-z0-9_$~!#%&'(){}@^`-]+")
_REDIRECT = re.compile(r"(>>|>|<)\s*([^\s<>|]*)")
_ARG = re.compile(r"/[^/\s,;=]*|[^/\s,;=]+")


@record(frozen=False)  # @dataclass, without compiling its methods as the prompt starts (vconsole.records)
class Stage:
    """One command of a pipeline with its own redirections."""

    text: str
    stdin: str | None = None  # < FILE
    stdout: str | None = None  # > FILE or >> FILE
    append: bool = False

    @property
    def word(self) -> str:
        """The command word as COMMAND.COM looks it up among its own commands (upper case)."""
        m = _NAME.match(self.text.lstrip())
        return m.group(0).upper() if m else ""

    @property
    def rest(self) -> str:
        """Everything after the command word, its delimiter included (``.`` of ``ECHO.``)."""
        text = self.text.lstrip()
        m = _NAME.match(text)
        return text[m.end():] if m else text

    @property
    def program_word(self) -> str:
        """The command word as a program name: up to a blank or a switch (``MILL.EXE``, ``C:MILL``)."""
        text = self.text.lstrip()
        end = len(text)
        for i, ch in enumerate(text):
            if ch.isspace() or (ch == "/" and i > 0):
                end = i
                break
        return text[:end]

    @property
    def program_args(self) -> list[str]:
        text = self.text.lstrip()
        return text[len(self.program_word):].split()


@record(frozen=False)
class Args:
    """A command's arguments: ``params`` in order, ``switches`` upper-cased with their slash."""

    raw: str
    params: list[str] = field(default_factory=list)
    switches: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, raw: str) -> Args:
        params: list[str] = []
        switches: list[str] = []
        for tok in _ARG.findall(raw):
            (switches if tok.startswith("/") else params).append(tok.upper() if tok.startswith("/") else tok)
        return cls(raw, params, switches)

    def only(self, allowed: str) -> set[str]:
        """The switches given, each checked against ``allowed`` letters ("Invalid switch - /X")."""
        seen = set()
        for sw in self.switches:
            letter = sw[1:2]
            if not letter or letter not in allowed:
                raise ShellError(f"Invalid switch - {sw}")
            seen.add(letter)
        return seen

    def at_most(self, n: int) -> None:
        if len(self.params) > n:
            raise ShellError(f"Too many parameters - {self.params[n]}")

    def need(self, n: int) -> None:
        if len(self.params) < n:
            raise ShellError("Required parameter missing")


def parse(line: str) -> list[Stage]:
    """The pipeline a line describes (``DIR | MORE``, ``TYPE X > Y``, ``MORE < X``)."""
    stages = []
    for part in line.split("|"):
        if not part.strip():
            raise ShellError("Syntax error")
        stages.append(_stage(part))
    return stages


def _stage(part: str) -> Stage:
    """One command of a pipeline, its redirections taken out of its text."""
    stage = Stage("")

    def take(m: re.Match[str]) -> str:
        op, target = m.group(1), m.group(2)
        if not target:
            raise ShellError("Syntax error")
        if op == "<":
            stage.stdin = target
        else:
            stage.stdout, stage.append = target, op == ">>"
        return " "

    stage.text = _REDIRECT.sub(take, part).strip()
    if not stage.text:
        raise ShellError("Syntax error")
    return stage
