"""Declaring attackers (508.1) and blockers (509.1): which declarations are legal, each rule written once for the
question kinds (``can-attack``, ``can-block``) and the engine's ``attack`` and ``block`` actions.

A declaration is legal when it breaks no restriction (508.1a-c, 509.1a-b: untapped, 302.6 and haste, defender,
"can't attack", flying and reach, menace, protection, landwalk, fear, intimidate, shadow, horsemanship, skulk,
"can't be blocked by"/"except by" a quality, "can block only", how many creatures may block one, "can't attack or
block alone" (506.5), "can't block", how many creatures a blocker may block) and
obeys as many requirements (508.1d, 509.1c: "attacks each combat if able", "blocks each combat if able", "must
be blocked if able", Lure's "all creatures able to block it do so") as any declaration that breaks no
restriction. That maximum is found by a branch-and-bound search over every creature's choices (``best``); the
search was measured against python-constraint on a board of ten attackers and ten blockers
(``bench/bench_combat_declarations.py``) and is the faster.

Costs to attack (508.1g-j: Ghostly Prison, Propaganda, Norn's Annex) are added up for the whole declaration
(508.1h), and the declaration is legal only if the active player can pay that total once its attackers are
tapped (508.1f), as the one payment model decides (``legality.can_pay``: mana abilities and life, 508.1i-j);
no requirement obliges anyone to pay one (508.1d), so the most requirements are counted over declarations that
pay none.

What the model does not read and could concern declaring (an unmodelled static line of combat scope, a cost to
attack it does not read such as Sphere of Safety's X, a keyword of combat it does not perform) makes the answer
`unsupported`, naming it."""
from __future__ import annotations

import math
import re
from dataclasses import field, replace
from itertools import combinations
from typing import Mapping, Sequence

from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.explain import Answer, Step, step
from mtgjudge.model.mana import Symbol, format_cost, parse_cost
from mtgjudge.model.payment.answers import can_pay
from mtgjudge.model.objects import GameObject, undefined_card
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.combat import lines, record
from mtgjudge.model.rules.guards import guard_scope, power_now, require_modelled_elsewhere
from mtgjudge.model.rules.in_force import exiles_until_source_leaves, lasting_effects
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.layers import CONDITIONAL_WORDS, condition_holds, current
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.rules.protection import has_it, protected_from, why as protection_why
from mtgjudge.model.rules.timing import summoning_sick
from mtgjudge.model.state import EffectInForce, GameState, PTChange
from mtgjudge.model.vocab.abilities import Ability, StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.lazy_dataclass import dataclass

#: Keywords whose rules are about declaring and that this model performs (702.3, 702.9, 702.10, 702.17, 702.20,
#: 702.111; protection's blocking part, 702.16f, is ``rules.protection``'s); the other combat keywords are
#: performed in combat damage (first strike, trample, ...) or not at all.
READ_KEYWORDS = ("Flying", "Reach", "Defender", "Vigilance", "Haste", "Menace")
#: The evasion keywords this model performs for blocking, as a fact of ``lines.CombatLine`` and its rule: a keyword
#: ability the compiler gives (a grant) and the keyword's line read by ``lines.read`` are one fact.
EVASION_KEYWORDS = {"Fear": ("fear", "702.36b"), "Intimidate": ("intimidate", "702.13b"),
                    "Shadow": ("shadow", "702.28b"), "Horsemanship": ("horsemanship", "702.31b"),
                    "Skulk": ("skulk", "702.118b")}
#: Landwalk keywords (702.14c) this model performs, by the land type each names.
LANDWALK = {"Plainswalk": "Plains", "Islandwalk": "Island", "Swampwalk": "Swamp", "Mountainwalk": "Mountain",
            "Forestwalk": "Forest"}
#: 702.98a: "This permanent can't block as long as it has a +1/+1 counter on it" (its other ability, entering with a
#: counter, is the engine's: ``engine.unleash``).
UNLEASH = "Unleash"
#: Keywords of attacking in bands (702.22c): the bands declared with the attackers are not in the state, so
#: blocking an attacker with one beside another attacker is unsupported (``_guard_bands``).
BAND_KEYWORDS = ("Banding",)
#: Static words of combat whose rules are those of combat damage only (615.1: a prevention effect applies as damage
#: would be dealt, 510.2; 510.1c-d: a way its combat damage may be assigned): declaring (508.1, 509.1) reads nothing
#: of them.
DAMAGE_WORDS = ("prevent_damage_to_self", "damage_unpreventable", "prevent_and_remove_counter",
                record.AS_THOUGH_UNBLOCKED)
#: The static words declaring implements (the engine's, ``vocab.words``): a creature's restrictions and
#: requirements of declaring (``combat.record``).
DECLARING_WORDS = (record.NAME,)
#: The rules that an "until end of turn" effect adds for its object (``state.PTChange.rules``), as facts.
_EFFECT_RULES = {"can't block": "cant_block", "can't be blocked": "cant_be_blocked", "attacks if able": "must_attack",
                 "all creatures able to block it do so": "lure", "must be blocked if able": "must_be_blocked",
                 "can't attack": "cant_attack", "blocks if able": "must_block"}
#: How many choices each search considered, newest last (read by the benchmark; bounded by the search's callers).
SEARCHED: list[int] = []
#: How many creatures "any number" lets a creature block: more than there can be attackers in a question.
ANY_NUMBER = 10 ** 6


@dataclass
class Creature:
    """What declaring knows of one creature on the battlefield."""

    id: str
    name: str
    controller: str
    tapped: bool
    sick: bool                   # 302.6: a creature not controlled continuously since its controller's turn began,
                                 # without haste (702.10c)
    keywords: set[str] = field(default_factory=set)
    colors: frozenset[str] = frozenset()
    #: fact -> the Step that says where it comes from (the line, or the effect in force)
    facts: dict[str, list[Step]] = field(default_factory=dict)
    attack_unless: list[tuple[str, Step]] = field(default_factory=list)
    extra_blocks: int = 0
    #: (fact, quality, why) of the lines about which creatures it can be blocked by or can block
    #: (``lines.CombatLine.quality``: ``not_blocked_by``, ``only_blocked_by``, ``blocks_only``, ``cant_block_those``)
    qualities: list[tuple[str, tuple, Step]] = field(default_factory=list)
    landwalk: list[tuple[str, Step]] = field(default_factory=list)     # land types (702.14c)
    min_blockers: list[tuple[int, Step]] = field(default_factory=list)
    #: (attacker, why) of the effects that say it blocks that attacker this combat if able (509.1c; provoke, 702.39a)
    blocks_if_able: list[tuple[str, Step]] = field(default_factory=list)
    max_blockers: list[tuple[int, Step]] = field(default_factory=list)
    #: (fact, line, why) of the lines whose condition is about the defending player (``lines.Condition.whose``):
    #: decided for each player or planeswalker attacked (``_conditional``)
    conditional: list[tuple[str, lines.CombatLine, Step]] = field(default_factory=list)

    def has(self, fact: str) -> bool:
        return bool(self.facts.get(fact))

    def why(self, fact: str) -> Step:
        return self.facts[fact][0]

    @property
    def capacity(self) -> int:
        """How many attackers it may block (509.1a: one, or more by its abilities)."""
        return 1 + self.extra_blocks


def _add(c: Creature, fact: str, s: Step) -> None:
    c.facts.setdefault(fact, []).append(s)


def creatures(state: GameState) -> dict[str, Creature]:
    """Every creature on the battlefield, with what declaring reads of it; raises Unsupported for text or effects
    in force that could concern declaring and that the model does not read."""
    cached = state._cache.get("combat_creatures")
    if cached is not None:
        return cached
    out: dict[str, Creature] = {}
    aura_lines: list[tuple[str, lines.CombatLine, Step]] = []
    group_lines: list[tuple[tuple, lines.CombatLine, Step, GameObject]] = []
    costs: list[AttackCost] = []
    for o in state.battlefield():
        if not o.card.modelled:
            raise Unsupported(undefined_card(o.card.name, o.id))
        ch = current(state, o.id)
        is_creature = "Creature" in ch.types
        # 302.6 with its haste (702.10c): the one rule of timing.summoning_sick
        c = Creature(o.id, o.name, o.controller, o.tapped, summoning_sick(state, o.id), colors=frozenset(ch.colors))
        for a in ch.abilities:
            if a.kind == "keyword":
                c.keywords.add(a.keyword)
                if a.keyword in EVASION_KEYWORDS:
                    fact, rule = EVASION_KEYWORDS[a.keyword]
                    _add(c, fact, step(rule, f"{o.name} has {a.keyword.lower()}"))
                elif a.keyword in LANDWALK:
                    c.landwalk.append((LANDWALK[a.keyword], step("702.14c", f"{o.name} has {a.keyword.lower()}")))
                elif a.keyword == UNLEASH and o.counter("+1/+1") > 0:
                    # 702.98a: the counters it has now, whoever put them (Gore-House Chainwalker ruling 2013-04-15);
                    # a creature already blocking keeps blocking (ruling 2013-04-15: nothing but declaring reads it)
                    _add(c, "cant_block", step("702.98a", f"{o.name} has unleash and a +1/+1 counter on it"))
                continue
            line: lines.CombatLine | None
            word = declaring_word(a)
            governed = word is not None and word is not a.static
            if word is not None:
                if governed and not condition_holds(a.static, state, o):    # type: ignore[arg-type]
                    continue        # 611.3a: its condition does not hold as the declaration is made
                line = lines.of_static(word)       # the word of a line read whole (``lines.declaring_static``)
            elif a.kind == "static" and a.static is not None and (a.static.word is None  # (no word: anything)
                                                                  or Scope.COMBAT in a.static.word.scopes) \
                    and a.static.kind not in DAMAGE_WORDS:
                raise Unsupported(f"{o.name} ({o.id}): {a.text()!r} is not read for declaring attackers and blockers")
            # declaring reads combat text, and the characteristics it depends on: types, colors, keywords (613)
            elif a.kind != "unmodelled" or a.unmodelled_kind != "static" or not (
                    a.may_concern(Scope.COMBAT) or a.may_concern(Scope.CHARACTERISTICS)) or not a.functions_in("battlefield"):
                continue
            else:
                line = lines.read(a.source_text, o.name)
                if line is not None and line.fact == "attack_cost":
                    # 508.1h: about the permanent's controller, whatever the permanent is
                    costs.append(AttackCost(o.controller, parse_cost(line.cost), line.planeswalkers,
                                            step(("508.1h",), f"{o.name} ({o.controller}): {a.source_text}")))
                    continue
                grouped = lines.group(a.source_text, o.name) if line is None else None
                if grouped is not None:
                    # 508.1c-d, 509.1b-c: the creatures the phrase names as the declaration is made, seen from its
                    # controller (who "you" is) and its source (what "other" excludes)
                    group_lines.append((grouped[0], grouped[1], step(grouped[1].rule, f"{o.name}: {a.source_text}"),
                                        o))
                    continue
            said = a.source_text or a.text()
            if line is None or (line.enchanted and o.attached_to is None) or (not line.enchanted and not is_creature):
                raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model that may apply when attackers "
                                  f"or blockers are declared: {said!r}")
            s = step((line.rule, "611.3a") if governed else line.rule, f"{o.name}: {said}")
            if line.condition is not None and line.condition.whose == "defending":
                c.conditional.append((line.fact, line, s))
                continue
            if line.condition is not None:
                # 508.1c, 509.1b: a restriction is checked as the declaration is made, on the board as it stands
                if holds(state, line.condition, o, o.controller) == line.unless:
                    continue
                line = replace(line, condition=None, unless=False)
            if line.fact == "keyword_case":
                _keyword_case(state, o, c, line, said)
            elif line.enchanted and o.attached_to is not None:     # (not attached: refused above)
                aura_lines.append((o.attached_to, line, s))
            else:
                _apply(c, line, s)
        if is_creature:
            out[o.id] = c
    for target, line, s in aura_lines:
        if target in out:
            _apply(out[target], line, s)
    for sels, line, s, src in group_lines:
        _guard_stats(state, sels, f"the creatures {src.name}'s line names")
        for cid, c in out.items():
            q = state.obj(cid)
            if any(matches(sel, current(state, cid), q, src.controller, src, state.turn.step) for sel in sels):
                _apply(c, line, s)
    for pc in state.in_force(PTChange):
        if pc.blocks and pc.object in out:
            out[pc.object].blocks_if_able.append((pc.blocks, step(("611.2a", "509.1c"), f"{out[pc.object].name} blocks "
                                                                 f"{pc.blocks} this combat if able ({pc.origin})")))
        for r in pc.rules:
            if pc.object in out and r in _EFFECT_RULES:
                _add(out[pc.object], _EFFECT_RULES[r], step("611.2a", f"{out[pc.object].name} {r} (an effect until "
                                                                     f"end of turn)"))
            elif pc.object in out:
                raise Unsupported(f"an effect in force says {out[pc.object].name} {r}: not read for declaring")
    for e in state.in_force(EffectInForce):
        if not e.card.modelled:
            raise Unsupported(f"the effect of {e.source_card} in force is not modelled and could concern combat")
        lasting = lasting_effects(e.card, e.face, e.ability)
        if not lasting and not exiles_until_source_leaves(e.card, e.face, e.ability):
            raise Unsupported(f"the effect of {e.source_card} in force is not modelled and could concern combat")
        for le in lasting:
            static = le.arg("static")
            if static is not None and (Scope.COMBAT in static.word.scopes):
                raise Unsupported(f"the effect of {e.source_card} in force ({static.text()!r}) is not read for "
                                  "declaring attackers and blockers")
    state._cache["combat_creatures"] = out
    state._cache["attack_costs"] = tuple(costs)
    return out


@dataclass(frozen=True)
class AttackCost:
    """A cost to attack (508.1h) of a static ability (Ghostly Prison, Propaganda): creatures can't attack
    ``player`` (with ``planeswalkers``: nor a planeswalker ``player`` controls) unless their controller pays
    ``cost`` for each of them."""

    player: str
    cost: tuple[Symbol, ...]
    planeswalkers: bool
    why: Step


def attack_costs(state: GameState) -> tuple[AttackCost, ...]:
    """Every cost to attack on the battlefield (read with the rest of declaring, ``creatures``)."""
    creatures(state)
    return state._cache["attack_costs"]


def costs_to_attack(state: GameState, oid: str, defender: str) -> list[AttackCost]:
    """The costs to attack that apply to ``oid`` attacking ``defender`` (a player or a planeswalker's id)."""
    player = defending_player(state, defender)
    return [c for c in attack_costs(state) if c.player == player and (defender == player or c.planeswalkers)]


def declaration_cost(state: GameState, decl: Mapping[str, str]) -> tuple[tuple[Symbol, ...], list[AttackCost]]:
    """508.1h: the total cost to attack of the declaration, locked in as it is determined: each cost once for
    each creature it applies to, several such abilities cumulative (Propaganda ruling 2004-10-04); and the
    abilities it comes from."""
    symbols: list[Symbol] = []
    used: list[AttackCost] = []
    for oid, defender in decl.items():
        for c in costs_to_attack(state, oid, defender):
            symbols += c.cost
            if c not in used:
                used.append(c)
    generic = sum(x.amount for x in symbols if x.kind == "generic")
    rest = tuple(x for x in symbols if x.kind != "generic")
    return ((Symbol("generic", amount=generic),) if generic else ()) + rest, used


def _attackers_tapped(state: GameState, decl: Mapping[str, str]) -> GameState:
    """508.1f before 508.1h-j: the attackers without vigilance are tapped before the cost is paid (so they can't
    tap for mana to pay it)."""
    cs = creatures(state)
    return state.evolve(objects=tuple(replace(o, tapped=True) if o.id in decl and "Vigilance" not in cs[o.id].keywords
                                      else o for o in state.objects))


def attack_payment(state: GameState, decl: Mapping[str, str]) -> tuple[TotalCost | None, Answer | None]:
    """The total cost to attack of ``decl`` (None when there is none) and whether the active player can pay it
    (508.1h-j: mana abilities may be activated, 508.1i; no partial payments), decided by the one payment model
    (``legality.can_pay``) as the attackers are tapped."""
    symbols, used = declaration_cost(state, decl)
    if not symbols:
        return None, None
    cost = TotalCost(symbols, purpose=Purpose("cost", label="the cost to attack"))
    return cost, can_pay(_attackers_tapped(state, decl), state.turn.active, cost)


def _keyword_case(state: GameState, o: GameObject, c: Creature, line: lines.CombatLine, text: str) -> None:
    """A keyword whose rules change nothing of declaring in the case its line names (``lines.CombatLine.case``);
    outside that case the answer is unsupported, naming the line."""
    case = line.case
    if case == "face_up" and o.face_down:
        raise Unsupported(f"{o.name} ({o.id}) is face down: {text!r} may turn it face up (702.37e)")
    if case == "unattached" and o.attached_to is not None:
        raise Unsupported(f"{o.name} ({o.id}) is attached: as a bestowed Aura ({text!r}, 702.103b) it is not read "
                          "for declaring")
    if case == "dash" and c.sick:
        # 702.109a: it has haste only if its dash cost was paid, which the state does not say; 302.6 asks
        raise Unsupported(f"{o.name} ({o.id}): {text!r} gives haste if its dash cost was paid (702.109a), which the "
                          "question does not say")


def _guard_stats(state: GameState, sels, what: str) -> None:
    """Selectors that read power or toughness ("creatures with power 2 or greater") read them after the layers and
    counters (613.4c): unmodelled text that may change them makes the answer unsupported."""
    if any(sel.stat is not None and sel.stat[0] in ("power", "toughness") for sel in sels):
        guard_scope(state, Scope.POWER_TOUGHNESS, what)


def holds(state: GameState, cond: lines.Condition, o: GameObject, player: str) -> bool:
    """Is the condition of a combat line of ``o`` true now (``player``: the player its "you" is, the line's
    controller or the defending player, ``lines.Condition.whose``)?"""
    if cond.kind == "cards":
        if cond.count is None:
            raise ValueError(f"the condition {cond.text!r} counts no cards")
        found = counts.value(state, player, cond.count, o)
    elif cond.kind == "counters":
        found = o.counter(cond.subtype)
    elif cond.kind == "attached":
        found = sum(1 for q in state.battlefield() if q.attached_to == o.id and cond.subtype in current(state, q.id).subtypes)
    else:
        _guard_stats(state, cond.selectors, f"the condition {cond.text!r} of {o.name}")
        found = sum(1 for q in state.battlefield()
                    if any(matches(sel, current(state, q.id), q, player, o, state.turn.step) for sel in cond.selectors))
    return found >= cond.n if cond.at_least else found <= cond.n


def _conditional(state: GameState, c: Creature, fact: str, defending: str) -> Step | None:
    """The line of ``c`` whose condition about the defending player ``defending`` makes ``fact`` hold, as a step
    saying so, or None."""
    o = state.obj(c.id)
    for f, line, s in c.conditional:
        if f == fact and line.condition is not None and holds(state, line.condition, o, defending) != line.unless:
            said = "does not hold" if line.unless else "holds"
            return step(s.rules, f"{s.text.rstrip('.')} (with {defending} the defending player, the condition {said})")
    return None


def _apply(c: Creature, line: lines.CombatLine, s: Step) -> None:
    if line.fact == "extra_blocks":
        c.extra_blocks = ANY_NUMBER if line.n < 0 or c.extra_blocks >= ANY_NUMBER else c.extra_blocks + line.n
    elif line.fact == "attack_unless":
        c.attack_unless.append((line.subtype, s))
    elif line.fact == "cant_attack_or_block":
        _add(c, "cant_attack", s)
        _add(c, "cant_block", s)
    elif line.fact == "cant_block_and_cant_be_blocked":
        _add(c, "cant_block", s)
        _add(c, "cant_be_blocked", s)
    elif line.fact == "must_attack_or_block":
        _add(c, "must_attack", s)
        _add(c, "must_block", s)
    elif line.fact == "cant_attack_or_block_alone":
        _add(c, "cant_attack_alone", s)
        _add(c, "cant_block_alone", s)
    elif line.fact in ("not_blocked_by", "only_blocked_by", "blocks_only", "cant_block_those"):
        c.qualities.append((line.fact, line.quality, s))
    elif line.fact == "cant_block_or_be_blocked_by":
        c.qualities.append(("not_blocked_by", line.quality, s))
        c.qualities.append(("cant_block_those", line.quality, s))
    elif line.fact == "min_blockers":
        c.min_blockers.append((line.n, s))
    elif line.fact == "max_blockers":
        c.max_blockers.append((line.n, s))
    else:
        _add(c, line.fact, s)


# --------------------------------------------------------------------------------------------- attackers

def defending_player(state: GameState, defender: str) -> str:
    """The player a creature attacking ``defender`` (a player, or a planeswalker's id) attacks (506.2:
    ``GameState.defending_player``)."""
    return state.defending_player(defender)


def attack_options(state: GameState, oid: str) -> list[str]:
    """What a creature of the active player could attack (508.1b): each opponent and each planeswalker an
    opponent controls. A battle makes the answer unsupported: who protects it (310.8) is not modelled."""
    active = state.turn.active
    out = [p for p in state.player_names if p != active]
    for o in state.battlefield():
        types = current(state, o.id).types
        if "Battle" in types:
            raise Unsupported(f"{o.name} ({o.id}) is a battle: who protects it, and so who may attack it (310.8, "
                              f"508.1b), is not modelled")
        if "Planeswalker" in types and o.controller != active:
            out.append(o.id)
    return out


def attack_restriction(state: GameState, oid: str, defender: str) -> Step | None:
    """The restriction (508.1a-c) that forbids ``oid`` to attack ``defender``, or None."""
    cs = creatures(state)
    o = state.obj(oid)
    if oid not in cs:
        return step("508.1a", f"{o.name} is not a creature on the battlefield: only creatures attack")
    c = cs[oid]
    if c.controller != state.turn.active:
        return step("508.1a", f"{c.name} is controlled by {c.controller}, not by the active player {state.turn.active}")
    if defender not in attack_options(state, oid):
        return step("508.1b", f"{c.name} can't attack {_name(state, defender)}: a creature attacks an opponent or a "
                              "planeswalker an opponent controls")
    if c.tapped:
        return step("508.1a", f"{c.name} is tapped: attacking creatures must be untapped")
    if c.sick:
        return step(("508.1a", "302.6"), f"{c.name} has not been under {c.controller}'s control continuously since "
                                         "their most recent turn began and has no haste")
    if "Defender" in c.keywords:
        return step("702.3b", f"{c.name} has defender: it can't attack")
    if c.has("cant_attack"):
        s = c.why("cant_attack")
        return step(_rules("508.1c", s), f"{s.text.rstrip('.')}: {c.name} can't attack")
    player = defending_player(state, defender)
    cond = _conditional(state, c, "cant_attack", player)
    if cond is not None:
        return step(_rules("508.1c", cond), f"{cond.text}: {c.name} can't attack {_name(state, defender)}")
    for subtype, s in c.attack_unless:
        if not any(subtype in current(state, p.id).subtypes for p in state.battlefield(player)):
            return step(_rules("508.1c", s), f"{s.text.rstrip('.')}: {player} controls no {subtype}")
    return None


def _rules(rule: str, s: Step) -> tuple[str, ...]:
    """``rule`` and the rules of the line ``s``, each once."""
    return tuple(dict.fromkeys((rule,) + s.rules))


def _name(state: GameState, ref: str) -> str:
    return ref if ref in state.player_names else state.obj(ref).name


def attack_requirements(state: GameState) -> list[tuple[str, Step]]:
    """508.1d: the requirements on the active player's creatures: (creature, why) for each "attacks if able"."""
    return [(c.id, s) for c in creatures(state).values() if c.controller == state.turn.active
            for s in c.facts.get("must_attack", ())]


def _attack_obeyed(reqs: list[tuple[str, Step]], decl: Mapping[str, str]) -> int:
    return sum(1 for oid, _ in reqs if oid in decl)


def check_attack(state: GameState, decl: Mapping[str, str]) -> Answer:
    """Is the declaration of attackers ``decl`` (attacker -> what it attacks; every other creature doesn't attack)
    legal? A ``no`` is the restriction it breaks, or the requirements it leaves unobeyed with a declaration that
    obeys more (508.1d)."""
    _guard_declaring(state, "attackers are declared")
    for oid, defender in decl.items():
        r = attack_restriction(state, oid, defender)
        if r is not None:
            return Answer(False, (r,))
    cost, paid = attack_payment(state, decl)
    if paid is not None and paid.value is not True:
        symbols, used = declaration_cost(state, decl)
        return Answer(False, tuple(c.why for c in used) + (
            step(("508.1h", "508.1j"), f"the total cost to attack ({format_cost(symbols)}) can't be paid: "
                                       f"{_show_attack(state, decl)} is not a legal declaration"),) + paid.why)
    r = _alone_violation(state, decl, "cant_attack_alone")
    if r is not None:
        return Answer(False, (r,))
    reqs = attack_requirements(state)
    # 508.1d: a cost to attack is never required to be paid: the most requirements are counted over declarations
    # that pay none
    domains = {c.id: [None] + [d for d in attack_options(state, c.id) if attack_restriction(state, c.id, d) is None
                               and not costs_to_attack(state, c.id, d)]
               for c in creatures(state).values() if c.controller == state.turn.active}
    best_n, best_decl = _best(list(domains), domains, lambda partial: _attack_obeyed(reqs, partial),
                              lambda oid, v: sum(1 for r in reqs if r[0] == oid) if v is not None else 0,
                              lambda d: _alone_violation(state, d, "cant_attack_alone") is None)
    ans = _judged(state, decl, _attack_obeyed(reqs, decl), best_n, best_decl, reqs, "508.1d",
                  lambda r, d: r[0] in d, _show_attack)
    if paid is None or ans.value is not True:
        return ans
    symbols, used = declaration_cost(state, decl)
    payment = (step(("508.1h", "508.1i", "508.1j"), f"the total cost to attack is {format_cost(symbols)} "
                                                    f"({', '.join(c.why.text for c in used)}); "
                                                    f"{state.turn.active} can pay it"),) + paid.why
    return replace(ans, why=ans.why + payment, witness={**ans.witness, "cost": format_cost(symbols),
                                                         "payment": paid.witness})


#: Words of a requirement to attack (508.1d: "attacks each combat if able", "must attack"): an unread line without
#: them is no requirement, and declaring no attackers breaks no restriction (508.1c restricts attacking creatures).
_ATTACK_REQUIREMENT = re.compile(r"\battacks?\b[^.]*\bif able\b|\bmust attack\b", re.I)


def declaring_no_attackers(state: GameState) -> Answer:
    """Is declaring no attackers legal (508.1c-d)? It breaks no restriction, so only requirements can forbid it:
    unread text that may be one makes it unsupported; with none, it is legal without reading the rest."""
    active = state.turn.active
    reqs = any(r == "attacks if able" for c in state.in_force(PTChange) for r in c.rules)
    for o in state.battlefield():
        for a in current(state, o.id).abilities:
            if a.kind == "unmodelled" and a.may_concern(Scope.COMBAT) and _ATTACK_REQUIREMENT.search(a.source_text):
                reqs = True
            word = declaring_word(a)
            if word is not None and word.arg("fact") in record.REQUIREMENTS:
                reqs = True         # (under a condition too: check_attack decides it)
    if not reqs or not any(c.controller == active for c in _creatures_or_none(state)):
        return Answer(True, (step(("508.1c", "508.1d"), "no creature attacks: no requirement to attack applies"),))
    return check_attack(state, {})


def declaring_word(a: Ability) -> StaticEffect | None:
    """The ``declaring_rule`` static that ``a`` is, by itself or governed by a condition ("As long as seven or more
    cards are in your graveyard, ~ can't block": ``as_long_as``, 611.3a); None for any other ability."""
    s = a.static if a.kind == "static" else None
    if s is not None and s.kind in CONDITIONAL_WORDS:
        s = s.arg("static")
    return s if s is not None and s.kind in DECLARING_WORDS else None


def _creatures_or_none(state: GameState):
    return [o for o in state.battlefield() if "Creature" in current(state, o.id).types]


def _show_attack(state: GameState, decl: Mapping[str, str]) -> str:
    if not decl:
        return "no creature attacks"
    return ", ".join(f"{state.obj(a).name} attacks {_name(state, d)}" for a, d in decl.items())


# --------------------------------------------------------------------------------------------- blockers

def block_restriction(state: GameState, bid: str, aid: str) -> Step | None:
    """The restriction (509.1a-b) that forbids ``bid`` to block ``aid`` (whatever else blocks), or None."""
    cs = creatures(state)
    b = state.obj(bid)
    if bid not in cs:
        return step("509.1a", f"{b.name} is not a creature on the battlefield: only creatures block")
    c = cs[bid]
    a_obj = state.obj(aid)
    if aid not in cs or a_obj.attacking is None:
        return step("509.1a", f"{a_obj.name} is not an attacking creature")
    a = cs[aid]
    defending = defending_player(state, a_obj.attacking)
    if c.controller != defending:
        return step("509.1a", f"{c.name} is controlled by {c.controller}; {a.name} attacks {_name(state, a_obj.attacking)}, "
                              f"so only {defending}'s creatures can block it")
    if c.tapped:
        return step("509.1a", f"{c.name} is tapped: blocking creatures must be untapped")
    if c.has("cant_block"):
        s = c.why("cant_block")
        return step(_rules("509.1b", s), f"{s.text.rstrip('.')}: {c.name} can't block")
    if a.has("cant_be_blocked"):
        s = a.why("cant_be_blocked")
        return step(_rules("509.1b", s), f"{s.text.rstrip('.')}: {a.name} can't be blocked")
    cond = _conditional(state, a, "cant_be_blocked", defending)
    if cond is not None:
        return step(_rules("509.1b", cond), f"{cond.text}: {a.name} can't be blocked")
    if "Flying" in a.keywords and not ({"Flying", "Reach"} & c.keywords):
        return step(("702.9b", "509.1b"), f"{a.name} has flying and {c.name} has neither flying nor reach")
    q = protected_from(state, aid, bid)
    if q is not None:
        return step(("702.16f", "509.1b"), f"{protection_why(state, aid, q)} and {has_it(state, bid, q)}: "
                                           f"{c.name} can't block {a.name}")
    return _evasion(state, c, a, defending)


def _has_keyword(c: Creature, keyword: str) -> bool:
    """Has the creature the keyword, as a keyword ability or as its line read by ``lines.read``?"""
    return keyword in c.keywords or c.has(keyword.lower())


def _is_artifact(state: GameState, c: Creature) -> bool:
    return "Artifact" in current(state, c.id).types


def _power(state: GameState, c: Creature) -> int:
    return power_now(state, c.id, f"the power of {c.name} matters to who may block")


def _has_quality(state: GameState, c: Creature, quality: tuple, other: Creature) -> bool:
    """Has ``c`` every part of ``quality`` (``lines.CombatLine.quality``)? ``other``: the creature of the line,
    whose power a comparison reads."""
    for part in quality:
        kind = part[0]
        if kind == "color":
            ok = part[1] in c.colors
        elif kind == "artifact":
            ok = _is_artifact(state, c)
        elif kind == "subtype":
            ok = part[1] in current(state, c.id).subtypes
        elif kind == "keyword":
            ok = any(_has_keyword(c, k) for k in part[1])
        elif kind == "power_at_most":
            ok = _power(state, c) <= part[1]
        elif kind == "power_at_least":
            ok = _power(state, c) >= part[1]
        elif kind == "power_less_than_its":
            ok = _power(state, c) < _power(state, other)
        elif kind == "power_greater_than_its":
            ok = _power(state, c) > _power(state, other)
        elif kind == "selector":
            # the phrase's "you" is the line's controller; its power words read the power now (613)
            o, source = state.obj(c.id), state.obj(other.id)
            _guard_stats(state, part[1], f"the power of {c.name} matters to who may block")
            ok = any(matches(sel, current(state, c.id), o, other.controller, source, state.turn.step) for sel in part[1])
        else:
            raise ValueError(f"no such quality: {part!r}")
        if not ok:
            return False
    return True


def _evasion(state: GameState, c: Creature, a: Creature, defending: str) -> Step | None:
    """The evasion ability or line (702.13-702.118, 509.1b) by which ``c`` can't block ``a``, or None."""
    for subtype, s in a.landwalk:
        if any("Land" in (ch := current(state, p.id)).types and subtype in ch.subtypes
               for p in state.battlefield(defending)):
            return step(_rules("509.1b", s), f"{s.text.rstrip('.')} and {defending} controls a land of type {subtype}: "
                                             f"{a.name} can't be blocked")
    if a.has("fear") and not (_is_artifact(state, c) or "B" in c.colors):
        return step(_rules("509.1b", a.why("fear")), f"{a.name} has fear and {c.name} is neither an artifact creature "
                                                   "nor black")
    if a.has("intimidate") and not (_is_artifact(state, c) or a.colors & c.colors):
        return step(_rules("509.1b", a.why("intimidate")), f"{a.name} has intimidate and {c.name} is neither an "
                                                         "artifact creature nor shares a color with it")
    shadow = _shadow(a, c)
    if shadow is not None:
        return shadow
    if _has_keyword(a, "Horsemanship") and not _has_keyword(c, "Horsemanship"):
        return step(("702.31b", "509.1b"), f"{a.name} has horsemanship and {c.name} doesn't")
    if a.has("skulk") and _power(state, c) > _power(state, a):
        return step(("702.118b", "509.1b"), f"{a.name} has skulk and {c.name} has greater power")
    for fact, quality, s in a.qualities:
        if (fact == "not_blocked_by" and _has_quality(state, c, quality, a)) or \
                (fact == "only_blocked_by" and not _has_quality(state, c, quality, a)):
            return step(_rules("509.1b", s), f"{s.text.rstrip('.')}: {c.name} can't block {a.name}")
    for fact, quality, s in c.qualities:
        if (fact == "blocks_only" and not _has_quality(state, a, quality, c)) or \
                (fact == "cant_block_those" and _has_quality(state, a, quality, c)):
            return step(_rules("509.1b", s), f"{s.text.rstrip('.')}: {c.name} can't block {a.name}")
    return None


def _shadow(a: Creature, c: Creature) -> Step | None:
    """702.28b: a creature with shadow can't be blocked by creatures without shadow, and one with shadow can block
    only creatures with shadow; as ``c``'s line says, it blocks ``a`` as though it had shadow (``blocks_shadow``)
    or as though ``a`` didn't (``blocks_shadow_ignoring``: with shadow of its own it then blocks nothing, Aetherflame
    Wall ruling 2006-09-25)."""
    a_has, c_has = _has_keyword(a, "Shadow"), _has_keyword(c, "Shadow")
    a_seen = a_has and not c.has("blocks_shadow_ignoring")
    c_seen = c_has or (a_has and c.has("blocks_shadow"))
    if a_seen == c_seen:
        return None
    if a_seen:
        return step(("702.28b", "509.1b"), f"{a.name} has shadow and {c.name} doesn't: {c.name} can't block {a.name}")
    if a_has:
        s = c.why("blocks_shadow_ignoring")
        return step(_rules("702.28b", s), f"{s.text.rstrip('.')}, and {c.name} has shadow: {c.name} can't block "
                                          f"{a.name}")
    return step(("702.28b", "509.1b"), f"{c.name} has shadow and {a.name} doesn't: {c.name} can't block {a.name}")


def _menace(a: Creature) -> Step | None:
    if "Menace" in a.keywords:
        return step(("702.111b", "509.1b"), f"{a.name} has menace: it can't be blocked except by two or more creatures")
    if a.has("menace"):
        s = a.why("menace")
        return step(_rules("509.1b", s), s.text)
    return None


def _blockers_bounds(a: Creature) -> tuple[int, Step | None, int, Step | None]:
    """How many creatures may block ``a`` if any does (509.1b): at least (menace, "except by three or more") and at
    most ("by more than one"), each with the line that says so (None: no bound)."""
    least, least_why = 1, None
    m = _menace(a)
    if m is not None:
        least, least_why = 2, m
    for n, s in a.min_blockers:
        if n > least:
            least, least_why = n, step(_rules("509.1b", s), s.text)
    most, most_why = ANY_NUMBER, None
    for n, s in a.max_blockers:
        if n < most:
            most, most_why = n, step(_rules("509.1b", s), s.text)
    return least, least_why, most, most_why


def _count_violation(state: GameState, decl: Mapping[str, tuple[str, ...]], bounded: list[str]) -> Step | None:
    """The bound on how many creatures block an attacker (``_blockers_bounds``) that ``decl`` breaks, or None;
    ``bounded``: the attackers that have one."""
    cs = creatures(state)
    for aid in bounded:
        n = _blocks_of(decl, aid)
        if not n:
            continue
        least, least_why, most, most_why = _blockers_bounds(cs[aid])
        if n < least:
            return least_why
        if n > most:
            return most_why
    return None


def _alone_violation(state: GameState, decl: Mapping[str, object], fact: str) -> Step | None:
    """506.5: a creature that "can't attack alone" ("can't block alone", ``fact``) declared as the only attacker
    (blocker)."""
    if len(decl) != 1:
        return None
    (oid,) = decl
    c = creatures(state).get(oid)
    if c is not None and c.has(fact):
        s = c.why(fact)
        return step(_rules("506.5", s), f"{s.text.rstrip('.')}: {c.name} is the only creature declared")
    return None


def attackers(state: GameState) -> list[str]:
    """The attacking creatures, in the state's order."""
    return [o.id for o in state.battlefield() if o.attacking is not None]


def potential_blockers(state: GameState) -> list[str]:
    """The creatures of the players attacked (509.1a: each defending player's)."""
    defending = {defending_player(state, d) for a in attackers(state) if (d := state.obj(a).attacking) is not None}
    return [c.id for c in creatures(state).values() if c.controller in defending]


@dataclass(frozen=True)
class BlockRequirement:
    """One requirement on blocks (509.1c): ``blocker`` blocks (``attacker`` empty: anything; else that attacker),
    or ``attacker`` is blocked (``blocker`` empty)."""

    blocker: str
    attacker: str
    why: Step

    def obeyed(self, decl: Mapping[str, tuple[str, ...]]) -> bool:
        if not self.blocker:
            return any(self.attacker in v for v in decl.values())
        got = decl.get(self.blocker, ())
        return bool(got) if not self.attacker else self.attacker in got


def block_requirements(state: GameState) -> list[BlockRequirement]:
    """509.1c: every requirement on the defending players' creatures."""
    cs = creatures(state)
    out: list[BlockRequirement] = []
    atk = attackers(state)
    blockers = potential_blockers(state)
    for b in blockers:
        for s in cs[b].facts.get("must_block", ()):
            out.append(BlockRequirement(b, "", s))
        for a, s in cs[b].blocks_if_able:
            if a in atk:      # an attacker that left combat is not one to block (506.4)
                out.append(BlockRequirement(b, a, s))
    for a in atk:
        for s in cs[a].facts.get("lure", ()):
            for b in blockers:
                out.append(BlockRequirement(b, a, step(_rules("509.1c", s), f"{s.text.rstrip('.')}: {cs[b].name} "
                                                                          f"blocks {cs[a].name} if able")))
        for s in cs[a].facts.get("must_be_blocked", ()):
            out.append(BlockRequirement("", a, s))
    return out


#: The most choices one blocker's domain may hold: a creature that can block any number of creatures (509.1a)
#: facing n attackers has 2**n, which past this no search could go through within a question's bound.
MAX_BLOCK_CHOICES = 1 << 16


def _block_domain(state: GameState, bid: str, atk: list[str]) -> list[tuple[str, ...]]:
    c = creatures(state)[bid]
    can = [a for a in atk if block_restriction(state, bid, a) is None]
    most = min(c.capacity, len(can))
    if sum(math.comb(len(can), k) for k in range(most + 1)) > MAX_BLOCK_CHOICES:
        raise SearchBound(f"{c.name} could block {most} of {len(can)} attackers: more than "
                          f"{MAX_BLOCK_CHOICES} ways to choose, past what the search goes through")
    out: list[tuple[str, ...]] = [()]
    for k in range(1, most + 1):
        out += deadline.checked(combinations(can, k), "declaring blockers")
    return out


def _blocks_of(decl: Mapping[str, tuple[str, ...]], aid: str) -> int:
    return sum(1 for v in decl.values() if aid in v)


def block_violation(state: GameState, decl: Mapping[str, tuple[str, ...]]) -> Step | None:
    """The restriction the declaration of blockers breaks (509.1a-b), or None."""
    cs = creatures(state)
    for bid, blocked in decl.items():
        if not blocked:
            continue
        if len(set(blocked)) != len(blocked):
            return step("509.1a", f"{state.obj(bid).name} is declared to block the same creature twice")
        for aid in blocked:
            r = block_restriction(state, bid, aid)
            if r is not None:
                return r
        c = cs[bid]
        if len(blocked) > c.capacity:
            return step("509.1a", f"{c.name} can block only {c.capacity} creature{'s' if c.capacity > 1 else ''}, "
                                  f"not {len(blocked)}")
    return _count_violation(state, decl, _bounded(state)) or _alone_violation(state, decl, "cant_block_alone")


def _bounded(state: GameState) -> list[str]:
    """The attackers with a bound on how many creatures block them (``_blockers_bounds``)."""
    cs = creatures(state)
    return [a for a in attackers(state) if _blockers_bounds(cs[a]) != (1, None, ANY_NUMBER, None)]


def _guard_bands(state: GameState) -> None:
    """702.22c-d, 702.22h: attacking creatures with banding may have been declared in a band with other creatures
    attacking the same player, planeswalker or battle, and a creature blocking one of a band blocks them all; the
    state does not say which bands were declared. A creature with banding that attacks alone there, or banding on
    a blocker (702.22j: a rule of combat damage, ``engine.combat_damage``), changes nothing of declaring blockers
    (509.1)."""
    cs = creatures(state)
    for aid in attackers(state):
        a = state.obj(aid)
        if aid in cs and set(BAND_KEYWORDS) & cs[aid].keywords and any(
                o != aid and state.obj(o).attacking == a.attacking for o in attackers(state)):
            raise Unsupported(f"{a.name} ({aid}) has banding and attacks beside other creatures: the bands declared "
                              "with the attackers (702.22c, 702.22h) are not in the state")


def check_block(state: GameState, decl: Mapping[str, tuple[str, ...]]) -> Answer:
    """Is the declaration of blockers ``decl`` (blocker -> the attackers it blocks; every other creature doesn't
    block) legal? A ``no`` is the restriction it breaks, or the requirements it leaves unobeyed with a declaration
    that obeys more (509.1c)."""
    _guard_declaring(state, "blockers are declared")
    _guard_bands(state)
    decl = {b: tuple(v) for b, v in decl.items() if v}
    r = block_violation(state, decl)
    if r is not None:
        return Answer(False, (r,))
    reqs = block_requirements(state)
    atk = attackers(state)
    order = potential_blockers(state)
    domains = {b: _block_domain(state, b, atk) for b in order}
    bounded = _bounded(state)

    def gain(b: str, v: tuple[str, ...]) -> int:
        return sum(1 for r in reqs if r.blocker == b and (v and (not r.attacker or r.attacker in v)))

    def complete(d: Mapping[str, tuple[str, ...]]) -> bool:
        return _count_violation(state, d, bounded) is None and _alone_violation(state, d, "cant_block_alone") is None

    def count(d: Mapping[str, tuple[str, ...]]) -> int:
        return sum(1 for r in reqs if r.obeyed(d))

    # the bound: each blocker's best gain, and each "must be blocked" requirement counted as obeyable
    attacker_reqs = sum(1 for r in reqs if not r.blocker)
    best_n, best_decl = _best(order, domains, count, gain, complete, extra_bound=attacker_reqs)
    return _judged(state, decl, count(decl), best_n, best_decl, reqs, "509.1c", lambda r, d: r.obeyed(d), _show_block)


def _show_block(state: GameState, decl: Mapping[str, Sequence[str]]) -> str:
    shown = {b: v for b, v in decl.items() if v}
    if not shown:
        return "no creature blocks"
    return ", ".join(f"{state.obj(b).name} blocks " + " and ".join(state.obj(a).name for a in v) for b, v in shown.items())


def end_of_combat(state: GameState) -> GameState:
    """511.3: as the end of combat step ends, every creature is removed from combat."""
    if not any(o.attacking is not None or o.blocking or o.blocked for o in state.objects):
        return state
    return state.evolve(objects=tuple(replace(o, attacking=None, blocking=(), blocked=False)
                                      if o.attacking is not None or o.blocking or o.blocked else o
                                      for o in state.objects))


# --------------------------------------------------------------------------------------------- the search

def _best(order: list[str], domains: Mapping[str, list], count, gain, complete, extra_bound: int = 0):
    """The most requirements any declaration that breaks no restriction obeys, and one such declaration: a
    depth-first search over each creature's choices (its domain, restrictions of the creature alone already
    applied), values tried by their gain first, bounded by what the creatures still to choose could add
    (``gain``: the requirements of that creature a value obeys; ``extra_bound``: requirements no one creature
    owns); ``complete`` checks the restrictions on the whole declaration (menace)."""
    opt = {oid: max((gain(oid, v) for v in domains[oid]), default=0) for oid in order}
    suffix = [0] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + opt[order[i]]
    ranked = {oid: sorted(domains[oid], key=lambda v: -gain(oid, v)) for oid in order}
    best: list = [-1, None]
    chosen: dict = {}
    nodes = [0]

    def go(i: int, own: int) -> None:
        nodes[0] += 1
        if nodes[0] % 4096 == 0:
            deadline.check("declaring attackers or blockers")
        if own + suffix[i] + extra_bound <= best[0]:
            return
        if i == len(order):
            decl = {k: v for k, v in chosen.items() if v}
            if complete(decl):
                n = count(decl)
                if n > best[0]:
                    best[0], best[1] = n, decl
            return
        oid = order[i]
        for v in ranked[oid]:
            chosen[oid] = v
            go(i + 1, own + gain(oid, v))
        del chosen[oid]

    go(0, 0)
    SEARCHED.append(nodes[0])
    return best[0], best[1] or {}


#: The rules of restrictions a legal declaration obeys, by the rule of its requirements.
_RESTRICTIONS = {"508.1d": ("508.1a", "508.1b", "508.1c"), "509.1c": ("509.1a", "509.1b")}


def _judged(state, decl, obeyed: int, best_n: int, best_decl, reqs, rule: str, holds, show) -> Answer:
    if obeyed >= best_n:
        why = [step(_RESTRICTIONS[rule], f"{show(state, decl)}: no restriction is broken")]
        if reqs:
            why.append(step(rule, f"it obeys {obeyed} of {len(reqs)} requirement{'s' if len(reqs) != 1 else ''}, "
                                  f"as many as any declaration that breaks no restriction"))
        return Answer(True, tuple(why), witness={"declaration": {k: v for k, v in decl.items()}, "requirements": obeyed})
    missed = [r for r in reqs if not holds(r, decl) and holds(r, best_decl)]
    missed_why = tuple(r[1] if isinstance(r, tuple) else r.why for r in missed) + (
        step(rule, f"the declaration ({show(state, decl)}) obeys {obeyed} requirement{'s' if obeyed != 1 else ''}; "
                   f"another ({show(state, best_decl)}) obeys {best_n} without breaking a restriction"),)
    return Answer(False, missed_why, witness={"better": {k: v for k, v in best_decl.items()}, "requirements": best_n})


def _guard_declaring(state: GameState, what: str) -> None:
    """Text off the battlefield that functions there and concerns combat (113.6b) is not read; costs to block
    (509.1d-f) and costs to attack ``lines`` does not read are lines no reading takes, so ``creatures`` names
    them."""
    require_modelled_elsewhere(state, (Scope.COMBAT,), what)
    creatures(state)
