"""The toolkit package: its exported names, loaded lazily so pure modules stay light."""
from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import vconsole.toolkit as toolkit

TOOLKIT = pathlib.Path(toolkit.__file__).parent


def test_every_exported_name_resolves():
    for name in toolkit.__all__:
        assert getattr(toolkit, name) is not None, name
    assert toolkit.ScoreEntry.__module__ == "vconsole.toolkit.hiscore"
    assert "Menu" in dir(toolkit)


def test_importing_a_pure_module_loads_no_screen_or_widgets():
    code = ("import sys, vconsole.toolkit.cards, vconsole.toolkit.rng, vconsole.toolkit.history; "
            "print(sorted(m for m in sys.modules if m.startswith(('vconsole', 'numpy'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "vconsole.video" not in out and "vconsole.toolkit.menu" not in out and "numpy" not in out


def test_the_toolkit_imports_no_program_and_no_front_end():
    for path in TOOLKIT.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith(("vconsole_programs", "vconsole.frontends", "vconsole.tools",
                                            "vconsole.cli")), f"{path.name} imports {name}"


def test_what_a_type_checker_sees_is_what_is_exported():
    """The TYPE_CHECKING imports (mypy cannot see through the lazy ``__getattr__``) name every
    exported name, from the module and under the name the lazy table gives it."""
    tree = ast.parse((TOOLKIT / "__init__.py").read_text())
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    seen: dict[str, tuple[str, str]] = {}
    for node in block.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                seen[alias.asname or alias.name] = (node.module, alias.name)
        elif isinstance(node, ast.Assign):
            seen[node.targets[0].id] = seen.pop(node.value.id)
    assert seen == toolkit._EXPORTS
