"""Resolving the top object of the stack (CR 608): spells become permanents (608.3) or do what they say and go
to the graveyard (608.2n); abilities do what they say. Targets are checked first (608.2b): if every target is
illegal, the spell or ability doesn't resolve; illegal targets aren't affected.

Effect kinds the engine performs are in ``HANDLERS``; any other effect is unsupported, naming its text.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.rules.layers import current
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.state import StackAbility
from mtgjudge.model.engine.game import MAX_STEPS, Game, merge
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.entering import put_onto_battlefield
from mtgjudge.model.engine.exile_until import exile_until_leaves
from mtgjudge.model.engine.settle import after_moves, settle
from mtgjudge.model.engine.triggers import ability_of, guard_unrecognized, legal_target, target_slots
from mtgjudge.model.errors import InputError, SearchBound
from mtgjudge.model.rules.guards import guard_scope


@dataclass(frozen=True)
class Ctx:
    source: str
    controller: str
    targets: tuple[str, ...]
    source_moves: int
    x: int | None = None


# ------------------------------------------------------------------------------------------- effects

def draw(game: Game, player: str) -> Game:
    """121.1-121.2: the top card of the library goes to the hand; a player who can't draw loses when
    state-based actions are next checked (704.5b)."""
    guard_scope(game.state, "draw", f"{player} draws a card")
    p = game.state.player(player)
    lib = p.zone("library")
    if lib:
        top = lib[0]
        lki = game.state.obj(top)
        game = zones.move(game, top, "hand").log("121.1", f"{player} draws {lki.name} ({top})")
        return after_moves(game, [(lki, "library", "hand")], f"{player} draws")
    if p.unknown_library > 0:
        k = 1
        while game.state.has(f"_unknown_{player}_{k}") or f"_unknown_{player}_{k}" in dict(game.state.zone_changes):
            k += 1
        oid = f"_unknown_{player}_{k}"   # an id the question did not give: interchangeable (Game.key)
        o = GameObject(id=oid, card=CardDef(faces=(Face(name="a card nobody knows"),), modelled=False),
                       owner=player, controller=player, zone="hand")
        st = game.state.with_player(replace(p, unknown_library=p.unknown_library - 1))
        game = zones.create_object(game.with_state(st), o).log("121.1", f"{player} draws a card nobody knows ({oid})")
        guard_unrecognized(game, f"{player} draws")
        return game
    game = game.remember(drew_empty=game.drew_empty + (player,))
    return game.log("704.5b", f"{player} attempts to draw from an empty library")


def discard_choices(game: Game, player: str) -> list[tuple[Game, str | None]]:
    """701.9a: discarding one card: every card in hand is a choice."""
    hand = game.state.player(player).zone("hand")
    if not hand:
        return [(game.log("701.9", f"{player} has no card to discard"), None)]
    out = []
    for oid in hand:
        lki = game.state.obj(oid)
        if not lki.card.modelled:
            raise Unsupported(f"{player} could discard {oid}, a card nobody knows (or the verifier has no definition "
                              "for): what it is matters")
        for a in lki.printed.abilities:
            # 113.6: text that functions only on the battlefield can't apply to a card leaving the hand.
            if a.kind == "unmodelled" and a.may_concern("discard") and (a.functions_in("hand") or a.functions_in("graveyard")):
                raise Unsupported(f"{lki.name} ({oid}) could be discarded and has unmodelled text: {a.source_text!r}")
        g = zones.move(game, oid, "graveyard").log("701.9a", f"{player} discards {lki.name} ({oid})")
        g = after_moves(g, [(lki, "hand", "graveyard")], f"{player} discards").choose(f"{player} discards {oid}")
        out.append((g, oid))
    return out


def create_token(game: Game, kind: str, controller: str, rule) -> Game:
    if controller in game.left:
        return game.log("800.4b", f"{controller} has left the game: no token is created")
    found = card_db().find(kind)
    if found is None or not found[0].token:
        raise Unsupported(f"the token kind {kind!r} has no definition")
    card, face = found
    name = " ".join(card.faces[face].subtypes) + " Token"
    guard_scope(game.state, "enters", f"a {name} enters the battlefield")
    for a in card.faces[face].abilities:
        if a.kind == "unmodelled" and a.may_concern("enters"):
            raise Unsupported(f"the token {name} has unmodelled text that may apply as it enters: {a.source_text!r}")
    oid = zones.fresh_id(game.state, name)
    o = GameObject(id=oid, card=card, owner=controller, controller=controller, zone="battlefield", face=face, token=True)
    game = zones.create_object(game, o).log(rule, f"{controller} creates a {name} ({oid}) (111.4: its name is its "
                                                  "subtypes plus Token)")
    return after_moves(game, [(game.state.obj(oid), "none", "battlefield")], "a token is created")


def _recruit(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.70a: draw a card, then discard a card; if a nonland card was discarded, create a 1/1 white Human
    Soldier creature token. No player may act in between (it is one effect)."""
    p = ctx.controller
    game = draw(game.log("701.70a", f"{p} recruits: draw a card, then discard a card"), p)
    out = []
    for g, oid in discard_choices(game, p):
        if oid is not None and "Land" not in g.state.obj(oid).printed.types:
            g = create_token(g, "Human Soldier", p, "701.70a")
        elif oid is not None:
            g = g.log("701.70a", f"{oid} is a land card: no token is created")
        out.append(g)
    return merge(out)


def _exile_until(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    phrase = e.arg("target")
    legal = [t for t in ctx.targets if legal_target(game, phrase, ctx.controller, ctx.source, t, None)]
    return [exile_until_leaves(game, ctx.source, ctx.source_moves, ctx.controller, legal)]


def _gain(game: Game, e: Effect, ctx: Ctx, sign: int) -> list[Game]:
    guard_scope(game.state, "life", f"{ctx.controller}'s life total changes")
    p = game.state.player(ctx.controller)
    n = e.arg("n")
    game = game.with_state(game.state.with_player(replace(p, life=p.life + sign * n)))
    return [game.log(("119.3",), f"{ctx.controller} {'gains' if sign > 0 else 'loses'} {n} life")]


def _draw(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    for _ in range(e.arg("n", 1)):
        game = draw(game, ctx.controller)
    return [game]


def _counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    st = game.state
    if not (st.has(ctx.source) and st.obj(ctx.source).zone == "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        return [game.log("400.7", f"{ctx.source} left the battlefield: no counter is put on it")]
    o = st.obj(ctx.source)
    c = dict(o.counters)
    c[e.arg("kind")] = c.get(e.arg("kind"), 0) + e.arg("n", 1)
    game = game.with_state(st.with_object(replace(o, counters=tuple(sorted(c.items())))))
    return [game.log("122.1", f"{e.arg('n', 1)} {e.arg('kind')} counter(s) are put on {ctx.source}")]


HANDLERS: dict[str, Callable[[Game, Effect, Ctx], list[Game]]] = {
    "exile_until_source_leaves": _exile_until,
    "recruit": _recruit,
    "gain_life": lambda g, e, c: _gain(g, e, c, 1),
    "lose_life": lambda g, e, c: _gain(g, e, c, -1),
    "draw": _draw,
    "counter": _counter,
}


def run_effects(game: Game, ability: Ability, ctx: Ctx) -> list[Game]:
    branches = [game]
    for e in ability.effects:
        if e.kind not in HANDLERS:
            raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet")
        nxt = []
        for g in branches:
            nxt += HANDLERS[e.kind](g, e, ctx)
        branches = merge(nxt)
    return branches


def _targets_check(game: Game, ability: Ability, ctx: Ctx) -> bool:
    """608.2b: False when it had targets and all of them are now illegal."""
    if not ctx.targets:
        return True
    phrases = [e.arg("target") for e in ability.effects if e.arg("target")]
    if any(e.kind not in ("exile_until_source_leaves",) for e in ability.effects if e.arg("target")):
        raise Unsupported("checking targets on resolution for this ability's effects is not modelled")
    return any(legal_target(game, phrases[0], ctx.controller, ctx.source, t, None) for t in ctx.targets)


def resolve_top(game: Game) -> list[Game]:
    st = game.state
    if not st.stack:
        raise Unsupported("resolve: the stack is empty")  # callers check first
    top = st.stack[0]
    game = game.with_state(st.evolve(stack=st.stack[1:]))
    if isinstance(top, StackAbility):
        if not game.state.has(top.source):
            raise Unsupported(f"the source {top.source} of the ability ceased to exist: last known information is "
                              "not modelled")
        src = game.state.obj(top.source)
        abilities = src.printed.abilities
        if not 1 <= top.index <= len(abilities):
            raise Unsupported(f"{src.name} has no ability number {top.index}")
        ability = abilities[top.index - 1]
        if ability.kind == "unmodelled":
            raise Unsupported(f"{src.name}'s ability is not modelled: {ability.source_text!r}")
        if ability.kind not in ("triggered", "activated"):
            raise Unsupported(f"ability {top.index} of {src.name} is not a triggered or activated ability")
        ctx = Ctx(top.source, top.controller, tuple(top.targets), getattr(top, "source_moves", 0), src.x)
        if not _targets_check(game, ability, ctx):
            return [game.log("608.2b", f"every target of {src.name}'s ability is illegal: it doesn't resolve")]
        game = game.log("608.2", f"the ability of {src.name} ({top.source}) resolves: {ability.text()}")
        return run_effects(game, ability, ctx)
    # a spell
    o = st.obj(top)
    ch = current(st, top)
    if any(t in ch.types for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")):
        if "Aura" in ch.subtypes:
            raise Unsupported(f"{o.name} is an Aura spell: resolving it (attaching, 303.4f) is not modelled")
        game = put_onto_battlefield(game, top, o.controller, o.x, "608.3",
                                    f"{o.name} ({top}) resolves and enters the battlefield under {o.controller}'s control")
        lki = game.state.obj(top)
        return [after_moves(game, [(o, "stack", "battlefield")], f"{o.name} enters the battlefield")]
    spell = [a for a in ch.abilities if a.kind == "spell"]
    if len(spell) != 1:
        raise Unsupported(f"resolving {o.name}: its effect is not modelled")
    ctx = Ctx(top, o.controller, o.targets, game.moved(top), o.x)
    if spell[0].targets and not ctx.targets:
        raise Unsupported(f"{o.name} on the stack has no targets given; its targets were chosen as it was cast")
    if not _targets_check(game, spell[0], ctx):
        lki = game.state.obj(top)
        g = zones.move(game, top, "graveyard").log("608.2b", f"every target of {o.name} is illegal: it doesn't "
                                                               "resolve and is put into its owner's graveyard")
        return [after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard")]
    out = []
    for g in run_effects(game.log("608.2", f"{o.name} resolves"), spell[0], ctx):
        lki = g.state.obj(top)
        g = zones.move(g, top, "graveyard").log("608.2n", f"{o.name} is put into its owner's graveyard")
        out.append(after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard"))
    return out


def resolve_action(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """The ``resolve: N`` action: the top N objects of the stack resolve one by one (``all``: until it is
    empty), the game settling after each (704.3, 603.3b); ``targets`` fix those of the triggered ability
    resolved first, as if chosen when it was put on the stack."""
    n = a["resolve"]
    count = MAX_STEPS if n == "all" else n
    branches = [game]
    for i in range(count):
        nxt = []
        for g in branches:
            if not g.state.stack:
                if n == "all":
                    nxt.append(g)
                    continue
                raise InputError("resolve", f"resolve: {n} asked, but the stack is empty after {i}")
            if a.get("targets") is not None and i == 0:
                top = g.state.stack[0]
                if not isinstance(top, StackAbility):
                    raise InputError("targets", "targets fix those of a triggered ability; the top of the stack "
                                                      "is a spell")
                slots = target_slots(g, ability_of(g, top.source, top.index), top.controller)
                if len(a["targets"]) > len(slots) or len(a["targets"]) < sum(1 for s in slots if not s[2]):
                    raise InputError("targets", f"the ability of {top.source} takes {len(slots)} target(s); "
                                                      f"{len(a['targets'])} given")
                g = g.with_state(g.state.evolve(stack=(replace(top, targets=tuple(a["targets"])),) + g.state.stack[1:]))
            if a.get("choices"):
                raise Unsupported("choices on resolve are not performed by the engine yet")
            for r in resolve_top(g):
                nxt += settle(r)
        branches = merge(nxt)
        if n == "all" and all(not g.state.stack for g in branches):
            break
    else:
        if n == "all" and any(g.state.stack for g in branches):
            raise SearchBound(f"the stack did not empty in {MAX_STEPS} resolutions: the search bound was reached")
    return branches
