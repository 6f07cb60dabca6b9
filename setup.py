"""The package list and the two folder mappings, computed so that no list has to be kept by hand.

- ``fonts/`` (data with its own README) installs as ``vconsole._fonts``;
- ``programs/`` installs as ``vconsole_programs``: a top-level name no other distribution
  will use, where a bare ``programs`` could collide; Mill's placing book (``book.txt``) is
  data that goes with it;
- the package index's description is README.md with its repository-relative links and
  images written out as text (the project has no public address to make them absolute, and on
  the index a relative picture is a broken one).
Everything else is in pyproject.toml.
"""
import re
from pathlib import Path

from setuptools import find_packages, setup

_IMAGE = re.compile(r"!\[([^\]]*)\]\((?!https?:)[^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\((?!https?:|#)([^)]*)\)")


def _as_text(link: re.Match[str]) -> str:
    text, target = link.group(1), link.group(2)
    return f"`{target}`" if text == target else f"{text} (`{target}` in the source)"


def index_description(readme: str) -> str:
    """README.md for the package index: pictures become their captions, links to files name the file."""
    return _LINK.sub(_as_text, _IMAGE.sub(r"\1", readme))


PROGRAMS = ["vconsole_programs"] + [f"vconsole_programs.{p}" for p in find_packages("programs")]

setup(
    long_description=index_description(Path(__file__).with_name("README.md").read_text(encoding="utf-8")),
    long_description_content_type="text/markdown",
    packages=find_packages(include=["vconsole", "vconsole.*"]) + ["vconsole._fonts"] + PROGRAMS,
    package_dir={"vconsole._fonts": "fonts", "vconsole_programs": "programs"},
    package_data={"vconsole": ["py.typed"], "vconsole._fonts": ["*.hex", "README.md"],
                  "vconsole_programs": ["py.typed"], "vconsole_programs.mill": ["book.txt"],
                  "vconsole.tools": ["htmlplayer/*.html", "htmlplayer/*.js", "htmlplayer/*.css"]},
)
