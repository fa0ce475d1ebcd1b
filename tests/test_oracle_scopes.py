"""The rules that narrow what an unread line of Oracle text could change, and where it functions
(model/oracle/scopes.py, keywords.py), and the text normalization before the grammar (text.py). Each rule is
checked both ways: a line it covers is narrowed, a line that only looks like it is not."""
from __future__ import annotations

import pytest

from mtgjudge.model.vocab.keywords import BY_NAME, lookup
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.scopes import moved_out_of, scopes_of, zones_of
from mtgjudge.model.oracle.text import ability_lines
from mtgjudge.model.vocab.scopes import EVENT_SCOPES, NOW_SCOPES, Scope

PERMANENT = LineContext(spell=False)


# ---------------------------------------------------------------- 113.6: where a line functions

@pytest.mark.parametrize("line", [
    "~ gets +1/+1 as long as you control a Forest.",
    "Creatures you control have haste.",
    "Whenever ~ attacks, you gain 1 life.",
])
def test_a_permanents_line_functions_on_the_battlefield(line):
    assert zones_of(line, "static", spell=False) == ("battlefield",)


@pytest.mark.parametrize("line", [
    "~ costs {1} less to cast for each artifact you control.",        # 113.6d
    "You may cast ~ from your graveyard.",                              # 113.6b, 113.6e
    "~ can't be countered.",                                            # 113.6g
    "~ enters the battlefield with two +1/+1 counters on it.",          # 113.6h
    "When ~ is put into a graveyard from anywhere, shuffle it into its owner's library.",   # 113.6k
    "~'s power and toughness are each equal to the number of cards in your hand.",          # 113.6a
])
def test_lines_that_may_function_elsewhere_are_not_narrowed(line):
    assert zones_of(line, "static", spell=False) == ()


def test_a_line_that_states_its_zone_functions_only_there():
    # 113.6b: "As long as ~ is in your graveyard, ..." states the zone it functions in (Riftstone Portal)
    line = 'As long as ~ is in your graveyard, lands you control have "{T}: Add {G} or {W}."'
    assert zones_of(line, "static", spell=False) == ("graveyard",)
    # near miss: a second sentence is not under the condition; where it functions is not narrowed
    assert zones_of("As long as ~ is in your graveyard, lands you control have flying. Draw a card.", "static",
                    spell=False) == ()


def test_a_stated_zone_with_a_further_condition_functions_only_there():
    # 113.6b: "As long as ~ is in your graveyard and you control a Mountain" holds only while ~ is in the graveyard
    line = "As long as ~ is in your graveyard and you control a Mountain, creatures you control have haste."
    assert zones_of(line, "static", spell=False) == ("graveyard",)
    # a second zone named in the condition is no narrowing to one zone
    assert zones_of("As long as ~ is in your graveyard or in your hand, creatures you control have haste.", "static",
                    spell=False) == ()


@pytest.mark.parametrize("effect,zones", [
    ("Return ~ from your graveyard to the battlefield tapped.", ("graveyard",)),
    ("Put ~ from exile onto the battlefield tapped.", ("exile",)),
    ("Return ~ from your graveyard to your hand.", ("graveyard",)),
    # 113.6m names the object itself: another card in that zone is not it
    ("You may put a creature card with mana value equal to the number of charge counters on ~ from your hand onto "
     "the battlefield.", ()),
    ("Create a token with \"{1}: Return a card named ~ from your graveyard to your hand.\"", ()),
    ("Draw a card.", ()),
    # 113.6m's "unless a previous part of its effect puts it into that zone": not placed
    ("Sacrifice ~. Return ~ from your graveyard to your hand.", None),
    ("Return ~ from your graveyard to your hand, then exile ~ from your hand.", None),
])
def test_the_zone_an_effect_moves_its_object_out_of(effect, zones):
    assert moved_out_of(effect) == zones


def test_an_instants_line_functions_on_the_stack():
    assert zones_of("Destroy target creature.", "spell", spell=True) == ("stack",)


# ---------------------------------------------------------------- 603, 605.1: triggers and activations

def test_a_trigger_that_cant_add_mana_changes_nothing_now():
    got = set(scopes_of("Whenever ~ attacks, defending player loses 1 life.", "triggered"))
    assert got == set(EVENT_SCOPES) and not got & NOW_SCOPES


def test_a_trigger_that_adds_mana_is_not_narrowed():
    # 605.1b: a triggered mana ability (Mana Flare) changes what mana is produced.
    assert scopes_of("Whenever a player taps a land for mana, that player adds one mana of any type that land "
                     "produced.", "triggered") == ()


def test_a_trigger_on_tapping_for_mana_that_adds_none_changes_nothing_now():
    # 106.12: tapping a land for mana is the event; the ability adds no mana, so it is no mana ability (605.1b)
    got = set(scopes_of("Whenever an opponent taps a land for mana, that land doesn't untap during its controller's "
                        "next untap step.", "triggered"))
    assert got == set(EVENT_SCOPES)


def test_mana_value_is_not_mana():
    got = scopes_of("Whenever you cast a spell with mana value 5 or greater, draw a card.", "triggered")
    assert Scope.MANA not in got and got


def test_an_activated_ability_that_cant_add_mana_only_matters_to_activating_it():
    got = set(scopes_of("{2}: ~ gets +1/+1 until end of turn.", "activated"))
    assert Scope.ACTIVATION in got and not got & (NOW_SCOPES - {Scope.ACTIVATION})


def test_an_activated_ability_with_mana_words_is_not_narrowed():
    assert scopes_of("{3}, {T}: Double the amount of each type of unspent mana you have.", "activated") == ()


@pytest.mark.parametrize("line", [
    # 111.4, 113.1a, 114.2: the quoted ability is the token's or the emblem's, and its mana is theirs
    '{2}, Sacrifice a creature: Create two colorless Treasure artifact tokens with "{T}, Sacrifice this artifact: '
    'Add one mana of any color."',
    '−2: You get an emblem with "Swamps you control have \'{T}: Add {B}{B}{B}{B}.\'"',
    # 106.6, 107.3: what may pay this ability's own cost, or a note of what paid it
    "{X}{R}, {T}: ~ deals X damage to target creature. Spend only red mana on X.",
    "{1}, {T}: Put a charge counter on ~. Note the type of mana spent to pay this activation cost.",
    # mana symbols in a mana cost are a characteristic (202.1)
    "Chroma — {R}, Sacrifice a creature: ~ deals damage to any target equal to the number of red mana symbols in "
    "the sacrificed creature's mana cost.",
])
def test_mana_words_that_add_no_mana_do_not_stop_the_narrowing(line):
    got = set(scopes_of(line, "activated"))
    assert Scope.ACTIVATION in got and Scope.MANA not in got


@pytest.mark.parametrize("line", [
    '{T}: Add {G}. Creatures you control gain "{T}: Add {G}" until end of turn.',   # adds mana outside the quote
    "{T}: Add {R}. Spend this mana only on X.",
])
def test_mana_added_beside_such_words_is_not_narrowed(line):
    assert scopes_of(line, "activated") == ()


# ---------------------------------------------------------------- static templates

@pytest.mark.parametrize("line,scope", [
    ("~ can't block.", Scope.COMBAT),
    ("~ attacks each combat if able.", Scope.COMBAT),
    ("All creatures able to block enchanted creature do so.", Scope.COMBAT),     # 509.1c: Lure's requirement
    ("All creatures able to block ~ do so.", Scope.COMBAT),
    ("Creatures you control get +1/+1.", Scope.PT_RAISED),       # a raise only (704.5f-g: a lower bound holds)
    ("Creatures you control get -1/-1.", Scope.POWER_TOUGHNESS),
    ("~ doesn't untap during your untap step.", Scope.UNTAP),
    ("You have no maximum hand size.", Scope.HAND_SIZE),
    ("~ can't be countered.", Scope.RESOLUTION),
    ("As ~ enters the battlefield, you may pay 2 life. If you don't, ~ enters the battlefield tapped.", Scope.ENTERS_ITSELF),
    ("You may pay {W} and return a basic land you control to its owner's hand rather than pay ~'s mana cost.",
     Scope.CAST_OPTIONS),
    ("You may cast ~ as though it had flash.", Scope.CAST_OPTIONS),
    ("If ~ was kicked, it enters the battlefield with five +1/+1 counters on it.", Scope.ENTERS_ITSELF),
    ("If ~ is in your opening hand, you may begin the game with it on the battlefield.", Scope.OUTSIDE_GAME),
    ("Draft ~ face up.", Scope.OUTSIDE_GAME),
    ("Creatures with power less than ~'s power can't block it.", Scope.COMBAT),
    ("Play with the top card of your library revealed.", Scope.DRAW),
    ("If ~ would enter the battlefield, sacrifice an untapped Mountain instead. If you do, put ~ onto the "
     "battlefield. If you don't, put it into its owner's graveyard.", Scope.ENTERS_ITSELF),
    ("If ~ would enter the battlefield, you may discard a land card instead. If you do, put ~ onto the "
     "battlefield. If you don't, put it into its owner's graveyard.", Scope.ENTERS_ITSELF),
    ("If ~ would enter the battlefield, instead sacrifice each other permanent named ~ you control, then put ~ "
     "onto the battlefield.", Scope.ENTERS_ITSELF),
    # which permanents untap in an untap step (502.3); blocking more creatures (509.1a), with a condition on itself
    ("Untap ~ during each other player's untap step.", Scope.UNTAP),
    ("As long as ~ is a creature, it can block an additional creature each combat.", Scope.COMBAT),
    # where a discarded card goes: a replacement of the discard (614.1a, 701.9), no mana
    ("If a spell or ability an opponent controls causes you to discard a card, you may reveal that card and put it "
     "on top of your library instead of putting it anywhere else.", Scope.DISCARD),
    # before the first turn: the opening hand (103.6a) and mulligans (103.5)
    ("If ~ is in your opening hand and you're not playing first, you may begin the game with ~ on the battlefield "
     "with a luck counter on it. If you do, exile a card from your hand.", Scope.OUTSIDE_GAME),
    ("Any time you could mulligan and ~ is in your hand, you may exile all the cards from your hand, then draw that "
     "many cards.", Scope.OUTSIDE_GAME),
    # 609.4b: spending mana as though it were another type changes only how costs are paid (Celestial Dawn)
    ("You may spend white mana as though it were mana of any color. You may spend other mana only as though it "
     "were colorless mana.", Scope.SPENDING),
    ("You may spend mana as though it were mana of any type.", Scope.SPENDING),
])
def test_static_templates(line, scope):
    assert scopes_of(line, "static") == (scope,)


def test_a_conditional_cant_be_countered_is_about_countering_and_its_damage_and_is_tested_where_it_matters():
    # 113.6g, 604.1, 615.12: Demonfire's hellbent line, unread, changes whether it is countered and what its damage
    # does: not how it is cast (can-play is answered), but countering it or resolving it is unsupported
    line = "If you have no cards in hand, ~ can't be countered and the damage can't be prevented."
    assert set(scopes_of(line, "static")) == {Scope.RESOLUTION, Scope.LIFE, Scope.DIES}
    assert scopes_of("If you have no cards in hand, ~ can't be countered and you draw a card.", "static") == ()
    (a,) = compile_line(line, line, LineContext(spell=True))
    # countering a spell with such a line is unsupported (kernel.countering.counter_spell asks may_concern("resolution"))
    assert a.kind == "unmodelled" and a.may_concern("resolution") and not a.may_concern("casting")


@pytest.mark.parametrize("line", [
    # near misses of the templates above: untapping other permanents, a condition on the game, another
    # discard's destination (a graveyard replacement could be anything), mulligans that change more
    "Untap all creatures you control during each other player's untap step.",
    "As long as you control a Forest, it can block an additional creature each combat and lands you control have "
    "\"{T}: Add {G}.\"",
    "If a spell or ability an opponent controls causes you to discard a card, put it onto the battlefield instead "
    "and it gains \"{T}: Add {C}.\"",
    "Any time you could mulligan and ~ is in your hand, you may put ~ onto the battlefield.",
    "All lands are 1/1 creatures that are still lands.",            # could make lands summoning sick (302.6)
    "~ can't block, and creatures you control have haste.",          # more than combat
    "Players can't cast spells during combat.",
    # two keywords in one phrase, or a keyword given to other creatures: not this template
    "~ has flying and first strike as long as it's untapped.",
    "Creatures you control have flying as long as you control an artifact.",
    # a replacement of another event than its own entering ("would be put into a graveyard")
    "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead.",
    # what happens when it enters is more than the replacement: "and you gain 2 life"
    "If ~ would enter the battlefield, sacrifice a Forest instead. If you do, put ~ onto the battlefield and you "
    "gain 2 life. If you don't, put it into its owner's graveyard.",
    # a sentence beside the spending ones that is about more than paying: a cost reduction, a permission
    "You may spend white mana as though it were mana of any color. Spells you cast cost {1} less to cast.",
    "You may spend mana as though it were mana of any color to cast creature spells, and you may cast them from "
    "your graveyard.",
])
def test_other_statics_could_change_anything(line):
    assert scopes_of(line, "static") == ()


# ---------------------------------------------------------------- keywords

def test_keyword_table():
    assert lookup("Swampwalk") is BY_NAME["landwalk"]
    assert BY_NAME["cycling"].zones == ("hand",) and BY_NAME["flashback"].zones == ("graveyard",)
    assert BY_NAME["morph"].scopes >= {Scope.CAST_OPTIONS}
    assert lookup("Frobnicate") is None


def test_a_keyword_line_is_several_abilities():
    kinds = [(a.kind, a.keyword) for a in compile_line("Flying, first strike", "Flying, first strike", PERMANENT)]
    assert kinds == [("keyword", "Flying"), ("keyword", "First strike")]


def test_an_unknown_word_in_a_keyword_line_keeps_the_line():
    a, = compile_line("Flying, frobnicate", "Flying, frobnicate", PERMANENT)
    assert a.kind == "unmodelled" and a.scope == ()


# ---------------------------------------------------------------- text

def test_reminder_text_and_self_references():
    lines = ability_lines("Flash (You may cast this spell any time you could cast an instant.)\n"
                          "When Ambush Viper enters the battlefield, draw a card.", "Ambush Viper")
    assert [n for _, n in lines] == ["Flash", "When ~ enters the battlefield, draw a card."]


def test_legendary_short_name_and_new_template():
    lines = ability_lines("When this creature enters, Golos deals 1 damage to any target.", "Golos, Tireless Pilgrim",
                          legendary=True)
    assert lines[0][1] == "When ~ enters, ~ deals 1 damage to any target."


def test_modal_bullets_join_their_line():
    lines = ability_lines("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", "Fade")
    assert len(lines) == 1 and lines[0][1] == "Choose one — • Destroy target artifact. • Destroy target enchantment."


def test_a_basic_lands_reminder_is_not_an_ability():
    assert ability_lines("({T}: Add {G}.)", "Forest") == []


# ---------------------------------------------------------------- narrowings tested where they would be wrong

def test_a_raise_of_power_and_toughness_joined_to_a_blocking_restriction():
    # 613.4c and 509.1b, each a template's: read together (Maniacal Rage, Undying Rage); a lowering is no raise
    assert scopes_of("Enchanted creature gets +2/+2 and can't block.", "static") == (Scope.COMBAT, Scope.PT_RAISED)
    assert scopes_of("Enchanted creature gets -2/+2 and can't block.", "static") == ()
    assert scopes_of("Enchanted creature gets +2/+2 and has flying.", "static") == ()


def _status(text: str) -> str:
    import mtgjudge
    question, = mtgjudge.loads(text)
    r = mtgjudge.ask(question)
    return "unsupported" if r.answer is not None and r.answer.unsupported else r.status


#: Two lands with text about how they enter (MTGJSON v3, 2018 Oracle text), imported by the test that needs them.
_ENTERING_LANDS = {
    "Port Town": {"layout": "normal", "type": "Land", "types": ["Land"],
                  "text": "As Port Town enters the battlefield, you may reveal a Plains or Island card from your hand. "
                          "If you don't, Port Town enters the battlefield tapped.\n{T}: Add {W} or {U}."},
    "Breeding Pool": {"layout": "normal", "type": "Land \u2014 Forest Island", "types": ["Land"],
                      "subtypes": ["Forest", "Island"],
                      "text": "({T}: Add {G} or {U}.)\nAs Breeding Pool enters the battlefield, you may pay 2 life. If "
                              "you don't, Breeding Pool enters the battlefield tapped."},
}


def test_as_it_enters_still_applies_to_its_own_entering_614_12(tmp_path, monkeypatch):
    # the narrowing's near miss: Port Town played itself is unsupported (its "as it enters" reveal is not read);
    # Breeding Pool's "you may pay 2 life" is read and performed, each choice a branch (614.1c)
    import json
    from mtgjudge.model.cards.sources import read
    from mtgjudge.model.cards.store import ENV_VAR, open_store, use_store
    data = tmp_path / "lands.json"
    data.write_text(json.dumps(_ENTERING_LANDS), encoding="utf-8")
    open_store(tmp_path / "cards.sqlite").import_records([(str(data), read(data))])
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cards.sqlite"))
    use_store(None)
    assert _status("""
id: q
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Port Town, id: pt}]
actions:
  - play: pt
expect:
  - {object: pt, zone: battlefield, tapped: false}
""") == "unsupported"
    assert _status("""
id: q
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Breeding Pool, id: bp}]
actions:
  - play: bp
possible:
  - {object: bp, zone: battlefield, tapped: false}
  - {object: bp, zone: battlefield, tapped: true}
""") == "pass"
    monkeypatch.undo()
    use_store(None)


#: An Aura whose raise is joined to a requirement the declaring word does not say with it (MTGJSON v3).
_RAISE_AND_REQUIREMENT = {"Test Frenzy": {"layout": "normal", "type": "Enchantment \u2014 Aura", "types": ["Enchantment"],
                                          "subtypes": ["Aura"], "manaCost": "{R}",
                                          "text": "Enchant creature\nEnchanted creature gets +2/+2 and attacks each "
                                                  "combat if able."}}

_GROWTH_ON_RAISED_BEARS = """
id: q
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Giant Growth, id: gg}]
      battlefield: [Forest]
    Bob:
      battlefield: [{card: Grizzly Bears, id: gb, damage: 2}, {card: AURA, attached_to: gb}]
actions:
  - {cast: gg, targets: [gb]}
expect:
  - {object: gb, zone: battlefield}
"""


def test_a_raise_of_toughness_matters_to_a_creature_that_would_die_without_it_704_5g(tmp_path, monkeypatch):
    # the narrowing's near miss: Grizzly Bears with 2 damage survive only if the Aura's +2/+2 applies: unread (Test
    # Frenzy's raise joined to "attacks each combat if able"), unsupported; read (Maniacal Rage's raise and "can't
    # block", each a word), answered: a 4/4 with 2 damage, 7/7 after Giant Growth
    import json
    from mtgjudge.model.cards.sources import read
    from mtgjudge.model.cards.store import ENV_VAR, open_store, use_store
    data = tmp_path / "auras.json"
    data.write_text(json.dumps(_RAISE_AND_REQUIREMENT), encoding="utf-8")
    open_store(tmp_path / "cards.sqlite").import_records([(str(data), read(data))])
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cards.sqlite"))
    use_store(None)
    assert _status(_GROWTH_ON_RAISED_BEARS.replace("AURA", "Test Frenzy")) == "unsupported"
    assert _status(_GROWTH_ON_RAISED_BEARS.replace("AURA", "Maniacal Rage")) == "pass"
    monkeypatch.undo()
    use_store(None)


def test_a_spells_instructions_that_name_what_stops_targeting_still_matter():
    # 113.3a, 608.2: instructions do nothing on the stack, unless unread text could be a static about targeting
    from mtgjudge.model.rules.targets import _STOPS_TARGETING
    assert not _STOPS_TARGETING.search("~ deals 3 damage to any target. If this spell was kicked, instead it deals "
                                       "10 damage to that permanent or player and the damage can't be prevented.")
    assert _STOPS_TARGETING.search("~ can't be the target of spells or abilities your opponents control. Draw a card.")
    assert _STOPS_TARGETING.search("Split second. ~ has shroud as long as it's on the stack.")


def test_a_flash_permission_with_a_rider_acts_as_events_do_702_8():
    # an unread rider acts on the spell cast by its own permission (Armor of Thorns ruling 2009-10-01) as events
    # do: the sacrifice makes it die
    got = set(scopes_of("You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't have been "
                        "cast, the controller of the permanent it becomes sacrifices it at the beginning of the next "
                        "cleanup step.", "static"))
    assert Scope.CAST_OPTIONS in got and Scope.DIES in got


@pytest.mark.parametrize("line", ["~ has flying as long as it's untapped.",
                                  "As long as you control an artifact, ~ has flying."])
def test_a_keyword_the_object_itself_has_613_1f(line):
    # the object itself has one keyword ability, or not: at most what that keyword does (702.9b), and what may
    # target it ("target creature with flying", 115.1)
    assert set(scopes_of(line, "static")) == {Scope.COMBAT, Scope.TARGETING}


def test_reminder_text_nested_unbalanced_and_the_whitespace_before_it():
    from mtgjudge.model.oracle.text import strip_reminder
    assert strip_reminder("Flying (This creature (a bird) flies.) x") == "Flying x"
    assert strip_reminder("a (b (c) d") == "a (b d"          # an unbalanced parenthesis is kept
    assert strip_reminder("x) (y)") == "x)"
    assert strip_reminder("a \t (b)(c) d") == "a d"
