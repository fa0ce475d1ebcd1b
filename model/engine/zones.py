"""Zone changes (CR 400.7): an object that moves from one zone to another becomes a new object with no
memory of its previous existence: its counters (122.2), damage, attachments, tapped status and choices are
gone, and references to the old object (targets, attachments, effects' objects) no longer find it.

Ids follow cards (the spec): the new object keeps the card's id. References to the old object are replaced
by a marker that names no object, so that 608.2b and 704.5m/n see that the old object is gone.

Tokens (111.7, 111.8): a token that leaves the battlefield moves to the new zone and ceases to exist the next
time state-based actions are checked (704.5d, model.engine.sba); a token in a zone other than the battlefield
can't move to another zone.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.names import UNKNOWN_CARD
from mtgjudge.model.objects import CardDef, Face, GameObject, undefined_card
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.permissions import GRAVEYARD_CAST_WORD, exiled_leaving_stack, graveyard_casts
from mtgjudge.model.state import (EffectInForce, GameState, Player, PreventionShield, PTChange, StackAbility,
                                   TurnReplacement)
from mtgjudge.model.engine.game import Game
from mtgjudge.model.words.graveyard_abilities.record import EXILE_IF_LEAVES

ZONES = ("battlefield", "hand", "graveyard", "library", "exile")


def gone_marker(oid: str, n: int) -> str:
    return f"{oid}#left-zone-{n}"


def zone_ids(state: GameState, player: str, zone: str) -> tuple[str, ...]:
    return state.player(player).zone(zone)


def with_zone(p: Player, zone: str, ids: tuple[str, ...]) -> Player:
    """The player with ``zone`` holding exactly ``ids``, in that order (a library top first)."""
    zones = dict(p.zones)
    zones[zone] = ids
    return replace(p, zones=tuple((z, zones.get(z, ())) for z in ZONES))




def remove_from_zones(state: GameState, oid: str) -> GameState:
    """The state with ``oid`` taken out of every zone list and the stack (the object itself stays)."""
    players = []
    for p in state.players:
        for z, ids in p.zones:
            if oid in ids:
                p = with_zone(p, z, tuple(i for i in ids if i != oid))
        players.append(p)
    if oid not in state.stack:
        return state.evolve(players=tuple(players))
    return state.evolve(players=tuple(players), stack=tuple(s for s in state.stack if s != oid))


def add_to_zone(state: GameState, player: str, zone: str, oid: str, top: bool = True) -> GameState:
    p = state.player(player)
    if zone == "library" and not top and p.unknown_library:
        # A library is its named cards on top of the cards nobody knows ("library: N"): a card under those has
        # no place in that representation.
        raise Unsupported(f"putting {state.obj(oid).name} ({oid}) on the bottom of {player}'s library, under {p.unknown_library} card(s) "
                          "nobody knows, is not representable")
    ids = p.zone(zone)
    if zone in ("library", "graveyard") and top:
        ids = (oid,) + ids
    else:
        ids = ids + (oid,)
    players = tuple(with_zone(x, zone, ids) if x.name == player else x for x in state.players)
    return state.evolve(players=players)


def _forget_references(state: GameState, oid: str, marker: str) -> GameState:
    """400.7: the old object is gone; attachments, targets and effects that named it no longer do."""
    objs = []
    for o in state.objects:
        ch: dict[str, Any] = {}
        if o.attached_to == oid:
            ch["attached_to"] = marker
        if o.encoded_on == oid:
            ch["encoded_on"] = marker       # 702.99c: the creature left the battlefield: the card is encoded on nothing
        if oid in o.targets:
            ch["targets"] = tuple(marker if t == oid else t for t in o.targets)
        if oid in o.blocking:
            # 506.4: the attacker left combat; its blocker stays a blocking creature, blocking nothing of it
            ch["blocking"] = tuple(a for a in o.blocking if a != oid)
        objs.append(replace(o, **ch) if ch else o)
    stack = tuple(replace(s, targets=tuple(marker if t == oid else t for t in s.targets))
                  if isinstance(s, StackAbility) and oid in s.targets else s for s in state.stack)
    lasting = []
    for l in state.lasting:
        p = l.payload
        if isinstance(p, EffectInForce) and oid in p.objects:
            l = l.with_payload(replace(p, objects=tuple(marker if t == oid else t for t in p.objects)))
        elif isinstance(p, PTChange) and p.object == oid:
            l = l.with_payload(replace(p, object=marker))
        elif isinstance(p, PTChange) and p.blocks == oid:
            l = l.with_payload(replace(p, blocks=marker))     # 400.7: the creature to block is gone
        elif isinstance(p, PreventionShield) and oid in (p.to, p.source) or \
                isinstance(p, TurnReplacement) and p.object == oid:
            continue        # shields on the old object (615.7, 701.19a, 614.1a) don't apply to the new one: they end
        lasting.append(l)
    new = {"objects": tuple(objs), "stack": stack, "lasting": tuple(lasting)}
    # only what changed is given, so that an unchanged list of objects keeps its index (``GameState.evolve``)
    changed = {k: v for k, v in new.items() if v != getattr(state, k)}
    return state.evolve(**changed) if changed else state


def next_timestamp(state: GameState) -> int:
    # 613.7: resolved "until end of turn" effects share the one clock (a permanent entering after
    # one gets a later timestamp than it)
    ts = [o.timestamp for o in state.objects] + [e.timestamp for e in state.in_force(EffectInForce)] + \
        [c.timestamp for c in state.in_force(PTChange)]
    return max(ts, default=0) + 1


def _guard_replacements(game: Game, o: GameObject, to: str) -> None:
    """Unmodelled static text with no declared scope may be a replacement effect on any zone change (614):
    on the battlefield, or on the moving object itself."""
    for src in list(game.state.battlefield()) + [o]:
        abilities = current(game.state, src.id).abilities if src.zone == "battlefield" else src.printed.abilities
        for a in abilities:
            if a.kind == "unmodelled" and a.unmodelled_kind == "static" and not a.scope and a.functions_in(src.zone):
                raise Unsupported(f"{src.name} ({src.id}) has text the engine cannot model that may change what "
                                  f"happens as {o.id} moves to the {to}: {a.source_text!r}")
    if not o.card.modelled and o.zone in ("battlefield", "stack"):
        raise Unsupported(undefined_card(o.card.name, o.id))


#: The static words this module gives meaning to: a spell exiled as it leaves the stack when it was cast from a
#: graveyard by its flashback, jump-start or aftermath (``move``).
LEAVING_STACK_WORDS = (GRAVEYARD_CAST_WORD,)
#: ... and what would be put into a graveyard exiled instead (``graveyard_replaced``).
GRAVEYARD_WORDS = ("graveyard_to_exile",)


def graveyard_replaced(state: GameState, o: GameObject) -> str | None:
    """614.1a: the static ability of a permanent ("If a card or token would be put into a graveyard from anywhere,
    exile it instead.", ``words.graveyard_replacement``) that exiles ``o`` instead of putting it into its owner's
    graveyard (400.3), named for the log; None when none applies. Several that apply lead to the same exile (one
    of them is applied, 616.1, with one result)."""
    for src in state.battlefield():
        for a in current(state, src.id).abilities:
            st = a.static
            if a.kind != "static" or st is None or st.kind != "graveyard_to_exile":
                continue
            if o.token and not st.arg("tokens", False):
                continue            # a token is no card (111.1)
            if o.spell_copy:
                continue            # a copy of a spell is neither a card nor a token (707.10)
            if st.arg("opponents", False) and o.owner == src.controller:
                continue
            return f"{src.name} ({src.id})"
    return None


def left_battlefield_replaced(state: GameState, o: GameObject, to: str) -> str | None:
    """702.84a, 614.1a: the unearth effect on the permanent ``o`` ("If it would leave the battlefield, exile it
    instead of putting it anywhere else", ``words.graveyard_abilities``) that exiles it instead of moving it to
    ``to``, named for the log by its source; None when none applies, or it is exiled anyway (Dregscape Zombie's
    ruling 2008-10-01: an effect that exiles it succeeds)."""
    if o.zone != "battlefield" or to == "exile":
        return None
    return next((r.origin for r in state.in_force(TurnReplacement) if r.kind == EXILE_IF_LEAVES and r.object == o.id),
                None)


def guard_other_graveyard_replacement(state: GameState, o: GameObject, instead: str) -> None:
    """616.1: ``o`` would be put into a graveyard, and two replacement effects apply: its own (``instead``: put into
    its owner's hand, on its owner's library) and a permanent's exiling it. Its controller chooses the one to
    apply, with different results: not modelled."""
    by = graveyard_replaced(state, o)
    if by is not None:
        raise Unsupported(f"{o.name} ({o.id}) would be put into a graveyard: {by} would exile it and {instead}; "
                          "which replacement effect applies is its controller's choice (616.1), not modelled")


def move(game: Game, oid: str, to: str, *, controller: str | None = None, top: bool = True,
         counters: tuple[tuple[str, int], ...] = (), x: int | None = None, tapped: bool = False,
         kicked: tuple[int, ...] = (), cast_from: str = "", bought_back: bool | None = None, face: int = 0,
         cast_by: str = "", evoked: bool = False, dashed: bool | None = False, guard: bool = True, surged: bool = False,
         chosen: tuple[tuple[str, str], ...] = (), spliced: tuple = (), fused: bool = False,
         overloaded: bool = False, bestowed: bool | None = False, as_though_flash: bool = False,
         event_start: GameState | None = None) -> Game:
    """Move object ``oid`` to zone ``to`` (battlefield, hand, graveyard, library, exile, stack) as a new object
    (400.7). ``controller``: who controls it on the battlefield or the stack (default its owner);
    ``counters``, ``tapped``: counters it enters with and whether it enters tapped (614.1c replacements,
    applied by the caller); ``kicked``: the kicker costs paid for a spell, kept by the permanent it becomes
    (702.33d-e), and ``cast_from``: the zone a spell was cast from (601.2a), both forgotten by any other zone
    change (400.7); ``bought_back``: whether a spell's buyback cost was paid (702.27a); ``face``: the half or face a
    card is cast as (709.3, 715.3, 712.11b), and ``cast_by``: the card's own keyword it is cast by from a graveyard
    (601.3); all three kept only on the stack; ``evoked``: cast for its evoke cost (702.74a), kept as ``kicked`` is,
    and so are ``dashed`` (its dash cost, 702.109a; None: not known, as the question gave the spell), ``surged``
    (its surge cost, 702.117a) and ``bestowed`` (cast bestowed, 702.103b: the spell and the Aura permanent it
    becomes);
    ``chosen``: the choices made as it enters the battlefield (614.12), kept only there; ``spliced``: the rules text
    a spell gains from the cards spliced onto it (702.47c), kept only on the stack (702.47e); ``fused``: a split
    card cast by fuse as both halves (702.102a), ``overloaded``: a spell cast for its overload cost (702.96a), and
    ``as_though_flash``: cast by its own flash permission where a sorcery couldn't have been cast (702.8a), all
    three kept only on the stack. ``guard`` False: the move is part of an event whose first move was guarded (``_guard_replacements``) in the state before the event, where every object the later moves
    move still was (614: what may replace the event is what exists as it happens). ``event_start``: the state as
    the event this move is part of began, where the permanents' replacement effects of going to a graveyard are
    looked for: those of permanents leaving in the same event apply to it too (614.1a; Kalitas, Traitor of Ghet's
    ruling 2016-01-22: it "dies at the same time as creatures your opponents control, those creature cards will be
    exiled")."""
    state = game.state
    o = state.obj(oid)
    exiled = exiled_leaving_stack(o) if o.zone == "stack" and to not in ("stack", "exile") else None
    if exiled is not None:
        # 702.34a, 702.133a, 702.127a: cast from a graveyard by its flashback, jump-start or aftermath, it is exiled
        # instead of going anywhere else (a replacement of the move, 614.1a)
        game = game.log((exiled, "614.1a"), f"{o.name} ({oid}) was cast from a graveyard by its "
                                            f"{_keyword_of(o, exiled)}: it is exiled instead of being put into the {to}")
        to = "exile"
    unearthed = left_battlefield_replaced(state, o, to)
    if unearthed is not None:
        # 702.84a: whatever else would replace the move too (616.1), the result is exile: this one applies to
        # every destination, and exile is where the other exiling replacements send it
        game = game.log(("702.84a", "614.1a"), f"{o.name} ({oid}) would leave the battlefield for the {to}: it is "
                                               f"exiled instead (the unearth ability of {unearthed})")
        to = "exile"
    by = graveyard_replaced(state if event_start is None else event_start, o) if to == "graveyard" else None
    if by is not None:
        game = game.log("614.1a", f"{o.name} ({oid}) would be put into its owner's graveyard: {by} exiles it instead")
        to = "exile"
    if guard:
        _guard_replacements(game, o, to)
    if o.token and o.zone != "battlefield":
        # 111.8: a token that has left the battlefield can't move to another zone or come back.
        return game.log("111.8", f"{o.name} ({oid}) is a token that left the battlefield: it can't move to the {to}")
    game = _left_battlefield(game, o, to, event_start)
    state = game.state
    n = game.moved(oid) + 1
    state = _forget_references(remove_from_zones(state, oid), oid, gone_marker(oid, n - 1))
    ctrl = controller or o.owner
    new = GameObject(id=oid, card=o.card, owner=o.owner, controller=ctrl if to in ("battlefield", "stack") else o.owner,
                     zone=to, face=face if to == "stack" else 0, token=o.token, counters=tuple(sorted(counters)), tapped=tapped and to == "battlefield",
                     summoning_sick=(to == "battlefield"), x=x,
                     kicked=kicked if to in ("battlefield", "stack") else (),
                     cast_from=cast_from if to in ("battlefield", "stack") else "",
                     bought_back=bought_back if to == "stack" else None,
                     cast_by=cast_by if to == "stack" else "",
                     cast_as_though_flash=as_though_flash if to == "stack" else None,
                     evoked=evoked and to in ("battlefield", "stack"), spell_copy=o.spell_copy,
                     surged=surged and to in ("battlefield", "stack"),
                     dashed=dashed if to in ("battlefield", "stack") else False,
                     bestowed=bestowed if to in ("battlefield", "stack") else False,
                     chosen=chosen if to == "battlefield" else (),
                     spliced=tuple(spliced) if to == "stack" else (),
                     fused=fused and to == "stack", overloaded=overloaded and to == "stack",
                     timestamp=next_timestamp(state) if to in ("battlefield", "stack") else 0)
    if o.face_down:
        raise Unsupported(f"moving the face-down permanent {o.name} ({oid}), whose face is revealed (708.9), is not modelled")
    state = state.evolve(objects=tuple(new if q.id == oid else q for q in state.objects))
    if to == "stack":
        state = state.evolve(stack=(oid,) + state.stack)
    else:
        state = add_to_zone(state, new.controller if to == "battlefield" else new.owner, to, oid, top)
    moves = dict(state.zone_changes)
    moves[oid] = n
    return game.with_state(state.evolve(zone_changes=tuple(sorted(moves.items()))))


def _keyword_of(o: GameObject, rule: str) -> str:
    return next(w.keyword.lower() for w in graveyard_casts(o.printed.abilities) if w.rule == rule)


def create_object(game: Game, obj: GameObject) -> Game:
    """Put a new object (a token, 111.1; an unknown drawn card) into its zone."""
    state = game.state
    if obj.zone == "battlefield":
        obj = replace(obj, timestamp=next_timestamp(state), summoning_sick=True)
    state = state.evolve(objects=state.objects + (obj,))
    state = add_to_zone(state, obj.controller if obj.zone == "battlefield" else obj.owner, obj.zone, obj.id)
    return game.with_state(state)


def _left_battlefield(game: Game, o: GameObject, to: str, event_start: GameState | None = None) -> Game:
    """The turn's history as ``o`` leaves its zone for ``to``: a permanent leaving the battlefield left it under its
    controller (revolt); a creature put from the battlefield into a graveyard died (700.4), its types as it last
    existed there (``current``; in an event that moves several, as the event began, ``event_start``: what leaves
    with it still applied to it then)."""
    if o.zone != "battlefield":
        return game
    h = game.state.this_turn.noting("left", o.controller)
    if to == "graveyard" and "Creature" in current(game.state if event_start is None else event_start, o.id).types:
        h = replace(h, died=h.died + 1)
    return game.remember(this_turn=h)


def cease_to_exist(game: Game, oid: str) -> Game:
    """The object stops existing (a token off the battlefield, 704.5d; objects of a player who left, 800.4a)."""
    game = _left_battlefield(game, game.state.obj(oid), "")
    n = game.moved(oid) + 1
    state = _forget_references(remove_from_zones(game.state, oid), oid, gone_marker(oid, n - 1))
    state = state.evolve(objects=tuple(q for q in state.objects if q.id != oid))
    moves = dict(state.zone_changes)
    moves[oid] = n
    return game.with_state(state.evolve(zone_changes=tuple(sorted(moves.items()))))


def unknown_id(state: GameState, player: str, prefix: str) -> str:
    """An id the question did not give (it starts with "_", so ``Game.key`` treats such objects as
    interchangeable), for a card of ``player``'s that nobody knows: ``_<prefix>_<player>_<k>``."""
    k = 1
    while state.has(f"_{prefix}_{player}_{k}") or f"_{prefix}_{player}_{k}" in dict(state.zone_changes):
        k += 1
    return f"_{prefix}_{player}_{k}"


def card_nobody_knows(game: Game, player: str, zone: str, prefix: str, name: str = UNKNOWN_CARD,
                      card: CardDef | None = None) -> tuple[Game, str]:
    """One of the cards nobody knows of ``player``'s library (``Player.unknown_library``) moved to ``zone``: made
    there as an object whose characteristics are not known (``card``, where a search named the card), known by
    ``name`` ("a card nobody knows", or the quality a search named); the library holds one fewer of them. What
    such a card is decides nothing as it moves: by the question format's convention (docs/question-format.md,
    "Cards nobody knows"), a card the question does not name has no ability that functions as it moves or where
    it arrives; anything that reads its characteristics afterwards is unsupported
    (``rules.characteristics.printed_characteristics``)."""
    p = game.state.player(player)
    oid = unknown_id(game.state, player, prefix)
    o = GameObject(id=oid, card=card or CardDef(faces=(Face(name=name),), modelled=False), owner=player,
                   controller=player, zone=zone)
    by = graveyard_replaced(game.state, o) if zone == "graveyard" else None
    if by is not None:
        game = game.log("614.1a", f"{name} ({oid}) would be put into {player}'s graveyard: {by} exiles it instead")
        o = replace(o, zone="exile")
    st = game.state.with_player(replace(p, unknown_library=p.unknown_library - 1))
    return create_object(game.with_state(st), o), oid


def fresh_id(state: GameState, base: str) -> str:
    base = "".join(c if c.isalnum() else "-" for c in base.lower()).strip("-")
    i = 1
    while state.has(f"{base}-{i}"):
        i += 1
    return f"{base}-{i}"
