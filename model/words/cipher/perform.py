"""Cipher performed (702.99a): as the spell with cipher resolves, after its other instructions (608.2c), its
controller may exile it encoded on a creature they control. Not encoding it is a branch (the spell then goes to its
owner's graveyard as any spell does, 608.2n), and so is encoding it on each creature its controller controls then,
interchangeable creatures counted once (``engine.game.interchangeable``). The creature is chosen as the spell
resolves and is not a target (ruling 2013-04-15: hexproof, shroud and protection don't stop it); it must be a
creature then (ruling 2013-04-15), one the spell's own instructions made included (Stolen Identity's ruling
2013-01-24: a token it created). The card goes from the stack directly to exile, never to the graveyard (ruling
2013-04-15). A copy of the spell is not represented by a card (702.99a, 707.10): it is not encoded. A spell that
doesn't resolve (countered, 701.6a; all its targets illegal, 608.2b) does none of its instructions, so it is not
encoded either: it is put into its owner's graveyard (``engine.resolve``)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, interchangeable, reduced
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.cipher.record import GRANTED, WORD


def _cipher(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.99a: "If this spell is represented by a card, you may exile this card encoded on a creature you
    control": a branch for not exiling it and one for each creature (of each class of interchangeable ones)."""
    if ctx.ability_index is not None:
        raise Unsupported("cipher (702.99a) is a spell's ability: an ability's cipher is not performed")
    st = game.state
    if not st.has(ctx.source) or st.obj(ctx.source).zone != "stack" or game.moved(ctx.source) != ctx.source_moves:
        return [game.log(("702.99a", "400.7"), f"{ctx.source} is no longer the spell on the stack: it is not encoded")]
    spell = st.obj(ctx.source)
    if spell.spell_copy or spell.token:
        return [game.log(("702.99a", "707.10"), f"{spell.name} is a copy of a spell, not represented by a card: it is "
                                                "not exiled encoded on a creature")]
    creatures = [o.id for o in st.battlefield() if o.controller == ctx.controller
                 and "Creature" in current(st, o.id).types]
    declined = game.choose(f"{ctx.controller} does not encode {spell.name}").log(
        "702.99a", f"{ctx.controller} does not exile {spell.name} encoded on a creature"
        + ("" if creatures else f" ({ctx.controller} controls no creature)"))
    out = [declined]
    classes = interchangeable(game, creatures) if reduced() else [[c] for c in creatures]
    for members in classes:
        out.append(encode(game.choose(f"{ctx.controller} encodes {spell.name} on {members[0]}"), ctx.source,
                          members[0]))
    return out


def encode(game: Game, card: str, creature: str) -> Game:
    """702.99a-b: the spell ``card`` is exiled from the stack encoded on the permanent ``creature``."""
    lki = game.state.obj(card)
    g = zones.move(game, card, "exile")
    exiled = g.state.obj(card)
    if exiled.zone != "exile":
        raise Unsupported(f"{lki.name} ({card}) did not go to exile as cipher exiled it (702.99a): not performed")
    g = g.with_state(g.state.with_object(replace(exiled, encoded_on=creature)))
    g = g.log(("702.99a", "702.99b", "608.2n"), f"{lki.name} is exiled encoded on {g.state.obj(creature).name} "
                                                f"({creature}): that creature has \"{GRANTED}\"")
    return after_moves(g, [(lki, "stack", "exile")], f"{lki.name} is exiled")


PERFORMERS: dict[str, Performer] = {WORD: _cipher}
