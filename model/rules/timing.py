"""When things may be done (CR 117, 305.1-2, 307.1, 602.5, 605.3a) and who may use a creature's {T} and {Q}
abilities (302.6, 702.10c): each rule written once, as (reason, holds) requirements that the legality
decisions, the payment model and the engine all use.
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.explain import Step, step
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.rules.this_turn import unstated
from mtgjudge.model.state import NO_PRIORITY_STEPS, STEPS, GameState
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.phrases import BEFORE_ATTACKERS
from mtgjudge.model.words.timing.record import CAST_CLAUSES

Requirement = tuple[Step, bool]
#: The static words the timing rules implement (``vocab.words``' "timing" consumer).
TIMING_WORDS = ("additional_land_plays", "cast_only", "flash_permission")


def summoning_sick(state: GameState, oid: str) -> bool:
    """CR 302.6: the permanent is a creature that has not been under its controller's control continuously
    since their most recent turn began, and has no haste (702.10c): its {T} and {Q} abilities can't be
    activated (tapping it for convoke or for another permanent's cost is not such an ability)."""
    ch = current(state, oid)
    return "Creature" in ch.types and state.obj(oid).summoning_sick and not ch.has_keyword("Haste")


def upkeeps_controlled(state: GameState, oid: str) -> int | None:
    """How many of its controller's upkeep steps have begun since the permanent last came under their control:
    as the question or the engine recorded it, else 0 for one that has not been under its controller's control
    continuously since their most recent turn began (302.6: it came under their control after that turn began,
    and so after that turn's upkeep began, as nothing comes under a player's control in an untap step, where no
    player gets priority and nothing resolves, 502.4); None when neither says."""
    o = state.obj(oid)
    if o.upkeeps_controlled is not None:
        return o.upkeeps_controlled
    return 0 if o.summoning_sick else None


def controlled_since_last_upkeep(state: GameState, oid: str) -> bool:
    """702.30a: did the permanent come under its controller's control since the beginning of their last upkeep?
    During that player's upkeep their last upkeep is the one before it (Paradox Haze ruling 2006-09-25: an echo
    that triggered in the first of two upkeeps of a turn does not trigger in the second), so the upkeep in
    progress is not counted. Unsupported when it is not known (``upkeeps_controlled``)."""
    o = state.obj(oid)
    n = upkeeps_controlled(state, oid)
    if n is None:
        raise Unsupported(f"whether {o.name} ({oid}) came under {o.controller}'s control since the beginning of their "
                          "last upkeep (702.30a) is not known: give it upkeeps_controlled: N (how many of their upkeep "
                          "steps have begun since it came under their control), or summoning_sick: true")
    in_their_upkeep = state.turn.step == "upkeep" and state.turn.active == o.controller
    return n <= (1 if in_their_upkeep else 0)


def tap_symbol_requirements(state: GameState, oid: str, player: str, symbol: str) -> list[Requirement]:
    """May ``oid`` pay the {T} (``symbol`` "{T}", 107.5) or {Q} ("{Q}", 107.6) in the cost of its own
    ability now? Its tapped status, and 302.6 for a creature."""
    obj = state.obj(oid)
    ch = current(state, oid)
    tap = symbol == "{T}"
    ok = not obj.tapped if tap else obj.tapped
    out: list[Requirement] = [(step("107.5" if tap else "107.6", f"{obj.name} is " + ("tapped" if obj.tapped else "untapped")
                                    + (f", so it can pay {symbol}" if ok else f"; {symbol} needs it {'untapped' if tap else 'tapped'}")),
                               ok)]
    if "Creature" in ch.types:
        may = not summoning_sick(state, oid)
        if not obj.summoning_sick:
            text = f"{obj.name} has been under {player}'s control continuously since their most recent turn began"
        elif may:
            origin = ch.keyword_origin("Haste")
            text = f"{obj.name} arrived this turn but has haste" + (f" from {origin}" if origin else "")
        else:
            text = (f"{obj.name} is a creature that has not been under {player}'s control continuously since their most "
                    f"recent turn began and has no haste, so it can't pay {symbol}")
        out.append((step(("302.6", "702.10c") if obj.summoning_sick and may else ("302.6",), text), may))
    return out


def priority_requirement(state: GameState, player: str, rule: str = "117.1") -> Requirement:
    """Casting spells and activating abilities needs priority (117.1); no player receives priority in the
    untap step (502.4) or, usually, the cleanup step (514.3)."""
    name = state.turn.step
    ok = name not in NO_PRIORITY_STEPS
    return (step(rule, f"{player} has priority in the {name} step") if ok else
            step((rule, "502.4" if name == "untap" else "514.3"), f"no player receives priority in the {name} step"), ok)


def mana_ability_requirement(state: GameState, player: str) -> Requirement:
    """605.3a: a mana ability can be activated whenever its controller has priority or a payment asks for
    mana; in the untap and cleanup steps neither happens (502.4, 514.3)."""
    name = state.turn.step
    if name in NO_PRIORITY_STEPS:
        return (step(("605.3a", "502.4" if name == "untap" else "514.3"),
                     f"no player receives priority in the {name} step and no payment asks for mana, so no mana "
                     "ability can be activated"), False)
    return (step("605.3a", "a mana ability can be activated whenever its controller has priority or a payment is "
                           "asked for"), True)


def sorcery_timing(state: GameState, player: str, what: str, rules: tuple[str, ...]) -> list[Requirement]:
    """"Only as a sorcery" (117.1a, 307.1, 602.5d): the player's own turn, a main phase, an empty stack."""
    stepname = state.turn.step
    return [
        (step(rules, f"{what} only during its controller's own turn; it is {state.active_player}'s turn"),
         state.active_player == player),
        (step(rules, f"{what} only in a main phase; it is the {stepname} step"), state.is_main_phase()),
        (step(rules, f"{what} only when the stack is empty; the stack holds {len(state.stack)} object(s)"),
         not state.stack),
    ]


def split_second_requirement(state: GameState, what: str) -> list[Requirement]:
    """702.61a-b: while a spell with split second is on the stack, players can't cast other spells or activate
    abilities that aren't mana abilities (mana abilities and special actions stay allowed)."""
    spells = [o for o in state.stack if isinstance(o, str) and current(state, o).has_keyword("Split second")]
    if not spells:
        return []
    names = ", ".join(f"{state.obj(o).name} ({o})" for o in spells)
    return [(step("702.61a", f"{names} has split second and is on the stack: {what}"), False)]


def _steps(first: str, last: str) -> frozenset[str]:
    return frozenset(STEPS[STEPS.index(first):STEPS.index(last) + 1])


#: 506.1: the combat phase's steps.
_COMBAT = _steps("beginning-of-combat", "end-of-combat")

#: "Only during ..." and "only before ..." (602.5 activating, 601.3 casting; 506.7 for the points of the combat
#: phase, 506.7g: abilities as spells): clause -> (its rules, whose turn: "you", "opponent" or "", the steps it
#: allows). The question's turn has one combat phase (its steps are those of ``STEPS``), so "before blockers are
#: declared" of the first combat phase (506.7d) is before this turn's declare blockers step.
ATTACKED = "if you've been attacked this step"
DURING: dict[str, tuple[tuple[str, ...], str, frozenset[str]]] = {
    "during your turn": ((), "you", frozenset(STEPS)),
    "during an opponent's turn": ((), "opponent", frozenset(STEPS)),
    "during your upkeep": ((), "you", frozenset({"upkeep"})),
    "during an opponent's upkeep": ((), "opponent", frozenset({"upkeep"})),
    "during your end step": ((), "you", frozenset({"end"})),
    # 508.1: attackers are declared as the declare attackers step begins, before anyone has priority
    "during " + BEFORE_ATTACKERS: (("506.7a",), "you", _steps("untap", "beginning-of-combat")),
    "before attackers are declared": (("506.7a", "506.7d"), "", _steps("untap", "beginning-of-combat")),
    # 506.7e: the declare blockers step skipped (no attackers, 508.8): until the declare attackers step ends
    "before blockers are declared": (("506.7b", "506.7d", "506.7e"), "", _steps("untap", "declare-attackers")),
    "before the combat damage step": (("506.7d", "506.7e"), "", _steps("untap", "declare-blockers")),
    "during combat": (("506.7c",), "", _COMBAT),
    "during combat before blockers are declared": (("506.7b", "506.7c"), "",
                                                   _steps("beginning-of-combat", "declare-attackers")),
    # 506.7f: not in a combat phase whose declare blockers step was skipped (``during_requirement``)
    "during combat after blockers are declared": (("506.7b", "506.7c", "506.7f"), "",
                                                  _steps("declare-blockers", "end-of-combat")),
    "during the declare attackers step": (("508.1",), "", frozenset({"declare-attackers"})),
    "during your declare attackers step": (("508.1",), "you", frozenset({"declare-attackers"})),
    "during the declare blockers step": (("509.1",), "", frozenset({"declare-blockers"})),
    "during combat on an opponent's turn": (("506.7c",), "opponent", _COMBAT),
    "during the declare blockers step on an opponent's turn": (("509.1",), "opponent", frozenset({"declare-blockers"})),
    "during an opponent's turn, before attackers are declared": (("506.7a",), "opponent",
                                                                 _steps("untap", "beginning-of-combat")),
    "during an opponent's turn after their upkeep step": ((), "opponent", _steps("draw", "cleanup")),
    # 508.1: creatures attack only as attackers are declared, so in no other step has anyone been attacked in it
    ATTACKED: (("508.1",), "", frozenset({"declare-attackers"})),
}
assert set(CAST_CLAUSES) <= set(DURING), "every clause a cast restriction reads has its timing rule"


def attacked_requirement(state: GameState, player: str, what: str, rule: str) -> Requirement:
    """In the declare attackers step, has ``player`` been attacked this step (508.6: a creature was declared as
    attacking them; a planeswalker or battle of theirs attacked is not them, Heavy Fog's ruling 2009-10-01)? Never
    the active player (506.2); yes if the turn's record says so (``this_turn.attacked``, noted as attackers are
    declared) or a creature attacks them now (declared before the question); no if the record is known; otherwise
    unsupported (an attacker may have been removed from combat since, 506.4)."""
    if state.active_player == player:
        # 506.2: the active player is the attacking player; only a defending player may be attacked
        return (step((rule, "506.2"), f"{what} only {ATTACKED}: {player} is the attacking player, never "
                     "attacked"), False)
    h = state.this_turn
    attackers = [o for o in state.battlefield() if o.attacking == player]
    if player in h.attacked or attackers:
        by = f": {attackers[0].name} ({attackers[0].id}) attacks them" if attackers else ""
        return (step((rule, "508.6"), f"{what} only {ATTACKED}: {player} was attacked this step{by}"), True)
    if h.known:
        return (step((rule, "508.6"), f"{what} only {ATTACKED}: {player} was not attacked this step"), False)
    raise unstated(f"{player} was attacked (and the attacker removed from combat, 506.4)",
                   f"{what} only {ATTACKED}")


def during_requirement(state: GameState, player: str, clause: str, what: str, rule: str) -> Requirement:
    """May ``player`` do ``what`` now under "only [clause]" (``DURING``; ``rule``: 602.5 for an activation,
    601.3 for a cast)? Unsupported for a clause not in ``DURING``, and for "after blockers are declared" in the end
    of combat step when no creature is attacking: whether the declare blockers step was skipped (506.7f, 508.8)
    is then not known, as attackers may have left combat."""
    if clause not in DURING:
        raise Unsupported(f"{what} only {clause}: not modelled")
    rules, whose, steps = DURING[clause]
    own = state.active_player == player
    stepname = state.turn.step
    ok = stepname in steps and (whose == "" or own == (whose == "you"))
    if ok and clause == ATTACKED:
        return attacked_requirement(state, player, what, rule)
    if ok and clause == "during combat after blockers are declared" and stepname == "end-of-combat" and \
            not any(o.attacking for o in state.battlefield()):
        raise Unsupported(f"{what} only {clause}: in the end of combat step with no creature attacking, whether "
                          "the declare blockers step was skipped (506.7f, 508.8) is not known to the verifier")
    return (step((rule,) + rules, f"{what} only {clause}: it is {state.active_player}'s turn, {stepname} step"), ok)


def cast_restrictions(state: GameState, oid: str, player: str) -> list[Requirement]:
    """601.3, 113.6e: the spell's own "Cast this spell only ..." (``cast_only``), each clause a requirement."""
    name = state.obj(oid).name
    return [during_requirement(state, player, clause, f"{name}: cast this spell", "601.3")
            for a in current(state, oid).abilities if a.kind == "static" and a.static is not None
            and a.static.kind == "cast_only" for clause in a.static.arg("clauses")]


def cast_timing(state: GameState, oid: str, player: str) -> list[Requirement]:
    """When a spell may be cast (117.1a, 307.1; 702.8a flash): with priority; sorcery speed unless it is an
    instant or has flash; never while a spell with split second is on the stack (702.61a); only when its own
    restrictions allow (601.3: ``cast_restrictions``)."""
    ch = current(state, oid)
    reqs = [priority_requirement(state, player)] + split_second_requirement(state, "no other spell can be cast") \
        + cast_restrictions(state, oid, player)
    name = state.obj(oid).name
    if "Instant" in ch.types:
        return reqs
    if ch.has_keyword("Flash"):
        # Flash decides only where sorcery timing would not allow the cast: then it is the reason it may be cast.
        barred = [st.text.split("; ", 1)[1] for st, ok in sorcery_timing(state, player, "", ("117.1a",)) if not ok]
        if barred:
            reqs.append((step(("702.8a", "117.1a"), f"{name} has flash: it may be cast any time {player} could cast an "
                                                    f"instant, although {' and '.join(barred)}"), True))
        return reqs
    permission = cast_by_flash_permission(state, oid, player)
    if permission is not None:
        # 601.3c, 702.8a: its own permission lets it be cast where sorcery timing would not; the extra cost is
        # added to its total cost (``rules.costs.total_cost``, 601.2f)
        barred = [st.text.split("; ", 1)[1] for st, ok in sorcery_timing(state, player, "", ("117.1a",)) if not ok]
        extra = permission.arg("extra", "")
        return reqs + [(step(("702.8a", "601.3c" if extra else "601.3", "117.1a"),
                             f"{name} may be cast as though it had flash by its own ability"
                             + (f", paying {extra} more (601.2f)" if extra else "")
                             + f", although {' and '.join(barred)}"), True)]
    rule = ("117.1a", "307.1") if "Sorcery" in ch.types else ("117.1a",)
    return reqs + sorcery_timing(state, player, f"{name} is not an instant and has no flash: it can be cast", rule)


def flash_permission(state: GameState, oid: str) -> StaticEffect | None:
    """The spell's own "You may cast ~ as though it had flash ..." (``flash_permission``; 113.6e: it functions in
    every zone the card could be cast from, and on the stack), or None."""
    return next((a.static for a in current(state, oid).abilities
                 if a.kind == "static" and a.static is not None and a.static.kind == "flash_permission"), None)


def cast_by_flash_permission(state: GameState, oid: str, player: str) -> StaticEffect | None:
    """The spell's own flash permission when it is what lets ``player`` cast it now (601.3, 702.8a): it is no
    instant and has no flash, and sorcery timing would not allow the cast; None otherwise (cast in its controller's
    main phase with an empty stack, it is cast as a sorcery is: it costs no more and is not sacrificed, as its
    rider says "if you cast it any time a sorcery couldn't have been cast"). Flash from elsewhere is another
    permission its caster may use instead (Armor of Thorns ruling 2009-10-01: then it is not sacrificed): which one
    is used is the caster's choice (``engine.actions``)."""
    ch = current(state, oid)
    if "Instant" in ch.types or ch.has_keyword("Flash"):
        return None
    permission = flash_permission(state, oid)
    if permission is None or sorcery_could_be_cast(state, player):
        return None
    return permission


def sorcery_could_be_cast(state: GameState, player: str) -> bool:
    """Whether ``player`` could cast a sorcery now, as far as timing goes (307.1, 117.1a: their main phase, the
    stack empty): what "any time a sorcery couldn't have been cast" is measured against (702.8a)."""
    return all(ok for _, ok in sorcery_timing(state, player, "", ("117.1a",)))


def bestowed_timing(state: GameState, oid: str, player: str) -> Step | None:
    """702.103a-b: cast bestowed, a card with bestow is an Aura enchantment spell with enchant creature and the
    abilities of its own text: no instant, with flash only if that text gives it (702.8a). Why it can't be cast
    bestowed now by its timing alone (117.1a: no priority; 702.61a: a spell with split second on the stack;
    without flash, not its controller's main phase with an empty stack), or None: its timing allows it, or it has
    or lacks flash otherwise than by its own printed text (an effect's flash or its loss may be a creature
    spell's and not an Aura spell's, 702.103d)."""
    o = state.obj(oid)
    printed_flash = any(a.kind == "keyword" and a.keyword == "Flash" for a in o.printed.abilities)
    if current(state, oid).has_keyword("Flash") != printed_flash:
        return None
    reqs = [priority_requirement(state, player)] + split_second_requirement(state, "no other spell can be cast")
    if not printed_flash:
        reqs += sorcery_timing(state, player, f"cast bestowed, {o.name} is an Aura spell with no flash (702.103b): it "
                                              "can be cast", ("117.1a", "702.103a"))
    barred = [st for st, ok in reqs if not ok]
    return barred[0] if barred else None


def fused_timing(state: GameState, oid: str, player: str) -> Step | None:
    """702.102a-b: cast by fuse, a split card is one spell with both halves' characteristics combined (709.4), an
    instant only if both are. Why the fused split spell can't be cast now by its timing alone (117.1a: no
    priority; 702.61a: a spell with split second on the stack; a sorcery, with no flash, not its controller's main
    phase with an empty stack), or None: its timing allows it, or the halves are an instant and a sorcery, or one
    has flash (not decided here)."""
    o = state.obj(oid)
    halves = [current(state.with_object(replace(o, face=f)), oid) for f in range(len(o.card.faces))]
    types = {t for ch in halves for t in ch.types}
    if any(ch.has_keyword("Flash") for ch in halves) or {"Instant", "Sorcery"} <= types:
        return None
    reqs = [priority_requirement(state, player)] + split_second_requirement(state, "no other spell can be cast")
    if "Instant" not in types:
        reqs += sorcery_timing(state, player, f"fused, {o.card.name} is a {' '.join(sorted(types)).lower()} spell "
                                              "(702.102b): it can be cast", ("117.1a", "307.1", "702.102b"))
    barred = [st for st, ok in reqs if not ok]
    return barred[0] if barred else None


def additional_land_plays(state: GameState, player: str) -> int:
    """305.2: the additional land plays effects allow ``player`` this turn: "You may play an additional land on
    each of your turns" of each permanent ``player`` controls (its controller's turns only; their sum, as each
    effect allows one more, 305.2)."""
    if state.active_player != player:
        return 0
    return sum(a.static.arg("n") for o in state.battlefield() if o.controller == player
               for a in current(state, o.id).abilities
               if a.kind == "static" and a.static is not None and a.static.kind == "additional_land_plays")


def land_play_timing(state: GameState, player: str) -> list[Requirement]:
    """305.1-2: a land is played in its owner's main phase with an empty stack and priority, one per turn
    plus any additional land plays (``additional_land_plays``)."""
    p = state.player(player)
    allowed = 1 + additional_land_plays(state, player)
    return [priority_requirement(state, player, "305.1")] + sorcery_timing(state, player, "a land can be played", ("305.1",)) + [
        (step(("305.2", "305.2a"), f"{player} has played {p.lands_played} land(s) this turn and can play {allowed}"),
         p.lands_played < allowed)]


def activation_timing(state: GameState, oid: str, index: int, player: str, *, mana_ability: bool, sorcery: bool,
                      once_each_turn: bool, loyalty: bool = False, during: str = "", only_if: str = "") -> list[Requirement]:
    """When an activated ability may be activated: with priority (117.1b) or, for a mana ability, when mana is
    asked for (605.3a); restrictions "only as a sorcery" (602.5d) and "only once each turn" (602.5b); a loyalty
    ability only as a sorcery and only if no loyalty ability of the permanent was activated this turn (606.3)."""
    reqs = [mana_ability_requirement(state, player) if mana_ability else priority_requirement(state, player, "117.1b")]
    if not mana_ability:
        reqs += split_second_requirement(state, "abilities that aren't mana abilities can't be activated")
    if sorcery:
        reqs += sorcery_timing(state, player, "activate only as a sorcery: it can be activated", ("602.5d", "307.1"))
    if once_each_turn:
        done = index in state.obj(oid).activated_this_turn
        reqs.append((step("602.5b", "activate only once each turn: " + ("it was already activated this turn" if done
                                                                        else "not yet activated this turn")), not done))
    if during:
        reqs.append(during_requirement(state, player, "during " + during, "activate", "602.5"))
    if only_if == "you have no cards in hand":
        n = len(state.in_zone(player, "hand"))
        reqs.append((step("602.5", f"activate only if you have no cards in hand: {player} has {n}"), n == 0))
    elif only_if:
        raise Unsupported(f"activate only if {only_if}: not modelled")
    if loyalty:
        reqs += sorcery_timing(state, player, "a loyalty ability can be activated", ("606.3",))
        loyal = {i for i, a in enumerate(activated_abilities(state, oid), 1) if a.is_loyalty_ability}
        done = bool(loyal & set(state.obj(oid).activated_this_turn))
        reqs.append((step("606.3", f"{state.obj(oid).name}: " + ("a loyalty ability of it was already activated this turn"
                                                                if done else "no loyalty ability of it activated this turn")),
                     not done))
    return reqs
