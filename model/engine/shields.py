"""Shields and replacement effects that last this turn, consulted by every damage event and every destruction
the engine performs: prevention shields (615: "prevent the next N damage that
would be dealt to ...", "prevent all damage ... would deal"), regeneration shields (701.19a), "can't be
regenerated" (701.19c) and "if it would die this turn, exile it instead" (614.1a).

They live in the game state (``Lasting`` records in force this turn), are shown in the outcome, end
when their object becomes a new object (400.7, ``zones``) and in the cleanup step (514.2, ``engine.turn``).
The single places that consult them: damage (``deal_damage``, 120.3) asks ``prevent``; destruction
(``removal``, 701.8a, and lethal damage, 704.5g) asks ``regenerate`` and ``umbra_armor``; every permanent going from the
battlefield to a graveyard (destroyed, sacrificed, 704.5f-g) asks ``dies_to``.

This module performs no effect of its own (the words that create shields are ``words.shields.perform``): it
imports nothing of ``resolve`` so that resolve, removal and sba can use it.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, MAX_BRANCHES
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.protection import protected_from, why as protection_why
from mtgjudge.model.vocab.phrases import parse_np
from mtgjudge.model.words.graveyard_abilities.record import EXILE_IF_LEAVES
from mtgjudge.model.state import COMBAT_STEPS, Duration, Lasting, PreventionShield, TurnReplacement

#: The card types of permanents (110.4).
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")

#: 616.1: at most this many shields applying to one damage event are ordered (every order a branch).
MAX_ORDERED = 4
#: Static words whose prevention effects ``prevent`` applies (615.1, 611.3a).
PREVENTION_WORDS = ("prevent_damage_to_self", "damage_unpreventable")


def unpreventable_source(game: Game, source: str) -> bool:
    """615.12: is ``source`` a permanent with "Damage that would be dealt by ~ can't be prevented."?"""
    st = game.state
    if source in st.player_names or not st.has(source) or st.obj(source).zone != "battlefield":
        return False
    return any(a.kind == "static" and a.static is not None and a.static.kind == "damage_unpreventable"
               for a in current(st, source).abilities)


def static_shields(game: Game, target: str) -> list[PreventionShield]:
    """615.1, 611.3a: the prevention effects of the static abilities of the permanent damage would be dealt to
    ("Prevent all damage that would be dealt to ~."), in force while it is on the battlefield, as shields of all
    damage (never used up: 615.7 is about "the next N")."""
    st = game.state
    if target in st.player_names or not st.has(target) or st.obj(target).zone != "battlefield":
        return []
    o = st.obj(target)
    return [PreventionShield("combat damage" if a.static.arg("combat") else "damage", o.name, to=target,
                             by_np=a.static.arg("by") or "", controller=o.controller)
            for a in current(st, target).abilities
            if a.kind == "static" and a.static is not None and a.static.kind in PREVENTION_WORDS]


def add_shield(game: Game, shield: PreventionShield) -> Game:
    """A prevention shield put in force for this turn (615.1, 611.2a, 514.2) and logged."""
    st = game.state
    game = game.with_state(st.adding(Lasting(shield, Duration("end_of_turn", st.turn.number))))
    return game.log(("615.7" if shield.left is not None else "615.1a", "514.2"), shield.describe())


def add_replacement(game: Game, kind: str, oid: str, origin: str, rules: tuple[str, ...]) -> Game:
    """A replacement effect on one permanent for the rest of this turn (614.1a, 701.19a-c), logged. A second
    "can't be regenerated" or "exile it instead" on the same object changes nothing and is not kept twice."""
    st = game.state
    r = TurnReplacement(kind, oid, origin)
    if kind != "regenerate" and any(q.kind == kind and q.object == oid for q in st.in_force(TurnReplacement)):
        return game.log(rules, r.describe() + " (already so)")
    game = game.with_state(st.adding(Lasting(r, Duration("end_of_turn", st.turn.number))))
    return game.log(rules, r.describe())


def _names(game: Game, np: str, oid: str, controller: str) -> bool:
    """Is ``oid`` a permanent the noun phrase names now, seen from ``controller`` (615.1a: the objects a
    prevention effect applies to are determined as the damage would be dealt)? A source that is not on the
    battlefield: a spell (instants and sorceries are never the permanents a noun phrase names) or unsupported."""
    st = game.state
    if oid in st.player_names or not st.has(oid):
        return False
    o = st.obj(oid)
    if o.zone != "battlefield":
        if o.zone == "stack" and not any(t in current(st, oid).types for t in PERMANENT_TYPES):
            return False
        raise Unsupported(f"whether {o.name} ({oid}), not on the battlefield, is {np!r} for a prevention shield "
                          "is not known to the engine")
    return matches(parse_np(np), current(st, oid), o, controller, None, st.turn.step)


def _applies(game: Game, s: PreventionShield, source: str, target: str, combat: bool = False) -> bool:
    """Does the shield apply to damage ``source`` would deal to ``target`` (a player's name or an object id)?
    A shield of combat damage (615.1a) applies only to combat damage (510.2, ``combat``): to players only if it
    says so, by sources of its description only if it names one."""
    if s.what == "combat damage":
        if not combat or (s.to_players and target not in game.state.player_names):
            return False
        if s.by and not _names(game, s.by, source, s.controller):
            return False
    if s.to or s.to_np:
        if not (s.to == target or (s.to_np and _names(game, s.to_np, target, s.controller))):
            return False
    if s.source and s.source != source:
        return False
    if s.by_np and not _names(game, s.by_np, source, s.controller):
        return False
    return s.left is None or s.left > 0


def prevent(game: Game, source: str, target: str, n: int, unpreventable: bool = False,
            combat: bool = False) -> list[tuple[Game, int]]:
    """615.6-615.7: the damage ``source`` would deal to ``target`` after the prevention shields that apply to
    it and protection (702.16e: all damage from a source with the stated quality, ``rules.protection``), each
    branch with the damage left to deal. A "next N" shield prevents up to what it has left and is reduced by that
    much (615.7); "all" prevents the rest. 616.1: when several apply, the affected player (or the controller of
    the affected object) chooses the order: every order that changes the result is a branch (protection applied
    before a "next N" shield leaves the shield whole). 615.12: damage that can't be prevented (``unpreventable``:
    the instruction says so; or "damage can't be prevented this turn" is in force) is not prevented, by shields
    or protection. ``combat``: the damage is combat damage (510.2)."""
    st = game.state
    if n <= 0:
        return [(game, n)]
    prevention = st.in_force(PreventionShield)
    idx: list = [i for i, s in enumerate(prevention) if _applies(game, s, source, target, combat)]
    quality = protected_from(st, target, source)
    if quality is not None:
        idx.append(None)                    # protection's prevention effect, ordered with the shields (616.1)
    # the static abilities' prevention effects, ordered with the shields as protection is (616.1)
    static = [s for s in static_shields(game, target) if _applies(game, s, source, target, combat)]
    idx += [("static", k) for k in range(len(static))]
    if not idx:
        return [(game, n)]
    if unpreventable or unpreventable_source(game, source) or \
            any(r.kind == "no_prevention" for r in st.in_force(TurnReplacement)):
        # 615.12: damage that can't be prevented: prevention effects don't apply to it (the shields stay whole)
        return [(game.log("615.12", f"the damage {source} would deal to {target} can't be prevented: "
                          + ("protection and " if quality is not None else "")
                          + "the prevention shields don't apply to it"), n)]
    if len(idx) > MAX_ORDERED:
        raise SearchBound(f"{len(idx)} prevention shields apply to one damage event: ordering them (616.1) is past "
                          "the search bound")
    out: list[tuple[Game, int]] = []
    seen = set()
    kept: list[tuple[int | None, ...]] = []

    def protection_note() -> str:
        assert quality is not None      # protection (None) joins the order only with its quality
        return protection_why(st, target, quality)

    for order in permutations(idx):
        shields = list(st.lasting_of(PreventionShield))
        left = n
        notes = []
        for i in order:
            if left <= 0:
                break
            if i is None:
                notes.append(f"{left} damage is prevented ({protection_note()}, 702.16e)")
                left = 0
                continue
            if isinstance(i, tuple):
                notes.append(f"{left} damage is prevented ({static[i[1]].origin}'s static ability, 615.1)")
                left = 0
                continue
            s = shields[i].payload
            used = left if s.left is None else min(left, s.left)
            left -= used
            if s.left is not None:
                shields[i] = shields[i].with_payload(replace(s, left=s.left - used))
            notes.append(f"{used} damage is prevented ({s.origin})")
        shields = [s for s in shields if s.payload.left is None or s.payload.left > 0]
        key = (tuple(shields), left)
        if key in seen:
            continue            # an order with the same result as one already kept (equivalent choices)
        seen.add(key)
        kept.append(order)
        g = game.with_state(st.with_lasting(PreventionShield, shields))
        rules = ("615.6", "615.7") if quality is None else \
            ("615.6",) + (("615.7",) if any(i is not None for i in order) else ()) + ("702.16e",)
        if static:
            rules += ("615.1",)
        g = g.log(rules, f"damage {source} would deal to {target}: " + "; ".join(notes))
        out.append((g, left))
    if len(out) > 1:
        out = [(g.choose(f"the prevention shields on damage to {target} are applied in the order: "
                         + ", ".join(static[i[1]].describe() if isinstance(i, tuple) else
                                     prevention[i].describe() if i is not None else
                                     protection_note() for i in order)), m)
               for (g, m), order in zip(out, kept)]
    if len(out) > MAX_BRANCHES:
        raise SearchBound("the orders of prevention shields are past the search bound")
    return out


def _on(game: Game, kind: str, oid: str) -> list[TurnReplacement]:
    return [r for r in game.state.in_force(TurnReplacement) if r.kind == kind and r.object == oid]


def regenerate(game: Game, oid: str, allowed: bool = True, cause: str = "701.8a") -> tuple[Game, bool]:
    """701.19a: the next time ``oid`` would be destroyed this turn, a regeneration shield on it is used
    instead: all damage marked on it is removed and its controller taps it (and it is removed from combat:
    the engine performs no combat). Returns the game and whether it regenerated; it did not if it has no
    shield or it "can't be regenerated" (701.19c; ``allowed`` False: the destroying effect says so).
    ``cause``: the rule that destroys it (701.8a an effect, 704.5g lethal damage). Several shields are alike:
    the first is used. With "if it would die, exile it instead" on it too, the order of the two replacement
    effects (616.1) is not performed: unsupported."""
    shields = _on(game, "regenerate", oid)
    if not shields:
        return game, False
    o = game.state.obj(oid)
    # unmodelled text that may also apply ("creatures can't be regenerated", another destruction
    # replacement, 616.1): unsupported, naming it
    guard_scope(game.state, "dies", f"{o.name} ({oid}) would be destroyed with a regeneration shield on it")
    if not allowed or _on(game, "no_regeneration", oid):
        return game.log((cause, "701.19c"), f"{o.name} ({oid}) can't be regenerated: its regeneration shield is not "
                                   "applied"), False
    if _on(game, "exile_if_dies", oid) or _on(game, EXILE_IF_LEAVES, oid):
        raise Unsupported(f"{o.name} ({oid}) would be destroyed with a regeneration shield and an 'exile it instead' "
                          "effect on it: the order its controller applies them in (616.1) is not performed")
    if game.state.turn.step in COMBAT_STEPS and "Creature" in current(game.state, oid).types:
        # 701.19a: an attacking or blocking creature is also removed from combat; which creatures attack or
        # block is not in the engine's states
        raise Unsupported(f"{o.name} ({oid}) regenerates during combat: whether it is removed from combat (701.19a) "
                          "is not known to the engine")
    used = shields[0]
    rest = list(game.state.lasting_of(TurnReplacement))
    rest.pop(next(i for i, r in enumerate(rest) if r.payload == used))
    st = game.state.with_lasting(TurnReplacement, rest)
    st = st.with_object(replace(o, damage=0, tapped=True))
    return game.with_state(st).log((cause, "701.19a", "614.8"), f"{o.name} ({oid}) would be destroyed: it regenerates "
                                                         f"instead ({used.origin}): its damage is removed and it "
                                                         "is tapped"), True


def dies_to(game: Game, oid: str) -> tuple[str, str]:
    """Where ``oid`` goes as it would die (put into a graveyard from the battlefield, 700.4): the graveyard, or
    exile under "if it would die this turn, exile it instead" (614.1a); with the log's note ("" if none)."""
    r = _on(game, "exile_if_dies", oid)
    if not r:
        return "graveyard", ""
    # another replacement of dying in unmodelled text would be ordered with this one (616.1): unsupported
    guard_scope(game.state, "dies", f"{oid} would die with 'exile it instead' on it")
    return "exile", f"; it would die, so it is exiled instead ({r[0].origin}, 614.1a)"


def armored_by(game: Game, oid: str) -> list[str]:
    """702.89a: the Auras attached to ``oid`` with umbra armor ("If enchanted permanent would be destroyed,
    instead remove all damage marked on it and destroy this Aura"; totem armor, 702.89b), on the battlefield."""
    st = game.state
    return [a.id for a in st.battlefield() if a.attached_to == oid and "Aura" in current(st, a.id).subtypes
            and current(st, a.id).has_keyword("Umbra armor")]


def umbra_armor(game: Game, oid: str, cause: str = "701.8a", guard: bool = True, regenerable: bool = True
                ) -> tuple[Game, list] | None:
    """702.89a, 614.1a: ``oid`` would be destroyed (``cause``: 701.8a an effect, 704.5g-h lethal or deathtouch
    damage) while an Aura with umbra armor is attached to it: instead all damage marked on it is removed and
    that Aura is destroyed. Returns the game and the moves made (lki, from, to), or None when no such Aura is
    attached. It is not regeneration: "can't be regenerated" doesn't stop it and ``oid`` is not tapped (the
    cards' rulings of 2010-06-15). The Aura's own destruction is replaced as any other: indestructible, it is
    not destroyed (702.12b); its regeneration shield, its own umbra Aura, "exile it instead" apply.
    With several such Auras, or a regeneration shield on ``oid`` too, its controller chooses which replacement
    applies (616.1; rulings of 2010-06-15): that choice is not performed (unsupported); ``regenerable`` False (the
    effect says it "can't be regenerated", 701.19c) leaves no regeneration to choose."""
    auras = armored_by(game, oid)
    if not auras:
        return None
    st = game.state
    o = st.obj(oid)
    if len(auras) > 1:
        raise Unsupported(f"{o.name} ({oid}) would be destroyed with {len(auras)} Auras with umbra armor attached: "
                          "which one is destroyed instead, its controller's choice (616.1), is not performed")
    if regenerable and _on(game, "regenerate", oid) and not _on(game, "no_regeneration", oid):
        raise Unsupported(f"{o.name} ({oid}) would be destroyed with a regeneration shield and an Aura with umbra "
                          "armor: which replacement its controller applies (616.1) is not performed")
    # unmodelled text that may also replace this destruction (616.1): unsupported, naming it
    guard_scope(st, "dies", f"{o.name} ({oid}) would be destroyed with an Aura with umbra armor attached")
    (aura,) = auras
    a = st.obj(aura)
    game = game.with_state(st.with_object(replace(o, damage=0))).log(
        (cause, "702.89a", "614.1a"), f"{o.name} ({oid}) would be destroyed: instead its damage is removed and "
                                      f"{a.name} ({aura}) is destroyed (umbra armor)")
    return destroy_aura(game, aura, guard)


def destroy_aura(game: Game, aura: str, guard: bool = True) -> tuple[Game, list]:
    """702.89a: "destroy this Aura" of umbra armor (701.8a), its own destruction replaced as any other's:
    indestructible (702.12b), a regeneration shield (701.19a), an Aura with umbra armor on it, and where it
    would die (614.1a). The game and the moves made."""
    st = game.state
    a = st.obj(aura)
    if current(st, aura).has_keyword("Indestructible"):
        return game.log("702.12b", f"{a.name} ({aura}) is indestructible and is not destroyed"), []
    game, regenerated = regenerate(game, aura)
    if regenerated:
        return game, []
    armored = umbra_armor(game, aura, guard=guard)
    if armored is not None:
        return armored
    to, instead = dies_to(game, aura)
    game = zones.move(game, aura, to, guard=guard).log(("701.8a", "400.7") + (("614.1a",) if instead else ()),
                                                      f"{a.name} ({aura}) is destroyed and put into its owner's "
                                                      f"graveyard{instead}; it becomes a new object")
    return game, [(a, "battlefield", to)]
