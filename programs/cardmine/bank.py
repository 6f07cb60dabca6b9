"""The bank: up to 100 miners' accounts of chips, kept in CARDMINE.BNK in the DOS directory.

An account is opened the first time a name plays and is known by its name in any case
("Alice" and "ALICE" are one miner).  After each game the loser pays the winner the
difference in points; a tie moves no chips.  The file is plain text (TYPE shows it):

    CARDMINE BANK 1
    ALICE|12|7|4|2
    COMPUTER|-12|7|2|4

name, chips, games, won, lost.  It is read through ``Drive.load_text``: a file the bank
cannot understand is set aside (CARDMINE.BAD or the next free .BAD name) with one line
saying so, and the bank starts empty with nothing else lost.  It is written atomically;
a write that fails comes back as a message for the screen (and the program warns again
at exit), never raised.  With 100 accounts open, a new name plays without an account:
no account is ever dropped to make room.
"""
from __future__ import annotations

from dataclasses import dataclass

from vconsole.disk import DiskError, Drive

FILENAME = "CARDMINE.BNK"
HEADER = "CARDMINE BANK 1"
SEP = "|"
CAPACITY = 100
NAME_WIDTH = 12
MAX_CHIPS = 999_999  # what the bank's panel shows (seven places with the sign); more was never won
MAX_GAMES = 99_999


def name_char(ch: str) -> bool:
    """What a miner's name may hold: letters, digits, a space, - . '"""
    return len(ch) == 1 and (ch.isalnum() or ch in " -.'") and ch.isascii()


def key_of(name: str) -> str:
    """Names are the same in any case and with any spacing at the ends."""
    return " ".join(name.split()).upper()


@dataclass
class Account:
    name: str
    chips: int = 0
    games: int = 0
    won: int = 0
    lost: int = 0


class Bank:
    def __init__(self, drive: Drive, filename: str = FILENAME, capacity: int = CAPACITY) -> None:
        self.drive = drive
        self.filename = filename
        self.capacity = capacity
        self.accounts: list[Account] = []
        self.unreadable = False  # a file is there that could not be read: never overwrite it
        self.base: dict[str, Account] = {}  # the accounts as last read or written: what changed since

    # -- the file -------------------------------------------------------------------------
    def format(self) -> str:
        lines = [HEADER] + [SEP.join([a.name, str(a.chips), str(a.games), str(a.won), str(a.lost)])
                            for a in self.accounts]
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> list[Account]:
        lines = text.split("\n")
        if lines[0].strip() != HEADER:
            raise ValueError(f"not a bank file (first line {lines[0][:20]!r})")
        out: list[Account] = []
        seen: set[str] = set()
        for n, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            parts = line.rstrip("\r").split(SEP)
            if len(parts) != 5:
                raise ValueError(f"line {n}: {len(parts)} fields, expected 5")
            name = key_of(parts[0])
            if not name or not all(name_char(ch) for ch in name) or len(name) > NAME_WIDTH:
                raise ValueError(f"line {n}: a bad name")
            if name in seen:
                raise ValueError(f"line {n}: {name} twice")
            if any(len(p.strip()) > 8 for p in parts[1:]):
                raise ValueError(f"line {n}: a number too long for the bank")
            chips, games, won, lost = (int(p) for p in parts[1:])
            if min(games, won, lost) < 0 or won + lost > games:
                raise ValueError(f"line {n}: impossible counts")
            if abs(chips) > MAX_CHIPS or games > MAX_GAMES:
                raise ValueError(f"line {n}: more chips or games than the bank holds")
            seen.add(name)
            out.append(Account(name, chips, games, won, lost))
        if len(out) > self.capacity:
            raise ValueError(f"{len(out)} accounts, more than {self.capacity}")
        return out

    def load(self) -> str | None:
        """Read the file (none yet: an empty bank); the message of a file set aside, or None."""
        loaded = self.drive.load_text(self.filename, self.parse, allow_empty=False)
        self.accounts = list(loaded.value or [])
        self.base = _copies(self.accounts)
        self.unreadable = loaded.message is not None and loaded.bad_name is None and self.drive.exists(self.filename)
        return loaded.message

    def save(self) -> str | None:
        """Write the file; None, or what went wrong (for the screen).

        Another run on the drive may have settled its games since the file was read: under the
        drive's lock the file is read again and this run's changes (chips won and lost, games
        played, accounts opened) are added to what is there, so both players' accounts survive.
        """
        if self.unreadable:
            return f"{self.filename} could not be read, so it is left as it was"
        locked = getattr(self.drive, "locked", None)
        try:
            if locked is None:
                self.drive.write_text(self.filename, self.format())
                return None
            with locked():
                on_disk = self.drive.load_text(self.filename, self.parse, allow_empty=False).value or []
                self.accounts = self._merged(on_disk)
                self.drive.write_text(self.filename, self.format())
                self.base = _copies(self.accounts)
        except DiskError as exc:
            return str(exc)
        return None

    def _merged(self, on_disk: list[Account]) -> list[Account]:
        """The accounts on disk with this run's changes since ``base`` added (a new account of
        this run that no longer fits a bank the other run filled plays on without one)."""
        out = _copies(on_disk)
        for mine in self.accounts:
            was = self.base.get(mine.name, Account(mine.name))
            there = out.get(mine.name)
            if there is None:
                if len(out) >= self.capacity:
                    continue
                there = out[mine.name] = Account(mine.name)
            there.chips = max(-MAX_CHIPS, min(MAX_CHIPS, there.chips + mine.chips - was.chips))
            there.games = min(MAX_GAMES, there.games + mine.games - was.games)
            there.won += mine.won - was.won
            there.lost += mine.lost - was.lost
        return list(out.values())

    # -- accounts -------------------------------------------------------------------------
    def find(self, name: str) -> Account | None:
        k = key_of(name)
        return next((a for a in self.accounts if a.name == k), None)

    @property
    def full(self) -> bool:
        return len(self.accounts) >= self.capacity

    def open(self, name: str) -> Account | None:
        """The account of ``name``, opened if new; None when the bank is full."""
        found = self.find(name)
        if found is not None:
            return found
        if self.full:
            return None
        account = Account(key_of(name))
        self.accounts.append(account)
        return account

    def settle(self, winner: str | None, loser: str | None, chips: int, names: tuple[str, str]) -> None:
        """One game played by ``names``: the loser pays the winner ``chips`` (no winner: a tie).
        A miner without an account (the bank was full) is left out."""
        for key in {key_of(n) for n in names}:
            a = self.find(key)
            if a is not None:
                a.games += 1
        if winner is None or key_of(winner) == key_of(loser or ""):
            return  # a tie, or the computer against itself: no chips move
        w, lo = self.find(winner), self.find(loser or "")
        if w is not None:
            w.won += 1
            w.chips += chips
        if lo is not None:
            lo.lost += 1
            lo.chips -= chips

    def ranked(self) -> list[Account]:
        """Richest first; equal balances by name."""
        return sorted(self.accounts, key=lambda a: (-a.chips, a.name))


def _copies(accounts: list[Account]) -> dict[str, Account]:
    return {a.name: Account(a.name, a.chips, a.games, a.won, a.lost) for a in accounts}
