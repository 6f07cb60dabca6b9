"""Tommy's String of Pearls' entry point: ``main(dos)`` runs the program (see app.py)."""
from __future__ import annotations

from .app import PearlsApp


def main(dos) -> int:
    return PearlsApp(dos).run()


__all__ = ["PearlsApp", "main"]
