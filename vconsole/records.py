"""``record``: a dataclass whose methods are shared, not compiled class by class when it is defined.

On Python 3.11 ``@dataclass(frozen=True)`` writes the source of ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` for each class and compiles it with
``exec`` while its module is imported: about 3.6M instructions a class, against 0.4M for the rest of
the decorator's work (a NamedTuple costs 1.1M).  A headless start defines some twenty records
(``Key``, ``Program``, ``ScreenState``, the settings, the key-script events, ...): as dataclasses
and NamedTuples they were about a third of what a test card does beyond importing numpy.

``@record`` is ``@dataclass(frozen=True)`` and ``@record(frozen=False)`` is ``@dataclass`` for the
records defined at every start: ``dataclasses.dataclass`` still collects the fields, so ``fields``,
``replace``, ``asdict``, ``is_dataclass``, subclassing with ``@dataclass`` and type checkers see a
dataclass, but the methods are the ones below, written once, which read the class's field list when
they run.  What they do is what the generated ones do (tests/test_records.py compares them): the
same arguments, defaults, ``default_factory``, ``__post_init__``, ``repr=False`` and
``compare=False`` fields, equality with the same class only, a frozen record hashed by its compared
(or ``hash=True``) fields, a mutable one unhashable, ``FrozenInstanceError`` on assignment, and a method the class
writes itself is kept.  Not supported (refused): ``InitVar``, ``ClassVar``, ``kw_only`` fields,
``init=False`` fields; use ``@dataclass`` for those.  A call costs a little more than a generated
method's, nothing next to what a record is made for here.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T", bound=type)


class _Spec:
    """What the shared methods read: the record class and its fields (a plain class: see the module)."""

    __slots__ = ("cls", "frozen", "names", "defaults", "factories", "shown", "compared", "hashed", "post_init")

    cls: type[Any]

    def __init__(self, cls: type[Any], frozen: bool, fields: tuple[dataclasses.Field[Any], ...]) -> None:
        self.cls = cls
        self.frozen = frozen
        self.names = tuple(f.name for f in fields)  # the __init__ arguments, in order
        self.defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
        self.factories: dict[str, Callable[[], Any]] = {
            f.name: f.default_factory for f in fields if f.default_factory is not dataclasses.MISSING}
        self.shown = tuple(f.name for f in fields if f.repr)  # in the repr
        self.compared = tuple(f.name for f in fields if f.compare)  # in ==
        self.hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        self.post_init = hasattr(cls, "__post_init__")


def _spec(self: Any) -> _Spec:
    spec: _Spec = type(self).__record__
    return spec


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    spec = _spec(self)
    names = spec.names
    if len(args) > len(names):
        raise TypeError(f"{spec.cls.__qualname__}.__init__() takes {len(names) + 1} positional arguments"
                        f" but {len(args) + 1} were given")
    values = dict(zip(names, args))
    for name, value in kwargs.items():
        if name not in names or name in values:
            why = "got multiple values for argument" if name in values else "got an unexpected keyword argument"
            raise TypeError(f"{spec.cls.__qualname__}.__init__() {why} {name!r}")
        values[name] = value
    put = object.__setattr__ if spec.frozen else setattr
    for name in names:
        if name in values:
            value = values[name]
        elif name in spec.defaults:
            value = spec.defaults[name]
        elif name in spec.factories:
            value = spec.factories[name]()
        else:
            missing = [n for n in names if n not in values and n not in spec.defaults and n not in spec.factories]
            raise TypeError(f"{spec.cls.__qualname__}.__init__() missing {len(missing)} required argument"
                            f"{'s' if len(missing) > 1 else ''}: {', '.join(map(repr, missing))}")
        put(self, name, value)
    if spec.post_init:
        self.__post_init__()


def _repr(self: Any) -> str:
    spec = _spec(self)
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in spec.shown)
    return f"{spec.cls.__qualname__}({shown})"


def _eq(self: Any, other: object) -> Any:  # a bool, or NotImplemented
    if other.__class__ is not self.__class__:
        return NotImplemented
    names = _spec(self).compared
    return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)


def _hash(self: Any) -> int:
    return hash(tuple(getattr(self, n) for n in _spec(self).hashed))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    spec = _spec(self)
    if type(self) is spec.cls or name in spec.names:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    super(spec.cls, self).__setattr__(name, value)


def _frozen_delattr(self: Any, name: str) -> None:
    spec = _spec(self)
    if type(self) is spec.cls or name in spec.names:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    super(spec.cls, self).__delattr__(name)


def _make(cls: _T, frozen: bool) -> _T:
    own = dict(cls.__dict__)  # what the class wrote itself, before the decorator adds anything
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)  # the fields only: nothing is compiled
    fields = dataclasses.fields(cls)
    if not set(cls.__dict__.get("__annotations__", {})) <= {f.name for f in fields} or any(
            not f.init or f.kw_only for f in fields):  # a ClassVar or InitVar annotation is no field
        raise TypeError(f"{cls.__qualname__}: a record's fields are plain ones; use @dataclass")
    spec = _Spec(cls, frozen, fields)
    optional = [n in spec.defaults or n in spec.factories for n in spec.names]
    for i in range(1, len(optional)):
        if optional[i - 1] and not optional[i]:
            raise TypeError(f"non-default argument {spec.names[i]!r} follows default argument")
    cls.__record__ = spec  # type: ignore[attr-defined]
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    params.init = params.repr = params.eq = True  # what the record is, for a subclass and introspection
    params.frozen = frozen
    methods: dict[str, Any] = {"__init__": _init, "__repr__": _repr, "__eq__": _eq}
    if frozen:
        methods.update(__setattr__=_frozen_setattr, __delattr__=_frozen_delattr)
    for name, method in methods.items():
        if name not in own:
            setattr(cls, name, method)
    explicit_hash = own.get("__hash__", None) is not None or ("__hash__" in own and "__eq__" not in own)
    if not explicit_hash:
        cls.__hash__ = _hash if frozen else None  # type: ignore[assignment]
    return cls


@overload
def record(cls: _T, /) -> _T: ...


@overload
def record(*, frozen: bool = True) -> Callable[[_T], _T]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: _T | None = None, /, *, frozen: bool = True) -> _T | Callable[[_T], _T]:
    """``@record``: ``@dataclass(frozen=True)``; ``@record(frozen=False)``: ``@dataclass``; see the module."""
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)
