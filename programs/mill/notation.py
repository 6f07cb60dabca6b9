"""Move text as the original keyboard entry spells it, the saved-game file, and live entry.

Move text is space-separated point numbers, the same in files and at the keyboard:

=============  =====================================================
``23``         place a piece on 23
``23 11``      place on 23, closing a mill, and take the piece on 11
``23 0``       place on 23, closing a mill, and take nothing
``1 2``        move from 1 to 2
``1 2 11``     move from 1 to 2 and take the piece on 11
``1 2 0``      move from 1 to 2, closing a mill, and take nothing
=============  =====================================================

Whether two numbers mean "place and capture" or "move" follows from the position (the side
to move still has pieces in hand or not), so parsing always needs the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from .rules import COLOR_NAMES, DECLINE, Game, GameOverError, Move, Options, Position, legal_moves


def format_move(move: Move) -> str:
    parts = [] if move.frm is None else [str(move.frm)]
    parts.append(str(move.to))
    if move.capture is not None:
        parts.append(str(move.capture))
    return " ".join(parts)


def _short(token: str, room: int = 6) -> str:
    """A token as a message may quote it: whole when short, else its start and '...'."""
    return token if len(token) <= room else token[:room] + "..."


def parse_move(text: str, pos: Position) -> Move:
    """The legal move ``text`` names in ``pos``; ValueError saying what is wrong otherwise."""
    tokens = text.split()
    if not tokens:
        raise ValueError("empty move")
    nums = []
    for t in tokens:
        if not t.isdigit() or not t.isascii():
            raise ValueError(f"{_short(t)!r} is not a point number")
        nums.append(int(t))
    legal = legal_moves(pos)
    if not legal:
        raise ValueError("the game is over: no move is possible")
    side = COLOR_NAMES[pos.turn]
    if pos.placing:
        if len(nums) > 2:
            raise ValueError(f"{side} is placing: one point, then any capture")
        frm, to, rest = None, nums[0], nums[1:]
    else:
        if len(nums) < 2:
            raise ValueError(f"{side} is moving: give the from and to points")
        if len(nums) > 3:
            raise ValueError("too many numbers: from, to and capture at most")
        frm, to, rest = nums[0], nums[1], nums[2:]
    capture = rest[0] if rest else None
    for p in (frm, to):
        if p is not None and not 1 <= p <= 24:
            raise ValueError(f"point {_short(str(p))} is not on the board (1-24)")
    if capture is not None and not 0 <= capture <= 24:
        raise ValueError(f"capture {_short(str(capture))} is not a point (1-24) or 0")
    same_step = [m for m in legal if m.frm == frm and m.to == to]
    if not same_step:
        what = f"place on {to}" if frm is None else f"move from {frm} to {to}"
        raise ValueError(f"{side} cannot {what}")
    closes = same_step[0].closes_mill
    if closes and capture is None:
        raise ValueError("it closes a mill: give the piece to take, or 0")
    if not closes and capture is not None:
        raise ValueError("this move closes no mill, so nothing can be taken")
    move = Move(frm, to, capture)
    if move not in same_step:
        raise ValueError(f"the piece on {capture} cannot be taken")
    return move


# --- game file ------------------------------------------------------------------------------

class GameFileError(ValueError):
    """A saved game that cannot be read; the message names the line (by number: the line's
    text can be anything, and the message must fit the program's message lines)."""


def dumps(game: Game) -> str:
    """The game as it stands (moves up to the pointer), one move per line.

    A note line (column 1 is '.') heads the file; readers skip such lines.
    """
    lines = [f". TOMMY'S MILL game, {game.pointer} moves"]
    lines.extend(format_move(m) for m in game.played())
    return "\n".join(lines) + "\n"


def loads(text: str, options: Options | None = None) -> Game:
    """Replay a saved game into a fresh :class:`Game`; GameFileError on any bad line.

    Lines with '.' in column 1 are notes; blank lines are skipped too. The result is built
    aside and returned only when every line was good, so a bad file changes nothing.
    """
    game = Game(options)
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(".") or not line.strip():
            continue
        try:
            move = parse_move(line, game.position)
            game.play(move)
        except (ValueError, GameOverError) as exc:
            raise GameFileError(f"line {number}: {exc}") from None
    return game


OPTION_FLAGS: Final = frozenset({"KIDDIE", "LASTMILL", "NONE"})


def options_note(options: Options) -> str:
    flags = [name for name, on in (("KIDDIE", options.kiddie),
                                   ("LASTMILL", options.take_from_mill_when_only_three)) if on]
    return ".OPTIONS " + (" ".join(flags) or "NONE")


def options_from_notes(text: str) -> Options:
    """The rule options a file's ``.OPTIONS`` note names.

    Any line with '.' in column 1 is the player's to write, so a note that merely
    starts with ".OPTIONS" but names no options of ours is left as a note.
    """
    for line in text.splitlines():
        words = line.upper().split()
        if words and words[0] == ".OPTIONS" and len(words) > 1 and set(words[1:]) <= OPTION_FLAGS:
            flags = set(words[1:])
            return Options(kiddie="KIDDIE" in flags, take_from_mill_when_only_three="LASTMILL" in flags)
    return Options()


def game_file_text(game: Game) -> str:
    """What S writes: :func:`dumps` with the rule options as a note under the heading,
    so a game played under KIDDIE or LAST MILL reads back under the same rules."""
    head, _, rest = dumps(game).partition("\n")
    return f"{head}\n{options_note(game.options)}\n{rest}"


def read_game_file(text: str) -> Game:
    """A game file (saved by S, or the auto-save) replayed under the options it names."""
    return loads(text, options_from_notes(text))


# --- keystroke entry ------------------------------------------------------------------------

class EntryState(Enum):
    PENDING = "pending"
    COMPLETE = "complete"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class EntryEvent:
    state: EntryState
    move: Move | None = None
    reason: str = ""


SEPARATORS: Final = (" ", "\r", "\n", "Enter")


class EntryParser:
    """Builds a move from keystrokes one at a time, for the screen's move-entry line.

    Keys: digits, space, and Enter (``"\\r"``, ``"\\n"`` or ``"Enter"``), which is treated
    exactly like a space. A number is finished by a separator, or as soon as the digits
    typed can only mean one legal choice (so ``1 2`` is complete on the ``2`` when no
    legal destination from 1 starts with 2 and is longer). Separators with no digits
    pending are ignored, so a trailing space after such a finished number does no harm.

    The move is complete when its last needed number is finished: a placement or move
    that closes no mill after its destination, one that closes a mill after the capture
    (a point, or ``0`` to decline). Any other key, or a digit or number that cannot lead
    to a legal move, aborts: the entry is cleared and a fresh one starts, as the original
    did when the player hit something like ``A``.
    """

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self._legal = legal_moves(pos)
        self.reset()

    def reset(self) -> None:
        self._numbers: list[int] = []
        self._digits = ""
        self._done = False

    @property
    def text(self) -> str:
        """What the entry line should show."""
        shown = " ".join(str(n) for n in self._numbers)
        if self._digits:
            shown = (shown + " " if shown else "") + self._digits
        elif self._numbers:
            shown += " "
        return shown

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers finished so far: (from, to, capture) or (to, capture) while placing."""
        return tuple(self._numbers)

    @property
    def digits(self) -> str:
        """The digits of the number being typed, not yet finished ('' between numbers)."""
        return self._digits

    @property
    def stage(self) -> str:
        """Which number the entry is on: "from", "to" or "capture".

        "capture" means the destination is known and closes a mill, so the screen
        asks which piece to take (0 for none), even while its digits are typed.
        """
        need_from = not self.pos.placing
        n = len(self._numbers)
        if need_from and n == 0:
            return "from"
        if n == (1 if need_from else 0):
            return "to"
        return "capture"

    def drop_digits(self) -> None:
        """Forget a partly typed number (a click names the number instead)."""
        self._digits = ""

    def _choices(self) -> set[int | None]:
        stage = self.stage
        if stage == "from":
            return {m.frm for m in self._legal}
        if stage == "to":
            frm = self._numbers[0] if not self.pos.placing else None
            return {m.to for m in self._legal if m.frm == frm}
        frm, to = (None, self._numbers[0]) if self.pos.placing else tuple(self._numbers[:2])
        return {m.capture for m in self._legal if m.frm == frm and m.to == to}

    def why_not(self, value: int) -> str:
        """Why ``value`` cannot be the number being entered, in a player's words ("14 is taken")."""
        pos = self.pos
        me = pos.turn
        stage = self.stage
        if not 1 <= value <= 24 and not (stage == "capture" and value == 0):
            return f"there is no point {value}"
        owner = pos.at(value) if value else None
        if stage == "from":
            if owner is None:
                return f"there is no piece on {value}"
            if owner != me:
                return f"{value} is {COLOR_NAMES[owner]}'s piece"
            return f"the piece on {value} cannot move"
        if stage == "to":
            if owner is not None:
                return f"{value} is taken"
            if not pos.placing and not pos.jumping(me):
                return f"{self._numbers[0]} and {value} are not next to each other"
            return f"{value} is not possible here"
        if owner is None:
            return f"there is no piece on {value} to take"
        if owner == me:
            return f"{value} is your own piece"
        return f"the piece on {value} stands in a mill and is safe"

    def _abort(self, reason: str) -> EntryEvent:
        self.reset()
        return EntryEvent(EntryState.ABORTED, reason=reason)

    def _finish_number(self, value: int) -> EntryEvent:
        self._numbers.append(value)
        self._digits = ""
        nums = self._numbers
        frm = None if self.pos.placing else nums[0]
        rest = nums if self.pos.placing else nums[1:]
        if not rest:
            return EntryEvent(EntryState.PENDING)
        to = rest[0]
        matching = [m for m in self._legal if m.frm == frm and m.to == to]
        if len(rest) == 1 and matching[0].closes_mill:
            if any(m.capture != DECLINE for m in matching):
                return EntryEvent(EntryState.PENDING)
            # every enemy piece stands in a mill: nothing can be taken, so nothing is asked
            self._done = True
            return EntryEvent(EntryState.COMPLETE, move=Move(frm, to, DECLINE))
        capture = rest[1] if len(rest) > 1 else None
        move = Move(frm, to, capture)
        self._done = True
        return EntryEvent(EntryState.COMPLETE, move=move)

    def key(self, key: str) -> EntryEvent:
        """Feed one keystroke; the event says whether the move is still being typed."""
        if self._done:
            raise RuntimeError("entry already complete; make a new EntryParser")
        if not self._legal:
            return self._abort("no legal move")
        if key in SEPARATORS:
            if not self._digits:
                return EntryEvent(EntryState.PENDING)
            value = int(self._digits)
            if value not in self._choices():
                return self._abort(self.why_not(value))
            return self._finish_number(value)
        if len(key) != 1 or not key.isdigit() or not key.isascii():
            return self._abort(f"{key!r} is not a digit or space")
        digits = self._digits + key
        choices = self._choices()
        exact = int(digits) in choices
        longer = any(str(c).startswith(digits) and len(str(c)) > len(digits) for c in choices)
        if not exact and not longer:
            return self._abort(self.why_not(int(digits)))
        if exact and not longer:
            return self._finish_number(int(digits))
        self._digits = digits
        return EntryEvent(EntryState.PENDING)
