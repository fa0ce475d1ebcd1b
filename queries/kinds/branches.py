"""A question's actions: performed with the engine (model.engine), every choice the rules leave open
considered and choices that lead to equal states merged; and the spec's "any kind may carry actions": a
question of another kind than outcome is asked in every branch the actions lead to."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable

from mtgjudge.model.errors import Illegal, Unsupported
from mtgjudge.model.explain import Answer, Step, step, unsupported
from mtgjudge.model.names import names_of, normalize
from mtgjudge.queries.labels import shown_name
from mtgjudge.model.lazy_dataclass import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.model.engine.game import Game


@dataclass(frozen=True)
class ActionsAnswer(Answer):
    """An answer after actions; ``objects``: (id, card name) of the objects the actions made (tokens,
    cards drawn), so that the report can name them."""

    objects: tuple[tuple[str, str], ...] = ()


def made_objects(question, finals: Iterable[Game]) -> tuple[tuple[str, str], ...]:
    """(id, card name) of the objects in the final states that the question's state did not have."""
    known = {o.id for o in question.state.objects}
    out: dict[str, str] = {}
    for g in finals:
        for o in g.state.objects:
            if o.id not in known:
                out.setdefault(o.id, shown_name(o))
    return tuple(out.items())


def perform_actions(question) -> list[Game] | Answer:
    """The question's actions performed on its state: the distinct final branches, or the Answer that
    ends the question there ("illegal" with the rule, or unsupported naming what the engine can't do)."""
    # the engine (~15 ms to import) when actions are performed, not for every question read
    from mtgjudge.model.engine.actions import run
    from mtgjudge.model.engine.game import Game

    game = Game(state=question.state, initial=question.state)
    try:
        return run(game, question.actions)
    except Illegal as e:
        return Answer(value="illegal", why=tuple(e.why))
    except Unsupported as e:
        return unsupported(str(e))


def branch_steps(finals: list[Game]) -> list[Step]:
    """The rules the engine applied, without running different branches together as if one game did them all.

    With one final state, its steps. With several, the steps of every branch's history in the order they
    happen (a step of a later branch goes just before the next step it shares with the branches before it); a step
    that only some branches took says whose it is ("in branches 1-3, 5: ..."), and where the branches first
    part, each is named by its choices ("branch 2 of 3: ..."), numbered as the witness lists the final states."""
    if len(finals) == 1:
        return list(dict.fromkeys(finals[0].steps))
    # The order so far, a doubly linked list (END both ends it): each new step of a branch goes just before the
    # next step of that branch already placed, after what other branches did in between.
    END = object()
    nxt: dict = {END: END}
    prv: dict = {END: END}
    owners: dict[Step, list[int]] = {}
    for k, g in enumerate(finals, 1):
        steps = list(dict.fromkeys(g.steps))
        for st in steps:
            owners.setdefault(st, []).append(k)
        succ: object = END
        before: list = []
        for st in reversed(steps):
            before.append(succ)
            if st in nxt:
                succ = st
        for st, at in zip(steps, reversed(before)):
            if st in nxt:
                continue
            nxt[st], prv[st] = at, prv[at]
            nxt[prv[at]] = st
            prv[at] = st
    order: list[Step] = []
    st = nxt[END]
    while st is not END:
        order.append(st)
        st = nxt[st]
    n = len(finals)
    headers = [step((), f"branch {k} of {n}: " + ("; ".join(g.choices) or "no choice of its own"))
               for k, g in enumerate(finals, 1)]
    why: list[Step] = []
    for st in order:
        ks = owners[st]
        if len(ks) == n:
            why.append(st)
            continue
        why += headers
        headers = []
        why.append(step(st.rules, f"{_branches(ks, n)}: {st.text}"))
    return why + headers


def _branches(ks: list[int], n: int) -> str:
    """"in branch 2", "in branches 1-3, 5", or, when that is shorter, "in every branch but 4"."""
    def runs(xs: list[int]) -> str:
        out, i = [], 0
        while i < len(xs):
            j = i
            while j + 1 < len(xs) and xs[j + 1] == xs[j] + 1:
                j += 1
            out.append(str(xs[i]) if i == j else f"{xs[i]}-{xs[j]}")
            i = j + 1
        return ", ".join(out)
    if len(ks) == 1:
        return f"in branch {ks[0]}"
    said = f"in branches {runs(ks)}"
    taken = set(ks)
    others = [k for k in range(1, n + 1) if k not in taken]
    but = f"in every branch but {runs(others)}"
    return but if len(but) < len(said) else said


def after_actions(question, answer: Callable[..., Answer], options: dict[str, Any]) -> Answer:
    """Perform the question's actions, then ``answer`` the question in every resulting branch. Equal
    answers merge; answers that differ are reported branch by branch (their value then equals no
    `expect`)."""
    finals = perform_actions(question)
    if isinstance(finals, Answer):
        return finals
    answers = []
    for g in finals:
        about = question.about
        if about is not None and not g.state.has(about):
            # a name (an object the actions made): the one object of the branch that answers to it
            named = [o.id for o in g.state.objects if o.zone != "none" and normalize(about) in names_of(o)]
            if len(named) > 1:
                return unsupported(f"after the actions, {len(named)} objects are named {about!r} in some branch: "
                                   "the question is about one")
            about = named[0] if named else about
        if about is not None and (not g.state.has(about) or g.state.obj(about).zone == "none"):
            return unsupported(f"after the actions, {question.about!r} no longer exists in some branch")
        answers.append(answer(replace(question, state=g.state, actions=(), about=about), **options))
    for a in answers:
        if a.is_unsupported:
            return a
    lead = tuple(branch_steps(finals))
    made = made_objects(question, finals)
    if all(a.value == answers[0].value for a in answers):
        note = step((), f"the actions lead to {len(finals)} distinct state(s); the answer is the same in each"
                        + ("; the reasons that follow are branch 1's" if len(finals) > 1 else ""))
        return ActionsAnswer(answers[0].value, lead + (note,) + answers[0].why, answers[0].witness, objects=made)
    per_branch = tuple((list(g.choices), a.value) for g, a in zip(finals, answers))
    return ActionsAnswer(BranchAnswers(per_branch), lead + tuple(
        step((), f"branch {i + 1} ({', '.join(map(str, ch)) or 'no choices'}): {say(v)}") for i, (ch, v) in enumerate(per_branch)),
        [{"choices": ch, "answer": v} for ch, v in per_branch], objects=made)


class BranchAnswers(tuple):
    """Answers that differ between the branches the actions lead to: (choices, value) pairs. It equals no
    single expected answer, so a question expecting one answer fails and shows each branch."""

    def __str__(self) -> str:
        return "; ".join(f"{', '.join(map(str, ch)) or 'no choices'}: {say(v)}" for ch, v in self)


def say(v: Any) -> str:
    """One branch's answer in words: yes/no, a list of mana, or the value itself."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, frozenset):
        return "[" + ", ".join(sorted(v)) + "]"
    return str(v)
