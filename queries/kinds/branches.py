"""A question's actions: performed with the engine (model.engine), every choice the rules leave open
considered and choices that lead to equal states merged; and the spec's "any kind may carry actions": a
question of another kind than outcome is asked in every branch the actions lead to."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, Unsupported
from mtgjudge.model.explain import Answer, Step, step, unsupported
from mtgjudge.queries.labels import shown_name


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
    happen (a step of a later branch goes after the last step it shares with the branches before it); a step
    that only some branches took says whose it is ("in branches 1, 3: ..."), and where the branches first part,
    each is named by its choices ("branch 2 of 3: ..."), as the witness lists the final states."""
    if len(finals) == 1:
        return list(dict.fromkeys(finals[0].steps))
    order: list[Step] = []
    for g in finals:
        own = set(g.steps)
        pos = 0
        for s in dict.fromkeys(g.steps):
            if s in order:
                pos = order.index(s) + 1
                continue
            while pos < len(order) and order[pos] not in own:
                pos += 1        # after what the branches before it did at this point
            order.insert(pos, s)
            pos += 1
    owners = {s: [k for k, g in enumerate(finals, 1) if s in g.steps] for s in order}
    n = len(finals)
    headers = [step((), f"branch {k} of {n}: " + ("; ".join(g.choices) or "no choice of its own"))
               for k, g in enumerate(finals, 1)]
    why: list[Step] = []
    for s in order:
        ks = owners[s]
        if len(ks) == n:
            why.append(s)
            continue
        if headers:
            why += headers
            headers = []
        which = f"in branch {ks[0]}" if len(ks) == 1 else f"in branches {', '.join(map(str, ks))}"
        why.append(step(s.rules, f"{which}: {s.text}"))
    return why + headers


def after_actions(question, answer: Callable[..., Answer], options: dict[str, Any]) -> Answer:
    """Perform the question's actions, then ``answer`` the question in every resulting branch. Equal
    answers merge; answers that differ are reported branch by branch (their value then equals no
    `expect`)."""
    finals = perform_actions(question)
    if isinstance(finals, Answer):
        return finals
    answers = []
    for g in finals:
        if question.about is not None and (not g.state.has(question.about) or g.state.obj(question.about).zone == "none"):
            return unsupported(f"after the actions, {question.about!r} no longer exists in some branch")
        answers.append(answer(replace(question, state=g.state, actions=()), **options))
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
