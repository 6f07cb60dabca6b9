"""Tommy's Card Miners as a pure model: the mine, two packs, hands, pawns, plays and scores.

A turn is a draw (``draw``) then exactly one play (``apply_play``), chosen from
``legal_plays``; once a miner's deck is empty his turn is the play alone.  States are never
changed in place: ``apply_play`` and ``draw`` return a new one, so a search or an undo keeps
every state it has seen.  Nothing here reads a clock or
the global ``random``: decks are shuffled by ``vconsole.toolkit.rng.GameRandom`` from a seed,
which is what makes "replay the last hand" deal the same two decks again.

Rule decisions where the original instructions leave room (each has a test, and the help
screen says them in the program's words):

* Shaft cards are 5 to 10.  The instructions list 5-10 in one place and 6-10 in another; a
  5 would otherwise have no use at all (movement cards are 2-4, lodes J-A).
* "Next to" always means one of the four orthogonal neighbours (the instructions never
  allow katty-corner anywhere): for starting a shaft, for the no-lode-next-to-an-entrance
  rule and for digging an entrance next to a card.
* A shaft card may go on any empty square orthogonally next to an entrance or to a shaft
  card (5-10) of its own suit; a mother lode on any empty square next to a shaft card of its
  own suit and next to no entrance.  Lodes end a tunnel: nothing extends from a lode.
* The pawn moves only from card to card.  A step between two face-up cards of different
  suits is never allowed; a step onto or off a face-down entrance always is.  This holds for
  the one-space move and for every hop of a movement card.
* A shaft or lode may be played only when the pawn then has a legal one-space move (the
  move is compulsory); the pawn may not step onto the card just played.
* Movement cards (2, 3, 4): exactly that many hops, never visiting a square twice (so the
  pawn never ends where it began); the hops may pass over the other pawn.  Only the square
  where the pawn comes to rest counts: passing over a lode claims nothing, passing over the
  other pawn bumps nothing.
* Bumping is the bumper's choice: landing on the other pawn, he may put it on any card in
  the mine (face up or down, including the card just played) except the one he stands on,
  or leave it where it is, the two pawns then sharing that card.  "Any spot on the mine" is
  read as any card: pawns travel only from card to card, and one put on an empty square
  could never move again.  A pawn put on an unclaimed lode by a bump claims nothing:
  claims are made by moving.
* A face-down entrance may be dug, with any hand card, only when the miner has no face-up
  play at all, on any empty square next to a face-up card of a tunnel: a shaft card or a
  mother lode.  It ends the turn.  The instructions say "next to a shaft card" and call 5-10
  shaft cards elsewhere; read that narrowly, lodes capping the last growing ends shut the
  mine with half of it empty, and most games between two plain players (four in five
  between two greedy ones) then end in the tie the instructions call unlikely, which they
  have only when the decks run out, and with no word for a turn that cannot be played.  A
  lode is the last card of its tunnel, so digging beside it is digging beside the tunnel:
  a miner stuck with no face-up play opens the mine again, and only a full mine stops play.
* With no play of any kind (the mine full, or nothing to dig beside) the miner throws one
  hand card of his choice on the discard pile: every turn draws at most one card and spends
  one, so a hand never grows past the deal plus the draw (at most 10 cards, the most the
  keys 1-9, A can name).
* First miner: each draws his top card, aces high; on equal ranks both cards go to the
  bottom of their owners' decks and both draw again.  The deciding pair becomes the two
  entrances: the first miner's card in column 7, the other's in column 8, both in row 2.
  After a finished game the loser of it goes first (the pair is still drawn for the
  entrances); after a tie the draw decides again.
* More starting entrances (option, 2, 4 or 6): each extra pair is the top card of each deck,
  laid face down at fixed places (row 3 columns 3 and 12, then row 1 columns 4 and 11).
* A deck is exhausted when every one of its cards has been used, not merely drawn: a miner
  whose draw pile is empty skips the draw ("in general" a turn draws, the instructions say)
  and plays on from his hand, one card a turn.  The game is a tie when the miner to move
  has neither a card to draw nor one in his hand.  (The decks start alike and the miners
  take turns, so the first miner holds as many cards as the other whenever he is to move:
  this is when both decks and both hands are used up.)
* A game that can no longer be won is that same tie, declared at once (``settled``, in
  ``settle.py`` with the proof of its bound): when neither miner can reach the game point
  with the best lodes he could still claim, one per play he has left (one per card in his
  hand and deck; once nothing can be laid, one per movement card), the decks would run out
  without a winner anyway, so they are not played out as turn after turn of cards thrown
  away.
* Winning: the first miner whose claims reach the game point wins at once; the loser pays
  the difference in points in chips.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from vconsole.toolkit.cards import Card, pack
from vconsole.toolkit.rng import GameRandom

from .mine import (
    HIGH,
    LODE,
    MOVEMENT,
    NEIGHBOURS,
    SHAFT,
    SQUARES,
    card_of,
    code,
    hand_key,
    points_of,
    rank_of,
    role_of,
    square,
    suit_of,
)
from .settle import LODE_POINTS as LODE_POINTS
from .settle import mine_shut as mine_shut
from .settle import points_left as points_left
from .settle import settled
from .tunnels import DOWN as DOWN
from .tunnels import EMPTY as EMPTY
from .tunnels import linked as linked
from .tunnels import steps, walks

PLAYING: Final = -1
TIE: Final = 2           # ``winner`` after exhausted decks (0 or 1 name the winning miner)
NO_BUMP: Final = -1
BUMP_LATER: Final = -2   # from legal_plays(bumps=False): the bump square is still to choose

#: Where the opening entrances go: (first miner's card, second miner's card) per pair.
ENTRANCE_PAIRS: Final = ((square(1, 6), square(1, 7)),
                         (square(2, 2), square(2, 11)),
                         (square(0, 3), square(0, 10)))

# Play kinds
SHAFT_PLAY, LODE_PLAY, MOVE_PLAY, DIG_PLAY, DISCARD_PLAY = range(5)
KIND_NAMES: Final = ("SHAFT", "LODE", "MOVE", "DIG", "DISCARD")


class Options(NamedTuple):
    dealt: int = 7             # cards dealt to each miner: 1..9
    open_hands: bool = False   # both hands shown (and known to the computer miner)
    entrances: int = 2         # starting entrances: 2, 4 or 6
    game_point: int = 21       # 10..99
    replay: bool = False       # deal the last game's two decks again (used by the program)

    def checked(self) -> Options:
        if not 1 <= self.dealt <= 9:
            raise ValueError(f"cards dealt {self.dealt} outside 1..9")
        if self.entrances not in (2, 4, 6):
            raise ValueError(f"starting entrances {self.entrances}: 2, 4 or 6")
        if not 10 <= self.game_point <= 99:
            raise ValueError(f"game point {self.game_point} outside 10..99")
        return self


DEFAULT_OPTIONS: Final = Options()


class Play(NamedTuple):
    kind: int
    card: int = -1        # card code
    square: int = -1      # where the card goes (shaft, lode, dig); -1 otherwise
    dest: int = -1        # where the pawn comes to rest; -1 when it does not move
    bump: int = NO_BUMP   # where the other pawn is put when ``dest`` was his square (NO_BUMP: left there)

    def __str__(self) -> str:
        from .mine import square_name
        parts = [KIND_NAMES[self.kind]]
        if self.card >= 0:
            parts.append(card_of(self.card).code)
        if self.square >= 0:
            parts.append("@" + square_name(self.square))
        if self.dest >= 0:
            parts.append(">" + square_name(self.dest))
        if self.bump >= 0:
            parts.append("bump>" + square_name(self.bump))
        return " ".join(parts)


class State:
    """One moment of a game.  Treat as immutable: the functions below return new states."""

    __slots__ = ("face", "cell", "claim", "pawn", "score", "hands", "decks", "discard", "turn",
                 "drawn", "winner", "last", "options", "first", "ply", "opening")

    face: list[int]            # per square: EMPTY, a suit 0..3 (face up) or DOWN
    cell: list[int]            # per square: the card code there or EMPTY
    claim: list[int]           # per square: the miner who claimed that lode, or -1
    pawn: tuple[int, int]
    score: tuple[int, int]
    hands: tuple[tuple[int, ...], tuple[int, ...]]   # sorted by ``hand_key``
    decks: tuple[tuple[int, ...], tuple[int, ...]]   # the top card is the last one
    discard: tuple[int, ...]                         # movement and thrown-away cards, oldest first
    turn: int                  # the miner to draw and play
    drawn: bool                # has he drawn this turn
    winner: int                # PLAYING, 0, 1 or TIE
    last: Play | None        # the play just made (by the other miner)
    options: Options
    first: int                 # who played first this game
    ply: int                   # plays made so far
    opening: tuple[tuple[int, int], ...]  # the first-miner draws, the deciding pair last

    def copy(self) -> State:
        s = State.__new__(State)
        for name in State.__slots__:
            setattr(s, name, getattr(self, name))
        s.face = list(self.face)
        s.cell = list(self.cell)
        s.claim = list(self.claim)
        return s

    @property
    def game_point(self) -> int:
        return self.options.game_point

    @property
    def over(self) -> bool:
        return self.winner != PLAYING

    def hand_cards(self, miner: int) -> list[Card]:
        return [card_of(c) for c in self.hands[miner]]

    def __repr__(self) -> str:
        return (f"State(turn={self.turn}, drawn={self.drawn}, score={self.score}, pawn={self.pawn}, "
                f"decks={tuple(len(d) for d in self.decks)}, winner={self.winner})")


# -- dealing -------------------------------------------------------------------------------
def shuffled_deck(seed: int) -> list[Card]:
    """A new pack shuffled by GameRandom(seed); its last card is the top of the deck."""
    return GameRandom(seed).shuffled(pack())


def new_game(deck0: Sequence[Card], deck1: Sequence[Card], options: Options = DEFAULT_OPTIONS,
             first: int | None = None) -> State:
    """Lay out a new game from two ordered decks (top card last).

    ``first``: the miner who starts (the loser of the previous game), or None to let the
    high-card draw decide.
    """
    options = options.checked()
    decks = [[code(0, c) for c in deck0], [code(1, c) for c in deck1]]
    if sorted(decks[0]) != list(range(52)) or sorted(decks[1]) != list(range(52, 104)):
        raise ValueError("each miner needs one whole 52-card pack")
    opening: list[tuple[int, int]] = []
    while True:
        a, b = decks[0].pop(), decks[1].pop()
        opening.append((a, b))
        if first is not None:
            break
        ha, hb = HIGH[rank_of(a)], HIGH[rank_of(b)]
        if ha != hb:
            first = 0 if ha > hb else 1
            break
        if len(opening) >= 52:  # the two decks rank for rank alike: nothing can decide
            first = 0
            break
        decks[0].insert(0, a)
        decks[1].insert(0, b)
    second = 1 - first
    face = [EMPTY] * SQUARES
    cell = [EMPTY] * SQUARES
    pair = {0: opening[-1][0], 1: opening[-1][1]}
    left, right = ENTRANCE_PAIRS[0]
    cell[left], cell[right] = pair[first], pair[second]
    face[left] = face[right] = DOWN
    pawn = [0, 0]
    pawn[first], pawn[second] = right, left  # each pawn on the other miner's card
    for left, right in ENTRANCE_PAIRS[1:options.entrances // 2]:
        cell[left], cell[right] = decks[first].pop(), decks[second].pop()
        face[left] = face[right] = DOWN
    hands: tuple[list[int], list[int]] = ([], [])
    for _ in range(options.dealt):
        for m in (0, 1):
            hands[m].append(decks[m].pop())
    s = State.__new__(State)
    s.face, s.cell, s.claim = face, cell, [-1] * SQUARES
    s.pawn = (pawn[0], pawn[1])
    s.score = (0, 0)
    s.hands = (tuple(sorted(hands[0], key=hand_key)), tuple(sorted(hands[1], key=hand_key)))
    s.decks = (tuple(decks[0]), tuple(decks[1]))
    s.discard = ()
    s.turn = first
    s.drawn = False
    s.winner = PLAYING
    s.last = None
    s.options = options
    s.first = first
    s.ply = 0
    s.opening = tuple(opening)
    return s


def deal(seed0: int, seed1: int, options: Options = DEFAULT_OPTIONS, first: int | None = None) -> State:
    """``new_game`` from two deck seeds (the program keeps them for "replay the last hand")."""
    return new_game(shuffled_deck(seed0), shuffled_deck(seed1), options, first)


def draw(state: State) -> State:
    """The miner to move draws his top card.  With his deck empty he draws nothing and plays
    from his hand; with his hand empty too the decks are exhausted: a tie."""
    if state.over or state.drawn:
        raise ValueError("no draw due")
    s = state.copy()
    m = s.turn
    deck = s.decks[m]
    if not deck:
        if s.hands[m]:
            s.drawn = True  # nothing left to draw: he plays on from his hand
        else:
            s.winner = TIE  # deck and hand both used up: the decks are exhausted
        return s
    card = deck[-1]
    decks = list(s.decks)
    decks[m] = deck[:-1]
    s.decks = (decks[0], decks[1])
    hands = list(s.hands)
    hands[m] = tuple(sorted(hands[m] + (card,), key=hand_key))
    s.hands = (hands[0], hands[1])
    s.drawn = True
    return s


# -- the tunnels ---------------------------------------------------------------------------
def targets(state: State) -> tuple[list[bool], list[int]]:
    """Per empty square: is it next to an entrance, and the suits (bit mask) of the shaft
    cards next to it.  (Occupied squares: False, 0.)"""
    face, cell = state.face, state.cell
    near_down = [False] * SQUARES
    near_shaft = [0] * SQUARES
    for sq in range(SQUARES):
        f = face[sq]
        if f == EMPTY:
            continue
        if f == DOWN:
            for n in NEIGHBOURS[sq]:
                near_down[n] = True
        elif role_of(cell[sq]) == SHAFT:
            bit = 1 << f
            for n in NEIGHBOURS[sq]:
                near_shaft[n] |= bit
    for sq in range(SQUARES):
        if face[sq] != EMPTY:
            near_down[sq] = False
            near_shaft[sq] = 0
    return near_down, near_shaft


def shaft_squares(near_down: list[bool], near_shaft: list[int], suit: int) -> list[int]:
    bit = 1 << suit
    return [sq for sq in range(SQUARES) if near_down[sq] or near_shaft[sq] & bit]


def lode_squares(near_down: list[bool], near_shaft: list[int], suit: int) -> list[int]:
    bit = 1 << suit
    return [sq for sq in range(SQUARES) if near_shaft[sq] & bit and not near_down[sq]]


def dig_squares(face: Sequence[int]) -> list[int]:
    """Empty squares next to a face-up card (a shaft card or a mother lode): where an entrance may be dug."""
    return [sq for sq in range(SQUARES)
            if face[sq] == EMPTY and any(0 <= face[n] < DOWN for n in NEIGHBOURS[sq])]


# -- plays ---------------------------------------------------------------------------------
def _with_bumps(state: State, play: Play, bumps: bool) -> list[Play]:
    """``play`` as is, or once per bump square when its pawn lands on the other pawn."""
    if play.dest != state.pawn[1 - state.turn]:
        return [play]
    if not bumps:
        return [play._replace(bump=BUMP_LATER)]
    return [play._replace(bump=b) for b in bump_squares(state, play)]


def bump_squares(state: State, play: Play) -> list[int]:
    """Where the bumped pawn may go: any card in the mine after ``play`` but the bumper's,
    or ``NO_BUMP`` (first) to leave it where it is."""
    return [NO_BUMP] + [sq for sq in range(SQUARES)
                        if (state.face[sq] != EMPTY or sq == play.square) and sq != play.dest]


def face_up_plays(state: State, bumps: bool = True) -> list[Play]:
    """Every shaft, lode and movement play of the miner to move (he has drawn)."""
    face = state.face
    me = state.turn
    pawn = state.pawn[me]
    one = steps(face, pawn)
    near_down, near_shaft = targets(state)
    out: list[Play] = []
    walk_cache: dict[int, dict[int, tuple[int, ...]]] = {}
    for c in state.hands[me]:
        role = role_of(c)
        if role == MOVEMENT:
            hops = rank_of(c)
            if hops not in walk_cache:
                walk_cache[hops] = walks(face, pawn, hops)
            for dest in walk_cache[hops]:
                out.extend(_with_bumps(state, Play(MOVE_PLAY, c, -1, dest), bumps))
            continue
        if not one:
            continue
        if role == SHAFT:
            kind, squares = SHAFT_PLAY, shaft_squares(near_down, near_shaft, suit_of(c))
        else:
            kind, squares = LODE_PLAY, lode_squares(near_down, near_shaft, suit_of(c))
        for sq in squares:
            for dest in one:  # ``sq`` was empty, so it is never among ``one``
                out.extend(_with_bumps(state, Play(kind, c, sq, dest), bumps))
    return out


def legal_plays(state: State, bumps: bool = True) -> list[Play]:
    """All plays of the miner to move after his draw.  Face-up plays if there are any; else
    digging an entrance with any card; else throwing any card away.

    ``bumps=False`` gives a play landing on the other pawn once, with ``bump=BUMP_LATER``
    (a search picks the bump square itself; see ``bump_squares``)."""
    if state.over or not state.drawn:
        return []
    out = face_up_plays(state, bumps)
    if out:
        return out
    squares = dig_squares(state.face)
    out = [Play(DIG_PLAY, c, sq) for c in state.hands[state.turn] for sq in squares]
    return out or [Play(DISCARD_PLAY, c) for c in state.hands[state.turn]]


def is_legal(state: State, play: Play) -> bool:
    return play in legal_plays(state)


def path_of(state: State, play: Play) -> tuple[int, ...]:
    """The hops the pawn makes for ``play`` (the squares after its start, in order)."""
    if play.dest < 0:
        return ()
    if play.kind == MOVE_PLAY:
        return walks(state.face, state.pawn[state.turn], rank_of(play.card))[play.dest]
    return (play.dest,)


def apply_play(state: State, play: Play) -> State:
    """The state after ``play`` (assumed legal: see ``play_checked``); the turn passes."""
    s = state.copy()
    me = s.turn
    other = 1 - me
    hand = list(s.hands[me])
    hand.remove(play.card)
    hands = [s.hands[0], s.hands[1]]
    hands[me] = tuple(hand)
    s.hands = (hands[0], hands[1])
    if play.kind in (SHAFT_PLAY, LODE_PLAY):
        s.cell[play.square] = play.card
        s.face[play.square] = suit_of(play.card)
    elif play.kind == DIG_PLAY:
        s.cell[play.square] = play.card
        s.face[play.square] = DOWN
    else:  # a movement card after its hops, or a card thrown away
        s.discard = s.discard + (play.card,)
    if play.dest >= 0:
        pawn = [s.pawn[0], s.pawn[1]]
        pawn[me] = play.dest
        if play.dest == pawn[other] and play.bump >= 0:
            pawn[other] = play.bump
        s.pawn = (pawn[0], pawn[1])
        sq = play.dest
        if s.claim[sq] < 0 and s.face[sq] not in (EMPTY, DOWN) and role_of(s.cell[sq]) == LODE:
            s.claim[sq] = me
            score = [s.score[0], s.score[1]]
            score[me] += points_of(s.cell[sq])
            s.score = (score[0], score[1])
            if score[me] >= s.options.game_point:
                s.winner = me
    s.turn = other
    s.drawn = False
    s.last = play
    s.ply += 1
    if s.winner == PLAYING and settled(s):
        s.winner = TIE
    return s


class IllegalPlay(ValueError):
    pass


def play_checked(state: State, play: Play) -> State:
    if not is_legal(state, play):
        raise IllegalPlay(f"not a legal play now: {play}")
    return apply_play(state, play)


# -- results -------------------------------------------------------------------------------
def chips(state: State) -> int:
    """What the loser pays the winner: the difference in points (0 for a tie or no result)."""
    if state.winner in (0, 1):
        return state.score[state.winner] - state.score[1 - state.winner]
    return 0
