"""Countering a spell (CR 701.6a), and where the countered card goes instead (614.1a)."""
from __future__ import annotations


from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.on_stack import cant_be_countered
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.engine.kernel.context import Ctx, unaffected



def counter_spell(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.6a: to counter a spell is to cancel it, removing it from the stack to its owner's graveyard; the
    counter word's ``instead`` (614.1a: "If that spell is countered this way, exile it instead ...") sends it to
    exile, its owner's hand, or the top of its owner's library, or the top or bottom as the countering spell's controller
    chooses (608.2d: each a branch)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    if ctx.target is None:
        raise Unsupported(f"what {e.text()!r} targets is not known to the engine")
    o = st.obj(ctx.target)
    if o.zone != "stack":
        raise Unsupported(f"{e.text()!r} on {o.name} ({o.id}), not a spell on the stack, is not performed by the engine")
    if cant_be_countered(st, o.id):
        return [game.log(("113.6g", "701.6a"), f"{o.name} ({o.id}) can't be countered: it stays on the stack")]
    for a in o.printed.abilities:
        if a.kind == "unmodelled" and a.may_concern("resolution"):
            raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model that may apply as it is "
                              f"countered: {a.source_text!r}")
    guard_scope(st, "resolution", f"{o.name} ({o.id}) is countered")
    instead = e.arg("instead")
    if instead is None:
        places = [("graveyard", True, "the stack and put into its owner's graveyard")]
    elif instead == "exile":
        places = [("exile", True, "the stack and exiled instead of put into its owner's graveyard (614.1a)")]
    elif instead == "hand":
        places = [("hand", True, "the stack and put into its owner's hand instead of into their graveyard (614.1a)")]
    else:
        places = [("library", True, "the stack and put on top of its owner's library instead of into their graveyard")]
        if instead == "library_top_or_bottom":
            places.append(("library", False, "the stack and put on the bottom of its owner's library instead of "
                                             "into their graveyard"))
    if instead is not None and instead != "exile":
        zones.guard_other_graveyard_replacement(st, o, f"the counter's own words would put it into its owner's "
                                                       f"{'hand' if instead == 'hand' else 'library'} (614.1a)")
    out = []
    for to, top, how in places:
        g = zones.move(game, o.id, to, top=top).log("701.6a", f"{o.name} ({o.id}) is countered: it is removed from {how}")
        if len(places) > 1:
            g = g.choose(f"{ctx.controller} puts {o.name} on the {'top' if top else 'bottom'} of its owner's library")
        out.append(after_moves(g, [(o, "stack", to)], f"{o.name} is countered"))
    return merge(out)
