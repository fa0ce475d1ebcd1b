"""The seed cards (../shared/seeds, named by queries/corpus/seeds) and the focus cards (../shared/cards/
focus_cards.json), compiled from their Oracle text, answer every bundled-corpus question about them as the
hand encodings do: each question naming the card runs with the compiled card in place of the built-in one.

Text comes from Scryfall's card objects (../shared/cards/scryfall) where a card is there, else from the 2018
MTGJSON v3 data. A card the compiler does not read fully yet is listed in ``GAPS`` with what it lacks; its
test is expected to fail (strictly: when the compiler learns it, the entry must go).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import mtgjudge
from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.sources import CardRecord, read
from mtgjudge.model.names import normalize
from mtgjudge.model.oracle import compile_card

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "cards"
CORPUS = ROOT / "queries" / "corpus"

#: Cards whose compiled text does not yet answer all their corpus questions, and why.
GAPS = {
    "Captive Weird // Compleated Conjurer": "the back face's 'exile the top card ... you may play it this turn'",
    "City of Brass": "'Whenever this land becomes tapped, it deals 1 damage to you' (a trigger on tapping)",
    "Celestial Dawn": "colors of spells and cards off the battlefield; spending white mana as any color and other "
                      "mana only as colorless",
    "Pale Moon": "its effect 'Until end of turn, if a player taps a nonbasic land for mana, it produces colorless "
                 "mana instead' is kept as text, so an effect of it in force is not known (611.2a)",
    "Hangarback Walker": "the dies trigger making Thopters for each counter",
    "Dryad of the Ilysian Grove": "'You may play an additional land on each of your turns'",
    "Wild Growth": "'Whenever enchanted land is tapped for mana, its controller adds an additional {G}'",
    "Celebrate the Mountain-king": "recruit's granted ability and the party trigger",
    "Gemstone Mine": "'{T}, Remove a mining counter from this land: Add one mana of any color. If there are no "
                     "mining counters on this land, sacrifice it.'",
}


def _records() -> dict[str, CardRecord]:
    out: dict[str, CardRecord] = {}
    for f in sorted((SHARED / "mtgjson3").glob("cards_oracle_*.json")):
        for r in read(f):
            out[normalize(r.name)] = r
            for face in r.faces:
                out.setdefault(normalize(face.name), r)
    for r in read(SHARED / "scryfall" / "recent-oracle-cards.json"):
        out[normalize(r.name)] = r
        for face in r.faces:
            out[normalize(face.name)] = r
    return out


def _cards() -> list[str]:
    if not SHARED.exists():
        return []
    focus = [e["name"] for e in json.loads((SHARED / "focus_cards.json").read_text(encoding="utf-8"))]
    seeds = set()
    for f in (CORPUS / "seeds").glob("*.yaml"):
        seeds |= set(re.findall(r"card: ([^,}\]\n]+)", f.read_text(encoding="utf-8")))
    built = {c.name for c in built_in_cards()}
    return sorted((set(focus) | seeds) & built - {"Forest", "Grizzly Bears", "Soldier"})


def _questions_naming(name: str) -> list[Path]:
    names = [name] + name.split(" // ")
    return [p for p in sorted(CORPUS.rglob("*.yaml"))
            if any(re.search(rf"(?<![\w']){re.escape(n)}(?![\w'])", p.read_text(encoding="utf-8")) for n in names)]


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=GAPS[n]))
                                  if n in GAPS else n for n in _cards()])
def test_compiled_card_answers_its_corpus_questions(name, monkeypatch):
    record = _records()[normalize(name)]
    compiled = compile_card(record, source=f"compiled from {record.name}'s Oracle text")
    assert compiled.modelled, f"{name}: its characteristics were not read"
    cards = [compiled if c.name == name else c for c in built_in_cards()]
    db = CardDB(cards, known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)
    files = _questions_naming(name)
    assert files, f"no bundled question names {name}"
    failed = [f"{r.qid}: {r.status} {r.message or (r.answer.unsupported if r.answer else '')}"
              for r in mtgjudge.check(files) if r.status != "pass"]
    assert not failed, "\n".join(failed)
