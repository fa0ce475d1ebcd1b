"""Resolving the top object of the stack (CR 608): spells become permanents (608.3) or do what they say and go
to the graveyard (608.2n); abilities do what they say. Targets are checked first (608.2b): if every target is
illegal, the spell or ability doesn't resolve; illegal targets aren't affected.

Effect kinds the engine performs are in ``HANDLERS``; any other effect is unsupported, naming its text.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.scopes import EVENT_SCOPES, Scope
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.characteristics import printed_characteristics
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.state import GameState, PTChange, StackAbility
from mtgjudge.model.engine.game import MAX_STEPS, Game, merge, name_of
from mtgjudge.model.engine.removal import remove
from mtgjudge.model.engine.sba import power
from mtgjudge.model.engine.targeting import effect_uses, still_legal
from mtgjudge.model.rules.targets import target_spec
from mtgjudge.model.engine import shields, zones
from mtgjudge.model.engine.entering import put_onto_battlefield
from mtgjudge.model.engine.auras import resolve_aura
from mtgjudge.model.engine.tokens import token_card
from mtgjudge.model.engine.exile_until import exile_until_leaves, link_exiled, return_linked
from mtgjudge.model.engine.exile_top import exile_top, exiled_by_this, leave_permission
from mtgjudge.model.engine import optional
from mtgjudge.model.engine import intervening
from mtgjudge.model.engine import modes
from mtgjudge.model.engine import kicker
from mtgjudge.model.engine.on_stack import cant_be_countered
from mtgjudge.model.oracle.kicker import as_announced
from mtgjudge.model.engine.transforming import can_transform, transform
from mtgjudge.model.engine.settle import after_moves, settle, source_on_battlefield
from mtgjudge.model.engine.triggers import ability_of, apnap, guard_unrecognized, legal_target, target_slots, watched_trigger
from mtgjudge.model.engine import tribute
from mtgjudge.model.errors import InputError, SearchBound
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.oracle.narrowing import not_chosen, only_if_paid


@dataclass(frozen=True)
class Ctx:
    """What an effect of a resolving spell or ability knows: its source, controller, targets, and for the
    effect at hand its target (``target``) and whether that target is still legal (608.2b); ``before``: the
    game as the resolution began, for what an effect reads of objects that an earlier effect moved (608.2h)."""
    source: str
    controller: str
    targets: tuple[str, ...]
    source_moves: int
    x: int | None = None
    target: str | None = None
    target_legal: bool = True
    group: tuple[str, ...] = ()           # a whole-use handler (``WHOLE_USE``): every target of its use
    group_legal: tuple[bool, ...] = ()    # and whether each is still legal (608.2b)
    target2: str | None = None            # an effect's second use of "target" ("fights target creature")
    target2_legal: bool = True
    it: str | None = None                 # "it": the one target of the effect before (608.2c)
    it_legal: bool = True
    before: GameState | None = None
    ability_index: int | None = None     # which ability of the source's face (None: a spell's effect)
    face: int = 0                        # the source's face the ability is on
    source_transformed: bool = False     # the source transformed since the ability went on the stack (701.27f)
    source_lki: GameObject | None = None   # the source as it last existed on the battlefield (603.10a, 608.2h)
    links_exile: bool = False              # an ability whose object has a linked "return the exiled card" (607.2a)
    no_regeneration: bool = False          # "It can't be regenerated." follows the destruction (701.19c)


# ------------------------------------------------------------------------------------------- effects

def draw(game: Game, player: str) -> Game:
    """121.1-121.2: the top card of the library goes to the hand; a player who can't draw loses when
    state-based actions are next checked (704.5b)."""
    guard_scope(game.state, "draw", f"{player} draws a card")
    p = game.state.player(player)
    lib = p.zone("library")
    if lib:
        top = lib[0]
        lki = game.state.obj(top)
        game = zones.move(game, top, "hand").log("121.1", f"{player} draws {lki.name} ({top})")
        return after_moves(game, [(lki, "library", "hand")], f"{player} draws")
    if p.unknown_library > 0:
        k = 1
        while game.state.has(f"_unknown_{player}_{k}") or f"_unknown_{player}_{k}" in dict(game.state.zone_changes):
            k += 1
        oid = f"_unknown_{player}_{k}"   # an id the question did not give: interchangeable (Game.key)
        o = GameObject(id=oid, card=CardDef(faces=(Face(name="a card nobody knows"),), modelled=False),
                       owner=player, controller=player, zone="hand")
        st = game.state.with_player(replace(p, unknown_library=p.unknown_library - 1))
        game = zones.create_object(game.with_state(st), o).log("121.1", f"{player} draws a card nobody knows ({oid})")
        guard_unrecognized(game, f"{player} draws")
        return game
    game = game.remember(drew_empty=game.drew_empty + (player,))
    return game.log("704.5b", f"{player} attempts to draw from an empty library")


def discard_choices(game: Game, player: str) -> list[tuple[Game, str | None]]:
    """701.9a: discarding one card: every card in hand is a choice."""
    hand = game.state.player(player).zone("hand")
    if not hand:
        return [(game.log("701.9", f"{player} has no card to discard"), None)]
    return [(discard_one(game, player, oid), oid) for oid in hand]


def discard_one(game: Game, player: str, oid: str) -> Game:
    """701.9a: ``player`` discards the card ``oid`` from their hand (unsupported if what it is, or text that
    functions as it is discarded, is not known)."""
    lki = game.state.obj(oid)
    if not lki.card.modelled:
        raise Unsupported(f"{player} could discard {oid}, a card nobody knows (or the verifier has no definition "
                          "for): what it is matters")
    for a in lki.printed.abilities:
        # 113.6: text that functions only on the battlefield can't apply to a card leaving the hand.
        if a.kind == "unmodelled" and a.may_concern("discard") and (a.functions_in("hand") or a.functions_in("graveyard")):
            raise Unsupported(f"{lki.name} ({oid}) could be discarded and has unmodelled text: {a.source_text!r}")
    g = zones.move(game, oid, "graveyard").log("701.9a", f"{player} discards {lki.name} ({oid})")
    return after_moves(g, [(lki, "hand", "graveyard")], f"{player} discards").choose(f"{player} discards {oid}")


def create_token(game: Game, kind: str | CardDef, controller: str, rule, tapped: bool = False) -> Game:
    """111.2: ``controller`` creates a token of a defined kind (by name: 111.10) or of the card an effect's
    words describe (111.3); it enters the battlefield under their control (``tapped``: the effect says it
    enters tapped, 110.5b)."""
    if controller in game.left:
        return game.log("800.4b", f"{controller} has left the game: no token is created")
    if isinstance(kind, CardDef):
        card, face = kind, 0
    else:
        found = card_db().find(kind)
        if found is None or not found[0].token:
            raise Unsupported(f"the token kind {kind!r} has no definition")
        card, face = found
    name = " ".join(card.faces[face].subtypes) + " Token"
    guard_scope(game.state, "enters", f"a {name} enters the battlefield")
    for a in card.faces[face].abilities:
        if a.kind == "unmodelled" and a.may_concern("enters"):
            raise Unsupported(f"the token {name} has unmodelled text that may apply as it enters: {a.source_text!r}")
    oid = zones.fresh_id(game.state, name)
    o = GameObject(id=oid, card=card, owner=controller, controller=controller, zone="battlefield", face=face, token=True,
                   tapped=tapped)
    game = zones.create_object(game, o).log(rule, f"{controller} creates a {name} ({oid}) (111.4: its name is its "
                                                  "subtypes plus Token)")
    return after_moves(game, [(game.state.obj(oid), "none", "battlefield")], "a token is created")


def _recruit(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.70a: draw a card, then discard a card; if a nonland card was discarded, create a 1/1 white Human
    Soldier creature token. No player may act in between (it is one effect)."""
    p = ctx.controller
    game = draw(game.log("701.70a", f"{p} recruits: draw a card, then discard a card"), p)
    out = []
    for g, oid in discard_choices(game, p):
        if oid is not None and "Land" not in g.state.obj(oid).printed.types:
            g = create_token(g, "Human Soldier", p, "701.70a")
        elif oid is not None:
            g = g.log("701.70a", f"{oid} is a land card: no token is created")
        out.append(g)
    return merge(out)


def _exile_until(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    phrase = e.arg("target")
    legal = [t for t in ctx.targets if legal_target(game, phrase, ctx.controller, ctx.source, t, None)]
    return [exile_until_leaves(game, ctx.source, ctx.source_moves, ctx.controller, legal)]


def change_life(game: Game, player: str, delta: int, rules=("119.3",), why: str = "") -> Game:
    """119.3: a player gains or loses life (damage to a player: 120.3a); a player who left the game is no
    longer affected (800.4a)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: their life total does not change")
    guard_scope(game.state, "life", f"{player}'s life total changes")
    p = game.state.player(player)
    game = game.with_state(game.state.with_player(replace(p, life=p.life + delta)))
    verb = "gains" if delta >= 0 else "loses"
    guard_unrecognized(game, f"{player} {verb} life")
    return game.log(rules, f"{player} {verb} {abs(delta)} life{why} ({p.life} -> {p.life + delta})")


def _gain(game: Game, e: Effect, ctx: Ctx, sign: int) -> list[Game]:
    return [change_life(game, ctx.controller, sign * e.arg("n"))]


def _drain(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """119.3: the target player loses N life and the controller gains M (608.2b: an illegal target loses none;
    with its only target illegal the ability doesn't resolve at all)."""
    skip = _unaffected(game, ctx)
    if skip is not None:
        return [skip]
    if ctx.target not in game.state.player_names:
        raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
    game = change_life(game, ctx.target, -e.arg("n"))
    return [change_life(game, ctx.controller, e.arg("gain"))]


def _unaffected(game: Game, ctx: Ctx) -> Game | None:
    """608.2b: an illegal target is not affected by the effect."""
    if ctx.target_legal:
        return None
    return game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")


#: Damage keywords of a source whose results (702.2b, 702.15b, 702.80, 702.90) the engine does not perform.
_DAMAGE_KEYWORDS = ("Deathtouch", "Lifelink", "Infect", "Wither")


def _damage(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3: damage from the spell or ability's source: a player loses that much life (120.3a), a creature
    has it marked on it (120.3e; lethal damage is the state-based action 704.5g)."""
    skip = _unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    n, t = e.arg("n"), ctx.target
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    if ctx.source_lki is not None and (src is None or src.zone != "battlefield"):
        # 608.2h: a source that left the battlefield deals damage as it last existed there; keywords other
        # permanents granted it then are not known to the engine.
        src = ctx.source_lki
        if any(a.kind == "static" and a.static is not None and a.static.kind == "grant_keyword"
               for o in st.battlefield() for a in o.printed.abilities):
            raise Unsupported(f"{src.name} left the battlefield: which keywords it had as it last existed (608.2h) "
                              "is not known to the engine while keywords are granted")
    if src is not None:
        ch = printed_characteristics(src) if src is ctx.source_lki else current(st, ctx.source)
        for kw in _DAMAGE_KEYWORDS:
            if ch.has_keyword(kw):
                raise Unsupported(f"{src.name} has {kw.lower()}: the results of its damage are not performed by "
                                  "the engine yet")
    name = src.name if src is not None else ctx.source
    if t not in st.player_names:
        o = st.obj(t)
        if o.zone != "battlefield":
            raise Unsupported(f"damage to {o.name} ({t}) in the {o.zone} is not performed by the engine")
        types = current(st, t).types
        if "Planeswalker" in types or "Battle" in types:
            raise Unsupported(f"damage to {o.name} ({t}), a planeswalker or battle (120.3c, 120.3h), is not "
                              "performed by the engine yet")
        guard_scope(st, "dies", f"{name} deals damage to {o.name} ({t})")
    elif st.prevention:
        # unmodelled text about the damage event ("damage can't be prevented") is guarded before any shield
        # prevents it (the damage dealt guards it again, ``change_life``)
        guard_scope(st, "life", f"{name} would deal damage to {t}")
    out = []
    # 615.6-615.7: prevention shields first (615.12: not for damage that can't be prevented)
    for g, left in shields.prevent(game, ctx.source, t, n, bool(e.arg("unpreventable"))):
        if left <= 0:
            out.append(g.log("615.6", f"all the damage {name} would deal to {t} is prevented: none is dealt"))
        else:
            out.append(_deal(g, name, t, left))
    return out


def _deal(game: Game, name: str, t: str, n: int) -> Game:
    """120.3: ``n`` damage (after prevention) dealt to the player or permanent ``t`` by the source ``name``."""
    st = game.state
    if t in st.player_names:
        return change_life(game, t, -n, ("120.3a", "119.3"), f": {name} deals {n} damage to them")
    o = st.obj(t)
    # ("dies" was guarded by ``_damage`` before prevention)
    guard_scope(st, "power-toughness", f"{name} deals damage to {o.name} ({t})")
    game = game.with_state(st.with_object(replace(o, damage=o.damage + n)))
    guard_unrecognized(game, f"{name} deals damage to {o.name}")
    return game.log("120.3e", f"{name} deals {n} damage to {o.name} ({t}): it is marked on it")


def _removal(kind: str) -> Callable[[Game, Effect, Ctx], list[Game]]:
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        skip = _unaffected(game, ctx)
        if skip is not None:
            return [skip]
        st = game.state
        if ctx.target in st.player_names or not st.has(ctx.target) or st.obj(ctx.target).zone != "battlefield":
            raise Unsupported(f"{e.text()!r} on {ctx.target}, not a permanent: only permanents are performed by "
                              "the engine yet")
        if kind == "exile" and ctx.links_exile:
            g = remove(game, ctx.target, kind)
            if g.state.has(ctx.target) and g.state.obj(ctx.target).zone == "exile":
                g = link_exiled(g, ctx.source, ctx.source_moves, ctx.controller, ctx.target)
                if not source_on_battlefield(g, ctx.source, ctx.source_moves):
                    g = g.log("607.2a", f"{ctx.source} has already left the battlefield: its linked ability that "
                                        f"returns the exiled card has triggered already, so {ctx.target} stays exiled")
            return [g]
        return [remove(game, ctx.target, kind, not ctx.no_regeneration)]
    return handler


def _return_exiled(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    return [return_linked(game, ctx.source, ctx.source_moves)]


def _tokens_per_counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Create a [token] for each [kind] counter on this": the counters on the source as it last existed on
    the battlefield (608.2h, 603.10a: a dies ability; 122.2: it has none once it left); the token is the one
    defined whose characteristics the words give (111.4)."""
    src = ctx.source_lki if ctx.source_lki is not None else game.state.obj(ctx.source)
    if ctx.source_lki is None and src.zone != "battlefield":
        raise Unsupported(f"the counters on {src.name} as it last existed are not known to the engine")
    n = src.counter(e.arg("counter"))
    words = e.arg("token")
    kind = _token_kind(words)
    if n == 0:
        return [game.log(("608.2h", "122.2"), f"{src.name} had no {e.arg('counter')} counters as it last existed "
                                              f"on the battlefield: no token is created")]
    game = game.log("608.2h", f"{src.name} had {n} {e.arg('counter')} counter(s) as it last existed on the "
                              f"battlefield: {n} token(s)")
    for _ in range(n):
        game = create_token(game, kind, ctx.controller, "111.1")
    return [game]


def _token_kind(words: str) -> CardDef:
    """The token the words describe (111.3, 111.4; ``tokens.token_card``), or unsupported naming them."""
    return token_card(words)


def _pump(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.4c (layer 7c): the target gets +N/+N until end of turn (ends in the cleanup step, 514.2)."""
    skip = _unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    if not st.has(ctx.target) or st.obj(ctx.target).zone != "battlefield":
        raise Unsupported(f"{e.text()!r} on {ctx.target}, not a permanent, is not performed by the engine")
    return [add_pt_change(game, ctx.target, e.arg("power"), e.arg("toughness"), ctx.source)]


def add_pt_change(game: Game, target: str, p: int, t: int, source: str) -> Game:
    """613.4c (layer 7c): ``target`` gets +p/+t until end of turn (514.2), from ``source``'s effect."""
    st = game.state
    guard_scope(st, "power-toughness", f"{target}'s power and toughness change")
    origin = st.obj(source).name if st.has(source) else source
    ts = max([o.timestamp for o in st.objects] + [c.timestamp for c in st.pt_changes] + [0]) + 1
    game = game.with_state(st.evolve(pt_changes=st.pt_changes + (PTChange(target, p, t, st.turn.number, origin, ts),)))
    guard_unrecognized(game, f"{target}'s power and toughness change")
    return game.log("613.4c", f"{name_of(st, target)} gets {p:+d}/{t:+d} until end of turn")


def _counter_spell(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.6a: to counter a spell is to cancel it, removing it from the stack to its owner's graveyard; the
    counter word's ``instead`` (614.1a: "If that spell is countered this way, exile it instead ...") sends it to
    exile, its owner's hand, or the top of its owner's library, or the top or bottom as the countering spell's controller
    chooses (608.2d: each a branch)."""
    skip = _unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
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
    out = []
    for to, top, how in places:
        g = zones.move(game, o.id, to, top=top).log("701.6a", f"{o.name} ({o.id}) is countered: it is removed from {how}")
        if len(places) > 1:
            g = g.choose(f"{ctx.controller} puts {o.name} on the {'top' if top else 'bottom'} of its owner's library")
        out.append(after_moves(g, [(o, "stack", to)], f"{o.name} is countered"))
    return merge(out)


def _controller_gains_power(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Its controller gains life equal to its power": the target as it last existed on the battlefield
    (608.2h; Swords to Plowshares ruling 2018-03-16); a negative power gains and loses nothing (107.1b)."""
    if len(ctx.targets) != 1 or ctx.before is None:
        raise Unsupported(f"what 'its' refers to in {e.text()!r} is not known to the engine")
    t = ctx.targets[0]
    before = ctx.before
    if not before.has(t) or before.obj(t).zone != "battlefield":
        return [game.log("608.2b", f"{t} was not on the battlefield: no life is gained")]
    o = before.obj(t)
    n = power(Game(before), t)
    if n <= 0:
        return [game.log(("608.2h", "107.1b"), f"{o.name}'s power was {n}: {o.controller} gains no life")]
    return [change_life(game, o.controller, n, ("608.2h", "119.3"), f", the power of {o.name} as it last existed "
                                                                    "on the battlefield")]


def _draw(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    for _ in range(e.arg("n", 1)):
        game = draw(game, ctx.controller)
    return [game]


def _counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    st = game.state
    if not (st.has(ctx.source) and st.obj(ctx.source).zone == "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        return [game.log("400.7", f"{ctx.source} left the battlefield: no counter is put on it")]
    return [add_counters(game, ctx.source, e.arg("kind"), e.arg("n", 1))]


def add_counters(game: Game, oid: str, kind: str, n: int) -> Game:
    """122.1: ``n`` counters of ``kind`` are put on the permanent ``oid``."""
    st = game.state
    o = st.obj(oid)
    c = dict(o.counters)
    c[kind] = c.get(kind, 0) + n
    game = game.with_state(st.with_object(replace(o, counters=tuple(sorted(c.items())))))
    guard_unrecognized(game, f"counters are put on {o.name}")
    return game.log("122.1", f"{n} {kind} counter(s) are put on {oid}")


def _exile_top(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.13a: "Exile the top N cards of your library" (``exile_top``)."""
    return [exile_top(game, ctx.controller, e.arg("n", 1))]


def _lasting(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """611.2a: a continuous effect the resolving spell or ability leaves in force. The engine performs "you may
    play that card / those cards" (601.3) on the cards an earlier instruction exiled (608.2c); others are
    unsupported, naming them."""
    static = e.arg("static")
    if static.kind != "may_play" or ctx.before is None:
        raise Unsupported(f"the lasting effect {e.text()!r} is not performed by the engine yet")
    src = game.state.obj(ctx.source) if game.state.has(ctx.source) else None
    if src is None:
        raise Unsupported(f"the source of {e.text()!r} ceased to exist: last known information is not modelled")
    objects = exiled_by_this(ctx.before, game.state, ctx.controller)
    return [leave_permission(game, e.arg("until", ""), static.kind, source=src.name, controller=ctx.controller,
                             card=src.card, face=ctx.face, ability=ctx.ability_index, objects=objects)]


def _transform(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.27a, 701.27f: an ability's "Transform this" turns its source over only if it is still the same
    permanent (400.7) and a double-faced one (701.27c)."""
    st = game.state
    if not (st.has(ctx.source) and st.obj(ctx.source).zone == "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        return [game.log(("400.7", "701.27f"), f"{ctx.source} is no longer the permanent whose ability this is: it "
                                               "doesn't transform")]
    if not can_transform(game, ctx.source):
        return [game.log("701.27c", f"{ctx.source} is not a double-faced permanent: nothing happens")]
    if ctx.source_transformed or st.obj(ctx.source).face != ctx.face:
        return [game.log("701.27f", f"{ctx.source} has transformed since the ability was put on the stack: it "
                                    "doesn't transform again")]
    return [transform(game, ctx.source, ("701.27a", "701.27f"))]


HANDLERS: dict[str, Callable[[Game, Effect, Ctx], list[Game]]] = {
    "exile_top": _exile_top,
    "lasting": _lasting,
    "transform": _transform,
    "exile_until_source_leaves": _exile_until,
    "recruit": _recruit,
    "gain_life": lambda g, e, c: _gain(g, e, c, 1),
    "lose_life": lambda g, e, c: _gain(g, e, c, -1),
    "draw": _draw,
    "counter": _counter,
    "damage": _damage,
    "damage_you": lambda g, e, c: _damage(g, e, replace(c, target=c.controller, target_legal=True)),
    "destroy": _removal("destroy"),
    "exile": _removal("exile"),
    "bounce": _removal("bounce"),
    "pump": _pump,
    "counter_spell": _counter_spell,
    "its_controller_gains_life_equal_to_power": _controller_gains_power,
    "return_exiled": _return_exiled,
    "drain": _drain,
    "create_token_per_counter": _tokens_per_counter,
    **optional.MARKER_HANDLERS,
    **kicker.MARKER_HANDLERS,
}


#: Rebound (702.88a) as the spell finishes resolving: ``engine.delayed.rebound``, set as it is imported.
REBOUND: Callable[[Game, str, bool], Game] = lambda game, oid, from_hand: game


#: How a delayed triggered ability resolves (603.7): ``engine.delayed.resolve_delayed``, set as it is imported.
RESOLVE_DELAYED: Callable[[Game, StackAbility], list[Game]] = lambda game, top: []


#: Effect kinds whose handler acts on every target of its use of "target" at once (``Ctx.group``), not once
#: per target.
WHOLE_USE: set[str] = set()

#: Effect kinds that refer to the instruction before them (608.2c, 608.2h), and the function that performs that
#: instruction with them (``engine.refs`` registers both).
REFERRING: set[str] = set()
#: Words that only qualify the instruction before them ("It can't be regenerated."): a reference after them is
#: to that instruction.
PART_OF_BEFORE: set[str] = {"no_regeneration"}
RUN_REFERENCES: list[Callable] = []
#: Other tests of whether an effect refers to the instruction before it ("for each creature destroyed this way").
REFERS_BACK: list[Callable[[Effect], bool]] = []
#: Marker words that govern the instructions after them, and the function that performs them (608.2c, 705,
#: 701.38a: ``engine.conditions`` registers "If <condition>, <instruction>", coin flips and votes).
MARKER_RUNNERS: dict[str, Callable] = {}


def refers_back(e: Effect) -> bool:
    """Does ``e`` refer to the instruction before it (``REFERRING``, ``REFERS_BACK``)?"""
    return e.kind in REFERRING or any(f(e) for f in REFERS_BACK)


def spell_ability(abilities) -> Ability | None:
    """An instant's or sorcery's spell abilities (one per paragraph, 113.2c) as one: their instructions are
    followed in the order written (608.2c) and their targets are all the spell's (601.2c, 608.2b). None when it
    has none; unsupported where a paragraph begins with "it" naming the target of the paragraph before."""
    spell = [a for a in abilities if a.kind == "spell"]
    if len(spell) <= 1:
        return spell[0] if spell else None
    for a in spell[1:]:
        if a.effects and a.effects[0].arg("it"):
            raise Unsupported(f"what 'it' refers to in {a.text()!r} is not known to the engine")
    return Ability("spell", effects=tuple(e for a in spell for e in a.effects),
                   targets=tuple(t for a in spell for t in a.targets),
                   source_text=" ".join(a.text() for a in spell))


def _exiles_until(ability: Ability) -> bool:
    return any(e.kind == "exile_until_source_leaves" for e in ability.effects)


def run_effects(game: Game, ability: Ability, ctx: Ctx, legal: list[bool] | None = None) -> list[Game]:
    """608.2c: the effects in the order written, each on its own target (``targeting.effect_slots``);
    ``legal``: which targets were legal as resolution began (608.2b)."""
    for i, e in enumerate(ability.effects):
        if e.kind not in HANDLERS:
            raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet")
        # "You may play that card" refers to the cards the instruction before it exiled (608.2c); the engine
        # knows which only right after "exile the top N cards of your library".
        if e.kind == "lasting" and (i == 0 or ability.effects[i - 1].kind != "exile_top"):
            raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet (what it applies to is "
                              "known to the engine only right after 'exile the top cards of your library')")
    uses = [(None, None)] * len(ability.effects) if _exiles_until(ability) or not ability.targets else \
        effect_uses(ability, ctx.targets)
    # 701.19c, 608.2c: "It can't be regenerated." after a destruction applies to that destruction itself
    unregenerable = {id(e) for e, nxt in zip(ability.effects, ability.effects[1:]) if nxt.kind == "no_regeneration"}

    def perform(branches: list[Game], e: Effect, use, it):
        """One instruction on every branch; returns the branches and what "it" names next (608.2c)."""
        group, group2 = use
        base = replace(ctx, no_regeneration=True) if id(e) in unregenerable else ctx
        if e.arg("those"):
            # "those creatures": each target of the instruction before (608.2c), each checked on its own
            # (608.2b) as that instruction's were (helper delayed)
            if group is not None or group2 is not None:
                raise Unsupported(f"{e.text()!r} with a target of its own is not performed by the engine")
            if e.kind in WHOLE_USE:         # one instruction on all of them at once
                c = replace(base, group=tuple(t for t, _ in those[0]), group_legal=tuple(ok for _, ok in those[0]),
                            before=ctx.before or game.state)
                return merge([r for g in branches for r in HANDLERS[e.kind](g, e, c)]), it
            for t, ok in those[0]:
                c = replace(base, target=t, target_legal=ok, before=ctx.before or game.state)
                branches = merge([r for g in branches for r in HANDLERS[e.kind](g, e, c)])
            return branches, it
        if group2 is None and not e.arg("it"):
            those[0] = [(ctx.targets[i], legal[i] if legal is not None else True) for i in group] \
                if group is not None else []
        if group2 is not None or e.arg("it"):
            # one effect on two targets ("fights target creature"), or on "it" (the previous effect's target)
            # and a target: performed once, with both and whether each is still legal (608.2b)
            one = lambda r: (ctx.targets[r[0]], legal[r[0]] if legal is not None else True) if r is not None and \
                len(r) == 1 else (None, True)
            if (group is not None and len(group) != 1) or (group2 is not None and len(group2) != 1):
                raise Unsupported(f"{e.text()!r} with several objects for one use of \"target\" is not performed")
            (t1, ok1), (t2, ok2) = one(group), one(group2)
            if e.arg("it"):
                t1, ok1 = it
                if t1 is None:
                    raise Unsupported(f"what 'it' refers to in {e.text()!r} is not known to the engine")
            c = replace(base, target=t1, target_legal=ok1, target2=t2, target2_legal=ok2,
                        before=ctx.before or game.state)
            return merge([r for g in branches for r in HANDLERS[e.kind](g, e, c)]), (t1, ok1)
        if e.kind in WHOLE_USE:
            # an effect that acts on all the targets of its use at once (damage divided among them, 601.2d)
            idx = list(group) if group is not None else []
            c = replace(base, group=tuple(ctx.targets[i] for i in idx),
                        group_legal=tuple(legal[i] if legal is not None else True for i in idx),
                        before=ctx.before or game.state)
            # "it" after it: its one target (608.2c), none if it had several
            it_next = (c.group[0], c.group_legal[0]) if len(c.group) == 1 else (None, True)
            return merge([r for g in branches for r in HANDLERS[e.kind](g, e, c)]), it_next
        # One use of "target" may have chosen several objects ("destroy two target creatures"): the effect
        # acts on each of them (none if "up to" chose none), each checked on its own (608.2b).
        for i in (group if group is not None else (None,)):
            t = ctx.targets[i] if i is not None else None
            ok = legal[i] if i is not None and legal is not None else True
            c = replace(base, target=t, target_legal=ok, before=ctx.before or game.state)
            nxt = []
            for g in branches:
                # 400.7, 608.2b: a target an earlier instruction moved to another zone (a mode chosen twice on
                # one object, 700.2d; "return target permanent" then "target creature gets -3/-3") is a new
                # object, not the one targeted: it is treated as an illegal target
                if ok and t is not None and t not in g.state.player_names and g.state.has(t) and \
                        c.before.has(t) and g.state.moved(t) != c.before.moved(t):
                    g = g.log(("400.7", "608.2b"), f"{t} has changed zones since {name_of(g.state, ctx.source)} began "
                                                   "to resolve: it is a new object, not the one targeted")
                    nxt += HANDLERS[e.kind](g, e, replace(c, target_legal=False))
                    continue
                nxt += HANDLERS[e.kind](g, e, c)
            branches = merge(nxt)
        it = (ctx.targets[group[0]], legal[group[0]] if legal is not None else True) \
            if group is not None and len(group) == 1 else (None, True)
        return branches, it

    branches = [game]
    it: tuple[str | None, bool] = (None, True)
    those: list[list[tuple[str, bool]]] = [[]]      # the targets of the last instruction with its own (608.2c)
    i = 0
    while i < len(ability.effects):
        if ability.effects[i].kind in optional.MARKERS:       # 608.2c-d: a choice made on resolution
            branches, it, i = optional.run_chain(branches, ability.effects, uses, i, it, perform)
            continue
        if ability.effects[i].kind in kicker.MARKERS:         # 702.33d, 608.2c: only if / unless kicked
            branches, it, i = kicker.run_marked(branches, ability.effects, uses, i, it, perform,
                                                bool(kicker.was_kicked(game, ctx.source)))
            continue
        if ability.effects[i].kind in MARKER_RUNNERS:         # 608.2c: a condition checked as it resolves
            branches, it, i = MARKER_RUNNERS[ability.effects[i].kind](branches, ability.effects, uses, i, it, perform,
                                                                       ctx)
            continue
        nxt = i + 1
        while nxt < len(ability.effects) and ability.effects[nxt].kind in PART_OF_BEFORE:
            nxt += 1
        if nxt < len(ability.effects) and refers_back(ability.effects[nxt]) and \
                not refers_back(ability.effects[i]):
            # 608.2c, 608.2h: the next instructions refer to this one ("its controller", "this way")
            branches, it, i = RUN_REFERENCES[0](branches, ability.effects, uses, i, it, perform, ctx)
            continue
        branches, it = perform(branches, ability.effects[i], uses[i], it)
        i += 1
    return branches


def _targets_check(game: Game, ability: Ability, ctx: Ctx) -> list[bool] | None:
    """608.2b: which targets are still legal; None when it had targets and all of them are now illegal (it
    doesn't resolve)."""
    if not ctx.targets:
        return []
    if _exiles_until(ability):
        phrases = [e.arg("target") for e in ability.effects if e.arg("target")]
        ok = any(legal_target(game, phrases[0], ctx.controller, ctx.source, t, None) for t in ctx.targets)
        return [True] * len(ctx.targets) if ok else None
    legal = still_legal(game, ability, ctx.controller, ctx.source, ctx.targets)
    return legal if any(legal) else None


#: The key of a spell's ``chosen`` listing its optional additional costs that couldn't be paid as it was cast
#: (``actions.unpayable_options``).
UNPAYABLE = "unpayable options"


def _guard_own_text(o: GameObject, cast_plainly: bool = False) -> list[str]:
    """An instant's or sorcery's own unmodelled text that functions on the stack may change what happens as it
    resolves or where it goes after (rebound 702.88a, buyback 702.27a, a cost option chosen as it was cast):
    unsupported, naming it. ``cast_plainly``: the actions cast it for its mana cost, so a line that only
    offers an alternative cost (spectacle 702.137a, prowl, surge) was not chosen and changes nothing (601.2b,
    ``narrowing.not_chosen``; an optional additional cost such as buyback may have been paid), nor does a keyword
    whose other abilities apply only if its cost was paid (``narrowing.only_if_paid``): the rules of those, to
    cite."""
    unpaid = []
    unpayable = tuple((o.choice(UNPAYABLE) or "").split(","))
    for a in o.printed.abilities:
        if cast_plainly and not_chosen(a, unpayable):
            continue
        # overload 702.96a, awaken 702.113a: "if its ... cost was paid": not paid when cast for its mana cost
        kw = only_if_paid(a) if cast_plainly else None
        if kw is not None:
            unpaid.append(f"{kw.rule}a")
            continue
        # a triggered ability does nothing as the spell resolves but trigger (603.2): if its event is one the
        # engine watches for wherever the ability is (``triggers.watched_trigger``), it is asked about there
        if a.kind == "unmodelled" and a.functions_in("stack") and not watched_trigger(a, o.name) and (
                not a.scope or any(sc in EVENT_SCOPES or sc == Scope.CAST_OPTIONS for sc in a.scope)):
            raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model that may apply as it resolves: "
                              f"{a.source_text!r}")
    return unpaid


def resolve_top(game: Game) -> list[Game]:
    st = game.state
    if not st.stack:
        raise Unsupported("resolve: the stack is empty")  # callers check first
    top = st.stack[0]
    game = game.with_state(st.evolve(stack=st.stack[1:]))
    if isinstance(top, StackAbility) and top.delayed is not None:
        return RESOLVE_DELAYED(game, top)      # 603.7: engine.delayed
    if isinstance(top, StackAbility):
        if not game.state.has(top.source) and top.lki is None:
            raise Unsupported(f"the source {top.source} of the ability ceased to exist: last known information is "
                              "not modelled")
        # 603.10a, 113.7a: a leaves-the-battlefield ability is its source's as it last existed; 712.18: the
        # ability is that of the face it came from even if the permanent transformed or left since.
        src = top.lki if top.lki is not None else game.state.obj(top.source)
        face = top.face if top.face is not None else src.face
        abilities = src.card.faces[face].abilities
        if not 1 <= top.index <= len(abilities):
            raise Unsupported(f"{src.name} has no ability number {top.index}")
        ability = abilities[top.index - 1]
        if ability.kind == "unmodelled":
            raise Unsupported(f"{src.name}'s ability is not modelled: {ability.source_text!r}")
        if ability.kind not in ("triggered", "activated"):
            raise Unsupported(f"ability {top.index} of {src.name} is not a triggered or activated ability")
        ability = modes.on_stack(ability, top.modes, src.name)     # 700.2b: the modes chosen as it went on the stack
        links = any(e.kind == "return_exiled" for a in abilities for e in a.effects)
        # 107.3m: an enters trigger's X is the X of the spell the permanent was; an activated ability's X is the
        # value chosen as it was activated (107.3a), which the stack entry doesn't keep: not known
        x = src.x if ability.kind == "triggered" else None
        ctx = Ctx(top.source, top.controller, tuple(top.targets), getattr(top, "source_moves", 0), x,
                  ability_index=top.index, face=face, source_transformed=top.source_transformed,
                  source_lki=top.lki, links_exile=links)
        # (601.2c: an ability the engine put on the stack may have chosen no targets where every use says "up to")
        chose_none = top.chosen and all(target_spec(p).minimum == 0 for p in ability.targets)
        if ability.targets and not ctx.targets and not _exiles_until(ability) and not chose_none:
            raise Unsupported(f"the ability of {src.name} on the stack has no targets given; they were chosen as it "
                              "was put on the stack")
        if not intervening.holds(game, ability, top.controller, top.source):
            return [game.log("603.4", f"the condition of {src.name}'s ability is false as it resolves: it does "
                                      "nothing")]
        if intervening.condition_of(ability) is not None:
            game = game.log("603.4", f"the condition of {src.name}'s ability (if "
                                     f"{intervening.condition_of(ability)}) is still true as it resolves")
        legal = _targets_check(game, ability, ctx)
        if legal is None:
            return [game.log("608.2b", f"every target of {src.name}'s ability is illegal: it doesn't resolve")]
        game = game.log("608.2", f"the ability of {src.name} ({top.source}) resolves: {ability.text()}")
        return run_effects(game, ability, replace(ctx, before=game.state), legal)
    # a spell
    o = st.obj(top)
    ch = current(st, top)
    if any(t in ch.types for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")):
        if "Aura" in ch.subtypes:
            return resolve_aura(game, top)      # 608.3b-c
        game = put_onto_battlefield(game, top, o.controller, o.x, "608.3",
                                    f"{o.name} ({top}) resolves and enters the battlefield under {o.controller}'s control",
                                    tribute=True)
        lki = game.state.obj(top)
        # 702.104a: Tribute, as it enters (each opponent's choice a branch), before its enters abilities trigger
        opponents = [p for p in apnap(game) if p != o.controller]
        return [after_moves(g, [(o, "stack", "battlefield")], f"{o.name} enters the battlefield")
                for g in tribute.as_it_enters(game, top, opponents)]
    # 702.33g: the spell as it was cast, with or without its kicker; 700.2, 608.2c: a modal spell does what its
    # chosen modes say, in the order written
    whole = spell_ability(modes.expand(tuple(as_announced(a, o.kicked) for a in ch.abilities), modes.chosen_of(o),
                                       o.name))
    if whole is None:
        raise Unsupported(f"resolving {o.name}: its effect is not modelled")
    spell = [whole]
    unpaid = _guard_own_text(o, (top, game.moved(top)) in game.cast_plainly)
    if unpaid:
        game = game.log(tuple(unpaid) + ("601.2b",), f"{o.name} was cast for its mana cost: its abilities that apply "
                                                     "only if an alternative cost was paid change nothing")
    ctx = Ctx(top, o.controller, o.targets, game.moved(top), o.x, face=o.face)
    # A spell the actions cast may have chosen no targets where every use says "up to" or "any number of"
    # (601.2c); one given on the stack without its targets is not known.
    chose_none = (top, game.moved(top)) in game.cast_plainly and all(
        target_spec(p).minimum == 0 for p in spell[0].targets)
    if spell[0].targets and not ctx.targets and not chose_none:
        raise Unsupported(f"{o.name} on the stack has no targets given; its targets were chosen as it was cast")
    legal = _targets_check(game, spell[0], ctx)
    if legal is None:
        lki = game.state.obj(top)
        g = zones.move(game, top, "graveyard").log("608.2b", f"every target of {o.name} is illegal: it doesn't "
                                                               "resolve and is put into its owner's graveyard")
        return [after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard")]
    out = []
    rebound = ch.has_keyword("Rebound")          # 702.88a
    from_hand = (top, game.moved(top)) in game.cast_from_hand
    for g in run_effects(game.log("608.2", f"{o.name} resolves"), spell[0], replace(ctx, before=game.state), legal):
        lki = g.state.obj(top)
        if lki.zone != "stack" or g.moved(top) != game.moved(top):
            out.append(g)           # 608.2n: an instruction moved it ("Exile ~."): it stays where it went
            continue
        if rebound:
            out.append(REBOUND(g, top, from_hand))     # 702.88a: engine.delayed
            continue
        g = zones.move(g, top, "graveyard").log("608.2n", f"{o.name} is put into its owner's graveyard")
        out.append(after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard"))
    return out


def resolve_action(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """The ``resolve: N`` action: the top N objects of the stack resolve one by one (``all``: until it is
    empty), the game settling after each (704.3, 603.3b); ``targets`` fix those of the triggered or activated
    ability resolved first, as if chosen when it was put on the stack; ``choices: {modes: [..]}`` the modes of a
    modal one (700.2b): the branches where those were chosen (none from this game: ``actions.run`` checks that
    some branch of the game chose them)."""
    n = a["resolve"]
    count = MAX_STEPS if n == "all" else n
    branches = [game]
    for i in range(count):
        nxt = []
        for g in branches:
            if not g.state.stack:
                if n == "all":
                    nxt.append(g)
                    continue
                raise InputError("resolve", f"resolve: {n} asked, but the stack is empty after {i}")
            if a.get("choices") and i == 0:
                # 700.2b: the modes of the modal triggered ability resolved first, as if chosen when it was put on
                # the stack: the branches where they were chosen so
                top = g.state.stack[0]
                ab = ability_of(g, top.source, top.index, top.lki) if isinstance(top, StackAbility) else None
                if ab is None or not ab.modes:
                    raise Unsupported("choices on resolve other than a modal ability's modes are not performed by the "
                                      "engine yet")
                if top.modes != modes.from_choices(ab, a["choices"]):
                    continue
            if a.get("targets") is not None and i == 0:
                top = g.state.stack[0]
                if not isinstance(top, StackAbility):
                    raise InputError("targets", "targets fix those of a triggered ability; the top of the stack "
                                                      "is a spell")
                ab = modes.on_stack(ability_of(g, top.source, top.index, top.lki), top.modes, top.source)
                # One target for each use of "target" (608.2b checks them as it resolves); exile-until abilities
                # may have one per opponent and optional ones.
                slots = target_slots(g, ab, top.controller) if _exiles_until(ab) else [(t, None, False) for t in ab.targets]
                if len(a["targets"]) > len(slots) or len(a["targets"]) < sum(1 for s in slots if not s[2]):
                    raise InputError("targets", f"the ability of {top.source} takes {len(slots)} target(s); "
                                                      f"{len(a['targets'])} given")
                g = g.with_state(g.state.evolve(stack=(replace(top, targets=tuple(a["targets"])),) + g.state.stack[1:]))
            for r in resolve_top(g):
                nxt += settle(r)
        branches = merge(nxt)
        if n == "all" and all(not g.state.stack for g in branches):
            break
    else:
        if n == "all" and any(g.state.stack for g in branches):
            raise SearchBound(f"the stack did not empty in {MAX_STEPS} resolutions: the search bound was reached")
    return branches
