"""The evaluation's weights, shared by the pure-Python search (``ai``) and the compiled kernel
(``master``), so neither imports the other for them."""

from __future__ import annotations

# Evaluation weights (1/100 piece), tuned by computer-versus-computer matches.
W_PLACE_MOVERS = 24   # placing: pieces that will have a free neighbour
W_PLACE_TARGETS = 8   # placing: free points next to own pieces
W_MOVERS = 6          # moving: pieces that can move
W_TARGETS = 4         # moving: points own pieces can reach
W_STUCK = 10          # moving: pieces with no free neighbour
