"""Every message Anciento shows in its message area (six rows of the right-hand panel).

Kept in one place so that tests/test_anciento_messages.py can check each one at its
longest against the area (no message may lose a word).
"""
from __future__ import annotations

from .look import BOARD_NAMES, PATTERN_NAMES, SHAPE_NAMES

MATCH_WORDS = {1: "1 neighbour", 2: "2 neighbours", 3: "3 neighbours", 4: "QUATRO"}


def placed(match: int, points: int, bonus_before: int, on_frame: bool) -> str:
    if on_frame:
        return f"{MATCH_WORDS[match].capitalize()} on the frame: no points."
    base = 1 << (match - 1)
    sums = f"{base} x {bonus_before:,} = {points:,} point{'s' if points != 1 else ''}."
    if match == 4:
        return f"QUATRO! {sums} BONUS now {bonus_before * 2:,}."
    return f"{MATCH_WORDS[match].capitalize()}: {sums}"


def demo_move(n: int, text: str) -> str:
    return f"Move {n}: {text}"


DEMO_START = "The master plays. Any key or click ends the demonstration."
DEMO_KEYS = "Any key or click: back to the main menu"


def describe(stone: int) -> str:
    return f"{SHAPE_NAMES[stone // 6]}, {PATTERN_NAMES[stone % 6]}"


REFUSED_TAKEN = "That square is taken."
REFUSED_ALONE = "A stone must touch another stone (up, down, left or right)."
REFUSED_MATCH = "That stone does not match its neighbours there. F6 shows where it fits."
ALL_PLACED = "All the stones are down! F10 ends the game (Gray - takes back)."
BLOCKED = "The stone fits nowhere: F10 ends the game, or Gray - takes back."
TAKEN_BACK = "Move taken back."
NOTHING_BACK = "Nothing to take back."
PUT_BACK = "Move put back."
NOTHING_FORWARD = "Nothing to put back."
JUMPED = "At the last move: play on."
AT_END = "Already at the last move."
NO_LIMIT = "No time limit is set (4 in the main menu sets one)."
COUNT_STOPPED = "Countdown stopped (the clock of time played goes on). F3 starts it again."
COUNT_RUNS = "Countdown running again."
LIMIT_OFF = "Time limit removed. F5 puts it back with the full time."
TIME_UP = "Time is up!"
CHECK_START = "Where the stone fits, one square at a time (any key stops):"
CHECK_NONE = "The stone fits nowhere on this board."
CHECK_DONE = "That was every square."
SAVE_PROMPT = "Save the game as (1-8 letters or digits), then Enter. Esc: do not save."
SAVE_NAME_BAD = "A name is 1 to 8 letters, digits, _ or -."
SAVE_CANCELLED = "Not saved."
REPLACE = "Replace that game (Y/N)?"  # one row of the panel: asked on the last line
SLOT_LINES = ("Press a letter A-Z or a digit 0-9", "for the setup slot (Esc: none).")
RESET_CHOICE = (("R", "reset: title screen"), ("M", "the main menu"), ("Esc", "go on playing"))
MOUSE_MODE = "Mouse mode: click a square to place, the right button takes back."
KEYBOARD_MODE_ONLY = "< and > set the blink rate of the keyboard's rectangle (keyboard mode)."
REPLAY_START = "A saved game: Enter or a click shows the next move, Gray - goes back, F1 jumps to the end to play on."
REPLAY_END = "The end of the saved game. F1 to play on from here."
REPLAY_ONLY = "Watching a saved game: Enter or a click for the next move, F1 to play on."
SOUND_ON, SOUND_OFF = "Sound on.", "Sound off."
NO_SOUND_SWITCH = "Started with /NS: no sound at all."


def replay_step(done: int, total: int) -> str:
    return f"Move {done} of {total}."


def skip(on: bool) -> str:
    return "Skip occupied squares: on." if on else "Skip occupied squares: off."


def limit_back(minutes: int) -> str:
    return f"Time limit back: {minutes} minute{'s' if minutes != 1 else ''} from now."


def check_square(n: int, total: int, match: int) -> str:
    return f"Square {n} of {total}: {MATCH_WORDS[match].lower() if match < 4 else 'a QUATRO'}."


def saved(name: str) -> str:
    return f"Saved as {name}."


def setup_saved(slot: str) -> str:
    return f"Setup saved in slot {slot}."


def setup_loaded(slot: str) -> str:
    return f"Setup {slot} loaded."


def setup_empty(slot: str) -> str:
    return f"Slot {slot} holds no setup."


def easy(on: bool) -> str:
    return "Easy mode on: the next four stones are shown." if on else "Easy mode off."


def tune(n: int) -> str:
    return f"Tune {n} after a one-neighbour placement." if n else "No tune after a one-neighbour placement."


def blink(rate: float) -> str:
    return f"The rectangle blinks {rate:g} times a second." if rate else "The rectangle stays lit."


# -- the main menu ------------------------------------------------------------------------
def board_colour(index: int) -> str:
    return f"Playing squares: {BOARD_NAMES[index]}."


def piece_colours(index: int) -> str:
    return f"Stone colours: set {index + 1} of 4."


COLOURS_RESET = "Colours reset."
COLOURS_MONO = "Colours need a colour display."
COLOURS_BW = "Black and white is on: B turns the colours back on."


def black_white(on: bool) -> str:
    return "Black and white on." if on else "Black and white off: colours."


def timer_set(minutes: int) -> str:
    if not minutes:
        return "No time limit."
    return f"Time limit: {minutes} minute{'s' if minutes != 1 else ''} a game."


TIMER_PROMPT = "Minutes a game (0 = no limit), then Enter:"
NUMBER_PROMPT = "Game number (1-32000), then Enter:"
NUMBER_RANGE = "A game number is 1 to 32000."
MINUTES_RANGE = "Minutes run from 0 (no limit) to 999."
LOAD_PROMPT = "Name of the game to load, then Enter (Esc: back):"
NO_SAVED_GAMES = "No saved games yet (F4 during play saves one)."
KEYBOARD_NOW = "Playing with the keyboard. M: the mouse again."
MOUSE_NOW = "Playing with the mouse. K: the keyboard."
DIGITS_ONLY = "Digits only, please."
NAME_CHAR_REFUSED = "Letters, digits, _ and - only."
MENU_HINT = "Press a digit, or click. H: help."
MENU_HINT_KEYS = "Press a digit. H: help."  # no mouse driver: nothing to click


def menu_hint(mouse: bool) -> str:
    return MENU_HINT if mouse else MENU_HINT_KEYS


def picked(number: int) -> str:
    return f"Game number {number}."

# The GAME OVER panel's last lines for a saved game that was only watched, never played on.
NOT_PLAYED_HERE = ("A loaded game that you did not", "play on does not enter the", "Hall of Fame.")

# -- the unfinished game (ANCIENTO.TMP) and the questions that guard an end
RESUME_ASK = "Carry on with it (Y/N)?"  # one row: asked on the last line
RESUME_LATER = "It is kept and offered again, until you play another game."
RESUMED = "Your unfinished game goes on from where you left it."
KEEP_FAILED = "Your unfinished game could not be kept:"
END_ASK = "End this game now (Y/N)?"  # one row: asked on the last line
END_KEPT = "The game goes on."


def resume_offer(number: int | None, placed: int) -> str:
    game = f"game {number}" if number is not None else "random game"
    stones = "1 stone" if placed == 1 else f"{placed} stones"
    return f"Your unfinished {game} was kept, with {stones} placed."


def best_study(name: str, number: int) -> str:
    return f"{name} beat the Hall of Fame on game {number}. The master plays it too, to compare (any key stops)..."


def best_start(name: str, number: int, master: int) -> str:
    return (f"The best game to date: {name}'s game {number}, which beat the master's "
            f"{master:,}. Any key or click ends it.")
