"""A plain (non-editable) install must carry the fonts and every program package.

The fonts and the programs live in folders mapped to other package names by
setup.py (fonts/ -> vconsole._fonts, programs/ -> vconsole_programs), so a
mapping that misses a package only shows in a real wheel.
"""
import re
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
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(  # .venv: the README's set-up makes one here
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
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
    assert "vconsole/testing.py" in names, "the public test helper (docs/TESTING.md) is missing from the wheel"
    for asset in (ROOT / "vconsole" / "tools" / "htmlplayer").iterdir():  # export-html's page template
        rel = asset.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel"


def test_sdist_carries_its_tests_and_the_wheel_built_from_it_has_license_and_py_typed(tmp_path):
    """python -m build: the sdist, then the wheel built from that sdist (so the sdist is complete)."""
    import tarfile

    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    out = tmp_path / "dist"
    r = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(src)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    sdist = next(out.glob("vconsole-*.tar.gz"))
    top = sdist.name[: -len(".tar.gz")]
    in_sdist = {n.split("/", 1)[1] for n in tarfile.open(sdist).getnames() if "/" in n}
    tests = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.name != "VCONSOLE.LOG"}
    missing = sorted(tests - in_sdist)
    assert not missing, f"the sdist lacks files its tests need: {missing[:10]}"
    for needed in ("LICENSE", "README.md", ".ci/run", "docs/example_program.py", "docs/SETTINGS.md"):
        assert needed in in_sdist, needed
    assert top == f"vconsole-{__import__('vconsole').__version__}"
    wheel = next(out.glob("vconsole-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "vconsole/py.typed" in names and "vconsole_programs/py.typed" in names
    licenses = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert licenses, sorted(n for n in names if ".dist-info/" in n)
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta and "License-File: LICENSE" in meta
    assert f"Version: {__import__('vconsole').__version__}" in meta  # the one version source
    assert "Classifier: Typing :: Typed" in meta
    # the index shows the README without a broken picture or link: nothing points into the repository
    description = meta.split("\n\n", 1)[1]
    assert "Mill on EGA" in description and "docs/USAGE.md" in description
    relative = re.findall(r"\]\((?!https?:|#)[^)]*\)", description)
    assert not relative, relative[:5]
    assert "MIT License" in zipfile.ZipFile(wheel).read(licenses[0]).decode()
