"""The board's 16 symmetries, shared by the search (mirror moves searched once) and the
placing book (one entry for a position and all its mirror images).

Each point is (square, step round that square clockwise from its top-left corner); rotating
by quarter turns, mirroring, and swapping the outer with the inner square all map segments
onto segments, so a position and its images have the same value.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final, TypeVar

T = TypeVar("T")

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


def byte_tables(of_mask: Callable[[int], T]) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...]]:
    """``of_mask`` of every value of each of a 24-bit mask's three bytes.

    For a quantity where a mask's value combines its bytes' values (by | or +), this
    turns a Python loop over 24 bits in the search into three C-level lookups.
    """
    t0, t1, t2 = (tuple(of_mask(v << 8 * byte) for v in range(256)) for byte in range(3))
    return t0, t1, t2


#: For each symmetry but the identity: three byte tables mapping a mask to its image.
_SYM_TABLES: Final = tuple(byte_tables(partial(map_mask, g)) for g in SYMMETRIES[1:])


def _stabiliser(me: int, opp: int) -> list[tuple[int, ...]]:
    """The symmetries (other than the identity) that leave the position unchanged."""
    out = []
    m0, m1, m2 = me & 255, me >> 8 & 255, me >> 16
    for g, (t0, t1, t2) in zip(SYMMETRIES[1:], _SYM_TABLES):
        if t0[m0] | t1[m1] | t2[m2] == me and t0[opp & 255] | t1[opp >> 8 & 255] | t2[opp >> 16] == opp:
            out.append(g)
    return out


def unique_root_moves(me: int, opp: int, moves: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Drop moves that a symmetry of the position maps onto an earlier move (same value).

    Matters on the empty or nearly empty board, where 24 placements are only 4 different
    ones; it cuts the most expensive searches of the game several times over.
    """
    stab = _stabiliser(me, opp)
    if not stab:
        return moves
    kept: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int, int]] = set()
    for f, t, c in moves:
        if (f, t, c) in seen:
            continue
        kept.append((f, t, c))
        for g in stab:
            seen.add((g[f] if f >= 0 else -1, g[t], g[c] if c >= 0 else -1))
    return kept
