"""Fuzzing card data (beside the question fuzzer, tests/test_fuzz.py): mutated Scryfall, MTGJSON v5 and v3 files
(tests/card_mutations.py) never crash `cards import` and never hang it. Each is imported into a fresh store as
the command line does; it may be refused (exit 2, one line naming the file) or imported (exit 0), and a card
it imported is then shown (compiled from the store); no exception escapes, nothing is an internal error.

Small here, for CI (``MTGJUDGE_FUZZ_EXAMPLES``, default 25); the long run that counts exit-3 results, slow
files and peak memory over 20,000 files is ``bench/fuzz_cards.py``.
"""
from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgjudge.model.cards.store import use_store
from mtgjudge.queries.cli import main
from tests.card_mutations import mutated, names_in

EXAMPLES = int(os.environ.get("MTGJUDGE_FUZZ_EXAMPLES", "25"))


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_a_mutated_card_file_is_imported_or_refused(rng, tmp_path_factory, capsys):
    folder = tmp_path_factory.mktemp("fuzz")
    data = folder / "cards.json"
    raw = mutated(rng)
    data.write_bytes(raw)
    store = str(folder / "cards.sqlite")
    try:
        code = main(["--cards", store, "cards", "import", str(data)])
        out, err = capsys.readouterr()
        assert code in (0, 2), (code, err, raw[:2000])
        if code == 2:
            assert err.count("\n") == 1 and str(data) in err and "Traceback" not in err, err
        else:
            for name in names_in(raw):
                assert main(["--cards", store, "cards", "show", name]) in (0, 2)
        err = capsys.readouterr().err
        assert "internal error" not in err, (err, raw[:2000])
        assert "\x1b" not in out + err
    finally:
        use_store(None)


def test_a_mutated_file_depends_on_its_seed_alone():
    """File i of a seed is the same file whatever was made before it, and making it never fails: the changes
    once put the very lists of the value tables into documents, so that later files changed them (a long run
    then made a list that held itself, and stopped at file 14,000: "Circular reference detected")."""
    import random
    from tests import card_mutations
    before = json.dumps([card_mutations.GOOD, card_mutations.VALUES, card_mutations.FACES, card_mutations.BACK],
                        ensure_ascii=False)
    made = {n: mutated(random.Random(f"1:{n}")) for n in range(1500)}
    assert json.dumps([card_mutations.GOOD, card_mutations.VALUES, card_mutations.FACES, card_mutations.BACK],
                      ensure_ascii=False) == before
    for n in (0, 700, 1499):
        assert mutated(random.Random(f"1:{n}")) == made[n]
