"""Tommy's Mill's entry point: ``main(dos)`` runs the program (see app.py for its loop)."""
from __future__ import annotations

from vconsole.program import Dos

from .app import MillApp


def main(dos: Dos) -> int:
    return MillApp(dos).run()


__all__ = ["MillApp", "main"]
