"""Compiling never fails: every card of ../shared/cards/mtgjson3 (19,032 names, both templating eras' data
from 2018) compiles to a card definition, its unread lines kept unmodelled. A reading the vocabulary refuses
once stopped `cards import` of the whole file (Nylea's Presence: an Aura adding land types)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgjudge.model.cards.sources import read
from mtgjudge.model.oracle import compile_card

DATA = Path(__file__).resolve().parents[2] / "shared" / "cards" / "mtgjson3"
FILES = sorted(DATA.glob("cards_oracle_*.json")) if DATA.exists() else []


@pytest.mark.skipif(not FILES, reason="../shared/cards/mtgjson3 is not here")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_card_compiles(path):
    records = read(path)
    assert records
    cards = [compile_card(r) for r in records]
    assert sum(c.modelled for c in cards) > 0.95 * len(cards)
