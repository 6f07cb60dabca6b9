"""vconsole's own entry-point reader agrees with importlib.metadata's, which it stands in for at start-up."""
from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import textwrap

from vconsole.entrypoints import entry_points
from vconsole.program import GROUP


def test_the_installed_programs_are_read_as_importlib_metadata_reads_them():
    ours = sorted((ep.name, ep.value) for ep in entry_points(GROUP))
    theirs = sorted((ep.name, ep.value) for ep in importlib.metadata.entry_points(group=GROUP))
    assert ours == theirs
    assert {"mill", "cardmine", "pearls", "anciento", "spider", "testcard", "command"} <= {n for n, _ in ours}


def test_a_distribution_earlier_on_the_path_wins_and_comments_and_other_groups_are_skipped(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    for folder, target in ((first, "pkg_a:PROGRAM"), (second, "pkg_b:PROGRAM")):
        meta = folder / "some_game-1.0.dist-info"
        meta.mkdir(parents=True)
        (meta / "entry_points.txt").write_text(textwrap.dedent(f"""\
            [console_scripts]
            game = pkg:cli
            # a comment
            [{GROUP}]
            game = {target}
            """))
    monkeypatch.setattr(sys, "path", [str(first), str(second)])
    eps = entry_points(GROUP)
    assert [(ep.name, ep.value) for ep in eps] == [("game", "pkg_a:PROGRAM")]
    assert [(e.name, e.value) for e in importlib.metadata.entry_points(group=GROUP)] == [("game", "pkg_a:PROGRAM")]


def test_an_entry_point_loads_the_attribute_it_names():
    ep = next(ep for ep in entry_points(GROUP) if ep.name == "mill")
    from vconsole.program import Program

    assert isinstance(ep.load(), Program)


def test_the_prompt_starts_without_importing_importlib_metadata():
    code = ("import sys; from vconsole.program import discover; discover(); "
            "print('importlib.metadata' in sys.modules, 'email' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_distribution_names_are_normalized_as_pep_503_says():
    import re

    from vconsole.entrypoints import _normalized

    for name in ("vconsole", "Foo_Bar", "zope.interface", "a--b", "a-_.-b", "Mixed.Case__Name", "x...", "_a"):
        assert _normalized(name) == re.sub(r"[-_.]+", "-", name).lower(), name
