"""Tommy's String of Pearls' entry point: ``main(dos)`` runs the program (see app.py)."""
from __future__ import annotations

from vconsole.program import Dos

from .app import PearlsApp


def main(dos: Dos) -> int:
    return PearlsApp(dos).run()


__all__ = ["PearlsApp", "main"]
