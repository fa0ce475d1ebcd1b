"""The question format's actions, performed on a Game: each returns every Game the rules' open choices lead to
(merged when equal). After each action the game settles (``settle``): state-based actions until none apply
(704.3), then triggered abilities on the stack in every order (603.3b), repeated. An action the rules forbid
raises Illegal with the reasons, decided as can-play and can-activate decide (``model.legality``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping

from mtgjudge.model import deadline
from mtgjudge.model.engine import declaring, zones
from mtgjudge.model.engine.kernel.entering import enter_each_way
from mtgjudge.model.engine.combat_damage import next_step, perform_combat_damage
from mtgjudge.model.engine.game import FOLLOWING, Game, find_ref, game_over, merge, name_of, stack_resolves_whole
from mtgjudge.model.words.kicker.perform import MULTIKICKER_BOUND, buyback_options, is_multikicker, kicked_words, kicker_options, unperformed_options
from mtgjudge.model.words.kicker.read import as_announced
from mtgjudge.model.words.splice.perform import gained_text, splice_options, spliced_words
from mtgjudge.model.words.split.perform import as_fused, fuse_ways
from mtgjudge.model.words.split.record import fused_reason
from mtgjudge.model.words.copies.perform import REPLICATE_BOUND, conspire_options, replicate_options
from mtgjudge.model.words.costs.record import has_conspire, replicate_cost
from mtgjudge.model.words.attach.record import BESTOW, bestow_index
from mtgjudge.model.engine.leave_game import leave_game
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.engine.mana_abilities import resolve_mana_ability
from mtgjudge.model.words.damage.perform import division_possible
from mtgjudge.model.words.cycling.perform import activation_rules, cycled, is_cycling_ability
from mtgjudge.model.payment.enumeration import all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.words.colors_spent.perform import reads_colors_spent
from mtgjudge.model.words.removal.perform import remove
from mtgjudge.model.words.choices import perform as entering_choice
from mtgjudge.model.engine.entering import entering_characteristics
from mtgjudge.model.words.modes.perform import chosen_by_action, expand, extra_cost, is_entwined, with_chosen
from mtgjudge.model.rules.modes import describe, modal_of
from mtgjudge.model.engine.resolve import resolve_action, spell_ability
from mtgjudge.model.engine.settle import after_moves, settle
from mtgjudge.model.engine.targeting import choose_targets
from mtgjudge.model.engine import transforming
from mtgjudge.model.engine.transforming import can_transform
from mtgjudge.model.engine.triggers import cast_triggered, guard_unrecognized, targeting_triggered, \
    triggered_by_tapping, triggered_by_targeting
from mtgjudge.model.engine.turn import advance
from mtgjudge.model.errors import Illegal, InputError, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.legality import (EITHER_FACE, morph_costs, can_activate, can_cast_bestowed, can_play, can_play_face, castable_faces, find_ability,
                                     has_fuse, player_who_may_play)
from mtgjudge.model.rules.restrictions import forbidden
from mtgjudge.model.vocab.cast_options import adds_ways
from mtgjudge.model.rules.costs import (TotalCost, activation_cost, additional_choices, alternative_costs, announces_x,
                                        has_buyback, total_cost)
from mtgjudge.model.rules.permissions import graveyard_cast, without_mana_cost
from mtgjudge.model.rules.enchanting import enchant_spec
from mtgjudge.model.rules.targets import specs_of
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import STEPS, GameState, StackAbility
from mtgjudge.model.rules.timing import cast_by_flash_permission, flash_permission, sorcery_could_be_cast


def _legal(ans) -> None:
    """An action is performed only when the model says it may be (the same decision as can-play and
    can-activate)."""
    if ans.is_unsupported:
        raise Unsupported(ans.unsupported)
    if ans.value is not True:
        raise Illegal(ans.why)


def cast(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """601.2: the caster announces its kicker costs (601.2b, 702.33d), the spell moves to the stack, its modes
    (601.2b, 700.2) and targets (601.2c) are chosen, then its total cost is paid, every distinct choice and
    payment a branch."""
    state = game.state
    oid = a["cast"]
    player = a.get("by") or player_who_may_play(state, oid)
    x = a.get("x", 0)
    o = state.obj(oid)
    if "Land" in current(state, oid).types:
        raise InputError("cast", f"{o.name} is a land: play it")
    if a.get("alternative") and morph_costs(state, oid):
        # 702.37c: paying {3} to cast it face down is an alternative cost; a face-down spell is not cast by the engine
        raise Unsupported(f"{o.name} has morph: casting it face down (702.37c) is not performed by the engine")
    k = bestow_index(current(state, oid).abilities)
    if k and a.get("alternative") and int(a["alternative"]) == k:
        # 702.103a-b, 702.103d: cast bestowed, it is an Aura spell with enchant creature from the start: its
        # legality, costs and target are that spell's (its bestow cost paid as the alternative cost, 118.9)
        _legal(can_cast_bestowed(state, oid, player, x, pay=False))
        return _cast_face(game.with_state(state.with_object(replace(o, bestowed=True))), a, oid, player, x)
    if a.get("alternative") and _paid_keyword(state, player, oid, a["alternative"]) == "Overload":
        # 702.96a-b: cast for its overload cost, the spell's text reads "each" for "target" from the start: it has no
        # targets to choose, and may be cast where it would have none (``objects.Face.overloaded``)
        o = replace(o, overloaded=True)
        state = state.with_object(o)
        game = game.with_state(state)
    faces = castable_faces(state, oid)
    ways = fuse_ways(state, oid, a.get("fused"))
    if faces is None:
        _legal(can_play(state, oid, player, x, face_down=False))
        return _cast_face(game, a, oid, player, x)
    # 709.3, 715.3, 712.11b: the player chooses which half or face to cast; only that one's characteristics and
    # text are the spell's (709.3b): each face that can be cast is a branch. 702.102a: a split card with fuse cast
    # from the hand may be cast as both halves instead, one more branch (``words.split``)
    out: list[Game] = []
    refused = []
    miscounted: list[InputError] = []
    for face in faces if False in ways else ():
        g = game.with_state(state.with_object(replace(o, face=face)))
        if "Land" in current(g.state, oid).types:
            continue            # 712.11b, 305.1: a land face is played, not cast (the play action)
        ans = can_play_face(g.state, oid, player, x)
        if ans.is_unsupported:
            raise Unsupported(ans.unsupported)
        if ans.value is not True:
            refused += [step(r.rules, f"as {o.card.faces[face].name}: {r.text}") for r in ans.why]
            continue
        if o.card.layout == "adventure" and face == 1:
            # 715.3d: an Adventure is exiled as it resolves, and may then be cast as the creature: not performed
            raise Unsupported(f"{o.card.name} may be cast as its Adventure, {o.card.faces[face].name}: an Adventure "
                              "(715.3d) is not performed by the engine yet")
        g = g.log(EITHER_FACE[o.card.layout], f"{player} chooses to cast {o.card.name} as {o.card.faces[face].name}")
        if len(faces) > 1 or len(ways) > 1:
            g = g.choose(f"{oid} cast as {o.card.faces[face].name}")
        out += _way(g, a, oid, player, x, (miscounted, refused) if len(faces) > 1 or len(ways) > 1 else None,
                    f"as {o.card.faces[face].name}")
    if True in ways:
        # 702.102a-c: the fused split spell has both halves' characteristics, costs and targets: whether it can be
        # cast is decided for that one spell
        g = game.with_state(state.with_object(as_fused(o)))
        ans = can_play_face(g.state, oid, player, x)
        if ans.is_unsupported:
            raise Unsupported(ans.unsupported)
        if ans.value is not True:
            refused += [fused_reason(r) for r in ans.why]
        else:
            g = g.log("702.102a", f"{player} chooses to cast both halves of {o.card.name} (fuse): one fused split "
                                  "spell with the characteristics of both (702.102b)")
            if len(ways) > 1:
                g = g.choose(f"{oid} cast fused")
            out += _way(g, a, oid, player, x, (miscounted, refused) if len(ways) > 1 else None, "fused")
    elif has_fuse(state, oid) and a.get("fused") is None:
        # 702.102a: a fuse the model does not read whole: casting both halves may be a way the branches lack, but
        # for a card neither of whose halves can be cast (the fused spell needs each half's targets and more mana),
        # unless an effect forbids casting a half by its characteristics (101.2)
        if not refused or any(forbidden(g.state, oid, player) is not None for g in
                              (game.with_state(state.with_object(replace(o, face=f))) for f in faces)):
            raise Unsupported(f"{o.card.name} may be cast as both halves by fuse (702.102a): a fuse the model does "
                              "not read whole is not performed by the engine")
    if miscounted and not out and not refused:
        raise miscounted[0]
    if not out:
        raise Illegal(tuple(refused))
    return out


def _way(game: Game, a: Mapping[str, Any], oid: str, player: str, x: int,
         others: tuple[list[InputError], list] | None, label: str) -> list[Game]:
    """``_cast_face`` for one way of casting a card with several (a half, or both by fuse: 709.3, 702.102a).
    ``others`` (when the action leaves several ways open): where the ways the action's ``targets`` do not fit, or
    that the rules forbid with them, are kept; they are not the way the action describes (the fused spell has
    both halves' targets, 702.102b), and the cast fails only if no way is left; ``label`` names the way in the
    reasons."""
    try:
        return _cast_face(game, a, oid, player, x)
    except InputError as e:
        if others is None or e.key != "targets":
            raise
        others[0].append(e)
    except Illegal as e:
        if others is None:
            raise
        others[1].extend(step(r.rules, f"{label}: {r.text}") for r in e.why)
    return []


def _cast_face(game: Game, a: Mapping[str, Any], oid: str, player: str, x: int) -> list[Game]:
    """Casting ``oid`` with the face it has up in ``game`` (its legality already decided)."""
    state = game.state
    o = state.obj(oid)
    ch = current(state, oid)
    modal = modal_of(ch.abilities)
    if a.get("choices") and modal is None:
        raise Unsupported("casting with choices is not performed by the engine yet")
    # 601.2b: an optional additional cost the engine does not perform makes the cast unsupported, named first
    unperformed_options(state, oid, player)
    # 601.2b, 702.33d: the caster announces whether to pay its kicker cost; each way a branch unless the action
    # fixes it (``words.kicker.perform``)
    kicks = kicker_options(state, oid, a.get("kicked"))
    multi = is_multikicker(state, oid) and a.get("kicked") is None
    # 601.2b: an additional cost that offers two ("discard a card or pay {5}"): each way announced a branch
    choices = additional_choices(state, oid)
    if len(choices) > 1 and (multi or a.get("alternative")):
        raise Unsupported(f"{o.name}: an additional cost offering two ways together with multikicker or an "
                          "alternative cost is not performed by the engine yet")
    # 601.2b, 702.27a: whether to pay its buyback cost, each way a branch unless the action fixes it
    buys = buyback_options(state, oid, a.get("buyback"))
    # 601.2b, 702.47a-b: which cards in the caster's hand are spliced onto it, in which order; each way a branch
    # unless the action fixes it
    splices = splice_options(state, oid, player, a.get("spliced"))
    # 601.2b, 702.56a: how many times to pay its replicate cost, each count a branch unless the action fixes it
    reps = replicate_options(state, oid, a.get("replicated"))
    # 601.2b, 702.78a: whether to tap two creatures for its conspire cost, and which; each a branch unless fixed
    cons = conspire_options(game, oid, player, a.get("conspired"))
    out = []
    refused: list[Illegal] = []
    miscounted: list[InputError] = []
    for kicked in kicks:
        if multi and len(kicked) > MULTIKICKER_BOUND:
            raise SearchBound(f"{o.name}'s multikicker could be paid more than {MULTIKICKER_BOUND} times: past the "
                              "engine's bound (702.33c)")
        got = []
        for bought in buys:
            for choice in choices:
                for spliced in splices:
                    try:
                        got += _replicated(game, a, oid, player, x, kicked, len(kicks) > 1, choice,
                                           len(choices) > 1, bought, len(buys) > 1, spliced, len(splices) > 1, reps,
                                           cons)
                    except Illegal as e:
                        refused.append(e)     # that announcement can't be carried out (601.2h); another may
                    except InputError as e:
                        # the action's targets fit another way of splicing (702.47d: the spliced text's targets
                        # are the spell's too): this way is not the one the question describes
                        if len(splices) == 1 or e.key != "targets":
                            raise
                        miscounted.append(e)
        out += got
        if multi and kicked and not got:
            break                 # paying the multikicker once more can't be paid either
    if miscounted and not out and not refused:
        raise miscounted[0]
    if refused and (not out or len(kicks) * len(choices) * len(buys) * len(splices) == 1):
        raise refused[0]
    if not out:
        raise Illegal((step(("601.2h",) + (("601.2f",) if modal is not None else ()),
                            f"{player} can't pay the total cost of {o.name} for any choice of "
                            + ("modes and " if modal is not None else "") + "targets"),))
    return out


def _replicated(game: Game, a: Mapping[str, Any], oid: str, player: str, x: int, kicked: tuple[int, ...],
                branch: bool, choice: tuple[int, ...], choice_branch: bool, bought: bool, bought_branch: bool,
                spliced: tuple[str, ...], spliced_branch: bool, reps: list[int],
                cons: list[tuple[str, ...]]) -> list[Game]:
    """601.2b, 702.56a, 702.78a: ``_cast_announced`` for each number of times the replicate cost is paid (``reps``,
    from ``replicate_options``), in order: a count that can't be paid ends the search (601.2h: no more can be
    either); one past ``REPLICATE_BOUND`` that can is past the engine's bound; and for each way of paying conspire
    (``cons``, from ``conspire_options``)."""
    out: list[Game] = []
    for n in reps:
        got = []
        for c in cons:
            got += _cast_announced(game, a, oid, player, x, kicked, branch, choice, choice_branch, bought,
                                   bought_branch, spliced, spliced_branch, n, len(reps) > 1, c, len(cons) > 1)
        if len(reps) > 1 and n > REPLICATE_BOUND and got:
            raise SearchBound(f"{game.state.obj(oid).name}'s replicate cost could be paid more than {REPLICATE_BOUND} "
                              "times: past the engine's bound (702.56a); say 'replicated:' in the cast action")
        out += got
        if n and not got:
            break                 # paying the replicate cost once more can't be paid either
    return out


def _one_flash(state: GameState, oid: str, player: str) -> None:
    """A spell with flash from elsewhere and its own flash permission with an extra cost or a rider, cast where a
    sorcery couldn't be: its caster chooses which permission to use (601.3; Armor of Thorns ruling 2009-10-01), a
    choice the engine does not branch on yet: unsupported."""
    permission = flash_permission(state, oid)
    if permission is None or not (permission.arg("extra", "") or permission.arg("sacrificed", False)):
        return
    if current(state, oid).has_keyword("Flash") and not sorcery_could_be_cast(state, player):
        raise Unsupported(f"{state.obj(oid).name} has flash and its own permission to be cast as though it had flash "
                          f"({permission.text()}): which one {player} uses (601.3, 702.8a) is a choice the engine does "
                          "not consider yet")


def _cast_announced(game: Game, a: Mapping[str, Any], oid: str, player: str, x: int, kicked: tuple[int, ...],
                    branch: bool, choice: tuple[int, ...] = (), choice_branch: bool = False,
                    bought: bool = False, bought_branch: bool = False, spliced: tuple[str, ...] = (),
                    spliced_branch: bool = False, replicated: int = 0, replicated_branch: bool = False,
                    conspired: tuple[str, ...] = (), conspired_branch: bool = False) -> list[Game]:
    """601.2a-i for one announcement of the kicker costs paid (``kicked``; 702.33g: a kicked-only instruction is
    part of the spell only if kicked), of its buyback cost (``bought``, 702.27a) and of the cards spliced onto it
    (``spliced``, in the order their effects happen, 702.47a-b): the spell moves to the stack, its modes and
    targets are chosen, its total cost paid; every legal choice a branch. [] when that total cost can't be paid
    (601.2h)."""
    state = game.state
    o = state.obj(oid)
    ch = current(state, oid)
    # 702.47b-c: the spell's own text first, then each spliced card's rules text, in the order chosen
    gained = tuple(ab for cid in spliced for ab in gained_text(state, cid))
    abilities = tuple(as_announced(ab, kicked) for ab in ch.abilities + gained)
    modal = modal_of(abilities)
    # 601.2b, 700.2a: the modes are chosen first; only those whose targets can be chosen (checked on the state
    # before the spell moves, as can-play decides; the spell can't target itself either way, 115.5)
    if a.get("entwined") is not None and modal is None:
        raise InputError("entwined", f"{o.name} is not modal: it can't be entwined (702.42a)")
    combos = chosen_by_action(state, abilities, modal, player, oid, a.get("choices"), a.get("entwined")) \
        if modal is not None else [None]
    if not combos:
        raise Illegal((step(("700.2a", "601.2c"), f"{o.name}: the modes chosen can't be chosen, a target of theirs "
                                                  "having no legal choice"),))
    alt = a.get("alternative", 0)
    if alt:
        _alternative_allowed(state, oid, player, alt, x)
    permission = cast_by_flash_permission(state, oid, player)
    _one_flash(state, oid, player)
    cost = total_cost(state, player, oid, x=x, kicked=kicked, alternative=alt, choice=choice, buyback=bought,
                      spliced=spliced, replicated=replicated)
    # 702.78a, 601.2h: the creatures tapped for conspire are tapped with the rest of the total cost, so they pay
    # nothing else; its targets are chosen before (601.2c), where they are untapped
    pstate = _tapped(state, conspired)
    if choice_branch and not all_payments(build_problem(pstate, player, cost)):
        return []            # 601.2h: a way of paying the additional cost that can't be paid can't be announced
    if not alt and not choice_branch and alternative_costs(state, player, oid) and \
            not all_payments(build_problem(pstate, player, cost)):
        # the action casts it for its mana cost (118.9: an alternative cost is chosen only when asked for)
        raise Unsupported(f"{o.name} can't be cast for its mana cost now, only for its alternative cost: say "
                          "'alternative: true' in the cast action to cast it that way (118.9, 601.2b)")
    if alt and not all_payments(build_problem(pstate, player, cost)):
        raise Illegal((step(("118.9", "601.2h"), f"{player} can't pay {o.name}'s alternative cost "
                                                 f"({cost.other[0].text() if cost.other else cost.text()}...) now"),))
    if (kicked or bought or spliced or replicated or conspired) and \
            not all_payments(build_problem(pstate, player, cost)):
        return []            # 601.2h: a kicker, buyback, splice, replicate or conspire cost that can't be paid can't be
        #                      announced
    by = graveyard_cast(state, oid, player)
    evoked = _paid_keyword(state, player, oid, alt) == "Evoke"
    dashed = _paid_keyword(state, player, oid, alt) == "Dash"
    surged = _paid_keyword(state, player, oid, alt) == "Surge"
    bestowed = _paid_keyword(state, player, oid, alt) == BESTOW       # 702.103b
    game = zones.move(game, oid, "stack", controller=player, x=x if announces_x(state, oid) else None,
                      kicked=kicked, cast_from=o.zone, face=o.face, cast_by=by.keyword if by is not None else "",
                      bought_back=bought if has_buyback(state, oid) else None, evoked=evoked, dashed=dashed,
                      surged=surged, spliced=gained, fused=o.fused, overloaded=o.overloaded, bestowed=bestowed,
                      as_though_flash=permission is not None)
    game = game.log(("601.2a", "601.2b") + ((by.rule,) if by is not None else ()) + (("702.33d",) if kicked else ())
                    + (("118.9",) if alt else ()) + (("702.109a",) if dashed else ()) + (("702.117a",) if surged else ())
                    + (("702.96a", "702.96b") if o.overloaded else ()) + (("702.103a", "702.103b") if bestowed else ()),
                    f"{player} casts {o.name} ({oid})"
                    + (f" from their graveyard by its {by.keyword.lower()}" if by is not None else "")
                    + (f" for its flashback cost {by.cost}" if by is not None and by.cost else "")
                    + (f" with X={x}" if x else "") + (f", {kicked_words(kicked)} (its kicker cost is paid with the rest)" if kicked else "")
                    + (" bestowed, an Aura spell with enchant creature" if bestowed else "")
                    + (f", paying its {'evoke cost (702.74a)' if evoked else 'dash cost (702.109a)' if dashed else 'surge cost (702.117a)' if surged else 'overload cost (702.96a)' if o.overloaded else 'bestow cost (702.103a)' if bestowed else 'alternative cost'} instead of its mana "
                       f"cost: {cost.text() if cost.symbols else ''}{', '.join(p.text() for p in cost.other)}" if alt else "")
                    + (": its text reads \"each\" for \"target\", and it has no targets" if o.overloaded else ""))
    if not bestowed and bestow_index(ch.abilities):
        game = game.log(("702.103a", "702.103b"), f"{o.name} is not cast bestowed: it is a creature spell, not an Aura "
                                                  "spell")
    if branch:
        game = game.choose(f"{oid} {kicked_words(kicked)}")
    if has_buyback(state, oid):
        pays = "pays" if bought else "doesn't pay"
        game = game.log(("601.2b", "702.27a"), f"{player} {pays} the buyback cost of {o.name}")
        if bought_branch:
            game = game.choose(f"{oid} {'bought back' if bought else 'not bought back'}")
    if spliced:
        game = game.log(("601.2b", "702.47a", "702.47c"),
                        f"{player} reveals {', '.join(state.obj(c).name + ' (' + c + ')' for c in spliced)} from their "
                        f"hand and splices {'it' if len(spliced) == 1 else 'them, in that order,'} onto {o.name}: the "
                        "spell gains that rules text, after its own, and the splice cost is paid with the rest; the "
                        "card stays in the hand")
    if spliced_branch:
        game = game.choose(f"{oid} {spliced_words(state, spliced)}")
    if replicate_cost(ch.abilities) is not None:
        # 702.56a: how often its replicate cost is paid, kept on the spell for its replicate trigger
        game = game.with_state(game.state.with_object(replace(game.state.obj(oid), replicated=replicated)))
        game = game.log(("601.2b", "702.56a"), f"{player} pays the replicate cost of {o.name} {replicated} time(s)")
        if replicated_branch:
            game = game.choose(f"{oid} replicated {replicated} time(s)")
    if has_conspire(ch.abilities):
        # 702.78a: whether its conspire cost is paid, kept on the spell for its conspire trigger (603.4)
        game = game.with_state(game.state.with_object(replace(game.state.obj(oid), conspired=bool(conspired))))
        game = game.log(("601.2b", "702.78a"), f"{player} pays the conspire cost of {o.name}, tapping "
                        + " and ".join(name_of(state, c) for c in conspired) if conspired else
                        f"{player} doesn't pay the conspire cost of {o.name}")
        if conspired_branch:
            game = game.choose(f"{oid} conspired with {', '.join(conspired)}" if conspired else f"{oid} not conspired")
    if choice_branch:
        game = game.log("601.2b", f"{player} announces that they pay {'; '.join(p.text() for p in cost.other) or cost.text()} "
                                  f"for the additional cost of {o.name} that offers two").choose(f"{oid} additional cost {choice}")
    game = replace(game, cast_plainly=game.cast_plainly + ((oid, game.moved(oid)),))
    if o.zone == "hand":        # 702.88a: rebound applies to a spell cast from its owner's hand
        game = replace(game, cast_from_hand=game.cast_from_hand + ((oid, game.moved(oid)),))
    out = []
    for combo in combos:
        g_mode = game
        extra: tuple = ()
        if combo is not None:
            assert modal is not None    # combos of modes are chosen only for a modal spell (``combos`` above)
            g_mode = g_mode.with_state(g_mode.state.with_object(with_chosen(g_mode.state.obj(oid), combo)))
            g_mode = g_mode.log(("601.2b", "700.2a"), f"{player} chooses mode(s) {describe(combo)} of {o.name}: "
                                + " ".join(modal.modes[i - 1].text() for i in combo))
            if len(combos) > 1:
                g_mode = g_mode.choose(f"{oid} modes {describe(combo)}")
            # 601.2f, 702.120a, 702.42a: escalate for each mode beyond the first, entwine for every mode
            extra = extra_cost(abilities, modal, combo, o.name)
            if extra and not all_payments(build_problem(pstate, player, _plus(cost, extra))):
                continue        # 601.2h: a choice of modes whose total cost can't be paid can't be made
            if is_entwined(modal, combo):
                g_mode = g_mode.log(("601.2b", "702.42a"), f"{player} pays the entwine cost of {o.name}: every mode "
                                                           "is chosen, followed in the order written (702.42b)")
            if extra:
                g_mode = g_mode.log(("601.2f", "702.120a" if not is_entwined(modal, combo) else "702.42a"),
                                    f"the modes chosen add {', '.join(p.text() for p in extra)} to the total cost of "
                                    f"{o.name}")
        try:
            out += _cast_with_targets(g_mode, pstate, a, oid, player, x, _plus(cost, extra),
                                      expand(abilities, combo, o.name), "Aura" in ch.subtypes, extra, kicked, alt, choice,
                                      bought, spliced, replicated, conspired)
        except Illegal:
            if len(combos) == 1:
                raise
            # another choice of modes may still be made (601.2b-d): this one is not a way to cast it
    return out


def _paid_keyword(state, player: str, oid: str, alt: int) -> str:
    """The keyword whose cost the alternative cost the cast action chose (its ``alternative:``, numbered from 1)
    is: "Evoke" (702.74a), "Dash" (702.109a), "Surge" (702.117a), "Overload" (702.96a); "" for none, or for a cost no
    keyword means."""
    return next((w.arg("keyword") or "" for k, w, _, _ in alternative_costs(state, player, oid) if alt and k == alt), "")


def _alternative_allowed(state, oid: str, player: str, alt: int, x: int) -> None:
    """118.9a-b, 601.2b: the cast action's ``alternative:`` names one of the spell's own alternative costs whose
    condition holds; X is then 0 (107.3b). Raises InputError / Illegal otherwise."""
    o = state.obj(oid)
    options = alternative_costs(state, player, oid)
    if not 1 <= alt <= len(options):
        unread = [ab for ab in o.printed.abilities if adds_ways(ab)]
        if unread:
            # a way to cast it the model does not read (an overload whose changed text is not read, 702.96a):
            # the alternative cost asked for may be that one
            raise Unsupported(f"{o.name}: casting it for an alternative cost its text {unread[0].source_text!r} "
                              "(not modelled) may offer is not performed by the engine")
        raise InputError("alternative", f"{o.name} has {len(options)} alternative cost(s) the verifier reads, not {alt}")
    if without_mana_cost(state, oid, player) is not None:
        raise Unsupported(f"{o.name} may be cast without paying its mana cost and for its alternative cost: choosing "
                          "between them (118.9a) is not performed by the engine yet")
    by = graveyard_cast(state, oid, player)
    if by is not None and by.cost:
        raise Illegal((step(("118.9a", by.rule), f"{o.name} is cast from the graveyard for its flashback cost, an "
                                                 "alternative cost: no other alternative cost can be applied"),))
    _, word, available, because = options[alt - 1]
    if available is None:
        raise Unsupported(f"{o.name} may be cast for its surge cost (702.117a) only if {player} cast another spell "
                          f"this turn: {because}")
    if not available and word.arg("keyword") == "Surge":
        raise Illegal((step("702.117a", f"{player} may pay {o.name}'s surge cost only if they cast another spell "
                                        f"this turn; {because}"),))
    if not available:
        raise Illegal((step("118.9", f"{player} may pay {o.name}'s alternative cost only if they control "
                                     f"{word.arg('if_control')[:-len(' you control')]}; {because}"),))
    if x and any(s.kind == "x" for s in (o.printed.mana_cost or ())):
        raise Illegal((step("107.3b", f"{o.name} is cast for its alternative cost: the only legal value of X is 0"),))


def _tapped(state, ids: tuple[str, ...]):
    """The state with the permanents ``ids`` tapped (a cost's tapping, 701.26a)."""
    for i in ids:
        state = state.with_object(replace(state.obj(i), tapped=True))
    return state


def _plus(cost: TotalCost, extra: tuple) -> TotalCost:
    """The total cost with the additional cost its modes add (601.2f: additional mana is added to the mana cost,
    the other parts paid with it)."""
    if not extra:
        return cost
    return replace(cost, symbols=cost.symbols + tuple(s for p in extra if p.kind == "mana" for s in p.mana),
                   other=cost.other + tuple(p for p in extra if p.kind != "mana"))


def _cast_with_targets(game: Game, state, a: Mapping[str, Any], oid: str, player: str, x: int, cost,
                       abilities, aura: bool, extra: tuple = (), kicked: tuple[int, ...] = (),
                       alt: int = 0, choice: tuple[int, ...] = (), bought: bool = False,
                       spliced: tuple[str, ...] = (), replicated: int = 0,
                       conspired: tuple[str, ...] = ()) -> list[Game]:
    """601.2c-h for a spell on the stack whose modes are chosen: its targets, every legal choice a branch unless
    the action names them, then its total cost (``extra``: the cost parts its modes add), every distinct payment a
    branch. ``state``: as casting began, the creatures tapped for conspire (``conspired``, 702.78a) tapped."""
    o = state.obj(oid)
    specs = tuple(t for ab in abilities if ab.kind == "spell" for t in specs_of(ab))
    if aura:
        specs += (enchant_spec(state, oid),)     # 303.4a, 115.1b: an Aura spell targets what it can enchant
    out = []
    # 601.2c: the targets are chosen as the spell is cast, after it moved to the stack (it can't target
    # itself, 115.5); every legal choice is a branch unless the action names them.
    choices = choose_targets(game, specs, player, oid, a.get("targets"))
    try:
        spell_ab = spell_ability(abilities)
    except Unsupported:
        if any(e.kind == "damage_divided" for ab in abilities for e in ab.effects):
            raise
        spell_ab = None
    if spell_ab is not None and specs:
        # 601.2d: each target of a divided effect gets at least 1, so no more targets than the amount
        choices = [t for t in choices if division_possible(spell_ab, t, x)]
        if not choices:
            raise Illegal((step(("601.2c", "601.2d"), f"{o.name}: no choice of targets can each be dealt at least 1 "
                                                      "of the damage divided among them"),))
    for targets in choices:
        g0 = game
        if targets:
            spell = g0.state.obj(oid)
            g0 = g0.with_state(g0.state.with_object(replace(spell, targets=targets)))
            g0 = g0.log("601.2c", f"{player} chooses the target(s) of {o.name}: {', '.join(name_of(g0.state, t) for t in targets)}")
        elif specs:
            g0 = g0.log("601.2c", f"{player} chooses no targets for {o.name} (each use of \"target\" allows none)")
        if len(choices) > 1:
            g0 = g0.choose(f"{oid} targets {', '.join(targets)}" if targets else f"{oid} targets nothing")
        # 601.2f: the total cost may depend on how many targets were chosen (Fireball: {1} more for each
        # beyond the first).
        n_cost = cost if len(targets) <= 1 else _plus(total_cost(state, player, oid, x=x, kicked=kicked,
                                                                 targets=len(targets), alternative=alt,
                                                                 choice=choice, buyback=bought,
                                                                 spliced=spliced, replicated=replicated), extra)
        if n_cost != cost and not all_payments(build_problem(state, player, n_cost)):
            continue            # 601.2h: a choice of targets whose cost can't be paid can't be made
        # 601.2c: the objects chosen become its targets before the costs are paid; what that triggers waits
        targeted = triggered_by_targeting(g0, tuple(targets), f"{o.name} ({oid})")
        if conspired:
            # 601.2h, 702.78a: the two creatures become tapped paying its conspire cost (603.2e: what that triggers
            # waits too)
            g0 = triggered_by_tapping(g0.with_state(_tapped(g0.state, conspired)), list(conspired),
                                      f"paying the conspire cost of {o.name}")
        # 702.44a, converge: how many colors of mana are spent, where its text reads it (each number a branch)
        for g in pay(g0, state, player, n_cost, a.get("paying"), oid if reads_colors_spent(abilities) else None):
            guard_unrecognized(g, f"{o.name} is cast")
            g = targeting_triggered(g, targeted, f"{o.name} ({oid})")
            # 601.2i, 603.2e: abilities that trigger on casting trigger once the spell becomes cast; it is one more
            # spell its caster cast this turn (702.40a)
            g = g.remember(this_turn=g.state.this_turn.cast(player, oid, g.moved(oid)))
            g = cast_triggered(g, oid, player)
            out.append(after_moves(g, [(o, o.zone, "stack")], f"{o.name} is cast"))
    return out


def play(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """305.1: playing a land is a special action: it enters the battlefield; one land play per turn (305.2)."""
    state = game.state
    oid = a["play"]
    player = a.get("by") or player_who_may_play(state, oid)
    if "Land" not in current(state, oid).types:
        raise InputError("play", f"{oid} is not a land: cast it")
    _legal(can_play(state, oid, player, 0, face_down=False))
    lki = state.obj(oid)
    p = state.player(player)
    game = game.with_state(state.with_player(replace(p, lands_played=p.lands_played + 1)))
    # 614.12: "As this enters, choose a creature type" is made as it enters, each value that can matter a branch
    there = lambda g: entering_characteristics(g, oid, player).abilities   # noqa: E731
    return [after_moves(g, [(lki, lki.zone, "battlefield")], f"{lki.name} is played")
            for chose in entering_choice.as_it_enters(game, oid, there)
            for g in enter_each_way(chose, oid, player, None, ("305.1", "116.2a"), f"{player} plays {lki.name} ({oid})",
                                    choosing=True)]


def activate(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """602.2: an activated ability goes on the stack and its whole cost is paid, every distinct payment a
    branch; mana abilities (605.3) and targets are not performed yet."""
    state = game.state
    oid = find_ref(state, a["activate"]) or a["activate"]
    if not state.has(oid):
        raise InputError("activate", f"{oid} does not exist now")
    o = state.obj(oid)
    # 108.4a: a card that is not a permanent or a spell has no controller: its owner activates its abilities there
    player = a.get("by") or (o.controller if o.zone in ("battlefield", "stack") else o.owner)
    x = a.get("x", 0)
    index, ability = find_ability(state, oid, a.get("ability"))
    if ability.kind == "mana":
        return _activate_mana_ability(game, a, oid, index, ability, player)
    if ability.kind != "activated":
        raise Unsupported(f"activating {o.name}'s ability {ability.text()!r} (a mana ability or unmodelled text) is "
                          "not performed by the engine yet")
    _legal(can_activate(state, oid, index, ability, player, x))
    if a.get("choices"):
        raise Unsupported("activating an ability with choices is not performed by the engine yet")
    text_index = next((i for i, b in enumerate(o.printed.abilities, 1) if b is ability or b == ability), None)
    if text_index is None:
        raise Unsupported(f"{o.name}'s ability {ability.text()!r} is not among its printed abilities")
    cost = activation_cost(state, oid, ability, x)
    # 602.2b, 601.2c: targets are chosen before the cost is paid; every legal choice is a branch unless the
    # action names them. The source permanent may be its own ability's target.
    choices = choose_targets(game, specs_of(ability), player, oid, a.get("targets"), itself_illegal=False)
    out = []
    for targets in choices:
        # 602.2b, 601.2c: the targets are chosen before the costs are paid; what becoming them triggers waits
        targeted = triggered_by_targeting(game, tuple(targets), f"an ability of {o.name} ({oid})")
        for g in pay(game, state, player, cost, a.get("paying")):
            if is_cycling_ability(ability):
                g = cycled(g, oid, player)          # 702.29c: "When you cycle ~", from where the card went
            if g.state.has(oid):
                src = g.state.obj(oid)
                g = g.with_state(g.state.with_object(replace(src, activated_this_turn=tuple(sorted(set(src.activated_this_turn) | {index})))))
            ab = StackAbility(oid, text_index, player, tuple(targets), g.moved(oid), face=o.face)
            g = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
            g = g.log(("602.2", "602.2a") + activation_rules(ability) + (("602.2b", "601.2c") if targets else ()), f"{player} activates {o.name}'s ability {ability.text()!r}" + (
                f", targeting {', '.join(name_of(game.state, t) for t in targets)}" if targets else ""))
            if len(choices) > 1:
                g = g.choose(f"{oid} ability {text_index} targets {', '.join(targets)}")
            guard_unrecognized(g, f"an ability of {o.name} is activated")
            g = targeting_triggered(g, targeted, f"an ability of {o.name} ({oid})", "602.2b")
            out.append(g)
    return out


def _activate_mana_ability(game: Game, a: Mapping[str, Any], oid: str, index: int, ability, player: str) -> list[Game]:
    """605.3a-b: a mana ability activated on its own (with priority) doesn't go on the stack: its cost is paid,
    every distinct payment a branch, and it resolves at once (``engine.mana_abilities``), its mana staying in
    the pool until the step ends (106.4, 500.4)."""
    state = game.state
    o = state.obj(oid)
    if a.get("x") or a.get("targets") or a.get("choices"):
        raise Unsupported("activating a mana ability with an X, targets or choices is not performed by the engine yet")
    _legal(can_activate(state, oid, index, ability, player, 0))
    cost = activation_cost(state, oid, ability, 0)
    out = []
    for g in pay(game, state, player, cost, a.get("paying")):
        if g.state.has(oid):
            src = g.state.obj(oid)
            g = g.with_state(g.state.with_object(replace(src, activated_this_turn=tuple(sorted(set(src.activated_this_turn) | {index})))))
        g = g.log(("605.3a", "605.3b"), f"{player} activates {o.name}'s mana ability {ability.text()!r}: it doesn't go "
                                        "on the stack and resolves at once")
        for h in resolve_mana_ability(g, state, oid, index, ability, player):
            guard_unrecognized(h, f"a mana ability of {o.name} is activated")
            out.append(h)
    return merge(out)


def transform(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """701.27a: turn a double-faced permanent over (``transforming``)."""
    st = game.state
    oid = find_ref(st, a["transform"]) or a["transform"]
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        raise InputError("transform", f"{oid} is not a permanent now")
    if not can_transform(game, oid):
        raise InputError("transform", f"{st.obj(oid).name} is not a double-faced permanent: it can't transform (701.27a)")
    return [transforming.transform(game, oid)]


def _as_effect(game: Game, a: Mapping[str, Any], kind: str) -> list[Game]:
    """``destroy``, ``exile``, ``sacrifice``, ``bounce``: as if an effect did it (``removal``)."""
    oid = find_ref(game.state, a[kind]) or a[kind]
    return [remove(game, oid, kind)]


def combat_damage(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """The ``damage`` action: the game moves on to the combat damage step (as ``advance`` does) if it is not
    there yet, and combat damage is dealt (510.1-510.4) in the combat damage steps up to the one in which the
    last creature named assigns, each creature named dividing its damage as given in the first step it assigns
    in (an illegal division is ``illegal``, 510.1e), the others every legal way; an ``advance`` deals the rest."""
    branches = [game]
    if game.state.turn.step != "combat-damage":
        if STEPS.index(game.state.turn.step) > STEPS.index("combat-damage"):
            raise InputError("damage", f"damage: the combat damage step of this turn is over ({game.state.turn.step})")
        branches = advance(game, {"advance": "combat-damage"})
    elif next_step(game.state) is None:
        raise InputError("damage", "damage: the combat damage of this combat has already been dealt")
    return merge([r for g in branches for r in perform_combat_damage(g, a["damage"])])


#: The kinds of action of the question format, by the key that names each.
ACTION_KINDS = ("cast", "play", "activate", "resolve", "destroy", "exile", "sacrifice", "bounce", "transform", "concede",
                "advance", "damage", "attack", "block")


def perform(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """Perform one of the question format's actions; every branch the rules' open choices lead to."""
    kind = next(k for k in ACTION_KINDS if k in a)
    if kind == "cast":
        branches = cast(game, a)
    elif kind == "play":
        branches = play(game, a)
    elif kind == "activate":
        branches = activate(game, a)
    elif kind == "transform":
        branches = transform(game, a)
    elif kind == "resolve":
        return resolve_action(game, a)
    elif kind in ("destroy", "exile", "sacrifice", "bounce"):
        branches = _as_effect(game, a, kind)
    elif kind == "concede":
        if a["concede"] in game.left:
            raise InputError("concede", f"{a['concede']} has already left the game")
        branches = [leave_game(game, a["concede"])]
    elif kind == "advance":
        return advance(game, a)
    elif kind == "damage":
        return combat_damage(game, a)
    elif kind == "attack":
        return declaring.attack(game, a)
    elif kind == "block":
        return declaring.block(game, a)
    else:
        raise Unsupported(f"the action {kind!r} is not performed by the engine yet")
    return merge([s for b in deadline.checked(branches, FOLLOWING) for s in settle(b)])


def _resolved_whole_next(a: Mapping[str, Any], after: list) -> bool:
    """Is ``a`` a declaration of attackers or blockers (508.1, 509.1: the action ends once the triggered abilities
    it caused are on the stack, ``declaring``) followed at once by ``resolve: all`` with no targets or modes fixed,
    so that the whole stack it leaves resolves before any action can see it (``game.stack_resolves_whole``)?"""
    return ("attack" in a or "block" in a) and len(a) == 1 and bool(after) and dict(after[0]) == {"resolve": "all"}


def _performed(branches: Iterable[Game], a) -> list[Game]:
    """The action ``a`` performed on every branch. Where the rules forbid it in some branches only (a choice made
    earlier decided it), it was taken in the others: those are the ways the game went; forbidden in every branch,
    it is ``illegal`` (the first branch's reason)."""
    out: list[Game] = []
    forbidden: Illegal | None = None
    taken = tried = 0
    for g in branches:
        tried += 1
        try:
            out += perform(g, a)
            taken += 1
        except Illegal as e:
            forbidden = forbidden or e
    if forbidden is None:
        return out
    if not out:
        raise forbidden
    rules = tuple(dict.fromkeys(r for s in forbidden.why for r in s.rules))
    said = f"{_action_name(a)} is forbidden in {tried - taken} of the {tried} ways the game could " \
           f"have gone ({forbidden}): it was taken in the others, so the game went one of those"
    return [g.log(rules, said) for g in out]


def _action_name(a: Mapping[str, Any]) -> str:
    """The action by its kind, for a reason: "the block action"."""
    kind = next((k for k in ACTION_KINDS if k in a), "")
    return f"the {kind} action" if kind else "the action"


def run(game: Game, actions) -> list[Game]:
    """Perform the actions in order, each on every branch the previous ones led to (equal states merged)."""
    branches = [game]
    actions = list(actions)
    for i, a in enumerate(actions):
        ended = [g for g in branches if game_over(g)]       # 104.3: the actions after the game's end don't happen
        live = (g for g in deadline.checked(branches, FOLLOWING) if not game_over(g))     # checked as each is taken
        if _resolved_whole_next(a, actions[i + 1:]):
            with stack_resolves_whole():
                branches = merge(ended + _performed(live, a))
        else:
            branches = merge(ended + _performed(live, a))
        if not branches and "resolve" in a and a.get("choices"):
            # 700.2b: the modes a resolve action fixes are those chosen as the ability went on the stack
            raise InputError("choices", "the modes given were chosen in no way the game can go (700.2b: a mode "
                                        "whose targets had no legal choice can't have been chosen)")
    return branches
