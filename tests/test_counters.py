"""Counters of any kind (122.1): the concept ``words.counters`` (its records, its reader, its performers), the
counts of counters on the object itself (``rules.counts``), sacrificing the object itself (701.21a,
``words.removal``) and fading (702.32a). Expected answers derived by hand from the rules cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.rules import counts
from mtgjudge.model.words.counters.record import unperformed_rule
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def card(text: str, type_line: str = "Creature — Fungus", name: str = "Testcard", pt=("1", "1")):
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, "{1}", type_line, text, *pt),)))


def lines(text: str, type_line: str = "Creature — Fungus"):
    return [line for _, ls in read_card(card(text, type_line)) for line in ls]


# ------------------------------------------------------------------ reading and reading back

@pytest.mark.parametrize("text", [
    "At the beginning of your upkeep, put a spore counter on Testcard.",
    "{T}: Put a charge counter on Testcard.",
    "{1}, {T}: Put two +1/+1 counters on Testcard.",
    "{T}: Put a -0/-1 counter on target creature.",
    "{T}: Remove a +1/+1 counter from target creature.",
    "{2}: Remove a charge counter from Testcard.",
    "When Testcard enters the battlefield, sacrifice it.",
    "Whenever Testcard attacks, put a +1/+1 counter on it.",
    "At the beginning of your upkeep, sacrifice Testcard.",
    "At the beginning of your upkeep, remove a pupa counter from Testcard. If you can't, sacrifice Testcard.",
    "Fading 3 (This creature enters the battlefield with three fade counters on it. At the beginning of your upkeep, "
    "remove a fade counter from it. If you can't, sacrifice it.)",
    "{T}: Draw a card for each charge counter on Testcard.",
    "Vanishing 3 (This creature enters the battlefield with three time counters on it. At the beginning of your "
    "upkeep, remove a time counter from it. When the last is removed, sacrifice it.)",
    "At the beginning of your upkeep, if Testcard has a time counter on it, remove a time counter from Testcard.",
    "At the beginning of your upkeep, if there are three or more spore counters on Testcard, draw a card.",
])
def test_lines_are_read_and_read_back_as_their_text(text):
    (line,) = lines(text)
    assert line.modelled and line.round_trip and not line.partly_read, line.rendering


def test_fading_is_the_two_abilities_it_means():
    (line,) = lines("Fading 2")
    static, trigger = line.abilities
    assert static.static.kind == "enters_with_counters" and dict(static.static.args) == {"counter": "fade", "n": 2}
    assert trigger.trigger_event.event == "upkeep" and [e.kind for e in trigger.effects] == \
        ["remove_counter_or_sacrifice"]
    assert line.rendering == "Fading 2"


@pytest.mark.parametrize("text", [
    # "it" names the object itself only where the trigger condition is about it (608.2c)
    "Whenever a creature you control dies, put a +1/+1 counter on it.",
    # a kind of two words is not read
    "{T}: Put a first strike counter on target creature.",
    # vanishing without a number (702.63b) is not read
    "Vanishing",
    # an event the trigger grammar does not read (ward's condition, 702.21a)
    "When Testcard becomes the target of a spell or ability an opponent controls, sacrifice it.",
    # "If you can't" after a removal of two counters: not fading's words
    "At the beginning of your upkeep, remove two spore counters from Testcard. If you can't, sacrifice Testcard.",
])
def test_near_misses_stay_unmodelled(text):
    (line,) = lines(text)
    assert not line.modelled or line.partly_read, line.rendering


def test_the_number_of_counters_on_the_object_itself_is_a_count():
    c = counts.parse("the number of charge counters on ~")
    assert (c.kind, c.counter) == ("counters", "charge")
    assert counts.parse("each +1/+1 counter on ~").counter == "+1/+1"
    with pytest.raises(DefinitionError):
        counts.parse("charge counters on target artifact")


@pytest.mark.parametrize("kind,rule", [("flying", "122.1b"), ("hexproof from black", "122.1b"), ("shield", "122.1c"),
                                       ("stun", "122.1d"), ("spore", None), ("+1/+1", None), ("loyalty", None)])
def test_kinds_whose_meaning_is_not_performed(kind, rule):
    assert unperformed_rule(kind) == rule


# ------------------------------------------------------------------ the engine

def with_card(monkeypatch, text: str, type_line: str = "Artifact", pt=(None, None), name: str = "Testcard") -> None:
    """The built-in cards plus one compiled from Oracle text."""
    cards = list(built_in_cards()) + [card(text, type_line, name, pt)]
    db = CardDB(cards, known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


BOARD = """
id: t
ask: outcome
state:
  turn: {{active: {active}, number: 2}}
  players:
    Alice:
      battlefield: [{battlefield}]
      library: 3
    Bob:
      battlefield: [{bob}]
      library: 3
actions: {actions}
expect: [{{stack_size: 0}}]
"""


def finals(battlefield: str, actions: str, bob: str = "", active: str = "Alice") -> list[Game]:
    (q,) = load_text(BOARD.format(battlefield=battlefield, actions=actions, bob=bob, active=active))
    return run(Game(q.state), q.actions)


def test_a_counter_is_put_on_the_object_itself_and_removed_from_a_target(monkeypatch):
    with_card(monkeypatch, "{T}: Put a charge counter on Testcard.\n{1}: Remove two spore counters from target "
                           "permanent.")
    g = one(finals("{card: Testcard, id: t, counters: {spore: 1}}, Forest",
                   "[{activate: t, ability: 1}, {resolve: all}, {activate: t, ability: 2, targets: [t]}, "
                   "{resolve: all}]"))
    # 609.3: one spore counter to remove of the two: it is removed, and the charge counter stays
    assert dict(g.state.obj("t").counters) == {"charge": 1}


def test_a_source_that_left_the_battlefield_gets_no_counter(monkeypatch):
    # 400.7: the ability's source is a new object in its owner's hand: no counter is put on it
    with_card(monkeypatch, "{T}: Put a charge counter on Testcard.")
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      hand: [{card: Testcard, id: t}]
  stack:
    - {ability: t, index: 1, controller: Alice}
actions: [{resolve: all}]
expect: [{stack_size: 0}]
""")
    g = one(run(Game(q.state), q.actions))
    assert zone(g, "t") == "hand" and not g.state.obj("t").counters


def test_a_keyword_counter_is_unsupported(monkeypatch):
    with_card(monkeypatch, "{T}: Put a flying counter on target creature.")
    with pytest.raises(Unsupported, match="122.1b"):
        finals("{card: Testcard, id: t}, {card: Grizzly Bears, id: b}",
               "[{activate: t, ability: 1, targets: [b]}, {resolve: all}]")


def test_unmodelled_text_that_may_change_counters_is_unsupported_when_counters_are_put(monkeypatch):
    # an unread replacement of counters being put (614.1a, "that many plus one") keeps every scope: the counters
    # guard (``Scope.COUNTERS``) of ``add_counters`` names it, whatever else the event guards
    with_card(monkeypatch, "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
                           "+1/+1 counters are put on it instead.", "Enchantment", name="Scaly Thing")
    (q,) = load_text(BOARD.format(battlefield="{card: Scaly Thing, id: s}, {card: Grizzly Bears, id: b}", bob="",
                                  active="Alice", actions="[{advance: draw}]"))
    assert not isinstance(q, Exception), q
    from mtgjudge.model.engine.kernel.objects import add_counters

    with pytest.raises(Unsupported, match="Scaly Thing.*counters are put on"):
        add_counters(Game(q.state), "b", "+1/+1", 1)


def test_fading_sacrifices_only_when_no_counter_can_be_removed():
    # 702.32a: with one fade counter it survives an upkeep (the counter is removed); with none it is sacrificed
    kept = one(finals("{card: Skyshroud Ridgeback, id: r, counters: {fade: 1}}",
                      "[{advance: next-turn}, {advance: next-turn}, {advance: draw}]", active="Alice"))
    assert zone(kept, "r") == "battlefield" and not kept.state.obj("r").counters
    gone = one(finals("{card: Skyshroud Ridgeback, id: r, counters: {fade: 1}}",
                      "[{advance: next-turn}, {advance: next-turn}, {advance: draw}, {advance: next-turn}, "
                      "{advance: next-turn}, {advance: draw}]", active="Alice"))
    assert zone(gone, "r") == "graveyard"


def test_fading_of_a_permanent_another_player_controls_now_is_not_sacrificed(monkeypatch):
    # 701.21a: a player can't sacrifice a permanent they don't control: the ability's controller lost control of
    # it while the ability waited (given here as the ability on the stack, controlled by Alice)
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3, step: upkeep}
  players:
    Alice:
      library: 3
    Bob:
      battlefield: [{card: Skyshroud Ridgeback, id: r, owner: Alice}]
      library: 3
  stack:
    - {ability: r, index: 2, controller: Alice}
actions: [{resolve: all}]
expect: [{stack_size: 0}]
""")
    g = one(run(Game(q.state), q.actions))
    assert zone(g, "r") == "battlefield"


def test_vanishing_is_the_three_abilities_it_means():
    (line,) = lines("Vanishing 2", "Creature — Beast")
    static, upkeep, last = line.abilities
    assert dict(static.static.args) == {"counter": "time", "n": 2}
    assert upkeep.effects[0].kind == "intervening_if" and upkeep.effects[1].kind == "remove_counter"
    assert (last.trigger_event.event, last.trigger_event.counter) == ("last_counter_removed", "time")
    assert line.rendering == "Vanishing 2"


def test_vanishing_sacrifices_when_a_cost_removes_the_last_time_counter(monkeypatch):
    # 702.63a: "When the last time counter is removed" triggers however it is removed: here by a cost (602.2b)
    with_card(monkeypatch, "Vanishing 2\nRemove a time counter from Testcard: Draw a card.", "Creature — Beast",
              ("2", "2"))
    g = one(finals("{card: Testcard, id: t, counters: {time: 1}}", "[{activate: t, ability: 1}, {resolve: all}]"))
    assert zone(g, "t") == "graveyard"


def test_a_condition_on_the_counters_of_a_source_that_changed_zones_is_unsupported():
    # 400.7: the counters an intervening "if" reads are the source's own; a new object's (or an object whose zone
    # changes the caller does not know) are not read for it
    from mtgjudge.model.engine.intervening import condition_holds
    from mtgjudge.model.vocab.parse import parse_effect
    from mtgjudge.model.words.conditions.read import condition_args

    def marker(condition: str):       # the condition as the compiler reads it
        return parse_effect({"intervening_if": condition_args(condition)})

    (q,) = load_text(BOARD.format(battlefield="{card: Thallid, id: t, counters: {spore: 1}}", bob="", active="Alice",
                                  actions="[{advance: draw}]"))
    g = Game(q.state)
    assert condition_holds(g, marker("~ has a spore counter on it"), "Alice", "t", "603.4", g.moved("t"))
    assert not condition_holds(g, marker("there are two or more spore counters on ~"), "Alice", "t", "603.4",
                               g.moved("t"))
    for moves in (None, g.moved("t") + 1):
        with pytest.raises(Unsupported, match="400.7"):
            condition_holds(g, marker("~ has a spore counter on it"), "Alice", "t", "603.4", moves)


def test_a_count_of_counters_on_the_object_itself(monkeypatch):
    with_card(monkeypatch, "{T}: You gain 1 life for each charge counter on Testcard.")
    g = one(finals("{card: Testcard, id: t, counters: {charge: 3}}", "[{activate: t, ability: 1}, {resolve: all}]"))
    assert g.state.player("Alice").life == 23


def test_a_divinity_counter_of_a_spell_whose_origin_is_not_known_is_unsupported_601_2a():
    # the question put the Myojin on the stack: whether it was cast from the hand is not known, and it decides the
    # counter, so resolving it is refused rather than guessed
    (q,) = load_text("""
id: t
ask: outcome
state:
  stack: [{card: Myojin of Cleansing Fire, id: myojin, controller: Alice}]
  players:
    Alice: {}
    Bob: {}
actions:
  - resolve: 1
expect:
  - {stack_size: 0}
""")
    with pytest.raises(Unsupported, match="where it was cast from"):
        run(Game(q.state), q.actions)


@pytest.mark.parametrize("text", [
    "Testcard enters the battlefield with a divinity counter on it if you cast it from your graveyard.",
    "Testcard enters the battlefield with a divinity counter on it if an opponent cast it from their hand.",
])
def test_near_misses_of_cast_from_your_hand_stay_unmodelled(text):
    (a,) = card(text).faces[0].abilities
    assert a.kind == "unmodelled", a
