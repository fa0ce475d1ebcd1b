"""``can-activate``: could this player activate this activated ability now? (CR 602, 605.3, 107.5, 107.6,
302.6, 702.10c) The decision is the model's (``legality.can_activate``): its timing and whole cost,
{T}, {Q} and sacrifices included, posed to z3 with rule-named requirements; a "no" is a minimal set of
reasons."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.model.legality import can_activate, find_ability
from mtgjudge.queries.format.actions import ability_param
from mtgjudge.queries.kinds.record import ABOUT, BY, X, Key, Kind, expect_yes_no, asking_player


def answer(question, all_payments: bool = False) -> Answer:
    state = question.state
    oid = question.about
    index, ability = find_ability(state, oid, question.params.get("ability"))
    obj = state.obj(oid)
    player = asking_player(question, state, obj.controller if obj.zone == "battlefield" else obj.owner)
    return can_activate(state, oid, index, ability, player, question.params.get("x", 0), all_payments)


KIND = Kind("can-activate", answer, keys=(ABOUT, Key("ability", ability_param), BY, X), required=("about",),
            parse_expect=expect_yes_no, options=("all_payments",))
