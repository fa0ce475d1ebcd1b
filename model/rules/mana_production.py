"""One resolution of a mana ability: what it would produce (its choices expanded), the replacement effects
that modify that mana production event in every order the player may choose (CR 106.12b, 614, 616.1), and
what triggered mana abilities add (CR 605.1b, 106.12a).

An *event* is an amount of mana: a tuple of six counts in WUBRGC order (``ev("{G}{G}")``). Amounts are exact
integers (Nyxbloom Ancient and Mana Reflection multiply without any cap).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Callable, Iterable

from mtgjudge.model.vocab.abilities import X_COUNT, Ability
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.in_force import ActiveEffect, effects_in_force
from mtgjudge.model.rules.guards import power_now
from mtgjudge.model.rules import counts
from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.mana import COLORS, TYPES, mana_run
from mtgjudge.model.lazy_dataclass import dataclass

Event = tuple  # six ints, WUBRGC
ZERO: Event = (0, 0, 0, 0, 0, 0)
_IDX = {t: i for i, t in enumerate(TYPES)}


def ev(types: Iterable[str]) -> Event:
    """The event adding the given type letters (``ev("GG")``, or from a mana string's letters)."""
    c = [0] * 6
    for t in types:
        if t in _IDX:
            c[_IDX[t]] += 1
    return tuple(c)


def ev_types(e: Event) -> frozenset[str]:
    return frozenset(TYPES[i] for i, n in enumerate(e) if n > 0)


def ev_text(e: Event) -> str:
    return "".join(mana_run(TYPES[i], n) for i, n in enumerate(e)) or "no mana"


def ev_add(a: Event, b: Event) -> Event:
    return tuple(x + y for x, y in zip(a, b))


def taps(ability: Ability) -> bool:
    """CR 106.12: "tapped for mana" means a mana ability with {T} in its activation cost."""
    return any(p.kind == "tap" for p in ability.cost)


# ---------------------------------------------------------------------------------- base production

#: A reflection's answer: the types a permanent could produce (CR 106.7), as far as known now.
Reflector = Callable[[str], frozenset]


def _no_unread_colors_off_battlefield(state, chars) -> None:
    """Cards off the battlefield have their printed colors unless an effect changes them; such effects (Celestial
    Dawn's second sentence) are not modelled, so their presence makes an answer unsupported."""
    for q in state.battlefield():
        for a in chars[q.id].abilities:
            if a.kind == "unmodelled" and a.scope and "colors-off-battlefield" in a.scope:
                raise Unsupported(f"{q.name} ({q.id}) changes the colors of cards off the battlefield: {a.source_text!r}")


def base_productions(state, oid: str, ability: Ability, reflected: Reflector, *, x_values: Iterable[int] | None = None,
                     sacrificed: str | None = None, pool: Event | None = None,
                     reflects: list[str] | None = None) -> list[tuple[Event, str]]:
    """Every distinct mana production event one resolution of the ability could have before replacement
    effects from other sources, each with the choice that makes it. Its own self-replacement (``instead_if``)
    is applied here, first (CR 616.1a). An undefined type gives no event (CR 106.5).

    ``x_values``: the X values to consider (default: enough to reach every amount threshold);
    ``sacrificed``: the land sacrificed to pay the cost (reflect_sacrificed); None: any land you control;
    ``pool``: the mana pool a ``double_pool`` ability doubles (default: the controller's pool in the state);
    ``reflects``: the permanents a reflecting ability reflects, when the caller has found them already
    (``could_produce`` evaluates each reflector many times on one state, and the board is the same each time).
    """
    p = ability.production
    assert p is not None
    o = state.obj(oid)
    chars = compute_all(state)
    own = ""
    if p.instead_counter and p.instead_production is not None and o.counter(p.instead_counter) > 0:
        # its own replacement applies first (614.15, 616.1a): with the counter, it adds the other mana instead
        p, own = p.instead_production, f"its own replacement applies first (it has a {p.instead_counter} counter): "
    mult = 1
    if p.per is not None:
        mult = counts.permanents(state, p.per, o.controller, o)      # 608.2h: as it resolves
    if p.per_counter:
        mult = o.counter(p.per_counter)
    if p.per_power:
        # its power as the ability resolves; a negative amount is 0 (107.1b)
        mult = max(0, power_now(state, oid, f"the power of {o.name} ({oid}) is an amount of mana"))
    if p.per_life:
        # its controller's life total as the ability resolves; 0 or less adds none (107.1b, 107.3a)
        mult = max(0, state.player(o.controller).life)
    if p.per_greatest_power is not None:
        # the greatest power among the permanents it names as it resolves; none of them: 0 (107.1b, 107.3a)
        mult = max([0] + [power_now(state, q.id, f"the power of {q.name} ({q.id}) is an amount of mana")
                          for q in state.battlefield() if matches(p.per_greatest_power, chars[q.id], q, o.controller, o)])
    if p.per_card_in is not None:
        # cards in its controller's zone as it resolves; their colors off the battlefield are their printed ones
        # unless an effect the model doesn't read changes them (Celestial Dawn)
        zone, sel = p.per_card_in
        _no_unread_colors_off_battlefield(state, chars)
        mult = counts.cards_in(state, o.controller, zone, sel, o)
    if p.per_domain:
        # 305.6: the basic land types among lands its controller controls as it resolves
        mult = counts.domain(state, o.controller)
    devotion: dict[str, int] = {}
    if p.per_devotion:
        # 700.5: the mana symbols of a color among the mana costs of permanents its controller controls as it
        # resolves (a hybrid or Phyrexian symbol counts for its colors, Nykthos's ruling of 2013-09-15; a
        # face-down permanent has no mana cost, 708.2)
        for c in ("WUBRG" if p.per_devotion == "chosen" else p.per_devotion):
            devotion[c] = counts.devotion(state, o.controller, c)
        if p.per_devotion != "chosen":
            mult = devotion[p.per_devotion]
    amounts = [p.amount * mult]
    if p.amount == X_COUNT:
        xs = x_values if x_values is not None else ([0] if p.x_plus else []) + _x_probe(state)   # X plus n: X may be 0
        amounts = [(x + p.x_plus) * mult for x in xs]
    out: dict[Event, str] = {}

    def put(e: Event, why: str) -> None:
        if sum(e) > 0:
            out.setdefault(e, own + why)

    if p.mode == "fixed":
        fixed = p.fixed
        why = "it adds " + ev_text(ev(fixed))
        if p.instead_if == "played_land_this_turn" and state.player(o.controller).lands_played > 0:
            fixed, why = p.instead, f"its own replacement applies first (you played a land this turn): {ev_text(ev(p.instead))} instead"
        if p.instead_if == "control" and all(
                any(all(matches(sel, chars[q.id], q, o.controller, o) for sel in group) for q in state.battlefield())
                for group in p.instead_control):
            fixed, why = p.instead, (f"its own replacement applies first (you control "
                                     f"{' and '.join(' '.join(s.subtypes[0] for s in g) for g in p.instead_control)}): "
                                     f"{ev_text(ev(p.instead))} instead")
        put(tuple(n * mult for n in ev(fixed)), why + (f" times {mult}" if mult != 1 else ""))
    elif p.mode == "one_type" and p.per_devotion == "chosen":
        for t in p.choices:
            put(ev(t * devotion[t]), f"choosing {{{t}}}, your devotion to it being {devotion[t]}")
    elif p.mode == "one_type":
        for a in amounts:
            for t in p.choices:
                put(ev(t * a), f"choosing {{{t}}}")
    elif p.mode == "options":
        for option in p.options:
            put(tuple(n * mult for n in ev(option)), "choosing " + ev_text(ev(option)))
    elif p.mode == "combination":
        for a in amounts:
            for combo in combinations_with_replacement(p.choices, a):
                put(ev(combo), "choosing " + ev_text(ev(combo)))
    elif p.mode == "chosen_color":
        color = o.choice("color")
        if color is not None:
            for a in amounts:
                put(ev(color * a), f"the chosen color {{{color}}}")
    elif p.mode == "color_of":
        for q in state.battlefield():
            if matches(p.color_of, chars[q.id], q, o.controller, o):
                for c in sorted(chars[q.id].colors):
                    put(ev(c), f"{{{c}}}, a color of {q.name} ({q.id})")
    elif p.mode == "colors_among":
        # 105.2: one mana of each color among the permanents it names as it resolves (none if all are colorless)
        assert p.color_of is not None   # read with the permanents it names (vocab.phrases)
        colors = {c for q in state.battlefield() if matches(p.color_of, chars[q.id], q, o.controller, o)
                  for c in chars[q.id].colors}
        put(ev("".join(c for c in COLORS if c in colors)), "one mana of each color among " + p.color_of.describe())
    elif p.mode == "color_of_card":
        # Cards off the battlefield have their printed colors unless an effect changes them; such effects
        # (Celestial Dawn's second sentence) are not modelled, so their presence makes this unsupported.
        _no_unread_colors_off_battlefield(state, chars)
        for q in state.in_zone(o.controller, p.card_zone):
            for c in sorted(current(state, q.id).colors):
                put(ev(c), f"{{{c}}}, a color of {q.name} in {o.controller}'s {p.card_zone}")
    elif p.mode == "reflect":
        if p.reflect_sacrificed and sacrificed:
            lands = [sacrificed]
        elif reflects is not None:
            lands = reflects
        elif p.reflect_sacrificed:
            lands = [q.id for q in state.battlefield(o.controller) if "Land" in chars[q.id].types]
        else:
            lands = [q.id for q in state.battlefield() if matches(p.reflect, chars[q.id], q, o.controller, o)]
        # Each type once, named by the first land that could produce it (the lands' order is the board's).
        seen: set[str] = set()
        for q in lands:
            new = reflected(q) - seen
            if not new:
                continue
            seen |= new
            for t in sorted(new, key=TYPES.index):
                if p.reflect_colors_only and t not in COLORS:
                    continue
                put(ev(t), f"{{{t}}}, a type that {state.obj(q).name} ({q}) could produce")
    elif p.mode == "double_pool":
        if pool is None:
            pool = ev(m.type for m in state.player(o.controller).mana_pool)
        put(pool, "doubling the unspent mana " + ev_text(pool))
    else:
        raise Unsupported(f"mana production {ability.text()!r} is not modelled")
    return list(out.items())


def _x_probe(state) -> list[int]:
    """X values that show every type an X ability can make with costs ignored (106.7): replacement effects
    depend on the amount only through thresholds (``min_amount``), so 1..max threshold suffice."""
    top = 2
    for e in effects_in_force(state, MANA_REPLACEMENT_KINDS):
        top = max(top, e.static.arg("min_amount") or 0)
    return list(range(1, top + 1))


# ---------------------------------------------------------------------------------- replacement effects

def candidate_replacements(state, oid: str, ability: Ability, activator: str) -> tuple[ActiveEffect, ...]:
    """The replacement effects that could modify this ability's mana production event (CR 106.12b): only
    when the ability taps its permanent for mana, the permanent fits the effect, and (``tapped_by: you``)
    the activating player controls the effect. Conditions on the event itself are checked per event."""
    if not taps(ability):
        return ()
    chars = compute_all(state)
    o = state.obj(oid)
    out = []
    for e in effects_in_force(state, MANA_REPLACEMENT_KINDS):
        if e.static.arg("tapped_by") == "you" and activator != e.controller:
            continue
        sel = e.static.affects
        if sel is not None and not matches(sel, chars[oid], o, e.controller, None):
            continue
        if e.static.kind == "mana_change_type" and e.static.arg("to") == "chosen" and e.choice("color") is None:
            continue  # no color chosen: the effect has not been created (Hall of Gemstone before its trigger)
        out.append(e)
    return tuple(out)


@dataclass(frozen=True)
class Replacement:
    """What one replacement effect does to the mana production events of one permanent (614.1a), as far as
    the order of effects is concerned: effects with equal ``Replacement`` values are interchangeable in every
    order (616.1), whatever their sources.

    ``op``: ``multiply`` (each count times ``factor``); ``set_type`` (all the mana becomes one of ``types``,
    the same amount); ``set_colored`` (the colored mana becomes one of ``types``, colorless mana stays);
    ``replace`` (the event becomes exactly ``mana``, when it has at least ``min_amount`` mana). A choice among
    several ``types`` is the affected player's (616.1: the choice is made as the effect applies)."""

    op: str
    factor: int = 1
    types: tuple[str, ...] = ()
    mana: Event = ZERO
    min_amount: int = 1

    def applies(self, event: Event) -> bool:
        """106.12b: it modifies an event that produces mana; and its own condition on the event."""
        total = sum(event)
        if total == 0:
            return False
        if self.op == "replace":
            return total >= self.min_amount
        if self.op == "set_colored":
            return total > event[5]
        return True

    def outcomes(self, event: Event) -> list[tuple[Event, str]]:
        """Every event it can turn ``event`` into, each with the choice made ("" when there is none)."""
        if self.op == "multiply":
            return [(tuple(n * self.factor for n in event), "")]
        if self.op == "replace":
            return [(self.mana, "")]
        amount = sum(event) if self.op == "set_type" else sum(event[:5])
        keep = event[5] if self.op == "set_colored" else 0
        out = []
        for t in self.types:
            c = [0, 0, 0, 0, 0, keep]
            c[_IDX[t]] += amount
            out.append((tuple(c), f"choosing {{{t}}}" if len(self.types) > 1 else ""))
        return out

    def commutes_with(self, other: "Replacement") -> bool:
        """Either order of the two gives the same events, and neither changes whether the other applies, on
        every event: so one order of them is enough (616.1). A multiplication commutes with every effect that
        scales with the amount (``set_type``, ``set_colored``, another multiplication): those map k times an
        event to k times its result, and whether they apply depends only on which types are present. It does
        not commute with ``replace`` (a fixed amount, maybe with a threshold the multiplication crosses)."""
        if self == other:
            return True
        scaling = ("multiply", "set_type", "set_colored")
        return "multiply" in (self.op, other.op) and self.op in scaling and other.op in scaling


def _replace_all(e: ActiveEffect, subtypes: tuple) -> Replacement:
    return Replacement("replace", mana=ev(t for t in e.static.arg("mana") if t in _IDX),
                       min_amount=e.static.arg("min_amount") or 1)


def _multiply(e: ActiveEffect, subtypes: tuple) -> Replacement:
    return Replacement("multiply", factor=e.static.arg("factor"))


def _change_type(e: ActiveEffect, subtypes: tuple) -> Replacement:
    to = e.static.arg("to")
    chosen = e.choice("color")
    if to == "chosen" and chosen is None:
        raise Unsupported(f"{e.describe()}: the color chosen for it is not known")
    types = (chosen,) if chosen is not None and to == "chosen" else tuple(COLORS) if to == "any_color" else (to,)
    return Replacement("set_colored" if e.static.arg("colored_only") else "set_type", types=types)


def _by_land_type(e: ActiveEffect, subtypes: tuple) -> Replacement | None:
    m = dict(e.static.arg("map"))
    colors = tuple(sorted({m[t] for t in subtypes if t in m}, key=TYPES.index))
    return Replacement("set_type", types=colors) if colors else None


#: The replacement effects on mana production (the mana consumer of ``vocab.words``, 614.1a): word -> what
#: the effect does to a permanent's mana production events, given the permanent's subtypes (None: it never
#: applies to that permanent's events).
REPLACEMENTS: dict[str, Callable[[ActiveEffect, tuple], "Replacement | None"]] = {
    "mana_replace_all": _replace_all,
    "mana_change_type": _change_type,
    "mana_by_land_type": _by_land_type,
    "mana_multiply": _multiply,
}
MANA_REPLACEMENT_KINDS = tuple(REPLACEMENTS)


def behaviour(e: ActiveEffect, subtypes: tuple) -> Replacement | None:
    """What the effect does to the mana production events of a permanent with these subtypes."""
    return REPLACEMENTS[e.static.kind](e, subtypes)


def _applicable(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    """106.12b: a replacement effect modifies an event that produces mana; and its own condition."""
    b = behaviour(e, subtypes)
    return b is not None and b.applies(event)


def _apply(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    b = behaviour(e, subtypes)
    assert b is not None    # applied only where ``_applicable`` holds, which needs it
    return b.outcomes(event)


#: One step of an order: (the effect applied, the choice made for it, the event after it).
OrderStep = tuple

#: The most distinct (event, effects not yet applied) states one search over orders may visit; past it the
#: answer is `unsupported`, naming the bound (never a hang).
MAX_ORDER_STATES = 200_000


@lru_cache(maxsize=4096)
def replacement_outcomes(event: Event, candidates: tuple[ActiveEffect, ...], subtypes: tuple) -> dict:
    """Every distinct final event reachable by applying the candidate replacement effects in every order
    the affected player may choose (CR 616.1e-f): after each, only effects still applicable to the modified
    event remain; each applies at most once (614.5). Returns {final event: an order reaching it}.

    The search is over what differs, not over permutations. Effects that do the same (``Replacement``) are
    interchangeable, so a state is the event and how many of each kind are not yet applied: k copies cost
    k+1 states, not 2^k. When an applicable effect commutes with every effect not yet applied
    (``Replacement.commutes_with``), it is applied first and alone: any complete order can be rearranged to
    begin with it, giving the same final event (it stays applicable, and moving it changes neither whether
    the others apply nor what they give). Multiplications commute with every effect but ``replace``, so
    between two replacements (or before the first, or after the last) they can all go first: a state also
    says whether another effect has been applied since the last replacement (``settled``), and then no
    multiplication may follow before the next one (a state left with a multiplication it may not apply is
    no end). Effects that set the type count only as present or not once no effect on colored mana alone is
    left (``normal``). The search walks the reachable states once each, forwards; its ends are the final
    events. Raises SearchBound past ``MAX_ORDER_STATES`` states."""
    kinds: dict[Replacement, list[ActiveEffect]] = {}
    for e in candidates:
        b = behaviour(e, subtypes)
        if b is not None:
            kinds.setdefault(b, []).append(e)
    rep = list(kinds)
    members = list(kinds.values())
    n = len(rep)
    full = tuple(len(m) for m in members)
    if not any(r.op == "set_colored" for r in rep):
        return _orders_by_amounts(event, rep, members, len(candidates))
    free = [[j for j in range(n) if not rep[i].commutes_with(rep[j])] for i in range(n)]
    sets_type = [i for i in range(n) if rep[i].op == "set_type"]
    sets_colored = [i for i in range(n) if rep[i].op == "set_colored"]

    def normal(left: tuple) -> tuple:
        """With no set_colored effect left, how many copies of a set_type effect are left no longer matters,
        only whether one is: every copy applies (it always can), what it does is undone by the next effect
        that sets the type, and it changes neither the amount nor whether any other effect applies, so the
        copies before its last can as well be applied right after it (the witness puts them there)."""
        if any(left[j] for j in sets_colored) or not any(left[j] > 1 for j in sets_type):
            return left
        return tuple(min(c, 1) if i in sets_type else c for i, c in enumerate(left))

    multiplies = [i for i in range(n) if rep[i].op == "multiply"]

    def moves(key) -> list:
        cur, left, settled = key
        appl = [i for i in range(n) if left[i] and rep[i].applies(cur) and not (settled and i in multiplies)]
        # (Multiplications first: going first alone must agree with their going first in a run.)
        for i in sorted(appl, key=lambda i: i not in multiplies):
            if all(not left[j] for j in free[i]):
                appl = [i]
                break
        out = []
        for i in appl:
            rest = normal(left[:i] + (left[i] - 1,) + left[i + 1:])
            now = rep[i].op not in ("multiply", "replace") or (settled and rep[i].op != "replace")
            for nxt, choice in rep[i].outcomes(cur):
                out.append((i, choice, (nxt, rest, now)))
        return out

    # Every state reachable from the event, each once (depth first, without recursion: thousands of copies
    # make deep orders); the ends are the final events.
    root = (event, normal(full), False)
    parent: dict = {root: None}
    ends: dict = {}
    stack = [root]
    while stack:
        deadline.check("ordering replacement effects (616.1)")
        key = stack.pop()
        mv = moves(key)
        if not mv:
            if not any(key[1][j] for j in multiplies):
                ends.setdefault(key[0], key)
            continue
        for i, choice, child in mv:
            if child not in parent:
                parent[child] = (key, i, choice)
                stack.append(child)
        if len(parent) > MAX_ORDER_STATES:
            raise SearchBound(f"the orders of {len(candidates)} replacement effects on one mana production event "
                              f"reached the bound of {MAX_ORDER_STATES} distinct states (616.1)")
    out: dict = {}
    for fin, end in ends.items():
        path = []
        key = end
        while parent[key] is not None:
            before, i, choice = parent[key]
            path.append((before, i, choice, key))
            key = before
        order = []
        used = [0] * n
        later = [f - r for f, r in zip(full, root[1])]     # copies left out by ``normal``, applied after their kind
        for before, i, choice, child in reversed(path):
            for _ in range(1 + later[i]):
                order.append((members[i][used[i]], choice, child[0]))
                used[i] += 1
            later[i] = 0
            expected = before[1][:i] + (before[1][i] - 1,) + before[1][i + 1:]
            later = [x + e - c for x, e, c in zip(later, expected, child[1])]
        out[fin] = tuple(order)
    return out


def _orders_by_amounts(event: Event, rep: list, members: list, how_many: int) -> dict:
    """``replacement_outcomes`` when no effect changes colored mana alone: then which type the mana has
    never decides whether an effect applies (only ``replace``'s threshold on the amount does), so the
    search is over amounts, and types are settled at the end.

    * Effects that set the type change neither the amount nor whether any other effect applies: each can go
      anywhere. The final type is that of the last effect that sets it, or of the last replacement's mana
      (all the others applied before that replacement), or of the event itself when neither applies.
    * Between two replacements (or after the last), multiplications commute with everything left, so a
      run is: some multiplications, then a replacement, when the amount reaches its threshold. Those before
      a replacement are spent for nothing but reaching it; those after the last one multiply the result.
    * A state: the mana the last replacement made (or the event), the multiplications and replacements
      left, the amount since then (only up to the highest threshold matters) and whether a run starts
      here. A run start may end the search, all multiplications left then applied, when no replacement
      left can apply to the amount that makes.

    Each state once: about (replacements + 1) x (multiplications left, counted by kind) states, not the
    orders. The witness orders: effects that set the type first, the runs, the last multiplications, and
    the effect whose type is kept (if one is) last."""
    n = len(rep)
    full = tuple(len(m) for m in members)
    mult = [i for i in range(n) if rep[i].op == "multiply"]
    repl = [i for i in range(n) if rep[i].op == "replace"]
    types = [i for i in range(n) if rep[i].op == "set_type"]
    top = max([rep[i].min_amount for i in repl], default=1)
    bases = {-1: event, **{i: rep[i].mana for i in repl}}

    def cap(x: int) -> int:
        return x if x < top else top

    # state: (base, counts of multiplications and replacements left, amount since the base (capped), run start)
    root = (-1, full, cap(sum(event)), True)
    parent: dict = {root: None}
    ends: dict = {}
    stack = [root]
    while stack:
        deadline.check("ordering replacement effects (616.1)")
        key = stack.pop()
        base, left, amount, start = key
        if start:
            scale = 1
            for i in mult:
                scale *= rep[i].factor ** left[i]
            final_amount = sum(bases[base]) * scale
            if all(not left[i] or final_amount < rep[i].min_amount for i in repl):
                finals: list[tuple[tuple, str | None]] = []     # (how, the type set; None: the base types)
                if types:
                    finals += [(("set", i, c), c) for i in types for c in rep[i].types]
                if base != -1 or not types:
                    finals.append((("base",), None))
                for how, c in finals:
                    if c is None:
                        fin = tuple(x * scale for x in bases[base])
                    else:
                        one = [0] * 6
                        one[_IDX[c]] = final_amount
                        fin = tuple(one)
                    if fin not in ends:
                        ends[fin] = (key, how)
        for i in mult:
            if left[i]:
                child = (base, left[:i] + (left[i] - 1,) + left[i + 1:], cap(amount * rep[i].factor), False)
                if child not in parent:
                    parent[child] = (key, i)
                    stack.append(child)
        for i in repl:
            if left[i] and amount >= rep[i].min_amount:
                child = (i, left[:i] + (left[i] - 1,) + left[i + 1:], cap(sum(rep[i].mana)), True)
                if child not in parent:
                    parent[child] = (key, i)
                    stack.append(child)
        if len(parent) > MAX_ORDER_STATES:
            raise SearchBound(f"the orders of {how_many} replacement effects on one mana production event "
                              f"reached the bound of {MAX_ORDER_STATES} distinct states (616.1)")
    out: dict = {}
    for fin, (end, how) in ends.items():
        steps = []
        key = end
        while parent[key] is not None:
            key, i = parent[key]
            steps.append(i)
        steps.reverse()
        kept = how[1] if how[0] == "set" else None
        seq = [(i, rep[i].types[0]) for i in types if i != kept for _ in range(full[i])]
        seq += [(i, None) for i in steps]
        seq += [(i, None) for i in mult for _ in range(end[1][i])]
        if kept is not None:
            seq += [(kept, how[2])] * full[kept]
        order = []
        used = [0] * n
        cur = event
        for i, c in seq:
            outs = rep[i].outcomes(cur)
            nxt, choice = next((e, w) for e, w in outs if c is None or e[_IDX[c]] > 0)
            order.append((members[i][used[i]], choice, nxt))
            used[i] += 1
            cur = nxt
        assert cur == fin, (cur, fin)
        out[fin] = tuple(order)
    return out


# ---------------------------------------------------------------------------------- triggered mana

def mana_triggers(state) -> list[tuple]:
    """Triggered mana abilities on the battlefield: (source object, ability). Unmodelled triggered
    abilities that may concern mana make mana questions that depend on them unsupported."""
    key = "mana_triggers"
    if key in state._cache:
        return state._cache[key]
    chars = compute_all(state)
    out = []
    for o in state.battlefield():
        for a in chars[o.id].abilities:
            if a.is_triggered_mana_ability:
                out.append((o, a))
            elif a.kind == "unmodelled" and a.unmodelled_kind == "triggered" and a.may_concern("mana"):
                out.append((o, a))
    state._cache[key] = out
    return out


#: What triggered mana abilities add, by the permanent whose ability adds it (106.3: that permanent is the
#: mana's source): sorted (source id, event) pairs.
Additions = tuple


def added_total(adds: Additions) -> Event:
    """All the mana the triggered abilities add, whatever their sources."""
    total = ZERO
    for _, e in adds:
        total = ev_add(total, e)
    return total


def _with(adds: Additions, src: str, e: Event) -> Additions:
    d = dict(adds)
    d[src] = ev_add(d.get(src, ZERO), e)
    return tuple(sorted(d.items()))


def trigger_additions(state, oid: str, ability: Ability, activator: str, final: Event) -> list[tuple[Additions, str]]:
    """What triggered mana abilities add when this ability resolves producing ``final`` (CR 605.1b,
    605.4a, 106.12a: they trigger only on mana actually produced). Each entry of the result is one way the
    choices go: the mana added by each triggered ability's source, and a description; [((), "")] when
    nothing triggers."""
    if sum(final) == 0:
        return [((), "")]
    chars = compute_all(state)
    perm = chars[oid]
    ways: list[tuple[Additions, str]] = [((), "")]
    groups: dict[tuple, list] = {}
    for src, a in mana_triggers(state):
        if a.kind == "unmodelled":
            raise Unsupported(f"{src.name} ({src.id}) has a triggered ability the model cannot represent: {a.source_text!r}")
        t = a.mana_trigger
        if t.by == "you" and activator != src.controller:
            continue
        if t.event == "tapped_for_mana":
            if not taps(ability):
                continue
            if t.of == "land" and "Land" not in perm.types:
                continue
            if t.of == "enchanted" and (src.attached_to != oid or (t.enchanted_is and t.enchanted_is not in perm.subtypes)):
                continue
        elif t.event == "adds_chosen_color":
            color = src.choice("color")
            if "Land" not in perm.types or color is None or final[_IDX[color]] == 0:
                continue
        adds: list[tuple[Event, str]] = []
        if t.add.mode == "fixed":
            adds = [(ev(t.add.fixed), "")]
        elif t.add.mode == "chosen_color":
            color = src.choice("color")
            adds = [(ev(color * t.add.amount), "")] if color else []   # 106.5: no chosen color, no mana
        elif t.add.mode == "produced_type":
            adds = [(ev(x), f"choosing {{{x}}}") for x in sorted(ev_types(final), key=TYPES.index)]
        if adds:
            # what a payment reads of a source of mana: its snow supertype (106.3, 107.4h)
            key = (src.name, t, tuple(adds), "Snow" in chars[src.id].supertypes)
            groups.setdefault(key, []).append(src)
    for (name, _, adds, _), sources in groups.items():
        # Interchangeable sources' choices matter only as a multiset: each multiset of choices is given once,
        # in order over the sources (k identical triggers with c choices: C(c+k-1, k) ways, not c^k).
        chosen = []
        for combo in combinations_with_replacement(range(len(adds)), len(sources)):
            deadline.check("the choices of triggered mana abilities (605.1b)")
            chosen.append(combo)
        new = []
        for w, wd in ways:
            for combo in chosen:
                deadline.check("the choices of triggered mana abilities (605.1b)")
                way, text = w, wd
                for src, c in zip(sources, combo):
                    x, xd = adds[c]
                    way = _with(way, src.id, x)
                    text = f"{text}; {name} ({src.id}) triggers (605.1b): +{ev_text(x)}{' ' + xd if xd else ''}"
                new.append((way, text.lstrip("; ")))
        ways = new
    return ways
