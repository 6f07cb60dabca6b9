"""Every line of news and every question String of Pearls can show, in one place.

They live here so that a test can render each with its longest possible wording (the
longest name, the largest numbers, a disk error) and check that it fits the news rows under
the board or the prompt line: no message may lose a word.  Each returns the text; the
caller picks the colour role.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..tommy.words import quoted_key

# -- news (the rows under the board) ------------------------------------------------------


def pearls(n: int) -> str:
    return f"{n} PEARL" + ("" if n == 1 else "S")


def strings_text(n: int) -> str:
    return f"{n} STRING" + ("" if n == 1 else "S")


def new_game(first: str, method_text: str) -> str:
    return f"NEW GAME, {method_text}. {first} GOES FIRST."


def new_solitaire(name: str) -> str:
    return f"SOLITAIRE FOR {name}. EVERY STRING SHORTER THAN 6 PEARLS COUNTS AGAINST YOU."


def resumed(taken: int) -> str:
    return f"THE GAME FROM PEARLS.TMP GOES ON ({pearls(taken)} TAKEN)."


def file_problem(note: str) -> str:
    """A file could not be used (the drive's one-line note)."""
    return note.upper()


def took(name: str, pearl: int, hop: bool, where: str) -> str:
    """``where``: what became of the pearl ("STARTS A STRING", "MAKES 12-15" ...)."""
    how = "HOPS TO" if hop else "TAKES"
    return f"{name} {how} {pearl}: {where}."


def joined(first: int, last: int) -> str:
    return f"MAKES {first}-{last}"


def alone() -> str:
    return "A PEARL ON ITS OWN FOR NOW"


def solo_new() -> str:
    return "A NEW STRING"


def must_hop(name: str) -> str:
    return f"NO PEARL IN A STRAIGHT LINE: {name} MAY HOP TO ANY PEARL."


def not_reachable(pearl: int) -> str:
    return f"THE POWER CANNOT REACH {pearl} IN A STRAIGHT LINE. THE PEARLS IT CAN REACH ARE LIT."


def empty_square() -> str:
    return "NO PEARL THERE. CLICK A PEARL THE POWER CAN REACH."


def empty_square_keys() -> str:
    return "NO PEARL THERE. MOVE THE POINTER TO A LIT PEARL WITH THE ARROWS."


def not_a_key(key_name: str) -> str:
    return f"{quoted_key(key_name)} DOES NOTHING HERE. F5 SHOWS THE INSTRUCTIONS."


def choice_cancelled(pearl: int) -> str:
    return f"{pearl} STAYS ON THE BOARD. CHOOSE AGAIN."


def demo_on() -> str:
    return "DEMO MODE: THE COMPUTER PLAYS EVERY HAND. F2 OR ANY KEY HANDS IT BACK."


def demo_off() -> str:
    return "THE PLAYERS PLAY AGAIN."


def pace(text: str) -> str:
    return f"THE COMPUTER TAKES AT LEAST {text} SECONDS A MOVE."


def pace_limit(text: str) -> str:
    return f"THE PACE IS ALREADY {text} SECONDS, AS FAR AS IT GOES."


def winner(names: Sequence[str], why: str) -> str:
    """More than two winners are counted, not named: the players list marks them with *."""
    if len(names) == 1:
        return f"{names[0]} WINS {why}!"
    if len(names) == 2:
        return f"{names[0]} AND {names[1]} SHARE THE WIN {why}."
    return f"{len(names)} PLAYERS SHARE THE WIN (MARKED *) {why}."


def why_longest(length: int) -> str:
    return f"WITH A STRING OF {length}"


def why_tie_broken() -> str:
    return "ON THE NEXT-LONGEST STRINGS"


def why_points(points: int) -> str:
    return f"WITH {points} POINTS"


def why_no_strings() -> str:
    return "WITH NO STRINGS AT ALL"


def solitaire_result(short: int, rating: str) -> str:
    return f"GAME OVER: {strings_text(short)} SHORTER THAN 6. THAT IS {rating}."


def computer_played_solitaire() -> str:
    return "THE COMPUTER PLAYED: NO HIGH SCORE."


def score_not_saved(problem: str) -> str:
    return f"THE HIGH SCORES WERE NOT SAVED: {problem}".upper()


def no_high_score(value: int) -> str:
    return f"{value} POINTS DOES NOT MAKE THE HIGH SCORES."


# -- the prompt line --------------------------------------------------------------------------


def your_turn_mouse(name: str) -> str:
    return f"{name}, CLICK THE PEARL TO TAKE.  Q TO ABANDON THE GAME."


def abandon_question() -> str:
    return "ABANDON THIS GAME (Y/N)? "


def abandoned() -> str:
    return "GAME ABANDONED: NOBODY WINS IT.  WHO PLAYS NEXT?"


def your_turn_keys(name: str) -> str:
    return f"{name}, POINT WITH THE ARROWS, THEN ENTER OR SPACE TO TAKE; Q ABANDONS."


def thinking(name: str) -> str:
    return f"{name} THINKS... (ESC: TAKE NOW)"


def choose_string(pearl: int, upper: str, lower: str) -> str:
    """The solitaire choice; the caller finds the '1' and the '2' in it for clicks."""
    # the strings by their numbers only: once the list runs into a second column "upper" and
    # "lower" may no longer be where the player sees them
    return f"{pearl} FITS TWO STRINGS: 1 = {upper} OR 2 = {lower}?  ESC: ANOTHER PEARL"


def another_game() -> str:
    return "ANOTHER GAME (Y/N)? "


def demo_next_game() -> str:
    return "DEMO MODE: A NEW GAME IN A MOMENT. F2 OR ANY KEY HANDS BACK CONTROL."


def no_players() -> str:
    return "ENTER OR A CLICK: CHOOSE THE PLAYERS.   F2: WATCH A DEMO.   F7: QUIT."


def scrambling() -> str:
    return "THE PEARLS AND THE POWER ARE SCRAMBLED ONTO THE BOARD...   (ANY KEY: ON WITH IT)"
