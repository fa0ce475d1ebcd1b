"""Fuzzing the question format: mutated corpus questions never crash the verifier and never
run past their time bound. Each is loaded and answered as ``check`` does; a question may be an error,
unsupported or anything else, but no exception escapes and none takes more than its bound plus 2 s.

Small here, for CI (``MTGJUDGE_FUZZ_EXAMPLES``, default 25); the long run that counts exit-3 results,
late questions and peak memory over 20,000 questions is ``bench/fuzz_questions.py``.
"""
from __future__ import annotations

import os
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.runner import STATUSES, run_question
from tests.question_mutations import mutated

EXAMPLES = int(os.environ.get("MTGJUDGE_FUZZ_EXAMPLES", "25"))
TIMEOUT = 1.0


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.randoms(use_true_random=False))
def test_a_mutated_question_is_answered_or_refused_within_its_bound(rng):
    text = mutated(rng)
    start = time.monotonic()
    for item in load_text(text, "fuzz.yaml"):
        if isinstance(item, QuestionError):
            assert item.file == "fuzz.yaml" and str(item).startswith("fuzz.yaml")
            continue
        r = run_question(item, timeout=TIMEOUT)
        assert r.status in STATUSES
        assert time.monotonic() - start < TIMEOUT + 2, (r.qid, r.status, text[:2000])
        start = time.monotonic()
