"""A turn of Tommy's Card Miners: the draw that starts it and the play that ends it.

``perform`` makes any play, the computer's or a person's: the card is shown laid, then the
pawn hop by hop (a person's briskly, the computer's at the time pad, so its play can be
followed), then the news says it all in one sentence; a play that wins ends the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.mouse import MouseEvent
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.think import REFUSE

from . import endings
from . import messages as say
from .mine import card_of, rank_of, suit_of
from .rules import (
    DIG_PLAY,
    DISCARD_PLAY,
    DOWN,
    LODE_PLAY,
    MOVE_PLAY,
    SHAFT_PLAY,
    Play,
    State,
    apply_play,
    draw,
    path_of,
)

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import CardMineApp

HUMAN_HOP_S = 0.15   # a person's pawn is shown walking too, briskly


def hand_over(app: CardMineApp) -> Hot | None:
    """Two people at one screen: both hands hidden until the miner to play says he is
    ready (a key or a click), so neither sees the other's cards."""
    me = app.playing().turn
    app.handing_over = True
    try:
        app.draw_game()
        app.prompt(say.hand_over(app.shown[me]), role="question")
        while True:
            ev = app.chrome.input()
            if isinstance(ev, MouseEvent):
                if ev.kind == "press":
                    break
                continue
            act = app.hot(ev)
            if act == Hot.QUIT:
                return Hot.QUIT
            if act is None:
                break
            app.draw_game()  # a hot key's pop-up may have been over the mine
    finally:
        app.handing_over = False
    app.prompt("")
    return None


def begin_turn(app: CardMineApp) -> Hot | None:
    before = app.playing()
    if app.private_hands():
        if hand_over(app) == Hot.QUIT:
            return Hot.QUIT
    s = draw(before)
    app.state = s
    if s.over:
        endings.end_game(app)
        return None
    me = s.turn
    new = [c for c in s.hands[me] if c not in before.hands[me]]
    if not new:  # his deck is used up: he plays on from his hand
        app.new_index = None
        app.add_news(say.no_draw(app.shown[me]))
        return None
    app.new_index = s.hands[me].index(new[0])
    # two people at one screen: the card drawn is shown in its owner's hand, never in the news
    shown = card_of(new[0]) if app.face_up(me) and not app.private_hands() else None
    app.sound.effect("draw")
    drew = say.draws(app.shown[me], shown)
    app.add_news(drew)  # the last play stays up while the next miner draws
    return None


def frame(before: State, play: Play, at: int, in_hand: bool = False) -> State:
    """What the mine shows part way through ``play``: the card laid, the pawn at ``at``
    (``in_hand``: the card also still shown in the hand, while the play is being entered)."""
    f = before.copy()
    me = before.turn
    if play.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY):
        f.cell[play.square] = play.card
        f.face[play.square] = DOWN if play.kind == DIG_PLAY else suit_of(play.card)
    if not in_hand:
        hands = list(f.hands)
        hands[me] = tuple(c for c in hands[me] if c != play.card)
        f.hands = (hands[0], hands[1])
    pawn = list(f.pawn)
    pawn[me] = at
    f.pawn = (pawn[0], pawn[1])
    return f

def describe(app: CardMineApp, before: State, play: Play, after: State) -> str:
    me = before.turn
    name, other = app.shown[me], app.shown[1 - me]
    c = card_of(play.card)
    if play.kind == DIG_PLAY:
        return say.dug_own(name, c, play.square) if app.face_up(me) else say.dug(name, play.square)
    if play.kind == DISCARD_PLAY:
        return say.thrown(name, c)
    if play.kind == MOVE_PLAY:
        what = say.walked(name, rank_of(play.card), play.dest)
    else:
        what = say.laid(name, c, play.square, play.dest)
    landed = play.dest >= 0 and play.dest == before.pawn[1 - me]
    bump = say.bumped(other, play.bump) if play.bump >= 0 else say.stays(other) if landed else ""
    claim = say.claimed(card_of(after.cell[play.dest])) if after.score[me] > before.score[me] else ""
    return say.play_text(what, bump, claim)

def short(app: CardMineApp, before: State, play: Play, after: State) -> str:
    """``describe`` in few words, for a play that is no longer the latest."""
    me = before.turn
    name = app.shown[me]
    if play.kind == DIG_PLAY:
        return say.short_dug(name, play.square)
    if play.kind == DISCARD_PLAY:
        return say.short_thrown(name)
    points = after.score[me] - before.score[me]
    return say.short_play(name, card_of(play.card), play.square if play.kind != MOVE_PLAY else -1, play.dest, points)


def perform(app: CardMineApp, play: Play, pace: float | None = None, own: bool = False) -> Hot | None:
    """Make ``play`` for the miner to move: show it hop by hop, say it, end the game if over.

    ``own``: a person's play, whose hops he has already entered: keys typed while they are
    shown are dropped rather than kept for the next turn."""
    before = app.playing()
    me = before.turn
    path = path_of(before, play)
    after = apply_play(before, play)
    app.state = after
    app.entry = None
    app.new_index = None
    app.laid = play.square if play.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY) else app.laid
    hop_s = HUMAN_HOP_S if pace is None else pace
    busy = app.chrome.busy(app.hot, typed=REFUSE) if own else app.chrome.busy(app.hot)
    act = None
    start = before.pawn[me]
    if play.kind == DISCARD_PLAY:
        app.sound.effect("click")
    elif play.kind == DIG_PLAY:
        app.sound.effect("dig")
    else:
        app.sound.effect("lay" if play.kind != MOVE_PLAY else "hop")
        app.draw_game(frame(before, play, start))
        for i, sq in enumerate(path):
            act = busy.pause(hop_s)
            if act in (Hot.QUIT,):
                break
            if i < len(path) - 1:
                app.draw_game(frame(before, play, sq))
                app.sound.effect("hop")
    app.draw_game()
    if play.bump >= 0:
        app.sound.effect("bump")
    if play.dest >= 0 and after.score[me] > before.score[me]:
        app.sound.effect("claim")
    if before.ply == 0 and app.opening:
        # the game's first play: who starts and why stays up in front of it, so that the
        # cards turned up can still be read when the computer plays first at once
        app.say_news(app.opening[0], shorter=app.opening[1:])
        app.add_news(describe(app, before, play, after))
    else:
        # the plays before stay in front of it, shortened, while they fit: the last few
        # plays of both miners can be read back
        app.add_news(describe(app, before, play, after), shorter=(short(app, before, play, after),))
    if after.over:
        endings.end_game(app)
    return Hot.QUIT if act == Hot.QUIT else None
