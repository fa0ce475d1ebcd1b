"""The game engine (model.engine) and the outcome kind: zone changes (400.7), tokens (111.7, 704.5d), Auras and
Equipment (704.5m/n), exile until the source leaves (610.3), players leaving (800.4a), recruit (701.70a),
enters with X counters (614.1c, 107.3m), casting legality and turn structure."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.outcome import answer
from mtgjudge.model.build import obj, state_of
from mtgjudge.model.state import EffectInForce, LinkedExile


def q(text: str):
    (question,) = load_text(text)
    assert not isinstance(question, Exception), question
    return question


def finals(text: str) -> list[Game]:
    question = q(text)
    return run(Game(question.state), question.actions)


CEL = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{{card: Celebrate the Mountain-king, id: cel}}]
    Bob:
      battlefield: {bob}
  stack:
    - {{ability: cel, index: 1, controller: Alice, targets: [{target}]}}
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def cel(bob: str, target: str, actions: str) -> list[Game]:
    return finals(CEL.format(bob=bob, target=target, actions=actions))


def test_move_makes_a_new_object_400_7():
    bear = obj("bear", "Grizzly Bears", "Bob", tapped=True, damage=1, counters=(("+1/+1", 2),))
    g = Game(state_of(bear))
    g2 = zones.move(g, "bear", "exile")
    o = g2.state.obj("bear")
    assert (o.zone, o.tapped, o.damage, o.counters) == ("exile", False, 0, ())
    assert g2.moved("bear") == 1 and g.moved("bear") == 0
    assert "bear" in g2.state.player("Bob").zone("exile")
    g3 = zones.move(g2, "bear", "battlefield", controller="Bob")
    assert g3.state.obj("bear").summoning_sick and g3.state.obj("bear").timestamp > 0


def test_token_ceases_to_exist_and_does_not_return():
    (g,) = cel("[{card: Soldier, token: true, id: tok}]", "tok", "  - resolve: 1\n  - destroy: cel")
    assert not g.state.has("tok")
    assert any("704.5d" in s.rules for s in g.steps)


def test_aura_to_graveyard_equipment_unattached_counters_gone():
    bob = ("[{card: Grizzly Bears, id: bear, counters: {\"+1/+1\": 2}}, {card: Holy Strength, id: aura, attached_to: bear},"
           " {card: Bonesplitter, id: sword, attached_to: bear}]")
    (g,) = cel(bob, "bear", "  - resolve: 1")
    st = g.state
    assert st.obj("aura").zone == "graveyard"
    assert st.obj("sword").zone == "battlefield" and st.obj("sword").attached_to is None
    assert st.obj("bear").zone == "exile" and st.obj("bear").counters == ()


def test_exiled_card_returns_when_source_leaves():
    (g,) = cel("[{card: Grizzly Bears, id: bear, counters: {\"+1/+1\": 1}}]", "bear", "  - resolve: 1\n  - destroy: cel")
    b = g.state.obj("bear")
    assert (b.zone, b.controller, b.counters) == ("battlefield", "Bob", ())
    assert g.state.obj("cel").zone == "graveyard" and not g.state.in_force(LinkedExile)


def test_source_left_first_nothing_exiled():
    (g,) = cel("[{card: Grizzly Bears, id: bear}]", "bear", "  - destroy: cel\n  - resolve: 1")
    assert g.state.obj("bear").zone == "battlefield" and g.moved("bear") == 0


def test_source_left_and_came_back_is_a_new_object():
    # Bounced and recast would be a new object; bouncing alone is enough: 610.3b.
    (g,) = cel("[{card: Grizzly Bears, id: bear}]", "bear", "  - bounce: cel\n  - resolve: 1")
    assert g.state.obj("bear").zone == "battlefield" and g.state.obj("cel").zone == "hand"


def test_concede_returns_cards():
    text = CEL.format(bob="[{card: Grizzly Bears, id: bear}]", target="bear",
                      actions="  - resolve: 1\n  - concede: Alice").replace("    Bob:\n", "    Carol: {}\n    Bob:\n")
    (g,) = finals(text)
    assert g.state.obj("bear").zone == "battlefield"
    assert not g.state.has("cel") and g.left == ("Alice",)


def test_concede_two_players_is_unsupported():
    with pytest.raises(Unsupported, match="104.2a"):
        cel("[{card: Grizzly Bears, id: bear}]", "bear", "  - concede: Bob")


RECRUIT = """
id: r
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Celebrate the Mountain-king, id: cel}]
      hand: [{card: Llanowar Elves, id: elves}]
      library: [{card: Mountain, id: mtn}]
    Bob: {}
  stack:
    - {ability: cel, index: 2, controller: Alice}
actions:
  - resolve: 1
expect:
  - {player: Alice, hand_size: 1}
"""


def test_recruit_branches_on_the_discarded_card():
    gs = finals(RECRUIT)
    assert len(gs) == 2
    by_discard = {g.state.player("Alice").zone("graveyard")[0]: g for g in gs}
    assert set(by_discard) == {"elves", "mtn"}
    tokens = {k: [o for o in g.state.objects if o.token] for k, g in by_discard.items()}
    assert len(tokens["elves"]) == 1 and tokens["elves"][0].name == "Human Soldier"
    assert tokens["mtn"] == []
    ans = answer(q(RECRUIT))
    assert ans.value is True and len(ans.witness) == 2
    assert "701.70a" in ans.cited_rules()


def test_recruit_from_empty_library_is_unsupported_loss():
    with pytest.raises(Unsupported, match="704.5b"):
        finals(RECRUIT.replace("library: [{card: Mountain, id: mtn}]", "library: []"))


def test_enters_with_x_counters_and_payment_branches():
    text = """
id: h
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Hangarback Walker, id: walker}]
      battlefield: [{card: Forest, id: f1}, {card: Forest, id: f2}, {card: Forest, id: f3}]
actions:
  - cast: walker
    x: 1
  - resolve: 1
expect:
  - {object: walker, counters: {"+1/+1": 1}}
"""
    gs = finals(text)
    assert len(gs) == 3     # which two of the three Forests were tapped
    for g in gs:
        assert g.state.obj("walker").counters == (("+1/+1", 1),)
        assert sum(g.state.obj(f).tapped for f in ("f1", "f2", "f3")) == 2
    assert answer(q(text)).value is True


def test_zero_counters_dies_and_its_dies_trigger_reads_last_known_counters():
    """704.5f: X=0 enters with no counters and dies; its dies trigger (603.10a) counts the counters it had as
    it last existed (608.2h): none, so no Thopter."""
    text = """
id: h0
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Hangarback Walker, id: walker}]
actions:
  - cast: walker
    x: 0
  - resolve: 1
expect:
  - {object: walker, zone: graveyard}
"""
    gs = finals(text)
    assert len(gs) == 1
    assert gs[0].state.obj("walker").zone == "graveyard"
    assert len(gs[0].state.stack) == 1 and gs[0].state.stack[0].source == "walker"
    done = run(gs[0], [{"resolve": 1}])
    assert len(done) == 1 and not done[0].state.stack
    assert not any(o.token for o in done[0].state.objects)


def test_dies_trigger_counts_counters_as_it_last_existed():
    text = """
id: h2
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Hangarback Walker, id: walker, counters: {"+1/+1": 2}}]
actions:
  - destroy: walker
  - resolve: all
expect: [{stack_size: 0}]
"""
    gs = finals(text)
    assert len(gs) == 1
    tokens = [o for o in gs[0].state.objects if o.token]
    assert len(tokens) == 2 and all(t.printed.subtypes == ("Thopter",) and t.zone == "battlefield" for t in tokens)


def test_illegal_cast():
    text = """
id: il
ask: outcome
state:
  turn: {active: Alice, step: upkeep}
  players:
    Alice:
      hand: [{card: Grizzly Bears, id: bear}]
      battlefield: [Forest, Forest]
actions:
  - cast: bear
expect: illegal
"""
    ans = answer(q(text))
    assert ans.value == "illegal" and "117.1a" in ans.cited_rules()


def test_a_static_plus_n_applies_in_layer_7c_when_damage_is_checked():
    """613.4c: Holy Strength's "Enchanted creature gets +1/+2" makes Grizzly Bears 3/4: 3 damage from Lightning
    Bolt is not lethal (704.5g)."""
    text = """
id: pt
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bear}, {card: Holy Strength, id: aura, attached_to: bear}]
actions:
  - {cast: bolt, targets: [bear]}
  - resolve: all
expect:
  - {object: bear, zone: battlefield}
  - {object: bear, power: 3, toughness: 4}
"""
    ans = answer(q(text))
    assert ans.value is True, ans


def test_advance_turns_and_cleanup_discard_branches():
    text = """
id: adv
ask: outcome
state:
  turn: {active: Alice, number: 3, step: end}
  players:
    Alice:
      hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, {card: Mountain, id: m1}]
      battlefield: [{card: Forest, id: tf, tapped: true}]
    Bob:
      library: 3
      battlefield: [{card: Forest, id: bf, tapped: true}]
actions:
  - advance: next-turn
  - advance: draw
expect:
  - {player: Alice, hand_size: 7}
"""
    gs = finals(text)
    assert len(gs) == 2        # discarded a Forest (interchangeable: one state) or the Mountain
    for g in gs:
        st = g.state
        assert st.turn.active == "Bob" and st.turn.number == 4 and st.turn.step == "draw"
        assert st.obj("bf").tapped is False and st.obj("tf").tapped is True
        assert len(st.player("Bob").zone("hand")) == 1 and st.player("Bob").unknown_library == 2
    assert {g.state.obj(g.state.player("Alice").zone("graveyard")[0]).name for g in gs} == {"Forest", "Mountain"}


def test_aura_stays_on_a_permanent_that_did_not_change():
    text = """
id: au
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Celebrate the Mountain-king, id: cel}]
    Bob:
      battlefield: [{card: Forest, id: f}, {card: Bonesplitter, id: sword}]
  stack:
    - {ability: cel, index: 1, controller: Alice, targets: [sword]}
actions:
  - resolve: 1
  - destroy: cel
expect:
  - {object: sword, zone: battlefield, controller: Bob, attached_to: null}
"""
    assert answer(q(text)).value is True


def test_land_play_counts_and_second_is_illegal():
    text = """
id: pl
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Forest, id: f1}, {card: Forest, id: f2}]
    Bob: {}
actions:
  - play: f1
expect:
  - {object: f1, zone: battlefield}
"""
    (g,) = finals(text)
    assert g.state.player("Alice").lands_played == 1
    ans = answer(q(text.replace("  - play: f1\n", "  - play: f1\n  - play: f2\n")))
    assert ans.value == "illegal" and "305.2" in ans.cited_rules()


def test_merging_interchangeable_cards():
    # Discarding one of two Forests the question gave no ids gives one state, not two.
    text = RECRUIT.replace("hand: [{card: Llanowar Elves, id: elves}]", "hand: [Forest, Forest]").replace(
        "library: [{card: Mountain, id: mtn}]", "library: [Forest]")
    assert len(finals(text)) == 1


def test_transform_triggers_and_its_trigger_exiles_the_top_card():
    text = """
id: tr
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Captive Weird // Compleated Conjurer, id: weird}]
      library: [{card: Forest, id: top}]
    Bob: {}
actions:
  - transform: weird
expect:
  - {stack_size: 1}
"""
    (g,) = finals(text)
    assert g.state.obj("weird").name == "Compleated Conjurer" and len(g.state.stack) == 1
    (g,) = finals(text.replace("  - transform: weird\n", "  - transform: weird\n  - resolve: 1\n"))
    # 701.13a, 611.2a: the top card is exiled and may be played by Alice until the end of her next turn.
    assert g.state.obj("top").zone == "exile" and not g.state.stack
    (eff,) = g.state.in_force(EffectInForce)
    assert eff.objects == ("top",) and eff.controller == "Alice" and eff.source_card == "Compleated Conjurer"


def test_unrecognized_trigger_condition_is_unsupported():
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.engine.triggers import condition

    from mtgjudge.model.vocab.parse import read_trigger

    def read(a: Ability) -> Ability:
        return read_trigger(a, "Test Card")     # as its card is compiled (603.2)

    assert condition(read(Ability("triggered", trigger="When this enchantment enters"))) == "enters"
    assert condition(read(Ability("triggered", trigger="When Test Card enters"))) == "enters"
    assert condition(read(Ability("unmodelled", source_text="When this creature dies, create a token",
                                  unmodelled_kind="triggered"))) == "dies"
    assert condition(read(Ability("triggered", trigger="At the beginning of your upkeep"))) is None
    assert condition(read(Ability("triggered", trigger="Whenever a creature enters"))) is None
    # not read as its card was compiled: not recognized, so unsupported wherever it could trigger
    assert condition(Ability("triggered", trigger="When this enchantment enters")) is None


def test_action_names_a_token_made_during_the_actions():
    text = RECRUIT.replace("actions:\n  - resolve: 1\n", "actions:\n  - resolve: 1\n  - exile: Human Soldier Token\n")
    gs = finals(text)
    assert len(gs) == 2 and all(not any(o.token for o in g.state.objects) for g in gs)


def test_a_card_whose_owner_left_does_not_return_and_the_reason_is_800_4a():
    # Bob's Bears are exiled until Alice's Banisher Priest leaves (an effects: entry, 610.3). Bob concedes:
    # his Bears leave the game with him (800.4a); when the Priest later leaves, nothing returns, and no reason
    # cites the token rules (111.7, 704.5d).
    (g,) = finals("""
id: t
ask: outcome
state:
  effects: [{from: Banisher Priest, controller: Alice, objects: [bear]}]
  players:
    Alice:
      battlefield: [{card: Banisher Priest, id: priest}]
    Bob:
      exile: [{card: Grizzly Bears, id: bear}]
    Carol: {}
actions:
  - concede: Bob
  - destroy: priest
expect: [{object: bear, zone: none}]
""")
    cited = {r for s in g.steps for r in s.rules}
    assert "800.4a" in cited and not cited & {"111.7", "704.5d"}
    assert not g.state.has("bear") and not g.state.in_force(LinkedExile)


def test_an_outcomes_reasons_say_which_branch_each_step_belongs_to():
    # Two Mountains pay for one Lightning Bolt: two final states, one tapping m1, one tapping m2. The steps
    # they share are said once; each payment is said to be its own branch's, never as if one game tapped both.
    a = answer(q("""
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Mountain, id: m1}, {card: Mountain, id: m2}]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: gb}]
actions:
  - {cast: bolt, by: Alice, targets: [gb]}
  - resolve: all
expect:
  - {object: gb, zone: graveyard}
"""))
    texts = [s.text for s in a.why]
    assert [t for t in texts if t.startswith("branch ")] == ["branch 1 of 2: pay with m2", "branch 2 of 2: pay with m1"]
    pays = [t for t in texts if "activates mana abilities" in t]
    assert pays == ["in branch 1: Alice activates mana abilities (ability 1 of m2); pays m2: tapped (ability 1)",
                    "in branch 2: Alice activates mana abilities (ability 1 of m1); pays m1: tapped (ability 1)"]
    shared = [t for t in texts if t.startswith("Lightning Bolt resolves")]
    assert shared == ["Lightning Bolt resolves"]
    assert texts.index("branch 1 of 2: pay with m2") < texts.index(pays[0]) < texts.index(shared[0])


INSTANT_IN_HAND = """
id: by
ask: outcome
state:
  turn: {{active: Alice}}
  effects: {effects}
  players:
    Alice:
      battlefield: [Mountain]
    Bob:
      battlefield: [Mountain]
      {zone}: [{{card: Lightning Bolt, id: bolt}}]
actions:
  - cast: bolt
    targets: [Alice]
  - resolve: 1
expect:
  - {{player: Alice, life: 17}}
"""


@pytest.mark.parametrize("zone,effects", [("hand", "[]"),
                                          ("exile", "[{from: Compleated Conjurer, controller: Bob, objects: [bolt]}]")])
def test_a_cast_without_by_is_by_the_player_who_may_cast_the_card_from_where_it_is(zone, effects):
    # 601.3: only the owner may cast a card from their hand; from exile, the player the effect lets (611.2a).
    # On Alice's turn, Bob's instant is Bob's to cast, not the active player's.
    ans = answer(q(INSTANT_IN_HAND.format(zone=zone, effects=effects)))
    assert ans.value != "illegal", ans.why
    assert all(g.state.player("Alice").life == 17 for g in finals(INSTANT_IN_HAND.format(zone=zone, effects=effects)))


def test_a_cast_from_exile_that_no_effect_or_several_allow_asks_for_by():
    from mtgjudge.queries.runner import run_question
    for effects in ("[]", "[{from: Compleated Conjurer, controller: Bob, objects: [bolt]}, "
                          "{from: Compleated Conjurer, controller: Alice, objects: [bolt]}]"):
        r = run_question(q(INSTANT_IN_HAND.format(zone="exile", effects=effects)))
        assert r.status == "error" and "`by`" in r.message, r.message
    with_by = INSTANT_IN_HAND.format(zone="exile", effects="[]").replace("    targets: [Alice]", "    by: Bob\n    targets: [Alice]")
    assert answer(q(with_by)).value == "illegal"      # 601.3: no rule lets Bob cast it from exile


ROIL = """
id: roil
ask: outcome
state:
  players:
    Alice:
      battlefield: [Island, Island, Island, Island]
      hand: [{{card: Into the Roil, id: roil}}]
      library: [{{card: Forest, id: top}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bear}}]
actions:
  - cast: roil
    targets: [bear]
  - resolve: all
{assertions}
"""


def test_possible_together_needs_one_final_state_where_all_of_a_list_hold():
    # Each assertion holds in some final state (kicked: the card drawn; not kicked: a hand of 0), never both in
    # one: `possible` passes, `possible_together` does not.
    apart = answer(q(ROIL.format(assertions="possible: [{object: top, zone: hand}, {player: Alice, hand_size: 0}]")))
    together = answer(q(ROIL.format(
        assertions="possible_together: [[{object: top, zone: hand}, {player: Alice, hand_size: 0}]]")))
    assert apart.value is True and together.value is False
    assert "never all hold in one final state" in together.failed[0]
    (e,) = load_text(ROIL.format(assertions="possible_together: [{object: top, zone: hand}]"))
    assert isinstance(e, Exception) and "possible_together[0]" in str(e)
