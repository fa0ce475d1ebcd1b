"""The words of the card encoding: one record per word (a static kind, an effect kind or a cost part) with its
schema, its text, the checks run when a card definition loads, the scopes it can change and the consumers
that implement it.

The consumers are the parts of the model that give words their meaning, each covering some scopes
(``CONSUMER_OF``): the layers (characteristics, 613), mana production (106.12, 616.1), payment (costs and
spending, 601.2f-h), permissions to play (601.3), timing (117, 305, 602) and the engine (resolving and what
follows events). A consumer that meets a word it does not implement, in a scope it covers, says
`unsupported` (``rules.guards``); ``tests/test_vocabulary.py`` lists every word against every consumer.
"""
from __future__ import annotations

from typing import Any, Mapping

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Effect

from mtgjudge.model.vocab import words_game, words_mana
from mtgjudge.model.words.choices import record as words_choose
from mtgjudge.model.words.conditions import record as words_conditions
from mtgjudge.model.words.costs import record as words_costs
from mtgjudge.model.words.counts import record as words_counts
from mtgjudge.model.words.damage import record as words_damage
from mtgjudge.model.words.delayed import record as words_delayed
from mtgjudge.model.words.entering import record as words_etb
from mtgjudge.model.words.face_down import record as words_face_down
from mtgjudge.model.words.kicker import record as words_kicker
from mtgjudge.model.words.library import record as words_library
from mtgjudge.model.words.optional import record as words_optional
from mtgjudge.model.words.permanents import record as words_permanents
from mtgjudge.model.words.prevention import record as words_prevent
from mtgjudge.model.words.references import record as words_refs
from mtgjudge.model.words.removal import record as words_removal
from mtgjudge.model.words.control import record as words_control
from mtgjudge.model.words.restrictions import record as words_restrictions
from mtgjudge.model.words.timing import record as words_timing
from mtgjudge.model.words.graveyard_replacement import record as words_graveyard
from mtgjudge.model.words.shields import record as words_shields
from mtgjudge.model.words.tokens import record as words_tokens
from mtgjudge.model.words.tapping import record as tapping
from mtgjudge.model.words.until import record as words_until
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.words.attach import record as attach
from mtgjudge.model.words.becomes import record as becomes
from mtgjudge.model.words.proliferate import record as proliferate
from mtgjudge.model.words.cascade import record as cascade
from mtgjudge.model.words.madness import record as madness
from mtgjudge.model.words.suspend import record as suspend
from mtgjudge.model.words.copies import record as copies
from mtgjudge.model.words.cycling import record as cycling
from mtgjudge.model.words.graveyard_abilities import record as graveyard_abilities
from mtgjudge.model.words.counters import record as counters
from mtgjudge.model.words.persist import record as persist
from mtgjudge.model.words.explore import record as explore
from mtgjudge.model.words.evolve import record as evolve
from mtgjudge.model.words.colors_spent import record as colors_spent
from mtgjudge.model.words.renown import record as renown
from mtgjudge.model.words.provoke import record as provoke
from mtgjudge.model.words.splice import record as splice
from mtgjudge.model.words.defined_pt import record as defined_pt
from mtgjudge.model.words.split import record as split
from mtgjudge.model.words.cipher import record as cipher
from mtgjudge.model.rules.combat import record as declaring
from mtgjudge.model.vocab.word import Word

#: The consumers of words, and the scopes each covers.
CONSUMERS: dict[str, frozenset[Scope]] = {
    "layers": frozenset({Scope.CHARACTERISTICS}),
    "mana": frozenset({Scope.MANA}),
    "payment": frozenset({Scope.SPENDING, Scope.SPELL_COSTS}),
    "permissions": frozenset({Scope.PLAY_PERMISSIONS, Scope.CAST_OPTIONS}),
    "timing": frozenset({Scope.ACTIVATION, Scope.CASTING, Scope.LAND_PLAYS}),
    "targets": frozenset({Scope.TARGETING}),
    "in-force": frozenset(),
    "engine": frozenset({Scope.ENTERS, Scope.ENTERS_ITSELF, Scope.DIES, Scope.LIFE, Scope.DRAW, Scope.UPKEEP, Scope.UNTAP, Scope.HAND_SIZE,
                         Scope.POWER_TOUGHNESS, Scope.PT_RAISED, Scope.ATTACH, Scope.COUNTERS, Scope.COMBAT, Scope.DISCARD,
                         Scope.COLORS_OFF_BATTLEFIELD, Scope.RESOLUTION, Scope.OUTSIDE_GAME}),
}
#: Which consumer implements each scope.
CONSUMER_OF: dict[Scope, str] = {s: name for name, scopes in CONSUMERS.items() for s in scopes}

#: The vocabulary's modules, one family of words each (a new family adds its own line).
_FAMILIES = (
    words_mana, words_costs, words_game, words_until, words_damage, words_library, words_permanents,
    words_prevent, words_optional, words_counts, words_shields, words_refs, words_kicker, words_delayed, words_etb,
    words_conditions, words_tokens, words_choose, words_removal, words_control,
    proliferate, cascade, attach, words_restrictions, words_graveyard, cycling, becomes, counters, persist, evolve, renown, declaring,
    words_face_down, tapping, madness, suspend, splice, copies, defined_pt, graveyard_abilities, colors_spent, split,
    explore, cipher, words_timing, provoke,
)
_ALL = tuple(w for family in _FAMILIES for w in family.WORDS)
STATIC_WORDS: Mapping[str, Word] = {w.name: w for w in _ALL if w.family == "static"}
EFFECT_WORDS: Mapping[str, Word] = {w.name: w for w in _ALL if w.family == "effect"}
COST_WORDS: Mapping[str, Word] = {w.name: w for w in _ALL if w.family == "cost"}


def made_effect(kind: str, **args: Any) -> Effect:
    """An effect word the engine makes as it resolves (a delayed trigger's instruction, a rule's own search, the
    instruction a condition leads to) from arguments whose values it already has, none a phrase to read: checked
    against the word's schema (a DefinitionError names an argument it does not have), its validation not run."""
    word = EFFECT_WORDS[kind]
    unknown = sorted(set(args) - set(word.schema))
    if unknown:
        raise DefinitionError(f"effect {kind}: unknown argument(s) {', '.join(unknown)}")
    return Effect(kind, tuple(sorted(args.items())), word)
