"""``could-produce`` (CR 106.7): the types of mana a permanent could produce, each with its witness (the
ability, the choice and the order of replacement effects that produce it), and for each type its abilities
name (or a permanent it reflects could produce) but it cannot, the reason."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.errors import InputError, Unsupported
from mtgjudge.model.explain import Answer, step
from mtgjudge.model.mana import TYPES
from mtgjudge.model.rules.could_produce import could_produce
from mtgjudge.queries.format.fields import QuestionValidator, describe, line_of, mapping_as_mana
from mtgjudge.queries.kinds.record import ABOUT, Kind


def answer(question) -> Answer:
    """Answer a could-produce question: value is a frozenset of type letters."""
    state = question.state
    oid = question.about
    if oid is None:
        raise InputError("about", "could-produce needs `about`: a permanent")
    if not state.has(oid) or state.obj(oid).zone != "battlefield":
        raise Unsupported(f"{oid} is not on the battlefield; could-produce (106.7) is asked about permanents")
    r = could_produce(state, oid)
    name = state.obj(oid).name
    why = [step("106.7", f"{name} could produce "
                + ("".join("{%s}" % t for t in sorted(r.types, key=TYPES.index)) if r.types else "no type of mana")
                + ": the types its abilities would produce if they resolved now, every applicable replacement "
                  "effect applied in every possible order, costs ignored")]
    for t in sorted(r.types, key=TYPES.index):
        w = r.witness[t]
        rules = ["106.7"]
        if w["rule_given"]:
            rules.append(w["rule_given"])
        if w.get("land_type"):
            rules += [r for r in w["land_type"]["rules"] if r not in rules]
        if w["order"]:
            rules += ["614.1a", "616.1"]
        text = f"{{{t}}}: ability {w['ability']} ({w['text']})"
        if w.get("land_type"):
            text += f", which it has because {w['land_type']['reason']}"
        if w["choice"]:
            text += f", {w['choice']}"
        if w["order"]:
            text += ", then " + ", then ".join(
                f"{o['effect']}{' ' + o['choice'] if o['choice'] else ''} -> {o['then']}" for o in w["order"])
        text += f": it produces {w['produces']}"
        why.append(step(tuple(rules), text))
    for t in sorted(r.missing, key=TYPES.index):
        rules, reason = r.missing[t]
        why.append(step(tuple(rules), f"not {{{t}}}: {reason}"))
    if not r.types:
        why.append(step(("106.7", "106.5"), "no ability of it would produce mana of a defined type now"))
    witness = {"types": {t: r.witness[t] for t in sorted(r.types, key=TYPES.index)},
               "missing": {t: {"rules": list(r.missing[t][0]), "reason": r.missing[t][1]} for t in sorted(r.missing, key=TYPES.index)}}
    return Answer(value=frozenset(r.types), why=tuple(why), witness=witness)


def parse_expect(d: QuestionValidator, value: Any, line: int | None) -> frozenset[str]:
    """``expect``: a list of mana letters from W U B R G C (any order, ``[]`` for none)."""
    items = d.seq(value, "expect", line, "a list of mana letters from W U B R G C")
    letters = set()
    for i, x in enumerate(items):
        if not isinstance(x, str) or x.strip().upper() not in tuple("WUBRGC"):
            text = mapping_as_mana(x)
            d.fail(f"expect[{i}]", line_of(items, i), f"{describe(x) if text is None else text} is not one of "
                                                      "W U B R G C")
        letters.add(x.strip().upper())
    return frozenset(letters)


KIND = Kind("could-produce", answer, keys=(ABOUT,), required=("about",), parse_expect=parse_expect)
