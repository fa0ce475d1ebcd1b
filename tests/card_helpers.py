"""Helpers of the tests that compile cards from Oracle text, as imported cards are, and ask questions about them."""
from __future__ import annotations

import yaml

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.format.questions import read_question
from mtgjudge.queries.runner import Result, run_question


def card(name: str, type_line: str, cost: str | None, text: str, pt: str = "") -> CardDef:
    """A card compiled from Oracle text, as an imported card is."""
    p, t = pt.split("/") if pt else (None, None)
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, cost, type_line, text, p, t),)))


def result(doc: str, *cards: CardDef) -> Result:
    """The result of one question (YAML text), with ``cards`` beside the built-in ones."""
    d = QuestionValidator(file="<test>", line=1, cards={normalize(c.name): (c, 0) for c in cards})
    return run_question(read_question(d, yaml.safe_load(doc)))


def answer(doc: str, *cards: CardDef) -> tuple[str, object, str]:
    """The status, the answer's value and the message of one question, with ``cards`` beside the built-in ones."""
    r = result(doc, *cards)
    return r.status, (r.answer.value if r.answer is not None else None), r.message


def answer_and_reasons(doc: str, *cards: CardDef) -> tuple[str, object, str]:
    """As ``answer``, with the answer's reasons, one a line, in place of the message of an answered question."""
    r = result(doc, *cards)
    if r.answer is None:
        return r.status, None, r.message
    return r.status, r.answer.value, r.message or "\n".join(w.text for w in r.answer.why)
