"""The Mill yardstick: a plain fixed-depth alpha-beta (mill_ref.c) loaded through ctypes.

Used by bench_mill.py (level 9 against depth 12) and build_mill_book.py (the deep search
behind the placing book). Never shipped and never imported by the program: the computer
player stays pure Python.

Before it is trusted, :func:`self_check` compares the C move generator with
``rules.legal_moves`` on random positions (both phases, and positions where every piece of
one side stands in a mill) and the C search's values with a plain Python minimax.
"""

from __future__ import annotations

import ctypes
import hashlib
import random
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vconsole_programs.mill.rules import DECLINE, SEGMENTS, Game, Move, Options, Position, apply, legal_moves, mask_of  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "mill_ref.c"
WIN = 100_000
_lib = None


def lib() -> ctypes.CDLL:
    """The compiled library (built once per source version into the temp folder)."""
    global _lib
    if _lib is None:
        src = SOURCE.read_bytes()
        out = Path(tempfile.gettempdir()) / f"mill_ref_{hashlib.sha1(src).hexdigest()[:12]}.so"
        if not out.exists():
            tmp = out.with_suffix(".tmp.so")
            subprocess.run(["cc", "-O2", "-march=native", "-shared", "-fPIC", "-o", str(tmp), str(SOURCE)],
                           check=True)
            tmp.replace(out)
        _lib = ctypes.CDLL(str(out))
        _lib.ref_moves.restype = ctypes.c_int
        _lib.ref_best.restype = ctypes.c_int
        _lib.ref_root.restype = ctypes.c_int
        _lib.ref_eval.restype = ctypes.c_int
        _lib.ref_ties.restype = ctypes.c_int
    return _lib


def set_options(options: Options, w_mob: int = 4, strong: bool = False) -> None:
    """The rules' options and the evaluation: plain (material + ``w_mob`` per
    piece-to-free-neighbour pair, what the placing book was built with) or ``strong`` (level
    9's own evaluation, with its mobility and blocking knowledge: the bench's yardstick)."""
    lib().ref_options(int(options.kiddie), int(options.take_from_mill_when_only_three), w_mob)
    if strong:
        from vconsole_programs.mill import ai
        lib().ref_strong(ai.W_PLACE_MOVERS, ai.W_PLACE_TARGETS)


def _sides(pos: Position) -> tuple[int, int, int, int]:
    me, opp = pos.pieces(pos.turn), pos.pieces(1 - pos.turn)
    return me, opp, pos.in_hand[pos.turn], pos.in_hand[1 - pos.turn]


def _move(pos: Position, f: int, t: int, c: int) -> Move:
    own = pos.pieces(pos.turn)
    after = (own & ~(1 << f) if f >= 0 else own) | 1 << t
    closes = any(after & m == m for m in (mask_of(s) for s in SEGMENTS if t + 1 in s))
    if not closes:
        return Move(None if f < 0 else f + 1, t + 1, None)
    return Move(None if f < 0 else f + 1, t + 1, DECLINE if c < 0 else c + 1)


def moves(pos: Position) -> list[Move]:
    buf = (ctypes.c_int8 * 600)()
    n = lib().ref_moves(*_sides(pos), buf)
    return [_move(pos, buf[3 * i], buf[3 * i + 1], buf[3 * i + 2]) for i in range(n)]


def evaluate(pos: Position) -> int:
    return lib().ref_eval(*_sides(pos))


def best(pos: Position, depth: int, clear: bool = True) -> tuple[Move, int, int]:
    """(first best move, its value for the mover, nodes) at exactly ``depth`` plies."""
    if clear:
        lib().ref_clear()
    mv = (ctypes.c_int8 * 3)()
    score = ctypes.c_int32()
    nodes = ctypes.c_longlong()
    n = lib().ref_best(*_sides(pos), pos.turn, depth, mv, ctypes.byref(score), ctypes.byref(nodes))
    if not n:
        raise ValueError("no legal move")
    return _move(pos, mv[0], mv[1], mv[2]), score.value, nodes.value


def root_scores(pos: Position, depth: int, clear: bool = True) -> list[tuple[Move, int]]:
    """Every legal move with its exact value at ``depth`` (ties are real ties)."""
    if clear:
        lib().ref_clear()
    buf = (ctypes.c_int8 * 600)()
    n = lib().ref_moves(*_sides(pos), buf)
    scores = (ctypes.c_int32 * 200)()
    nodes = ctypes.c_longlong()
    lib().ref_root(*_sides(pos), pos.turn, depth, scores, ctypes.byref(nodes))
    return [(_move(pos, buf[3 * i], buf[3 * i + 1], buf[3 * i + 2]), scores[i]) for i in range(n)]


# --- the self-check -------------------------------------------------------------------------

def _py_value(pos: Position, depth: int, ply: int = 0) -> int:
    ms = legal_moves(pos)
    if not ms:
        return ply - WIN
    if depth == 0:
        return evaluate(pos)
    best_v = -WIN - 1
    for m in ms:
        child = apply(pos, m)
        if m.capture and child.material(1 - pos.turn) < 3:
            v = WIN - ply - 1
        else:
            v = -_py_value(child, depth - 1, ply + 1)
        best_v = max(best_v, v)
    return best_v


def random_positions(seed: int, count: int, options: Options | None = None) -> list[Position]:
    """Positions from random games (both phases) plus ones where a side is all in mills."""
    if options is None:
        options = Options()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        if rng.random() < 0.3:
            side = rng.randint(0, 1)
            mills = rng.sample([mask_of(s) for s in SEGMENTS], rng.randint(1, 2))
            a = 0
            for m in mills:
                a |= m
            if a.bit_count() > 9:
                continue
            free = [p for p in range(1, 25) if not a >> (p - 1) & 1]
            b = mask_of(rng.sample(free, rng.randint(3, min(9, len(free)))))
            if b.bit_count() > 9:
                continue
            ha = rng.randint(0, 9 - a.bit_count()) if rng.random() < 0.5 else 0
            hb = rng.randint(0, 9 - b.bit_count()) if ha else 0
            w, bl, hw, hbl = (a, b, ha, hb) if side == 0 else (b, a, hb, ha)
            out.append(Position(w, bl, rng.randint(0, 1), (hw, hbl), options))
            continue
        g = Game(options)
        stop = rng.randint(0, 80)
        while g.result() is None and g.pointer < stop:
            g.play(rng.choice(legal_moves(g.position)))
        if g.result() is None:
            out.append(g.position)
    return out


def self_check(count: int = 300) -> None:
    """Raise AssertionError unless the C engine agrees with the rules and a Python minimax."""
    for options in (Options(), Options(kiddie=True), Options(take_from_mill_when_only_three=True)):
        set_options(options)
        for pos in random_positions(7, count, options):
            want = legal_moves(pos)
            got = moves(pos)
            assert len(got) == len(set(got)) and set(got) == set(want), (pos, got, want)
    from vconsole_programs.mill import ai
    for options in (Options(), Options(kiddie=True)):
        set_options(options, strong=True)
        for pos in random_positions(9, count, options):
            me, opp, hm, ho = _sides(pos)
            want = ai.evaluate(me, opp, hm, ho, options.kiddie)
            assert evaluate(pos) == want, (pos, evaluate(pos), want)
    set_options(Options())
    for i, pos in enumerate(random_positions(8, 24)):
        if not legal_moves(pos):
            continue
        depth = 1 + i % 3
        want = _py_value(pos, depth)
        got = best(pos, depth)[1]
        assert got == want, (pos, depth, got, want)
        for m, s in root_scores(pos, depth):
            child = apply(pos, m)
            v = WIN - 1 if m.capture and child.material(1 - pos.turn) < 3 else -_py_value(child, depth - 1, 1)
            assert s == v, (pos, m, s, v)


if __name__ == "__main__":
    self_check()
    print("mill_ref: move generator and values agree with rules")


def best_moves(pos: Position, depth: int) -> tuple[list[Move], int]:
    """Every move reaching the best value at exactly ``depth``, and that value."""
    _, value, _ = best(pos, depth)
    buf = (ctypes.c_int8 * 600)()
    n = lib().ref_moves(*_sides(pos), buf)
    tie = (ctypes.c_int8 * 200)()
    lib().ref_ties(*_sides(pos), pos.turn, depth, value, tie)
    return [_move(pos, buf[3 * i], buf[3 * i + 1], buf[3 * i + 2]) for i in range(n) if tie[i]], value
