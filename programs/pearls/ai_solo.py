"""The computer's solitaire player: a beam search to the end of the game, every move.

Solitaire has no opponent and nothing hidden, so the whole game can be planned.  A state is
four ints: ``occ`` (squares holding pearls), ``power`` (its square), ``taken`` and ``breaks``
(the strings, as in ``strings.SoloStrings``).  The search keeps the ``width`` most promising
states after each take and carries them all to the end of the game; the plan of the best
finished one gives the move.

What makes a state promising is a bound that ignores the board: the fewest short strings
still possible if the pearls left could be taken in any order.  Then the pearls between two
strings would all go onto their ends, so walking along the strings from pearl 1 up, each string
takes from the stretch above it just what it still lacks to reach six (what it got from the
stretch below counts first), and a string that cannot reach six even with the whole stretch is
short for good.  That greedy walk is exact for the relaxed problem (a string either is saved
with the fewest pearls or cannot be saved).  States with equal bounds are kept in random order,
which keeps the beam varied; the board's own limits are what the search itself explores.

Each call searches again from the position given, and the plan from the previous call is kept
while the game follows it: the move played comes from whichever of the two ends better, so the
result never gets worse than a plan already found.  Work is counted in states (never time).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from .ai_multi import targets
from .rules import Random
from .strings import LOWER, N_PEARLS, SHORT, UPPER, short_count


def bound(taken: int, breaks: int) -> int:
    """The fewest short strings still possible if the pearls left could be taken in any order."""
    if not taken:
        return 0
    starts = taken & (~(taken << 1) | (breaks << 1))
    ends = taken & (~(taken >> 1) | breaks)
    shorts = 0
    carry = (starts & -starts).bit_length() - 2    # pearls 1 .. first start - 1
    while starts:
        low = starts & -starts
        starts ^= low
        end = ends & -ends
        ends ^= end
        last = end.bit_length() - 1
        have = last - low.bit_length() + 2 + carry   # its length plus what it got from below
        gap = ((starts & -starts).bit_length() - 2 - last) if starts else N_PEARLS - last
        need = SHORT - have
        if need <= 0:
            carry = gap
        elif need <= gap:
            carry = gap - need
        else:
            shorts += 1
            carry = gap
    return shorts


Move = tuple[int, "int | None"]       # (square, choice)
State = tuple[int, int, int, int]     # occ, power, taken, breaks


def children(state: State, pearl_at: Sequence[int]) -> list[tuple[State, Move]]:
    occ, power, taken, breaks = state
    out: list[tuple[State, Move]] = []
    for sq in targets(occ, power):
        p = pearl_at[sq]
        bit = 1 << p
        rest = occ & ~(1 << sq)
        if taken >> (p - 1) & 1 and taken >> (p + 1) & 1:
            out.append(((rest, sq, taken | bit, breaks | bit), (sq, UPPER)))
            out.append(((rest, sq, taken | bit, breaks | bit >> 1), (sq, LOWER)))
        else:
            out.append(((rest, sq, taken | bit, breaks), (sq, None)))
    return out


def beam_search(state: State, pearl_at: Sequence[int], width: int, rng: Random,
                should_stop: Callable[[], bool] | None = None) -> tuple[int, list[Move]]:
    """(short strings at the end, the moves) of the best game found from ``state``.

    ``rng`` (anything with ``random()``) orders states of equal promise.  ``should_stop`` is
    asked once per take; when it says so the search finishes greedily (width 1)."""
    # each entry: (state, index of its parent entry in the previous layer, move from it)
    layers: list[list[tuple[State, int, Move | None]]] = [[(state, -1, None)]]
    while layers[-1][0][0][0]:
        scored = []
        seen = set()
        for i, (st, _, _) in enumerate(layers[-1]):
            for child, move in children(st, pearl_at):
                if child in seen:
                    continue
                seen.add(child)
                scored.append((bound(child[2], child[3]), rng.random(), child, i, move))
        scored.sort(key=lambda t: (t[0], t[1]))
        if should_stop is not None and width > 1 and should_stop():
            width = 1
        layers.append([(c, i, m) for _, _, c, i, m in scored[:width]])
    final = layers[-1][0][0]
    moves: list[Move] = []
    index = 0
    for layer in reversed(layers[1:]):
        _, parent, step = layer[index]
        if step is not None:  # (only the first layer, the start, has no move)
            moves.append(step)
        index = parent
    moves.reverse()
    return short_count(final[2], final[3]), moves


class SoloPlayer:
    """The solitaire computer: remembers its plan between moves (see the module text)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.plan: list[Move] = []
        self.plan_state: State | None = None
        self.plan_score = 0

    def choose(self, state: State, pearl_at: Sequence[int], rng: Random,
               should_stop: Callable[[], bool] | None = None) -> Move:
        score, moves = beam_search(state, pearl_at, self.width, rng, should_stop)
        if self.plan and self.plan_state == state and self.plan_score <= score:
            score, moves = self.plan_score, self.plan
        move = moves[0]
        self.plan = moves[1:]
        self.plan_score = score
        self.plan_state = _after(state, move, pearl_at)
        return move


def _after(state: State, move: Move, pearl_at: Sequence[int]) -> State:
    occ, _, taken, breaks = state
    sq, choice = move
    bit = 1 << pearl_at[sq]
    if choice == UPPER:
        breaks |= bit
    elif choice == LOWER:
        breaks |= bit >> 1
    return occ & ~(1 << sq), sq, taken | bit, breaks
