"""The computer player: difficulty 1-8 is the number of plies it looks ahead; 0 looks at
nothing; 9, the master, plays its first placements from a book (``book.py``) and then
searches as deep as a fixed budget of nodes takes it, selectively: through the compiled
kernel (``master.py``, ``kernel.py``: the same rules, evaluation and quiescence, fifty times
faster) when numba is installed, else with this module's own engine (see :func:`_engine`).

The original ran its search on a 4.77 MHz PC; here the search is pure Python, so every
choice below is about doing less per node: the board is two 24-bit ints, neighbour sets of
a whole army come from three byte-indexed tables, the number of pieces on each of the 16
mills comes from three more (2-bit counters packed in one int, so open and closed mills are
a few mask operations instead of a loop), moves are small int tuples made by xor (index -1
in the tables means "nothing", so a placement or capture-less move needs no branch), and
the recursion passes the state as arguments instead of building objects. Near the empty
board, moves that a mirror or rotation of the position maps onto each other are searched
once.

Search: negamax alpha-beta with principal-variation (null-window) re-search, iterative
deepening, a transposition table keyed by Zobrist hashes, and move ordering by TT move,
mill-closing captures, blocking the opponent's open mill, two killer moves per ply and a
history table.

The search generates exactly the moves ``rules.legal_moves`` allows (which pieces a mill
may take is asked of ``rules.capturable`` itself), declining a capture included: it is
searched last, and it matters, since taking a piece can free a point for a side that would
otherwise be shut in.

The module runs past 500 lines on purpose: :func:`_engine` is one pure search written as a
closure, whose inner functions reach the tables, counters and transposition table as free
variables (the cheapest lookup pure Python has) instead of through an object; split across
modules it would be slower and no easier to read, since none of its parts makes sense alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from .rules import (
    ADJ_MASK,
    BLACK,
    DECLINE,
    FULL,
    MILL_MASKS,
    MILLS_AT,
    Move,
    Options,
    Position,
    apply_unchecked,
    capturable,
    legal_moves,
)
from .symmetry import byte_tables as _byte_tables
from .symmetry import map_mask
from .symmetry import unique_root_moves as _unique_root_moves
from .weights import W_MOVERS, W_PLACE_MOVERS, W_PLACE_TARGETS, W_STUCK, W_TARGETS

WIN: Final = 100_000
MATE_ZONE: Final = WIN - 1_000
PIECE: Final = 100
#: Level 9: iterative deepening up to this depth, ending when MASTER_NODES are spent (a
#: node budget, not a clock, so that a game replays the same on any machine; calibrated so
#: that the slowest move of scripts/bench_mill.py stays under 1 s of CPU), and starting no
#: new iteration once MASTER_SOFT_NODES are spent (the next would rarely finish).
MASTER_DEPTH: Final = 30
MASTER_NODES: Final = 40_000
MASTER_SOFT_NODES: Final = 16_000
#: ... and twice that over the last placements (this many or fewer pieces left in both hands),
#: where the blockades and double mills of the moving phase are decided.
MASTER_LATE_PLACING: Final = 8
#: The compiled search (master.py) plays the book's entries only where they were searched this
#: deep (the first two placements): the shallower ones were searched with a plainer
#: evaluation than level 9's, and the kernel, with level 9's own, sees as far.
MASTER_BOOK_DEPTH: Final = 12
#: Level 9's quiescence search: how many plies of mill closures it follows past the horizon,
#: and how many of the captures each closure allows (best guesses first) it tries.
QUIESCE_PLIES: Final = 4
QUIESCE_CAPTURES: Final = 2
#: Entries past which level 9's kept transposition table is emptied.
KEPT_TT_MAX: Final = 150_000  # about 30 MB
#: Remaining depth from which a placing-phase node drops mirror-image moves.
SYM_DEPTH: Final = 4
# The evaluation's weights are in weights.py, shared with the compiled kernel (master.py).

_BIT: Final = tuple(1 << i for i in range(24)) + (0,)  # index -1 -> 0: "no point"
_ADJ_M: Final = tuple(ADJ_MASK[i + 1] for i in range(24)) + (0,)
_MILL2: Final = tuple(MILLS_AT[i + 1] for i in range(24))


def _map_mask(perm: tuple[int, ...], mask: int) -> int:
    return map_mask(perm, mask)


def _indices(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(24) if mask >> i & 1)


def _reach(mask: int) -> int:
    out = 0
    for i in _indices(mask):
        out |= _ADJ_M[i]
    return out


#: Indices of the set bits of a mask = _I0[m & 255] + _I1[m >> 8 & 255] + _I2[m >> 16].
_I0, _I1, _I2 = _byte_tables(_indices)

#: Points next to any point of a mask = _R0[m & 255] | _R1[m >> 8 & 255] | _R2[m >> 16].
_R0, _R1, _R2 = _byte_tables(_reach)


def _zobrist() -> tuple[list[list[int]], list[list[int]], int]:
    rnd = random.Random(0x4D494C4C)  # fixed: keys must not depend on the caller's rng
    pts = [[rnd.getrandbits(64) for _ in range(24)] + [0] for _ in range(2)]
    hands = [[rnd.getrandbits(64) for _ in range(10)] for _ in range(2)]
    # placing with h pieces in hand turns the hand key h into h - 1
    place = [[0] + [hands[c][h] ^ hands[c][h - 1] for h in range(1, 10)] for c in range(2)]
    return pts, place, rnd.getrandbits(64)


_ZP, _ZPLACE, _ZTURN = _zobrist()


def zobrist_key(pos: Position) -> int:
    """The search's hash of ``pos`` (the same value the search reaches incrementally)."""
    h = _ZTURN if pos.turn == BLACK else 0
    for c in range(2):
        m = pos.pieces(c)
        for i in range(24):
            if m >> i & 1:
                h ^= _ZP[c][i]
        # hand keys are stored as differences; rebuild the absolute one by chaining
        for k in range(pos.in_hand[c] + 1, 10):
            h ^= _ZPLACE[c][k]
    return h


#: How many pieces of a mask stand on each of the 16 mills, as 2-bit fields (mill k at bits
#: 2k, 2k+1): _C0[m & 255] + _C1[m >> 8 & 255] + _C2[m >> 16]. Each mill has three points,
#: so a field never overflows; one addition replaces a loop over the 16 mills.
_C0, _C1, _C2 = _byte_tables(
    lambda m: sum((m & mill).bit_count() << 2 * k for k, mill in enumerate(MILL_MASKS)))
_K: Final = 0x55555555  # the low bit of every 2-bit field


def _mill_union_table(first: int) -> tuple[int, ...]:
    tab = [0] * 65536
    for v in range(1, 65536):
        low = v & -v
        k = first + (low.bit_length() - 1) // 2
        tab[v] = tab[v ^ low] | (MILL_MASKS[k] if (low.bit_length() - 1) % 2 == 0 else 0)
    return tuple(tab)


#: Union of the mills whose field low bits are set: _MU0[f & 0xFFFF] | _MU1[f >> 16].
_MU0: Final = _mill_union_table(0)
_MU1: Final = _mill_union_table(8)


def mill_features(me: int, opp: int) -> tuple[int, int, int, int, int, int]:
    """(my open points, his open points, my closed-mill points, his, my closed count, his).

    An open point is the free third point of a line holding two pieces of one side and
    none of the other.
    """
    empty = FULL ^ me ^ opp
    a = _C0[me & 255] + _C1[me >> 8 & 255] + _C2[me >> 16]
    b = _C0[opp & 255] + _C1[opp >> 8 & 255] + _C2[opp >> 16]
    al = a & _K
    ah = a >> 1 & _K
    bl = b & _K
    bh = b >> 1 & _K
    a3 = al & ah
    b3 = bl & bh
    a_open = (ah ^ a3) & ~(bl | bh)
    b_open = (bh ^ b3) & ~(al | ah)
    return ((_MU0[a_open & 0xFFFF] | _MU1[a_open >> 16]) & empty,
            (_MU0[b_open & 0xFFFF] | _MU1[b_open >> 16]) & empty,
            _MU0[a3 & 0xFFFF] | _MU1[a3 >> 16],
            _MU0[b3 & 0xFFFF] | _MU1[b3 >> 16],
            a3.bit_count(), b3.bit_count())


def evaluate(me: int, opp: int, hm: int, ho: int, kiddie: bool) -> int:
    """Static score of a position for the side to move (see :func:`_evaluate`)."""
    return _evaluate(me, opp, hm, ho, kiddie, mill_features(me, opp))


def _evaluate(me: int, opp: int, hm: int, ho: int, kiddie: bool,
              features: tuple[int, int, int, int, int, int]) -> int:
    """Static score of a position for the side to move (``me``), in 1/100 of a piece.

    Phase-aware: while pieces are being placed, open lines (two pieces and a free third
    point) are threats and the side to move can cash one at once; once moving, what counts
    is mobility, blocked pieces, mills that can be reopened and lines a neighbour can close,
    and above all the double mill, where one piece shuttles between two mills.
    """
    empty = FULL ^ me ^ opp
    nme = me.bit_count()
    nop = opp.bit_count()
    score = (nme + hm - nop - ho) * PIECE
    my_open, op_open, my_mill, op_mill, my_closed, op_closed = features
    if hm or ho:
        # placing: an open line is a mill next turn unless blocked
        score += 8 * (my_closed - op_closed)
        if my_open and hm:
            score += 60
        n_op = op_open.bit_count()
        if n_op:
            score -= 25 * n_op if ho else 10 * n_op
            if n_op >= 2 and ho:
                score -= 40  # a fork: only one point can be blocked
        score += 6 * my_open.bit_count()
        # room to move once placing ends: shut-in pieces lose games right after placing
        reach_e = _R0[empty & 255] | _R1[empty >> 8 & 255] | _R2[empty >> 16]
        score += W_PLACE_MOVERS * ((me & reach_e).bit_count() - (opp & reach_e).bit_count())
        score += W_PLACE_TARGETS * (((_R0[me & 255] | _R1[me >> 8 & 255] | _R2[me >> 16]) & empty).bit_count()
                                    - ((_R0[opp & 255] | _R1[opp >> 8 & 255] | _R2[opp >> 16]) & empty).bit_count())
        return score
    my_jump = kiddie and nme == 3
    op_jump = kiddie and nop == 3
    reach_e = _R0[empty & 255] | _R1[empty >> 8 & 255] | _R2[empty >> 16]
    my_movers = (me & reach_e).bit_count()
    op_movers = (opp & reach_e).bit_count()
    if not my_movers and not my_jump:
        return -(WIN - 200)  # to move and blocked: lost
    my_targets = ((_R0[me & 255] | _R1[me >> 8 & 255] | _R2[me >> 16]) & empty).bit_count()
    op_targets = ((_R0[opp & 255] | _R1[opp >> 8 & 255] | _R2[opp >> 16]) & empty).bit_count()
    if not my_jump:
        score += W_TARGETS * my_targets + W_MOVERS * my_movers - W_STUCK * (nme - my_movers)
    if not op_jump:
        score -= W_TARGETS * op_targets + W_MOVERS * op_movers - W_STUCK * (nop - op_movers)
        if not op_movers:
            score += 150  # opponent is shut in; only our own move can free him
    # lines a piece from outside can close next move
    my_close = 0
    double = 0
    o = my_open
    while o:
        b = o & -o
        o ^= b
        i = b.bit_length() - 1
        movers = me if my_jump else me & _ADJ_M[i]
        closers = 0
        for m in _MILL2[i]:
            if me & m == m ^ b:
                closers |= movers & ~m
        if closers:
            my_close += 1
            if closers & my_mill:
                double += 1
    op_close = 0
    o = op_open
    while o:
        b = o & -o
        o ^= b
        i = b.bit_length() - 1
        movers = opp if op_jump else opp & _ADJ_M[i]
        m1, m2 = _MILL2[i]
        if (opp & m1 == m1 ^ b and movers & ~m1) or (opp & m2 == m2 ^ b and movers & ~m2):
            op_close += 1
    if my_close:
        score += 70 + 15 * (my_close - 1)  # it is our move: a capture is coming
    score -= 30 * op_close
    score += 90 * double
    # a closed mill whose piece can step out can be reopened and closed again
    score += 12 * (my_mill & reach_e).bit_count() - 12 * (op_mill & reach_e).bit_count()
    return score


class _Stop(Exception):
    """Raised inside the search when should_stop() says the player pressed Esc."""


OnBest = Callable[[Move, int, int], None]
#: A move inside the search: (from, to, capture), -1 for "from the hand" or "no capture".
Mv = tuple[int, int, int]
#: A table entry: (depth, flag, score, best move).
Entry = tuple[int, int, int, Mv | None]


def _to_move(pos: Position, f: int, t: int, c: int) -> Move:
    frm = None if f < 0 else f + 1
    to = t + 1
    own = pos.pieces(pos.turn)
    after = (own & ~_BIT[f]) | _BIT[t]
    closes = any(after & m == m for m in _MILL2[t])
    if not closes:
        return Move(frm, to, None)
    return Move(frm, to, DECLINE if c < 0 else c + 1)


def _engine(options: Options, max_ply: int, poll: Callable[[], bool], limit: int, master: bool = False,
            kept: dict[str, Any] | None = None) -> tuple[Callable[..., list[Mv]], Callable[..., int], list[int],
                                                         list[random.Random | None], Callable[..., int]]:
    """The search's move generator and negamax, sharing one table, killers and history.

    ``limit``: the node budget; past it (checked with ``poll`` every 256 nodes) the search
    raises :class:`_Stop` and the caller plays the best move of the work done so far.
    ``master`` (level 9) makes the search selective: late quiet moves are searched one ply
    shallower first (and again at full depth if they look better than the best so far),
    and the last placement of the game is searched one ply deeper, so that the position
    where pieces start moving - blockades, double mills - is seen a ply further; and at the
    horizon a quiescence search plays out mill closures and their captures (see ``quiesce``)
    before the evaluation is believed, so that a man left hanging or a capture missed just
    beyond the horizon is seen.
    ``kept``: a dict holding the table and history between searches (level 9 keeps them
    from one move of a game to the next).
    """
    kiddie = options.kiddie
    ZP, ZPLACE, ZTURN = _ZP, _ZPLACE, _ZTURN
    BIT, ADJ_M, MILL2 = _BIT, _ADJ_M, _MILL2
    I0, I1, I2 = _I0, _I1, _I2
    tt: dict[int, Entry]
    history: list[int]
    if kept is not None:
        tt = kept.setdefault("tt", {})
        history = kept.setdefault("history", [0] * (25 * 24))
    else:
        tt = {}
        history = [0] * (25 * 24)
    killers: list[list[tuple[int, int, int] | None]] = [[None, None] for _ in range(max_ply + 2)]
    counter = [0]
    front = [0]  # how many moves gen put before the quiet ones (not reduced by LMR)
    root_rng: list[random.Random | None] = [None]
    EXACT, LOWER, UPPER = 0, 1, 2

    def gen(me: int, opp: int, hm: int, ho: int, root: bool,
            k1: tuple[int, int, int] | None = None,
            k2: tuple[int, int, int] | None = None) -> list[tuple[int, int, int]]:
        """Moves as (from, to, capture), -1 for "none", best guesses first.

        Order: mill-closing moves with each capture (the capture that breaks an open line
        of his or frees the most points first), then moves onto his open line's free point
        (blocking), then the killers, then the rest by history score.
        """
        empty = FULL ^ me ^ opp
        my_close, op_open, _, op_mill, _, _ = mill_features(me, opp)
        mills: list[tuple[int, int]] = []
        blocks: list[int] = []
        rest: list[int] = []
        if hm:
            o = empty & my_close
            if o:
                mills = [(-1, t) for t in I0[o & 255] + I1[o >> 8 & 255] + I2[o >> 16]]
            o = empty & ~my_close & op_open
            if o:
                blocks = list(I0[o & 255] + I1[o >> 8 & 255] + I2[o >> 16])
            o = empty & ~my_close & ~op_open
            rest = list(I0[o & 255] + I1[o >> 8 & 255] + I2[o >> 16])
        else:
            jump = kiddie and me.bit_count() == 3
            for f in I0[me & 255] + I1[me >> 8 & 255] + I2[me >> 16]:
                b = BIT[f]
                tg = empty if jump else ADJ_M[f] & empty
                if not tg:
                    continue
                base = me ^ b
                idx0 = (f + 1) * 24
                for t in I0[tg & 255] + I1[tg >> 8 & 255] + I2[tg >> 16]:
                    bt = BIT[t]
                    if my_close & bt:
                        nm = base | bt
                        m1, m2 = MILL2[t]
                        if nm & m1 == m1 or nm & m2 == m2:
                            mills.append((f, t))
                            continue
                    if op_open & bt:
                        blocks.append(idx0 + t)
                    else:
                        rest.append(idx0 + t)
        out: list[tuple[int, int, int]] = []
        if mills:
            cm = capturable(opp, ho, options)  # the rules' own test: one rule, one place
            caps = []
            while cm:
                b = cm & -cm
                cm ^= b
                c = b.bit_length() - 1
                caps.append((4 * bool(ADJ_M[c] & op_open) + (ADJ_M[c] & empty).bit_count(), c))
            caps.sort(reverse=True)
            for f, t in mills:
                if caps:
                    out.extend([(f, t, c) for _, c in caps])
                else:
                    out.append((f, t, -1))
        rng_root = root_rng[0]
        if root and rng_root is not None:
            rng_root.shuffle(blocks)
            rng_root.shuffle(rest)
        key = history.__getitem__
        if len(blocks) > 1:
            blocks.sort(key=key, reverse=True)
        if len(rest) > 1:
            rest.sort(key=key, reverse=True)
        if hm:
            out.extend([(-1, t, -1) for t in blocks])
            quiet = [(-1, t, -1) for t in rest]
        else:
            out.extend([(i // 24 - 1, i % 24, -1) for i in blocks])
            quiet = [(i // 24 - 1, i % 24, -1) for i in rest]
        if k2 is not None and k2 in quiet:
            quiet.remove(k2)
            out.append(k2)
        if k1 is not None and k1 in quiet:
            quiet.remove(k1)
            if out and out[-1] == k2:
                out.insert(len(out) - 1, k1)
            else:
                out.append(k1)
        front[0] = len(out)
        out.extend(quiet)
        if mills and caps:
            out.extend([(f, t, -1) for f, t in mills])  # declining, searched last
        return out

    def quick_ok(me: int, opp: int, hm: int, ho: int, empty: int, mv: tuple[int, int, int]) -> bool:
        """Cheap legality test for a TT or killer move tried before generating moves."""
        f, t, c = mv
        if not empty >> t & 1:
            return False
        if hm:
            if f >= 0:
                return False
        elif f < 0 or not me >> f & 1:
            return False
        elif not (kiddie and me.bit_count() == 3) and not ADJ_M[f] >> t & 1:
            return False
        nm = me ^ BIT[f] ^ BIT[t]
        m1, m2 = MILL2[t]
        if nm & m1 == m1 or nm & m2 == m2:
            return c < 0 or capt_ok(opp, ho, c)
        return c < 0

    def capt_ok(opp: int, ho: int, c: int) -> bool:
        return capturable(opp, ho, options) >> c & 1 == 1

    def quiesce(me: int, opp: int, hm: int, ho: int, alpha: int, beta: int, ply: int, qd: int) -> int:
        """The value of ``me`` to move once the mill closures are played out.

        Standing pat on the evaluation is allowed (a side need not close a mill), so only
        closing moves are tried, each with its best ``QUIESCE_CAPTURES`` captures, for up
        to ``qd`` more plies.
        """
        counter[0] += 1
        if not counter[0] & 255 and (counter[0] >= limit or poll()):
            raise _Stop
        feats = mill_features(me, opp)
        stand = _evaluate(me, opp, hm, ho, kiddie, feats)
        if stand >= beta or qd <= 0 or stand < -MATE_ZONE:
            return stand
        my_close = feats[0]
        if not my_close:
            return stand
        empty = FULL ^ me ^ opp
        closers: list[tuple[int, int]] = []
        if hm:
            o = my_close & empty
            closers = [(-1, t) for t in I0[o & 255] + I1[o >> 8 & 255] + I2[o >> 16]]
        else:
            jump = kiddie and me.bit_count() == 3
            o = my_close
            while o:
                bt = o & -o
                o ^= bt
                t = bt.bit_length() - 1
                fr = me if jump else me & ADJ_M[t]
                m1, m2 = MILL2[t]
                while fr:
                    bf = fr & -fr
                    fr ^= bf
                    nm = me ^ bf | bt
                    if nm & m1 == m1 or nm & m2 == m2:
                        closers.append((bf.bit_length() - 1, t))
        if not closers:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        cm = capturable(opp, ho, options)
        ranked = []
        op_open = feats[1]
        while cm:
            b = cm & -cm
            cm ^= b
            c = b.bit_length() - 1
            ranked.append((4 * bool(ADJ_M[c] & op_open) + (ADJ_M[c] & empty).bit_count(), c))
        ranked.sort(reverse=True)
        caps = [c for _, c in ranked[:QUIESCE_CAPTURES]] or [-1]
        for f, t in closers:
            nme = me ^ BIT[f] ^ BIT[t]
            nhm = hm - 1 if f < 0 else hm
            for c in caps:
                nopp = opp ^ BIT[c]
                if c >= 0 and nopp.bit_count() + ho < 3:
                    return WIN - ply - 1
                score = -quiesce(nopp, nme, ho, nhm, -beta, -alpha, ply + 1, qd - 1)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            return best
        return best

    def negamax(me: int, opp: int, hm: int, ho: int, side: int, h: int,
                depth: int, alpha: int, beta: int, ply: int) -> int:
        counter[0] += 1
        if not counter[0] & 255 and (counter[0] >= limit or poll()):
            raise _Stop
        entry = tt.get(h)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score > MATE_ZONE:
                    e_score -= ply
                elif e_score < -MATE_ZONE:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER:
                    if e_score >= beta:
                        return e_score
                elif e_score <= alpha:
                    return e_score
        empty = FULL ^ me ^ opp
        # stage 1: TT move and killers, tried before paying for a full move list
        pre = []
        if tt_move is not None and quick_ok(me, opp, hm, ho, empty, tt_move):
            pre.append(tt_move)
        moves = pre
        generated = False
        orig_alpha = alpha
        best = -WIN - 1
        best_move = None
        nside = 1 - side
        zs = ZP[side]
        zo = ZP[nside]
        zplace = ZPLACE[side][hm] ^ ZTURN
        first = True
        i = 0
        while True:
            if i == len(moves):
                if generated:
                    break
                generated = True
                k1, k2 = killers[ply]
                moves = gen(me, opp, hm, ho, False, k1, k2)
                n_front = front[0]
                if not moves and first:
                    return ply - WIN  # to move and no move: lost
                if depth >= SYM_DEPTH and hm:
                    # near the empty board many moves are mirror images of each other
                    moves = _unique_root_moves(me, opp, pre + moves)[len(pre):] if pre else \
                        _unique_root_moves(me, opp, moves)
                if pre:
                    moves = [mv for mv in moves if mv not in pre]
                i = 0
                continue
            mv = moves[i]
            i += 1
            f, t, c = mv
            nme = me ^ BIT[f] ^ BIT[t]
            nopp = opp ^ BIT[c]
            if c >= 0 and nopp.bit_count() + ho < 3:
                score = WIN - ply - 1
            else:
                nh = h ^ zs[f] ^ zs[t] ^ zo[c] ^ (zplace if f < 0 else ZTURN)
                nhm = hm - 1 if f < 0 else hm
                nd = depth - 1
                if master and f < 0 and not nhm and not ho:
                    nd += 1  # the last placement: see the first moves after it
                if nd <= 0:
                    if master:
                        score = -quiesce(nopp, nme, ho, nhm, -beta, -alpha, ply + 1, QUIESCE_PLIES)
                    else:
                        score = -evaluate(nopp, nme, ho, nhm, kiddie)
                    if score > MATE_ZONE:
                        score = WIN - ply - 1
                elif first:
                    score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -beta, -alpha, ply + 1)
                else:
                    if master and nd >= 2 and c < 0 and generated and i > n_front + 2:
                        score = -negamax(nopp, nme, ho, nhm, nside, nh, nd - 1, -alpha - 1, -alpha, ply + 1)
                    else:
                        score = alpha + 1
                    if score > alpha:
                        score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -alpha - 1, -alpha, ply + 1)
                        if alpha < score < beta:
                            score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -beta, -score, ply + 1)
            first = False
            if score > best:
                best = score
                best_move = mv
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if c < 0:
                            kl = killers[ply]
                            if kl[0] != mv:
                                kl[1] = kl[0]
                                kl[0] = mv
                            history[(f + 1) * 24 + t] += depth * depth
                        break
        if best >= beta:
            flag = LOWER
        elif best > orig_alpha:
            flag = EXACT
        else:
            flag = UPPER
        stored = best
        if stored > MATE_ZONE:
            stored += ply
        elif stored < -MATE_ZONE:
            stored -= ply
        tt[h] = (depth, flag, stored, best_move)
        return best

    return gen, negamax, counter, root_rng, quiesce


def generate(pos: Position, root: bool = True) -> list[Move]:
    """The moves the search generates in ``pos``, at the root or inside the tree (in the
    search's order; tests hold both to exactly ``rules.legal_moves``)."""
    gen = _engine(pos.options, 1, lambda: False, 1 << 62)[0]
    me, opp = pos.pieces(pos.turn), pos.pieces(1 - pos.turn)
    hm, ho = pos.in_hand[pos.turn], pos.in_hand[1 - pos.turn]
    if me.bit_count() + hm < 3 or opp.bit_count() + ho < 3:
        return []
    return [_to_move(pos, *mv) for mv in gen(me, opp, hm, ho, root)]


def search(pos: Position, depth: int, *, rng: random.Random,
           on_best: OnBest | None = None,
           should_stop: Callable[[], bool] | None = None,
           stats: dict[str, int] | None = None,
           max_nodes: int | None = None, master: bool = False,
           soft_nodes: int | None = None, kept: dict[str, Any] | None = None) -> Move:
    """The best move for the side to move, looking ``depth`` plies ahead (depth >= 1).

    ``on_best(move, depth, score)`` is called whenever the best move so far changes (score
    for the mover, 100 = one piece). ``should_stop()`` is polled every 256 nodes; when it
    returns True the search ends at once and the best move so far is played. ``rng`` breaks
    ties among equal root moves, so two games with different seeds differ. ``max_nodes``
    bounds the work (deterministically, unlike a clock): iterative deepening stops when it
    is spent, keeping the best move of the deepest work done; past ``soft_nodes`` it starts
    no new iteration. ``kept`` holds the transposition table and history from one search
    to the next (see :func:`_engine`).
    """
    legal = legal_moves(pos)
    if not legal:
        raise ValueError("no legal move: the game is over")
    if depth < 1:
        return greedy(pos, rng)
    kiddie = pos.options.kiddie
    poll = should_stop or (lambda: False)
    gen, negamax, counter, root_rng, quiesce = _engine(pos.options, depth + 2, poll,
                                                        1 << 62 if max_nodes is None else max_nodes, master, kept)
    ZP, ZPLACE, ZTURN = _ZP, _ZPLACE, _ZTURN
    me = pos.pieces(pos.turn)
    opp = pos.pieces(1 - pos.turn)
    hm = pos.in_hand[pos.turn]
    ho = pos.in_hand[1 - pos.turn]
    side = pos.turn
    h = zobrist_key(pos)
    root_rng[0] = rng
    root = _unique_root_moves(me, opp, gen(me, opp, hm, ho, True))
    root_rng[0] = None
    best_move = root[0]
    best_score = 0
    reported: tuple[int, int, int] | None = None

    def report(mv: tuple[int, int, int], d: int, score: int) -> None:
        nonlocal reported
        if on_best is not None and mv != reported:
            move = _to_move(pos, *mv)
            assert move in legal, (move, pos)  # Esc plays it
            on_best(move, d, score)
        reported = mv

    report(best_move, 0, 0)
    nside = 1 - side
    done_depth = 0
    try:
        for d in range(1, depth + 1):
            alpha, beta = -WIN - 1, WIN + 1
            it_best = None
            for idx, (f, t, c) in enumerate(root):
                nme = me ^ _BIT[f] ^ _BIT[t]
                nopp = opp ^ _BIT[c]
                if c >= 0 and nopp.bit_count() + ho < 3:
                    score = WIN - 1
                else:
                    nh = h ^ ZP[side][f] ^ ZP[side][t] ^ ZP[nside][c] ^ ZTURN
                    if f < 0:
                        nh ^= ZPLACE[side][hm]
                    nhm = hm - 1 if f < 0 else hm
                    nd = d - 1
                    if master and f < 0 and not nhm and not ho:
                        nd += 1  # the last placement: see the first moves after it
                    if nd <= 0:
                        if master:
                            score = -quiesce(nopp, nme, ho, nhm, -beta, -alpha, 1, QUIESCE_PLIES)
                        else:
                            score = -evaluate(nopp, nme, ho, nhm, kiddie)
                        if score > MATE_ZONE:
                            score = WIN - 1
                    elif idx == 0:
                        score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -beta, -alpha, 1)
                    else:
                        score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -negamax(nopp, nme, ho, nhm, nside, nh, nd, -beta, -score, 1)
                if it_best is None or score > alpha:
                    alpha = max(alpha, score)
                    it_best = (f, t, c)
                    best_move, best_score = it_best, score
                    report(best_move, d, score)
            done_depth = d
            # the next iteration starts with this iteration's best
            root.remove(best_move)
            root.insert(0, best_move)
            if best_score > MATE_ZONE:
                break  # a forced win found: deeper search cannot improve on it
            if soft_nodes is not None and counter[0] >= soft_nodes:
                break  # the next iteration would rarely finish within the budget
    except _Stop:
        pass
    if stats is not None:
        stats["nodes"] = counter[0]
        stats["score"] = best_score
        stats["depth"] = done_depth
    move = _to_move(pos, *best_move)
    assert move in legal, (move, pos)
    return move


_KEPT: dict[str, Any] = {}


def _kept_for(pos: Position) -> dict[str, Any]:
    """Level 9's table and history, kept from one of its moves to its next in the same game.

    Kept only when ``pos`` can follow the position of its last search by one move of each
    side (the usual case: it searched, then the other side moved), or by one move (it plays
    both sides); after a step back, a new
    game or another game's position it starts afresh. So a game replayed from its first move
    is played the same, and the table cannot grow without end.
    """
    last = _KEPT.get("root")
    fresh = last is None or last.options != pos.options or len(_KEPT.get("tt", ())) > KEPT_TT_MAX
    if last is not None and not fresh:
        fresh = True
        for m in legal_moves(last):
            mid = apply_unchecked(last, m)
            if mid == pos:  # one ply on: level 9 plays both sides
                fresh = False
                break
            if mid.material(0) + mid.material(1) < pos.material(0) + pos.material(1):
                continue
            if any(apply_unchecked(mid, r) == pos for r in legal_moves(mid)):
                fresh = False
                break
    if fresh:
        _KEPT.clear()
    _KEPT["root"] = pos
    return _KEPT


def greedy(pos: Position, rng: random.Random) -> Move:
    """Level 0: no look-ahead; take a piece if possible (the first mill-closer it sees
    with a capture), otherwise any move, chosen at random."""
    legal = legal_moves(pos)
    if not legal:
        raise ValueError("no legal move: the game is over")
    takes = [m for m in legal if m.capture]
    return rng.choice(takes or legal)


def choose_move(pos: Position, level: int, *, rng: random.Random,
                on_best: OnBest | None = None,
                should_stop: Callable[[], bool] | None = None) -> Move:
    """The computer's move at difficulty ``level`` (0-9 plies of look-ahead)."""
    if not 0 <= level <= 9:
        raise ValueError(f"difficulty level {level} is not 0-9")
    if level == 0:
        move = greedy(pos, rng)
        if on_best is not None:
            on_best(move, 0, 0)
        return move
    if level == 9:
        forced = legal_moves(pos)
        if len(forced) == 1:  # one legal move: no budget to spend on it
            if on_best is not None:
                on_best(forced[0], 0, 0)
            return forced[0]
        # the book reads its data file on first use only, master imports numba on first use only
        from . import book, master
        # the book's deep entries first; its shallower ones only where the kernel cannot search
        booked = book.choose(pos, rng, min_depth=MASTER_BOOK_DEPTH)
        compiled = booked is None and master.ready(should_stop)  # False without numba, or stopped
        if booked is None and not compiled:
            booked = book.choose(pos, rng)
        if booked is not None:
            if on_best is not None:
                on_best(booked, 0, 0)
            return booked
        if compiled:
            return master.search(pos, _kept_for(pos), rng=rng, on_best=on_best, should_stop=should_stop)
        return search(pos, MASTER_DEPTH, rng=rng, on_best=on_best, should_stop=should_stop,
                      max_nodes=MASTER_NODES, master=True, kept=_kept_for(pos),
                      soft_nodes=2 * MASTER_SOFT_NODES if 0 < sum(pos.in_hand) <= MASTER_LATE_PLACING
                      else MASTER_SOFT_NODES)
    return search(pos, level, rng=rng, on_best=on_best, should_stop=should_stop)
