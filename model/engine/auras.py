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
from mtgjudge.model.engine.targeting import still_legal
from mtgjudge.model.rules.characteristics import ENCHANT_CREATURE
from mtgjudge.model.rules.enchanting import enchant_spec
from mtgjudge.model.rules.targets import is_legal_target
from mtgjudge.model.words.choices.perform import as_it_enters


def bestow_ends(game: Game, oid: str) -> Game | None:
    """702.103e: as a bestowed Aura spell begins resolving, if its target is illegal, it ceases to be bestowed and
    the effect making it an Aura spell ends: it continues resolving as a creature spell (the game returned, for the
    caller to resolve as that). None when it is not a bestowed spell or its target is legal. A spell the question
    gave, not saying whether it was cast bestowed: unsupported."""
    st = game.state
    o = st.obj(oid)
    if o.bestowed is None:
        raise Unsupported(f"{o.name} on the stack may have been cast bestowed (702.103b): say bestowed: true or false")
    if not o.bestowed:
        return None
    if len(o.targets) != 1:
        raise Unsupported(f"{o.name} on the stack, bestowed, has no target given; an Aura spell's target is chosen as "
                          "it is cast (303.4a)")
    (t,) = o.targets
    if t not in st.player_names and all(still_legal(game, ENCHANT_CREATURE, o.controller, oid, (t,))):
        return None
    game = game.with_state(st.with_object(replace(o, bestowed=False, targets=())))
    return game.log(("702.103e", "608.3b"), f"the target of {o.name}, a bestowed Aura spell, is illegal: it ceases to "
                                            "be bestowed and continues resolving as a creature spell")


def resolve_aura(game: Game, oid: str) -> list[Game]:
    """608.3b-c: the Aura spell ``oid`` (already off the stack's list) resolves: with its target illegal it is
    put into its owner's graveyard; else it enters the battlefield attached to its target."""
    st = game.state
    o = st.obj(oid)
    spec = enchant_spec(st, oid)
    if len(o.targets) != 1:
        raise Unsupported(f"{o.name} on the stack has no target given; an Aura spell's target is chosen as it is cast "
                          "(303.4a)")
    (t,) = o.targets
    if t in st.player_names:
        raise Unsupported(f"{o.name} would enchant the player {t}: Auras attached to players are not modelled yet")
    if not is_legal_target(st, spec, o.controller, oid, t):
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
