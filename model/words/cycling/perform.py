"""Performing cycling (CR 702.29): activating a cycling ability is activating an activated ability
(``engine.actions.activate``: it goes on the stack, 602.2a, and its cost is paid, the card discarded from its
owner's hand with the rest, 601.2h, ``engine.paying``); its instruction is the library's word (draw, 121.1;
the search for a card of the type, 701.23, each card it could find a branch). What is cycling's own:

- ``cycled``: "When you cycle this card" means "When you discard this card to pay an activation cost of a
  cycling ability", and triggers from whatever zone the card wound up in (702.29c): the card's own such
  abilities wait to be put on the stack (603.3), above the cycling ability, controlled by the card's owner
  (108.4a, 603.3a). One the model does not read (an unmodelled "When you cycle ~, ...") makes the activation
  unsupported, naming it. Other objects' abilities that trigger on cycling ("Whenever you cycle or discard a
  card", 702.29d) are not read by the trigger grammar: the guard of unrecognized triggers
  (``triggers.guard_unrecognized``, asked after every activation) makes the answer unsupported, naming them.

No word of the encoding is cycling's own (``record``). Transmute's (702.53a) is ``search_same_mana_value``: the
mana value of the discarded card, read from the card in the graveyard it was discarded to (202.3; one that has
left it since is not followed: unsupported), is the number of a search of the library's (``words.library``:
every card of that mana value a branch, and finding none, 701.23b). A library holding cards nobody knows is
unsupported: whether one of them has that mana value is not known (no guess of a card's mana value)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.triggers import is_triggered, trigger_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import object_mana_value
from mtgjudge.model.state import PendingTrigger
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab.words import made_effect
from mtgjudge.model.words.players.record import with_cards_of
from mtgjudge.model.words.cycling.record import is_cycling, is_reinforce, is_transmute, rule


def _search_same_mana_value(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.53a: search the library for a card with the discarded card's mana value, reveal it, put it into the
    hand, then shuffle (see the module)."""
    p = ctx.controller
    if p in game.left:
        return [game]
    st = game.state
    card = ctx.source
    if not st.has(card) or game.moved(card) != ctx.source_moves or st.obj(card).zone != "graveyard":
        raise Unsupported(f"{e.text()!r}: the discarded card has left the graveyard it was discarded to; its mana "
                          "value as it last existed there is not kept")
    if st.player(p).unknown_library:
        raise Unsupported(f"{p} searches a library holding {st.player(p).unknown_library} card(s) nobody knows for "
                          "a card of a mana value: whether any of them has it is not known")
    mv = object_mana_value(st.obj(card))
    game = game.log("702.53a", f"the discarded card {st.obj(card).name} ({card}) has mana value {mv}: {p} searches "
                               f"for a card with mana value {mv}")
    search = made_effect("search", n=1, to="hand", reveal=True, shuffle=True,
                         **with_cards_of({"with": f"with mana value {mv}"}, Selector(stat=("mana value", "==", mv))))
    return ctx.perform(game, search, ctx)


PERFORMERS: dict[str, Performer] = {"search_same_mana_value": _search_same_mana_value}


def is_cycling_ability(ability: Ability) -> bool:
    """Is ``ability`` a cycling or typecycling ability (702.29a, 702.29f)?"""
    return ability.kind == "activated" and is_cycling(ability.keyword)


def activation_rules(ability: Ability) -> tuple[str, ...]:
    """The rule of cycling, transmute or reinforce an activation of ``ability`` cites (702.29a, 702.29e, 702.53a,
    702.77a), or none for another ability."""
    if ability.kind == "activated" and is_transmute(ability.keyword):
        return ("702.53a",)
    if ability.kind == "activated" and is_reinforce(ability.keyword):
        return ("702.77a",)
    return (rule(ability.keyword),) if is_cycling_ability(ability) else ()


def cycled(game: Game, card: str, player: str) -> Game:
    """702.29c: the card ``card`` was just discarded by ``player`` to pay the cost of its cycling ability: its
    abilities "When you cycle ~" trigger from the zone it is in now, each waiting to be put on the stack."""
    if not game.state.has(card):
        return game
    o = game.state.obj(card)
    if o.face_down:
        return game
    pending = []
    for i, a in enumerate(o.printed.abilities, 1):
        if not is_triggered(a) or a.mana_trigger is not None:
            continue
        t = trigger_of(a)
        if t is None or not t.on("cycles") or t.who != "self":
            continue
        if a.kind == "unmodelled":
            raise Unsupported(f"{o.name} ({card}) is cycled: it triggers its ability, which is not modelled: "
                              f"{a.source_text!r}")
        if a.intervening:
            raise Unsupported(f"{o.name} ({card}) is cycled: the intervening 'if' of its ability {a.text()!r} is not "
                              "decided from the card's zone")
        # 702.29c: from the zone it wound up in; its owner controls it (603.3a, 108.4a)
        pending.append(PendingTrigger(card, i, o.owner, game.moved(card)))
        game = game.log("702.29c", f"{player} cycled {o.name}: its ability {a.text()!r} triggers from the {o.zone}")
    return game.remember(pending=game.pending + tuple(pending)) if pending else game
