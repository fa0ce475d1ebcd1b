"""Hands and libraries: what the library words (``words.library.perform``) did not perform
yet, built on them rather than copied (a player's X and "discards their hand": ``words.library.perform``):

- a tutor that puts the card found on top after a shuffle, written as two sentences ("Search your library for
  an instant or sorcery card and reveal that card. Shuffle your library, then put the card on top of it.",
  701.23a, 701.24b): on a library of cards nobody knows, the library is the same number of cards nobody knows
  afterwards, whichever card is found or none (701.23b);
- Splinter's search of a player's graveyard, hand and library for the cards with one name, and the shuffle after
  it (701.23b and its example).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.engine import zones
from mtgjudge.model.words.library import perform as library
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.names import unknown_card
from mtgjudge.model.objects import GameObject
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer

Ctx = Ctx


# ------------------------------------------------------------------ Splinter: the cards of one name, three zones

def _named_object(game: Game, ctx: Ctx, e: Effect):
    """The object "that artifact" / "that spell" names: the target of the instruction before, as it last existed
    when the resolution began (608.2h: it has left the public zone it was in, or is in a new one)."""
    if ctx.target is None or not ctx.target_legal:
        raise Unsupported(f"what {e.text()!r} refers to is not known to the engine")
    before = ctx.before or game.state
    if not before.has(ctx.target) or ctx.target in before.player_names:
        raise Unsupported(f"what {e.text()!r} refers to is not known to the engine")
    return before.obj(ctx.target)


def _searched_player(game: Game, ctx: Ctx, e: Effect) -> str:
    o = _named_object(game, ctx, e)
    return o.owner if e.arg("whose") == "owner" else o.controller


def _library_card(game: Game, p: str, card, face: int) -> tuple[Game, str]:
    """A card of ``p``'s library of cards nobody knows found as ``card`` (it has the name searched for): made as
    an object in the library (one fewer card nobody knows)."""
    pl = game.state.player(p)
    oid = zones.fresh_id(game.state, card.name)
    game = game.with_state(game.state.with_player(replace(pl, unknown_library=pl.unknown_library - 1)))
    return zones.create_object(game, GameObject(id=oid, card=card, owner=p, controller=p, zone="library",
                                                face=face)), oid


def _exile_same_name(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.23a-b (and its example, Splinter): the graveyard is public: "all cards" with the name there must be found;
    the hand and the library are hidden zones: any number of the cards with the name there may be left unfound
    (701.23b). A library of cards nobody knows may hold any number of them: finding k of them is a branch for every k
    its size allows. Every card found is exiled (406.3), all at once."""
    named = _named_object(game, ctx, e)
    p = _searched_player(game, ctx, e)
    if p in game.left:
        return [game.log("800.4a", f"{p} has left the game: nothing is searched")]
    library.guard_library(game, f"{ctx.controller} searches {p}'s library")
    st = game.state
    name = named.name
    pl = st.player(p)
    if pl.zone("library"):
        raise Unsupported(f"{e.text()!r} searches a library with cards the question names: not performed yet")
    found = card_db().find(name) if not named.card.token else None
    card, face = found if found is not None else (named.card, named.face)
    # a token's name, or a back face's (a card in a library has its front face's name only, 712.8a), is not known to
    # be any card's that a library of cards nobody knows may hold
    if (named.card.token or not card.modelled or face != 0) and pl.unknown_library:
        raise Unsupported(f"cards named {name} in {p}'s library: the card is not known to the verifier")
    must: list[str] = []
    may: list[str] = []
    for z in ("graveyard", "hand"):
        for oid in pl.zone(z):
            o = st.obj(oid)
            if not o.card.modelled:
                raise Unsupported(f"{p}'s {z} holds {unknown_card(o)}: whether it is named {name} matters")
            if o.name == name:
                (must if z == "graveyard" and e.arg("all") else may).append(oid)
    n_lib = pl.unknown_library
    if 2 ** len(may) * (n_lib + 1) > MAX_BRANCHES:
        raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
    game = game.log(("701.23a", "701.23b"), f"{ctx.controller} searches {p}'s graveyard, hand and library for cards "
                                            f"named {name}" + (f"; must find {', '.join(must)} in the graveyard"
                                                                if must else ""))
    out = []
    for k in range(len(may) + 1):
        for chosen in combinations(may, k):
            for j in range(n_lib + 1):
                g = game
                ids = list(must) + list(chosen)
                for _ in range(j):
                    g, oid = _library_card(g, p, card, face)
                    ids.append(oid)
                moved = []
                for oid in ids:
                    lki = g.state.obj(oid)
                    g = zones.move(g, oid, "exile")
                    moved.append((lki, lki.zone, "exile"))
                g = g.log("406.3", f"{ctx.controller} exiles {len(ids)} card(s) named {name}"
                                   + (f" ({j} from the library)" if j else ""))
                out.append(after_moves(g, moved, f"cards named {name} are exiled") if moved else g)
    return merge(out)


def _searched_shuffles(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.24a: "Then that player shuffles their library": the player whose library was searched."""
    return [library.shuffle(game, _searched_player(game, ctx, e))]


PERFORMERS: dict[str, Performer] = {
    "exile_same_name": _exile_same_name,
    "searched_shuffles": _searched_shuffles,
}
