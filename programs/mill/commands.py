"""The commands a player types instead of a move, and the end of a game.

S saves the game in a file the player names (not MILL.TMP), R reads one back, X or Esc
resigns (after a yes), '.' and '/' step back and forward until a keyboard player is to
move, O sets the rule options.  When the game is over the player is asked for a new one;
S, R and '.' (through a finished game read from a file) still work then.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vconsole.disk import DiskError, dos_name
from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.toolkit.ask import clicked_answer, mark_yes_no
from vconsole.toolkit.hits import left_click
from vconsole.toolkit.hot import Hot

from . import messages as say
from .notation import GameFileError, game_file_text, read_game_file
from .rules import Game, GameOverError, Options
from .screen import NAMES, PROMPT_ROW
from .tmpfile import KEYBOARD

if TYPE_CHECKING:  # the app imports this module: its type only, for the checker
    from .app import MillApp

NEW_GAME = say.new_game_question()


def command(app: MillApp, key: Key) -> Hot | None:
    ch = key.char.upper()
    if ch == "S":
        save_game(app)
    elif ch == "R":
        restore_game(app)
    elif ch == "X" or key.name == "Esc":
        if app.chrome.ask(say.resigns(NAMES[app.turn])):
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
        app.message(say.not_a_command(key.name), "error")
    return None


def between_moves(app: MillApp) -> Hot | None:
    """A key typed while the computer plays both sides: a command, acted on between its moves."""
    key = app.dos.keyboard.get()
    if key is None:  # (called when a key is waiting)
        return None
    act = app.hot(key)
    if act is not None:
        return Hot.QUIT if act == Hot.QUIT else None
    if key.char.upper() in ("S", "R", "X", ".", "/", "O") or key.name == "Esc":
        return command(app, key)
    app.sound.effect("error")
    app.message(say.nobody_at_the_keyboard(key.name), "error")
    return None


def step(app: MillApp, back: bool) -> Hot | None:
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
        app.message(say.nothing_to_step(back), "error")
        return None
    if app.game.result() is not None:
        app.review = False  # replayed to its end: finished for good
        app.check_end()
    else:
        if app.clock_start is None:
            app.clock_start = app.dos.now()
        app.message(say.stepped(back, steps, app.game.pointer, len(app.game.moves)))
    return None


def ask_file_name(app: MillApp, question: str, nothing: str) -> str | None:
    """The S and R file prompt; an empty answer or Esc says ``nothing`` and gives None."""
    def refused(ch: str) -> None:
        app.message(say.refused_name_char(ch), "error")

    name = app.chrome.read_file_name(question, refused)
    app.prompt("")
    if not name:
        app.message(nothing)
    return name or None


def save_game(app: MillApp) -> None:
    name = ask_file_name(app, say.save_as(), say.not_saved())
    if name is None:
        return
    try:
        name = dos_name(name)
        if name == app.chrome.autosave.name:
            raise DiskError(say.reserved_name(name))
        if app.dos.drive.exists(name) and not app.chrome.ask(say.replace_file(name)):
            app.prompt("")
            app.message(say.not_saved())
            return
        app.dos.drive.write_text(name, game_file_text(app.game))
    except DiskError as exc:
        app.sound.effect("error")
        app.message(say.disk_problem(str(exc)), "error")
        return
    app.prompt("")
    app.message(say.saved(app.game.pointer, name))


def restore_game(app: MillApp) -> None:
    name = ask_file_name(app, say.restore_from(), say.nothing_restored())
    if name is None:
        return
    try:
        text = app.dos.drive.read_text(name)
    except DiskError as exc:
        app.sound.effect("error")
        app.message(say.not_read(str(exc)), "error")
        return
    try:
        game = read_game_file(text)
    except (GameFileError, ValueError) as exc:
        app.sound.effect("error")
        app.message(say.not_restored(name.upper(), str(exc)), "error")
        return
    app.adopt(game)
    app.redraw()
    if app.game.result() is not None:
        app.review = True
        app.check_end()
        out = app.outcome()
        app.message(say.finished_game_read(name.upper(), out[1] if out else ""), "winner")
    else:
        app.message(say.restored(app.game.pointer, name.upper()))


def choose_options(app: MillApp) -> None:
    kiddie = app.chrome.ask(say.kiddie_question())
    last = app.chrome.ask(say.last_mill_question())
    app.prompt("")
    options = Options(kiddie=kiddie, take_from_mill_when_only_three=last)
    game = Game(options)
    try:
        for m in app.game.moves:
            game.play(m)
    except (ValueError, GameOverError):
        app.sound.effect("error")
        app.message(say.options_refused(), "error")
        return
    while game.pointer > app.game.pointer:
        game.backstep()
    app.options = options
    app.game = game
    app.entry = None
    app.draw_level()
    app.draw_game()
    app.message(say.options_changed())


def finished_turn(app: MillApp) -> Hot | None:
    hint = say.new_game_hint()
    y_col = hint.index(" Y ") + 1  # the Y a mouse player clicks once N has been answered
    if app.declined:
        app.prompt(hint)
        app.dos.screen.set_attr(PROMPT_ROW, y_col, app.theme["question_key"])
    else:
        app.prompt(NEW_GAME, role="question")
        mark_yes_no(app.dos.screen, app.theme, NEW_GAME, PROMPT_ROW, 0)
    ev = app.chrome.input()
    if isinstance(ev, MouseEvent):
        if app.declined:
            answer = True if left_click(ev) and (ev.row, ev.col) == (PROMPT_ROW, y_col) else None
        else:
            answer = clicked_answer(ev, NEW_GAME, PROMPT_ROW, 0)
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
        app.message(say.game_over_no_steps(), "error")
    elif ch != "N" and ev.name not in ("Esc",) and not ev.name.startswith(("Shift", "Ctrl", "Alt")):
        app.sound.effect("error")  # a key that does nothing here says what does something
        app.message(say.game_over_keys(), "error")
    return None
