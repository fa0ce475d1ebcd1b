"""``can-attack``: is the declaration of this creature (and those of ``with``) as attackers legal in this turn's
declare attackers step, as the board stands? (CR 508.1a-d, 302.6, 702.3b, 702.10b) The decision is the model's
(``rules.combat.declare.check_attack``): the restrictions each attacker breaks, and the requirements (508.1d)
counted against the most any legal declaration obeys; a ``no`` names the rule that forbids it."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.errors import InputError
from mtgjudge.model.explain import Answer
from mtgjudge.model.rules.combat.declare import check_attack
from mtgjudge.model.state import STEPS
from mtgjudge.queries.format.fields import QuestionValidator, describe
from mtgjudge.queries.kinds.record import ABOUT, Key, Kind, expect_yes_no


def _read_defending(d: QuestionValidator, value: Any, path: str, line: int | None) -> str:
    return d.obj_ref(value, path, line, players=True)


def _read_with(d: QuestionValidator, value: Any, path: str, line: int | None) -> Any:
    """``with``: ``{attacker: defending}``, or a list of attackers attacking what ``about`` attacks."""
    if isinstance(value, dict):
        return tuple((d.obj_ref(k, f"{path}.{k}", line), d.obj_ref(v, f"{path}.{k}", line, players=True))
                     for k, v in value.items())
    if isinstance(value, (list, str)):
        return d.ref_list(value, path, line)
    d.fail(path, line, f"must be {{attacker: defending}} or a list of attackers; got {describe(value)}")


def declaration(question) -> dict[str, str]:
    """The declaration a can-attack question asks about: ``about`` and ``with``."""
    state = question.state
    about = question.about
    defending = question.params.get("defending")
    if defending is None:
        opponents = [p for p in state.player_names if p != state.turn.active]
        if len(opponents) != 1:
            raise InputError("defending", "there is more than one opponent: say which one it attacks (defending)")
        defending = opponents[0]
    decl = {about: defending}
    others = question.params.get("with", ())
    for item in others:
        oid, d = item if isinstance(item, tuple) else (item, defending)
        if oid in decl:
            raise InputError("with", f"{oid} is declared twice")
        decl[oid] = d
    return decl


def answer(question) -> Answer:
    state = question.state
    if STEPS.index(state.turn.step) > STEPS.index("declare-attackers") or any(
            o.attacking is not None for o in state.battlefield()):
        raise InputError("ask", "can-attack is asked before attackers are declared (in the declare attackers step "
                                "at the latest, with no creature attacking)")
    return check_attack(state, declaration(question))


KIND = Kind("can-attack", answer, keys=(ABOUT, Key("defending", _read_defending), Key("with", _read_with)),
            required=("about",), parse_expect=expect_yes_no)
