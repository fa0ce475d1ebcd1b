"""Splice onto Arcane (702.47): "Splice onto Arcane [cost]" read as the static word ``splice`` (functioning in a
hand, 702.47a), every set of splice cards in the caster's hand, in every order, a branch of casting an Arcane spell
unless the cast action's ``spliced:`` names the one (601.2b, 702.47b), their splice costs in the total cost
(601.2f), the spell gaining their rules text after its own while on the stack (702.47c, 702.47e). Expected values
are worked out by hand from the rules and the rulings named."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import InputError, SearchBound
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.words.splice.perform import splice_options
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import ask_text, one, zone

REMINDER = (" (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice cost. If you "
            "do, add this card's effects to that spell.)")


def abilities(text: str, type_line: str = "Instant — Arcane"):
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{R}", type_line, text),)))
    return card.faces[0].abilities


@pytest.mark.parametrize("line, cost, said", [
    ("Splice onto Arcane {1}{R}", "{1}{R}", "Splice onto Arcane {1}{R}"),
    ("Splice onto Arcane—Sacrifice two Mountains.", "Sacrifice two Mountains", "Splice onto Arcane—Sacrifice two Mountains"),
])
def test_splice_is_read_with_its_quality_and_cost(line, cost, said):
    spell, splice = abilities("Draw a card.\n" + line + REMINDER)
    assert spell.kind == "spell"
    assert splice.kind == "static" and splice.static.kind == "splice"
    assert (splice.static.arg("quality"), splice.static.arg("cost")) == ("Arcane", cost)
    assert splice.functions_in("hand") and not splice.functions_in("stack")       # 702.47a
    assert splice.text().rstrip(".") == said                                     # the reading round trip


@pytest.mark.parametrize("line", [
    "Splice onto Arcane—Frob a frob.",          # a cost the grammar does not read
    "Splice onto Instant {R}",                   # a quality the reader does not know
])
def test_a_splice_line_not_read_whole_stays_unmodelled(line):
    _, splice = abilities("Draw a card.\n" + line)
    assert splice.kind == "unmodelled"


def with_cards(monkeypatch, *cards: tuple[str, str]) -> None:
    records = [CardRecord(n, "normal", (FaceRecord(n, "{R}", "Instant — Arcane", t),)) for n, t in cards]
    db = CardDB(list(built_in_cards()) + [compile_card(r) for r in records], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


CAST = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Island]
      hand: [{hand}]
      library: [Island, Island]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bears}}]
actions:
  - cast: spell{extra}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(hand: str, extra: str = "") -> list[Game]:
    (q,) = load_text(CAST.format(hand=hand, extra=extra))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_an_unread_text_to_splice_makes_the_cast_unsupported(monkeypatch):
    # near miss: the splice cost is read, but the text the spell would gain is not (702.47c): what splicing it does
    # is not known, so a cast that leaves splicing open is unsupported, naming the card; saying it is not spliced
    # answers
    with_cards(monkeypatch, ("Frob Ray", "Frob the frobs.\nSplice onto Arcane {R}" + REMINDER))
    doc = CAST.format(hand="{card: Reach Through Mists, id: spell}, {card: Frob Ray, id: frob}", extra="")
    r = ask_text(doc)
    assert r.status == "unsupported" and "Frob Ray" in r.message, (r.status, r.message)
    g = one(finals("{card: Reach Through Mists, id: spell}, {card: Frob Ray, id: frob}", "\n    spliced: []"))
    assert zone(g, "frob") == "hand" and len(g.state.in_zone("Alice", "hand")) == 2


def test_the_gained_text_is_lost_as_the_spell_leaves_the_stack():
    g = one(finals("{card: Reach Through Mists, id: spell}, {card: Glacial Ray, id: ray}",
                   "\n    spliced: [ray]\n    targets: [bears]"))
    assert zone(g, "bears") == "graveyard" and zone(g, "ray") == "hand"
    assert zone(g, "spell") == "graveyard" and g.state.obj("spell").spliced == ()      # 702.47e


def test_each_set_in_each_order_is_a_branch():
    # two Glacial Rays and a Vital Surge in hand: none, any one, any two in either order, all three in any order
    (q,) = load_text(CAST.format(hand="{card: Reach Through Mists, id: spell}, {card: Glacial Ray, id: r1}, "
                                      "{card: Glacial Ray, id: r2}, {card: Vital Surge, id: vs}", extra=""))
    ways = splice_options(q.state, "spell", "Alice", None)
    assert len(ways) == 1 + 3 + 6 + 6 and len(set(ways)) == len(ways) and () in ways
    assert ("vs", "r1") in ways and ("r1", "vs") in ways and all("spell" not in w for w in ways)
    # a cast that leaves it open finds the five-mana way of splicing both Rays, the Bears dealt 2 twice
    games = finals("{card: Reach Through Mists, id: spell}, {card: Glacial Ray, id: r1}, {card: Glacial Ray, id: r2}",
                   "\n    targets: [Bob, Bob]")
    assert {g.state.player("Bob").life for g in games} == {16}


@pytest.mark.parametrize("spliced", ["[spell]", "[bears]", "[ray, ray]"])
def test_what_cannot_be_spliced_is_an_input_error(spliced):
    # 702.47a-b: the spell itself is on the stack, not in the hand (ruling 2013-06-07); a permanent has no splice in
    # a hand; each card once
    with pytest.raises(InputError):
        finals("{card: Reach Through Mists, id: spell}, {card: Glacial Ray, id: ray}", f"\n    spliced: {spliced}")


def test_a_splice_cost_that_can_not_be_paid_is_not_a_way():
    # four Arcane cards to splice need {U} + 4 x {1}{R}: past the bound of cards considered at once
    with pytest.raises(SearchBound):
        finals("{card: Reach Through Mists, id: spell}" + ", {card: Glacial Ray}" * 4)
    # Torrent of Stone's splice cost sacrifices two Mountains: with one Mountain it can't be paid (601.2h), so the
    # only way is not to splice it
    (q,) = load_text(CAST.format(hand="{card: Lava Spike, id: spell}, {card: Torrent of Stone, id: t}", extra="")
                     .replace("[Mountain, Mountain, Mountain, Mountain, Mountain, Island]", "[Mountain, Island]"))
    games = run(Game(q.state), q.actions)
    assert games and all(not any("Torrent" in c for c in g.choices) for g in games)
    assert all(zone(g, "bears") == "battlefield" for g in games)
