"""The automatic Spider player: a search over move sequences on what a player can see.

It never looks at a face-down card or into the stock, and never takes a move back.  Each
decision searches, best first, the positions reachable from the visible board by moves that
turn no card (those are fully known); a move that turns a card, or a deal, ends a line,
because what it brings is unknown.  The few best lines that turn a card are then looked at
once more: for a spread of the cards that could come up (the cards not yet seen, as a
player could count them) a small search from there says how well the game goes on, and the
average decides.  The decision is the path to the best position: the caller plays it to its
end, then asks again with the new card in view.

HELP uses the same search (``hint``).  Budgets are in nodes, never in time, so a game
replays the same on every machine.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from vconsole.toolkit.cards import ACE, KING

from . import aieval
from .aieval import UNKNOWN, W, col_value, deal_delta
from .rules import N_COLUMNS, Action, Board, Deal, Move, Remove

BUDGET = 2000         # nodes of the main search of a decision
LOOK_LEAVES = 4       # lines that turn a card looked at beyond the turn
LOOK_CARDS = 6        # cards tried for each
LOOK_BUDGET = 60      # nodes of each of those small searches
HINT_BUDGET = 1500


def code(card) -> int:
    return card.suit * 16 + card.rank


@dataclass(frozen=True)
class View:
    """What a player sees: face-up cards by column, how many lie face down, the stock size,
    how many suits are off the table, and the cards not yet seen (code, how many)."""
    cols: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: int
    removed: int
    unseen: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, board: Board) -> "View":
        cols = tuple(tuple(code(c) for c in col[d:]) for col, d in zip(board.columns, board.down))
        left = {s * 16 + r: 2 for s in range(4) for r in range(ACE, KING + 1)}
        for col in cols:
            for c in col:
                left[c] -= 1
        for s in board.removed:
            for r in range(ACE, KING + 1):
                left[s * 16 + r] -= 1
        unseen = tuple((c, n) for c, n in sorted(left.items()) if n > 0)
        return cls(cols, board.down, len(board.stock), len(board.removed), unseen)


def run_start(cards: tuple[int, ...]) -> int:
    i = len(cards) - 1
    while i > 0 and cards[i - 1] - cards[i] == 1:
        i -= 1
    return i


def gen_moves(cols, down):
    """(src, start, dst) in visible indices, pruned of moves that cannot help.

    Whole groups go wherever they fit (into the first empty column only, and never a whole
    column into an empty one); a part of a group moves only onto a card of its own suit.
    A complete suit on top appears as (src, start, -1): its removal.  An unknown card
    neither moves nor takes anything.
    """
    out = []
    by_rank: list[list[int]] = [[] for _ in range(15)]
    first_empty = -1
    for i, c in enumerate(cols):
        if c:
            t = c[-1]
            if t:
                by_rank[t & 15].append(i)
        elif first_empty < 0:
            first_empty = i
    for src, cards in enumerate(cols):
        if not cards:
            continue
        n = len(cards)
        g = n - 1
        while g > 0 and cards[g - 1] - cards[g] == 1:
            g -= 1
        if n - g == 13:
            out.append((src, g, -1))
            continue
        card = cards[g]
        if not card:
            continue
        for dst in by_rank[(card & 15) + 1]:
            if dst != src:
                out.append((src, g, dst))
        if first_empty >= 0 and (g or down[src]):
            out.append((src, g, first_empty))
        for start in range(g + 1, n):
            card = cards[start]
            for dst in by_rank[(card & 15) + 1]:
                if dst != src and cols[dst][-1] == card + 1:
                    out.append((src, start, dst))
    return out


def state_key(cols, down):
    """The same for positions that differ only in the order of their columns (64-bit hashes
    of the columns, sorted: a clash would only cost the search one position)."""
    return tuple(sorted(map(hash, zip(down, cols))))


class Plan:
    """A leaf of the search: its value, the path to it (visible-index moves), whether a deal
    follows, and for a line that turns a card, the position and the column turned."""
    __slots__ = ("value", "path", "deal", "leaf", "turned")

    def __init__(self, value: float, path: list, deal: bool = False, leaf=None, turned: int = -1) -> None:
        self.value, self.path, self.deal, self.leaf, self.turned = value, path, deal, leaf, turned


class Result:
    __slots__ = ("root", "best", "deal", "reveals", "nodes")

    def __init__(self, root, best, deal, reveals, nodes) -> None:
        self.root, self.best, self.deal, self.reveals, self.nodes = root, best, deal, reveals, nodes


def search(cols, down, removed: int, stock: int, budget: int, keep_reveals: int = 0,
           through: bool = True) -> Result:
    """Best first over the positions reachable by moves, a turned card being UNKNOWN.

    With ``through`` a line goes on past the cards it turns (an unknown card fits nothing
    and goes nowhere, so what is found is guaranteed whatever turns up), and a plan stops
    right after its first turned card: the player looks at it before going on.  Without it
    a turned card ends its line.  Returns the root's value, the best plan ending without a
    deal, the best plan ending in a deal (None if no deal is possible), and the
    ``keep_reveals`` best lines that turn a card.
    """
    vals = [col_value(d, c) for d, c in zip(down, cols)]
    root_v = sum(vals) + W["REMOVED"] * removed
    best = Plan(root_v, [])
    best_deal = Plan(root_v + deal_delta(down), [], True) if stock and all(cols) else None
    reveals: list[Plan] = []
    seen = {state_key(cols, down)}
    counter = 0
    # entries: -value, tie-break, cols, down, removed, column values, path, length of the
    # path up to its first turned card (0: none yet)
    heap = [(-root_v, 0, cols, down, removed, vals, [], 0)]
    nodes = 0
    wrem = W["REMOVED"]
    reveal_bonus = W["REVEAL"]
    while heap and nodes < budget:
        negv, _, cols, down, removed, vals, path, cut = heapq.heappop(heap)
        v0 = -negv
        nodes += 1
        for mv in gen_moves(cols, down):
            src, start, dst = mv
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
                ncols[dst] = cols[dst] + cols[src][start:]
                nvals[dst] = col_value(down[dst], ncols[dst])
                v += nvals[dst] - vals[dst]
            npath = path + [mv]
            ncut = cut
            if revealed:
                v += reveal_bonus
                if not cut:
                    ncut = len(npath)
                if not through:
                    plan = Plan(v, npath, False, (tuple(ncols), ndown, nrem), src)
                    if v > best.value:
                        best = plan
                    if keep_reveals:
                        reveals.append(plan)
                    continue
            ncols = tuple(ncols)
            k = state_key(ncols, ndown)
            if k in seen:
                continue
            seen.add(k)
            if v > best.value:
                best = Plan(v, npath[:ncut] if ncut else npath, False, True if ncut else None)
            if stock and all(ncols):
                dv = v + deal_delta(ndown)
                if best_deal is None or dv > best_deal.value:
                    best_deal = Plan(dv, npath[:ncut] if ncut else npath, not ncut)
            if ncut and keep_reveals and (not reveals or v > reveals[-1].value):
                reveals.append(Plan(v, npath[:ncut], False, True))
            counter += 1
            heapq.heappush(heap, (-v, counter, ncols, ndown, nrem, nvals, npath, ncut))
    if keep_reveals and reveals:
        reveals.sort(key=lambda p: -p.value)
        reveals = reveals[:keep_reveals]
    return Result(root_v, best, best_deal, reveals, nodes)


def spread(unseen: tuple[tuple[int, int], ...], n: int) -> list[int]:
    """``n`` cards spread evenly over the unseen ones (by count), always the same for the same
    pool: a stratified sample with no randomness in it."""
    total = sum(k for _, k in unseen)
    if total == 0:
        return []
    out = []
    for i in range(n):
        target = (i + 0.5) * total / n
        acc = 0
        for c, k in unseen:
            acc += k
            if acc > target:
                out.append(c)
                break
    return out


def look_beyond(plan: Plan, unseen, stock: int) -> float:
    """The average, over a spread of cards that could turn up, of how well play goes on."""
    cols, down, removed = plan.leaf
    cards = spread(unseen, LOOK_CARDS)
    if not cards:
        return plan.value
    total = 0.0
    for card in cards:
        ncols = list(cols)
        ncols[plan.turned] = (card,)
        r = search(tuple(ncols), down, removed, stock, LOOK_BUDGET)
        total += max(r.best.value, r.deal.value if r.deal else float("-inf"))
    return total / len(cards) + W["REVEAL"]


def to_actions(view: View, path, deal: bool = False) -> list[Action]:
    """Visible-index moves as rules actions (tracking the down counts along the path)."""
    out: list[Action] = []
    down = list(view.down)
    lens = [len(c) for c in view.cols]
    for src, start, dst in path:
        if dst == -1:
            out.append(Remove(src))
            lens[src] -= 13
        else:
            out.append(Move(src, down[src] + start, dst))
            lens[dst] += lens[src] - start
            lens[src] = start
        if lens[src] == 0 and down[src]:
            down[src] -= 1
            lens[src] = 1
    if deal:
        out.append(Deal())
    return out


THROUGH = True


def choose(view: View, budget: int = BUDGET, look: bool = False) -> list[Action]:
    """The actions to play now: a path to the best position found (up to the first card it
    turns), perhaps ending in a deal; [] when nothing helps and no deal is possible.

    When no line improves the position the game must still go on: it turns a card (even at
    a cost, say filling an empty column: a deal would fill it anyway) or deals, whichever
    leaves the better position.
    """
    r = search(view.cols, view.down, view.removed, view.stock, budget, 1, THROUGH)
    best_turn = r.reveals[0] if r.reveals else None
    if r.best.path and r.best.leaf is None and r.best.value > r.root + 1e-9:
        # a rearrangement that improves the position, unless a line that turns a card does better
        if best_turn is None or r.best.value >= best_turn.value:
            return to_actions(view, r.best.path)
    if best_turn is not None and (r.deal is None or best_turn.value >= r.deal.value):
        return to_actions(view, best_turn.path)
    if r.deal is not None:
        return to_actions(view, r.deal.path, deal=r.deal.deal)
    return []


def hint(board: Board, budget: int = HINT_BUDGET) -> Action | None:
    """HELP: the first action of the automatic player's plan, or None when HELP is off
    (an empty column) or nothing helps."""
    if board.empty_columns():
        return None
    plan = choose(View.of(board), budget, look=False)
    return plan[0] if plan else None


def autoplay(board: Board, budget: int = BUDGET, max_decisions: int = 2000, on_decision=None):
    """Play a game to its end without undo; (final board, decisions taken).

    ``on_decision(view, plan)`` is called for every decision (timing, logging)."""
    decisions = 0
    while not board.won and decisions < max_decisions:
        view = View.of(board)
        plan = choose(view, budget)
        decisions += 1
        if on_decision is not None:
            on_decision(view, plan)
        if not plan:
            break
        for a in plan:
            board = board.play(a)
    return board, decisions
