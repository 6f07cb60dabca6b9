"""The sounds every Tommy's Toys program makes (a game adds its own, e.g. Mill's "mill")."""
from __future__ import annotations

HOUSE_EFFECTS: dict[str, str] = {
    "click": "MB T255 L64 O4 C",
    "error": "MB T200 L32 O1 C P32 C",
    "select": "MB T255 L64 O5 E",
    "win": "MB T180 L16 O4 C E G O5 C8 P16 O4 G O5 C4",
    "lose": "MB T120 L8 O3 G E C O2 G4",
    "question": "MB T255 L64 O5 C O4 G",
}
