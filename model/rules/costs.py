"""The total cost of a spell (CR 601.2f): mana cost plus additional costs and kicker, plus cost increases,
minus cost reductions (generic mana only, 118.7a), then minimums such as Trinisphere's; and the ways to pay
that are not mana (convoke 702.51, delve 702.66, improvise 702.126).

The static words a card definition uses for these (``words.costs.record``):

``cost_increase``       ``{amount: 1, spells: noncreature spells}``            (Thalia, Guardian of Thraben; with
                        ``opponents_cast: true``, Grand Arbiter Augustin IV's "Spells your opponents cast")
``cost_reduction``      ``{amount: 1, spells: artifact spells, you_cast: true}`` (Etherium Sculptor; with
                        ``not_from_hand: true``, Savvy Trader's "from anywhere other than your hand")
``minimum_spell_cost``  ``{amount: 3, while_untapped: true}``                  (Trinisphere)
``additional_cost``     ``{cost: "Sacrifice a creature"}``                     (a spell's own additional cost)
``kicker``              ``{cost: "{4}"}``                                      (702.33: optional)
``buyback``             ``{cost: "Pay 4 life"}``                               (702.27: optional)
``entwine``             ``{cost: "Sacrifice three lands"}``                    (702.42: every mode, optional)
``costs_more_per_extra_target`` ``{amount: 1}``                               (Fireball: none with one target)
``self_cost_reduction`` ``{amount: 1, per: artifacts you control, affinity: artifacts}`` (Frogmite: affinity,
                        702.41a, is the spell's own reduction, counted as the total cost is determined)

Delve and Improvise join the keyword vocabulary (Convoke is already in it).
"""
from __future__ import annotations

import re
from dataclasses import field, replace
from itertools import product

from mtgjudge.model.vocab.abilities import X_COUNT, CostPart, StaticEffect

from mtgjudge.model.vocab.grammar import cost_of

from mtgjudge.model.mana import Symbol, format_cost, parse_cost
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import colors_off_battlefield
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.permissions import graveyard_cast, without_mana_cost
from mtgjudge.model.rules.spending import Purpose, spells_phrase
from mtgjudge.model.rules.timing import cast_by_flash_permission
from mtgjudge.model.lazy_dataclass import dataclass


#: The static words this module gives meaning to (the payment consumer of ``vocab.words``, with spending's);
#: conspire's cost (702.78a: tapping two creatures chosen as the spell is cast) is paid by ``engine.actions``.
SPELL_COST_WORDS = ("cost_increase", "cost_reduction", "minimum_spell_cost", "additional_cost", "kicker", "buyback",
                    "entwine", "splice", "costs_more_per_extra_target", "self_cost_reduction", "alternative_cost",
                    "cast_from_graveyard", "replicate", "conspire", "flash_permission", "escalate")


def spells_match(phrase: str, purpose: Purpose) -> bool:
    """Does a phrase like "noncreature spells" or "instant and sorcery spells" describe the spell?

    "A and B spells" means spells that are A or B (Goblin Electromancer)."""
    alts = re.split(r"\s+(?:and|or)\s+", phrase.strip())
    if len(alts) > 1:
        last = alts[-1].split()
        tail = " ".join(last[1:])
        alts = [a if " " in a else f"{a} {tail}" for a in alts[:-1]] + [alts[-1]]
    return any(purpose.fits(spells_phrase(a)) for a in alts)


@dataclass(frozen=True)
class CostModifier:
    """One effect on the total cost (601.2f): ``increase``/``reduction`` by generic ``amount``, or
    ``minimum`` total mana."""

    kind: str
    amount: int
    source: str          # the permanent whose static ability it is
    text: str            # the ability's words, for reasons

    def describe(self, state) -> str:
        return f"{state.obj(self.source).name} ({self.source}): {self.text}"


@dataclass(frozen=True)
class TotalCost:
    """What must be paid (601.2f): mana symbols (mana cost and additional mana), X, modifiers applied by the
    payment solver (reductions after hybrid choices, 118.7a/Reaper King ruling; minimums last), non-mana
    parts, and which non-mana ways to pay generic/colored mana the spell has."""

    symbols: tuple[Symbol, ...]
    x: int = 0
    modifiers: tuple[CostModifier, ...] = ()
    other: tuple[CostPart, ...] = ()
    convoke: bool = False
    delve: bool = False
    improvise: bool = False
    purpose: Purpose = field(default_factory=lambda: Purpose("cost"))
    casting: str | None = None    # the object id being cast (it is on the stack while paying, 601.2a)
    without_mana_cost: bool = False   # cast without paying its mana cost (118.9b; X is 0, 107.3b)
    instead_of_mana_cost: str = ""    # the keyword whose cost is paid instead of the mana cost (flashback, 702.34a)
    source: str | None = None     # the object whose ability is activated: what {T}, {Q}, "Sacrifice this"
                                  # and "Remove ... from this" in ``other`` refer to

    def text(self) -> str:
        return format_cost(self.symbols) or "{0}"


def spell_purpose(state, oid: str) -> Purpose:
    """The spell ``oid`` would be, for spending restrictions and "spells cost more/less" (its
    characteristics as the card it is; 601.2a)."""
    ch = current(state, oid)
    unknown = colors_off_battlefield(state) if state.obj(oid).zone != "battlefield" else ""
    return Purpose("spell", frozenset(ch.types), frozenset(ch.subtypes), frozenset(ch.colors), label=f"casting {ch.name}",
                   colors_unknown=unknown)


def modifiers_for_spell(state, caster: str, purpose: Purpose, from_zone: str = "hand") -> list[CostModifier]:
    """Cost increases, reductions and minimums that apply to a spell ``caster`` casts (601.2f) from
    ``from_zone`` (the zone it moved to the stack from, 601.2a)."""
    out: list[CostModifier] = []
    for o in state.battlefield():
        for a in current(state, o.id).abilities:
            s = a.static
            if a.kind != "static" or s is None:
                continue
            if s.kind in ("cost_increase", "cost_reduction"):
                if s.arg("you_cast", False) and o.controller != caster:
                    continue
                if s.arg("opponents_cast", False) and caster not in state.opponents(o.controller):
                    continue        # "Spells your opponents cast" (Grand Arbiter Augustin IV): not its controller's
                if s.arg("not_from_hand", False) and from_zone == "hand":
                    continue
                if not spells_match(s.arg("spells", "spells"), purpose):
                    continue
                out.append(CostModifier("increase" if s.kind == "cost_increase" else "reduction",
                                        int(s.arg("amount", 1)), o.id, a.text()))
            elif s.kind == "minimum_spell_cost":
                if s.arg("while_untapped", False) and o.tapped:
                    continue
                out.append(CostModifier("minimum", int(s.arg("amount")), o.id, a.text()))
    return out


#: Cost parts whose number may be X (107.3): the X announced as the spell is cast or the ability activated
#: (601.2b, 602.2b) is put in its place once, here, so that payment sees a number ("Remove X counters" and -X
#: loyalty are read by the payment model itself).
_X_PARTS = ("pay_life", "discard", "exile_from_graveyard", "sacrifice", "return_to_hand")


def with_x(part: CostPart, x: int) -> CostPart:
    """The cost part with the announced X in place of "X" (107.3, 601.2b)."""
    return replace(part, n=x) if part.kind in _X_PARTS and part.n == X_COUNT else part


def announces_x(state, oid: str) -> bool:
    """Does casting ``oid`` announce a value for X (601.2b, 107.3): its mana cost or one of its additional costs
    ("As an additional cost to cast this spell, pay X life") has X?"""
    obj = state.obj(oid)
    if any(s.kind == "x" for s in (obj.printed.mana_cost or ())):
        return True
    return any(part.n == X_COUNT and part.kind in _X_PARTS
               for a in current(state, oid).abilities
               if a.kind == "static" and a.static is not None and a.static.kind == "additional_cost"
               for part in cost_of(a.static, x_parts=True))


def additional_choices(state, oid: str) -> list[tuple[int, ...]]:
    """601.2b, 601.2f: the ways to choose among the spell's additional costs that offer two ("discard a card or pay
    {5}"): a tuple with one entry (0: the first, 1: the other) for each such cost in order, every combination."""
    n = sum(1 for a in current(state, oid).abilities if a.kind == "static" and a.static is not None
            and a.static.kind == "additional_cost" and a.static.arg("or_cost"))
    return [tuple(c) for c in product((0, 1), repeat=n)]


def alternative_costs(state, caster: str, oid: str) -> list[tuple[int, StaticEffect, bool | None, str]]:
    """118.9: the spell's own alternative costs (its ``alternative_cost`` words), each as (its number from 1, the
    word, whether ``caster`` may choose it now, why: its condition "If you control a Swamp" counted on
    ``state``, ``rules.counts``, or surge's, ``surge_allowed``; None when that is not known)."""
    out: list[tuple[int, StaticEffect, bool | None, str]] = []
    words = [a.static for a in current(state, oid).abilities
             if a.kind == "static" and a.static is not None and a.static.kind == "alternative_cost"]
    for k, w in enumerate(words, 1):
        cond = w.arg("if_control")
        if w.arg("keyword") == "Surge":
            out.append((k, w, *surge_allowed(state, caster)))
            continue
        if not cond:
            out.append((k, w, True, ""))
            continue
        n = counts.value(state, caster, counts.stored(w, cond), state.obj(oid))
        out.append((k, w, n >= 1, f"{caster} controls {n} {cond[:-len(' you control')].split(' ', 1)[1]}(s)"))
    return out


def surge_allowed(state, caster: str) -> tuple[bool | None, str]:
    """702.117a: may ``caster`` pay a surge cost now, having cast another spell this turn (the spell being cast
    is not yet cast, 601.2i, so every spell counted is another; one countered or still on the stack counts too:
    Boulder Salvo's ruling 2016-01-22)? No teams are modelled (102.3), so "or a teammate" adds no one. None
    when the turn's history before the question is not stated and the actions cast no spell of theirs (the record
    a lower bound, ``rules.this_turn``); and why, in words."""
    n = state.this_turn.spells_of(caster)
    if n >= 1:
        return True, f"{caster} cast {n} other spell(s) this turn"
    if state.this_turn.known:
        return False, f"{caster} cast no other spell this turn"
    return None, (f"whether {caster} cast another spell this turn before the question's actions is not stated "
                  "(say it in the state's this_turn:)")


def own_reduction(state, caster: str, oid: str, s) -> tuple[int, str]:
    """601.2f: the generic mana the spell's own ``self_cost_reduction`` word ``s`` takes off its total cost for
    ``caster``, counted on ``state`` as the cost is determined (``rules.counts``), and the count in words."""
    source = state.obj(oid)
    if s.arg("per"):
        n = counts.value(state, caster, counts.stored(s, s.arg("per")), source)
        return int(s.arg("amount")) * n, f"{n} {s.arg('per')}"
    n = counts.value(state, caster, counts.stored(s, s.arg("if_count")), source)
    held = n >= int(s.arg("at_least", 1))
    return (int(s.arg("amount")) if held else 0), f"{n} {s.arg('if_count')}"


def has_buyback(state, oid: str) -> bool:
    """702.27a: does the card ``oid`` have a buyback cost (its static ``buyback`` word)?"""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "buyback"
               for a in current(state, oid).abilities)


def total_cost(state, caster: str, oid: str, x: int = 0, kicked: bool | tuple[int, ...] = False,
               targets: int = 1, alternative: int = 0, choice: tuple[int, ...] = (),
               buyback: bool = False, free: bool = False, spliced: tuple[str, ...] = (),
               replicated: int = 0, resolving: bool = False) -> TotalCost:
    """The total cost to cast ``oid`` (601.2f). ``free``: the resolving effect that casts it says "without paying
    its mana cost" (608.2g, 118.9b: an alternative cost; additional costs and increases still apply, 118.9d). ``kicked``: pay its kicker (an optional additional cost): True
    for every kicker cost, or the kicker costs paid, each once (1: its first kicker cost, 702.33b);
    ``targets``: how many targets it is cast with (Fireball costs more for each beyond the first);
    ``alternative``: the number of its own alternative cost paid instead of its mana cost (118.9,
    ``alternative_costs``), 0 for none; ``choice``: for each additional cost that offers two, which is paid
    (``additional_choices``; required when there is one); ``buyback``: its buyback cost is paid too (702.27a, an
    optional additional cost); ``spliced``: the cards in the caster's hand spliced onto it, whose splice costs are
    additional costs (702.47a); ``replicated``: how many times its replicate cost is paid (702.56a, an optional
    additional cost paid any number of times); ``resolving``: it is cast while another spell or ability resolves
    (608.2g), which ignores timing: its own flash permission is not used, nor its extra cost paid (601.3c). Cast
    otherwise by that permission where sorcery timing would not allow it, the permission's "pay {2} more" is an
    additional cost (601.2f; not part of its mana cost, Ghitu Fire ruling 2004-10-04)."""
    obj = state.obj(oid)
    face = obj.printed
    # 118.9b: a permission may require casting it without paying its mana cost (an alternative cost, to which
    # additional costs, increases and reductions still apply, 118.9d); X is then 0 (107.3b).
    free = free or without_mana_cost(state, oid, caster) is not None
    if alternative and free:
        raise ValueError("one alternative cost")    # 118.9a: callers choose one
    # 601.3: cast from its owner's graveyard by its own keyword (rules.permissions): flashback's cost is paid
    # instead of its mana cost (702.34a, an alternative cost, 118.9); jump-start and retrace add a discard (702.133a,
    # 702.81a)
    way = graveyard_cast(state, oid, caster)
    flashback = way is not None and bool(way.cost)
    if face.mana_cost is None and not free and not alternative and not flashback:
        raise ValueError("no mana cost")   # callers check 118.6 first
    ch = current(state, oid)
    symbols = [] if free else list(face.mana_cost or ())
    if flashback and (alternative or free):
        raise ValueError("one alternative cost")    # 118.9a: callers choose one
    other: list[CostPart] = []
    if flashback and way is not None:
        parts = cost_of(way.word, x_parts=True)
        symbols = [s for part in parts if part.kind == "mana" for s in part.mana]
        other = [with_x(part, x) for part in parts if part.kind != "mana"]
        free = True
    if way is not None and way.additional:
        other += list(way.additional_parts)
    if alternative:
        # 118.9, 118.9d: the alternative cost is paid instead of the mana cost, with the additional costs,
        # increases and reductions below; an X of the mana cost is then 0 (107.3b)
        word = alternative_costs(state, caster, oid)[alternative - 1][1]
        symbols = [p2 for part in cost_of(word) if part.kind == "mana" for p2 in part.mana]
        free = True
    # an X of an additional cost is still announced and paid (Toxic Deluge ruling 2016-06-08: "you'll still choose
    # a value for X and pay X life"); the X of the mana cost is 0 (107.3b)
    announced = x
    x = 0 if free and not (flashback and any(s.kind == "x" for s in symbols)) else x
    if alternative:
        other += [part for part in cost_of(word) if part.kind != "mana"]
    nth_kicker = 0
    nth_or = 0
    for a in ch.abilities:
        s = a.static
        if a.kind != "static" or s is None:
            continue
        if s.kind == "kicker":
            nth_kicker += 1
        key = "cost" if s.kind in ("additional_cost", "kicker", "buyback", "replicate") else None
        if s.kind == "additional_cost" and s.arg("or_cost"):
            # 601.2b: the caster announces which of the two it pays
            if nth_or >= len(choice):
                raise ValueError("which of the two additional costs is paid must be chosen")
            key = "or_cost" if choice[nth_or] else "cost"
            nth_or += 1
        # how many times this cost is paid: an additional cost once; a kicker cost once for each time it is
        # in ``kicked`` (multikicker: any number of times, 702.33c)
        times = 1 if s.kind == "additional_cost" or (s.kind == "buyback" and buyback) else 0
        if s.kind == "replicate":
            times = replicated
        if s.kind == "kicker":
            times = 1 if kicked is True else (kicked.count(nth_kicker) if isinstance(kicked, tuple) else 0)
        for _ in range(times):
            for part in cost_of(s, key or "", x_parts=True):
                if part.kind == "mana":
                    symbols += list(part.mana)
                else:
                    other.append(with_x(part, announced))
    by_permission = None if resolving else cast_by_flash_permission(state, oid, caster)
    if by_permission is not None and by_permission.arg("extra", ""):
        symbols += list(parse_cost(by_permission.arg("extra")))
    for cid in spliced:
        # 702.47a: each spliced card's splice cost (the ``splice`` word of the card in the caster's hand)
        words = [a.static for a in current(state, cid).abilities
                 if a.kind == "static" and a.static is not None and a.static.kind == "splice"]
        if len(words) != 1:
            raise ValueError("a spliced card has one splice ability")     # callers choose among those cards
        for part in cost_of(words[0]):
            if part.kind == "mana":
                symbols += list(part.mana)
            else:
                other.append(part)
    purpose = spell_purpose(state, oid)
    modifiers = modifiers_for_spell(state, caster, purpose, obj.zone)
    for a in ch.abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == "self_cost_reduction":
            # 601.2f: the spell's own reduction, counted as the total cost is determined (words.costs.read)
            amount, _counted = own_reduction(state, caster, oid, a.static)
            if amount:
                modifiers.append(CostModifier("reduction", amount, oid, f"{a.text()} ({_counted})"))
            continue
        if a.kind == "static" and a.static is not None and a.static.kind == "costs_more_per_extra_target" and targets > 1:
            if a.static.arg("cost"):
                # Strive (a colored increase): its mana once for each target beyond the first (601.2f)
                for part in cost_of(a.static):
                    symbols += list(part.mana) * (targets - 1)
                continue
            modifiers.append(CostModifier("increase", int(a.static.arg("amount", 1)) * (targets - 1), oid, a.text()))
    return TotalCost(tuple(symbols), x, tuple(modifiers), tuple(other),
                     convoke=ch.has_keyword("Convoke"), delve=ch.has_keyword("Delve"),
                     improvise=ch.has_keyword("Improvise"), purpose=purpose, casting=oid,
                     without_mana_cost=free and not alternative and not flashback,
                     instead_of_mana_cost=way.keyword if flashback and way is not None else "")


def face_down_cost(state, caster: str, oid: str) -> TotalCost:
    """702.37c, 118.9: the total cost of casting the face-down card ``oid`` (face down in ``state``): {3} rather than
    its mana cost, with the increases and reductions that apply to a colorless 2/2 creature spell (708.4); the
    face-down spell has no text of its own to add a cost or a way to pay it (708.2)."""
    obj = state.obj(oid)
    if not obj.face_down:
        raise ValueError("the card is cast face down")
    purpose = replace(spell_purpose(state, oid), label=f"casting {obj.name} face down")
    symbols = parse_cost("{3}")
    return TotalCost(symbols, 0, tuple(modifiers_for_spell(state, caster, purpose, obj.zone)), (), purpose=purpose,
                     casting=oid, instead_of_mana_cost="Morph")


def ability_purpose(state, oid: str, mana_ability: bool) -> Purpose:
    """What mana paying an ability's cost is spent on (106.6): activating an ability of ``oid``."""
    ch = current(state, oid)
    unknown = colors_off_battlefield(state) if state.obj(oid).zone != "battlefield" else ""    # cycling from a hand
    return Purpose("mana_ability" if mana_ability else "ability", frozenset(ch.types), frozenset(ch.subtypes),
                   frozenset(ch.colors), f"activating an ability of {state.obj(oid).name}", colors_unknown=unknown)


def activation_cost(state, oid: str, ability, x: int = 0) -> TotalCost:
    """The total cost to activate ``ability`` of ``oid`` (602.2b, 601.2f): its mana symbols and the other
    parts of its activation cost, {T}, {Q} and those naming the source itself included."""
    symbols: list[Symbol] = []
    other: list[CostPart] = []
    for part in ability.cost:
        if part.kind == "mana":
            symbols += list(part.mana)
        else:
            other.append(with_x(part, x))
    return TotalCost(tuple(symbols), x, (), tuple(other), purpose=ability_purpose(state, oid, ability.is_mana_ability),
                     source=oid)
