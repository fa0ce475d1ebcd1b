"""What a player can't do (101.2: "can't" wins over "can"), in one place for the legality model, payments and
mana-options:

- this turn, by the effect of a resolved spell or ability (611.2a: it lasts until the cleanup step ends it,
  514.2): "Target player can't play lands this turn" (Solfatara), "Your opponents can't cast spells this turn"
  (Silence), "... can't cast creature spells this turn" (Cease-Fire). The engine records them
  (``state.PlayerRestriction``); ``forbidden`` reads them;
- by a static ability of a permanent (602.5: a player can't begin to activate an ability that's prohibited from
  being activated): "Activated abilities of artifacts can't be activated." (``words.restrictions``), which
  applies to permanents on the battlefield only (Null Rod ruling 2008-04-01, Stony Silence ruling 2017-03-14)
  and to their mana abilities too unless it says otherwise (Null Rod ruling 2013-07-01);
  ``activation_forbidden`` reads them."""
from __future__ import annotations

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.explain import Answer, Step, step
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.rules.durations import in_force
from mtgjudge.model.state import GameState, Lasting, PlayerRestriction
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.words.restrictions.record import objects_of


def applies(made: Lasting[PlayerRestriction], state: GameState, oid: str, player: str) -> bool:
    """Does the restriction ``made`` forbid ``player`` to play ``oid`` now (in force, as its duration says)?"""
    r = made.payload
    if r.player != player or not in_force(state, made.duration, "")[0]:
        return False
    types = current(state, oid).types
    if r.what == "play_lands":
        return "Land" in types
    if r.what == "cast_spells":
        return "Land" not in types
    return r.what == "cast_creature_spells" and "Creature" in types and "Land" not in types


def forbidden(state: GameState, oid: str, player: str) -> Answer | None:
    """101.2: a "no" when an effect in force says ``player`` can't play ``oid``'s kind of card this turn."""
    for made in state.lasting_of(PlayerRestriction):
        r = made.payload
        if applies(made, state, oid, player):
            return Answer(False, (step(("101.2", "611.2a"), f"{r.describe()}: {state.obj(oid).name} can't be "
                                                             f"{'played' if r.what == 'play_lands' else 'cast'}"),))
    return None


#: The static words this module gives meaning to, for the timing consumer (602.5, the legality of an activation)
#: and the mana consumer (which mana abilities payments and mana-options may activate) of ``vocab.words``.
RESTRICTION_WORDS = ("cant_activate",)


def activation_forbidden(state: GameState, oid: str, ability: Ability) -> Step | None:
    """602.5, 101.2: the reason ``ability`` of ``oid`` can't be activated now, because a static ability of a
    permanent forbids it ("Activated abilities of artifacts can't be activated."); None when none does. A kind of
    permanent ("artifacts") is forbidden on the battlefield only (an ability that functions in a hand or a
    graveyard is not one of a permanent's: Stony Silence ruling 2017-03-14); "sources with the chosen name" in
    every zone (Pithing Needle ruling 2005-06-01), the name the question gives the permanent (``chosen: {card
    name: ...}``)."""
    o = state.obj(oid)
    chars = compute_all(state)
    for src in state.battlefield():
        for a in chars[src.id].abilities:
            st = a.static
            if a.kind != "static" or st is None or st.kind != "cant_activate":
                continue
            if st.arg("unless_mana", False) and ability.is_mana_ability:
                continue
            if st.arg("chosen_name", False):
                chosen = src.choice("card name")
                if chosen is None:
                    raise Unsupported(f"{src.name} ({src.id}): {a.text()!r}: no name was chosen for it (give it "
                                      "`chosen: {card name: ...}`)")
                hit = normalize(chosen) in names_of(o)
            else:
                hit = o.zone == "battlefield" and any(matches(sel, chars[oid], o, src.controller, src, state.turn.step)
                                                      for sel in objects_of(st.arg("objects")))
            if hit:
                return step(("602.5", "101.2"), f"{src.name} ({src.id}): {a.text()!r}: {o.name}'s ability "
                                                 f"{ability.text()!r} can't be activated")
    return None


def guard_mana_search(state: GameState, abilities: list[tuple[str, Ability]]) -> None:
    """The searches over mana abilities (payment, mana-options) read ``activation_forbidden`` once, in the state
    they start from; a mana ability whose cost sacrifices a permanent could remove the permanent that forbids,
    which they do not follow: unsupported then, naming both."""
    sources = [o for o in state.battlefield() for a in current(state, o.id).abilities
               if a.kind == "static" and a.static is not None and a.static.kind == "cant_activate"]
    if not sources:
        return
    for oid, a in abilities:
        if any(p.kind.startswith("sacrifice") for p in a.cost):
            raise Unsupported(f"{state.obj(oid).name} ({oid}): {a.text()!r} could sacrifice {sources[0].name} "
                              f"({sources[0].id}), which forbids activating abilities (602.5): not modelled")
