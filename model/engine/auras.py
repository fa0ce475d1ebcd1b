"""Auras entering by resolving as Aura spells (CR 303.4, 608.3b-c) and staying attached (704.5m).

An Aura spell targets what its enchant ability says it can enchant (303.4a, 702.5a, 115.1b); as it resolves
its target is checked (608.3b): an illegal target means it doesn't resolve and goes to its owner's graveyard;
else it becomes a permanent attached to that target (608.3c). Afterwards it stays only while attached to an
object its enchant ability and other applicable effects allow (303.4c, 704.5m: ``rules.enchanting``).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.entering import entering_characteristics, put_onto_battlefield
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.enchanting import enchant_phrase
from mtgjudge.model.rules.targets import is_legal_target, target_spec
from mtgjudge.model.words.choices.perform import as_it_enters


def resolve_aura(game: Game, oid: str) -> list[Game]:
    """608.3b-c: the Aura spell ``oid`` (already off the stack's list) resolves: with its target illegal it is
    put into its owner's graveyard; else it enters the battlefield attached to its target."""
    st = game.state
    o = st.obj(oid)
    phrase = enchant_phrase(st, oid)
    if len(o.targets) != 1:
        raise Unsupported(f"{o.name} on the stack has no target given; an Aura spell's target is chosen as it is cast "
                          "(303.4a)")
    (t,) = o.targets
    if t in st.player_names:
        raise Unsupported(f"{o.name} would enchant the player {t}: Auras attached to players are not modelled yet")
    if not is_legal_target(st, target_spec(phrase), o.controller, oid, t):
        lki = st.obj(oid)
        g = zones.move(game, oid, "graveyard").log("608.3b", f"the target of {o.name} is illegal: it doesn't "
                                                             "resolve and is put into its owner's graveyard")
        return [after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard")]
    # 614.12: "As this enters, choose a color" (Utopia Sprawl) is made first, each value a branch
    there = lambda g: entering_characteristics(g, oid, o.controller).abilities   # noqa: E731
    out = []
    for chose in as_it_enters(game, oid, there):
        g = put_onto_battlefield(chose, oid, o.controller, o.x, "608.3c",
                                 f"{o.name} ({oid}) resolves and enters the battlefield under {o.controller}'s "
                                 f"control attached to {st.obj(t).name} ({t})", choosing=True)
        aura = g.state.obj(oid)
        g = g.with_state(g.state.with_object(replace(aura, attached_to=t)))
        out.append(after_moves(g, [(o, "stack", "battlefield")], f"{o.name} enters the battlefield"))
    return out
