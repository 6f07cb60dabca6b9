"""Every line of news and every question Tommy's Card Miners can show, in one place.

They live here so that a test can render each with its longest wording (the longest name,
card, square, file message) and check that it fits its place: the three news rows under
the frame or the prompt line.  No message may lose a word.  Each function returns the
text; the caller picks the colour role.
"""
from __future__ import annotations

from vconsole.toolkit.cards import Card

from ..tommy.words import quoted_key
from .mine import LODE_POINTS, square_name

LODE_METAL = {11: "BRONZE", 12: "SILVER", 13: "GOLD", 1: "PLATINUM"}


def card(c: Card) -> str:
    return c.text


def points(n: int) -> str:
    return f"{n} POINT" + ("" if n == 1 else "S")


def chips(n: int) -> str:
    return f"{n} CHIP" + ("" if n == 1 else "S")


# -- the start of a game ---------------------------------------------------------------------
def first_by_draw(names: tuple[str, str], draws: list[tuple[Card, Card]], first: int) -> str:
    a, b = draws[-1]
    again = len(draws) - 1
    tie = ""
    if again:
        tie = "EQUAL DRAWS, DRAWN AGAIN. " if again == 1 else f"EQUAL DRAWS {again} TIMES. "
    return (f"NEW GAME. {tie}{names[0]} TURNS UP {card(a)}, {names[1]} {card(b)}: "
            f"{names[first]} GOES FIRST.")


def first_by_loss(name: str) -> str:
    return f"NEW GAME. {name} LOST THE LAST ONE AND GOES FIRST."


def first_short(name: str) -> str:
    """Who started, shorter: kept in front of the first play when the whole opening is too long."""
    return f"NEW GAME: {name} GOES FIRST."


def first_by_replay(name: str) -> str:
    return f"NEW GAME: THE LAST HAND DEALT AGAIN. {name} GOES FIRST, AS BEFORE."


def resumed() -> str:
    return "THE GAME FROM CARDMINE.TMP GOES ON."


def file_problem(note: str) -> str:
    """A file could not be used (the drive's one-line note)."""
    return note.upper()


# -- turns ----------------------------------------------------------------------------------
def draws(name: str, c: Card | None) -> str:
    return f"{name} DRAWS {card(c)}." if c is not None else f"{name} DRAWS A CARD."


def no_draw(name: str) -> str:
    return f"{name} HAS NO CARD LEFT TO DRAW."


def hand_over(name: str) -> str:
    return f"{name}: PRESS A KEY WHEN READY (BOTH HANDS ARE HIDDEN TILL THEN)."


def thinking(name: str, watched: bool = False) -> str:
    """``watched``: the computer plays itself, and Q or X aborts the game."""
    return f"{name} IS THINKING..." + ("  (Q TO ABORT THE GAME)" if watched else "")


def play_text(what: str, bump: str = "", claim: str = "") -> str:
    """One sentence for a play: what was done, then whom it bumped and what it claimed."""
    return ", ".join(t for t in (what, bump, claim) if t) + "."


def laid(name: str, c: Card, at: int, to: int) -> str:
    return f"{name} LAYS {card(c)} AT {square_name(at)}, MOVES TO {square_name(to)}"


def walked(name: str, hops: int, to: int) -> str:
    return f"{name} WALKS {hops} TO {square_name(to)}"


def stays(other: str) -> str:
    return f"LEAVES {other}'S PAWN WHERE IT IS"


def bumped(other: str, to: int) -> str:
    return f"BUMPS {other} TO {square_name(to)}"


def claimed(c: Card) -> str:
    return f"CLAIMS {LODE_METAL[c.rank]} ({card(c)}): {points(LODE_POINTS[c.rank])}"


def dug(name: str, at: int) -> str:
    return f"{name} CAN PLAY NOTHING FACE UP AND DIGS AN ENTRANCE AT {square_name(at)}."


def dug_own(name: str, c: Card, at: int) -> str:
    return f"{name} DIGS AN ENTRANCE WITH {card(c)} AT {square_name(at)}."


def short_play(name: str, c: Card, at: int, to: int, points: int) -> str:
    """An older play in brief: the card, where it went (a walk has none), the pawn's square."""
    where = f" AT {square_name(at)}" if at >= 0 else ""
    gained = f" +{points}" if points else ""
    return f"{name}: {card(c)}{where} TO {square_name(to)}{gained}."


def short_dug(name: str, at: int) -> str:
    return f"{name}: DUG {square_name(at)}."


def short_thrown(name: str) -> str:
    return f"{name}: THREW A CARD."


def thrown(name: str, c: Card) -> str:
    return f"{name} HAS NO PLAY AT ALL AND THROWS {card(c)} AWAY."


# -- the end of a game ------------------------------------------------------------------------
def won(name: str, other: str, score: tuple[int, int], n: int) -> str:
    return f"{name} WINS {score[0]}-{score[1]}: {other} PAYS {chips(n)}."


def tie(score: tuple[int, int]) -> str:
    return f"BOTH DECKS ARE USED UP: A TIE AT {score[0]} TO {score[1]}. NO CHIPS CHANGE HANDS."


def settled(score: tuple[int, int]) -> str:
    return (f"NEITHER MINER CAN REACH GAME POINT ANY MORE: A TIE AT {score[0]} TO {score[1]}. "
            "NO CHIPS CHANGE HANDS.")


def aborted() -> str:
    return "GAME ABORTED. NO CHIPS CHANGE HANDS."


def plays_on(name: str) -> str:
    return f"{name} WANTS TO PLAY ON."


def shareware_end() -> str:
    return "THE SHAREWARE VERSION ENDS AFTER EACH GAME. PRESS ANY KEY."


# -- entering a play: questions -----------------------------------------------------------------
def ask_card(name: str, n: int) -> str:
    return f"{name}, PLAY A CARD (1-{hand_key(n)}, Q TO ABORT): "


def ask_dig(name: str, n: int) -> str:
    return f"{name}, NOTHING PLAYS FACE UP: DIG AN ENTRANCE WITH A CARD (1-{hand_key(n)}): "


def ask_discard(name: str, n: int) -> str:
    return f"{name}, NOTHING CAN BE PLAYED: THROW AWAY A CARD (1-{hand_key(n)}): "


def ask_lay(name: str, c: Card) -> str:
    return f"{name}, LAY {card(c)} AT ROW, COLUMN: "


def ask_dig_at(name: str, c: Card) -> str:
    return f"{name}, DIG WITH {card(c)} AT ROW, COLUMN: "


def ask_walk(name: str, hops: int) -> str:
    return f"{name}, WALK {hops} TO ROW, COLUMN: "


def ask_hop(name: str) -> str:
    return f"{name}, MOVE YOUR PAWN ONE SPACE TO ROW, COLUMN: "


def ask_bump(name: str, other: str) -> str:
    return f"{name}, MOVE {other} TO ROW, COLUMN (YOUR SQUARE: LEAVE HIM): "


def hand_key(n: int) -> str:
    return "123456789ABCDEFG"[n - 1]


def abort_question() -> str:
    return "ABORT THIS GAME (Y/N)? "


def agree_question(name: str) -> str:
    return f"{name}, DO YOU AGREE TO ABORT THIS GAME (Y/N)? "


def another_game() -> str:
    return "ANOTHER GAME (Y/N)? "


def same_miners() -> str:
    return "THE SAME MINERS (Y/N)? "


def quit_question() -> str:
    return "QUIT (Y/N)? "


# -- entering a play: refusals ------------------------------------------------------------------
def no_such_card(key: str, n: int) -> str:
    return f"NO CARD {key}: YOUR CARDS ARE 1 TO {hand_key(n)}."


def walk_impossible(c: Card) -> str:
    return f"{card(c)} HAS NO PLAY NOW: NO WALK OF EXACTLY {c.rank} SPACES FROM YOUR PAWN."


def shaft_impossible(c: Card, no_hop: bool) -> str:
    if no_hop:
        return f"{card(c)} HAS NO PLAY NOW: YOUR PAWN WOULD HAVE NO SPACE TO MOVE TO AFTER IT."
    return f"{card(c)} HAS NO PLACE: A SHAFT CARD JOINS AN ENTRANCE OR A SHAFT CARD OF ITS SUIT."


def lode_impossible(c: Card, no_hop: bool) -> str:
    if no_hop:
        return f"{card(c)} HAS NO PLAY NOW: YOUR PAWN WOULD HAVE NO SPACE TO MOVE TO AFTER IT."
    return f"{card(c)} HAS NO PLACE: A LODE NEEDS A SHAFT CARD OF ITS SUIT NEXT TO IT, NO ENTRANCE."


def not_a_place(at: int, c: Card) -> str:
    return f"{square_name(at)} IS NOT A PLACE FOR {card(c)}: THE PLACES ARE MARKED +."


def not_a_walk(at: int, hops: int) -> str:
    return f"A WALK OF {hops} CANNOT END AT {square_name(at)}: THE ENDS ARE MARKED \u2022."


def not_a_hop(at: int) -> str:
    return f"YOUR PAWN CANNOT GO TO {square_name(at)}: THE SQUARES IT MAY GO TO ARE MARKED \u2022."


def not_a_bump(at: int) -> str:
    return f"THE BUMPED PAWN CANNOT GO TO {square_name(at)}: IT GOES ON A CARD, OR STAYS WITH YOURS."


def card_first() -> str:
    return "FIRST A HAND CARD: CLICK IT OR TYPE ITS NUMBER."


def nothing_to_undo() -> str:
    return "NOTHING TO TAKE BACK: CHOOSE A HAND CARD."


def row_please() -> str:
    return "TYPE THE ROW FIRST: 1 TO 4."


def column_please() -> str:
    return "NOW THE COLUMN: 1 TO 9 OR A TO G."


def not_a_key(key: str) -> str:
    return f"{quoted_key(key)} MEANS NOTHING HERE. F5 SHOWS THE INSTRUCTIONS."


def not_your_hand() -> str:
    return "THAT IS THE OTHER MINER'S HAND."


# -- options and the bank ---------------------------------------------------------------------
def options_next_game() -> str:
    return "THE NEW OPTIONS COUNT FROM THE NEXT GAME."


def open_hands(on: bool, more: bool) -> str:
    text = f"OPEN HANDS ARE {'ON' if on else 'OFF'} FROM NOW"
    return text + ("; THE OTHER NEW OPTIONS COUNT FROM THE NEXT GAME." if more else ".")


def bank_full(name: str, capacity: int) -> str:
    return f"THE BANK IS FULL ({capacity} ACCOUNTS): {name} PLAYS WITHOUT ONE."


def bank_not_saved(reason: str) -> str:
    return f"THE BANK WAS NOT SAVED: {reason}".upper()


def names_differ() -> str:
    return "THE TWO MINERS NEED TWO DIFFERENT NAMES"


def shareware_second() -> str:
    return "THE SHAREWARE VERSION'S SECOND MINER IS ALWAYS THE COMPUTER."
