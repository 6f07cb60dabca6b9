"""SPIDER.TMP: the deal left unfinished when a run ended, to carry on with at the next start.

Plain text a player can read with TYPE::

    SPIDER UNFINISHED 1
    DEAL 505                  (the game number: the deal is rebuilt from it)
    ACTIONS M0.5.4 D R3 ...   (every action in effect, in order: Move src.start.dst, Deal, Remove col)
    SCORE 123                 (what the actions give, checked on loading)
    HIT PARADE 1              (1 it may enter, 0 UNDO cheated, 2 it already took its place there)
    SECONDS 754               (time played)

The actions are replayed through the rules on loading, so UNDO can take each of them back
again; a file whose actions break a rule, or whose score differs from theirs, is refused
(the auto-save then sets it aside as SPIDER.BAD and says so).
"""
from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .rules import N_COLUMNS, Action, Deal, IllegalAction, Move, Remove

HEADER = "SPIDER UNFINISHED 1"
FILE = "SPIDER.TMP"
FIRST_DEAL, LAST_DEAL = 1, 32000  # the game numbers, as Anciento's
MAX_ACTIONS = 2000  # far more than any game takes; a longer line is damage
MAX_SECONDS = 10 ** 7


@dataclass(frozen=True)
class Kept:
    game: Game
    seconds: int


def action_code(action: Action) -> str:
    if isinstance(action, Move):
        return f"M{action.src}.{action.start}.{action.dst}"
    if isinstance(action, Remove):
        return f"R{action.col}"
    return "D"


def parse_action(word: str) -> Action:
    if word == "D":
        return Deal()
    parts = word[1:].split(".")
    if not all(p.isdigit() and len(p) <= 3 for p in parts):
        raise ValueError(f"action {word!r} is garbled")
    nums = [int(p) for p in parts]
    if word[:1] == "R" and len(nums) == 1 and nums[0] < N_COLUMNS:
        return Remove(nums[0])
    if word[:1] == "M" and len(nums) == 3 and nums[0] < N_COLUMNS and nums[2] < N_COLUMNS:
        return Move(*nums)
    raise ValueError(f"action {word!r} is garbled")


MAY_ENTER, CHEATED, ENTERED = 1, 0, 2


def text(game: Game, seconds: float) -> str:
    return "\n".join([
        HEADER,
        f"DEAL {game.seed}",
        "ACTIONS " + " ".join(action_code(a) for a in game.actions),
        f"SCORE {game.score}",
        f"HIT PARADE {CHEATED if game.cheated else ENTERED if game.entered else MAY_ENTER}",
        f"SECONDS {min(int(seconds), MAX_SECONDS)}",
    ]) + "\n"


def _number(fields: dict[str, str], name: str, lo: int, hi: int) -> int:
    value = fields.get(name, "")
    if not value.isdigit() or len(value) > 9 or not lo <= int(value) <= hi:
        raise ValueError(f"the {name} line is missing or out of range")
    return int(value)


def parse(content: str) -> Kept:
    """The kept game; ValueError saying what is wrong with anything else."""
    lines = [line.strip() for line in content.split("\n") if line.strip()]
    if not lines or lines[0] != HEADER:
        raise ValueError("not a Spider game left unfinished")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        if line.startswith("HIT PARADE"):
            fields["HIT PARADE"] = line[len("HIT PARADE"):].strip()
            continue
        word, _, rest = line.partition(" ")
        fields[word.upper()] = rest.strip()
    number = _number(fields, "DEAL", FIRST_DEAL, LAST_DEAL)
    hit_parade = _number(fields, "HIT PARADE", 0, 2)
    seconds = _number(fields, "SECONDS", 0, MAX_SECONDS)
    if "ACTIONS" not in fields:
        raise ValueError("the ACTIONS line is missing")
    words = fields["ACTIONS"].split()
    if len(words) > MAX_ACTIONS:
        raise ValueError(f"{len(words)} actions: more than a game can hold")
    game = Game(number)
    for i, word in enumerate(words, 1):
        try:
            game.play(parse_action(word))
        except IllegalAction as e:
            raise ValueError(f"action {i}: {e}") from None
    if not words:
        raise ValueError("no action was played")
    if game.board.won:
        raise ValueError("the kept game was already won")
    if _number(fields, "SCORE", 0, 10 ** 6) != game.score:
        raise ValueError("the score does not match the actions")
    game.cheated = hit_parade == CHEATED
    game.entered = hit_parade == ENTERED
    return Kept(game, seconds)
