"""Casting a spell while another spell or ability resolves, without paying its mana cost (608.2g, 118.9b): the
caster follows 601.2a-i (the card moves to the stack, its targets are chosen, its total cost is paid), no player
receives priority after it is cast, and the spell is the topmost object of the stack while the resolving ability
goes on. Timing permissions based on the card's type are ignored (a sorcery or a creature may be cast this way,
Bloodbraid Elf's ruling 2009-02-01); other restrictions are not (101.2: "can't cast"; 702.61a: a spell with split
second on the stack).

A spell may also be cast this way for its own keyword's cost rather than its mana cost (madness, 702.35a: an
alternative cost, 118.9), its total cost then paid every way the payment model lists (601.2g-h, ``cast_paying``).

Only what the engine performs whole is cast: a spell whose total cost, once its mana cost is not paid, is nothing
at all (118.9d: an additional cost or a cost increase is still paid: unsupported) unless it is cast paying a cost,
with no modes, no X in its
cost, no optional additional cost to announce, one face, and no Aura's enchant target; anything else is
unsupported. Every legal choice of targets is a branch; a spell with a target and no legal choice can't be cast
(601.2c, 601.5: ``Illegal``), which the callers take as "not cast"."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.engine.game import Game, merge, name_of
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.targeting import choose_targets
from mtgjudge.model.engine.triggers import cast_triggered, guard_unrecognized, targeting_triggered, \
    triggered_by_targeting
from mtgjudge.model.errors import Illegal, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.mana import Symbol, format_cost
from mtgjudge.model.payment.enumeration import all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import additional_choices, has_buyback, total_cost
from mtgjudge.model.rules.guards import require_modelled, require_modelled_object
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.modes import modal_of
from mtgjudge.model.rules.restrictions import forbidden
from mtgjudge.model.rules.timing import split_second_requirement
from mtgjudge.model.rules.targets import specs_of
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.words.costs.record import has_conspire, replicate_cost
from mtgjudge.model.words.kicker.perform import kicker_costs, unperformed_options
from mtgjudge.model.words.colors_spent.perform import reads_colors_spent
from mtgjudge.model.words.splice.perform import candidates as splice_candidates


def _performable(game: Game, oid: str, player: str, paying: str = "") -> None:
    """Raise Unsupported unless casting ``oid`` this way is one the engine performs whole (see the module).
    ``paying``: the keyword whose cost is paid instead of its mana cost (madness): its total cost is then paid
    (``cast_paying``), not required to be nothing."""
    st = game.state
    o = st.obj(oid)
    require_modelled_object(st, oid)
    what = (f"casting {o.name} ({oid}) for its {paying.lower()} cost" if paying else
            f"casting {o.name} ({oid}) without paying its mana cost") + " as an ability resolves (608.2g)"
    if any(a.kind == "unmodelled" for f in o.card.faces for a in f.abilities):
        # its own text may restrict or change how it is cast ("Cast this spell only during combat")
        raise Unsupported(f"{what}: a line of its text is not modelled")
    if len(o.card.faces) > 1:
        raise Unsupported(f"{what}: a card with several faces or halves is not cast this way by the engine yet")
    ch = current(st, oid)
    if "Aura" in ch.subtypes:
        raise Unsupported(f"{what}: an Aura spell's target (303.4a) is not chosen this way by the engine yet")
    if modal_of(ch.abilities) is not None:
        raise Unsupported(f"{what}: choosing its modes (700.2a) is not performed this way yet")
    if any(s.kind == "x" for s in (o.printed.mana_cost or ())):
        raise Unsupported(f"{what}: a spell with X in its mana cost (107.3b: X is 0) is not cast this way yet")
    if any(e.kind == "damage_divided" for a in ch.abilities for e in a.effects):
        raise Unsupported(f"{what}: dividing its damage as it is cast (601.2d) is not performed this way yet")
    unperformed_options(st, oid, player)
    if splice_candidates(st, oid, player):
        raise Unsupported(f"{what}: a card in {player}'s hand could be spliced onto it (702.47a): splicing as a spell "
                          "is cast this way is not performed yet")
    if kicker_costs(st, oid) or has_buyback(st, oid) or len(additional_choices(st, oid)) > 1 or \
            replicate_cost(ch.abilities) is not None or has_conspire(ch.abilities):
        raise Unsupported(f"{what}: announcing its optional or additional costs (601.2b) is not performed this "
                          "way yet")
    require_modelled(st, (Scope.CASTING, Scope.SPELL_COSTS, Scope.CAST_OPTIONS), "a spell is cast")
    cost = total_cost(st, player, oid, free=True, resolving=True)
    if not paying and (cost.symbols or cost.other or cost.modifiers):
        raise Unsupported(f"{what}: its total cost is not nothing (118.9d: additional costs and increases are still "
                          "paid), and paying a cost during resolution is not performed this way yet")


def _may_cast_now(game: Game, oid: str, player: str, paying: str = "") -> None:
    """Raises Illegal (or Unsupported) unless ``player`` may cast ``oid`` as the ability resolves: a cast the engine
    performs whole (``_performable``), no effect forbidding it (101.2), no split second on the stack (702.61a: no
    other spell is cast, even as an ability resolves)."""
    _performable(game, oid, player, paying)
    st = game.state
    banned = forbidden(st, oid, player)
    if banned is not None:
        raise Illegal(banned.why)
    held = split_second_requirement(st, f"{st.obj(oid).name} can't be cast")
    if held:
        raise Illegal(tuple(s for s, _ in held))


def cast_paying(game: Game, oid: str, player: str, mana: tuple[Symbol, ...], keyword: str,
                because: tuple[str, ...]) -> list[Game]:
    """608.2g, 118.9: ``player`` casts the card ``oid`` as part of the resolving ability, paying the cost of its own
    ``keyword`` (``mana``: madness's, 702.35a) rather than its mana cost, with its additional costs, increases and
    reductions (118.9d, 601.2f); every choice of targets and every way to pay a branch (601.2c, 601.2g-h:
    ``engine.paying``), each with the spell on top of the stack and its cast triggers waiting. Raises Illegal, with
    the reasons, when it can't be cast (101.2, 601.2c, 601.5) or its total cost can't be paid (601.2h)."""
    _may_cast_now(game, oid, player, keyword)
    st = game.state
    o = st.obj(oid)
    free = total_cost(st, player, oid, free=True, resolving=True)
    cost = replace(free, symbols=tuple(mana) + free.symbols, without_mana_cost=False, instead_of_mana_cost=keyword)
    if not all_payments(build_problem(st, player, cost)):
        raise Illegal((step(("118.9", "601.2h"), f"{player} can't pay the total cost of {o.name} for its "
                                                 f"{keyword.lower()} cost ({format_cost(cost.symbols) or '{0}'}"
                                                 f"{''.join(', ' + p.text() for p in cost.other)})"),))
    abilities = current(st, oid).abilities
    specs = tuple(t for ab in abilities if ab.kind == "spell" for t in specs_of(ab))
    moved = zones.move(game, oid, "stack", controller=player, cast_from=o.zone)
    moved = moved.log(because + ("608.2g", "601.2a", "118.9"),
                      f"{player} casts {o.name} ({oid}) from {o.zone} for its {keyword.lower()} cost "
                      f"{format_cost(mana) or '{0}'} rather than its mana cost; it becomes the topmost object on the "
                      "stack")
    out = []
    for g in _with_targets(moved, specs, player, oid, o.name):
        for paid in pay(g, st, player, cost, None, oid if reads_colors_spent(abilities) else None):
            out.append(_cast(paid, oid, player, o))
    return out


def _with_targets(game: Game, specs: tuple[TargetSpec, ...], player: str, oid: str, name: str) -> list[Game]:
    """601.2c: every legal choice of the spell's targets, each a branch (Illegal when one has no legal choice)."""
    choices = choose_targets(game, specs, player, oid, None)
    out = []
    for targets in choices:
        g = game
        if targets:
            g = g.with_state(g.state.with_object(replace(g.state.obj(oid), targets=targets)))
            g = g.log("601.2c", f"{player} chooses the target(s) of {name}: "
                                + ", ".join(name_of(g.state, t) for t in targets))
        elif specs:
            g = g.log("601.2c", f"{player} chooses no targets for {name} (each use of \"target\" allows none)")
        if len(choices) > 1:
            g = g.choose(f"{oid} targets {', '.join(targets)}" if targets else f"{oid} targets nothing")
        # 601.2c: what the objects becoming its targets triggers waits until it is cast (603.3)
        out.append(targeting_triggered(g, triggered_by_targeting(g, tuple(targets), f"{name} ({oid})"),
                                       f"{name} ({oid})"))
    return out


def _cast(g: Game, oid: str, player: str, o) -> Game:
    """601.2i, 603.2e: the spell becomes cast: its cast triggers wait, and it is one more spell its caster cast."""
    guard_unrecognized(g, f"{o.name} is cast")
    g = g.remember(this_turn=g.state.this_turn.cast(player, oid, g.moved(oid)))
    g = cast_triggered(g, oid, player)
    return after_moves(g, [(o, o.zone, "stack")], f"{o.name} is cast")


def cast_without_paying(game: Game, oid: str, player: str, because: tuple[str, ...]) -> list[Game]:
    """608.2g, 118.9b: ``player`` casts the card ``oid`` (in exile or another zone an effect lets it be cast
    from) without paying its mana cost, as part of the resolving ability (``because``: its rules); every choice
    of targets a branch, each with the spell on top of the stack and its cast triggers waiting (601.2i, 603.2e).
    Raises Illegal, with the reasons, when it can't be cast (101.2, 601.2c, 601.5)."""
    _may_cast_now(game, oid, player)
    st = game.state
    o = st.obj(oid)
    abilities = current(st, oid).abilities
    specs = tuple(t for ab in abilities if ab.kind == "spell" for t in specs_of(ab))
    moved = zones.move(game, oid, "stack", controller=player, cast_from=o.zone)
    moved = moved.log(because + ("608.2g", "601.2a", "118.9b"),
                      f"{player} casts {o.name} ({oid}) from {o.zone} without paying its mana cost; it becomes the "
                      "topmost object on the stack and no player receives priority")
    # 601.2c, 601.5: a target with no legal choice: the spell can't be cast (Illegal, with the reason)
    return [_cast(g, oid, player, o) for g in _with_targets(moved, specs, player, oid, o.name)]


def cast_or_not(game: Game, oid: str, player: str, rule: str, keyword: str, remains: str) -> list[Game]:
    """608.2g: as ``keyword``'s ability (rule ``rule``) resolves, ``player`` may cast the exiled card ``oid`` without
    paying its mana cost (``cast_without_paying``): a branch each way, every way to cast it one; a card that can't
    be cast, or is not, stays where it is (``remains`` says what becomes of it)."""
    name = game.state.obj(oid).name
    try:
        casts = cast_without_paying(game.log(rule, f"{player} chooses to cast {name} ({oid}) from exile"),
                                    oid, player, (rule,))
    except Illegal as no:
        g = game
        for why in no.why:
            g = g.log(why.rules + ("601.5",), f"{name} ({oid}) can't be cast: {why.text}")
        return [g.log(rule, f"{name} is not cast: {remains}")]
    declined = game.log(rule, f"{player} chooses not to cast {name} ({oid}): {remains}").choose(
        f"{keyword}: not cast {oid}")
    return merge([declined] + [g.choose(f"{keyword}: cast {oid}") for g in casts])
