"""Entwine (702.42): "Entwine [cost]" read as the static word ``entwine`` (its cost read whole by the cost
grammar, mana or not), the choice to entwine a branch of casting unless the cast action's ``entwined:`` fixes it
(601.2b), its cost in the total cost (601.2f), every mode followed in the order written (702.42b). Expected values
are worked out by hand from the rules named."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import InputError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import ask_text, zone

MODES = "Choose one —\n• Destroy target artifact.\n• Destroy target land.\n"


def abilities(text: str):
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{R}", "Instant", text),)))
    return card.faces[0].abilities


@pytest.mark.parametrize("line, cost, said", [
    ("Entwine {3}{R} (Choose both if you pay the entwine cost.)", "{3}{R}", "Entwine {3}{R}"),
    ("Entwine—Sacrifice three lands. (Choose both if you pay the entwine cost.)", "Sacrifice three lands",
     "Entwine—Sacrifice three lands"),
])
def test_entwine_is_read_with_its_cost(line, cost, said):
    modal, entwine = abilities(MODES + line)
    assert modal.kind == "spell" and modal.modes
    assert entwine.kind == "static" and entwine.static.kind == "entwine" and entwine.static.arg("cost") == cost
    assert entwine.text().rstrip(".") == said          # the reading round trip


def test_an_entwine_cost_not_read_stays_unmodelled():
    # a cost the grammar does not read is no reading: the line stays unmodelled, never an entwine for free
    _, entwine = abilities(MODES + "Entwine—Flip a coin.")
    assert entwine.kind == "unmodelled"


def with_card(monkeypatch, text: str, name: str = "Test Entwine") -> None:
    record = CardRecord(name, "normal", (FaceRecord(name, "{R}", "Instant", text),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


CAST = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
      hand: [{{card: {card}, id: spell}}]
    Bob:
      battlefield: [{{card: Sol Ring, id: ring}}, {{card: Island, id: isl}}]
actions:
  - cast: spell{extra}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, extra: str = "") -> list[Game]:
    (q,) = load_text(CAST.format(card=card, extra=extra))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_an_unread_entwine_makes_the_cast_unsupported(monkeypatch):
    # near miss: "Entwine—Flip a coin." is not read, so whether it was paid (601.2b) is not known: unsupported,
    # never cast as if it could not be entwined
    with_card(monkeypatch, MODES + "Entwine—Flip a coin.")
    r = ask_text(CAST.format(card="Test Entwine", extra=""))
    assert r.status == "unsupported" and "Entwine" in r.message


def test_entwined_fixes_the_choice(monkeypatch):
    with_card(monkeypatch, MODES + "Entwine {3}")
    both = finals("Test Entwine", "\n    entwined: true\n    targets: [ring, isl]")
    assert both and all(zone(g, "ring") == "graveyard" and zone(g, "isl") == "graveyard" for g in both)
    one_mode = finals("Test Entwine", "\n    entwined: false")
    # one mode: the artifact or a land (Alice's Mountains are lands too), never both
    assert one_mode and not any(zone(g, "ring") == "graveyard" and
                                any(o.name in ("Island", "Mountain") for o in g.state.in_zone("Alice", "graveyard") +
                                    g.state.in_zone("Bob", "graveyard")) for g in one_mode)
    # open: both ways are branches (601.2b)
    either = finals("Test Entwine")
    assert {(zone(g, "ring"), zone(g, "isl")) for g in either} >= {("graveyard", "graveyard"),
                                                                    ("graveyard", "battlefield")}


def test_entwined_that_contradicts_the_modes_is_an_input_error(monkeypatch):
    with_card(monkeypatch, MODES + "Entwine {3}")
    with pytest.raises(InputError):
        finals("Test Entwine", "\n    entwined: true\n    choices: {modes: [1]}\n    targets: [ring]")
    with pytest.raises(InputError):
        finals("Test Entwine", "\n    entwined: false\n    choices: {modes: [1, 2]}\n    targets: [ring, isl]")
    with pytest.raises(InputError):
        finals("Abrade", "\n    entwined: true")          # no entwine ability (702.42a)


def test_entwined_with_a_mode_not_read_is_unsupported(monkeypatch):
    # near miss (Tooth and Nail, Rude Awakening: a mode the model does not read): entwined, that mode is followed too
    # (702.42b), so the answer is unsupported, naming it; the other mode alone is answered
    with_card(monkeypatch, "Choose one —\n• Destroy target artifact.\n• Frob every frob you control.\nEntwine {2}")
    r = ask_text(CAST.format(card="Test Entwine", extra="\n    entwined: true\n    targets: [ring]"))
    assert r.status == "unsupported" and "Frob" in r.message, (r.status, r.message)
    g, = finals("Test Entwine", "\n    entwined: false\n    choices: {modes: [1]}\n    targets: [ring]")
    assert zone(g, "ring") == "graveyard"
