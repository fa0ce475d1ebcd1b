"""Words about the rest of the game: keywords granted (layer 6), permissions to play cards from other zones
(601.3), entering with counters (614.1c), and the effects spells and abilities have when they resolve (608):
life (119), drawing (121), extra turns (500.7), exile until a source leaves (610.3), recruit (701.70, 2026-09-25).
Effects no consumer performs yet are ``text_only``: kept so that a card's text reads right."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import count_values, counts   # the one count concept: "for each ...", read as compiled
from mtgjudge.model.rules.this_turn import fact_of as this_turn_fact
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.abilities import KEYWORDS, StaticEffect, count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_mana import plural

ENGINE = frozenset({"engine"})


#: 701.6a, 614.1a: where a countered spell's card goes instead of its owner's graveyard ("If that spell is countered
#: this way, exile it instead of putting it into its owner's graveyard."), and how the rider says it.
COUNTERED_TO = {
    "exile": "exile it instead of putting it into its owner's graveyard",
    "library_top": "put it on top of its owner's library instead of into that player's graveyard",
    "library_top_or_bottom": "put that card on the top or bottom of its owner's library instead of into that "
                             "player's graveyard",
    "hand": "put it into its owner's hand instead of into that player's graveyard",      # Remand
}


def countered_rider(a: dict) -> str:
    """The rider sentence of a counter word's ``instead`` ("" for none)."""
    to = a.get("instead")
    return f". If that spell is countered this way, {COUNTERED_TO[to]}" if to else ""


def v_counter(a: dict) -> None:
    """A counter word: a target, and ``instead`` (if given) one of ``COUNTERED_TO``."""
    if not a.get("target"):
        raise DefinitionError("needs target (a target phrase)")
    if a.get("instead") is not None and a["instead"] not in COUNTERED_TO:
        raise DefinitionError(f"instead: one of {sorted(COUNTERED_TO)}, not {a['instead']!r}")


def _r_grant(s: StaticEffect) -> str:
    if s.arg("enchanted"):
        return f"Enchanted permanent has {s.arg('keyword').lower()}"
    if not s.affects:
        return f"This has {s.arg('keyword').lower()}"
    return f"{plural(s.affects)} have {s.arg('keyword').lower()}"



def _r_pt(s: StaticEffect) -> str:
    who = "Enchanted permanent gets" if s.arg("enchanted") else ("This gets" if not s.affects else f"{plural(s.affects)} get")
    return f"{who} {signed_pt(s.arg('power'), s.arg('toughness'))}"


def _r_pt_per(s: StaticEffect) -> str:
    return f"{_r_pt(s)} for each {s.arg('count')}"


def _v_pt_per(a: dict) -> dict:
    # the count read once, as the card is compiled, and only one of what is there now (``count_values.STATE_KINDS``);
    # "other" of an attached permanent would be other than the creature, not the Aura or Equipment: not read
    if a.get("enchanted") and re.search(r"\bother\b", str(a.get("count", ""))):
        raise DefinitionError(f"the count {a.get('count')!r} of an Aura or Equipment is not read")
    out = counts.compiled(a, str(a.get("count") or "-"), it_is_source=not a.get("enchanted"))
    (_, count), = out[counts.ARG]
    if count.kind not in count_values.STATE_KINDS:
        raise DefinitionError(f"the count {a['count']!r} is not one a static ability is read with")
    return out


def signed_pt(power: int, toughness: int) -> str:
    """A change of power and toughness as Oracle text writes it: "+2/+2", "-3/-0" (a zero takes the other's sign)."""
    p = f"{power:+d}" if power or toughness >= 0 else "-0"
    t = f"{toughness:+d}" if toughness or power >= 0 else "-0"
    return f"{p}/{t}"


def _v_keyword(a: dict) -> None:
    if str(a.get("keyword", "")).capitalize() not in KEYWORDS:
        raise DefinitionError(f"grant_keyword: {a.get('keyword')!r} is not a keyword the verifier knows: {', '.join(KEYWORDS)}")


def _r_tapped_unless(s) -> str:
    if s.arg("subtypes"):
        either = " or ".join(f"{'an' if t[0] in 'AEIOU' else 'a'} {t}" for t in s.arg("subtypes"))
        return f"This enters tapped unless you control {either}"
    kind = "basic" if s.arg("basic") else "other"
    return f"This enters tapped unless you control {count_word(s.arg('lands'))} or {s.arg('cmp')} {kind} lands"


def _v_opponents(a: dict) -> None:
    if not isinstance(a.get("opponents"), int) or a["opponents"] < 1:
        raise DefinitionError("enters_tapped_unless_opponents: opponents is a number, 1 or more")


def _v_tapped_unless(a: dict) -> None:
    if a.get("subtypes"):
        if not isinstance(a["subtypes"], (tuple, list)) or not all(isinstance(t, str) for t in a["subtypes"]) \
                or a.get("lands") is not None:
            raise DefinitionError("enters_tapped_unless_control: subtypes is a list of subtypes, without lands")
    elif not isinstance(a.get("lands"), int) or a.get("cmp") not in ("fewer", "more"):
        raise DefinitionError("enters_tapped_unless_control: subtypes, or lands (a number) and cmp (fewer or more)")


def _r_enters_with(s: StaticEffect) -> str:
    n = s.arg("n")
    if n == "kicked":
        return f"This enters with a {s.arg('counter')} counter on it for each time it was kicked"
    said = ("If this was kicked, it enters" if s.arg("if_kicked") else "This enters") \
        + (" tapped" if s.arg("tapped") else "") + f" with {count_word(n) if isinstance(n, int) else n} {s.arg('counter')} counter{'s' if n != 1 else ''} on it"
    return said + (f" if {s.arg('condition')}" if s.arg("condition") else "")


#: The condition of "~ enters with a divinity counter on it if you cast it from your hand" (601.2a).
CAST_FROM_HAND = "you cast it from your hand"


def _v_enters_with(a: dict) -> None:
    n = a.get("n")
    if not (str(n).upper() == "X" or n == "kicked" or (isinstance(n, int) and not isinstance(n, bool) and n >= 0)):
        raise DefinitionError(f"enters_with_counters: n must be a number, X or kicked, not {n!r}")
    if a.get("if_kicked") not in (None, True) or (a.get("if_kicked") and n == "kicked"):
        raise DefinitionError("enters_with_counters: if_kicked is true or absent, with a number of counters")
    cond = a.get("condition")
    if cond is not None and (a.get("if_kicked") or n == "kicked" or not isinstance(cond, str)
                             or (this_turn_fact(cond) is None and cond != CAST_FROM_HAND)):
        # 614.1c: a condition checked as it enters; read: what happened this turn (``rules.this_turn``), which does
        # not depend on the object entering being on the battlefield or not, and whether it was a spell cast from
        # its owner's hand (601.2a: the zone it was cast from)
        raise DefinitionError(f"enters_with_counters: condition {cond!r} is not one of what happened this turn")


def _t_exile_until(a: dict) -> str:
    each = "For each opponent, exile" if a.get("for_each") == "opponent" else "Exile"
    up = "up to one " if a.get("up_to") else ""
    return f"{each} {up}{target_words(a['target'])} until this leaves the battlefield"


def _v_exile_until(a: dict) -> None:
    if "target" not in a:
        raise DefinitionError("exile_until_source_leaves: needs target")
    if a.get("for_each") not in (None, "opponent"):
        raise DefinitionError(f"exile_until_source_leaves: for_each must be opponent, not {a.get('for_each')!r}")


def _v_n(a: dict) -> None:
    if "n" in a and a["n"] < 1:
        raise DefinitionError(f"n must be 1 or more, not {a['n']}")


def _v_gain_life_per(a: dict) -> dict:
    _v_n(a)
    return counts.compiled(a, str(a.get("affects", "")) or "-")     # the count, read as the card is compiled


def v_target(a: dict) -> None:
    if not a.get("target"):
        raise DefinitionError("needs target (a target phrase)")


def counted_targets(phrase: str) -> bool:
    """A phrase with its own count of targets ("two target creatures"; 601.2c)."""
    return bool(re.search(r"\btargets?\b", phrase)) and phrase != "any target"


def target_words(phrase: str) -> str:
    # a counted phrase ("two target creatures", "up to one target creature") is kept whole (601.2c)
    return phrase if phrase == "any target" or re.search(r"\btargets?\b", phrase) else f"target {phrase}"


def _r_additional_land_plays(s: StaticEffect) -> str:
    n = s.arg("n")
    return f"You may play {'an additional land' if n == 1 else count_word(n) + ' additional lands'} on each of your turns"


WORDS = (
    # Layer 6 (613.1f); ``enchanted``: the permanent its source is attached to ("enchanted creature",
    # "equipped creature").
    Word("grant_keyword", "static", {"keyword": str, "enchanted": bool}, _r_grant, frozenset({Scope.CHARACTERISTICS}),
         frozenset({"layers"}), _v_keyword),
    # Layer 7c (613.4c): "gets +N/+N", applied by the layers (``rules.layers``) through which the engine reads
    # every power and toughness (``rules.guards.power_now``, ``engine.sba``).
    Word("pt_change", "static", {"power": int, "toughness": int, "enchanted": bool}, _r_pt,
         frozenset({Scope.POWER_TOUGHNESS}), frozenset({"layers", "engine"})),
    # Layer 7c (613.4c), 608.2h-like but read each time the layers apply: "~ gets +1/+1 for each artifact you
    # control", "Enchanted creature gets +1/+1 for each Forest you control": the change times the count's value.
    Word("pt_per", "static", {"power": int, "toughness": int, "enchanted": bool, "count": str, counts.ARG: tuple},
         _r_pt_per, frozenset({Scope.POWER_TOUGHNESS}), frozenset({"layers", "engine"}), _v_pt_per),
    # 601.3: "You may play that card"; ``free``: "without paying its mana cost", an alternative cost the
    # permission requires (118.9b).
    Word("may_play", "static", {"free": bool},
         lambda s: "You may play that card" + (" without paying its mana cost" if s.arg("free") else ""),
         frozenset({Scope.PLAY_PERMISSIONS}), frozenset({"permissions"})),
    # 614.1c, 122.6: "This permanent enters with N [kind] counters on it"; ``n``: a number, "kicked" (one for each
    # time it was kicked, 702.33c-d) or "X" (the X of the
    # spell it was, 107.3m).
    Word("enters_with_counters", "static", {"counter": str, "n": object, "if_kicked": bool, "condition": str,
                                            "tapped": bool}, _r_enters_with, frozenset({Scope.ENTERS}),
         ENGINE, _v_enters_with),
    # 305.2: "You may play an additional land on each of your turns" (``n`` additional land plays in each of its
    # controller's turns); counted by the land-play timing (``rules.timing.land_play_timing``).
    Word("additional_land_plays", "static", {"n": int}, _r_additional_land_plays, frozenset({Scope.LAND_PLAYS}),
         frozenset({"timing"}), _v_n),
    # 614.1c: "This enters tapped".
    Word("enters_tapped", "static", {}, lambda s: "This enters tapped", frozenset({Scope.ENTERS}), ENGINE),
    # 614.1c, 119.4: "As this enters, you may pay N life. If you don't, it enters tapped." (a choice as it enters)
    Word("enters_tapped_unless_pays", "static", {"life": int},
         lambda s: f"As this enters, you may pay {s.arg('life')} life. If you don't, this enters tapped",
         frozenset({Scope.ENTERS}), ENGINE),
    # 614.1c-d: "This enters tapped unless you control a Plains or an Island." / "... two or fewer other lands."
    # (whether it does is checked as it enters; the land itself is not yet on the battlefield, 614.12)
    Word("enters_tapped_unless_control", "static", {"subtypes": object, "lands": int, "cmp": str, "basic": bool},
         _r_tapped_unless, frozenset({Scope.ENTERS}), ENGINE, _v_tapped_unless),
    # 614.1c-d, 102.3: "This enters tapped unless you have two or more opponents." (checked as it enters)
    Word("enters_tapped_unless_opponents", "static", {"opponents": int},
         lambda s: f"This enters tapped unless you have {count_word(s.arg('opponents'))} or more opponents",
         frozenset({Scope.ENTERS}), ENGINE, _v_opponents),
    Word("gain_life", "effect", {"n": int}, lambda a: f"You gain {a['n']} life", frozenset({Scope.LIFE}), ENGINE, _v_n),
    Word("lose_life", "effect", {"n": int}, lambda a: f"You lose {a['n']} life", frozenset({Scope.LIFE}), ENGINE, _v_n),
    Word("draw", "effect", {"n": int, "additional": bool},
         lambda a: "Draw an additional card" if a.get("additional") else
         f"Draw {count_word(a['n'])} card{'s' if a['n'] > 1 else ''}",
         frozenset({Scope.DRAW}), ENGINE, _v_n),
    # 610.3: "exile ... until this leaves the battlefield". ``target``: the target phrase ("nonland permanent that
    # player controls"); ``for_each: opponent``: one target per opponent (that player); ``up_to: 1``: optional.
    Word("exile_until_source_leaves", "effect", {"target": str, "for_each": str, "up_to": int}, _t_exile_until,
         frozenset(), ENGINE, _v_exile_until),
    # 701.70a (2026-09-25): draw a card, then discard a card; if a nonland card was discarded, create a 1/1
    # white Human Soldier creature token.
    Word("recruit", "effect", {}, lambda a: "Recruit", frozenset({Scope.DRAW, Scope.DISCARD}), ENGINE),
    # 120.3: "This deals N damage to any target / target creature / target player".
    # 120.3a: "~ deals N damage to you": the source deals damage to the ability's controller, whom it does not
    # target (115.1: only "target" targets). In a mana ability (painlands) payments and mana-options deal it too.
    Word("damage_you", "effect", {"n": int}, lambda a: f"This deals {a['n']} damage to you", frozenset({Scope.LIFE}),
         ENGINE | {"payment", "mana"}, _v_n),
    # ``unpreventable``: "The damage can't be prevented." follows it (615.12).
    Word("damage", "effect", {"n": int, "target": str, "unpreventable": bool},
         lambda a: f"This deals {a['n']} damage to {target_words(a.get('target', 'any target'))}"
                   + (". The damage can't be prevented" if a.get("unpreventable") else ""),
         frozenset({Scope.LIFE}), ENGINE, v_target),
    # 613.4c (layer 7c), 514.2: "Target creature gets +N/+N until end of turn".
    Word("pump", "effect", {"power": int, "toughness": int, "target": str},
         lambda a: f"{target_words(a['target']).capitalize()} {'each get' if counted_targets(a['target']) else 'gets'} "
                   f"{signed_pt(a['power'], a['toughness'])} until end of turn",
         frozenset({Scope.POWER_TOUGHNESS}), ENGINE, v_target),
    # 701.6a: "Counter target spell".
    Word("counter_spell", "effect", {"target": str, "instead": str},
         lambda a: f"Counter {target_words(a['target'])}{countered_rider(a)}",
         frozenset({Scope.RESOLUTION}), ENGINE, v_counter),
    # 608.2h: "Its controller gains life equal to its power" after an effect on the ability's one target
    # (Swords to Plowshares): the target as it last existed on the battlefield.
    Word("its_controller_gains_life_equal_to_power", "effect", {},
         lambda a: "Its controller gains life equal to its power", frozenset({Scope.LIFE}), ENGINE),
    # 701.27a, 701.27f: "Transform this" (an ability of a double-faced permanent turning it over).
    Word("transform", "effect", {}, lambda a: "Transform this", frozenset({Scope.CHARACTERISTICS}), ENGINE),
    # 701.13a, 406.3: "Exile the top N cards of your library" (impulse draw; what may be played from there
    # is the ``lasting`` may-play effect that follows it in the same ability, 611.2a).
    Word("exile_top", "effect", {"n": int},
         lambda a: f"Exile the top {'card' if a['n'] == 1 else count_word(a['n']) + ' cards'} of your library",
         frozenset(), ENGINE, _v_n),
    # 119.3: "Target player loses N life and you gain M life" (one sentence, one target).
    Word("drain", "effect", {"target": str, "n": int, "gain": int},
         lambda a: f"Target {a['target']} loses {a['n']} life and you gain {a['gain']} life", frozenset({Scope.LIFE}),
         ENGINE, v_target),
    # 607.2a, 610.3c: "Return the exiled card to the battlefield under its owner's control": the cards the
    # linked ability of the same object exiled (Oblivion Ring's two abilities).
    Word("return_exiled", "effect", {}, lambda a: "Return the exiled card to the battlefield under its owner's control",
         frozenset({Scope.ENTERS}), ENGINE),
    # 613.4c (layer 7c), 611.2c: "Creatures you control get +1/+1 until end of turn": ``affects`` a noun
    # phrase of permanents; the set affected is fixed as the effect begins.
    Word("pump_all", "effect", {SELECTS: tuple, "affects": str, "power": int, "toughness": int},
         lambda a: f"{'All ' if ' control' not in a['affects'] and not a['affects'].lower().startswith(('all ', 'other ', 'each ')) else ''}"
                   f"{a['affects']} get {signed_pt(a['power'], a['toughness'])} until end of turn",
         frozenset({Scope.POWER_TOUGHNESS}), ENGINE),
    # 119.3: "You gain N life for each creature you control": the permanents counted as it resolves.
    Word("gain_life_per", "effect", {"n": int, "affects": str, counts.ARG: tuple},
         lambda a: f"You gain {a['n']} life for each {a['affects']}", frozenset({Scope.LIFE}), ENGINE,
         _v_gain_life_per),
    # 120.3: "This deals N damage to each creature": every permanent the phrase names, at once.
    # ``players``: "... and each player" too.
    Word("damage_each", "effect", {SELECTS: tuple, "n": int, "affects": str, "players": bool}, lambda a: f"This deals {a['n']} damage "
         f"to each {a['affects']}" + (" and each player" if a.get("players") else ""),
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE, _v_n),
    # 400.6: "Return target creature card from your graveyard to your hand / to the battlefield".
    Word("regrow", "effect", {"target": str}, lambda a: f"Return {target_words(a['target'])} to your hand", frozenset(),
         ENGINE, v_target),
    Word("reanimate", "effect", {"target": str},
         lambda a: f"Return {target_words(a['target'])} to the battlefield" if "your graveyard" in a["target"] else
         f"Put {target_words(a['target'])} onto the battlefield under your control",      # 110.2
         frozenset({Scope.ENTERS}), ENGINE, v_target),
    # 701.9a-b: "Target player discards N cards": that player chooses which.
    # 500.7: "Take an extra turn after this one." ("target player takes N extra turns ...": ``target``)
    Word("extra_turn", "effect", {"target": str, "n": int},
         lambda a: (f"Target {a['target']} takes" if a.get("target") else "Take") +
         f" {'an' if a.get('n', 1) == 1 else count_word(a['n'])} extra turn{'s' if a.get('n', 1) > 1 else ''} after this one",
         frozenset({Scope.RESOLUTION}), ENGINE),
    Word("discard", "effect", {"target": str, "n": int},
         lambda a: f"Target {a['target']} discards {count_word(a.get('n', 1))} card{'s' if a.get('n', 1) > 1 else ''}",
         frozenset({Scope.DISCARD}), ENGINE, v_target),
    # Effect text the encoding has no word for yet; its target, if any, still counts for legality (601.2c).
    Word("other", "effect", {"text": str, "target": str}, lambda a: a["text"], frozenset(), text_only=True),
)
