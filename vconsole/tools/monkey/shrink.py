"""Shrinking a failure: delta debugging over the failing run's tokens, then over the keys inside typed
text, to the shortest script that still fails the same way."""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ... import keyscript
from .host import Failure
from .player import char_token
from .run import Target, replay

#: the seconds spent shrinking a failure, unless --shrink-time says otherwise
SHRINK_S = 60.0


def ddmin(items: list[str], fails: Callable[[list[str]], bool], deadline: float) -> list[str]:
    """Zeller's delta debugging: a 1-minimal failing sublist (or the best found by the deadline)."""
    n = 2
    while len(items) >= 2 and time.monotonic() < deadline:
        size = math.ceil(len(items) / n)
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        for chunk in chunks:
            if time.monotonic() >= deadline:
                return items
            if fails(chunk):
                items, n = chunk, 2
                break
        else:
            for i in range(len(chunks)):
                if time.monotonic() >= deadline:
                    return items
                rest = [t for j, c in enumerate(chunks) if j != i for t in c]
                if fails(rest):
                    items, n = rest, max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(len(items), 2 * n)
    if len(items) == 1 and time.monotonic() < deadline and fails([]):
        return []
    return items


def split_token(tok: str) -> list[str]:
    """A token's smallest parts: typed text into its characters, a command line into its keys."""
    parts: list[str] = []
    for text, quoted in keyscript._tokens_with_quotes(tok):
        parts.extend([char_token(c) for c in text] if quoted else [text])
    return parts


@dataclass
class Shrunk:
    tokens: list[str]
    files: dict[str, bytes]
    trials: int
    complete: bool  # False when the time budget ran out first


def shrink(target: Target, failure: Failure, tokens: list[str], files: dict[str, bytes],
           seconds: float = SHRINK_S) -> Shrunk:
    """The shortest token list found that reproduces ``failure`` (same signature)."""
    deadline = time.monotonic() + seconds
    cache: dict[tuple[str, ...], bool] = {}
    trials = 0
    state = {"files": files}

    def fails(candidate: list[str]) -> bool:
        nonlocal trials
        key = tuple(candidate)
        if key not in cache:
            trials += 1
            got, _ = replay(target, candidate, state["files"])
            cache[key] = got is not None and got.signature == failure.signature
        return cache[key]

    if files:
        # Prefer a reproduction that needs no saved files: it is one command line to paste.
        state["files"] = {}
        if not fails(tokens):
            state["files"] = files
            cache.clear()
    if not fails(tokens):  # not reproducible on its own: report the whole run
        return Shrunk(tokens, state["files"], trials, False)
    best = ddmin(list(tokens), fails, deadline)
    finer = [part for tok in best for part in split_token(tok)]
    if finer != best and fails(finer):  # then shrink again key by key inside typed text
        best = ddmin(finer, fails, deadline)
    return Shrunk(best, state["files"], trials, time.monotonic() < deadline)
