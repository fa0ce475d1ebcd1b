"""Questions of any kind after actions: asked in every branch; equal answers merge, others are reported
branch by branch and match no single `expect` (the spec's "Any kind may carry actions")."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.branches import BranchAnswers, _branches, after_actions

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


def test_the_steps_of_the_actions_say_their_branch():
    # Recruit discards either card: two branches. Each discard step is its own branch's, each branch is named by
    # its choices, and a merged answer says its reasons are branch 1's.
    a = after_actions(_question(), lambda q: Answer(value=True, why=()), {})
    texts = [s.text for s in a.why]
    discards = [t for t in texts if t.startswith("in branch") and "discards" in t]
    assert [t.split(":")[0] for t in discards] == ["in branch 1", "in branch 2"]
    assert discards[0].split(":")[1] != discards[1].split(":")[1]
    assert [t.split(":")[0] for t in texts if t.startswith("branch ")] == ["branch 1 of 2", "branch 2 of 2"]
    assert not any("discards" in t and not t.startswith(("in branch", "branch")) for t in texts)
    assert texts[-1] == ("the actions lead to 2 distinct state(s); the answer is the same in each; the reasons that "
                         "follow are branch 1's")


def test_which_branches_a_step_belongs_to_is_said_in_runs():
    assert _branches([2], 3) == "in branch 2"
    assert _branches([1, 3], 3) == "in branches 1, 3"
    assert _branches([1, 2, 3, 5], 9) == "in branches 1-3, 5"
    assert _branches([k for k in range(1, 41) if k != 17], 40) == "in every branch but 17"
