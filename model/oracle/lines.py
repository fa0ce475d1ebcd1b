"""One line of Oracle text -> the abilities it holds (a keyword line may hold several, 702.1). What the phrase
grammar reads becomes words of the encoding; the rest is kept unmodelled (``oracle.scopes``).

A line is read by its shape (113.3): a keyword list; "[Cost]: [Effect]" (an activated ability, a mana ability
when it could add mana and has no target, 605.1a); a trigger ("When", "Whenever", "At", 603.1); an instant's
or sorcery's effect (113.3a); else a static ability. Of an effect the compiler keeps the words and reads its
targets (601.2c, 602.2b): whether it can be cast or activated depends on them, not on what it will do.
"""
from __future__ import annotations

import dataclasses

import re

from mtgjudge.model import patterns
from mtgjudge.model.rules import counts
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLORS
from mtgjudge.model.words.costs.read import (surge_line, DASH_HASTE, EVOKE_TRIGGER, additional_either, affinity, alternative_cost,
                                            buyback_cost, cost_text, dash_cost, evoke_cost, is_buyback_line,
                                            self_cost_reduction)
from mtgjudge.model.oracle.intervening import split_intervening
from mtgjudge.model.words.optional import read as optional_lines
from mtgjudge.model.words.optional.read import depends_on_choice, optional_words
from mtgjudge.model.words.kicker import read as kicker_lines
from mtgjudge.model.words.splice import read as splice_lines
from mtgjudge.model.words.split import read as split_read
from mtgjudge.model.words.face_down import read as face_down_lines
from mtgjudge.model.words.proliferate import read as proliferate
from mtgjudge.model.words.explore.read import explore_word
from mtgjudge.model.words.cascade import read as cascade_read
from mtgjudge.model.words.graveyard_abilities import read as graveyard_abilities_read
from mtgjudge.model.words.copies import read as copies_read
from mtgjudge.model.words.madness import read as madness_read
from mtgjudge.model.words.suspend import read as suspend_read
from mtgjudge.model.words.cipher import read as cipher_read
from mtgjudge.model.words.counters import read as counters_read
from mtgjudge.model.words.counters import record as counters_record
from mtgjudge.model.words.cycling import read as cycling_lines
from mtgjudge.model.words.cycling import record as cycling_record
from mtgjudge.model.vocab import keyword_triggers, keywords
from mtgjudge.model.words.persist import read as persist_lines
from mtgjudge.model.words.attach import read as attach_read
from mtgjudge.model.words.evolve import read as evolve_lines
from mtgjudge.model.words.colors_spent import read as colors_spent_lines
from mtgjudge.model.words.renown import read as renown_lines
from mtgjudge.model.words.provoke import read as provoke_read
from mtgjudge.model.words.damage import read as damage_sentences
from mtgjudge.model.words.entering import read as etb_sentences
from mtgjudge.model.words.modes import read as modes
from mtgjudge.model.words.turns import read as turn_sentences
from mtgjudge.model.words.removal import read as removal_sentences
from mtgjudge.model.words.control import read as control_sentences
from mtgjudge.model.words.defined_pt.read import defined_pt_static
from mtgjudge.model.words.conditions.read import condition_args, condition_words, static_condition
from mtgjudge.model.vocab.combat_triggers import COMBAT_SUBJECT_EVENTS, OTHER_SUBJECT_EVENTS
from mtgjudge.model.words.countering.read import counter_word, countered_instead
from mtgjudge.model.words.choices.read import choose_value_word, enters_choosing_static, spell_controller_after, target_if_word
from mtgjudge.model.oracle.scopes import is_mana_ability_text, moved_out_of, unmodelled
from mtgjudge.model.oracle.text import normalize_self
from mtgjudge.model.words.library.read import hand_after, library_word, looked_after
from mtgjudge.model.words.library.read import looked_more_after, search_more_word, searched_more_after, split_then
from mtgjudge.model.words.players.read import chosen_after
from mtgjudge.model.words.library.read import hands_after, search_then_top
from mtgjudge.model.words.library.read import dredge_line, hand_size_static
from mtgjudge.model.words.permanents.read import perm_sentence
from mtgjudge.model.words.prevention.read import prevent_sentence, static_prevention
from mtgjudge.model.words.restrictions.read import restriction_static
from mtgjudge.model.words.timing.read import timing_static
from mtgjudge.model.words.tapping import read as tapping_read
from mtgjudge.model.words.tapping.read import skip_untap_word, untap_static
from mtgjudge.model.words.sagas import read as sagas
from mtgjudge.model.words.graveyard_replacement.read import graveyard_replacement_static
from mtgjudge.model.words.shields.read import shield_sentence
from mtgjudge.model.words.references.read import ref_words
from mtgjudge.model.words.counts.read import counted_word
from mtgjudge.model.words.damage.read import damage_compound_sentence, unpreventable_after
from mtgjudge.model.words.delayed.read import delayed_paragraph, delayed_word, leading, player_cant_word
from mtgjudge.model.oracle.targets import find_targets
from mtgjudge.model.words.tokens import read as tokens_sentences
from mtgjudge.model.words.tokens.read import token_sentence, token_with_quote, group_after, split_joined
from mtgjudge.model.oracle.whole import unread_part
from mtgjudge.model.words.until.read import until_word
from mtgjudge.model.words.becomes.read import becomes_static, becomes_word, join_still
from mtgjudge.model.rules import protection
from mtgjudge.model.rules.combat.lines import damage_static, declaring_static
from mtgjudge.model.rules.costs import spells_match
from mtgjudge.model.rules.spending import Purpose, parse_restriction
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import ATTACHED_SUBJECTS, KEYWORDS, Ability, CostPart, Effect, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.words.costs.record import GRAVEYARD_CAST_KEYWORDS, UNDAUNTED_PER
from mtgjudge.model.lazy_dataclass import dataclass

#: CR 207.2c: ability words have no rules meaning; the compiler reads the ability after them.
ABILITY_WORDS = ("adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma",
                 "cohort", "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4",
                 "descend 8", "disappear", "domain", "eerie", "eminence", "enrage", "fateful hour",
                 "fathomless descent", "ferocious", "flurry", "formidable", "grandeur", "hellbent", "heroic",
                 "imprint", "infusion", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
                 "metalcraft", "morbid", "opus", "pack tactics", "paradox", "parley", "radiance", "raid", "rally",
                 "renew", "repartee", "revolt", "secret council", "spell mastery", "strive", "survival", "sweep",
                 "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council")
_ABILITY_WORD = patterns.compile(r"^(?:" + "|".join(re.escape(w) for w in ABILITY_WORDS) + r") — ", re.I)
_TRIGGER = patterns.compile(r"^(When|Whenever|At)\b")


def without_ability_word(text: str) -> str:
    """The text with a leading ability word ("Landfall — ") removed (207.2c: it has no rules meaning)."""
    return _ABILITY_WORD.sub("", text, count=1)
_CHAPTER = patterns.compile(r"^[IVX]+(?:, [IVX]+)* — ")
#: Statements on an instant or sorcery that are static abilities, not instructions (113.3a, 113.6d-g).
#: "If you control a Swamp, you may sacrifice a creature rather than pay this spell's mana cost" is one (118.9); "If
#: you control a creature with power 4 or greater, creatures can't block this turn" is an instruction (608.2c).
_STATIC_ON_SPELL = patterns.compile(r"^(?:As an additional cost|~ can't be countered|~ costs|Cast ~ only|You may cast ~|Strive|"
                              r"You may pay|(?:If you control|If an opponent)(?=.*\b(?:rather than pay|costs?)\b)|"
                              r"Spend only|~ can't be copied|"
                              # 113.6g, 604.1: a statement that the spell can't be countered, with a condition or
                              # another clause ("If you have no cards in hand, ~ can't be countered and the damage
                              # can't be prevented"), is a static ability of the spell on the stack, never an
                              # instruction followed as it resolves: read whole as one (``static_on_stack``) or
                              # unmodelled
                              r"[^.]*~ can't be countered\b|"
                              # 118.9: an alternative cost, with or without a condition ("If you control a
                              # Swamp, you may ..."), is a static ability of the spell, not an instruction
                              r"(?:If [^.,]*, )?You may [^.]* rather than pay ~'s mana cost\.$|"
                              r"If [^.,]*, rather than pay ~'s mana cost, you may)", re.I)


#: "If that mana is spent on a creature spell, it gains haste." "When that mana is spent to cast an instant or
#: sorcery spell, copy that spell ..." (106.6): what happens to the spell the mana pays for.
_SPENT_RIDER = patterns.compile(r"^(?:If|When) (?:that|this|you spend this) mana is spent (?:on|to cast|to pay)\b[^.]*\.?$|"
                          r"^If you spend this mana to cast\b[^.]*\.?$", re.I)


#: Mana added only on a condition or to a player chosen as it resolves: (pattern, the production it adds).
#: A coin flip (705) may be won; "unless any player pays" may go unpaid (118.12); a player chosen may be you
#: (and the mana is produced by this permanent whoever gets it, 106.7).
_CONDITIONAL_PRODUCTIONS = (
    (patterns.compile(r"^Flip a coin\. If you win the flip, add (?P<add>[^.]*)\.", re.I), "add {add}."),
    (patterns.compile(r"^Choose a player\. That player adds (?P<add>[^.]*?)(?: they choose)?\.", re.I), "add {add}."),
    (patterns.compile(r"^A player of your choice adds (?P<add>[^.]*?)(?: they choose)?\.", re.I), "add {add}."),
    (patterns.compile(r"^Choose a color\. Add (?P<n>one|two|three) mana of that color unless any player pays \{\d+\}\.", re.I),
     "add {n} mana of any one color."),
)


def _conditional_production(effect: str) -> tuple[str, str, str] | None:
    """(the production's text, the sentences kept unread, the rest of the effect) for an effect that adds mana
    only on a condition or to a chosen player (``_CONDITIONAL_PRODUCTIONS``); None otherwise."""
    for pattern, template in _CONDITIONAL_PRODUCTIONS:
        m = pattern.match(effect)
        if m:
            return template.format(**m.groupdict()), m.group(0), effect[m.end():].strip()
    return None


#: Costs that move the object itself (113.6m: they could put it into the zone its effect moves it out of).
_MOVES_ITSELF_COST = frozenset({"sacrifice_self", "discard_self", "exile_self_from_graveyard", "exile_self_from_hand",
                                "return_to_hand"})
_OTHER_ZONE = patterns.compile(r"\b(hand|graveyard|library|exile)\b", re.I)
_FROM_BATTLEFIELD = patterns.compile(r"^(?:return ~ to its owner's hand|put ~ on (?:the )?(?:top|bottom) of its owner's library|"
                               r"shuffle ~ into its owner's library)$", re.I)


def _moves_itself_elsewhere(cost_text: str) -> bool:
    """Does a cost the grammar doesn't read name the object itself ("~") and a zone other than the battlefield,
    except as moving it from the battlefield there (113.6m)? Such an ability's zone is not guessed."""
    return any("~" in part and _OTHER_ZONE.search(part) and not _FROM_BATTLEFIELD.match(part.strip())
               for part in cost_text.split(","))


@dataclass(frozen=True)
class LineContext:
    """What the compiler knows of the face a line is on."""

    spell: bool                 # an instant or sorcery: its text is its spell abilities (113.3a)


def _split_activated(norm: str) -> tuple[str, str] | None:
    """"[Cost]: [Effect]" (602.1): the first colon outside quotation marks, with a cost before it."""
    depth = 0
    for i, ch in enumerate(norm):
        if ch in "\"“”":
            depth ^= 1
        elif ch == ":" and not depth and i + 1 < len(norm) and norm[i + 1] == " ":
            return norm[:i].strip(), norm[i + 1:].strip()
    return None


def sentences(text: str) -> list[str]:
    """The sentences of an effect, quotation marks kept whole."""
    out: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "\"“”":
            depth ^= 1
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i + 1].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    # hands: a tutor's two sentences read as one; "Look at the top N cards of your library, then put ..." as two;
    # 205.1b: "It's still a land." with the sentence before it, which it completes (``words.becomes.read``)
    return split_then(search_then_top(join_still(token_with_quote(out))))


def _other(text: str) -> Effect:
    return Effect("other", (("text", text.rstrip(".")),), EFFECT_WORDS["other"])


_NUM = r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
#: A target phrase, with its count where one use of "target" chooses several objects or none (601.2c):
#: "two target creatures", "up to three target lands", "any number of target creatures".
_COUNT = r"(?:(?:one|two|three) or (?:two|three|four)|(?:up to )?(?:one|two|three|four|five|six|\d+)|any number of) "
_TGT = rf"(any target|(?:another )?target [^.]+?|{_COUNT}target [^.]+?)"
#: Whole sentences of an effect that are words of the encoding (the engine performs them on resolution):
#: the pattern, the word, and which groups are its arguments. A sentence is read only whole; "target"
#: phrases must be the ones ``find_targets`` reads in it.
_EFFECT_SENTENCES = removal_sentences.early_patterns() + damage_sentences.early_patterns(_NUM) \
    + counters_read.early_patterns(_NUM, _TGT) + (
    (patterns.compile(rf"^~ deals {_NUM} damage to {_TGT}\.$", re.I), "damage", ("n", "target")),          # 120.3
    *removal_sentences.target_patterns(_TGT),                                              # 701.8a, 701.13a, 400.6
    (patterns.compile(rf"^{_TGT}(?: each)? gets? ([+-]\d+)/([+-]\d+) until end of turn\.$", re.I), "pump",
     ("target", "power", "toughness")),                                                              # 613.4c
    # e-damage: one use of "target" choosing several objects, each dealt the damage / given the counters.
    (patterns.compile(rf"^~ deals {_NUM} damage to each of {_TGT}\.$", re.I), "damage", ("n", "target")),     # 120.3
    (patterns.compile(r"^Counter (target spell)\.$", re.I), "counter_spell", ("target",)),                 # 701.6a
    (patterns.compile(r"^Its controller gains life equal to its power\.$", re.I),
     "its_controller_gains_life_equal_to_power", ()),                                                 # 608.2h
    (patterns.compile(rf"^You gain {_NUM} life\.$", re.I), "gain_life", ("n",)),                           # 119.3
    (patterns.compile(rf"^You lose {_NUM} life\.$", re.I), "lose_life", ("n",)),
    (patterns.compile(rf"^(target (?:player|opponent)) loses {_NUM} life and you gain {_NUM} life\.$", re.I), "drain",
     ("target", "n", "gain")),                                                                       # 119.3
    (patterns.compile(rf"^Draw {_NUM} cards?\.$", re.I), "draw", ("n",)),                                   # 121.1
    (patterns.compile(r"^Draw an (additional) card\.$", re.I), "draw", ("additional",)),                     # 121.1
    (patterns.compile(r"^Transform ~\.$", re.I), "transform", ()),                                        # 701.27a
    (patterns.compile(r"^Return the exiled card to the battlefield under its owner's control\.$", re.I),
     "return_exiled", ()),                                                                            # 607.2a
    # The effects real spells use most (counted over the Oracle store), read whole like the above.
    (patterns.compile(r"^(?:All (creatures)|(creatures you control)) get ([+-]\d+)/([+-]\d+) until end of turn\.$", re.I),
     "pump_all", ("affects", "affects", "power", "toughness")),                                       # 613.4c, 611.2c
    *removal_sentences.all_patterns(),                                                      # 701.8a, 406.3, 400.6
    *tapping_read.all_patterns(), *tapping_read.self_patterns(),                                                                   # 701.26a-b
    (patterns.compile(rf"^You gain {_NUM} life for each ([A-Za-z ]+?)\.$", re.I), "gain_life_per", ("n", "count")),  # 119.3
    (patterns.compile(rf"^~ deals {_NUM} damage to each ([a-z -]+?) and (each player)\.$", re.I), "damage_each",
     ("n", "affects", "players")),                                                                   # 120.3
    (patterns.compile(rf"^~ deals {_NUM} damage to each ([a-z -]+?)\.$", re.I), "damage_each", ("n", "affects")),  # 120.3
    # tokens: "Create two 1/1 ... tokens.", "... for each +1/+1 counter on ~." (no sentence matches both, nor
    # any pattern between here and where the second stood, after "Return the exiled card ...")
) + tokens_sentences.sentence_patterns(_NUM) + (
    *removal_sentences.edict_patterns(),                                                    # 701.21a
    (patterns.compile(r"^Counter (target [a-z ]+ spell)\.$", re.I), "counter_spell", ("target",)),          # 701.6a
    (patterns.compile(r"^Return ((?:up to (?:one|two|three|four|five) |two |three )?target (?:[a-z ]+ )?cards? from your "
                r"graveyard) to your hand\.$", re.I), "regrow", ("target",)),         # 400.6 ("target card": any card)
    (patterns.compile(r"^Return (target [a-z ]+ card from your graveyard) to the battlefield\.$", re.I),
     "reanimate", ("target",)),                                                                      # 400.6
    # hands: from any graveyard, under the spell's controller's control (110.2; the handler puts it under hers)
    (patterns.compile(r"^Put (target [a-z ]+ card from a graveyard) onto the battlefield under your control\.$", re.I),
     "reanimate", ("target",)),                                                                      # 400.6
    (patterns.compile(rf"^(target (?:player|opponent)) discards {_NUM} cards?\.$", re.I), "discard",
     ("target", "n")),                                                                               # 701.9a
    *tapping_read.target_patterns(_TGT),                                                            # 701.26a-b
) + damage_sentences.sentence_patterns(_NUM, _TGT) + etb_sentences.sentence_patterns(_NUM, _TGT) \
    + tokens_sentences.player_sentence_patterns(_NUM) \
    + removal_sentences.sentence_patterns(_NUM, _TGT) + control_sentences.sentence_patterns(_TGT) + turn_sentences.sentence_patterns(_NUM) \
    + proliferate.sentence_patterns() + counters_read.sentence_patterns(_NUM, _TGT)
#: The zone a word's target is in, where it is not the battlefield (the engine performs the word only there).
_TARGET_ZONE = {"counter_spell": "stack", "counter_unless_pays": "stack", "regrow": "graveyard", "reanimate": "graveyard", "discard": None}
_TARGET_ZONE.update(etb_sentences.TARGET_ZONES)
_TARGET_ZONE.update(tokens_sentences.TARGET_ZONES)
_TARGET_ZONE.update(turn_sentences.TARGET_ZONES)
_TARGET_ZONE.update(removal_sentences.TARGET_ZONES)


def effect_word(sentence: str, found: tuple[str, ...], earlier: list | tuple = ()) -> Effect | None:
    """The word of the encoding a whole sentence of an effect is, with its arguments; None if it is none of
    them. ``found``: the sentence's target phrases (``find_targets``), which the word's must equal;
    ``earlier``: the words of the sentences before it (what "it" refers to, 608.2c)."""
    word = target_if_word(sentence, found)      # 608.2c: "Destroy target permanent if it's blue."
    if word is not None:                        # before the patterns, whose "Destroy target ..." would refuse it
        return word
    word = damage_compound_sentence(sentence, found, earlier, effect_word)     # damage compounds, "can't be prevented"
    if word is not None:
        return word
    for pattern, kind, keys in _EFFECT_SENTENCES:
        m = pattern.match(sentence.strip())
        if m is None:
            continue
        args: dict = {}
        bad_target = False
        for key, value in zip(keys, m.groups()):
            if value is None:       # an alternative of the pattern that did not match
                continue
            if key in ("affects", "affects2"):    # a noun phrase of permanents ("creatures you control"), read as one
                # kept as written (subtypes are capitalized, "Forests"), but for the sentence's own capital
                args[key] = None
                for phrase in (value[0].lower() + value[1:], value):
                    try:
                        phrases.parse_nps(phrase)
                    except DefinitionError:
                        continue
                    args[key] = phrase
                    break
                if args[key] is None:
                    return None
            elif key in ("target", "target2"):
                phrase = value[0].lower() + value[1:]
                if phrase.startswith("another target "):       # "another target X" is read as "target another X"
                    phrase = "target another " + phrase[len("another target "):]
                # the word's target phrases are the sentence's, in order (601.2c)
                at = sum(1 for k in args if k in ("target", "target2"))
                if len(found) <= at or found[at][:1].lower() + found[at][1:] != phrase:
                    # the pattern's "target ..." took more words than the target phrase ("Target
                    # creature becomes green and gets +1/+0 ..."): not this word; the other readers may read it
                    bad_target = True
                    break
                # "target creature" is kept as "creature"; a counted phrase ("two target creatures") whole
                args[key] = phrase[len("target "):] if phrase.startswith("target ") else phrase
            elif key == "count":        # a count read as it resolves (rules.counts, 608.2h), kept as written
                try:
                    counts.parse(value)
                except DefinitionError:
                    return None
                args["affects"] = value
            elif key == "it":           # "it": the target of the effect before (608.2c)
                args[key] = 1
            elif key in ("n", "gain"):
                args[key] = phrases.number_word(value)
            elif key == "amount":       # a number or X (107.3a)
                if value.upper() == "X":
                    args["x"] = 1
                else:
                    args["n"] = phrases.number_word(value)
            elif key in ("kind", "counter", "cost"):
                args[key] = value
            elif key == "token":         # one token's description: "1/1 white Soldier creature token(s)"
                args[key] = re.sub(r"\btokens\b", "token", value)
            elif key in ("players", "you"):     # "and each player", "to you": said, not a phrase
                args[key] = True
            elif key == "additional":   # "Draw an additional card." (121.1: a card drawn, as any other)
                args.update(n=1, additional=True)
            else:
                args[key] = int(value)
        if bad_target:
            break
        if sum(1 for k in args if k in ("target", "target2")) != len(found):
            return None
        # The engine performs these on permanents (and "target spell" on the stack) only.
        wrong_zone = False
        for tkey in ("target", "target2"):
            if tkey not in args or args[tkey] == "any target":
                continue
            zone = _TARGET_ZONE.get(kind, "battlefield")
            try:
                spec = phrases.parse_target(args[tkey] if re.search(r"\btargets?\b", args[tkey])
                                            else "target " + args[tkey])
                # "target player discards": a player only; else objects in the word's zone (players too
                # where the word acts on them: damage, drain)
                if (spec.zone != zone) if zone else (not spec.players or spec.objects):
                    wrong_zone = True
                    break
            except DefinitionError:
                return None
        if wrong_zone:
            break                   # not this word's zone: another reading may take it (library_word)
        try:
            return parse_effect({kind: args} if args else kind)
        except DefinitionError:
            return None
    explored = explore_word(sentence, found)                     # 701.44a: "~ explores."
    if explored is not None:
        return explored
    delayed = delayed_word(sentence, found, earlier, effect_word) or skip_untap_word(sentence, found, earlier) \
        or player_cant_word(sentence, found)
    if delayed is not None:                                       # 603.7 delayed triggers, 502.3
        return delayed
    word = becomes_word(sentence, found, earlier)                 # 613.1d-f, 613.4b: "~ becomes a 2/2 creature"
    if word is not None:
        return word
    until = until_word(sentence, found, earlier)                  # 611.2a: "... until end of turn"
    if until is not None:
        return until
    shield = shield_sentence(sentence, found, earlier)          # 615.7, 701.19, 614.1a (shields)
    if shield is not None:
        return shield
    word = library_word(sentence, found, earlier) or search_more_word(sentence, found)   # libraries, hands and players
    if word is not None:
        return word
    word = counter_word(sentence, found) or copies_read.copy_word(sentence, found)   # 701.6a; 707.10
    if word is not None:
        return word
    word = choose_value_word(sentence, found)   # 608.2d
    if word is not None:
        return word
    if not found:
        try:
            return parse_effect({"exile_top": phrases.parse(sentence.strip(), "exile_top")})      # 701.13a
        except DefinitionError:
            pass
        word = _grammar_effect(sentence)
        if word is not None:
            return word
        try:
            return parse_effect(phrases.parse(sentence.strip(), "keyword_action"))               # 701.1
        except DefinitionError:
            pass
        word = prevent_sentence(sentence) or perm_sentence(sentence) \
            or token_sentence(sentence)   # 615 shields; permanents entering; tokens (quoted, predefined, X, tapped)
        if word is not None:
            return word
        return counted_word(sentence, found, lambda s: effect_word(s, (), earlier))   # counts
    return None


def instruction_word(sentence: str, found: tuple[str, ...], earlier: list | tuple = ()) -> Effect | None:
    """``effect_word``, or an instruction of one word that ``words.references.read`` reads whole ("Exile target creature you
    control, then return that card to the battlefield under its owner's control."): what "you may" can wrap."""
    word = effect_word(sentence, found, earlier)
    if word is None:
        more = ref_words(sentence, found, list(earlier), effect_word)
        if more is not None and len(more) == 1 and more[0].kind == "flicker":
            return more[0]
    return word


def _grammar_effect(sentence: str) -> Effect | None:
    """A whole sentence the phrase grammar reads as one word of the encoding (``effect_sentence``): a mana
    ability's "If there are no mining counters on ~, sacrifice it."; "Until end of turn, if a player taps a
    nonbasic land for mana, it produces colorless mana instead of any other type." (611.2a: a lasting effect,
    written as the static ability it acts like while in force)."""
    try:
        word = phrases.parse(sentence.strip(), "effect_sentence")
    except DefinitionError:
        return None
    lasting = word.get("lasting")
    if lasting is not None and "affects" in lasting["static"]:
        lasting["static"] = {**lasting["static"], "affects": _fields(lasting["static"]["affects"])}
    try:
        return parse_effect(word)
    except DefinitionError:
        return None


def may_play_after(sentence: str, earlier: list) -> Effect | None:
    """611.2a, 601.3: "Until the end of your next turn, you may play that card." read only right after "Exile
    the top card(s) of your library" (``earlier``: the words read before it), "that card" / "those cards"
    agreeing with how many it exiles: the cards it refers to are those (608.2c)."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind != "exile_top":
        return None
    try:
        r = phrases.parse(sentence.strip(), "may_play_exiled")
    except DefinitionError:
        return None
    if (r["count"] == "one") != (prev.arg("n") == 1):
        return None
    try:
        static = {"kind": "may_play", **({"free": True} if r["free"] else {})}
        return parse_effect({"lasting": {"static": static, "until": r["until"]}})
    except DefinitionError:
        return None


def no_regeneration_after(sentence: str, earlier: list) -> Effect | None:
    """701.19c, 608.2c: "It can't be regenerated." right after "Destroy target ...", "They can't be
    regenerated." right after "Destroy all ...": no regeneration shield is applied to what it destroys."""
    prev = earlier[-1] if earlier else None
    want = {"destroy": ("it can't be regenerated.", "that creature can't be regenerated.",
                        "a creature destroyed this way can't be regenerated."),
            "destroy_all": ("they can't be regenerated.", "creatures destroyed this way can't be regenerated."),
            "destroy_two": ("they can't be regenerated.",),      # removal: "Destroy target X and target Y."
            "destroy_all_of": ("they can't be regenerated.",),   # removal: "Destroy all X target player controls."
            "destroy_all_or": ("they can't be regenerated.", "creatures destroyed this way can't be regenerated.")}
    said = sentence.strip().lower()
    if prev is None or (said if said.endswith(".") else said + ".") not in want.get(prev.kind, ()):
        return None
    if "creature" in said and "creature" not in (prev.arg("target") or prev.arg("affects") or ""):
        return None             # "that creature" / "a creature destroyed this way" after a non-creature phrase
    return parse_effect("no_regeneration")


#: What "it" / "that creature" names before any instruction of a triggered ability whose event is about another
#: object: that object (``read_effect_words``'s ``it_is_subject``); an antecedent only, never an instruction.
_SUBJECT = Effect("trigger_subject", (("it", True),))
#: The kinds of the antecedents ``read_effect_words`` puts before an ability's words.
_ANTECEDENTS = ("trigger_subject", "trigger_player")


def _event_player(phrase: str) -> Effect:
    """What "that player" / "defending player" names in a triggered ability whose event is about a player: that
    player (``read_effect_words``'s ``event_player``; ``words.library.read``); an antecedent only, never an
    instruction."""
    return Effect("trigger_player", (("who", phrase),))


def read_effect_words(parts: list[str], self_subject: bool = False,
                      it_is_self: bool = False, it_is_subject: bool = False,
                      event_player: str | None = None) -> tuple[list[Effect | None], list[str]] | None:
    """The words of an effect's sentences (None for a sentence not read) and their targets; None when a
    sentence's targets can't be read. Spells and triggered abilities read their sentences alike (one reader):
    ``self_subject``: "it deals" names the object itself (a trigger "When ~ ..."); ``it_is_self``: a first
    sentence beginning "it" names the object itself ("When ~ enters, it gets +1/+1", 608.2c); ``it_is_subject``:
    "it" / "that creature" before any instruction names the object the trigger event is about ("Whenever a
    creature you control attacks alone, that creature gets +1/+1", 702.83a: the engine gives it that object);
    ``event_player``: the phrase ("that player", "defending player") naming the player the trigger event is about
    (the player dealt combat damage, 510.2; an attacking creature's defending player, 508.5: the engine gives it
    that player)."""
    # (the event's player before the event's object: a reader of "that creature" looks at the last antecedent)
    named = event_player is not None and re.search(rf"\b{event_player}\b", " ".join(parts), re.I) is not None
    before: list[Effect | None] = []
    if named and event_player:
        before.append(_event_player(event_player))
    if it_is_subject:
        before.append(_SUBJECT)
    if before:
        read = _read_words(parts, self_subject, it_is_self, list(before))
        if read is None:        # a sentence's targets can't be read
            return None
        words0, targets0 = read
        if len(words0) < len(before) or any(w is not b for w, b in zip(words0, before)):
            return None
        return words0[len(before):], targets0
    return _read_words(parts, self_subject, it_is_self, [])


def _read_words(parts: list[str], self_subject: bool, it_is_self: bool,
                words: list[Effect | None]) -> tuple[list[Effect | None], list[str]] | None:
    """``read_effect_words`` after the antecedents ``words``."""
    targets: list[str] = []
    split = [q for whole in parts for p in damage_sentences.split_compound(whole, self_subject)
             for q in split_joined(p)]     # "Untap target creature and gain control of it ..."
    if it_is_self and split and split[0][:3].lower() == "it ":
        split[0] = "~ " + split[0][3:]
    if it_is_self and split and split[0][:16].lower() == "you may have it ":
        split[0] = split[0][:13] + "~ " + split[0][16:]         # the permanent itself (etb: words.entering.read)
    if it_is_self and split:
        # 702.82b: "for each creature it devoured": the permanent itself (its own trigger's "it", 608.2c)
        split[0] = re.sub(r"\b(creatures?) it devoured\b", r"\1 ~ devoured", split[0])
    said_it = counters_read.said_it(split[0]) if it_is_self and split else None
    if said_it is not None:
        split[0] = said_it          # "sacrifice it", "put a counter on it": the object itself (608.2c)
    for n, s in enumerate(split):
        # 608.2c: "You may pay {E}{E}. If you do, put a +1/+1 counter on it.": with only the payment before it,
        # "it" is the object itself (its own trigger's), as in a first sentence (``said_it``)
        paid_it = None
        if it_is_self and n and words and words[-1] is not None and words[-1].kind == "may_pay" and \
                all(w is not None and w.kind in _ANTECEDENTS for w in words[:-1]):
            m_do = re.match(r"^(if you do, )(.+)$", s, re.I)
            paid_it = counters_read.said_it(m_do.group(2)) if m_do else None
            if paid_it is not None and m_do is not None:
                s = m_do.group(1) + paid_it
        found = find_targets(s)
        if found is None:
            return None
        rider = None if found else countered_instead(s, words) or copies_read.new_targets_after(s, words)
        if rider is not None:           # 614.1a: where the spell it counters goes instead, part of that word
            words[-1] = rider
            continue
        targets += found
        if not found and unpreventable_after(s, words):   # 615.12: "The damage can't be prevented."
            continue
        fading = None if found else counters_read.cant_remove_after(s, words)
        if fading is not None:          # 702.32a: "If you can't, sacrifice ~." completes the removal before it
            words[-1] = fading
            continue
        # 702.33d, 608.2c: "If this spell was kicked, <instruction>" (``words.kicker.read``)
        kicked = kicker_lines.kicked_words(s, found, words, split[n - 1] if n else None, effect_word)
        if kicked is not None:
            words = kicked
            continue
        # 608.2c, 705: "If <condition>, <instruction> (instead)." and coin flips (``words.conditions.read``)
        conditional = condition_words(s, found, words, split[n - 1] if n else None, effect_word)
        if conditional is not None:
            words = conditional
            continue
        word = effect_word(s, found, words) or (may_play_after(s, words) or no_regeneration_after(s, words)
                                                or looked_after(s, words) or looked_more_after(s, words)
                                                or searched_more_after(s, words) or hand_after(s, words)
                                                or chosen_after(s, words)          # (players) 608.2c
                                                or hands_after(s, words)
                                                or group_after(s, words, effect_word)
                                                or spell_controller_after(s, words, effect_word) if not found else None)
        # 608.2c-d: "You may <instruction>", "If you do, <instruction>" where no reader took the sentence whole
        # (an instruction another reader reads with its own "may" is read here when "If you do" follows it)
        optional = optional_words(s, found, words, instruction_word) \
            if word is None or (n + 1 < len(split) and depends_on_choice(split[n + 1])) else None
        if word is None and optional is None:       # 608.2c, 608.2h: a reference to the instruction before
            optional = ref_words(s, found, words, effect_word)
        if word is not None and word.kind == "delayed" and n + 1 < len(split) and leading(s):
            word = optional = None      # "At the beginning of ..., X. Y.": Y is the delayed ability's too
        if said_it is not None and n == 0:
            word = counters_read.as_said(word)      # the text's "it" kept, for the reading back
        if paid_it is not None:
            said = counters_read.as_said(optional[-1]) if optional is not None and len(optional) == 2 else None
            optional = [optional[0], said] if optional is not None and said is not None else None
            word = None
        words += optional if optional is not None else [word]
    return words, targets


# ------------------------------------------------------------------ keyword lines

def _keyword_items(norm: str) -> list[str] | None:
    """The items of a keyword line ("Flying, first strike"), or None if it is not one."""
    body = norm.rstrip(".")
    items: list[str] = []
    for i in (i.strip() for i in re.split(r"[,;] ", body)):
        if items and re.match(r"(?:and )?from ", i) and re.match(r"protection from ", items[-1], re.I):
            # 702.16g: "protection from blue, from black, and from red" is one item of several qualities
            items[-1] += " and " + i.removeprefix("and ")
        elif i:
            items.append(i)
    if not items:
        return None
    for item in items:
        if keyword_of(item) is None:
            return None
    return items


def keyword_of(item: str) -> tuple[keywords.Keyword, str] | None:
    """The keyword an item names and its parameter text ("Cumulative upkeep—Pay {B} and 1 life": the dash
    joins a keyword to a cost that is not mana, 702.24a)."""
    item = re.sub(r"(?<=\w)—(?=\w)", " — ", item)
    words = item.split()
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        head = " ".join(words[:n])
        rest = item[len(head):].strip()
        kw = keywords.lookup(head.rstrip("—"))
        if (kw is None or kw.name == "Cycling") and cycling_record.is_cycling(head.rstrip("—")) \
                and not rest.startswith(("{", "—")):
            # 702.29a: a cycling keyword's cost is mana or follows a dash; "Cycling abilities you activate cost up
            # to {2} less" (Fluctuator) is a static ability of the permanent about cycling, not the keyword
            continue
        if kw is None and head.lower().endswith("cycling") and head.lower() != "cycling":
            kw = keywords.BY_NAME["cycling"]           # typecycling (702.29e): a cycling ability
            return (keywords.Keyword(head, kw.rule, "cost", kw.kind, kw.scopes, kw.zones), rest)
        if kw is None:
            continue
        if kw.param == "" and rest:
            continue
        if kw.param and not rest and kw.param not in ("quality", "n"):
            continue            # a number may be missing in older printings ("Hideaway"); a cost may not
        return kw, rest.lstrip("—").strip()
    return None


#: A keyword whose cost has several parts ("Flashback—{1}{U}, Pay 3 life.", "Escape—{2}{R}, Exile two other cards
#: from your graveyard."), which a keyword line's items would split at the comma (702.34a, 702.138a).
_KEYWORD_COSTS = re.compile(r"^([A-Z][a-z]+(?:[ -][a-z]+)?) ?— ?(.+?,.+?)\.?$")


def graveyard_cast(keyword: str, cost: str, printed: str) -> Ability:
    """601.3: a keyword that lets the card be cast from its owner's graveyard (flashback 702.34a, jump-start
    702.133a, retrace 702.81a, aftermath 702.127a), as the ``cast_from_graveyard`` word. Words after "Flashback"
    that the cost grammar does not read may not be a flashback cost at all (Catalyst Stone's "Flashback costs you
    pay cost up to {2} less."): the line is then unmodelled with every scope, in every zone."""
    kw = keywords.BY_NAME[keyword.lower()]
    try:
        data: dict = {"kind": "cast_from_graveyard", "keyword": kw.name}
        if kw.param == "cost":
            data["cost"] = cost_text(cost.strip().rstrip("."), x_parts=True) or ""
            if not data["cost"]:
                raise DefinitionError(f"the flashback cost {cost!r} is not read")
        elif cost:
            raise DefinitionError(f"{keyword} takes no parameter")
        return Ability("static", static=parse_static(data), source_text=printed)
    except DefinitionError:
        return Ability("unmodelled", source_text=printed, unmodelled_kind="static", scope=(), zones=())


def _keyword_meaning(item: str, ctx: LineContext) -> Ability | None:
    """A triggered keyword whose rule says the ability it means (``keyword_triggers.MEANINGS``: "Exalted" means
    "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.", 702.83a), read
    as that ability with the keyword's name in ``Ability.keyword``; None for any other item, or if the reading
    leaves the ability unmodelled."""
    found = keyword_of(item)
    if found is not None and found[0].name in optional_lines.UPKEEP_KEYWORDS and not ctx.spell:
        return optional_lines.upkeep_keyword(found[0].name, found[1], item)   # 702.30a, 702.24a: a cost "unless"
    said = keyword_triggers.meaning(found[0].name, found[1]) if found is not None else None
    if found is None or said is None:
        return None
    a = _triggered(said, item, ctx)
    # (the keyword as written: its reading is said as the keyword only where it is what the keyword means)
    return dataclasses.replace(a, keyword=" ".join((found[0].name, found[1])).strip()) if a.kind == "triggered" else None



def _counter_keyword(item: str, ctx: LineContext) -> list[Ability] | None:
    """702.32a, 702.63a, 702.54a, 702.43a, 702.58a: "Fading N" / "Vanishing N" / "Bloodthirst N" / "Modular N" / "Graft N"
    read as the abilities it means ("This permanent enters with N
    fade counters on it" and its upkeep trigger, ``words.counters.record.keyword_meaning``; for vanishing also
    "When the last time counter is removed from this permanent, sacrifice it."), each marked with the keyword;
    None for any other item, or when one of them is not read whole."""
    found = counters_read.counter_keyword(item)
    if found is None or ctx.spell:
        return None
    name, n = found
    static, trigger = counters_record.keyword_meaning(name, n)
    read = [Ability("static", static=parse_static(static), keyword=name, source_text=item)]
    if name == "Graft":         # 702.58a: the static and a trigger built whole
        read.append(counters_read.graft_trigger(item))
        return read if counters_record.render_keyword(tuple(read)) is not None else None
    if trigger is None:         # 702.54a: bloodthirst means the static alone
        return read if counters_record.render_keyword(tuple(read)) is not None else None
    upkeep = _triggered(trigger, item, ctx)
    if upkeep.kind != "triggered":
        return None
    read.append(dataclasses.replace(upkeep, keyword=name))
    if name == "Vanishing":
        event, sacrifice = counters_read.last_removed_trigger(static["counter"])
        read.append(Ability("triggered", effects=(sacrifice,), trigger=event.render() or "", trigger_event=event,
                            keyword=name, source_text=item))
    return read if counters_record.render_keyword(tuple(read)) is not None else None


def _evoke(body: str, printed: str, ctx: LineContext) -> list[Ability] | None:
    """702.74a: "Evoke <cost>" read as the two abilities it means: the alternative cost (``alternative_cost`` with
    ``keyword`` Evoke) and "When this permanent enters, if its evoke cost was paid, its controller sacrifices it",
    each marked with the keyword; None for any other line, or when its cost or trigger is not read whole (the
    keyword then stays unmodelled)."""
    cost = evoke_cost(body)
    if cost is None or ctx.spell:
        return None
    static = Ability("static", static=parse_static({"kind": "alternative_cost", "cost": cost, "keyword": "Evoke"}),
                     keyword="Evoke", source_text=printed)
    trigger = _triggered(EVOKE_TRIGGER, printed, ctx)
    if trigger.kind != "triggered" or trigger.intervening != "evoked":
        return None
    return [static, dataclasses.replace(trigger, keyword="Evoke")]


def _dash(body: str, printed: str, ctx: LineContext) -> list[Ability] | None:
    """702.109a: "Dash <cost>" read as what it means: the alternative cost (``alternative_cost`` with ``keyword``
    Dash; paid, the spell is dashed and, as it resolves, makes the delayed return of the permanent it becomes,
    ``words.delayed.perform.dash_return``) and "As long as this permanent's dash cost was paid, it has haste"
    (``DASH_HASTE``), each marked with the keyword; None for any other line, or when its cost is not read whole
    (the keyword then stays unmodelled)."""
    cost = dash_cost(body)
    if cost is None or ctx.spell:
        return None
    return [Ability("static", static=parse_static({"kind": "alternative_cost", "cost": cost, "keyword": "Dash"}),
                    keyword="Dash", source_text=printed),
            Ability("static", static=parse_static(DASH_HASTE), keyword="Dash", source_text=printed)]


def _cycling(item: str, ctx: LineContext) -> Ability | None:
    """702.29a, 702.29e: a cycling or typecycling item read as the activated ability it means, from the hand
    (``words.cycling``); None for any other item, or when that ability is not read whole."""
    found = keyword_of(item)
    if found is not None and cycling_record.is_transmute(found[0].name):
        return _transmute(found[1], item)
    if found is not None and cycling_record.is_reinforce(found[0].name):
        return _reinforce(found[1], item, ctx)
    said = cycling_lines.cycling_text(found[0].name, found[1]) if found is not None else None
    if said is None:
        return None
    name, cost, effect = said
    a = _activated(cost, effect, f"{cost}: {effect}", item, ctx)
    if a.kind != "activated":
        return None
    a = dataclasses.replace(a, keyword=name, source_text=item)
    try:
        cycling_record.validate(a)
    except DefinitionError:
        return None
    return a


def _reinforce(param: str, item: str, ctx: LineContext) -> Ability | None:
    """702.77a: "Reinforce N—[cost]" read as the activated ability it means, from the hand, its instruction the
    counters' (``words.cycling``); None when its cost or instruction is not read whole."""
    said = cycling_lines.reinforce_text(cycling_record.REINFORCE, param)
    if said is None:
        return None
    cost, effect = said
    a = _activated(cost, effect, f"{cost}: {effect}", item, ctx)
    if a.kind != "activated":
        return None
    a = dataclasses.replace(a, keyword=cycling_record.REINFORCE, source_text=item)
    try:
        cycling_record.validate_reinforce(a)
    except DefinitionError:
        return None
    return a


def _transmute(cost: str, item: str) -> Ability | None:
    """702.53a: "Transmute [cost]" read as the activated ability it means, from the hand, activated only as a
    sorcery, its instruction transmute's search (``words.cycling``); None when its cost is not read whole."""
    said = cycling_lines.transmute_text(cycling_record.TRANSMUTE, cost)
    if said is None:
        return None
    try:
        a = Ability("activated", cost=phrases.cost_parts(said),
                    effects=(parse_effect({"search_same_mana_value": {}}),), timing="sorcery", zones=("hand",),
                    keyword=cycling_record.TRANSMUTE, source_text=item)
        cycling_record.validate_transmute(a)
    except DefinitionError:
        return None
    return a


def _keyword_ability(item: str) -> Ability:
    kw, param = keyword_of(item)   # type: ignore[misc]
    name = kw.name
    if name == "Totem armor":
        name = "Umbra armor"       # 702.89b: the older cards' name of umbra armor, one ability
    if kw.param == "" and name in KEYWORDS:
        return Ability("keyword", keyword=name)
    returns = persist_lines.dies_return(name, param, item) or evolve_lines.evolve(name, param, item) \
        or renown_lines.renown(name, param, item) or attach_read.living_weapon(name, param, item) \
        or provoke_read.provoke(name, param, item) \
        or colors_spent_lines.sunburst(name, param, item)   # the (triggered, or static) ability the keyword means
    if returns is not None:
        return returns
    if name == "Landwalk" and not param and item.strip().capitalize() in KEYWORDS:
        # 702.14a: a basic land type's landwalk ("Swampwalk"), a keyword of its own; any other quality
        # ("nonbasic landwalk", "legendary landwalk") stays unmodelled
        return Ability("keyword", keyword=item.strip().capitalize())
    try:
        if name in ("Kicker", "Multikicker"):
            return Ability("static", static=parse_static({"kind": "kicker", "cost": param,
                                                          **({"multi": True} if name == "Multikicker" else {})}),
                           source_text=item)
        if name == "Splice":
            # 702.47a: functions while the card is in a hand (``words.splice``)
            meant_splice = splice_lines.splice(param)
            if meant_splice is not None:
                return Ability("static", static=parse_static(meant_splice), source_text=item, zones=("hand",))
        if name == "Fuse":
            # 702.102a: functions while the card is in a hand (``words.split``)
            fuse = split_read.fuse_line(param, item)
            if fuse is not None:
                return fuse
        if name == "Escalate":
            # 702.120a: paid for each mode beyond the first (``words.modes.perform``); a cost other than mana is
            # not read, and the line stays unmodelled
            return Ability("static", static=parse_static({"kind": "escalate", "cost": param}), source_text=item)
        if name == "Entwine":
            # 702.42a: an optional additional cost of a modal spell, its cost read whole by the cost grammar
            return Ability("static", static=parse_static({"kind": "entwine", "cost": param}), source_text=item)
        if name == "Equip":
            # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."
            return Ability("activated", cost=phrases.cost_parts(param),
                           effects=(parse_effect({"attach_to_target": {"target": "creature you control"}}),),
                           targets=("target creature you control",), timing="sorcery", source_text=item)
        if name == "Crew" and param.isdigit():
            # 702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total power N
            # or greater: This permanent becomes an artifact creature until end of turn."
            # (its printed power and toughness are its own once it is a creature: 208.3; ``words.becomes``)
            return Ability("activated", cost=(CostPart("crew", n=int(param)),),
                           effects=(parse_effect({"becomes": {"self": True, "types": "Artifact Creature"}}),),
                           source_text=item)
        if name == "Outlast":
            # 702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery."
            return Ability("activated", cost=phrases.cost_parts(param) + (CostPart("tap"),),
                           effects=(Effect("counter", (("kind", "+1/+1"), ("n", 1)), EFFECT_WORDS["counter"]),),
                           timing="sorcery", source_text=item)
        if name == "Level up":
            # 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery."
            return Ability("activated", cost=phrases.cost_parts(param),
                           effects=(Effect("counter", (("kind", "level"), ("n", 1)), EFFECT_WORDS["counter"]),),
                           timing="sorcery", source_text=item)
        if name in GRAVEYARD_CAST_KEYWORDS:
            return graveyard_cast(name, param, item)
        if name == "Undaunted" and not param:
            # 702.125a: "This spell costs {1} less to cast for each opponent you have." (``words.costs``)
            return Ability("static", static=parse_static({"kind": "self_cost_reduction", "amount": 1,
                                                          "per": UNDAUNTED_PER, "undaunted": True}),
                           keyword="Undaunted", source_text=item)
        if name == "Affinity":
            # 702.41a: the spell's own reduction it means, counted as its total cost is determined (601.2f)
            meant = affinity(param)
            if meant is not None:
                return Ability("static", static=parse_static(meant), keyword="Affinity", source_text=item)
        if name == "Tribute":
            # 702.104a: an opponent of your choice may put N +1/+1 counters on it as it enters (engine.tribute)
            return Ability("static", static=parse_static({"kind": "tribute", "n": int(param)}), source_text=item)
        if name in ("Devour", "Amplify") and param.isdigit():
            # 702.82a: as it enters, its controller may sacrifice any number of creatures; it enters with N +1/+1
            # counters for each (``words.entering.perform.devour_choices``); "Devour X" and 702.82c's "Devour
            # [quality] N" are not read. 702.38a: as it enters, its controller may reveal cards sharing a creature
            # type with it from their hand; N +1/+1 counters for each (``amplify_choices``).
            return Ability("static", static=parse_static({"kind": name.lower(), "n": int(param)}), source_text=item)
        if name == "Protection":
            # 702.16a: "Protection from [quality]", each quality read whole (``rules.protection``)
            qualities = protection.read(param)
            if qualities is not None:
                return Ability("keyword", keyword="Protection", protection=qualities, source_text=item)
        if name == "Enchant":
            # 702.5a, 303.4a: an Aura spell targets what it can enchant (115.1b).
            phrase = "target " + param
            phrases.parse_target(phrase)
            return Ability("keyword", keyword="Enchant", targets=(phrase,), source_text=item)
    except DefinitionError:
        pass
    return Ability("unmodelled", source_text=item, unmodelled_kind=kw.kind,
                   scope=tuple(sorted(kw.scopes, key=lambda s: s.value)), zones=kw.zones)


# ------------------------------------------------------------------ activated abilities

def _activated(cost_text: str, effect: str, norm: str, printed: str, ctx: LineContext) -> Ability:
    fallback = unmodelled(norm, printed, "mana" if is_mana_ability_text(cost_text, effect) else "activated", ctx.spell)
    try:
        cost = phrases.cost_parts(cost_text)
    except DefinitionError:
        cost = None            # kept for what it would produce (106.7 ignores costs); activating it: unknown
    production = None
    timing, once, during, only_if = "any", False, "", ""
    spend_only = ""
    unread: list[str] = []
    effects: list[Effect] = []
    targets: list[str] = []
    conditional = _conditional_production(effect)
    if conditional is not None:
        # the mana it adds when it adds any (106.7: what it would produce); the condition or the player who gets
        # it is kept unread, so paying with it and activating it are unsupported
        added, rider, effect = conditional
        try:
            production = phrases.parse(added, "mana_effect")
        except DefinitionError:
            return fallback
        unread.append(rider)
    try:
        if production is not None:
            raise DefinitionError("read already")
        production = phrases.parse(effect, "mana_effect")      # one production over several sentences
        parts: list[str] = []
    except DefinitionError:
        parts = sentences(effect)
    any_player = ""
    for s in parts:
        low = s.lower()
        if low.rstrip(".") == "any player may activate this ability":
            any_player = s                # 602.2: "unless the object specifically says otherwise"
        elif low.startswith("add "):
            if production is not None:
                return fallback
            try:
                production = phrases.parse(s, "mana_effect")
            except DefinitionError:
                return fallback
        elif low.startswith(("activate ", "any player may activate")):
            try:
                r = phrases.parse(s, "restriction")
            except DefinitionError:
                unread.append(s)          # when it may be activated: not read (602.5)
                continue
            timing = r.get("timing", timing)
            once = once or r.get("once_each_turn", False)
            during = r.get("during", during)
            only_if = r.get("only_if", only_if)
        elif _SPENT_RIDER.match(s) and not re.search(r"\badds?\b|\binstead\b", s, re.I):
            # 106.6: an effect on the spell the mana is spent on, or a delayed trigger when it is spent; it
            # changes nothing about the mana added (106.7), and what it does is not read
            unread.append(s)
        elif low.startswith("spend this mana only on "):
            unread.append(s)              # how its mana may be spent (106.6: not its type): not read
        elif low.startswith("spend this mana only to "):
            spend_only = s[len("spend this mana only to "):].rstrip(".")
            try:
                parse_restriction(spend_only)
            except DefinitionError:
                unread.append(s)          # how its mana may be spent (106.6): not read
                spend_only = ""
        else:
            found = find_targets(s)
            # A sentence kept as words must not be about mana: it could make a mana ability of an ability that
            # seems not to be one (605.1a: "could add mana"), or change what one adds ("add {B} instead").
            if found is None or re.search(r"\b(any player may|activate|adds?|instead|produces?)\b|"
                                          r"\bmana\b(?! (?:cost|value))", low):
                return fallback
            copied = None if found else copies_read.new_targets_after(s, effects)
            if copied is not None:       # 707.10c: "You may choose new targets for the copy." completes the copy
                effects[-1] = copied
                continue
            targets += found
            effects.append(effect_word(s, found, effects) or (may_play_after(s, effects) or no_regeneration_after(
                s, effects) if not found else None) or _other(s))
    if cost is None:
        if production is None or _moves_itself_elsewhere(cost_text):
            # 113.6m: an ability whose cost or effect moves the object itself out of another zone functions only
            # there; one that names no such move of itself ("Put the top card of your library into your
            # graveyard", "Exile a card from your hand", "Discard your hand") or moves it from the battlefield
            # ("Return ~ to its owner's hand") functions on the battlefield (113.6).
            return fallback
        unread.insert(0, f"the cost {cost_text!r}")
        cost = ()
    loyalty = any(p.kind == "loyalty" for p in cost)
    restriction = " ".join(unread)
    # 113.6j: a cost that discards or exiles the card itself from a zone is paid only there.
    zones: tuple[str, ...] = (("hand",) if any(p.kind in ("discard_self", "exile_self_from_hand") for p in cost) else
             ("graveyard",) if any(p.kind == "exile_self_from_graveyard" for p in cost) else ())
    # 113.6m: an effect that moves the object itself out of a zone ("Return ~ from your graveyard to the
    # battlefield"): it functions only there. A cost that moves the object too (it could put it into that zone:
    # 113.6m's "unless"), or a move this reading can't place, leaves the line unmodelled.
    moved = moved_out_of(effect)
    if moved is None or (moved and (zones or any(p.kind in _MOVES_ITSELF_COST for p in cost))):
        return fallback
    zones = zones or moved
    if production is not None and not targets and not loyalty:
        if any_player:
            # another player's mana ability is not among the mana sources a payment looks at: not read
            restriction = " ".join(unread + [any_player])
        if during == phrases.BEFORE_ATTACKERS:
            # when a mana ability may be activated is not what mana sources look at: not read
            restriction = (restriction + " Activate only during your turn, before attackers are declared.").strip()
            during = ""
        if only_if:
            restriction = (restriction + f" Activate only if {only_if}.").strip()
        return Ability("mana", cost=cost, production=production, effects=tuple(effects), timing=timing,
                       once_each_turn=once, during=during, spend_only=spend_only, unread=restriction,
                       source_text=printed, zones=zones)
    if production is not None or spend_only or not cost:
        return fallback
    return Ability("activated", cost=cost, effects=tuple(effects), timing=timing, once_each_turn=once, during=during,
                   any_player=bool(any_player), only_if=only_if, unread=restriction, targets=tuple(targets), source_text=printed, zones=zones)


# ------------------------------------------------------------------ spells' effects

#: Words in a spell's text that change how it is cast (601.2b-d: modes, X, divisions; 118.8: additional costs).
# ("converted mana cost" names a characteristic, 202.3, not a cost to cast: not a casting word)
# ("choose two cards from it", "choose one of them": cards chosen as it resolves, not modes: not casting words)
# ("the number of colors of mana spent to cast ~", converge: what its payment spent, read as it resolves: not one)
_CASTING_WORDS = patterns.compile(r"\b(choose (?:one|two|three|any|up to|x)(?!\s+(?:of\b|(?:\w+\s+)?cards?\b))|(?<!of mana spent to )cast|(?<!converted mana )costs?|spend|additional|kicked|"
                            r"entwined|overloaded|escalate|splice)\b|•", re.I)


def _spell_line(norm: str, printed: str, ctx: LineContext) -> Ability:
    fallback = unmodelled(norm, printed, "spell", ctx.spell)
    # 700.2: "Choose one — • A • B": each mode read as the same text alone (``words.modes.read``)
    modal = modes.modal_ability(norm, printed, "spell", lambda m: _spell_line(m, m, ctx))
    if modal is not None:
        return modal
    # a kicked sentence (702.33d) is read by ``words.kicker.read``; the rest of the line may still change how it is
    # cast, but "cast" in "Your opponents can't cast spells this turn" (101.2) is what the spell does
    casting = [s for s in sentences(kicker_lines.without_kicked_sentences(norm)) if _CASTING_WORDS.search(s)]
    if casting and not all(player_cant_word(s, tuple(find_targets(s) or ())) for s in casting):
        return fallback
    read = read_effect_words(sentences(norm))
    if read is None:
        return fallback
    words, targets = read
    if not all(words) and kicker_lines.KICKED_SENTENCE.search(norm):
        return fallback      # an unread kicked sentence may have targets chosen only if kicked (702.33g)
    # Only a line read whole becomes words: later text may change the meaning of earlier text (608.2c).
    effects = tuple(w for w in words if w is not None) if all(words) else (_other(norm),)
    return Ability("spell", effects=effects, targets=tuple(targets), source_text=printed)


# ------------------------------------------------------------------ static abilities

def _fields(sel) -> dict:
    """A Selector as the encoding's ``affects`` mapping: its fields that differ from their defaults (compared
    with each field's own default: ``token=False``, "nontoken", is not the default ``None``, "token or not")."""
    defaults = {f.name: f.default for f in dataclasses.fields(sel)}
    return {k: v for k, v in sel.__dict__.items() if k not in defaults or v != defaults[k]}


#: Static abilities read whole by the phrase grammar into a static word (land types, colors, mana replacement
#: effects, spending as though any color).
_STATIC_STARTS = ("static_land_type", "static_color", "static_mana", "static_spend", "static_land_plays",
                  "static_on_stack")


def _static_word(norm: str, printed: str) -> Ability | None:
    for start in _STATIC_STARTS:
        try:
            r = phrases.parse(norm, start)
        except DefinitionError:
            continue
        data = dict(r)
        if "affects" in data:
            data["affects"] = _fields(data["affects"])
        try:
            return Ability("static", static=parse_static(data), source_text=printed)
        except DefinitionError:
            continue        # read, but not a static the vocabulary has: the line stays unread
    return None


#: "~ gets +1/+1 for each artifact you control.", "Enchanted creature gets +1/+1 for each Forest you control." (613.4c)
_PT_PER = re.compile(r"^(?P<who>~|Enchanted creature|Equipped creature) gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+) for each "
                     r"(?P<count>[^.,;\"]+)\.$")

#: "Each creature you control with a +1/+1 counter on it has trample." (613.1f)
_WITH_COUNTER = re.compile(r"^Each (?P<other>other )?creature you control with an? (?P<counter>\+1/\+1) counter on it "
                           r"has (?P<kw>[a-z ,]+)\.$")


#: "As long as <condition>, ~ gets +1/+1 and has flying." / "~ has flying as long as <condition>." (611.3a, 604.2)
_AS_LONG_AS_FIRST = re.compile(r"^As long as (?P<cond>[^,]+), (?:~|it) (?P<rest>(?:gets|has) [^\"]+)$")
_AS_LONG_AS_AFTER = re.compile(r"^~ (?P<rest>(?:gets [+-]\d+/[+-]\d+(?: and has [a-z ,]+?)?|has [a-z ,]+?)) as long as "
                               r"(?P<cond>[^.,\"]+)\.$")


#: "As long as <condition>, ~ can't block." (508.1c-d, 509.1b-c, 611.3a)
_AS_LONG_AS_DECLARING = re.compile(r"^As long as (?P<cond>[^,]+), (?P<rule>~ [^,\"]+\.)$")
_PT_AND_COMBAT = re.compile(r"^~ gets \+(?P<p>\d+)/\+(?P<t>\d+) and (?P<rule>can't block|can't attack|attacks each "
                            r"combat if able)\.$")


def _conditional_grants(norm: str, printed: str) -> list[Ability] | None:
    """A static ability of the object itself that applies only while its condition holds (611.3a): each keyword
    and power and toughness change the ``as_long_as`` word of its condition (``conditions.read.static_condition``);
    None unless the condition and the rest are each read whole, about the object itself."""
    alone = _AS_LONG_AS_DECLARING.match(norm)
    rule = declaring_static(alone.group("rule"), printed) if alone is not None else None
    if alone is not None and rule is not None and rule.static is not None:
        # a restriction or requirement of declaring alone, under a condition the layers' word reads
        cond = static_condition(alone.group("cond"))
        if cond is None:
            return None
        return [Ability("static", static=parse_static({"kind": "as_long_as", "condition": cond, "static": {
            "kind": rule.static.kind, **dict(rule.static.args)}}), source_text=printed)]
    m = _AS_LONG_AS_FIRST.match(norm) or _AS_LONG_AS_AFTER.match(norm)
    if not m:
        return None
    cond = static_condition(m.group("cond"))
    if cond is None:
        return None
    rest = "~ " + m.group("rest").rstrip(".") + "."
    combat = _PT_AND_COMBAT.match(rest)
    if combat is not None and m.re is _AS_LONG_AS_FIRST:
        # "..., ~ gets +2/+2 and can't block.": the raise and, under the same condition, the restriction of
        # declaring (508.1c-d, 509.1b: decided as the declaration is made, ``rules.combat.declare``)
        rule = declaring_static(f"~ {combat.group('rule')}.", printed)
        if rule is None or rule.static is None:
            return None
        pt = parse_static({"kind": "as_long_as", "condition": cond, "static": {
            "kind": "pt_change", "power": int(combat.group("p")), "toughness": int(combat.group("t"))}})
        return [Ability("static", static=pt, source_text=printed),
                Ability("static", static=parse_static({"kind": "as_long_as", "condition": cond, "static": {
                    "kind": rule.static.kind, **dict(rule.static.args)}}), source_text=printed)]
    try:
        r = phrases.parse(rest, "static_pt" if rest.startswith("~ gets") else "static_grant")
    except DefinitionError:
        return None
    if dict(r["subject"]):
        return None
    inner = ([{"kind": "pt_change", "power": r["pt"][0], "toughness": r["pt"][1]}] if "pt" in r else []) + \
        [{"kind": "grant_keyword", "keyword": kw} for kw in r["keywords"]]
    return [Ability("static", static=parse_static({"kind": "as_long_as", "condition": cond, "static": i}),
                    source_text=printed) for i in inner]


def _grants(norm: str, printed: str) -> list[Ability] | None:
    """"Enchanted creature gets +2/+2 and has flying.", "Creatures you control have haste." (613.1f, 613.4c).
    "All Sliver creatures have flying." says what "Sliver creatures have flying." says: every one of them, whoever
    controls it."""
    if norm.startswith("All ") and not norm.startswith("All creatures able"):
        norm = norm[len("All "):]
    m = _PT_PER.match(norm)
    if m:
        # 613.4c: "~ gets +1/+1 for each artifact you control" (a count of what is there as the layer applies)
        try:
            return [Ability("static", static=parse_static({
                "kind": "pt_per", "power": int(m.group("p")), "toughness": int(m.group("t")), "count": m.group("count"),
                **({"enchanted": True} if m.group("who") != "~" else {})}), source_text=printed)]
        except DefinitionError:
            return None
    m = _WITH_COUNTER.match(norm)
    if m:
        # 122.1: the creatures with one or more such counters on them, determined as the layer applies (613.6)
        affects = {"types": ("Creature",), "controller": "you", "counter": m.group("counter"),
                   **({"other": True} if m.group("other") else {})}
        try:
            kws = phrases.parse(f"~ has {m.group('kw')}.", "static_grant")["keywords"]
        except DefinitionError:
            return None
        return [Ability("static", static=parse_static({"kind": "grant_keyword", "keyword": kw, "affects": affects}),
                        source_text=printed) for kw in kws]
    for start in ("static_grant", "static_pt"):
        try:
            r = phrases.parse(norm, start)
        except DefinitionError:
            continue
        subject = dict(r["subject"])
        affects = subject.pop("affects", None)
        base = {**({"affects": _fields(affects)} if affects is not None else {}), **subject}
        out = []
        if "pt" in r:
            out.append(Ability("static", static=parse_static({"kind": "pt_change", "power": r["pt"][0],
                                                              "toughness": r["pt"][1], **base}), source_text=printed))
        for kw in r["keywords"]:
            out.append(Ability("static", static=parse_static({"kind": "grant_keyword", "keyword": kw, **base}),
                               source_text=printed))
        return out
    return None


#: "Enchanted creature gets +2/+2 and can't block." (613.4c, 509.1b): a raise joined to a restriction of declaring
#: (one the declaring word says back whole, ``_raise_and_declaring``).
_RAISE_AND_RESTRICTION = re.compile(r"^(?P<who>Enchanted creature) (?P<raise>gets [+-]\d+/[+-]\d+) and "
                                    r"(?P<rule>can't [^.,;\"]+)\.$")


def _raise_and_declaring(norm: str, printed: str) -> list[Ability] | None:
    """The two statics of ``_RAISE_AND_RESTRICTION``, each read whole: the raise (``_grants``) and the restriction
    (``rules.combat.lines.declaring_static``), both of the creature the Aura enchants; None for any other line."""
    m = _RAISE_AND_RESTRICTION.match(norm)
    if m is None:
        return None
    raised = _grants(f"{m.group('who')} {m.group('raise')}.", printed)
    rule = declaring_static(f"{m.group('who')} {m.group('rule')}.", printed)
    if not raised or len(raised) != 1 or rule is None:
        return None
    return [raised[0], rule]


_COST_CHANGE = patterns.compile(r"^((?:[\w-]+ )*?spells)( you cast| your opponents cast)?( from anywhere other than your hand)? "
                                r"cost \{(\d+)\} "
                          r"(more|less) to cast\.$", re.I)
_PER_EXTRA_TARGET = patterns.compile(r"^~ costs ((?:\{[^}]+\})+) more to cast for each target beyond the first\.$", re.I)


def _cost_change(norm: str, printed: str) -> Ability | None:
    """601.2f: "Noncreature spells cost {1} more to cast.", "Artifact spells you cast cost {1} less to cast.",
    "This spell costs {1} more to cast for each target beyond the first." (Strive's words)."""
    m = _COST_CHANGE.match(norm)
    if m:
        # the sentence's capital is no subtype's ("Noncreature spells"), unless the phrase reads only with it
        # ("Goblin spells", "Dinosaur spells"): the phrase kept as the rule reads it when the cost is determined
        spells = None
        for phrase in (m.group(1)[0].lower() + m.group(1)[1:], m.group(1)):
            try:
                spells_match(phrase, Purpose("spell"))
            except DefinitionError:
                continue
            spells = phrase
            break
        if spells is None:
            return None
        data = {"kind": "cost_increase" if m.group(5).lower() == "more" else "cost_reduction",
                "amount": int(m.group(4)), "spells": spells}
        if m.group(2):
            data["opponents_cast" if "opponents" in m.group(2) else "you_cast"] = True
        if m.group(3):
            if data.get("you_cast") is not True:
                return None
            data["not_from_hand"] = True        # 601.2a: the zone it was cast from
        return Ability("static", static=parse_static(data), source_text=printed)
    # the spell's own reduction (601.2f) and alternative costs (118.9) (words.costs.read)
    own = self_cost_reduction(norm) or alternative_cost(norm)
    if own is not None:
        return Ability("static", static=parse_static(own), source_text=printed)
    m = _PER_EXTRA_TARGET.match(norm)
    if m:
        generic = re.fullmatch(r"\{(\d+)\}", m.group(1))
        # Strive's increase may be colored ({2}{U}): kept as a mana cost (601.2f)
        arg = {"amount": int(generic.group(1))} if generic else {"cost": m.group(1)}
        return Ability("static", static=parse_static({"kind": "costs_more_per_extra_target", **arg}),
                       source_text=printed)
    return None


_GRANTS_MANA = patterns.compile(r'^(?:(?P<attached>Enchanted land) has|(?P<np>.+?) have) "(?P<ability>[^"]+)"\.?$')


def _granted_mana_ability(norm: str, printed: str) -> Ability | None:
    """"Enchanted land has "{T}: Add two mana of any one color."", "Lands you control have "{T}: Add one mana of
    any color."": a mana ability granted in layer 6 (613.1f), read as the grantee's own mana ability is."""
    m = _GRANTS_MANA.match(norm)
    split = _split_activated(m.group("ability")) if m else None
    if split is None:
        return None
    try:
        phrases.cost_parts(split[0])
        production = phrases.parse(split[1], "mana_effect")
        who = {"enchanted": True} if m.group("attached") else {"affects": _fields(phrases.parse_np(m.group("np")))}
        return Ability("static", static=parse_static({"kind": "grant_mana_ability", "cost": split[0], "add": production,
                                                      **who}), source_text=printed)
    except DefinitionError:
        return None


def same_for_off_battlefield(sentence: str) -> bool:
    """"The same is true for spells you control and nonland cards you own that aren't on the battlefield.": the
    color-setting effect before it applied to objects that are not permanents (611.3a, 613.1e), which can change
    only their colors (a row of ``narrowing.TABLE``; ``_static_extended``)."""
    try:
        phrases.parse(sentence, "static_same_for")
    except DefinitionError:
        return False
    return True


def _static_extended(norm: str, printed: str) -> list[Ability] | None:
    """"Nonland permanents you control are white. The same is true for spells you control and nonland cards you
    own that aren't on the battlefield." (Celestial Dawn): the first sentence, a color-setting effect (layer 5,
    613.1e) read as a static word, applies to permanents; the second makes the same effect apply to objects that
    are not permanents (spells on the stack, cards in other zones: 110.1, 611.3a). That second part is not
    modelled; it is kept as an unmodelled ability that can change only the colors of objects off the battlefield
    (``Scope.COLORS_OFF_BATTLEFIELD``), functioning where the card's static abilities do (113.6). Another first
    sentence (a land type, a grant) keeps the whole line unread."""
    parts = sentences(norm)
    if len(parts) != 2 or not same_for_off_battlefield(parts[1]):
        return None
    printed_parts = sentences(printed)
    if len(printed_parts) != 2:
        printed_parts = parts
    first = _static_word(parts[0], printed_parts[0])
    if first is None or first.static is None or first.static.kind != "set_color":
        return None
    rest = Ability("unmodelled", source_text=printed_parts[1], unmodelled_kind="static",
                   scope=(Scope.COLORS_OFF_BATTLEFIELD,), zones=("battlefield",))
    return [first, rest]


def _spend_line(norm: str, printed: str) -> list[Ability] | None:
    """609.4b: "You may spend white mana as though it were mana of any color. You may spend other mana only as
    though it were colorless mana." (Celestial Dawn): a line of sentences on how mana may be spent, each a
    static word: "[color] mana as though it were mana of any color" (``spend_as_any_color``); "other mana only
    as though it were colorless mana" right after a sentence naming one color (``spend_only_as_colorless``, the
    other colors: colorless mana is spent as colorless anyway). Any other sentence leaves the line unread (its
    scope is then spending only, ``scopes._spending_only``)."""
    try:
        parsed = phrases.parse(norm, "spend_as_line")
    except DefinitionError:
        return None
    printed_parts = sentences(printed)
    if len(printed_parts) != len(parsed):
        printed_parts = sentences(norm)
    out: list[Ability] = []
    for i, (r, text) in enumerate(zip(parsed, printed_parts)):
        if not r["only"] and r["as"] == "any_color" and r["which"] != "other":
            data = {"kind": "spend_as_any_color", **({"mana": r["which"]} if r["which"] else {})}
        elif r["only"] and r["as"] == "C" and r["which"] == "other" and i > 0 and parsed[i - 1]["which"] in COLORS:
            data = {"kind": "spend_only_as_colorless", "mana": "".join(c for c in COLORS if c != parsed[i - 1]["which"])}
        else:
            return None
        out.append(Ability("static", static=parse_static(data), source_text=text))
    return out


#: 615.12: "Damage that would be dealt by ~ can't be prevented." (a static ability of the source).
_UNPREVENTABLE = re.compile(r"^Damage that would be dealt by ~ can't be prevented\.$")
#: 614.1c and 502.3 joined: "~ enters the battlefield tapped and doesn't untap during your untap step." (two
#: statements: a replacement of its own entering, and a rule of its controller's untap step)
_TAPPED_AND_NO_UNTAP = re.compile(r"^~ enters(?: the battlefield)? tapped and (?P<rest>doesn't untap during your untap "
                                  r"step)\.$")


def _entering_joined(norm: str, printed: str, ctx: LineContext) -> list[Ability] | None:
    """The two statements of ``_TAPPED_AND_NO_UNTAP``: the ``enters_tapped`` word, and "~ doesn't untap during your
    untap step." (``words.tapping``'s ``no_untap``)."""
    m = _TAPPED_AND_NO_UNTAP.match(norm)
    if not m:
        return None
    rest = f"~ {m.group('rest')}."
    return [Ability("static", static=parse_static({"kind": "enters_tapped"}), source_text=printed),
            untap_static(rest, rest) or unmodelled(rest, rest, "static", ctx.spell)]


def _static(norm: str, printed: str, ctx: LineContext) -> Ability:
    word = _static_word(norm, printed) or _cost_change(norm, printed) or _granted_mana_ability(norm, printed) \
        or restriction_static(norm, printed) or timing_static(norm, printed) \
        or graveyard_replacement_static(norm, printed) \
        or declaring_static(norm, printed) or damage_static(norm, printed) or untap_static(norm, printed) \
        or (None if ctx.spell else hand_size_static(norm, printed))     # 402.2: a permanent's static
    if word is not None:
        return word
    choosing = enters_choosing_static(norm)     # 614.12: "As ~ enters, choose a creature type."
    if choosing is not None:
        return Ability("static", static=parse_static(choosing), source_text=printed)
    prevention = static_prevention(norm)
    if prevention is not None:
        return Ability("static", static=parse_static(prevention), source_text=printed)
    if _UNPREVENTABLE.match(norm):
        return Ability("static", static=parse_static({"kind": "damage_unpreventable"}), source_text=printed)
    aura = becomes_static(norm) or control_sentences.control_static(norm)  # 613.1d-f, 613.4b; 613.1b: "You control enchanted creature."
    aura = aura or defined_pt_static(norm)      # 604.3, 613.4a: "~'s power and toughness are each equal to ..."
    if aura is not None:
        try:
            return Ability("static", static=parse_static(aura), source_text=printed)
        except DefinitionError:
            pass
    try:
        if phrases.parse(norm, "enters_tapped"):
            return Ability("static", static=parse_static({"kind": "enters_tapped"}), source_text=printed)
    except DefinitionError:
        pass
    try:
        life = phrases.parse(norm, "enters_pay_life")
        return Ability("static", static=parse_static({"kind": "enters_tapped_unless_pays", "life": life}),
                       source_text=printed)
    except DefinitionError:
        pass
    try:
        unless = phrases.parse(norm, "enters_tapped_unless")
        return Ability("static", static=parse_static({"kind": "enters_tapped_unless_control", **unless}),
                       source_text=printed)
    except DefinitionError:
        pass
    try:
        opponents = phrases.parse(norm, "enters_tapped_unless_opponents")
        return Ability("static", static=parse_static({"kind": "enters_tapped_unless_opponents",
                                                      "opponents": opponents}), source_text=printed)
    except DefinitionError:
        pass
    # 614.1c: "~ enters with N counters on it"; 702.33d-e: "If ~ was kicked, it enters with ...", only if the spell it
    # was had its kicker cost paid
    # 614.1c: "~ enters with two +1/+1 counters on it if a creature died this turn" (morbid): a condition of what
    # happened this turn (``rules.this_turn``), checked as it enters
    # 614.1c: "~ enters tapped with two depletion counters on it": both replacements of one sentence (a kicked or
    # conditional one that enters tapped is not read)
    m = re.fullmatch(r"(If ~ was kicked, it|~) enters(?: the battlefield)?( tapped)? with (an?|[a-z]+|X|\d+) "
                     r"([+-]\d+/[+-]\d+|[a-z]+) counters? on it(?: if ([^,.]+))?\.", norm)
    if m and m.group(2) and (m.group(1) != "~" or m.group(5)):
        m = None
    if m:
        tapped = {"tapped": True} if m.group(2) else {}
        n = m.group(3)
        count: int | str = "X" if n == "X" else phrases.number_word(n)     # (DefinitionError: not a number)
        kicked = {"if_kicked": True} if m.group(1) != "~" else {}
        cond = {"condition": m.group(5)} if m.group(5) else {}
        return Ability("static", static=parse_static({"kind": "enters_with_counters", "counter": m.group(4), "n": count,
                                                      **kicked, **cond, **tapped}), source_text=printed)
    # 614.1c, converge: "~ enters with a +1/+1 counter on it for each color of mana spent to cast it."
    spent = colors_spent_lines.enters_line(norm, printed)
    if spent is not None:
        return spent
    # 702.33c-d: multikicker's count ("for each time it was kicked": the times its kicker cost was paid)
    m = re.fullmatch(r"~ enters(?: the battlefield)? with an? ([+-]\d+/[+-]\d+|[a-z]+) counter on it for each time "
                     r"(?:it|~) was kicked\.", norm)
    if m:
        return Ability("static", static=parse_static({"kind": "enters_with_counters", "counter": m.group(1),
                                                      "n": "kicked"}), source_text=printed)
    m = re.fullmatch(r"As an additional cost to cast ~, (.+)\.", norm)
    if m:
        # 118.8: "discard a card and sacrifice a creature": two parts of one additional cost, both paid
        text = cost_text(m.group(1), x_parts=True)
        if text is not None:
            return Ability("static", static=parse_static({"kind": "additional_cost", "cost": text}),
                           source_text=printed)
        # 601.2b: "discard a card or pay {5}": the caster pays one of two costs
        either = additional_either(m.group(1))
        if either is not None:
            return Ability("static", static=parse_static({"kind": "additional_cost", "cost": either[0],
                                                          "or_cost": either[1]}), source_text=printed)
    return unmodelled(norm, printed, "static", ctx.spell)


def _triggered(body: str, printed: str, ctx: LineContext) -> Ability:
    """Triggered abilities the engine performs: "When this enters, exile target ... until this leaves the
    battlefield" (610.3) and triggered mana abilities (605.1b); any other trigger is kept unmodelled
    (``oracle.scopes``)."""
    try:
        mana = phrases.parse(body, "mana_trigger")
        return Ability("triggered", trigger=body.split(",")[0], mana_trigger=mana, source_text=printed)
    except DefinitionError:
        pass
    try:
        r = phrases.parse(body, "trigger_exile_until")
    except DefinitionError:
        # 700.2b: "When ~ enters the battlefield, choose one — • A • B", each mode read as "[condition], [mode]"
        return modes.modal_trigger(body, printed, lambda cond, m: _triggered_effects(
            f"{cond}, {m[:1].lower()}{m[1:]}", m, ctx)) or _triggered_impulse(body, printed) or \
            _triggered_effects(body, printed, ctx)
    m_target = re.search(r"\btarget (.+?) until ~ leaves", body)
    assert m_target is not None     # the grammar's trigger_exile_until just read these words
    phrase = m_target.group(1)
    args: dict = {"target": phrase}
    if r["for_each_opponent"]:
        args["for_each"] = "opponent"
    if r["up_to"]:
        args["up_to"] = 1
    effect = parse_effect({"exile_until_source_leaves": args})
    condition = body.split(",")[0]
    try:        # the event read once, as the engine would read the words (``engine.triggers.trigger_of``)
        event: TriggerEvent | None = phrases.parse(condition, "trigger_condition")
    except DefinitionError:
        event = None
    return Ability("triggered", effects=(effect,), trigger=condition, trigger_event=event, targets=(phrase,),
                   source_text=printed)


def _triggered_impulse(body: str, printed: str) -> Ability | None:
    """"When this creature transforms into ~, exile the top card of your library. Until the end of your next
    turn, you may play that card." (701.13a, 611.2a): a trigger whose effect, read whole and without
    targets, is the impulse-draw template. (Which events trigger it is the engine's reading of the trigger
    words, ``engine.triggers.condition``.)"""
    trigger, sep, effect = body.partition(", ")
    if not sep or not effect:
        return None
    read = read_effect_words(sentences(effect[0].upper() + effect[1:]))
    if read is None:
        return None
    words, targets = read
    effects = [w for w in words if w is not None]
    if targets or len(effects) != len(words) or not any(w.kind == "exile_top" for w in effects):
        return None
    try:        # the event read once where the grammar reads it ("When ~ enters"; "transforms into" it does not)
        event: TriggerEvent | None = phrases.parse(trigger, "trigger_condition")
    except DefinitionError:
        event = None
    return Ability("triggered", effects=tuple(effects), trigger=trigger, trigger_event=event, source_text=printed)


def _triggered_effects(body: str, printed: str, ctx: LineContext) -> Ability:
    """"[Trigger condition], [effect]." (603.1): a condition the grammar reads (``trigger_condition``) and an
    effect whose every sentence is a word of the encoding; else the ability is kept unmodelled (an event that
    meets a condition the engine reads then makes the answer unsupported, naming the text)."""
    condition, sep, effect = body.partition(", ")
    try:
        event = phrases.parse(condition, "trigger_condition")
    except DefinitionError:
        return unmodelled(body, printed, "triggered", ctx.spell)
    # 603.10a: "When ~ dies, return it to its owner's hand." (``words.persist.read``)
    itself = persist_lines.returns_to_hand(condition, event, effect, printed) if sep and not ctx.spell else None
    if itself is not None:
        return itself
    # 603.4: an intervening "if it was kicked" (``words.kicker.read``) or "if ~ is tapped" (``words.tapping.read``)
    # right after the trigger condition
    only_if = (kicker_lines.intervening(effect) or tapping_read.intervening(effect)) if sep else None
    if only_if is not None:
        effect = only_if[1]
    # "When ~ enters the battlefield, it deals ...": "it" is the permanent itself (201.5, 608.2c); so in
    # "Whenever ~ attacks, it gets +2/+0": the event is its own. "Whenever a creature you control attacks, it
    # gets +2/+2": "it" is the creature the event is about (603.2, 702.83a).
    self_subject = bool(re.match(r"^(?:when|whenever) ~ ", condition, re.I))
    own_combat = event.event in COMBAT_SUBJECT_EVENTS and (not event.also or event.also in COMBAT_SUBJECT_EVENTS)
    it_is_self = event.who == "self" and (event.event in ("enters", "becomes_tapped", "becomes_target") or own_combat)
    it_is_subject = event.who in ("any", "other", "self_or_other", *ATTACHED_SUBJECTS) and own_combat
    if only_if is not None and only_if[0] in ("tapped", "untapped") and event.event in ("upkeep", "end", "draw"):
        # "At the beginning of your upkeep, if ~ is tapped, put a storage counter on it.": a step names no object,
        # so "it" is the one the condition names, the permanent itself
        it_is_self = True
    if event.event in OTHER_SUBJECT_EVENTS or event.also in OTHER_SUBJECT_EVENTS:
        # 608.2c: "tap that creature and it doesn't untap during its controller's next untap step": "it" is the
        # creature just tapped, the other one (the two instructions of ``words.tapping`` that say so)
        effect = _TAP_AND_IT.sub(r"\1. That creature doesn't untap", effect)
        # 509.3b, 509.3d, 510.2: "that creature" is the other creature; "it" could be either, another subject either
        # one (a template's "its", "during its controller's next untap step", is its own object's); of "blocks or
        # becomes blocked by a creature" the other creature either way
        if event.who != "self" or (event.also and not {event.event, event.also} <= OTHER_SUBJECT_EVENTS) or \
                re.search(r"\bit\b", effect, re.I):
            return unmodelled(body, printed, "triggered", ctx.spell)
        it_is_self, it_is_subject = False, True
    # 603.10a: "When enchanted creature dies, ...": what "it", "that creature" or "that card" names (the card it
    # became, the Aura itself) is not read; such an effect stays unmodelled (of its own combat event, "it" is that
    # creature: ``it_is_subject``)
    if event.who in ATTACHED_SUBJECTS and not own_combat and re.search(r"\b(?:it|its|that creature|that card)\b",
                                                                         effect, re.I):
        return unmodelled(body, printed, "triggered", ctx.spell)
    # 701.44b: "Whenever a creature you control explores, ...": what "it" or "that creature" names (the explorer, or
    # the permanent itself) is not read; such an effect stays unmodelled
    if event.on("explores") and event.who != "self" and re.search(r"\b(?:it|its|that creature)\b", effect, re.I):
        return unmodelled(body, printed, "triggered", ctx.spell)
    # 603.4: an intervening "if" clause ("..., if you control another Elf, create ...") becomes the first word
    split = split_intervening(effect) if sep else None
    if split is not None:
        effect = split[1]
    read = read_effect_words(sentences(effect), self_subject, it_is_self, it_is_subject,
                             _event_player_phrase(event)) if sep else None
    if read is None or not all(read[0]):
        return unmodelled(body, printed, "triggered", ctx.spell)
    effects, targets = [w for w in read[0] if w is not None], read[1]     # (none is None: checked just above)
    if split is not None:
        effects = [parse_effect({"intervening_if": condition_args(split[0])})] + effects
    if not effects:
        return unmodelled(body, printed, "triggered", ctx.spell)
    # 113.6m: an effect (or a delayed trigger it creates) that moves the object itself out of a zone: the ability
    # functions only there, unless its trigger condition puts the object there (an event of its own: not decided
    # here, so the line stays unmodelled).
    moved = moved_out_of(effect)
    if moved is None or (moved and event.who in ("self", "self_or_other")):
        return unmodelled(body, printed, "triggered", ctx.spell)
    if event.event not in ("deals_damage", "dealt_damage") and any(_that_much_first(e) for e in effects):
        # "you gain that much life" first names the damage the trigger event dealt: only a "deals damage" one's
        return unmodelled(body, printed, "triggered", ctx.spell)
    if event.who != "self" and any(_LESSER_POWER.search(t) for t in targets):
        # 702.134a: "with lesser power" is the source's (``rules.targets``) only where the event is its own; of
        # another creature's event it could be that creature's
        return unmodelled(body, printed, "triggered", ctx.spell)
    return Ability("triggered", effects=tuple(effects), trigger=condition, trigger_event=event, targets=tuple(targets),
                   source_text=printed, intervening=only_if[0] if only_if is not None else "", zones=moved)


#: "tap that creature and it doesn't untap": one sentence, whose "it" is the creature it taps (608.2c).
_TAP_AND_IT = patterns.compile(r"^(tap that creature) and it doesn't untap(?= during its controller's next untap "
                               r"step\.?$)", re.I)
_LESSER_POWER = patterns.compile(r"\bwith lesser power\b", re.I)

#: The events of an attacking creature (508.5: its "defending player" is the player it attacks).
_ATTACKER_EVENTS = frozenset({"attacks", "attacks_alone", "attacks_most_life", "becomes_blocked", "blocked_by_creature"})


def _event_player_phrase(event) -> str | None:
    """The phrase naming the player a trigger event is about, every event of the condition being about one:
    "that player" of "deals combat damage to a player" (510.2); "defending player" of an attacking creature's event
    (508.5: "Whenever ~ becomes blocked", 702.130a); "that player" of a step of each player's or each opponent's turn
    (503.1a, 513.1a: "At the beginning of each player's upkeep", the active player). None for any other condition."""
    events = {event.event} | ({event.also} if event.also else set())
    if events == {"combat_damage_player"}:
        return "that player"
    if events <= {"upkeep", "draw", "end"} and event.who in ("each", "opponent"):
        return "that player"
    if events <= _ATTACKER_EVENTS:
        return "defending player"
    return None


def _that_much_first(e: Effect) -> bool:
    """Is ``e`` an instruction whose first amount is "that much" (the trigger event's damage): a player's, or the
    damage of ``damage_that_much``?"""
    if e.kind == "damage_that_much":
        return True
    acts: tuple = (e.arg("acts") if e.kind == "player_acts" else None) or ()
    return bool(acts) and acts[0][1] == ("that_much", 0)


def compile_line(norm: str, printed: str, ctx: LineContext) -> list[Ability]:
    """The abilities of one line. A reading the vocabulary refuses (a word with arguments it does not take)
    leaves the line unread, never a crash: the card is still imported, that line unmodelled."""
    try:
        abilities = _compile_line(norm, printed, ctx)
    except DefinitionError:
        return [unmodelled(norm, printed, "triggered" if _TRIGGER.match(norm) else "static", ctx.spell)]
    # A line is modelled only if all of it is read (``oracle.whole``): a reading that leaves out a target, a
    # list item, a condition or a cost is none, whichever reader made it.
    if unread_part(without_ability_word(norm), abilities) is not None or any(
            a.kind != "triggered" and _that_much_first(e) for a in abilities for e in a.effects):
        # (a leading "that much" is a "deals damage" trigger's, ``_triggered``; of anything else it is unread)
        return [unmodelled(norm, printed, _UNMODELLED_KIND.get(abilities[0].kind, "static"), ctx.spell)]
    return abilities


#: The kind of unmodelled ability a line is kept as when its reading is refused, from the reading's shape.
_UNMODELLED_KIND = {"mana": "mana", "activated": "activated", "triggered": "triggered", "spell": "spell"}


def _compile_line(norm: str, printed: str, ctx: LineContext) -> list[Ability]:
    # 714.2: a Saga's chapter line "I — ...", "II, III — ..." (``words.sagas.read``), before ability words
    chapters = sagas.chapter_abilities(norm, printed, lambda effect: read_effect_words(sentences(effect)),
                                       lambda p: unmodelled(norm, p, "triggered", ctx.spell))
    if chapters is not None:
        return chapters
    body = without_ability_word(norm)
    kick = kicker_lines.kicker_line(body)       # "Kicker—{2}{R}, Sacrifice a land.", "Kicker {A} and/or {B}" (702.33)
    if kick is not None:
        return [Ability("static", static=parse_static({"kind": "kicker", "cost": c}), source_text=printed) for c in kick]
    evoked = _evoke(body, printed, ctx) or _dash(body, printed, ctx) or surge_line(body, printed) \
        or copies_read.replicate_line(body, printed, ctx.spell) or copies_read.conspire_line(body, printed, ctx.spell) \
        or (None if ctx.spell else attach_read.bestow_line(body, printed))      # 702.103a
    if evoked is not None:
        return evoked
    mad = madness_read.madness_line(body, printed)      # "Madness {1}{R}" (702.35a)
    if mad is not None:
        return mad
    dredge = dredge_line(body, printed)                  # "Dredge 3" (702.52a)
    if dredge is not None:
        return dredge
    suspended = suspend_read.suspend_line(body, printed)      # "Suspend 4—{U}" (702.62a)
    if suspended is not None:
        return suspended
    ciphered = cipher_read.cipher_line(body, printed, ctx.spell)      # "Cipher" of an instant or sorcery (702.99a)
    if ciphered is not None:
        return ciphered
    morph = None if ctx.spell else face_down_lines.morph_line(body)    # "Morph {2}{W}{W}" (702.37a-b)
    if morph is not None:
        return [Ability("static", static=parse_static(morph), keyword="Megamorph" if morph["mega"] else "Morph",
                        source_text=printed)]
    if is_buyback_line(body):
        # 702.27a: "Buyback {3}", "Buyback—Pay 3 life, Discard a card at random.": an optional additional cost, never
        # a spell's instructions; a cost the grammar does not read leaves the keyword unmodelled
        cost = buyback_cost(body)
        if cost is not None:
            return [Ability("static", static=parse_static({"kind": "buyback", "cost": cost}), source_text=printed)]
        buyback = keywords.BY_NAME["buyback"]
        return [Ability("unmodelled", source_text=printed, unmodelled_kind=buyback.kind,
                        scope=tuple(sorted(buyback.scopes, key=lambda s: s.value)), zones=buyback.zones)]
    several = _KEYWORD_COSTS.match(body)        # "Flashback—{1}{U}, Pay 3 life.": a keyword's cost of several parts
    kw = keywords.lookup(several.group(1)) if several is not None else None
    if several is not None and kw is not None and kw.param == "cost":
        if kw.name in GRAVEYARD_CAST_KEYWORDS:
            return [graveyard_cast(kw.name, several.group(2), printed)]
        return [Ability("unmodelled", source_text=printed, unmodelled_kind=kw.kind,
                        scope=tuple(sorted(kw.scopes, key=lambda s: s.value)), zones=kw.zones)]
    items = _keyword_items(body)
    if items is not None:
        # a permanent's keyword whose trigger depends on the card's type (Haunt, 702.55a)
        return [a for i in items for a in _counter_keyword(i, ctx) or [
            _keyword_meaning(i, ctx) or cascade_read.keyword_ability(i) or copies_read.keyword_ability(i) or _cycling(i, ctx)
            or graveyard_abilities_read.keyword_ability(i, ctx.spell) or keyword_triggers.on_permanent(_keyword_ability(i), ctx.spell)]]
    if ctx.spell and _TRIGGER.match(body):
        # 603.7a: "At the beginning of your next upkeep, ..." on an instant or sorcery is a delayed triggered
        # ability the spell creates as it resolves, not a triggered ability of the card
        word = delayed_paragraph(body)
        if word is not None:
            return [Ability("spell", effects=(word,), source_text=printed)]
    if _TRIGGER.match(body):
        return [_triggered(body, printed, ctx)]
    split = _split_activated(body)
    if split is not None and not body.lower().startswith(("choose ", "as ")):
        return [_activated(split[0], split[1], body, printed, ctx)]
    if _CHAPTER.match(body):
        return [unmodelled(body, printed, "triggered", ctx.spell)]      # 714.2b: chapter abilities trigger
    grants = None if ctx.spell else (_grants(body, printed) or _raise_and_declaring(body, printed)
                                     or _conditional_grants(body, printed)
                                     or _entering_joined(body, printed, ctx)
                                     or _static_extended(body, printed)
                                     or _spend_line(body, printed))
    if grants:
        return grants
    static = _static(body, printed, ctx)
    if ctx.spell and static.kind == "unmodelled" and not _STATIC_ON_SPELL.search(body):
        return [_spell_line(body, printed, ctx)]
    return [static]

