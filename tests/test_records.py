"""``vconsole.records.record`` behaves as the dataclass it stands in for (see the module for why it exists).

Each check builds the same class twice, with ``@dataclass`` and with ``@record``, and compares what
a program could see: construction, defaults and factories, ``__post_init__``, repr, equality, hashing,
frozenness, ``dataclasses.replace``/``fields``/``asdict``, subclassing, and the start-up records.
"""
from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, ClassVar

import pytest

from vconsole.records import record


def _point(deco: Any) -> type:
    @deco
    class Point:
        """A point with a label."""

        x: int
        y: int = 0
        tags: list[str] = field(default_factory=list)
        note: str = field(default="", repr=False)
        cache: Any = field(default=None, compare=False)

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("x must not be negative")

        @property
        def total(self) -> int:
            return self.x + self.y

    return Point


FROZEN = (_point(dataclass(frozen=True)), _point(record))
MUTABLE = (_point(dataclass), _point(record(frozen=False)))
CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}), ((1, 2), {}), ((1,), {"y": 5}), ((), {"x": 3, "note": "n", "cache": 7}), ((1, 2, ["a"]), {}),
]


def _outcome(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    try:
        return ("ok", repr(cls(*args, **kwargs)).partition("(")[2])
    except Exception as e:  # noqa: BLE001 - the kind of failure is what is compared
        return ("error", type(e))


@pytest.mark.parametrize("pair", [FROZEN, MUTABLE], ids=["frozen", "mutable"])
def test_construction_repr_and_equality_match_the_dataclass(pair):
    ref, rec = pair
    for args, kwargs in CALLS:
        a, b = ref(*args, **kwargs), rec(*args, **kwargs)
        assert repr(a).replace("_point.<locals>.", "") == repr(b).replace("_point.<locals>.", "")
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
        assert b == rec(*args, **kwargs) and not b != rec(*args, **kwargs)
        assert b == dataclasses.replace(b, cache="ignored in ==")
        assert b != dataclasses.replace(b, y=b.y + 1)
        assert b.total == a.total
    assert rec(1) != ref(1) and rec(1) != (1, 0, [], "", None)  # another class is never equal
    assert rec(1).tags is not rec(1).tags  # a fresh list each time
    for args, kwargs in [((), {}), ((1, 2, [], "", None, 6), {}), ((1,), {"x": 1}), ((1,), {"z": 1}),
                         ((-1,), {})]:
        assert _outcome(ref, args, kwargs) == _outcome(rec, args, kwargs), (args, kwargs)
    assert [f.name for f in dataclasses.fields(ref)] == [f.name for f in dataclasses.fields(rec)]
    assert rec.__match_args__ == ref.__match_args__
    assert rec.__doc__ == ref.__doc__ == "A point with a label."
    assert dataclasses.is_dataclass(rec)


def test_a_frozen_record_is_hashable_and_refuses_assignment():
    ref, rec = FROZEN
    for cls in FROZEN:
        assert hash(cls(1, 2, ("a",), "n", "cache")) == hash(cls(1, 2, ("a",), "n", "other cache"))
        assert {cls(1, 2, ()), cls(1, 2, ()), cls(2, 1, ())} == {cls(1, 2, ()), cls(2, 1, ())}
        with pytest.raises(TypeError):
            hash(cls(1))  # its list
    p = rec(1)
    for obj in (ref(1), p):
        with pytest.raises(FrozenInstanceError):
            obj.x = 5
        with pytest.raises(FrozenInstanceError):
            obj.other = 5
        with pytest.raises(FrozenInstanceError):
            del obj.x
    assert rec.__dataclass_params__.frozen and rec.__dataclass_params__.eq
    assert copy.copy(p) == p and copy.deepcopy(p) == p


def test_a_mutable_record_is_unhashable_and_assignable():
    ref, rec = MUTABLE
    p = rec(1)
    p.y = 4
    assert p == rec(1, 4)
    for cls in (ref, rec):
        assert cls.__hash__ is None
        with pytest.raises(TypeError):
            hash(cls(1))
    assert not rec.__dataclass_params__.frozen


def test_methods_the_class_writes_itself_are_kept():
    @record
    class Word:
        """A word."""

        value: int

        def __repr__(self) -> str:
            return f"Word({self.value:04X})"

    assert repr(Word(0x1C0D)) == "Word(1C0D)"
    assert Word(1) == Word(1) and hash(Word(1)) == hash(Word(1))


def test_a_dataclass_may_extend_a_record():
    rec = MUTABLE[1]

    @dataclass
    class Labelled(rec):  # type: ignore[valid-type, misc]
        label: str = "a"

    got = Labelled(1, label="b")
    assert (got.x, got.label) == (1, "b")
    assert [f.name for f in dataclasses.fields(Labelled)] == ["x", "y", "tags", "note", "cache", "label"]

    @dataclass(frozen=True)
    class Stamped(FROZEN[1]):  # type: ignore[valid-type, misc]
        stamp: int = 0

    assert Stamped(1, stamp=2).stamp == 2


def test_what_a_record_cannot_be_is_refused():
    with pytest.raises(TypeError):
        @record
        class Counted:
            """Has a class variable."""

            n: int
            total: ClassVar[int] = 0

    with pytest.raises(TypeError):
        @record
        class Hidden:
            """Has a field left out of __init__."""

            n: int
            secret: int = field(default=0, init=False)

    with pytest.raises(TypeError):
        @record
        class Backwards:
            """A field without a default after one with."""

            a: int = 0
            b: int  # type: ignore[misc]


def test_pickle_and_copy_keep_a_frozen_record():
    from vconsole.keyboard import Key

    k = Key(0x011B)
    assert pickle.loads(pickle.dumps(k)) == k
    assert copy.copy(k) == k and copy.deepcopy(k) == k


def test_the_start_up_records_are_dataclasses_with_their_signatures():
    from vconsole.adapters import ADAPTERS
    from vconsole.keyboard import Key
    from vconsole.machine import MachineConfig
    from vconsole.mouse import MouseEvent
    from vconsole.program import Program, RunOptions

    assert dataclasses.replace(MachineConfig(), adapter="vga") == MachineConfig(adapter="vga")
    assert MachineConfig().start_time is None and RunOptions(seed=3).seed == 3
    assert MouseEvent("press", 0, 1, 2) == MouseEvent(kind="press", button=0, row=1, col=2, steps=0)
    assert repr(MouseEvent("wheel", -1, 0, 0, 2)) == "MouseEvent(kind='wheel', button=-1, row=0, col=0, steps=2)"
    assert repr(Key(0x011B)) == "Key(011B Esc)" and {Key(0x011B), Key(0x011B)} == {Key(0x011B)}
    prog = Program("X", main=lambda dos: 0)
    assert dataclasses.replace(prog, title="T").title == "T"
    with pytest.raises(ValueError):
        Program("X", main=lambda dos: 0, keyboard="neither")
    with pytest.raises(FrozenInstanceError):
        prog.name = "Y"  # type: ignore[misc]
    vga = ADAPTERS["vga"]
    assert vga.text_mode(rows=50).rows == 50 and dataclasses.is_dataclass(vga)
