"""``dataclass``: the dataclasses of the product (its records, answers and options), whose methods are made when
first used.

Python 3.11 makes each method of a dataclass (``__init__``, ``__eq__``, ``__hash__``, ``__repr__``, and for a frozen
one ``__setattr__`` and ``__delattr__``) by compiling source text as the class is defined: for the ~80 records a
question imports, a third of its start-up, although a question uses the ``__init__`` of half of them and the
other methods of few. These are dataclasses (``dataclasses.fields``, ``replace`` and ``is_dataclass`` see them as
such) whose methods are those ``dataclasses.dataclass`` makes, each made by it on the method's first call; a frozen
one's ``__setattr__`` and ``__delattr__``, which only refuse, are shared code. ``InitVar`` fields are not taken.
"""
from __future__ import annotations

import dataclasses
import sys
from dataclasses import FrozenInstanceError
from typing import Any, Callable, TypeVar, overload

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:       # the type checker reads the branch above; at run time the decorator only marks the function
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda f: f

_T = TypeVar("_T", bound=type)

#: Each method made when first called, and the options under which ``dataclasses.dataclass`` makes it alone.
_MADE_ALONE: dict[str, dict[str, bool]] = {
    "__repr__": {"init": False, "repr": True, "eq": False},
    "__eq__": {"init": False, "repr": False, "eq": True},
    "__hash__": {"init": False, "repr": False, "eq": False, "unsafe_hash": True},
    **{m: {"init": False, "repr": False, "eq": True, "order": True} for m in ("__lt__", "__le__", "__gt__", "__ge__")},
}


@overload
def dataclass(cls: _T, /) -> _T: ...
@overload
def dataclass(*, frozen: bool = False, order: bool = False, eq: bool = True) -> Callable[[_T], _T]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: Any = None, /, *, frozen: bool = False, order: bool = False, eq: bool = True) -> Any:
    """``dataclasses.dataclass(cls, frozen=..., order=..., eq=...)``, with the methods made when first called."""
    def wrap(c: _T) -> _T:
        return _lazy(c, frozen=frozen, order=order, eq=eq)
    return wrap if cls is None else wrap(cls)


def _lazy(cls: _T, frozen: bool, order: bool, eq: bool) -> _T:
    own = cls.__dict__
    # a class's own __hash__ is kept, as dataclass keeps it (None beside an __eq__ of its own is Python's doing)
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)    # the fields, and no method made
    if any(isinstance(f.type, dataclasses.InitVar) or "InitVar" in str(f.type)
           for f in cls.__dataclass_fields__.values()):     # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__}: an InitVar field is not taken by mtgjudge.model.lazy_dataclass")
    methods = ["__init__", "__repr__"]
    if eq:
        methods.append("__eq__")
        if not explicit_hash:
            if frozen:
                methods.append("__hash__")
            else:
                cls.__hash__ = None     # type: ignore[assignment]   # as dataclass: mutable and equal by value
    if order:
        methods += ["__lt__", "__le__", "__gt__", "__ge__"]
    for name in methods:
        if name not in own or (name == "__hash__" and not explicit_hash):
            setattr(cls, name, _made_when_called(cls, name, frozen))
    if frozen:
        _refuse_changes(cls)
    return cls


def _made_when_called(cls: type, name: str, frozen: bool) -> Callable[..., Any]:
    def method(*args: Any, **kwargs: Any) -> Any:
        made = _make(cls, name, frozen)
        setattr(cls, name, made)
        return made(*args, **kwargs)
    method.__name__ = name
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    return method


def _make(cls: type, name: str, frozen: bool) -> Callable[..., Any]:
    """The method ``name`` as ``dataclasses.dataclass`` makes it for ``cls``: made for a class of the same fields
    (the inherited ones too, in their order), which is then dropped."""
    fields = dataclasses.fields(cls)
    namespace: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__,
                                 "__annotations__": {f.name: f.type for f in fields}}
    namespace.update({f.name: f for f in fields})
    if hasattr(cls, "__post_init__"):
        namespace["__post_init__"] = cls.__post_init__      # type: ignore[attr-defined]
    options = _MADE_ALONE.get(name) or {"init": True, "repr": False, "eq": False, "frozen": frozen}
    alone: type = dataclasses.dataclass(type(cls.__name__, (), namespace), **options)
    return alone.__dict__[name]


def _refuse_changes(cls: type) -> None:
    """A frozen dataclass's ``__setattr__`` and ``__delattr__``: assigning or deleting a field, or any attribute of
    the class's own instances, raises ``FrozenInstanceError``."""
    names = frozenset(f.name for f in dataclasses.fields(cls))
    owner: Any = cls

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(owner, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(owner, self).__delattr__(name)

    for f in (__setattr__, __delattr__):
        f.__qualname__ = f"{cls.__qualname__}.{f.__name__}"
        setattr(cls, f.__name__, f)
