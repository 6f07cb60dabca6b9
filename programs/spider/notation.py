"""A board as plain text, one line per column: for tests, logs and saved positions.

Each line lists a column from the bottom up, cards in ASCII code ('KS', 'TH', 'AC'); a card
lying face down is written with a '#' before it ('#9D').  Optional lines 'stock: ...'
(cards in the order they will be dealt) and 'removed: SH' (suits taken off, in order).
"""
from __future__ import annotations

from vconsole.toolkit.cards import SUIT_LETTERS, Card

from .rules import N_COLUMNS, Board


def board_from_text(text: str | list[str]) -> Board:
    lines = text.splitlines() if isinstance(text, str) else list(text)
    columns, down = [], []
    stock: tuple[Card, ...] = ()
    removed: tuple[int, ...] = ()
    for raw in lines:
        line = raw.strip()
        if line.startswith("stock:"):
            stock = tuple(Card.parse(t) for t in line[6:].split())
            continue
        if line.startswith("removed:"):
            removed = tuple(SUIT_LETTERS.index(ch) for ch in line[8:].replace(" ", "").upper())
            continue
        cards: list[Card] = []
        n_down = 0
        for tok in line.split():
            if tok.startswith("#"):
                if len(cards) != n_down:
                    raise ValueError(f"face-down card above a face-up one: {raw!r}")
                n_down += 1
                tok = tok[1:]
            cards.append(Card.parse(tok))
        if n_down and n_down == len(cards):
            raise ValueError(f"a column's top card lies face up: {raw!r}")
        columns.append(tuple(cards))
        down.append(n_down)
    if len(columns) > N_COLUMNS:
        raise ValueError(f"{len(columns)} columns, at most {N_COLUMNS}")
    while len(columns) < N_COLUMNS:
        columns.append(())
        down.append(0)
    return Board(tuple(columns), tuple(down), stock, removed)


def board_to_text(board: Board) -> str:
    lines = []
    for col, d in zip(board.columns, board.down):
        lines.append(" ".join(("#" if i < d else "") + c.code for i, c in enumerate(col)))
    if board.stock:
        lines.append("stock: " + " ".join(c.code for c in board.stock))
    if board.removed:
        lines.append("removed: " + "".join(SUIT_LETTERS[s] for s in board.removed))
    return "\n".join(lines)
