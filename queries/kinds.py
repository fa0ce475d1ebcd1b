"""The kinds of question (the spec's ``ask``) and the function that answers each.

Each kind module exposes ``answer(question) -> Answer``; a kind with no module yet answers `unsupported`,
saying which kind.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Callable

from mtgjudge.model.explain import Answer, unsupported

#: ask -> module implementing it (imported only when a question of that kind is asked, so that z3 is
#: loaded only when needed).
KIND_MODULES: dict[str, str] = {
    "can-activate": "mtgjudge.queries.can_activate",
    "could-produce": "mtgjudge.queries.could_produce",
    "mana-options": "mtgjudge.queries.mana_options",
    "can-pay": "mtgjudge.queries.can_pay",
    "can-play": "mtgjudge.queries.can_play",
    "outcome": "mtgjudge.queries.outcome",
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
    accepted = inspect.signature(fn).parameters
    options = {k: v for k, v in options.items() if k in accepted}
    if question.actions and question.ask != "outcome":
        return _after_actions(question, fn, options)
    return fn(question, **options)


def _after_actions(question, fn: Callable[..., Answer], options: dict) -> Answer:
    """The spec's "any kind may carry actions": perform them (model.engine, every choice considered), then
    ask the question in every resulting branch. Equal answers merge; answers that differ are reported
    branch by branch (their value then equals no `expect`)."""
    from dataclasses import replace

    from mtgjudge.model.explain import step
    from mtgjudge.queries.outcome import perform_actions

    finals = perform_actions(question)
    if isinstance(finals, Answer):
        return finals
    answers = []
    for g in finals:
        if question.about is not None and (not g.state.has(question.about) or g.state.obj(question.about).zone == "none"):
            return unsupported(f"after the actions, {question.about!r} no longer exists in some branch")
        answers.append(fn(replace(question, state=g.state, actions=()), **options))
    for a in answers:
        if a.is_unsupported:
            return a
    done = tuple(s for g in finals for s in g.steps)
    lead = tuple(dict.fromkeys(done))
    if all(a.value == answers[0].value for a in answers):
        note = step((), f"the actions lead to {len(finals)} distinct state(s); the answer is the same in each")
        return Answer(answers[0].value, lead + (note,) + answers[0].why, answers[0].witness)
    per_branch = tuple((list(g.choices), a.value) for g, a in zip(finals, answers))
    return Answer(BranchAnswers(per_branch), lead + tuple(
        step((), f"branch {i + 1} ({', '.join(map(str, ch)) or 'no choices'}): {v}") for i, (ch, v) in enumerate(per_branch)),
        [{"choices": ch, "answer": v} for ch, v in per_branch])


class BranchAnswers(tuple):
    """Answers that differ between the branches the actions lead to: (choices, value) pairs. It equals no
    single expected answer, so a question expecting one answer fails and shows each branch."""

    def __str__(self) -> str:
        return "; ".join(f"{', '.join(map(str, ch)) or 'no choices'}: {v}" for ch, v in self)
