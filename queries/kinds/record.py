"""What a kind of question declares: the :class:`Kind` record, the :class:`Key` records of its own keys,
and the pieces several kinds share (the keys ``about``, ``by`` and ``x``, the ``yes``/``no`` expectation,
and how an answer's value is shown in JSON and in text).

Each kind's module (``queries/kinds/<kind>.py``) builds its record; the package
(:mod:`mtgjudge.queries.kinds`) registers them.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping

from mtgjudge.model.errors import InputError
from mtgjudge.model.explain import Answer
from mtgjudge.queries.format.fields import QuestionValidator, describe
from mtgjudge.model.lazy_dataclass import dataclass

#: How a key's value is read: ``(validator, value, path, line) -> value`` (kept in ``Question.params``, or
#: in ``Question.about`` for ``about``); a wrong value raises the QuestionError through the validator.
Reader = Callable[[QuestionValidator, Any, str, "int | None"], Any]
#: How ``expect:`` is read and normalized: ``(validator, value, line) -> expectation``.
ExpectReader = Callable[[QuestionValidator, Any, "int | None"], Any]


# --------------------------------------------------------------------------------------------- values

def sorted_value(v: frozenset) -> list[str]:
    """Mana letters in WUBRGC order; mana strings sorted."""
    order = "WUBRGC"
    if all(isinstance(x, str) and len(x) == 1 and x in order for x in v):
        return sorted(v, key=order.index)
    return sorted(v)


def json_value(v: Any) -> Any:
    """An answer or expectation in the spec's JSON form."""
    if v is None or isinstance(v, (str, int, float)):
        return v
    if isinstance(v, frozenset):
        return sorted_value(v)
    if isinstance(v, (list, tuple)):
        if all(type(x) is str for x in v):
            return list(v)
        return [json_value(x) for x in v]
    if isinstance(v, Mapping):
        return {k: json_value(x) for k, x in v.items()}
    return v


def show_value(v: Any) -> str:
    """An answer or expectation as ``ask`` and ``check`` print it for people."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, frozenset):
        items = sorted_value(v)
        return "[" + ", ".join(f'"{i}"' if i == "" else i for i in items) + "]" if items else "none"
    if isinstance(v, (tuple, list, Mapping)):
        return json.dumps(json_value(v), ensure_ascii=False, default=str)
    return str(v)


_PLAIN = re.compile(r"[A-Za-z_][\w .'/-]*")
_YAML_WORDS = {"yes", "no", "true", "false", "on", "off", "null", "y", "n", "~"}


def flow(v: Any) -> str:
    """A value as YAML flow style, the way a question file writes it: ``{object: bear, tapped: true,
    counters: {"+1/+1": 3}}``; strings quoted only where YAML would need it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple, frozenset)):
        return "[" + ", ".join(flow(x) for x in (sorted_value(v) if isinstance(v, frozenset) else v)) + "]"
    if isinstance(v, str):
        if _PLAIN.fullmatch(v) and v.lower() not in _YAML_WORDS and not v.endswith(" "):
            return v
        return json.dumps(v, ensure_ascii=False)
    return str(v)


# --------------------------------------------------------------------------------------------- the record

@dataclass(frozen=True)
class Key:
    """One of a kind's own keys (besides the keys every question has): its name and how it is read."""

    name: str
    read: Reader


def _as_written(question: Any) -> tuple[Any, bool]:
    return question.expect, question.has_expect


def _value(answer: Answer) -> Any:
    return answer.value


def _no_detail(answer: Answer) -> str:
    return ""


def _no_answer_text(answer: Answer) -> str | None:
    return None


@dataclass(frozen=True)
class Kind:
    """A kind of question (the spec's ``ask``): everything the format, the runner and the report need
    to know about it.

    * ``name``: the ``ask``.
    * ``answer(question, **options) -> Answer``: answers a question of this kind about its state (it may
      raise ``Unsupported``, or ``InputError`` for a key that is wrong for the state). ``options``: the
      options it takes (such as ``all_payments``); the others are not passed to it.
    * ``keys``: its own keys, as the spec lists them (errors list them in this order); ``read_order``:
      the order they are read in (which key's error is reported first), when it is not that one.
    * ``required``: the keys it cannot go without (common ones included: an outcome needs ``actions``;
      a kind that requires ``actions`` needs at least one).
    * ``parse_expect``: reads ``expect:`` into its normalized value (``illegal`` after actions is read for
      every kind before it is called); ``check``: more checks of the question's keys, run after the
      required keys are checked.
    * ``performs_actions``: its answer performs the question's actions itself; for any other kind they are
      performed first and the kind is asked in every branch.
    * ``expectation(question) -> (expected, has_expect)``: what the answer's value is compared with, and
      whether there is anything to compare.
    * ``json_answer(answer)``: what the JSON ``answer`` shows, before ``to_json``; ``to_json`` and
      ``to_text``: an answer's value or an expectation in JSON form, and in text for people.
    * ``fail_detail(answer) -> str``: what is added to the message of a failed question (``; ...``).
    * ``as_written(question)``: the expectation as the question wrote it, for showing (default: what the
      answer is compared with); ``written_lines``: it in text, one line each (default: one line,
      ``to_text``); ``answer_text(answer)``: the answer in text when its value alone does not say it
      (outcome: how many assertions hold), or None.
    """

    name: str
    answer: Callable[..., Answer]
    keys: tuple[Key, ...]
    required: tuple[str, ...]
    parse_expect: ExpectReader
    options: tuple[str, ...] = ()
    read_order: tuple[str, ...] = ()
    check: Callable[[QuestionValidator, Mapping[str, Any]], None] | None = None
    performs_actions: bool = False
    expectation: Callable[[Any], tuple[Any, bool]] = _as_written
    json_answer: Callable[[Answer], Any] = _value
    to_json: Callable[[Any], Any] = json_value
    to_text: Callable[[Any], str] = show_value
    fail_detail: Callable[[Answer], str] = _no_detail
    as_written: Callable[[Any], Any] | None = None
    written_lines: Callable[[Any], list[str]] | None = None
    answer_text: Callable[[Answer], str | None] = _no_answer_text

    def __post_init__(self) -> None:
        if self.read_order and sorted(self.read_order) != sorted(self.key_names):
            raise ValueError(f"kind {self.name}: read_order {self.read_order} must order its keys {self.key_names}")

    def written(self, question: Any) -> Any:
        """The expectation as ``question`` wrote it, for showing."""
        return self.as_written(question) if self.as_written is not None else self.expectation(question)[0]

    def written_text(self, written: Any) -> list[str]:
        """The written expectation in text, one line each."""
        return self.written_lines(written) if self.written_lines is not None else [self.to_text(written)]

    @property
    def key_names(self) -> tuple[str, ...]:
        """Its own keys' names, as the spec lists them."""
        return tuple(k.name for k in self.keys)

    def keys_in_read_order(self) -> tuple[Key, ...]:
        """Its own keys in the order they are read."""
        if not self.read_order:
            return self.keys
        by_name = {k.name: k for k in self.keys}
        return tuple(by_name[n] for n in self.read_order)


# --------------------------------------------------------------------------------------------- shared pieces

#: ``about``: what the question is about, an object of the state (by id or name).
ABOUT = Key("about", QuestionValidator.obj_ref)
#: ``by``: a player of the state.
BY = Key("by", QuestionValidator.player)


def asking_player(question, state, default: str) -> str:
    """The player a question is asked for: its ``by``, else ``default``. ``by`` names a player of the
    question's state; one who left the game during its actions (800.4a) is the question's error."""
    player = question.params.get("by") or default
    if player not in state.player_names:
        raise InputError("by" if question.params.get("by") else "actions",
                         f"{player} has left the game during the actions (CR 800.4a): ask about a player still in it")
    return player


def _read_x(d: QuestionValidator, value: Any, path: str, line: int | None) -> int:
    return d.integer(value, path, line, 0)


#: ``x``: the X to use (0 or more).
X = Key("x", _read_x)


def expect_yes_no(d: QuestionValidator, value: Any, line: int | None) -> bool | str:
    """``expect`` of a can-* kind: ``yes`` or ``no`` (``true``/``false``, quoted or not), or ``illegal``."""
    if value == "illegal":
        return "illegal"
    if isinstance(value, str) and value.strip().lower() in ("yes", "true", "no", "false"):
        return value.strip().lower() in ("yes", "true")
    if not isinstance(value, bool):
        d.fail("expect", line, f"must be yes, no or illegal; got {describe(value)}")
    return value
