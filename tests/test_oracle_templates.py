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
    # the card exiles itself from the hand: the ability functions only there (113.6m), a mana ability (605.1a)
    guide = ability("Exile ~ from your hand: Add {R}.", "Creature — Elf Spirit")
    assert guide.kind == "mana" and guide.zones == ("hand",) and guide.cost[0].kind == "exile_self_from_hand"
    # near miss: a cost the grammar doesn't read that moves the card itself from the hand: where it functions is
    # not guessed
    assert ability("Put ~ from your hand on the bottom of your library: Add {R}.", "Creature — Elf Spirit").kind \
        == "unmodelled"


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
    # (a cost of mana and life is read, words.optional.read; a sacrifice for each age counter is not)
    a = ability("Cumulative upkeep—Sacrifice a creature.")
    assert a.kind == "unmodelled" and a.source_text.startswith("Cumulative upkeep") and a.scope
    assert ability("Cumulative upkeep—Pay {B} and 1 life.").keyword == "Cumulative upkeep"


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
    # 107.3a: X defined by the text, read as the ability resolves: counters on it, your life, the greatest power
    ("{T}, Sacrifice ~: Add X mana of any one color, where X is the number of petal counters on ~.", "one_type",
     lambda p: p.amount == 1 and p.per_counter == "petal" and p.choices == "WUBRG"),
    ("{T}: Choose a color. Add one mana of that color for each charge counter on ~.", "one_type",
     lambda p: p.amount == 1 and p.per_counter == "charge" and p.choices == "WUBRG"),
    ("{T}: Add X mana of any one color, where X is your life total.", "one_type",
     lambda p: p.amount == 1 and p.per_life and p.amount_from_game),
    ("{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among creatures you control.",
     "combination", lambda p: p.amount == 1 and p.per_greatest_power.controller == "you" and p.amount_from_game),
    # 700.5: devotion to one color, or to the color chosen as it resolves
    ("{T}: Add an amount of {G} equal to your devotion to green.", "fixed",
     lambda p: p.fixed == ("G",) and p.per_devotion == "G" and p.amount_from_game),
    ("{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to that color.", "one_type",
     lambda p: p.choices == "WUBRG" and p.per_devotion == "chosen"),
    # 105.2: each color among permanents; 305.6: domain; cards in a graveyard (not permanents)
    ("{T}: For each color among permanents you control, add one mana of that color.", "colors_among",
     lambda p: p.color_of.controller == "you" and p.amount_from_game),
    ("{T}: Add X mana in any combination of colors, where X is the number of basic land types among lands you "
     "control.", "combination", lambda p: p.per_domain and p.amount == 1),
    ("{2}, {T}: Add {B} for each black creature card in your graveyard.", "fixed",
     lambda p: p.per_card_in[0] == "graveyard" and p.per_card_in[1].colors == ("B",)),
    # 614.15: its own replacement when it has a counter
    ("{T}: Add {C}. If ~ has a luck counter on it, instead add one mana of any color.", "fixed",
     lambda p: p.instead_if == "counter" and p.instead_counter == "luck" and p.instead_production.mode == "one_type"),
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
    # near misses of "where X is": a production with no X, another player's life, the greatest toughness
    "{T}: Add {G}, where X is your life total.",
    "{T}: Add X mana of any one color, where X is target opponent's life total.",
    "{T}: Add X mana of any one color, where X is the greatest toughness among creatures you control.",
    "{T}: Choose a color. Add one mana of that color for each charge counter on target artifact.",
    # colors among cards in a hand; basic land types among lands an opponent controls; cards in a library
    "{T}: For each color among cards in your hand, add one mana of that color.",
    "{T}: Add X mana in any combination of colors, where X is the number of basic land types among lands an "
    "opponent controls.",
    "{T}: Add {B} for each black creature card in target opponent's graveyard.",
    # devotion to another color than the mana's; an "instead" on a counter of another permanent
    "{T}: Add an amount of {G} equal to your devotion to black.",
    "{T}: Add {C}. If target land has a luck counter on it, instead add one mana of any color.",
    # mana on a condition the table doesn't list, or to a player chosen in another way
    "{T}: Flip a coin. If you lose the flip, add {C}{C}.",
    "{T}: Choose a player. That player adds {G} for each card in their hand.",
    # a rider that adds mana itself is not kept as words (it could change what is produced)
    "{T}: Add {C}. When that mana is spent to cast an artifact spell, add {C}.",
    # a condition on what the mana pays for that restricts how it may be spent is no rider (106.6)
    "{T}: Add {C}. If you control a Swamp, that mana can't be spent on creature spells.",
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


@pytest.mark.parametrize("text, type_line", [
    ("+1: Add {R}{R}.", "Legendary Planeswalker — Chandra"),                               # a loyalty ability
    ("{T}: Exile target land card from a graveyard. Add one mana of any color.", "Creature — Human Shaman"),
    ("{4}, {T}: For one spell this turn, you may spend mana as though it were mana of any type to pay that spell's "
     "mana cost.", "Artifact"),                                                            # adds no mana
])
def test_abilities_that_are_no_mana_abilities(text, type_line):
    # 605.1a: a mana ability has no target, could add mana and is no loyalty ability; these aren't (unread, as
    # activated abilities that may change anything when they resolve)
    a = ability(text, type_line)
    assert a.kind == "unmodelled" and a.unmodelled_kind == "activated"


@pytest.mark.parametrize("text, fixed", [
    ("{T}, Pay 2 life: Add {C}. If that mana is spent on an instant or sorcery spell, that spell can't be countered.",
     ("C",)),
    ("{T}: Add {R}. When that mana is spent to cast a red instant or sorcery spell, copy that spell and you may "
     "choose new targets for the copy.", ("R",)),
    ("{T}, Sacrifice ~: Add {C}{C}. If that mana is spent on a creature spell, it gains haste until end of turn.",
     ("C", "C")),
])
def test_an_effect_on_what_the_mana_is_spent_on(text, fixed):
    # 106.6: an additional effect on the spell the mana pays for, or a delayed trigger when it is spent: the mana
    # added is read (106.7), the rider is kept unread (paying with it and activating it: unsupported); a target in
    # the delayed trigger is not the ability's (605.1a)
    a = ability(text, "Artifact")
    assert a.kind == "mana" and a.production.fixed == fixed and "that mana is spent" in a.unread


def test_a_cost_moving_the_object_from_the_battlefield_or_another_card():
    # 113.6m: "Return ~ to its owner's hand" moves it out of the battlefield, where the ability functions;
    # "Discard your hand" moves other cards. The cost stays unread; the production is read (106.7).
    a = ability("{R}, Return ~ to its owner's hand: Add {C}{C}{R}. Activate only as a sorcery.", "Creature — Imp")
    assert a.kind == "mana" and a.zones == () and "Return ~" in a.unread and a.production.fixed == ("C", "C", "R")
    b = ability("Discard your hand, Sacrifice ~: Add three mana of any one color.", "Artifact")
    assert b.kind == "mana" and b.production.amount == 3 and "Discard your hand" in b.unread
    # near miss: a cost the grammar doesn't read moving it out of the hand functions there (113.6m): not guessed
    assert ability("Pay 1 life, Reveal ~ from your hand, Put it on top of your library: Add {R}.",
                   "Creature — Spirit").kind == "unmodelled"


@pytest.mark.parametrize("text, fixed_or_choices, rider", [
    # 705: a coin flip may be won; 118.12: "unless any player pays" may go unpaid; a chosen player may be you, and the
    # mana is produced by this permanent whoever gets it (106.7)
    ("{1}: Flip a coin. If you win the flip, add {C}{C}.", ("C", "C"), "Flip a coin."),
    ("{T}: Choose a color. Add one mana of that color unless any player pays {1}.", "WUBRG", "unless any player pays"),
    ("{T}: Choose a player. That player adds one mana of any color they choose.", "WUBRG", "Choose a player."),
    ("{T}: A player of your choice adds {C}.", ("C",), "A player of your choice"),
])
def test_mana_added_on_a_condition_or_to_a_chosen_player(text, fixed_or_choices, rider):
    a = ability(text, "Artifact")
    assert a.kind == "mana" and rider in a.unread
    assert (a.production.fixed or a.production.choices) == fixed_or_choices


def test_spend_this_mana_only_on_costs_is_kept_unread():
    # 106.6: a restriction on spending doesn't change the mana's type; the template the spending rules don't read
    # is kept unread (paying with it: unsupported)
    a = ability("{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.", "Creature — Goblin")
    assert a.kind == "mana" and a.unread == "Spend this mana only on costs that contain {X}."


def test_a_replacement_created_by_an_ability_is_no_mana_ability():
    # 605.1a: Harvest Mage's ability creates an effect on lands' mana ("it produces ... instead", 614.1a) and adds
    # none itself
    a = ability("{G}, {T}, Discard a card: Until end of turn, if you tap a land for mana, it produces one mana of a "
                "color of your choice instead of any other type and amount.", "Creature — Human Druid")
    assert a.kind == "unmodelled" and a.unmodelled_kind == "activated"
    # near miss: doubling the pool adds mana (Doubling Cube, 106.6's example)
    assert ability("{3}, {T}: Double the amount of each type of unspent mana you have.", "Artifact").kind == "mana"
# ------------------------------------------------------------------ Gemstone Mine, Pale Moon, ...

def _face(name: str, text: str, type_line: str):
    card = compile_card(CardRecord(name, "normal", (FaceRecord(name, "", type_line, text),)))
    assert card.modelled
    return card.faces[0].abilities


@pytest.mark.parametrize("name, text", [
    # 2018 wording (mtgjson3) and today's ("this land", 201.4c)
    ("Gemstone Mine", "Gemstone Mine enters the battlefield with three mining counters on it.\n{T}, Remove a mining "
     "counter from Gemstone Mine: Add one mana of any color. If there are no mining counters on Gemstone Mine, "
     "sacrifice it."),
    ("Gemstone Mine", "This land enters with three mining counters on it.\n{T}, Remove a mining counter from this "
     "land: Add one mana of any color. If there are no mining counters on this land, sacrifice it."),
])
def test_sacrifice_if_no_counters_is_part_of_the_mana_ability(name, text):
    # Gatherer ruling on Gemstone Mine (2004-10-04): sacrificing it when the last counter is removed is part of the
    # mana ability's effect (605.3b: it resolves at once), so it is the mana ability's word, not a trigger
    enters, mana = _face(name, text, "Land")
    assert enters.static.kind == "enters_with_counters" and enters.static.arg("n") == 3
    assert mana.kind == "mana" and mana.production.choices == "WUBRG"
    assert [(e.kind, e.arg("counter")) for e in mana.effects] == [("sacrifice_if_no_counters", "mining")]
    # near miss: sacrificing something else is not that word; it stays words (a mana ability with an unread effect)
    _, other = _face(name, text.replace("sacrifice it.", "sacrifice a creature."), "Land")
    assert [e.kind for e in other.effects] == ["other"]


def test_a_lasting_replacement_effect_on_mana():
    # Pale Moon: a replacement effect on mana (614.1a) that lasts until end of turn (611.2a); "a player taps a
    # nonbasic land for mana" is any nonbasic land tapped for mana by anyone (its ruling: the amount is kept)
    text = ("Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of any "
            "other type.")
    spell, = _face("Pale Moon", text, "Instant")
    lasting, = spell.effects
    assert spell.kind == "spell" and lasting.kind == "lasting" and lasting.arg("until") == "end_of_turn"
    static = lasting.arg("static")
    assert static.kind == "mana_change_type" and static.arg("to") == "C" and static.arg("tapped_by", "") == ""
    assert static.affects.types == ("Land",) and static.affects.not_supertypes == ("Basic",)
    # near misses: more after the replacement, or a duration not read, keep the sentence as words
    for miss in (text[:-1] + " and that player loses 1 life.",
                 text.replace("Until end of turn", "Until your next turn")):
        assert [e.kind for e in _face("Pale Moon", miss, "Instant")[0].effects] == ["other"]


@pytest.mark.parametrize("text, n", [
    ("You may play an additional land on each of your turns.", 1),       # Exploration, Dryad of the Ilysian Grove
    ("You may play two additional lands on each of your turns.", 2),     # Azusa, Lost but Seeking
])
def test_additional_land_plays(text, n):
    # 305.2: an effect that allows additional land plays; counted by the land-play timing
    a = ability(text)
    assert a.kind == "static" and a.static.kind == "additional_land_plays" and a.static.arg("n") == n
    # near misses: a condition or another duration is not read (the line stays unmodelled)
    for miss in (text[:-1] + " if you control a Forest.", text.replace("on each of your turns", "this turn")):
        assert ability(miss).kind == "unmodelled"


@pytest.mark.parametrize("name, text", [
    ("City of Brass", "Whenever City of Brass becomes tapped, it deals 1 damage to you."),      # 2018 (mtgjson3)
    ("City of Brass", "Whenever this land becomes tapped, it deals 1 damage to you."),         # today's (201.4c)
])
def test_a_trigger_on_becoming_tapped(name, text):
    # 603.2e: the land's own change from untapped to tapped; "it" is the land; "you" is no target (115.1), so the
    # damage is dealt to the ability's controller (120.3a). It adds no mana: no mana ability (605.1b).
    a, = _face(name, text, "Land")
    assert a.kind == "triggered" and a.mana_trigger is None and a.targets == ()
    assert (a.trigger_event.event, a.trigger_event.who) == ("becomes_tapped", "self")
    assert [(e.kind, e.arg("n")) for e in a.effects] == [("damage_you", 1)]
    # near misses: another permanent's tapping, untapping, or a condition on the damage is not read
    for miss in (text.replace(name if name in text else "this land", "a land"),
                 text.replace("to you.", "to you unless an opponent pays {1}."),
                 text.replace("becomes tapped", "becomes untapped")):
        assert _face(name, miss, "Land")[0].kind == "unmodelled", miss
    # 118.12a: "unless you pay {1}" is the controller's choice as it resolves, read with the damage it governs
    paid, = _face(name, text.replace("to you.", "to you unless you pay {1}."), "Land")
    assert [e.kind for e in paid.effects] == ["unless_you_pay", "damage_you"]


def test_damage_to_you_in_a_mana_ability():
    # Ancient Tomb: "~ deals 2 damage to you" is a word of its mana ability (120.3a), which payments deal as it
    # resolves (rules.mana_sources.PAID_EFFECTS)
    a, = _face("Ancient Tomb", "{T}: Add {C}{C}. This land deals 2 damage to you.", "Land")
    assert a.kind == "mana" and [(e.kind, e.arg("n")) for e in a.effects] == [("damage_you", 2)]
    # near miss: "that player" is not "you": kept as words
    b, = _face("Ancient Tomb", "{T}: Add {C}{C}. This land deals 2 damage to that player.", "Land")
    assert [e.kind for e in b.effects] == ["other"]
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


def test_a_trigger_about_its_event_object_with_targets_not_read_stays_unread():
    """702.83a: "that creature" names the object the trigger event is about; a sentence whose targets can't be
    read ("target creature of target player") leaves the whole line unread, not a crash while compiling."""
    text = ("Whenever a creature you control attacks alone, that creature gets +1/+1 and target creature of target "
            "player gets -1/-1 until end of turn.")
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", "Enchantment", text),)))
    assert [a.kind for a in card.faces[0].abilities] == ["unmodelled"]
