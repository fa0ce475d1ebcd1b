"""A line is modelled only if all of it is read (``model.oracle.whole``): the compiler's check of every reading,
whichever reader made it. Each near miss is a line with a piece its reading leaves out (a list item, a target,
a condition, a cost): the line stays unmodelled. Each full reading beside it stays modelled."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import LineContext, _compile_line
from mtgjudge.model.oracle.whole import choice_uses, unread_part
from mtgjudge.model.vocab.abilities import Ability


def abilities(text: str, type_line: str = "Sorcery"):
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    return card.faces[0].abilities


def reading(text: str, type_line: str = "Sorcery") -> list[Ability]:
    """What the readers make of a line before the check (the check's input)."""
    return _compile_line(text, text, LineContext(spell=type_line in ("Sorcery", "Instant")))


# ---------------------------------------------------------------- lists of targets (115.1, 601.2c)

def test_a_list_of_four_targets_is_four_targets():
    # Decimate: a comma ends an item; "creature," does not make the next "target" a noun (115.1)
    a, = abilities("Destroy target artifact, target creature, target enchantment, and target land.")
    assert a.kind == "spell" and a.targets == ("target artifact", "target creature", "target enchantment",
                                               "target land")
    assert choice_uses("Destroy target artifact, target creature, target enchantment, and target land.") == 4


def test_and_or_ends_a_list_of_what_a_target_may_be():
    # Ghostly Flicker: "two target artifacts, creatures, and/or lands you control": each target any of them
    a, = abilities("Exile two target artifacts, creatures, and/or lands you control, then return those cards to "
                   "the battlefield under your control.", "Instant")
    assert a.targets == ("two target artifacts, creatures, and/or lands you control",)


def test_near_miss_a_reading_with_a_dropped_target_is_none():
    text = "Destroy target artifact, target creature, target enchantment, and target land."
    full = reading(text)
    dropped = [replace(full[0], targets=tuple(t for t in full[0].targets if t != "target enchantment"))]
    assert unread_part(text, full) is None
    assert "target" in unread_part(text, dropped)


def test_near_miss_a_target_phrase_that_drops_a_list_item_is_none():
    # "target spell or permanent": a reading of "target spell" alone leaves the permanents out
    text = "Target spell or permanent becomes red."
    assert unread_part(text, [Ability("spell", targets=("target spell",))]) is not None
    assert unread_part(text, [Ability("spell", targets=("target spell or permanent",))]) is None
    # the line the readers cut short stays unmodelled
    for line in ("Target spell or permanent becomes red.",
                 "Destroy target artifact or enchantment with converted mana cost X. It can't be regenerated.",
                 "Return target spell or creature to its owner's hand."):
        a, = abilities(line, "Instant")
        assert a.kind == "unmodelled", line


def test_near_miss_a_list_with_and_or_dropped():
    text = "Exile two target artifacts, creatures, and/or lands you control."
    assert unread_part(text, [Ability("spell", targets=("two target artifacts, creatures",))]) is not None


def test_a_target_that_is_named_not_chosen_is_no_use():
    # 115.9: "the target", "new targets", "a spell that targets" name or test targets
    assert choice_uses("Counter target spell that targets you. You may choose new targets for the copy.") == 1
    assert choice_uses('Enchanted creature has "{T}: Tap target creature."') == 0     # 113.2: the granted ability's


# ---------------------------------------------------------------- conditions (608.2c, 602.5, 106.6)

def test_near_miss_a_reading_with_a_dropped_condition_is_none():
    text = "{T}: Draw a card. Activate only as a sorcery."
    full, = reading(text, "Artifact")
    assert full.kind == "activated" and full.timing == "sorcery" and unread_part(text, [full]) is None
    assert "only" in unread_part(text, [replace(full, timing="any")])


def test_near_miss_a_dropped_intervening_if():
    text = "When ~ enters the battlefield, if it was kicked, draw two cards."
    full, = reading(text, "Creature — Human")
    assert full.kind == "triggered" and full.intervening and unread_part(text, [full]) is None
    assert "if" in unread_part(text, [replace(full, intervening="")])


def test_near_miss_a_dropped_spending_restriction():
    text = "{T}: Add one mana of any color. Spend this mana only to cast a creature spell."
    full, = reading(text, "Land")
    assert unread_part(text, [full]) is None
    assert unread_part(text, [replace(full, spend_only="")]) is not None


# ---------------------------------------------------------------- costs (602.1a, 118.1, 107.4)

def test_near_miss_a_reading_with_a_dropped_cost_is_none():
    text = "{2}, {T}, Sacrifice ~: Draw a card."
    full, = reading(text, "Artifact")
    assert len(full.cost) == 3 and unread_part(text, [full]) is None
    dropped = replace(full, cost=tuple(p for p in full.cost if p.kind != "sacrifice_self"))
    assert "cost" in unread_part(text, [dropped])
    no_mana = replace(full, cost=tuple(p for p in full.cost if p.kind != "mana"))
    assert unread_part(text, [no_mana]) is not None


def test_one_cost_part_may_name_a_list():
    # "Sacrifice an artifact, creature, or land" is one part (118.1): its commas are the list's
    text = "Sacrifice an artifact, creature, or land: You gain 1 life."
    a, = abilities(text, "Artifact")
    assert a.kind == "activated" and len(a.cost) == 1


@pytest.mark.parametrize("text, type_line", [
    ("Destroy target creature. It can't be regenerated.", "Instant"),
    ("{T}: Add {G}.", "Land"),
    ("{1}: ~ gets +1/+1 until end of turn. Activate only once each turn.", "Creature — Human"),
    ("Return up to three target artifacts and/or creatures to their owners' hands.", "Sorcery"),
    ("If a land is tapped for mana, it produces {B} instead of any other type.", "Enchantment"),
])
def test_full_readings_stay_modelled(text, type_line):
    assert all(a.kind != "unmodelled" for a in abilities(text, type_line)), text


@pytest.mark.parametrize("text, type_line, drop", [
    ("{2}, {T}, Sacrifice ~: Draw a card.", "Artifact", lambda a: replace(a, cost=a.cost[1:])),           # a cost
    ("{T}: Draw a card. Activate only as a sorcery.", "Artifact", lambda a: replace(a, timing="any")),  # a condition
    ("Destroy target artifact, target creature, target enchantment, and target land.", "Sorcery",
     lambda a: replace(a, targets=a.targets[:3])),                                                       # a list item
])
def test_the_compiler_keeps_a_line_read_in_part_unmodelled(monkeypatch, text, type_line, drop):
    # whichever reader made a reading, the compiler checks it where it accepts a line (``lines.compile_line``)
    from mtgjudge.model.oracle import lines
    ctx = LineContext(spell=type_line == "Sorcery")
    full = lines._compile_line(text, text, ctx)
    assert [a.kind for a in lines.compile_line(text, text, ctx)] == [a.kind for a in full] != ["unmodelled"]
    monkeypatch.setattr(lines, "_compile_line", lambda norm, printed, c: [drop(full[0])])
    kept, = lines.compile_line(text, text, ctx)
    assert kept.kind == "unmodelled" and kept.source_text == text


def test_target_phrases_are_found_in_the_order_of_the_text():
    # Energy Bolt's modes: "target player or planeswalker", then "target player": the second phrase is the second
    # use of "target", not a prefix of the first (which would look cut short)
    text = "Choose one — • ~ deals X damage to target player or planeswalker. • Target player gains X life."
    modes = (Ability("spell", targets=("target player or planeswalker",)), Ability("spell", targets=("target player",)))
    assert unread_part(text, [Ability("spell", modes=modes)]) is None
    # a qualifier that goes on is part of the phrase ("target creature with flying")
    assert unread_part("Destroy target creature with flying.", [Ability("spell", targets=("target creature",))])
