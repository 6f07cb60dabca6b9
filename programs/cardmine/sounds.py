"""Card Miners' own sound effects, on top of the house ones (click, error, question, win, lose)."""
EFFECTS: dict[str, str] = {
    "lay": "MB T255 L64 O3 E",
    "hop": "MB T255 L64 O5 C",
    "claim": "MB T200 L32 O4 C E G O5 C E",
    "bump": "MB T220 L32 O2 G O3 C O2 G",
    "dig": "MB T160 L32 O2 C D C",
    "draw": "MB T255 L64 O4 G",
}
