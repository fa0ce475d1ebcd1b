"""Continuous effects of resolving spells and abilities that last until end of turn (611.2a), the word
``until_end_of_turn``: "Target creature gets +2/+2 and gains trample until end of turn", "Creatures you
control gain haste until end of turn", "It can't block this turn", "Switch target creature's power and
toughness until end of turn".

Each affected object gets one record in the game state (``state.PTChange``) holding everything the sentence
does to it: +N/+N (613.4c, layer 7c), keywords (613.1f, layer 6), a switch of power and toughness (613.4d,
layer 7d), rules for that object ("can't block", "can't be blocked": the engine performs no combat, so they
are recorded and shown, and nothing reads them). ``rules.layers`` applies them in their layers in timestamp
order (613.7); the cleanup step ends them all (514.2, ``engine.turn``). The records of one sentence share a
timestamp: it is one effect (611.2c: the set of objects is fixed as it begins).

Performers take (game, effect, ctx) (``kernel.context.Performer``) and are listed in ``engine.performers``.
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.controllers import apply_control
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.rules.characteristics import object_mana_value
from mtgjudge.model.rules.durations import ends_with_combat, starts_in_combat
from mtgjudge.model.rules.in_force import may_give_control
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import ControlEffect, Duration, EffectInForce, Lasting, PTChange
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.words.tapping import perform as tapping
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer, the_target, unaffected

Ctx = Ctx

#: The rules an effect may add for its object, as the record names them (shown in the outcome and the log).
RULES = {"cant_block": "can't block", "cant_be_blocked": "can't be blocked", "must_attack": "attacks if able",
         "must_be_blocked": "all creatures able to block it do so",
         "must_be_blocked_if_able": "must be blocked if able",      # 509.1c: a requirement on blocks
         "cant_attack": "can't attack",                            # 508.1c: a restriction on attacks
         "must_block": "blocks if able"}                           # 509.1c: a requirement on blocks


def the_source(game: Game, e: Effect, ctx: Ctx) -> list[str] | Game:
    """"~" in an effect: its source, if it is still on the battlefield as the same object (400.7); else a Game
    whose log says the effect does nothing."""
    st = game.state
    if not (st.has(ctx.source) and st.obj(ctx.source).zone == "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        return game.log("400.7", f"{ctx.source} is no longer on the battlefield as the same object: "
                                 f"{e.text()!r} does nothing")
    return [ctx.source]


def _objects(game: Game, e: Effect, ctx: Ctx) -> list[str] | Game:
    """The objects the effect applies to: its target (608.2b: not if illegal now), the previous instruction's
    target ("it", 608.2c: the engine gives it that target, ``resolve.run_effects``), its source ("~"), or
    every permanent a noun phrase names as it resolves (611.2c). A Game: nothing to do, said in its log."""
    st = game.state
    if e.arg("affects"):
        return affected(game, e, ctx)
    if e.arg("self"):
        return the_source(game, e, ctx)
    target = the_target(e, ctx, "applies to")
    skip = unaffected(game, ctx)
    if skip is not None:
        return skip
    if not st.has(target) or st.obj(target).zone != "battlefield":
        if e.arg("it") or e.arg("those"):
            # 400.7: the object the earlier instruction acted on left the battlefield; the new object is not it
            return game.log("400.7", f"{target} is no longer on the battlefield: {e.text()!r} does nothing")
        raise Unsupported(f"{e.text()!r} on {target}, not a permanent, is not performed by the engine")
    return [target]


def _x(game: Game, e: Effect, ctx: Ctx) -> int:
    """107.3a: X in "+X/+0" is the value chosen as the spell was cast (a spell's only: an ability's X would
    be its activation's, which the engine does not keep); 107.3e: "..., where X is the number of creatures you
    control" (``x_count``) is counted as the effect begins (608.2h, ``rules.counts``)."""
    if not (e.arg("x_power") or e.arg("x_toughness")):
        return 0
    if e.arg("x_count"):
        c = counts.stored(e, e.arg("x_count"))
        if counts.reads_power_toughness(c):     # "the greatest power among ..."
            guard_scope(game.state, "power-toughness", f"{e.arg('x_count')} is counted")
        return counts.value(game.state, ctx.controller, c, _source(game, ctx), pt_guarded=True)
    if e.arg("x_stat"):     # "where X is its power": the target's, as the effect begins (608.2h)
        if ctx.target is None:
            raise Unsupported(f"what 'its' is in {e.text()!r} is not known to the engine")
        return _stat_of(game, ctx.target, e.arg("x_stat"))
    if ctx.ability_index is not None or ctx.x is None:
        raise Unsupported(f"the value of X in {e.text()!r} is not known to the engine")
    return ctx.x


def _stat_of(game: Game, oid: str, stat: str) -> int:
    """The current power, toughness or mana value of the permanent ``oid`` (layers applied, 613; 202.3)."""
    if stat == "power":
        return power(game, oid)
    if stat == "toughness":
        return toughness(game, oid)
    return object_mana_value(game.state.obj(oid))


def _source(game: Game, ctx: Ctx):
    return game.state.obj(ctx.source) if game.state.has(ctx.source) else None


def _per(game: Game, e: Effect, ctx: Ctx) -> int:
    """608.2h: "+1/+1 for each artifact you control" counts as the effect begins (1 without "for each"); "for
    each basic land type among lands you control" counts the basic land types (305.6) of those lands: both
    are counts (``rules.counts``)."""
    st = game.state
    if e.arg("per"):
        return counts.value(st, ctx.controller, counts.stored(e, e.arg("per")), _source(game, ctx))
    if e.arg("per_basic_land_type"):
        guard_scope(st, "characteristics", "the basic land types among lands are counted")
        return counts.domain(st, ctx.controller)
    return 1


def add_until_end_of_turn(game: Game, ids: list[str], e: Effect, ctx: Ctx) -> Game:
    """611.2a, 514.2: the effect of ``e`` on each object of ``ids`` until end of turn, one timestamp for all
    (613.7b: it is one effect)."""
    st = game.state
    source = ctx.source
    x = _x(game, e, ctx)
    n = _per(game, e, ctx)
    p = n * e.arg("power", 0) + x * e.arg("x_power", 0)
    t = n * e.arg("toughness", 0) + x * e.arg("x_toughness", 0)
    keywords = tuple(e.arg("keywords", ()))
    colors = e.arg("colors", "")
    loses = tuple(e.arg("loses", ()))
    if loses:       # 613.1f: an ability-removing effect; 613.8: see _guard_keyword_dependency
        guard_scope(st, "characteristics", f"{', '.join(ids)} lose {', '.join(k.lower() for k in loses)}")
        _guard_keyword_dependency(st, loses)
    if colors:      # 613.1e: what reads colors (protection, "nonblack" targets) sees the new ones
        guard_scope(st, "characteristics", f"the colors of {', '.join(ids)} change")
    if p or t or e.arg("switch"):
        guard_scope(st, "power-toughness", f"the power and toughness of {', '.join(ids)} change")
    if keywords:
        guard_scope(st, "characteristics", f"{', '.join(ids)} gain {', '.join(k.lower() for k in keywords)}")
    rules = tuple(text for key, text in RULES.items() if e.arg(key))
    until = e.arg("until", "end_of_turn")
    if not starts_in_combat(until, st.turn.step):
        raise Unsupported(f"{e.text()!r} outside the combat phase: when 'until end of combat' then ends (511.2) is "
                          "not modelled")
    origin = st.obj(source).name if st.has(source) else source
    ts = max([o.timestamp for o in st.objects] + [c.timestamp for c in st.in_force(PTChange)] + [0]) + 1
    control = ctx.controller if e.arg("control") else ""
    made = tuple(PTChange(oid, p, t, origin, ts, keywords=keywords, switch=bool(e.arg("switch")),
                          rules=rules, control=control, control_before=st.obj(oid).controller if control else "",
                          colors=colors, loses=loses)
                 for oid in ids)
    game = game.with_state(st.adding(*(Lasting(c, Duration(until, st.turn.number)) for c in made)))
    for c in made:
        if control:
            game = set_controller(game, c.object, control, ("613.1b", "611.2a"))
    guard_unrecognized(game, f"{', '.join(ids)} change until end of turn")
    cited = tuple(r for r, on in (("613.1b", control), ("613.1e", colors), ("105.3", colors),
                                  ("613.1f", keywords or loses), ("613.4c", p or t),
                                  ("107.3a", (e.arg("x_power") or e.arg("x_toughness")) and not e.arg("x_stat")),
                                  ("107.3e", e.arg("x_count")), ("107.3c", e.arg("x_stat")), ("608.2h", e.arg("x_stat")),
                                  ("608.2h", e.arg("x_count")),
                                  ("608.2h", e.arg("per") or e.arg("per_basic_land_type")),
                                  ("613.4d", e.arg("switch")),
                                  ("611.2a", True), ("514.2", not ends_with_combat(until)),
                                  ("511.2", ends_with_combat(until))) if on)
    for c in made:
        game = game.log(cited, f"{name_of(st, c.object)}: {c.describe()} "
                               f"{'until end of combat' if ends_with_combat(until) else 'until end of turn'}")
    return game


def _guard_keyword_dependency(st, loses: tuple[str, ...]) -> None:
    """613.8a: a static ability of layer 6 whose set of affected objects reads keywords ("Creatures with flying
    have ...") would depend on an effect that removes one: the engine applies layer 6 in timestamp order only,
    so such a board is unsupported."""
    for o in st.battlefield():
        for a in current(st, o.id).abilities:
            s = a.static if a.kind == "static" else None
            if s is None or s.kind not in ("grant_keyword", "grant_mana_ability") or s.affects is None:
                continue
            if getattr(s.affects, "with_keyword", "") or getattr(s.affects, "without_keyword", ""):
                raise Unsupported(f"{o.name} ({o.id}) grants abilities to objects chosen by their keywords, and an "
                                  f"effect that removes {', '.join(loses)} could change which (613.8a: dependency "
                                  "in layer 6 is not performed by the engine)")


def _until_end_of_turn(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """611.2a: "[subject] gets +N/+N and gains [keywords] until end of turn", "can't block this turn", "switch
    its power and toughness until end of turn" (613.1f, 613.4c, 613.4d); ends in the cleanup step (514.2)."""
    found = _objects(game, e, ctx)
    if isinstance(found, Game):
        return [found]
    if not found:
        return [game.log("611.2c", f"no permanent is {e.arg('affects')}: {e.text()!r} affects nothing")]
    if e.arg("affects"):
        game = game.log("611.2c", f"the {e.arg('affects')} affected are fixed now: {', '.join(found)}")
    if e.arg("it"):
        game = _log_it(game, ctx.target, ctx)
    return [add_until_end_of_turn(game, found, e, ctx)]


def _log_it(game: Game, oid: str | None, ctx: Ctx | None = None) -> Game:
    if ctx is not None and ctx.subject == oid:
        # a triggered ability's "it" / "that creature": the object its trigger event was about (603.2, 702.83a)
        return game.log("603.2", f"\"it\" is {name_of(game.state, oid)}, the object the trigger event was about")
    return game.log("608.2c", f"\"it\" is {name_of(game.state, oid)}, the object the instruction before acted on")


def set_controller(game: Game, oid: str, player: str, rules, lasting: bool = False) -> Game:
    """613.1b: ``player`` controls the permanent ``oid`` from now on (its zone list moves to theirs); 302.6: it
    has not been under its new controller's control continuously since their turn began. ``lasting``: the
    effect has no duration; the permanent is remembered as controlled by an effect (800.4c)."""
    st = game.state
    o = st.obj(oid)
    if o.controller_apart is not None:
        raise Unsupported(f"a static control effect gives {o.controller} control of {o.name} ({oid}) as another "
                          f"control effect gives it to {player}: their order (613.7) is not modelled")
    if lasting:
        st = st.adding(Lasting(ControlEffect(oid, game.moved(oid)), Duration("", st.turn.number)))   # 611.2a
        game = game.with_state(st)
    if o.controller == player:
        return game.log(rules, f"{player} already controls {o.name} ({oid})")
    guard_scope(st, "characteristics", f"control of {oid} changes")
    state = zones.add_to_zone(zones.remove_from_zones(st, oid), player, "battlefield", oid)
    # 506.4: a permanent whose controller changes is removed from combat
    # 702.30a: none of the new controller's upkeeps has begun since it came under their control
    state = state.with_object(replace(o, controller=player, summoning_sick=True, upkeeps_controlled=0, attacking=None,
                                      blocking=(), blocked=False))
    game = game.with_state(state)
    guard_unrecognized(game, f"control of {o.name} changes")
    game = game.log(rules, f"{player} gains control of {o.name} ({oid}); 302.6: it has not been under {player}'s "
                           "control since their most recent turn began")
    # 613.1b: an Aura's "You control enchanted creature." gives what it enchants to its new controller
    return apply_control(game)


def end_control(game: Game, ending) -> tuple[Game, list]:
    """514.2, 613.1b: as the "until end of turn" effects ``ending`` end together, each object they gave control of
    returns to the player who controlled it before the first of them (none of them applies any more). 800.4c: if
    that player was its default controller and has left the game, and no other effect gives it to a player
    still in the game, it is exiled. Returns the game and the zone changes made (for ``settle.after_moves``)."""
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    for c in sorted(ending, key=lambda c: c.timestamp):
        if c.control:
            first.setdefault(c.object, c.control_before)
            last[c.object] = c.control
    moved = []
    for oid, player in first.items():
        st = game.state
        if not st.has(oid) or st.obj(oid).zone != "battlefield":
            continue
        if st.obj(oid).controller != last[oid]:
            # 613.7: a later control effect with no duration (``control``) gave it to another player: it stays
            continue
        if player in st.player_names:
            game = set_controller(game, oid, player, ("514.2", "613.1b"))
            continue
        _guard_default_controller(game, oid, player)
        o = st.obj(oid)
        game = zones.move(game, oid, "exile").log(("800.4c", "514.2"), (
            f"the effect giving {o.controller} control of {o.name} ({oid}) ends; no other effect gives it to a player "
            f"in the game, and {player}, its default controller, has left the game: it is exiled"))
        moved.append((o, "battlefield", "exile"))
    return game, moved




def _guard_default_controller(game: Game, oid: str, player: str) -> None:
    """800.4c applies only if ``player``, who controlled ``oid`` before the effects that end, did so by default
    (110.2: the player who put it onto the battlefield, or as the question's state lists it), not by a control
    effect that ended as they left (800.4a): one with no duration (remembered, ``set_controller``), or one of the
    question's effects in force."""
    st = game.state
    if ControlEffect(oid, game.moved(oid)) in st.in_force(ControlEffect):
        raise Unsupported(f"{player} controlled {oid} by an effect that ended as they left the game (800.4a): who "
                          "controls it now that the later effect ends is not modelled")
    for e in st.in_force(EffectInForce):
        if may_give_control(e):
            raise Unsupported(f"the effect of {e.source_card} in force could give control of {oid} (800.4c: its "
                              f"default controller, {player}, has left the game)")


def _untap_it(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26b, 608.2c: "Untap that creature": the object the instruction before acted on (if it is still that
    object on the battlefield, 400.7)."""
    st = game.state
    target = the_target(e, ctx)
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not untapped")]
    untap = tapping.PERFORMERS["untap_target"]
    game = _log_it(game, target)
    return untap(game, Effect("untap_target", (("target", "permanent"),), EFFECT_WORDS["untap_target"]), ctx)


PERFORMERS: dict[str, Performer] = {
    "until_end_of_turn": _until_end_of_turn,
    "untap_it": _untap_it,
}
