"""A plain (non-editable) install must carry the fonts and every program package.

The fonts and the programs live in folders mapped to other package names by
setup.py (fonts/ -> vconsole._fonts, programs/ -> vconsole_programs), so a
mapping that misses a package only shows in a real wheel.
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
    for init in (ROOT / "programs").rglob("__init__.py"):
        rel = init.relative_to(ROOT / "programs").as_posix()
        assert f"vconsole_programs/{rel}" in names, f"programs/{rel} is missing from the wheel"
    for init in (ROOT / "vconsole").rglob("__init__.py"):
        rel = init.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel"
    assert not any(n.startswith("programs/") for n in names), "the bare 'programs' name must not be installed"
    assert "vconsole_programs/mill/book.txt" in names, "Mill's placing book is missing from the wheel"
    for asset in (ROOT / "vconsole" / "tools" / "htmlplayer").iterdir():  # export-html's page template
        rel = asset.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel"
