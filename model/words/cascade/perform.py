"""Performing cascade (702.85a) as its triggered ability resolves: its controller exiles cards from the top of
their library one at a time until a nonland card whose mana value is less than the spell's is exiled; they may
cast that card without paying its mana cost (``engine.resolving_cast``; both choices are branches, and a card
that can't be cast is not); then every card exiled this way that wasn't cast goes to the bottom of the library in
a random order, each order a branch (no player chooses it, as with a shuffle, 701.24a).

Which cards are exiled depends on what the library holds: a library, or the part of it the exile reaches, of
cards nobody knows (``library: N``) is unsupported, never a guess. The spell's mana value is read from the spell
on the stack (X as announced, 202.3e); a spell that left the stack before its cascade resolves (countered: the
ability still resolves) as it last existed there, where the engine knows it (``_spell_value``)."""
from __future__ import annotations

from itertools import permutations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.resolving_cast import cast_without_paying
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import Illegal, SearchBound, Unsupported
from mtgjudge.model.mana import mana_value
from mtgjudge.model.rules.characteristics import object_mana_value
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect


def _exile_until(game: Game, player: str, value: int) -> tuple[Game, list[str], str | None]:
    """702.85a: cards exiled from the top of ``player``'s library, one at a time, until a nonland card with mana
    value less than ``value``: the game after, the cards exiled (in order) and that card (None if the library ran
    out first)."""
    exiled: list[str] = []
    moved = []
    hit = None
    while True:
        p = game.state.player(player)
        lib = p.zone("library")
        if not lib:
            if p.unknown_library > 0:
                raise Unsupported(f"{player} cascades into cards of their library that the question does not name: "
                                  "which card is exiled, and which one stops the cascade (702.85a), is not known")
            game = game.log("702.85a", f"{player}'s library is empty: no nonland card with mana value less than "
                                       f"{value} was exiled")
            break
        top = lib[0]
        lki = game.state.obj(top)
        game = zones.move(game, top, "exile")
        moved.append((lki, "library", "exile"))
        exiled.append(top)
        ch = current(game.state, top)
        mv = object_mana_value(game.state.obj(top))
        if "Land" not in ch.types and mv < value:
            game = game.log("702.85a", f"{player} exiles {lki.name} ({top}) from the top of their library: a nonland "
                                       f"card with mana value {mv}, less than {value}")
            hit = top
            break
        why = "a land card" if "Land" in ch.types else f"mana value {mv}, not less than {value}"
        game = game.log("702.85a", f"{player} exiles {lki.name} ({top}) from the top of their library ({why})")
    guard_unrecognized(game, f"{player} exiles cards from their library")
    return (after_moves(game, moved, "cards are exiled from a library") if moved else game), exiled, hit


def _to_bottom(game: Game, player: str, cards: list[str]) -> list[Game]:
    """702.85a: ``cards`` (still the ones exiled this way, 400.7) on the bottom of ``player``'s library in a
    random order: each order a branch."""
    here = [c for c in cards if game.state.has(c) and game.state.obj(c).zone == "exile"]
    if not here:
        return [game]
    out = []
    for order in permutations(here):
        g = game
        for c in order:
            g = zones.move(g, c, "library", top=False)
        out.append(g.log("702.85a", f"{player} puts {', '.join(order)} on the bottom of their library in a random "
                                    "order (this order, top first, is one of them)" if len(order) > 1 else
                                    f"{player} puts {order[0]} on the bottom of their library"))
        if len(out) > MAX_BRANCHES:
            raise SearchBound(f"{len(here)} cards put on the bottom of a library in a random order: more than "
                              f"{MAX_BRANCHES} orders, the search bound")
    return merge(out)


def _spell_value(game: Game, spell: str, moves: int) -> tuple[int, bool]:
    """The mana value of "this spell" (202.3) and whether the spell is still on the stack: the spell there, X as
    announced (202.3e); a spell that left the stack since (countered: the cascade ability still resolves,
    Bloodbraid Elf ruling 2009-05-01) as it last existed there, known only for a card with one face and no X in
    its mana cost (its printed mana value)."""
    st = game.state
    if st.has(spell) and st.obj(spell).zone == "stack" and game.moved(spell) == moves:
        return object_mana_value(st.obj(spell)), True
    o = st.obj(spell) if st.has(spell) else None
    if o is None or len(o.card.faces) != 1 or not o.card.modelled or \
            any(s.kind == "x" for s in (o.card.faces[0].mana_cost or ())):
        raise Unsupported(f"{spell} left the stack before its cascade ability resolved: its mana value as it last "
                          "existed on the stack (with its X or its half) is not known to the engine")
    return mana_value(o.card.faces[0].mana_cost or ()), False


def _cascade(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.85a, 608.2g: the resolving cascade ability of the spell ``ctx.source``."""
    st = game.state
    player = ctx.controller
    spell = ctx.source
    if player in game.left:
        return [game.log("800.4a", f"{player} has left the game: the cascade ability does nothing")]
    value, there = _spell_value(game, spell, ctx.source_moves)
    game = game.log("702.85a", f"{st.obj(spell).name} ({spell}) has mana value {value}"
                               + ("" if there else " as it last existed on the stack (it left the stack: the "
                                                   "cascade ability still resolves)") + f": {player} cascades")
    game, exiled, hit = _exile_until(game, player, value)
    if hit is None:
        return _to_bottom(game, player, exiled)
    name = game.state.obj(hit).name
    try:
        casts = cast_without_paying(game.log("702.85a", f"{player} chooses to cast {name} ({hit})"), hit, player,
                                    ("702.85a",))
    except Illegal as no:
        # 601.5: it can't be cast (no legal target, an effect forbids it): it goes to the bottom with the rest
        g = game
        for why in no.why:
            g = g.log(why.rules + ("601.5",), f"{name} ({hit}) can't be cast: {why.text}")
        return _to_bottom(g.log("702.85a", f"{player} doesn't cast {name}"), player, exiled)
    # "you may cast": both choices are branches
    declined = game.log("702.85a", f"{player} chooses not to cast {name} ({hit})").choose(f"cascade: not cast {hit}")
    out = _to_bottom(declined, player, exiled)
    for g in casts:
        out += _to_bottom(g.choose(f"cascade: cast {hit}"), player, [c for c in exiled if c != hit])
    return merge(out)


PERFORMERS: dict[str, Performer] = {"cascade": _cascade}
