"""A plain (non-editable) install must carry the fonts and every program package.

The fonts live outside the vconsole package and the packages are listed by
name in pyproject.toml, so a forgotten entry only shows in a real wheel.
"""
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_holds_fonts_and_every_program(tmp_path):
    # Build from a copy: setuptools writes build/ and *.egg-info into the source tree,
    # which would litter the checkout and trip over a second build running at once.
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(src)],
        check=True, capture_output=True, timeout=300,
    )
    wheel = next(tmp_path.glob("vconsole-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    fonts = {p.name for p in (ROOT / "fonts").glob("*.hex")}
    assert fonts and all(f"vconsole/_fonts/{f}" in names for f in fonts)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for name, target in project["project"]["entry-points"]["vconsole.programs"].items():
        module = target.split(":")[0].replace(".", "/")
        assert f"{module}/__init__.py" in names, f"program {name} missing from the wheel"
    for pkg in (ROOT / "programs").iterdir():
        if (pkg / "__init__.py").exists():
            assert f"programs/{pkg.name}/__init__.py" in names, f"package programs.{pkg.name} not listed in pyproject"
