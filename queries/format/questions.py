"""The question envelope: ``id``, ``ask``, the keys every question has (``state``, ``actions``,
``expect``, ``because``, ``rules``, ``source``, ``note``) and the keys of its kind, read into a
:class:`Question`. The keys of each kind, the ones it requires and how its ``expect`` is read come from
the kind registry (:data:`mtgjudge.queries.kinds.KINDS`).
"""
from __future__ import annotations

from dataclasses import field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from mtgjudge.model.names import close_matches
from mtgjudge.model.state import GameState
from mtgjudge.queries.format.actions import read_action
from mtgjudge.queries.format.fields import ID_RE, MAX_ACTIONS, QuestionError, QuestionValidator, describe, line_of
from mtgjudge.queries.format.state import build_state
from mtgjudge.queries.kinds import KINDS, Kind
from mtgjudge.model.lazy_dataclass import dataclass

COMMON_KEYS = ("id", "ask", "state", "actions", "expect", "because", "rules", "source", "note", "format")
#: The versions of the question format this verifier reads (``format:``, optional).
FORMATS = (1,)


@dataclass(frozen=True)
class Question:
    """One validated question: its state built, its references resolved, its expectation normalized.

    ``about`` is the object the question is about (an id, for the kinds that have ``about``); ``params``
    holds the kind's other keys as its :class:`~mtgjudge.queries.kinds.Key` records read them (``ability``:
    int or str, ``by``: a player name, ``x``: int, ``cost``: str, ``possible``: a tuple of assertion
    mappings). ``expect`` is normalized by the kind's ``parse_expect`` (could-produce: a frozenset of
    letters; can-*: bool or ``"illegal"``; mana-options: a frozenset of canonical mana strings or
    ``"unbounded"``; outcome: a tuple of assertion mappings, or ``"illegal"``); None when absent (then
    ``has_expect`` is False).
    """

    id: str
    file: str
    line: int
    ask: str
    about: str | None
    params: Mapping[str, Any]
    state: GameState
    actions: tuple[Mapping[str, Any], ...]
    expect: Any
    has_expect: bool
    because: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    source: str | None = None
    note: str | None = None
    #: The seconds reading it took (compiling its cards, mostly): they count against its time bound.
    read_seconds: float = field(default=0.0, compare=False, repr=False)


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _expect(d: QuestionValidator, kind: Kind, value: Any, line: int | None, has_actions: bool) -> Any:
    if value is None:
        d.fail("expect", line, "is empty: write the expected answer (for none: [])")
    if value == "illegal" and has_actions:   # an action the rules forbid, for any kind
        return "illegal"
    return kind.parse_expect(d, value, line)


def _unknown_key(d: QuestionValidator, doc: Any, ask: str, allowed: tuple[str, ...], k: Any) -> None:
    owners = [other.name for other in KINDS.values() if k in other.key_names]
    if owners:
        d.fail(k, line_of(doc, k), f"ask: {ask} takes no {k} (it is for {', '.join(owners)}); allowed: "
                                   f"{', '.join(allowed)}")
    close = close_matches(str(k), allowed, n=1, cutoff=0.7)
    mean = f"; did you mean {close[0]}?" if close else ""
    d.fail(str(k), line_of(doc, k), f"unknown key {describe(k)}{mean}; allowed for ask: {ask}: {', '.join(allowed)}")


def combined(errors: list[QuestionError]) -> QuestionError:
    """One error for all the errors of a question: the first's file, key and line, each other one on a line of
    its own after it."""
    first = errors[0]
    if len(errors) == 1:
        return first
    more = "".join(f"\n  and line {e.line}: key {e.key}: {e.message}" if e.key else f"\n  and line {e.line}: {e.message}"
                   for e in errors[1:])
    return QuestionError(f"{first.message} ({len(errors)} errors in this question){more}", first.file, first.qid,
                         first.key, first.line)


def read_question(d: QuestionValidator, doc: Any) -> Question:
    """One YAML document -> a Question (or the QuestionError, raised through ``d``)."""
    if not isinstance(doc, dict):
        d.fail(None, d.line, f"a question is a mapping with id:, ask:, state: ...; got {describe(doc)}")
    if "id" not in doc:
        d.fail("id", d.line, "every question needs id: (lower-case letters, digits and '-')")
    qid = doc["id"]
    if not isinstance(qid, str) or not ID_RE.fullmatch(qid):
        d.fail("id", line_of(doc, "id"), f"{describe(qid)} is not an id: lower-case letters, digits and '-', "
                                         "starting with a letter or digit")
    d.qid = qid
    if "format" in doc:
        version = doc["format"]
        if isinstance(version, bool) or version not in FORMATS:
            d.fail("format", line_of(doc, "format"), f"this verifier reads question format "
                                                     f"{', '.join(map(str, FORMATS))}; the question says {describe(version)}")
    names = tuple(KINDS)
    if "ask" not in doc:
        d.fail("ask", d.line, f"every question needs ask: one of {', '.join(names)}")
    ask = doc["ask"]
    if ask not in names:
        d.fail("ask", line_of(doc, "ask"), f"{describe(ask)} is not a kind of question; kinds: {', '.join(names)}")
    kind = KINDS[ask]
    allowed = COMMON_KEYS + kind.key_names
    # Every error of the question is reported at once (fix them all, run once): each part below that does not
    # depend on another is read on its own, and what depends on the state only when the state could be read.
    errors: list[QuestionError] = []

    def read(what: Callable[..., Any], default: Any = None) -> Any:
        # (``what`` is called with no arguments; ``Callable[..., Any]`` lets its loop values be bound as defaults)
        try:
            return what()
        except QuestionError as e:
            errors.append(e)
            return default

    for k in sorted(doc, key=lambda k: line_of(doc, k) or 0):
        if k not in allowed:
            read(lambda k=k: _unknown_key(d, doc, ask, allowed, k))
    for k in kind.required:
        if k not in doc:
            read(lambda k=k: d.fail(k, d.line, f"ask: {ask} needs {k}:"))
    check = kind.check
    if check is not None:
        read(lambda: check(d, doc))
    if "state" not in doc:
        read(lambda: d.fail("state", d.line, "every question needs state: (at least its players)"))
        state = None
    else:
        state = read(lambda: build_state(d, doc["state"], line_of(doc, "state")))

    about = None
    params: dict[str, Any] = {}
    actions: tuple[Mapping[str, Any], ...] = ()
    has_expect = "expect" in doc
    expect = None
    if state is not None:
        for key in kind.keys_in_read_order():
            if key.name in doc:
                if key.name == "about":   # what the question is about: a field of its own
                    # after actions it may be an object they make (a token), named as targets and assertions name it
                    about = read(lambda: d.obj_ref(doc["about"], "about", line_of(doc, "about"),
                                                   lenient="actions" in doc))
                    continue
                params[key.name] = read(lambda key=key: key.read(d, doc[key.name], key.name, line_of(doc, key.name)))

        if "actions" in doc:
            av = read(lambda: d.seq(doc["actions"], "actions", line_of(doc, "actions"), "a list of actions"), [])
            read(lambda: d.at_most(len(av), MAX_ACTIONS, "actions", line_of(doc, "actions"), "actions"))
            if "actions" in kind.required and not av and not errors:
                read(lambda: d.fail("actions", line_of(doc, "actions"), f"{_a(ask)} question needs at least one action"))
            actions = tuple(read(lambda i=i, a=a: read_action(d, a, f"actions[{i}]", line_of(av, i)), {})
                            for i, a in enumerate(av[:MAX_ACTIONS]))
        if has_expect:
            expect = read(lambda: _expect(d, kind, doc["expect"], line_of(doc, "expect"), bool(actions)))
    because = read(lambda: d.rule_list(doc["because"], "because", line_of(doc, "because")), ()) if "because" in doc else ()
    rules = read(lambda: d.rule_list(doc["rules"], "rules", line_of(doc, "rules")), ()) if "rules" in doc else ()
    source = read(lambda: d.string(doc["source"], "source", line_of(doc, "source"), "a string")) if "source" in doc else None
    note = read(lambda: d.string(doc["note"], "note", line_of(doc, "note"), "a string")) if "note" in doc else None
    if errors:
        raise combined(errors)
    assert state is not None    # without one, its error was raised just above
    return Question(id=qid, file=d.file, line=d.line, ask=ask, about=about, params=MappingProxyType(params),
                    state=state, actions=actions, expect=expect, has_expect=has_expect, because=because,
                    rules=rules, source=source, note=note)
