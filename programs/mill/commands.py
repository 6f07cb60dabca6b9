"""The commands a player types instead of a move, and the end of a game.

S saves the game in a file the player names (not MILL.TMP), R reads one back, X or Esc
resigns (after a yes), '.' and '/' step back and forward until a keyboard player is to
move, O sets the rule options.  When the game is over the player is asked for a new one;
S, R and '.' (through a finished game read from a file) still work then.
"""
from __future__ import annotations

from vconsole.disk import DiskError, dos_name
from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import clicked_answer, mark_yes_no
from vconsole.toolkit.hot import Hot

from .notation import GameFileError, game_file_text, read_game_file
from .rules import Game, GameOverError, Options
from .screen import NAMES, PROMPT_ROW
from .tmpfile import KEYBOARD

NEW_GAME = "GAME OVER. NEW GAME (Y/N)? "


def moves_text(n: int) -> str:
    return f"{n} MOVE" + ("" if n == 1 else "S")


def command(app, key: Key) -> Hot | None:
    ch = key.char.upper()
    if ch == "S":
        save_game(app)
    elif ch == "R":
        restore_game(app)
    elif ch == "X" or key.name == "Esc":
        if app.chrome.ask(f"{NAMES[app.turn]} RESIGNS (Y/N)? "):
            app.resigned = app.turn
            app.check_end()
        else:
            app.prompt("")
    elif ch == ".":
        return step(app, back=True)
    elif ch == "/":
        return step(app, back=False)
    elif ch == "O":
        choose_options(app)
    else:
        app.sound.effect("error")
        app.message(f"{key.name!r} IS NOT A MOVE OR A COMMAND. F5 SHOWS THE INSTRUCTIONS.", "error")
    return None


def between_moves(app) -> Hot | None:
    """A key typed while the computer plays both sides: a command, acted on between its moves."""
    key = app.dos.keyboard.get()
    act = app.hot(key)
    if act is not None:
        return Hot.QUIT if act == Hot.QUIT else None
    if key.char.upper() in ("S", "R", "X", ".", "/", "O") or key.name == "Esc":
        return command(app, key)
    app.sound.effect("error")
    app.message(f"{key.name!r}: THE COMPUTER PLAYS BOTH SIDES. F2 OR F3 GIVES YOU A SIDE.", "error")
    return None


def step(app, back: bool) -> Hot | None:
    """'.' and '/': keep stepping until a keyboard player is to move (or the line ends)."""
    steps = 0
    app.entry = None
    busy = app.chrome.busy(app.hot)
    while (app.game.backstep() if back else app.game.forward()):
        steps += 1
        app.finished, app.resigned = False, None
        app.draw_game()
        if not back and app.game.result() is not None:
            break
        if app.players[app.turn] == KEYBOARD:
            break
        act = busy.pause(app.chrome.pad.seconds)
        if act == Hot.QUIT:
            return Hot.QUIT
        if act == Hot.MODE:
            break
    if not steps:
        app.sound.effect("error")
        app.message("NO MOVE TO STEP BACK OVER." if back else "NO STEPPED-BACK MOVE TO REPLAY.", "error")
        return None
    if app.game.result() is not None:
        app.review = False  # replayed to its end: finished for good
        app.check_end()
    else:
        if app.clock_start is None:
            app.clock_start = app.dos.now()
        app.message(f"{'BACK' if back else 'FORWARD'} {moves_text(steps)}: "
                    f"MOVE {app.game.pointer} OF {len(app.game.moves)}.")
    return None


def ask_file_name(app, question: str, nothing: str) -> str | None:
    """The S and R file prompt; an empty answer or Esc says ``nothing`` and gives None."""
    def refused(ch: str) -> None:
        app.message(f"{ch!r} CANNOT BE PART OF A DOS FILE NAME.", "error")

    name = app.chrome.read_file_name(question, refused)
    app.prompt("")
    if not name:
        app.message(nothing)
    return name or None


def save_game(app) -> None:
    name = ask_file_name(app, "SAVE THE GAME AS: ", "NOT SAVED.")
    if name is None:
        return
    try:
        name = dos_name(name)
        if name == app.chrome.autosave.name:
            raise DiskError(f"{name} IS KEPT FOR THE AUTOMATIC SAVE: PICK ANOTHER NAME")
        if app.dos.drive.exists(name) and not app.chrome.ask(f"{name} EXISTS. REPLACE IT (Y/N)? "):
            app.prompt("")
            app.message("NOT SAVED.")
            return
        app.dos.drive.write_text(name, game_file_text(app.game))
    except DiskError as exc:
        app.sound.effect("error")
        app.message(str(exc).upper(), "error")
        return
    app.prompt("")
    app.message(f"SAVED {moves_text(app.game.pointer)} IN {name}.")


def restore_game(app) -> None:
    name = ask_file_name(app, "RESTORE THE GAME FROM: ", "NOTHING RESTORED.")
    if name is None:
        return
    try:
        text = app.dos.drive.read_text(name)
        game = read_game_file(text)
    except (DiskError, GameFileError, ValueError) as exc:
        app.sound.effect("error")
        app.message(f"{name.upper()} NOT RESTORED: {exc}".upper(), "error")
        return
    app.adopt(game)
    app.redraw()
    if app.game.result() is not None:
        app.review = True
        app.check_end()
        app.message(f"{name.upper()} IS A FINISHED GAME: {app.outcome()[1]}. "
                    "PRESS . TO STEP BACK THROUGH IT.", "winner")
    else:
        app.message(f"RESTORED {moves_text(app.game.pointer)} FROM {name.upper()}.")


def choose_options(app) -> None:
    kiddie = app.chrome.ask("KIDDIE RULE: 3 PIECES MAY JUMP (Y/N)? ")
    last = app.chrome.ask("LAST MILL MAY BE BROKEN (Y/N)? ")
    app.prompt("")
    options = Options(kiddie=kiddie, take_from_mill_when_only_three=last)
    game = Game(options)
    try:
        for m in app.game.moves:
            game.play(m)
    except (ValueError, GameOverError):
        app.sound.effect("error")
        app.message("THE MOVES PLAYED SO FAR BREAK THOSE RULES: OPTIONS UNCHANGED.", "error")
        return
    while game.pointer > app.game.pointer:
        game.backstep()
    app.options = options
    app.game = game
    app.entry = None
    app.draw_level()
    app.draw_game()
    app.message("RULE OPTIONS CHANGED.")


def finished_turn(app) -> Hot | None:
    if app.declined:
        app.prompt("GAME OVER. Y STARTS A NEW GAME.")
    else:
        app.prompt(NEW_GAME, role="question")
        mark_yes_no(app.dos.screen, NEW_GAME, PROMPT_ROW, 0, app.theme["question_key"])
    ev = app.chrome.input()
    if isinstance(ev, MouseEvent):
        answer = None if app.declined else clicked_answer(ev, NEW_GAME, PROMPT_ROW, 0)
        if answer is True:
            app.new_game()
        elif answer is False:
            app.declined = True
        return None
    act = app.hot(ev)
    if act is not None:
        return Hot.QUIT if act == Hot.QUIT else None
    ch = ev.char.upper()
    if ch == "Y":
        app.new_game()
    elif ch == "N":
        app.declined = True
    elif ch == "S":
        save_game(app)
    elif ch == "R":
        restore_game(app)
    elif ch == "." and app.review:
        return step(app, back=True)
    elif ch == ".":
        app.sound.effect("error")
        app.message("THE GAME IS OVER. SAVE IT (S) AND READ IT BACK (R) TO STEP THROUGH IT.", "error")
    return None
