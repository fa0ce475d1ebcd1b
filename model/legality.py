"""May this be cast, played or activated now, and can this cost be paid? (CR 601-602, 305.1-2, 117, 118)

The decisions the question kinds and the engine share: ``can_cast`` and ``can_play`` (601.2-601.3, 305.1),
``can_activate`` (602.2, 605.3a) and ``can_pay``. Each gathers the requirements that are known facts
(timing, permissions, targets, the zone and controller of the source) and poses them together with the
payment (``payment.decide``, z3), so that a "no" is one minimal set of reasons across all of them and a
"yes" comes with a witness. ``payments`` lists every distinct payment (``payment.enumeration``): what
``--all`` shows and what the engine's casting and activating branch on.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgjudge.model.objects import GameObject, undefined_card
from mtgjudge.model.vocab.keywords import BY_NAME, lookup
from mtgjudge.model.words.kicker.read import as_announced
from mtgjudge.model.words.attach.record import BESTOW, bestow_index
from mtgjudge.model.vocab.cast_options import adds_ways, is_bestow
from mtgjudge.model.errors import InputError, Unsupported
from mtgjudge.model.explain import Answer, Step, step
from mtgjudge.model.mana import format_cost
from mtgjudge.model.payment.answers import can_pay
from mtgjudge.model.payment.symbols import modified_total_words
from mtgjudge.model.rules.costs import activation_cost, additional_choices, alternative_costs, face_down_cost, total_cost
from mtgjudge.model.rules.enchanting import enchant_spec
from mtgjudge.model.rules.guards import require_modelled, require_modelled_object
from mtgjudge.model.rules.mana_sources import require_modelled_for_payment
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.rules.permissions import (graveyard_cast, graveyard_cast_reason, only_from_graveyard,
                                               play_permissions, without_mana_cost)
from mtgjudge.model.rules.restrictions import activation_forbidden, forbidden
from mtgjudge.model.rules.targets import specs_of, target_requirements
from mtgjudge.model.rules import modes
from mtgjudge.model.rules.timing import (Requirement, activation_timing, bestowed_timing, cast_timing, fused_timing,
                                         land_play_timing, tap_symbol_requirements)
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.words.split.record import fused_reason, has_fuse_word


# ------------------------------------------------------------------------------------------- abilities


def find_ability(state: GameState, oid: str, which: Any) -> tuple[int, Ability]:
    """The (1-based index, ability) that ``which`` names among the object's activated abilities: an index,
    a unique piece of its text, or None when it has one. Raises InputError (key ``ability``), or Unsupported for
    a real card the product has no definition for (which abilities it has is not known)."""
    require_modelled_object(state, oid)
    abilities = activated_abilities(state, oid)
    name = state.obj(oid).name

    def listing() -> str:
        return "; ".join(f"{i}: {a.text()}" for i, a in enumerate(abilities, 1))

    if not abilities:
        raise InputError("ability", f"{name} has no activated abilities")
    if which is None:
        if len(abilities) > 1:
            raise InputError("ability", f"{name} has {len(abilities)} activated abilities; say which ({listing()})")
        return 1, abilities[0]
    if isinstance(which, int):
        if not 1 <= which <= len(abilities):
            raise InputError("ability", f"{name} has {len(abilities)} activated abilities, not {which}")
        return which, abilities[which - 1]
    hits = [(i, a) for i, a in enumerate(abilities, 1) if str(which).lower() in a.text().lower()]
    if len(hits) != 1:
        raise InputError("ability", f"{which!r} matches {len(hits)} of {name}'s activated abilities ({listing()})")
    return hits[0]


def _moves_itself(ability: Ability) -> bool:
    """Is the zone of ``ability`` that of its effect (113.6m) rather than of its cost (113.6j)?"""
    return not any(p.kind in ("discard_self", "exile_self_from_hand", "exile_self_from_graveyard") for p in ability.cost)


#: Cost parts paid the same wherever the object is, none of them by the object itself (601.2h): an ability that
#: functions in another zone (113.6j, 113.6m) with only these is activated there as on the battlefield.
_PAID_ANYWHERE = frozenset({"mana", "discard", "pay_life", "sacrifice"})
#: Cost parts paid by the object itself in the one zone where it can pay them (113.6j): "Discard this card" from
#: its owner's hand (701.9a; cycling, 702.29a), "Exile this card from your graveyard" from its owner's graveyard
#: (406.3; scavenge, 702.97a).
_PAID_THERE = {"discard_self": "hand", "exile_self_from_graveyard": "graveyard"}


def can_activate(state: GameState, oid: str, index: int, ability: Ability, player: str, x: int = 0,
                 all_ways: bool = False) -> Answer:
    """Can ``player`` activate ``ability`` (the ``index``-th activated ability of ``oid``) now? (602.2)"""
    require_modelled_object(state, oid)
    require_modelled(state, (Scope.ACTIVATION,), "abilities are activated")
    obj = state.obj(oid)
    if ability.zones and obj.zone not in ability.zones:
        # 113.6j: an ability whose cost can be paid only in another zone (cycling, unearth) functions only there;
        # 113.6m: so does one whose effect moves the object out of a zone ("Return ~ from your graveyard ...").
        where = "on the battlefield" if obj.zone == "battlefield" else f"in the {obj.zone}"
        return Answer(False, (step(("113.6", "113.6m" if _moves_itself(ability) else "113.6j"),
                                   f"{obj.name}'s ability {ability.text()!r} functions only in the "
                                   f"{' or '.join(ability.zones)}; {obj.name} is {where}"),))
    if ability.kind == "unmodelled":
        raise Unsupported(f"{obj.name}'s ability {ability.source_text!r} is not modelled")
    if ability.unread:
        raise Unsupported(f"{obj.name}'s ability {ability.text()!r}: {ability.unread!r} is not modelled")
    banned = activation_forbidden(state, oid, ability)        # 602.5: a static ability of a permanent forbids it
    if banned is not None:
        return Answer(False, (banned,))
    if ability.any_player and obj.controller != player and any(p.kind != "mana" for p in ability.cost):
        raise Unsupported(f"{obj.name}'s ability {ability.text()!r}: paying a cost that names a permanent "
                          f"{player} doesn't control is not modelled")
    elsewhere = bool(ability.zones) and obj.zone != "battlefield"
    if ability.zones and (obj.zone == "battlefield" or any(p.kind not in _PAID_ANYWHERE and _PAID_THERE.get(p.kind) != obj.zone
                                                           for p in ability.cost)):
        # 113.6j, 113.6m: it functions where its cost can be paid or whence its effect moves it (the zone was
        # checked above); a cost that involves the object itself there (exiling it from the graveyard,
        # discarding it) is not modelled.
        raise Unsupported(f"{obj.name}'s ability {ability.text()!r} is activated from the {' or '.join(ability.zones)}, "
                          "which is not modelled with that cost")
    # 602.2, 108.4a: a card that is not a permanent or a spell has no controller: its owner activates it.
    who = obj.owner if elsewhere else obj.controller
    rules_zone = ("113.6m" if _moves_itself(ability) else "113.6j") if ability.zones else "113.6"
    reqs: list[Requirement] = [
        (step(rules_zone, f"{obj.name} is in the {obj.zone}, where its ability {index} functions" if elsewhere
              else f"{obj.name} is on the battlefield, where its abilities function" if obj.zone == "battlefield"
              else f"{obj.name} is in the {obj.zone}; its activated abilities function only on the battlefield"),
         obj.zone == "battlefield" or elsewhere),
        (step(("602.2", "108.4a") if elsewhere else "602.2",
              f"{player} owns {obj.name}, which has no controller in the {obj.zone}" if elsewhere and who == player
              else f"{player} controls {obj.name}" if who == player
              else f"any player may activate this ability of {obj.name}" if ability.any_player
              else f"only {obj.name}'s {'owner' if elsewhere else 'controller'}, {who}, can activate its abilities, "
                   f"not {player}"),
         who == player or ability.any_player),
    ]
    reqs += activation_timing(state, oid, index, player, mana_ability=ability.is_mana_ability,
                              sorcery=ability.timing == "sorcery", once_each_turn=ability.once_each_turn,
                              loyalty=ability.is_loyalty_ability, during=ability.during, only_if=ability.only_if)
    reqs += target_requirements(state, specs_of(ability), player, oid)
    cost = activation_cost(state, oid, ability, x)
    label = f"{obj.name}'s ability {index} ({ability.text()})"
    # The payment model requires {T} and {Q} (107.5, 107.6, 302.6); when it can pay, say why they hold.
    symbols = [sym for sym, kind in (("{T}", "tap"), ("{Q}", "untap")) if any(p.kind == kind for p in ability.cost)]
    lead = tuple(s for s, _ in reqs) + tuple(s for sym in symbols for s, _ in tap_symbol_requirements(state, oid, player, sym))
    ans = can_pay(state, player, cost, all_ways, extra=reqs, lead=lead)
    if ans.value is not True:
        return ans
    witness = {"ability": index, "text": ability.text(), "player": player}
    plan = ans.witness["plan"] if all_ways else ans.witness
    for o in plan.get("other", []):
        witness[f"pays {o['part']}"] = ", ".join(o["by"])
    if cost.symbols:
        witness["payment"] = plan
    if all_ways:
        witness["payments"] = ans.witness["payments"]
    return Answer(True, ans.why + (step("602.2", f"{player} can activate {label}"),), witness)


# ------------------------------------------------------------------------------------------- casting

def _own_text_guard(state: GameState, oid: str) -> None:
    """The card's own text could change how it is cast (additional costs, restrictions, targets): text that
    functions where the card is or on the stack, where it is cast (601.2a, 113.6d-f)."""
    require_modelled_object(state, oid)
    zone = state.obj(oid).zone
    for a in current(state, oid).abilities:
        if a.kind == "unmodelled" and a.unmodelled_kind in ("static", "spell") and (
                a.functions_in(zone) or a.functions_in("stack")):
            if any(a.may_concern(s) for s in (Scope.SPELL_COSTS, Scope.SPENDING, Scope.MANA, Scope.CASTING,
                                              Scope.TARGETING)):
                raise Unsupported(f"{state.obj(oid).name}'s text {a.source_text!r} is not modelled and could change how it is cast")


def _permission(state: GameState, oid: str, player: str) -> Answer | None:
    """Playing a card that is not in one's own hand needs an effect that allows it (601.3 for spells;
    305.1 plays lands from the hand). None when an effect in force allows it; else a "no" naming why.

    Permissions the model cannot see (an unmodelled static ability on the battlefield, or the card's own
    unmodelled text, such as flashback) make the answer unsupported rather than "no".
    """
    obj = state.obj(oid)
    if not obj.card.modelled:
        raise Unsupported(f"{undefined_card(obj.card.name, oid)}; its own text "
                          "could let it be played from there")
    perms = play_permissions(state, oid)
    allowed = any(p.in_force and p.player == player for p in perms)
    if graveyard_cast(state, oid, player) is not None:
        if allowed:
            raise Unsupported(f"{obj.name} may be cast from the graveyard by its own keyword and by an effect in "
                              "force: choosing between them (601.3, 118.9a) is not modelled")
        return None
    if allowed:
        return None
    if obj.zone in ("battlefield", "stack"):
        return Answer(False, (step("601.3", f"{obj.name} is on the {obj.zone}: there is no card to play"),))
    require_modelled(state, (Scope.PLAY_PERMISSIONS,), "cards are played from other zones", objects=(obj,))
    for a in current(state, oid).abilities:
        # 113.6d-f: the card's own text that lets it be cast from a zone functions in that zone (flashback whose
        # cost is not read, escape, disturb, ...): it could be what lets it be cast from here
        if a.kind == "unmodelled" and a.functions_in(obj.zone) and (
                a.may_concern(Scope.CAST_OPTIONS) or a.may_concern(Scope.PLAY_PERMISSIONS)):
            raise Unsupported(f"{obj.name}'s text {a.source_text!r} is not modelled and could let it be cast from "
                              f"the {obj.zone}")
    where = f"{obj.owner}'s {obj.zone}" if obj.owner != player or obj.zone != "hand" else "hand"
    why = [p.reason for p in perms] or [step(("601.3", "305.1"), f"no rule or effect lets {player} play {obj.name} "
                                               f"from {where}")]
    return Answer(False, tuple(why))


def player_who_may_play(state: GameState, oid: str) -> str:
    """The player who may play the card ``oid`` from where it is, when an action does not say (``by``): its
    owner for a hand, graveyard or library (601.3 lets nobody else, unless an effect does); for exile, the one
    player an effect in force lets play it (601.3, 611.2a), or, when none is in force any more, the one it let.
    Raises InputError (key ``by``) when that is not one player: no such effect, or effects for several."""
    obj = state.obj(oid)
    if obj.zone != "exile":
        return obj.owner
    perms = play_permissions(state, oid)
    # an effect whose permission has ended still names the player it was for: theirs is the play that is tried
    players = sorted({p.player for p in perms if p.in_force}) or sorted({p.player for p in perms})
    if len(players) == 1:
        return players[0]
    if players:
        raise InputError("by", f"effects let {' and '.join(players)} play {obj.name} from exile: say which player "
                               "plays it with `by`")
    raise InputError("by", f"no effect lets a player play {obj.name} from exile: say which player tries with `by`")


#: Layouts whose card a player may play with either face up, choosing as it is played: a split card's halves
#: (709.3), an adventurer card as itself or as its Adventure (715.3), a modal double-faced card's faces
#: (712.11b). An aftermath card's second half is cast only from a graveyard (702.127a).
#: 702.102: fuse, casting both halves of a split card.
FUSE = BY_NAME["fuse"]
EITHER_FACE = {"split": "709.3", "aftermath": "709.3", "adventure": "715.3", "modal_dfc": "712.11b"}


def can_play(state: GameState, oid: str, player: str, x: int = 0, all_ways: bool = False,
             face_down: bool = True) -> Answer:
    """Could ``player`` play the land or cast the spell ``oid`` now, timing, permissions, targets and every
    cost included? (117.1a, 305.1-2, 307.1, 601.2-601.3) A card that may be played with either face up is
    asked about each face (709.3a, 712.11c, 715.3a: only the chosen face is evaluated); yes if one can.
    ``face_down``: a card with morph may also be cast face down (702.37c, ``_or_face_down``); False asks only
    about playing it face up (the engine's actions, which cast it so)."""
    obj = state.obj(oid)
    rule = EITHER_FACE.get(obj.card.layout)
    if castable_faces(state, oid) is not None:
        assert rule is not None     # castable_faces holds only of a layout in EITHER_FACE
        return _either_face(state, oid, player, x, all_ways, rule, face_down)
    return _play_face(state, oid, player, x, all_ways, face_down)


def castable_faces(state: GameState, oid: str) -> range | None:
    """The faces a card may be played as, when it has several to choose from as it is played (``EITHER_FACE``:
    709.3, 715.3, 712.11b), else None (it is played with the face it has up)."""
    obj = state.obj(oid)
    if obj.card.layout in EITHER_FACE and len(obj.card.faces) > 1 and obj.zone not in ("battlefield", "stack") \
            and not obj.face_down:
        return range(len(obj.card.faces))
    return None


def can_play_face(state: GameState, oid: str, player: str, x: int = 0, all_ways: bool = False) -> Answer:
    """``can_play`` for the face the card has up in ``state``, the one chosen (709.3a, 712.11c, 715.3a); an
    unsupported answer instead of raising."""
    try:
        return _play_face(state, oid, player, x, all_ways, face_down=False)
    except Unsupported as e:
        return Answer(None, (), unsupported=str(e))


def _either_face(state: GameState, oid: str, player: str, x: int, all_ways: bool, rule: str,
                 face_down: bool) -> Answer:
    obj = state.obj(oid)
    why: list[Step] = []
    unsupported: Unsupported | None = None
    for face in range(len(obj.card.faces)):
        as_face = replace(obj, face=face)
        st = state.evolve(objects=tuple(as_face if o.id == oid else o for o in state.objects))
        name = obj.card.faces[face].name
        try:
            ans = _play_face(st, oid, player, x, all_ways, face_down)
        except Unsupported as e:
            unsupported = unsupported or e
            continue
        if ans.value is True:
            witness = dict(ans.witness) if isinstance(ans.witness, dict) else {"plan": ans.witness}
            return Answer(True, (step(rule, f"{player} chooses to play {obj.card.name} as {name}"),) + ans.why,
                          {"face": name, **witness})
        why += [step(r.rules, f"as {name}: {r.text}") for r in ans.why]
    if unsupported is not None:
        raise unsupported
    if fuse_read(state, oid):
        # 702.102a-c: fuse adds a way to cast it from the hand: both halves, one spell with their combined
        # characteristics (its timing, targets and total cost decided as for any spell)
        ans = _play_face(state.with_object(replace(obj, face=0, fused=True)), oid, player, x, all_ways, face_down)
        if ans.value is True:
            witness = dict(ans.witness) if isinstance(ans.witness, dict) else {"plan": ans.witness}
            return Answer(True, (step("702.102a", f"{player} chooses to cast both halves of {obj.card.name} (fuse)"),)
                          + ans.why, {"fused": True, **witness})
        why += [fused_reason(r) for r in ans.why]
    elif has_fuse(state, oid):
        # 702.102a: fuse adds a way to cast it; its timing alone may bar that way too
        fused = fused_timing(state, oid, player)
        if fused is None:
            raise Unsupported(f"neither half of {obj.card.name} can be cast alone; casting both halves by fuse "
                              "(702.102a) is not modelled")
        why.append(fused)
    return Answer(False, tuple(why))


def _play_face(state: GameState, oid: str, player: str, x: int, all_ways: bool, face_down: bool) -> Answer:
    obj = state.obj(oid)
    elsewhere = only_from_graveyard(state, oid)      # 702.127a: an aftermath half only from a graveyard
    if elsewhere is not None:
        return Answer(False, (elsewhere,))
    if obj.zone != "hand" or obj.owner != player:
        blocked = _permission(state, oid, player)
        if blocked is not None:
            if obj.zone not in ("battlefield", "stack"):
                # its own permission to be cast from there functions there (601.3, 113.6b: flashback 702.34a)
                _other_ways_guard(state, oid, where=(obj.zone,))
            return blocked
    _own_text_guard(state, oid)
    restricted = forbidden(state, oid, player)       # 101.2: "can't ... this turn" (rules.restrictions)
    if restricted is not None:
        return _or_face_down(state, oid, player, x, all_ways, restricted) if face_down else restricted
    require_modelled_for_payment(state, player, exclude=(oid,))
    require_modelled(state, (Scope.CASTING,), "spells are cast")
    if "Land" in current(state, oid).types:
        land = _play_land(state, oid, player)
        return _or_face_down(state, oid, player, x, all_ways, land) if face_down else land
    ans = can_cast(state, oid, player, x, all_ways)
    if ans.value is False and face_down:
        ans = _or_face_down(state, oid, player, x, all_ways, ans)
    if ans.value is False and bestow_index(current(state, oid).abilities):
        # 702.103a: casting it bestowed is another way to cast it, for its bestow cost as an Aura spell
        if obj.zone != "hand" or obj.owner != player:
            raise Unsupported(f"{obj.name} can't be cast the usual way; casting it bestowed (702.103a) from "
                              f"{obj.owner}'s {obj.zone} is not modelled")
        bestowed_ans = can_cast_bestowed(state, oid, player, x, all_ways)
        if bestowed_ans.value is True:
            return bestowed_ans
        ans = Answer(False, ans.why + tuple(step(tuple(dict.fromkeys(tuple(r.rules) + ("702.103a",))),
                                                 f"cast bestowed: {r.text}") for r in bestowed_ans.why))
    if ans.value is False:
        # 702.103a: a bestow cost is a way to cast it only when its timing as an Aura spell allows it
        bestowed = (bestowed_timing(state, oid, player)
                    if any(is_bestow(a) for a in current(state, oid).abilities) else None)
        _other_ways_guard(state, oid, bestow_barred=bestowed is not None)
        if bestowed is not None:
            ans = Answer(False, ans.why + (bestowed,))
    return ans


#: The static words of a card's own ways to be cast that casting here decides (the permissions consumer's, beside
#: ``rules.permissions.PERMISSION_WORDS``): morph and megamorph (702.37a-c, ``_or_face_down``); fuse (702.102a:
#: ``_either_face``, and the engine's cast by ``words.split.perform``).
CAST_OPTION_WORDS = ("morph", "fuse")


def morph_costs(state: GameState, oid: str) -> list[str]:
    """702.37a-b: the morph costs of the card ``oid`` as it is now (its ``morph`` words): each a way to cast it
    face down."""
    return [a.static.arg("cost") for a in current(state, oid).abilities
            if a.kind == "static" and a.static is not None and a.static.kind == "morph"]


def _or_face_down(state: GameState, oid: str, player: str, x: int, all_ways: bool, usual: Answer) -> Answer:
    """702.37a, 702.37c, 708.4: a card with morph that can't be played face up may be cast face down, a 2/2
    creature spell with no text, name, subtypes or mana cost, for {3} rather than its mana cost: the effects and
    prohibitions that apply are those that apply to casting a spell with those characteristics (its own text, face
    down, is none). ``usual``: the answer for playing it face up; a "no" keeps its reasons and adds the face-down
    cast's."""
    if usual.value is not False or not morph_costs(state, oid):
        return usual
    obj = state.obj(oid)
    if obj.zone != "hand" or obj.owner != player:
        # 702.37c: from any zone it could be cast from; a permission's terms applied to the face-down spell are not
        # read
        raise Unsupported(f"{obj.name} can't be played face up; casting it face down (702.37c) from "
                          f"{obj.owner}'s {obj.zone} is not modelled")
    label = f"cast face down (702.37c)"
    if x:
        return Answer(False, usual.why + (step(("702.37c", "107.3"), f"{label}, {obj.name} costs {{3}}, which has no "
                                               f"X: X can't be {x}"),))
    st = state.with_object(replace(obj, face_down=True))
    require_modelled_for_payment(st, player, exclude=(oid,))
    require_modelled(st, (Scope.CASTING,), "spells are cast")
    restricted = forbidden(st, oid, player)
    if restricted is not None:
        fd = restricted
    else:
        reqs = cast_timing(st, oid, player)
        lead = tuple(s for s, _ in reqs) + (step(("702.37a", "702.37c", "708.4"),
                                                 f"{player} casts {obj.name} face down as a 2/2 creature spell with no "
                                                 "text, name, subtypes or mana cost, for {3} rather than its mana "
                                                 "cost"),)
        fd = can_pay(st, player, face_down_cost(st, player, oid), all_ways, extra=reqs, lead=lead)
    if fd.value is True:
        witness = dict(fd.witness) if isinstance(fd.witness, dict) else {"plan": fd.witness}
        return Answer(True, fd.why, {"face_down": True, **witness})
    return Answer(False, usual.why + tuple(step(r.rules, f"{label}: {r.text}") for r in fd.why))


def has_fuse(state: GameState, oid: str) -> bool:
    """702.102a: a split card in its owner's hand with fuse (read, or a line the model keeps unmodelled) may also be
    cast as both halves, a fused split spell; casting one half is unchanged."""
    obj = state.obj(oid)
    return obj.zone == "hand" and split_with_fuse(obj)


def split_with_fuse(obj: GameObject) -> bool:
    """Is ``obj`` a split card with two halves and fuse (read, or a line the model keeps unmodelled), wherever it
    is (702.102a)?"""
    return obj.card.layout == "split" and len(obj.card.faces) == 2 and any(
        _is_fuse_line(a) or has_fuse_word((a,)) for face in obj.card.faces for a in face.abilities)


def fuse_read(state: GameState, oid: str) -> bool:
    """``has_fuse``, its fuse read whole (``words.split``: no fuse line left unmodelled) and its halves of one card
    type (702.102b: a fused spell of an instant and a sorcery half is not decided here): the fused way is one the
    engine casts."""
    obj = state.obj(oid)
    faces = obj.card.faces
    return has_fuse(state, oid) and not any(_is_fuse_line(a) for f in faces for a in f.abilities) \
        and set(faces[0].types) == set(faces[1].types)


def _is_fuse_line(a: Ability) -> bool:
    return a.kind == "unmodelled" and lookup(a.source_text.split(" (")[0].strip().rstrip(".")) is FUSE


def _other_ways_guard(state: GameState, oid: str, where: tuple[str, ...] = (),
                      bestow_barred: bool = False) -> None:
    """A "no" holds only if no way to cast the card is left: its own alternative costs, optional costs and
    permissions (118.9, 601.2b, 601.3) that the model does not read could make it a "yes"
    (``cast_options.adds_ways``: a "yes" holds without them). ``where``: the zones whose lines are asked (default: its zone and the stack). A
    half of a split card asked alone (``castable_faces``) is not cast another way by fuse, which casts both halves
    (702.102a): the fused spell is asked by the callers that cast halves (``_either_face``, the engine's cast).
    ``bestow_barred``: its timing forbids casting it bestowed too (``timing.bestowed_timing``, 702.103a): its
    Bestow line adds no way now."""
    obj = state.obj(oid)
    one_half = castable_faces(state, oid) is not None
    for a in current(state, oid).abilities:
        if one_half and lookup(a.source_text.split(" (")[0].strip().rstrip(".")) is FUSE:
            continue
        if bestow_barred and is_bestow(a):
            continue
        if adds_ways(a) and any(a.functions_in(z) for z in where or (obj.zone, "stack")):
            raise Unsupported(f"{obj.name} can't be cast the usual way, but its text {a.source_text!r} (not modelled) "
                              "could let it be cast another way")


def _mana_cost_words(symbols: tuple, mana_cost: tuple) -> str:
    """601.2f: the mana of a total cost, said as the card's mana cost and what is added to it (an additional cost
    such as kicker's, or "if you pay {2} more": not part of the mana cost, Ghitu Fire ruling 2004-10-04)."""
    n = len(mana_cost)
    if n and tuple(symbols[:n]) == tuple(mana_cost) and len(symbols) > n:
        return f"its mana cost {format_cost(symbols[:n])} plus {format_cost(symbols[n:])}"
    return f"its mana cost {format_cost(symbols)}"


def can_cast(state: GameState, oid: str, player: str, x: int = 0, all_ways: bool = False) -> Answer:
    """Could ``player`` cast the spell ``oid`` now (its zone and permissions already allowed)?"""
    obj = state.obj(oid)
    reqs = _spell_requirements(state, oid, player)
    free = without_mana_cost(state, oid, player)
    way = graveyard_cast(state, oid, player)          # 601.3: its own keyword, from its owner's graveyard
    if way is not None:
        reqs.append((graveyard_cast_reason(state, oid, way, player), True))
        if way.cost and x and any(s.kind == "x" for s in (obj.printed.mana_cost or ())) and not any(
                s.kind == "x" for s in total_cost(state, player, oid).symbols):
            reqs.append((step("107.3b", f"{obj.name} is cast for its flashback cost, which has no X: the only legal "
                                        f"value of X is 0, not {x}"), False))
            return decide_requirements(reqs)
    if obj.printed.mana_cost is None and free is None and not (way is not None and way.cost):
        reqs.append((step("118.6", f"{obj.name} has no mana cost: its cost is unpayable, so it can't be cast "
                                   "without an alternative cost"), False))
        return _or_alternatives(state, oid, player, x, all_ways, reqs, decide_requirements(reqs))
    if free is not None:
        reqs.append((free, True))
        if x and obj.printed.mana_cost is not None and any(s.kind == "x" for s in obj.printed.mana_cost):
            reqs.append((step("107.3b", f"{obj.name} is cast without paying its mana cost: the only legal value of X "
                                        f"is 0, not {x}"), False))
            return decide_requirements(reqs)
    # 601.2b: an additional cost that offers two ("discard a card or pay {5}") is announced either way: yes if
    # one way can be paid
    choices = additional_choices(state, oid)
    if len(choices) > 1 and (free is not None or alternative_costs(state, player, oid) or way is not None):
        raise Unsupported(f"{obj.name}: an additional cost offering two ways together with an alternative cost or a "
                          "permission to cast it without paying its mana cost is not modelled")
    ans = None
    why: list[Step] = []
    for choice in choices:
        cost = total_cost(state, player, oid, x=x, choice=choice)
        lead = [st for st, _ in reqs]
        if len(choices) > 1:
            chosen = [w for w in (a.static for a in current(state, oid).abilities if a.kind == "static"
                                  and a.static is not None and a.static.kind == "additional_cost" and a.static.arg("or_cost"))]
            lead.append(step("601.2b", f"{player} announces which additional cost they pay: " + "; ".join(
                (w.arg("or_cost") if c else w.arg("cost")) for w, c in zip(chosen, choice))))
        lead.append(step("601.2f", f"the total cost of {obj.name} is "
                         + ("{0}, without paying its mana cost (118.9b)" if cost.without_mana_cost else
                            f"its {cost.instead_of_mana_cost.lower()} cost {format_cost(cost.symbols) or '{0}'} instead "
                            "of its mana cost" if cost.instead_of_mana_cost else
                            _mana_cost_words(cost.symbols, obj.printed.mana_cost or ()))
                         + (f" with X={x}" if any(s.kind == 'x' for s in cost.symbols) else "")
                         + (f"; {modified_total_words(cost, state)}" if cost.modifiers else "")
                         + "".join(f"; plus {p.text()}" for p in cost.other)))
        ans = can_pay(state, player, cost, all_ways, extra=reqs, lead=tuple(lead))
        if ans.value is True or len(choices) == 1:
            break
        why += [step(r.rules, f"paying {', '.join(p.text() for p in cost.other) or format_cost(cost.symbols)} as its "
                              f"additional cost: {r.text}") for r in ans.why]
    assert ans is not None      # additional_choices gives one choice at least (the empty one)
    if ans.value is not True and len(choices) > 1:
        ans = Answer(False, tuple(dict.fromkeys(why)))
    # 118.9a: one alternative cost at most: flashback's (702.34a) leaves no room for another
    flashback = way is not None and bool(way.cost)
    return ans if free is not None or flashback else _or_alternatives(state, oid, player, x, all_ways, reqs, ans)


def _spell_requirements(state: GameState, oid: str, player: str) -> list[Requirement]:
    """What casting the spell ``oid`` requires whatever it costs: its timing (117.1a, 307.1), a legal choice for
    each of its targets (601.2c) and of its modes (700.2a)."""
    ch = current(state, oid)
    reqs = cast_timing(state, oid, player)
    # 702.33g: targets of a kicked-only instruction are chosen only if it is kicked; it may be cast unkicked
    targets = [t for a in ch.abilities if a.kind == "spell" for t in specs_of(as_announced(a, ()))]
    if "Aura" in ch.subtypes:
        # 115.1b, 303.4a: an Aura spell targets what its enchant ability says it can enchant.
        targets.append(enchant_spec(state, oid))
    reqs += target_requirements(state, targets, player, oid)
    reqs += modes.requirement(state, ch.abilities, player, oid)      # 700.2a: a modal spell's modes and targets
    return reqs


def _or_alternatives(state: GameState, oid: str, player: str, x: int, all_ways: bool, reqs: list[Requirement],
                     usual: Answer) -> Answer:
    """118.9, 601.2b: a spell that can't be cast for its mana cost may be cast for one of its own alternative costs
    (``rules.costs.alternative_costs``, whose condition holds now), with its additional costs, increases and
    reductions (118.9d). ``usual``: the answer for its mana cost; a "no" keeps its reasons and adds each
    alternative's."""
    if usual.value is True:
        return usual
    alternatives = alternative_costs(state, player, oid)
    base = [(st, ok) for st, ok in reqs if st.rules != ("118.6",)]
    obj = state.obj(oid)
    # 702.96a-b: cast for its overload cost, the spell's text reads "each" for "target": it has no targets, so its
    # own text's targets do not forbid that way (``objects.Face.overloaded``)
    overload = not obj.overloaded and any(w.arg("keyword") == "Overload" for _, w, _, _ in alternatives)
    if not alternatives or (not all(ok for _, ok in base) and not overload):
        return usual            # no alternative, or timing or targets forbid casting it whatever it costs
    why = list(usual.why)
    for k, word, available, because in alternatives:
        if word.arg("keyword") == BESTOW:
            continue        # 702.103a-b: cast bestowed it is an Aura spell, another spell (``can_cast_bestowed``)
        st_k, base_k = state, base
        if word.arg("keyword") == "Overload" and not obj.overloaded:
            st_k = state.with_object(replace(obj, overloaded=True))
            base_k = [(st, ok) for st, ok in _spell_requirements(st_k, oid, player) if st.rules != ("118.6",)]
        if not all(ok for _, ok in base_k):
            continue            # its timing forbids it whatever it costs: the reasons are the usual answer's
        said = (f"pay its evoke cost {word.arg('cost')} (702.74a)" if word.arg("keyword") == "Evoke" else
                f"pay its overload cost {word.arg('cost')} (702.96a)" if word.arg("keyword") == "Overload" else
                f"pay its surge cost {word.arg('cost')} (702.117a)" if word.arg("keyword") == "Surge" else
                f"{word.arg('cost')[0].lower()}{word.arg('cost')[1:]}") + " rather than pay its mana cost"
        if available is None:
            raise Unsupported(f"{obj.name} may be cast for its surge cost (702.117a) only if {player} cast another "
                              f"spell this turn: {because}")
        if not available and word.arg("keyword") == "Surge":
            why.append(step("702.117a", f"{player} may {said} only if they cast another spell this turn; {because}"))
            continue
        if not available:
            why.append(step("118.9", f"{player} may {said} only if they control {word.arg('if_control')[:-len(' you control')]}; "
                                     f"{because}"))
            continue
        if x and any(s.kind == "x" for s in (obj.printed.mana_cost or ())):
            why.append(step("107.3b", f"paying {obj.name}'s alternative cost, the only legal value of X is 0, not {x}"))
            continue
        cost = total_cost(st_k, player, oid, x=x, alternative=k)
        rules = ("118.9", "601.2b") + (("702.96a", "702.96b") if st_k is not state else ()) \
            + (("702.117a",) if word.arg("keyword") == "Surge" else ())
        lead = tuple(st for st, _ in base_k) + (step(rules, f"{player} announces that they {said}"
                                                     + (f" ({because})" if because else "")),)
        ans = can_pay(st_k, player, cost, all_ways, extra=base_k, lead=lead)
        if ans.value is True:
            witness = dict(ans.witness) if isinstance(ans.witness, dict) else {"plan": ans.witness}
            return Answer(True, ans.why, {"alternative": k, **witness})
        why += [step(r.rules, f"paying its alternative cost ({said}): {r.text}") for r in ans.why]
    return Answer(False, tuple(why))


def can_cast_bestowed(state: GameState, oid: str, player: str, x: int = 0, all_ways: bool = False,
                      pay: bool = True) -> Answer:
    """702.103a-b, 702.103d: could ``player`` cast the card ``oid`` in their hand bestowed now: as an Aura spell
    with enchant creature (``rules.characteristics.bestowed_characteristics``), its timing, what may forbid it
    (101.2) and its costs those of that Aura spell (702.103d: only its characteristics as bestow modifies them
    are evaluated), a legal creature target (303.4a, 601.2c), paying its bestow cost rather than its mana cost
    (118.9, with the increases and reductions that apply to that spell, 601.2f). ``pay`` False: all but the
    payment (the engine pays as it casts)."""
    obj = state.obj(oid)
    k = bestow_index(current(state, oid).abilities)
    bst = state.with_object(replace(obj, bestowed=True))
    _own_text_guard(bst, oid)
    require_modelled(bst, (Scope.CASTING,), "spells are cast")
    if without_mana_cost(bst, oid, player) is not None:
        raise Unsupported(f"{obj.name} may be cast without paying its mana cost and bestowed: combining the two "
                          "alternative costs is not allowed (118.9a), choosing between them is not modelled")
    restricted = forbidden(bst, oid, player)
    if restricted is not None:
        return restricted
    word = alternative_costs(bst, player, oid)[k - 1][1]
    lead = step(("702.103a", "702.103b", "118.9"), f"{player} casts {obj.name} bestowed, paying its bestow cost "
                                                    f"{word.arg('cost')} rather than its mana cost: it is an Aura "
                                                    "spell with enchant creature")
    reqs = [(lead, True)] + cast_timing(bst, oid, player) + \
        target_requirements(bst, [enchant_spec(bst, oid)], player, oid)
    if x:
        reqs.append((step("107.3b", f"cast bestowed, {obj.name}'s cost has no X: the only legal value of X is 0, not "
                                    f"{x}"), False))
    if not pay:
        return decide_requirements(reqs)
    base = decide_requirements(reqs)
    if base.value is not True:
        return base
    cost = total_cost(bst, player, oid, x=x, alternative=k)
    ans = can_pay(bst, player, cost, all_ways, extra=reqs[1:], lead=tuple(st for st, _ in reqs))
    if ans.value is True:
        witness = dict(ans.witness) if isinstance(ans.witness, dict) else {"plan": ans.witness}
        return Answer(True, ans.why, {"alternative": k, **witness})
    return ans


def _play_land(state: GameState, oid: str, player: str) -> Answer:
    """305.1-2: a land is played (a special action), not cast."""
    if state.player(player).lands_played >= 1:
        require_modelled(state, (Scope.LAND_PLAYS,), "a land is played", kinds=("static", "triggered", "activated"))
    reqs = land_play_timing(state, player)
    failing = [st for st, ok in reqs if not ok]
    if failing:
        return Answer(False, (failing[0],))
    return Answer(True, tuple(st for st, _ in reqs) + (step("305.1", f"{player} plays {state.obj(oid).name}"),),
                  witness={"play": oid})


def decide_requirements(reqs: list[Requirement]) -> Answer:
    """An answer from known facts alone: yes when all hold, else one minimal set of the failing ones. Each
    requirement is a constant, so there is nothing for a solver to choose: any one failing requirement is a
    minimal set of reasons (the first is given)."""
    failing = [st for st, ok in reqs if not ok]
    if not failing:
        return Answer(True, tuple(st for st, _ in reqs))
    return Answer(False, (failing[0],))

