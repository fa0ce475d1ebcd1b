"""Words of optional instructions (608.2d) and of the instructions that depend on that choice (608.2c).

Each is a marker on the effect that follows it in the ability's list: ``optional`` makes the next effect an
instruction the controller may follow ("You may destroy target creature."), ``if_you_do`` / ``if_you_dont``
make the next effect performed only if the controller did / didn't follow the last optional instruction before
it ("If you do, draw a card."); ``may_pay`` is a payment the controller may make as the ability resolves ("You may
pay {W/B}.", 608.2d), the instructions "If you do" / "If you don't" after it depending on it (608.2c)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_pays(a: dict) -> None:
    if not (a.get("mana") or a.get("life")):
        raise DefinitionError("unless_you_pay: mana, life or both")


def _v_may_pay(a: dict) -> None:
    energy = a.get("energy")
    if bool(a.get("mana")) == (energy is not None) or (energy is not None and (not isinstance(energy, int) or
                                                                                 isinstance(energy, bool) or energy < 1)):
        raise DefinitionError("may_pay: a mana cost, or energy (N >= 1 {E}), not both")

WORDS = (
    # 608.2d: "You may <instruction>": the choice is made as the spell or ability resolves.
    Word("optional", "effect", {}, lambda a: "You may (the next instruction)", frozenset({Scope.RESOLUTION}), ENGINE),
    # 608.2c: "If you do, <instruction>" / "If you don't, <instruction>" after an optional instruction.
    Word("if_you_do", "effect", {}, lambda a: "If you do, (the next instruction)", frozenset({Scope.RESOLUTION}),
         ENGINE),
    Word("if_you_dont", "effect", {}, lambda a: "If you don't, (the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 118.12a: "<instruction> unless you pay <mana and/or N life>": the next instruction is followed only if the
    # ability's controller doesn't pay (``mana``, ``life``); said after the instruction it is on.
    Word("unless_you_pay", "effect", {"mana": str, "life": int},
         lambda a: "(the next instruction) unless you pay " + " and ".join(
             p for p in (a.get("mana"), f"{a['life']} life" if "life" in a else None) if p),
         frozenset({Scope.RESOLUTION, Scope.LIFE}), ENGINE, _v_pays),
    # 608.2d: "You may pay <mana>." or "You may pay {E}{E}." (``energy``: N, 107.14) as the ability resolves;
    # "If you do" / "If you don't" after it (608.2c)
    Word("may_pay", "effect", {"mana": str, "energy": int},
         lambda a: f"You may pay {a['mana'] if a.get('mana') else '{E}' * a['energy']}", frozenset({Scope.RESOLUTION}),
         ENGINE, _v_may_pay),
)


#: The intervening "if" of each triggered keyword whose meaning is a cost paid "unless" at the beginning of its
#: controller's upkeep (``words.optional.read.UPKEEP_KEYWORDS``), and the counter it is paid for each of.
_UPKEEP_FORMS = {"Echo": ("controlled_since_last_upkeep", ""), "Cumulative upkeep": ("on_battlefield", "age")}
_UNLESS = "Sacrifice this unless you "


def upkeep_keyword_form(ability) -> str | None:
    """An ability that is exactly what "Echo [cost]" (702.30a) or "Cumulative upkeep [cost]" (702.24a) means,
    said as the keyword, its cost from the rendering of its "unless" word ("Echo {G}{G}", "Echo—Discard a card.",
    "Cumulative upkeep—Pay 1 life."); None for any other ability."""
    form = _UPKEEP_FORMS.get(ability.keyword)
    event = ability.trigger_event
    if form is None or event is None or (event.event, event.who, event.also) != ("upkeep", "you", "") \
            or ability.intervening != form[0] or ability.targets:
        return None
    condition, counter = form
    effects = ability.effects
    if counter:
        if len(effects) != 2 or effects[0].kind != "counter" or dict(effects[0].args) != {"kind": counter, "n": 1} \
                or effects[1].arg("per_counter") != counter:
            return None
        effects = effects[1:]
    elif len(effects) != 1 or effects[0].arg("per_counter"):
        return None
    said = effects[0].render() if effects[0].kind == "sacrifice_unless" else None
    if said is None or not said.startswith(_UNLESS):
        return None
    words = said[len(_UNLESS):].removesuffix(f" for each {counter} counter on it" if counter else "")
    mana = words.removeprefix("pay ")
    if mana != words and mana.startswith("{") and mana.endswith("}") and " " not in mana:
        return f"{ability.keyword} {mana}"
    return f"{ability.keyword}—{words[:1].upper()}{words[1:]}."
