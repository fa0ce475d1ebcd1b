"""The kinds of question (the spec's ``ask``): the registry, and answering a question of any kind.

Each kind is one module here that builds its :class:`Kind` record (see :mod:`.record`): its own keys,
how its ``expect`` is read and compared, its answer and the options it takes, how its answer is shown.
:data:`KINDS` registers them; the format (the keys a question may have, its expectation), the runner and
the report read everything kind-specific from there. Adding a kind is its module plus its name in
:data:`NAMES` and its import in ``_kind``: a kind's module is imported when a question of that kind is read.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from mtgjudge.model.explain import Answer, unsupported
from mtgjudge.queries.kinds.record import Key, Kind

__all__ = ["KINDS", "Key", "Kind", "answer"]


def _kind(ask: str) -> Kind:
    """The record of the kind ``ask`` (one of :data:`NAMES`), its module imported now: each kind's module imports
    the part of the model it asks (combat for can-attack, the engine's pool terms for mana-options, ...), so a
    process imports the kinds its questions ask, not every kind."""
    if ask == "could-produce":
        from mtgjudge.queries.kinds import could_produce

        return could_produce.KIND
    if ask == "can-activate":
        from mtgjudge.queries.kinds import can_activate

        return can_activate.KIND
    if ask == "can-play":
        from mtgjudge.queries.kinds import can_play

        return can_play.KIND
    if ask == "can-pay":
        from mtgjudge.queries.kinds import can_pay

        return can_pay.KIND
    if ask == "mana-options":
        from mtgjudge.queries.kinds import mana_options

        return mana_options.KIND
    if ask == "outcome":
        from mtgjudge.queries.kinds import outcome

        return outcome.KIND
    if ask == "can-attack":
        from mtgjudge.queries.kinds import can_attack

        return can_attack.KIND
    if ask == "can-block":
        from mtgjudge.queries.kinds import can_block

        return can_block.KIND
    raise KeyError(ask)


#: The kinds' names, in the order the spec lists them (errors list them in this order); kinds added after the
#: first six register after them.
NAMES = ("could-produce", "can-activate", "can-play", "can-pay", "mana-options", "outcome", "can-attack", "can-block")


class _Registry(Mapping[str, Kind]):
    """ask -> its Kind, read-only; a kind's module is imported when its record is first looked up (its name
    alone, as in ``tuple(KINDS)`` or ``ask in KINDS``, imports nothing)."""

    def __init__(self) -> None:
        self._made: dict[str, Kind] = {}

    def __getitem__(self, ask: str) -> Kind:
        made = self._made.get(ask)
        if made is None:
            if ask not in NAMES:
                raise KeyError(ask)
            made = self._made[ask] = _kind(ask)
            if made.name != ask:
                raise ValueError(f"the module of kind {ask!r} registers {made.name!r}")
        return made

    def __contains__(self, ask: object) -> bool:
        return ask in NAMES

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)


#: ask -> its Kind, in the order of :data:`NAMES`.
KINDS: Mapping[str, Kind] = _Registry()


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
        from mtgjudge.queries.kinds.branches import after_actions   # the engine's actions, only for a question with them

        return after_actions(question, kind.answer, options)
    return kind.answer(question, **options)
