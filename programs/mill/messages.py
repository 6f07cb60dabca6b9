"""Every line of news and every question Tommy's Mill can show, in one place.

They live here, not where they are used, so that a test can render each one with its
longest possible wording (the longest file name, key name, move count, disk error) and
check that it fits the two message rows under the board or the prompt line: no message
may ever lose a word.  Each function returns the text; the caller picks the colour role.
"""
from __future__ import annotations

from ..tommy.words import quoted_key

# -- news (the two rows under the board) ---------------------------------------------------


def moves_text(n: int) -> str:
    return f"{n} MOVE" + ("" if n == 1 else "S")


def new_game() -> str:
    return "NEW GAME. WHITE PLAYS FIRST."


def resumed(pointer: int) -> str:
    return f"THE GAME FROM MILL.TMP GOES ON ({moves_text(pointer)})."


def tmp_problem(note: str) -> str:
    """MILL.TMP could not be used (Drive.load's one-line note)."""
    return note.upper()


def side_played_by(side: str, player: str) -> str:
    return f"{side} IS NOW PLAYED BY THE {player}."


def level(n: int) -> str:
    return f"DIFFICULTY LEVEL {n}."


def shareware_top_level(n: int) -> str:
    return f"LEVEL {n} IS THE TOP LEVEL OF THE SHAREWARE VERSION."


def not_possible(reason: str) -> str:
    return f"NOT POSSIBLE: {reason}".upper()


def played(side: str, what: str) -> str:
    """``what``: "PLACES ON 5", "MOVES 1 TO 2, TAKES 11", "... , MILL, TAKES NOTHING"."""
    return f"{side} {what}."


def result(reason: str, winner: str | None) -> str:
    return f"{reason}." if winner is None else f"{reason}. {winner} WINS!"


def not_a_command(key_name: str) -> str:
    return f"{quoted_key(key_name)} IS NOT A MOVE OR A COMMAND. F5 SHOWS THE INSTRUCTIONS."


def nobody_at_the_keyboard(key_name: str) -> str:
    return f"{quoted_key(key_name)}: THE COMPUTER PLAYS BOTH SIDES. F2 OR F3 GIVES YOU A SIDE."


def nothing_to_step(back: bool) -> str:
    return "NO MOVE TO STEP BACK OVER." if back else "NO STEPPED-BACK MOVE TO REPLAY."


def stepped(back: bool, steps: int, pointer: int, total: int) -> str:
    return f"{'BACK' if back else 'FORWARD'} {moves_text(steps)}: MOVE {pointer} OF {total}."


def refused_name_char(ch: str) -> str:
    return f"{quoted_key(ch)} CANNOT BE PART OF A DOS FILE NAME."


def not_saved() -> str:
    return "NOT SAVED."


def nothing_restored() -> str:
    return "NOTHING RESTORED."


def reserved_name(name: str) -> str:
    return f"{name} IS KEPT FOR THE AUTOMATIC SAVE: PICK ANOTHER NAME."


def disk_problem(text: str) -> str:
    return text.upper()


def saved(pointer: int, name: str) -> str:
    return f"SAVED {moves_text(pointer)} IN {name.rstrip('.')}."  # GAME1. names GAME1: one full stop


def not_read(reason: str) -> str:
    """The file could not be read (the disk's message names it)."""
    return f"NOT RESTORED: {reason}".upper()


def not_restored(name: str, reason: str) -> str:
    """The file was read but is not a game (the reason names the line)."""
    return f"{name} NOT RESTORED: {reason}".upper()


def finished_game_read(name: str, reason: str) -> str:
    return f"{name} IS OVER: {reason}. PRESS . TO STEP BACK."


def restored(pointer: int, name: str) -> str:
    return f"RESTORED {moves_text(pointer)} FROM {name.rstrip('.')}."


def options_refused() -> str:
    return "THE MOVES PLAYED SO FAR BREAK THOSE RULES: OPTIONS UNCHANGED."


def options_changed() -> str:
    return "RULE OPTIONS CHANGED."


def game_over_no_steps() -> str:
    return "THE GAME IS OVER. SAVE IT (S) AND READ IT BACK (R) TO STEP THROUGH IT."


def entry_aborted_by(key_name: str) -> str:
    return f"ENTRY ABORTED BY {quoted_key(key_name)}. START THE MOVE AGAIN."


def entry_aborted(reason: str) -> str:
    return f"ENTRY ABORTED: {reason.upper()}."


def name_the_capture() -> str:
    return "A MILL! NAME THE PIECE TO TAKE, OR 0 (OR CLICK THE TIME) TO TAKE NONE."


def entry_cleared() -> str:
    return "ENTRY CLEARED."


def clear() -> str:
    return ""


# -- the prompt line (questions, and what the player types) ---------------------------------

def resigns(side: str) -> str:
    return f"{side} RESIGNS (Y/N)? "


def save_as() -> str:
    return "SAVE THE GAME AS: "


def restore_from() -> str:
    return "RESTORE THE GAME FROM: "


def replace_file(name: str) -> str:
    return f"{name} EXISTS. REPLACE IT (Y/N)? "


def kiddie_question() -> str:
    return "KIDDIE RULE: 3 PIECES MAY JUMP (Y/N)? "


def last_mill_question() -> str:
    return "LAST MILL MAY BE BROKEN (Y/N)? "


def new_game_question() -> str:
    return "GAME OVER. NEW GAME (Y/N)? "


def new_game_hint() -> str:
    return "GAME OVER. Y STARTS A NEW GAME."


def game_over_keys() -> str:
    return "THE GAME IS OVER: Y NEW GAME, S SAVE, R RESTORE, F7 QUIT."


def thinking(who: str) -> str:
    return f"{who} IS THINKING..."


def best_so_far(who: str, move: str) -> str:
    return f"{who}: {move}   ESC PLAYS IT"


def take_which(side: str) -> str:
    return f"{side}, TAKE WHICH PIECE (0=NONE)? "


def place_a_piece(side: str) -> str:
    return f"{side}, PLACE A PIECE: "


def your_move(side: str) -> str:
    return f"{side}, YOUR MOVE: "


#: which functions are prompt-line texts (the rest are news for the two message rows)
PROMPTS = frozenset({"resigns", "save_as", "restore_from", "replace_file", "kiddie_question",
                     "last_mill_question", "new_game_question", "new_game_hint", "thinking",
                     "best_so_far", "take_which", "place_a_piece", "your_move"})
