"""The payment problem (CR 601.2f-h, 107.4, 118): what must be paid, and every resource that could pay it.

:func:`build_problem` reads a game state into a :class:`PaymentProblem`: the total cost
(:class:`model.costs.TotalCost`), the mana already in the pool, the player's permanents grouped into
interchangeable groups (two untapped Forests are one group of two, so that solvers and enumeration never
tell them apart), the mana abilities of each group with their own costs (filters pay mana to make mana),
"spend as though" effects, life, and the cards that delve could exile. The solver
(``queries.solve.payment_z3``) decides it; :func:`can_pay_cost` is the entry point other kinds call.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mtgjudge.model.vocab.abilities import CostPart
from mtgjudge.model.rules.layers import Characteristics, activated_abilities, current
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.explain import Step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import Symbol
from mtgjudge.model.rules.mana_sources import ManaSource, mana_sources
from mtgjudge.model.rules.spending import Purpose, Restriction, SpendAs, parse_restriction, spend_as_effects

#: Demand kinds: what one unit of mana in a cost must be (107.4): a color, colorless, any type, snow.
DEMAND_KINDS = ("W", "U", "B", "R", "G", "C", "generic", "snow")


@dataclass(frozen=True)
class PoolGroup:
    """Mana of one type already in the pool from one source (106.4), with what that source implies."""

    type: str
    count: int
    source: str | None
    snow: bool = False                       # made by a snow source (107.4h)
    restriction: Restriction | None = None   # 106.6
    chosen_type: str | None = None           # the source's chosen creature type (Cavern of Souls)

    @property
    def label(self) -> str:
        return f"{{{self.type}}} in the pool" + (f" from {self.source}" if self.source else "")


@dataclass
class PermGroup:
    """Interchangeable permanents the payer controls (same characteristics and status)."""

    ids: tuple[str, ...]
    name: str
    chars: Characteristics
    tapped: bool
    sick: bool                 # a creature that can't use {T}/{Q} abilities now (302.6, no haste)
    snow: bool

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def label(self) -> str:
        return f"{self.name} ({', '.join(self.ids)})"

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.chars.types

    @property
    def is_artifact(self) -> bool:
        return "Artifact" in self.chars.types


@dataclass
class AbilityUse:
    """One mana ability of a group: how often it may be activated and what each activation costs.

    ``simple`` abilities (no mana in their cost, no {Q}) are activated by count across the group's
    members; the others (filters: Mystic Gate, Castle Sengir) get one ``instance`` per possible activation
    so that the solver can order them (mana must be in the pool before it pays a cost, 601.2g).
    """

    group: int
    ms: ManaSource
    outputs: tuple[Counter, ...]
    tap: bool
    untap: bool
    life: int
    sac_self: bool
    counters: tuple[str, int] | None
    sacrifice: CostPart | None
    tap_other: CostPart | None
    mana: tuple[Symbol, ...]
    max_uses: int
    restriction: Restriction | None = None
    chosen_type: str | None = None

    @property
    def simple(self) -> bool:
        return not self.mana and not self.untap

    @property
    def label(self) -> str:
        return f"{self.ms.source}: {self.ms.ability.text()}"


@dataclass
class PaymentProblem:
    """Everything the solver needs; built from a state by :func:`build_problem`."""

    player: str
    life: int
    cost: TotalCost
    pool: list[PoolGroup]
    groups: list[PermGroup]
    uses: list[AbilityUse]
    spend_as: list[SpendAs]
    graveyard: int                 # cards delve / "exile from your graveyard" could exile
    hand: int                      # cards a discard cost could discard
    state: Any = None
    group_of: dict[str, int] = field(default_factory=dict)

    def mana_of(self, t: str) -> list[str]:
        """Labels of the resources that could make mana of type ``t`` (for reasons)."""
        out = [p.label for p in self.pool if p.type == t]
        for u in self.uses:
            if any(o.get(t, 0) for o in u.outputs):
                g = self.groups[u.group]
                out.append(g.label + (" (tapped)" if u.tap and g.tapped else ""))
        return list(dict.fromkeys(out))


@dataclass
class PaymentResult:
    """The solver's answer: ``sat``; for sat a ``plan`` (JSON-able); for unsat the minimal ``reasons``."""

    sat: bool
    plan: dict | None = None
    reasons: tuple[Step, ...] = ()
    all_plans: list[dict] | None = None


def pool_groups(state, player: str) -> list[PoolGroup]:
    counts: Counter = Counter()
    for pm in state.player(player).mana_pool:
        counts[(pm.type, pm.source)] += 1
    out = []
    for (t, src), n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        snow = False
        restriction = None
        chosen = None
        if src is not None and state.has(src):
            o = state.obj(src)
            snow = "Snow" in current(state, src).supertypes
            chosen = o.choice("creature type")
            # The restriction of the ability that made it (106.6): every mana ability of the source that
            # can make this type must agree, else the question must say more.
            rs = set()
            for a in activated_abilities(state, src):
                if a.is_mana_ability and a.production is not None:
                    rs.add(a.spend_only)
            rs.discard(None)
            if len(rs) > 1:
                raise Unsupported(f"mana in the pool from {src}: its mana abilities differ in how their mana may be "
                                  f"spent ({'; '.join(sorted(r or 'unrestricted' for r in rs))}), and the question does "
                                  "not say which one made it")
            if rs:
                restriction = parse_restriction(rs.pop())
        out.append(PoolGroup(t, n, src, snow, restriction, chosen))
    return out


def _group_key(state, o) -> tuple:
    return (current(state, o.id), o.tapped, o.summoning_sick, o.counters, o.chosen, o.token, o.face_down)


def _analyse(ms: ManaSource, group: int, g: PermGroup, life: int, state, obj) -> AbilityUse:
    tap = untap = sac_self = False
    life_cost = 0
    counters = None
    sacrifice = tap_other = None
    mana: tuple[Symbol, ...] = ()
    for part in ms.cost:
        k = part.kind
        if k == "tap":
            tap = True
        elif k == "untap":
            untap = True
        elif k == "pay_life":
            life_cost += part.n
        elif k == "sacrifice_self":
            sac_self = True
        elif k == "remove_counters":
            counters = (part.counter, part.n)
        elif k == "sacrifice":
            sacrifice = part
        elif k == "tap_untapped":
            tap_other = part
        elif k == "mana":
            mana = mana + part.mana
        else:
            raise Unsupported(f"{ms.describe()}: the cost part {part.text()!r} is not modelled in payment")
    if any(s.kind == "x" for s in mana):
        raise Unsupported(f"{ms.describe()}: an {{X}} in a mana ability's cost is not modelled in payment")
    p = ms.ability.production
    if p is not None and p.mode == "reflect" and p.reflect_sacrificed:
        raise Unsupported(f"{ms.describe()}: mana that depends on the sacrificed permanent is not modelled in payment")
    if ms.ability.effects:
        raise Unsupported(f"{ms.describe()}: a mana ability with further effects is not modelled in payment")
    # How many times one member could activate it now.
    per = 1 if (tap or untap or sac_self) else None
    if counters is not None:
        have = obj.counter(counters[0]) // max(1, counters[1])
        per = have if per is None else min(per, have)
    if per is None:
        if life_cost:
            per = life // life_cost
        else:
            per = None   # bounded by the cost below
    return AbilityUse(group, ms, tuple(Counter(dict(o)) for o in ms.outputs), tap, untap, life_cost, sac_self,
                      counters, sacrifice, tap_other, mana, -1 if per is None else per,
                      parse_restriction(ms.spend_only) if ms.spend_only else None, obj.choice("creature type"))


#: What an unmodelled ability's scope must avoid for payment not to depend on it.
PAYMENT_SCOPES = ("mana", "spending", "spell-costs")


def require_modelled_for_payment(state, player: str) -> None:
    """Raise Unsupported if a payment could depend on something the model does not represent: a card with
    no definition on the battlefield; an unmodelled static ability anywhere on the battlefield, or an
    unmodelled activated/mana ability of the payer's permanents, whose scope may concern mana, spending or
    spell costs."""
    for o in state.battlefield():
        if not o.card.modelled:
            raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet")
        for a in current(state, o.id).abilities:
            if a.kind != "unmodelled":
                continue
            relevant = a.timing == "static" or (a.timing in ("activated", "mana") and o.controller == player)
            concern = getattr(a, "may_concern", lambda s: True)
            if relevant and any(concern(s) for s in PAYMENT_SCOPES):
                raise Unsupported(f"{o.name} ({o.id}) has an ability the verifier cannot model, which could matter "
                                  f"to paying: {a.source_text!r}")


def build_problem(state, player: str, cost: TotalCost, exclude_sources: frozenset[str] = frozenset()) -> PaymentProblem:
    """Read the state into a payment problem for ``player`` paying ``cost``.

    Raises Unsupported for anything on which the payment could depend that the model does not represent:
    an unmodelled mana or activated ability of the payer's permanents (via mana_sources), a mana ability
    that is not an "Add" (Doubling Cube's), cost parts outside the vocabulary.
    """
    p = state.player(player)
    require_modelled_for_payment(state, player)
    sources = mana_sources(state, player)
    for o in state.battlefield(player):
        for a in activated_abilities(state, o.id):
            if a.kind == "activated" and any(e.kind == "double_mana_pool" for e in a.effects):
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r} makes mana without an \"Add\"; payment does not model it")
    by_key: dict[tuple, list] = {}
    for o in state.battlefield(player):
        if o.id == cost.casting:
            continue
        key = _group_key(state, o) + (o.id in exclude_sources,)
        by_key.setdefault(key, []).append(o)
    groups: list[PermGroup] = []
    group_of: dict[str, int] = {}
    src_ids = {ms.source for ms in sources}
    for key, objs in by_key.items():
        o = objs[0]
        ch = key[0]
        filterish = any(ms.source == o.id and any(c.kind in ("mana", "untap") for c in ms.cost) for ms in sources)
        chunks = [[x] for x in objs] if filterish else [objs]
        for chunk in chunks:
            sick = ("Creature" in ch.types and o.summoning_sick and not ch.has_keyword("Haste"))
            tapped = o.tapped or o.id in exclude_sources
            groups.append(PermGroup(tuple(x.id for x in chunk), o.name, ch, tapped, sick, "Snow" in ch.supertypes))
            for x in chunk:
                group_of[x.id] = len(groups) - 1
    uses: list[AbilityUse] = []
    seen: set[tuple[int, int]] = set()
    for ms in sources:
        gi = group_of.get(ms.source)
        if gi is None or (gi, ms.ability_index) in seen:
            continue
        seen.add((gi, ms.ability_index))
        uses.append(_analyse(ms, gi, groups[gi], p.life, state, state.obj(ms.source)))
    hand = len(p.zone("hand")) - (1 if cost.casting in p.zone("hand") else 0)
    gy = len(p.zone("graveyard")) - (1 if cost.casting in p.zone("graveyard") else 0)
    return PaymentProblem(player, p.life, cost, pool_groups(state, player), groups, uses,
                          spend_as_effects(state, player), gy, hand, state, group_of)


def can_pay_cost(state, player: str, symbols: tuple[Symbol, ...], x: int = 0,
                 exclude_sources: frozenset[str] = frozenset(), for_what: Purpose | None = None,
                 timeout_ms: int = 5000) -> PaymentResult:
    """Can ``player`` pay the mana ``symbols`` (with X = ``x``) now, from their pool, mana abilities and life?

    ``exclude_sources``: permanents that can't be tapped for it (the ability's own source when {T} is also in
    its cost). ``for_what``: what the mana is spent on (spending restrictions, 106.6); default a bare cost.
    Returns a PaymentResult with a plan or minimal reasons; raises Unsupported when the model can't tell.
    """
    from mtgjudge.model.payment.decide import solve

    cost = TotalCost(tuple(symbols), x, purpose=for_what or Purpose("cost"))
    return solve(build_problem(state, player, cost, exclude_sources), timeout_ms=timeout_ms)
