"""The small speaker's sound: a high-pass (the cone cannot hold DC) and a low-pass (the cone's mass),
as one fourth-order IIR filter run block-wise in numpy.

A sample-at-a-time filter is a Python loop over every sample; here a block of 32 samples is one
matrix product from rest plus the state carried in from the block before, and the state's own
evolution is diagonalised so whole runs of blocks are scanned at once.  ``reference_filter`` is the
plain one-sample form, kept as the yardstick the block filter is tested against.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable

import numpy as np

#: the corner frequencies of the small-speaker model (see vconsole.synth)
HIGHPASS_HZ = 120.0
LOWPASS_HZ = 4300.0
_BLOCK = 1 << 13  # samples filtered in one call: bounds the temporaries' memory



def _biquad(kind: str, hz: float, rate: int, q: float = math.sqrt(0.5)) -> tuple[np.ndarray, np.ndarray]:
    """Second-order section by the bilinear transform (RBJ audio-EQ cookbook)."""
    w0 = 2 * math.pi * hz / rate
    cos, alpha = math.cos(w0), math.sin(w0) / (2 * q)
    if kind == "low":
        b = [(1 - cos) / 2, 1 - cos, (1 - cos) / 2]
    elif kind == "high":
        b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2]
    else:
        raise ValueError(kind)
    a = [1 + alpha, -2 * cos, 1 - alpha]
    return np.array(b) / a[0], np.array(a) / a[0]


def reference_filter(x: np.ndarray, b: np.ndarray, a: np.ndarray) -> np.ndarray:
    """The same IIR filter, one sample at a time (transposed direct form II).

    Too slow for real use; it is the yardstick the block filter is tested against.
    """
    return _tdf2_run(np.asarray(x, dtype=float), b, a, np.zeros(len(a) - 1))[0]


def _tdf2_run(x: np.ndarray, b: np.ndarray, a: np.ndarray, z0: Iterable[float]) -> tuple[np.ndarray, np.ndarray]:
    """Transposed direct form II from state ``z0``: outputs and the state afterwards."""
    n = len(a) - 1
    z = [float(v) for v in z0]
    y = np.empty(len(x))
    for i, xi in enumerate(x):
        yi = b[0] * xi + z[0]
        for k in range(n - 1):
            z[k] = b[k + 1] * xi - a[k + 1] * yi + z[k + 1]
        z[n - 1] = b[n] * xi - a[n] * yi
        y[i] = yi
    return y, np.array(z)


_SUB = 32  # samples per sub-block of the block filter


@functools.cache
def _filter_kernels(b: tuple[float, ...], a: tuple[float, ...], sub: int = _SUB) -> tuple[np.ndarray, ...]:
    """Everything the block filter needs for sub-blocks of ``sub`` samples.

    ``toeplitz`` maps a sub-block's input to its output from rest, ``free``
    (state x sub) gives the output of each state variable left alone, ``carry``
    (state x sub) the state each input sample leaves at the sub-block's end,
    and ``modes``/``to_state``/``from_state`` diagonalise the state's own
    evolution over one sub-block.
    """
    bb, aa = np.array(b), np.array(a)
    n = len(aa) - 1
    zero = np.zeros(n)
    h, _ = _tdf2_run(np.r_[1.0, np.zeros(sub - 1)], bb, aa, zero)
    toeplitz = np.zeros((sub, sub))
    for j in range(sub):
        toeplitz[j:, j] = h[: sub - j]
    free = np.empty((n, sub))
    jump = np.empty((n, n))
    for i in range(n):
        free[i], jump[:, i] = _tdf2_run(np.zeros(sub), bb, aa, np.eye(n)[i])
    carry = np.empty((n, sub))
    for j in range(sub):
        impulse = np.zeros(sub)
        impulse[j] = 1.0
        carry[:, j] = _tdf2_run(impulse, bb, aa, zero)[1]
    modes, vectors = np.linalg.eig(jump.astype(complex))
    return toeplitz.T.copy(), free, carry.T.copy(), modes, vectors, np.linalg.inv(vectors)


class BlockFilter:
    """An IIR filter applied a block at a time, its state carried between calls.

    A block is cut into sub-blocks of ``_SUB`` samples.  Each sub-block's
    output is its input through the filter from rest (one matrix product for
    all of them) plus the free response of the state it starts with.  Those
    starting states obey a first-order recurrence from sub-block to
    sub-block; in the filter's modal coordinates it separates into one scalar
    recurrence per pole, which a log-step prefix scan solves for all
    sub-blocks at once.  Only multiplications by decaying powers are
    involved, so this is the sample-by-sample recurrence reordered, equal to
    it within rounding - no truncated impulse response, no Python loop over
    samples.
    """

    def __init__(self, b: np.ndarray, a: np.ndarray, block: int = _BLOCK) -> None:
        self.b = np.asarray(b, dtype=float)
        self.a = np.asarray(a, dtype=float)
        self.order = len(self.a) - 1
        self.block = block
        (self._toeplitz, self._free, self._carry, self._modes, self._to_state,
         self._from_state) = _filter_kernels(tuple(self.b), tuple(self.a))
        self._powers: dict[int, np.ndarray] = {}
        self.state = np.zeros(self.order)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=float)
        out = np.empty(len(x))
        for i in range(0, len(x), self.block):
            out[i : i + self.block] = self._one(x[i : i + self.block])
        return out

    def _mode_powers(self, count: int) -> np.ndarray:
        """modes ** k for k = 0..count, one row per k."""
        p = self._powers.get(count)
        if p is None:
            p = self._powers[count] = self._modes[None, :] ** np.arange(count + 1)[:, None]
        return p

    def _one(self, x: np.ndarray) -> np.ndarray:
        m, sub = len(x), _SUB
        if m == 0:
            return np.zeros(0)
        count = -(-m // sub)
        flat = np.zeros(count * sub)
        flat[:m] = x
        xb = flat.reshape(count, sub)
        # the state each sub-block adds by the end of it, in modal coordinates
        pushed = (xb @ self._carry) @ self._from_state.T
        # inclusive scan of w[k] = mode * w[k-1] + pushed[k], doubling the reach each pass
        powers = self._mode_powers(count)
        reach = 1
        while reach < count:
            pushed[reach:] += powers[reach] * pushed[:-reach]
            reach *= 2
        start = powers[:count] * (self._from_state @ self.state)
        start[1:] += pushed[:-1]
        states = (start @ self._to_state.T).real
        y: np.ndarray = xb @ self._toeplitz
        y += states @ self._free
        end = powers[count] * (self._from_state @ self.state) + pushed[-1]
        y = y.ravel()
        if m == count * sub:
            self.state = (self._to_state @ end).real
        else:
            # the padding would have moved the state on: run the true tail again
            k = m // sub
            _, self.state = _tdf2_run(x[k * sub :], self.b, self.a, states[k])
        return y[:m]


def speaker_filter_coefficients(rate: int) -> tuple[np.ndarray, np.ndarray]:
    """High-pass (cone cannot hold DC) cascaded with low-pass (cone mass), one 4th-order filter."""
    bh, ah = _biquad("high", HIGHPASS_HZ, rate)
    bl, al = _biquad("low", LOWPASS_HZ, rate)
    return np.convolve(bh, bl), np.convolve(ah, al)
