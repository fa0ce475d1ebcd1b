"""Patterns compiled on first use (``model.patterns``) behave as ``re.compile``'s."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge.model import patterns


def test_a_pattern_is_compiled_only_when_used():
    p = patterns.compile(r"^(?P<n>\d+) (?P<what>[a-z]+)$", re.I)
    assert "match" not in vars(p)
    m = p.match("3 Forests")
    assert "match" in vars(p)
    assert m.group("n", "what") == ("3", "Forests")
    assert p.pattern == r"^(?P<n>\d+) (?P<what>[a-z]+)$" and p.flags & re.I
    assert p.groupindex["what"] == 2


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="ab ,.{}1G", max_size=12))
def test_every_method_answers_as_the_compiled_pattern(text):
    for source, flags in ((r"a+|\{[0-9G]\}", 0), (r"(b)(?=,)", re.I), (r"\s*,\s*", 0)):
        lazy, real = patterns.compile(source, flags), re.compile(source, flags)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
        assert lazy.sub("x", text) == real.sub("x", text) and lazy.split(text) == real.split(text)
        assert lazy.findall(text) == real.findall(text) and lazy.subn("", text) == real.subn("", text)
        assert bool(lazy.search(text)) == bool(real.search(text))
        assert bool(lazy.fullmatch(text)) == bool(real.fullmatch(text))

