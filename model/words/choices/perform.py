"""Performing the words of choices and conditional countering (words: ``words.choices.record``, reader:
``words.choices.read``): countering or destroying with a condition checked as the spell resolves (608.2c,
701.6a, 701.8a) and a creature type chosen as a spell resolves (608.2d), listed in ``engine.performers``.

A choice made on resolution is a branch per value that can make a difference. The chosen creature type is
consulted only through ``Selector.chosen_type`` (does an object have that subtype?), so two types that exactly
the same objects have act alike: the types are grouped by the objects that have them (every known object, in
every zone), one branch per group, the group of the types no object has included (205.3m lists the creature
types; a changeling has them all, 702.73a). So that no object can appear later in the resolution whose types
would tell two grouped types apart, only the instructions in ``AFTER_CHOICE`` may follow the choice.

A choice made as a permanent enters (614.12: "As ~ enters, choose a creature type / a color", ``as_it_enters``,
called where a permanent spell or an Aura spell resolves and where a land is played) lasts as long as the
permanent, so no list of later instructions can keep the grouped types alike: the permanent remembers the
whole group as its one value (``alike_types``, "Druid|Elf"), and any later reading that meets an object with
some but not all of its types is unsupported (``Selector.fits``). A color is one of five values (105.1).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from mtgjudge.model.engine.game import Game, merge, name_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.names import unknown_card
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import colors_off_battlefield, guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import made_effect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.mana import COLOR_NAMES
from mtgjudge.model.words.choices.record import ENTERING_CHOICES, VERBS
from mtgjudge.model.words.references.record import quality_selector
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.kernel.countering import counter_spell

Ctx = Ctx

#: Instructions that may follow "Choose a creature type" in the same ability: each reads the chosen type of
#: objects already in the game, and puts no new object into it before it reads (a drawn card is drawn after
#: the count, tokens are not made).
AFTER_CHOICE = ("counted", "gain_life_per", "damage_count", "destroy_all", "draw", "until_end_of_turn")
#: At most this many branches for one choice (608.2d); past it the answer is unsupported, naming it.
MAX_VALUES = 40


def _target_if(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """608.2c: the target is countered (701.6a) or destroyed (701.8a) only if the condition holds as this
    resolves; else nothing happens to it (it may be any object the target phrase names: Pyroblast ruling
    2004-10-04, "it can target any spell or permanent ... it does nothing unless the target is blue")."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    target = the_target(e, ctx, "targets")
    o = st.obj(target)
    verb = e.arg("verb")
    if o.zone != VERBS[verb]:
        raise Unsupported(f"{e.text()!r} on {o.name} ({o.id}) in the {o.zone} is not performed by the engine")
    holds, why, rule = _condition(game, e, ctx)
    rules = ("608.2c", rule) if rule else "608.2c"
    if not holds:
        return [game.log(rules, f"{why}: {o.name} ({o.id}) is not {'countered' if verb == 'counter' else 'destroyed'}")]
    game = game.log(rules, why)
    if verb == "counter":
        return counter_spell(game, e, ctx)
    return ctx.perform(game, made_effect("destroy", target=e.arg("target")), ctx)


def _characteristics(st, oid: str):
    """An object's current characteristics; a spell's or card's colors are unknown where text the model doesn't
    have may change them off the battlefield (``guards.colors_off_battlefield``: reading them raises)."""
    guard_scope(st, Scope.CHARACTERISTICS, f"the characteristics of {name_of(st, oid)} matter")
    ch = current(st, oid)
    if st.obj(oid).zone != "battlefield":
        ch = replace(ch, colors_unknown=colors_off_battlefield(st))
    return ch


def _condition(game: Game, e: Effect, ctx: Ctx) -> tuple[bool, str, str]:
    """Whether the target_if condition holds now, the sentence saying so and the rule it reads ("" if none)."""
    st = game.state
    assert ctx.target is not None   # _target_if checked it
    o = st.obj(ctx.target)
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    cond, what = e.arg("cond"), e.arg("what")
    if cond == "quality":
        ok = matches(quality_selector(what), _characteristics(st, o.id), o, ctx.controller, src, st.turn.step)
        return ok, f"{o.name} ({o.id}) is{'' if ok else ' not'} {what}", ""
    if cond == "poisoned":
        n = st.player(o.controller).poison
        return n > 0, f"{o.controller}, its controller, has {n} poison counter(s) (poisoned if one or more)", "122.1f"
    if cond == "shares_color":
        sel = quality_selector(what)
        ch = _characteristics(st, o.id)
        if ch.colors_unknown:
            raise Unsupported(ch.colors_unknown)
        colors = set(ch.colors)
        with_color = [p for p in st.battlefield()
                      if matches(sel, current(st, p.id), p, ctx.controller, src, st.turn.step)
                      and colors & set(current(st, p.id).colors)]
        ok = bool(with_color)
        shared = f" ({', '.join(name_of(st, p.id) for p in with_color)})" if ok else ""
        return ok, f"{o.name} ({o.id}) {'shares' if ok else 'shares no'} color with {what}{shared}", "105.2"
    if cond == "more_creatures":
        def creatures(player: str) -> int:
            return sum(1 for p in st.battlefield() if p.controller == player and "Creature" in current(st, p.id).types)
        mine, theirs = creatures(ctx.controller), creatures(o.controller)
        return mine > theirs, f"{ctx.controller} controls {mine} creature(s), {o.controller} {theirs}", ""
    raise Unsupported(f"the condition of {e.text()!r} is not performed by the engine")


def type_groups(game: Game, unknown_ok: bool = False) -> list[tuple[str, ...]]:
    """The creature types grouped by which objects have them (every object of the game, its current
    characteristics): types in one group act alike for any phrase naming "the chosen type". ``unknown_ok``: an
    object whose card is not known is left out (the caller makes a later reading that could tell grouped types
    apart unsupported); else it makes the grouping unsupported."""
    st = game.state
    guard_scope(st, Scope.CHARACTERISTICS, "which objects have a chosen creature type matters")
    every = sorted(subtypes_by_type()["Creature"])
    have: dict[str, set[str]] = {t: set() for t in every}
    for o in st.objects:
        if not o.card.modelled:          # a card nobody knows (a drawn card: ``draw``), or not modelled
            if unknown_ok:
                continue
            raise Unsupported(f"there is {unknown_card(o)}: which creature types it has decides what a chosen "
                              "creature type matches")
        for t in current(st, o.id).subtypes:
            if t in have:
                have[t].add(o.id)
    groups: dict[frozenset[str], list[str]] = {}
    for t in every:
        groups.setdefault(frozenset(have[t]), []).append(t)
    return [tuple(ts) for ts in groups.values()]


def _choose_value(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """608.2d: the spell's controller chooses a creature type as the spell resolves; it is the source's chosen
    type for the rest of the resolution (``Selector.chosen_type``). One branch per group of types that act
    alike (``type_groups``)."""
    st = game.state
    if not st.has(ctx.source) or st.obj(ctx.source).zone != "stack":
        raise Unsupported(f"{e.text()!r} of an object not on the stack is not performed by the engine")
    src = st.obj(ctx.source)
    after = _effects_after(src, e)
    bad = [w.text() for w in after if w.kind not in AFTER_CHOICE] if after is not None else []
    if after is None or bad:
        raise Unsupported(f"{e.text()!r} followed by {bad or 'instructions the engine cannot find'} is not "
                          "performed by the engine (which creature types act alike is known only before them)")
    groups = type_groups(game)
    if len(groups) > MAX_VALUES:
        raise Unsupported(f"{e.text()!r}: {len(groups)} creature types that act differently, more than the bound "
                          f"{MAX_VALUES} of the engine")
    have = {t for ts in groups for t in ts if any(t in current(st, o.id).subtypes for o in st.objects)}
    out = []
    for ts in groups:
        t = ts[0]
        alike = "" if len(ts) == 1 else f" (as would {len(ts) - 1} other type(s) the same objects have)" \
            if t in have else f" (a type no object has: the {len(ts) - 1} other such types act alike)"
        chosen = tuple(kv for kv in src.chosen if kv[0] != "creature type") + (("creature type", t),)
        g = game.with_state(st.with_object(replace(src, chosen=chosen)))
        out.append(g.log("608.2d", f"{ctx.controller} chooses {t}{alike}").choose(f"{ctx.controller} chooses {t}"))
    return merge(out)


def _effects_after(src, e: Effect) -> tuple[Effect, ...] | None:
    """The instructions after ``e`` in the spell ability (or mode) of ``src`` that holds it; None if none does."""
    for a in src.printed.abilities:
        for holder in (a, *(getattr(a, "modes", None) or ())):
            effects = tuple(holder.effects)
            for i, w in enumerate(effects):
                if w is e or w == e:
                    return effects[i + 1:]
    return None


#: The colors one may choose (105.1: white, blue, black, red and green; colorless is no color, 105.2c).
CHOOSABLE_COLORS = ("W", "U", "B", "R", "G")
#: How ``GameObject.chosen`` writes a group of creature types that act alike (``alike_types``).
ALIKE = "|"


def alike_types(game: Game) -> list[tuple[str, ...]]:
    """The creature types grouped by which known objects have them now (``type_groups``, an object whose card is
    not known left out): a permanent remembers the group it chose from as one value, and a later reading that
    could tell two of its types apart is unsupported (``Selector.fits``), so a grouping made now is sound
    whatever appears or changes later."""
    return type_groups(game, unknown_ok=True)


def _entering_values(game: Game, what: str) -> list[tuple[str, str]]:
    """(value remembered, words for the log) of each choice of ``what`` that can make a difference."""
    if what == "color":
        return [(c, COLOR_NAMES[c]) for c in CHOOSABLE_COLORS]
    st = game.state
    have = {t for o in st.objects if o.card.modelled for t in current(st, o.id).subtypes}
    out = []
    for ts in alike_types(game):
        if len(ts) == 1:
            said = ts[0]
        elif ts[0] in have:
            said = f"{ts[0]} (or any of {len(ts) - 1} other type(s) that exactly the same objects have: they act alike)"
        else:
            said = f"{ts[0]} (or any of the {len(ts) - 1} other creature types no object has: they act alike)"
        out.append((ALIKE.join(ts), said))
    return out


def _choosing(abilities) -> list[str]:
    return [a.static.arg("what") for a in abilities
            if a.kind == "static" and a.static is not None and a.static.kind == "enters_choosing"]


def as_it_enters(game: Game, oid: str, there: Callable[[Game], tuple]) -> list[Game]:
    """614.12, 614.1c: the permanent spell ``oid`` about to enter the battlefield with "As ~ enters, choose a
    creature type / a color": its controller makes the choice before it enters (so nothing sees it without
    one), each value that can make a difference a branch, and the spell carries it onto the battlefield
    (``entering.put_onto_battlefield``, ``GameObject.chosen``). ``there``: its abilities as it would exist on
    the battlefield, the choice made (614.12: one it would not have there makes no choice). Two such abilities
    are not performed."""
    o = game.state.obj(oid)
    wants = _choosing(o.printed.abilities)
    if not wants:
        return [game]
    if len(wants) > 1:
        raise Unsupported(f"{o.name} ({oid}) has more than one 'As this enters, choose' ability: not performed by "
                          "the engine")
    what = wants[0]
    key = ENTERING_CHOICES[what]
    values = _entering_values(game, what)
    if len(values) > MAX_VALUES:
        raise Unsupported(f"{oid} enters choosing a {what}: {len(values)} values that act differently, more than "
                          f"the bound {MAX_VALUES} of the engine")
    out = []
    for value, said in values:
        chosen = tuple(kv for kv in o.chosen if kv[0] != key) + ((key, value),)
        g = game.with_state(game.state.with_object(replace(o, chosen=chosen)))
        out.append(g.log(("614.12", "614.1c"), f"as {o.name} ({oid}) enters, {o.controller} chooses {said}")
                   .choose(f"{o.controller} chooses {said.split(' (')[0]} for {oid}"))
    kept = [bool(_choosing(there(g))) for g in out]
    if not any(kept):
        return [game.log("614.12", f"{o.name} ({oid}) would not have its 'As this enters, choose a {what}' on the "
                                   "battlefield: no choice is made")]
    if not all(kept):
        raise Unsupported(f"whether {o.name} ({oid}) keeps its 'As this enters, choose a {what}' on the battlefield "
                          "depends on the choice: not performed by the engine")
    return out


PERFORMERS: dict[str, Performer] = {"target_if": _target_if, "choose_value": _choose_value}
