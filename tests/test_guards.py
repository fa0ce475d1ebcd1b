"""Soundness guards (model/rules/guards.py): a guard asked again about one state answers as it answered first,
raising the same words (the state never changes), and is asked anew about another state or after a bound."""
from __future__ import annotations

import pytest

from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.rules import guards
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.queries.board import Board


def test_a_guard_answers_again_about_a_state_as_it_did(monkeypatch):
    one = Board.build({"Alice": {"battlefield": ["Forest"]}}).state
    other = Board.build({"Alice": {"battlefield": ["Forest"]}}).state
    asked: list[tuple] = []
    answers = iter([Unsupported("text the verifier cannot model"), None, SearchBound("bound"), None, None])

    def check(state, scopes, what, *rest):
        asked.append((state is one, what))
        raised = next(answers)
        if raised is not None:
            raise raised

    monkeypatch.setattr(guards, "_require_modelled", check)
    for _ in range(2):
        with pytest.raises(Unsupported, match="cannot model"):
            guards.require_modelled(one, (Scope.ACTIVATION,), "abilities are activated")
    guards.require_modelled(other, (Scope.ACTIVATION,), "abilities are activated")      # another state: asked
    for _ in range(2):                   # a bound reached is not an answer about the state: asked again
        try:
            guards.require_modelled(one, (Scope.CASTING,), "spells are cast")
        except SearchBound:
            pass
    guards.require_modelled(one, (Scope.CASTING,), "spells are cast", player="Alice")      # other arguments: asked
    assert asked == [(True, "abilities are activated"), (False, "abilities are activated"),
                     (True, "spells are cast"), (True, "spells are cast"), (True, "spells are cast")]
