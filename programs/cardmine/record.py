"""A game state as plain text and back: what CARDMINE.TMP carries of the game in progress.

Every card is written by its code ("7S", "TH") and its owner's number ("0:7S"), so the file
reads with TYPE and a state read back holds exactly the cards it held; ``parse`` checks
that all 104 cards are there once each and that the mine could have been built by legal
plays, and raises ValueError (with the line) for anything else.

    CARDMINE STATE 1
    OPTIONS 7 0 2 21
    TURN 1 DRAWN 1 WINNER -1 FIRST 0 PLY 12
    PAWNS 22 23
    MINE 6 #0:9C 7 #1:4H 21 0:7S ...      (square, card; # face down, *M claimed by miner M)
    HAND0 0:5S 0:KD ...
    HAND1 ...
    DECK0 ...                             (bottom first; the top card is the last)
    DECK1 ...
    DISCARD ...
    OPENING 0:KC/1:9D ...
    LAST 0 0:5S 37 22 -1                  (kind card square dest bump), or LAST -
"""
from __future__ import annotations

from vconsole.toolkit.cards import Card

from .checks import board_errors, card_errors
from .mine import SQUARES, card_of, code, points_of, suit_of
from .rules import DOWN, EMPTY, PLAYING, TIE, Options, Play, State

HEADER = "CARDMINE STATE 1"


def _card(c: int) -> str:
    return f"{c // 52}:{card_of(c).code}"


def _parse_card(text: str) -> int:
    owner, _, rest = text.partition(":")
    if owner not in ("0", "1") or not rest:
        raise ValueError(f"not a card: {text!r}")
    return code(int(owner), Card.parse(rest))


def text(state: State) -> str:
    o = state.options
    lines = [HEADER,
             f"OPTIONS {o.dealt} {int(o.open_hands)} {o.entrances} {o.game_point} {int(o.replay)}",
             f"TURN {state.turn} DRAWN {int(state.drawn)} WINNER {state.winner} FIRST {state.first} PLY {state.ply}",
             f"PAWNS {state.pawn[0]} {state.pawn[1]}"]
    mine = []
    for sq in range(SQUARES):
        if state.face[sq] == EMPTY:
            continue
        tag = ("#" if state.face[sq] == DOWN else "") + _card(state.cell[sq])
        if state.claim[sq] >= 0:
            tag += f"*{state.claim[sq]}"
        mine.append(f"{sq} {tag}")
    lines.append("MINE " + " ".join(mine))
    for m in (0, 1):
        lines.append(f"HAND{m} " + " ".join(map(_card, state.hands[m])))
    for m in (0, 1):
        lines.append(f"DECK{m} " + " ".join(map(_card, state.decks[m])))
    lines.append("DISCARD " + " ".join(map(_card, state.discard)))
    lines.append("OPENING " + " ".join(f"{_card(a)}/{_card(b)}" for a, b in state.opening))
    p = state.last
    lines.append("LAST -" if p is None else
                 f"LAST {p.kind} {_card(p.card)} {p.square} {p.dest} {p.bump}")
    return "\n".join(lines) + "\n"


def _ints(words: list[str], n: int, what: str) -> list[int]:
    if len(words) != n:
        raise ValueError(f"{what}: {n} numbers expected")
    try:
        return [int(w) for w in words]
    except ValueError:
        raise ValueError(f"{what}: not a number") from None


def parse(body: str) -> State:
    """The state ``text`` wrote; ValueError when it is not one, or not a possible one."""
    lines = [ln.strip() for ln in body.strip().splitlines()]
    if not lines or lines[0] != HEADER:
        raise ValueError("not a Card Miners game state")
    rows: dict[str, list[str]] = {}
    for ln in lines[1:]:
        word, *rest = ln.split(" ")
        rows[word] = [w for w in rest if w]
    for need in ("OPTIONS", "TURN", "PAWNS", "MINE", "HAND0", "HAND1", "DECK0", "DECK1", "DISCARD",
                 "OPENING", "LAST"):
        if need not in rows:
            raise ValueError(f"no {need} line")
    dealt, open_hands, entrances, point, replay = _ints(rows["OPTIONS"], 5, "OPTIONS")
    options = Options(dealt, bool(open_hands), entrances, point, bool(replay)).checked()
    t = rows["TURN"]
    if len(t) != 9 or t[1::2] != ["DRAWN", "WINNER", "FIRST", "PLY"]:
        raise ValueError("bad TURN line")
    turn, drawn, winner, first, ply = _ints(t[0::2], 5, "TURN")
    if turn not in (0, 1) or first not in (0, 1) or drawn not in (0, 1) or winner not in (PLAYING, 0, 1, TIE):
        raise ValueError("bad TURN line")
    pawns = _ints(rows["PAWNS"], 2, "PAWNS")
    if any(not 0 <= x < SQUARES for x in pawns):
        raise ValueError("a pawn off the mine")
    face = [EMPTY] * SQUARES
    cell = [EMPTY] * SQUARES
    claim = [-1] * SQUARES
    mine = rows["MINE"]
    if len(mine) % 2:
        raise ValueError("bad MINE line")
    for i in range(0, len(mine), 2):
        sq = _ints([mine[i]], 1, "MINE")[0]
        if not 0 <= sq < SQUARES or face[sq] != EMPTY:
            raise ValueError(f"MINE: square {mine[i]}")
        tag = mine[i + 1]
        down = tag.startswith("#")
        tag, _, owner = tag.lstrip("#").partition("*")
        cell[sq] = _parse_card(tag)
        face[sq] = DOWN if down else suit_of(cell[sq])
        if owner:
            if owner not in ("0", "1"):
                raise ValueError("MINE: bad claim")
            claim[sq] = int(owner)
    s = State.__new__(State)
    s.face, s.cell, s.claim = face, cell, claim
    s.pawn = (pawns[0], pawns[1])
    s.score = (sum(points_of(cell[q]) for q in range(SQUARES) if claim[q] == 0),
               sum(points_of(cell[q]) for q in range(SQUARES) if claim[q] == 1))
    s.hands = (tuple(_parse_card(w) for w in rows["HAND0"]), tuple(_parse_card(w) for w in rows["HAND1"]))
    s.decks = (tuple(_parse_card(w) for w in rows["DECK0"]), tuple(_parse_card(w) for w in rows["DECK1"]))
    s.discard = tuple(_parse_card(w) for w in rows["DISCARD"])
    opening = []
    for w in rows["OPENING"]:
        a, _, b = w.partition("/")
        opening.append((_parse_card(a), _parse_card(b)))
    s.opening = tuple(opening)
    s.turn, s.drawn, s.winner, s.first, s.ply = turn, bool(drawn), winner, first, ply
    s.options = options
    last = rows["LAST"]
    if last == ["-"]:
        s.last = None
    else:
        if len(last) != 5:
            raise ValueError("bad LAST line")
        kind, sq, dest, bump = _ints([last[0], last[2], last[3], last[4]], 4, "LAST")
        s.last = Play(kind, _parse_card(last[1]), sq, dest, bump)
    problems = card_errors(s) + board_errors(s)
    if problems:
        raise ValueError(problems[0])
    return s
