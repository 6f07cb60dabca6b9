"""Mill's own sound effects, on top of the house ones (click, error, question, win, lose)."""
EFFECTS: dict[str, str] = {
    "capture": "MB T220 L32 O3 G O2 G",
    "mill": "MB T200 L32 O4 C E G O5 C",
}
