"""Facts derived from an immutable value, computed once for each value object: a branch's key reads every
object's fields, and every state computes every permanent's printed characteristics, though objects, faces
and characteristics never change (a changed one is a new object).

The facts are kept beside the objects, not in them: an object's ``__dict__`` stays its fields alone (code that
copies one by ``Cls(**o.__dict__)`` still can), and a fact goes when its object does (a weak reference's
callback), so that a later object at the same address never reads it.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable, TypeVar

T = TypeVar("T")

#: (id of the object, which fact) -> (a weak reference to the object, the fact)
_FACTS: dict[tuple[int, str], tuple[weakref.ref, Any]] = {}


def once(o: object, what: str, compute: Callable[[], T]) -> T:
    """The fact ``what`` of the immutable object ``o``: ``compute()`` the first time it is asked, kept while ``o``
    exists."""
    key = (id(o), what)
    found = _FACTS.get(key)
    if found is not None and found[0]() is o:
        return found[1]
    value = compute()
    _FACTS[key] = (weakref.ref(o, _forget(key)), value)
    return value


def _forget(key: tuple[int, str]) -> Callable[[weakref.ref], None]:
    """The callback that drops the fact ``key`` once its object is gone. It holds the table itself: objects that go
    as the interpreter exits call it after the module's names are cleared."""
    facts = _FACTS

    def forget(_: weakref.ref) -> None:
        facts.pop(key, None)
    return forget
