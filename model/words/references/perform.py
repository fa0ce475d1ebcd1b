"""Performing references between the instructions of one resolving spell or ability (608.2c, 608.2h;
words: ``words.references.record``, reader: ``words.references.read``).

An instruction that refers to the one before it ("its controller", "that creature's toughness", "the damage
dealt this way", "If it's a Zombie card") is performed together with it, branch by branch: for each position
before that instruction (``g``) and each position after it (``r``) the reference is read from the two:

- the object referred to ("it") is the one target of the instruction before (``resolve.run_effects``' "it");
  its characteristics are its current ones if it is still in the zone it was in before that instruction, else
  those it had as it last existed there, just before that instruction moved it (608.2h);
- "this way" is what that instruction did: the damage it dealt (the damage marked on permanents plus the life
  players lost, 120.3a, 120.3e: the engine performs no damage with infect, lifelink or to planeswalkers) or
  the life it made players lose (119.3);
- X is the X chosen as the spell was cast (107.3a).
- "for each creature destroyed this way" is a count of ``rules.counts`` (``this_way``) read from ``g`` and ``r``.
A reference the engine can't read (no single object before it, a target that became illegal, 608.2b) is
unsupported, naming it.

Also here, the words of the same reader that need no pairing: ``flicker`` (exile, then return: 400.7),
``with_attached`` / ``attached_to_it`` ("and all Equipment attached to it"), ``damage_count`` and
(an amount counted as the spell resolves, 608.2h).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.words.counts.perform import with_count
from mtgjudge.model.engine.game import Game, merge, name_of
from mtgjudge.model.words.removal.perform import remove_all
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.engine.entering import put_onto_battlefield
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import matches, object_mana_value
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.words.references.record import CONTROLLER_DOES, quality_selector
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.kernel.damage import deal_damage
from mtgjudge.model.engine.kernel.players import change_life

Ctx = Ctx

#: Markers: each makes the instruction after it refer to the instruction before it.
MARKERS = ("if_it", "its_controller")
#: Words that refer to the instruction before them (``run_with_references`` performs them).
REFERRING = MARKERS + ("life_equal",)
#: Words that only qualify the instruction before them ("It can't be regenerated."): a reference after them is
#: to that instruction.
PART_OF_BEFORE = frozenset({"no_regeneration"})


def _unread(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    raise Unsupported(f"{e.text()!r} refers to an instruction before it that the engine doesn't know")


def _flicker(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """406.3, 400.7, 610.3: the targets are exiled together, then the cards return to the battlefield together
    (under their owners' control, or the spell's controller's: "under your control"), each a new object: its
    counters, damage and effects are gone, Auras attached to the old object are put into graveyards by 704.5m;
    an exiled token ceases to exist and doesn't return (111.7-111.8). 608.2b: an illegal target is not exiled."""
    live = [t for t, ok in zip(ctx.group, ctx.group_legal) if ok]
    if not live:
        return [game.log("608.2b", f"no target of {e.text()!r} is still legal: nothing is exiled")]
    st = game.state
    for t in live:
        if t in st.player_names or not st.has(t) or st.obj(t).zone != "battlefield":
            raise Unsupported(f"{e.text()!r} on {name_of(st, t)}, not a permanent, is not performed")
    g = remove_all(game, live, "exile")
    moved = []
    for t in live:
        if not g.state.has(t) or g.state.obj(t).zone != "exile":
            continue
        o = g.state.obj(t)
        if o.token:
            g = g.log(("111.7", "111.8"), f"{o.name} ({t}) is a token: it ceases to exist and doesn't return")
            continue
        who = o.owner if e.arg("under") != "you" else ctx.controller
        g = put_onto_battlefield(g, t, who, None, ("406.3", "400.7"), f"then {o.name} ({t}) returns to the "
                                 f"battlefield under {who}'s control, a new object")
        moved.append((o, "exile", "battlefield"))
    return [after_moves(g, moved, "the exiled cards return to the battlefield") if moved else g]


def _damage_count(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3, 608.2h: damage to the target equal to a count read as the effect is performed (``rules.counts``);
    120.8: a source that would deal 0 damage deals none."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    src = st.obj(ctx.source) if st.has(ctx.source) else ctx.source_lki
    whose = ctx.controller
    if e.arg("of_target"):                  # "the number of cards in that player's hand": the target player's
        if ctx.target not in st.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        whose = ctx.target
    k = counts.value(st, whose, counts.stored(e, e.arg("count")), src)
    game = game.log("608.2h", f"{e.arg('count')} ({whose}): {k} as it resolves")
    if k <= 0:
        return [game.log("120.8", "no damage is dealt")]
    word = replace(e, kind="damage", args=(("n", k), ("target", e.arg("target"))), word=EFFECT_WORDS["damage"])
    return deal_damage(game, word, ctx)


def _attached(game: Game, t: str, what: str, ctx: Ctx) -> list[str]:
    """The permanents of a kind attached to ``t`` now (301.5c, 303.4)."""
    sel = quality_selector(what)
    st = game.state
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    return [o.id for o in st.battlefield() if o.attached_to == t
            and matches(sel, current(st, o.id), o, ctx.controller, src, st.turn.step)]


def _with_attached(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.8a, 406.3, 400.6: the target and the permanents of a kind attached to it leave the battlefield
    together (one instruction; what their leaving triggers sees them all leave, 603.10a). 608.2b: an illegal
    target is not affected, nor what is attached to it (the instruction names them through it)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    t = ctx.target
    st = game.state
    if t is None or t in st.player_names or not st.has(t) or st.obj(t).zone != "battlefield":
        raise Unsupported(f"{e.text()!r} on {name_of(st, t)}, not a permanent, is not performed")
    return [remove_all(game, [t] + _attached(game, t, e.arg("what"), ctx), e.arg("verb"))]


def _attached_to_it(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """608.2c: the permanents of a kind attached to the object the instruction before acted on (still that
    object on the battlefield; else what was attached to it is not known to the engine)."""
    t = ctx.target
    st = game.state
    if t is None or not ctx.target_legal or t in st.player_names or not st.has(t) or \
            st.obj(t).zone != "battlefield" or (ctx.before is not None and ctx.before.has(t)
                                                 and st.moved(t) != ctx.before.moved(t)):
        raise Unsupported(f"what {e.text()!r} refers to is not a permanent the engine knows")
    oids = _attached(game, t, e.arg("what"), ctx)
    if not oids:
        return [game.log("608.2c", f"no {e.arg('what')} is attached to {t}")]
    return [remove_all(game, oids, e.arg("verb"))]


#: The zone an instruction puts the object it acts on into, where the instructions after it expect to find it
#: (608.2h): "Exile target creature, then return that card to the battlefield. If it's a Spirit, ...".
_EXPECTED = {"flicker": "battlefield"}


def _referred(g: Game, r: Game, it, what: str, before: Effect):
    """The object "it" names (608.2c) as the reference reads it: (state to read it in, id); 608.2h: if the
    instruction ``before`` moved it out of the zone it is expected in, as it last existed just before."""
    t, ok = it
    if t is None or t in g.state.player_names:
        raise Unsupported(f"what {what!r} refers to is not known to the engine (no single object before it)")
    if not ok:
        raise Unsupported(f"{what!r} refers to {name_of(g.state, t)}, an illegal target (608.2b): not performed by the engine")
    if not g.state.has(t):
        raise Unsupported(f"{what!r}: {t} is not known to the engine")
    if r.state.has(t) and (r.moved(t) == g.moved(t) or r.state.obj(t).zone == _EXPECTED.get(before.kind)):
        return r, t
    return g, t


def _stat(g: Game, r: Game, it, stat: str, what: str, before: Effect) -> tuple[int, str]:
    where, t = _referred(g, r, it, what, before)
    o = where.state.obj(t)
    if stat == "mana value":
        # 202.3 (object_mana_value: face down, split cards, X); of the object as it last existed (608.2h)
        last = "" if where is r else " as it last existed (608.2h)"
        return object_mana_value(o), f"the mana value of {o.name} ({t}){last}"
    if o.zone != "battlefield":
        if stat not in ("power", "toughness") or current(where.state, t).power is None:
            raise Unsupported(f"{what!r}: {o.name} is not a creature on the battlefield")
        ch = current(where.state, t)
        n = ch.power if stat == "power" else ch.toughness
        if n is None:
            raise Unsupported(f"{what!r}: {o.name} has no {stat}")
        return n, f"the {stat} of {o.name} ({t}) as a card in the {o.zone} (608.2h)"
    n = power(where, t) if stat == "power" else toughness(where, t)
    last = "" if where is r else " as it last existed on the battlefield (608.2h)"
    return n, f"the {stat} of {o.name} ({t}){last}"


def _this_way(g: Game, r: Game, before: Effect, equal: str, what: str) -> tuple[int, str]:
    """What the instruction ``before`` did between ``g`` and ``r`` (120.3a, 120.3e, 119.3)."""
    lost = sum(max(0, g.state.player(p).life - r.state.player(p).life) for p in g.state.player_names)
    gained = any(r.state.player(p).life > g.state.player(p).life for p in g.state.player_names)
    if gained:
        raise Unsupported(f"{what!r}: a player also gained life, which the engine doesn't separate")
    if equal == "life_lost_this_way":
        return lost, f"the life lost this way ({lost}, 119.3)"
    if not before.kind.startswith("damage"):
        raise Unsupported(f"{what!r} after {before.text()!r}, which is not damage the engine counts")
    marked = 0
    for o in r.state.objects:
        if o.zone == "battlefield" and g.state.has(o.id) and g.moved(o.id) == r.moved(o.id):
            marked += max(0, o.damage - g.state.obj(o.id).damage)
    n = marked + lost
    return n, f"the damage dealt this way ({n}: 120.3a, 120.3e)"


def _controller_of(g: Game, r: Game, it, what: str, before: Effect) -> str:
    where, t = _referred(g, r, it, what, before)
    return where.state.obj(t).controller


def _life_equal(game: Game, e: Effect, ctx: Ctx, g: Game, r: Game, before: Effect, it) -> Game:
    """119.3: a player gains or loses life equal to the amount referred to (a negative amount: none, 107.1b)."""
    equal, what = e.arg("equal"), e.text()
    if equal in ("power", "toughness", "mana value"):
        n, why = _stat(g, r, it, equal, what, before)
    else:
        n, why = _this_way(g, r, before, equal, what)
    who = ctx.controller if e.arg("who") == "you" else _controller_of(g, r, it, what, before)
    if n <= 0:
        return game.log(("107.1b", "119.3"), f"{what}: {why} is {n}, {who}'s life total doesn't change")
    return change_life(game, who, e.arg("sign") * n, ("608.2h", "119.3"), f", equal to {why}")


def _counted_this_way(game: Game, e: Effect, ctx: Ctx, g: Game, r: Game) -> list[Game]:
    """608.2c, 608.2h: "... for each creature destroyed this way": the count is what the instruction before did
    between ``g`` and ``r`` (``rules.counts.this_way``); then the sentence with that amount (``words.counts.perform``;
    "You gain N life for each ...": 119.3)."""
    src = g.state.obj(ctx.source) if g.state.has(ctx.source) else ctx.source_lki
    text = _count_text(e)
    assert text is not None     # called only where _is_this_way(e) holds, which needs it
    count = e.arg("counting") if e.kind == "counted" else counts.stored(e, text)     # (read as compiled)
    k = counts.this_way(g.state, r.state, ctx.controller, count, src)
    if e.kind == "counted":
        return with_count(game, e, ctx, k)
    game = game.log(("608.2c", "608.2h"), f"{k} {_count_text(e)}")
    return [change_life(game, ctx.controller, e.arg("n") * k)] if k else [game]


def _count_text(e: Effect) -> str | None:
    return e.arg("count") if e.kind == "counted" else e.arg("affects") if e.kind == "gain_life_per" else None


def _is_this_way(e: Effect) -> bool:
    """Is ``e`` an amount counted from what the instruction before it did ("for each creature destroyed this
    way")?"""
    text = _count_text(e)
    if text is None:
        return False
    count = e.arg("counting") if e.kind == "counted" else counts.stored(e, text)
    return count.kind == "this_way"


def _has_quality(g: Game, r: Game, it, quality: str, ctx: Ctx, before: Effect) -> tuple[bool, str]:
    where, t = _referred(g, r, it, f"If it's {quality}", before)
    sel = quality_selector(quality)
    o = where.state.obj(t)
    src = where.state.obj(ctx.source) if where.state.has(ctx.source) else None
    ok = matches(sel, current(where.state, t), o, ctx.controller, src, where.state.turn.step)
    return ok, f"{o.name} ({t}){'' if where is r else ' as it last existed (608.2h)'} is{'' if ok else ' not'} {quality}"


def run_with_references(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform,
                        ctx: Ctx):
    """608.2c: the instruction ``effects[i]`` and the instructions after it that refer to it, on every branch;
    ``perform(branches, effect, use, it)`` performs one instruction (``resolve.run_effects``). Returns the
    branches, what "it" names next and the index of the first effect after them."""
    before = effects[i]
    qualifiers = i + 1          # "It can't be regenerated.": part of the instruction before (PART_OF_BEFORE)
    while qualifiers < len(effects) and effects[qualifiers].kind in PART_OF_BEFORE:
        qualifiers += 1
    j = qualifiers
    while j < len(effects) and refers_back(effects[j]):
        if effects[j].kind in MARKERS:
            if j + 1 >= len(effects) or effects[j + 1].kind in MARKERS:
                raise Unsupported(f"{effects[j].text()!r} with no instruction after it is not performed")
            j += 2
        else:
            j += 1
    out: list[Game] = []
    it_next = None
    for g in branches:
        after, it_before = perform([g], before, uses[i], it)
        for q in range(i + 1, qualifiers):
            after, _ = perform(after, effects[q], uses[q], it_before)
        for r in after:
            rs, cur_it = [r], it_before
            k = qualifiers
            while k < j:
                w = effects[k]
                if w.kind == "life_equal" or _is_this_way(w):
                    rs, _ = _do(rs, w, None, cur_it, perform, ctx, g, r, before)
                    k += 1
                    continue
                inner = effects[k + 1]
                if w.kind == "if_it":
                    ok, why = _has_quality(g, r, cur_it, w.arg("quality"), ctx, before)
                    rs = [x.log("608.2c", why + ("" if ok else f": not performed: {inner.text()}")) for x in rs]
                    if ok:
                        rs, cur_it = _do(rs, inner, uses[k + 1], cur_it, perform, ctx, g, r, before)
                else:                                      # its_controller
                    if inner.kind not in CONTROLLER_DOES:
                        raise Unsupported(f"'Its controller' doing {inner.text()!r} is not performed")
                    who = _controller_of(g, r, cur_it, "its controller", before)
                    c = replace(ctx, controller=who)
                    rs = merge([y for x in rs for y in c.perform(
                        x.log("608.2h", f"'its controller': {who}, the controller of {cur_it[0]} as it last existed"),
                        inner, c)])
                k += 2
            out += rs
            it_next = cur_it if it_next is None or it_next == cur_it else (None, True)
    return merge(out), (it_next or (None, True)), j


def _do(rs, inner, use, cur_it, perform, ctx, g, r, before):
    if inner.kind == "life_equal":
        return merge([_life_equal(x, inner, ctx, g, r, before, cur_it) for x in rs]), cur_it
    if _is_this_way(inner):
        return merge([y for x in rs for y in _counted_this_way(x, inner, ctx, g, r)]), cur_it
    return perform(rs, inner, use, cur_it)


PERFORMERS: dict[str, Performer] = {"if_it": _unread, "its_controller": _unread, "life_equal": _unread,
            "flicker": _flicker, "with_attached": _with_attached, "attached_to_it": _attached_to_it,
            "damage_count": _damage_count}
#: "flicker": its targets are exiled together, then return together.
WHOLE_USE = frozenset({"flicker"})


def refers_back(e: Effect) -> bool:
    """Does ``e`` refer to the instruction before it (608.2c, 608.2h: ``REFERRING``, "this way")?"""
    return e.kind in REFERRING or _is_this_way(e)
