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

from dataclasses import dataclass, replace
from typing import Iterator

import numpy as np

from .fit_table import (BASE, NEIGHBOUR_INDEX, UPDATE_CELLS, UPDATE_WEIGHTS, VOID, keys_of,
                        tables)
from .rules import CELLS, EDGE, FIRST_QUATRO_BONUS, LEFT_BONUS, QUATRO, Position
from .stones import KINDS, TO_PLAY, Deal

_EDGE = np.array(EDGE + (False,), dtype=bool)
_INTERIOR = ~_EDGE
_INTERIOR[CELLS] = False
_REAL = np.ones(CELLS + 1, dtype=bool)
_REAL[CELLS] = False


@dataclass(frozen=True)
class Params:
    """The evaluation's weights, in units of the current BONUS."""
    width: int = 600
    per_move: float = 2.0        # what each remaining placement is worth
    quatro_live: float = 24.0    # four neighbours, a remaining stone fits: a Quatro waiting
    quatro_dead: float = -6.0    # four neighbours, nothing left fits
    three_live: float = 6.0      # three neighbours (inside the frame), something fits
    two_live: float = 1.0
    one_live: float = 0.0
    dead: float = -3.0           # one to three neighbours, nothing left fits
    edge_dead: float = -1.0      # the same on the grey frame
    seed: int = 1                # for the board hashes that drop duplicate boards


def _value_table(p: Params) -> np.ndarray:
    """Value of an empty square by (on the frame, neighbours 0-4, something still fits)."""
    v = np.zeros((2, 5, 2), dtype=np.float64)
    v[0, 1] = (p.dead, p.one_live)
    v[0, 2] = (p.dead, p.two_live)
    v[0, 3] = (p.dead, p.three_live)
    v[0, 4] = (p.quatro_dead, p.quatro_live)
    v[1, 1:4] = (p.edge_dead, 0.0)
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
    return score + FIRST_QUATRO_BONUS * ((np.int64(1) << quatros.astype(np.int64)) - 1) + LEFT_BONUS.get(left, 0)


@dataclass(frozen=True)
class Plan:
    """The best line found: the squares to play from the searched position, and where it ends."""
    moves: tuple[int, ...]
    total: int          # final score (F10 after the last of these moves)
    quatros: int


class Beam:
    """One beam search from a position to the end of the sequence; ``step()`` runs one depth."""

    def __init__(self, deal: Deal, pos: Position, params: Params = Params()) -> None:
        self.fit, self.count = tables()
        self.deal = deal
        self.p = params
        self.seq = deal.sequence
        self.rem = remaining_masks(self.seq)
        self.values = _value_table(params)
        rng = np.random.default_rng(params.seed)
        self.zobrist = rng.integers(0, 2 ** 63, size=(CELLS + 1, KINDS + 1), dtype=np.int64)
        board = np.full((1, CELLS + 1), VOID, dtype=np.int64)
        board[0, :CELLS] = [VOID if s < 0 else s for s in pos.board]
        self.start_depth = pos.placed
        self.depth = pos.placed
        self.boards = board
        self.keys = np.concatenate([keys_of(board), np.zeros((1, 1), dtype=np.int64)], axis=1)
        self.score = np.array([pos.score], dtype=np.int64)
        self.bonus = np.array([pos.bonus], dtype=np.int64)
        self.quatros = np.array([pos.quatros], dtype=np.int64)
        self.hash = np.array([0], dtype=np.int64)
        self.trail: list[tuple[np.ndarray, np.ndarray]] = []  # per depth: (parent index, square)
        self.best = (int(final_total(self.score, self.quatros, pos.left)[0]), self.depth, 0, pos.quatros)
        self.nodes = 0

    @property
    def done(self) -> bool:
        return self.depth >= TO_PLAY or len(self.score) == 0

    def _square_values(self, keys: np.ndarray, rem: np.uint64, edge: np.ndarray) -> np.ndarray:
        live = (self.fit[keys] & rem) != 0
        idx = edge.astype(np.int64) * 10 + self.count[keys].astype(np.int64) * 2 + live
        return self.values[idx]

    def step(self) -> bool:
        """Place the next stone on every board of the beam and keep the best ``width``; False when done."""
        if self.done:
            return False
        t = self.seq[self.depth]
        bit = np.uint64(1 << t)
        keys = self.keys
        empty = self.boards == VOID
        empty[:, CELLS] = False
        legal = empty & ((self.fit[keys] & bit) != 0)
        pw, pc = np.nonzero(legal)
        # boards with no legal square end here: their final score is known
        stuck = ~legal.any(axis=1)
        if stuck.any():
            totals = final_total(self.score[stuck], self.quatros[stuck], TO_PLAY - self.depth)
            j = int(np.argmax(totals))
            if totals[j] > self.best[0]:
                self.best = (int(totals[j]), self.depth, int(np.nonzero(stuck)[0][j]),
                             int(self.quatros[stuck][j]))
        if len(pw) == 0:
            self.score = self.score[:0]
            return False
        self.nodes += len(pw)
        n = self.count[keys[pw, pc]].astype(np.int64)
        gain = np.where(_EDGE[pc], 0, np.left_shift(1, n - 1)) * self.bonus[pw]
        quatro = n == QUATRO
        score = self.score[pw] + gain
        quatros = self.quatros[pw] + quatro
        bonus = self.bonus[pw] << quatro.astype(np.int64)
        # the empty squares' value after this stone, from the parents' plus the local change
        rem = self.rem[self.depth + 1]
        sq = np.where(empty, self._square_values(keys, rem, _EDGE[None, :]), 0.0)
        total_sq = sq.sum(axis=1)
        ucells = UPDATE_CELLS[pc]                       # (K, 4)
        old_keys = keys[pw[:, None], ucells]
        new_keys = old_keys + (t - VOID) * UPDATE_WEIGHTS[pc]
        nb_empty = empty[pw[:, None], ucells]
        new_vals = self._square_values(new_keys, rem, _EDGE[ucells])
        delta = np.where(nb_empty, new_vals - sq[pw[:, None], ucells], 0.0).sum(axis=1) - sq[pw, pc]
        left = TO_PLAY - self.depth - 1
        future = bonus * (self.p.per_move * left + total_sq[pw] + delta)
        value = (score + FIRST_QUATRO_BONUS * ((np.int64(1) << quatros) - 1)).astype(np.float64) + future
        # keep the best distinct boards
        h = self.hash[pw] ^ self.zobrist[pc, t]
        order = np.argsort(-value, kind="stable")
        _, first = np.unique(h[order], return_index=True)
        keep = order[np.sort(first)][: self.p.width]
        pw, pc = pw[keep], pc[keep]
        boards = self.boards[pw]
        boards[np.arange(len(pw)), pc] = t
        nkeys = keys[pw]
        rows = np.arange(len(pw))[:, None]
        nkeys[rows, UPDATE_CELLS[pc]] += (t - VOID) * UPDATE_WEIGHTS[pc]
        self.boards, self.keys = boards, nkeys
        self.score, self.quatros, self.bonus, self.hash = score[keep], quatros[keep], bonus[keep], h[keep]
        self.trail.append((pw, pc))
        self.depth += 1
        if self.depth == TO_PLAY:
            totals = final_total(self.score, self.quatros, 0)
            j = int(np.argmax(totals))
            if totals[j] > self.best[0]:
                self.best = (int(totals[j]), self.depth, j, int(self.quatros[j]))
        return not self.done

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
