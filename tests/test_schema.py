"""`mtgjudge schema` describes the question format as the reader reads it: every bundled question, every
template and every example of the documentation fits it, and common mistakes do not."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgjudge.model.safe_yaml import load_documents
from mtgjudge.queries.api import CORPUS
from mtgjudge.queries.docs import FORMAT_DOC
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.schema import question_schema
from mtgjudge.queries.templates import template

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module")
def validator():
    schema = question_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def documents(text: str) -> list:
    return [d.data for d in load_documents(text)]


def test_every_bundled_question_fits(validator):
    bad = []
    for path in sorted(CORPUS.rglob("*.yaml")):
        for doc in documents(path.read_text()):
            bad += [f"{path.name} {doc.get('id')}: {e.message}" for e in validator.iter_errors(doc)]
    assert bad == []


def test_templates_and_documentation_examples_fit(validator):
    texts = [template(k) for k in KINDS]
    doc = (Path(__file__).resolve().parents[1] / FORMAT_DOC).read_text(encoding="utf-8")
    texts += re.findall(r"```yaml\n(.*?)```", doc, re.S)
    for text in texts:
        for d in documents(text):
            assert list(validator.iter_errors(d)) == [], d.get("id")


@pytest.mark.parametrize("mistake", [
    "id: q\nask: can-cast\nstate: {players: {Alice: {}}}\n",                          # no such kind
    "id: q\nask: can-pay\nstate: {players: {Alice: {}}}\nexpect: yes\n",              # can-pay needs cost
    "id: q\nask: can-pay\ncost: '{G}'\nabout: x\nstate: {players: {Alice: {}}}\n",   # about is not can-pay's
    "id: Q\nask: mana-options\nstate: {players: {Alice: {}}}\n",                      # id in capitals
    "id: q\nask: mana-options\nstate: {players: {Alice: {battlefeld: []}}}\n",        # a typo in a zone
    "id: q\nask: outcome\nstate: {players: {Alice: {}}}\nactions: [{kast: x}]\nexpect: []\n",
    "id: q\nask: could-produce\nabout: x\nstate: {players: {Alice: {}}}\nexpect: [Q]\n",
])
def test_mistakes_do_not_fit(validator, mistake):
    (doc,) = documents(mistake)
    assert list(validator.iter_errors(doc)), mistake
