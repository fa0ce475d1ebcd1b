"""Compiling never fails: every card of ../shared/cards/mtgjson3 (19,032 names, both templating eras' data
from 2018) compiles to a card definition, its unread lines kept unmodelled. A reading the vocabulary refuses
once stopped `cards import` of the whole file (Nylea's Presence: an Aura adding land types)."""
from __future__ import annotations

import pytest

from tests.conftest import MTGJSON3_FILES as FILES, MTGJSON3_GROUP, compiled_mtgjson3


@MTGJSON3_GROUP
@pytest.mark.skipif(not FILES, reason="../shared/cards/mtgjson3 is not here")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_card_compiles(path):
    cards = compiled_mtgjson3(path)
    assert cards
    assert sum(c.modelled for c in cards) > 0.95 * len(cards)
