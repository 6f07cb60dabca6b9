"""The layers of docs/ARCHITECTURE.md, checked by reading every module's imports.

machine (vconsole/*.py) < toolkit (vconsole/toolkit) < chrome and programs < front ends, tools, CLI.
A rules model or a computer player is pure: the standard library, numpy, the toolkit's pure
modules and its own package's pure modules only.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_TOOLKIT = {"vconsole.toolkit.rng", "vconsole.toolkit.history", "vconsole.toolkit.cards"}
TOP = ("vconsole.frontends", "vconsole.tools", "vconsole.cli")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[0] == "programs":
        parts[0] = "vconsole_programs"
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Absolute names of every module imported anywhere in the file (relative ones resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)  # "from . import ai" names a module
    return found


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def ours(name: str) -> bool:
    return within(name, ("vconsole", "vconsole_programs"))


def test_the_file_lists_are_not_empty():
    assert files("vconsole") and files("programs")


# cli.py and __main__.py (python -m vconsole, which only calls the CLI) are the top layer kept here
@pytest.mark.parametrize("path", [p for p in (ROOT / "vconsole").glob("*.py")
                                  if p.name not in ("cli.py", "__main__.py")], ids=lambda p: p.name)
def test_the_machine_imports_nothing_above_it(path):
    bad = {m for m in imports(path) if within(m, ("vconsole.toolkit", "vconsole_programs", *TOP))}
    assert not bad, f"{path.name} (machine) imports {sorted(bad)}"


@pytest.mark.parametrize("path", files("vconsole/toolkit"), ids=lambda p: p.name)
def test_the_toolkit_imports_only_the_machine_and_itself(path):
    bad = {m for m in imports(path) if within(m, ("vconsole_programs", *TOP))}
    assert not bad, f"toolkit {path.name} imports {sorted(bad)}"
    if module_name(path) in PURE_TOOLKIT:
        assert not {m for m in imports(path) if ours(m)}, f"{path.name} must stay pure"


def pure_modules() -> dict[str, Path]:
    """Every program's rules and ai modules, with the own-package modules they import."""
    by_name = {module_name(p): p for p in files("programs")}
    todo = [n for n, p in by_name.items() if p.stem in ("rules", "ai")]
    pure: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        if name in pure:
            continue
        pure[name] = by_name[name]
        package = name.rpartition(".")[0]
        for m in imports(by_name[name]):
            if m in by_name and m.startswith(package + ".") and m != package:
                todo.append(m)
    return pure


@pytest.mark.parametrize("name", sorted(pure_modules()))
def test_rules_and_computer_players_are_pure(name):
    path = pure_modules()[name]
    package = name.rpartition(".")[0]
    pure = pure_modules()
    bad = set()
    for m in imports(path):
        if not ours(m) or within(m, PURE_TOOLKIT) or m in PURE_TOOLKIT:
            continue
        if m in pure or m == package:
            continue
        if m.rpartition(".")[0] in pure and m.rpartition(".")[0].startswith(package):
            continue  # a name imported from one of the package's pure modules
        bad.add(m)
    assert not bad, f"{name} is a pure model but imports {sorted(bad)}"


@pytest.mark.parametrize("path", files("programs"), ids=lambda p: str(p.relative_to(ROOT / "programs")))
def test_programs_use_the_machine_toolkit_and_chrome_but_no_front_end_or_other_program(path):
    own = module_name(path).split(".")[:2]
    allowed_programs = {".".join(own), "vconsole_programs.tommy", "vconsole_programs"}
    bad = set()
    for m in imports(path):
        if within(m, TOP):
            bad.add(m)
        elif within(m, ("vconsole_programs",)) and not within(m, allowed_programs - {"vconsole_programs"}) \
                and m != "vconsole_programs":
            bad.add(m)
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_a_redraw_beside_the_open_pop_ups_runs_at_once_and_one_under_them_waits():
    from vconsole.toolkit.layers import Cover, redraw_when_clear
    from vconsole.video import TextScreen
    scr = TextScreen()
    done = []
    cover = Cover(scr, 5, 10, 15, 60)
    redraw_when_clear(scr, "beside", lambda: done.append("beside"), rect=(22, 40, 22, 78))
    redraw_when_clear(scr, "under", lambda: done.append("under"), rect=(10, 50, 10, 70))
    redraw_when_clear(scr, "unknown", lambda: done.append("unknown"))
    assert done == ["beside"]
    cover.close()
    assert sorted(done) == ["beside", "under", "unknown"]
