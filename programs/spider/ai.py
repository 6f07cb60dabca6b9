"""The automatic Spider player: a search over move sequences on what a player can see.

It never looks at a face-down card or at the stock, and never takes a move back: each
decision searches the positions reachable from the visible board by moves that turn no card
(those are fully known), treating a move that turns a card, or a deal, as a leaf whose
outcome is unknown.  The decision is the path to the best position found; the caller plays
it to its end, then asks again with the new card in view.

Positions are tuples of small ints (card = suit * 16 + rank, so two cards are in suit and
in sequence when their codes differ by one), column evaluations are cached, and the search
is budgeted in nodes, never in time.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Sequence

from .rules import N_COLUMNS, Action, Board, Deal, Move, Remove

UNKNOWN = 0  # a card just turned, not yet seen by the search: it fits nothing

# evaluation weights (tuned on seeds 1000+ with /tmp scripts; see the commit log)
W = dict(
    DOWN=20.0,      # per face-down card
    CLEAR=30.0,     # a column with no face-down card
    EMPTY=60.0,     # an empty column (on top of CLEAR)
    SUIT=6.0,       # a card on the next-higher card of its suit
    NAT=-3.0,       # a card on the next-higher card of another suit
    BREAK=-5.0,     # a card on any other card
    KBASE=5.0,      # a clear column built on a King
    REMOVED=200.0,  # a complete suit off the table
    REVEAL=0.0,     # extra for the chance a turned card brings
    DEAL=-100.0,    # a deal, on top of the unknown card it puts on every column
    # the same three links when they lie over face-down cards (all must move to turn one)
    SUIT_D=6.0,
    NAT_D=-3.0,
    BREAK_D=-5.0,
)

def code(card) -> int:
    return card.suit * 16 + card.rank


@dataclass(frozen=True)
class View:
    """What a player sees: face-up cards by column, how many lie face down, the stock size."""
    cols: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: int
    removed: int

    @classmethod
    def of(cls, board: Board) -> "View":
        cols = tuple(tuple(code(c) for c in col[d:]) for col, d in zip(board.columns, board.down))
        return cls(cols, board.down, len(board.stock), len(board.removed))


_col_cache: dict = {}


def col_value(down: int, cards: tuple[int, ...]) -> float:
    key = (down, cards)
    v = _col_cache.get(key)
    if v is not None:
        return v
    w = W
    if not cards:
        v = w["EMPTY"] + w["CLEAR"] if down == 0 else -w["DOWN"] * down
    else:
        v = -w["DOWN"] * down
        if down == 0:
            v += w["CLEAR"]
            if cards[0] & 15 == 13:
                v += w["KBASE"]
        if down:
            suit, nat, brk = w["SUIT_D"], w["NAT_D"], w["BREAK_D"]
        else:
            suit, nat, brk = w["SUIT"], w["NAT"], w["BREAK"]
        prev = cards[0]
        for c in cards[1:]:
            if prev - c == 1:
                v += suit
            elif c and (prev & 15) == (c & 15) + 1:
                v += nat
            else:
                v += brk
            prev = c
    if len(_col_cache) > 500_000:
        _col_cache.clear()
    _col_cache[key] = v
    return v


def evaluate(cols, down, removed: int) -> float:
    return sum(col_value(d, c) for d, c in zip(down, cols)) + W["REMOVED"] * removed


def run_start(cards: tuple[int, ...]) -> int:
    i = len(cards) - 1
    while i > 0 and cards[i - 1] - cards[i] == 1:
        i -= 1
    return i


def gen_moves(cols, down):
    """(src, start, dst) in visible indices, pruned of moves that cannot help.

    Whole groups go wherever they fit (into the first empty column only, never a whole
    column into an empty one); a part of a group moves only onto a card of its own suit.
    Complete suits appear as (src, start, -1): removal.
    """
    out = []
    first_empty = -1
    tops = []
    for d, c in zip(cols, down):
        tops.append(d[-1] if d else -1)
    for i in range(N_COLUMNS):
        if not cols[i]:
            first_empty = i
            break
    for src in range(N_COLUMNS):
        cards = cols[src]
        if not cards:
            continue
        n = len(cards)
        g = run_start(cards)
        if n - g == 13:
            out.append((src, g, -1))
            continue
        for start in range(g, n):
            card = cards[start]
            if card == UNKNOWN:
                continue
            want = (card & 15) + 1
            whole = start == g
            for dst in range(N_COLUMNS):
                if dst == src:
                    continue
                t = tops[dst]
                if t == -1:
                    continue
                if (t & 15) == want and (whole or t - card == 1):
                    out.append((src, start, dst))
            if whole and first_empty >= 0 and not (start == 0 and down[src] == 0):
                out.append((src, start, first_empty))
    return out


def state_key(cols, down):
    return tuple(sorted(zip(down, cols)))


def deal_value(cols, down, removed) -> float:
    """The value of dealing now: every column gets a card nobody has seen yet."""
    return sum(col_value(d, c + (UNKNOWN,)) for d, c in zip(down, cols)) + W["REMOVED"] * removed + W["DEAL"]


class Plan:
    """The best leaf found: its value and the path to it (visible-index moves), then a deal?"""
    __slots__ = ("value", "path", "deal")

    def __init__(self, value: float, path: list, deal: bool) -> None:
        self.value, self.path, self.deal = value, path, deal


def search(view: View, budget: int = 3000) -> tuple[Plan, Plan | None, Plan | None, float]:
    """(best plan without a deal, best plan ending in a deal or None, best plan ending in a
    turned card or None, value of the root).

    Best-first over the positions reachable by moves that turn no card; a move that turns a
    card ends its line (what it shows is unknown), as does a deal.
    """
    cols, down, removed = view.cols, view.down, view.removed
    vals = [col_value(d, c) for d, c in zip(down, cols)]
    root_v = sum(vals) + W["REMOVED"] * removed
    best = Plan(root_v, [], False)
    best_deal = None
    best_reveal = None
    can_deal = view.stock > 0
    if can_deal and all(cols):
        best_deal = Plan(deal_value(cols, down, removed), [], True)
    seen = {state_key(cols, down)}
    counter = 0
    heap = [(-root_v, 0, cols, down, removed, vals, [])]
    nodes = 0
    wrem = W["REMOVED"]
    reveal_bonus = W["REVEAL"]
    while heap and nodes < budget:
        negv, _, cols, down, removed, vals, path = heapq.heappop(heap)
        v0 = -negv
        nodes += 1
        for mv in gen_moves(cols, down):
            src, start, dst = mv
            moving = cols[src][start:]
            rest = cols[src][:start]
            ndown = down
            revealed = False
            if not rest and down[src]:
                ndown = list(down)
                ndown[src] -= 1
                ndown = tuple(ndown)
                rest = (UNKNOWN,)
                revealed = True
            ncols = list(cols)
            ncols[src] = rest
            nvals = list(vals)
            nvals[src] = col_value(ndown[src], rest)
            v = v0 - vals[src] + nvals[src]
            nrem = removed
            if dst == -1:
                nrem += 1
                v += wrem
            else:
                ncols[dst] = cols[dst] + moving
                nvals[dst] = col_value(down[dst], ncols[dst])
                v += nvals[dst] - vals[dst]
            npath = path + [mv]
            if revealed:
                v += reveal_bonus
                if v > best.value:
                    best = Plan(v, npath, False)
                if best_reveal is None or v > best_reveal.value:
                    best_reveal = Plan(v, npath, False)
                continue
            ncols = tuple(ncols)
            k = state_key(ncols, ndown)
            if k in seen:
                continue
            seen.add(k)
            if v > best.value:
                best = Plan(v, npath, False)
            if can_deal and all(ncols):
                dv = deal_value(ncols, ndown, nrem)
                if best_deal is None or dv > best_deal.value:
                    best_deal = Plan(dv, npath, True)
            counter += 1
            heapq.heappush(heap, (-v, counter, ncols, ndown, nrem, nvals, npath))
    return best, best_deal, best_reveal, root_v


def to_actions(view: View, path) -> list[Action]:
    """Visible-index moves as rules actions, replayed on the view to track the down counts."""
    out: list[Action] = []
    down = list(view.down)
    lens = [len(c) for c in view.cols]
    for src, start, dst in path:
        if dst == -1:
            out.append(Remove(src))
        else:
            out.append(Move(src, down[src] + start, dst))
            lens[dst] += lens[src] - start
        lens[src] = start if dst != -1 else lens[src] - 13
        if lens[src] == 0 and down[src]:
            down[src] -= 1
            lens[src] = 1
    return out


def choose(view: View, budget: int = 3000) -> list[Action]:
    """The actions to play now: a path to the best position found, then perhaps a deal;
    [] when nothing helps and no deal is possible (the game is lost).

    When no line improves the position, the game must still go on: it turns a card (even at
    a cost, say filling an empty column: a deal would fill it anyway) or deals, whichever
    leaves the better position.
    """
    best, best_deal, best_reveal, root_v = search(view, budget)
    if best.path and best.value > root_v + 1e-9 and (best_deal is None or best.value >= best_deal.value):
        return to_actions(view, best.path)
    forced = [p for p in (best_deal, best_reveal) if p is not None]
    if not forced:
        return []
    pick = max(forced, key=lambda p: p.value)
    return to_actions(view, pick.path) + ([Deal()] if pick.deal else [])


def suggest(board: Board, budget: int = 3000) -> Action | None:
    """HELP: the first action of the automatic player's choice (None: nothing sensible)."""
    plan = choose(View.of(board), budget)
    return plan[0] if plan else None


def autoplay(board: Board, budget: int = 3000, max_decisions: int = 2000):
    """Play a game to its end; (final board, decisions taken)."""
    decisions = 0
    while not board.won and decisions < max_decisions:
        plan = choose(View.of(board), budget)
        decisions += 1
        if not plan:
            break
        for a in plan:
            board = board.play(a)
    return board, decisions
