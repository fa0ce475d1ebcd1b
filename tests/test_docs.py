"""The question format's documentation (docs/question-format.md) stays true: every YAML example in it is
a question that loads and passes, and it is shipped with the package."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgjudge.queries.docs import FORMAT_DOC, format_doc
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.format.questions import COMMON_KEYS, Question
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.runner import run_question

DOC = Path(__file__).resolve().parents[1] / FORMAT_DOC
EXAMPLES = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_documentation_has_examples_of_every_kind():
    asked = {q.ask for text in EXAMPLES for q in load_text(text) if isinstance(q, Question)}
    assert asked == set(KINDS)


@pytest.mark.parametrize("text", EXAMPLES, ids=[re.search(r"id: (\S+)", t).group(1) for t in EXAMPLES])
def test_each_example_loads_and_passes(text):
    items = load_text(text, FORMAT_DOC)
    assert items
    for q in items:
        assert isinstance(q, Question), str(q)
        r = run_question(q)
        assert r.status == "pass", r.message or (r.answer and r.answer.unsupported)


def test_the_documentation_names_every_key():
    text = DOC.read_text(encoding="utf-8")
    keys = set(COMMON_KEYS) | {k for kind in KINDS.values() for k in kind.key_names}
    assert [k for k in sorted(keys) if f"`{k}`" not in text] == []


def test_the_installed_package_carries_the_documentation():
    assert format_doc() == DOC.read_text(encoding="utf-8")
