"""The performers of a permanent's own triggers, listed in ``engine.performers``: the intervening "if" marker (603.4, ``intervening``), "~ fights target creature" (701.14), counters
on each permanent of a kind (122.1) and "Untap up to N lands" (701.26b); and the choices of devour and
amplify as a permanent spell enters (702.82a, ``devour_choices``; 702.38a, ``amplify_choices``)."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb
from mtgjudge.model.engine import intervening
from mtgjudge.model.words.damage import perform as damage
from mtgjudge.model.words.tapping import perform as tapping
from mtgjudge.model.engine.game import Game, MAX_BRANCHES, interchangeable, merge, reduced
from mtgjudge.model.names import is_unknown, unknown_card
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.words.removal.perform import remove_all

from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.engine.entering import amplify_of, devour_of
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters


def _fight_self(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.14a: the source and the target fight (``damage``'s fight: each deals damage equal to its power to the
    other). 701.14b, 400.7: if the source is no longer on the battlefield (or is a new object), neither deals
    damage; so too if the target is illegal now (608.2b) or not a creature on the battlefield."""
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log(("701.14b", "400.7"), f"{ctx.source} is no longer on the battlefield: no damage is dealt")]
    return damage.fight(game, e, replace(ctx, target=ctx.source, target_legal=True, target2=ctx.target,
                                         target2_legal=ctx.target_legal))


def _counters_each(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1, 611.2c: the permanents the phrase names as the effect is performed each get the counters (one
    that enters later does not); none named: nothing happens."""
    ids = affected(game, e, ctx)
    if not ids:
        return [game.log("608.2c", f"there are no {e.arg('affects')}: no counter is put")]
    for oid in ids:
        game = add_counters(game, oid, e.arg("kind"), e.arg("n"))
    return [game]




def _untap_up_to(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26b: the controller chooses up to N of the permanents named (any player's) and untaps them. Choosing
    an untapped one changes nothing (701.26: it doesn't untap), so every set of at most N tapped ones is a
    branch, none included."""
    n = e.arg("n")
    tapped = [oid for oid in affected(game, e, ctx) if game.state.obj(oid).tapped]
    k = min(n, len(tapped))
    ways = sum(comb(len(tapped), i) for i in range(k + 1))
    if ways > MAX_BRANCHES:
        raise SearchBound(f"{e.text()!r}: {ways} choices of {e.arg('affects')}s to untap: past the search bound "
                          f"of {MAX_BRANCHES} branches")
    game = game.log("701.26b", f"{ctx.controller} chooses up to {n} {e.arg('affects')}s to untap: every choice of "
                               f"tapped ones ({', '.join(tapped) or 'none'}) is a branch")
    untap = tapping.PERFORMERS["untap_target"]
    word = EFFECT_WORDS["untap_target"]
    out = []
    for i in range(k + 1):
        for chosen in combinations(tapped, i):
            g = game
            for oid in chosen:
                (g,) = untap(g, Effect("untap_target", (("target", "permanent"),), word),
                             replace(ctx, target=oid, target_legal=True))
            out.append(g.choose(f"{ctx.controller} untaps {', '.join(chosen) or 'nothing'}"))
    return merge(out)


def _counts(sizes: list[int]) -> list[tuple[int, ...]]:
    """Every choice of how many members of each class (of ``sizes``) are chosen, from none to all."""
    out: list[tuple[int, ...]] = [()]
    for size in sizes:
        out = [c + (k,) for c in out for k in range(size + 1)]
    return out


def _watches_sacrifices(abilities: tuple) -> bool:
    """Whether the devouring object has text that could watch the creatures it devours leave (a triggered ability
    on another object's leaving, or one not read): when that happens relative to its entering is not decided."""
    return any(a.kind == "unmodelled" and a.unmodelled_kind in ("triggered", "") or
               a.kind == "triggered" and a.trigger_event is not None and a.trigger_event.who != "self"
               and {a.trigger_event.event, a.trigger_event.also} & {"dies", "leaves"} for a in abilities)


def devour_choices(game: Game, oid: str, controller: str, abilities: tuple) -> list[tuple[Game, int]]:
    """702.82a: as the permanent spell ``oid`` with "Devour N" (``n``; 0: none) enters, its controller may
    sacrifice any number of creatures (701.21a: theirs; Mycoloth's rulings 2008-10-01: only creatures already on
    the battlefield, not itself, none at all if they like); they are sacrificed at the same time, and it enters
    with N +1/+1 counters for each. Each choice is a branch, with how many were sacrificed; interchangeable
    creatures (``game.interchangeable``) are chosen by count. Called before it is put onto the battlefield: what
    the sacrifices trigger waits with what its entering triggers (603.2). ``abilities``: its abilities as it would
    exist on the battlefield (614.12)."""
    n = devour_of(abilities)
    if not n:
        return [(game, 0)]
    st = game.state
    if _watches_sacrifices(abilities):
        raise Unsupported(f"{st.obj(oid).name} ({oid}) devours and has text that may see the creatures it devours "
                          "leave the battlefield: not performed by the engine")
    mine = [o.id for o in st.battlefield(controller) if o.id != oid and "Creature" in current(st, o.id).types]
    classes = interchangeable(game, mine) if reduced() else [[c] for c in mine]
    choices = _counts([len(c) for c in classes])
    if len(choices) > MAX_BRANCHES:
        raise SearchBound(f"devour: {len(choices)} choices of creatures to sacrifice, past the search bound of "
                          f"{MAX_BRANCHES} branches")
    game = game.log("702.82a", f"as {st.obj(oid).name} ({oid}) enters, {controller} may sacrifice any number of "
                               f"creatures ({', '.join(mine) or 'none'}): every choice is a branch")
    out = []
    for counts in choices:
        chosen = [i for cls, k in zip(classes, counts) for i in cls[:k]]
        g = remove_all(game, chosen, "sacrifice") if chosen else game.log("702.82a", f"{controller} sacrifices "
                                                                                    "no creature")
        out.append((g.choose(f"devoured by {oid}: " + (", ".join(chosen) or "none")), len(chosen)))
    return out


def amplify_choices(game: Game, oid: str, controller: str, abilities: tuple, subtypes: tuple) -> list[tuple[Game, int]]:
    """702.38a: as the permanent spell ``oid`` with "Amplify N" enters, its controller reveals any number of cards
    from their hand that share a creature type with it (``subtypes``: its own as it would exist on the
    battlefield, 614.12; the spell itself is not in the hand); it enters with N +1/+1 counters for each. Which
    cards are revealed changes nothing else in the game, so each number of them, none to all, is a branch, with
    that number. A card in the hand that the verifier does not know (a hand given as a number) is unsupported: its
    creature types matter."""
    n = amplify_of(abilities)
    if not n:
        return [(game, 0)]
    st = game.state
    guard_scope(st, "characteristics", f"the creature types of the cards in {controller}'s hand are read (702.38a)")
    creature_types = subtypes_by_type()["Creature"]
    own = set(subtypes) & creature_types
    sharing = []
    for cid in st.player(controller).zone("hand"):
        o = st.obj(cid)
        if is_unknown(o):
            raise Unsupported(f"amplify (702.38a): {unknown_card(o)} is in {controller}'s hand, and whether it "
                              "shares a creature type with the entering creature matters")
        if own & set(current(st, cid).subtypes):
            sharing.append(cid)
    name = st.obj(oid).name
    game = game.log("702.38a", f"as {name} ({oid}) enters, {controller} may reveal any number of the cards in their "
                               f"hand that share a creature type with it ({', '.join(sharing) or 'none'}): each "
                               "number is a branch")
    return [(game.choose(f"{controller} reveals {k} card(s) for {oid}'s amplify"), k) for k in range(len(sharing) + 1)]


def counters_choices(game: Game, oid: str, controller: str, abilities: tuple, subtypes: tuple
                     ) -> list[tuple[Game, int, int]]:
    """The choices made as the permanent spell ``oid`` enters that decide how many +1/+1 counters it enters with
    (614.1c): devour's creatures sacrificed (702.82a, ``devour_choices``), then amplify's cards revealed (702.38a,
    ``amplify_choices``); each way a branch, with how many creatures were sacrificed and cards revealed.
    ``abilities``, ``subtypes``: its own as it would exist on the battlefield (614.12)."""
    return [(g, k, shown) for devoured, k in devour_choices(game, oid, controller, abilities)
            for g, shown in amplify_choices(devoured, oid, controller, abilities, subtypes)]


PERFORMERS: dict[str, Performer] = {
    "intervening_if": intervening.marker,
    "fight_self": _fight_self,
    "counters_each": _counters_each,
    "untap_up_to": _untap_up_to,
}
