"""Run questions: answer each, compare with ``expect`` and ``because``, and give it a status (the spec's
table: pass, fail, answered, unsupported, error). What the answer is compared with, and what a failure
adds to its message, come from the question's kind (:data:`mtgjudge.queries.kinds.KINDS`)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgjudge.model import deadline
from mtgjudge.model.cards.store import DamagedRecord
from mtgjudge.model.errors import DefinitionError, InputError, Unsupported
from mtgjudge.model.explain import Answer
from mtgjudge.queries.format.files import ReadingBound
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.kinds import answer as answer_question
from mtgjudge.queries.kinds.record import sorted_value
from mtgjudge.queries.labels import shown_name
from mtgjudge.model.lazy_dataclass import dataclass

STATUSES = ("pass", "fail", "answered", "unsupported", "error")


@dataclass(frozen=True)
class Result:
    """One question's outcome in a run."""

    qid: str | None
    file: str
    status: str
    answer: Answer | None = None
    expected: Any = None
    has_expect: bool = False
    message: str = ""          # error text, or why it failed
    ask: str = ""
    line: int | None = None    # where the question starts in its file
    #: The expectation as the question wrote it, for showing (outcome: its assertions); ``expected`` is
    #: what the answer was compared with.
    written: Any = None
    #: (id, card name) of the question's objects, then of those made during its actions: for showing
    #: objects by name. ``given``: the ids the question's author wrote.
    objects: tuple[tuple[str, str], ...] = ()
    given: tuple[str, ...] = ()


def run_question(q, timeout: float | None = deadline.DEFAULT_SECONDS, **options) -> Result:
    """Answer one loaded Question (never raises for a question's own problems) within ``timeout``
    seconds (None: no bound); past it the result is `unsupported`, naming the bound."""
    r = answer_result(q, timeout, **options)
    objects = tuple((o.id, shown_name(o)) for o in q.state.objects)
    made = getattr(r.answer, "objects", ())
    kind = KINDS.get(q.ask)
    written = kind.written(q) if kind is not None and r.has_expect else r.expected
    return replace(r, ask=q.ask, line=q.line, written=written, objects=objects + tuple(made),
                   given=tuple(i for i, _ in objects if not i.startswith("_")))


def error_result(e) -> Result:
    """The result of a question that could not be read (a :class:`QuestionError`): `unsupported` for one
    whose reading reached its time bound, else an error."""
    if isinstance(e, ReadingBound):
        return Result(e.qid, e.file, "unsupported", Answer(unsupported=e.message), message=e.message, line=e.line)
    return Result(e.qid, e.file, "error", message=str(e), line=e.line)


def answer_result(q, timeout: float | None = deadline.DEFAULT_SECONDS, **options) -> Result:
    """``run_question``'s answer, status and message, without what showing the result needs (the objects' names,
    the expectation as written): for a caller that shows it its own way (a board asking many questions)."""
    try:
        with deadline.bound(timeout, spent=getattr(q, "read_seconds", 0.0)):
            ans = answer_question(q, **options)
    except InputError as e:
        return Result(q.id, q.file, "error", message=f"{q.file}:{q.line}: question {q.id}: key {e.key}: {e.message}")
    except DamagedRecord as e:     # a card the answer looked up (a token, a named card): this question's error
        return Result(q.id, q.file, "error", message=f"{q.file}:{q.line}: question {q.id}: {e}")
    except Unsupported as e:
        ans = Answer(unsupported=str(e))
    except DefinitionError as e:
        # A card's words read while answering (a noun phrase, a count, a trigger's condition) that the phrase
        # reader refuses: the compiler checks the words it keeps, and a word it let through is a line not
        # modelled, never a crash.
        ans = Answer(unsupported=f"a phrase of a card's text could not be read while answering ({e})")
    except (RecursionError, MemoryError) as e:
        # a question too large for the interpreter's stack or the machine's memory is past a bound, not a bug
        what = "nesting (the interpreter's recursion limit)" if isinstance(e, RecursionError) else "memory"
        ans = Answer(unsupported=f"answering reached the bound of {what}")
    kind = KINDS.get(q.ask)
    expected, has_expect = kind.expectation(q) if kind is not None else (q.expect, q.has_expect)
    if ans.is_unsupported:
        return Result(q.id, q.file, "unsupported", ans, expected, has_expect, ans.unsupported or "")
    if not has_expect:
        return Result(q.id, q.file, "answered", ans)
    if not _equal(ans.value, expected):
        detail = kind.fail_detail(ans) if kind is not None else ""
        if kind is not None and kind.as_written is not None and expected != "illegal":
            # the expectation is what was written (outcome's assertions): say which part does not hold
            message = detail[2:] if detail else f"the assertions could not be checked: the answer is {_show(ans.value)}"
        else:
            message = f"expected {_show(expected)}, answered {_show(ans.value)}{detail}"
        return Result(q.id, q.file, "fail", ans, expected, True, message)
    missing = [r for r in q.because if not _cites(ans.cited_rules(), r)]
    if missing:
        return Result(q.id, q.file, "fail", ans, expected, True,
                      f"the answer is right but its reasons do not cite {', '.join(missing)}")
    return Result(q.id, q.file, "pass", ans, expected, True)


def _cites(cited: set[str], rule: str) -> bool:
    """A reason citing 107.4e also cites 107.4 (a subrule is part of its rule)."""
    return any(c == rule or (c.startswith(rule) and c[len(rule):len(rule) + 1].isalpha()) for c in cited)


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b if isinstance(a, bool) and isinstance(b, bool) else False
    return a == b


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, frozenset):
        return "[" + ", ".join(sorted_value(v)) + "]"
    return str(v)


def summary_line(results: list[Result]) -> str:
    """``N passed, N failed, N unsupported, N errors`` (``, N answered`` where non-zero)."""
    n = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    line = f"{n['pass']} passed, {n['fail']} failed, {n['unsupported']} unsupported, {n['error']} errors"
    if n["answered"]:
        line += f", {n['answered']} answered"
    return line
