"""Performing copies of spells (707.10). A copy is put on the stack as a new object (``spell_copy``) with the copied
spell's copiable values (707.2: its card, the half it was cast as) and the choices made as it was cast (707.10:
modes, X, whether and how often it was kicked, whether its buyback cost was paid, its targets); it is owned and
controlled by the player who put it there, and it is not cast (707.10: nothing that triggers on casting triggers,
and storm does not count it, Grapeshot's ruling 2013-06-07). Off the stack it ceases to exist (704.5e, in
``engine.sba``).

"You may choose new targets for the copy" (707.10c): for each use of "target", its controller keeps the target
(even one now illegal) or chooses a legal new one; every combination is a branch. Where a choice made as the
spell was cast is one the engine does not keep on the spell (a division of damage, which targets a variable number
of uses chose, an additional cost's payment its effects may refer to), a copy is unsupported, never made with a
choice of its own.

Storm (702.40a): as its triggered ability resolves, the spell is copied once for each other spell cast before it
this turn (``rules.this_turn.spells_cast_before``), each copy with its own choice of new targets (Grapeshot's
ruling 2013-06-07: "You can choose differently for each copy"). The copies are of the spell on the stack; a spell
that left the stack before its storm ability resolved is copied as it last existed there, which is not
performed.

Replicate (702.56a): as the spell is cast its caster announces how many times they pay its replicate cost
(``replicate_options``: each count a branch up to what they can pay, unless the cast action's ``replicated:`` fixes
it); as its triggered ability resolves, the spell is copied that many times, each copy with its own choice of new
targets (707.10c). Conspire (702.78a): as it is cast, its caster announces whether to tap two untapped creatures
they control that each share a color with it (``conspire_options``: not paying and each pair a branch, unless the
cast action's ``conspired:`` fixes it); if they did, its triggered ability copies it once."""
from __future__ import annotations

import re

import itertools
from dataclasses import replace
from math import prod

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, interchangeable, merge, name_of
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.targeting import DIVIDED
from mtgjudge.model.engine.triggers import guard_targeting, guard_unrecognized
from mtgjudge.model.errors import Illegal, InputError, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.objects import GameObject, undefined_card
from mtgjudge.model.rules import this_turn
from mtgjudge.model.rules.guards import colors_off_battlefield
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.targets import legal_choices, specs_of
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.costs.record import has_conspire, replicate_cost
from mtgjudge.model.words.modes import perform as modes


def _copy_id(game: Game, spell: str) -> str:
    """An id for a new copy: it starts with "_" (``Game.key``: copies alike are told apart by where they are), reads
    as "copy of <name>" (the text's namer names it so, ``queries.labels``), and no object has had it (a copy that
    ceased to exist keeps its zone changes counted)."""
    slug = re.sub(r"[^a-z0-9]+", "-", game.state.obj(spell).name.lower()).strip("-")
    k = 1
    while game.state.has(f"_copy-of-{slug}-{k}") or f"_copy-of-{slug}-{k}" in dict(game.state.zone_changes):
        k += 1
    return f"_copy-of-{slug}-{k}"


def _specs(o: GameObject) -> list[TargetSpec]:
    """The uses of "target" of the spell ``o`` as it was cast (its chosen modes, 700.2b), in the order written;
    unsupported where what the copy copies is not kept on the spell."""
    abilities = modes.expand(o.printed.abilities, modes.chosen_of(o), o.name)
    spell = [a for a in abilities if a.kind == "spell"]
    for a in abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == "additional_cost":
            raise Unsupported(f"copying {o.name} ({o.id}): how its additional cost was paid, which the copy's effects "
                              "may refer to (707.10), is not kept by the engine")
    if any(e.kind == "if_kicked" and (nxt.arg("target") or nxt.arg("target2"))
           for a in spell for e, nxt in zip(a.effects, a.effects[1:])):
        raise Unsupported(f"copying {o.name} ({o.id}): which of its targets it has as it was kicked or not (702.33g) "
                          "is not worked out for a copy")
    if any(e.kind in DIVIDED for a in spell for e in a.effects):
        raise Unsupported(f"copying {o.name} ({o.id}): how it divides among its targets was chosen as it was cast "
                          "(601.2d) and is copied (707.10), which the engine does not keep")
    specs = [t for a in spell for t in specs_of(a)]
    for spec in specs:
        if spec.minimum != 1 or spec.maximum != 1 or spec.that_player or spec.zone_owner == "single" or \
                any(sel.other for sel in spec.objects):
            raise Unsupported(f"copying {o.name} ({o.id}): choosing new targets for {spec.phrase!r} (a number of "
                              "targets chosen as it was cast, or targets chosen together) is not performed")
    if len(specs) != len(o.targets):
        raise Unsupported(f"copying {o.name} ({o.id}): its targets as it was cast are not known to the engine")
    return specs


def put_copy(game: Game, spell: str, controller: str, rules: tuple[str, ...]) -> tuple[Game, str]:
    """707.10: a copy of the instant or sorcery spell ``spell`` put on the stack under ``controller``'s control,
    its targets those of the spell; the game and the copy's id."""
    st = game.state
    o = st.obj(spell)
    if not o.card.modelled:
        raise Unsupported(undefined_card(o.card.name, spell))
    ch = current(st, spell)
    if not {"Instant", "Sorcery"} & set(ch.types):
        raise Unsupported(f"a copy of {o.name} ({spell}), a permanent spell, becomes a token as it resolves "
                          "(707.10f): not performed")
    if o.spliced:
        # 702.47c, 707.2: splice changes the spell's text, which a copy does not copy; which of the targets chosen
        # as it was cast are the copy's is not worked out
        raise Unsupported(f"copying {o.name} ({spell}), a spell with cards spliced onto it (702.47c, 707.2): "
                          "not performed")
    if o.fused or o.overloaded:
        # 707.10, 702.102b, 702.96a: a copy copies the fused split spell's characteristics, or the overloaded
        # spell's text change and its alternative cost paid; neither is worked out for a copy
        raise Unsupported(f"copying {o.name} ({spell}), a {'fused split' if o.fused else 'overloaded'} spell "
                          f"({'702.102b' if o.fused else '702.96a'}, 707.10): not performed")
    _specs(o)           # what the copy copies is kept on the spell (or unsupported), new targets or not
    cid = _copy_id(game, spell)
    copy = GameObject(id=cid, card=o.card, owner=controller, controller=controller, zone="stack", face=o.face,
                      x=o.x, kicked=o.kicked, chosen=o.chosen, targets=o.targets, bought_back=o.bought_back,
                      replicated=o.replicated, surged=o.surged,
                      spell_copy=True, timestamp=zones.next_timestamp(st))
    g = game.with_state(st.evolve(objects=st.objects + (copy,), stack=(cid,) + st.stack))
    if (spell, game.moved(spell)) in game.cast_plainly:
        # the copy has the spell's choices of costs (707.10): none but its mana cost
        g = replace(g, cast_plainly=g.cast_plainly + ((cid, 0),))
    g = g.log(rules, f"{o.name} ({spell}) is copied: the copy of {o.name} ({cid}) is put onto the stack under "
                     f"{controller}'s control; it "
                     "isn't cast" + (f", its targets {', '.join(name_of(g.state, t) for t in o.targets)}"
                                     if o.targets else ""))
    guard_unrecognized(g, f"{o.name} ({spell}) is copied")
    guard_targeting(g, o.targets, f"the copy {cid}")
    return g, cid


def new_targets(game: Game, cid: str) -> list[Game]:
    """707.10c: every choice of targets for the copy ``cid`` its controller may make: for each use of "target",
    the target it has (legal or not) or a legal new one; each a branch."""
    st = game.state
    o = st.obj(cid)
    specs = _specs(o)
    if not specs:
        return [game]
    options = []
    for spec, was in zip(specs, o.targets):
        new = [c for c in legal_choices(st, spec, o.controller, cid) if c not in (cid, was)]
        options.append([was] + new)     # 115.5: a spell can't target itself
    if prod(len(x) for x in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of new targets for a copy of {o.name}: the search bound "
                          "was reached")
    out = []
    for combo in itertools.product(*options):
        guard_targeting(game, tuple(combo), f"the copy {cid}")
        g = game.with_state(st.with_object(replace(o, targets=tuple(combo))))
        if tuple(combo) == o.targets:
            g = g.log("707.10c", f"{o.controller} leaves the targets of {cid} unchanged")
        else:
            g = g.log("707.10c", f"{o.controller} chooses new targets for {cid}: "
                                 + ", ".join(name_of(g.state, t) for t in combo))
        out.append(g.choose(f"{cid} targets {', '.join(combo)}"))
    return out


def _copy_spell(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """707.10: "Copy target instant or sorcery spell." (``new_targets``: "You may choose new targets for the copy.",
    707.10c) as it resolves: its controller puts a copy of the target spell on the stack."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    t = ctx.target
    st = game.state
    if t is None or t in st.player_names or not st.has(t) or st.obj(t).zone != "stack" or t not in st.stack:
        raise Unsupported(f"{e.text()!r} on {t}, not a spell on the stack, is not performed by the engine")
    g, cid = put_copy(game, t, ctx.controller, ("707.10",))
    if not e.arg("new_targets"):
        return [g]
    return new_targets(g, cid)


def _storm(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.40a: the resolving storm ability of the spell ``ctx.source``: a copy of it for each other spell cast
    before it this turn, each with its controller's choice of new targets (707.10c)."""
    st = game.state
    spell, player = ctx.source, ctx.controller
    if player in game.left:
        return [game.log("800.4a", f"{player} has left the game: the storm ability does nothing")]
    if not (st.has(spell) and st.obj(spell).zone == "stack" and game.moved(spell) == ctx.source_moves):
        raise Unsupported(f"{spell} left the stack before its storm ability resolved: copying it as it last existed "
                          "on the stack is not performed")
    name = st.obj(spell).name
    n = this_turn.spells_cast_before(st, spell, ctx.source_moves, f"the storm ability of {name} ({spell}) (702.40a)")
    return _copies(game, ctx, n, "702.40a", f"{n} other spell(s) were cast before {name} ({spell}) this turn: the "
                                            f"storm ability copies it {n} time(s)")


#: How many times a replicate cost is considered paid at most (702.56a: any number of times); a spell whose
#: replicate cost could be paid more often than this is past the engine's bound.
REPLICATE_BOUND = 6


def replicate_options(state, oid: str, fixed: int | None) -> list[int]:
    """601.2b, 601.2f, 702.56a: how many times the caster may announce paying the replicate cost of ``oid``:
    ``fixed`` (the cast action's ``replicated:``) when the question says, else 0 to ``REPLICATE_BOUND`` + 1 in
    order, the caller stopping at the first it can't pay (and at the bound, saying so); [0] for a card without
    replicate."""
    if replicate_cost(current(state, oid).abilities) is None:
        if fixed:
            raise InputError("replicated", f"{state.obj(oid).name} has no replicate cost (702.56a)")
        return [0]
    return [fixed] if fixed is not None else list(range(REPLICATE_BOUND + 2))


def conspire_options(game: Game, oid: str, player: str, fixed: tuple[str, ...] | None) -> list[tuple[str, ...]]:
    """601.2b, 702.78a: the ways ``player`` may announce conspire casting ``oid``: () for not paying it, or the two
    untapped creatures they control, each sharing a color with the spell, they tap to pay it. Choosing among
    interchangeable creatures (``game.interchangeable``) is by count, the first standing for every one alike.
    ``fixed``: the cast action's ``conspired:`` (() for false), checked; None leaves every way a branch. [()] for a
    card without conspire."""
    st = game.state
    if not has_conspire(current(st, oid).abilities):
        if fixed:
            raise InputError("conspired", f"{st.obj(oid).name} has no conspire (702.78a)")
        return [()]
    unknown = colors_off_battlefield(st)
    if unknown:
        # 702.78a: which creatures share a color with the spell depends on its colors, which text not modelled may
        # change off the battlefield
        raise Unsupported(f"which creatures share a color with {st.obj(oid).name} for its conspire cost: {unknown}")
    colors = set(current(st, oid).colors)
    able = [o.id for o in st.battlefield(player) if not o.tapped and "Creature" in current(st, o.id).types
            and colors & set(current(st, o.id).colors)]
    if fixed is not None:
        if fixed and (len(fixed) != 2 or len(set(fixed)) != 2):
            raise InputError("conspired", "conspire taps two creatures: name two ids, or say false (702.78a)")
        if any(c not in able for c in fixed):
            bad = next(c for c in fixed if c not in able)
            raise Illegal((step("702.78a", f"{bad} is not an untapped creature {player} controls that shares a color "
                                           f"with {st.obj(oid).name}: it can't be tapped for conspire"),))
        return [tuple(fixed)]
    classes = interchangeable(game, able)
    pairs: list[tuple[str, ...]] = [(c[0], c[1]) for c in classes if len(c) >= 2]
    pairs += [(a[0], b[0]) for a, b in itertools.combinations(classes, 2)]
    if len(pairs) + 1 > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} ways to pay the conspire cost of {st.obj(oid).name}: the search "
                          "bound was reached; say 'conspired:' in the cast action")
    none: list[tuple[str, ...]] = [()]
    return none + pairs


def _copies(game: Game, ctx: Ctx, n: int, rule: str, said: str) -> list[Game]:
    """``n`` copies of the spell ``ctx.source`` whose ability ``rule`` resolves, each with its controller's choice
    of new targets (707.10c); ``said``: why that many, for the log."""
    st = game.state
    spell, player = ctx.source, ctx.controller
    name = st.obj(spell).name
    branches = [game.log(rule, said)]
    for _ in range(n):
        nxt = []
        for g in branches:
            g, cid = put_copy(g, spell, player, (rule, "707.10"))
            nxt += new_targets(g, cid)
        branches = merge(nxt)
        if len(branches) > MAX_BRANCHES:
            raise SearchBound(f"more than {MAX_BRANCHES} ways to choose the targets of {name}'s copies: the search "
                              "bound was reached")
    return branches


def _own_spell(game: Game, ctx: Ctx, keyword: str) -> GameObject | None:
    """The spell whose ``keyword`` trigger resolves, still the object it was on the stack; None when its controller
    left the game (800.4a: the ability does nothing); unsupported when the spell left the stack first, or was put on
    the stack by the question (how its cost was paid is not known)."""
    st = game.state
    spell = ctx.source
    if ctx.controller in game.left:
        return None
    if not (st.has(spell) and st.obj(spell).zone == "stack" and game.moved(spell) == ctx.source_moves):
        raise Unsupported(f"{spell} left the stack before its {keyword} ability resolved: copying it as it last "
                          "existed on the stack is not performed")
    o = st.obj(spell)
    if o.cast_from == "?":
        raise Unsupported(f"{o.name} ({spell}) was put on the stack by the question: how its {keyword} cost was paid "
                          "is not known")
    return o


def _replicate(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.56a: the resolving replicate trigger of the spell ``ctx.source``: a copy of it for each time its replicate
    cost was paid (``GameObject.replicated``), each with its controller's choice of new targets (707.10c)."""
    o = _own_spell(game, ctx, "replicate")
    if o is None:
        return [game.log("800.4a", f"{ctx.controller} has left the game: the replicate ability does nothing")]
    n = o.replicated
    return _copies(game, ctx, n, "702.56a", f"the replicate cost of {o.name} ({o.id}) was paid {n} time(s): the "
                                            f"replicate ability copies it {n} time(s)")


def _conspire(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.78a: the resolving conspire trigger of the spell ``ctx.source`` (it triggered only if its conspire cost was
    paid, 603.4): one copy of it, with its controller's choice of new targets (707.10c)."""
    o = _own_spell(game, ctx, "conspire")
    if o is None:
        return [game.log("800.4a", f"{ctx.controller} has left the game: the conspire ability does nothing")]
    return _copies(game, ctx, 1, "702.78a", f"the conspire cost of {o.name} ({o.id}) was paid: the conspire ability "
                                            "copies it")


PERFORMERS: dict[str, Performer] = {"copy_spell": _copy_spell, "storm": _storm, "replicate_copies": _replicate,
                                   "conspire_copy": _conspire}
