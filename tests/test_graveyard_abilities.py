"""Unearth (CR 702.84a): the concept ``words.graveyard_abilities`` (its record, its reader, its performer) and the
replacement effect it leaves on the returned permanent (614.1a, ``engine.zones``). Expected answers derived by hand
from 702.84a, 113.6m, 602.5d, 614.1a and Dregscape Zombie's rulings (2008-10-01) named at each test."""
from __future__ import annotations

import dataclasses

import pytest
import yaml

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import CardDef
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.words.graveyard_abilities import record
from mtgjudge.model.words.graveyard_abilities.read import keyword_ability
from mtgjudge.queries.board import Board
from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.format.questions import read_question
from mtgjudge.queries.runner import run_question
from tests.card_helpers import card

REMINDER = ("({R}: Return this card from your graveyard to the battlefield. It gains haste. Exile it at the "
            "beginning of the next end step or if it would leave the battlefield. Unearth only as a sorcery.)")


def abilities(text: str, type_line: str = "Creature — Zombie") -> tuple[Ability, ...]:
    return card("Frob Digger", type_line, "{1}{R}", text, "2/1").faces[0].abilities


def answer(doc: str, *cards: CardDef) -> tuple[str, object, str]:
    """The status, the answer's value and the message of one question, with ``cards`` beside the built-in ones."""
    d = QuestionValidator(file="<test>", line=1, cards={normalize(c.name): (c, 0) for c in cards})
    r = run_question(read_question(d, {"id": "q", **yaml.safe_load(doc)}))
    return r.status, (r.answer.value if r.answer is not None else None), r.message


# ------------------------------------------------------------------ the record and the reader

def test_unearth_reads_as_the_ability_it_means_702_84a():
    (a,) = abilities("Unearth {R} " + REMINDER)
    assert a.kind == "activated" and a.keyword == "Unearth" and a.zones == ("graveyard",) and a.timing == "sorcery"
    assert [p.kind for p in a.cost] == ["mana"] and not a.targets and not a.unread
    assert [e.kind for e in a.effects] == ["unearth"]
    assert a.render() == "Unearth {R}"
    assert "exile it instead of putting it anywhere else" in a.effects[0].text()


def test_unearth_is_one_item_of_a_keyword_line():
    first, second = abilities("Flying, unearth {2}{U}")
    assert first.kind == "keyword" and second.keyword == "Unearth" and second.render() == "Unearth {2}{U}"


def test_near_miss_an_unearth_cost_that_is_not_mana_stays_unmodelled_in_the_graveyard():
    # the keyword table's row keeps what the reader does not read: an activated ability of the graveyard
    for text in ("Unearth—Pay 3 life.", "Unearth {R} if you control a Swamp"):
        (a,) = abilities(text)
        assert a.kind == "unmodelled" and a.zones == ("graveyard",), text


def test_near_miss_unearth_granted_to_other_cards_stays_unmodelled():
    # "Each creature card in your graveyard has unearth {2}{B}": a static granting the keyword, not read; it may
    # concern what is activated anywhere (no narrowing), and a question it could influence is unsupported
    (a,) = abilities("Each creature card in your graveyard has unearth {2}{B}.", "Legendary Creature — Zombie")
    assert a.kind == "unmodelled" and a.zones == () and a.may_concern(Scope.ACTIVATION)
    status, _, msg = answer("""
ask: can-activate
about: zombie
ability: Unearth
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, {card: Frob Digger, id: king}]
      graveyard: [{card: Dregscape Zombie, id: zombie}]
    Bob: {library: 3}
""", card("Frob Digger", "Legendary Creature — Zombie", "{5}{B}{B}",
          "Each creature card in your graveyard has unearth {2}{B}.", "5/5"))
    assert status == "unsupported" and "has unearth {2}{B}" in msg, (status, msg)


def test_the_reader_reads_no_unearth_on_a_spell():
    assert keyword_ability("Unearth {R}", spell=True) is None
    assert keyword_ability("Unearth", spell=False) is None
    assert keyword_ability("Unearth {R}", spell=False) is not None


def test_validate_refuses_an_unearth_that_is_not_what_the_keyword_means():
    (a,) = abilities("Unearth {R}")
    for changed in (dataclasses.replace(a, timing="any"), dataclasses.replace(a, zones=("hand",)),
                    dataclasses.replace(a, cost=()), dataclasses.replace(a, effects=()),
                    dataclasses.replace(a, targets=("target creature",)), dataclasses.replace(a, keyword="Frob")):
        with pytest.raises(DefinitionError):
            record.validate(changed)
        assert record.render(changed, "{R}") is None


# ------------------------------------------------------------------ activating and resolving it

BOARD = """
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [Mountain]
      graveyard: [{card: Frob Digger, id: digger}]
      library: 3
    Bob: {library: 3}
"""


def test_unearth_is_listed_among_the_legal_actions_from_the_graveyard():
    b = Board.build({"Alice": {"battlefield": ["Swamp"], "graveyard": [{"card": "Dregscape Zombie", "id": "z"}]}},
                    turn={"active": "Alice", "step": "precombat-main"})
    listed = {(a.kind, a.object, a.status) for a in b.legal_actions("Alice")}
    assert ("activate", "z", "legal") in listed
    upkeep = Board.build({"Alice": {"battlefield": ["Swamp"], "graveyard": [{"card": "Dregscape Zombie", "id": "z"}]}},
                         turn={"active": "Alice", "step": "upkeep"})
    assert not any(a.object == "z" for a in upkeep.legal_actions("Alice"))     # 602.5d: only as a sorcery


def test_unearthed_creature_is_exiled_whenever_it_would_leave_702_84a():
    digger = card("Frob Digger", "Creature — Zombie", "{1}{R}", "Unearth {R}", "2/1")
    for act in ("destroy", "sacrifice", "bounce"):
        status, value, msg = answer("ask: outcome\n" + BOARD + f"actions:\n  - activate: digger\n  - resolve: all\n"
                                    f"  - {act}: digger\nexpect:\n  - {{object: digger, zone: exile}}\n", digger)
        assert (status, value) == ("pass", True), (act, msg)


def test_an_exile_effect_succeeds_and_exiles_it_once():
    # ruling 2008-10-01: an effect that exiles it succeeds (the replacement changes nothing: it is exiled anyway)
    digger = card("Frob Digger", "Creature — Zombie", "{1}{R}", "Unearth {R}", "2/1")
    status, value, msg = answer("ask: outcome\n" + BOARD + "actions:\n  - activate: digger\n  - resolve: all\n"
                                "  - exile: digger\nexpect:\n  - {object: digger, zone: exile}\n", digger)
    assert (status, value) == ("pass", True), msg


# ------------------------------------------------------------------ scavenge (702.97a)

def test_scavenge_reads_as_the_ability_it_means_702_97a():
    (a,) = abilities("Scavenge {3}{B}{G} ({3}{B}{G}, Exile this card from your graveyard: Put a number of +1/+1 "
                     "counters equal to this card's power on target creature. Scavenge only as a sorcery.)")
    assert a.kind == "activated" and a.keyword == "Scavenge" and a.zones == ("graveyard",) and a.timing == "sorcery"
    assert [p.kind for p in a.cost] == ["mana", "exile_self_from_graveyard"] and a.targets == ("target creature",)
    assert [(e.kind, e.arg("target")) for e in a.effects] == [("scavenge", "creature")]
    assert a.render() == "Scavenge {3}{B}{G}"
    assert "power of the card you exiled" in a.effects[0].text()


def test_near_miss_a_scavenge_item_that_is_not_a_mana_cost_stays_unmodelled_in_the_graveyard():
    for text in ("Scavenge—Pay 3 life.", "Scavenge {2}{G} if you control a Forest"):
        (a,) = abilities(text)
        assert a.kind == "unmodelled" and a.zones == ("graveyard",), text
    (a,) = abilities("Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost.")
    assert a.kind == "unmodelled"


def test_validate_refuses_a_scavenge_that_is_not_what_the_keyword_means():
    (a,) = abilities("Scavenge {2}{G}")
    for changed in (dataclasses.replace(a, timing="any"), dataclasses.replace(a, zones=("hand",)),
                    dataclasses.replace(a, cost=a.cost[:-1]), dataclasses.replace(a, effects=()),
                    dataclasses.replace(a, targets=()), dataclasses.replace(a, keyword="Unearth")):
        with pytest.raises(DefinitionError):
            record.validate_scavenge(changed)
        assert record.render_scavenge(changed, "{2}{G}") is None


def test_near_miss_a_power_the_model_does_not_know_is_unsupported():
    # 702.97a counts the exiled card's power; a power of * defined by a characteristic-defining ability the model
    # does not read (604.3: it functions in every zone, exile too) is not a number it knows: unsupported, never a guess
    star = card("Frob Star", "Creature — Zombie", "{2}{G}",
                "Frob Star's power is equal to the number of frobs you frobbed this turn.\nScavenge {1}", "*/1")
    status, _, msg = answer("""
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [Forest, {card: Grizzly Bears, id: bears}]
      graveyard: [{card: Frob Star, id: star}]
      library: 3
    Bob: {library: 3}
actions:
  - {activate: star, targets: [bears]}
  - resolve: all
expect:
  - {object: star, zone: exile}
""", star)
    assert status == "unsupported" and "power" in msg, (status, msg)


def test_exile_this_card_from_your_graveyard_is_paid_from_the_graveyard_113_6j():
    # the cost part scavenge's ability has: paid by the card itself, only in its owner's graveyard (406.3)
    digger = card("Frob Digger", "Creature — Zombie", "{1}{R}", "{1}, Exile this card from your graveyard: Draw a card.",
                  "2/1")
    status, value, msg = answer("ask: outcome\n" + BOARD + "actions:\n  - activate: digger\n  - resolve: all\n"
                                "expect:\n  - {object: digger, zone: exile}\n  - {player: Alice, hand_size: 1}\n",
                                digger)
    assert (status, value) == ("pass", True), msg
    status, value, msg = answer(BOARD.replace("graveyard: [{card: Frob Digger, id: digger}]",
                                              "hand: [{card: Frob Digger, id: digger}]")
                                + "ask: can-activate\nabout: digger\nability: 1\n", digger)
    assert value is False, (status, value, msg)     # from the hand: the cost exiles it from the graveyard
