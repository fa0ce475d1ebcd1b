"""A permanent leaving the battlefield because an effect says so: destroyed (701.8), sacrificed (701.21),
exiled (406.3) or returned to its owner's hand (400.6). The question format's actions of those names and the
effects of resolving spells and abilities both perform them here: one target ("Destroy target creature."), two
uses of "target" in one instruction ("Destroy target creature and target land."), every permanent a phrase names
("Destroy all creatures.", "... target player controls", "Destroy all lands or all creatures."), a target player
sacrificing one of theirs ("Target player sacrifices a creature.", 701.21a), the object itself ("Sacrifice ~.",
the word ``sacrifice_self``) and a target player's graveyard exiled (406.2)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from mtgjudge.model.engine import shields, zones
from mtgjudge.model.engine.exile_until import link_exiled
from mtgjudge.model.engine.game import Game, merge, name_of
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer, the_permanent_itself, unaffected
from mtgjudge.model.engine.settle import after_moves, source_on_battlefield
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS

#: kind -> (the zone it goes to, the rule, the words)
_KINDS = {
    "destroy": ("graveyard", "701.8a", "is destroyed and put into its owner's graveyard"),
    "sacrifice": ("graveyard", "701.21a", "is sacrificed: put into its owner's graveyard"),
    "exile": ("exile", "701.13a", "is exiled"),
    "bounce": ("hand", "400.6", "is returned to its owner's hand"),
}
#: How the log says each kind when the move was replaced by exile (``zones.move`` logs the replacement).
_REPLACED = {"destroy": "is destroyed; it is exiled instead of put into its owner's graveyard",
             "sacrifice": "is sacrificed; it is exiled instead of put into its owner's graveyard",
             "bounce": "would be returned to its owner's hand; it is exiled instead"}


def remove_all(game: Game, oids: list[str], kind: str, regenerate: bool = True) -> Game:
    """``kind`` done to every permanent of ``oids`` at once ("destroy all creatures", 701.8a): each moves as
    ``remove`` says, and what the moves trigger sees them all leave together (603.10a)."""
    game, moved = move_all(game, oids, kind, regenerate)
    return after_moves(game, moved, f"{', '.join(oids)} leave the battlefield") if moved else game


def move_all(game: Game, oids: list[str], kind: str, regenerate: bool = True, begun: GameState | None = None
             ) -> tuple[Game, list]:
    """The zone changes of ``remove_all``, without what follows them: the game and the moves made. One event
    (614): text that may replace it is looked for once, as it begins (the first move's guard, which sees every
    permanent still on the battlefield), and the replacement effects of going to a graveyard are those of the
    permanents there as it began (``zones.move``'s ``event_start``); ``begun``: the state as the event began, its
    first moves made already (by another call for the same event)."""
    moved: list = []
    start = game.state if begun is None else begun
    if kind == "destroy":
        # 702.89a: a permanent and its Aura with umbra armor destroyed at once: the Aura's replacement saves the
        # permanent (the rulings of 2010-06-15, Planar Cleansing), so the permanent's destruction is replaced first
        oids = sorted(oids, key=lambda oid: not shields.armored_by(game, oid))
    for oid in oids:
        game, m = _move(game, oid, kind, regenerate, guard=not moved and begun is None, event_start=start)
        moved += m
    return game, moved


def remove(game: Game, oid: str, kind: str, regenerate: bool = True) -> Game:
    """``kind`` (destroy, sacrifice, exile, bounce) done to ``oid``; nothing happens if it is not on the
    battlefield; an indestructible permanent is not destroyed (702.12b). The zone change becomes a new object
    (400.7) and what it triggers waits to be put on the stack (``settle.after_moves``). ``regenerate`` False:
    the effect says it "can't be regenerated" (701.19c)."""
    game, moved = _move(game, oid, kind, regenerate)
    return after_moves(game, moved, f"{oid} leaves the battlefield") if moved else game


def _move(game: Game, oid: str, kind: str, regenerate: bool = True, guard: bool = True,
          event_start: GameState | None = None) -> tuple[Game, list]:
    """The zone change of ``remove``, without what follows it: the game and the moves made (lki, from, to).
    Destruction is replaced by an Aura's umbra armor (702.89a) or a regeneration shield (701.19a); dying by
    "exile it instead" (614.1a): all are ``shields``'."""
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return game.log("400.7", f"{oid} is not on the battlefield: nothing happens"), []
    o = st.obj(oid)
    if kind == "destroy":
        if current(st, oid).has_keyword("Indestructible"):
            return game.log("702.12b", f"{o.name} is indestructible and is not destroyed"), []
        armored = shields.umbra_armor(game, oid, guard=guard, regenerable=regenerate)     # 702.89a
        if armored is not None:
            return armored
        game, regenerated = shields.regenerate(game, oid, regenerate)
        if regenerated:
            return game, []
        guard_scope(game.state, "dies", f"{oid} is destroyed")
    to, rule, verb = _KINDS[kind]
    instead = ""
    if to == "graveyard":
        to, instead = shields.dies_to(game, oid)
    gone = "; its counters cease to exist (122.2)" if o.counters else ""
    cited: tuple[str, ...] = (rule,)
    if zones.left_battlefield_replaced(game.state, o, to) is not None:
        # the move is replaced by exile as it happens (an unearthed permanent leaving, 702.84a: ``zones.move``)
        verb, instead, to, cited = _REPLACED[kind], "", "exile", (rule, "702.84a", "614.1a")
    game = zones.move(game, oid, to, guard=guard, event_start=event_start).log(cited + ("400.7",) + (("122.2",) if gone else ()) + (("614.1a",) if instead else ()),
                                         f"{o.name} ({oid}) {verb}{instead}; it becomes a new object{gone}")
    return game, [(o, "battlefield", to)]


def _sacrifice_self(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.21a: the ability's controller sacrifices its source: only if it is still the permanent it was (400.7)
    and they control it (a player can't sacrifice a permanent they don't control)."""
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log("400.7", f"{ctx.source} is no longer the permanent it was: it is not sacrificed")]
    o = game.state.obj(ctx.source)
    if o.controller != ctx.controller:
        return [game.log("701.21a", f"{ctx.controller} doesn't control {o.name} ({o.id}): they can't sacrifice it")]
    return [remove(game, ctx.source, "sacrifice")]


def _spell_moves_itself(game: Game, e: Effect, ctx: Ctx, to: str, rule: str, verb: str) -> list[Game]:
    """608.2n: an instruction of a resolving instant or sorcery that moves its own card from the stack (``to``: its
    owner's hand or exile), so that it is not put into its owner's graveyard as its resolution ends; a spell no
    longer on the stack is not moved (400.7); a copy of a spell (707.10) is not performed."""
    st = game.state
    if not st.has(ctx.source) or st.obj(ctx.source).zone != "stack" or game.moved(ctx.source) != ctx.source_moves:
        return [game.log("400.7", f"{ctx.source} is no longer the spell it was: nothing happens")]
    lki = st.obj(ctx.source)
    if lki.spell_copy:
        raise Unsupported(f"{e.text()!r} of a copy of a spell (707.10) is not performed by the engine")
    g = zones.move(game, ctx.source, to).log(("608.2c", rule, "608.2n"),
                                            f"{lki.name} {verb}: it is not put into its owner's graveyard")
    return [after_moves(g, [(lki, "stack", to)], f"{lki.name} {verb}")]


def _moves_itself(to: str, kind: str, rule: str, verb: str, done: str) -> Performer:
    """The performer of an instruction that moves "~" itself to ``to`` (``kind``: the removal that does it to a
    permanent). Of a resolving instant or sorcery: the spell card is moved from the stack, and so is not put into
    its owner's graveyard as its resolution ends (608.2n). Of a permanent's own ability: the permanent, if it is
    still that object on the battlefield (400.7; ``the_permanent_itself``), whoever controls it. Of a
    leaves-the-battlefield ability (603.10a: its "~" is the card where it went), of an ability of a card in another
    zone and of a copy of a spell, it is not performed."""
    def perform(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        if ctx.ability_index is None:
            return _spell_moves_itself(game, e, ctx, to, rule, verb)
        gone = the_permanent_itself(game, e, ctx, done)
        if gone is not None:
            return [gone]
        return [remove(game, ctx.source, kind)]
    return perform


#: 400.6: "Return ~ to its owner's hand." (Viashino Sandscout's reminder text: "Return it only if it's on the
#: battlefield"); 406.3: "Exile ~." (Temporal Mastery: the spell card is exiled, not put into a graveyard).
_bounce_self = _moves_itself("hand", "bounce", "400.6", "is returned to its owner's hand",
                             "returned to its owner's hand")
_exile_self = _moves_itself("exile", "exile", "406.3", "is exiled", "exiled")


def _removal(kind: str) -> Callable[[Game, Effect, Ctx], list[Game]]:
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        st = game.state
        if ctx.target is None or ctx.target in st.player_names or not st.has(ctx.target) \
                or st.obj(ctx.target).zone != "battlefield":
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


def _destroy_all(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.8a: every permanent the phrase names is destroyed at once (indestructible ones are not, 702.12b)."""
    ids = affected(game, e, ctx)
    if not ids:
        return [game.log("701.8a", f"there are no {e.arg('affects')}: nothing is destroyed")]
    return [remove_all(game, ids, "destroy", not ctx.no_regeneration)]


def _remove_all(kind: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """406.3, 400.6: every permanent the phrase names is exiled / returned to its owner's hand at once."""
        ids = affected(game, e, ctx)
        if not ids:
            return [game.log("608.2c", f"there are no {e.arg('affects')}: nothing happens")]
        return [remove_all(game, ids, kind)]
    return handler


def _edict(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.21a: the target player sacrifices one permanent of the kind named, of their choice (each a branch;
    nothing if they have none)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    p = ctx.target
    if p not in game.state.player_names:
        raise Unsupported(f"{e.text()!r}: {p} is not a player")
    mine = [oid for oid in affected(game, e, replace(ctx, controller=p)) if game.state.obj(oid).controller == p]
    if not mine:
        return [game.log("701.21a", f"{p} controls no {e.arg('affects')}: nothing is sacrificed")]
    game = game.log("701.21a", f"{p} chooses the {e.arg('affects')} to sacrifice: every choice is a branch")
    return merge([remove(game, oid, "sacrifice").choose(f"{p} sacrifices {oid}") for oid in mine])


def _remove_two(kind: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.8a, 406.3, 400.6, 608.2c: "Destroy target creature and target land.": one instruction, so both
        targets leave the battlefield at once (``remove_all``; 603.10a: what their leaving triggers sees
        both leave); a target illegal now is not affected (608.2b), nor one an earlier instruction moved (400.7);
        one object chosen for both uses (601.2c allows it) leaves once."""
        ids: list[str] = []
        for t, ok in ((ctx.target, ctx.target_legal), (ctx.target2, ctx.target2_legal)):
            if t is None:
                raise Unsupported(f"what {e.text()!r} acts on is not known to the engine")
            st = game.state
            if ok and ctx.before is not None and st.has(t) and ctx.before.has(t) and st.moved(t) != ctx.before.moved(t):
                ok = False
            if not ok:
                game = game.log("608.2b", f"{t} is an illegal target now: it is not affected")
                continue
            if t in st.player_names or not st.has(t) or st.obj(t).zone != "battlefield":
                raise Unsupported(f"{e.text()!r} on {name_of(st, t)}, not a permanent, is not performed by the engine")
            if t not in ids:
                ids.append(t)
        return [remove_all(game, ids, kind, not ctx.no_regeneration)] if ids else [game]
    return handler


def _all_of(kind: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.8a, 406.3, 400.6, 611.2c: "Destroy all enchantments target player controls.": every permanent the
        phrase names that the target player controls as it resolves leaves at once (``remove_all``); a
        player no longer a legal target is not affected (608.2b)."""
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        st = game.state
        if ctx.target not in st.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        ids = [oid for oid in affected(game, e, ctx) if st.obj(oid).controller == ctx.target]
        if not ids:
            return [game.log("608.2c", f"{ctx.target} controls no {e.arg('affects')}: nothing happens")]
        return [remove_all(game, ids, kind, not ctx.no_regeneration)]
    return handler


def _destroy_all_or(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.8a, 608.2d: "Destroy all lands or all creatures.": the spell's controller chooses one of the two as it
    resolves, each choice a branch; the permanents the chosen phrase names are destroyed at once."""
    out = []
    for key in ("affects", "affects2"):
        phrase = e.arg(key)
        one = Effect("destroy_all", (("affects", phrase), (SELECTS, e.arg(SELECTS, ()))), EFFECT_WORDS["destroy_all"])
        g = game.choose(f"{ctx.controller} chooses to destroy all {phrase}").log(
            "608.2d", f"{ctx.controller} chooses \"all {phrase}\"")
        ids = affected(g, one, ctx)
        out.append(remove_all(g, ids, "destroy", not ctx.no_regeneration) if ids else
                   g.log("701.8a", f"there are no {phrase}: nothing is destroyed"))
    return merge(out)


def _exile_graveyard(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """406.2, 400.6: every card in the target player's graveyard is exiled at once (each a new object, 400.7);
    an illegal target now is not affected (608.2b)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    cards = [o for o in game.state.objects if o.zone == "graveyard" and o.owner == ctx.target]
    if not cards:
        return [game.log("406.2", f"{ctx.target}'s graveyard is empty: nothing is exiled")]
    for o in cards:
        if not o.card.modelled:
            raise Unsupported(f"{o.name} ({o.id}) has no definition: what it does as it moves matters")
        game = zones.move(game, o.id, "exile")
    game = game.log(("406.2", "400.7"), f"the cards in {ctx.target}'s graveyard are exiled: "
                                        f"{', '.join(o.id for o in cards)}")
    return [after_moves(game, [(o, "graveyard", "exile") for o in cards], f"{ctx.target}'s graveyard is exiled")]


PERFORMERS: dict[str, Performer] = {
    "destroy": _removal("destroy"),
    "exile": _removal("exile"),
    "bounce": _removal("bounce"),
    "destroy_two": _remove_two("destroy"),
    "exile_two": _remove_two("exile"),
    "bounce_two": _remove_two("bounce"),
    "destroy_all": _destroy_all,
    "exile_all": _remove_all("exile"),
    "bounce_all": _remove_all("bounce"),
    "destroy_all_of": _all_of("destroy"),
    "exile_all_of": _all_of("exile"),
    "bounce_all_of": _all_of("bounce"),
    "destroy_all_or": _destroy_all_or,
    "edict": _edict,
    "sacrifice_self": _sacrifice_self,
    "bounce_self": _bounce_self,
    "exile_self": _exile_self,
    "exile_graveyard": _exile_graveyard,
}
