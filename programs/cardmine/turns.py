"""A turn of Tommy's Card Miners: the draw that starts it and the play that ends it.

``perform`` makes any play, the computer's or a person's: the card is shown laid, then the
pawn hop by hop (a person's briskly, the computer's at the time pad, so its play can be
followed), then the news says it all in one sentence; a play that wins ends the game.
"""
from __future__ import annotations

from vconsole.toolkit.hot import Hot

from . import endings, messages as say
from .mine import card_of, rank_of, suit_of
from .rules import (DIG_PLAY, DISCARD_PLAY, DOWN, LODE_PLAY, MOVE_PLAY, SHAFT_PLAY, Play, State, apply_play,
                    draw, path_of)

HUMAN_HOP_S = 0.15   # a person's pawn is shown walking too, briskly


def begin_turn(app) -> Hot | None:
    before = app.state
    s = draw(before)
    app.state = s
    if s.over:
        endings.end_game(app)
        return None
    me = s.turn
    new = [c for c in s.hands[me] if c not in before.hands[me]]
    app.new_index = s.hands[me].index(new[0])
    shown = card_of(new[0]) if app.face_up(me) else None
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

def describe(app, before: State, play: Play, after: State) -> str:
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
    bump = say.bumped(other, play.bump) if play.bump >= 0 else ""
    claim = say.claimed(card_of(after.cell[play.dest])) if after.score[me] > before.score[me] else ""
    return say.play_text(what, bump, claim)

def perform(app, play: Play, pace: float | None = None) -> Hot | None:
    """Make ``play`` for the miner to move: show it hop by hop, say it, end the game if over."""
    before = app.state
    me = before.turn
    path = path_of(before, play)
    after = apply_play(before, play)
    app.state = after
    app.entry = None
    app.new_index = None
    app.laid = play.square if play.kind in (SHAFT_PLAY, LODE_PLAY, DIG_PLAY) else app.laid
    hop_s = HUMAN_HOP_S if pace is None else pace
    busy = app.chrome.busy(app.hot)
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
        app.say_news(describe(app, before, play, after))
    if after.over:
        endings.end_game(app)
    return Hot.QUIT if act == Hot.QUIT else None
