"""What must hold in every Card Miners state: the checks behind the tests and the monkey.

``card_errors``: each of the 104 cards (two packs, each card known by its owner) is in
exactly one place: a deck, a hand, the mine or the discard pile.  ``board_errors``: the
mine could have been built by legal plays (every shaft joined to an entrance or its own
suit, every lode beside a shaft of its suit, every dug entrance beside a face-up card), the
pawns stand on cards (both on one after a bump passed up), the scores are the claims, and the game ends exactly
at the game point.  Both return lists of sentences, empty when all is well.
"""
from __future__ import annotations

from .mine import CODES, LODE, MOVEMENT, NEIGHBOURS, SHAFT, SQUARES, card_of, points_of, role_of, suit_of
from .rules import DOWN, EMPTY, ENTRANCE_PAIRS, PLAYING, State


def all_codes(state: State) -> list[int]:
    """Every card code the state holds, wherever it is."""
    out = [c for c in state.cell if c != EMPTY]
    for m in (0, 1):
        out.extend(state.decks[m])
        out.extend(state.hands[m])
    out.extend(state.discard)
    return out


def card_errors(state: State) -> list[str]:
    """Empty when each of the 104 cards is in exactly one place."""
    seen = all_codes(state)
    errors = []
    if len(seen) != CODES:
        errors.append(f"{len(seen)} cards accounted for, not {CODES}")
    dup = sorted({c for c in seen if seen.count(c) > 1})
    if dup:
        errors.append("cards in two places: " + " ".join(f"{c // 52}:{card_of(c).code}" for c in dup))
    missing = sorted(set(range(CODES)) - set(seen))
    if missing:
        errors.append("cards missing: " + " ".join(f"{c // 52}:{card_of(c).code}" for c in missing))
    for m in (0, 1):
        if any(c // 52 != m for c in state.hands[m] + state.decks[m]):
            errors.append(f"miner {m} holds the other's cards")
    return errors


def board_errors(state: State) -> list[str]:
    """Empty when the mine could have been built by legal plays (what a monkey checks)."""
    errors = []
    face, cell, claim = state.face, state.cell, state.claim
    entrances0 = {sq for pair in ENTRANCE_PAIRS[:state.options.entrances // 2] for sq in pair}
    for sq in range(SQUARES):
        f, c = face[sq], cell[sq]
        if (f == EMPTY) != (c == EMPTY):
            errors.append(f"square {sq}: face and card disagree")
            continue
        if f == EMPTY:
            if claim[sq] >= 0:
                errors.append(f"square {sq}: a claim on an empty square")
            continue
        if f != DOWN and f != suit_of(c):
            errors.append(f"square {sq}: face-up card shown in the wrong suit")
        nbrs = NEIGHBOURS[sq]
        if f == DOWN:
            beside_face_up = any(face[n] not in (EMPTY, DOWN) for n in nbrs)
            if sq not in entrances0 and not beside_face_up:
                errors.append(f"square {sq}: an entrance next to no face-up card")
            if claim[sq] >= 0:
                errors.append(f"square {sq}: a claimed entrance")
            continue
        role = role_of(c)
        same_shaft = any(face[n] == f and role_of(cell[n]) == SHAFT for n in nbrs)
        if role == MOVEMENT:
            errors.append(f"square {sq}: a movement card in the mine")
        elif role == SHAFT and not (same_shaft or any(face[n] == DOWN for n in nbrs)):
            errors.append(f"square {sq}: a shaft card joined to nothing")
        elif role == LODE and not same_shaft:
            errors.append(f"square {sq}: a mother lode outside a tunnel of its suit")
        if claim[sq] >= 0 and role != LODE:
            errors.append(f"square {sq}: a claim on a card that is not a lode")
    p0, p1 = state.pawn
    for p in (p0, p1):
        if not 0 <= p < SQUARES or face[p] == EMPTY:
            errors.append(f"a pawn off the cards at {p}")
    for m in (0, 1):
        points = sum(points_of(cell[sq]) for sq in range(SQUARES) if claim[sq] == m)
        if points != state.score[m]:
            errors.append(f"miner {m} scores {state.score[m]} but holds claims worth {points}")
    if state.winner in (0, 1) and state.score[state.winner] < state.options.game_point:
        errors.append("a winner short of the game point")
    if state.winner == PLAYING and max(state.score) >= state.options.game_point:
        errors.append("game point reached but the game goes on")
    return errors
