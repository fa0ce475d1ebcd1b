"""The costs a spell's own text adds or offers: alternative costs (118.9), additional
costs (118.8, 601.2b, 601.2f-h) and cost reductions of the spell itself (601.2f). Expected answers come from
the CR and Gatherer rulings, derived by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.scopes import scopes_of
from mtgjudge.model.vocab.scopes import Scope


def _spell_line(text: str):
    """The abilities an instant's line compiles to (text already normalized: the spell is "~")."""
    return compile_line(text, text, LineContext(spell=True))


# ---------------------------------------------------------------- alternative costs (118.9)

ALTERNATIVE = [
    # Daze, Gush, Fireblast, Flameshot, Snuff Out, Invigorate, Land Grant, Cobra Trap (2018 Oracle wording)
    "You may return an Island you control to its owner's hand rather than pay ~'s mana cost.",
    "You may return two Islands you control to their owner's hand rather than pay ~'s mana cost.",
    "You may sacrifice two Mountains rather than pay ~'s mana cost.",
    "You may discard a Mountain card rather than pay ~'s mana cost.",
    "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost.",
    "If you control a Forest, rather than pay ~'s mana cost, you may have an opponent gain 3 life.",
    "If you have no land cards in hand, you may reveal your hand rather than pay ~'s mana cost.",
    "If a noncreature permanent under your control was destroyed this turn by a spell or ability an opponent "
    "controlled, you may pay {G} rather than pay ~'s mana cost.",
]


#: Those whose cost and condition are read: the ``alternative_cost`` word (cost as the cost grammar reads it).
READ_ALTERNATIVE = {
    ALTERNATIVE[0]: {"cost": "Return an Island you control to its owner's hand"},
    ALTERNATIVE[1]: {"cost": "Return two Islands you control to their owner's hand"},
    ALTERNATIVE[2]: {"cost": "Sacrifice two Mountains"},
    ALTERNATIVE[3]: {"cost": "Discard a Mountain card"},
    ALTERNATIVE[4]: {"cost": "Pay 4 life", "if_control": "a Swamp you control"},
}


@pytest.mark.parametrize("line", ALTERNATIVE)
def test_an_alternative_cost_is_read_or_only_offers_a_way_to_cast(line):
    """118.9: an alternative cost is a way to cast the spell instead of paying its mana cost; its condition says
    when that way exists. Read, it is the ``alternative_cost`` word; not read (a cost or condition the grammar
    doesn't know), it only offers another way to cast the spell: cast for its mana cost, nothing of it applies
    (601.2b: it was not chosen)."""
    (ab,) = _spell_line(line)
    if line in READ_ALTERNATIVE:
        assert ab.kind == "static" and ab.static.kind == "alternative_cost"
        assert {k: ab.static.arg(k) for k in ("cost", "if_control") if ab.static.arg(k)} == READ_ALTERNATIVE[line]
    else:
        assert ab.kind == "unmodelled" and ab.unmodelled_kind == "static"
        assert ab.scope == (Scope.CAST_OPTIONS,)


def test_force_of_will_alternative_cost_is_read():
    """Force of Will (Oracle): "pay 1 life and exile a blue card from your hand" is two parts (118.8, 118.9), the
    second an ``exile_from_hand`` part of blue cards."""
    (ab,) = _spell_line("You may pay 1 life and exile a blue card from your hand rather than pay ~'s mana cost.")
    assert ab.kind == "static" and ab.static.kind == "alternative_cost"
    assert ab.static.arg("cost") == "Pay 1 life, exile a blue card from your hand"
    life, exile = phrases.cost_parts(ab.static.arg("cost"))
    assert (life.kind, life.n) == ("pay_life", 1)
    assert (exile.kind, exile.n, exile.what.colors) == ("exile_from_hand", 1, ("U",))
    assert exile.text() == "Exile a blue card from your hand"


def test_two_cards_exiled_from_hand():
    """Allosaurus Rider (Oracle): "exile two green cards from your hand": one part, two cards."""
    (ab,) = _spell_line("You may exile two green cards from your hand rather than pay ~'s mana cost.")
    (exile,) = phrases.cost_parts(ab.static.arg("cost"))
    assert (exile.kind, exile.n, exile.what.colors) == ("exile_from_hand", 2, ("G",))
    assert exile.text() == "Exile two green cards from your hand"


def test_shoal_exile_with_mana_value_x_stays_a_cast_option():
    """Near miss (Disrupting Shoal): "a blue card with converted mana cost X" ties the card to the spell's X, which
    no cost part reads: the line stays unread, only another way to cast the spell."""
    (ab,) = _spell_line("You may exile a blue card with converted mana cost X from your hand rather than pay ~'s "
                        "mana cost.")
    assert ab.kind == "unmodelled" and ab.scope == (Scope.CAST_OPTIONS,)


@pytest.mark.parametrize("line", [
    # near misses: an instruction that says "rather than", a cost the spell always adds, a cost of another ability
    "You may draw a card rather than pay ~'s mana cost. Destroy target creature.",
    "As long as you have seven or more cards in hand, you may pay {0} rather than pay cycling costs.",
    "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost. ~ deals 2 damage to you.",
])
def test_other_rather_than_lines_keep_every_scope(line):
    assert scopes_of(line, "static") != (Scope.CAST_OPTIONS,)


# ---------------------------------------------------------------- additional costs (118.8)

from mtgjudge.model.errors import DefinitionError            # noqa: E402
from mtgjudge.model.rules.costs import with_x               # noqa: E402
from mtgjudge.model.vocab import phrases                    # noqa: E402
from mtgjudge.model.vocab.abilities import X_COUNT          # noqa: E402


def _additional(text: str):
    """The static word an instant's "As an additional cost to cast ~, ..." line compiles to."""
    (ab,) = _spell_line(f"As an additional cost to cast ~, {text}.")
    return ab


@pytest.mark.parametrize("text,kind,n", [
    ("pay X life", "pay_life", X_COUNT),                       # Toxic Deluge
    ("discard X cards", "discard", X_COUNT),                   # Sickening Dreams
    ("exile X cards from your graveyard", "exile_from_graveyard", X_COUNT),   # Harvest Pyre
    ("sacrifice X lands", "sacrifice", X_COUNT),               # Devastating Summons
    ("return X Swamps you control to their owner's hand", "return_to_hand", X_COUNT),  # Infernal Harvest
    ("discard a land card", "discard", 1),                     # Magmatic Insight
    ("discard a card at random", "discard", 1),                # Acceptable Losses
    ("exile X creature cards from your graveyard", "exile_from_graveyard", X_COUNT),  # Chill Haunting
    ("sacrifice an artifact or creature", "sacrifice", 1),     # Artillerize
    ("put a -1/-1 counter on a creature you control", "put_counters_on", 1),   # Lethal Sting
])
def test_additional_costs_are_read(text, kind, n):
    ab = _additional(text)
    assert ab.kind == "static" and ab.static.kind == "additional_cost"
    (part,) = phrases.cost_parts(ab.static.arg("cost"), True)
    assert (part.kind, part.n) == (kind, n)


def test_two_parts_joined_by_and():
    """Ruthless Disposal: "discard a card and sacrifice a creature" is one cost of two parts (ruling 2016-07-13)."""
    ab = _additional("discard a card and sacrifice a creature")
    parts = phrases.cost_parts(ab.static.arg("cost"), True)
    assert [p.kind for p in parts] == ["discard", "sacrifice"]


def test_qualities_alternatives_and_random():
    (land,) = phrases.cost_parts("Discard a land card")
    assert land.what.types == ("Land",) and not land.at_random
    (rand,) = phrases.cost_parts("Discard a card at random")
    assert rand.at_random and rand.what is None
    (sac,) = phrases.cost_parts("Sacrifice an artifact or creature")
    assert {sac.what.types, sac.alternatives[0].types} == {("Artifact",), ("Creature",)}
    assert all(s.controller == "you" for s in (sac.what,) + sac.alternatives)


@pytest.mark.parametrize("text", [
    # near misses: an X is read only in a spell's additional cost (activation and mana abilities keep it unread)
    "Pay X life", "Sacrifice X lands", "Discard X cards",
])
def test_x_parts_stay_unread_outside_additional_costs(text):
    with pytest.raises(DefinitionError):
        phrases.cost_parts(text)
    (part,) = phrases.cost_parts(text, True)
    assert with_x(part, 3).n == 3 and with_x(part, 0).n == 0


def test_a_choice_between_two_costs():
    """601.2b: "discard a card or pay {5}" (Lightning Axe), "reveal a Dinosaur card from your hand or pay {1}": two
    costs, the caster announcing which; "sacrifice a creature or land" stays one cost of two kinds."""
    ab = _additional("discard a card or pay {5}")
    assert (ab.static.arg("cost"), ab.static.arg("or_cost")) == ("Discard a card", "Pay {5}")
    ab = _additional("reveal a Dinosaur card from your hand or pay {1}")
    (reveal,) = phrases.cost_parts(ab.static.arg("cost"))
    assert reveal.kind == "reveal_from_hand" and reveal.what.subtypes == ("Dinosaur",)
    ab = _additional("sacrifice a creature or land")
    assert ab.static.arg("or_cost") is None


@pytest.mark.parametrize("text", [
    # near misses that stay unread: a choice with an unread side, an optional one, "any number", a quality not read
    "discard a card or pay {X} life and draw a card",
    "you may reveal a Dragon card from your hand",
    "sacrifice any number of creatures",
    "put two -1/-1 counters on two creatures you control",
    "choose a number between 0 and 5",
])
def test_other_additional_costs_stay_unread(text):
    assert _additional(text).kind == "unmodelled"


# ---------------------------------------------------------------- the spell's own cost reductions (601.2f)

from mtgjudge.model.words.costs.read import self_cost_reduction


@pytest.mark.parametrize("line,data", [
    ("~ costs {1} less to cast for each creature on the battlefield.",
     {"amount": 1, "per": "creature on the battlefield"}),
    ("~ costs {2} less to cast if you control a Wizard.",
     {"amount": 2, "if_count": "a Wizard you control", "at_least": 1}),
    ("~ costs {1} less to cast if you control three or more artifacts.",
     {"amount": 1, "if_count": "artifacts you control", "at_least": 3}),
    ("~ costs {3} less to cast if there are ten or more nonland permanents on the battlefield.",
     {"amount": 3, "if_count": "nonland permanents on the battlefield", "at_least": 10}),
    ("~ costs {1} less to cast for each creature card in your graveyard.",
     {"amount": 1, "per": "creature card in your graveyard"}),
    ("~ costs {2} less to cast if there are four or more card types among cards in your graveyard.",
     {"amount": 2, "if_count": "card types among cards in your graveyard", "at_least": 4}),
])
def test_reductions_read(line, data):
    assert self_cost_reduction(line) == {"kind": "self_cost_reduction", **data}


@pytest.mark.parametrize("line", [
    # near misses: counts the engine doesn't know (attacking creatures, card types), or the targets chosen
    "~ costs {1} less to cast for each attacking creature.",
    "~ costs {2} less to cast for each card type among cards in your graveyard.",
    "~ costs {2} less to cast if it targets a Dinosaur you control.",
    "~ costs {1} more to cast for each creature on the battlefield.",
])
def test_other_reductions_stay_unread(line):
    assert self_cost_reduction(line) is None


# ---------------------------------------------------------------- evoke (702.74a)

def _creature_line(text: str):
    return compile_line(text, text, LineContext(spell=False))


@pytest.mark.parametrize("line, cost", [
    ("Evoke {2}{U}", "{2}{U}"),                                           # Mulldrifter
    ("Evoke—Exile a white card from your hand.", "Exile a white card from your hand"),   # Solitude
])
def test_evoke_is_an_alternative_cost_and_a_sacrifice_trigger(line, cost):
    """702.74a: "Evoke [cost]" means "You may cast this card by paying [cost] rather than paying its mana cost" and
    "When this permanent enters, if its evoke cost was paid, its controller sacrifices it"."""
    static, trigger = _creature_line(line)
    assert static.kind == "static" and static.static.kind == "alternative_cost"
    assert (static.static.arg("cost"), static.static.arg("keyword")) == (cost, "Evoke")
    assert trigger.kind == "triggered" and trigger.intervening == "evoked"
    assert [e.kind for e in trigger.effects] == ["sacrifice_self"]
    assert (trigger.trigger_event.event, trigger.trigger_event.who) == ("enters", "self")
    from mtgjudge.model.oracle.reading import render_line
    assert render_line((static, trigger)) == line.rstrip(".")


@pytest.mark.parametrize("line", [
    "Evoke—Exile a blue card with converted mana cost X from your hand.",   # a cost part not read
    "Evoke",                                                               # no cost
])
def test_evoke_not_read_whole_stays_unmodelled(line):
    (a,) = _creature_line(line)
    assert a.kind == "unmodelled"


def test_evoke_intervening_if_is_decided_by_the_permanents_memory():
    """603.4, 702.74a: the permanent remembers whether its spell was evoked; one the question put on the stack, or
    a permanent that was no spell, is not evoked unless the actions cast it so."""
    from mtgjudge.model.words.kicker.perform import intervening_holds
    from mtgjudge.model.errors import Unsupported

    class Obj:
        name, id, kicked, tribute_paid, renowned, counters = "Mulldrifter", "md", (), None, False, ()

        def __init__(self, evoked: bool, cast_from: str):
            self.evoked, self.cast_from = evoked, cast_from

    assert intervening_holds("evoked", Obj(True, "hand")) is True
    assert intervening_holds("evoked", Obj(False, "hand")) is False
    assert intervening_holds("evoked", Obj(False, "")) is False          # ruling 2018-07-13: entered without being cast
    with pytest.raises(Unsupported, match="evoke cost"):
        intervening_holds("evoked", Obj(False, "?"))


def test_evoke_by_exiling_a_card_from_the_hand_is_cast_and_sacrificed():
    """702.74a with a cost that is no mana (Solitude's "Evoke—Exile a white card from your hand."): cast for it, the
    spell can't exile itself (601.2a), another white card is exiled, and the permanent is sacrificed as it enters;
    with no other white card in hand it can't be cast that way."""
    from tests.test_narrowing import answer, card
    frob = card("Frob Elemental", "Creature — Elemental", "{3}{W}{W}", "Lifelink\nEvoke—Exile a white card from your "
                "hand.", "3/2")
    doc = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: []
      hand: [{card: Frob Elemental, id: frob}, {card: %s, id: other}]
    Bob: {}
actions:
  - cast: frob
    alternative: true
  - resolve: all
expect:
  - {object: frob, zone: graveyard}
  - {object: other, zone: exile}
"""
    assert answer(doc % "Pacifism", frob)[:2] == ("pass", True)
    status, value, _ = answer(doc % "Lightning Bolt", frob)
    assert value == "illegal"


# ---------------------------------------------------------------- affinity (702.41) and permanents' taxes (601.2f)

from mtgjudge.model.words.costs.read import affinity                 # noqa: E402


@pytest.mark.parametrize("line, per", [
    ("Affinity for artifacts", "artifacts you control"),             # Frogmite, Myr Enforcer, Thoughtcast
    ("Affinity for Plains", "Plains you control"),                   # Razor Golem
    ("Affinity for Forests", "Forests you control"),                 # Tangle Golem
])
def test_affinity_means_the_spells_own_reduction_702_41a(line, per):
    """702.41a: "Affinity for [text]" means "This spell costs {1} less to cast for each [text] you control": the
    ``self_cost_reduction`` word (counted by ``rules.counts`` as the total cost is determined, 601.2f), said back
    as the keyword."""
    (ab,) = _spell_line(line)
    assert ab.kind == "static" and ab.static.kind == "self_cost_reduction" and ab.keyword == "Affinity"
    assert (ab.static.arg("amount"), ab.static.arg("per")) == (1, per)
    assert ab.render() == line + "."
    (creature,) = compile_line(line, line, LineContext(spell=False))
    assert creature.static == ab.static


@pytest.mark.parametrize("line", [
    # near misses: a quality the count reader does not read (outlaws, 700.12; historic, 700.6), a quality that is
    # no permanent the player controls
    "Affinity for outlaws",
    "Affinity for historic permanents",
    "Affinity for cards in your graveyard",
    "Affinity",
])
def test_affinity_not_read_whole_stays_unmodelled(line):
    (ab,) = _spell_line(line)
    assert ab.kind == "unmodelled" and Scope.SPELL_COSTS in ab.scope


def test_affinity_record_means_one_less_for_each():
    """702.41a says the amount and the count: an ``affinity`` word with another amount or count is refused."""
    from mtgjudge.model.vocab.parse import parse_static
    assert affinity("for artifacts") == {"kind": "self_cost_reduction", "amount": 1, "per": "artifacts you control",
                                         "affinity": "artifacts"}
    with pytest.raises(DefinitionError):
        parse_static({"kind": "self_cost_reduction", "amount": 2, "per": "artifacts you control",
                      "affinity": "artifacts"})
    with pytest.raises(DefinitionError):
        parse_static({"kind": "self_cost_reduction", "amount": 1, "per": "creatures you control",
                      "affinity": "artifacts"})


def _costs_line(text: str):
    (ab,) = compile_line(text, text, LineContext(spell=False))
    return ab


def test_spells_your_opponents_cast():
    """601.2f: "Spells your opponents cast cost {1} more to cast" (Grand Arbiter Augustin IV, Aura of Silence): the
    one ``cost_increase`` word Thalia's tax is, only for spells an opponent of its controller casts."""
    ab = _costs_line("Spells your opponents cast cost {1} more to cast.")
    assert ab.static.kind == "cost_increase" and ab.static.arg("opponents_cast") is True
    assert ab.render() == "Spells your opponents cast cost {1} more to cast."
    ab = _costs_line("Artifact and enchantment spells your opponents cast cost {2} more to cast.")
    assert (ab.static.arg("spells"), ab.static.arg("amount")) == ("artifact and enchantment spells", 2)


@pytest.mark.parametrize("line", [
    # near misses: a tax that depends on the spell's targets or a condition, a color pair the phrase reader doesn't
    # take as one word, spells from another zone cast by opponents
    "Spells your opponents cast that target a Merfolk you control cost {2} more to cast.",
    "As long as ~ is tapped, creature spells you cast cost {1} less to cast.",
    "Spells your opponents cast from anywhere other than their hands cost {2} more to cast.",
    # a capital that names no subtype (205.3): historic (700.6), face-down, Premium
    "Historic spells you cast cost {1} less to cast.",
    "Face-down creature spells you cast cost {1} less to cast.",
    "Premium spells cost {1} less to cast.",
])
def test_other_taxes_stay_unread(line):
    assert _costs_line(line).kind == "unmodelled"


def test_color_words_name_spells():
    """"White spells" (Grand Arbiter Augustin IV): a spell of that color (105.2); two color words in one phrase are
    not read as one."""
    from mtgjudge.model.rules.costs import spells_match
    from mtgjudge.model.rules.spending import Purpose
    white = Purpose("spell", frozenset({"Instant"}), frozenset(), frozenset({"W"}))
    blue_creature = Purpose("spell", frozenset({"Creature"}), frozenset(), frozenset({"U"}))
    assert spells_match("white spells", white) and not spells_match("white spells", blue_creature)
    assert spells_match("red creature spells and blue creature spells", blue_creature)
    with pytest.raises(DefinitionError):
        spells_match("white blue spells", white)


@pytest.mark.parametrize("line, spells", [
    ("Noncreature spells cost {1} more to cast.", "noncreature spells"),
    ("Goblin spells you cast cost {1} less to cast.", "Goblin spells"),        # Goblin Warchief: a subtype's capital
    ("Kithkin spells and Soldier spells you cast cost {1} less to cast.", "Kithkin spells and Soldier spells"),
    ("White spells you cast cost {1} less to cast.", "white spells"),
])
def test_the_spells_phrase_is_kept_as_the_cost_rule_reads_it(line, spells):
    """601.2f: the phrase a tax or reduction stores is the one ``rules.costs.spells_match`` reads as the total cost
    is determined (a sentence's capital lowered, a subtype's kept)."""
    from mtgjudge.model.rules.costs import spells_match
    from mtgjudge.model.rules.spending import Purpose
    ab = _costs_line(line)
    assert ab.static.arg("spells") == spells
    spells_match(spells, Purpose("spell"))
    assert ab.render() == line


# ------------------------------------------------------------------ undaunted (702.125)

def test_undaunted_reads_as_the_reduction_it_means_and_says_the_keyword_702_125a():
    from tests.card_helpers import card
    for line in ("Undaunted (This spell costs {1} less to cast for each opponent.)", "Undaunted"):
        (a, _) = card("Frob Wrath", "Sorcery", "{6}{W}", line + "\nDestroy all creatures.").faces[0].abilities
        assert a.kind == "static" and a.static.kind == "self_cost_reduction" and a.keyword == "Undaunted"
        assert (a.static.arg("amount"), a.static.arg("per"), a.static.arg("undaunted")) == (1, "opponent you have", True)
        assert a.render().rstrip(".") == "Undaunted"


def test_undaunted_means_one_less_per_opponent_and_nothing_else():
    from mtgjudge.model.vocab.parse import parse_static
    with pytest.raises(DefinitionError):
        parse_static({"kind": "self_cost_reduction", "amount": 2, "per": "opponent you have", "undaunted": True})
    with pytest.raises(DefinitionError):
        parse_static({"kind": "self_cost_reduction", "amount": 1, "per": "creature you control", "undaunted": True})


def test_opponents_who_left_the_game_are_not_counted_702_125b():
    # 702.125b, 800.4a; no teams modelled: every other player still in the game is an opponent (102.3)
    from mtgjudge.model.rules import counts
    from mtgjudge.model.state import GameState, Player, Turn
    st = GameState(players=tuple(Player(n) for n in ("Alice", "Bob", "Carol", "Dave")), objects=(),
                   turn=Turn(active="Alice", number=1))
    opponents = counts.parse("opponent you have")
    assert counts.value(st, "Alice", opponents) == 3
    assert counts.value(st.evolve(left=("Bob",)), "Alice", opponents) == 2
    assert counts.value(st.evolve(left=("Bob", "Carol", "Dave")), "Alice", opponents) == 0
    assert counts.value(st.evolve(left=("Bob",)), "Carol", opponents) == 2
