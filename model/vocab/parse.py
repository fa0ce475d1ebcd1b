"""Card definitions' abilities, from their YAML mappings to values (``vocab.abilities``): each word checked
against its record (``vocab.words``: known word, known arguments of the right types, the word's own
``validate``), so that a definition that breaks the encoding is refused when it loads, naming the field."""
from __future__ import annotations

from dataclasses import replace
import re
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.objects import ZONES
from mtgjudge.model.selectors import OBJECTS, SELECTOR_KEYS, SELECTS, Selector, TargetSpec
from mtgjudge.model.vocab.phrases import parse as parse_phrase, parse_np as parse_noun_phrase, parse_nps, parse_target
from mtgjudge.model.vocab.abilities import KEYWORDS, Ability, Effect, ManaTrigger, StaticEffect, TriggerEvent
from mtgjudge.model.vocab.combat_triggers import combat_condition
from mtgjudge.model.vocab.keyword_triggers import keyword_trigger
from mtgjudge.model.vocab.grammar import COST_KEYS, COSTS, parse_cost_text, parse_production, read_costs
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words import EFFECT_WORDS, STATIC_WORDS

ABILITY_KEYS = {"cost", "add", "effect", "effects", "timing", "once_each_turn", "targets", "keyword",
                "static", "when", "unmodelled", "kind", "text", "spend_only", "mana_trigger", "scope", "zones"}


def _freeze(v: Any) -> Any:
    """Lists become tuples and mappings sorted tuples of pairs, so that abilities stay hashable."""
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


#: The arguments of an effect word that name kinds of permanents, each read once here into ``SELECTS`` when the
#: word's schema lists it (``selectors.SELECTS``).
_NOUN_PHRASES = ("affects", "affects2")


def _check_args(word: Word, args: dict, where: str) -> dict:
    for kept in (SELECTS, OBJECTS, COSTS):
        if kept in args and isinstance(args[kept], tuple):
            del args[kept]          # a word read again (with its arguments as they were): its phrases are read anew
    for k, v in args.items():
        if k not in word.schema:
            raise DefinitionError(f"{where} {word.name}: unknown argument {k!r}; allowed: {', '.join(word.schema) or 'none'}")
        t = word.schema[k]
        if t is StaticEffect:
            args[k] = v = parse_static(v)
        elif t is not object and (not isinstance(v, t) or (isinstance(v, bool) and t is int)):
            raise DefinitionError(f"{where} {word.name}: {k} must be {t.__name__}, not {v!r}")
    if word.validate is not None:
        try:
            args = word.validate(args) or args
        except DefinitionError as e:
            raise DefinitionError(f"{where} {word.name}: {e}") from None
    if SELECTS in word.schema:
        # the kinds of permanents the word acts on, read once, so that the engine reads them, never the phrase
        # (``engine.kernel.context.affected``); a phrase that is not one refuses the word (the line is unmodelled)
        kinds = []
        for k in _NOUN_PHRASES:
            if isinstance(args.get(k), str):
                try:
                    kinds.append((args[k], parse_nps(args[k])))
                except DefinitionError as e:
                    raise DefinitionError(f"{where} {word.name}: {k}: {e}") from None
        if kinds:
            args = {**args, SELECTS: tuple(kinds)}
    if any(isinstance(args.get(k), str) for k in COST_KEYS if k in word.schema):
        args = read_costs(args)     # its cost texts, read once (``grammar.cost_of``)
    if OBJECTS in word.schema and isinstance(args.get("affects"), str) and args["affects"]:
        # as SELECTS, read as the noun of a target phrase (``words.permanents.perform``'s choices)
        try:
            objects = parse_phrase(args["affects"], "target_np").objects
        except DefinitionError as e:
            raise DefinitionError(f"{where} {word.name}: affects: {e}") from None
        args = {**args, OBJECTS: ((args["affects"], objects),)}
    return args


def parse_static(data: Any) -> StaticEffect:
    """``{kind: set_land_type, types: [Mountain], affects: nonbasic land}``."""
    if not isinstance(data, dict) or "kind" not in data:
        raise DefinitionError(f"static: needs a mapping with a kind, not {data!r}")
    d = dict(data)
    kind = d.pop("kind")
    word = STATIC_WORDS.get(kind)
    if word is None:
        raise DefinitionError(f"static kind {kind!r} is unknown; known: {', '.join(sorted(STATIC_WORDS))}")
    affects = d.pop("affects", None)
    sel = parse_noun_phrase(affects) if isinstance(affects, str) else None
    if isinstance(affects, dict):
        unknown = set(affects) - SELECTOR_KEYS
        if unknown:
            raise DefinitionError(f"static {kind}: affects has unknown keys {sorted(unknown)}")
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in affects.items()}
        sel = Selector(**fields)
    d = _check_args(word, d, "static")
    return StaticEffect(kind, sel, tuple(sorted((k, _freeze(v)) for k, v in d.items())), word)


def parse_effect(data: Any) -> Effect:
    """``transform`` or ``{gain_life: 1}`` or ``{damage: {n: 1, target: any target}}``."""
    args: Any
    if isinstance(data, str):
        name, args = data, {}
    elif isinstance(data, dict) and len(data) == 1:
        (name, args), = data.items()
        if isinstance(args, int) and not isinstance(args, bool):
            args = {"n": args}
        if args is None:
            args = {}
    else:
        raise DefinitionError(f"an effect is a kind name or a one-key mapping, not {data!r}")
    word = EFFECT_WORDS.get(name)
    if word is None:
        raise DefinitionError(f"effect kind {name!r} is unknown; known: {', '.join(sorted(EFFECT_WORDS))}")
    if not isinstance(args, dict):
        raise DefinitionError(f"effect {name}: arguments must be a mapping, not {args!r}")
    args = _check_args(word, dict(args), "effect")
    return Effect(name, tuple(sorted(args.items())), word)


def parse_mana_trigger(data: Any) -> ManaTrigger:
    """Parse ``mana_trigger: {event: tapped_for_mana, of: land, by: any, add: {produced_type: true}}``."""
    if not isinstance(data, dict):
        raise DefinitionError(f"mana_trigger: needs a mapping, not {data!r}")
    unknown = set(data) - {"event", "of", "by", "add", "enchanted_is"}
    if unknown:
        raise DefinitionError(f"mana_trigger: unknown keys {sorted(unknown)}")
    event = data.get("event")
    if event not in ("tapped_for_mana", "adds_chosen_color"):
        raise DefinitionError(f"mana_trigger: event must be tapped_for_mana or adds_chosen_color, not {event!r}")
    of = data.get("of", "land")
    if of not in ("land", "enchanted"):
        raise DefinitionError(f"mana_trigger: of must be land or enchanted, not {of!r}")
    by = data.get("by", "any")
    if by not in ("any", "you"):
        raise DefinitionError(f"mana_trigger: by must be any or you, not {by!r}")
    if "add" not in data:
        raise DefinitionError("mana_trigger: needs add")
    add = parse_production(data["add"])
    if add.mode not in ("fixed", "chosen_color", "produced_type") or add.per or add.per_counter:
        raise DefinitionError("mana_trigger: add must be fixed mana, {chosen_color: 1} or {produced_type: true}")
    return ManaTrigger(event, of, by, add, str(data.get("enchanted_is", "")))


def read_targets(ability: Ability) -> Ability:
    """The ability with each of its target phrases (and its modes', 700.2) read by the phrase grammar once, as
    the card is compiled (``Ability.target_specs``), so that choosing and checking targets (``rules.targets``)
    parses nothing; a phrase the grammar does not read is kept as None, and choosing it is unsupported."""
    modes = tuple(read_targets(m) for m in ability.modes)
    specs = tuple(_target_or_none(p) for p in ability.targets)
    if modes == ability.modes and specs == ability.target_specs:
        return ability
    return replace(ability, modes=modes, target_specs=specs)


#: "this creature" and the like before a zone-change verb: the object itself ("~"), as the trigger grammar reads it.
_SELF = re.compile(r"\bthis(?: [a-z]+){1,2}(?= (?:enters|dies|leaves|transforms|or))", re.I)
_TRANSFORMS = re.compile(r"^when ~ transforms into .+$", re.I)


def read_trigger(ability: Ability, name: str) -> Ability:
    """A triggered ability whose condition the compiler did not make its trigger event, or an unmodelled triggered
    ability (its chapter aside), with the event its condition words name (603.2) read once, as the card named
    ``name`` is compiled, into ``Ability.watched``: a triggered keyword's words as its rule in 702 says them, else
    the condition's first clause; the card's name and "this [type]" read as itself. Any other ability as it is."""
    if ability.kind == "triggered" and ability.trigger_event is None:
        words = ability.trigger
    elif ability.kind == "unmodelled" and ability.unmodelled_kind == "triggered" and ability.trigger_event is None:
        kw = keyword_trigger(ability.source_text)
        words = kw[1] if kw else ability.trigger or ability.source_text.split(",")[0]
    else:
        return ability
    words = _SELF.sub("~", words.strip())
    if name:
        words = words.replace(name, "~")
    event = _trigger_words(words)
    return replace(ability, watched=event) if event != ability.watched else ability


def _trigger_words(words: str) -> TriggerEvent | None:
    if _TRANSFORMS.match(words):
        return TriggerEvent("transforms")
    try:
        return parse_phrase(words, "trigger_condition")
    except DefinitionError:
        return combat_condition(words)      # combat events only, not known which (``COMBAT_EVENTS``' "combat")


def _target_or_none(phrase: str) -> TargetSpec | None:
    try:
        return parse_target(phrase)
    except DefinitionError:
        return None


def parse_ability(data: Any) -> Ability:
    """Parse one entry of a card's ``abilities`` list (the forms: model/cards/data/*.yaml)."""
    if isinstance(data, str):
        if data.capitalize() in KEYWORDS or data in KEYWORDS:
            return Ability("keyword", keyword=data.capitalize())
        raise DefinitionError(f"ability {data!r}: a bare string must be a keyword ({', '.join(KEYWORDS)})")
    if not isinstance(data, dict):
        raise DefinitionError(f"an ability must be a mapping or a keyword, not {data!r}")
    unknown = set(data) - ABILITY_KEYS
    if unknown:
        raise DefinitionError(f"ability has unknown keys {sorted(unknown)}; allowed: {sorted(ABILITY_KEYS)}")
    text = data.get("text", "")
    if "unmodelled" in data:
        kind = data.get("kind", "static")
        if kind not in ("static", "activated", "triggered", "spell", "mana"):
            raise DefinitionError("unmodelled: kind must be static, activated, mana, triggered or spell")
        scope = data.get("scope", [])
        known = [s.value for s in Scope]
        if not isinstance(scope, list) or any(x not in known for x in scope):
            raise DefinitionError(f"scope: a list of words from {', '.join(known)}, not {scope!r}")
        zones = data.get("zones", [])
        if not isinstance(zones, list) or any(z not in ZONES for z in zones):
            raise DefinitionError(f"zones: a list of zones from {', '.join(ZONES)}, not {zones!r}")
        return Ability("unmodelled", source_text=str(data["unmodelled"]), unmodelled_kind=kind,
                       scope=tuple(Scope(x) for x in scope), zones=tuple(zones))
    if "keyword" in data:
        kw = str(data["keyword"]).capitalize()
        if kw not in KEYWORDS:
            raise DefinitionError(f"keyword {data['keyword']!r} is not known: {', '.join(KEYWORDS)}")
        return Ability("keyword", keyword=kw)
    if "static" in data:
        return Ability("static", static=parse_static(data["static"]), source_text=text)
    timing = data.get("timing", "any")
    if timing not in ("any", "sorcery", "instant"):
        raise DefinitionError(f"timing must be any, sorcery or instant, not {timing!r}")
    effects_raw = data.get("effects", [data["effect"]] if "effect" in data else [])
    if not isinstance(effects_raw, list):
        raise DefinitionError("effects must be a list")
    effects = tuple(parse_effect(e) for e in effects_raw)
    targets = tuple(str(t) for t in data.get("targets", ()))
    targets += tuple(e.arg("target") for e in effects if e.arg("target"))
    once = bool(data.get("once_each_turn", False))
    if "mana_trigger" in data:
        if "when" not in data:
            raise DefinitionError("mana_trigger: needs when: (the trigger's words)")
        return Ability("triggered", effects=effects, trigger=str(data["when"]), targets=targets, source_text=text,
                       mana_trigger=parse_mana_trigger(data["mana_trigger"]))
    if "when" in data:
        return Ability("triggered", effects=effects, trigger=str(data["when"]), targets=targets, source_text=text)
    if "cost" not in data:
        if "add" in data:
            raise DefinitionError("a mana ability needs a cost")
        return Ability("spell", effects=effects, targets=targets, source_text=text)
    cost = parse_cost_text(data["cost"])
    if "add" in data:
        if targets:
            raise DefinitionError("an ability with a target is not a mana ability (605.1a)")
        return Ability("mana", cost=cost, production=parse_production(data["add"]), effects=effects,
                       timing=timing, once_each_turn=once, source_text=text,
                       spend_only=str(data.get("spend_only", "")))
    return Ability("activated", cost=cost, effects=effects, timing=timing, once_each_turn=once,
                   targets=targets, source_text=text)
