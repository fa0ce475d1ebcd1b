"""The payment problem (CR 601.2f-h, 602.2b, 107.4, 118): what must be paid, and every resource that could
pay it.

:func:`build_problem` reads a game state into a :class:`PaymentProblem`: the total cost
(:class:`~mtgjudge.model.rules.costs.TotalCost`, mana and the other parts, including the {T}, {Q},
"Sacrifice this" and counters of an activated ability's own cost), the mana already in the pool, the
player's permanents grouped into interchangeable groups (two untapped Forests are one group of two, so
that solvers and enumeration never tell them apart; the ability's own source is always a group of its
own), the mana abilities of each group with their costs (filters pay mana to make mana) and every amount
each activation could add (replacement effects and triggered mana included, ``rules.mana_sources``),
"spend as though" effects, life, and the cards a discard, delve or exile cost could use.

Both the decision (``payment.decide``, z3) and the enumeration of every distinct payment
(``payment.enumeration``) read this one description.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import field

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import Symbol
from mtgjudge.model.objects import GameObject
from mtgjudge.model.payment.symbols import Source
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.characteristics import Characteristics, matches
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.rules.mana_sources import (PAID_EFFECTS, ManaSource, damage_is_life_loss, hand_mana, mana_sources,
                                               require_modelled_for_payment)
from mtgjudge.model.rules.spending import Restriction, SpendAs, parse_restriction, spend_as_effects
from mtgjudge.model.rules.timing import summoning_sick
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import X_COUNT, CostPart
from mtgjudge.model.lazy_dataclass import dataclass

#: The cost parts the payment model pays (deciding and enumerating; the payment consumer of ``vocab.words``).
COST_PARTS = ("mana", "tap", "untap", "pay_life", "sacrifice", "sacrifice_self", "remove_counters", "tap_untapped", "loyalty",
              "discard", "exile_from_graveyard", "return_to_hand", "crew", "put_counters_on", "reveal_from_hand",
              "put_counters", "discard_self", "exile_from_hand", "exile_self_from_graveyard")

#: Upper bound on activations of a filter (a mana ability with mana in its cost) that nothing else bounds
#: (no {T}, counters or life): past it, deciding and enumerating say they reached their bound.
UNBOUNDED_USES = 4


@dataclass(frozen=True)
class PoolGroup:
    """Mana of one type already in the pool from one source (106.4), with what that source implies; or
    (``in_hand``) the one mana a card in the payer's hand adds when its mana ability exiles it from there
    (113.6m, ``mana_sources.read_from_hand``): mana there to spend as pool mana is, made only if spent."""

    type: str
    count: int
    source: str | None
    snow: bool = False                       # made by a snow source (107.4h)
    restriction: Restriction | None = None   # 106.6
    chosen_type: str | None = None           # the source's chosen creature type (Cavern of Souls)
    in_hand: str = ""                        # the card's name, when the mana is a card's in the hand

    @property
    def label(self) -> str:
        if self.in_hand:
            return f"{self.in_hand} ({self.source}) exiled from the hand (113.6m)"
        return f"{{{self.type}}} in the pool" + (f" from {self.source}" if self.source else "")

    def as_source(self) -> Source:
        return Source("mana", self.snow, self.restriction, self.chosen_type, label=self.label)


@dataclass
class PermGroup:
    """Interchangeable permanents the payer controls (same characteristics and status)."""

    ids: tuple[str, ...]
    name: str
    chars: Characteristics
    tapped: bool
    sick: bool                 # a creature whose {T}/{Q} abilities can't be activated now (302.6)
    snow: bool
    counters: tuple[tuple[str, int], ...] = ()   # each member's counters

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

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)


@dataclass
class AbilityUse:
    """One mana ability of a group: its costs, how often one member may activate it, what each activation
    could add.

    ``simple`` abilities (no mana in their cost, no {Q}) are activated by count across the group's members;
    the others (filters: Mystic Gate, Castle Sengir) are ordered, since mana must be in the pool before it
    pays a cost (601.2g).
    """

    group: int
    ms: ManaSource
    outputs: tuple[Counter, ...]              # each result: the mana the ability itself adds
    extras: tuple[tuple[tuple[str, Counter], ...], ...]   # each result: what triggered abilities add, by source
    tap: bool
    untap: bool
    life: int
    sac_self: bool
    counters: tuple[str, int] | None
    sacrifice: CostPart | None
    tap_other: CostPart | None
    mana: tuple[Symbol, ...]
    max_uses: int               # activations one member can make now; -1: nothing in its cost bounds it
    restriction: Restriction | None = None
    chosen_type: str | None = None
    snow: bool = False
    damage: int = 0             # damage its source deals to the payer each activation (120.3a), as it resolves
    once: bool = False          # "Activate only once each turn" (602.5b): once for each member
    puts: tuple[str, int] | None = None   # "Put a -0/-1 counter on ~" in its cost (122.1): kind, how many

    @property
    def simple(self) -> bool:
        return not self.mana and not self.untap

    @property
    def totals(self) -> tuple[Counter, ...]:
        """Each result's mana, whatever its sources."""
        out = []
        for own, extra in zip(self.outputs, self.extras):
            total = Counter(own)
            for _, c in extra:
                total.update(c)
            out.append(total)
        return tuple(out)

    @property
    def triggered_sources(self) -> tuple[str, ...]:
        """The permanents whose triggered mana abilities add to its results (106.3: the sources of that mana)."""
        return tuple(sorted({src for extra in self.extras for src, _ in extra}))

    @property
    def label(self) -> str:
        return f"{self.ms.source}: {self.ms.ability.text()}"

    def as_source(self, label: str) -> Source:
        return Source("mana", self.snow, self.restriction, self.chosen_type, label=label)


@dataclass
class PaymentProblem:
    """Everything deciding or enumerating a payment needs; built from a state by :func:`build_problem`."""

    player: str
    life: int
    cost: TotalCost
    pool: list[PoolGroup]
    groups: list[PermGroup]
    uses: list[AbilityUse]
    spend_as: list[SpendAs]
    graveyard: tuple[str, ...]     # cards delve / "exile ... from your graveyard" could exile
    hand: tuple[str, ...]          # cards a discard cost could discard
    state: GameState
    group_of: dict[str, int] = field(default_factory=dict)
    source_group: int | None = None   # the group of the object whose ability is activated (cost.source)
    extra_sources: dict[str, Source] = field(default_factory=dict)   # sources of triggered mana (106.3)

    def mana_of(self, t: str) -> list[str]:
        """Labels of the resources that could make mana of type ``t`` (for reasons)."""
        out = [p.label for p in self.pool if p.type == t]
        for u in self.uses:
            if any(o.get(t, 0) for o in u.totals):
                g = self.groups[u.group]
                out.append(g.label + (" (tapped)" if u.tap and g.tapped else ""))
        return list(dict.fromkeys(out))


def pool_groups(state: GameState, player: str) -> list[PoolGroup]:
    """The mana in ``player``'s pool, grouped by type and source, each with its source's snow status and
    spending restriction (106.6: the restriction of the ability that made it)."""
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
            rs = {a.spend_only for a in activated_abilities(state, src) if a.is_mana_ability and a.production is not None}
            if len(rs) > 1:
                raise Unsupported(f"mana in the pool from {src}: its mana abilities differ in how their mana may be "
                                  f"spent ({'; '.join(sorted(r or 'unrestricted' for r in rs))}), and the question does "
                                  "not say which one made it")
            if rs:
                restriction = parse_restriction(rs.pop())
        out.append(PoolGroup(t, n, src, snow, restriction, chosen))
    return out


def _group_key(state: GameState, o: GameObject, sources: list[ManaSource]) -> tuple:
    """Permanents are interchangeable for paying when they are alike and their mana abilities could add the
    same (an Aura such as Wild Growth on one Forest makes it unlike the others)."""
    outputs = tuple((ms.ability_index, ms.outputs) for ms in sources if ms.source == o.id)
    return (current(state, o.id), o.tapped, o.summoning_sick, o.counters, o.chosen, o.token, o.face_down,
            o.activated_this_turn, outputs)


def _analyse(ms: ManaSource, group: int, life: int, obj: GameObject, snow: bool) -> AbilityUse:
    tap = untap = sac_self = False
    life_cost = 0
    counters = None
    puts = None
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
        elif k == "put_counters" and puts is None and part.n != X_COUNT:
            puts = (part.counter, part.n)          # on itself: nothing limits it (122.1), only how often
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
    if sacrifice is not None and sacrifice.n == X_COUNT or tap_other is not None and tap_other.n == X_COUNT:
        raise Unsupported(f"{ms.describe()}: an X in a mana ability's cost is not modelled in payment")
    if sacrifice is not None and sacrifice.alternatives:
        raise Unsupported(f"{ms.describe()}: sacrificing one of several kinds of permanent for a mana ability is not "
                          "modelled in payment")
    p = ms.ability.production
    if p is not None and p.mode == "reflect" and p.reflect_sacrificed:
        raise Unsupported(f"{ms.describe()}: mana that depends on the sacrificed permanent is not modelled in payment")
    other = [e for e in ms.ability.effects if e.kind not in PAID_EFFECTS]
    if other:
        raise Unsupported(f"{ms.describe()}: a mana ability with further effects ({'; '.join(e.text() for e in other)}) "
                          "is not modelled in payment")
    per = 1 if (tap or untap or sac_self or ms.once) else None
    if counters is not None:
        have = obj.counter(counters[0]) // max(1, counters[1])
        per = have if per is None else min(per, have)
    if per is None and life_cost:
        per = life // life_cost
    if ms.used_this_turn:
        per = 0                 # 602.5b: activated this turn already (``decide`` says so)
    return AbilityUse(group, ms, tuple(Counter(dict(own)) for own, _ in ms.outputs),
                      tuple(tuple((src, Counter(dict(c))) for src, c in adds) for _, adds in ms.outputs), tap, untap, life_cost, sac_self,
                      counters, sacrifice, tap_other, mana, -1 if per is None else per,
                      parse_restriction(ms.spend_only) if ms.spend_only else None, obj.choice("creature type"), snow,
                      ms.damage, ms.once, puts)


def _mana_sources(state: GameState, player: str) -> list[ManaSource]:
    """``mana_sources``, read once for each player of a state (a function of the state alone, which never changes)."""
    key = ("mana_sources", player)
    if key not in state._cache:
        state._cache[key] = mana_sources(state, player)
    return state._cache[key]


def build_problem(state: GameState, player: str, cost: TotalCost) -> PaymentProblem:
    """Read the state into a payment problem for ``player`` paying ``cost``.

    Raises Unsupported for anything on which the payment could depend that the model does not represent:
    an unmodelled mana or activated ability of the payer's permanents (via mana_sources), a mana ability
    that is not an "Add" (Doubling Cube's), cost parts outside the vocabulary.
    """
    p = state.player(player)
    # An activation cost with no mana in it needs no mana abilities (nothing modifies activation costs here:
    # text that could is guarded by the activation scope, rules.guards).
    needs_mana = bool(cost.symbols or cost.modifiers or cost.casting or not cost.source)
    if needs_mana:
        require_modelled_for_payment(state, player, exclude=(cost.casting,) if cost.casting else ())
    sources = _mana_sources(state, player) if needs_mana else []
    for o in state.battlefield(player):
        for a in activated_abilities(state, o.id):
            if a.kind == "activated" and any(e.kind == "double_mana_pool" for e in a.effects):
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r} makes mana without an \"Add\"; payment does not model it")
    by_key: dict[tuple, list[GameObject]] = {}
    for o in state.battlefield(player):
        if o.id == cost.casting:
            continue
        # The ability's own source is a group of its own: its {T} and "Sacrifice this" name it.
        key = _group_key(state, o, sources) + (o.id if o.id == cost.source else None,)
        by_key.setdefault(key, []).append(o)
    groups: list[PermGroup] = []
    group_of: dict[str, int] = {}
    for key, objs in by_key.items():
        o = objs[0]
        ch = key[0]
        filterish = any(ms.source == o.id and any(c.kind in ("mana", "untap") for c in ms.cost) for ms in sources)
        chunks = [[x] for x in objs] if filterish else [objs]
        for chunk in chunks:
            groups.append(PermGroup(tuple(x.id for x in chunk), o.name, ch, o.tapped, summoning_sick(state, o.id),
                                    "Snow" in ch.supertypes, o.counters))
            for x in chunk:
                group_of[x.id] = len(groups) - 1
    uses: list[AbilityUse] = []
    seen: set[tuple[int, int]] = set()
    for ms in sources:
        gi = group_of.get(ms.source)
        if gi is None or (gi, ms.ability_index) in seen:
            continue
        seen.add((gi, ms.ability_index))
        uses.append(_analyse(ms, gi, p.life, state.obj(ms.source), groups[gi].snow))
    _damage_before_life(state, cost, uses)
    # the card a "Discard this card" part discards (702.29a) is not one of the cards the cost's other discards use
    itself = cost.source if any(part.kind == "discard_self" for part in cost.other) else None
    hand = _cards_for(state, player, cost, "discard", tuple(i for i in p.zone("hand") if i not in (cost.casting, itself)))
    # and the card "Exile this card from your graveyard" exiles (702.97a) is not one the other graveyard exiles use
    itself_gy = cost.source if any(part.kind == "exile_self_from_graveyard" for part in cost.other) else None
    graveyard = _cards_for(state, player, cost, "exile_from_graveyard",
                           tuple(i for i in p.zone("graveyard") if i not in (cost.casting, itself_gy)))
    extra = {src: Source("mana", "Snow" in current(state, src).supertypes, label=f"{state.obj(src).name} ({src}), triggered")
             for u in uses for src in u.triggered_sources}
    in_hand = []
    if needs_mana:
        for cid, _, _, t in hand_mana(state, player, exclude=tuple(i for i in (cost.casting, itself) if i)):
            in_hand.append(PoolGroup(t, 1, cid, "Snow" in current(state, cid).supertypes, in_hand=state.obj(cid).name))
    _one_use_of_hand(cost)
    if in_hand and any(part.kind in ("discard", "reveal_from_hand", "exile_from_hand") for part in cost.other):
        raise Unsupported(f"{in_hand[0].in_hand} ({in_hand[0].source}) could make mana from the hand while the cost "
                          "discards, reveals or exiles cards from it: which cards then stay is not modelled in payment")
    return PaymentProblem(player, p.life, cost, pool_groups(state, player) + in_hand, groups, uses,
                          spend_as_effects(state, player), graveyard, hand, state, group_of,
                          group_of.get(cost.source) if cost.source else None, extra)


def cost_may_pay_life(cost: TotalCost) -> bool:
    """Could paying the total cost itself (601.2h) pay life: a Phyrexian symbol (107.4f) or a "Pay N life" part?"""
    return _phyrexian(cost.symbols) or any(p.kind == "pay_life" for p in cost.other)


def _phyrexian(symbols) -> bool:
    return any(s.kind in ("phyrexian", "hybrid_phyrexian") for s in symbols)


def _damage_before_life(state: GameState, cost: TotalCost, uses: list[AbilityUse]) -> None:
    """Mana abilities are activated, and resolve, before the total cost is paid (601.2g-h, 605.3b): the damage a
    painland deals its activator (120.3a) has been dealt when the cost's own life is paid, and 119.4 reads the
    life total then. That reading needs the damage to be that much life lost (``damage_is_life_loss``), and an
    order of activations that pays every mana ability's life before any damage: a mana ability that pays life
    and has mana in its cost might need a painland's mana first, an order the payment model does not search."""
    damaging = [u for u in uses if u.damage]
    if not damaging:
        return
    if cost_may_pay_life(cost):
        for u in damaging:
            damage_is_life_loss(state, u.ms.source, u.damage, "paying a cost that pays life")
    ordered = [u for u in uses if (u.life or _phyrexian(u.mana)) and u.mana]
    if ordered:
        raise Unsupported(f"{ordered[0].label} pays life and needs mana while {damaging[0].label} deals damage to "
                          "its activator: the order of those activations (119.4) is not modelled in payment")


def restricted(pr: PaymentProblem, ids: frozenset[str]) -> PaymentProblem:
    """The same problem with only the permanents ``ids`` able to pay (a ``paying:`` list), and of the cards whose
    mana ability works from the hand (113.6m) only those in ``ids``; pool mana, life and cards stay."""
    keep: dict[int, int] = {}
    groups: list[PermGroup] = []
    for gi, g in enumerate(pr.groups):
        members = tuple(i for i in g.ids if i in ids)
        if members:
            keep[gi] = len(groups)
            groups.append(PermGroup(members, g.name, g.chars, g.tapped, g.sick, g.snow, g.counters))
    uses = [AbilityUse(**{**u.__dict__, "group": keep[u.group]}) for u in pr.uses if u.group in keep]
    group_of = {i: keep[gi] for i, gi in pr.group_of.items() if gi in keep and i in ids}
    pool = [g for g in pr.pool if not g.in_hand or g.source in ids]
    return PaymentProblem(pr.player, pr.life, pr.cost, pool, groups, uses, pr.spend_as, pr.graveyard, pr.hand,
                          pr.state, group_of, keep.get(pr.source_group) if pr.source_group is not None else None,
                          pr.extra_sources)


def _cards_for(state: GameState, player: str, cost, kind: str, cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards a discard (``kind`` "discard") or graveyard exile cost could use: those of its quality when its
    one such part names one ("Discard a land card", 118.3: only those can pay). Two such parts of which one
    names a quality, or delve beside a quality, are not modelled."""
    parts = [p for p in cost.other if p.kind == kind]
    if not any(p.what is not None for p in parts):
        return cards
    if len(parts) > 1 or (kind == "exile_from_graveyard" and cost.delve):
        raise Unsupported(f"paying {' and '.join(p.text() for p in parts)}"
                          + (" with delve" if cost.delve else "") + ": cards of several qualities for one cost are "
                          "not modelled in payment")
    return tuple(i for i in cards if matches(parts[0].what, current(state, i), state.obj(i), player, None))


def part_fits(part: CostPart, chars, obj, player: str, src=None) -> bool:
    """Can the permanent ``obj`` (characteristics ``chars``) pay the cost part ``part``: does it fit the part's
    kind of permanent or one of its alternatives ("Sacrifice an artifact or creature")?"""
    return any(matches(sel, chars, obj, player, src) for sel in (part.what,) + part.alternatives)


def revealable(pr: PaymentProblem, part: CostPart) -> tuple[str, ...]:
    """The cards in the payer's hand a "Reveal a <quality> card from your hand" part could show (601.2h, 118.3:
    only cards of that quality, and not the spell being cast, which is on the stack, 601.2a); the deciding and
    the enumerating of payments both ask this."""
    return tuple(o.id for o in pr.state.in_zone(pr.player, "hand") if o.id != pr.cost.casting
                 and matches(part.what, current(pr.state, o.id), o, pr.player, None))


def _one_use_of_hand(cost: TotalCost) -> None:
    """An "Exile <cards> from your hand" part is paid only as the one part of its cost that uses cards of the
    hand: beside a discard, a reveal or a second such exile, which card pays which part (601.2h: a card exiled is
    no longer there to discard) is not modelled."""
    exiles = [p for p in cost.other if p.kind == "exile_from_hand"]
    hand_parts = [p for p in cost.other if p.kind in ("discard", "discard_self", "reveal_from_hand", "exile_from_hand")]
    if exiles and len(hand_parts) > 1:
        raise Unsupported(f"paying {' and '.join(p.text() for p in hand_parts)}: a cost that exiles cards from the "
                          "hand and uses the hand's cards otherwise too is not modelled in payment")


def exilable_from_hand(pr: PaymentProblem, part: CostPart) -> tuple[str, ...]:
    """The cards in the payer's hand an "Exile <N> <quality> card(s) from your hand" part could exile (601.2h,
    118.3: only cards of its quality, and never the spell being cast, which is on the stack then, 601.2a: Force of
    Will can't exile itself); deciding, enumerating and the engine's paying all ask this."""
    return tuple(o.id for o in pr.state.in_zone(pr.player, "hand") if o.id != pr.cost.casting
                 and (part.what is None or matches(part.what, current(pr.state, o.id), o, pr.player, None)))
