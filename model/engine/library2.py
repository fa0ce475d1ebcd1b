"""Searching libraries, beyond ``engine.library`` (issue 9 round 4, helper library2): a search whose found cards
are exiled (701.23a, 406.3), of your library or of a target player's ("Search target player's library for up to
seven cards and exile them. Then that player shuffles their library."), and a search of a library and a
graveyard for a card with a name.

Cards nobody knows (see ``engine.library``): a search for cards of a stated quality may find none of them
(701.23b), so finding k of them is a branch for every k the library's size allows; a search for "N cards" with
no quality finds N if there are N (701.23d). The cards found and exiled are made as unknown objects in exile,
known only by the quality searched for, as ``engine.exile_top`` exiles cards nobody knows; a library of cards
the question names is unsupported (which of them is found is a choice the engine does not enumerate yet).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.engine import hand_acts, library, resolve, zones
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.exile_top import _unknown_id
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.vocab.abilities import Effect

Ctx = resolve.Ctx


def _exile_found(game: Game, owner: str, label: str) -> tuple[Game, str]:
    """One card of ``owner``'s library of cards nobody knows, found and exiled face up (406.3): an unknown object
    in exile named by ``label``."""
    pl = game.state.player(owner)
    oid = _unknown_id(game.state, owner)
    name = f"{'an' if label[:1].lower() in 'aeiou' else 'a'} {label} card nobody knows" if label else \
        "a card nobody knows"
    o = GameObject(id=oid, card=CardDef(faces=(Face(name=name),), modelled=False), owner=owner, controller=owner,
                   zone="exile")
    st = game.state.with_player(replace(pl, unknown_library=pl.unknown_library - 1))
    return zones.create_object(game.with_state(st), o), oid


def _search_exile(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-b, d, 406.3: the controller searches the library (theirs, or the target player's) for cards and
    exiles them; every number of cards found a branch where a quality or "up to" lets cards be left unfound;
    "then shuffle" (701.24a) shuffles the library searched; "you may search": not searching is a branch."""
    owner = library._owner(game, e, ctx)
    if owner is None:
        return [game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")]
    if owner in game.left or ctx.controller in game.left:
        return [game.log("800.4a", f"{owner}'s library is not searched: a player has left the game")]
    library._guard_library(game, f"{ctx.controller} searches {owner}'s library")
    pl = game.state.player(owner)
    if pl.zone("library"):
        raise Unsupported(f"{ctx.controller} searches a library with cards the question names ({owner}'s): which "
                          "of them are found is not enumerated yet")
    n = e.arg("n")
    if n == "X":
        n = hand_acts.x_value(e, ctx)
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
            g = library.shuffle(g, owner)
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
                      library.shuffle(game, ctx.target)])
    return [library.shuffle(game, ctx.target)]


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
    library._guard_library(game, f"{p} searches their library")
    name = e.arg("name")
    found = card_db().find(name)
    if found is None:
        raise Unsupported(f"the card named {name} could be found, and the verifier has no definition for it")
    card, _face = found
    pl = game.state.player(p)
    if pl.zone("library"):
        raise Unsupported(f"{p} searches a library with cards the question names: not performed yet")
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
        g, oid = library._found_object(game, p, "", card)
        g = g.log("701.23a", f"{p} finds {name} ({oid}) in their library (a card nobody knows may be it) and puts it "
                             "into their hand")
        guard_unrecognized(g, f"{p} puts a card found into their hand")
        out.append(g)
    return merge(out)


HANDLERS = {
    "search_named_zones": _search_named_zones,
    "search_exile": _search_exile,
    "searched_library_shuffles": _searched_library_shuffles,
}
resolve.HANDLERS.update(HANDLERS)
