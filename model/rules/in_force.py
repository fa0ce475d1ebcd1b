"""Continuous effects in force (CR 611.2, 613): the static abilities of permanents and the lasting effects
of resolved spells and abilities (the question's ``effects:``), with their controllers and timestamps
(613.7), for the consumers that read them by word (mana production, payment, permissions)."""
from __future__ import annotations


from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.durations import DURATIONS
from mtgjudge.model.rules.layers import compute_all
from mtgjudge.model.selectors import Selector
from mtgjudge.model.state import UNKNOWN, Duration, EffectInForce
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.words.control.record import CONTROL_WORDS
from mtgjudge.model.lazy_dataclass import dataclass


#: The effect words this module reads: effects that last (611.2a).
LASTING_WORDS = ("lasting",)


@dataclass(frozen=True)
class ActiveEffect:
    """A continuous effect now in force: its static description, where it comes from, who controls it and
    its timestamp (613.7). ``source`` is the permanent's id for a static ability, None for an effect of a
    resolved spell or ability (``origin`` names the card then)."""

    static: StaticEffect
    controller: str
    timestamp: int
    origin: str
    source: str | None = None
    chosen: tuple[tuple[str, str], ...] = ()

    def choice(self, key: str) -> str | None:
        return dict(self.chosen).get(key)

    def describe(self) -> str:
            return f"{self.origin} ({self.static.text()})"


def creating_effects(card, face_index: int, ability_index: int | None, kinds: tuple[str, ...] = LASTING_WORDS):
    """The effects of the given kinds (Effect values) of the spell or ability that created an effect in force.

    ``ability_index`` names which ability of the face (1-based); without it, the card's spell effect, or
    else the one ability of the face that has such an effect.
    """
    abilities = card.faces[face_index].abilities
    if ability_index is None:
        chosen = [a for a in abilities if a.kind == "spell"]
        if not any(e.kind in kinds for a in chosen for e in a.effects):
            chosen = [a for a in abilities if any(e.kind in kinds for e in a.effects)]
            if len(chosen) > 1:
                raise Unsupported(f"the effect from {card.name}: say which of its abilities made it (`ability:`)")
    else:
        if not 1 <= ability_index <= len(abilities):
            raise Unsupported(f"effect from {card.name}: it has no ability {ability_index}")
        chosen = [abilities[ability_index - 1]]
    return [e for a in chosen for e in a.effects if e.kind in kinds]


def lasting_effects(card, face_index: int, ability_index: int | None):
    """The ``lasting`` effects of the spell or ability that created an effect in force (611.2)."""
    return creating_effects(card, face_index, ability_index, LASTING_WORDS)


def stated_duration(card, face_index: int, ability_index: int | None, controller: str, began: int) -> Duration:
    """How long the effect in force that the spell or ability made lasts, as its ``lasting`` words state it
    (611.2a), begun on turn ``began``: known once, as the effect is made. ``UNKNOWN`` (and why) if the card is
    not modelled, leaves no ``lasting`` effect, or states another duration or more than one."""
    name = card.faces[face_index].name
    unknown = Duration(UNKNOWN, began, controller, f"when the effect of {name} in force ends (514.2) is not known "
                                                   "to the engine")
    try:
        lasting = lasting_effects(card, face_index, ability_index) if card.modelled else []
    except Unsupported as e:
        return Duration(UNKNOWN, began, controller, str(e))
    untils = {le.arg("until", "") for le in lasting}
    if not lasting or not untils <= set(DURATIONS) or len(untils) > 1:
        return unknown
    return Duration(untils.pop(), began, controller)


def exiles_until_source_leaves(card, face_index: int, ability_index: int | None) -> bool:
    """Was the effect an exile "until [this] leaves the battlefield" (610.3)? Such an effect in force is the
    link between the exiled cards and their source (a ``LinkedExile`` in force)."""
    return bool(creating_effects(card, face_index, ability_index, ("exile_until_source_leaves",)))


def _lasting_statics(card, face_index: int, ability_index: int | None) -> list[StaticEffect]:
    return [e.arg("static") for e in lasting_effects(card, face_index, ability_index)]


def effects_in_force(state, kinds: tuple[str, ...]) -> list[ActiveEffect]:
    """Every effect of the given static kinds now in force: static abilities of permanents (with their
    current characteristics) and the ``lasting`` effects of resolved spells and abilities in
    ``state.in_force(EffectInForce)``. Such an effect whose card leaves no effect of the product's
    vocabulary is unsupported (we cannot tell what it does)."""
    key = ("effects_in_force", kinds)
    if key in state._cache:
        return state._cache[key]
    out: list[ActiveEffect] = []
    chars = compute_all(state)
    for o in state.battlefield():
        for a in chars[o.id].abilities:
            if a.kind == "static" and a.static is not None and a.static.kind in kinds:
                out.append(ActiveEffect(a.static, o.controller, o.timestamp, o.name, o.id, o.chosen))
            # The spec's `chosen:` on a permanent records a choice its own ability made this turn (Hall of
            # Gemstone's color): the lasting effect that ability created with that choice is in force.
            if a.kind == "unmodelled" and o.chosen and a.unmodelled_kind in ("triggered", "activated", "mana") \
                    and a.may_concern("mana"):
                # A choice recorded on it may be the choice of an effect that ability created: unknown here.
                raise Unsupported(f"{o.name} ({o.id}) has a choice recorded ({dict(o.chosen)}) and an ability the "
                                  f"verifier cannot model that may have made it: {a.source_text!r}")
            if a.kind == "triggered" and o.chosen:
                for e in a.effects:
                    st = e.arg("static") if e.kind in LASTING_WORDS else None
                    if st is not None and st.kind in kinds and st.arg("to") == "chosen" and o.choice("color"):
                        out.append(ActiveEffect(st, o.controller, o.timestamp, o.name, None, o.chosen))
    for i, e in enumerate(state.in_force(EffectInForce)):
        if not e.card.modelled:
            raise Unsupported(f"the effect from {e.source_card!r} in force: the verifier has no definition of that card")
        statics = _lasting_statics(e.card, e.face, e.ability)
        if not statics:
            raise Unsupported(f"the effect from {e.source_card} in force is not modelled")
        for s in statics:
            if s.kind in kinds:
                out.append(ActiveEffect(s, e.controller, e.timestamp or 10 ** 6 + i, e.source_card, None, e.chosen))
    state._cache[key] = out
    return out


def affects_permanent(eff: ActiveEffect, state, oid: str) -> bool:
    """Does the effect's ``affects`` selector cover the permanent (seen from the effect's controller)?"""
    chars = compute_all(state)
    src = state.obj(eff.source) if eff.source else None
    return matches(eff.static.affects or Selector(), chars[oid], state.obj(oid), eff.controller, None) and (
        src is None or not eff.static.affects or not eff.static.affects.other or src.id != oid)


def may_give_control(e: EffectInForce) -> bool:
    """Could the effect in force ``e`` give control of a permanent (613.1b)? Yes if the spell or ability that made
    it has a control word ("gain control", "until end of turn" with control), or is not read, or which of its
    abilities made it is not known."""
    try:
        made = creating_effects(e.card, e.face, e.ability, CONTROL_WORDS) if e.card.modelled else None
    except Unsupported:
        return True
    return made is None or any(w.kind != "until_end_of_turn" or w.arg("control") for w in made)
