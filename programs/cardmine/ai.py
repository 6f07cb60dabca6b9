"""The computer miner.

It sees what a miner at the table sees: the mine, its own hand, the number of cards in the
other hand, the other miner's cards that have shown (face up in the mine, on the discard
pile, the opening draw) and, with open hands, the other hand itself.  It never reads the
other hand or either deck's order otherwise.

Each play is scored by what the mine looks like after it (``evaluate``):

* points: the claims so far, a win counting as far more than any lead;
* the threat: the other miner's best claim on his next turn, each way of getting there
  weighted by the chance he holds the card for it (a 2, 3 or 4 for a walk of that length:
  the chance from the cards of his that have not shown); his chance of landing on our
  pawn and bumping it away;
* our next claim: the best lode our pawn reaches next turn with the cards we keep, unless
  he can take it first;
* the longer run: lodes nearer our pawn than his (hops through the tunnels), and lode cards
  in hand that have a safe place to go near our pawn.

A bump puts the other pawn where that evaluation is best for us.  The work per turn is the
number of plays times one evaluation: no clock is read, so the same position always gives
the same play (ties go to the ``rng`` passed in).
"""
from __future__ import annotations

from typing import Final, Sequence

from vconsole.toolkit.rng import GameRandom

from .mine import LODE, MOVEMENT, NEIGHBOURS, SHAFT, SQUARES, points_of, rank_of, role_of
from .rules import (BUMP_LATER, DOWN, EMPTY, Play, State, apply_play, bump_squares, legal_plays)

WIN: Final = 1000.0
P_STEP: Final = 0.95       # the chance a miner has some shaft or lode card to play before a hop
W_THREAT: Final = 1.0
W_NEXT: Final = 0.8
W_BUMP: Final = 1.0
W_NEAR: Final = 0.15
NEAR_DECAY = 0.7
W_SITE: Final = 0.1
W_OPEN: Final = 0.3
OPEN_ENOUGH: Final = 10
TIE_COST: Final = 8.0
UNCAPPABLE = 2
W_SPACE = 0.1
#: The chance the mine closes up soon, by the number of open ends left (more: none).
CLOSE_RISK: Final = (1.0, 0.5, 0.25, 0.12, 0.06)


def links_of(face: Sequence[int]) -> list[tuple[int, ...]]:
    """Per square, the squares a pawn can hop to from it (empty tuple for an empty square)."""
    out: list[tuple[int, ...]] = []
    for sq in range(SQUARES):
        f = face[sq]
        if f < 0:
            out.append(())
            continue
        if f == DOWN:
            out.append(tuple(n for n in NEIGHBOURS[sq] if face[n] >= 0))
        else:
            out.append(tuple(n for n in NEIGHBOURS[sq] if face[n] == f or face[n] == DOWN))
    return out


def walk_ends(links: list[tuple[int, ...]], start: int, hops: int) -> set[int]:
    """Where a walk of exactly ``hops`` that never revisits a square can end."""
    out: set[int] = set()
    if hops == 1:
        return set(links[start])
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


def _expected_best(options: list[tuple[float, float]]) -> float:
    """E[max value] over options (value, chance), the chances independent."""
    options.sort(reverse=True)
    e, miss = 0.0, 1.0
    for v, p in options:
        if v <= 0:
            break
        e += miss * p * v
        miss *= 1.0 - p
    return e


class Knowledge:
    """What the computer miner ``me`` knows about the other miner's cards at its turn."""

    def __init__(self, state: State, me: int) -> None:
        other = 1 - me
        self.me = me
        seen: set[int] = set()
        for c in state.cell:
            if c >= 0 and c // 52 == other:
                seen.add(c)
        for c in state.discard:
            if c // 52 == other:
                seen.add(c)
        for pair in state.opening[-1:]:
            seen.add(pair[other])
        hand_size = len(state.hands[other]) + (1 if state.decks[other] else 0)  # he draws first
        if state.options.open_hands:
            held = {rank_of(c) for c in state.hands[other]}
            deck_n = len(state.decks[other])
            unseen_deck = [c for c in range(other * 52, other * 52 + 52)
                           if c not in seen and c not in state.hands[other]]
            self.p_move = {}
            for k in (2, 3, 4):
                if k in held:
                    self.p_move[k] = 1.0
                else:
                    n = sum(1 for c in unseen_deck if rank_of(c) == k)
                    self.p_move[k] = _p_holds(len(unseen_deck), n, 1) if deck_n else 0.0
        else:
            pool = [c for c in range(other * 52, other * 52 + 52) if c not in seen]
            self.p_move = {k: _p_holds(len(pool), sum(1 for c in pool if rank_of(c) == k), hand_size)
                           for k in (2, 3, 4)}


def _lode_value(state: State, sq: int) -> int:
    """Points for stepping onto ``sq`` now (an unclaimed face-up lode), else 0."""
    c = state.cell[sq]
    if c < 0 or state.claim[sq] >= 0 or state.face[sq] == DOWN:
        return 0
    return points_of(c)


def _gain(score: int, points: int, game_point: int) -> float:
    """What claiming ``points`` is worth to a miner with ``score``: a win is worth WIN."""
    if points <= 0:
        return 0.0
    if score + points >= game_point:
        return WIN
    return float(points)


def evaluate(state: State, me: int, know: Knowledge) -> float:
    """How good ``state`` (the other miner to move, or the game over) is for ``me``."""
    other = 1 - me
    if state.winner == me:
        return WIN * 10 + state.score[me] - state.score[other]
    if state.winner == other:
        return -WIN * 10
    gp = state.options.game_point
    my_score, his_score = state.score[me], state.score[other]
    value = float(my_score - his_score)
    face, cell, claim = state.face, state.cell, state.claim
    links = links_of(face)
    mine_at, his_at = state.pawn[me], state.pawn[other]

    lodes = [sq for sq in range(SQUARES)
             if face[sq] >= 0 and face[sq] != DOWN and claim[sq] < 0 and role_of(cell[sq]) == LODE]

    # The mine must stay open for the leader: once no empty square is next to an entrance or
    # a shaft card, no card can be laid again and the game will end in a tie.
    frontier = 0
    ends: list[int] = []
    for sq in range(SQUARES):
        if face[sq] == EMPTY:
            capped = True  # a lode could fill it (no entrance next to it)
            open_end = False
            for n in NEIGHBOURS[sq]:
                f = face[n]
                if f == DOWN:
                    open_end = True
                    capped = False
                elif f >= 0 and role_of(cell[n]) == SHAFT:
                    open_end = True
            if open_end:
                frontier += 1 if capped else UNCAPPABLE
                ends.append(sq)
    # Room to grow: empty squares beyond the open ends.
    space = len({n for sq in ends for n in NEIGHBOURS[sq] if face[n] == EMPTY})
    lead = my_score - his_score
    if frontier == 0 and not lodes:
        return 0.0
    sign = 1 if lead >= 0 else -1
    value += sign * (W_OPEN * min(frontier, OPEN_ENOUGH) + W_SPACE * space)
    if frontier < len(CLOSE_RISK):
        value -= sign * TIE_COST * CLOSE_RISK[int(frontier)]

    # The other miner's next turn: claims (and bumping us) by a hop or a walk.
    reach_p = [0.0] * SQUARES  # chance he can end his turn on each square
    for sq in links[his_at]:
        reach_p[sq] = P_STEP
    for k in (2, 3, 4):
        p = know.p_move[k]
        if p <= 0:
            continue
        for sq in walk_ends(links, his_at, k):
            reach_p[sq] = 1.0 - (1.0 - reach_p[sq]) * (1.0 - p)
    threat = _expected_best([(_gain(his_score, _lode_value(state, sq), gp), reach_p[sq])
                             for sq in lodes if reach_p[sq] > 0])
    value -= W_THREAT * threat
    p_bumped = reach_p[mine_at]

    # Our next turn, with the cards we keep.
    hand = state.hands[me]
    held = {rank_of(c) for c in hand if role_of(c) == MOVEMENT}
    can_place = any(role_of(c) != MOVEMENT for c in hand)
    mine_reach: dict[int, float] = {}
    p1 = 1.0 if can_place else 0.5
    for sq in links[mine_at]:
        mine_reach[sq] = p1
    for k in held:
        for sq in walk_ends(links, mine_at, k):
            mine_reach[sq] = 1.0
    best_next = 0.0
    for sq in lodes:
        p = mine_reach.get(sq, 0.0)
        if p:
            g = _gain(my_score, _lode_value(state, sq), gp) * p * (1.0 - reach_p[sq])
            if g > best_next:
                best_next = g
    value += W_NEXT * best_next * (1.0 - W_BUMP * p_bumped)

    # The longer run: lodes by who is nearer, and places for our lode cards.
    dm = distances(links, mine_at)
    if lodes:
        dh = distances(links, his_at)
        for sq in lodes:
            v = _lode_value(state, sq)
            value += W_NEAR * v * (NEAR_DECAY ** dm[sq] - NEAR_DECAY ** dh[sq])
    lode_cards = [c for c in hand if role_of(c) == LODE]
    if lode_cards:
        # How near our pawn is a place for each lode card in hand: an empty square next to
        # a shaft card of its suit and to no entrance (hops to that shaft card).
        site_d = [99, 99, 99, 99]
        for x in range(SQUARES):
            if face[x] != EMPTY:
                continue
            nbrs = NEIGHBOURS[x]
            if any(face[n] == DOWN for n in nbrs):
                continue
            for y in nbrs:
                f = face[y]
                if 0 <= f < 4 and role_of(cell[y]) == SHAFT and dm[y] < site_d[f]:
                    site_d[f] = dm[y]
        for c in lode_cards:
            d = site_d[(c % 52) // 13]
            if d < 99:
                value += W_SITE * points_of(c) * NEAR_DECAY ** d
    return value


def best_bump(state: State, play: Play, me: int, know: Knowledge) -> tuple[Play, float]:
    best = None
    best_v = -1e18
    for b in bump_squares(state, play):
        p = play._replace(bump=b)
        v = evaluate(apply_play(state, p), me, know)
        if v > best_v:
            best, best_v = p, v
    assert best is not None
    return best, best_v


def choose_play(state: State, rng: GameRandom) -> Play:
    """The computer miner's play (it has drawn)."""
    me = state.turn
    know = Knowledge(state, me)
    plays = legal_plays(state, bumps=False)
    best: list[Play] = []
    best_v = -1e18
    for p in plays:
        if p.bump == BUMP_LATER:
            p, v = best_bump(state, p, me, know)
        else:
            v = evaluate(apply_play(state, p), me, know)
        if v > best_v + 1e-9:
            best, best_v = [p], v
        elif v > best_v - 1e-9:
            best.append(p)
    return best[0] if len(best) == 1 else rng.choice(best)


def computer_player(state: State, rng: GameRandom) -> Play:
    return (choose_play2 if PLAN else choose_play)(state, rng)


def _as_my_next_turn(state: State, me: int, know: Knowledge) -> State:
    """``state`` (the other miner to move) after his likeliest claim, with us to play again
    with the cards we keep: the second step of a two-turn plan."""
    s = state.copy()
    other = 1 - me
    links = links_of(s.face)
    his_at = s.pawn[other]
    reach = {sq: P_STEP for sq in links[his_at]}
    for k in (2, 3, 4):
        p = know.p_move[k]
        if p > 0:
            for sq in walk_ends(links, his_at, k):
                reach[sq] = 1.0 - (1.0 - reach.get(sq, 0.0)) * (1.0 - p)
    best, best_v = -1, 0.0
    for sq, p in reach.items():
        v = _lode_value(s, sq) * p
        if p >= 0.5 and v > best_v and sq != s.pawn[me]:
            best, best_v = sq, v
    if best >= 0:
        pawn = list(s.pawn)
        pawn[other] = best
        s.pawn = (pawn[0], pawn[1])
        s.claim[best] = other
        score = list(s.score)
        score[other] += _lode_value(state, best)
        s.score = (score[0], score[1])
    s.turn = me
    s.drawn = True
    return s


def choose_play2(state: State, rng: GameRandom, width: int = 8) -> Play:
    me = state.turn
    know = Knowledge(state, me)
    scored = []
    for p in legal_plays(state, bumps=False):
        if p.bump == BUMP_LATER:
            p, v = best_bump(state, p, me, know)
        else:
            v = evaluate(apply_play(state, p), me, know)
        scored.append((v, p))
    scored.sort(key=lambda x: -x[0])
    best, best_v = [], -1e18
    for v1, p in scored[:int(PLAN_WIDTH)]:
        s1 = apply_play(state, p)
        if s1.over or not s1.hands[me]:
            v = v1
        else:
            s2 = _as_my_next_turn(s1, me, know)
            if s2.score[1 - me] >= s2.options.game_point:
                v2 = -WIN * 10
            else:
                v2 = -1e18
                for q in legal_plays(s2, bumps=False):
                    if q.bump == BUMP_LATER:
                        q = q._replace(bump=bump_squares(s2, q)[0])
                    v2 = max(v2, evaluate(apply_play(s2, q), me, know))
            v = (1 - PLAN_WEIGHT) * v1 + PLAN_WEIGHT * v2
        if v > best_v + 1e-9:
            best, best_v = [p], v
        elif v > best_v - 1e-9:
            best.append(p)
    return best[0] if len(best) == 1 else rng.choice(best)


PLAN_WEIGHT = 0.5
PLAN_WIDTH = 8
PLAN = 0
