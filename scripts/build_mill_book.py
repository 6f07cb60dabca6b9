#!/usr/bin/env python3
"""Build programs/mill/book.txt, level 9's placing book (see programs/mill/book.py).

Every placing position of the first plies (no capture is possible yet), one per set of
mirror images, is searched with the C yardstick (scripts/mill_ref.c, the same plain
alpha-beta the bench plays against) to a fixed depth per ply; every placement reaching the
best value is kept. Results are appended as they come, so an interrupted build resumes.

Run: ``python scripts/build_mill_book.py [--plies 0-3] [--depths 13,12,10,10] [--jobs 2]``.
The shipped book was built with the defaults; its header says with what. Leave the file
alone while a build runs (it is appended to through an open handle).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import mill_ref  # noqa: E402

from vconsole_programs.mill.book import parse  # noqa: E402
from vconsole_programs.mill.rules import Options, Position, in_mills  # noqa: E402
from vconsole_programs.mill.symmetry import canonical  # noqa: E402

BOOK = Path(__file__).resolve().parent.parent / "programs" / "mill" / "book.txt"


def positions(ply: int) -> list[tuple[int, int, int]]:
    """The canonical (white, black, turn) placing positions after ``ply`` placements."""
    nw, nb = (ply + 1) // 2, ply // 2
    out = set()
    for wp in itertools.combinations(range(24), nw):
        w = sum(1 << i for i in wp)
        if in_mills(w):
            continue
        rest = [i for i in range(24) if not w >> i & 1]
        for bp in itertools.combinations(rest, nb):
            b = sum(1 << i for i in bp)
            if in_mills(b):
                continue
            cw, cb, _ = canonical(w, b)
            out.add((cw, cb, ply % 2))
    return sorted(out)


def solve(job: tuple[int, int, int, int]) -> str:
    w, b, turn, depth = job
    mill_ref.set_options(Options())
    pos = Position(w, b, turn, (9 - w.bit_count(), 9 - b.bit_count()))
    best, value = mill_ref.best_moves(pos, depth)
    points = ",".join(str(m.to) for m in sorted(best))
    return f"{w:06x} {b:06x} {turn} {depth} {value} {points}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", default="0-3", help="first-last ply (placements made), e.g. 0-4")
    ap.add_argument("--depths", default="13,12,10,10", help="search depth for ply 0, 1, ...")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=BOOK)
    args = ap.parse_args(argv)
    first, last = (int(x) for x in args.plies.split("-"))
    depths = [int(d) for d in args.depths.split(",")]
    mill_ref.self_check(100)
    have = parse(args.out.read_text()) if args.out.exists() else {}
    if not args.out.exists():
        args.out.write_text(
            "# Level 9's placing book (programs/mill/book.py says how it is read).\n"
            "# Built by scripts/build_mill_book.py: plain alpha-beta (scripts/mill_ref.c,\n"
            f"# material + mobility), depth per ply {args.depths} from the empty board.\n")
    for ply in range(first, last + 1):
        jobs = [(w, b, t, depths[ply]) for w, b, t in positions(ply) if (w, b, t) not in have]
        print(f"ply {ply}: {len(jobs)} positions to search at depth {depths[ply]}", flush=True)
        t0 = time.time()
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool, args.out.open("a") as out:
            for i, line in enumerate(pool.imap(solve, jobs, chunksize=1)):
                out.write(line + "\n")
                out.flush()
                if i % 50 == 0:
                    print(f"  {i}/{len(jobs)} {time.time() - t0:.0f} s", flush=True)
    tidy(args.out)
    return 0


def tidy(path: Path) -> None:
    """Sort the book by ply, then by position (results arrive in any order)."""
    lines = path.read_text().splitlines()
    head = [line for line in lines if line.startswith("#")]
    body = [line for line in lines if line and not line.startswith("#")]
    body.sort(key=lambda line: (sum(int(x, 16).bit_count() for x in line.split()[:2]), line))
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(head + body) + "\n")
    tmp.replace(path)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
