"""Unearth (CR 702.84a) and scavenge (702.97a) performed.

Unearth. Activating it is activating an activated ability of a card in a graveyard
(``engine.actions.activate``: 602.2, 113.6m, its owner activating it, 108.4a; only as a sorcery, 602.5d); as it
resolves, ``unearth`` does the four things 702.84a says, in order:

- the card returns from its owner's graveyard to the battlefield, a new object (400.7), unless it is no longer that
  card there: Dregscape Zombie's ruling 2008-10-01, "If you activate a card's unearth ability but that card is
  removed from your graveyard before the ability resolves, that unearth ability will resolve and do nothing";
- it gains haste (611.2a: an effect of a resolved ability with no duration, 613.1f), for as long as it is that
  permanent (400.7);
- a delayed triggered ability is created: "Exile it at the beginning of the next end step" (603.7a, 603.7c;
  ``words.delayed``);
- a replacement effect on that permanent (614.1a): if it would leave the battlefield, it is exiled instead of
  put anywhere else (``engine.zones.left_battlefield_replaced``, asked of every permanent leaving). The ruling
  2008-10-01: an effect that exiles it succeeds; returned to the battlefield afterwards, it is a new object the
  effect no longer applies to (400.7: the replacement names the old object and ends with it). The ruling
  2008-10-01: "neither of the 'exile' abilities is granted to that creature": both are effects of the resolved
  ability, kept even if the creature loses all its abilities.

Scavenge. Its cost exiles the card from its owner's graveyard (406.3, ``engine.paying``; Deadbridge Goliath's
ruling 2013-04-15: "Exiling the creature card with scavenge is part of the cost of activating the scavenge ability.
Once the ability is activated and the cost is paid, it's too late to stop the ability from being activated by
trying to remove the creature card from the graveyard"); as it resolves, ``scavenge`` puts as many +1/+1 counters as
the power of the card it exiled on the target creature (122.1; 608.2b: not on an illegal target), the power read
from that card in exile (400.7: a new object there, with its printed characteristics). Unmodelled text that could
define or change that power (a characteristic-defining ability functions in exile too, 604.3), or a card that has
left exile since (its power as it last existed there is not kept), makes the answer unsupported."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.settle import after_moves, return_exiled_card
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import DelayedTrigger, Duration, Lasting, PTChange, TurnReplacement
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.words.graveyard_abilities.record import EXILE_IF_LEAVES

#: 702.84a: "Exile it at the beginning of the next end step", the delayed triggered ability's word (603.7a).
_EXILE_AT_END = Effect("delayed", (("act", "exile"), ("at", "next_end_step"), ("it", True)), EFFECT_WORDS["delayed"])


def _unearth(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.84a: the ability's source, still the card it was in its owner's graveyard as the ability was activated
    (``ctx.source_moves``), returns to the battlefield, gains haste, and is exiled at the next end step or when it
    would leave (see the module)."""
    oid = ctx.source
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "graveyard" or game.moved(oid) != ctx.source_moves:
        return [game.log(("702.84a", "400.7"), f"{name_of(st, oid)} is no longer the card in the graveyard whose unearth "
                                               "ability this is: the ability does nothing")]
    o = st.obj(oid)
    if o.owner != ctx.controller:
        raise Unsupported(f"{o.name} ({oid}): an unearth ability controlled by {ctx.controller}, not the card's owner "
                          f"({o.owner}): under whose control the card returns is not modelled")
    game, moved = return_exiled_card(game, oid, ctx.source_moves, ("702.84a", "400.7"), "", zone="graveyard")
    st = game.state
    if not moved or not st.has(oid) or st.obj(oid).zone != "battlefield":
        return [after_moves(game, moved, f"{o.name} returns") if moved else game]
    n = game.moved(oid)
    # 613.1f: unmodelled text that could change what gaining haste does (or whether it is had) decides nothing here
    guard_scope(st, "characteristics", f"{o.name} ({oid}) gains haste")
    ts = max([q.timestamp for q in st.objects] + [c.timestamp for c in st.in_force(PTChange)] + [0]) + 1
    haste = PTChange(oid, 0, 0, o.name, ts, keywords=("Haste",))
    leaves = TurnReplacement(EXILE_IF_LEAVES, oid, o.name)
    exile = _EXILE_AT_END
    d = DelayedTrigger(controller=ctx.controller, step="end", effect=exile, origin=o.name, source=oid,
                       objects=((oid, n),), text=f"{exile.text()} [{name_of(st, oid)}]")
    st = st.adding(Lasting(haste, Duration("", st.turn.number)), Lasting(leaves, Duration("", st.turn.number)),
                   Lasting(d, Duration("triggers", st.turn.number)))
    game = game.with_state(st)
    game = game.log(("702.84a", "611.2a", "613.1f"), f"{o.name} ({oid}) gains haste")
    game = game.log(("702.84a", "603.7a"), f"a delayed triggered ability is created: {d.describe()}")
    game = game.log(("702.84a", "614.1a"), leaves.describe())
    return [after_moves(game, moved, f"{o.name} returns to the battlefield")]


def _scavenge(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.97a: +1/+1 counters equal to the power of the card exiled to pay the cost (the ability's source, in exile
    since: ``ctx.source_moves`` counts the move the cost made), on the target creature (see the module)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    oid = ctx.source
    st = game.state
    if not st.has(oid) or game.moved(oid) != ctx.source_moves or st.obj(oid).zone != "exile":
        raise Unsupported(f"{e.text()!r}: the card exiled to pay the scavenge cost has left exile; its power as it "
                          "last existed there is not kept")
    o = st.obj(oid)
    # 604.3: unmodelled text defining or changing its power (a characteristic-defining ability functions in exile)
    guard_scope(st, "power-toughness", f"the power of {o.name} ({oid}) in exile is counted")
    power = current(st, oid).power
    if power is None:
        raise Unsupported(f"{e.text()!r}: the power of {o.name} ({oid}) in exile is not a number the model knows")
    game = game.log("702.97a", f"the exiled card {o.name} ({oid}) has power {power}")
    if power <= 0:
        return [game.log(("702.97a", "122.1"), "no +1/+1 counters are put on the target")]
    put = Effect("counter_target", (("kind", "+1/+1"), ("n", power), ("target", e.arg("target"))),
                 EFFECT_WORDS["counter_target"])
    return ctx.perform(game, put, ctx)


PERFORMERS: dict[str, Performer] = {"unearth": _unearth, "scavenge": _scavenge}
