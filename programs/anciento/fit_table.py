"""Every neighbourhood a square can have, and which stone kinds may go there: one table lookup.

A square's neighbourhood is the four squares above, left, right and below it (in that order,
``rules.NEIGHBOURS`` order, off-board counted empty), each holding a kind 0..35 or 36 for empty.
Its *key* is those four digits in base 37: ``((up * 37 + left) * 37 + right) * 37 + down``.
``FIT[key]`` is a 36-bit mask of the kinds that may legally go there, ``COUNT[key]`` how many
neighbours it has.  Built once with numpy from the matching rules (and checked against
``rules.fits`` by the tests), it turns the computer player's legality and evaluation work into
gathers from two arrays.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import numpy as np

from .rules import CELLS, NEIGHBOURS
from .stones import KINDS, pattern_of, shape_of

BASE: Final = 37
VOID: Final = 36  # an empty (or off-board) neighbour
KEYS: Final = BASE ** 4

# match code of a neighbour: 0 empty, 1 shape only, 2 pattern only, 3 both, 4 neither
_CODE = np.zeros((KINDS, BASE), dtype=np.int16)
for _t in range(KINDS):
    for _u in range(KINDS):
        s, p = shape_of(_t) == shape_of(_u), pattern_of(_t) == pattern_of(_u)
        _CODE[_t, _u] = 3 if s and p else 1 if s else 2 if p else 4


def _split_tables() -> tuple[np.ndarray, np.ndarray]:
    """For every combination of four neighbour codes (5**4 entries): legal now; Quatro still possible.

    The second says the neighbours there so far could be part of a Quatro for that kind: each
    matches it, at most two by shape only and at most two by pattern only.
    """
    legal = np.zeros(5 ** 4, dtype=bool)
    quatro = np.zeros(5 ** 4, dtype=bool)
    wanted = {1: ((1, 0), (0, 1)), 2: ((1, 1),), 3: ((2, 1), (1, 2)), 4: ((2, 2),)}
    for key in range(5 ** 4):
        codes = [(key // 5 ** k) % 5 for k in range(4)]
        if 4 in codes:
            continue
        n = sum(1 for c in codes if c)
        if not n:
            continue
        so, po, bo = codes.count(1), codes.count(2), codes.count(3)
        legal[key] = any(so <= ws <= so + bo and po <= wp for ws, wp in wanted[n])
        quatro[key] = so <= 2 and po <= 2
    return legal, quatro


_TABLES: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def build() -> Iterator[None]:
    """Build the tables a kind at a time, yielding after each (a program stays responsive
    while they are made: about a second of work in all).

    It yields KINDS + 1 times whether or not the tables are built already (then doing
    nothing), so a program that serves the machine at each step makes the same service calls
    either way, and a journal recorded in one process replays exactly in another."""
    global _TABLES
    if _TABLES is not None:
        for _ in range(KINDS + 1):
            yield
        return
    legal, quatro = _split_tables()
    keys = np.arange(KEYS, dtype=np.int32)
    digits = [((keys // BASE ** k) % BASE).astype(np.int16) for k in (3, 2, 1, 0)]
    del keys
    count = sum((d != VOID).astype(np.uint8) for d in digits)
    fit = np.zeros(KEYS, dtype=np.uint64)
    qfit = np.zeros(KEYS, dtype=np.uint64)
    yield
    for t in range(KINDS):
        code = _CODE[t]
        combo = code[digits[0]] + 5 * code[digits[1]] + 25 * code[digits[2]] + 125 * code[digits[3]]
        shift = np.uint64(t)
        fit |= legal[combo].astype(np.uint64) << shift
        qfit |= quatro[combo].astype(np.uint64) << shift
        if _TABLES is not None:  # built meanwhile by someone else
            for _ in range(KINDS - t):
                yield
            return
        yield
    _TABLES = (fit, count.astype(np.uint8), qfit)


def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(FIT, COUNT, QUATRO) by key: kinds that fit now, neighbours, kinds a Quatro there could be.

    FIT and QUATRO are uint64 masks (bit t for kind t), COUNT uint8.
    """
    for _ in build():
        pass
    assert _TABLES is not None
    return _TABLES


def _neighbour_index() -> np.ndarray:
    """(CELLS, 4) neighbour squares in key-digit order; CELLS stands for off-board."""
    out = np.full((CELLS, 4), CELLS, dtype=np.int64)
    for c in range(CELLS):
        r, k = divmod(c, 10)
        for j, (dr, dk) in enumerate(((-1, 0), (0, -1), (0, 1), (1, 0))):
            m = (r + dr) * 10 + (k + dk)
            if 0 <= r + dr < 10 and 0 <= k + dk < 10:
                out[c, j] = m
    return out


NEIGHBOUR_INDEX: Final = _neighbour_index()
assert all(set(NEIGHBOUR_INDEX[c][NEIGHBOUR_INDEX[c] < CELLS]) == set(NEIGHBOURS[c]) for c in range(CELLS))
DIGIT_WEIGHT: Final = np.array([BASE ** 3, BASE ** 2, BASE, 1], dtype=np.int64)


def _updates() -> tuple[np.ndarray, np.ndarray]:
    """For a placement on c: the 4 squares whose keys change and by what weight per kind step.

    Square ``m`` sees ``c`` as its digit j when ``NEIGHBOUR_INDEX[m, j] == c``; padding rows
    point at the spare column CELLS with weight 0.
    """
    cells = np.full((CELLS, 4), CELLS, dtype=np.int64)
    weights = np.zeros((CELLS, 4), dtype=np.int64)
    for c in range(CELLS):
        j = 0
        for m in range(CELLS):
            for d in range(4):
                if NEIGHBOUR_INDEX[m, d] == c:
                    cells[c, j] = m
                    weights[c, j] = DIGIT_WEIGHT[d]
                    j += 1
    return cells, weights


UPDATE_CELLS, UPDATE_WEIGHTS = _updates()


def keys_of(boards: np.ndarray) -> np.ndarray:
    """Keys of every square of each board; ``boards`` is (N, CELLS + 1) with VOID for empty."""
    return boards[:, NEIGHBOUR_INDEX] @ DIGIT_WEIGHT
