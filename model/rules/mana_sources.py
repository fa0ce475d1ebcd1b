"""Mana sources: every activated mana ability a player could activate now, and what each could add.

This is the one description of mana abilities that both ``mana-options`` and payment (``can-pay``,
``can-play``) search over (CR 605). Each :class:`ManaSource` is one activated mana ability of one
permanent, with its cost (which may itself need mana: filters, Doubling Cube) and every distinct amount of
mana one activation could add, choices expanded and replacement effects applied in every order
(CR 106.12b, 616.1), plus what triggered mana abilities add (605.1b, 106.12a).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable
from mtgjudge.model.vocab.abilities import X_COUNT, Ability, CostPart
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import (DAMAGE_KEYWORDS, PAYMENT_SCOPES, guard_scope, require_modelled,
                                         require_modelled_elsewhere)
from mtgjudge.model.mana import TYPES
from mtgjudge.model.state import GameState, PreventionShield
from mtgjudge.model.rules.could_produce import could_produce
from mtgjudge.model.rules.restrictions import activation_forbidden, guard_mana_search
from mtgjudge.model.rules.mana_production import (base_productions, candidate_replacements, replacement_outcomes,
                                                  trigger_additions)
from mtgjudge.model.lazy_dataclass import dataclass


@dataclass(frozen=True)
class ManaSource:
    """One activated mana ability of one permanent, as a resource for paying and for mana-options."""

    source: str                                   # the permanent's id
    ability_index: int                            # 1-based among its activated abilities
    ability: Ability
    cost: tuple[CostPart, ...]
    outputs: tuple["Yield", ...]                 # every distinct result of one activation
    snow: bool                                    # its source is a snow permanent (CR 107.4h)
    spend_only: str = ""                          # spending restriction of the mana (CR 106.6)
    doubles_pool: bool = False                    # adds a copy of the unspent mana (Doubling Cube); outputs ()
    x_counters: bool = False                      # adds X where X counters are removed; outputs for X >= 1
    by_sacrifice: bool = False                    # adds a type the sacrificed land could produce; outputs ()
    replaced: tuple[str, ...] = ()                # types it would add but for replacement effects (106.12b)
    damage: int = 0                               # damage its source deals to the activator as it resolves (120.3a)
    once: bool = False                            # "Activate only once each turn" (602.5b)
    used_this_turn: bool = False                  # ... and it was activated this turn: it can't be again

    @property
    def taps_source(self) -> bool:
        """CR 106.12: "tapped for mana" means a mana ability with {T} in its cost."""
        return any(p.kind == "tap" for p in self.cost)

    def describe(self) -> str:
        return f"{self.source}: {self.ability.text()}"


def freeze(c: Counter) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((t, n) for t, n in c.items() if n > 0))


#: One result of one activation: the mana the ability itself adds (its source is the permanent), and the mana
#: triggered mana abilities add, by their own sources (106.3): (own (type, n) pairs, ((source id, (type, n)
#: pairs), ...)).
Yield = tuple


def yield_total(y: Yield) -> Counter:
    """All the mana one result adds, whatever its sources."""
    own, adds = y
    total = Counter(dict(own))
    for _, pairs in adds:
        total.update(dict(pairs))
    return total


def _counter(e) -> Counter:
    return Counter({TYPES[i]: n for i, n in enumerate(e) if n > 0})


def _reflector(state):
    """Reflections read CR 106.7's least fixed point for the whole board (model.could_produce)."""
    def look(q: str) -> frozenset:
        return could_produce(state, q, explain=False).types
    return look


def activation_outcomes(state, oid: str, ability: Ability, activator: str, *, x: int | None = None,
                        sacrificed: str | None = None, pool=None) -> list[tuple[tuple, tuple, str]]:
    """Every distinct way one resolution of the mana ability can go, as (mana the ability itself adds
    after replacement effects in every order (106.12b, 616.1), mana triggered mana abilities add by source
    (605.1b, ``mana_production.Additions``), description). Amounts are events (six counts, WUBRGC)."""
    cands = candidate_replacements(state, oid, ability, activator)
    subtypes = current(state, oid).subtypes
    out: dict = {}
    xs = None if x is None else [x]
    for base, choice in base_productions(state, oid, ability, _reflector(state), x_values=xs, sacrificed=sacrificed, pool=pool):
        for fin, order in replacement_outcomes(base, cands, subtypes).items():
            how = choice + "".join(f", then {e.origin}{' ' + c if c else ''}" for e, c, _ in order)
            for add, tdesc in trigger_additions(state, oid, ability, activator, fin):
                out.setdefault((fin, add), how + (f"; {tdesc}" if tdesc else ""))
    return [(f, a, d) for (f, a), d in out.items()]


def production_outputs(state, oid: str, ability: Ability) -> list[Yield]:
    """Every distinct result of one activation: its choices expanded, replacement effects applied in every
    order, and what triggered mana abilities add, by source (the activator being the permanent's
    controller). X amounts are taken up to the counters the permanent has."""
    o = state.obj(oid)
    p = ability.production
    assert p is not None
    xs: list = [None]
    if p.amount == X_COUNT:
        part = next((c for c in ability.cost if c.kind == "remove_counters" and c.n == X_COUNT), None)
        if part is None:
            raise Unsupported(f"{ability.text()!r}: an X that is not a number of counters removed is not modelled")
        xs = list(range(0 if p.x_plus else 1, o.counter(part.counter) + 1))   # X plus n: X may be 0
    seen: set = set()
    for x in xs:
        for fin, adds, _ in activation_outcomes(state, oid, ability, o.controller, x=x):
            seen.add((freeze(_counter(fin)), tuple((src, freeze(_counter(e))) for src, e in adds)))
    return sorted(seen)


#: The further effects of a mana ability that paying performs beside adding its mana (605.3b: the whole
#: effect happens as it resolves, before the cost is paid, 601.2g-h): "~ deals N damage to you" (120.3a).
PAID_EFFECTS = ("damage_you",)


def damage_to_activator(a: Ability) -> int:
    """The damage a mana ability's source deals to the player who activates it each time it resolves ("~ deals
    1 damage to you", painlands, Talismans, Ancient Tomb: 120.3a; "you" is that player and no target, 115.1)."""
    return sum(e.arg("n") for e in a.effects if e.kind == "damage_you")


def damage_is_life_loss(state, oid: str, n: int, what: str) -> None:
    """Where a payment's 119.4 check reads the damage a mana ability deals its activator as that much life lost
    (120.3a), anything that could make it another amount or another result makes it unsupported: a prevention
    shield in force (615), a source with infect (poison counters instead, 120.3b), lifelink (life gained too,
    120.3f) or another keyword the engine's damage does not perform, and unmodelled text about life (damage
    redirected, doubled, "can't lose life"). The engine's payment deals the damage as any damage is dealt
    (``engine.kernel.damage.deal_damage``) and needs none of this."""
    o = state.obj(oid)
    ch = current(state, oid)
    for kw in DAMAGE_KEYWORDS:
        if ch.has_keyword(kw):
            raise Unsupported(f"{o.name} ({oid}) has {kw.lower()}: the result of the {n} damage it deals while "
                              f"{what} is not modelled in payment")
    if state.in_force(PreventionShield):
        raise Unsupported(f"a prevention effect is in force: whether the {n} damage {o.name} ({oid}) deals while "
                          f"{what} is prevented is not modelled in payment")
    guard_scope(state, "life", f"{o.name} ({oid}) deals {n} damage while {what}")


def restriction_not_modelled(name: str, a: Ability, *, once_modelled: bool = False) -> Unsupported | None:
    """A mana ability's activation instructions (602.5b-d: "only as a sorcery", "only once each turn", "only
    during your turn", "only if ..."): legality reads them for `can-activate`, but payments and mana-options
    activate mana abilities whenever they are asked to (605.3a), so with one of these in force they say
    `unsupported` rather than count the ability when it could not be activated. ``once_modelled``: the caller
    reads "only once each turn" itself (``ManaSource.once``; payments)."""
    if a.timing != "any" or (a.once_each_turn and not once_modelled) or a.during or a.only_if:
        return Unsupported(f"{name}: {a.text()!r} may be activated only at some times (602.5); paying and "
                           "mana-options do not model when")
    return None


def read_from_hand(o, a: Ability) -> bool:
    """Is ``a`` a mana ability of the card ``o`` in a hand that paying reads (113.6m): "Exile ~ from your hand: Add
    {R}." (Simian Spirit Guide; ruling 2007-02-01: a mana ability), whose whole cost is exiling the card itself from
    the hand and whose whole effect is one mana of one type (no replacement effect applies to it: it doesn't tap
    anything for mana, 106.12b)? Other text of cards in hands stays guarded (``rules.guards``)."""
    p = a.production
    return (o.zone == "hand" and a.kind == "mana" and a.functions_in("hand") and not a.effects and not a.unread
            and a.timing == "any" and not (a.once_each_turn or a.during or a.only_if or a.spend_only)
            and [c.kind for c in a.cost] == ["exile_self_from_hand"]
            and p is not None and p.mode == "fixed" and len(p.fixed) == 1 and p.amount == 1 and p.per is None
            and not (p.per_counter or p.per_power or p.per_life or p.per_card_in or p.per_domain or p.per_devotion
                     or p.per_greatest_power is not None or p.instead_if or p.instead_counter or p.amount_from_game))


def hand_mana(state, player: str, exclude: tuple[str, ...] = ()) -> list[tuple[str, int, Ability, str]]:
    """The mana abilities of cards in ``player``'s hand that paying reads (``read_from_hand``): (card id, ability
    index among its activated abilities, ability, the one type of mana it adds). ``exclude``: the card being cast,
    on the stack before mana abilities are activated (601.2a, 601.2g)."""
    out = []
    for o in state.in_zone(player, "hand"):
        if o.id in exclude or not o.card.modelled:
            continue
        for i, a in enumerate(activated_abilities(state, o.id), 1):
            # 602.5: a source with a chosen name is forbidden in the hand too (Pithing Needle ruling 2005-06-01)
            if read_from_hand(o, a) and activation_forbidden(state, o.id, a) is None:
                assert a.production is not None     # a mana ability is read with what it adds (vocab.parse)
                out.append((o.id, i, a, a.production.fixed[0]))
    return out


def mana_sources(state, player: str, *, pool_dependent: bool = False) -> list[ManaSource]:
    """The activated mana abilities of permanents ``player`` controls, with their possible outputs.

    ``outputs`` include replacement effects in every order and triggered mana abilities' additions.
    Abilities whose mana depends on more than the state (Doubling Cube's pool, an X of counters, the
    sacrificed land) are described by the extra fields; unless ``pool_dependent`` is set, such an ability
    raises Unsupported (a caller that does not read those fields must not treat them as making nothing).
    Unmodelled abilities that may concern mana raise Unsupported; an unmodelled activated ability whose
    declared scope excludes mana is skipped (it cannot add mana: it would be a mana ability, 605.1a).
    """
    out: list[ManaSource] = []
    for o in state.battlefield(player):
        ch = current(state, o.id)
        for i, a in enumerate(activated_abilities(state, o.id), 1):
            if a.kind == "unmodelled":
                if a.unmodelled_kind == "mana" or a.may_concern("mana"):
                    raise Unsupported(f"{o.name} ({o.id}) has an ability the model cannot represent: {a.source_text!r}")
                continue
            if not a.is_mana_ability or not a.functions_in("battlefield"):   # 113.6m: functions elsewhere only
                continue
            if activation_forbidden(state, o.id, a) is not None:      # 602.5: Null Rod, Cursed Totem
                continue
            if a.unread:
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r}: {a.unread!r} is not modelled")
            problem = restriction_not_modelled(o.name, a, once_modelled=True)
            if problem is not None:
                raise problem
            p = a.production
            assert p is not None    # a mana ability is read with what it adds (vocab.parse)
            if p.amount_from_game:
                # paying life or sacrificing for another mana ability meanwhile could change the amount
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r} makes an amount of mana that depends on the game; "
                                  "paying with it is not modelled")
            special = p.mode == "double_pool" or p.amount == X_COUNT or p.reflect_sacrificed
            if special and not pool_dependent:
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r} makes mana that depends on the pool, an X or "
                                  f"the sacrificed permanent; this use of mana sources does not model it")
            outs = () if p.mode == "double_pool" or p.reflect_sacrificed else tuple(production_outputs(state, o.id, a))
            replaced: tuple[str, ...] = ()
            if outs and candidate_replacements(state, o.id, a, o.controller):
                made = {t for y in outs for t in yield_total(y)}
                base = {TYPES[k] for e, _ in base_productions(state, o.id, a, _reflector(state)) for k, n in enumerate(e) if n}
                replaced = tuple(t for t in TYPES if t in base and t not in made)
            out.append(ManaSource(o.id, i, a, a.cost, outs, "Snow" in ch.supertypes, a.spend_only,
                                  doubles_pool=p.mode == "double_pool", x_counters=p.amount == X_COUNT,
                                  by_sacrifice=p.reflect_sacrificed, replaced=replaced,
                                  damage=damage_to_activator(a), once=a.once_each_turn,
                                  used_this_turn=a.once_each_turn and i in o.activated_this_turn))
    guard_mana_search(state, [(m.source, m.ability) for m in out])
    return out


def require_modelled_for_payment(state: GameState, player: str, exclude: Iterable[str] = ()) -> None:
    """Paying can depend on every static ability on the battlefield, and on the payer's activated and mana
    abilities, that concern mana, spending, spell costs or characteristics; and on such text of cards in
    hands, graveyards and exile that functions there (``require_modelled_elsewhere``)."""
    require_modelled(state, PAYMENT_SCOPES, "paying", player=player, exclude=exclude)
    # the payer's mana abilities that work from the hand are read by payments themselves (113.6m)
    require_modelled_elsewhere(state, PAYMENT_SCOPES, "paying", player=player, exclude=exclude, read=read_from_hand)
