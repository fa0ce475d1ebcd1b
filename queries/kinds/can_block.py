"""``can-block``: is the declaration of this block (and those of ``with``) legal as the board stands? (CR
509.1a-c, 702.9b, 702.16f, 702.17b, 702.111b) The attackers are the state's (``attacking:``); the decision is the
model's (``rules.combat.declare.check_block``): the restrictions the declaration breaks, and the requirements
(509.1c) counted against the most any legal declaration obeys; a ``no`` names the rule that forbids it."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.errors import InputError
from mtgjudge.model.explain import Answer
from mtgjudge.model.rules.combat.declare import check_block
from mtgjudge.queries.format.fields import QuestionValidator, describe
from mtgjudge.queries.kinds.record import ABOUT, Key, Kind, expect_yes_no


def _read_attacker(d: QuestionValidator, value: Any, path: str, line: int | None) -> tuple[str, ...]:
    return d.ref_list(value, path, line)


def _read_with(d: QuestionValidator, value: Any, path: str, line: int | None) -> Any:
    """``with``: ``{blocker: attacker}`` (or a list of attackers for a blocker blocking several)."""
    if not isinstance(value, dict):
        d.fail(path, line, f"must be {{blocker: attacker}}; got {describe(value)}")
    return tuple((d.obj_ref(k, f"{path}.{k}", line), d.ref_list(v, f"{path}.{k}", line)) for k, v in value.items())


def declaration(question) -> dict[str, tuple[str, ...]]:
    """The declaration a can-block question asks about: ``about`` blocking ``attacker``, and ``with``."""
    decl = {question.about: tuple(question.params["attacker"])}
    for bid, attackers in question.params.get("with", ()):
        if bid in decl:
            raise InputError("with", f"{bid} is declared twice")
        decl[bid] = tuple(attackers)
    return decl


def answer(question) -> Answer:
    state = question.state
    if state.turn.step not in ("declare-attackers", "declare-blockers") or any(o.blocking for o in state.battlefield()):
        raise InputError("ask", "can-block is asked after attackers are declared (attacking: in the declare "
                                "attackers or declare blockers step) and before blockers are")
    for a in question.params["attacker"]:
        if state.obj(a).attacking is None:
            raise InputError("attacker", f"{a} is not attacking: give it attacking: in the state")
    return check_block(state, declaration(question))


KIND = Kind("can-block", answer, keys=(ABOUT, Key("attacker", _read_attacker), Key("with", _read_with)),
            required=("about", "attacker"), parse_expect=expect_yes_no)
