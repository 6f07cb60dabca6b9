"""The layers of docs/ARCHITECTURE.md, checked by reading every module's imports.

machine (vconsole/*.py) < toolkit (vconsole/toolkit) < chrome and programs < front ends, tools, CLI.
A rules model or a computer player is pure: the standard library, numpy, the toolkit's pure
modules and its own package's pure modules only. And no import cycles among our modules
(vconsole.*, vconsole_programs.*): see ``import_graph`` for what counts as an edge.
"""
from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_TOOLKIT = {"vconsole.toolkit.rng", "vconsole.toolkit.history", "vconsole.toolkit.cards"}
TOP = ("vconsole.frontends", "vconsole.tools", "vconsole.cli", "vconsole.testing")


def module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[0] == "programs":
        parts[0] = "vconsole_programs"
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache  # each file is read once a run: the layer tests ask about the same files many times
def imports(path: Path) -> frozenset[str]:
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
    return frozenset(found)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node below ``node`` that can run: all of it but the body of ``if TYPE_CHECKING:`` (its
    ``else:`` runs). Function bodies are included: an import there runs at the first call."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child.test):
            for other in child.orelse:
                yield other
                yield from _run_time_nodes(other)
            continue
        yield child
        yield from _run_time_nodes(child)


def import_graph(paths: dict[str, Path]) -> dict[str, set[str]]:
    """Which of the modules ``paths`` (name -> file) each one imports when it runs.

    The edges, and why:
    - ``import a.b.c`` is an edge to ``a.b.c``; ``from m import n`` is an edge to ``m.n`` when that is
      one of the modules (a submodule named in the list), otherwise to ``m`` (a name from m's body).
    - Parent packages are not edges. Importing ``p.a`` runs ``p/__init__`` first, but Python completes
      ``from . import b`` (or ``from p import b``) for a submodule ``b`` while ``p`` is still
      initialising, so a package whose ``__init__`` imports its submodules, and a submodule that
      imports a sibling through the package, make no cycle. A submodule that takes a *name* defined in
      its package's ``__init__`` (``from . import helper``) while that ``__init__`` imports the
      submodule is an edge both ways: a real cycle, which breaks or not by import order.
    - Imports inside functions count (they only put off the same loop to the first call); imports
      under ``if TYPE_CHECKING:`` do not (they never run), though the ``else:`` branch does.
    """
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in _run_time_nodes(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                found.update(f"{mod}.{a.name}" if f"{mod}.{a.name}" in paths else mod for a in node.names)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One loop (a -> b -> ... -> a) through each group of modules that import each other."""
    found: list[list[str]] = []
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        # modules reachable from start, and those of them that reach start back: start's group
        reach = {start}
        todo = [start]
        while todo:
            for m in graph[todo.pop()]:
                if m not in reach:
                    reach.add(m)
                    todo.append(m)
        group = {m for m in reach if m == start or _path(graph, m, start, reach) is not None}
        done |= group
        loop = next((_path(graph, m, start, group) for m in sorted(graph[start] & group)), None)
        if loop is not None:
            found.append([start, *loop])
    return found


def _path(graph: dict[str, set[str]], source: str, target: str, within: set[str]) -> list[str] | None:
    """A shortest import path from source to target through ``within`` (both ends included), or None."""
    before: dict[str, str | None] = {source: None}
    todo = [source]
    while todo:
        here = todo.pop(0)
        if here == target:
            path = [here]
            while (step := before[path[-1]]) is not None:
                path.append(step)
            return path[::-1]
        for m in sorted(graph[here] & within):
            if m not in before:
                before[m] = here
                todo.append(m)
    return None


def our_modules(root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for folder in ("vconsole", "programs")
            for p in sorted((root / folder).rglob("*.py"))}


def test_no_module_imports_itself_round_a_loop():
    loops = cycles(import_graph(our_modules()))
    assert not loops, "import cycles:\n" + "\n".join(" -> ".join(loop) for loop in loops)


def test_no_tool_or_front_end_imports_the_cli():
    """What the tools share with the command line is below both (tools/options.py, command.py, runs.py)."""
    graph = import_graph(our_modules())
    bad = {name for name, imported in graph.items() if "vconsole.cli" in imported and within(name, TOP)}
    assert not bad, f"{sorted(bad)} import vconsole.cli; take the shared helper from vconsole.tools.options"


def test_the_cycle_check_finds_a_loop_and_spares_a_package_importing_its_parts(tmp_path):
    def write(rel: str, text: str) -> None:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)

    write("vconsole/__init__.py", "from . import a, b\n")
    write("vconsole/a.py", "from . import b\ndef f():\n    from .c import g\n")  # the package's parts: no loop
    write("vconsole/b.py", "x = 1\n")
    write("vconsole/c.py", "def g():\n    from .a import f\n")  # a -> c -> a, both in functions: a loop
    write("vconsole/d.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .e import t\n")
    write("vconsole/e.py", "from .d import u\n")  # d -> e only for the type checker: no loop
    write("vconsole/p/__init__.py", "from .q import v\nhelper = 1\n")
    write("vconsole/p/q.py", "from . import helper\nv = helper\n")  # a name from the package: a loop
    write("programs/game/__init__.py", "")
    write("programs/game/main.py", "from vconsole_programs.game import rules\n")
    write("programs/game/rules.py", "import vconsole_programs.game.main\n")  # absolute names: a loop
    loops = cycles(import_graph(our_modules(tmp_path)))
    assert sorted(loops) == [["vconsole.a", "vconsole.c", "vconsole.a"],
                             ["vconsole.p", "vconsole.p.q", "vconsole.p"],
                             ["vconsole_programs.game.main", "vconsole_programs.game.rules",
                              "vconsole_programs.game.main"]]


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def ours(name: str) -> bool:
    return within(name, ("vconsole", "vconsole_programs"))


def test_the_file_lists_are_not_empty():
    assert files("vconsole") and files("programs")


# cli.py, __main__.py (python -m vconsole, which only calls the CLI) and testing.py (runs programs
# through the headless front end) are the top layer kept here
@pytest.mark.parametrize("path", [p for p in (ROOT / "vconsole").glob("*.py")
                                  if p.name not in ("cli.py", "__main__.py", "testing.py")], ids=lambda p: p.name)
def test_the_machine_imports_nothing_above_it(path):
    bad = {m for m in imports(path) if within(m, ("vconsole.toolkit", "vconsole_programs", *TOP))}
    assert not bad, f"{path.name} (machine) imports {sorted(bad)}"


@pytest.mark.parametrize("path", files("vconsole/toolkit"), ids=lambda p: p.name)
def test_the_toolkit_imports_only_the_machine_and_itself(path):
    bad = {m for m in imports(path) if within(m, ("vconsole_programs", *TOP))}
    assert not bad, f"toolkit {path.name} imports {sorted(bad)}"
    if module_name(path) in PURE_TOOLKIT:
        assert not {m for m in imports(path) if ours(m)}, f"{path.name} must stay pure"


@functools.cache
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


LONGEST = 500  # lines: a module to read in one sitting (issue 22)


def test_modules_are_short_enough_to_read_or_say_why_not():
    """Past LONGEST lines only a pure search kept whole for speed, and its docstring says so."""
    long = []
    for path in files("vconsole") + files("programs"):
        text = path.read_text()
        if text.count("\n") > LONGEST:
            doc = ast.get_docstring(ast.parse(text)) or ""
            if f"runs past {LONGEST} lines on purpose" not in " ".join(doc.split()):
                long.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert not long, long
