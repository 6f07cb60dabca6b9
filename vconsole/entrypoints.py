"""The installed programs' entry points, read straight from the distributions' metadata files.

``importlib.metadata.entry_points()`` gives the same answer, but importing it pulls in the
e-mail header parser, csv, zipfile and more: a fifth of numpy's import time, paid before the
test card or the DOS prompt can draw a single cell.  An entry point is one line of an INI file
(``NAME = module:attribute``) in each distribution's ``entry_points.txt``, so this reads those
lines itself, in the order and with the precedence the standard library uses (the first
distribution of a name on ``sys.path`` wins).  tests/test_entrypoints.py checks that both agree.
Zipped distributions are not looked into; nothing vconsole runs on installs that way.
"""
from __future__ import annotations

import importlib
import os
import sys

from .records import record

_META_SUFFIXES = (".dist-info", ".egg-info")


@record  # a frozen dataclass; cheaper to define than a NamedTuple (vconsole.records)
class ProgramEntryPoint:
    """One ``name = module:attribute`` line of a group, loadable as importlib's EntryPoint is."""

    name: str
    value: str
    group: str

    def load(self) -> object:
        """Import the module and follow the attribute path (``[extras]`` are ignored, as importlib does)."""
        target = self.value.split("[", 1)[0].strip()
        module_name, _, attrs = target.partition(":")
        obj: object = importlib.import_module(module_name.strip())
        for attr in filter(None, attrs.strip().split(".")):
            obj = getattr(obj, attr)
        return obj


def _normalized(name: str) -> str:
    """PEP 503's form of a distribution name (``re.sub(r"[-_.]+", "-", name).lower()``), as
    importlib.metadata compares them; string methods, as a regular expression a distribution
    cost a third of the scan."""
    name = name.replace("_", "-").replace(".", "-")
    while "--" in name:
        name = name.replace("--", "-")
    return name.lower()


def _meta_dirs(path: str) -> list[str]:
    try:
        names = os.listdir(path or ".")
    except OSError:  # a missing folder, a zip file, a file: nothing to read here
        return []
    return sorted(n for n in names if n.endswith(_META_SUFFIXES))


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines under ``[group]`` (comments and blank lines skipped)."""
    found: list[tuple[str, str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
            continue
        if inside and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found


def entry_points(group: str) -> list[ProgramEntryPoint]:
    """Every entry point of ``group`` among the distributions on ``sys.path``."""
    seen: set[str] = set()
    found: list[ProgramEntryPoint] = []
    for path in sys.path:
        for meta in _meta_dirs(path):
            dist = _normalized(meta.rsplit(".", 1)[0].split("-", 1)[0])
            if dist in seen:
                continue
            seen.add(dist)
            file = os.path.join(path or ".", meta, "entry_points.txt")
            if not os.access(file, os.R_OK):  # most distributions have none: asked without raising an error
                continue
            try:
                with open(file, "rb") as f:  # bytes: most files are only searched, a text reader for each
                    data = f.read()          # was a sixth of the scan
            except OSError:  # unreadable after all (or an egg-info file, not a folder)
                continue
            if group.encode() not in data:  # the group's name is in its section's header: nothing to parse here
                continue
            text = data.decode("utf-8")
            found.extend(ProgramEntryPoint(name, value, group) for name, value in _section(text, group))
    return found
