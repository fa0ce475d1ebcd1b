"""Optional instructions (608.2d) and the instructions depending on that choice (608.2c): reading ("You may
<instruction>" around any instruction the readers read; "If you do / If you don't" only after one) and
resolution (both choices are branches; an instruction that changed nothing was not done, 609.3). Expected
values are worked out by hand from the CR."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def kinds(text: str) -> list[str | None]:
    read = read_effect_words(sentences(text))
    assert read is not None
    return [w.kind if w is not None else None for w in read[0]]


def test_you_may_wraps_the_instruction_the_readers_read():
    assert kinds("You may destroy target artifact.") == ["optional", "destroy"]
    # a sentence another reader reads whole with its own "may" stays theirs ("you may search", 701.23)...
    assert kinds("You may shuffle.") == ["shuffle"]
    words, targets = read_effect_words(sentences("You may destroy target creature."))
    assert [w.kind for w in words] == ["optional", "destroy"]
    assert targets == ["target creature"]      # chosen as it is put on the stack (601.2c)


def test_if_you_do_and_if_you_dont_follow_an_optional_instruction():
    assert kinds("You may discard a card. If you do, draw a card.") == ["optional", "player_acts", "if_you_do", "draw"]
    # ...unless "If you do" depends on it (608.2c)
    assert kinds("You may draw a card. If you don't, you gain 3 life.") == \
        ["optional", "draw", "if_you_dont", "gain_life"]


@pytest.mark.parametrize("text", [
    "Draw a card. If you do, you gain 3 life.",               # nothing optional before "If you do"
    "You may cast a creature spell from your graveyard.",     # a permission (611.2a), not an instruction
    "Any player may draw a card.",                            # another player's choice
    "You may draw a card unless an opponent pays {2}.",
    "You may pay {2}. If you do, draw a card.",               # a cost paid on resolution (118.12)
])
def test_near_misses_stay_unread(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0] or "optional" not in [w.kind for w in read[0] if w is not None]


def test_if_you_do_alone_is_unread():
    assert kinds("Draw a card. If you do, you gain 3 life.")[-1] is None


STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{{card: {card}, id: it}}{hand}]
      library: [{{card: Grizzly Bears, id: top}}]
    Bob:
      battlefield: {bob}
actions:
  - cast: it
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, lands: str, hand: str = "", bob: str = "[]") -> list[Game]:
    (q,) = load_text(STATE.format(card=card, lands=lands, hand=hand, bob=bob))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_may_discard_if_you_do_draw_has_two_outcomes():
    games = finals("Keldon Raider", "Mountain, Mountain, Mountain, Mountain", hand=", {card: Lightning Bolt, id: bolt}")
    got = sorted((zone(g, "bolt"), zone(g, "top")) for g in games)
    # 608.2d: discarded (then drew the Bears, 608.2c) or declined (nothing drawn)
    assert got == [("graveyard", "hand"), ("hand", "library")]


def test_may_discard_with_nothing_to_discard_draws_nothing():
    g = one(finals("Keldon Raider", "Mountain, Mountain, Mountain, Mountain"))
    assert zone(g, "top") == "library"          # 608.2c, 609.3: she didn't discard, so she doesn't draw


def test_may_destroy_target_both_choices():
    games = finals("Reclamation Sage", "Forest, Forest, Forest", bob="[{card: Ornithopter, id: thopter}]")
    assert sorted(zone(g, "thopter") for g in games) == ["battlefield", "graveyard"]
