"""Every word of the card encoding against every consumer (vocab.words): each word is implemented where it says
it is and nowhere else claims it; a consumer meeting a word it does not implement, in a scope it covers,
says unsupported; and the card loader refuses definitions that break a word's schema or checks."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.loader import CardDefinitionError, load_text
from mtgjudge.model.engine.entering import ENTERING_WORDS
from mtgjudge.model.engine.on_stack import ON_STACK_WORDS
from mtgjudge.model.engine.performers import PERFORMERS
from mtgjudge.model.engine.sba import PT_WORDS
from mtgjudge.model.engine.shields import PREVENTION_WORDS
from mtgjudge.model.engine.zones import GRAVEYARD_WORDS, LEAVING_STACK_WORDS
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.legality import CAST_OPTION_WORDS
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.payment.problem import COST_PARTS
from mtgjudge.model.rules.mana_sources import PAID_EFFECTS
from mtgjudge.model.rules.costs import SPELL_COST_WORDS
from mtgjudge.model.rules.guards import require_modelled
from mtgjudge.model.rules.in_force import LASTING_WORDS
from mtgjudge.model.rules.layers import APPLIERS, CONDITIONAL_WORDS, CONTROLLERS, PARTS
from mtgjudge.model.rules.mana_options import MANA_ABILITY_COST_PARTS, MANA_ABILITY_EFFECTS
from mtgjudge.model.rules.mana_production import REPLACEMENTS
from mtgjudge.model.rules.permissions import PERMISSION_WORDS
from mtgjudge.model.rules.spending import SPENDING_WORDS
from mtgjudge.model.rules.timing import TIMING_WORDS
from mtgjudge.model.rules.combat.declare import DECLARING_WORDS
from mtgjudge.model.engine.combat_damage import COMBAT_DAMAGE_WORDS
from mtgjudge.model.words.tapping.perform import UNTAP_STEP_WORDS
from mtgjudge.model.engine.kernel.players import DISCARD_WORDS, DRAW_WORDS
from mtgjudge.model.words.library.perform import HAND_SIZE_WORDS
from mtgjudge.model.words.suspend.perform import SUSPEND_WORDS
from mtgjudge.model.words.timing.perform import FLASH_PERMISSION_WORDS
from mtgjudge.model.vocab.abilities import Ability, StaticEffect
from mtgjudge.model.rules.restrictions import RESTRICTION_WORDS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words import CONSUMER_OF, CONSUMERS, COST_WORDS, EFFECT_WORDS, STATIC_WORDS
from mtgjudge.model.build import obj, state_of

ALL_WORDS = {**STATIC_WORDS, **EFFECT_WORDS, **{f"cost:{k}": w for k, w in COST_WORDS.items()}}


def claimed(words, consumer: str) -> set[str]:
    return {w.name for w in words.values() if consumer in w.handled_by}


def test_every_word_has_a_consumer_or_is_text_only():
    for name, w in ALL_WORDS.items():
        assert w.handled_by <= set(CONSUMERS), name
        assert bool(w.handled_by) != w.text_only, f"{name}: implemented by nobody, or text-only and implemented"
        assert w.scopes <= set(Scope), name


# Each consumer's own table of the words it implements, against the words that say it implements them.
@pytest.mark.parametrize("consumer,family,table", [
    ("layers", STATIC_WORDS, set(APPLIERS) | set(CONDITIONAL_WORDS) | set(PARTS) | set(CONTROLLERS)),
    ("mana", STATIC_WORDS, set(REPLACEMENTS) | set(RESTRICTION_WORDS)),
    ("payment", STATIC_WORDS, set(SPELL_COST_WORDS) | set(SPENDING_WORDS)),
    ("permissions", STATIC_WORDS, set(PERMISSION_WORDS) | set(CAST_OPTION_WORDS)),
    ("engine", STATIC_WORDS, set(ENTERING_WORDS) | set(PT_WORDS) | set(ON_STACK_WORDS)
                                 | set(LEAVING_STACK_WORDS) | set(GRAVEYARD_WORDS) | set(PREVENTION_WORDS)
                                 | set(DECLARING_WORDS) | set(COMBAT_DAMAGE_WORDS) | set(UNTAP_STEP_WORDS) | set(DISCARD_WORDS)
                                 | set(SUSPEND_WORDS) | set(DRAW_WORDS) | set(HAND_SIZE_WORDS) | set(FLASH_PERMISSION_WORDS)),
    ("timing", STATIC_WORDS, set(TIMING_WORDS) | set(RESTRICTION_WORDS)),
    ("in-force", STATIC_WORDS, set()),
    ("engine", EFFECT_WORDS, set(PERFORMERS)),
    ("mana", EFFECT_WORDS, set(MANA_ABILITY_EFFECTS)),
    ("in-force", EFFECT_WORDS, set(LASTING_WORDS)),
    ("payment", EFFECT_WORDS, set(PAID_EFFECTS)),
    ("payment", COST_WORDS, set(COST_PARTS)),
    ("mana", COST_WORDS, set(MANA_ABILITY_COST_PARTS)),
])
def test_consumer_tables_match_the_words(consumer, family, table):
    assert table == claimed(family, consumer)


def _with_word(word: Word):
    """A board with one permanent whose static ability is ``word`` (a probe of the guard)."""
    probe = CardDef((Face("Probe Relic", types=("Artifact",),
                          abilities=(Ability("static", static=StaticEffect(word.name, None, (), word)),)),))
    return state_of(obj("elves", "Llanowar Elves"), replace(obj("relic", "Fervor"), card=probe))


@pytest.mark.parametrize("scope", list(Scope))
def test_a_consumer_refuses_a_word_it_does_not_implement(scope):
    # A word that changes this scope, implemented by nobody: the consumer covering the scope refuses it.
    state = _with_word(Word("probe", "static", {}, lambda s: "Probe text", frozenset({scope}), frozenset()))
    with pytest.raises(Unsupported, match=CONSUMER_OF[scope]):
        require_modelled(state, (scope,))
    # Implemented by that consumer: no refusal.
    ok = _with_word(Word("probe", "static", {}, lambda s: "Probe text", frozenset({scope}), frozenset({CONSUMER_OF[scope]})))
    require_modelled(ok, (scope,))


def test_the_kinds_refuse_words_of_their_scopes():
    from mtgjudge.model.legality import can_activate, can_pay, can_play
    from mtgjudge.model.rules.could_produce import could_produce
    from mtgjudge.model.rules.costs import TotalCost
    from mtgjudge.model.rules.layers import activated_abilities
    from mtgjudge.model.mana import parse_cost

    def probe(scope):
        return _with_word(Word("probe", "static", {}, lambda s: "Probe", frozenset({scope}), frozenset()))

    with pytest.raises(Unsupported, match="mana part"):
        could_produce(probe(Scope.MANA), "elves")
    with pytest.raises(Unsupported):
        can_pay(probe(Scope.SPELL_COSTS), "Alice", TotalCost(parse_cost("{G}")))
    s = probe(Scope.ACTIVATION)
    with pytest.raises(Unsupported):
        can_activate(s, "elves", 1, activated_abilities(s, "elves")[0], "Alice")
    s2 = state_of(obj("bears", "Grizzly Bears", zone="hand"), obj("f", "Forest"), obj("f2", "Forest"),
                  replace(obj("relic", "Fervor"), card=probe(Scope.CASTING).obj("relic").card))
    with pytest.raises(Unsupported):
        can_play(s2, "bears", "Alice")


BROKEN = {
    "mana_change_type to a letter that is no mana": """
name: Broken Moon
type: Instant
abilities:
  - effect: {lasting: {static: {kind: mana_change_type, to: Q, affects: nonbasic land}, until: end_of_turn}}
""",
    "set_land_type with a misspelled land type": """
name: Broken Seas
type: Enchantment — Aura
abilities:
  - static: {kind: set_land_type, types: [Forrest], enchanted: true}
""",
    "kicker whose cost is not a cost": """
name: Broken Kick
cost: "{R}"
type: Instant
abilities:
  - static: {kind: kicker, cost: "{4"}
""",
    "a key given twice": """
name: Twice Named
name: Twice Named Again
type: Land
""",
}


@pytest.mark.parametrize("what", list(BROKEN))
def test_the_loader_refuses_broken_definitions(what):
    with pytest.raises(CardDefinitionError) as e:
        load_text(BROKEN[what], "broken.yaml")
    assert "broken.yaml:" in str(e.value)


def test_a_well_formed_definition_loads_and_reads_back():
    (card,) = load_text("""
name: Fine Moon
type: Instant
abilities:
  - effect: {lasting: {static: {kind: mana_change_type, to: C, affects: nonbasic land}, until: end_of_turn}}
""", "fine.yaml")
    (ability,) = card.front.abilities
    assert ability.text() == ("Until end of turn, if a nonbasic land is tapped for mana, it produces colorless mana "
                              "instead of any other type.")
