"""Celestial Dawn, compiled from its Oracle text: "Lands you control are Plains. Nonland permanents you control are
white. The same is true for spells you control and nonland cards you own that aren't on the battlefield. You may
spend white mana as though it were mana of any color. You may spend other mana only as though it were colorless
mana."

Expected answers come from that text, its Gatherer rulings (../shared/cards/mtgjson3 rulings, 2004-10-04 and
2006-09-25) and the CR (609.4b, 118.14, 107.4c, 305.7). The colors of spells and cards off the battlefield are not
modelled: where they decide an answer, it must be `unsupported`, never the printed colors' answer.
"""
from __future__ import annotations

import json

import pytest

import mtgjudge
from mtgjudge.model.cards.sources import read
from mtgjudge.model.cards.store import ENV_VAR, open_store, use_store


def run(text: str):
    question, = mtgjudge.loads(text)
    return mtgjudge.ask(question)


def answer(text: str):
    r = run(text)
    assert r.answer is not None and r.answer.unsupported is None, (r.status, r.message, r.answer and r.answer.unsupported)
    return r.answer.value


def unsupported(text: str) -> str:
    r = run(text)
    assert r.answer is not None and r.answer.unsupported, (r.status, r.message, r.answer and r.answer.value)
    return r.answer.unsupported


def can_pay(cost: str, battlefield: str) -> str:
    return f"""
id: q
ask: can-pay
cost: "{cost}"
state:
  players:
    Alice:
      battlefield: {battlefield}
"""


def can_play(card: str, battlefield: str) -> str:
    return f"""
id: q
ask: can-play
about: c
state:
  players:
    Alice:
      hand: [{{card: "{card}", id: c}}]
      battlefield: {battlefield}
"""


def test_white_mana_pays_any_color():
    # Forest is a Plains (305.7: it loses "{T}: Add {G}" and taps for {W}); white mana may be spent as though it
    # were mana of any color (609.4b), so it pays {G}
    assert answer(can_pay("{G}", "[Celestial Dawn, Forest]")) is True
    assert answer(can_play("Grizzly Bears", "[Celestial Dawn, Forest, Forest]")) is True


def test_other_colored_mana_pays_only_generic():
    # Ruling 2006-09-25: "Llanowar Elves will produce {G}, for example. However, any colored mana may be spent only
    # on the colorless part of costs." {G} can't be paid with it; {1} can
    assert answer(can_pay("{G}", "[Celestial Dawn, Llanowar Elves]")) is False
    assert answer(can_pay("{1}", "[Celestial Dawn, Llanowar Elves]")) is True
    # Grizzly Bears {1}{G}: the Forest's {W} pays {G}, the Elves' {G} pays {1}
    assert answer(can_play("Grizzly Bears", "[Celestial Dawn, Forest, Llanowar Elves]")) is True
    # without Celestial Dawn the Elves' {G} pays {G} itself (the near miss)
    assert answer(can_pay("{G}", "[Llanowar Elves]")) is True


def test_the_colorless_symbol():
    # 609.4b, 118.14: mana spent as though it were colorless mana pays what colorless mana pays, {C} included (the
    # 2006 ruling's "colorless part of costs" predates {C}, 2015; the newer CR text wins). White mana spent as
    # though it were of any color is still not colorless: it never pays {C} (107.4c)
    assert answer(can_pay("{C}", "[Celestial Dawn, Llanowar Elves]")) is True
    assert answer(can_pay("{C}", "[Celestial Dawn, Forest]")) is False


def test_with_another_spending_effect_unsupported():
    # Chromatic Orrery: "You may spend mana as though it were mana of any color." Green mana may then be spent as
    # though of any color by one effect and only as though colorless by the other: not modelled
    assert "609.4b" in unsupported(can_pay("{G}", "[Celestial Dawn, Chromatic Orrery, Llanowar Elves]"))


@pytest.fixture()
def test_cards(tmp_path, monkeypatch):
    """A store with two cards written for these tests (Scryfall format): a nonland mana source whose mana may be
    spent only on multicolored spells, and a trigger on casting a white spell."""
    cards = [
        {"object": "card", "name": "Test Spire", "layout": "normal", "mana_cost": "{2}", "type_line": "Artifact",
         "oracle_text": "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell."},
        {"object": "card", "name": "Test Shrine", "layout": "normal", "mana_cost": "{2}", "type_line": "Artifact",
         "oracle_text": "Whenever you cast a white spell, you gain 1 life."},
    ]
    f = tmp_path / "cards.json"
    f.write_text(json.dumps(cards), encoding="utf-8")
    path = tmp_path / "cards.sqlite"
    open_store(path).import_records([(str(f), read(f))])
    monkeypatch.setenv(ENV_VAR, str(path))
    use_store(None)
    yield
    use_store(None)


def test_a_restriction_on_the_spells_colors_is_unsupported(test_cards):
    # Kitchen Finks ({1}{G/W}{G/W}, green and white) is white only in hand and on the stack under Celestial Dawn
    # ("the same is true for spells you control and nonland cards you own"): it is not multicolored, so Test
    # Spire's mana can't be spent on it (106.6). The model doesn't have the colors of spells: unsupported, never
    # the printed colors' "yes"
    board = "[Celestial Dawn, Test Spire, Test Spire, Test Spire]"
    assert "The same is true" in unsupported(can_play("Kitchen Finks", board))
    # near miss: without Celestial Dawn, Finks is multicolored and the Spires' mana pays for it
    assert answer(can_play("Kitchen Finks", "[Test Spire, Test Spire, Test Spire]")) is True


def cast_bears(battlefield: str, life: int) -> str:
    return f"""
id: q
ask: outcome
state:
  players:
    Alice:
      hand: [{{card: Grizzly Bears, id: bears}}]
      battlefield: {battlefield}
actions:
  - cast: bears
  - resolve: all
expect:
  - {{player: Alice, life: {life}}}
"""


def test_a_trigger_on_the_spells_color_is_unsupported(test_cards):
    # Grizzly Bears is a white spell under Celestial Dawn, so "Whenever you cast a white spell" triggers (603.2,
    # 601.2i) and Alice would have 21 life; the model doesn't have the spell's colors: unsupported, never "it is green,
    # no trigger"
    assert "The same is true" in unsupported(cast_bears("[Celestial Dawn, Test Shrine, Forest, Forest]", 21))
    # near miss: without Celestial Dawn the green Bears doesn't trigger it: Alice stays at 20
    assert run(cast_bears("[Test Shrine, Forest, Forest]", 20)).status == "pass"
