"""The product's dataclasses (model/lazy_dataclass.py) behave as the standard library's: the same fields, equality,
hashes, reprs, order, frozen refusals, ``replace`` and ``__post_init__``, each method made when first called; and
the product defines none with ``dataclasses.dataclass`` itself."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import ClassVar

import pytest

from mtgjudge.model import lazy_dataclass

ROOT = Path(__file__).resolve().parents[1]


def _pair(source: str) -> tuple[dict, dict]:
    """The classes ``source`` defines, once with the standard dataclass and once with the product's."""
    made = []
    for decorator in (dataclasses.dataclass, lazy_dataclass.dataclass):
        # named as this module, where ClassVar is imported: a string annotation "ClassVar[...]" is read there
        ns: dict = {"dataclass": decorator, "field": dataclasses.field, "ClassVar": ClassVar, "__name__": __name__}
        exec(source, ns)
        made.append(ns)
    return made[0], made[1]


CLASSES = """
@dataclass(frozen=True)
class Point:
    '''A point.'''
    x: int
    y: int = 0
    tags: tuple = ()
    cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    ORIGIN: ClassVar[str] = "o"

    def __post_init__(self):
        self.cache["made"] = True

@dataclass(frozen=True)
class Labelled(Point):
    label: str = ""

@dataclass(frozen=True, order=True)
class Rank:
    n: int
    name: str = ""

@dataclass
class Box:
    items: list = field(default_factory=list)
    size: int = 0

@dataclass(frozen=True)
class Own:
    v: int
    def __repr__(self):
        return "own"
    def __hash__(self):
        return 7
"""


def test_the_same_behaviour_as_the_standard_dataclass():
    std, lazy = _pair(CLASSES)
    for ns in (std, lazy):
        P, L, R, B, O = ns["Point"], ns["Labelled"], ns["Rank"], ns["Box"], ns["Own"]
        p = P(1, tags=(2,))
        ns["seen"] = [
            repr(p), p == P(1, tags=(2,)), p == P(2), hash(p) == hash(P(1, tags=(2,))), p.cache,
            repr(L(1, label="a")), L(1) == P(1), [f.name for f in dataclasses.fields(L)],
            repr(dataclasses.replace(L(1, label="a"), y=5)), dataclasses.is_dataclass(P),
            repr(sorted([R(2), R(1, "b"), R(1, "a")])), R(1) < R(2), R(2) >= R(2),
            repr(B()), B() == B(), B.__hash__ is None, repr(O(1)), hash(O(1)), O(1) == O(1),
        ]
        b = B()
        b.size = 3
        ns["seen"].append(b.size)
        for change in (lambda: setattr(p, "x", 2), lambda: delattr(p, "x"), lambda: setattr(p, "new", 1)):
            with pytest.raises(dataclasses.FrozenInstanceError):
                change()
    for got, expected in zip(lazy["seen"], std["seen"]):
        assert got == expected
    assert len(lazy["seen"]) == len(std["seen"])


def test_each_method_is_made_when_first_called():
    _, lazy = _pair(CLASSES)
    P = lazy["Point"]
    first = P.__dict__["__eq__"]
    assert P(1) == P(1)
    assert P.__dict__["__eq__"] is not first            # made by the first call, then in place
    assert P.__dict__["__repr__"].__name__ == "__repr__"


def test_a_subclass_of_a_record_that_is_not_one_uses_its_methods():
    _, lazy = _pair(CLASSES)

    class Plain(lazy["Point"]):
        pass

    assert repr(Plain(3)).endswith("Plain(x=3, y=0, tags=())")
    assert Plain(3) != lazy["Point"](3)


def test_an_initvar_is_refused_not_dropped():
    with pytest.raises(TypeError, match="InitVar"):
        @lazy_dataclass.dataclass
        class Made:
            n: dataclasses.InitVar[int]


def test_the_product_makes_its_dataclasses_with_its_own_decorator():
    # a class made by dataclasses.dataclass compiles its methods as it is defined: every start-up pays for it
    found = []
    for folder in ("model", "queries", "api"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "lazy_dataclass.py":
                continue
            text = path.read_text(encoding="utf-8")
            if re.search(r"^from dataclasses import .*\bdataclass\b|@dataclasses\.dataclass", text, re.M):
                found.append(str(path.relative_to(ROOT)))
    assert found == []
