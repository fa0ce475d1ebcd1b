"""Modal spells and abilities (700.2): reading the instruction and the bullets (each mode read as the same text
alone), which choices of modes can be made (700.2a, 700.2d), casting with every legal choice a branch or the one
``choices: {modes: [..]}`` names, and modal enters triggers (700.2b, 603.3c). Expected values are worked out by
hand from the CR and the Gatherer rulings named."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power
from mtgjudge.model.errors import Illegal, InputError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.rules.modes import all_choices
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def ability(text: str, type_line: str = "Instant") -> Ability:
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    first, = card.faces[0].abilities
    return first


# ------------------------------------------------------------------------------------------- reading

def test_choose_one_reads_each_mode_as_it_reads_alone():
    a = ability("Choose one —\n• Test Card deals 3 damage to target creature.\n• Destroy target artifact.")
    assert a.kind == "spell" and a.choose == (1, 1) and not a.mode_repeat
    alone = [ability("Test Card deals 3 damage to target creature."), ability("Destroy target artifact.")]
    assert [(m.effects, m.targets) for m in a.modes] == [(b.effects, b.targets) for b in alone]
    assert a.targets == () and a.effects == ()     # 700.2c: targets only of the chosen modes


@pytest.mark.parametrize("head, n, choose, repeat", [
    ("Choose two —", 4, (2, 2), False),
    ("Choose one or both —", 2, (1, 2), False),
    ("Choose one or more —", 3, (1, 3), False),
    ("Choose three. You may choose the same mode more than once.", 3, (3, 3), True),
])
def test_instructions(head, n, choose, repeat):
    modes = ["Draw a card.", "You gain 3 life.", "Destroy target artifact.", "Destroy target land."][:n]
    a = ability(head + "\n" + "\n".join("• " + m for m in modes))
    assert (a.choose, a.mode_repeat, len(a.modes)) == (choose, repeat, n)


@pytest.mark.parametrize("text", [
    "An opponent chooses one —\n• You gain 3 life.\n• Draw a card.",     # 700.2e: another player chooses
    "Choose up to one —\n• You gain 3 life.\n• Draw a card.",
    "Choose two —\n• You gain 3 life.",                                  # one bullet: not modal (700.2)
    "Choose three —\n• You gain 3 life.\n• Draw a card.",                # more modes than printed, no repeat
    # a mode whose targets are not read: which modes can be chosen is unknown (700.2a)
    "Choose one —\n• You gain 3 life.\n• Exile target card with a wuzzle counter on it.",
])
def test_near_misses_stay_unmodelled(text):
    assert ability(text).kind == "unmodelled"


def test_a_mode_whose_effect_is_unread_stays_an_unperformed_effect():
    a = ability("Choose one —\n• You gain 3 life.\n• Counter target noncreature spell unless its controller discards "
                "a card.")
    assert a.kind == "spell"
    assert [e.kind for e in a.modes[1].effects] == ["other"] and a.modes[1].targets == ("target noncreature spell",)


def test_modal_enters_trigger_reads_each_mode_with_the_condition():
    a = ability("When Test Card enters the battlefield, choose one —\n• Put a +1/+1 counter on Test Card.\n"
                "• Target creature gets -0/-2 until end of turn.", "Creature — Cleric")
    assert a.kind == "triggered" and a.trigger_event is not None and a.choose == (1, 1)
    assert a.modes[0].targets == () and a.modes[1].targets == ("target creature",)
    # a mode the trigger readers don't read whole leaves the trigger unmodelled
    b = ability("When Test Card enters the battlefield, choose one —\n• You gain 2 life.\n"
                "• Target player wuzzles.", "Creature — Cleric")
    assert b.kind == "unmodelled"


def test_choices_allowed_by_the_instruction():
    two = ability("Choose two —\n• Draw a card.\n• You gain 3 life.\n• You gain 1 life.")
    assert all_choices(two) == [(1, 2), (1, 3), (2, 3)]                  # 700.2d: different modes
    rep = ability("Choose two. You may choose the same mode more than once.\n• Draw a card.\n• You gain 3 life.")
    assert all_choices(rep) == [(1, 1), (1, 2), (2, 2)]
    both = ability("Choose one or both —\n• Draw a card.\n• You gain 3 life.")
    assert all_choices(both) == [(1,), (2,), (1, 2)]


# ------------------------------------------------------------------------------------------- the engine

STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{{card: {card}, id: it}}]
      library: [{{card: Grizzly Bears, id: top}}]
    Bob:
      battlefield: {bob}
actions:
  - cast: it{extra}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, lands: str, bob: str = "[]", extra: str = "") -> list[Game]:
    (q,) = load_text(STATE.format(card=card, lands=lands, bob=bob, extra=extra))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_every_legal_mode_is_a_branch():
    games = finals("Abrade", "Mountain, Mountain", bob="[{card: Grizzly Bears, id: bears}, {card: Sol Ring, id: ring}]")
    got = sorted((zone(g, "bears"), zone(g, "ring")) for g in games)
    # 3 damage to the Bears (lethal, 704.5g) or destroy the Sol Ring; never both
    assert got == [("battlefield", "graveyard"), ("graveyard", "battlefield")]


def test_a_mode_without_a_legal_target_is_not_chosen():
    g = one(finals("Abrade", "Mountain, Mountain", bob="[{card: Sol Ring, id: ring}]"))
    assert zone(g, "ring") == "graveyard"                                # 700.2a: only the artifact mode


def test_no_mode_can_be_chosen_is_illegal():
    with pytest.raises(Illegal):
        finals("Abrade", "Mountain, Mountain", bob="[Island]")


def test_choices_fix_the_modes_in_the_order_written():
    lands = "Island, Island, Swamp, Swamp, Swamp"
    g = one(finals("Silumgar's Command", lands, bob="[{card: Grizzly Bears, id: bears}]",
                   extra="\n    choices: {modes: [3, 2]}\n    targets: [bears, bears]"))
    # 608.2c: "Return target permanent" (mode 2) before "-3/-3" (mode 3), whatever order they were named in
    assert zone(g, "bears") == "hand"


def test_choices_outside_the_instruction_are_an_input_error():
    with pytest.raises(InputError):
        finals("Silumgar's Command", "Island, Island, Swamp, Swamp, Swamp", bob="[{card: Grizzly Bears, id: b}]",
               extra="\n    choices: {modes: [2, 2]}\n    targets: [b, b]")   # 700.2d: not the same mode twice


def test_the_same_mode_more_than_once():
    g = one(finals("Righteous Confluence", "Plains, Plains, Plains, Plains, Plains",
                   extra="\n    choices: {modes: [3, 3, 1]}"))
    assert g.state.player("Alice").life == 30                           # 700.2d: 5 life twice
    assert sum(1 for o in g.state.battlefield("Alice") if o.token and o.name.startswith("Knight")) == 1


def test_modal_trigger_each_mode_a_branch():
    games = finals("Sandsteppe Outcast", "Plains, Plains, Plains")
    got = sorted((g.state.obj("it").counter("+1/+1"), sum(1 for o in g.state.battlefield("Alice")
                                                           if o.token and o.name.startswith("Spirit"))) for g in games)
    assert got == [(0, 1), (1, 0)]                                       # 700.2b: the counter or the token


def test_modal_trigger_mode_with_no_target_is_not_chosen():
    # Tormentor Exarch's modes both target a creature: it can target itself (nothing else is there), so both
    # modes can be chosen; -0/-2 on itself (a 2/2) kills it
    games = finals("Tormentor Exarch", "Mountain, Mountain, Mountain, Mountain")
    assert sorted(zone(g, "it") for g in games) == ["battlefield", "graveyard"]


def test_escalate_is_paid_for_each_mode_beyond_the_first():
    # Borrowed Malevolence ({B}, escalate {2}): with three Swamps both modes can be chosen, with one only one
    three = finals("Borrowed Malevolence", "Swamp, Swamp, Swamp", bob="[{card: Grizzly Bears, id: bears}]")
    one_land = finals("Borrowed Malevolence", "Swamp", bob="[{card: Grizzly Bears, id: bears}]")
    pt = lambda games: sorted(power(g, "bears") for g in games)
    assert pt(three) == [1, 2, 3]          # -1/-1, both (+1/+1 and -1/-1), +1/+1
    assert pt(one_land) == [1, 3]          # 702.120a: both modes would cost {2} more


def test_entwine_chooses_every_mode_only_when_paid():
    lands = "Mountain, Mountain, Mountain, Mountain, Mountain"
    g = one(finals("Barbed Lightning", lands, bob="[{card: Grizzly Bears, id: bears}]",
                   extra="\n    choices: {modes: [1, 2]}\n    targets: [bears, Bob]"))
    assert zone(g, "bears") == "graveyard" and g.state.player("Bob").life == 17      # 702.42a
    # without choices, entwine paid or not is a branch (601.2b: an optional additional cost): both modes in one
    games = finals("Barbed Lightning", lands, bob="[{card: Grizzly Bears, id: bears}]")
    both = [g for g in games if zone(g, "bears") == "graveyard" and g.state.player("Bob").life == 17]
    assert both and len(both) < len(games)
    # with three Mountains the entwine cost can't be paid (601.2h): one mode in each branch
    games = finals("Barbed Lightning", "Mountain, Mountain, Mountain", bob="[{card: Grizzly Bears, id: bears}]")
    assert games and all(zone(g, "bears") == "battlefield" or g.state.player("Bob").life == 20 for g in games)
    with pytest.raises(Illegal):
        finals("Barbed Lightning", "Mountain, Mountain, Mountain", bob="[{card: Grizzly Bears, id: bears}]",
               extra="\n    choices: {modes: [1, 2]}\n    targets: [bears, Bob]")


def test_mana_cost_in_a_mode_is_a_characteristic_not_a_cost():
    # 202.1: "with converted mana cost 3 or less" chooses objects; it does not change how the spell is cast
    a = ability("Choose one —\n• Destroy target creature with converted mana cost 3 or less.\n• Draw a card.")
    assert a.kind == "spell" and a.modes[0].targets == ("target creature with converted mana cost 3 or less",)
    # a mode that speaks of casting or of a cost to pay stays unread, and so does the line (601.2b-f)
    assert ability("Choose one —\n• You may cast a creature spell this turn.\n• Draw a card.").kind == "unmodelled"
    assert ability("Choose one —\n• Spells cost {1} more to cast this turn.\n• Draw a card.").kind == "unmodelled"


@pytest.mark.parametrize("line,read", [
    ("Escalate {1} (Pay this cost for each mode chosen beyond the first.)", "Escalate {1}"),
    ("Escalate {R}{W}", "Escalate {R}{W}"),
    ("Escalate—Discard a card. (Pay this cost for each mode chosen beyond the first.)", None),
    ("Escalate {X}", None),
])
def test_escalate_is_read_with_a_mana_cost_only_702_120a(line, read):
    from tests.card_helpers import card as compiled
    c = compiled("Frob Charm", "Instant", "{R}", line + "\nChoose one or more —\n• Frob Charm deals 1 damage to any "
                 "target.\n• Draw a card.")
    first = c.faces[0].abilities[0]
    if read is None:
        assert first.kind == "unmodelled", first
    else:
        assert first.kind == "static" and first.static.kind == "escalate" and first.render().rstrip(".") == read
