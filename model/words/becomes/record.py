"""The word of effects that change what a permanent is until end of turn (611.2a): "~ becomes a 2/2 creature with
all creature types until end of turn. It's still a land." (Mutavault), "Until end of turn, target creature loses
all abilities and becomes a blue Frog with base power and toughness 1/1." (Turn to Frog), "... has base power and
toughness 0/1" (Ovinize). Each part applies in its layer (613.1d types, 613.1e colors, 613.1f abilities, 613.4b
base power and toughness); read by ``words.becomes.read``, performed by ``words.becomes.perform`` as one
until-end-of-turn record of the game state (``state.PTChange``), applied by ``rules.layers``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLOR_NAMES
from mtgjudge.model.vocab.abilities import KEYWORDS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: The card types an effect of this word may add (205.1b keeps the others: "still a land", "artifact creature").
TYPES = ("Artifact", "Creature")
#: Who it changes: exactly one of these arguments (``target``: a target phrase without "target"; ``self``: "~";
#: ``it``: the object the instruction before acted on, 608.2c).
SUBJECTS = ("target", "self", "it")
#: What "still a [type]" may name, and the type it keeps (205.1b).
STILL = {"land": "Land", "artifact": "Artifact"}


def _keywords(value: object) -> tuple[str, ...]:
    kws = tuple(value) if isinstance(value, (list, tuple)) else (value,) if value else ()
    out = tuple(str(k)[:1].upper() + str(k)[1:].lower() for k in kws)
    for k in out:
        if k not in KEYWORDS:
            raise DefinitionError(f"{k!r} is not a keyword the verifier knows")
    return out


def _v_becomes(a: dict) -> dict:
    if sum(1 for k in SUBJECTS if a.get(k)) != 1:
        raise DefinitionError(f"needs exactly one of {', '.join(SUBJECTS)}")
    if ("power" in a) != ("toughness" in a):
        raise DefinitionError("power and toughness go together")
    types = tuple(str(a.get("types", "")).split())
    if any(t not in TYPES for t in types):
        raise DefinitionError(f"types: only {', '.join(TYPES)} may be added")
    if types and "Creature" not in types:
        raise DefinitionError("types: an effect of this word makes the object a creature")
    if types and not (a.get("still") or a.get("in_addition") or "Artifact" in types):
        # 205.1a: without "still a [type]" or "artifact creature" the new card types replace the old ones,
        # which this word does not do
        raise DefinitionError("types: added only with 'still' or 'in_addition' (205.1b) or as an artifact creature")
    if a.get("still") and a["still"] not in STILL.values():
        raise DefinitionError(f"still: one of {', '.join(STILL.values())}")
    creature = subtypes_by_type()["Creature"]
    for t in str(a.get("creature_types", "")).split():
        if t not in creature:
            raise DefinitionError(f"{t!r} is not a creature type")
    if a.get("creature_types") and a.get("all_creature_types"):
        raise DefinitionError("creature_types and all_creature_types together")
    for c in str(a.get("colors", "")):
        if c not in "WUBRG":
            raise DefinitionError(f"colors: {c!r} is not a color letter")
    if not (types or a.get("creature_types") or a.get("loses_all") or "power" in a):
        raise DefinitionError("changes neither types nor abilities nor base power and toughness")
    if a.get("until", "end_of_turn") not in ("end_of_turn", ""):
        raise DefinitionError("until: end_of_turn, or '' (no duration stated: the rest of the game, 611.2a)")
    if a.get("until") == "" and a.get("lead"):
        raise DefinitionError("lead: 'Until end of turn, ...' states a duration")
    return {**a, "keywords": _keywords(a.get("keywords", ()))} if "keywords" in a else a


def _colors(letters: str) -> str:
    names = [COLOR_NAMES[c] for c in letters]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + ", and " + names[-1]


def _keyword_list(kws: tuple[str, ...]) -> str:
    kws = tuple(k.lower() for k in kws)
    return " and ".join(kws) if len(kws) < 3 else ", ".join(kws[:-1]) + ", and " + kws[-1]


def _render(a: dict) -> str:
    subject = "~" if a.get("self") else "it" if a.get("it") else f"target {a['target']}"
    pt = f"{a['power']}/{a['toughness']}" if "power" in a else ""
    kind = " ".join(w for w in (a.get("creature_types", ""),
                                " ".join(t.lower() for t in str(a.get("types", "")).split())) if w)
    verbs = ["loses all abilities"] if a.get("loses_all") else []
    if kind or a.get("colors"):
        what = " ".join(w for w in (pt if a.get("types") else "", _colors(a.get("colors", "")), kind) if w)
        withs = (["all creature types"] if a.get("all_creature_types") else []) + \
            ([_keyword_list(a["keywords"])] if a.get("keywords") and a.get("types") else [])
        if pt and not a.get("types"):
            withs.append(f"base power and toughness {pt}")
        article = "an" if what[:1].lower() in "aeiou8" else "a"
        verbs.append(f"becomes {article} {what}" + (f" with {' and '.join(withs)}" if withs else "")
                     + (" in addition to its other types" if a.get("in_addition") else ""))
    elif pt:
        verbs.append(f"has base power and toughness {pt}")
    if a.get("keywords") and not a.get("types"):
        verbs.append(f"gains {_keyword_list(a['keywords'])}")
    said = " and ".join(verbs)
    still = f". It's still {'an' if a['still'] == 'Artifact' else 'a'} {a['still'].lower()}" if a.get("still") else ""
    if a.get("lead"):
        return f"Until end of turn, {subject} {said}{still}"
    until = " until end of turn" if a.get("until", "end_of_turn") else ""
    return f"{subject[0].upper() + subject[1:]} {said}{until}{still}"


def _v_static(a: dict) -> dict:
    if not a.get("enchanted"):
        raise DefinitionError("only of the enchanted creature (enchanted: true)")
    creature = subtypes_by_type()["Creature"]
    for t in str(a.get("creature_types", "")).split():
        if t not in creature:
            raise DefinitionError(f"{t!r} is not a creature type")
    if ("power" in a) != ("toughness" in a):
        raise DefinitionError("power and toughness go together")
    for c in str(a.get("colors", "")):
        if c not in "WUBRG":
            raise DefinitionError(f"colors: {c!r} is not a color letter")
    if not (a.get("creature_types") or a.get("loses_all") or "power" in a):
        raise DefinitionError("changes neither creature types nor abilities nor base power and toughness")
    return a


def _render_static(s) -> str:
    pt = f"base power and toughness {s.arg('power')}/{s.arg('toughness')}" if s.arg("power") is not None else ""
    kind = " ".join(w for w in (_colors(s.arg("colors", "")), s.arg("creature_types", "")) if w)
    parts = []
    if kind:
        article = "an" if kind[:1].lower() in "aeiou" else "a"
        parts.append(f"is {article} {kind}" + (f" with {pt}" if pt else ""))
    elif pt:
        parts.append(f"has {pt}")
    if s.arg("loses_all"):
        parts.append("loses all abilities")
    return "Enchanted creature " + " and ".join(parts)


WORDS = (
    # 611.2a, 514.2: until end of turn (or with no duration), the subject (``target``: a target phrase without "target"; ``self``: the
    # source, "~") gets ``types`` (card types added, space-separated: "Creature", "Artifact Creature"; 613.1d),
    # keeping its other types where ``still`` names one ("It's still a land"), ``in_addition`` ("in addition to
    # its other types") or the types are "artifact creature" (205.1b); ``creature_types`` (space-separated) replace its creature types (205.1a), or
    # ``all_creature_types`` (205.3m); ``colors`` (letters) replace its colors (613.1e); ``loses_all``: it loses
    # all abilities, then gains ``keywords`` (613.1f); ``power``/``toughness``: its base power and toughness
    # (613.4b). ``lead``: the sentence begins "Until end of turn," (how it reads; the same effect). ``until``:
    # "end_of_turn" (the default), or "" where the sentence states no duration: the rest of the game (611.2a).
    Word("becomes", "effect",
         {"target": str, "self": bool, "it": bool, "types": str, "still": str, "creature_types": str,
          "all_creature_types": bool, "colors": str, "loses_all": bool, "keywords": object, "power": int,
          "toughness": int, "lead": bool, "until": str, "in_addition": bool},
         _render, frozenset({Scope.POWER_TOUGHNESS, Scope.COMBAT}), ENGINE, _v_becomes),
    # A static ability of an Aura: the enchanted creature is a ``creature_types`` (205.1a: they replace its
    # creature types; 613.1d), ``colors`` (613.1e), loses all abilities (``loses_all``, 613.1f) and has base power
    # and toughness ``power``/``toughness`` (613.4b), each part in its layer (613.6): "Enchanted creature is a
    # Chicken with base power and toughness 1/1 and loses all abilities." (Fowl Play).
    Word("becomes", "static",
         {"enchanted": bool, "creature_types": str, "colors": str, "loses_all": bool, "power": int,
          "toughness": int},
         _render_static, frozenset({Scope.CHARACTERISTICS, Scope.POWER_TOUGHNESS}), frozenset({"layers", "engine"}),
         _v_static),
)
