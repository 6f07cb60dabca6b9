"""Anciento's master player: a beam search over the known sequence of stones, in numpy.

Why a beam: the score is dominated by the Quatros.  Each one doubles BONUS for every later
placement and adds a doubling end bonus, so a game with one Quatro more is worth about twice
as much.  The master knows the whole sequence (it is the program's own game), so it searches
forward stone by stone keeping the ``width`` most promising boards at each depth.  A board's
promise is its score so far plus BONUS times an estimate of what its empty squares are still
worth: a square with four neighbours that a stone still to come fits (a Quatro waiting to be
made) is worth much, a square no remaining stone fits is a loss, and so on.  Those
per-square values come from one table lookup per square (see fit_table.py), and a child's
value is its parent's plus the change on the five squares the placement touches, so one
depth of the search is a few numpy gathers over the whole beam.

The budget is the beam width (boards kept per depth), never wall time, so the same deal and
width give the same game on every machine.  ``Beam.step()`` runs one depth, so a program can
interleave the search with its screen and keys; ``Master`` commits moves a few at a time and
searches again from there, so a demo can show its first moves while it goes on thinking.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from .fit_table import UPDATE_CELLS, UPDATE_WEIGHTS, VOID, build, keys_of, tables
from .rules import CELLS, EDGE, FIRST_QUATRO_BONUS, LEFT_BONUS, QUATRO, Position, place
from .stones import KINDS, TO_PLAY, Deal

_EDGE = np.array(EDGE + (False,), dtype=bool)
_INTERIOR = ~_EDGE
_INTERIOR[CELLS] = False
UPDATE_WEIGHTS32 = UPDATE_WEIGHTS.astype(np.int32)


@dataclass(frozen=True)
class Params:
    """The evaluation's weights, in units of the current BONUS."""
    width: int = 600
    per_move: float = 2.0        # what each remaining placement is worth
    quatro_live: float = 24.0    # four neighbours, a remaining stone fits: a Quatro waiting
    quatro_dead: float = -6.0    # four neighbours, nothing left fits
    three_live: float = 6.0      # three neighbours (inside the frame), something fits
    two_live: float = 0.0
    two_quatro: float = 0.0      # two neighbours nothing fits now, but a Quatro could come there
    one_live: float = 0.0
    dead: float = -3.0           # one to three neighbours, nothing left fits
    edge_dead: float = -1.0      # the same on the grey frame
    seed: int = 1                # for the board hashes that drop duplicate boards


def _value_table(p: Params) -> np.ndarray:
    """Value of an empty square by (on the frame, neighbours 0-4, a remaining stone fits now,
    a remaining stone could make a Quatro there)."""
    v = np.zeros((2, 5, 2, 2), dtype=np.float64)
    for n, live in ((1, p.one_live), (2, p.two_live), (3, p.three_live), (4, p.quatro_live)):
        v[0, n] = p.quatro_dead if n == 4 else p.dead
        v[0, n, 1, :] = live
    v[0, 2, 0, 1] = p.two_quatro
    v[1, 1:4] = p.edge_dead
    v[1, 1:4, 1, :] = 0.0
    return v.reshape(-1)


def remaining_masks(sequence: tuple[int, ...]) -> np.ndarray:
    """``masks[i]``: the kinds among ``sequence[i:]`` as a bit mask (index len: none)."""
    out = np.zeros(len(sequence) + 1, dtype=np.uint64)
    acc = 0
    for i in range(len(sequence) - 1, -1, -1):
        acc |= 1 << sequence[i]
        out[i] = acc
    return out


def final_total(score: np.ndarray, quatros: np.ndarray, left: int) -> np.ndarray:
    bonus = FIRST_QUATRO_BONUS * ((np.int64(1) << quatros.astype(np.int64)) - 1)
    total: np.ndarray = score + bonus + LEFT_BONUS.get(left, 0)
    return total


@dataclass(frozen=True)
class Plan:
    """The best line found: the squares to play from the searched position, and where it ends."""
    moves: tuple[int, ...]
    total: int          # final score (F10 after the last of these moves)
    quatros: int


class Beam:
    """One beam search from a position to the end of the sequence; ``step()`` runs one depth.

    ``incumbent`` is a line already known from this position: it is kept in the beam at every
    depth, so the search can only improve on it.
    """

    def __init__(self, deal: Deal, pos: Position, params: Params = Params(),
                 incumbent: Sequence[int] = ()) -> None:
        self.fit, self.count, self.qfit = tables()
        self.deal = deal
        self.p = params
        self.seq = deal.sequence
        self.rem = remaining_masks(self.seq)
        self.values = _value_table(params)
        # hash keys, a fixed table from a constant seed, not a random choice (ARCHITECTURE's rule)
        rng = np.random.default_rng(params.seed)
        self.zobrist = rng.integers(0, 2 ** 63, size=(CELLS + 1, KINDS + 1), dtype=np.int64)
        board = np.full((1, CELLS + 1), VOID, dtype=np.int8)
        board[0, :CELLS] = [VOID if s < 0 else s for s in pos.board]
        self.start_depth = pos.placed
        self.depth = pos.placed
        self.boards = board
        self.keys = np.concatenate([keys_of(board.astype(np.int64)), np.zeros((1, 1), dtype=np.int64)],
                                   axis=1).astype(np.int32)
        self.score = np.array([pos.score], dtype=np.int64)
        self.bonus = np.array([pos.bonus], dtype=np.int64)
        self.quatros = np.array([pos.quatros], dtype=np.int64)
        self.hash = np.array([0], dtype=np.int64)
        self.trail: list[tuple[np.ndarray, np.ndarray]] = []  # per depth: (parent index, square)
        self.best = (int(final_total(self.score, self.quatros, pos.left)[0]), self.depth, 0, pos.quatros)
        self.incumbent = tuple(incumbent)
        self.inc_index: int | None = 0 if self.incumbent else None
        self.nodes = 0

    @property
    def done(self) -> bool:
        return self.depth >= TO_PLAY or len(self.score) == 0

    def _square_values(self, keys: np.ndarray, rem: np.uint64, edge: np.ndarray,
                       fits: np.ndarray | None = None) -> np.ndarray:
        live = ((self.fit[keys] if fits is None else fits) & rem) != 0
        qlive = (self.qfit[keys] & rem) != 0
        idx = edge.astype(np.int64) * 20 + self.count[keys].astype(np.int64) * 4 + live * 2 + qlive
        values: np.ndarray = self.values[idx]
        return values

    def _note_ends(self, stuck: np.ndarray, left: int) -> None:
        """Remember the best final score among boards that end here."""
        if not stuck.any():
            return
        rows = np.nonzero(stuck)[0]
        totals = final_total(self.score[rows], self.quatros[rows], left)
        j = int(np.argmax(totals))
        if totals[j] > self.best[0]:
            self.best = (int(totals[j]), self.depth, int(rows[j]), int(self.quatros[rows[j]]))

    def step(self) -> bool:
        """Place the next stone on every board of the beam and keep the best ``width``; False when done."""
        if self.done:
            return False
        t = self.seq[self.depth]
        keys = self.keys
        empty = self.boards == VOID
        empty[:, CELLS] = False
        fits = self.fit[keys]
        legal = empty & ((fits & np.uint64(1 << t)) != 0)
        self._note_ends(~legal.any(axis=1), TO_PLAY - self.depth)
        pw, pc = np.nonzero(legal)
        if len(pw) == 0:
            self.score = self.score[:0]
            return False
        self.nodes += len(pw)
        n = self.count[keys[pw, pc]].astype(np.int64)
        gain = np.where(_EDGE[pc], 0, np.left_shift(1, n - 1)) * self.bonus[pw]
        quatro = (n == QUATRO).astype(np.int64)
        score = self.score[pw] + gain
        quatros = self.quatros[pw] + quatro
        bonus = self.bonus[pw] << quatro
        # the empty squares' value after this stone: the parent's sum plus the change on the
        # placed square and its four neighbours
        rem = self.rem[self.depth + 1]
        sq = np.where(empty, self._square_values(keys, rem, _EDGE[None, :], fits), 0.0)
        ucells = UPDATE_CELLS[pc]                       # (K, 4)
        new_keys = keys[pw[:, None], ucells] + (t - VOID) * UPDATE_WEIGHTS32[pc]
        new_vals = self._square_values(new_keys, rem, _EDGE[ucells])
        old_vals = sq[pw[:, None], ucells]
        delta = np.where(empty[pw[:, None], ucells], new_vals - old_vals, 0.0).sum(axis=1) - sq[pw, pc]
        left = TO_PLAY - self.depth - 1
        future = bonus * (self.p.per_move * left + sq.sum(axis=1)[pw] + delta)
        value = (score + FIRST_QUATRO_BONUS * ((np.int64(1) << quatros) - 1)).astype(np.float64) + future
        keep = self._select(value, self.hash[pw] ^ self.zobrist[pc, t], pw, pc)
        pw, pc = pw[keep], pc[keep]
        rows = np.arange(len(pw))
        boards = self.boards[pw]
        boards[rows, pc] = t
        nkeys = keys[pw]
        nkeys[rows[:, None], UPDATE_CELLS[pc]] += (t - VOID) * UPDATE_WEIGHTS32[pc]
        self.boards, self.keys = boards, nkeys
        self.score, self.quatros, self.bonus = score[keep], quatros[keep], bonus[keep]
        self.hash = self.hash[pw] ^ self.zobrist[pc, t]
        self.trail.append((pw, pc))
        self.depth += 1
        if self.depth == TO_PLAY:
            self._note_ends(np.ones(len(pw), dtype=bool), 0)
        return not self.done

    def _select(self, value: np.ndarray, h: np.ndarray, pw: np.ndarray, pc: np.ndarray) -> np.ndarray:
        """Indices of the children to keep: the best ``width`` distinct boards (and the incumbent)."""
        width = self.p.width
        order = np.argsort(-value, kind="stable")
        _, first = np.unique(h[order], return_index=True)
        keep = order[np.sort(first)][:width]
        if self.inc_index is not None:
            d = self.depth - self.start_depth
            if d >= len(self.incumbent):
                self.inc_index = None
            else:
                hit = np.nonzero((pw == self.inc_index) & (pc == self.incumbent[d]))[0]
                if len(hit) == 0:     # the incumbent is not legal here: forget it
                    self.inc_index = None
                else:
                    k = int(hit[0])
                    where = np.nonzero(keep == k)[0]
                    if len(where):
                        self.inc_index = int(where[0])
                    else:
                        dup = np.nonzero(h[keep] == h[k])[0]  # the same board by another path
                        if len(dup):
                            keep[dup[0]] = k
                            self.inc_index = int(dup[0])
                        else:
                            if len(keep) >= width:
                                keep = keep[:width - 1]
                            keep = np.append(keep, k)
                            self.inc_index = len(keep) - 1
        return keep

    def run(self) -> Plan:
        while self.step():
            pass
        return self.plan()

    def plan(self) -> Plan:
        """The best complete line found so far (ended at a dead end or after the last stone)."""
        total, depth, j, q = self.best
        moves = []
        for d in range(depth - self.start_depth - 1, -1, -1):
            pw, pc = self.trail[d]
            moves.append(int(pc[j]))
            j = int(pw[j])
        return Plan(tuple(reversed(moves)), total, q)


def best_line(deal: Deal, pos: Position, params: Params = Params()) -> Plan:
    return Beam(deal, pos, params).run()


THINKING = None  #: what ``Master.play`` yields for one unit of search work done


class Master:
    """The demo player: plans the whole game, then commits ``commit`` moves at a time and
    searches again from there (keeping the old plan as the incumbent), so it can show moves
    while it goes on thinking and each later search only improves the line.

    ``play()`` yields THINKING (None) after each depth of search and a square for each move
    committed; the moves it yields are the game it plays, and ``plan`` is the whole line.
    """

    def __init__(self, deal: Deal, params: Params = Params(), commit: int = 66,
                 later_width: int | None = None) -> None:
        self.deal = deal
        self.params = params
        self.commit = commit
        self.later = replace(params, width=later_width or params.width)
        self.plan: Plan | None = None
        self.nodes = 0

    def play(self, pos: Position) -> Iterator[int | None]:
        for _ in build():
            yield THINKING
        beam = Beam(self.deal, pos, self.params)
        played: list[int] = []
        while True:
            while beam.step():
                yield THINKING
            self.nodes += beam.nodes
            found = beam.plan()
            self.plan = Plan(tuple(played) + found.moves, found.total, found.quatros)
            line = list(found.moves)
            for m in line[:self.commit]:
                pos = place(self.deal, pos, m)
                played.append(m)
                yield m
            rest = line[self.commit:]
            if not rest:
                return
            beam = Beam(self.deal, pos, self.later, incumbent=rest)

    def line(self, pos: Position) -> list[int]:
        """Run ``play`` to the end: the squares of the whole game."""
        return [m for m in self.play(pos) if m is not THINKING]


#: The demo's budget: beam width and how many moves it commits between searches.  Calibrated
#: so that a game's whole search takes well under 30 s on the 2-core development machine.
DEMO_PARAMS = Params(width=1000)
DEMO_COMMIT = 2


def demo_master(deal: Deal) -> Master:
    """The master as the program's demo (and the shipped SAMPLE game) plays."""
    return Master(deal, DEMO_PARAMS, DEMO_COMMIT)
