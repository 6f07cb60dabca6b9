"""Spider's tunes: PLAY strings queued in the background (the program never waits for them)."""

EFFECTS = {
    "move": "T220 L32 O4 E G O5 C",                  # the little music after every move
    "remove": "T180 L16 O4 C E G O5 C8 P16 O4 G O5 C4",  # a complete suit leaves the table
    "deal": "T255 L64 O3 C D E F G A B O4 C",       # ten cards fall
    "undo": "T220 L32 O5 C O4 G E",                  # the move tune backwards
    "nothing": "T200 L16 O2 C",                      # a click that moves nothing
    "win": "T150 L8 O4 C E G O5 C4 P8 O4 G O5 C2",
}
