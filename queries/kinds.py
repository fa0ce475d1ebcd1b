"""The kinds of question (the spec's ``ask``) and the function that answers each.

Each kind module exposes ``answer(question) -> Answer``; a kind with no module yet answers `unsupported`,
saying which kind.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Callable

from queries.answers import Answer, unsupported

#: ask -> module implementing it (imported only when a question of that kind is asked, so that z3 is
#: loaded only when needed).
KIND_MODULES: dict[str, str] = {
    "can-activate": "queries.can_activate",
    "could-produce": "queries.could_produce",
    "mana-options": "queries.mana_options",
    "can-pay": "queries.can_pay",
    "can-play": "queries.can_play",
    "outcome": "queries.outcome",
}


def answerer(kind: str) -> Callable[..., Answer] | None:
    """The answer function for a kind, or None when the kind is not built yet."""
    name = KIND_MODULES.get(kind)
    if name is None:
        return None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(module, "answer")


def answer(question, **options) -> Answer:
    """Answer one question; kinds not built yet are `unsupported`.

    ``options`` (such as ``all_payments``) go to the kinds that take them.
    """
    fn = answerer(question.ask)
    if fn is None:
        return unsupported(f"question kind {question.ask!r} is not built yet")
    if question.actions and question.ask != "outcome":
        # The actions would have to happen first; the game engine that performs them is not built yet.
        kinds = ", ".join(sorted({next(iter(a)) for a in question.actions}))
        return unsupported(f"actions ({kinds}) before the question are not modelled yet")
    accepted = inspect.signature(fn).parameters
    return fn(question, **{k: v for k, v in options.items() if k in accepted})
