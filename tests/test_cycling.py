"""Cycling (CR 702.29): the concept ``words.cycling`` (its record, its reader, its performer), its payment
("Discard this card", 701.9a) and its triggers (702.29c). Expected answers derived by hand from 702.29a-f,
113.6j, 119.4, 601.2h and the rulings named at each test."""
from __future__ import annotations

import pytest

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.objects import CardDef
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.words.cycling import record
from mtgjudge.model.words.cycling.read import cycling_text
from tests.card_helpers import card, answer


def abilities(text: str, type_line: str = "Creature — Beast") -> tuple[Ability, ...]:
    return card("Frob Cycler", type_line, "{3}{G}", text, "2/2").faces[0].abilities


# ------------------------------------------------------------------ the record and the reader

def test_cycling_reads_as_the_ability_it_means_702_29a():
    (a,) = abilities("Cycling {2}{G} ({2}{G}, Discard this card: Draw a card.)")
    assert a.kind == "activated" and a.keyword == "Cycling" and a.zones == ("hand",)
    assert [p.kind for p in a.cost] == ["mana", "discard_self"]
    assert [(e.kind, e.arg("n")) for e in a.effects] == [("draw", 1)]
    assert a.render() == "Cycling {2}{G}"


def test_typecycling_searches_for_its_type_702_29e():
    a, b = abilities("Swampcycling {2}, mountaincycling {2}")
    assert (a.keyword, b.keyword) == ("Swampcycling", "Mountaincycling")
    assert [e.arg("quality") for e in a.effects + b.effects] == ["Swamp", "Mountain"]
    assert all(e.kind == "search" and e.arg("to") == "hand" and e.arg("reveal") and e.arg("shuffle")
               for e in a.effects + b.effects)
    (c,) = abilities("Basic landcycling {1}{G}")
    assert c.effects[0].arg("quality") == "basic land" and c.render() == "Basic landcycling {1}{G}"
    assert record.rule("Basic landcycling") == "702.29e" and record.rule("Cycling") == "702.29a"


def test_a_cost_that_is_not_mana_follows_the_dash():
    (a,) = abilities("Cycling—Pay 2 life. (Pay 2 life, Discard this card: Draw a card.)")
    assert [p.kind for p in a.cost] == ["pay_life", "discard_self"] and a.render() == "Cycling—Pay 2 life"


def test_near_miss_a_type_the_rules_do_not_know_stays_unmodelled_in_the_hand():
    # 205: "Frob" is no card type, supertype or subtype: the keyword's line keeps its row (an ability of the hand)
    (a,) = abilities("Frobcycling {2}")
    assert a.kind == "unmodelled" and a.zones == ("hand",)
    with pytest.raises(DefinitionError):
        record.cycled_type("Frobcycling")
    assert cycling_text("Frobcycling", "{2}") is None


def test_near_miss_a_cost_the_grammar_does_not_read_stays_unmodelled_in_the_hand():
    (a,) = abilities("Cycling—Frob a frob, Pay 2 life.")
    assert a.kind == "unmodelled" and a.zones == ("hand",)


def test_near_miss_a_static_ability_about_cycling_is_not_the_keyword():
    # Fluctuator: "Cycling abilities you activate cost up to {2} less to activate." is a static ability of the
    # permanent (its cost is not a cost of the keyword: 702.29a's cost is mana or follows a dash); read as the
    # keyword, it would function only in the hand and be ignored on the battlefield
    (a,) = abilities("Cycling abilities you activate cost up to {2} less to activate.", "Artifact")
    assert a.kind == "unmodelled" and a.functions_in("battlefield")


def test_validate_refuses_an_ability_that_is_not_what_the_keyword_means():
    (a,) = abilities("Cycling {2}")
    from dataclasses import replace
    with pytest.raises(DefinitionError, match="Discard this card"):
        record.validate(replace(a, cost=a.cost[:1]))
    with pytest.raises(DefinitionError, match="search for Swamp card"):
        record.validate(replace(a, keyword="Swampcycling"))
    with pytest.raises(DefinitionError, match="hand"):
        record.validate(replace(a, zones=()))
    assert record.render(replace(a, timing="sorcery"), "{2}") is None


# ------------------------------------------------------------------ activating it (602.2, 601.2h)

BOARD = """
id: t
ask: {ask}
{about}state:
  turn: {{active: Alice}}
  players:
    Alice:
      life: {life}
      battlefield: [{battlefield}]
      hand: [{{card: {name}, id: c}}{hand}]
      library: 3
    Bob:
      library: 3
{more}
"""


def ask(name: str, battlefield: str = "Plains, Plains", ask_kind: str = "can-activate", more: str = "",
        life: int = 20, hand: str = "", *cards: CardDef) -> tuple[str, object, str]:
    about = "about: c\n" if ask_kind == "can-activate" else ""
    return answer(BOARD.format(ask=ask_kind, about=about, name=name, battlefield=battlefield, more=more, life=life,
                               hand=hand), *cards)


def test_the_card_discards_itself_and_no_other_card():
    # 702.29a: the cost discards the card with cycling; Alice's other card stays in her hand
    status, value, msg = ask("Renewed Faith", ask_kind="outcome", hand=", {card: Forest, id: f}",
                             more="actions:\n  - activate: c\n  - resolve: all\nexpect:\n"
                                  "  - {object: c, zone: graveyard}\n  - {object: f, zone: hand}\n"
                                  "  - {player: Alice, hand_size: 2}")
    assert (status, value) == ("pass", True), msg


def test_near_miss_an_unread_cost_change_of_cycling_makes_it_unsupported():
    fluctuator = card("Fluctuator", "Artifact", "{2}", "Cycling abilities you activate cost up to {2} less to activate.")
    assert ask("Renewed Faith", "Plains")[1] is False          # {1}{W} with one Plains: no
    status, _, msg = ask("Renewed Faith", "Plains, Fluctuator", "can-activate", "", 20, "", fluctuator)
    assert status == "unsupported" and "Fluctuator" in msg


def test_near_miss_an_unread_cycle_trigger_makes_cycling_unsupported_but_not_its_legality():
    # Resounding Thunder ruling 2008-10-01: you can cycle it even with no target for its trigger: the trigger
    # doesn't change whether cycling can be activated; what the unread trigger does, the engine can't say
    lands = "Mountain, Mountain, Mountain, Mountain, Mountain, Swamp, Forest, Mountain"
    assert ask("Resounding Thunder", lands)[1] is True
    status, _, msg = ask("Resounding Thunder", lands, "outcome",
                         "actions:\n  - activate: c\n  - resolve: all\nexpect:\n  - {player: Bob, life: 14}")
    assert status == "unsupported" and "When you cycle Resounding Thunder" in msg


def test_near_miss_a_trigger_on_cycling_or_discarding_makes_cycling_unsupported():
    # 702.29d, Drake Haven ruling 2017-04-18: "cycle or discard" triggers once when a card is cycled; that
    # condition is not read, so the discard of the cost is unsupported, naming it
    haven = card("Drake Haven", "Enchantment", "{2}{U}", "Whenever you cycle or discard a card, you may pay {1}. If "
                 "you do, create a 2/2 blue Drake creature token with flying.")
    status, _, msg = ask("Renewed Faith", "Plains, Plains, Drake Haven", "outcome",
                         "actions:\n  - activate: c\n  - resolve: all\nexpect:\n  - {player: Alice, hand_size: 1}",
                         20, "", haven)
    assert status == "unsupported" and "Drake Haven" in msg


def test_cycling_is_not_a_spell_and_has_no_timing_restriction():
    # Renewed Faith ruling 2008-10-01: cycling is an activated ability, with no timing restriction of its own
    # (602.5): Alice may cycle in Bob's declare blockers step, as she could cast an instant
    status, value, msg = answer("""
id: t
ask: can-activate
about: c2
state:
  turn: {active: Bob, step: declare-blockers}
  players:
    Alice:
      battlefield: [Plains, Plains]
      hand: [{card: Renewed Faith, id: c2}]
      library: 3
    Bob:
      library: 3
expect: yes
""")
    assert value is True, msg


def test_the_card_that_discards_itself_is_not_also_another_card_to_discard():
    # 601.2h, 702.29a: "Discard this card" uses the card up; a "Discard a card" part beside it needs another card
    looter = card("Frob Looter", "Instant", "{2}{U}", "Discard a card, Discard Frob Looter: Draw two cards.")
    assert ask("Frob Looter", "", "can-activate", "", 20, "", looter)[1] is False
    assert ask("Frob Looter", "", "can-activate", "", 20, ", Forest", looter)[1] is True


def test_madness_replaces_the_discard_of_the_cycling_cost():
    # 702.35a: madness replaces the discard, the cost's too ("If you discard this card, discard it into exile");
    # its trigger resolves before the cycling ability (Fiery Temper ruling 2016-04-08), and with both Swamps tapped
    # for cycling its madness cost {3}{B} can't be paid: it is put into the graveyard, and the cycling draws
    status, value, msg = ask("Ichor Slick", "Swamp, Swamp", "outcome",
                             "actions:\n  - activate: c\n  - resolve: all\nexpect:\n  - {object: c, zone: graveyard}\n"
                             "  - {player: Alice, hand_size: 1}")
    assert (status, value) == ("pass", True), msg
    assert ask("Ichor Slick", "Swamp, Swamp")[1] is True           # whether it can be cycled is known


# ------------------------------------------------------------------ transmute (702.53a), cycling's kin

def test_transmute_reads_as_the_ability_it_means_702_53a():
    (a,) = abilities("Transmute {1}{B}{B} ({1}{B}{B}, Discard this card: Search your library for a card with the same "
                     "converted mana cost as this card, reveal it, and put it into your hand. Then shuffle your "
                     "library. Transmute only as a sorcery.)")
    assert a.kind == "activated" and a.keyword == "Transmute" and a.zones == ("hand",) and a.timing == "sorcery"
    assert [p.kind for p in a.cost] == ["mana", "discard_self"] and not a.targets and not a.unread
    assert [e.kind for e in a.effects] == ["search_same_mana_value"]
    assert a.render() == "Transmute {1}{B}{B}"
    assert "same mana value as the discarded card" in a.effects[0].text()


def test_transmute_is_not_a_cycling_ability():
    # 702.29c's "When you cycle" is about cycling abilities only; transmute cites its own rule
    from mtgjudge.model.words.cycling.perform import activation_rules, is_cycling_ability
    (a,) = abilities("Transmute {1}{U}{B}")
    assert not is_cycling_ability(a) and activation_rules(a) == ("702.53a",)
    assert not record.is_cycling("Transmute") and record.is_transmute("Transmute")


def test_near_miss_a_transmute_item_that_is_not_a_mana_cost_stays_unmodelled_in_the_hand():
    for text in ("Transmute—Pay 2 life.", "Transmute {1}{B}{B} if you control a Swamp"):
        (a,) = abilities(text)
        assert a.kind == "unmodelled" and a.zones == ("hand",), text


def test_validate_refuses_a_transmute_that_is_not_what_the_keyword_means():
    import dataclasses
    (a,) = abilities("Transmute {1}{B}{B}")
    for changed in (dataclasses.replace(a, timing="any"), dataclasses.replace(a, zones=()),
                    dataclasses.replace(a, cost=a.cost[:-1]), dataclasses.replace(a, effects=())):
        with pytest.raises(DefinitionError):
            record.validate_transmute(changed)
        assert record.render_transmute(changed, "{1}{B}{B}") is None


def test_transmute_is_activated_only_as_a_sorcery_602_5d():
    # 702.53a "Activate only as a sorcery", 602.5d: not with a spell on the stack
    status, value, msg = answer("""
id: t
ask: can-activate
about: g
state:
  turn: {active: Alice, step: precombat-main}
  stack: [{card: Llanowar Elves, id: spell, controller: Alice}]
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp]
      hand: [{card: Shred Memory, id: g}]
      library: 3
    Bob:
      library: 3
expect: no
""")
    assert (status, value) == ("pass", False), msg
    assert ask("Shred Memory", "Swamp, Swamp, Swamp")[1] is True     # the same, with an empty stack


def test_near_miss_transmute_over_a_library_nobody_knows_is_unsupported():
    # 702.53a: whether a card of the library nobody knows has mana value 4 is not known: no guess
    status, _, msg = ask("Dimir House Guard", "Swamp, Swamp, Swamp", "outcome",
                         "actions:\n  - {activate: c, ability: Transmute}\n  - resolve: all\nexpect:\n"
                         "  - {object: c, zone: graveyard}")
    assert status == "unsupported" and "nobody knows" in msg


def test_a_search_with_a_qualifier_may_find_nothing_in_a_named_library_701_23b():
    # 701.23b: "a card with mana value 4" has a stated quality: finding none is a branch, and a card without it
    # is never found (not "a card", which must be found, 701.23d)
    status, value, msg = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp]
      hand: [{card: Dimir House Guard, id: g}]
      library: [{card: Grizzly Bears, id: bears}]
    Bob:
      library: 3
actions:
  - {activate: g, ability: Transmute}
  - resolve: all
expect:
  - {object: bears, zone: library}
  - {player: Alice, hand_size: 0}
""")
    assert (status, value) == ("pass", True), msg


# ------------------------------------------------------------------ reinforce (702.77a)

@pytest.mark.parametrize("text,n,said", [
    ("Reinforce 1—{1}{W} ({1}{W}, Discard this card: Put a +1/+1 counter on target creature.)", 1, "Reinforce 1—{1}{W}"),
    ("Reinforce 3—{3}{G}", 3, "Reinforce 3—{3}{G}"),
])
def test_reinforce_reads_as_the_ability_it_means_702_77a(text, n, said):
    (a,) = abilities(text)
    assert a.kind == "activated" and a.keyword == "Reinforce" and a.zones == ("hand",) and a.timing == "any"
    assert [p.kind for p in a.cost] == ["mana", "discard_self"] and a.targets == ("target creature",)
    assert [(e.kind, e.arg("kind"), e.arg("n")) for e in a.effects] == [("counter_target", "+1/+1", n)]
    assert a.render() == said


def test_reinforce_is_not_a_cycling_ability():
    from mtgjudge.model.words.cycling.perform import activation_rules, is_cycling_ability
    (a,) = abilities("Reinforce 2—{2}{W}")
    assert not is_cycling_ability(a) and activation_rules(a) == ("702.77a",)


@pytest.mark.parametrize("text", ["Reinforce X—{X}{W}{W}", "Reinforce 1—Pay 2 life.", "Reinforce {1}{W}"])
def test_near_miss_a_reinforce_not_read_whole_stays_unmodelled_in_the_hand(text):
    (a,) = abilities(text)
    assert a.kind == "unmodelled" and a.zones == ("hand",), text


def test_validate_refuses_a_reinforce_that_is_not_what_the_keyword_means():
    import dataclasses
    (a,) = abilities("Reinforce 1—{1}{W}")
    (other,) = abilities("{1}{W}, Discard this card: Put a -1/-1 counter on target creature.")
    for changed in (dataclasses.replace(a, timing="sorcery"), dataclasses.replace(a, zones=()),
                    dataclasses.replace(a, cost=a.cost[:-1]), dataclasses.replace(a, effects=other.effects)):
        with pytest.raises(DefinitionError):
            record.validate_reinforce(changed)
        assert record.render_reinforce(changed, "{1}{W}") is None


def test_near_miss_reinforce_x_is_unsupported_when_asked_of():
    # Swell of Courage (built in): "Reinforce X—{X}{W}{W}" stays unmodelled, so its activation is not answered
    status, _, message = answer("""
id: t
ask: can-activate
about: swell
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [Plains, Plains, Plains, {card: Grizzly Bears, id: bears}]
      hand: [{card: Swell of Courage, id: swell}]
""")
    assert status == "unsupported" and "Reinforce X" in message, message


@pytest.mark.parametrize("mv", [0, 3, 11])
def test_transmutes_search_is_the_search_the_reader_makes_of_its_words_702_53a(mv):
    """The search for a card with the discarded card's mana value is made as transmute resolves, from the value it
    has, as the reader would make "Search your library for a card with mana value N, reveal it, put it into your
    hand, then shuffle"; no text is read."""
    from mtgjudge.model.selectors import Selector
    from mtgjudge.model.vocab.parse import parse_effect
    from mtgjudge.model.vocab.words import made_effect
    from mtgjudge.model.words.players.record import with_cards_of
    made = made_effect("search", n=1, to="hand", reveal=True, shuffle=True,
                       **with_cards_of({"with": f"with mana value {mv}"}, Selector(stat=("mana value", "==", mv))))
    assert made == parse_effect({"search": {"n": 1, "to": "hand", "reveal": True, "shuffle": True,
                                            "with": f"with mana value {mv}"}})
