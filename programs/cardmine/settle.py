"""A game nobody can win any more: the bound on what each miner can still claim.

The document's tie comes when the decks run out with nobody at the game point.  A game in
which neither miner can reach it any more would end that way anyway, so the rules declare
the tie at once (``settled``) instead of playing out turn after turn of cards thrown away.
That is only fair if the bound here never says less than a miner could really get, so
every step of ``points_left`` rests on a fact of the rules:

* a play moves the miner's pawn to rest at most once, and only the square it rests on is
  claimed (a bumped pawn claims nothing), so each of his plays claims at most one lode;
* every play spends one card from the miner's hand, and cards come into his hand only from
  his own deck, so he has at most as many plays left as cards in his hand and deck together
  (the game ends as a tie once both are empty);
* once the mine is shut (``mine_shut``) no card can be laid again, so it stays shut and the
  only way a pawn moves on its own is a movement card, which goes to the discard pile: the
  miner has at most as many claims left as movement cards in his hand and deck, and each
  claim is the end of a walk of one of their lengths.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .mine import LODE, MOVEMENT, NEIGHBOURS, SQUARES, points_of, rank_of, role_of
from .tunnels import EMPTY, walks

if TYPE_CHECKING:
    from .rules import State

#: Per card code: the points of a mother lode card, 0 for any other card.
LODE_POINTS: Final = tuple(points_of(c) if role_of(c) == LODE else 0 for c in range(104))


def mine_shut(face: Sequence[int]) -> bool:
    """No card can ever be laid again: no empty square is next to any card.  A shaft needs
    an entrance or a shaft card beside it, a lode a shaft card, an entrance a shaft card or a
    lode, so an empty square beside none of them takes nothing; and since cards are never
    taken up, once shut the mine stays as it is.  (In practice: the mine is full.)"""
    for sq in range(SQUARES):
        if face[sq] == EMPTY:
            for n in NEIGHBOURS[sq]:
                if face[n] != EMPTY:
                    return False
    return True


def plays_left(state: State, miner: int) -> int:
    """At most how many more plays ``miner`` makes this game: one per card in his hand or deck."""
    return len(state.decks[miner]) + len(state.hands[miner])


def _best(values: Sequence[int], count: int) -> int:
    """The sum of the ``count`` largest of ``values``."""
    return sum(sorted(values, reverse=True)[:max(count, 0)])


def walk_closure(face: Sequence[int], starts: Sequence[int], kinds: set[int]) -> set[int]:
    """Every square a pawn at one of ``starts`` can come to rest on with some run of
    movement cards of the ranks ``kinds`` (the mine shut, so only movement cards move it)."""
    seen: set[int] = set()
    todo = list(starts)
    done: set[int] = set()
    while todo:
        sq = todo.pop()
        if sq in done:
            continue
        done.add(sq)
        for k in kinds:
            for end in walks(face, sq, k):
                seen.add(end)
                if end not in done:
                    todo.append(end)
    return seen


def points_left(state: State) -> tuple[int, int]:
    """For each miner, at most how many points he can still claim this game (an upper
    bound: it never says less than he could get; the module docstring says why).

    With the mine open: the best lodes, one per play he has left, among the unclaimed ones
    in the mine and every lode card either miner still holds or will draw.  With the mine
    shut: the best lodes, one per movement card he has left (and per play), among those a
    walk of his can end on: from where his pawn is, or, if the two pawns can meet (a bump
    may then put his pawn on any card), from any card."""
    face, cell, claim = state.face, state.cell, state.claim
    lodes = [sq for sq in range(SQUARES) if 0 <= face[sq] < 4 and claim[sq] < 0 and LODE_POINTS[cell[sq]]]
    plays = (plays_left(state, 0), plays_left(state, 1))
    if not mine_shut(face):
        values = [LODE_POINTS[cell[sq]] for sq in lodes]
        for m in (0, 1):
            values.extend(v for v in map(LODE_POINTS.__getitem__, state.hands[m] + state.decks[m]) if v)
        return (_best(values, plays[0]), _best(values, plays[1]))
    if not lodes:
        return (0, 0)
    moves = [[rank_of(c) for c in state.hands[m] + state.decks[m] if role_of(c) == MOVEMENT] for m in (0, 1)]
    kinds = [set(moves[m]) for m in (0, 1)]
    reach = [walk_closure(face, [state.pawn[m]], kinds[m]) for m in (0, 1)]
    if reach[0] & (reach[1] | {state.pawn[1]}) or state.pawn[0] in reach[1]:
        # the pawns can meet: after a bump a pawn may be on any card
        cards = [sq for sq in range(SQUARES) if face[sq] != EMPTY]
        reach = [{end for sq in cards for k in kinds[m] for end in walks(face, sq, k)} for m in (0, 1)]
    left = [_best([LODE_POINTS[cell[sq]] for sq in lodes if sq in reach[m]], min(plays[m], len(moves[m])))
            for m in (0, 1)]
    return (left[0], left[1])


def settled(state: State) -> bool:
    """Neither miner can reach the game point any more: the game can only end as a tie."""
    gp = state.options.game_point
    if max(state.score) >= gp:
        return False
    left = points_left(state)
    return state.score[0] + left[0] < gp and state.score[1] + left[1] < gp
