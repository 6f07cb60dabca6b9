"""Mouse hit-testing in text cells: which named thing lies under a click.

Positions are (row, col), 0-based, like every screen position in the program API.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeGuard, TypeVar

from vconsole.mouse import LEFT, RIGHT, MouseEvent

T = TypeVar("T")


@dataclass(frozen=True)
class Region(Generic[T]):
    top: int
    left: int
    bottom: int
    right: int
    value: T

    def contains(self, row: int, col: int) -> bool:
        return self.top <= row <= self.bottom and self.left <= col <= self.right


class HitMap(Generic[T]):
    """Rectangles (inclusive cells) with values; the last one added wins where they overlap."""

    def __init__(self) -> None:
        self._regions: list[Region[T]] = []

    def add(self, top: int, left: int, bottom: int, right: int, value: T) -> None:
        self._regions.append(Region(top, left, bottom, right, value))

    def add_text(self, row: int, col: int, text: str, value: T) -> None:
        """The cells a piece of text occupies on one row."""
        self.add(row, col, row, col + max(1, len(text)) - 1, value)

    def at(self, row: int, col: int) -> T | None:
        for r in reversed(self._regions):
            if r.contains(row, col):
                return r.value
        return None

    def __iter__(self) -> Iterator[Region[T]]:
        return iter(self._regions)

    def clear(self) -> None:
        self._regions.clear()


def left_click(ev: object) -> TypeGuard[MouseEvent]:
    """A left-button press: the moment a DOS game acted on a click."""
    return isinstance(ev, MouseEvent) and ev.kind == "press" and ev.button == LEFT


def right_click(ev: object) -> TypeGuard[MouseEvent]:
    return isinstance(ev, MouseEvent) and ev.kind == "press" and ev.button == RIGHT


def any_click(ev: object) -> TypeGuard[MouseEvent]:
    """A press of any button (a message panel that goes away "with any click")."""
    return isinstance(ev, MouseEvent) and ev.kind == "press"


def hit(hits: HitMap[T], ev: object) -> T | None:
    """What a left click lands on, or None (not a left click, or on nothing)."""
    return hits.at(ev.row, ev.col) if left_click(ev) else None
