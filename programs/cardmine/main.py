"""Tommy's Card Miners' entry point: ``main(dos)`` runs the program (see app.py for its loop)."""
from __future__ import annotations

from vconsole.program import Dos

from .app import CardMineApp


def main(dos: Dos) -> int:
    return CardMineApp(dos).run()


__all__ = ["CardMineApp", "main"]
