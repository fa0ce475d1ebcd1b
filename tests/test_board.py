"""Game states in code (queries/board.py): the README's examples run as written; a board is checked as a
question's state is; legal actions come from the one legality model; apply gives the outcome kind's branches."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import mtgjudge
from mtgjudge.queries.board import Board, IllegalAction
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.outcome import answer as outcome

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = README.read_text(encoding="utf-8").split("### Game states in code", 1)[1].split("\n## ", 1)[0]
EXAMPLES = re.findall(r"```python\n(.*?)```", SECTION, re.S)


def test_the_readme_examples_run_as_written(capsys):
    assert len(EXAMPLES) == 2
    scope: dict = {}
    for code in EXAMPLES:          # the second example goes on with the first one's board
        exec(compile(code, str(README), "exec"), scope)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("('302.6',)") and printed[-1] == "('601.3', '305.1')", printed


def test_a_board_is_checked_as_a_questions_state_is():
    with pytest.raises(mtgjudge.QuestionError, match="lfe"):
        Board.build({"Alice": {"lfe": 3}})
    with pytest.raises(mtgjudge.QuestionError, match="unknown card 'Lightnig Bolt'; did you mean"):
        Board.build({"Alice": {"hand": ["Lightnig Bolt"]}})
    with pytest.raises(mtgjudge.QuestionError, match="line 2 is indented with a tab"):
        Board.from_yaml("players:\n\tAlice: {}\n")
    b = Board.from_yaml("players:\n  Alice: {battlefield: [Forest]}\n")
    assert b.could_produce("Forest").answer == {"G"}
    assert b.ask("can-play", about="Forest", abilty=1).status == "error"


def test_a_verdict_is_typed_and_keeps_an_unsupported_reason():
    b = Board.build({"Alice": {"battlefield": [{"card": "Steam Vents", "id": "vents"}]}})
    v = b.could_produce("vents")
    assert v.status == "unsupported" and v.answer is None and "Steam Vents" in v.message


def test_legal_actions_list_what_the_legality_model_allows_and_nothing_it_forbids():
    b = Board.build({"Alice": {"battlefield": ["Forest"], "hand": [{"card": "Grizzly Bears", "id": "bears"},
                                                                    {"card": "Giant Growth", "id": "growth"}],
                               "lands_played": 1},
                     "Bob": {"hand": [{"card": "Lightning Bolt", "id": "bolt"}]}},
                    turn={"active": "Alice", "step": "upkeep"})
    listed = {(a.kind, a.object, a.status) for a in b.legal_actions("Alice")}
    # upkeep: no sorcery-speed spell (307.1, 117.1a); Giant Growth has no target (601.2c); the Forest taps
    assert listed == {("activate", "_battlefield_Alice_1", "legal")}
    assert not any(a.object == "bolt" for a in b.legal_actions("Alice"))          # Bob's card (601.3)
    assert ("cast", "bolt") not in {(a.kind, a.object) for a in b.legal_actions("Bob") if a.legal}   # no mana


def test_a_legal_action_applies_and_an_illegal_one_raises_with_the_rule():
    b = Board.build({"Alice": {"battlefield": ["Forest", "Forest"], "hand": [{"card": "Grizzly Bears", "id": "bears"}]}})
    (cast,) = [a for a in b.legal_actions("Alice") if a.kind == "cast"]
    branches = b.apply(cast)
    assert {br.board.state.obj("bears").zone for br in branches} == {"stack"}
    with pytest.raises(IllegalAction) as e:
        branches[0].board.apply({"cast": "bears"})
    assert e.value.reasons


OUTCOME = """
id: branches
ask: outcome
state:
  players:
    Alice:
      battlefield: [Island, Island, Island, Island]
      hand: [{card: Into the Roil, id: roil}]
      library: [{card: Forest, id: top}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bear}]
actions:
  - cast: roil
    targets: [bear]
possible: [{object: roil, zone: stack}]
"""


def test_apply_on_a_cast_gives_the_same_branches_as_the_outcome_kind():
    (q,) = load_text(OUTCOME)
    ans = outcome(q)
    b = Board(mtgjudge.Board.from_mapping({"players": {
        "Alice": {"battlefield": ["Island"] * 4, "hand": [{"card": "Into the Roil", "id": "roil"}],
                  "library": [{"card": "Forest", "id": "top"}]},
        "Bob": {"battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}}}).game)
    branches = b.apply({"cast": "roil", "targets": ["bear"]})
    assert sorted(br.choices for br in branches) == sorted(tuple(w["choices"]) for w in ans.witness)
    assert len(branches) == 2       # kicked or not (702.33a)


def test_reasons_name_objects_by_card_and_keep_the_ids_in_raw():
    b = Board.build({"Alice": {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "bolt"}]}})
    v = b.can_play("bolt")
    paying = [r for r in v.reasons if "601.2h" in r.rules][0]
    assert "Mountain" in paying.text and "_battlefield_Alice_1" not in paying.text
    assert "_battlefield_Alice_1" in paying.raw


def test_outcome_is_a_method_too_and_agrees_with_apply():
    b = Board.build({"Alice": {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "bolt"}]},
                     "Bob": {"battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}})
    actions = [{"cast": "bolt", "targets": ["bears"]}, {"resolve": 1}]
    assert b.outcome(actions, expect=[{"object": "bears", "zone": "graveyard"}]).answer is True
    assert b.outcome(actions, expect=[{"object": "bears", "zone": "battlefield"}]).answer is False
    assert b.outcome([{"cast": "bolt", "targets": ["bears"], "by": "Bob"}], expect=[{"stack_size": 1}]).answer == "illegal"
    assert b.outcome([], expect=[{"stack_size": 0}]).status == "error"
    assert b.outcome(actions, possible_together=[[{"object": "bears", "zone": "graveyard"},
                                                  {"object": "bolt", "zone": "graveyard"}]]).answer is True
