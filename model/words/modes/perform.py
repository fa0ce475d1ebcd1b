"""Modal spells (CR 700.2): the modes are chosen as the spell is cast (601.2b, 700.2a), before its targets,
which are chosen only for the chosen modes (601.2c, 700.2c); a mode whose targets can't be chosen can't be
chosen (700.2a). Every legal choice of modes is a branch unless the action's ``choices: {modes: [...]}`` fixes
it (and, for a spell with entwine, the action's ``entwined:`` whether every mode is chosen, 702.42a). The modes
chosen are kept on the spell on the stack (``GameObject.chosen`` ``modes``); as it resolves, its
modal ability is the chosen modes' instructions in the order written, a mode chosen twice appearing twice in
sequence (700.2d, 608.2c).
"""
from __future__ import annotations

import re

from dataclasses import replace
from typing import Any, Iterable, Mapping

from mtgjudge.model.errors import DefinitionError, InputError, Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules.modes import Combo, all_choices, describe, legal_choices, modal_of, mode_targets
from mtgjudge.model.rules.targets import target_requirements
from mtgjudge.model.vocab.grammar import cost_of
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Ability, CostPart, StaticEffect

#: The key of ``GameObject.chosen`` holding the modes chosen for a spell, 1-based and comma-separated.
KEY = "modes"
#: The optional additional costs this module performs as choices of modes (601.2b) even where their lines are
#: kept unmodelled: escalate (702.120a, its cost for each mode beyond the first; the static word ``escalate``
#: where its cost is mana, else its line, whose cost the engine then refuses to pay). Entwine (702.42a, every
#: mode chosen, its cost added) is the static word ``entwine``; a line "Entwine ..." left unmodelled (its cost not
#: read) is not performed.
PERFORMED_OPTIONS = ("Escalate",)


def _mode_number(ab: Ability, v: Any) -> int:
    """A mode given by its number (1 = the first written) or by its text (as ``cards show`` prints it, the card's
    name as "~")."""
    if isinstance(v, int) and not isinstance(v, bool):
        if 1 <= v <= len(ab.modes):
            return v
        raise InputError("choices", f"modes: the spell has {len(ab.modes)} modes, not a mode {v}")
    want = str(v).strip().rstrip(".").lower()
    for i, m in enumerate(ab.modes, 1):
        if m.text().strip().rstrip(".").lower() == want:
            return i
    raise InputError("choices", f"modes: {v!r} is not the text of one of the spell's modes")


def chosen_by_action(state: GameState, abilities: Iterable[Ability], ab: Ability, player: str, source: str,
                     choices: Mapping[str, Any] | None, entwined: bool | None = None) -> list[Combo]:
    """The choices of modes to branch on: the one ``choices: {modes: [..]}`` (or ``mode: N``) names, checked
    against the instruction (700.2, 700.2d; every mode with entwine, 702.42a) and the targets (700.2a); else
    every legal choice of the instruction and, for a spell with entwine, every mode (702.42a: an optional
    additional cost, paid or not, 601.2b; a choice whose total cost can't be paid is dropped as it is cast).
    ``entwined``: the cast action's ``entwined:``, fixing whether the entwine cost is paid (every mode chosen
    beyond what the instruction allows) or not; None leaves both ways open."""
    abilities = tuple(abilities)
    entwine = entwine_cost(abilities) is not None
    if entwined and not entwine:
        raise InputError("entwined", "the spell has no entwine ability: it can't be entwined (702.42a)")
    if not choices:
        found = [c for c in legal_choices(state, ab, player, source) if not entwined]
        every = tuple(range(1, len(ab.modes) + 1))
        if entwine and entwined is not False and every not in found and \
                all(ok for _, ok in target_requirements(state, mode_targets(ab, every), player, source)):
            found.append(every)
        return found
    combo = from_choices(ab, choices, entwine=entwine and entwined is not False)
    if entwined and not is_entwined(ab, combo):
        raise InputError("entwined", f"entwined: every mode of the spell is chosen (702.42a), not the modes "
                                     f"{describe(combo)}")
    ok = all(ok for _, ok in target_requirements(state, mode_targets(ab, combo), player, source))
    return [combo] if ok else []


def is_entwined(ab: Ability, combo: Combo) -> bool:
    """702.42a: a choice of modes only the entwine cost allows: more modes than the instruction specifies."""
    return len(combo) > ab.choose[1]


def chosen_of(obj: GameObject) -> Combo | None:
    """The modes chosen for a spell on the stack; None when not known."""
    v = obj.choice(KEY)
    return tuple(int(i) for i in v.split(",")) if v else None


def with_chosen(obj: GameObject, combo: Combo) -> GameObject:
    """The spell with its chosen modes kept (601.2b)."""
    return replace(obj, chosen=tuple(kv for kv in obj.chosen if kv[0] != KEY) + ((KEY, ",".join(map(str, combo))),))


def expand(abilities: Iterable[Ability], combo: Combo | None, name: str = "the spell") -> tuple[Ability, ...]:
    """The abilities with the modal one replaced by its chosen modes in the order written (608.2c), a mode chosen
    more than once appearing that many times in sequence (700.2d). Unsupported when the spell is modal and its
    modes are not known (a modal spell given on the stack without them)."""
    abilities = tuple(abilities)
    ab = modal_of(abilities)
    if ab is None:
        return abilities
    if combo is None:
        raise Unsupported(f"{name} is modal and the modes chosen as it was cast are not given (700.2a)")
    out: list[Ability] = []
    for a in abilities:
        out += [ab.modes[i - 1] for i in combo] if a is ab else [a]
    return tuple(out)


def mode_ability(ab: Ability, combo: Combo) -> Ability:
    """A modal triggered ability with its modes chosen: the chosen modes' instructions and targets in the order
    written, a mode chosen twice appearing twice (700.2d, 608.2c)."""
    return replace(ab, modes=(), choose=(0, 0), mode_repeat=False,
                   effects=tuple(e for i in combo for e in ab.modes[i - 1].effects),
                   targets=tuple(t for i in combo for t in ab.modes[i - 1].targets),
                   target_specs=tuple(t for i in combo for t in ab.modes[i - 1].target_specs)
                   if all(len(m.target_specs) == len(m.targets) for m in ab.modes) else ())


def on_stack(ab: Ability, combo: Combo | None, name: str) -> Ability:
    """The ability as it is on the stack: a modal one with the modes chosen as it was put there (700.2b);
    unsupported when they are not known (an ability given on the stack without them)."""
    if not ab.modes:
        return ab
    if combo is None:
        raise Unsupported(f"the ability of {name} on the stack is modal and the modes chosen as it was put on the "
                          "stack are not given (700.2b)")
    return mode_ability(ab, combo)


def trigger_options(ab: Ability) -> list[tuple[Combo | None, Ability]]:
    """The ways a triggered ability can be put on the stack as to its modes (700.2b, 603.3c): every choice the
    instruction allows, each with the ability it makes; one (None) for an ability that is not modal. Which of
    them can be chosen depends on their targets (``triggers.put_pending``)."""
    if not ab.modes:
        return [(None, ab)]
    return [(c, mode_ability(ab, c)) for c in all_choices(ab)]


def from_choices(ab: Ability, choices: Mapping[str, Any], entwine: bool = False) -> Combo:
    """The modes ``choices: {modes: [..]}`` names for a modal ability, checked against its instruction (700.2,
    700.2d); ``entwine``: the spell has entwine, so every mode may be chosen (702.42a)."""
    extra = set(choices) - {"modes", "mode"}
    if extra:
        raise Unsupported(f"the choices {', '.join(sorted(extra))} are not performed by the engine yet")
    given = choices.get("modes", choices.get("mode"))
    given = list(given) if isinstance(given, (list, tuple)) else [given]
    combo = tuple(sorted(_mode_number(ab, v) for v in given))
    if combo not in all_choices(ab) and not (entwine and combo == tuple(range(1, len(ab.modes) + 1))):
        lo, hi = ab.choose
        raise InputError("choices", f"modes {describe(combo)}: the instruction allows {lo}"
                                    + (f" to {hi}" if hi != lo else "") + " mode(s)"
                                    + ("" if ab.mode_repeat else ", each at most once (700.2d)")
                                    + (", or every mode with entwine (702.42a)" if entwine else ""))
    return combo


#: An escalate line, read or not ("Escalate {1}", "Escalate—Discard a card.").
_ESCALATE = re.compile(r"^Escalate\b")


def entwine_cost(abilities: Iterable[Ability]) -> str | None:
    """The cost of the spell's entwine ability (702.42a, the static word ``entwine``), as written; None without
    one (a line "Entwine ..." whose cost is not read stays unmodelled, and casting the spell is unsupported,
    ``words.kicker.perform.unperformed_options``)."""
    word = _option_word(abilities, "entwine")
    return None if word is None else str(word.arg("cost"))


def _option_word(abilities: Iterable[Ability], kind: str) -> StaticEffect | None:
    """The spell's static word ``entwine`` (702.42a) or ``escalate`` (702.120a); None without one."""
    for a in abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == kind:
            return a.static
    return None


def extra_cost(abilities: Iterable[Ability], ab: Ability, combo: Combo, name: str) -> tuple[CostPart, ...]:
    """The additional cost the choice of modes adds to the total cost (601.2f), each part as the cost grammar
    reads it: the escalate cost once for each mode beyond the first (702.120a; mana alone), the entwine cost when
    every mode is chosen beyond what the instruction allows (702.42a; mana or other parts, "Sacrifice three
    lands"). Unsupported for such a cost that is not read, or that has an X."""
    abilities = tuple(abilities)
    # (keyword, rule, its word; None: no such ability)
    wanted: list[tuple[str, str, StaticEffect | None]] = []
    escalate = _option_word(abilities, "escalate")
    unread = escalate is None and any(_ESCALATE.match(a.source_text or a.keyword or "") for a in abilities)
    if len(combo) > 1 and unread:
        wanted.append(("Escalate", "702.120a", None))       # an escalate line not read: its cost is not known
    elif escalate is not None and len(combo) > 1:
        wanted += [("Escalate", "702.120a", escalate)] * (len(combo) - 1)
    if is_entwined(ab, combo):
        wanted.append(("Entwine", "702.42a", _option_word(abilities, "entwine")))
    out: list[CostPart] = []
    for kw, rule, word in wanted:
        try:
            parts = cost_of(word) if word is not None else ()
        except DefinitionError:
            parts = ()
        if not parts or any(p.kind == "mana" and any(sym.kind == "x" for sym in p.mana) for p in parts) or (
                kw == "Escalate" and any(p.kind != "mana" for p in parts)):
            cost = repr(word.arg("cost")) if word is not None else "(its line not read)"
            raise Unsupported(f"{name}: the {kw.lower()} cost {cost} ({rule}) is not paid by the engine yet")
        out += parts
    return tuple(out)
