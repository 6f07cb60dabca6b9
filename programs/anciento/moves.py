"""Moves in a game: a stone placed (or refused, with the reason), a move taken back or put back,
a step of a watched game, and the keyboard cursor's jumps to the corners of the playing area."""
from __future__ import annotations

from vconsole.keyboard import Key

from . import messages as say
from .play import Play
from .rules import EDGE, EMPTY, SIDE, occupied_neighbours
from .sounds import placement_effect

# Home/PgUp/End/PgDn jump to the corners of the 8x8 playing area: the frame's corners always
# hold starting stones, so a jump there could never place one
FIRST_INNER, LAST_INNER = 1, SIDE - 2
PLAY_CORNERS = {"Home": (FIRST_INNER, FIRST_INNER), "PgUp": (FIRST_INNER, LAST_INNER),
                "End": (LAST_INNER, FIRST_INNER), "PgDn": (LAST_INNER, LAST_INNER)}


def place(play: Play, cell: int, demo: bool = False) -> None:
    """The stone to place goes on ``cell`` if it matches there; otherwise the message says why not."""
    game = play.game
    if game.all_placed:
        play.say(say.ALL_PLACED)
        return
    match = game.match(cell)
    if not match:
        board = game.position.board
        if board[cell] != EMPTY:
            play.say(say.REFUSED_TAKEN)
        elif not occupied_neighbours(board, cell):
            play.say(say.REFUSED_ALONE)
        else:
            play.say(say.REFUSED_MATCH)
        play.effect("refused")
        return
    bonus = game.position.bonus
    pos = game.place(cell)
    if not demo:
        play.placed_here += 1
    play.draw_state()
    text = say.placed(match, pos.last_points, bonus, EDGE[cell])
    play.say(say.demo_move(pos.placed, text) if demo else after_move(play, text))
    effect = placement_effect(match, pos.last_points, play.setup.tune)
    if effect:
        play.effect(effect)


def after_move(play: Play, text: str) -> str:
    """``text``, and the news that every stone is down or that the next one fits nowhere."""
    if play.game.all_placed:
        return text + " " + say.ALL_PLACED
    if play.game.blocked:
        return text + " " + say.BLOCKED
    return text


def step(play: Play, back: bool) -> None:
    """Take a move back or put one back (in a saved game being watched: a step of the replay)."""
    game = play.game
    done = game.take_back() if back else game.put_back()
    play.draw_state()
    if play.replay:
        text = say.replay_step(game.history.pointer, len(game.history))
        if not back and not game.can_put_back:
            text += " " + say.REPLAY_END
        play.say(text)
        if done:
            play.effect("back" if back else "forward")
        return
    if not done:
        play.say(say.NOTHING_BACK if back else say.NOTHING_FORWARD)
        play.effect("refused")
        return
    play.effect("back" if back else "forward")
    play.say(after_move(play, say.TAKEN_BACK if back else say.PUT_BACK))


def replay_key(play: Play, name: str) -> None:
    """A key in a game being watched: Enter and Gray+ step on, Gray- steps back."""
    if name in ("Enter", "Gray+"):
        step(play, back=False)
    elif name == "Gray-":
        step(play, back=True)
    else:
        play.say(say.REPLAY_ONLY)


def move_cursor(play: Play, key: Key) -> None:
    """A cursor key: one square (skipping taken ones with Skip on), or a jump to a corner."""
    cursor = play.cursor
    name = cursor.key_name(key)
    if name not in PLAY_CORNERS:
        cursor.handle(key)
        return
    r, c = PLAY_CORNERS[name]
    inner = [(rr, cc) for rr in range(FIRST_INNER, LAST_INNER + 1) for cc in range(FIRST_INNER, LAST_INNER + 1)
             if cursor.eligible(rr, cc)]
    if inner:  # with Skip on, the free square of the area nearest that corner
        cursor.pos = min(inner, key=lambda s: ((s[0] - r) ** 2 + (s[1] - c) ** 2, s[0], s[1]))


def blink_rate(play: Play, faster: bool) -> None:
    """< and > (or , and .): the keyboard cursor blinks slower or faster."""
    if play.mouse:
        play.say(say.KEYBOARD_MODE_ONLY)
        return
    rate = play.blinker.faster() if faster else play.blinker.slower()
    play.app.change_setup(blink=rate)
    play.blinker.place(play.cursor.pos, play.dos.now())
    play.draw_modes()
    play.say(say.blink(rate))
