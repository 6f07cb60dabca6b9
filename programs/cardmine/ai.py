"""The computer miner.

It sees what a miner at the table sees: the mine, its own hand, which of its own cards are
still to come (its pack less those it has seen), the number of cards in the other hand, the
other miner's cards that have shown (face up in the mine, on the discard pile, the opening
draw) and, with open hands, the other hand itself.  It never reads the other hand (without
open hands) or the order of either deck.

Every legal play is tried and the mine after it scored (``evaluate``), in points:

* the claims so far (a win outweighs any lead);
* the threat: the other miner's best claim on his next turn, each way there weighted by the
  chance he has the card for it (some shaft or lode to lay before a hop; a 2, 3 or 4 for a
  walk of that length, the chance worked out from his cards that have not shown);
* our next claim: the best lode our pawn can reach next turn with the cards we keep, less
  the chance he reaches it first;
* the longer run: unclaimed lodes by who is nearer in hops, and how near our pawn there is
  a place for each lode card in our hand;
* keeping the mine open: once lodes cap every end that could still grow, no card goes face up
  until a miner left without a movement card digs beside a lode (``rules``), and the turns in
  between are walks that lay nothing; a game that drags on like that runs out of cards with
  nobody at the game point, which is as bad for the miner behind as for the miner ahead, so
  both value open ends with room beyond them and the empty squares they can still grow into,
  and a tie scores below any game still being played;
* keeping every suit alive: a suit with no square left for its shaft cards makes every card of
  it we hold or will draw dead weight (the hand clogs, cards are thrown away), so each such
  card counts by how many places its suit still has;
* lode cards in play, not in hand: a lode card held to the end is points nobody can claim, and
  two miners who each wait for a safe place leave the mine to fill up first.

The best few plays are then looked at once more with the best play we could follow each
with (``planned``): laying a shaft that makes a place for a lode, then the lode, then the
claim is a plan of several turns that a one-play score does not see.

Weights were tuned by matches against the yardsticks in ``match.py`` and against itself
(``scripts/bench_cardmine.py``).  Findings: the threat is weighted moderately (guarding every
lode the other miner might reach costs more tempo than it saves, yet feeding a grabbing miner
lodes lets the mine shut first), and his chance of bumping our pawn is left out.  Most ties
came from the last two terms above: dead suits clogging a hand and lode cards kept back; a
larger weight for lode cards near a place to lay them made almost every game a tie, because
the miner then keeps them.  Once entrances could be dug beside lodes too (``rules``: the
reading that makes ties as rare as the instructions say), the weights were tried again: open
ends at half weight, a stronger pull toward lodes we are nearer, fewer lode cards held back, a
wider plan, a weaker threat, a winning lode counted higher from afar, the open-mine terms
fading as the decks run out.  None moved the ties against greedy beyond the noise of 100
games, so the weights stayed as they were.

A bump puts the other pawn wherever the score is best for us.  No clock is read: the work
is one evaluation per legal play plus one per follow-up of the best few (most of each
evaluation is shared between plays that lay the same card in the same place), so a
position always gets the same play, ties between equal plays going to the ``rng`` passed in.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vconsole.toolkit.rng import GameRandom

from .mine import LODE, MOVEMENT, NEIGHBOURS, SHAFT, SQUARES, points_of, rank_of, role_of, suit_of
from .rules import (
    BUMP_LATER,
    DOWN,
    EMPTY,
    LODE_POINTS,
    TIE,
    Play,
    State,
    apply_play,
    bump_squares,
    legal_plays,
    mine_shut,
)

WIN: Final = 1000.0
#: The chance a miner has a shaft or lode card he can lay before his one-space hop.
P_STEP: Final = 0.95


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (points per unit), tuned by matches against the yardsticks."""
    threat: float = 0.5        # his expected claim next turn
    next: float = 0.8          # our best claim next turn that he cannot take first
    steal: float = 1.0         # how much his chance of reaching that lode first spoils it
    near: float = 0.15         # unclaimed lodes: value x (decay^our hops - decay^his hops)
    decay: float = 0.7
    site: float = 0.1          # lode cards in hand: value x decay^(hops to a place for it)
    open: float = 1.0          # each open end of the mine (up to ``open_enough``)
    open_enough: int = 16
    uncappable: int = 2        # an open end next to an entrance (no lode can shut it) counts as
    space: float = 0.4         # each empty square just beyond an open end
    tie_cost: float = 30.0     # the mine about to shut: x close_risk[open ends]
    close_risk: tuple[float, ...] = (1.0, 0.8, 0.6, 0.45, 0.3, 0.2, 0.12, 0.06)  # the chance it shuts soon
    plan_width: int = 6        # look at our following play for this many of the best plays
    plan: float = 0.5          # ... and mix its score in with this weight
    room: float = 0.3          # each empty square the open ends can still grow into
    held: float = 0.2          # each point of lode card still in our hand, not yet in play
    alive: float = 0.3         # each card of a suit we hold or will draw x alive_by[its places]
    alive_by: tuple[float, ...] = (0.0, 0.6, 0.85, 1.0)  # by the squares a shaft of it may go on


DEFAULT: Final = Weights()


# -- walking the tunnels -------------------------------------------------------------------
def links_of(face: Sequence[int]) -> list[tuple[int, ...]]:
    """Per square, the squares a pawn can hop to from it (empty tuple for an empty square)."""
    out: list[tuple[int, ...]] = []
    for sq in range(SQUARES):
        f = face[sq]
        if f < 0:
            out.append(())
        elif f == DOWN:
            out.append(tuple(n for n in NEIGHBOURS[sq] if face[n] >= 0))
        else:
            out.append(tuple(n for n in NEIGHBOURS[sq] if face[n] == f or face[n] == DOWN))
    return out


def walk_ends(links: list[tuple[int, ...]], start: int, hops: int) -> set[int]:
    """Where a walk of exactly ``hops`` (1-4) that never revisits a square can end."""
    if hops == 1:
        return set(links[start])
    out: set[int] = set()
    for a in links[start]:
        for b in links[a]:
            if b == start:
                continue
            if hops == 2:
                out.add(b)
                continue
            for c in links[b]:
                if c == start or c == a:
                    continue
                if hops == 3:
                    out.add(c)
                    continue
                for d in links[c]:
                    if d != start and d != a and d != b:
                        out.add(d)
    return out


def distances(links: list[tuple[int, ...]], start: int) -> list[int]:
    """Hops from ``start`` to every square through the tunnels (99: unreachable)."""
    dist = [99] * SQUARES
    dist[start] = 0
    frontier = [start]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for sq in frontier:
            for n in links[sq]:
                if dist[n] == 99:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


# -- what the computer miner knows ---------------------------------------------------------
def _p_holds(pool: int, wanted: int, hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``pool`` unknown ones include one of ``wanted``."""
    if wanted <= 0 or pool <= 0:
        return 0.0
    if hand >= pool:
        return 1.0
    p_none = 1.0
    for i in range(hand):
        p_none *= max(0.0, (pool - wanted - i) / (pool - i))
    return 1.0 - p_none


class Knowledge:
    """What miner ``me`` can tell about the other miner's cards at the start of a search:
    ``p_move[k]``, the chance he will hold a movement card of ``k`` on his next turn."""

    def __init__(self, state: State, me: int) -> None:
        other = 1 - me
        self.me = me
        base = other * 52
        shown = {c for c in state.cell if c >= 0 and c // 52 == other}
        shown.update(c for c in state.discard if c // 52 == other)
        shown.update(pair[other] for pair in state.opening)
        # cards he still has to draw this game, as he sees it after his draw
        hand_after_draw = len(state.hands[other]) + (1 if state.decks[other] else 0)
        self.p_move: dict[int, float] = {}
        if state.options.open_hands:
            held = {rank_of(c) for c in state.hands[other]}
            unseen = [c for c in range(base, base + 52) if c not in shown and c not in state.hands[other]]
            for k in (2, 3, 4):
                if k in held:
                    self.p_move[k] = 1.0
                elif state.decks[other]:
                    self.p_move[k] = _p_holds(len(unseen), sum(1 for c in unseen if rank_of(c) == k), 1)
                else:
                    self.p_move[k] = 0.0
        else:
            pool = [c for c in range(base, base + 52) if c not in shown]
            for k in (2, 3, 4):
                self.p_move[k] = _p_holds(len(pool), sum(1 for c in pool if rank_of(c) == k),
                                          hand_after_draw)


# -- the evaluation ------------------------------------------------------------------------
def _gain(score: int, points: int, game_point: int) -> float:
    """What claiming ``points`` is worth to a miner with ``score``: a win is worth WIN."""
    if points <= 0:
        return 0.0
    return WIN if score + points >= game_point else float(points)


def _expected_best(options: list[tuple[float, float]]) -> float:
    """E[max value] over options (value, chance), the chances taken as independent."""
    options.sort(reverse=True)
    e, miss = 0.0, 1.0
    for v, p in options:
        if v <= 0:
            break
        e += miss * p * v
        miss *= 1.0 - p
    return e


class Board:
    """The part of an evaluation that depends on the mine and the other pawn, not on our
    pawn or hand: shared by every play that lays the same card in the same place."""

    __slots__ = ("links", "lodes", "open_value", "dead", "reach_p", "threat", "his_dist",
                 "site_shafts", "shaft_places")

    links: list[tuple[int, ...]]
    lodes: list[tuple[int, int]]       # unclaimed lodes in the mine: (square, points)
    open_value: float
    dead: bool
    reach_p: list[float]               # per square: the chance the other pawn ends his turn there
    threat: float
    his_dist: list[int]                # hops from the other pawn (empty when there are no lodes)
    site_shafts: list[set[int]]        # per suit: shaft cards with a place for a lode beside them
    shaft_places: list[int]            # per suit: empty squares a shaft card of it may go on

    def __init__(self, state: State, me: int, know: Knowledge, w: Weights) -> None:
        other = 1 - me
        face, cell, claim = state.face, state.cell, state.claim
        links = self.links = links_of(face)
        self.lodes = [(sq, points_of(cell[sq])) for sq in range(SQUARES)
                      if 0 <= face[sq] < 4 and claim[sq] < 0 and role_of(cell[sq]) == LODE]

        # Open ends: empty squares next to an entrance or a shaft card.  Only the ends with
        # empty room beyond them (growing ends) count against the mine shutting: an end in a
        # pocket is filled without harm, and the mine shuts once the growing ends are capped.
        ends = 0
        open_sq: list[int] = []
        shaft_places = [0, 0, 0, 0]
        site_shafts: list[set[int]] = [set(), set(), set(), set()]
        for sq in range(SQUARES):
            if face[sq] != EMPTY:
                continue
            near_down = False
            shafts = []
            for n in NEIGHBOURS[sq]:
                f = face[n]
                if f == DOWN:
                    near_down = True
                elif f >= 0 and role_of(cell[n]) == SHAFT:
                    shafts.append(n)
            if near_down or shafts:
                if any(face[n] == EMPTY for n in NEIGHBOURS[sq]):
                    ends += w.uncappable if near_down else 1
                open_sq.append(sq)
                for suit in range(4):
                    if near_down or any(face[n] == suit for n in shafts):
                        shaft_places[suit] += 1
            if shafts and not near_down:  # a place for a lode of each shaft's suit
                for n in shafts:
                    site_shafts[face[n]].add(n)
        self.site_shafts = site_shafts
        self.shaft_places = shaft_places
        self.dead = not self.lodes and mine_shut(face)  # nothing to claim, nothing to lay
        room = len({n for sq in open_sq for n in NEIGHBOURS[sq] if face[n] == EMPTY})
        value = w.open * min(ends, w.open_enough) + w.space * room
        value += w.room * _reachable_room(face, open_sq)
        if ends < len(w.close_risk):
            value -= w.tie_cost * w.close_risk[ends]
        self.open_value = value

        # The other miner's next turn: where he can end it, and his best claim.
        his_at = state.pawn[other]
        reach_p = [0.0] * SQUARES
        for sq in links[his_at]:
            reach_p[sq] = P_STEP
        for k in (2, 3, 4):
            p = know.p_move[k]
            if p > 0:
                for sq in walk_ends(links, his_at, k):
                    reach_p[sq] = 1.0 - (1.0 - reach_p[sq]) * (1.0 - p)
        self.reach_p = reach_p
        his_score, gp = state.score[other], state.options.game_point
        self.threat = _expected_best([(_gain(his_score, v, gp), reach_p[sq])
                                      for sq, v in self.lodes if reach_p[sq] > 0])
        self.his_dist = distances(links, his_at) if self.lodes else []


def _reachable_room(face: Sequence[int], open_sq: list[int]) -> int:
    """Empty squares joined (through empty squares) to an open end: the room cards can still
    be laid in.  Empty squares walled off from every open end are lost to the game."""
    seen = set(open_sq)
    todo = list(open_sq)
    while todo:
        sq = todo.pop()
        for n in NEIGHBOURS[sq]:
            if face[n] == EMPTY and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)


BoardKey = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, int]]
Boards = dict[BoardKey, Board]


def _board_key(state: State, me: int) -> BoardKey:
    return (tuple(state.face), tuple(state.claim), state.pawn[1 - me], state.score)


def evaluate(state: State, me: int, know: Knowledge, w: Weights = DEFAULT,
             boards: Boards | None = None) -> float:
    """How good ``state`` (the other miner to move, or the game over) is for ``me``, in points.

    ``boards``: a cache of ``Board`` parts shared between the plays of one search."""
    other = 1 - me
    if state.winner == me:
        return WIN * 10 + state.score[me] - state.score[other]
    if state.winner == other:
        return -WIN * 10
    if state.winner == TIE:
        return -w.tie_cost * 2  # nobody can win any more: as bad for the miner behind as ahead
    if boards is None:
        board = Board(state, me, know, w)
    else:
        key = _board_key(state, me)
        cached = boards.get(key)
        if cached is None:
            cached = boards[key] = Board(state, me, know, w)
        board = cached
    if board.dead:
        return -w.tie_cost * 2  # nothing can be laid or claimed again: a tie is coming
    my_score = state.score[me]
    gp = state.options.game_point
    value = float(my_score - state.score[other]) + board.open_value - w.threat * board.threat
    value -= w.held * sum(LODE_POINTS[c] for c in state.hands[me])
    per_suit = [0, 0, 0, 0]
    for c in state.hands[me] + state.decks[me]:  # which cards are left, never their order
        if role_of(c) != MOVEMENT:
            per_suit[suit_of(c)] += 1
    top = len(w.alive_by) - 1
    value += w.alive * sum(n * w.alive_by[min(board.shaft_places[suit], top)] for suit, n in enumerate(per_suit))
    links, reach_p = board.links, board.reach_p
    mine_at = state.pawn[me]

    # Our next turn, with the cards we keep.
    hand = state.hands[me]
    held = {rank_of(c) for c in hand if role_of(c) == MOVEMENT}
    lode_cards = [c for c in hand if role_of(c) == LODE]
    can_place = len(held) < len(hand)  # some card other than a movement card
    if board.lodes:
        reach: dict[int, float] = dict.fromkeys(links[mine_at], 1.0 if can_place else 0.5)
        for k in held:
            for sq in walk_ends(links, mine_at, k):
                reach[sq] = 1.0
        best_next = 0.0
        for sq, v in board.lodes:
            p = reach.get(sq)
            if p:
                g = _gain(my_score, v, gp) * p * (1.0 - w.steal * reach_p[sq])
                if g > best_next:
                    best_next = g
        value += w.next * best_next

    # The longer run.
    if board.lodes or lode_cards:
        dm = distances(links, mine_at)
        decay = w.decay
        if board.lodes:
            dh = board.his_dist
            value += w.near * sum(v * (decay ** dm[sq] - decay ** dh[sq]) for sq, v in board.lodes)
        for c in lode_cards:
            shafts = board.site_shafts[(c % 52) // 13]
            if shafts:
                d = min(dm[y] for y in shafts)
                if d < 99:
                    value += w.site * points_of(c) * decay ** d
    return value


# -- choosing ------------------------------------------------------------------------------
def best_bump(state: State, play: Play, me: int, know: Knowledge, w: Weights = DEFAULT,
              boards: Boards | None = None) -> tuple[Play, float]:
    """``play`` (landing on the other pawn) with the bump square that scores best for us."""
    best, best_v = play, -1e18
    for b in bump_squares(state, play):
        p = play._replace(bump=b)
        v = evaluate(apply_play(state, p), me, know, w, boards)
        if v > best_v:
            best, best_v = p, v
    return best, best_v


def scored_plays(state: State, w: Weights = DEFAULT) -> list[tuple[float, Play]]:
    """Every legal play of the miner to move (who has drawn) with its score, best first."""
    me = state.turn
    know = Knowledge(state, me)
    boards: Boards = {}
    out = []
    for p in legal_plays(state, bumps=False):
        if p.bump == BUMP_LATER:
            p, v = best_bump(state, p, me, know, w, boards)
        else:
            v = evaluate(apply_play(state, p), me, know, w, boards)
        out.append((v, p))
    out.sort(key=lambda vp: -vp[0])
    return out


def _again(state: State, me: int) -> State:
    """``state`` after our play with us to play again at once (the other miner passing)."""
    s = state.copy()
    s.turn = me
    s.drawn = True
    return s


def planned(state: State, scored: list[tuple[float, Play]], w: Weights) -> list[tuple[float, Play]]:
    """Rescore the best ``w.plan_width`` plays by the best play we could follow each with."""
    me = state.turn
    know = Knowledge(state, me)
    boards: Boards = {}
    out = []
    for v1, p in scored[:w.plan_width]:
        s1 = apply_play(state, p)
        if s1.over or not s1.hands[me]:
            out.append((v1, p))
            continue
        s2 = _again(s1, me)
        v2 = -1e18
        for q in legal_plays(s2, bumps=False):
            if q.bump == BUMP_LATER:
                q, v = best_bump(s2, q, me, know, w, boards)
            else:
                v = evaluate(apply_play(s2, q), me, know, w, boards)
            v2 = max(v2, v)
        out.append(((1 - w.plan) * v1 + w.plan * v2, p))
    out.sort(key=lambda vp: -vp[0])
    return out


def choose_play(state: State, rng: GameRandom, w: Weights = DEFAULT) -> Play:
    """The computer miner's play (it has drawn); equal best plays are chosen between by ``rng``."""
    scored = scored_plays(state, w)
    if w.plan_width:
        scored = planned(state, scored, w)
    top = scored[0][0]
    best = [p for v, p in scored if v > top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def computer_player(state: State, rng: GameRandom) -> Play:
    return choose_play(state, rng)

