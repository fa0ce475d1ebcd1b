"""Render results: readable text for people, one JSON object per question for machines (the spec's keys
``id, file, status, answer, expected, why``, plus ``witness`` and ``message``)."""
from __future__ import annotations

import json
from typing import Any

from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.kinds.record import json_value, show_value
from mtgjudge.queries.runner import Result


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
    return _json(r, kind.json_answer(r.answer) if kind is not None else r.answer.value)


def to_json(r: Result) -> str:
    a = r.answer
    return json.dumps({
        "id": r.qid,
        "file": r.file,
        "status": r.status,
        "answer": None if a is None or a.is_unsupported else _json_answer(r),
        "expected": _json(r, r.expected) if r.has_expect else None,
        "why": [s.to_json() for s in a.why] if a else [],
        "witness": json_value(a.witness) if a and not a.is_unsupported else None,
        "message": r.message or None,
    }, ensure_ascii=False, default=str)


def to_text(r: Result, verbose: bool = True) -> str:
    """A result as lines for a person."""
    head = f"{r.status.upper():11} {r.qid or '?'}  ({r.file})"
    lines = [head]
    a = r.answer
    if r.status == "error":
        lines.append(f"  error: {r.message}")
        return "\n".join(lines)
    if a is not None and a.is_unsupported:
        lines.append(f"  unsupported: {a.unsupported}")
    elif a is not None:
        lines.append(f"  answer: {_text(r, a.value)}")
    if r.has_expect and r.status in ("fail", "unsupported"):
        lines.append(f"  expected: {_text(r, r.expected)}")
    if r.status == "fail" and r.message:
        lines.append(f"  fail: {r.message}")
    if verbose and a is not None and a.why:
        lines.append("  why:")
        for s in a.why:
            lines.append(f"    - [{', '.join(s.rules)}] {s.text}")
    if verbose and a is not None and a.witness and not a.is_unsupported:
        lines.append("  witness: " + json.dumps(json_value(a.witness), ensure_ascii=False, default=str))
    return "\n".join(lines)
