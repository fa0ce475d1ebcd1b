"""Render results: readable text for people, one JSON object per question for machines (the spec's keys
``id, file, status, answer, expected, why``, plus ``witness`` and ``message``).

Text names objects by card name (:mod:`.labels`), shows each reason once, a reason that cites no rule
without brackets, an outcome's assertions as the question wrote them (in a section of their own), and the
witness only when asked for. JSON keeps ids, every reason and the witness: it is for programs.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from mtgjudge.model.cards.rulings import mentions_rule
from mtgjudge.model.cards.store import StoreError, open_store
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.kinds.record import json_value, show_value
from mtgjudge.queries.labels import Namer
from mtgjudge.queries.rules_text import RulesText
from mtgjudge.queries.runner import Result
from mtgjudge.model.lazy_dataclass import dataclass

#: ANSI styles per status, used only when colour is on (a terminal, and no NO_COLOR).
STYLES = {"pass": "32", "answered": "36", "fail": "1;31", "unsupported": "33", "error": "1;35"}


def paint(text: str, style: str, color: bool) -> str:
    return f"\033[{style}m{text}\033[0m" if color and style else text


def _json(r: Result, v: Any) -> Any:
    """An answer's value or an expectation in JSON form, as the result's kind shows it."""
    kind = KINDS.get(r.ask)
    return kind.to_json(v) if kind is not None else json_value(v)


def _text(r: Result, v: Any) -> str:
    """An answer's value or an expectation in text, as the result's kind shows it."""
    kind = KINDS.get(r.ask)
    return kind.to_text(v) if kind is not None else show_value(v)


def _json_answer(r: Result) -> Any:
    """The spec's JSON answer, as the result's kind shows it (for outcome, the distinct final states with
    the choices leading to each, or "illegal"; for the other kinds the value itself)."""
    kind = KINDS.get(r.ask)
    assert r.answer is not None     # asked only of a result that has an answer
    return _json(r, kind.json_answer(r.answer) if kind is not None else r.answer.value)


def to_json(r: Result) -> str:
    a = r.answer
    return json.dumps({
        "id": r.qid,
        "file": r.file,
        "status": r.status,
        "answer": None if a is None or a.is_unsupported else _json_answer(r),
        "expected": _json(r, r.written) if r.has_expect else None,
        "why": [s.to_json() for s in a.why] if a else [],
        "witness": json_value(a.witness) if a and not a.is_unsupported else None,
        "message": r.message or None,
    }, ensure_ascii=False, default=str)


@dataclass(frozen=True)
class TextOptions:
    """How much text shows of a result.

    ``verbose``: the reasons (``why``); ``brief``: a question that passed (or was answered with nothing to
    compare) is its one heading line; ``witness``: the witness, as JSON with objects named; ``rules``: the
    rules text to print each cited rule's first sentence from (``--explain``); ``color``: ANSI colours;
    ``where``: how a file is shown (e.g. relative to the current folder).
    """

    verbose: bool = True
    brief: bool = False
    witness: bool = False
    rules: RulesText | None = None
    color: bool = False
    where: Callable[[str], str] | None = None


def heading(r: Result, options: TextOptions = TextOptions()) -> str:
    """``PASS        question-id  file.yaml:12``."""
    file = options.where(r.file) if options.where else r.file
    place = f"{file}:{r.line}" if r.line else file
    return f"{paint(f'{r.status.upper():11}', STYLES.get(r.status, ''), options.color)} {r.qid or '?'}  {place}"


def namer_of(r: Result) -> Namer:
    """The labels of a result's objects (those its actions made, learnt from its reasons)."""
    namer = Namer(r.objects, r.given)
    a = r.answer
    # the objects the actions made are named where the text introduces them: in the reasons, and in what the
    # answer says it could not model (an unsupported answer carries no list of the objects made)
    namer.learn(([s.text for s in a.why] + ([a.unsupported] if a.unsupported else [])) if a is not None else [])
    return namer


def answer_text(r: Result) -> str:
    """The answer of a result that has one, in words, as its kind says it (ids not yet named)."""
    kind = KINDS.get(r.ask)
    assert r.answer is not None     # asked only of a result that has one (the docstring)
    text = kind.answer_text(r.answer) if kind is not None else None
    return text if text is not None else _text(r, r.answer.value)


def readable(r: Result, text: str) -> str:
    """``text`` about ``r`` (its message, say) with its objects named."""
    return namer_of(r).text(text)


def to_text(r: Result, verbose: bool = True, options: TextOptions | None = None) -> str:
    """A result as lines for a person (``verbose``: with its reasons, unless ``options`` say otherwise)."""
    o = options or TextOptions(verbose=verbose)
    lines = [heading(r, o)]
    a = r.answer
    if r.status == "error":
        lines.append(f"  error: {r.message}")
        return "\n".join(lines)
    if o.brief and r.status in ("pass", "answered") and not o.verbose:
        return lines[0]
    say = namer_of(r).text
    kind = KINDS.get(r.ask)
    if a is not None and a.is_unsupported:
        lines.append(f"  unsupported: {say(a.unsupported or '')}")
    elif a is not None:
        lines.append(f"  answer: {say(answer_text(r))}")
    if r.has_expect and r.status in ("fail", "unsupported"):
        shown = kind.written_text(r.written) if kind is not None else [_text(r, r.written)]
        if len(shown) == 1 and (kind is None or kind.written_lines is None or shown == ["illegal"]):
            lines.append(f"  expected: {say(shown[0])}")
        else:
            lines.append("  expected:")
            lines += [f"    - {say(x)}" for x in shown]
    if r.status == "fail" and r.message:
        lines.append(f"  fail: {say(r.message)}")
    if (o.verbose or r.status == "fail") and a is not None:
        lines += _reasons(a, say, o.rules)
        if o.rules is not None:
            lines += _rulings(r, {n for rules_cited, _ in reason_items(a, say)[0] for n in rules_cited})
    if a is not None and not a.is_unsupported and a.witness:
        payments = a.witness.get("payments") if isinstance(a.witness, dict) else None
        if payments:
            lines += _payments(payments, say)
        if o.witness:
            namer = namer_of(r)
            lines.append("  witness: " + json.dumps(namer.value(json_value(a.witness)), ensure_ascii=False,
                                                    default=str))
    return "\n".join(lines)


def _reasons(a, say: Callable[[str], str], rules: RulesText | None) -> list[str]:
    """The reasons, each once; an outcome's assertions apart, under ``checks``; with ``rules``, the first
    sentence of each cited rule under the first reason that cites it."""
    reasons, checks = reason_items(a, say)
    why: list[str] = []
    explained: set[str] = set()
    for rules_cited, text in reasons:
        why.append(f"    - [{', '.join(rules_cited)}] {text}" if rules_cited else f"    - {text}")
        if rules is not None:
            for n in rules_cited:
                if n in explained:
                    continue
                explained.add(n)
                rule = rules.get(n)
                why.append(f"        {n}: {rule.first_sentence}" if rule else f"        {n}: (not in {rules.source})")
    out = ["  why:"] + why if why else []
    if checks:
        out.append("  checks:")
        out += [f"    - {t}" for t in checks]
    return out


def _rulings(r: Result, cited: set[str]) -> list[str]:
    """``--explain``: the rulings, with their dates, of the cards the question involves (the card store's) that
    name a rule the answer cites, or a rule one it cites is part of or has as a part."""
    if not cited:
        return []
    store = open_store()
    names = dict.fromkeys(n for _, shown in r.objects for n in (shown, *shown.split(" // ")))
    out: list[str] = []
    for name in names:
        try:
            kept = store.rulings(name)
        except StoreError as e:     # the explanation goes on without them
            return ["  rulings:"] + out + [f"    (the card store's rulings can't be read: {e})"]
        out += [f"    - {name}, {date}: {text}" for date, text in kept if mentions_rule(text, cited)]
    return ["  rulings:"] + out if out else []


def reason_items(a, say: Callable[[str], str]) -> tuple[list[tuple[tuple[str, ...], str]], list[str]]:
    """An answer's reasons as (rules, text), each once, and apart from them an outcome's assertions'
    results (``checks``), each once; ``say`` names the objects in the text."""
    checks = set(getattr(a, "checks", ()))
    seen: set[tuple[tuple[str, ...], str]] = set()
    reasons: list[tuple[tuple[str, ...], str]] = []
    for s in a.why:
        if s.text in checks:
            continue
        key = (tuple(s.rules), say(s.text))
        if key not in seen:
            seen.add(key)
            reasons.append(key)
    return reasons, [say(t) for t in dict.fromkeys(s.text for s in a.why if s.text in checks)]


def _payments(payments: list, say: Callable[[str], str]) -> list[str]:
    """``--all``: each distinct payment on a line: what pays each symbol, and life."""
    out = [f"  payments ({len(payments)}):"]
    for i, p in enumerate(payments, 1):
        parts = []
        for w in p.get("with", ()):
            what = str(w.get("for", "?"))
            what = "generic mana" if what == "generic" else ("{%s}" % what if len(what) == 1 else what)
            mana = str(w.get("mana", "?"))
            mana = "{%s}" % mana if len(mana) == 1 and mana in "WUBRGCS" else mana
            parts.append(f"{w.get('amount', 1)}×{mana} from {w.get('from', '?')} for {what}")
        if p.get("discard"):
            parts.append(f"discarding {_listed(p['discard'])}")
        if p.get("exile_from_graveyard"):
            parts.append(f"exiling {_listed(p['exile_from_graveyard'])} from the graveyard")
        if p.get("life"):
            parts.append(f"{p['life']} life")
        if p.get("damage"):
            parts.append(f"{p['damage']} damage dealt to the payer by its mana abilities (120.3a)")
        chosen = [f"{s['symbol']} as {s['as']}" for s in p.get("symbols", ()) if s.get("as") != s.get("symbol")]
        lead = f"{', '.join(chosen)}: " if chosen else ""
        out.append(f"    {i}. {lead}{say('; '.join(parts) or 'nothing to pay')}")
    return out


def _listed(v: Any) -> str:
    return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
