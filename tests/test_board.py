"""Game states in code (queries/board.py): the README's examples run as written; a board is checked as a
question's state is; legal actions come from the one legality model; apply gives the outcome kind's branches."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtgjudge
from mtgjudge.model.rules.layers import activated_abilities
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


MAIN = {"active": "Alice", "step": "precombat-main"}


def _listed(b: Board, player: str = "Alice") -> set:
    return {(a.kind, a.object, a.action.get("ability"), a.status) for a in b.legal_actions(player)}


def test_a_cost_the_listing_shares_keeps_its_own_answer():
    """The listing decides each (player, total cost) once: hand derivations where one cost shares another's
    words, source or mana but not its answer."""
    # 106.6: Mishra's Workshop's mana casts only artifact spells: Sol Ring (artifact, {1}) yes; Grizzly Bears'
    # {1} and Horizon Canopy's "{1}, {T}, Sacrifice" (an ability; the Canopy's own {T} is in that cost, 601.2h)
    # have nothing else to pay {1} with
    shop = {"Alice": {"battlefield": [{"card": "Mishra's Workshop", "id": "shop"}, {"card": "Horizon Canopy", "id": "canopy"}],
                      "hand": [{"card": "Sol Ring", "id": "ring"}, {"card": "Grizzly Bears", "id": "bears"}],
                      "library": ["Forest"]}, "Bob": {}}
    assert _listed(Board.build(shop, turn=MAIN)) == {
        ("activate", "shop", 1, "legal"), ("activate", "canopy", 1, "legal"), ("cast", "ring", None, "legal")}
    shop["Alice"]["battlefield"].append({"card": "Forest", "id": "forest"})       # now a Forest pays {1}
    assert _listed(Board.build(shop, turn=MAIN)) == {
        ("activate", "shop", 1, "legal"), ("activate", "canopy", 1, "legal"), ("activate", "canopy", 2, "legal"),
        ("activate", "forest", 1, "legal"), ("cast", "ring", None, "legal"), ("cast", "bears", None, "legal")}
    # a land that taps for two colours pays {R} and {G}, each alone; {U/P} is {U} (none) or 2 life (107.4f, 119.4)
    for life, probe in ((1, set()), (2, {("cast", "probe", None, "legal")})):
        taiga = Board.build({"Alice": {"life": life, "battlefield": [{"card": "Taiga", "id": "taiga"},
                                                                     {"card": "Grizzly Bears", "id": "bear"}],
                                       "hand": [{"card": "Gitaxian Probe", "id": "probe"},
                                                {"card": "Mutagenic Growth", "id": "growth"},
                                                {"card": "Lightning Bolt", "id": "bolt"}], "library": ["Forest"]},
                             "Bob": {}}, turn=MAIN)
        assert _listed(taiga) == {("activate", "taiga", 1, "legal"), ("activate", "taiga", 2, "legal"),
                                  ("cast", "bolt", None, "legal"), ("cast", "growth", None, "legal")} | probe
    # one source, {T} in both costs, a counter to remove in one (118.3): Vivid Grove has none left
    vivid = Board.build({"Alice": {"battlefield": [{"card": "Vivid Grove", "id": "grove", "counters": {"charge": 0}},
                                                   {"card": "Vivid Crag", "id": "crag", "counters": {"charge": 1}}]},
                         "Bob": {}}, turn=MAIN)
    assert _listed(vivid) == {("activate", "grove", 1, "legal"), ("activate", "crag", 1, "legal"),
                              ("activate", "crag", 2, "legal")}


def _one_by_one(b: Board, player: str) -> list:
    """Every card and ability the listing asks about, each asked alone (no decision shared)."""
    out = []
    for o in b.state.objects:
        if o.zone not in ("battlefield", "stack") and (o.zone == "exile" or o.owner == player):
            kind = "play" if "Land" in o.printed.types else "cast"
            out.append((kind, o.id, None, b.can_play(o.id, by=player)))
    for o in b.state.objects:
        if o.zone != "stack" and (o.controller if o.zone == "battlefield" else o.owner) == player:
            for index in range(1, len(activated_abilities(b.state, o.id)) + 1):
                out.append(("activate", o.id, index, b.can_activate(o.id, ability=index, by=player)))
    return out


#: Permanents whose costs and mana share words, sources and symbols: two-colour and five-colour lands, mana with
#: a rider of life or counters, mana only for artifact spells, sick and tapped creatures, abilities with {T}
#: and mana in one cost; and abilities the model cannot decide (Doubling Cube's, Pili-Pala's), listed unsupported.
PERMANENTS = ["Forest", "Mountain", "Taiga", "Mana Confluence", "Horizon Canopy", "Mishra's Workshop", "Vivid Grove",
              "Llanowar Elves", "Prodigal Pyromancer", "Sol Ring", "Castle Sengir", "Grizzly Bears", "Fellwar Stone",
              "Doubling Cube", "Pili-Pala"]
CARDS = ["Sol Ring", "Grizzly Bears", "Lightning Bolt", "Giant Growth", "Gitaxian Probe", "Fellwar Stone", "Forest",
         "Mutagenic Growth"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PERMANENTS), st.booleans(), st.integers(0, 1)), max_size=5),
       st.lists(st.sampled_from(CARDS), max_size=3), st.integers(0, 3), st.sampled_from(["upkeep", "precombat-main"]))
def test_the_listing_answers_as_each_action_asked_alone(permanents, hand, life, step):
    battlefield = [{"card": c, "tapped": tapped, "summoning_sick": sick == 1, **(
        {"counters": {"charge": sick}} if c == "Vivid Grove" else {})} for c, tapped, sick in permanents]
    b = Board.build({"Alice": {"life": life, "battlefield": battlefield, "hand": hand, "library": ["Forest"]},
                     "Bob": {"battlefield": ["Grizzly Bears"]}}, turn={"active": "Alice", "step": step})
    alone = {(kind, oid, index): v for kind, oid, index, v in _one_by_one(b, "Alice")}
    listed = {(a.kind, a.object, a.action.get("ability")): a for a in b.legal_actions("Alice")}
    expected = {k: v for k, v in alone.items() if v.status == "unsupported" or (v.status == "answered" and v.answer is True)}
    assert set(listed) == set(expected)
    for k, a in listed.items():
        assert a.status == ("unsupported" if expected[k].status == "unsupported" else "legal"), k
        assert a.message == expected[k].message, k


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
