"""Questions of any kind after actions: asked in every branch; equal answers merge, others are reported
branch by branch and match no single `expect` (the spec's "Any kind may carry actions")."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.branches import BranchAnswers, after_actions

RECRUIT = """
id: recruit-branches
ask: mana-options
state:
  players:
    Alice:
      battlefield: [{card: Celebrate the Mountain-king, id: cel}]
      hand: [Llanowar Elves]
      library: [Mountain]
    Bob: {}
  stack:
    - {ability: cel, index: 2, controller: Alice}
actions:
  - resolve: 1
"""


def _question():
    (q,) = load_text(RECRUIT, "recruit.yaml")
    return q


def test_answers_that_differ_between_branches_are_reported_per_branch():
    def discarded(q) -> Answer:   # a stand-in kind: which card went to the graveyard
        (card,) = q.state.in_zone("Alice", "graveyard")
        return Answer(value=card.name)

    a = after_actions(_question(), discarded, {})
    assert isinstance(a.value, BranchAnswers)
    assert sorted(v for _, v in a.value) == ["Llanowar Elves", "Mountain"]
    assert a.value != "Mountain" and a.value != "Llanowar Elves"


def test_equal_answers_merge():
    a = after_actions(_question(), lambda q: Answer(value=len(q.state.player("Alice").zone("hand"))), {})
    assert a.value == 1
