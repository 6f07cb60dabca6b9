"""Spider's entry point: ``main(dos)`` runs the program (app.py holds its loop)."""
from __future__ import annotations

from vconsole.program import Dos

from .app import SpiderApp


def main(dos: Dos) -> int:
    return SpiderApp(dos).run()
