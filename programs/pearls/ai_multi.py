"""The computer player of the game for 2-6: a depth-limited minimax over the power's moves.

The position is kept as plain ints: ``occ`` (squares holding pearls), ``power`` (its square),
``free`` (numbers of the pearls still on the board) and one mask of numbers per player.  The
pearl on a square never changes until it is taken, so one list ``pearl_at`` serves the whole
search.

Search: alpha-beta, "paranoid" when there are more than two players (every other player is
assumed to play against the computer), iterative deepening until a node budget is spent (never
a clock: the same position and budget give the same move on every machine).  Children are
tried best-first by how much the move helps the mover's own strings.  Near the end the search
reaches the last pearl, where the true result (win, shared win, loss) replaces the estimate.

The estimate, for each player: each run of consecutive pearls held is worth ``BASE ** length``
(steep, because the longest string decides and the next only breaks ties), and each stretch of
numbers no other player holds (the player's pearls plus those still on the board) adds a share
``POTENTIAL`` of what a run as long as the player could hope to make there would be worth (its
own pearls there plus its share, one in n for n players, of the free ones; at most the stretch).
The computer's estimate is its own worth minus the best other player's.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from . import board, strings
from .board import LINES
from .rules import Random

BASE: Final = 4.0
POTENTIAL: Final = 0.25
_W: Final = tuple([0.0] + [BASE ** n for n in range(1, 50)])
WIN: Final = 1e30
#: A shared win is worth less than a win and more than any estimate.
SHARED: Final = 1e29

#: How often (in nodes) the search asks whether to stop.
STOP_EVERY: Final = 64


def targets(occ: int, power: int) -> list[int]:
    out = []
    for mask, asc in LINES[power]:
        m = occ & mask
        if m:
            out.append((m & -m).bit_length() - 1 if asc else m.bit_length() - 1)
    return out or board.squares_of(occ)


def gain(held: int, pearl: int) -> int:
    """How much taking ``pearl`` helps the taker's runs: (run below + 1) * (run above + 1), the
    growth of the sum of n(n+1)/2 over the runs."""
    a = 0
    while held >> (pearl - 1 - a) & 1:
        a += 1
    b = 0
    while held >> (pearl + 1 + b) & 1:
        b += 1
    return (a + 1) * (b + 1)


_D: Final = tuple([0.0] + [_W[k] - _W[k - 1] for k in range(1, 50)])
_PW: Final = tuple(POTENTIAL * w for w in _W)


def worth(mine: int, others: int, free: int, players: int = 2) -> float:
    """The estimate for one player; ``others`` = the pearls every other player holds.

    The runs' part is summed without finding the runs: with ``starts`` the first pearl of each
    run and ``chain`` the pearls followed by k - 1 more held ones, ``starts & chain`` counts
    the runs of length k or more, and sum over k of that count times W[k] - W[k-1] is the sum
    of W[length] over the runs."""
    v = 0.0
    starts = mine & ~(mine << 1)
    chain = mine
    k = 1
    while True:
        n = (starts & chain).bit_count()
        if not n:
            break
        v += n * _D[k]
        chain &= mine >> k
        k += 1
    room = (mine | free) & ~others
    while room:
        low = room & -room
        seg = ((room + low) & ~room) - low      # the lowest stretch of room
        room ^= seg
        own = (mine & seg).bit_count()
        if own:
            length = seg.bit_count()
            hope = own + ((free & seg).bit_count() + players - 1) // players
            v += _PW[hope if hope < length else length]
    return v


def outcome(held: Sequence[int], me: int) -> float:
    keys = [strings.longest_key(m) for m in held]
    best = max(keys)
    if keys[me] != best:
        return -WIN
    return WIN if keys.count(best) == 1 else SHARED


def estimate(held: Sequence[int], me: int, free: int) -> float:
    total = 0
    for m in held:
        total |= m
    n = len(held)
    mine = worth(held[me], total & ~held[me], free, n)
    rival = max(worth(m, total & ~m, free, n) for i, m in enumerate(held) if i != me)
    return mine - rival


class _Budget(Exception):
    pass


class Searcher:
    """One decision: minimax from the computer's point of view (``me``)."""

    def __init__(self, pearl_at: Sequence[int], me: int, n_players: int, nodes: int,
                 method: int = strings.METHOD_LONGEST,
                 should_stop: Callable[[], bool] | None = None) -> None:
        self.should_stop = should_stop
        self.pearl_at = pearl_at
        self.me = me
        self.n = n_players
        self.limit = nodes
        self.nodes = 0
        self.method = method

    def value(self, occ: int, power: int, free: int, held: list[int], turn: int,
              depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Budget
        if self.should_stop is not None and not self.nodes % STOP_EVERY and self.should_stop():
            raise _Budget
        if not occ:
            return self.final(held)
        if depth == 0:
            return estimate(held, self.me, free)
        pa = self.pearl_at
        mine = held[turn]
        moves = sorted(targets(occ, power), key=lambda s: -gain(mine, pa[s]))
        nxt = (turn + 1) % self.n
        maximise = turn == self.me
        best = -WIN * 2 if maximise else WIN * 2
        for s in moves:
            bit = 1 << pa[s]
            held[turn] = mine | bit
            v = self.value(occ & ~(1 << s), s, free & ~bit, held, nxt, depth - 1, alpha, beta)
            held[turn] = mine
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def final(self, held: Sequence[int]) -> float:
        keys = [strings.rank_key(m, self.method) for m in held]
        best = max(keys)
        if keys[self.me] != best:
            return -WIN
        return WIN if keys.count(best) == 1 else SHARED


def choose(pearl_at: Sequence[int], occ: int, power: int, held: Sequence[int], turn: int,
           nodes: int, rng: Random | None = None, method: int = strings.METHOD_LONGEST,
           on_best: Callable[[int], None] | None = None,
           should_stop: Callable[[], bool] | None = None) -> int:
    """The square the player ``turn`` should take.  ``pearl_at[s]`` is the pearl on square s
    (anything where no pearl lies), ``held`` the players' masks of pearl numbers, ``nodes`` the
    budget; ``rng`` (anything with ``random()``) orders moves that look alike, so among moves
    the search finds equal the computer does not always pick the same one.  ``should_stop``
    is asked every STOP_EVERY nodes: when it says so the best move so far is played."""
    moves = targets(occ, power)
    order = _ordered(pearl_at, moves, held[turn], rng)
    if len(moves) == 1 or nodes <= 0:
        return order[0]
    free = 0
    o = occ
    while o:
        low = o & -o
        free |= 1 << pearl_at[low.bit_length() - 1]
        o ^= low
    s = Searcher(pearl_at, turn, len(held), nodes, method, should_stop)
    best_move = order[0]
    remaining = occ.bit_count()
    work = list(held)
    nxt = (turn + 1) % len(held)
    depth = 1
    try:
        while True:
            best = -WIN * 3
            scored = []
            for m in order:
                bit = 1 << pearl_at[m]
                work[turn] = held[turn] | bit
                v = s.value(occ & ~(1 << m), m, free & ~bit, work, nxt, depth - 1, best, WIN * 3)
                work[turn] = held[turn]
                scored.append((v, m))
                if v > best:
                    best = v
                    iteration_best = m
            best_move = iteration_best
            if on_best is not None:
                on_best(best_move)
            order = [m for _, m in sorted(scored, key=lambda t: -t[0])]  # stable: ties keep order
            if depth >= remaining:
                break
            depth += 1
    except _Budget:
        pass
    return best_move


def _ordered(pearl_at: Sequence[int], moves: list[int], mine: int, rng: Random | None) -> list[int]:
    """Moves by how much they help the mover now, best first; equal ones shuffled by ``rng``."""
    if rng is not None:
        moves = list(moves)
        for i in range(len(moves) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            moves[i], moves[j] = moves[j], moves[i]
    return sorted(moves, key=lambda m: -gain(mine, pearl_at[m]))


def greedy_choice(pearl_at: Sequence[int], moves: list[int], mine: int, rng: Random | None = None) -> int:
    """The take that most helps the mover's own runs now (see :func:`gain`); among equal ones
    a random one when ``rng`` is given."""
    return _ordered(pearl_at, moves, mine, rng)[0]


def block_choice(pearl_at: Sequence[int], moves: list[int], mine: int, others: Sequence[int],
                 rng: Random | None = None) -> int:
    """The take that most denies the other players: per move, twice the best :func:`gain` it
    would have been to one of them (each gain weighted up by how long that player's longest
    run already is) plus its gain to the mover; ties by ``rng``."""
    longest = [max(strings.lengths(o), default=0) if o else 0 for o in others]

    def value(m: int) -> float:
        p = pearl_at[m]
        denied = max((gain(o, p) * (1 + run) for o, run in zip(others, longest)), default=0)
        return 2 * denied + gain(mine, p)

    if rng is not None:
        moves = list(moves)
        for i in range(len(moves) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            moves[i], moves[j] = moves[j], moves[i]
    return max(moves, key=value)
