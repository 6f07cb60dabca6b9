"""The mine as text: positions set up from a diagram (tests, examples) and described back.

A diagram is four lines of sixteen tokens separated by spaces::

    .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    .  .  .  .  . 7S  ## ## 9H .  .  .  .  .  .  .
    .  .  .  .  . KS  .  .  .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .

``.`` an empty square, ``##`` a face-down entrance (any card nobody holds), ``#7S`` one of
a given card, ``7S`` a face-up card (``T`` or ``10`` for ten), ``KS0`` / ``KS1`` a lode
claimed by miner 0 / 1.  Every card left over goes to its owner's deck, so a built
position always holds all 104 cards.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from vconsole.toolkit.cards import Card

from .mine import COLS, ROWS, SQUARES, card_of, code, hand_key, parse_square, points_of, suit_of
from .rules import DOWN, EMPTY, PLAYING, Options, State

DEFAULT_OPTIONS = Options()  # a NamedTuple, so one shared default is safe


def _token_card(tok: str) -> Card:
    return Card.parse(tok)


def build(mine: str, hands: Sequence[Iterable[str]] = ((), ()), pawns: Sequence[str] = ("2-8", "2-7"),
          turn: int = 0, drawn: bool = True, options: Options = DEFAULT_OPTIONS, decks: Sequence[int] | None = None,
          discard: Iterable[str] = ()) -> State:
    """A position from a diagram.  ``pawns``: squares as typed ('2-8'); ``hands``: card codes
    from each miner's own pack; ``decks``: how many cards to leave in each deck (the rest of
    that miner's unplaced cards go on the discard pile); ``discard``: codes of miner 0's cards
    to put there first."""
    rows = [line.split() for line in mine.strip().splitlines()]
    if len(rows) != ROWS or any(len(r) != COLS for r in rows):
        raise ValueError("a diagram is 4 lines of 16 tokens")
    free = [set(range(52)), set(range(52, 104))]
    hand_codes = []
    for m in (0, 1):
        hc = []
        for t in hands[m]:
            c = code(m, _token_card(t))
            free[m].remove(c)
            hc.append(c)
        hand_codes.append(tuple(sorted(hc, key=hand_key)))
    disc = []
    for t in discard:
        c = code(0, _token_card(t))
        free[0].remove(c)
        disc.append(c)

    def take(card: Card) -> int:
        for m in (0, 1):
            c = code(m, card)
            if c in free[m]:
                free[m].remove(c)
                return c
        raise ValueError(f"no copy of {card} left")

    face = [EMPTY] * SQUARES
    cell = [EMPTY] * SQUARES
    claim = [-1] * SQUARES
    anon = []
    for r, row in enumerate(rows):
        for col, tok in enumerate(row):
            sq = r * COLS + col
            if tok == ".":
                continue
            if tok == "##":
                anon.append(sq)
                face[sq] = DOWN
                continue
            if tok.startswith("#"):
                cell[sq] = take(_token_card(tok[1:]))
                face[sq] = DOWN
                continue
            owner = -1
            if tok[-1] in "01" and len(tok) > 2 and not tok.endswith("10"):
                owner, tok = int(tok[-1]), tok[:-1]
            cell[sq] = take(_token_card(tok))
            face[sq] = suit_of(cell[sq])
            claim[sq] = owner
    for sq in anon:  # face-down cards nobody asked for: the highest codes left
        m = 0 if len(free[0]) >= len(free[1]) else 1
        c = max(free[m])
        free[m].remove(c)
        cell[sq] = c
    deck_lists = [sorted(free[0]), sorted(free[1])]
    if decks is not None:
        for m in (0, 1):
            extra = deck_lists[m][decks[m]:]
            deck_lists[m] = deck_lists[m][:decks[m]]
            disc.extend(extra)
    s = State.__new__(State)
    s.face, s.cell, s.claim = face, cell, claim
    s.pawn = (parse_square(pawns[0]), parse_square(pawns[1]))
    s.score = (sum(points_of(cell[sq]) for sq in range(SQUARES) if claim[sq] == 0),
               sum(points_of(cell[sq]) for sq in range(SQUARES) if claim[sq] == 1))
    s.hands = (hand_codes[0], hand_codes[1])
    s.decks = (tuple(deck_lists[0]), tuple(deck_lists[1]))
    s.discard = tuple(disc)
    s.turn = turn
    s.drawn = drawn
    s.winner = PLAYING
    s.last = None
    s.options = options
    s.first = 0
    s.ply = 0
    s.opening = ()
    return s


def describe(state: State) -> str:
    """The mine as a diagram (pawns shown as ``a`` and ``b`` after the token of their square)."""
    lines = []
    for r in range(ROWS):
        toks = []
        for col in range(COLS):
            sq = r * COLS + col
            f = state.face[sq]
            if f == EMPTY:
                t = "."
            elif f == DOWN:
                t = "##"
            else:
                t = card_of(state.cell[sq]).code
                if state.claim[sq] >= 0:
                    t += str(state.claim[sq])
            if sq == state.pawn[0]:
                t += "a"
            if sq == state.pawn[1]:
                t += "b"
            toks.append(t.ljust(4))
        lines.append(" ".join(toks).rstrip())
    return "\n".join(lines)
