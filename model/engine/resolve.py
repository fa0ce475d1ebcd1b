"""Resolving the top object of the stack (CR 608): spells become permanents (608.3) or do what they say and go
to the graveyard (608.2n); abilities do what they say. Targets are checked first (608.2b): if every target is
illegal, the spell or ability doesn't resolve; illegal targets aren't affected.

The words the engine performs are in ``engine.performers``' one table; any other effect is unsupported, naming
its text.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.scopes import EVENT_SCOPES, Scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.costs import has_buyback
from mtgjudge.model.rules.timing import flash_permission
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import StackAbility
from mtgjudge.model.engine.game import (MAX_STEPS, Game, game_over, merge, name_of, stack_resolves_whole,
                                        whole_stack_resolves)
from mtgjudge.model.engine.targeting import effect_uses, still_legal
from mtgjudge.model.rules.targets import specs_of
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.entering import entering_characteristics, put_onto_battlefield
from mtgjudge.model.words.entering.perform import counters_choices
from mtgjudge.model.words.timing.perform import sacrificed_at_cleanup
from mtgjudge.model.engine.auras import bestow_ends, resolve_aura
from mtgjudge.model.words.attach.record import bestow_index
from mtgjudge.model.words.optional import perform as optional
from mtgjudge.model.engine import intervening
from mtgjudge.model.words.modes import perform as modes
from mtgjudge.model.words.choices import perform as choices
from mtgjudge.model.words.kicker import perform as kicker
from mtgjudge.model.words.kicker.read import as_announced
from mtgjudge.model.engine.settle import after_moves, settle
from mtgjudge.model.engine.triggers import ability_of, apnap, exiles_until, legal_target, target_slots, watched_trigger
from mtgjudge.model.engine import tribute
from mtgjudge.model.engine import unleash
from mtgjudge.model.errors import InputError, SearchBound
from mtgjudge.model.engine import commuting
from mtgjudge.model.words.delayed import perform as delayed
from mtgjudge.model.words.costs.record import has_dash
from mtgjudge.model.words.references import perform as refs
from mtgjudge.model.engine.sba import check as check_sba
from mtgjudge.model.engine.kernel.context import Ctx
from mtgjudge.model.engine.performers import MARKER_RUNNERS, PERFORMERS, WHOLE_USE
from mtgjudge.model.vocab.cast_options import not_chosen, only_if_paid


# ------------------------------------------------------------------------------------------- effects


def perform_word(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """The one dispatch: ``e`` done by its word's performer (``engine.performers``), or unsupported."""
    performer = PERFORMERS.get(e.kind)
    if performer is None:
        raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet")
    return performer(game, e, ctx)


def spell_ability(abilities) -> Ability | None:
    """An instant's or sorcery's spell abilities (one per paragraph, 113.2c) as one: their instructions are
    followed in the order written (608.2c) and their targets are all the spell's (601.2c, 608.2b). None when it
    has none; unsupported where a paragraph begins with "it" naming the target of the paragraph before."""
    spell = [a for a in abilities if a.kind == "spell"]
    if len(spell) <= 1:
        return spell[0] if spell else None
    for a in spell[1:]:
        if a.effects and a.effects[0].arg("it"):
            raise Unsupported(f"what 'it' refers to in {a.text()!r} is not known to the engine")
    return Ability("spell", effects=tuple(e for a in spell for e in a.effects),
                   targets=tuple(t for a in spell for t in a.targets),
                   target_specs=tuple(t for a in spell for t in a.target_specs),
                   source_text=" ".join(a.text() for a in spell))


def run_effects(game: Game, ability: Ability, ctx: Ctx, legal: list[bool] | None = None) -> list[Game]:
    """608.2c: the effects in the order written, each on its own target (``targeting.effect_slots``);
    ``legal``: which targets were legal as resolution began (608.2b)."""
    for i, e in enumerate(ability.effects):
        if e.kind not in PERFORMERS:
            raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet")
        # "You may play that card" refers to the cards the instruction before it exiled (608.2c); the engine
        # knows which only right after "exile the top N cards of your library".
        if e.kind == "lasting" and (i == 0 or ability.effects[i - 1].kind != "exile_top"):
            raise Unsupported(f"the effect {e.text()!r} is not performed by the engine yet (what it applies to is "
                              "known to the engine only right after 'exile the top cards of your library')")
    # exiling until its source leaves (610.3): the one instruction acts on all the targets at once
    uses = [(range(len(ctx.targets)) if e.kind == "exile_until_source_leaves" else None, None) for e in ability.effects] \
        if exiles_until(ability) else [(None, None)] * len(ability.effects) if not ability.targets else \
        effect_uses(ability, ctx.targets)
    # 701.19c, 608.2c: "It can't be regenerated." after a destruction applies to that destruction itself
    unregenerable = {id(e) for e, nxt in zip(ability.effects, ability.effects[1:]) if nxt.kind == "no_regeneration"}

    def perform(branches: list[Game], e: Effect, use, it):
        """One instruction on every branch; returns the branches and what "it" names next (608.2c)."""
        group, group2 = use
        base = replace(ctx, no_regeneration=True) if id(e) in unregenerable else ctx
        if e.arg("those"):
            # "those creatures": each target of the instruction before (608.2c), each checked on its own
            # (608.2b) as that instruction's were
            if group is not None or group2 is not None:
                raise Unsupported(f"{e.text()!r} with a target of its own is not performed by the engine")
            if e.kind in WHOLE_USE:         # one instruction on all of them at once
                c = replace(base, group=tuple(t for t, _ in those[0]), group_legal=tuple(ok for _, ok in those[0]),
                            before=ctx.before or game.state)
                return merge([r for g in branches for r in perform_word(g, e, c)]), it
            for tid, ok in those[0]:
                c = replace(base, target=tid, target_legal=ok, before=ctx.before or game.state)
                branches = merge([r for g in branches for r in perform_word(g, e, c)])
            return branches, it
        if group2 is None and not e.arg("it"):
            those[0] = [(ctx.targets[i], legal[i] if legal is not None else True) for i in group] \
                if group is not None else []
        if group2 is not None or e.arg("it"):
            # one effect on two targets ("fights target creature"), or on "it" (the previous effect's target)
            # and a target: performed once, with both and whether each is still legal (608.2b)
            one = lambda r: (ctx.targets[r[0]], legal[r[0]] if legal is not None else True) if r is not None and \
                len(r) == 1 else (None, True)
            if (group is not None and len(group) != 1) or (group2 is not None and len(group2) != 1):
                raise Unsupported(f"{e.text()!r} with several objects for one use of \"target\" is not performed")
            (t1, ok1), (t2, ok2) = one(group), one(group2)
            if e.arg("it"):
                t1, ok1 = it
                if t1 is None:
                    raise Unsupported(f"what 'it' refers to in {e.text()!r} is not known to the engine")
            c = replace(base, target=t1, target_legal=ok1, target2=t2, target2_legal=ok2,
                        before=ctx.before or game.state)
            return merge([r for g in branches for r in perform_word(g, e, c)]), (t1, ok1)
        if e.kind in WHOLE_USE:
            # an effect that acts on all the targets of its use at once (damage divided among them, 601.2d)
            idx = list(group) if group is not None else []
            c = replace(base, group=tuple(ctx.targets[i] for i in idx),
                        group_legal=tuple(legal[i] if legal is not None else True for i in idx),
                        before=ctx.before or game.state)
            # "it" after it: its one target (608.2c), none if it had several
            it_next = (c.group[0], c.group_legal[0]) if len(c.group) == 1 else (None, True)
            return merge([r for g in branches for r in perform_word(g, e, c)]), it_next
        # One use of "target" may have chosen several objects ("destroy two target creatures"): the effect
        # acts on each of them (none if "up to" chose none), each checked on its own (608.2b).
        for i in (group if group is not None else (None,)):
            t = ctx.targets[i] if i is not None else None
            ok = legal[i] if i is not None and legal is not None else True
            before = ctx.before or game.state
            c = replace(base, target=t, target_legal=ok, before=before)
            nxt = []
            for g in branches:
                # 400.7, 608.2b: a target an earlier instruction moved to another zone (a mode chosen twice on
                # one object, 700.2d; "return target permanent" then "target creature gets -3/-3") is a new
                # object, not the one targeted: it is treated as an illegal target
                if ok and t is not None and t not in g.state.player_names and g.state.has(t) and \
                        before.has(t) and g.state.moved(t) != before.moved(t):
                    g = g.log(("400.7", "608.2b"), f"{t} has changed zones since {name_of(g.state, ctx.source)} began "
                                                   "to resolve: it is a new object, not the one targeted")
                    nxt += perform_word(g, e, replace(c, target_legal=False))
                    continue
                nxt += perform_word(g, e, c)
            branches = merge(nxt)
        it = (ctx.targets[group[0]], legal[group[0]] if legal is not None else True) \
            if group is not None and len(group) == 1 else (None, True)
        return branches, it

    branches = [game]
    # a triggered ability's "it" / "that creature" before any instruction: the object its event was about
    # ("Whenever a creature you control attacks alone, that creature gets +1/+1", 702.83a, 603.2)
    it: tuple[str | None, bool] = (ctx.subject, True)
    those: list[list[tuple[str, bool]]] = [[]]      # the targets of the last instruction with its own (608.2c)
    i = 0
    while i < len(ability.effects):
        if ability.effects[i].kind in optional.MARKERS:       # 608.2c-d: a choice made on resolution
            branches, it, i = optional.run_chain(branches, ability.effects, uses, i, it, perform)
            continue
        if ability.effects[i].kind in kicker.MARKERS:         # 702.33d, 608.2c: only if / unless kicked
            branches, it, i = kicker.run_marked(branches, ability.effects, uses, i, it, perform,
                                                bool(kicker.was_kicked(game, ctx.source)))
            continue
        if ability.effects[i].kind in MARKER_RUNNERS:         # 608.2c: a condition checked as it resolves
            branches, it, i = MARKER_RUNNERS[ability.effects[i].kind](branches, ability.effects, uses, i, it, perform,
                                                                       ctx)
            continue
        nxt = i + 1
        while nxt < len(ability.effects) and ability.effects[nxt].kind in refs.PART_OF_BEFORE:
            nxt += 1
        if nxt < len(ability.effects) and refs.refers_back(ability.effects[nxt]) and \
                not refs.refers_back(ability.effects[i]):
            # 608.2c, 608.2h: the next instructions refer to this one ("its controller", "this way")
            branches, it, i = refs.run_with_references(branches, ability.effects, uses, i, it, perform, ctx)
            continue
        branches, it = perform(branches, ability.effects[i], uses[i], it)
        i += 1
    return branches


def _targets_check(game: Game, ability: Ability, ctx: Ctx) -> list[bool] | None:
    """608.2b: which targets are still legal; None when it had targets and all of them are now illegal (it
    doesn't resolve)."""
    if not ctx.targets:
        return []
    if exiles_until(ability):
        # one use of "target", a target for each opponent where it says so (``triggers.target_slots``)
        specs = specs_of(ability)
        if len(specs) != 1:
            raise Unsupported(f"which target each effect of {ability.text()!r} acts on is not known to the engine")
        legal = [legal_target(game, specs[0], ctx.controller, ctx.source, t, None) for t in ctx.targets]
        return legal if any(legal) else None
    legal = still_legal(game, ability, ctx.controller, ctx.source, ctx.targets)
    return legal if any(legal) else None


def _guard_own_text(o: GameObject, cast_plainly: bool = False) -> list[str]:
    """An instant's or sorcery's own unmodelled text that functions on the stack may change what happens as it
    resolves or where it goes after (rebound 702.88a, buyback 702.27a, a cost option chosen as it was cast):
    unsupported, naming it. ``cast_plainly``: the actions cast it for its mana cost, so a line that only
    offers an alternative cost (spectacle 702.137a, prowl, surge) was not chosen and changes nothing (601.2b,
    ``cast_options.not_chosen``; an optional additional cost such as buyback may have been paid), nor does a keyword
    whose other abilities apply only if its cost was paid (``cast_options.only_if_paid``): the rules of those, to
    cite."""
    unpaid = []
    for a in o.printed.abilities:
        if cast_plainly and not_chosen(a):
            continue
        # overload 702.96a, awaken 702.113a: "if its ... cost was paid": not paid when cast for its mana cost
        kw = only_if_paid(a) if cast_plainly else None
        if kw is not None:
            unpaid.append(f"{kw.rule}a")
            continue
        # a triggered ability does nothing as the spell resolves but trigger (603.2): if its event is one the
        # engine watches for wherever the ability is (``triggers.watched_trigger``), it is asked about there
        if a.kind == "unmodelled" and a.functions_in("stack") and not watched_trigger(a) and (
                not a.scope or any(sc in EVENT_SCOPES or sc == Scope.CAST_OPTIONS for sc in a.scope)):
            raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model that may apply as it resolves: "
                              f"{a.source_text!r}")
    return unpaid


def resolve_top(game: Game) -> list[Game]:
    st = game.state
    if not st.stack:
        raise Unsupported("resolve: the stack is empty")  # callers check first
    top = st.stack[0]
    game = game.with_state(st.evolve(stack=st.stack[1:]))
    if isinstance(top, StackAbility) and top.delayed is not None:
        return delayed.resolve_delayed(game, top, perform_word)      # 603.7
    if isinstance(top, StackAbility):
        if not game.state.has(top.source) and top.lki is None:
            raise Unsupported(f"the source {top.source} of the ability ceased to exist: last known information is "
                              "not modelled")
        # 603.10a, 113.7a: a leaves-the-battlefield ability is its source's as it last existed; 712.18: the
        # ability is that of the face it came from even if the permanent transformed or left since.
        src = top.lki if top.lki is not None else game.state.obj(top.source)
        face = top.face if top.face is not None else src.face
        abilities = src.card.faces[face].abilities
        if not 1 <= top.index <= len(abilities):
            raise Unsupported(f"{src.name} has no ability number {top.index}")
        ability = abilities[top.index - 1]
        if ability.kind == "unmodelled":
            raise Unsupported(f"{src.name}'s ability is not modelled: {ability.source_text!r}")
        if ability.kind not in ("triggered", "activated"):
            raise Unsupported(f"ability {top.index} of {src.name} is not a triggered or activated ability")
        ability = modes.on_stack(ability, top.modes, src.name)     # 700.2b: the modes chosen as it went on the stack
        links = any(e.kind == "return_exiled" for a in abilities for e in a.effects)
        # 107.3m: an enters trigger's X is the X of the spell the permanent was; an activated ability's X is the
        # value chosen as it was activated (107.3a), which the stack entry doesn't keep: not known
        x = src.x if ability.kind == "triggered" else None
        if top.subject is not None and game.state.has(top.subject) and \
                game.state.obj(top.subject).zone == "battlefield" and game.moved(top.subject) != top.subject_moves:
            raise Unsupported(f"{top.subject}, the object the trigger event of {src.name}'s ability was about, left "
                              "the battlefield and came back (400.7): what the ability then does is not performed")
        ctx = Ctx(top.source, top.controller, tuple(top.targets), getattr(top, "source_moves", 0), x, perform=perform_word,
                  run=run_effects,
                  ability_index=top.index, face=face, source_transformed=top.source_transformed,
                  source_lki=top.lki, links_exile=links, subject=top.subject, amount=top.amount,
                  player=top.player)
        # (601.2c: an ability the engine put on the stack may have chosen no targets where every use says "up to")
        chose_none = top.chosen and all(s.minimum == 0 for s in specs_of(ability))
        if ability.targets and not ctx.targets and not exiles_until(ability) and not chose_none:
            raise Unsupported(f"the ability of {src.name} on the stack has no targets given; they were chosen as it "
                              "was put on the stack")
        if ability.intervening in intervening.CHECKED_AGAIN and not intervening.source_holds(
                game, ability.intervening, src, getattr(top, "source_moves", 0), resolving=True):
            rule, words = intervening.SOURCE_CONDITIONS[ability.intervening]
            return [game.log(("603.4", rule), f"the condition of {src.name}'s ability (if it {words}) is false as it "
                                              "resolves: it does nothing")]
        if ability.intervening in intervening.SOURCE_CONDITIONS:
            rule, words = intervening.SOURCE_CONDITIONS[ability.intervening]
            game = game.log(("603.4", rule), f"the condition of {src.name}'s ability holds: it {words}")
        if not intervening.holds(game, ability, top.controller, top.source, getattr(top, "source_moves", 0)):
            return [game.log("603.4", f"the condition of {src.name}'s ability is false as it resolves: it does "
                                      "nothing")]
        if intervening.condition_of(ability) is not None:
            game = game.log("603.4", f"the condition of {src.name}'s ability (if "
                                     f"{intervening.condition_of(ability)}) is still true as it resolves")
        legal = _targets_check(game, ability, ctx)
        if legal is None:
            return [game.log("608.2b", f"every target of {src.name}'s ability is illegal: it doesn't resolve")]
        game = game.log("608.2", f"the ability of {src.name} ({top.source}) resolves: {ability.text()}")
        return run_effects(game, ability, replace(ctx, before=game.state), legal)
    # a spell
    o = st.obj(top)
    if bestow_index(o.printed.abilities):
        ended = bestow_ends(game, top)          # 702.103e: an illegal target: a creature spell now
        if ended is not None:
            game = ended
            st = game.state
            o = st.obj(top)
    ch = current(st, top)
    if any(t in ch.types for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")):
        permission = flash_permission(st, top)
        return [sacrificed_at_cleanup(g, o, permission) for g in _permanent_spell(game, top, o, ch)]
    # 702.33g: the spell as it was cast, with or without its kicker; 700.2, 608.2c: a modal spell does what its
    # chosen modes say, in the order written
    whole = spell_ability(modes.expand(tuple(as_announced(a, o.kicked) for a in ch.abilities), modes.chosen_of(o),
                                       o.name))
    if whole is None:
        raise Unsupported(f"resolving {o.name}: its effect is not modelled")
    spell = [whole]
    unpaid = _guard_own_text(o, (top, game.moved(top)) in game.cast_plainly)
    if unpaid:
        game = game.log(tuple(unpaid) + ("601.2b",), f"{o.name} was cast for its mana cost: its abilities that apply "
                                                     "only if an alternative cost was paid change nothing")
    ctx = Ctx(top, o.controller, o.targets, game.moved(top), o.x, face=o.face, perform=perform_word, run=run_effects)
    # A spell the actions cast may have chosen no targets where every use says "up to" or "any number of"
    # (601.2c); one given on the stack without its targets is not known.
    chose_none = (top, game.moved(top)) in game.cast_plainly and all(
        s.minimum == 0 for s in specs_of(spell[0]))
    if spell[0].targets and not ctx.targets and not chose_none:
        raise Unsupported(f"{o.name} on the stack has no targets given; its targets were chosen as it was cast")
    legal = _targets_check(game, spell[0], ctx)
    if legal is None:
        lki = game.state.obj(top)
        g = zones.move(game, top, "graveyard").log("608.2b", f"every target of {o.name} is illegal: it doesn't "
                                                               "resolve and is put into its owner's graveyard")
        return [after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} goes to the graveyard")]
    out = []
    rebound = ch.has_keyword("Rebound")          # 702.88a
    bought_back = has_buyback(st, top) and o.bought_back
    if has_buyback(st, top) and o.bought_back is None:
        raise Unsupported(f"{o.name} ({top}) has buyback: whether its buyback cost was paid as it was cast (702.27a) "
                          "is not known to the engine")
    if bought_back and rebound:
        raise Unsupported(f"{o.name} has buyback and rebound: which applies as it resolves is not performed")
    from_hand = (top, game.moved(top)) in game.cast_from_hand
    for g in run_effects(game.log("608.2", f"{o.name} resolves"), spell[0], replace(ctx, before=game.state), legal):
        lki = g.state.obj(top)
        if lki.zone != "stack" or g.moved(top) != game.moved(top):
            out.append(g)           # 608.2n: an instruction moved it ("Exile ~."): it stays where it went
            continue
        if rebound and from_hand:
            zones.guard_other_graveyard_replacement(g.state, lki, "rebound would exile it (702.88a)")
        if rebound:
            out.append(delayed.rebound(g, top, from_hand))     # 702.88a
            continue
        if bought_back:
            zones.guard_other_graveyard_replacement(g.state, lki, "its buyback would put it into its owner's hand "
                                                                  "(702.27a)")
            # 702.27a: its buyback cost was paid: it is put into its owner's hand instead of the graveyard
            g = zones.move(g, top, "hand").log(("702.27a", "608.2n"), f"{o.name}'s buyback cost was paid: it is put "
                                                                      "into its owner's hand as it resolves")
            out.append(after_moves(g, [(lki, "stack", "hand")], f"{o.name} returns to its owner's hand"))
            continue
        g = zones.move(g, top, "graveyard")
        if g.state.obj(top).zone == "graveyard":        # else exiled instead (702.34a: zones.move says why)
            g = g.log("608.2n", f"{o.name} is put into its owner's graveyard")
        out.append(after_moves(g, [(lki, "stack", "graveyard")], f"{o.name} leaves the stack"))
    return out


def _permanent_spell(game: Game, top: str, o: GameObject, ch) -> list[Game]:
    """608.3: the permanent spell ``top`` (``o``, with characteristics ``ch``) resolves and becomes a permanent; an
    Aura spell is attached as it does (608.3b-c)."""
    if "Aura" in ch.subtypes:
        return resolve_aura(game, top)      # 608.3b-c
    # 614.12: "As this enters, choose a creature type" is made first (each value that can matter a branch),
    # as it would exist on the battlefield; 702.104a: Tribute, as it enters (each opponent's choice a
    # branch); 702.98a: unleash (its controller's choice, each a branch); 702.82a, 702.38a: devour and amplify;
    # all before its enters abilities trigger
    opponents = [p for p in apnap(game) if p != o.controller]
    out = []
    there = lambda g: entering_characteristics(g, top, o.controller).abilities   # noqa: E731
    for chose in choices.as_it_enters(game, top, there):
        # 702.82a, 702.38a: devour's sacrifices and amplify's cards revealed, as it enters (each a branch)
        ch_there = entering_characteristics(chose, top, o.controller)
        ready = counters_choices(chose, top, o.controller, ch_there.abilities, ch_there.subtypes)
        for r, k, shown in ready:
            entered = put_onto_battlefield(r, top, o.controller, o.x, "608.3",
                                           f"{o.name} ({top}) resolves and enters the battlefield under "
                                           f"{o.controller}'s control", tribute=True, choosing=True,
                                           unleash=True, devoured=k, revealed=shown)
            if has_dash(ch.abilities):
                entered = delayed.dash_return(entered, top, o.dashed, o.name, o.controller)      # 702.109a
            out += [after_moves(g, [(o, "stack", "battlefield")], f"{o.name} enters the battlefield")
                    for t in tribute.as_it_enters(entered, top, opponents) for g in unleash.as_it_enters(t, top)]
    return out


def _sba_apply(game: Game) -> bool:
    """Would state-based actions apply now (704.3)? (True where checking them is not supported)"""
    try:
        return check_sba(game)[2]
    except Unsupported:
        return True


def resolve_action(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """The ``resolve: N`` action: the top N objects of the stack resolve one by one (``all``: until it is
    empty), the game settling after each (704.3, 603.3b); ``targets`` fix those of the triggered or activated
    ability resolved first, as if chosen when it was put on the stack; ``choices: {modes: [..]}`` the modes of a
    modal one (700.2b): the branches where those were chosen (none from this game: ``actions.run`` checks that
    some branch of the game chose them)."""
    n = a["resolve"]
    if n == "all" and not whole_stack_resolves():
        with stack_resolves_whole():
            return resolve_action(game, a)
    count = MAX_STEPS if n == "all" else n
    branches = [game]
    for i in range(count):
        nxt = []
        for g in branches:
            if game_over(g):
                nxt.append(g)       # 104.3: the game has ended; nothing on the stack resolves
                continue
            if not g.state.stack:
                if n == "all":
                    nxt.append(g)
                    continue
                raise InputError("resolve", f"resolve: {n} asked, but the stack is empty after {i}")
            if a.get("choices") and i == 0:
                # 700.2b: the modes of the modal triggered ability resolved first, as if chosen when it was put on
                # the stack: the branches where they were chosen so
                top = g.state.stack[0]
                ab = ability_of(g, top.source, top.index, top.lki) if isinstance(top, StackAbility) else None
                if ab is None or not ab.modes or not isinstance(top, StackAbility):    # (ab is None unless it is)
                    raise Unsupported("choices on resolve other than a modal ability's modes are not performed by the "
                                      "engine yet")
                if top.modes != modes.from_choices(ab, a["choices"]):
                    continue
            if a.get("targets") is not None and i == 0:
                top = g.state.stack[0]
                if not isinstance(top, StackAbility):
                    raise InputError("targets", "targets fix those of a triggered ability; the top of the stack "
                                                      "is a spell")
                ab = modes.on_stack(ability_of(g, top.source, top.index, top.lki), top.modes, top.source)
                # One target for each use of "target" (608.2b checks them as it resolves); exile-until abilities
                # may have one per opponent and optional ones.
                slots = target_slots(g, ab, top.controller) if exiles_until(ab) else [(t, None, False) for t in specs_of(ab)]
                if len(a["targets"]) > len(slots) or len(a["targets"]) < sum(1 for s in slots if not s[2]):
                    raise InputError("targets", f"the ability of {top.source} takes {len(slots)} target(s); "
                                                      f"{len(a['targets'])} given")
                g = g.with_state(g.state.evolve(stack=(replace(top, targets=tuple(a["targets"])),) + g.state.stack[1:]))
            # (the first resolution may have its targets or modes fixed by the action: on its own)
            fixed = i == 0 and (a.get("targets") is not None or a.get("choices"))
            run = commuting.resolve_run(g, resolve_top, _sba_apply) if n == "all" and not fixed else None
            for r in run if run is not None else resolve_top(g):
                nxt += settle(r)
        branches = merge(nxt)
        if n == "all" and all(not g.state.stack or game_over(g) for g in branches):
            break
    else:
        if n == "all" and any(g.state.stack and not game_over(g) for g in branches):
            raise SearchBound(f"the stack did not empty in {MAX_STEPS} resolutions: the search bound was reached")
    return branches
