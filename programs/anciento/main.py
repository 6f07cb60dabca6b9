"""Anciento's entry point: ``main(dos)`` runs the program (see app.py for its loop)."""
from __future__ import annotations

from vconsole.program import Dos

from .app import App


def main(dos: Dos) -> int:
    return App(dos).run()
