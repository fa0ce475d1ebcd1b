"""The kinds of question (the spec's ``ask``): the registry, and answering a question of any kind.

Each kind is one module here that builds its :class:`Kind` record (see :mod:`.record`): its own keys,
how its ``expect`` is read and compared, its answer and the options it takes, how its answer is shown.
:data:`KINDS` registers them; the format (the keys a question may have, its expectation), the runner and
the report read everything kind-specific from there. Adding a kind is its module plus its line in
:data:`KINDS`.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from mtgjudge.model.explain import Answer, unsupported
from mtgjudge.queries.kinds import (can_activate, can_attack, can_block, can_pay, can_play, could_produce, mana_options,
                                    outcome)
from mtgjudge.queries.kinds.branches import after_actions
from mtgjudge.queries.kinds.record import Key, Kind

__all__ = ["KINDS", "Key", "Kind", "answer"]

#: ask -> its Kind, in the order the spec lists the kinds (errors list them in this order).
KINDS: Mapping[str, Kind] = MappingProxyType({kind.name: kind for kind in (
    could_produce.KIND,
    can_activate.KIND,
    can_play.KIND,
    can_pay.KIND,
    mana_options.KIND,
    outcome.KIND,
    can_attack.KIND,      # kinds added after the first six register after them
    can_block.KIND,
)})


def answer(question, **options) -> Answer:
    """Answer one question; a kind that is not registered is `unsupported`.

    ``options`` (such as ``all_payments``) go to the kinds that declare them. The question's actions,
    for a kind that does not perform them itself, happen first, and the question is asked in every
    branch they lead to.
    """
    kind = KINDS.get(question.ask)
    if kind is None:
        return unsupported(f"question kind {question.ask!r} is not built yet")
    options = {k: v for k, v in options.items() if k in kind.options}
    if question.actions and not kind.performs_actions:
        return after_actions(question, kind.answer, options)
    return kind.answer(question, **options)
