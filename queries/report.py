"""Render results: readable text for people, one JSON object per question for machines (the spec's keys
``id, file, status, answer, expected, why``, plus ``witness`` and ``message``)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtgjudge.queries.runner import Result, sorted_value


def json_value(v: Any) -> Any:
    """An answer or expectation in the spec's JSON form."""
    if isinstance(v, frozenset):
        return sorted_value(v)
    if isinstance(v, (list, tuple)):
        return [json_value(x) for x in v]
    if isinstance(v, Mapping):
        return {k: json_value(x) for k, x in v.items()}
    return v


def _json_answer(r: Result) -> Any:
    """The spec's JSON answer: for outcome, the distinct final states with the choices leading to each
    (or "illegal"); for other kinds the value itself."""
    a = r.answer
    if r.ask == "outcome" and a.value != "illegal":
        return json_value(a.witness)
    return json_value(a.value)


def to_json(r: Result) -> str:
    a = r.answer
    return json.dumps({
        "id": r.qid,
        "file": r.file,
        "status": r.status,
        "answer": None if a is None or a.is_unsupported else _json_answer(r),
        "expected": json_value(r.expected) if r.has_expect else None,
        "why": [s.to_json() for s in a.why] if a else [],
        "witness": json_value(a.witness) if a and not a.is_unsupported else None,
        "message": r.message or None,
    }, ensure_ascii=False, default=str)


def show_value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, frozenset):
        items = sorted_value(v)
        return "[" + ", ".join(f'"{i}"' if i == "" else i for i in items) + "]" if items else "[] (none)"
    if isinstance(v, (tuple, list, Mapping)):
        return json.dumps(json_value(v), ensure_ascii=False, default=str)
    return str(v)


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
        lines.append(f"  answer: {show_value(a.value)}")
    if r.has_expect and r.status in ("fail", "unsupported"):
        lines.append(f"  expected: {show_value(r.expected)}")
    if r.status == "fail" and r.message:
        lines.append(f"  fail: {r.message}")
    if verbose and a is not None and a.why:
        lines.append("  why:")
        for s in a.why:
            lines.append(f"    - [{', '.join(s.rules)}] {s.text}")
    if verbose and a is not None and a.witness and not a.is_unsupported:
        lines.append("  witness: " + json.dumps(json_value(a.witness), ensure_ascii=False, default=str))
    return "\n".join(lines)
