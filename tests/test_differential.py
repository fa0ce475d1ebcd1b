"""The differential check (queries/coverage/differential.py): can-play and can-activate against the engine casting,
playing or activating the card on the same board, in each of Alice's zones. A fixed sample of ../shared's cards
has no disagreement; the comparison itself is checked on cards whose answers are known from the rules."""
from __future__ import annotations

import random


from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.sources import read
from mtgjudge.queries.coverage.differential import Check, check_card

#: The sample: this many cards of ../shared's MTGJSON v3 files, drawn with this seed.
SAMPLE = 150
SEED = 19


def _verdicts(name: str) -> dict[tuple[str, str, int], tuple[str, str]]:
    card = card_db().find(name)[0]
    return {(c.zone, c.kind, c.ability): (c.asked, c.engine) for c in check_card(card)}


def test_a_spell_in_hand_is_cast_and_not_from_elsewhere_601_3():
    got = _verdicts("Lightning Bolt")
    assert got[("hand", "can-play", 0)] == ("yes", "legal")
    assert got[("graveyard", "can-play", 0)] == ("no", "illegal")
    assert got[("exile", "can-play", 0)] == ("no", "illegal")


def test_a_land_is_played_from_the_hand_305_1():
    assert _verdicts("Forest")[("hand", "can-play", 0)] == ("yes", "legal")


def test_what_counts_as_a_disagreement():
    def check(asked, engine):
        return Check("X", "hand", "can-play", 0, asked, engine)
    assert check("yes", "legal").agrees and check("no", "illegal").agrees
    assert check("unsupported", "not run").agrees and check("yes", "unsupported").agrees
    assert not check("yes", "illegal").agrees and not check("no", "legal").agrees
    assert not check("error", "legal").agrees and not check("yes", "error").agrees


def test_a_sample_of_the_store_has_no_disagreement(shared_dir):
    records = [r for f in sorted((shared_dir / "cards" / "mtgjson3").glob("cards_oracle_*.json")) for r in read(f)]
    sample = random.Random(SEED).sample(records, SAMPLE)
    disagreements = [c for r in sample for c in check_card(r) if not c.agrees]
    assert disagreements == []
