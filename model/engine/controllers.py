"""Layer 2 written into the state (613.1b): the permanents that static control effects apply to ("You control
enchanted creature.", ``rules.layers.controllers``) are controlled by the players those effects say, and a
permanent that no such effect applies to any more returns to the player who controls it apart from them. Every
rule that asks who controls a permanent (attacking 508.1a, 302.6, activating 602.2, "you control") reads the
state's controller, so the engine applies this after every event that can change what those effects apply to:
zone changes (``settle.after_moves``), attaching, a change of an Aura's controller, and before state-based
actions are checked (704.3)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.enchanting import can_enchant, enchant_phrase
from mtgjudge.model.rules.layers import control_sources, control_unsure, controller_apart, controllers, current
from mtgjudge.model.rules.in_force import may_give_control
from mtgjudge.model.state import EffectInForce, PTChange


def apply_control(game: Game) -> Game:
    """613.1b: the state with each permanent's controller as layer 2 has it. A permanent whose controller changes
    has not been under its new controller's control continuously since their turn began (302.6), none of their
    upkeeps has begun since (702.30a), and it is removed from combat (506.4). A control effect of a resolved spell
    or ability until end of turn on a permanent that a static control effect starts or stops applying to is not
    modelled (613.7: which applies last, and who has it as one ends)."""
    st = game.state
    sources = control_sources(st)
    given = controllers(st)
    unsure = control_unsure(st)
    for o in list(st.battlefield()):
        if o.id in unsure and _left_to_704_5m(st, o.id, sources[o.id]):
            continue
        apart = controller_apart(o)
        now = given.get(o.id, apart)
        keep = apart if o.id in given else None
        if now == o.controller and keep == o.controller_apart:
            continue
        _guard_other_control(st, o)
        if now == o.controller:
            st = st.with_object(replace(o, controller_apart=keep))
            continue
        guard_scope(st, "characteristics", f"control of {o.id} changes")
        st = zones.add_to_zone(zones.remove_from_zones(st, o.id), now, "battlefield", o.id)
        st = st.with_object(replace(o, controller=now, controller_apart=keep, summoning_sick=True, upkeeps_controlled=0,
                                    attacking=None, blocking=(), blocked=False))
        game = game.with_state(st)
        guard_unrecognized(game, f"control of {o.name} changes")
        srcs = sources.get(o.id, ())
        if srcs:
            rules: tuple[str, ...] = ("613.1b",) + (("613.7",) if len(srcs) > 1 else ())
            why = f"{srcs[-1].name}'s static ability gives it to them" + (
                " (the latest of the control effects that apply to it)" if len(srcs) > 1 else "")
        else:
            rules, why = ("611.3a", "613.1b"), "no static control effect applies to it any more"
        mine = {q.id for q in sources.get(o.id, ())}
        kept = [f"{q.name} ({q.controller}'s)" for q in st.battlefield() if q.attached_to == o.id and q.id not in mine]
        if kept:
            rules += ("303.4e",)
            one_kept = len(kept) == 1
            why += (f"; {', '.join(kept)}, attached to it, "
                    + ("keeps its controller" if one_kept else "keep their controllers"))
        game = game.log(rules + ("302.6",), f"{now} controls {o.name} ({o.id}): {why}; it has not been under {now}'s "
                                            "control since their most recent turn began")
        st = game.state
    return game.with_state(st) if st is not game.state else game


def _guard_other_control(st, o) -> None:
    """613.7: a control effect of a resolved spell or ability in force on a permanent that a static control effect
    starts or stops applying to (an effect until end of turn, or one the question's state says is in force): which
    of them applies last, and who has the permanent as one ends, is not modelled."""
    if any(c.object == o.id and c.control for c in st.in_force(PTChange)):
        raise Unsupported(f"a static control effect starts or stops applying to {o.name} ({o.id}) while an effect "
                          "until end of turn gives control of it: their order (613.7) is not modelled")
    for e in st.in_force(EffectInForce):
        if may_give_control(e):
            raise Unsupported(f"the effect of {e.source_card} in force could give control of {o.name} ({o.id}) as a "
                              "static control effect starts or stops applying to it: their order (613.7) is not "
                              "modelled")


def _left_to_704_5m(st, oid: str, sources: tuple) -> bool:
    """A permanent that a control Aura is attached to but is not what it names ("enchanted creature" on a land
    that stopped being a creature): whether the effect still applies to it is not settled. Where every such Aura
    is about to be put into its owner's graveyard (704.5m, 303.4c) and no state-based action checked with it reads
    who controls the permanent (the legend rule, 704.5j; an Aura attached to it whose enchant ability says
    "control", 704.5m), its controller is left as it is until then (True); otherwise not modelled."""
    o = st.obj(oid)
    if "Legendary" in current(st, oid).supertypes:
        raise Unsupported(f"{o.name} ({oid}) is not what a control Aura attached to it names, and the legend rule "
                          "(704.5j) asks who controls it: whether the effect applies (613.1b) is not modelled")
    for q in st.battlefield():
        if q.attached_to == oid and "Aura" in current(st, q.id).subtypes and "control" in enchant_phrase(st, q.id):
            raise Unsupported(f"{q.name} ({q.id}) enchants a permanent whose controller a control Aura may no "
                              "longer settle (613.1b, 704.5m): not modelled")
    if any(can_enchant(st, a.id, oid) for a in sources):
        raise Unsupported(f"{o.name} ({oid}) is not what a control Aura attached to it names, and that Aura stays "
                          "attached (303.4c): whether its effect applies (613.1b) is not modelled")
    return True
