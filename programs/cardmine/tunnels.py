"""How a pawn gets about the mine: which squares link, one hop, and movement-card walks.

Kept apart from the rest of the rules because both the plays (``rules``) and the test for
a game nobody can win any more (``settle``) walk the tunnels, and the second must not
import the first.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .mine import NEIGHBOURS

EMPTY: Final = -1
DOWN: Final = 4          # ``face`` value of a face-down card (an entrance); 0..3 are suits


def linked(face: Sequence[int], a: int, b: int) -> bool:
    """Can a pawn hop between neighbouring squares a and b?  Both hold cards, and either
    one is an entrance or both are face up in one suit."""
    fa, fb = face[a], face[b]
    return fa >= 0 and fb >= 0 and (fa == fb or fa == DOWN or fb == DOWN)


def steps(face: Sequence[int], sq: int) -> list[int]:
    """The squares one hop from ``sq``."""
    return [n for n in NEIGHBOURS[sq] if linked(face, sq, n)]


def walks(face: Sequence[int], start: int, hops: int) -> dict[int, tuple[int, ...]]:
    """Every square a movement card of ``hops`` can end on, with one way there (the squares
    after ``start``, in order).  No square is visited twice."""
    out: dict[int, tuple[int, ...]] = {}
    path = [start]

    def go(sq: int, left: int) -> None:
        if left == 0:
            if sq not in out:
                out[sq] = tuple(path[1:])
            return
        for n in NEIGHBOURS[sq]:
            if n not in path and linked(face, sq, n):
                path.append(n)
                go(n, left - 1)
                path.pop()

    go(start, hops)
    return out


