"""The automatic Spider player: a search over move sequences on what a player can see.

It never looks at a face-down card or into the stock, and never takes a move back.  Each
decision searches, best first, the positions reachable from the visible board; a card that
a move turns up is UNKNOWN to the search: it fits nothing and goes nowhere, so a line's
value is what it guarantees whatever turns up (the "guaranteed minimum" of Spider players),
and lines go on past the cards they turn.  The decision is the best line up to its first
turned card (the player looks at that card before going on), or a rearrangement that
improves the position, or, when nothing improves it, the best line that turns a card or a
deal, whichever leaves the better position; those forced decisions get a bigger budget.
The few best lines that turn a card are then compared once more by what could turn up: for
a spread of the cards not yet seen (as a player can count them) a small search says how
well play goes on, and the best average wins.  The caller plays the plan, then asks again.

Positions are tuples of small ints (card = suit * 16 + rank), the values of columns are
cached (``aieval``), the tree keeps parent pointers instead of paths.  HELP uses the same
search (``hint``).  Budgets are in nodes, never in time, so a game replays the same on
every machine.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from vconsole.toolkit.cards import ACE, KING, Card

from .aieval import UNKNOWN, W, col_value, deal_delta
from .rules import SUIT_LENGTH, Action, Board, Deal, Move, Remove

BUDGET = 4000         # nodes of the main search of a decision
CRITICAL = 8          # times the budget for a decision that deals or must give something up
HINT_BUDGET = 1500

# The search's own shapes, kept as plain tuples for speed
Cols = tuple[tuple[int, ...], ...]  # the face-up cards of each column, as codes
Down = tuple[int, ...]  # how many cards lie face down in each column
VMove = tuple[int, int, int]  # (source, first card moved, target) in visible indices; target -1: a suit removed
Path = list[VMove]
State = tuple[Cols, Down, int]  # columns, face-down counts, suits removed
Group = tuple[int, int, tuple[tuple[int, int, int], ...]]  # see _group


def code(card: Card) -> int:
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
    def of(cls, board: Board) -> View:
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


_groups: dict[tuple[int, ...], Group] = {}


def _group(cards: tuple[int, ...]) -> Group:
    """(start of the top group, rank it needs below it (-1: a complete suit, 0: an unknown
    card), the sub-groups as (start, rank needed, card needed)), cached by column."""
    info: Group | None = _groups.get(cards)
    if info is None:
        n = len(cards)
        g = n - 1
        while g > 0 and cards[g - 1] - cards[g] == 1:
            g -= 1
        head = cards[g]
        if n - g == SUIT_LENGTH:
            info = (g, -1, ())
        elif not head:
            info = (g, 0, ())
        else:
            info = (g, (head & 15) + 1, tuple((s, (cards[s] & 15) + 1, cards[s] + 1) for s in range(g + 1, n)))
        if len(_groups) > 200_000:
            _groups.clear()
        _groups[cards] = info
    return info


def gen_moves(cols: Cols, down: Down) -> list[VMove]:
    """(src, start, dst) in visible indices, pruned of moves that cannot help.

    Whole groups go wherever they fit (into the first empty column only, and never a whole
    column into an empty one); a part of a group moves only onto a card of its own suit.
    A complete suit on top appears as (src, start, -1): its removal.  An unknown card
    neither moves nor takes anything.
    """
    out: list[VMove] = []
    tops: dict[int, list[int]] = {}
    first_empty = -1
    for i, c in enumerate(cols):
        if c:
            t = c[-1]
            if t:
                lst = tops.get(t & 15)
                if lst is None:
                    tops[t & 15] = [i]
                else:
                    lst.append(i)
        elif first_empty < 0:
            first_empty = i
    for src, cards in enumerate(cols):
        if not cards:
            continue
        g, want, subs = _group(cards)
        if want <= 0:
            if want < 0:
                out.append((src, g, -1))
            continue
        lst = tops.get(want)
        if lst:
            for dst in lst:
                if dst != src:
                    out.append((src, g, dst))
        if first_empty >= 0 and (g or down[src]):
            out.append((src, g, first_empty))
        for start, want, need in subs:
            lst = tops.get(want)
            if lst:
                for dst in lst:
                    if cols[dst][-1] == need:
                        out.append((src, start, dst))
    return out


MASK = (1 << 64) - 1


def state_key(cols: Cols, down: Down) -> int:
    """The same for positions that differ only in the order of their columns: the sum of
    the columns' hashes (a clash would only cost the search one position)."""
    return sum(map(hash, zip(down, cols))) & MASK


class Result:
    """What a search found, as paths of visible-index moves (each cut after its first
    turned card): the best line, the best line that turns a card, the best line ending in
    a deal, with their values (None when there is no such line)."""
    __slots__ = (
        "best",
        "best_turns",
        "best_v",
        "deal",
        "deal_turns",
        "deal_v",
        "nodes",
        "root",
        "turn",
        "turn_v",
        "turns",
    )
    best: Path | None
    best_turns: bool
    best_v: float
    deal: Path | None
    deal_turns: bool
    deal_v: float
    nodes: int
    root: float
    turn: Path | None
    turn_v: float
    turns: list[tuple[float, Path, State, int]]  # (value, line, position after its turned card, column)


def search(cols: Cols, down: Down, removed: int, stock: int, budget: int, keep_turns: int = 0) -> Result:
    """Best first over the positions reachable by moves, a turned card being UNKNOWN.

    A line goes on past the cards it turns (an unknown card fits nothing and goes nowhere,
    so what it finds is guaranteed whatever turns up), but a plan stops right after its
    first turned card: the player looks at it before going on.
    """
    vals = [col_value(d, c) for d, c in zip(down, cols)]
    root_v = sum(vals) + W["REMOVED"] * removed
    # the tree: parent node, move into it, first node of its line that turned a card (-1: none)
    parent = [-1]
    moves: list[VMove] = [(-1, -1, -1)]  # the root's entry is never read
    first = [-1]
    # first turning node -> the best value below it, and (the position there, the column turned)
    firsts_v: dict[int, float] = {}
    firsts: dict[int, tuple[State, int]] = {}
    best, best_v = 0, root_v
    turn, turn_v = -1, float("-inf")
    deal, deal_v = (0, root_v + deal_delta(down)) if stock and all(cols) else (-1, float("-inf"))
    hs = [hash(dc) for dc in zip(down, cols)]
    seen = {sum(hs) & MASK}
    heap: list[tuple[float, int, Cols, Down, int, list[float], list[int]]] = [
        (-root_v, 0, cols, down, removed, vals, hs)]
    nodes = 0
    wrem = W["REMOVED"]
    reveal_bonus = W["REVEAL"]
    pop, push = heapq.heappop, heapq.heappush
    while heap and nodes < budget:
        negv, me, cols, down, removed, vals, hs = pop(heap)
        key0 = sum(hs)
        v0 = -negv
        nodes += 1
        my_first = first[me]
        for mv in gen_moves(cols, down):
            src, start, dst = mv
            rest = cols[src][:start]
            ndown = down
            revealed = False
            if not rest and down[src]:
                nd = list(down)
                nd[src] -= 1
                ndown = tuple(nd)
                rest = (UNKNOWN,)
                revealed = True
            nc = list(cols)
            nc[src] = rest
            nvals = list(vals)
            nvals[src] = col_value(ndown[src], rest)
            v = v0 - vals[src] + nvals[src]
            nrem = removed
            if dst == -1:
                nrem += 1
                v += wrem
            else:
                nc[dst] = cols[dst] + cols[src][start:]
                nvals[dst] = col_value(down[dst], nc[dst])
                v += nvals[dst] - vals[dst]
            ncols = tuple(nc)
            nhs = list(hs)
            nhs[src] = hash((ndown[src], rest))
            if dst >= 0:
                nhs[dst] = hash((down[dst], ncols[dst]))
                k = (key0 - hs[src] - hs[dst] + nhs[src] + nhs[dst]) & MASK
            else:
                k = (key0 - hs[src] + nhs[src]) & MASK
            if k in seen:
                continue
            seen.add(k)
            node = len(parent)
            parent.append(me)
            moves.append(mv)
            if revealed:
                v += reveal_bonus
                first.append(my_first if my_first >= 0 else node)
                if keep_turns and my_first < 0:
                    firsts_v[node] = v
                    firsts[node] = ((ncols, ndown, nrem), src)
            else:
                first.append(my_first)
            if keep_turns and first[node] >= 0:
                fn = first[node]
                if v > firsts_v[fn]:
                    firsts_v[fn] = v
            if v > best_v:
                best, best_v = node, v
            if first[node] >= 0 and v > turn_v:
                turn, turn_v = node, v
            if stock and all(ncols):
                dv = v + deal_delta(ndown)
                if dv > deal_v:
                    deal, deal_v = node, dv
            push(heap, (-v, node, ncols, ndown, nrem, nvals, nhs))

    def path(node: int) -> Path | None:
        if node < 0:
            return None
        if first[node] >= 0:
            node = first[node]
        out: Path = []
        while node > 0:
            out.append(moves[node])
            node = parent[node]
        out.reverse()
        return out

    r = Result()
    r.root, r.nodes = root_v, nodes
    r.best, r.best_v, r.best_turns = path(best), best_v, first[best] >= 0
    r.turn, r.turn_v = path(turn), turn_v
    r.deal, r.deal_v = path(deal), deal_v
    r.deal_turns = deal >= 0 and first[deal] >= 0
    r.turns = []
    if keep_turns:
        for node, v in sorted(firsts_v.items(), key=lambda kv: -kv[1])[:keep_turns]:
            state, col = firsts[node]
            line = path(node)
            if line is not None:  # always: a node of the tree has a line to it
                r.turns.append((v, line, state, col))
    return r


def to_actions(view: View, path: Path, deal: bool = False) -> list[Action]:
    """Visible-index moves as rules actions (tracking the down counts along the path)."""
    out: list[Action] = []
    down = list(view.down)
    lens = [len(c) for c in view.cols]
    for src, start, dst in path:
        if dst == -1:
            out.append(Remove(src))
            lens[src] -= SUIT_LENGTH
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


def decide(view: View, r: Result) -> tuple[Path | None, bool, bool]:
    """(path, then deal?, forced?) from a search: forced when nothing improves the position."""
    if r.best and not r.best_turns and r.best_v > r.root + 1e-9 and r.best_v >= r.turn_v:
        return r.best, False, False  # a rearrangement that improves the position
    if r.turn is not None and r.turn_v >= r.deal_v:
        return r.turn, False, r.turn_v <= r.root + 1e-9
    if r.deal is not None:
        return r.deal, not r.deal_turns, True
    return None, False, True


LOOK_K = 0    # lines that turn a card compared by the cards that could turn up (0: off)
LOOK_M = 6    # cards tried for each
LOOK_B = 150  # nodes of the search after each


def spread(unseen: tuple[tuple[int, int], ...], n: int) -> list[int]:
    """``n`` of the cards not yet seen, spread evenly over them by count (no randomness)."""
    total = sum(k for _, k in unseen)
    out: list[int] = []
    for i in range(n if total else 0):
        target = (i + 0.5) * total / n
        acc = 0
        for c, k in unseen:
            acc += k
            if acc > target:
                out.append(c)
                break
    return out


def expected(view: View, state: State, col: int) -> float:
    """How well play goes on after a card turns in ``col``, averaged over a spread of cards."""
    cols, down, removed = state
    total, cards = 0.0, spread(view.unseen, LOOK_M)
    for card in cards:
        ncols = list(cols)
        ncols[col] = (card,)
        r = search(tuple(ncols), down, removed, view.stock, LOOK_B)
        total += max(r.best_v, r.deal_v)
    return total / max(1, len(cards))


def choose(view: View, budget: int = BUDGET, critical: int = CRITICAL, look: int | None = None) -> list[Action]:
    """The actions to play now: a path to the best position found (up to the first card it
    turns), perhaps ending in a deal; [] when nothing helps and no deal is possible.

    When no line improves the position the game must still go on: it turns a card (even at
    a cost, say filling an empty column: a deal would fill it anyway) or deals, whichever
    leaves the better position.  Those decisions, and the last ones, are where games are
    lost, so they get ``critical`` times the budget before they are taken.  ``look`` (default
    ``LOOK_K``) lines that turn a card are then compared by the cards that could turn up.
    """
    look = LOOK_K if look is None else look
    r = search(view.cols, view.down, view.removed, view.stock, budget, look)
    path, deal, forced = decide(view, r)
    if forced and critical > 1 and r.nodes >= budget:
        r = search(view.cols, view.down, view.removed, view.stock, budget * critical, look)
        path, deal, forced = decide(view, r)
    if path is None:
        return []
    if look and not deal and r.turns and path in [t[1] for t in r.turns] and len(r.turns) > 1:
        path = max(r.turns, key=lambda t: expected(view, t[2], t[3]))[1]
    return to_actions(view, path, deal)


def hint(board: Board, budget: int = HINT_BUDGET) -> Action | None:
    """HELP: the first action of the automatic player's plan, or None when HELP is off
    (an empty column) or nothing helps."""
    if board.empty_columns():
        return None
    plan = choose(View.of(board), budget)
    return plan[0] if plan else None


def autoplay(board: Board, budget: int = BUDGET, max_decisions: int = 2000,
             on_decision: Callable[[View, list[Action]], None] | None = None,
             look: int | None = None) -> tuple[Board, int]:
    """Play a game to its end without undo; (final board, decisions taken).

    ``on_decision(view, plan)`` is called for every decision (timing, logging)."""
    decisions = 0
    while not board.won and decisions < max_decisions:
        view = View.of(board)
        plan = choose(view, budget, look=look)
        decisions += 1
        if on_decision is not None:
            on_decision(view, plan)
        if not plan:
            break
        for a in plan:
            board = board.play(a)
    return board, decisions
