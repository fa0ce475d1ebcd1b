"""The word of a creature's restrictions and requirements of declaring attackers and blockers (508.1c-d,
509.1a-c): ``declaring_rule``, a static ability of the object itself ("~ can't block.") or of the creature its
Aura enchants ("Enchanted creature can't attack."), with no condition. Read from Oracle text by
``rules.combat.lines`` (``declaring_static``), which makes the word only when it says back the line it was read
from; performed by declaring (``rules.combat.declare``), the one place legal declarations are decided; combat
damage (510) and every other event read nothing of it.

Its arguments are those of a ``lines.CombatLine``: ``fact`` (one of ``RULES``), ``enchanted``, ``n`` (how many:
``extra_blocks``' additional creatures, -1 any number; ``min_blockers``' least number of blockers),
``subtype`` (``attack_unless``' land type) and ``quality`` (the creatures a quality fact names, a tuple of
parts: ``QUALITY_PARTS``).

Beside it, the one static of combat damage a creature says of itself: ``AS_THOUGH_UNBLOCKED`` (510.1b-c), read by
``rules.combat.lines`` (``damage_static``) and performed as combat damage is assigned (``rules.combat.damage``);
declaring reads nothing of it."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: The word's name.
NAME = "declaring_rule"

#: Each fact the word says, and the rule it is a restriction or requirement of.
RULES = {"cant_attack_or_block": "508.1c", "cant_attack": "508.1c", "cant_block": "509.1b",
         "must_attack": "508.1d", "must_block": "509.1c", "lure": "509.1c", "must_be_blocked": "509.1c",
         "cant_be_blocked": "509.1b", "menace": "509.1b", "extra_blocks": "509.1a", "attack_unless": "508.1c",
         "cant_block_and_cant_be_blocked": "509.1b", "blocks_shadow": "702.28b", "blocks_shadow_ignoring": "702.28b",
         "must_attack_or_block": "508.1d",
         "cant_block_or_be_blocked_by": "509.1b", "cant_attack_or_block_alone": "506.5",
         "cant_attack_alone": "506.5", "cant_block_alone": "506.5", "max_blockers": "509.1b",
         "min_blockers": "509.1b", "not_blocked_by": "509.1b", "only_blocked_by": "509.1b",
         "blocks_only": "509.1b", "cant_block_those": "509.1b"}
#: The facts that are requirements to attack (508.1d).
REQUIREMENTS = ("must_attack", "must_attack_or_block")
#: The facts about a quality of creatures (``quality``).
QUALITY_FACTS = ("not_blocked_by", "only_blocked_by", "blocks_only", "cant_block_those", "cant_block_or_be_blocked_by")
#: The parts of a quality this word says (``lines.CombatLine.quality``), by their first item.
QUALITY_PARTS = ("color", "artifact", "subtype", "keyword", "power_at_most", "power_at_least",
                 "power_less_than_its", "power_greater_than_its")

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_NUMBER_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
#: Plurals of the subtypes a quality names ("Walls").
_SUBTYPE_PLURALS = {"Wall": "Walls"}


def quality_words(quality: tuple) -> str:
    """The creatures a quality names, as Oracle text says them ("creatures with flying or reach", "Walls")."""
    if len(quality) != 1:
        raise DefinitionError(f"a quality of one part, not {quality!r}")
    part = tuple(quality[0])
    kind = part[0] if part else ""
    if kind == "color" and part[1:] and part[1] in _COLOR_NAMES:
        return f"{_COLOR_NAMES[part[1]]} creatures"
    if kind == "artifact":
        return "artifact creatures"
    if kind == "subtype" and part[1:] and part[1] in _SUBTYPE_PLURALS:
        return _SUBTYPE_PLURALS[part[1]]
    if kind == "keyword" and part[1:] and part[1]:
        return "creatures with " + " or ".join(str(k).lower() for k in part[1])
    if kind in ("power_at_most", "power_at_least") and part[1:] and isinstance(part[1], int):
        return f"creatures with power {part[1]} or {'less' if kind == 'power_at_most' else 'greater'}"
    if kind in ("power_less_than_its", "power_greater_than_its"):
        return f"creatures with power {'less' if kind == 'power_less_than_its' else 'greater'} than ~'s power"
    raise DefinitionError(f"a quality the word does not say: {quality!r}")


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def render(s) -> str:
    """The line the word is, as Oracle text says it: "~ can't block.", "Enchanted creature attacks each combat if
    able.", "~ can't attack unless defending player controls an Island."."""
    a = dict(s.args)
    fact, n = a["fact"], a.get("n", 0)
    who = "Enchanted creature" if a.get("enchanted") else "~"
    if fact == "lure":
        return f"All creatures able to block {who[:1].lower() + who[1:] if a.get('enchanted') else who} do so."
    if fact == "extra_blocks":
        if n < 0:
            return f"{who} can block any number of creatures."
        if n == 1:
            return f"{who} can block an additional creature each combat."
        return f"{who} can block an additional {_NUMBER_NAMES[n]} creatures each combat."
    if fact == "attack_unless":
        return f"{who} can't attack unless defending player controls {_article(a['subtype'])}."
    if fact == "min_blockers":
        return f"{who} can't be blocked except by {_NUMBER_NAMES[n]} or more creatures."
    if fact == "not_blocked_by" and not a.get("enchanted") and tuple(a["quality"][0])[0] in (
            "power_less_than_its", "power_greater_than_its"):
        # the wording of a comparison with its own power (Oracle says no other)
        return f"{quality_words(a['quality'])[:1].upper()}{quality_words(a['quality'])[1:]} can't block it."
    if fact in QUALITY_FACTS:
        q = quality_words(a["quality"])
        said = {"not_blocked_by": "can't be blocked by", "only_blocked_by": "can't be blocked except by",
                "blocks_only": "can block only", "cant_block_those": "can't block",
                "cant_block_or_be_blocked_by": "can't block or be blocked by"}[fact]
        return f"{who} {said} {q}."
    said = {"cant_attack_or_block": "can't attack or block", "cant_attack": "can't attack",
            "cant_block": "can't block", "must_attack": "attacks each combat if able",
            "must_block": "blocks each combat if able", "must_be_blocked": "must be blocked if able",
            "cant_be_blocked": "can't be blocked", "menace": "can't be blocked except by two or more creatures",
            "cant_block_and_cant_be_blocked": "can't block and can't be blocked",
            "blocks_shadow": "can block creatures with shadow as though ~ had shadow",
            "blocks_shadow_ignoring": "can block creatures with shadow as though they didn't have shadow",
            "must_attack_or_block": "attacks or blocks each combat if able",
            "cant_attack_or_block_alone": "can't attack or block alone", "cant_attack_alone": "can't attack alone",
            "cant_block_alone": "can't block alone", "max_blockers": "can't be blocked by more than one creature"}[fact]
    return f"{who} {said}."


def _validate(a: dict) -> dict:
    fact = a.get("fact")
    if fact not in RULES:
        raise DefinitionError(f"fact must be one of {', '.join(RULES)}, not {fact!r}")
    n = a.get("n", 0)
    if fact == "extra_blocks" and not (n == -1 or n in _NUMBER_NAMES):
        raise DefinitionError("extra_blocks: n is -1 (any number) or 1 to 5 additional creatures")
    if fact == "min_blockers" and not 3 <= n <= 5:
        raise DefinitionError("min_blockers: n is 3 to 5")
    if fact == "attack_unless" and not str(a.get("subtype", "")).isalpha():
        raise DefinitionError("attack_unless: needs the subtype the defending player controls")
    if fact in ("blocks_shadow", "blocks_shadow_ignoring") and a.get("enchanted"):
        raise DefinitionError(f"{fact} is said of the creature itself")
    if fact in QUALITY_FACTS:
        q = a.get("quality")
        if not isinstance(q, (tuple, list)):
            raise DefinitionError(f"{fact}: needs a quality")
        q = tuple(tuple(tuple(x) if isinstance(x, list) else x for x in part) for part in q)
        quality_words(q)
        a = {**a, "quality": q}
    elif a.get("quality"):
        raise DefinitionError(f"{fact} takes no quality")
    return a


#: The word of "You may have ~ assign its combat damage as though it weren't blocked." (510.1c-d: its controller's
#: choice as combat damage is assigned, all to blockers or all as though unblocked), read by combat damage only
#: (``rules.combat.damage``, ``engine.combat_damage``); declaring reads nothing of it.
AS_THOUGH_UNBLOCKED = "assigns_as_though_unblocked"
AS_THOUGH_UNBLOCKED_TEXT = "You may have ~ assign its combat damage as though it weren't blocked."


WORDS = (
    Word(AS_THOUGH_UNBLOCKED, "static", {}, lambda s: AS_THOUGH_UNBLOCKED_TEXT, frozenset({Scope.COMBAT}), ENGINE),
    # 508.1c-d, 509.1a-c: a restriction or requirement of declaring, of the object itself or of the creature its
    # Aura enchants (303.4); nothing but declaring reads it (``rules.combat.declare``).
    Word(NAME, "static", {"fact": str, "enchanted": bool, "n": int, "subtype": str, "quality": object},
         render, frozenset({Scope.COMBAT}), ENGINE, _validate),
)
