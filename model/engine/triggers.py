"""Triggered abilities (CR 603): which abilities an event triggers, and putting them on the stack.

Trigger conditions are compiled from the ability's words by the phrase grammar (``trigger_condition``,
``vocab.abilities.TriggerEvent``): an object's own events ("When this ... enters", "dies", "leaves the
battlefield", "transforms into ..."), other permanents' ("Whenever another creature you control dies"), casting
("Whenever you cast an instant or sorcery spell") and the beginning of its controller's upkeep or end step; for
an unmodelled triggered ability the words before the first comma are read the same way. A triggered ability whose
condition is not recognized could trigger on anything: when any event happens while it exists, the answer is
unsupported, naming it. A recognized but unmodelled ability whose event happens is unsupported too.
"""
from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Iterator, Mapping
from math import factorial, prod

from mtgjudge.model.objects import undefined_card
from mtgjudge.model.vocab.keyword_triggers import keyword_trigger
from mtgjudge.model.vocab.abilities import ATTACHED_SUBJECTS, Ability, TriggerEvent
from mtgjudge.model.rules.layers import APPLIERS, PARTS, compute_all, current
from mtgjudge.model.rules.guards import colors_off_battlefield, guard_scope
from mtgjudge.model.errors import Illegal, SearchBound, Unsupported
from mtgjudge.model.engine.targeting import choose_targets, division_possible
from mtgjudge.model.rules.targets import is_legal_target, specs_of
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.rules.combat.declare import defending_player
from mtgjudge.model.rules.characteristics import matches, printed_characteristics
from mtgjudge.model.words.modes import perform as modes
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge, name_of, reduced, whole_stack_resolves
from mtgjudge.model.engine import intervening
from mtgjudge.model.engine.zones import gone_marker
from mtgjudge.model.rules import this_turn
from mtgjudge.model.words.evolve import record as evolve_record
from mtgjudge.model.words.cipher import record as cipher_record
from mtgjudge.model.words.counters.record import SUBJECT_WORDS
from mtgjudge.model.words.suspend import record as suspend
from mtgjudge.model.state import EffectInForce, PendingTrigger, PTChange, StackAbility

#: Branches built while putting simultaneous triggers on the stack, before equal ones merge (MAX_BRANCHES after).
_RAW_BOUND = 10 * MAX_BRANCHES



def trigger_of(a: Ability) -> TriggerEvent | None:
    """The trigger condition of a triggered ability (603.2) as the engine reads it, read as its card was compiled:
    its trigger event, else the event its condition words name (``Ability.watched``, also for an unmodelled
    triggered ability; its card's name read as itself); None if not recognized."""
    if a.kind == "triggered" or (a.kind == "unmodelled" and a.unmodelled_kind == "triggered"):
        return a.trigger_event if a.trigger_event is not None else a.watched
    return None


def condition(a: Ability) -> str | None:
    """The object's own recognized event ("enters", "dies", "transforms", ...) of a triggered ability whose
    condition is about the object itself; else None."""
    t = trigger_of(a)
    return t.event if t is not None and t.who == "self" else None


def is_triggered(a: Ability) -> bool:
    return a.kind == "triggered" or (a.kind == "unmodelled" and a.unmodelled_kind == "triggered")


def abilities_of(obj) -> tuple[Ability, ...]:
    """The printed abilities of an object off the battlefield; a face-down one has none (708.2)."""
    return obj.printed.abilities if not obj.face_down else ()


#: Combat events (508.1m, 509.1i, 510.3a): attackers declared ("attacks", "attacks_alone": the only creature
#: declared as an attacker, 506.5; "attacks_most_life": it attacks a player with the most life or tied for most life
#: then, 702.105a), blockers declared ("blocks" once for each blocker, 509.3a; "becomes_blocked"
#: once for each attacker blocked, 509.3c; "blocks_creature" once for each attacker a blocker blocks, 509.3b;
#: "blocked_by_creature" once for each blocker of an attacker, 509.3d) and combat damage dealt to a player
#: ("combat_damage_player", 510.2), once for each creature a source dealt combat damage ("combat_damage_creature",
#: 510.2: its "that creature" is the creature dealt the damage); and any combat damage a source deals ("deals_damage", once for all of it, its
#: amount kept for "that much": noncombat damage from a source with such an ability is unsupported,
#: ``kernel.damage``);
#: ``combat``: a condition naming combat events only that the grammar does not read (``vocab.combat_triggers``),
#: which any of them could meet. ``engine.declaring`` and ``engine.combat_damage`` ask ``triggered_by_combat``.
COMBAT_EVENTS = frozenset({"attacks", "attacks_alone", "attacks_most_life", "blocks", "becomes_blocked", "blocks_creature",
                           "blocked_by_creature", "combat_damage_player", "combat_damage_creature", "deals_damage",
                           "dealt_damage", "combat"})

#: Recognized events that only the beginning of a step brings (503.1a, 513.1a), that only combat brings, asked
#: where they happen (``COMBAT_EVENTS``), that happen only where they are asked (702.29c: "When you cycle ~", asked
#: as the card is cycled, ``words.cycling.perform.cycled``), or that the engine never performs (702.55c: no card
#: haunts a creature, Haunt's trigger being unmodelled; 702.37e: no permanent is turned face up): an ability off
#: the battlefield that triggers on one of them can't trigger on any other event (603.2), so only a step's
#: beginning (or combat) asks.
_STEP_OR_NEVER = frozenset({"upkeep", "draw", "end", "cycles", "haunted_dies", "turned_face_up"}) | COMBAT_EVENTS


#: Zone changes and casting: ``triggered_by_moves`` and ``triggered_by_cast`` watch the objects off the
#: battlefield whose unread text may trigger on them (``_off_watchers``), so the general guard need not.
_WATCHED_OFF = frozenset({"enters", "dies", "leaves", "cast", "cast_targeting"})


def _watched_off(t: TriggerEvent) -> bool:
    return t.event in _WATCHED_OFF and (not t.also or t.also in _WATCHED_OFF)


def _off_watchers(game: Game, extra=()) -> list:
    """Objects off the battlefield (and ``extra``: objects as they were before a zone change) with an unmodelled
    triggered ability that may function where they are (113.6): if its event happens, it may trigger, and the
    answer is unsupported (``_trigger``), naming it. Off the battlefield only unmodelled text is watched."""
    return [o for o in tuple(game.state.objects) + tuple(extra) if o.zone != "battlefield"
            and any(is_triggered(a) and _watches(o, a) for a in abilities_of(o))]


def _performed_off(w, a: Ability) -> bool:
    """Is ``a`` a triggered ability of ``w`` off the battlefield that the engine performs there: suspend's two, of
    a card in exile (702.62a, ``words.suspend``)?"""
    return w.zone == "exile" and suspend.is_suspend_trigger(a)


def _watches(w, a: Ability) -> bool:
    """Does ``a``, an ability of ``w``, watch events now? An ability that functions only in some zones (113.6m:
    "return ~ from your graveyard ...") only there; any other ability of a permanent; off the battlefield, only
    unmodelled triggered text that may function there (``_off_watchers``)."""
    if a.kind != "unmodelled" and a.zones:
        return w.zone in a.zones
    return w.zone == "battlefield" or (a.kind == "unmodelled" and a.functions_in(w.zone))


def _only_at_steps(t: TriggerEvent) -> bool:
    """Does ``t`` trigger only as a step begins, in combat, or never in the engine's games (``_STEP_OR_NEVER``)?"""
    return t.event in _STEP_OR_NEVER and (not t.also or t.also in _STEP_OR_NEVER)


def watched_trigger(a: Ability) -> bool:
    """Is ``a`` a triggered ability whose recognized condition only the beginning of a step meets (503.1a,
    513.1a), an event the engine never performs (``_STEP_OR_NEVER``), or a zone change or a cast, which the
    engine watches for off the battlefield too (``_off_watchers``)? Then it can only trigger on that event,
    where it is asked about (603.2)."""
    t = trigger_of(a) if is_triggered(a) else None
    return t is not None and (_only_at_steps(t) or _watched_off(t))


def guard_unrecognized(game: Game, what: str, extra=(), step: str = "") -> None:
    """Any event: a triggered ability whose condition is not recognized could trigger on it. ``step``: the event
    is the beginning of that step (``engine.turn``), which an ability off the battlefield that triggers at the
    beginning of that step could trigger on."""
    for o in tuple(game.state.objects) + tuple(extra):
        for a in abilities_of(o):
            if not is_triggered(a) or a.mana_trigger is not None:
                continue
            t = trigger_of(a)
            if t is None:
                raise Unsupported(f"{o.name} ({o.id}) has a triggered ability the engine cannot read the trigger of, "
                                  f"and {what} could trigger it: {a.text()!r}")
            # 113.6: text that says so functions outside the battlefield; the engine watches only permanents for
            # other objects' events, casting and steps, so such text there is unsupported.
            if (t.who != "self" and o.zone != "battlefield" and _watches(o, a) and not _performed_off(o, a)
                    and not (_only_at_steps(t) and not t.on(step)) and not _watched_off(t)):
                raise Unsupported(f"{o.name} ({o.id}) has a triggered ability that may function in the {o.zone}, "
                                  f"and {what} could trigger it: {a.text()!r}")
        if not o.card.modelled and o.zone in ("battlefield", "stack"):
            raise Unsupported(f"{undefined_card(o.card.name, o.id)}; its text could apply when {what}")


def condition_rules(a: Ability) -> tuple[str, ...]:
    """The rules by which its trigger condition was met, beyond 603.2, cited as the ability goes on the stack: 603.10a
    for "a creature dealt damage by ~ this turn dies" (what the turn's history says of it)."""
    return ("603.10a",) if a.trigger_event is not None and a.trigger_event.dealt_damage_by_self else ()


def _fits(t: TriggerEvent, watcher, moving, ch, left_as: str | None = None) -> bool:
    """Does the zone change of ``moving`` (characteristics ``ch``) meet ``t``, an ability of ``watcher``? ``left_as``:
    what the objects that referred to ``moving`` refer to once it left the battlefield (``zones.gone_marker``)."""
    itself = watcher.id == moving.id
    if t.dealt_damage_by_self:
        # decided by the turn's history (``triggered_by_moves``), which this object-only check does not read
        raise Unsupported(f"{watcher.name}'s trigger condition reads what dealt damage this turn: not decided here")
    if t.who == "self":
        return itself
    if t.who in ATTACHED_SUBJECTS:
        # 603.2: "enchanted creature" / "equipped creature": what the watcher is attached to (as the event happens;
        # a watcher that left with it as it last existed, 603.10a)
        return watcher.attached_to is not None and watcher.attached_to in (moving.id, left_as)
    if itself and t.who == "self_or_other":
        return True
    if itself and t.who == "other":
        return False
    if t.what is None:
        raise Unsupported(f"what {watcher.name}'s trigger condition watches for is not known to the engine")
    return any(matches(sel, ch, moving, watcher.controller, watcher) for sel in t.what.objects)


def _has_keyword(ch, name: str) -> bool:
    """Has an object (characteristics ``ch``) the keyword ``name``, as a keyword ability or as the triggered
    ability a keyword means (``keyword_triggers.MEANINGS``: flanking, 702.25a)?"""
    return any((a.keyword or "").partition(" ")[0] == name for a in ch.abilities)


def _trigger(game: Game, watcher, index: int, a: Ability, what: str, moves: int, lki=None,
             subject: str | None = None) -> PendingTrigger | None:
    """The ability ``index`` of ``watcher`` triggers: it waits to be put on the stack (603.3); an unmodelled one
    is unsupported, naming it; one whose controller left the game does not trigger (800.4d). ``subject``: the
    object the zone change was about (evolve's "that creature", 702.100a)."""
    if a.kind == "unmodelled":
        raise Unsupported(f"{watcher.name} ({watcher.id}): {what} triggers its ability, which is not modelled: "
                          f"{a.source_text!r}")
    if watcher.zone != "battlefield" and not _performed_off(watcher, a):
        # 113.6m: it functions in the zone its effect moves the object out of; a triggered ability of a card
        # there (its controller is the card's owner, 108.4a) is not performed by the engine
        raise Unsupported(f"{watcher.name} ({watcher.id}) in the {watcher.zone}: {what} triggers its ability, which "
                          f"functions there (113.6m) and is not performed from there: {a.text()!r}")
    if watcher.controller in game.left:
        return None
    # 603.4: an intervening "if" false as the event occurs: it doesn't trigger. The source's own history ("if it
    # was kicked", "if you cast it from your hand": ``words.kicker.perform``) can't change before it resolves; a count
    # ("if you control another Elf": ``engine.intervening``) is checked again as it resolves.
    if a.intervening == evolve_record.INTERVENING:
        # 702.100a: the creature that entered compared with this one now; remembered for the check on resolution
        if subject is None or not intervening.evolves(game, watcher.id, subject):
            return None
        return PendingTrigger(watcher.id, index, watcher.controller, moves, lki, subject=subject,
                              subject_moves=game.moved(subject))
    if a.intervening and not intervening.source_holds(game, a.intervening, watcher, moves):
        return None
    if not intervening.holds(game, a, watcher.controller, watcher.id, game.moved(watcher.id)):
        return None
    if subject is not None and any(e.kind in SUBJECT_WORDS for e in a.effects):
        # 702.58a: an instruction about "that creature", the one whose entering triggered it
        return PendingTrigger(watcher.id, index, watcher.controller, moves, lki, subject=subject,
                              subject_moves=game.moved(subject))
    return PendingTrigger(watcher.id, index, watcher.controller, moves, lki)


def triggered_by_moves(game: Game, moved: list) -> list[PendingTrigger]:
    """The abilities simultaneous zone changes (lki, from, to) trigger (603.2). Enters abilities look at the
    permanents on the battlefield after the event, those that entered with it included (603.6a, 603.10);
    leaves-the-battlefield abilities ("dies": to a graveyard from the battlefield, 700.4) look back in time:
    the permanents on the battlefield before the event, those that left with it included, as they last
    existed (603.10a). What a leaving object was is read from its printed characteristics, and only while
    nothing could have changed them (``_last_known``)."""
    out: list[PendingTrigger] = []
    left = [lki for lki, before, after in moved if before == "battlefield" and after != "battlefield"]
    left_ids = {o.id for o in left}
    now = [o for o in game.state.battlefield() if o.id not in left_ids]
    # 113.6: text off the battlefield that may function there watches too (unmodelled: unsupported if it triggers)
    off = _off_watchers(game, [lki for lki, before, _ in moved if before != "battlefield"])
    # only a watcher's own printed triggered abilities are read below: those without any are left out at once
    now, left_watching = [w for w in now if _triggers(w)], [w for w in left if _triggers(w)]
    off = [w for w in off if _triggers(w)]
    before_key = _before_key(moved)
    known_abilities: dict[tuple[bool, str, str], tuple[Ability, ...] | None] = {}
    for lki, before, after in moved:
        events = []
        if after == "battlefield" and before != "battlefield" and game.state.has(lki.id):
            events.append(("enters", game.state.obj(lki.id), now))
        if before == "battlefield" and after != "battlefield":
            events.append(("leaves", lki, now + left_watching))
            if after == "graveyard":
                events.append(("dies", lki, now + left_watching))     # any permanent (700.4)
        for event, obj, watchers in events:
            ch = current(game.state, obj.id) if event == "enters" else None
            for w in watchers + off:
                gone = w.id in left_ids
                # 603.6a, 603.10: enters abilities are those the permanents have just after the event, continuous
                # effects applied (a nonbasic land entering under Blood Moon has lost its "When ~ enters" ability:
                # Blood Moon's ruling 2018-03-16); leaves abilities those they had just before it (603.10a)
                seen = (event == "enters", w.id, w.zone)     # (the same for every object that moves)
                if seen not in known_abilities:
                    known_abilities[seen] = None if w.zone != "battlefield" else \
                        _now_has(game, w) if event == "enters" else _had(game, moved, w, before_key)
                has = known_abilities[seen]
                for i, a in enumerate(abilities_of(w), 1):
                    t = trigger_of(a) if is_triggered(a) else None
                    if t is None or not t.on(event) or not _watches(w, a) or (has is not None and a not in has):
                        continue
                    if ch is None and t.who != "self":
                        ch = _last_known(game, obj, left)
                    moves = game.moved(w.id) - (1 if gone else 0)
                    # 700.4: "dies" is "is put into a graveyard from the battlefield", of any permanent: what it
                    # must be is the trigger's own filter ("a creature", "a land"), matched by ``_fits``.
                    if not _fits(replace(t, dealt_damage_by_self=False), w, obj, ch,
                                 None if event == "enters" else gone_marker(obj.id, game.moved(obj.id) - 1)):
                        continue
                    # 603.10a: "a creature dealt damage by ~ this turn dies": the turn's history, of the object as it
                    # was on the battlefield and of this watcher as it is (400.7); read only of what the filter fits
                    if t.dealt_damage_by_self and not this_turn.dealt_damage_by(
                            game.state, game.initial, obj.id, game.moved(obj.id) - 1, w.id, moves,
                            f"{w.name}'s {a.text()!r} (603.10a)"):
                        continue
                    p = _trigger(game, w, i, a, f"{obj.name} ({obj.id}) {event}", moves, w if gone else None,
                                 obj.id if event == "enters" else None)
                    if p is not None:
                        out.append(p)
    return out


def _triggers(w) -> bool:
    """Has ``w`` a triggered ability of its own (``abilities_of``)?"""
    return any(is_triggered(a) for a in abilities_of(w))


def _before_key(moved: list) -> tuple:
    """What names the battlefield as it was before the zone changes ``moved`` in a state's cache (``_had``)."""
    return ("before", tuple((m[0].id, m[1], m[2]) for m in moved))


def _now_has(game: Game, w) -> tuple[Ability, ...]:
    """The abilities the permanent ``w`` has now, the layers applied (613.1f; 613.1d: land types remove the
    others, 305.7)."""
    return current(game.state, w.id).abilities


def _had(game: Game, moved: list, w, key: tuple | None = None) -> tuple[Ability, ...] | None:
    """The abilities the permanent ``w`` had just before the zone changes ``moved`` (603.10a: the game looks back
    in time), the layers applied to the battlefield as it was: those that left back on it, those that entered
    not yet there. None if ``w`` was not on the battlefield then. ``key``: ``_before_key(moved)``, when the
    caller has it."""
    key = key or _before_key(moved)
    st = game.state
    chars = st._cache.get(key)
    if chars is None:
        # the permanents are the objects on the battlefield (``GameState.battlefield``): those are set back
        objects = {o.id: o for o in st.objects}
        for lki, was, now in moved:
            if was == "battlefield" and now != "battlefield":
                objects[lki.id] = lki
            elif now == "battlefield" and was != "battlefield":
                objects.pop(lki.id, None)
        chars = compute_all(st.evolve(objects=tuple(objects.values())))
        st._cache[key] = chars
    ch = chars.get(w.id)
    return ch.abilities if ch is not None else None


def _last_known(game: Game, lki, left: list):
    """The characteristics of an object that left the battlefield as it last existed there (603.10a): its
    printed ones, which is sound only while nothing that could have changed them (types, colors: layers 4-5,
    or text the engine cannot model) was on the battlefield with it."""
    guard_scope(game.state, "characteristics", f"what {lki.name} ({lki.id}) was as it left the battlefield matters")
    for o in list(game.state.battlefield()) + list(left):
        for a in abilities_of(o):
            if a.kind == "static" and a.static is not None and (APPLIERS.get(a.static.kind, (9,))[0] <= 5
                                                                or a.static.kind in PARTS):
                raise Unsupported(f"{o.name} ({o.id}) may have changed what {lki.name} ({lki.id}) was as it left "
                                  "the battlefield: last known characteristics (603.10a) under such effects are "
                                  "not modelled")
    # resolved effects that changed what a permanent is (``words.becomes``: its types, abilities, base power and
    # toughness) may have changed it too
    if any(c.types or c.creature_types or c.all_creature_types or c.loses_all or c.base is not None
           for c in game.state.in_force(PTChange)):
        raise Unsupported(f"an effect that changed what a permanent is may have changed what {lki.name} ({lki.id}) "
                          "was as it left the battlefield: last known characteristics (603.10a) are not modelled then")
    if game.state.in_force(EffectInForce):
        raise Unsupported(f"an effect in force may have changed what {lki.name} ({lki.id}) was as it left the "
                          "battlefield: last known characteristics (603.10a) are not modelled then")
    return printed_characteristics(lki)


def triggered_by_move(game: Game, lki, after_zone: str, before_zone: str) -> list[PendingTrigger]:
    """The abilities one object's zone change triggers (``triggered_by_moves`` of that one change)."""
    return triggered_by_moves(game, [(lki, before_zone, after_zone)])


def triggered_by_cast(game: Game, spell: str, caster: str) -> list[PendingTrigger]:
    """603.2e, 601.2i: "Whenever you cast a [kind] spell" and "Whenever you cast a spell that targets ~" (heroic)
    trigger once the spell becomes cast."""
    st = game.state
    o, ch = st.obj(spell), current(st, spell)
    if o.zone != "battlefield":
        ch = replace(ch, colors_unknown=colors_off_battlefield(st))     # a spell's colors (Celestial Dawn)
    out = []
    if o.zone == "stack":
        # "When you cast this spell" (cascade, 702.85a): the spell's own ability, functioning on the stack
        for i, a in enumerate(abilities_of(o), 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is None or t.event != "cast" or t.who != "self":
                continue
            if a.kind == "unmodelled":
                raise Unsupported(f"{o.name} ({spell}) is cast: its own ability triggers, which is not modelled: "
                                  f"{a.source_text!r}")
            if a.intervening and not intervening.source_holds(game, a.intervening, o, game.moved(spell)):
                continue        # 603.4: "if a replicate cost was paid for it" (702.56a) false: it doesn't trigger
            if _watches(o, a):
                out.append(PendingTrigger(spell, i, caster, game.moved(spell)))
    for w in list(st.battlefield()) + _off_watchers(game):
        for i, a in enumerate(abilities_of(w), 1):
            t = trigger_of(a) if is_triggered(a) else None
            # "you" of an object off the battlefield and the stack is its owner (109.5)
            you = w.controller if w.zone in ("battlefield", "stack") else w.owner
            if t is None or not (t.on("cast") or t.on("cast_targeting")) or you != caster or not _watches(w, a) \
                    or (t.on("cast") and t.who == "self"):
                continue
            if t.on("cast_targeting"):
                # heroic: once for the spell however many of its targets the object is (its ruling 2013-09-15);
                # a permanent is targeted as itself (400.7: the same object since it was chosen, 601.2c)
                if w.id in o.targets:
                    p = _trigger(game, w, i, a, f"{o.name} ({spell}) is cast targeting {w.name} ({w.id})",
                                 game.moved(w.id))
                    if p is not None:
                        out.append(p)
                continue
            if t.what is None:
                raise Unsupported(f"what spell {w.name}'s trigger condition watches for is not known to the engine")
            if any(matches(sel, ch, o, w.controller, w) for sel in t.what.objects):
                p = _trigger(game, w, i, a, f"{o.name} ({spell}) is cast", game.moved(w.id))
                if p is not None:
                    out.append(p)
    return out


def triggered_by_targeting(game: Game, targets: tuple[str, ...], what: str) -> list[PendingTrigger]:
    """601.2c, 602.2b: the objects chosen as the targets ``targets`` of ``what`` (a spell being cast, an ability
    being activated) become its targets: "When ~ becomes the target of a spell or ability" triggers, waiting to be
    put on the stack until the spell is cast or the ability activated (603.3). Unsupported: an object chosen for
    more than one use of "target" (whether it triggers once or for each is not modelled), and a condition about
    other objects ("Whenever a creature becomes the target ...")."""
    out = []
    for w in list(game.state.battlefield()) + _off_watchers(game):
        if w.zone == "battlefield" and w.id in targets:
            printed = abilities_of(w)
            for a in _now_has(game, w):
                # an ability an effect gave (Makeshift Mannequin's "When this creature becomes the target ...")
                if a not in printed and is_triggered(a) and ((t := trigger_of(a)) is None
                                                             or t.on("becomes_target")):
                    raise Unsupported(f"{w.name} ({w.id}) has a triggered ability an effect gave it, and it becomes "
                                      f"the target of {what}: granted triggered abilities are not performed by the "
                                      f"engine: {a.text()!r}")
        for i, a in enumerate(abilities_of(w), 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is None or not t.on("becomes_target") or not _watches(w, a):
                continue
            if t.who != "self":
                if targets:
                    raise Unsupported(f"{w.name} ({w.id}) watches other objects becoming targets, and {what} has "
                                      f"targets: not performed by the engine: {a.text()!r}")
                continue
            if w.id not in targets:
                continue
            if targets.count(w.id) > 1:
                raise Unsupported(f"{w.name} ({w.id}) is chosen for more than one use of \"target\" of {what}: "
                                  "how many times its ability triggers is not modelled")
            p = _trigger(game, w, i, a, f"{w.name} ({w.id}) becoming the target of {what}", game.moved(w.id))
            if p is not None:
                out.append(p)
    return out


def targeting_triggered(game: Game, new: list[PendingTrigger], what: str, rule: str = "601.2c") -> Game:
    """The abilities ``new`` that objects becoming the targets of ``what`` triggered (``triggered_by_targeting``,
    asked as the targets were chosen, before the costs were paid: 601.2c, 602.2b) wait to be put on the stack
    (603.3) once it is cast or activated."""
    if not new:
        return game
    return game.remember(pending=game.pending + tuple(new)).log(
        (rule, "603.2"), ", ".join(f"{name_of(game.state, p.source)} became the target of {what}: its ability "
                                   "triggered" for p in new))


def guard_targeting(game: Game, targets: tuple[str, ...], what: str) -> None:
    """Targets chosen where the engine does not perform "becomes the target" triggers (a triggered ability put on
    the stack, 603.3d; a copy's targets, 707.10c): unsupported if one of them has such an ability."""
    for w in game.state.battlefield():
        if any(is_triggered(a) and (t := trigger_of(a)) is not None and t.on("becomes_target")
               and (t.who != "self" or w.id in targets) for a in abilities_of(w) + _now_has(game, w)):
            raise Unsupported(f"{w.name} ({w.id}) has an ability that triggers when it becomes a target, and {what} "
                              "has targets: not performed there by the engine")


def cast_triggered(game: Game, spell: str, caster: str) -> Game:
    """The abilities casting ``spell`` triggers (``triggered_by_cast``) wait to be put on the stack (603.3), each
    said with the rule by which it triggers (603.2e; a keyword's meaning, 702.108a: prowess)."""
    new = tuple(triggered_by_cast(game, spell, caster))
    if not new:
        return game
    keyword = [keyword_trigger(ability_of(game, p.source, p.index).source_text) for p in new]
    rules = ("601.2i", "603.2e") + tuple(dict.fromkeys(k[0] for k in keyword if k))
    return game.remember(pending=game.pending + new).log(rules, f"{game.state.obj(spell).name} ({spell}) is cast: "
                                                         + ", ".join(f"the ability of {p.source} triggers" for p in new))


def triggered_at_step(game: Game, step: str) -> list[PendingTrigger]:
    """503.1a, 513.1a: "At the beginning of your upkeep / end step" triggers as that step of its controller's
    turn begins; "of each (player's) upkeep / end step" as that step of every turn begins; "of each opponent's
    upkeep" as that step of its controller's opponents' turns begins; of those two, the active player is the one
    their "that player" names."""
    st = game.state
    out = []
    for w in list(st.battlefield()) + _off_watchers(game):
        for i, a in enumerate(abilities_of(w), 1):
            t = trigger_of(a) if is_triggered(a) else None
            # "your" of an object off the battlefield and the stack is its owner's (109.5)
            mine = (w.controller if w.zone in ("battlefield", "stack") else w.owner) == st.turn.active
            if t is not None and t.on(step) and _watches(w, a) and \
                    (t.who == "each" or (not mine if t.who == "opponent" else mine)):
                p = _trigger(game, w, i, a, f"the beginning of the {step} step", game.moved(w.id))
                if p is not None:
                    # "that player" of "each player's upkeep": the player whose turn it is (503.1a)
                    out.append(replace(p, player=st.turn.active) if t.who in ("each", "opponent") else p)
    return out


#: What each combat event says of its object, for the log.
_COMBAT_WORDS = {"attacks": "attacks", "attacks_alone": "attacks alone", "blocks": "blocks",
                 "attacks_most_life": "attacks {other}, a player with the most life or tied for most life",
                 "deals_damage": "deals combat damage", "dealt_damage": "is dealt combat damage",
                 "becomes_blocked": "becomes blocked", "blocks_creature": "blocks {other}",
                 "blocked_by_creature": "becomes blocked by {other}", "combat_damage_player": "deals combat damage to {other}",
                 "combat_damage_creature": "deals combat damage to {other}"}
#: The events about one creature and another, whose "that creature" is the other one (``vocab.combat_triggers``).
_OTHER_SUBJECT = frozenset({"blocks_creature", "blocked_by_creature", "combat_damage_creature"})


def triggered_by_combat(game: Game, events: list[tuple[str, str, str | None]],
                        what: str, amounts: Mapping[tuple[str, str], int] | None = None) -> list[PendingTrigger]:
    """The abilities simultaneous combat events trigger (508.1m, 509.1i, 510.3a): ``events`` are (event, the
    object it is about, the player dealt damage or the other creature or None), ``COMBAT_EVENTS``. A condition about another object
    ("a creature you control attacks") is matched against that object's characteristics now, as it is declared
    or deals the damage (508.2a, 509.3f); the abilities are those the watcher has now (613.1f). Each triggered
    ability remembers the object its event is about (``PendingTrigger.subject``: exalted's "that creature",
    702.83a). A combat condition the engine does not read (``combat``) could be met by any combat event: the
    answer is unsupported, naming it; so is a triggered ability an effect gave (only printed ones are read).
    ``amounts``: the combat damage each source dealt and each permanent was dealt, by (event, object):
    ("deals_damage", source), ("dealt_damage", permanent) ("that much", 603.2)."""
    return [p for p, _ in _combat_triggers(game, events, what, amounts)]


#: The rule by which each combat event triggers an ability (its reasons cite it).
_COMBAT_RULES = {"attacks": "508.3a", "attacks_alone": "506.5", "attacks_most_life": "508.3a", "blocks": "509.3a", "becomes_blocked": "509.3c",
                 "blocks_creature": "509.3b", "blocked_by_creature": "509.3d", "combat_damage_player": "603.2", "combat_damage_creature": "603.2",
                 "deals_damage": "603.2", "dealt_damage": "603.2"}


def _combat_triggers(game: Game, events: list[tuple[str, str, str | None]],
                     what: str, amounts: Mapping[tuple[str, str], int] | None = None
                     ) -> list[tuple[PendingTrigger, str]]:
    """``triggered_by_combat``, each pending trigger with the event that triggered it."""
    st = game.state
    for event, oid, other in events:
        encoded = cipher_record.encoded_cards(st, oid) if event == "combat_damage_player" else ()
        if encoded:
            # 702.99a: the card encoded on it gives it "Whenever this creature deals combat damage to a player, you
            # may copy the encoded card and you may cast the copy without paying its mana cost" (707.12)
            raise Unsupported(f"{st.obj(oid).name} ({oid}) deals combat damage to {other}, and "
                              f"{', '.join(f'{c.name} ({c.id})' for c in encoded)} is encoded on it: its ability "
                              f"{cipher_record.GRANTED!r} (702.99a) triggers, and casting a copy of the encoded card "
                              "(707.12) is not performed by the engine")
    out: list[tuple[PendingTrigger, str]] = []
    for w in list(st.battlefield()) + _off_watchers(game):
        printed = abilities_of(w)
        has = _now_has(game, w) if w.zone == "battlefield" else None
        for a in has or ():
            if a not in printed and (is_triggered(a) or (a.kind == "keyword" and keyword_trigger(a.keyword or ""))):
                raise Unsupported(f"{w.name} ({w.id}) has a triggered ability an effect gave it, and {what}: "
                                  f"granted triggered abilities are not performed by the engine: {a.text()!r}")
        for i, a in enumerate(printed, 1):
            if not is_triggered(a) or a.mana_trigger is not None or not _watches(w, a) or \
                    (has is not None and a not in has):
                continue
            t = trigger_of(a)
            if t is None:
                continue                    # ``guard_unrecognized`` names it
            if t.on("combat"):
                raise Unsupported(f"{w.name} ({w.id}) has an ability that triggers on a combat event the engine "
                                  f"does not read, and {what} (508.1m, 509.1i, 510.3a): {a.text()!r}")
            for event, oid, other in events:
                if not t.on(event):
                    continue
                obj = st.obj(oid)
                if not _fits(t, w, obj, current(st, oid)):
                    continue
                # 702.25a: "a creature without flanking", the blocker as it blocks (509.1i, 603.2)
                if t.without and (other is None or other in st.player_names or
                                  _has_keyword(current(st, other), t.without)):
                    continue
                said = _COMBAT_WORDS[event].format(other=other if other in st.player_names or other is None
                                                   else f"{st.obj(other).name} ({other})")
                p = _trigger(game, w, i, a, f"{obj.name} ({oid}) {said}", game.moved(w.id))
                if p is not None:
                    subject = other if event in _OTHER_SUBJECT else oid
                    assert subject is not None      # an event of two creatures names the other (block_events)
                    amount = (amounts or {}).get((event, oid))
                    out.append((replace(p, subject=subject, subject_moves=game.moved(subject), amount=amount,
                                        player=_event_player(st, event, obj, other)), event))
    return out


#: The events about an attacking creature (the attacker, ``oid``): its defending player is the one its ability's
#: "defending player" names (508.5).
_ATTACKER_EVENTS = frozenset({"attacks", "attacks_alone", "attacks_most_life", "becomes_blocked", "blocked_by_creature"})


def _event_player(st, event: str, obj, other: str | None) -> str | None:
    """The player a combat event is about: the player dealt combat damage ("that player", 510.2); for an event of
    an attacking creature, its defending player (508.5: the player it attacks, or the controller of the
    planeswalker it attacks, as the event happens); None for any other."""
    if event == "combat_damage_player":
        return other
    if event in _ATTACKER_EVENTS and obj.attacking is not None:
        return defending_player(st, obj.attacking)
    return None


def attack_events(decl: Mapping[str, str], lives: Mapping[str, int]) -> list[tuple[str, str, str | None]]:
    """The combat events of declaring these attackers (508.1m): each attacks (508.3a); one alone attacks alone
    (506.5, 702.83b: the only creature declared as an attacker); one attacking a player whose life, of ``lives``
    (the life of each player in the game now), is the most or tied for most attacks that player (702.105a: a
    planeswalker or battle attacked is not its controller, Grenzo's Cutthroat's ruling 2014-05-29)."""
    events: list[tuple[str, str, str | None]] = [("attacks", oid, None) for oid in decl]
    if len(decl) == 1:
        events.append(("attacks_alone", next(iter(decl)), None))
    most = max(lives.values(), default=None)
    events += [("attacks_most_life", oid, d) for oid, d in decl.items() if d in lives and lives[d] == most]
    return events


def block_events(decl: Mapping[str, tuple[str, ...]]) -> list[tuple[str, str, str | None]]:
    """The combat events of declaring these blockers (509.1i): each blocker blocks once however many attackers
    it blocks (509.3a), each attacker blocked becomes blocked once however many creatures block it (509.3c); and
    for each blocker and attacker it blocks, the one "blocks a creature" (509.3b), the other "becomes blocked by
    a creature" (509.3d)."""
    blockers = [b for b, v in decl.items() if v]
    blocked = list(dict.fromkeys(x for v in decl.values() for x in v))
    pairs = [(b, x) for b in blockers for x in dict.fromkeys(decl[b])]
    events: list[tuple[str, str, str | None]] = [("blocks", b, None) for b in blockers]
    return events + [("becomes_blocked", x, None) for x in blocked] + \
        [("blocks_creature", b, x) for b, x in pairs] + [("blocked_by_creature", x, b) for b, x in pairs]


def combat_triggered(game: Game, events: list[tuple[str, str, str | None]], what: str,
                     rule: tuple[str, ...], amounts: Mapping[tuple[str, str], int] | None = None) -> Game:
    """The abilities combat ``events`` trigger (``triggered_by_combat``) wait to be put on the stack (``settle`` puts
    them there, APNAP and in every order, 603.3b); any triggered ability whose condition is not read could
    trigger: unsupported, naming it. ``rule``: the rule by which they trigger (508.1m, 509.1i, 510.3a)."""
    guard_unrecognized(game, what)
    found = _combat_triggers(game, events, what, amounts)
    if not found:
        return game
    new = tuple(p for p, _ in found)
    # the rules of each event, and of a keyword's meaning (702.83a: exalted)
    keyword = [keyword_trigger(ability_of(game, p.source, p.index).source_text) for p in new]
    rules = rule + tuple(dict.fromkeys([_COMBAT_RULES[e] for _, e in found] + [k[0] for k in keyword if k]))
    return game.remember(pending=game.pending + new).log(rules, f"{what}: " + ", ".join(
        f"the ability of {p.source} triggers" + (f" (for {p.subject})" if p.subject != p.source else "")
        for p in new))


def triggered_by_tapping(game: Game, tapped: list[str], what: str) -> Game:
    """603.2e: "Whenever ~ becomes tapped" triggers when the permanent itself changes from untapped to tapped on
    the battlefield, however that happens (a cost, an effect; City of Brass's ruling 2004-10-04), not when it
    enters tapped. ``tapped``: the permanents that just became tapped; the abilities wait to be put on the stack
    (603.3: after a spell is cast or an ability activated, on top of it, as the ruling says).

    The 2004 ruling's "no matter how" could be read to include entering tapped; the newer text, CR 603.2e (2026),
    says a "becomes tapped" ability doesn't trigger for a permanent that enters tapped, and wins: entering
    (``engine.entering``) never calls this."""
    new = []
    for oid in tapped:
        w = game.state.obj(oid)
        for i, a in enumerate(abilities_of(w), 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is not None and t.event == "becomes_tapped" and t.who == "self":
                p = _trigger(game, w, i, a, f"{w.name} ({oid}) becomes tapped ({what})", game.moved(oid))
                if p is not None:
                    new.append(p)
    if not new:
        return game
    return game.remember(pending=game.pending + tuple(new)).log("603.2e", ", ".join(
        f"{p.source}'s ability triggers as it becomes tapped" for p in new))


def explore_triggered(game: Game, oid: str, lki, what: str) -> Game:
    """701.44b: the permanent ``oid`` explored (``lki``: as it last existed on the battlefield, if it has left it,
    701.44c): "Whenever a creature you control explores" of the permanents on the battlefield triggers, the
    explorer seen with its characteristics now (or as it last existed, ``_last_known``). Unsupported: a triggered
    ability an effect gave a permanent whose condition is exploring or is not read (not performed)."""
    st = game.state
    explorer = lki if lki is not None else st.obj(oid)
    ch = None
    new = []
    for w in st.battlefield():
        printed, has = abilities_of(w), _now_has(game, w)
        for a in has:
            if a not in printed and is_triggered(a) and a.mana_trigger is None and (
                    (t := trigger_of(a)) is None or t.on("explores")):
                raise Unsupported(f"{w.name} ({w.id}) has a triggered ability an effect gave it, and {oid} explores: "
                                  f"granted triggered abilities are not performed by the engine: {a.text()!r}")
        for i, a in enumerate(printed, 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is None or not t.on("explores") or a not in has or not _watches(w, a):
                continue
            if ch is None:
                ch = current(st, oid) if lki is None else _last_known(game, lki, [lki])
            if not _fits(t, w, explorer, ch):
                continue
            p = _trigger(game, w, i, a, f"{explorer.name} ({oid}) explores ({what})", game.moved(w.id))
            if p is not None:
                new.append(p)
    if not new:
        return game
    return game.remember(pending=game.pending + tuple(new)).log("701.44b", ", ".join(
        f"{name_of(st, p.source)}'s ability triggers as {explorer.name} explores" for p in new))


def triggered_by_last_counter(game: Game, removed: list[tuple[str, str]], what: str) -> Game:
    """702.63a: "When the last time counter is removed from ~" triggers when counters of its kind are removed from
    the permanent itself and it has none left. ``removed``: (permanent, kind) whose last counters of that kind were
    just removed, however (an effect, ``kernel.objects.remove_counters``; a cost, ``engine.paying``)."""
    new = []
    for oid, kind in removed:
        w = game.state.obj(oid)
        for i, a in enumerate(abilities_of(w), 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is not None and t.event == "last_counter_removed" and t.who == "self" and t.counter == kind:
                p = _trigger(game, w, i, a, f"the last {kind} counter is removed from {w.name} ({oid}) ({what})",
                             game.moved(oid))
                if p is not None:
                    new.append(p)
    if not new:
        return game
    return game.remember(pending=game.pending + tuple(new)).log("702.63a", ", ".join(
        f"{p.source}'s ability triggers as its last counter of the kind is removed" for p in new))


#: State triggers (603.8): conditions on the game state, not on an event (``state_triggered`` checks them).
STATE_EVENTS = frozenset({"control_none"})


def _state_holds(game: Game, t: TriggerEvent, w) -> bool:
    """Does the game state meet the state trigger ``t`` of the permanent ``w`` now (603.8)? ``control_none``: no
    permanent its controller controls is what ``t.what`` names ("other": ``w`` itself not counted), each seen
    with its characteristics now (613: "Islands" are the permanents with that subtype after every layer)."""
    if t.event != "control_none" or t.what is None:
        raise Unsupported(f"{w.name} ({w.id})'s state trigger is not one the engine checks")
    st = game.state
    return not any(matches(sel, current(st, o.id), o, w.controller, w)
                   for o in st.battlefield() for sel in t.what.objects)


def _waiting(game: Game) -> set[tuple[str, int, int]]:
    """The abilities of objects (source, index, the source's zone changes then) that have triggered and not yet
    left the stack: waiting to be put on it (603.3) or on it (603.8: such a state trigger doesn't trigger again)."""
    out = {(p.source, p.index, p.source_moves) for p in game.pending if p.delayed is None}
    return out | {(x.source, x.index, x.source_moves) for x in game.state.stack
                  if isinstance(x, StackAbility) and x.delayed is None}


def state_triggered(game: Game, what: str) -> Game:
    """603.8: the state triggers whose condition the game state matches now trigger, each unless it has
    triggered and not yet left the stack (waiting to be put on it, or on it: ``_waiting``); one that left it
    triggers again if its object is still on the battlefield, the same object (400.7), and the state still matches.
    Asked after every event the engine performs that can change the state (``engine.settle``: each zone change
    and each check of state-based actions, 704.3), so a state met only for a moment during a resolution is seen
    where a zone change made it (603.8's example). Unsupported: a triggered ability an effect gave a permanent
    whose condition is a state, or is not read (the engine performs no granted triggered ability, and one whose
    condition is not read could be a state trigger, met now)."""
    new = []
    waiting: set[tuple[str, int, int]] | None = None
    for w in game.state.battlefield():
        printed = abilities_of(w)
        has = _now_has(game, w)
        for a in has:
            if a not in printed and is_triggered(a) and a.mana_trigger is None and (
                    (t := trigger_of(a)) is None or t.event in STATE_EVENTS):
                raise Unsupported(f"{w.name} ({w.id}) has a triggered ability an effect gave it whose condition may be "
                                  f"met by the game state after {what}: granted triggered abilities are not performed "
                                  f"by the engine: {a.text()!r}")
        for i, a in enumerate(printed, 1):
            t = trigger_of(a) if is_triggered(a) else None
            if t is None or t.event not in STATE_EVENTS or a not in has or not _watches(w, a):
                continue
            if waiting is None:
                waiting = _waiting(game)
            moves = game.moved(w.id)
            if (w.id, i, moves) in waiting or not _state_holds(game, t, w):
                continue
            p = _trigger(game, w, i, a, f"the game state after {what} ({t.render() or a.trigger})", moves)
            if p is not None:
                new.append(p)
    if not new:
        return game
    return game.remember(pending=game.pending + tuple(new)).log("603.8", ", ".join(
        f"{name_of(game.state, p.source)} ({p.source}): the game state matches its state trigger, which triggers"
        for p in new))


def apnap(game: Game) -> list[str]:
    """Players in APNAP order (101.4), those who left skipped."""
    names = [p.name for p in game.state.players]
    a = names.index(game.state.turn.active) if game.state.turn.active in names else 0
    return [n for n in names[a:] + names[:a] if n not in game.left]


def legal_target(game: Game, spec: TargetSpec, chooser: str, source: str, oid: str, player: str | None) -> bool:
    """Is ``oid`` a legal target for ``spec`` now (115.1, 608.2b)? ``player``: "that player" (for each
    opponent); None: any of the controller's opponents."""
    return is_legal_target(game.state, spec, chooser, source, oid, player)


def target_slots(game: Game, ability: Ability, controller: str) -> list[tuple[TargetSpec, str | None, bool]]:
    """The ability's targets: (the use of "target", "that player" or None, optional) for each use of "target"
    its effects name (the uses in the order written: ``Ability.target_specs``)."""
    specs = specs_of(ability)
    named = [e for e in ability.effects if e.arg("target")]
    if len(named) != len(specs) or any(e.arg("target2") for e in ability.effects):
        raise Unsupported(f"which target each effect of {ability.text()!r} acts on is not known to the engine")
    out: list[tuple[TargetSpec, str | None, bool]] = []
    for e, spec in zip(named, specs):
        if e.kind != "exile_until_source_leaves":
            if (spec.minimum, spec.maximum) not in ((1, 1), (0, 1)) or spec.that_player:
                raise Unsupported(f"choosing targets for {e.text()!r}: only one target, or up to one, is performed "
                                  "by the engine for a triggered ability")
            out.append((spec, None, spec.minimum == 0))
            continue
        players = [p for p in apnap(game) if p != controller] if e.arg("for_each") == "opponent" else [None]
        out += [(spec, pl, bool(e.arg("up_to"))) for pl in players]
    return out


def target_choices(game: Game, ability: Ability, controller: str, source: str) -> list[tuple[str, ...]]:
    """Every choice of targets for a triggered ability put on the stack (603.3d, 601.2c): chosen as a spell's
    are (``targeting.choose_targets``: several uses of "target", several objects for one use); none if a
    required target can't be chosen (603.3d: the ability is removed from the stack). An ability exiling "until
    ~ leaves" for each opponent has its own slots (``target_slots``)."""
    if not exiles_until(ability):
        try:
            choices = choose_targets(game, specs_of(ability), controller, source, None, itself_illegal=False)
        except Illegal:
            return []
        for t in choices:
            guard_targeting(game, t, f"the triggered ability of {source}")
        # 601.2d: each target of damage divided among them gets at least 1: no more targets than that
        return [t for t in choices if division_possible(ability, t, None)]
    slots: list[list[str | None]] = []
    for spec, pl, optional in target_slots(game, ability, controller):
        # Objects in the phrase's zone and players (115.1); the legality test is ``rules.targets`` alone.
        # (cards in graveyards: "return target creature card from your graveyard", which graveyards is
        # ``rules.targets``'s test, as for spells)
        candidates = [o.id for o in game.state.battlefield()] if spec.zone == "battlefield" else \
            [x for x in game.state.stack if isinstance(x, str)] if spec.zone == "stack" else \
            [o.id for o in game.state.objects if o.zone == "graveyard"] if spec.zone == "graveyard" else []
        if spec.zone not in ("battlefield", "stack", "graveyard") and spec.objects:
            raise Unsupported(f"choosing \"target {spec.phrase}\" in the {spec.zone} for a triggered ability is not "
                              "performed by the engine yet")
        candidates += list(apnap(game)) if spec.players else []
        opts = [c for c in candidates if legal_target(game, spec, controller, source, c, pl)]
        slots.append(([None] if optional else []) + opts)
    if prod(len(x) for x in slots) > MAX_BRANCHES:
        raise Unsupported(f"more than {MAX_BRANCHES} choices of targets: the search bound was reached")
    out = []
    for combo in itertools.product(*slots):
        out.append(tuple(t for t in combo if t is not None))
        guard_targeting(game, out[-1], f"the triggered ability of {source}")
    return out


def exiles_until(ability: Ability) -> bool:
    """Whether the ability exiles something until its source leaves (610.3): its target is chosen per effect."""
    return any(e.kind == "exile_until_source_leaves" for e in ability.effects)


#: The arguments of an "until end of turn" instruction on "it" (the object the trigger event was about) whose
#: performance reads nothing of its source but the source's name (``words.until.perform.add_until_end_of_turn``:
#: ``origin``): a fixed +N/+N (613.4c), no X, no "for each", no keyword, color, switch, control or rule.
_SOURCE_BLIND_UNTIL = frozenset({"it", "power", "toughness"})


def interchangeable(game: Game, p: PendingTrigger) -> tuple | None:
    """What a pending trigger is as far as its resolution goes, when that does not depend on which object its
    source is (603.3b: two with one value may go on the stack in either order and lead to one state, the
    orders of them counted once: ``distinct_orders``); None when that is not shown, then it is its own kind.

    It is shown for a triggered ability, not delayed (603.7) and with no last known information (603.10a), with
    no modes (700.2b), no targets (its choices of targets could depend on its source: protection, 702.16b), no
    intervening "if" (603.4), whose one instruction is "it gets +N/+N until end of turn" on the object its
    trigger event was about (exalted, 702.83a: ``_SOURCE_BLIND_UNTIL``; no marker, reference or other instruction
    that ``resolve.run_effects`` would run with its source), the source a card (not a token, which
    ceases to exist off the battlefield, 111.7, and whose resolution would then be unsupported) with one face
    (its name, which ``PTChange.origin`` records, fixed: 711, 712 change it only on double-faced cards), on the
    battlefield, the ability printed on that face (what ``resolve.resolve_top`` reads); its card is in the value.
    Resolving it then reads of its source only its card (the ability, the name, whether an ability of it links
    exiled cards: the same card) and its X (unused: no X), and of its stack object the controller and the
    subject (in the value), so two of one value perform the same operations on the same state and make the
    same record (``PTChange``: object, +N/+N, origin, timestamp). Nothing else reads which source a stack
    object has but ``Game.key`` (the stack, gone once it has resolved whole), a Saga's sacrifice (714.4: its
    chapter abilities only, which have no subject), 609.7a's choice of a source (the set of them) and a player
    leaving (800.4a: by controller)."""
    if p.delayed is not None or p.lki is not None or p.subject is None or not game.state.has(p.source):
        return None
    o = game.state.obj(p.source)
    if o.token or o.zone != "battlefield" or o.face_down or len(o.card.faces) != 1:
        return None
    printed = o.card.faces[o.face].abilities
    if not 1 <= p.index <= len(printed):
        return None
    ability = printed[p.index - 1]
    if ability != ability_of(game, p.source, p.index, o) or ability.kind != "triggered" or ability.modes \
            or ability.targets or ability.intervening or len(ability.effects) != 1:
        return None
    e = ability.effects[0]
    if e.kind != "until_end_of_turn" or not e.arg("it") or not set(dict(e.args)) <= _SOURCE_BLIND_UNTIL:
        return None
    return ("source-blind", p.controller, ability, o.card, p.subject, p.subject_moves)


def kinds_of(pending: list[PendingTrigger], kind=None) -> list[list[PendingTrigger]]:
    """The pending triggers sorted into kinds of equal ones (the same ability of the same source, as the same
    object, with the same last known information): putting either of two equal ones on the stack does the
    same, since ``put_pending`` reads nothing of a pending trigger but its value. ``kind``: what a trigger is
    instead of its value (``interchangeable``), if given."""
    kinds: list[list[PendingTrigger]] = []
    keys: list = []
    for p in pending:
        k = p if kind is None else kind(p)
        for i, known in enumerate(keys):
            if known == k:
                kinds[i].append(p)
                break
        else:
            kinds.append([p])
            keys.append(k)
    return kinds


def distinct_order_count(pending: list[PendingTrigger], kind=None) -> int:
    """How many distinct orders ``distinct_orders`` gives: n! / (n1! n2! ...) for kinds of n1, n2, ... equal
    triggers."""
    return factorial(len(pending)) // prod(factorial(len(k)) for k in kinds_of(pending, kind))


def distinct_orders(pending: list[PendingTrigger], kind=None) -> Iterator[tuple[PendingTrigger, ...]]:
    """603.3b: every order a player can put their pending triggers on the stack in, each sequence of values
    once: two orders that differ only in which of two equal triggers comes first are the same sequence of
    values, so the same branches (seven identical "whenever a creature dies" triggers have one order, not 7!).
    The orders come as ``itertools.permutations`` first gives each sequence: equal triggers in their own
    order, so the branches (and which choices a merged branch keeps) are as before. ``kind``: what makes two
    triggers equal instead of their values (``interchangeable``): the orders of the kinds, each kind's
    triggers in their own order (multiset permutations)."""
    keys = [p if kind is None else kind(p) for p in pending]
    first = [next(j for j in range(len(pending)) if keys[j] == k) for k in keys]   # its kind's first index
    used = [False] * len(pending)
    seq: list[PendingTrigger] = []

    def place() -> Iterator[tuple[PendingTrigger, ...]]:
        if len(seq) == len(pending):
            yield tuple(seq)
            return
        taken: set[int] = set()
        for i, p in enumerate(pending):
            # of each kind only its first unused trigger: the others would give the same sequence again
            if used[i] or first[i] in taken:
                continue
            taken.add(first[i])
            used[i] = True
            seq.append(p)
            yield from place()
            seq.pop()
            used[i] = False

    return place()


def pending_by_player(game: Game) -> tuple[Game, list[list[PendingTrigger]]]:
    """The game with no triggers waiting, and the waiting ones by controller in APNAP order (101.4, 603.3b)."""
    pending = game.pending
    game = game.remember(pending=())
    return game, [[p for p in pending if p.controller == name] for name in apnap(game)]


def _order_kind(game: Game):
    """``distinct_orders``'s kind of a pending trigger in ``game``: ``interchangeable``, else its value."""
    def kind(p: PendingTrigger):
        k = interchangeable(game, p)
        return p if k is None else k
    return kind


def put_pending(game: Game) -> list[Game]:
    """603.3b: each player in APNAP order puts their triggered abilities on the stack in any order; every
    order and every choice of targets is a branch, but for the orders among triggers that are the same kind
    (``interchangeable``) while the stack resolves whole before any action can see it (``game.stack_resolves_
    whole``; off within ``game.full_search``): then the stack objects differ only in their sources, which their
    resolutions do not read, and each order of them leads to the states of the one kept."""
    if not game.pending:
        return [game]
    game, per_player = pending_by_player(game)
    pending = tuple(p for ps in per_player for p in ps)
    kind = _order_kind(game) if reduced() and whole_stack_resolves() else None
    if prod(distinct_order_count(ps, kind) for ps in per_player) > MAX_BRANCHES:
        raise Unsupported(f"{len(pending)} triggered abilities can be ordered in more than {MAX_BRANCHES} ways: "
                          "the search bound was reached")
    orders = [list(distinct_orders(ps, kind)) for ps in per_player]
    if kind is not None and any(len({p.source for p in k}) > 1 for ps in per_player for k in kinds_of(ps, kind)):
        game = game.log("603.3b", "triggered abilities of one controller, ability and subject whose resolution "
                                  "does not depend on which object is their source go on the stack in one order "
                                  "among them: the stack resolves whole and every other order leads to the same "
                                  "state")
    # 603.3b: simultaneous triggers go on in APNAP order (101.4), each player's in the order they choose.
    rules = ("603.3",) if len(pending) == 1 else \
        ("603.3", "603.3b") + (("101.4",) if sum(1 for ps in per_player if ps) > 1 else ())
    out = []
    for ordering in itertools.product(*orders):
        seq = [p for group in ordering for p in group]
        branches = [game]
        for p in seq:
            nxt = []
            for g in branches:
                if p.delayed is not None:
                    # 603.7c: a delayed triggered ability (words.delayed.perform) has no targets
                    ab = StackAbility(p.source, 0, p.controller, (), 0, delayed=p.delayed)
                    g2 = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
                    g2 = g2.log(rules, f"{p.controller} puts the delayed triggered ability {p.delayed.describe()} "
                                       "on the stack")
                    nxt.append(g2.choose(f"delayed {p.delayed.text}") if len(seq) > 1 else g2)
                    continue
                if not g.state.has(p.source) and p.lki is None:
                    raise Unsupported(f"the source {p.source} of a triggered ability ceased to exist before the "
                                      "ability was put on the stack: last known information is not modelled there")
                # 603.10a: a leaves-the-battlefield ability is the ability of its source as it last existed.
                src = p.lki if p.lki is not None else g.state.obj(p.source)
                ability = ability_of(g, p.source, p.index, src)
                # 700.2b, 603.3c: a modal ability's modes are chosen as it is put on the stack, only modes whose
                # targets can be chosen; with none, it is removed from the stack
                options = [(combo, ab, target_choices(g, ab, p.controller, p.source))
                           for combo, ab in modes.trigger_options(ability)]
                options = [o for o in options if o[2]]
                if not options:
                    nxt.append(g.log(("603.3d", "700.2b") if ability.modes else "603.3d",
                                     f"the triggered ability of {p.source} ({ability.text()}) has no legal "
                                     + ("choice of modes (a mode's target has no legal choice)" if ability.modes
                                        else "target") + ": it is removed from the stack"))
                    continue
                n_choices = sum(len(o[2]) for o in options)
                for combo, _, choices in options:
                    chose = "" if combo is None else f" choosing mode(s) {modes.describe(combo)}"
                    for targets in choices:
                        ab = StackAbility(p.source, p.index, p.controller, targets, p.source_moves, face=src.face,
                                          lki=p.lki, modes=combo, chosen=True, subject=p.subject,
                                          subject_moves=p.subject_moves, amount=p.amount, player=p.player)
                        g2 = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
                        g2 = g2.log(rules + (("700.2b",) if combo is not None else ()) + condition_rules(ability),
                                    f"{p.controller} puts the triggered ability of {p.source} ({ability.text()}) on "
                                    f"the stack{chose}" + (f", targeting {', '.join(targets)}" if targets else ""))
                        if len(seq) > 1 or n_choices > 1:
                            g2 = g2.choose(f"trigger {p.source}#{p.index}" + (f" modes {modes.describe(combo)}" if combo
                                           is not None else "") + (f" targets {', '.join(targets)}" if targets
                                                                  else " no targets"))
                        nxt.append(g2)
            branches = nxt
        out += branches
        if len(out) > _RAW_BOUND:
            # Orders times choices of targets: stop before building far more branches than the bound allows.
            raise SearchBound(f"putting {len(pending)} triggered abilities on the stack, in every order and with "
                              f"every choice of targets, makes more than {_RAW_BOUND} branches: the search bound "
                              "was reached")
    return merge(out)


def ability_of(game: Game, source: str, index: int, src=None) -> Ability:
    obj = src if src is not None else game.state.obj(source)
    abilities = abilities_of(obj)
    if not 1 <= index <= len(abilities):
        raise Unsupported(f"{obj.name} has no ability number {index}")
    return abilities[index - 1]


def damage_triggered(game: Game, target: str, n: int, what: str) -> Game:
    """The abilities the permanent ``target`` being dealt ``n`` damage by a spell or ability triggers ("Whenever ~ is
    dealt damage", "Whenever enchanted creature is dealt damage": 603.2, once for the damage of one event) wait to be
    put on the stack, as combat's do (``combat_triggered``)."""
    return combat_triggered(game, [("dealt_damage", target, None)], what, ("603.2",), {("dealt_damage", target): n})
