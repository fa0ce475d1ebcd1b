"""Impulse draw, "Exile the top N cards of your library. Until the end of your next turn, you may play those
cards." (701.13a, 611.2a, 601.3): the compiler's reading of the template, the engine's exile and the
permission it leaves (Golos: without paying their mana costs, 118.9b), and what stays unsupported (Party
Thrasher, Savvy Trader; cards nobody knows)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.loader import load_text as load_cards
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.legality import can_play
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.state import EffectInForce
from mtgjudge.queries.format.files import load_text

SPELL, PERMANENT = LineContext(spell=True), LineContext(spell=False)


def kinds(line: str, ctx: LineContext) -> list[tuple[str, list[str]]]:
    return [(a.kind, [e.kind for e in a.effects]) for a in compile_line(line, line, ctx)]


def test_the_template_is_read_in_a_spell():
    (a,) = compile_line("Exile the top two cards of your library. Until the end of your next turn, you may play "
                        "those cards.", "", SPELL)
    exile, lasting = a.effects
    assert (a.kind, exile.kind, exile.arg("n")) == ("spell", "exile_top", 2)
    assert lasting.kind == "lasting" and lasting.arg("until") == "end_of_your_next_turn"
    assert lasting.arg("static").kind == "may_play"


def test_until_end_of_turn_and_this_turn():
    for text in ("Exile the top card of your library. Until end of turn, you may play that card.",
                 "Exile the top card of your library. You may play it this turn."):
        (a,) = compile_line(text, text, SPELL)
        assert a.effects[1].arg("until") == "end_of_turn", text


def test_the_template_is_read_in_a_transform_trigger():
    (a,) = compile_line("When this creature transforms into ~, exile the top card of your library. Until the end "
                        "of your next turn, you may play that card.", "", PERMANENT)
    assert a.kind == "triggered" and a.trigger == "When this creature transforms into ~"
    assert [e.kind for e in a.effects] == ["exile_top", "lasting"]


def test_what_is_not_the_template_is_not_read():
    # The number must agree with "that card" / "those cards"; a permission must follow the exile of the top
    # cards (608.2c: "that card" is what the earlier instruction exiled).
    assert kinds("Exile the top two cards of your library. Until end of turn, you may play that card.", SPELL) == \
        [("spell", ["other"])]
    assert kinds("Exile target creature. Until end of turn, you may play that card.", SPELL) == [("spell", ["other"])]
    assert kinds("Draw a card. You may play it this turn.", SPELL) == [("spell", ["other"])]


def test_golos_is_read_and_party_thrasher_and_savvy_trader_are_kept():
    # Golos: "without paying their mana costs" is read: the permission requires that alternative cost (118.9b).
    (golos,) = compile_line("{2}{W}{U}{B}{R}{G}: Exile the top three cards of your library. You may play them this "
                            "turn without paying their mana costs.", "", PERMANENT)
    assert golos.kind == "activated" and [e.kind for e in golos.effects] == ["exile_top", "lasting"]
    assert golos.effects[0].arg("n") == 3 and golos.effects[1].arg("until") == "end_of_turn"
    assert golos.effects[1].arg("static").arg("free") is True
    # Party Thrasher: a discard, "if you do", "choose one of them": the whole trigger stays unmodelled.
    thrasher = kinds("At the beginning of your first main phase, you may discard a card. If you do, exile the top "
                     "two cards of your library, then choose one of them. You may play that card this turn.", PERMANENT)
    assert thrasher == [("unmodelled", [])]
    # Savvy Trader: a target card in a graveyard and "for as long as it remains exiled": not this template.
    trader = kinds("When ~ enters, exile target permanent card from your graveyard. You may play that card for as "
                   "long as it remains exiled.", PERMANENT)
    assert trader == [("unmodelled", [])]


FLOW = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      battlefield: [{card: Captive Weird // Compleated Conjurer, id: weird}, Forest]
      library: LIBRARY
    Bob:
      library: 10
actions:
  - transform: weird
  - resolve: 1
expect:
  - {stack_size: 0}
"""


def finals(text: str) -> list[Game]:
    (question,) = load_text(text)
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


def test_the_permission_is_the_one_permission_model():
    (g,) = finals(FLOW.replace("LIBRARY", "[{card: Llanowar Elves, id: top}]"))
    assert g.state.obj("top").zone == "exile"
    ans = can_play(g.state, "top", "Alice", 0)
    assert ans.value is True
    # Without the effect the trigger left, nothing lets Alice play it from exile (601.3).
    assert can_play(g.state.evolve(lasting=()), "top", "Alice", 0).value is False


def test_a_card_nobody_knows_is_exiled_and_playing_it_is_unsupported():
    (g,) = finals(FLOW.replace("LIBRARY", "3"))
    (exiled,) = g.state.player("Alice").zone("exile")
    assert g.state.player("Alice").unknown_library == 2
    (eff,) = g.state.in_force(EffectInForce)
    assert eff.objects == (exiled,)
    with pytest.raises(Unsupported):
        ans = can_play(g.state, exiled, "Alice", 0)
        if ans.is_unsupported:
            raise Unsupported(ans.unsupported)


GOLOS = """
name: Golos, Tireless Pilgrim
cost: "{5}"
type: Legendary Artifact Creature — Scout
pt: 3/5
oracle: |-
  {2}{W}{U}{B}{R}{G}: Exile the top three cards of your library. You may play them this turn without paying their mana costs.
"""


def golos_state(library: str):
    (golos,) = load_cards(GOLOS, "test")
    text = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: golos}, Plains, Island, Swamp, Mountain, Forest, Forest, Forest]
      library: LIBRARY
    Bob:
      battlefield: [{card: Grizzly Bears, id: bob-bears}]
      library: 10
actions:
  - {activate: golos, ability: 1}
  - resolve: 1
expect:
  - {stack_size: 0}
""".replace("LIBRARY", library)
    (question,) = load_text(text)
    st = question.state
    return st.with_object(replace(st.obj("golos"), card=golos, summoning_sick=False)), question.actions


def test_golos_exiles_three_and_they_are_cast_without_paying_their_mana_costs():
    # Golos's activated ability alone (its enters trigger is another matter). Every land is tapped for
    # {2}{W}{U}{B}{R}{G}; the exiled cards are cast for {0} (118.9b) this turn, X being 0 (107.3b).
    st, actions = golos_state("[{card: Grizzly Bears, id: c1}, {card: Lightning Bolt, id: c2}, "
                              "{card: Forest, id: c3}, {card: Island, id: c4}]")
    (g,) = run(Game(st), actions)
    assert [g.state.obj(c).zone for c in ("c1", "c2", "c3", "c4")] == ["exile", "exile", "exile", "library"]
    assert all(o.tapped for o in g.state.battlefield() if o.id not in ("golos", "bob-bears"))
    ans = can_play(g.state, "c1", "Alice", 0)
    assert ans.value is True and any("118.9b" in s.rules for s in ans.why)
    (after,) = run(g, [{"cast": "c1"}, {"resolve": 1}, {"cast": "c2", "targets": ["bob-bears"]}, {"resolve": 1},
                       {"play": "c3"}])
    assert after.state.obj("c1").zone == "battlefield" and after.state.obj("bob-bears").zone == "graveyard"
    assert after.state.obj("c3").zone == "battlefield"
    # The permission ends with the turn (514.2): on Alice's next turn they can't be cast.
    (later,) = run(g, [{"advance": "next-turn"}, {"advance": "next-turn"}, {"advance": "precombat-main"}])
    assert can_play(later.state, "c1", "Alice", 0).value is False


def test_a_free_permission_and_x():
    # 107.3b: cast without paying its mana cost, X can only be 0 (Hangarback Walker, {X}{X}).
    st, actions = golos_state("[{card: Hangarback Walker, id: walker}, Island, Island]")
    (g,) = run(Game(st), actions)
    assert can_play(g.state, "walker", "Alice", 0).value is True
    ans = can_play(g.state, "walker", "Alice", 2)
    assert ans.value is False and any("107.3b" in s.rules for s in ans.why)


TRADER = """
name: Savvy Trader
cost: "{3}{G}"
type: Creature — Human Citizen
pt: 3/3
oracle: |-
  When Savvy Trader enters, exile target permanent card from your graveyard. You may play that card for as long as it remains exiled.
  Spells you cast from anywhere other than your hand cost {1} less to cast.
"""


def test_savvy_trader_entering_is_unsupported_naming_its_trigger():
    (trader,) = load_cards(TRADER, "test")
    text = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Forest]
      hand: [{card: Grizzly Bears, id: trader}]
      graveyard: [Forest]
    Bob: {}
actions:
  - cast: trader
  - resolve: 1
expect:
  - {stack_size: 0}
"""
    (question,) = load_text(text)
    st = question.state
    # It is cast (its cost line is read); as it enters, its trigger (a target card in a graveyard, "for as
    # long as it remains exiled") is not performed: unsupported, naming it.
    with pytest.raises(Unsupported, match="exile target permanent card from your graveyard"):
        run(Game(st.with_object(replace(st.obj("trader"), card=trader))), question.actions)


ABBOT_TRIGGER = """
name: Abbot of Keral Keep
cost: "{1}{R}"
type: Creature — Human Monk
pt: 2/1
oracle: |-
  When Abbot of Keral Keep enters, exile the top card of your library. Until end of turn, you may play that card.
"""


def test_an_enters_trigger_until_end_of_turn():
    # Abbot of Keral Keep's enters trigger alone (its prowess is not modelled): the card may be played this
    # turn (611.2a: "until end of turn"), not on the next one (514.2: the effect ends in the cleanup step).
    (abbot,) = load_cards(ABBOT_TRIGGER, "test")
    text = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Forest]
      hand: [{card: Grizzly Bears, id: abbot}]
      library: [{card: Llanowar Elves, id: top1}, Island, Island]
    Bob:
      library: 10
actions:
  - cast: abbot
  - resolve: 1
  - resolve: 1
expect:
  - {stack_size: 0}
"""
    (question,) = load_text(text)
    st = question.state
    st = st.with_object(replace(st.obj("abbot"), card=abbot))
    branches = run(Game(st), question.actions)       # {1} paid with the other Mountain or the Forest
    assert len(branches) == 2
    for g in branches:
        assert g.state.obj("top1").zone == "exile" and g.state.obj("abbot").zone == "battlefield"
        (made,) = g.state.lasting_of(EffectInForce)
        assert made.payload.objects == ("top1",) and made.duration.began == 3
    later = run(branches[0], [{"advance": "next-turn"}, {"advance": "next-turn"}, {"advance": "precombat-main"}])
    for g in later:
        assert g.state.obj("top1").zone == "exile" and not g.state.in_force(EffectInForce)
        assert can_play(g.state, "top1", "Alice", 0).value is False


def test_savvy_traders_reduction_counts_the_zone_cast_from():
    # 601.2a, 601.2f: "Spells you cast from anywhere other than your hand cost {1} less": a card cast from
    # exile under Compleated Conjurer's permission, not one cast from the hand.
    (trader,) = load_cards(TRADER, "test")
    text = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      battlefield: [{card: Captive Weird // Compleated Conjurer, id: weird}, {card: Grizzly Bears, id: trader}, Forest]
      hand: [{card: Grizzly Bears, id: in-hand}]
      library: [{card: Grizzly Bears, id: top1}]
    Bob:
      library: 10
actions:
  - transform: weird
  - resolve: 1
expect:
  - {stack_size: 0}
"""
    (question,) = load_text(text)
    st = question.state
    st = st.with_object(replace(st.obj("trader"), card=trader))
    (g,) = run(Game(st), question.actions)
    assert can_play(g.state, "top1", "Alice", 0).value is True      # {1}{G} less {1}: the Forest pays {G}
    assert can_play(g.state, "in-hand", "Alice", 0).value is False


def test_party_thrasher_is_unsupported_naming_each_line():
    # Built in by its Oracle text; neither line is read. Its trigger (at the beginning of the first main phase)
    # is named when a step begins; its convoke grant when a spell from exile would be paid for.
    from mtgjudge.queries.kinds.outcome import answer
    turn = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3, step: upkeep}
  players:
    Alice:
      battlefield: [Party Thrasher]
      library: [Island, Island]
    Bob:
      library: 10
actions:
  - advance: precombat-main
expect:
  - {stack_size: 0}
"""
    (question,) = load_text(turn)
    ans = answer(question)
    assert ans.is_unsupported and "At the beginning of your first main phase" in ans.unsupported
    exile = """
id: t
ask: can-play
about: c1
state:
  turn: {active: Alice, number: 3}
  effects:
    - {from: Compleated Conjurer, controller: Alice, objects: [c1]}
  players:
    Alice:
      battlefield: [Party Thrasher]
      exile: [{card: Lightning Bolt, id: c1}]
    Bob: {}
"""
    (question,) = load_text(exile)
    from mtgjudge.queries.runner import run_question
    result = run_question(question)
    assert result.status == "unsupported" and "have convoke" in (result.answer.unsupported if result.answer else result.message)
