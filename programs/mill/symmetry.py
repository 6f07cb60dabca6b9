"""The board's 16 symmetries, shared by the search (mirror moves searched once) and the
placing book (one entry for a position and all its mirror images).

Each point is (square, step round that square clockwise from its top-left corner); rotating
by quarter turns, mirroring, and swapping the outer with the inner square all map segments
onto segments, so a position and its images have the same value.
"""

from __future__ import annotations

from typing import Final

_RINGS: Final = ((1, 2, 3, 15, 24, 23, 22, 10), (4, 5, 6, 14, 21, 20, 19, 11),
                 (7, 8, 9, 13, 18, 17, 16, 12))


def _symmetries() -> tuple[tuple[int, ...], ...]:
    where = {p: (sq, k) for sq, ring in enumerate(_RINGS) for k, p in enumerate(ring)}
    perms = []
    for swap in (False, True):
        for mirror in (False, True):
            for rot in range(4):
                perm = [0] * 24
                for p, (sq, k) in where.items():
                    k2 = (-k + 2) % 8 if mirror else k
                    k2 = (k2 + 2 * rot) % 8
                    sq2 = 2 - sq if swap else sq
                    perm[p - 1] = _RINGS[sq2][k2] - 1
                perms.append(tuple(perm))
    return tuple(perms)


#: SYMMETRIES[g][i] = the bit index that bit index i goes to under symmetry g (g 0 = identity).
SYMMETRIES: Final = _symmetries()
#: INVERSES[g] = the permutation undoing SYMMETRIES[g].
INVERSES: Final = tuple(tuple(perm.index(i) for i in range(24)) for perm in SYMMETRIES)


def map_mask(perm: tuple[int, ...], mask: int) -> int:
    """The image of a 24-bit point mask under a permutation of bit indices."""
    out = 0
    i = 0
    while mask:
        if mask & 1:
            out |= 1 << perm[i]
        mask >>= 1
        i += 1
    return out


def canonical(white: int, black: int) -> tuple[int, int, int]:
    """(white', black', g): the least image (white first) of a position and the symmetry
    that makes it, so every mirror image of a position finds the same book entry."""
    best = (white, black, 0)
    for g in range(1, len(SYMMETRIES)):
        perm = SYMMETRIES[g]
        w, b = map_mask(perm, white), map_mask(perm, black)
        if (w, b) < best[:2]:
            best = (w, b, g)
    return best
