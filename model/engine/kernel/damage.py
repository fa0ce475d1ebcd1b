"""Damage (CR 120): dealt by a resolving spell or ability's source to a player (120.3a) or a permanent (120.3e),
after prevention shields (615.6-615.7, 615.12). Every performer that deals damage calls ``deal_damage``."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.characteristics import printed_characteristics
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.on_stack import damage_cant_be_prevented
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine import shields
from mtgjudge.model.engine.triggers import damage_triggered, guard_unrecognized
from mtgjudge.model.rules.guards import DAMAGE_KEYWORDS, guard_scope
from mtgjudge.model.engine.kernel.context import Ctx, unaffected
from mtgjudge.model.engine.kernel.players import change_life
from mtgjudge.model.state import PreventionShield





def deal_damage(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3: damage from the spell or ability's source: a player loses that much life (120.3a), a creature
    has it marked on it (120.3e; lethal damage is the state-based action 704.5g)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    n, t = e.arg("n"), ctx.target
    if t is None:
        raise Unsupported(f"what {e.text()!r} deals damage to is not known to the engine")
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    if ctx.source_lki is not None and (src is None or src.zone != "battlefield"):
        # 608.2h: a source that left the battlefield deals damage as it last existed there; keywords other
        # permanents granted it then are not known to the engine.
        src = ctx.source_lki
        if any(a.kind == "static" and a.static is not None and a.static.kind in ("grant_keyword", "as_long_as")
               for o in st.battlefield() for a in o.printed.abilities):
            raise Unsupported(f"{src.name} left the battlefield: which keywords it had as it last existed (608.2h) "
                              "is not known to the engine while keywords are granted")
    if src is not None:
        ch = printed_characteristics(src) if src is ctx.source_lki else current(st, ctx.source)
        if any(a.trigger_event is not None and a.trigger_event.on("deals_damage") for a in ch.abilities):
            # 603.2: "Whenever ~ deals damage" triggers on this damage too; only combat damage's is performed
            raise Unsupported(f"{src.name} has an ability that triggers as it deals damage: the triggers of noncombat "
                              "damage are not performed by the engine yet")
        for w in st.battlefield():
            if w.attached_to == src.id and any(a.trigger_event is not None and a.trigger_event.on("deals_damage")
                                               for a in current(st, w.id).abilities):
                # 603.2: "Whenever enchanted creature deals damage" of what is attached to it: as above
                raise Unsupported(f"{w.name} ({w.id}), attached to {src.name}, has an ability that triggers as that "
                                  "creature deals damage: the triggers of noncombat damage are not performed by the "
                                  "engine yet")
        for kw in DAMAGE_KEYWORDS:
            if ch.has_keyword(kw):
                raise Unsupported(f"{src.name} has {kw.lower()}: the results of its damage are not performed by "
                                  "the engine yet")
    name = src.name if src is not None else ctx.source
    if t not in st.player_names:
        o = st.obj(t)
        if o.zone != "battlefield":
            raise Unsupported(f"damage to {o.name} ({t}) in the {o.zone} is not performed by the engine")
        types = current(st, t).types
        if "Battle" in types or ("Planeswalker" in types and "Creature" in types):
            raise Unsupported(f"damage to {o.name} ({t}), a battle or a planeswalker creature (120.3c-e, 120.3h), is "
                              "not performed by the engine yet")
        guard_scope(st, "dies", f"{name} deals damage to {o.name} ({t})")
    elif st.in_force(PreventionShield):
        # unmodelled text about the damage event ("damage can't be prevented") is guarded before any shield
        # prevents it (the damage dealt guards it again, ``change_life``)
        guard_scope(st, "life", f"{name} would deal damage to {t}")
    out = []
    # 615.6-615.7: prevention shields first (615.12: not for damage that can't be prevented)
    # 615.12: the instruction says its damage can't be prevented, or the spell's own static ability does (Banefire)
    unpreventable = bool(e.arg("unpreventable")) or damage_cant_be_prevented(st, ctx.source)
    for g, left in shields.prevent(game, ctx.source, t, n, unpreventable):
        if left <= 0:
            out.append(g.log("615.6", f"all the damage {name} would deal to {t} is prevented: none is dealt"))
        else:
            out.append(deal(g, name, t, left, ctx.source))
    return out


def deal(game: Game, name: str, t: str, n: int, source: str) -> Game:
    """120.3: ``n`` damage (after prevention) dealt to the player or permanent ``t`` by the source ``source``
    (named ``name``)."""
    st = game.state
    if t in st.player_names:
        return change_life(damaged(game, t, n), t, -n, ("120.3a", "119.3"), f": {name} deals {n} damage to them")
    o = st.obj(t)
    if "Planeswalker" in current(st, t).types:
        game = permanent_damaged(remove_loyalty(game, t, n, f"{name} deals {n} damage to"), t, source, n)
        return damage_triggered(game, t, n, f"{name} deals {n} damage to {o.name} ({t})")
    # ("dies" was guarded by ``_damage`` before prevention)
    guard_scope(st, "power-toughness", f"{name} deals damage to {o.name} ({t})")
    game = permanent_damaged(game.with_state(st.with_object(replace(o, damage=o.damage + n))), t, source, n)
    guard_unrecognized(game, f"{name} deals damage to {o.name}")
    game = game.log("120.3e", f"{name} deals {n} damage to {o.name} ({t}): it is marked on it")
    return damage_triggered(game, t, n, f"{name} deals {n} damage to {o.name} ({t})")


def damaged(game: Game, player: str, n: int) -> Game:
    """``player`` was dealt ``n`` damage (after prevention; none dealt if 0): the turn's history remembers that they
    were dealt damage this turn (bloodthirst, 702.54a). Every damage to a player (a spell's or ability's, combat's)
    passes here."""
    if n <= 0 or player in game.left:
        return game
    return game.remember(this_turn=game.state.this_turn.noting("damaged", player))


def permanent_damaged(game: Game, to: str, source: str, n: int) -> Game:
    """``source`` dealt the permanent ``to`` ``n`` damage (after prevention; none dealt if 0): the turn's history
    remembers it, each as the object it is (400.7), for "a creature dealt damage by ~ this turn" (603.10a). Every
    damage to a permanent (a spell's or ability's, combat's) passes here."""
    if n <= 0:
        return game
    return game.remember(this_turn=game.state.this_turn.damage_dealt(to, game.moved(to), source, game.moved(source)))


def remove_loyalty(game: Game, t: str, n: int, what: str) -> Game:
    """120.3c: damage dealt to a planeswalker causes that many loyalty counters to be removed from it (as many as
    it has); with none left it is put into its owner's graveyard as a state-based action (704.5i). ``what``: the
    damage said for the log ("Lightning Bolt deals 3 damage to")."""
    st = game.state
    o = st.obj(t)
    k = min(n, o.counter("loyalty"))
    c = dict(o.counters)
    c["loyalty"] = c.get("loyalty", 0) - k
    game = game.with_state(st.with_object(replace(o, counters=tuple(sorted((a, b) for a, b in c.items() if b)))))
    guard_unrecognized(game, f"loyalty counters are removed from {o.name}")
    return game.log("120.3c", f"{what} {o.name} ({t}): {k} loyalty counter(s) are removed from it")
