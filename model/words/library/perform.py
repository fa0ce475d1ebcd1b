"""Libraries, hands and players: a player's maximum hand size (402.2: ``maximum_hand_size``, for the cleanup
step's discard, 514.1), a player's instructions (119.3 life, 121.1 drawing, 701.9
discarding, 701.17 milling), scry (701.22), surveil (701.25), looking at the top cards and putting them back in
any order, shuffling (701.24) and searching (701.23).

Cards nobody knows. A library given as a number (``library: N``) holds cards the question does not name. As
drawing (``draw``) and exiling (``exile_top``) do, a card of it moved to another zone is made as an unknown
object there (``zones.card_nobody_knows``): milled, surveilled or put into a graveyard from among cards looked
at, its own text does nothing as it moves (the question format's convention, "Cards nobody knows"), and what it
is stays unknown there (``rules.characteristics.printed_characteristics``). A card nobody knows put onto the
battlefield (other than a basic land, below) is unsupported. What is sound:

- looking at cards nobody knows and putting them back in any order (scry, look) changes nothing anyone is
  told: the library is still that many cards nobody knows; shuffling it likewise (701.24a);
- a search for cards with a stated quality may find none of them (701.23b), so "find nothing" is a branch;
  finding k of them is a branch for every k the library's size allows, since any of its cards may have the
  quality. A found card put into a hand is made as an unknown object known only by that quality. A basic
  land card put onto the battlefield is each of the twelve basic land cards in turn (205.3i, 205.4c: Plains,
  Island, Swamp, Mountain, Forest, Wastes and their snow-covered versions), every one a branch;
- a search for "a card" with no quality must find one if there is one (701.23d).

A library whose cards the question names (in order) is performed card by card: scry, surveil and look put the
named cards in every order (each a branch); a search finds each choice of its cards of the quality (each a
branch), and a shuffle of a library of named cards only is each of its orders (``shuffles``). Named cards among
cards nobody knows, shuffled or searched, or a card put under cards nobody knows, are unsupported (the state
holds no library in an unknown order).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations, combinations_with_replacement, permutations
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.engine import instructions, zones
from mtgjudge.model.engine.exile_top import exile_top
from mtgjudge.model.engine.entering import enters_counters
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge, name_of
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.names import unknown_card
from mtgjudge.model.objects import CardDef, GameObject
from mtgjudge.model.words.players.record import cards_of
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.in_force import lasting_effects
from mtgjudge.model.state import MAX_POOL, EffectInForce, GameState, PoolMana
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.kernel.entering import enter_each_way
from mtgjudge.model.engine.kernel.players import change_life, discard_one, draws, mill


Ctx = Ctx

#: 205.4c and the basic land types of 205.3i: every basic land card (and Wastes, the basic land with none).
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Plains",
               "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain", "Snow-Covered Forest",
               "Snow-Covered Wastes")
#: The most cards a player looks at and orders (N! orders each).
MAX_LOOK = 5
#: Words in unmodelled text of a permanent that may change how a library is looked at, searched or shuffled
#: (Aven Mindcensor's "If an opponent would search a library").
_LIBRARY_WORDS = ("library", "libraries", "search", "scry", "surveil", "shuffle", "mill", "look at")


def guard_library(game: Game, what: str) -> None:
    """Unmodelled text on the battlefield that may replace or follow an instruction about a library
    (614.1a; triggers: ``guard_unrecognized``) makes the answer unsupported, naming it."""
    for o in game.state.battlefield():
        for a in o.printed.abilities:
            if a.kind == "unmodelled" and a.functions_in("battlefield") and any(
                    w in a.source_text.lower() for w in _LIBRARY_WORDS):
                raise Unsupported(f"{o.name} ({o.id}) has text the engine cannot model that may apply as {what}: "
                                  f"{a.source_text!r}")
    guard_unrecognized(game, what)


def _players(game: Game, who: str, ctx: Ctx) -> list[str]:
    """The players an instruction names, in APNAP order (101.4); those who left are not affected (800.4a)."""
    st = game.state
    if who == "you":
        named = [ctx.controller]
    elif who.startswith("target") or who.startswith("any number of target"):
        # (several target players: the instruction is performed for each, 601.2c)
        named = [the_target(who, ctx, "names", who="the player")]
    elif who == "that player":
        # (players) "Destroy that creature." after "Target opponent chooses ...": the ability's one target (608.2c)
        if len(ctx.targets) != 1 or ctx.targets[0] not in st.player_names:
            raise Unsupported("what 'that player' refers to is not known to the engine")
        named = [ctx.targets[0]]
    elif who == "its controller":
        # "Destroy target creature. Its controller loses 2 life.": the controller of the ability's one target as
        # it last existed (608.2h); with no single object target, what "its" is is not known.
        before = ctx.before or st
        if len(ctx.targets) != 1 or not before.has(ctx.targets[0]):
            raise Unsupported("what 'its controller' refers to is not known to the engine")
        named = [before.obj(ctx.targets[0]).controller]
    elif who == "its owner":
        # "Destroy target creature. Its owner gains 4 life.": the owner of the ability's one target (108.3: a
        # card's owner never changes; a token's is the player under whose control it entered, 111.2)
        before = ctx.before or st
        if len(ctx.targets) != 1 or not before.has(ctx.targets[0]):
            raise Unsupported("what 'its owner' refers to is not known to the engine")
        named = [before.obj(ctx.targets[0]).owner]
    else:
        order = list(st.turn_order or st.player_names)
        a = order.index(st.active_player) if st.active_player in order else 0
        named = [p for p in order[a:] + order[:a] if p in st.player_names
                 and (who == "each player" or p != ctx.controller)]
    return [p for p in named if p not in game.left]


#: The static words a player's maximum hand size reads (402.2: ``maximum_hand_size``).
HAND_SIZE_WORDS = frozenset({"no_maximum_hand_size"})
#: 402.2: a player's maximum hand size, unless an effect changes it.
MAXIMUM_HAND_SIZE = 7


def maximum_hand_size(state: GameState, player: str) -> tuple[int | None, str]:
    """402.2: ``player``'s maximum hand size, seven, or None for no maximum where a permanent's static ability says
    so (its abilities now, 613): "You have no maximum hand size." of a permanent they control, "Players have no
    maximum hand size." of any permanent; with the source(s) that say so ("" for none). Other text that may change a
    maximum hand size is the caller's guard's (the hand-size scope); an effect in force that has this word (611.2a)
    is not performed: unsupported."""
    for e in state.in_force(EffectInForce):
        if e.card.modelled and any(le.arg("static").kind in HAND_SIZE_WORDS
                                   for le in lasting_effects(e.card, e.face, e.ability)):
            raise Unsupported(f"the effect of {e.source_card} in force changes a maximum hand size: not performed "
                              "(402.2)")
    sources = []
    for o in state.battlefield():
        for a in current(state, o.id).abilities:
            if a.kind == "static" and a.static is not None and a.static.kind in HAND_SIZE_WORDS \
                    and (a.static.arg("who") == "players" or o.controller == player):
                sources.append(f"{o.name} ({o.id})")
    if sources:
        return None, ", ".join(sources)
    return MAXIMUM_HAND_SIZE, ""


def _act(game: Game, verb: str, n: int, player: str, ctx: Ctx) -> list[Game]:
    if verb == "draw":
        return draws(game, player, n)
    if verb in ("lose_life", "gain_life"):
        return [change_life(game, player, n if verb == "gain_life" else -n)]
    if verb == "discard_hand":
        return [discard_hand(game, player)]
    if verb == "discard":
        # 701.9b: the player chooses (or at random: every set of cards may be the one): every set a branch.
        return instructions.discard(game, Effect("discard", (("n", n),)), replace(ctx, target=player, target_legal=True))
    if verb == "mill":
        return [mill(game, player, n)]
    if verb == "monarch":
        # 725.1, 725.3: the player becomes the monarch; there is only one.
        guard_unrecognized(game, f"{player} becomes the monarch")
        was = game.state.monarch
        game = game.with_state(game.state.evolve(monarch=player))
        return [game.log(("725.1", "725.3"), f"{player} becomes the monarch" + (f" ({was} no longer is)" if was
                                                                                 and was != player else ""))]
    if verb == "energy":
        return [add_player_counters(game, player, "energy", n)]
    if verb == "exile_top":         # 406.3, 701.13a: the player exiles the top N cards of their own library
        guard_library(game, f"{player} exiles the top of their library")
        return [exile_top(game, player, n)]
    if verb in ("scry", "surveil"):
        return look(game, player, n, verb, f"{verb} {n}")
    raise Unsupported(f"the instruction {verb!r} is not performed by the engine")


def _arrangements(cards: tuple[str, ...], kind: str) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """Every (top in order, bottom in order, to the graveyard) the player may make of the cards looked at."""
    out: list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = []
    for k in range(len(cards) + 1):
        for away in (combinations(cards, k) if kind != "look" else [()] if k == 0 else []):
            rest = tuple(c for c in cards if c not in away)
            for top in permutations(rest):
                if kind == "scry":
                    out += [(top, bottom, ()) for bottom in permutations(away)]
                else:
                    out.append((top, (), tuple(away)))
    return out


#: The rule of each way of looking at the top of a library and putting the cards somewhere.
LOOK_RULES = {"scry": "701.22a", "surveil": "701.25a", "look": "401.4"}


def look(game: Game, p: str, n: int, kind: str, what: str) -> list[Game]:
    """701.22a scry N, 701.25a surveil N, and looking at the top N cards then putting them back in any order
    (401.4): every arrangement of the cards a branch (cards nobody knows: see the module)."""
    rule = LOOK_RULES[kind]
    if p in game.left:
        return [game]
    guard_library(game, f"{p} looks at the top of their library ({what})")
    player = game.state.player(p)
    lib = player.zone("library")
    n = min(n, len(lib) + player.unknown_library)
    if n == 0:
        return [game.log(rule, f"{p}'s library is empty: {what} does nothing")]
    if not lib:
        if kind == "surveil":
            return merge([_surveil_unknown(game, p, n, k) for k in range(n + 1)])
        return [game.log(rule, f"{p} looks at the top {n} card(s) of their library, cards nobody knows, and puts "
                               f"them back: the library is still {player.unknown_library} card(s) nobody knows")]
    if len(lib) < n:
        raise Unsupported(f"{what!r} looks at named cards and cards nobody knows together: not performed yet")
    if n > MAX_LOOK:
        raise SearchBound(f"{what!r}: ordering more than {MAX_LOOK} cards is past the search bound")
    seen = lib[:n]
    out = []
    for top, bottom, away in _arrangements(seen, kind):
        if bottom and player.unknown_library:
            raise Unsupported(f"{p} could put a named card under cards nobody knows: not representable")
        g = game
        st = g.state
        new_lib = top + lib[n:] + bottom
        pl = st.player(p)
        g = g.with_state(st.with_player(replace(pl, zones=tuple((z, new_lib if z == "library" else ids)
                                                                for z, ids in pl.zones))))
        g = g.log(rule, f"{p} puts {', '.join(top) or 'no card'} on top"
                        + (f", {', '.join(bottom)} on the bottom" if bottom else "")
                        + (f", {', '.join(away)} into their graveyard" if away else ""))
        moved = []
        for oid in away:
            lki = g.state.obj(oid)
            g = zones.move(g, oid, "graveyard")
            moved.append((lki, "library", "graveyard"))
        out.append(after_moves(g, moved, f"{p} surveils") if moved else g)
    return merge(out)


def _surveil_unknown(game: Game, p: str, n: int, k: int) -> Game:
    """701.25a on cards nobody knows: ``k`` of the ``n`` looked at go to the graveyard, the rest back on top in any
    order (cards nobody knows, which no one can tell apart): each ``k`` is a branch, since any of them may be put
    there (zones.card_nobody_knows: their own text does nothing as they move)."""
    game = game.log("701.25a", f"{p} surveils {n}: {k} card(s) nobody knows into their graveyard, "
                               f"{n - k} back on top")
    moved = []
    for _ in range(k):
        game, oid = zones.card_nobody_knows(game, p, "graveyard", "surveilled")
        moved.append((game.state.obj(oid), "library", "graveyard"))
    return after_moves(game, moved, f"{p} surveils") if moved else game


def _owner(game: Game, e: Effect, ctx: Ctx) -> str | None:
    """Whose library: the controller's, or the target player's (None: an illegal target, 608.2b)."""
    if not e.arg("target"):
        return ctx.controller
    if not ctx.target_legal or ctx.target not in game.state.player_names:
        return None
    return ctx.target


def _look_top(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Look at the top N cards of your library, then put them back in any order" (401.4; the player who looks
    puts them back, every order a branch)."""
    p = _owner(game, e, ctx)
    if p is None:
        return [game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")]
    done = [game.log("608.2d", f"{ctx.controller} chooses not to: {e.text()}")] if e.arg("may") else []
    return merge(done + look(game, p, e.arg("n"), "look", e.text()))


def _look_at(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Look at the top N cards of your library.": looking moves nothing; what is done with the cards is the next
    instruction's (``take_looked``)."""
    p = _owner(game, e, ctx)
    if p is None:
        return [game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")]
    guard_library(game, f"{ctx.controller} looks at the top of {p}'s library")
    return [game.log("608.2c", f"{ctx.controller} looks at the top {e.arg('n')} card(s) of {p}'s library")]


def _take_looked(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """Of the N cards looked at, k go to the hand (a stated quality may be left unfound, as in 701.23b: "you may
    reveal a creature card from among them"); the rest go to the bottom of the library in any order. Done on
    cards nobody knows: the cards taken are made known only by the quality, and the rest, put on the bottom, are
    still cards nobody knows (a named library: unsupported)."""
    p = ctx.controller
    if p in game.left:
        return [game]
    pl = game.state.player(p)
    if pl.zone("library"):
        raise Unsupported(f"{e.text()!r} on a library with cards the question names: not performed yet")
    n = e.arg("n")
    if n == "X":        # 107.3a: "Look at the top X cards"
        n = x_value(e, ctx)
        game = game.log("107.3a", f"X is {n}, the value chosen as the spell was cast")
    m = min(n, pl.unknown_library)
    k = min(n if e.arg("k") == "X" else e.arg("k"), m)
    quality = e.arg("quality", "")
    counts = range(k + 1) if quality or e.arg("may") else [k]
    out = []
    for j in counts:
        g = game.log("608.2c", f"{p} puts {j} of the {m} card(s) looked at into their hand"
                               + (f" ({quality})" if quality else ""))
        for _ in range(j):
            g, oid = _found_object(g, p, quality)
        if m > j and e.arg("rest") == "graveyard":
            g = g.log("608.2c", f"{p} puts the other {m - j} card(s) into their graveyard")
            moved = []
            for _ in range(m - j):
                g, oid = zones.card_nobody_knows(g, p, "graveyard", "looked")
                moved.append((g.state.obj(oid), "library", "graveyard"))
            g = after_moves(g, moved, f"{p} puts cards into their graveyard from their library")
        if m > j and e.arg("rest") in ("bottom", "bottom_random", "top", "library"):
            # 401.4: back into the library on top or on the bottom, in any order or a random one: still cards
            # nobody knows, whose order among themselves no one can tell apart
            where = {"bottom": "on the bottom of", "bottom_random": "on the bottom of", "top": "on top of",
                     "library": "on top and bottom of"}[e.arg("rest")]
            g = g.log("401.4", f"{p} puts the other {m - j} card(s) {where} their library: still cards nobody knows")
        guard_unrecognized(g, f"{p} puts cards into their hand from their library")
        out.append(g)
    return merge(out)


def _looked_rest(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Put the rest on the bottom of your library in any order": after ``take_looked`` on cards nobody knows
    (it raises for a named library), the rest are cards nobody knows wherever they go in the library."""
    if e.arg("rest") == "graveyard":
        raise Unsupported(f"{ctx.controller} puts cards nobody knows into their graveyard: what they are matters")
    return [game.log("401.4", f"{ctx.controller} puts the rest on the bottom of their library: still cards nobody "
                              "knows")]


def _shuffle(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.24a: the library is randomized; a library of cards nobody knows stays that many cards nobody
    knows."""
    return shuffles(game, ctx.controller)


def shuffles(game: Game, p: str) -> list[Game]:
    """701.24a: ``p``'s library randomized, every order it can take a branch: a library of cards nobody knows is
    the one state ``shuffle`` gives; a library of named cards only is each of its distinct orders (a random
    order is one of them, and no player chooses it); named cards among cards nobody knows are unsupported."""
    pl = game.state.player(p) if p not in game.left else None
    if pl is None or not pl.zone("library") or pl.unknown_library:
        return [shuffle(game, p)]
    guard_library(game, f"{p} shuffles their library")
    out = []
    for order in permutations(pl.zone("library")):
        st = game.state.with_player(zones.with_zone(game.state.player(p), "library", order))
        out.append(game.with_state(st).log("701.24a", f"{p} shuffles their library: it is "
                                                      + ", ".join(order) + " from the top"))
        if len(out) > MAX_BRANCHES:
            raise SearchBound(f"shuffling {p}'s library of {len(order)} named cards has more than {MAX_BRANCHES} "
                              "orders: the search bound")
    return merge(out)


def shuffle(game: Game, p: str) -> Game:
    """701.24a, for ``p``'s library (see the module: only a library of cards nobody knows)."""
    if p in game.left:
        return game
    guard_library(game, f"{p} shuffles their library")
    if game.state.player(p).zone("library"):
        raise Unsupported(f"{p} shuffles a library with cards the question names: their order becomes unknown, "
                          "which the engine does not represent")
    return game.log("701.24a", f"{p} shuffles their library (cards nobody knows: nothing anyone is told changes)")


def _found_object(game: Game, p: str, quality: str, card: CardDef | None = None) -> tuple[Game, str]:
    """A card of ``p``'s library of cards nobody knows put into their hand: known only by ``quality``, or the
    card ``card`` where the search names it ("a card named ~")."""
    name = f"{'an' if quality[:1].lower() in 'aeiou' else 'a'} {quality} card nobody knows" if quality else \
        "a card nobody knows"
    return zones.card_nobody_knows(game, p, "hand", "found", name, card)


def _basic_land(game: Game, p: str, name: str, tapped: bool) -> Game:
    """A basic land card of ``p``'s library, found, put onto the battlefield (tapped if the effect says so;
    614.1c its own entering text)."""
    found = card_db().find(name)
    if found is None:
        raise Unsupported(f"the basic land card {name} could be found, and the verifier has no definition for it")
    card, face = found
    pl = game.state.player(p)
    oid = zones.fresh_id(game.state, name)
    o = GameObject(id=oid, card=card, owner=p, controller=p, zone="library", face=face)
    st = game.state.with_player(replace(pl, unknown_library=pl.unknown_library - 1))
    game = zones.create_object(game.with_state(st), o)
    lki = game.state.obj(oid)
    counters = enters_counters(game, oid, None)
    game = zones.move(game, oid, "battlefield", controller=p, counters=counters, tapped=tapped)
    game = game.log("701.23a", f"{p} finds {name} ({oid}) and puts it onto the battlefield"
                               + (" tapped" if tapped else ""))
    return after_moves(game, [(lki, "library", "battlefield")], f"{name} enters the battlefield")


def _search(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-d: search the library for cards (see the module for cards nobody knows), put them where the
    effect says, then shuffle if it says so (701.24a); "you may search" is a choice: not searching is a
    branch."""
    p = ctx.controller
    if p in game.left:
        return [game]
    guard_library(game, f"{p} searches their library")
    pl = game.state.player(p)
    if pl.zone("library"):
        return _search_named(game, e, ctx)
    quality, n, to = e.arg("quality", ""), e.arg("n"), e.arg("to")
    if n == "X":        # 107.3a: "Search your library for up to X cards"
        n = x_value(e, ctx)
        game = game.log("107.3a", f"X is {n}, the value chosen as the spell was cast")
    if e.arg("with"):       # the found card is known only by its quality (into a hand: see the module)
        if to not in ("hand", "top"):
            raise Unsupported(f"which card(s) {p} finds matters: only a search into a hand or on top is performed")
        quality = f"{quality} ({e.arg('with')})".strip()     # a stated quality: may be left unfound (701.23b)
    most = min(n, pl.unknown_library)
    counts = range(most + 1) if quality or e.arg("up_to") else [most]      # 701.23b, 701.23d
    out = [game.log("608.2d", f"{p} chooses not to search: {e.text()}")] if e.arg("may") else []
    if to == "top":
        # 701.24b: the library but the found card is shuffled, then the card goes on top: a library of cards nobody
        # knows, still that many (701.23d: "a card" is found if there is one).
        g = game.log(("701.23a", "701.24b"), f"{p} searches their library, shuffles it and puts the card found on "
                                             f"top: the library is still {pl.unknown_library} card(s) nobody knows")
        return merge(out + [g])
    named = quality == "named ~"
    named_card = None
    if named:
        src = game.state.obj(ctx.source) if game.state.has(ctx.source) else ctx.source_lki
        if src is None or not src.card.modelled:
            raise Unsupported(f"the card named by {e.text()!r} is not known to the engine")
        named_card = src.card
    if to != "hand" and quality != "basic land" and most > 0:
        raise Unsupported(f"which {quality or ''} card(s) {p} finds matters as they enter the battlefield: only "
                          "basic land cards are performed")
    for k in counts:
        g = game.log(("701.23a", "701.23b") if quality else ("701.23a",) if e.arg("up_to") else ("701.23a", "701.23d"),
                     f"{p} searches their library and finds {k} card(s)" + (f" ({quality})" if quality else ""))
        if to == "split":
            # Cultivate: one basic land card onto the battlefield tapped (each of them a branch), the other into the
            # hand; a single card found is put onto the battlefield tapped (Cultivate ruling, 2010-08-15).
            results = [h if k < 2 else _found_object(h, p, quality)[0]
                       for h in ([_basic_land(g, p, name, True) for name in BASIC_LANDS] if k else [g])]
            if k == 2:
                results = [r.log("701.23a", f"{p} puts the other found card into their hand") for r in results]
        elif to == "hand":
            for _ in range(k):
                g, oid = _found_object(g, p, quality, named_card)
                g = g.log("701.23a", f"{p} puts the found card ({oid}) into their hand")
            guard_unrecognized(g, f"{p} puts cards found into their hand")
            results = [g]
        else:
            results = []
            for names in combinations_with_replacement(BASIC_LANDS, k):
                h = g
                for name in names:
                    h = _basic_land(h, p, name, to == "battlefield_tapped")
                results.append(h)
        if e.arg("shuffle"):
            results = [shuffle(r, p) for r in results]
        out += results
        if len(out) > MAX_BRANCHES:
            raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    return merge(out)


def _search_named(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-d on a library of cards the question names (and no cards nobody knows): every choice of the
    found cards among those of the quality a branch (fewer, down to none, where a quality is stated or it says
    "up to": 701.23b), each put where the effect says (into the hand; onto the battlefield with every choice its
    own text offers as it enters, 614.1c), then the library shuffled into each of its orders (701.24a)."""
    p = ctx.controller
    st = game.state
    pl = st.player(p)
    quality, n, to = e.arg("quality", ""), e.arg("n"), e.arg("to")
    if pl.unknown_library:
        raise Unsupported(f"{p} searches a library of named cards and cards nobody knows: what a card nobody knows "
                          "is decides whether it may be found")
    if to not in ("hand", "battlefield", "battlefield_tapped") or quality == "named ~" or n == "X":
        raise Unsupported(f"{e.text()!r} on a library with cards the question names: not performed yet")
    spec = cards_of(e)
    src = st.obj(ctx.source) if st.has(ctx.source) else ctx.source_lki
    # a qualifier after the noun ("a card with mana value 4") is a stated quality too (701.23b)
    stated = bool(quality or e.arg("with"))
    fits = []
    for oid in pl.zone("library"):
        o = st.obj(oid)
        if not o.card.modelled:
            raise Unsupported(f"{p}'s library holds {unknown_card(o)}: whether it may be found matters")
        if not stated or any(matches(sel, current(st, oid), o, p, src, st.turn.step) for sel in spec.objects):
            fits.append(oid)
    most = min(n, len(fits))
    counts = range(most + 1) if stated or e.arg("up_to") else [most]      # 701.23b, 701.23d
    out = [game.log("608.2d", f"{p} chooses not to search: {e.text()}")] if e.arg("may") else []
    for k in counts:
        for found in combinations(fits, k):
            label = " ".join(x for x in (quality, e.arg("with", "")) if x)
            g = game.log(("701.23a", "701.23b") if stated else ("701.23a",),
                         f"{p} searches their library and finds " + (", ".join(found) if found else "nothing")
                         + (f" ({label})" if label else ""))
            branches = [g]
            for oid in found:
                nxt = []
                for h in branches:
                    lki = h.state.obj(oid)
                    if to == "hand":
                        h = zones.move(h, oid, "hand").log("701.23a", f"{p} puts {lki.name} ({oid}) into their hand")
                        nxt.append(after_moves(h, [(lki, "library", "hand")], f"{lki.name} is put into a hand"))
                    else:
                        nxt += [after_moves(w, [(lki, "library", "battlefield")], f"{lki.name} enters the battlefield")
                                for w in enter_each_way(h, oid, p, None, "701.23a",
                                                        f"{p} puts {lki.name} ({oid}) onto the battlefield",
                                                        tapped=to == "battlefield_tapped")]
                branches = nxt
            if e.arg("shuffle"):
                branches = [s2 for b in branches for s2 in shuffles(b, p)]
            out += branches
            if len(out) > MAX_BRANCHES:
                raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    return merge(out)


def add_player_counters(game: Game, player: str, kind: str, n: int) -> Game:
    """122.1, 107.14: ``n`` counters of ``kind`` (energy) are put on ``player``."""
    pl = game.state.player(player)
    c = dict(pl.counters)
    c[kind] = c.get(kind, 0) + n
    game = game.with_state(game.state.with_player(replace(pl, counters=tuple(sorted(c.items())))))
    guard_unrecognized(game, f"{player} gets {kind} counters")
    return game.log(("122.1", "107.14") if kind == "energy" else "122.1",
                    f"{player} gets {n} {kind} counter(s) ({c[kind]} now)")


def _add_mana(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """106.4: the mana goes into the controller's mana pool (it empties at the end of the step, 500.4)."""
    p = ctx.controller
    if p in game.left:
        return [game]
    guard_scope(game.state, "mana", f"{p} adds mana")
    pl = game.state.player(p)
    pool = pl.mana_pool + tuple(PoolMana(c, ctx.source) for c in e.arg("mana"))
    if len(pool) > MAX_POOL:
        raise SearchBound(f"{p}'s mana pool would hold more than {MAX_POOL} mana: past the engine's bound")
    game = game.with_state(game.state.with_player(replace(pl, mana_pool=pool)))
    return [game.log("106.4", f"{p} adds {e.text()[4:]} to their mana pool")]


def _revealed_player(game: Game, e: Effect, ctx: Ctx) -> str:
    """The player whose hand the ability's one target made reveal it (608.2c: "it", "that player")."""
    if len(ctx.targets) != 1 or ctx.targets[0] not in game.state.player_names:
        raise Unsupported(f"whose hand {e.text()!r} refers to is not known to the engine")
    return ctx.targets[0]


def _reveal_hand(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.20a: the target player shows the cards in their hand; nothing moves."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    p = _revealed_player(game, e, ctx)
    return [game.log("701.20a", f"{p} reveals their hand")]


def _choose_from_hand(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """The choice is made here and acted on by the next instruction (``chosen_to``, which makes every choice a
    branch); nothing happens in between (608.2c). With a target, the hand is revealed first (701.20a). When the
    target player reveals only some cards of their choice (Blackmail), any card of the hand may be among them,
    so each card of the hand may be the one chosen: the branches ``chosen_to`` makes are the same."""
    if e.arg("revealed") and e.arg("target"):
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        p = _revealed_player(game, e, ctx)
        n = e.arg("revealed")
        return [game.log("701.20a", f"{p} reveals {n} cards of their choice from their hand (all of it if it holds "
                                    f"{n} or fewer)")]
    if e.arg("target"):
        return _reveal_hand(game, e, ctx)
    return [game]


def _chosen_to(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"You choose a nonland card from it. That player discards that card." (701.9b: a player other than the
    one discarding chooses) / "Exile that card.": every card of the quality a branch; with none, nothing happens;
    "you may choose": choosing none is a branch. A card in that hand the question does not name is
    unsupported (what it is decides whether it may be chosen)."""
    p = _revealed_player(game, e, ctx)
    if p in game.left:
        return [game]
    if e.arg("chosen"):     # chosen in this sentence, from the hand the sentence before revealed (608.2c)
        game = game.log("608.2c", f"{ctx.controller} chooses a card from {p}'s revealed hand")
    st = game.state
    spec = cards_of(e)
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    fits = []
    for oid in st.player(p).zone("hand"):
        o = st.obj(oid)
        if not o.card.modelled:
            raise Unsupported(f"{p}'s hand holds {unknown_card(o)}: whether it may be chosen matters")
        if any(matches(sel, current(st, oid), o, ctx.controller, src, st.turn.step) for sel in spec.objects):
            fits.append(oid)
    n = e.arg("n", 1)
    if n == "X":
        n = x_value(e, ctx)
    most = min(n, len(fits))        # "choose two cards": as many as there are (609.3)
    sizes = range(most + 1) if e.arg("up_to") else [most]
    out = [game.log("608.2d", f"{ctx.controller} chooses no card")] if e.arg("may") or 0 in sizes else []
    for k in sizes:
        for chosen in (combinations(fits, k) if k else []):
            g = game.log("608.2d", f"{ctx.controller} chooses "
                                   + ", ".join(f"{st.obj(oid).name} ({oid})" for oid in chosen))
            if e.arg("to") == "discard":
                for oid in chosen:
                    g = discard_one(g, p, oid)
                out.append(g)
            else:
                moved = []
                for oid in chosen:
                    lki = g.state.obj(oid)
                    g = zones.move(g, oid, "exile").log("406.3", f"{lki.name} ({oid}) is exiled from {p}'s hand")
                    moved.append((lki, "hand", "exile"))
                out.append(after_moves(g, moved, f"cards are exiled from {p}'s hand"))
            if len(out) > MAX_BRANCHES:
                raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    return merge(out)


def _put_from_hand(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """305.4, 400.6: the controller puts a card of the quality from their hand onto the battlefield (not playing
    it: no land play is used), each such card a branch; "you may": putting none is a branch too (608.2d); with
    none, nothing happens. A card in that hand the question does not name is unsupported (what it is decides
    whether it may be put)."""
    p = ctx.controller
    st = game.state
    spec = cards_of(e)
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    fits = []
    for oid in st.player(p).zone("hand"):
        o = st.obj(oid)
        if not o.card.modelled:
            raise Unsupported(f"{p}'s hand holds {unknown_card(o)}: whether it may be put onto the battlefield matters")
        if any(matches(sel, current(st, oid), o, p, src, st.turn.step) for sel in spec.objects):
            fits.append(oid)
    out = [game.log("608.2d", f"{p} puts no card from their hand onto the battlefield")] \
        if e.arg("may") or not fits else []
    for oid in fits:
        lki = st.obj(oid)
        g = game.choose(f"{p} puts {lki.name} ({oid}) from their hand onto the battlefield")
        out += [after_moves(w, [(lki, "hand", "battlefield")], f"{lki.name} enters the battlefield")
                for w in enter_each_way(g, oid, p, None, ("305.4", "400.6"),
                                        f"{p} puts {lki.name} ({oid}) from their hand onto the battlefield",
                                        tapped=bool(e.arg("tapped")))]
        if len(out) > MAX_BRANCHES:
            raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    return merge(out)


def _put_on_library(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """The target (a permanent, or a card in a graveyard) is put on top of its owner's library: the first of
    the cards the library names, above any cards nobody knows (400.7: a new object; a token ceases to exist,
    704.5d)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    t = ctx.target
    if t is None or t in st.player_names or not st.has(t) or st.obj(t).zone not in ("battlefield", "graveyard"):
        raise Unsupported(f"{e.text()!r} on {name_of(st, t)}: only a permanent or a card in a graveyard is performed")
    o = st.obj(t)
    was = o.zone
    game = zones.move(game, t, "library", top=True).log("400.7", f"{o.name} ({t}) is put on top of "
                                                                 f"{o.owner}'s library; it becomes a new object")
    return [after_moves(game, [(o, was, "library")], f"{o.name} is put into a library")]


def _exile_card(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """406.3: the target card in a graveyard is exiled (400.7: a new object)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    t = ctx.target
    if t is None or t in st.player_names or not st.has(t) or st.obj(t).zone != "graveyard":
        raise Unsupported(f"{e.text()!r} on {name_of(st, t)}: only a card in a graveyard is performed")
    o = st.obj(t)
    game = zones.move(game, t, "exile").log("406.3", f"{o.name} ({t}) is exiled from {o.owner}'s graveyard")
    return [after_moves(game, [(o, "graveyard", "exile")], f"{o.name} is exiled")]


#: What words.players.perform (a player's instructions) uses of this module.
players_named = _players
library_act = _act


PERFORMERS: dict[str, Performer] = {
    "exile_card": _exile_card,
    "put_on_library": _put_on_library,
    "reveal_hand": _reveal_hand,
    "choose_from_hand": _choose_from_hand,
    "chosen_to": _chosen_to,
    "put_from_hand": _put_from_hand,
    "add_mana": _add_mana,
    # "player_acts": words.players.perform' (a player's instructions, every verb of them)
    "look_top": _look_top,
    "look_at": _look_at,
    "take_looked": _take_looked,
    "looked_rest": _looked_rest,
    "shuffle": _shuffle,
    "search": _search,
}




def x_value(e: Effect, ctx: Ctx) -> int:
    """107.3a: X in a spell's instructions is the value chosen as it was cast (601.2b); an ability's X (107.3m,
    107.3f) or an X nobody chose is not known to the engine."""
    if ctx.ability_index is not None or ctx.x is None:
        raise Unsupported(f"the value of X in {e.text()!r} is not known to the engine")
    return ctx.x


def discard_hand(game: Game, player: str) -> Game:
    """701.9a: ``player`` discards every card in their hand (all at once; no choice to make)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: they discard nothing")
    hand = game.state.player(player).zone("hand")
    if not hand:
        return game.log("701.9a", f"{player}'s hand is empty: they discard nothing")
    game = game.log("701.9a", f"{player} discards their hand ({len(hand)} card(s))")
    for oid in hand:
        game = discard_one(game, player, oid)
    return game




def _exile_found(game: Game, owner: str, label: str) -> tuple[Game, str]:
    """One card of ``owner``'s library of cards nobody knows, found and exiled face up (406.3): an unknown object
    in exile named by ``label``."""
    name = f"{'an' if label[:1].lower() in 'aeiou' else 'a'} {label} card nobody knows" if label else \
        "a card nobody knows"
    return zones.card_nobody_knows(game, owner, "exile", "exiled", name)


def _search_exile(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-b, d, 406.3: the controller searches the library (theirs, or the target player's) for cards and
    exiles them; every number of cards found a branch where a quality or "up to" lets cards be left unfound;
    "then shuffle" (701.24a) shuffles the library searched; "you may search": not searching is a branch."""
    owner = _owner(game, e, ctx)
    if owner is None:
        return [game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")]
    if owner in game.left or ctx.controller in game.left:
        return [game.log("800.4a", f"{owner}'s library is not searched: a player has left the game")]
    guard_library(game, f"{ctx.controller} searches {owner}'s library")
    pl = game.state.player(owner)
    if pl.zone("library"):
        raise Unsupported(f"{ctx.controller} searches a library with cards the question names ({owner}'s): which "
                          "of them are found is not enumerated yet")
    n = e.arg("n")
    if n == "X":
        n = x_value(e, ctx)
        game = game.log("107.3a", f"X is {n}, the value chosen as the spell was cast")
    label = " ".join(x for x in (e.arg("quality", ""), e.arg("with", "")) if x)
    most = min(n, pl.unknown_library)
    counts = range(most + 1) if label or e.arg("up_to") else [most]       # 701.23b, 701.23d
    out = [game.log("608.2d", f"{ctx.controller} chooses not to search: {e.text()}")] if e.arg("may") else []
    for k in counts:
        g = game.log(("701.23a", "701.23b") if label or e.arg("up_to") else ("701.23a", "701.23d"),
                     f"{ctx.controller} searches {owner}'s library and finds {k} card(s)"
                     + (f" ({label})" if label else ""))
        found = []
        for _ in range(k):
            g, oid = _exile_found(g, owner, label)
            found.append(oid)
        if found:
            g = g.log("406.3", f"{', '.join(found)} {'is' if len(found) == 1 else 'are'} exiled from {owner}'s "
                               "library (cards nobody knows)")
            guard_unrecognized(g, f"cards of {owner}'s library are exiled")
        if e.arg("shuffle"):
            g = shuffle(g, owner)
        out.append(g)
        if len(out) > MAX_BRANCHES:
            raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    return merge(out)


def _searched_library_shuffles(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.24a: "Then that player shuffles their library.": the target player whose library was searched (608.2c);
    an illegal target (608.2b) or a player who left (800.4a) does nothing."""
    if not ctx.target_legal or ctx.target not in game.state.player_names:
        return [game.log("608.2b", f"{ctx.target} is an illegal target now: they do not shuffle")]
    if e.arg("may"):    # 608.2d: "you may have that player shuffle": not having them shuffle is a branch
        return merge([game.log("608.2d", f"{ctx.controller} chooses not to have {ctx.target} shuffle"),
                      shuffle(game, ctx.target)])
    return [shuffle(game, ctx.target)]


def _search_named_zones(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-b: "Search your library and/or graveyard for a card named N, reveal it, and put it into your hand."
    The player chooses the zones ("and/or"); in the library, a hidden zone, the card may be left unfound (701.23b),
    and a library of cards nobody knows may hold it (found: the card named N, into the hand); in the graveyard, a
    public zone, a card named N there is found when the graveyard is searched (each such card a branch). "And
    graveyard": both are searched, so finding none is a branch only with no card named N in the graveyard.
    "You may": not searching is a branch (608.2d)."""
    p = ctx.controller
    if p in game.left:
        return [game]
    guard_library(game, f"{p} searches their library")
    name = e.arg("name")
    found = card_db().find(name)
    if found is None:
        raise Unsupported(f"the card named {name} could be found, and the verifier has no definition for it")
    card, _face = found
    pl = game.state.player(p)
    if pl.zone("library"):
        return _search_named(game, e, ctx)
    in_yard = [oid for oid in pl.zone("graveyard") if game.state.obj(oid).name == name]
    out = [game.log("608.2d", f"{p} chooses not to search: {e.text()}")] if e.arg("may") else []
    if e.arg("zones") == "either" or not in_yard:
        out.append(game.log(("701.23a", "701.23b"), f"{p} searches and finds no card named {name}"))
    for oid in in_yard:
        lki = game.state.obj(oid)
        g = zones.move(game, oid, "hand").log("701.23a", f"{p} finds {name} ({oid}) in their graveyard and puts it "
                                                         "into their hand")
        out.append(after_moves(g, [(lki, "graveyard", "hand")], f"{name} is put into {p}'s hand"))
    if pl.unknown_library > 0:
        g, oid = _found_object(game, p, "", card)
        g = g.log("701.23a", f"{p} finds {name} ({oid}) in their library (a card nobody knows may be it) and puts it "
                             "into their hand")
        guard_unrecognized(g, f"{p} puts a card found into their hand")
        out.append(g)
    return merge(out)


PERFORMERS.update({
    "search_named_zones": _search_named_zones,
    "search_exile": _search_exile,
    "searched_library_shuffles": _searched_library_shuffles,
})
