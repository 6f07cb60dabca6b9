"""The package list and the two folder mappings, computed so that no list has to be kept by hand.

- ``fonts/`` (data with its own README) installs as ``vconsole._fonts``;
- ``programs/`` installs as ``vconsole_programs``: a top-level name no other distribution
  will use, where a bare ``programs`` could collide; Mill's placing book (``book.txt``) is
  data that goes with it.
Everything else is in pyproject.toml.
"""
from setuptools import find_packages, setup

PROGRAMS = ["vconsole_programs"] + [f"vconsole_programs.{p}" for p in find_packages("programs")]

setup(
    packages=find_packages(include=["vconsole", "vconsole.*"]) + ["vconsole._fonts"] + PROGRAMS,
    package_dir={"vconsole._fonts": "fonts", "vconsole_programs": "programs"},
    package_data={"vconsole": ["py.typed"], "vconsole._fonts": ["*.hex", "README.md"],
                  "vconsole_programs": ["py.typed"], "vconsole_programs.mill": ["book.txt"],
                  "vconsole.tools": ["htmlplayer/*.html", "htmlplayer/*.js", "htmlplayer/*.css"]},
)
