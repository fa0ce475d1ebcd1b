"""Performing ``becomes`` (611.2a): one until-end-of-turn record of the game state (``state.PTChange``) on the
permanent it changes, holding each part of the effect for its layer: card types added and creature types set
(613.1d, layer 4), colors (613.1e, layer 5), abilities lost and keywords gained (613.1f, layer 6), base power
and toughness (613.4b, layer 7b). ``rules.layers`` applies them in timestamp order with the other effects
(613.7); the cleanup step ends them with every other until-end-of-turn effect (514.2, ``engine.turn``), and
one that states no duration lasts the rest of the game (611.2a, ``rules.durations``). What the
permanent can do then (attack, block, tap for mana: 302.6 counts its control since the turn began, whatever it
was) is what every rule reads from its current characteristics."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import guard_abilities_lost
from mtgjudge.model.state import Duration, Lasting, PTChange
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.until.perform import the_source


def _object(game: Game, e: Effect, ctx: Ctx) -> str | Game:
    """The permanent the effect changes: its source ("~", while it is the same object, 400.7), its target
    (608.2b: not if illegal now) or what the instruction before acted on ("it", 608.2c: the engine gives it that
    target). A Game: nothing to do, said in its log."""
    if e.arg("self"):
        found = the_source(game, e, ctx)
        return found if isinstance(found, Game) else found[0]
    target = the_target(e, ctx, "applies to")
    skip = unaffected(game, ctx)
    if skip is not None:
        return skip
    st = game.state
    if not st.has(target) or st.obj(target).zone != "battlefield":
        if e.arg("it"):
            # 400.7: the object the instruction before acted on left the battlefield; the new object is not it
            return game.log("400.7", f"{target} is no longer on the battlefield: {e.text()!r} does nothing")
        raise Unsupported(f"{e.text()!r} on {target}, not a permanent, is not performed by the engine")
    return target


def _becomes(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """611.2a: the effect on its permanent for its duration, each part in its layer (613.1d-f, 613.4b)."""
    found = _object(game, e, ctx)
    if isinstance(found, Game):
        return [found]
    oid = found
    st = game.state
    guard_scope(st, "characteristics", f"{name_of(st, oid)} changes what it is")
    guard_scope(st, "power-toughness", f"the power and toughness of {name_of(st, oid)} change")
    if e.arg("loses_all"):
        guard_abilities_lost(st.obj(oid))
    types = tuple(str(e.arg("types", "")).split())
    base = (e.arg("power"), e.arg("toughness")) if e.arg("power") is not None else None
    origin = st.obj(ctx.source).name if st.has(ctx.source) else ctx.source
    ts = max([o.timestamp for o in st.objects] + [c.timestamp for c in st.in_force(PTChange)] + [0]) + 1
    until = e.arg("until", "end_of_turn")
    made = PTChange(oid, 0, 0, origin, ts, keywords=tuple(e.arg("keywords", ())),
                    colors=e.arg("colors", ""), types=types,
                    creature_types=tuple(str(e.arg("creature_types", "")).split()),
                    all_creature_types=bool(e.arg("all_creature_types")), loses_all=bool(e.arg("loses_all")),
                    base=base)
    game = game.with_state(st.adding(Lasting(made, Duration(until, st.turn.number))))
    guard_unrecognized(game, f"{name_of(st, oid)} changes what it is")
    cited = tuple(r for r, on in (("613.1d", types or made.creature_types or made.all_creature_types),
                                  ("205.1b", types), ("205.1a", made.creature_types),
                                  ("613.1e", made.colors), ("613.1f", made.keywords or made.loses_all),
                                  ("613.4b", base is not None), ("611.2a", True), ("514.2", until != "")) if on)
    span = "until end of turn" if until else "for the rest of the game"
    return [game.log(cited, f"{name_of(st, oid)}: {made.describe()} {span}")]


PERFORMERS: dict[str, Performer] = {"becomes": _becomes}
