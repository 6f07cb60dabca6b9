"""Level 9's search through the compiled kernel (``kernel.py``): iterative deepening in
slices of nodes, reading the keyboard between slices, within a budget of nodes.

This module imports numba only when a search runs (or :func:`warm_up` is called), so the
program starts without it. :func:`available` says whether the kernel can be used at all;
``ai.choose_move`` falls back to its pure-Python engine when it cannot.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

from .rules import DECLINE, Move, Position, legal_moves

#: Iterative deepening stops when NODES are spent, and starts no new iteration past
#: SOFT_NODES (the next would rarely finish). Calibrated (scripts/bench_mill.py) so that the
#: bench's median move costs under 0.3 s of CPU and its slowest well under 1 s, at about
#: three million nodes a second.
NODES: Final = 1_500_000
SOFT_NODES: Final = 400_000
#: ... and half as much again over the last placements (this many or fewer pieces left in both
#: hands), where the losses against the depth-12 yardstick were decided: shut in or run
#: over within a few moves of placing's end.
LATE_PLACING: Final = 8
#: Iterative deepening also stops, once a third of SOFT_NODES is spent, when the best move has
#: stood for STABLE_ITERS iterations with its score within STABLE_SCORE (100 = a piece): on
#: the bench's own games the next iteration changed the move about once in three hundred.
STABLE_ITERS: Final = 3
STABLE_SCORE: Final = 15
STABLE_SHARE: Final = 3
#: While the last iteration changed the best move, or its score fell by more than
#: UNSTABLE_DROP, the soft budget grows UNSTABLE_GROW times (within NODES): the nodes saved on
#: quiet positions are spent where the search has just changed its mind.
UNSTABLE_GROW: Final = 2
UNSTABLE_DROP: Final = 50
MAX_DEPTH: Final = 48
QUIESCE_PLIES: Final = 4
QUIESCE_CAPTURES: Final = 2

_kernel: ModuleType | None = None
_failed = False
_lock = threading.Lock()


def _load() -> ModuleType | None:
    """The kernel module, compiled or loaded from numba's cache on first use; None
    without numba."""
    global _kernel, _failed
    with _lock:
        if _kernel is None and not _failed:
            try:
                from . import kernel
                kernel.warm()
                _kernel = kernel
            except ImportError:
                _failed = True
        return _kernel


def available() -> bool:
    return _load() is not None


_warming: list[threading.Thread] = []


def warm_up() -> threading.Thread:
    """Load (or, the first time on a machine, compile) the kernel in a background thread,
    so that level 9's first move need not wait for it; the program may call this as soon as
    level 9 is chosen. Calling it again returns the same thread."""
    if not _warming:
        th = threading.Thread(target=_load, name="mill-kernel-warm-up", daemon=True)
        th.start()
        _warming.append(th)
    return _warming[0]


def ready(should_stop: Callable[[], bool] | None = None) -> bool:
    """Whether the kernel can search, waiting for it to load in the background while the
    keyboard is read every 20 ms (loading takes about a second from numba's cache, and
    several the first time on a machine): False without numba, or when ``should_stop``
    said stop first. The wait never changes which move is played, so games replay the same."""
    if _kernel is not None:
        return True
    if _failed:
        return False
    th = warm_up()
    while th.is_alive():
        th.join(0.02)
        if should_stop is not None and should_stop():
            return _kernel is not None
    return _kernel is not None


def _enough(seen: list[tuple[int, int]], spent: int, soft: int) -> bool:
    """Whether iterative deepening stops after the iterations ``seen`` ((best, score) each)
    with ``spent`` nodes spent: the best move has stood still long enough, or the soft budget
    is spent (grown while the last iteration changed its mind)."""
    best, score = seen[-1]
    if spent >= soft // STABLE_SHARE and len(seen) > STABLE_ITERS and all(
            b == best and abs(s - score) <= STABLE_SCORE for b, s in seen[-STABLE_ITERS - 1:-1]):
        return True
    if len(seen) >= 2 and (seen[-2][0] != best or score < seen[-2][1] - UNSTABLE_DROP):
        soft *= UNSTABLE_GROW
    return spent >= soft


def _decode(code: int) -> tuple[int, int, int]:
    return (code & 31) - 1, (code >> 5 & 31), (code >> 10) - 1


def _encode(f: int, t: int, c: int) -> int:
    return (f + 1) | t << 5 | (c + 1) << 10


def to_move(pos: Position, f: int, t: int, c: int) -> Move:
    frm = None if f < 0 else f + 1
    own = pos.pieces(pos.turn)
    after = (own & ~(1 << f) if f >= 0 else own) | 1 << t
    from .rules import MILLS_AT
    if not any(after & m == m for m in MILLS_AT[t + 1]):
        return Move(frm, t + 1, None)
    return Move(frm, t + 1, DECLINE if c < 0 else c + 1)


def search(pos: Position, kept: dict[str, Any], *, rng: random.Random,
           on_best: Callable[[Move, int, int], None] | None = None,
           should_stop: Callable[[], bool] | None = None, stats: dict[str, int] | None = None,
           nodes: int | None = None, soft_nodes: int | None = None) -> Move:
    """The master's move: as ``ai.search`` (same reports and stopping), by the kernel.

    ``kept`` holds the kernel's arrays (its table, killers, history) from one move of a
    game to the next. ``rng`` shuffles the quiet root moves, so equal moves vary from game
    to game; everything else is fixed by the position and the node counts.
    """
    import numpy as np

    nodes = NODES if nodes is None else nodes
    if soft_nodes is None:
        soft_nodes = 3 * SOFT_NODES // 2 if 0 < sum(pos.in_hand) <= LATE_PLACING else SOFT_NODES

    from .symmetry import unique_root_moves
    k = _load()
    assert k is not None, "the kernel needs numba"
    kern = kept.get("kernel")
    if kern is None:
        kern = kept["kernel"] = k.Kernel()
    legal = legal_moves(pos)
    if not legal:
        raise ValueError("no legal move: the game is over")
    me, opp = pos.pieces(pos.turn), pos.pieces(1 - pos.turn)
    hm, ho = pos.in_hand[pos.turn], pos.in_hand[1 - pos.turn]
    buf = np.zeros(k.NMAX, dtype=np.int64)
    opts = pos.options
    n = k.gen(me, opp, hm, ho, int(opts.kiddie), int(opts.take_from_mill_when_only_three), buf)
    moves = unique_root_moves(me, opp, [_decode(int(c)) for c in buf[:n]])
    takes = [m for m in moves if m[2] >= 0]
    rest = [m for m in moves if m[2] < 0]
    rng.shuffle(rest)
    root = np.array([_encode(*m) for m in takes + rest], dtype=np.int64)
    n = len(root)
    ctl = kern.ctl
    ctl[:] = 0
    ctl[k.KIDDIE] = int(opts.kiddie)
    ctl[k.TAKE3] = int(opts.take_from_mill_when_only_three)
    ctl[k.QPLIES] = QUIESCE_PLIES
    ctl[k.QCAPS] = QUIESCE_CAPTURES
    kern.hist //= 8  # the last move's history still orders, but this move's soon outweighs it
    from .weights import W_PLACE_MOVERS, W_PLACE_TARGETS
    weights = np.array([W_PLACE_MOVERS, W_PLACE_TARGETS], dtype=np.int64)
    best = int(root[0])
    best_score = 0
    reported: list[int | None] = [None]

    def report(code: int, d: int, score: int) -> None:
        if on_best is not None and code != reported[0]:
            move = to_move(pos, *_decode(code))
            assert move in legal, (move, pos)
            on_best(move, d, score)
        reported[0] = code

    report(best, 0, 0)
    seen: list[tuple[int, int]] = []  # (best, score) after each finished iteration
    done = 0
    stop = False
    for d in range(1, MAX_DEPTH + 1):
        while True:
            ctl[k.LIMIT] = min(int(ctl[k.NODES]) + k.SLICE, nodes)
            ctl[k.ABORTED] = 0
            bi = k.root_iteration(me, opp, hm, ho, pos.turn, d, root, n, kern.scores, ctl, weights,
                                  kern.tt_key, kern.tt_val, kern.moves, kern.order, kern.killers, kern.hist)
            if bi >= 0 and (not ctl[k.ABORTED] or bi > 0 or d == 1):
                # a move that beat the last iteration's best (searched first) is better even
                # if the iteration did not finish
                best, best_score = int(root[bi]), int(kern.scores[0])
                report(best, d, best_score)
                if bi:
                    root[1:bi + 1] = root[0:bi].copy()
                    root[0] = best
            if not ctl[k.ABORTED]:
                break
            if ctl[k.NODES] >= nodes or (should_stop is not None and should_stop()):
                stop = True
                break
        if stop:
            break
        done = d
        seen.append((best, best_score))
        spent = int(ctl[k.NODES])
        if abs(best_score) > k.MATE_ZONE or _enough(seen, spent, soft_nodes):
            break
        if should_stop is not None and should_stop():
            break
    if stats is not None:
        stats["nodes"] = int(ctl[k.NODES])
        stats["score"] = best_score
        stats["depth"] = done
    move = to_move(pos, *_decode(best))
    assert move in legal, (move, pos)
    return move
