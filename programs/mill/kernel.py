"""Level 9's search, compiled by numba: the same rules, evaluation and search ideas as
``ai.py``'s pure-Python engine, at some fifty times the speed, so that the master sees
several plies deeper in the same CPU time.

Why compiled: the pure-Python search reaches about 40,000 nodes a second, and a plain C
depth-12 engine with the same evaluation beat it seven games in eight. Numba installs from
wheels on Linux, macOS and Windows and compiles this module once per machine (``cache=True``
keeps the machine code beside the module); ``ai.py`` imports it only when level 9 first
thinks, or earlier from :func:`ai.warm_up` in a background thread, and falls back to the
pure-Python engine when numba is missing.

The search runs in slices of ``SLICE`` nodes so that the keyboard is read between slices
(numba cannot call back into Python cheaply): a slice that runs out aborts the iteration,
and the next slice starts the same iteration again, finding the work already done in the
transposition table. Everything is bounded by nodes, not a clock, so a game replays the
same on any machine.

The module runs past 500 lines on purpose: it is one pure search that numba compiles and
caches as a whole (its small helpers are inlined into the recursion), and splitting it
would only scatter the search across modules that make no sense alone.

Board: two 24-bit masks (bit i = point i + 1); moves are packed ints, ``f + 1`` (0 = from
the hand) | ``t << 5`` | ``(c + 1) << 10`` (0 = no capture, or declined). The table key is
the position itself (both masks, both hands, the side to move; 57 bits), so two positions
are never confused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from .rules import ADJ_MASK, MILL_MASKS, MILLS_AT

WIN = 100_000
MATE_ZONE = WIN - 1_000
MAX_PLY = 64
NMAX = 200
TT_BITS = 20
#: Nodes per slice between reads of the keyboard (well under 100 ms at any sane speed).
SLICE = 40_000
#: ctl slots: nodes done, node limit for this slice, aborted flag, kiddie, take3,
#: quiescence plies, quiescence captures per closure.
NODES, LIMIT, ABORTED, KIDDIE, TAKE3, QPLIES, QCAPS = range(7)

ADJ = np.array([ADJ_MASK[i + 1] for i in range(24)], dtype=np.int64)
MILLS = np.array(MILL_MASKS, dtype=np.int64)
MAT = np.array([MILLS_AT[i + 1] for i in range(24)], dtype=np.int64)
CTZ37 = np.full(37, -1, dtype=np.int64)
for _i in range(32):
    CTZ37[(1 << _i) % 37] = _i


_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(*signature: str, inline: bool = False) -> Callable[[_F], _F]:
    """numba's njit, cached on disk, typed for mypy as returning the function it compiles."""
    options: dict[str, Any] = {"cache": True}
    if inline:
        options["inline"] = "always"
    compile_with: Any = njit  # numba's overloads do not type a signature passed by unpacking
    return cast(Callable[[_F], _F], compile_with(*signature, **options))


# One signature each for the two recursive functions: numba's cache mis-links a recursive
# function whose inner calls resolve to another signature than the outer (numba #6713).
_A1 = "int64[::1]"
_A2 = "int64[:, ::1]"
_QSIG = f"int64(int64, int64, int64, int64, int64, int64, int64, {_A1}, {_A1})"
_NSIG = (f"int64(int64, int64, int64, int64, int64, int64, int64, int64, int64, {_A1}, {_A1}, {_A1}, {_A1},"
         f" {_A2}, {_A2}, {_A2}, {_A1})")


@_jit(inline=True)
def popc(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@_jit(inline=True)
def ctz(b: int) -> int:
    """Index of a single set bit ``b``."""
    return int(CTZ37[b % 37])


@_jit()
def reach(m: int) -> int:
    out = 0
    while m:
        b = m & -m
        m ^= b
        out |= ADJ[ctz(b)]
    return out


@_jit()
def capturable(victim: int, vhand: int, take3: int) -> int:
    """rules.capturable: pieces outside mills; all three of a lone mill with take3."""
    inm = 0
    for k in range(16):
        if victim & MILLS[k] == MILLS[k]:
            inm |= MILLS[k]
    free = victim & ~inm
    if free:
        return free
    if take3 and popc(victim) == 3 and vhand == 0:
        return victim
    return 0


@_jit()
def features(me: int, opp: int) -> tuple[int, int, int, int, int, int]:
    """ai.mill_features: open points, closed-mill points and closed counts of both sides."""
    empty = 0xFFFFFF ^ me ^ opp
    my_open = 0
    op_open = 0
    my_mill = 0
    op_mill = 0
    my_closed = 0
    op_closed = 0
    for k in range(16):
        m = MILLS[k]
        a = popc(me & m)
        b = popc(opp & m)
        if a == 3:
            my_mill |= m
            my_closed += 1
        elif b == 3:
            op_mill |= m
            op_closed += 1
        elif a == 2 and b == 0:
            my_open |= m & empty
        elif b == 2 and a == 0:
            op_open |= m & empty
    return my_open, op_open, my_mill, op_mill, my_closed, op_closed


@_jit()
def evaluate(me: int, opp: int, hm: int, ho: int, kiddie: int, w_pm: int, w_pt: int) -> int:
    """ai.evaluate, term for term (tests hold the two equal)."""
    empty = 0xFFFFFF ^ me ^ opp
    nme = popc(me)
    nop = popc(opp)
    score = 100 * (nme + hm - nop - ho)
    my_open, op_open, my_mill, op_mill, my_closed, op_closed = features(me, opp)
    reach_e = reach(empty)
    if hm or ho:
        score += 8 * (my_closed - op_closed)
        if my_open and hm:
            score += 60
        n_op = popc(op_open)
        if n_op:
            score -= 25 * n_op if ho else 10 * n_op
            if n_op >= 2 and ho:
                score -= 40
        score += 6 * popc(my_open)
        score += w_pm * (popc(me & reach_e) - popc(opp & reach_e))
        score += w_pt * (popc(reach(me) & empty) - popc(reach(opp) & empty))
        return score
    my_jump = kiddie and nme == 3
    op_jump = kiddie and nop == 3
    my_movers = popc(me & reach_e)
    op_movers = popc(opp & reach_e)
    if not my_movers and not my_jump:
        return -(WIN - 200)
    if not my_jump:
        score += 4 * popc(reach(me) & empty) + 6 * my_movers - 10 * (nme - my_movers)
    if not op_jump:
        score -= 4 * popc(reach(opp) & empty) + 6 * op_movers - 10 * (nop - op_movers)
        if not op_movers:
            score += 150
    my_close = 0
    dbl = 0
    o = my_open
    while o:
        b = o & -o
        o ^= b
        i = ctz(b)
        movers = me if my_jump else me & ADJ[i]
        closers = 0
        for j in range(2):
            m = MAT[i, j]
            if me & m == m ^ b:
                closers |= movers & ~m
        if closers:
            my_close += 1
            if closers & my_mill:
                dbl += 1
    op_close = 0
    o = op_open
    while o:
        b = o & -o
        o ^= b
        i = ctz(b)
        movers = opp if op_jump else opp & ADJ[i]
        m1 = MAT[i, 0]
        m2 = MAT[i, 1]
        if (opp & m1 == m1 ^ b and movers & ~m1) or (opp & m2 == m2 ^ b and movers & ~m2):
            op_close += 1
    if my_close:
        score += 70 + 15 * (my_close - 1)
    score -= 30 * op_close
    score += 90 * dbl
    score += 12 * popc(my_mill & reach_e) - 12 * popc(op_mill & reach_e)
    return score


@_jit(inline=True)
def closes(own_after: int, t: int) -> bool:
    m1 = int(MAT[t, 0])
    m2 = int(MAT[t, 1])
    return own_after & m1 == m1 or own_after & m2 == m2


@_jit()
def gen(me: int, opp: int, hm: int, ho: int, kiddie: int, take3: int, out: np.ndarray) -> int:
    """Every legal move into ``out`` (packed), closing moves with each capture first, the
    declining of each capture last; 0 when a side is down to two pieces."""
    if popc(me) + hm < 3 or popc(opp) + ho < 3:
        return 0
    empty = 0xFFFFFF ^ me ^ opp
    n = 0
    nq = 0
    quiet = np.empty(NMAX, dtype=np.int64)
    declines = np.empty(NMAX, dtype=np.int64)
    nd = 0
    caps = -1
    jump = kiddie and hm == 0 and popc(me) == 3
    froms = (1 << 24) if hm else me
    while froms:
        bf = froms & -froms
        froms ^= bf
        f = ctz(bf) if bf != 1 << 24 else 24
        if f == 24:
            base = me
            tg = empty
            fcode = 0
        else:
            base = me ^ bf
            tg = empty if jump else ADJ[f] & empty
            fcode = f + 1
        while tg:
            bt = tg & -tg
            tg ^= bt
            t = ctz(bt)
            mv = fcode | t << 5
            if closes(base | bt, t):
                if caps < 0:
                    caps = capturable(opp, ho, take3)
                c = caps
                while c:
                    bc = c & -c
                    c ^= bc
                    out[n] = mv | (ctz(bc) + 1) << 10
                    n += 1
                declines[nd] = mv
                nd += 1
            else:
                quiet[nq] = mv
                nq += 1
    for i in range(nq):
        out[n] = quiet[i]
        n += 1
    for i in range(nd):
        out[n] = declines[i]
        n += 1
    return n


@_jit(inline=True)
def bit_of(code: int) -> int:
    """The point mask of a packed field (0 = none)."""
    return (1 << (code - 1)) if code else 0


@_jit(_QSIG)
def quiesce(me: int, opp: int, hm: int, ho: int, alpha: int, beta: int, qd: int,
            ctl: np.ndarray, w: np.ndarray) -> int:
    """ai's quiescence: stand pat, or play out mill closures with their best captures."""
    ctl[NODES] += 1
    kiddie = ctl[KIDDIE]
    stand = evaluate(me, opp, hm, ho, kiddie, w[0], w[1])
    if stand >= beta or qd <= 0 or stand < -MATE_ZONE:
        return stand
    my_open, op_open, _, _, _, _ = features(me, opp)
    if not my_open:
        return stand
    empty = 0xFFFFFF ^ me ^ opp
    if stand > alpha:
        alpha = stand
    best = stand
    # the captures, best guesses first: one that breaks an open line, then the freest
    cm = capturable(opp, ho, ctl[TAKE3])
    c1 = -1
    c2 = -1
    k1 = -1
    k2 = -1
    while cm:
        b = cm & -cm
        cm ^= b
        c = ctz(b)
        k = 4 * (1 if ADJ[c] & op_open else 0) + popc(ADJ[c] & empty)
        if k >= k1:  # ties to the higher point, as ai's sort does
            c2, k2 = c1, k1
            c1, k1 = c, k
        elif k >= k2:
            c2, k2 = c, k
    ncaps = 1 if c1 < 0 else (2 if c2 >= 0 and ctl[QCAPS] >= 2 else 1)
    jump = kiddie and hm == 0 and popc(me) == 3
    o = my_open
    while o:
        bt = o & -o
        o ^= bt
        t = ctz(bt)
        fr = (1 << 24) if hm else (me if jump else me & ADJ[t])
        while fr:
            bf = fr & -fr
            fr ^= bf
            if bf == 1 << 24:
                nme = me | bt
                nhm = hm - 1
            else:
                nme = me ^ bf | bt
                nhm = hm
            if not closes(nme, t):
                continue
            for ci in range(ncaps):
                c = c1 if ci == 0 else c2
                nopp = opp ^ (1 << c) if c >= 0 else opp
                if c >= 0 and popc(nopp) + ho < 3:
                    return WIN - 1
                score = -quiesce(nopp, nme, ho, nhm, -beta, -alpha, qd - 1, ctl, w)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            return best
    return best


@_jit(_NSIG)
def negamax(me: int, opp: int, hm: int, ho: int, side: int, depth: int, alpha: int, beta: int, ply: int,
            ctl: np.ndarray, w: np.ndarray, tt_key: np.ndarray, tt_val: np.ndarray,
            moves: np.ndarray, order: np.ndarray, killers: np.ndarray, hist: np.ndarray) -> int:
    """Principal-variation alpha-beta with a table, killers, history and late-move
    reductions; at the horizon, the quiescence search. Returns 0 at once once aborted."""
    ctl[NODES] += 1
    if ctl[NODES] >= ctl[LIMIT]:
        ctl[ABORTED] = 1
        return 0
    kiddie = ctl[KIDDIE]
    n = gen(me, opp, hm, ho, kiddie, ctl[TAKE3], moves[ply])
    if n == 0:
        return ply - WIN
    key = me | opp << 24 | hm << 48 | ho << 52 | side << 56
    slot = key ^ (key >> 29)
    slot = (slot * 0x1CE4E5B9BF58476D) & 0x7FFFFFFFFFFFFFFF
    slot = (slot ^ (slot >> 32)) & ((1 << TT_BITS) - 1)
    hint = -1
    if tt_key[slot] == key + 1:
        v = int(tt_val[slot])
        e_move = v & 0x7FFF
        e_flag = v >> 15 & 3
        e_depth = v >> 17 & 127
        e_score = (v >> 24) - (1 << 20)
        if e_depth >= depth:
            if e_score > MATE_ZONE:
                e_score -= ply
            elif e_score < -MATE_ZONE:
                e_score += ply
            if e_flag == 0:
                return e_score
            if e_flag == 1 and e_score >= beta:
                return e_score
            if e_flag == 2 and e_score <= alpha:
                return e_score
        hint = e_move
    mv = moves[ply]
    keys = order[ply]
    k0 = killers[ply, 0]
    k1 = killers[ply, 1]
    _, op_open, _, _, _, _ = features(me, opp)
    for i in range(n):
        m = mv[i]
        t = m >> 5 & 31
        if m == hint:
            keys[i] = 1 << 30
        elif m >> 10:
            keys[i] = (1 << 29) - i
        elif m == k0:
            keys[i] = 1 << 28
        elif m == k1:
            keys[i] = (1 << 28) - 1
        else:
            keys[i] = hist[(m & 31) * 24 + t] + ((1 << 27) if op_open >> t & 1 else 0)
    for i in range(1, n):  # insertion sort, best key first
        m = mv[i]
        k = keys[i]
        j = i - 1
        while j >= 0 and keys[j] < k:
            mv[j + 1] = mv[j]
            keys[j + 1] = keys[j]
            j -= 1
        mv[j + 1] = m
        keys[j + 1] = k
    orig = alpha
    best = -WIN - 1
    bm = mv[0]
    for i in range(n):
        m = mv[i]
        f = m & 31
        t = m >> 5 & 31
        c = m >> 10
        nme = me ^ bit_of(f) | (1 << t)
        nopp = opp ^ bit_of(c)
        nhm = hm - 1 if f == 0 else hm
        if c and popc(nopp) + ho < 3:
            s = WIN - ply - 1
        else:
            nd = depth - 1
            if f == 0 and nhm == 0 and ho == 0:
                nd += 1  # the last placement: see the first moves after it
            if nd <= 0:
                s = -quiesce(nopp, nme, ho, nhm, -beta, -alpha, ctl[QPLIES], ctl, w)
                if s > MATE_ZONE:
                    s = WIN - ply - 1
            elif i == 0:
                s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -beta, -alpha, ply + 1,
                             ctl, w, tt_key, tt_val, moves, order, killers, hist)
            else:
                s = alpha + 1
                if nd >= 2 and c == 0 and i >= 3 and m != k0 and m != k1 and not op_open >> t & 1:
                    s = -negamax(nopp, nme, ho, nhm, 1 - side, nd - 1, -alpha - 1, -alpha, ply + 1,
                                 ctl, w, tt_key, tt_val, moves, order, killers, hist)
                if s > alpha and not ctl[ABORTED]:
                    s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -alpha - 1, -alpha, ply + 1,
                                 ctl, w, tt_key, tt_val, moves, order, killers, hist)
                    if alpha < s < beta and not ctl[ABORTED]:
                        s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -beta, -s, ply + 1,
                                     ctl, w, tt_key, tt_val, moves, order, killers, hist)
            if ctl[ABORTED]:
                return 0
        if s > best:
            best = s
            bm = m
            if s > alpha:
                alpha = s
                if alpha >= beta:
                    if c == 0:
                        if killers[ply, 0] != m:
                            killers[ply, 1] = killers[ply, 0]
                            killers[ply, 0] = m
                        hist[f * 24 + t] += depth * depth
                    break
    st = best
    if st > MATE_ZONE:
        st += ply
    elif st < -MATE_ZONE:
        st -= ply
    flag = 1 if best >= beta else (0 if best > orig else 2)
    tt_key[slot] = key + 1
    tt_val[slot] = bm | flag << 15 | min(depth, 127) << 17 | (st + (1 << 20)) << 24
    return best


@_jit()
def root_iteration(me: int, opp: int, hm: int, ho: int, side: int, depth: int,
                   root: np.ndarray, n: int, scores: np.ndarray,
                   ctl: np.ndarray, w: np.ndarray, tt_key: np.ndarray, tt_val: np.ndarray,
                   moves: np.ndarray, order: np.ndarray, killers: np.ndarray, hist: np.ndarray) -> int:
    """One iteration over the root moves in ``root[:n]`` (best guess first): the index of
    the best, its score in ``scores[0]``; the moves searched before an abort count."""
    alpha = -WIN - 1
    best_i = -1
    for i in range(n):
        m = root[i]
        f = m & 31
        t = m >> 5 & 31
        c = m >> 10
        nme = me ^ bit_of(f) | (1 << t)
        nopp = opp ^ bit_of(c)
        nhm = hm - 1 if f == 0 else hm
        if c and popc(nopp) + ho < 3:
            s = WIN - 1
        else:
            nd = depth - 1
            if f == 0 and nhm == 0 and ho == 0:
                nd += 1
            if nd <= 0:
                s = -quiesce(nopp, nme, ho, nhm, -WIN - 1, -alpha, ctl[QPLIES], ctl, w)
                if s > MATE_ZONE:
                    s = WIN - 1
            elif i == 0:
                s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -WIN - 1, WIN + 1, 1,
                             ctl, w, tt_key, tt_val, moves, order, killers, hist)
            else:
                s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -alpha - 1, -alpha, 1,
                             ctl, w, tt_key, tt_val, moves, order, killers, hist)
                if s > alpha and not ctl[ABORTED]:
                    s = -negamax(nopp, nme, ho, nhm, 1 - side, nd, -WIN - 1, -s, 1,
                                 ctl, w, tt_key, tt_val, moves, order, killers, hist)
            if ctl[ABORTED]:
                break
        if best_i < 0 or s > alpha:
            alpha = s
            best_i = i
            scores[0] = s
    return best_i


class Kernel:
    """The arrays one search works in; the table, killers and history are kept between
    searches when the caller keeps this object."""

    def __init__(self) -> None:
        self.tt_key = np.zeros(1 << TT_BITS, dtype=np.int64)
        self.tt_val = np.zeros(1 << TT_BITS, dtype=np.int64)
        self.moves = np.zeros((MAX_PLY + 2, NMAX), dtype=np.int64)
        self.order = np.zeros((MAX_PLY + 2, NMAX), dtype=np.int64)
        self.killers = np.full((MAX_PLY + 2, 2), -1, dtype=np.int64)
        self.hist = np.zeros(25 * 24, dtype=np.int64)
        self.ctl = np.zeros(8, dtype=np.int64)
        self.scores = np.zeros(1, dtype=np.int64)

    def clear(self) -> None:
        self.tt_key[:] = 0
        self.killers[:] = -1
        self.hist[:] = 0


def warm() -> None:
    """Run every compiled function once on a small position (loads or builds the cache)."""
    k = Kernel()
    ctl = k.ctl
    ctl[:] = 0
    ctl[LIMIT] = 1 << 40
    ctl[QPLIES] = 4
    ctl[QCAPS] = 2
    w = np.array([24, 8], dtype=np.int64)
    root = np.zeros(NMAX, dtype=np.int64)
    n = gen(1 | 2, 1 << 10, 7, 8, 0, 0, root)
    root_iteration(1 | 2, 1 << 10, 7, 8, 0, 2, root, n, k.scores, ctl, w, k.tt_key, k.tt_val,
                   k.moves, k.order, k.killers, k.hist)
