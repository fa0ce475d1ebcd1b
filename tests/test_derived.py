"""Facts derived once from an immutable value (``model.derived``): kept beside the object, not in it, and gone
with it."""
from __future__ import annotations

import gc
from dataclasses import dataclass

from mtgjudge.model import derived
from mtgjudge.model.derived import once


@dataclass(frozen=True)
class _Value:
    n: int


def test_a_fact_is_computed_once_for_each_object_and_not_for_an_equal_other():
    calls = []
    a, b = _Value(1), _Value(1)
    assert once(a, "double", lambda: calls.append("a") or 2 * a.n) == 2
    assert once(a, "double", lambda: calls.append("a again") or -1) == 2
    assert once(b, "double", lambda: calls.append("b") or 3) == 3      # another object: its own fact
    assert calls == ["a", "b"]


def test_an_object_keeps_only_its_fields_and_its_facts_go_with_it():
    a = _Value(5)
    once(a, "square", lambda: 25)
    assert a.__dict__ == {"n": 5} and _Value(**a.__dict__) == a
    key = (id(a), "square")
    assert key in derived._FACTS
    del a
    gc.collect()
    assert key not in derived._FACTS
