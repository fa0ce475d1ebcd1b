"""The Oracle templates the compiler reads (model/oracle, model/vocab/phrases.lark), one line each: what the line
becomes in the model's vocabulary. The answers these lead to are asked in test_imported_cards.py and the
bundled corpus; here each template is checked on its own, with a near miss that must stay unread."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.vocab.abilities import X_COUNT, Ability


def ability(text: str, type_line: str = "Enchantment") -> Ability:
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    assert card.modelled
    first, = card.faces[0].abilities
    return first


@pytest.mark.parametrize("text, kind, args", [
    # 614.1a, 106.12: replacement effects on the mana a land produces
    ("If a land is tapped for mana, it produces {B} instead of any other type.", "mana_change_type", {"to": "B"}),
    ("If a land is tapped for mana, it produces colorless mana instead of any other type.", "mana_change_type",
     {"to": "C"}),
    ("If a basic land you control is tapped for mana, it produces mana of a color of your choice instead of any "
     "other type.", "mana_change_type", {"to": "any_color"}),
    ("If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.",
     "mana_replace_all", {"mana": "{C}", "min_amount": 2}),
    ("If tapped for mana, Plains produce {R}, Swamps produce {G}, Mountains produce {W}, and Forests produce {B} "
     "instead of any other type.", "mana_by_land_type",
     {"map": (("Forest", "B"), ("Mountain", "W"), ("Plains", "R"), ("Swamp", "G"))}),
    # 305.7: an Aura setting the enchanted land's subtype
    ("Enchanted land is an Island.", "set_land_type", {"types": ("Island",), "enchanted": True}),
    ("Enchanted land is every basic land type in addition to its other types.", "add_land_type",
     {"types": "all basic", "enchanted": True}),
])
def test_static_templates(text, kind, args):
    a = ability(text)
    assert a.kind == "static" and a.static.kind == kind
    assert {k: a.static.arg(k) for k in args} == args


def test_a_mana_ability_whose_cost_is_not_read_but_moves_another_card():
    # 113.6j concerns costs that move the object itself out of a zone; this one functions on the battlefield, its
    # production read (106.7 ignores costs) and its cost kept as unread (activating it: unsupported)
    a = ability("{T}, Put the top card of your library into your graveyard: Add {C}.", "Artifact Creature — Construct")
    assert a.kind == "mana" and a.zones == () and "library" in a.unread and a.production.fixed == ("C",)
    # near miss: the card exiles itself from the hand (113.6j): where it functions is not guessed
    assert ability("Exile ~ from your hand: Add {R}.", "Creature — Elf Spirit").kind == "unmodelled"


def test_any_player_may_activate():
    # 602.2: "Any player may activate this ability." is read for an ability that is no mana ability
    a = ability("{1}: ~ gets +1/+1 until end of turn. Any player may activate this ability.", "Creature — Human")
    assert a.kind == "activated" and a.any_player and not a.unread
    # near miss: a mana ability anyone may activate stays unread (a payment looks only at one's own mana sources)
    m = ability("{T}: Add {G}. Any player may activate this ability.", "Artifact")
    assert m.kind == "mana" and m.unread == "Any player may activate this ability."


def test_activate_only_during_your_turn_before_attackers_are_declared():
    # 602.5, 508.1: a restriction on when it may be activated, read for an ability that is no mana ability
    a = ability("{T}: ~ deals 1 damage to any target. Activate only during your turn, before attackers are declared.",
                "Creature — Human Wizard")
    assert a.kind == "activated" and a.during == "your turn, before attackers are declared" and not a.unread
    # near miss: "before blockers are declared" is not read
    b = ability("{T}: ~ deals 1 damage to any target. Activate only during your turn, before blockers are declared.",
                "Creature — Human Wizard")
    assert b.unread and not b.during


def test_activate_only_if_you_have_no_cards_in_hand():
    # 602.5: read for an ability that is no mana ability; on a mana ability it stays unread (mana sources don't
    # look at it), and another count of cards is not read
    a = ability("{2}, {T}: Draw a card. Activate this ability only if you have no cards in hand.", "Artifact")
    assert a.kind == "activated" and a.only_if == "you have no cards in hand" and not a.unread
    assert ability("{T}: Add {C}. Activate only if you have no cards in hand.", "Artifact").unread
    assert ability("{2}, {T}: Draw a card. Activate only if you have one or fewer cards in hand.", "Artifact").unread


def test_crew_is_an_activated_ability_with_a_tapping_cost():
    # 702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total power N or
    # greater: This permanent becomes an artifact creature until end of turn."
    a = ability("Crew 3", "Artifact — Vehicle")
    assert a.kind == "activated" and [(p.kind, p.n) for p in a.cost] == [("crew", 3)]
    # a crew without a number is no Crew N
    assert ability("Crew X", "Artifact — Vehicle").kind == "unmodelled"


def test_outlast_is_a_sorcery_speed_tap_ability():
    # 702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery."
    a = ability("Outlast {1}{W}", "Creature — Human Warrior")
    assert a.kind == "activated" and [p.kind for p in a.cost] == ["mana", "tap"] and a.timing == "sorcery"
    assert a.effects[0].kind == "counter" and a.effects[0].arg("kind") == "+1/+1"
    # near miss: a cost the cost grammar doesn't read keeps the keyword unread
    assert ability("Outlast—Pay {E}{E}", "Creature — Human Warrior").kind == "unmodelled"


def test_a_keyword_joined_to_its_cost_by_a_dash():
    # 702.24a: "Cumulative upkeep—[cost]" is the keyword with a cost that is not mana; its scope is the upkeep
    a = ability("Cumulative upkeep—Pay {B} and 1 life.")
    assert a.kind == "unmodelled" and a.source_text.startswith("Cumulative upkeep") and a.scope


@pytest.mark.parametrize("text, who", [
    ('Lands you control have "{T}: Add one mana of any color."', {"affects": "Lands you control"}),
    ('Enchanted land has "{T}: Add two mana of any one color."', {"enchanted": True}),
])
def test_granted_mana_abilities(text, who):
    # 613.1f: an ability granted in layer 6; the granted text is read as a mana ability is (605.1a)
    a = ability(text)
    assert a.static.kind == "grant_mana_ability"
    assert a.static.text().startswith(who.get("affects", "Enchanted land has"))


@pytest.mark.parametrize("text, mode, check", [
    ("{T}: Add {U}. If you played a land this turn, add {B} instead.", "fixed",
     lambda p: p.instead_if == "played_land_this_turn" and p.instead == ("B",)),
    ("{3}, {T}: Double the amount of each type of unspent mana you have.", "double_pool", lambda p: True),
    ("{T}: Add {G} for each Elf on the battlefield.", "fixed",
     lambda p: p.per.subtypes == ("Elf",) and p.per.controller == "any"),
    ("{T}: Add X mana of any one color, where X is the number of Allies you control.", "one_type",
     lambda p: p.amount == 1 and p.per.subtypes == ("Ally",) and p.per.controller == "you"),
    ("{T}: Choose a color of a permanent you control. Add one mana of that color.", "color_of",
     lambda p: p.color_of.controller == "you"),
    ("{T}: Choose a color of a card in your graveyard. Add one mana of that color.", "color_of_card",
     lambda p: p.card_zone == "graveyard"),
    # 107.3: X is the number of counters the cost removes; the battery adds one more than X, so X may be 0
    ("{T}, Remove any number of charge counters from ~: Add {B}, then add an additional {B} for each charge counter "
     "removed this way.", "one_type", lambda p: p.choices == "B" and p.amount == X_COUNT and p.x_plus == 1),
    ("{T}, Remove X charge counters from ~: Add an amount of {C} equal to X plus one.", "one_type",
     lambda p: p.choices == "C" and p.amount == X_COUNT and p.x_plus == 1),
    ("{T}: Add an amount of {G} equal to ~'s power.", "fixed", lambda p: p.fixed == ("G",) and p.per_power),
    # 614.15: its own replacement, "instead" when you control permanents with those subtypes (205.3i: Urza's)
    ("{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead.", "fixed",
     lambda p: p.instead_if == "control" and p.instead == ("C", "C")
     and [[s.subtypes[0] for s in g] for g in p.instead_control] == [["Urza’s", "Mine"], ["Urza’s", "Tower"]]),
])
def test_mana_ability_templates(text, mode, check):
    a = ability(text, "Artifact")
    assert a.kind == "mana" and a.production.mode == mode and check(a.production)


@pytest.mark.parametrize("text, event, of, by, add", [
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
     "tapped_for_mana", "land", "any", "produced_type"),
    ("Whenever you tap a land for mana, add one mana of any type that land produced.",
     "tapped_for_mana", "land", "you", "produced_type"),
    ("Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.",
     "tapped_for_mana", "enchanted", "any", "fixed"),
    ("Whenever a land's ability causes you to add one or more mana of the chosen color, add one additional mana "
     "of that color.", "adds_chosen_color", "land", "you", "chosen_color"),
])
def test_triggered_mana_ability_templates(text, event, of, by, add):
    # 605.1b: a triggered ability that triggers from a mana ability and could add mana is a mana ability
    t = ability(text).mana_trigger
    assert (t.event, t.of, t.by, t.add.mode) == (event, of, by, add)


@pytest.mark.parametrize("text", [
    # the mana goes to the player the trigger names: "you" after "a player taps" is another ability (106.12a)
    "Whenever a player taps a land for mana, add {G}.",
    # a condition the grammar doesn't read keeps the whole ability unread
    "{T}: Add {C}. If an opponent controls an Urza's Mine and an Urza's Tower, add {C}{C} instead.",
    "If a land is tapped for mana, it produces {B}{B} instead of any other type.",
    # an additional mana of another type than the first: not the battery's one type
    "{T}, Remove any number of charge counters from ~: Add {B}, then add an additional {G} for each charge counter "
    "removed this way.",
    # an amount equal to its toughness: not read
    "{T}: Add an amount of {G} equal to ~'s toughness.",
])
def test_near_misses_stay_unread(text):
    assert ability(text, "Land").kind == "unmodelled"


def test_adjectives_joined_by_a_comma_describe_one_object():
    # "target nonartifact, nonblack creature" (Terror): a creature that is both (115.1); "artifact, creature, or
    # land" is any of them
    from mtgjudge.model.vocab.phrases import parse_target
    both = parse_target("target nonartifact, nonblack creature")
    assert len(both.objects) == 1 and both.objects[0].not_types == ("Artifact",) and both.objects[0].not_colors == ("B",)
    assert len(parse_target("target artifact, creature, or land").objects) == 3


@pytest.mark.parametrize("text", [
    "When this enchantment enters, recruit. (Draw a card, then discard a card. If you discarded a nonland card, "
    "create a 1/1 white Human Soldier creature token.)",
    "When Test Card enters the battlefield, recruit.",          # the 2018 templating of the trigger
])
def test_recruit_as_the_effect_of_a_trigger(text):
    # 701.70a (2026-09-25 rules): "recruit" alone is the keyword action the engine performs (draw, discard, a
    # Human Soldier token for a nonland discard); 603.1: the trigger is the sentence before the comma
    a = ability(text)
    assert a.kind == "triggered" and [e.kind for e in a.effects] == ["recruit"] and not a.targets


@pytest.mark.parametrize("text", [
    "When this enchantment enters, recruit twice.",             # a count the action does not take
    "When this enchantment enters, recruit, then draw a card.",  # more words joined to the action
    "When this enchantment enters, target player recruits.",    # another player performs it
])
def test_recruit_near_misses_stay_unread(text):
    assert ability(text).kind == "unmodelled"


def test_colors_set_on_permanents_and_the_same_off_the_battlefield():
    # Celestial Dawn: "The same is true for ..." applies the color-setting effect (layer 5, 613.1e) to spells
    # and cards too; the part on permanents is the set_color word, the part off the battlefield is kept unmodelled
    # and can change only colors of objects off the battlefield (110.1, 611.3a); it functions on the battlefield
    # (113.6)
    from mtgjudge.model.vocab.scopes import Scope
    text = ("Nonland permanents you control are white. The same is true for spells you control and nonland cards "
            "you own that aren't on the battlefield.")
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", "Enchantment", text),)))
    on, off = card.faces[0].abilities
    assert (on.kind, on.static.kind, on.static.arg("colors")) == ("static", "set_color", "W")
    assert on.static.affects.not_types == ("Land",) and on.static.affects.controller == "you"
    assert (off.kind, off.scope, off.zones) == ("unmodelled", (Scope.COLORS_OFF_BATTLEFIELD,), ("battlefield",))
    assert off.source_text.startswith("The same is true")


@pytest.mark.parametrize("text", [
    # the first sentence sets a land type, not a color: the extension is not the colors-off-battlefield part
    "Lands you control are Plains. The same is true for land cards you own that aren't on the battlefield.",
    # extended to permanents, not to objects off the battlefield
    "Nonland permanents you control are white. The same is true for creatures your opponents control.",
])
def test_the_same_is_true_near_misses_stay_unread(text):
    a = ability(text)
    assert a.kind == "unmodelled" and a.scope == ()


def test_spending_white_as_any_color_and_other_mana_only_as_colorless():
    # Celestial Dawn (609.4b): two static words, one per sentence; "other mana" is mana of the colors other than
    # the one the sentence before names (colorless mana is spent as colorless anyway)
    text = ("You may spend white mana as though it were mana of any color. You may spend other mana only as though "
            "it were colorless mana.")
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", "Enchantment", text),)))
    first, second = card.faces[0].abilities
    assert (first.static.kind, first.static.arg("mana")) == ("spend_as_any_color", "W")
    assert (second.static.kind, second.static.arg("mana")) == ("spend_only_as_colorless", "UBRG")


@pytest.mark.parametrize("text", [
    # "other mana" with no color named before it
    "You may spend other mana only as though it were colorless mana.",
    # as though of one other color (Sunglasses of Urza): not a word of the vocabulary
    "You may spend white mana as though it were red mana.",
    # only as though of any color: not the colorless restriction
    "You may spend white mana as though it were mana of any color. You may spend other mana only as though it "
    "were mana of any color.",
])
def test_spending_near_misses_stay_unread(text):
    from mtgjudge.model.vocab.scopes import Scope
    a = ability(text)
    assert a.kind == "unmodelled" and a.scope == (Scope.SPENDING,)     # narrowed by 609.4b, not read
