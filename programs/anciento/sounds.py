"""Anciento's sounds: one for each kind of placement, the Quatro fanfare, and the four tunes
a player chooses (1-4, 0 for none) for the humblest placement, one neighbour inside the frame."""
EFFECTS: dict[str, str] = {
    "frame": "MB T240 L64 O2 E",
    "two": "MB T220 L32 O4 E G",
    "three": "MB T220 L32 O4 E G B",
    "quatro": "MB T180 L16 O4 C E G O5 L8 C",
    "refused": "MB T200 L32 O1 C P32 C",
    "back": "MB T255 L64 O3 C",
    "forward": "MB T255 L64 O3 G",
    "end": "MB T160 L8 O4 G E C",
    "timeup": "MB T120 L4 O2 C P8 C",
    "select": "MB T255 L64 O5 C",
    "tune1": "MB T240 L64 O4 C",
    "tune2": "MB T240 L64 O5 C O4 G",
    "tune3": "MB T240 L64 O3 G B O4 D",
    "tune4": "MB T240 L64 O6 C P64 C",
}
TUNES = ("", "tune1", "tune2", "tune3", "tune4")


def placement_effect(match: int, points: int, tune: int) -> str | None:
    """The effect after a placement: by its neighbours, the chosen tune for a one-way match."""
    if match == 4:
        return "quatro"
    if points == 0:
        return "frame"
    if match == 1:
        return TUNES[tune] or None
    return "two" if match == 2 else "three"
