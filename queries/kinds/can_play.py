"""``can-play``: could this player play this land or cast this spell now? (CR 117.1a, 305.1-2, 307.1,
601.2-601.3, 118) The decision is the model's (``legality.can_play``): timing, permissions to play from
other zones, targets and the total cost (601.2f) paid over every way to pay."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.model.legality import can_play
from mtgjudge.queries.kinds.record import ABOUT, BY, X, Kind, expect_yes_no, asking_player


def answer(question, all_payments: bool = False) -> Answer:
    state = question.state
    oid = question.about
    player = asking_player(question, state, state.obj(oid).owner)
    return can_play(state, oid, player, int(question.params.get("x", 0) or 0), all_payments)


KIND = Kind("can-play", answer, keys=(ABOUT, BY, X), required=("about",), parse_expect=expect_yes_no,
            options=("all_payments",))
