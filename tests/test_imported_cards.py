"""Questions about cards known only through `mtgjudge cards import`: their Oracle text (2018, MTGJSON v3, from
../shared/cards) compiled by the Oracle compiler. Each expected answer comes from the Comprehensive Rules or
the card's Gatherer rulings, cited beside it; none was taken from the verifier's output.

Old-template cards (their own name for themselves, "enters the battlefield", "Activate this ability only
any time you could cast a sorcery") and new-template ones (written here as Scryfall publishes them today),
split and double-faced cards, and cards whose unread lines must make an answer `unsupported`.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import mtgjudge
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.store import ENV_VAR, open_store, use_store
from mtgjudge.model.cards.sources import read

#: Cards imported from ../shared/cards/mtgjson3 (2018 Oracle text); none of them is built in (Ancient Tomb and Simian
#: Spirit Guide, asked about below, are built-in cards).
V3_CARDS = ("Shock", "Divination", "Murder", "Cancel", "Naturalize", "Raise Dead", "Man-o'-War",
            "Ambush Viper", "Boros Guildgate", "Fire", "Ice", "Delver of Secrets", "Insectile Aberration",
            "Ajani Goldmane", "Vulshok Morningstar", "Shivan Reef", "Skycloud Expanse", "Gilded Lotus",
            "Prodigal Sorcerer", "Living Plane", "Glorious Anthem", "Altar's Reap", "Abomination of Gudul",
            "Gempalm Strider", "Tainted Isle", "Doom Blade", "Icy Manipulator", "Dark Ritual", "Elvish Mystic",
            "Hypnotic Specter", "Lightning Helix", "Sacred Foundry", "Student of Warfare", "Azorius Chancery",
            "Mage-Ring Network", "Dreadship Reef", "Aether Hub", "Chandra Nalaar", "Ghost-Lit Stalker", "Sudden Shock",
            "Priest of Titania", "Wirewood Channeler", "Deadeye Plunderers", "Evil Presence", "Urza's Power Plant",
            "Nylea's Presence", "Heart of Yavimaya", "Black Mana Battery", "Kyren Toy",
            "Smuggler's Copter", "Cultivator's Caravan", "Millikin", "Viridian Joiner", "Flailing Soldier",
            "Urza's Mine", "Urza's Tower", "Disowned Ancestor",
            "Apprentice Sorcerer", "Fool's Tome",
            "Myojin of Night's Reach", "Terror", "Drudge Skeletons", "Kozilek's Translator",
            "Boseiju, Who Shelters All", "Pyromancer's Goggles", "Grinning Ignus", "Lion's Eye Diamond",
            "Lotus Blossom", "Sanctum of the Sun", "Selvala, Heart of the Wilds", "Astral Cornucopia",
            "Chandra, Torch of Defiance", "Foriysian Totem", "Nephalia Academy", "Serum Powder",
            "Karametra's Acolyte", "Nykthos, Shrine to Nyx", "Boros Reckoner", "Gemstone Caverns", "Mana Screw",
            "Spectral Searchlight", "Rhystic Cave", "Riftstone Portal",
            "Bloom Tender", "Prismatic Geoscope", "Crypt of Agadeem", "Dread Shade", "Gravedigger",
            "Exploration", "Azusa, Lost but Seeking", "Oracle of Mul Daya",
            "Rancor", "Anger", "Wonder", "Prized Amalgam", "Reassembling Skeleton",
            "Detention Sphere", "Jungle Patrol", "Unsubstantiate", "Surge of Righteousness",
            "Lingering Souls", "Battle Screech", "Savannah Lions", "Radical Idea", "Flame Jab", "Cut", "Ribbons")

#: Today's templating (Scryfall card objects): "this creature", "enters", "Activate only as a sorcery".
SCRYFALL_CARDS = [
    {"object": "card", "name": "Tireless Provisioner", "layout": "normal", "mana_cost": "{2}{G}",
     "type_line": "Creature — Elf Scout", "power": "3", "toughness": "2",
     "oracle_text": "Landfall — Whenever a land you control enters, create a Food token or a Treasure token."},
    {"object": "card", "name": "Novice Inspector", "layout": "normal", "mana_cost": "{W}",
     "type_line": "Creature — Human Detective", "power": "1", "toughness": "2",
     "oracle_text": "When this creature enters, investigate."},
    {"object": "card", "name": "Gingerbrute Smith", "layout": "normal", "mana_cost": "{3}",
     "type_line": "Artifact Creature — Food Golem", "power": "2", "toughness": "2",
     "oracle_text": "{1}: Put a +1/+1 counter on this creature. Activate only as a sorcery and only once each turn."},
    {"object": "card", "name": "Kazandu Mammoth // Kazandu Valley", "layout": "modal_dfc",
     "card_faces": [
         {"object": "card_face", "name": "Kazandu Mammoth", "mana_cost": "{2}{G}{G}", "type_line": "Creature — Elephant",
          "oracle_text": "Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
          "power": "3", "toughness": "3"},
         {"object": "card_face", "name": "Kazandu Valley", "mana_cost": "", "type_line": "Land",
          "oracle_text": "Kazandu Valley enters tapped.\n{T}: Add {G}."}]},
    {"object": "card", "name": "Bonecrusher Giant // Stomp", "layout": "adventure",
     "card_faces": [
         {"object": "card_face", "name": "Bonecrusher Giant", "mana_cost": "{2}{R}", "type_line": "Creature — Giant",
          "oracle_text": "Whenever this creature becomes the target of a spell, this creature deals 2 damage to "
                         "that spell's controller.", "power": "4", "toughness": "3"},
         {"object": "card_face", "name": "Stomp", "mana_cost": "{1}{R}", "type_line": "Instant — Adventure",
          "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target."}]},
    {"object": "card", "name": "Satyr's Cunning", "layout": "normal", "mana_cost": "{R}", "type_line": "Sorcery",
     "oracle_text": "Create a 1/1 red Satyr creature token with \"This creature can't block.\"\nEscape—{2}{R}, Exile two "
                    "other cards from your graveyard. (You may cast this card from your graveyard for its escape cost.)"},
]


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory):
    """A store holding the cards above, imported as a user would import them."""
    shared = Path(__file__).resolve().parents[1].parent / "shared" / "cards" / "mtgjson3"
    if not shared.exists():
        pytest.skip("../shared is not beside the project")
    data: dict = {}
    for f in sorted(shared.glob("cards_oracle_*.json")):
        data.update(json.loads(f.read_text(encoding="utf-8")))
    folder = tmp_path_factory.mktemp("imported")
    v3 = folder / "cards-v3.json"
    v3.write_text(json.dumps({n: data[n] for n in V3_CARDS}), encoding="utf-8")
    scryfall = folder / "cards-scryfall.json"
    scryfall.write_text(json.dumps(SCRYFALL_CARDS), encoding="utf-8")
    path = folder / "cards.sqlite"
    open_store(path).import_records([(str(v3), read(v3)), (str(scryfall), read(scryfall))])
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_VAR, str(path))
        use_store(None)
        for name in V3_CARDS + ("Tireless Provisioner", "Kazandu Mammoth", "Satyr's Cunning"):
            found = card_db().find(name)
            assert found is not None and found[0].source.endswith(".json"), name   # imported, not built in
        yield path


def run(text: str):
    """The result of one question written in the question format."""
    question, = mtgjudge.loads(text)
    return mtgjudge.ask(question)


def ask(text: str):
    return run(text).answer


def value(text: str):
    r = run(text)
    assert r.answer is not None and r.answer.unsupported is None, (r.status, r.message, r.answer and r.answer.unsupported)
    return r.answer.value


def status(text: str) -> str:
    r = run(text)
    return "unsupported" if r.answer is not None and r.answer.unsupported else r.status


def rules_of(answer) -> set[str]:
    return {r for s in answer.why for r in s.rules}


def can_play(card: str, battlefield: str = "[]", *, turn: str = "", stack: str = "", bob: str = "[]",
             alice_gy: str = "[]", lands_played: int = 0) -> str:
    return f"""
id: q
ask: can-play
about: c
state:
  {turn}
  {stack}
  players:
    Alice:
      lands_played: {lands_played}
      battlefield: {battlefield}
      hand: [{{card: "{card}", id: c}}]
      graveyard: {alice_gy}
    Bob:
      battlefield: {bob}
"""


# ---------------------------------------------------------------- casting: targets (601.2c, 115.1)

def test_shock_any_target_includes_players(imported):
    # 115.4 "any target": a creature, player, planeswalker or battle; players are always there.
    assert value(can_play("Shock", "[Mountain]")) is True


def test_shock_needs_red_mana(imported):
    assert value(can_play("Shock", "[Forest]")) is False     # 601.2h: {R} can't be paid by {G}


def test_murder_with_no_creature_has_no_target(imported):
    a = ask(can_play("Murder", "[Swamp, Swamp, Swamp]"))
    assert a.value is False and "601.2c" in rules_of(a)      # 115.1, 601.2c: no legal target


def test_murder_with_an_opponents_creature(imported):
    assert value(can_play("Murder", "[Swamp, Swamp, Swamp]", bob="[Grizzly Bears]")) is True


def test_murder_cant_target_a_hexproof_creature_of_an_opponent(imported):
    # 702.11b: hexproof: can't be the target of spells an opponent controls.
    assert value(can_play("Murder", "[Swamp, Swamp, Swamp]", bob="[Gladecover Scout]")) is False


def test_a_mana_ability_activated_once_each_turn(imported):
    # 602.5b: "Pay 1 life: Add {C}. Activate only once each turn." Mana-options activates mana abilities as often
    # as their costs allow, which would count {C} many times over: unsupported, naming it (payments read it:
    # tests/test_payment.py, Wall of Roots)
    q = mana_options("[Kozilek's Translator]")
    r = run(q)
    assert status(q) == "unsupported" and "602.5" in (r.answer.unsupported or ""), r.message
    # can-activate reads it (602.5b): not activated this turn, so yes
    assert value("""
id: q
ask: can-activate
about: k
ability: 1
state:
  players:
    Alice:
      battlefield: [{card: Kozilek's Translator, id: k}]
""") is True


def test_terror_needs_a_creature_both_nonartifact_and_nonblack(imported):
    # "Destroy target nonartifact, nonblack creature." (115.1): a black creature is no legal target even though
    # it is nonartifact; a green one is
    assert value(can_play("Terror", "[Swamp, Swamp]", bob="[Drudge Skeletons]")) is False
    assert value(can_play("Terror", "[Swamp, Swamp]", bob="[Drudge Skeletons, Grizzly Bears]")) is True


def test_doom_blade_cant_target_a_black_creature(imported):
    # "target nonblack creature": Hypnotic Specter is black.
    assert value(can_play("Doom Blade", "[Swamp, Swamp]", bob="[Hypnotic Specter]")) is False
    assert value(can_play("Doom Blade", "[Swamp, Swamp]", bob="[Hypnotic Specter, Grizzly Bears]")) is True


def test_naturalize_targets_an_artifact_or_an_enchantment(imported):
    assert value(can_play("Naturalize", "[Forest, Forest]", bob="[Glorious Anthem]")) is True
    assert value(can_play("Naturalize", "[Forest, Forest]", bob="[Grizzly Bears]")) is False


def test_raise_dead_targets_only_your_own_graveyard(imported):
    assert value(can_play("Raise Dead", "[Swamp]", alice_gy="[Grizzly Bears]")) is True
    assert value(can_play("Raise Dead", "[Swamp]", alice_gy="[Lightning Bolt]")) is False     # not a creature card


def test_cancel_needs_a_spell_on_the_stack(imported):
    assert value(can_play("Cancel", "[Island, Island, Island]")) is False
    stack = "stack: [{card: Lightning Bolt, id: bolt, controller: Bob, targets: [Alice]}]"
    assert value(can_play("Cancel", "[Island, Island, Island]", turn="turn: {active: Bob}", stack=stack)) is True


def test_icy_manipulator_activation_targets_artifact_creature_or_land(imported):
    q = """
id: q
ask: can-activate
about: icy
state:
  players:
    Alice:
      battlefield: [{card: Icy Manipulator, id: icy}, Island]
"""
    assert value(q) is True                           # it can target itself or the Island (602.2b)


def test_pacifism_targets_what_it_can_enchant(imported):
    # 115.1b, 303.4a: an Aura spell targets what its enchant ability names.
    assert value(can_play("Pacifism", "[Plains, Plains]")) is False
    assert value(can_play("Pacifism", "[Plains, Plains]", bob="[Grizzly Bears]")) is True


def test_an_enters_trigger_targets_nothing_as_the_creature_is_cast(imported):
    # Man-o'-War's ability targets as it triggers (603.3d), not as the creature spell is cast (601.2c).
    assert value(can_play("Man-o'-War", "[Island, Island, Island]")) is True


# ---------------------------------------------------------------- casting: timing (117.1a, 307.1, 702.8)

def test_sorcery_on_the_opponents_turn(imported):
    assert value(can_play("Divination", "[Island, Island, Island]", turn="turn: {active: Bob}")) is False


def test_flash_creature_on_the_opponents_turn(imported):
    assert value(can_play("Ambush Viper", "[Forest, Forest]", turn="turn: {active: Bob}")) is True     # 702.8a


def test_dark_ritual_is_cast_not_activated(imported):
    # A spell that adds mana is not a mana ability (605.1a is about activated abilities); it is cast (601).
    assert value(can_play("Dark Ritual", "[Swamp]")) is True


# ---------------------------------------------------------------- casting: costs (601.2f, 118.8)

def test_an_additional_cost_of_a_sacrifice_needs_a_creature(imported):
    # Altar's Reap: "As an additional cost to cast this spell, sacrifice a creature."
    assert value(can_play("Altar's Reap", "[Swamp, Swamp]")) is False
    assert value(can_play("Altar's Reap", "[Swamp, Swamp, Grizzly Bears]")) is True


def test_morph_casts_it_face_down_for_three(imported):
    # Abomination of Gudul costs {3}{B}{G}{U}; face down (702.37c) it costs {3}, which four Plains pay; two pay
    # neither
    assert value(can_play("Abomination of Gudul", "[Plains, Plains, Plains, Plains]")) is True
    assert value(can_play("Abomination of Gudul", "[Plains, Plains]")) is False


# ---------------------------------------------------------------- lands (305)

def test_a_land_is_played_once_a_turn(imported):
    assert value(can_play("Boros Guildgate")) is True
    a = ask(can_play("Boros Guildgate", lands_played=1))
    assert a.value is False and "305.2" in rules_of(a)


def test_additional_land_plays(imported):
    # 305.2: "You may play an additional land on each of your turns" (Exploration): two lands a turn, not three
    assert value(can_play("Boros Guildgate", "[Exploration]", lands_played=1)) is True
    a = ask(can_play("Boros Guildgate", "[Exploration]", lands_played=2))
    assert a.value is False and "305.2" in rules_of(a)
    # cumulative (rulings on Oracle of Mul Daya, 2009-10-01, and Azusa, Lost but Seeking, 2018-03-16)
    assert value(can_play("Boros Guildgate", "[Exploration, Exploration]", lands_played=2)) is True
    assert value(can_play("Boros Guildgate", "[{card: 'Azusa, Lost but Seeking'}]", lands_played=2)) is True
    both = "[Exploration, {card: 'Azusa, Lost but Seeking'}]"
    assert value(can_play("Boros Guildgate", both, lands_played=3)) is True
    assert value(can_play("Boros Guildgate", "[{card: 'Azusa, Lost but Seeking'}]", lands_played=3)) is False
    # "on each of your turns": an opponent's Exploration gives Alice nothing
    assert value(can_play("Boros Guildgate", bob="[Exploration]", lands_played=1)) is False
    # near miss: Oracle of Mul Daya's other lines (playing lands from the top of the library) are not read
    assert status(can_play("Boros Guildgate", "[Oracle of Mul Daya]", lands_played=1)) == "unsupported"


def _outcome(actions: str, expect: str) -> str:
    return f"""
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: [{{card: Icy Manipulator, id: icy}}, Island]
    Bob:
      battlefield: [{{card: City of Brass, id: city}}]
actions:
{actions}
expect:
{expect}
"""


def test_city_of_brass_triggers_however_it_becomes_tapped(imported):
    # City of Brass's ruling (2004-10-04): "The first ability triggers no matter how the land becomes tapped":
    # Icy Manipulator's effect taps Bob's City (701.26a); its ability triggers (603.2e) and is put on the stack
    # next time a player would receive priority (603.3); it deals 1 damage to Bob, its controller (120.3a)
    tapped = "  - {activate: icy, targets: [city]}\n  - resolve: 1"
    assert status(_outcome(tapped, "  - {object: city, tapped: true}\n  - {stack_size: 1}\n"
                                   "  - {player: Bob, life: 20}")) == "pass"
    assert status(_outcome(tapped + "\n  - resolve: 1", "  - {stack_size: 0}\n  - {player: Bob, life: 19}\n"
                                                       "  - {player: Alice, life: 20}")) == "pass"
    # 603.2e: an already tapped City of Brass doesn't become tapped again: nothing triggers
    already = _outcome(tapped, "  - {stack_size: 0}").replace("{card: City of Brass, id: city}",
                                                            "{card: City of Brass, id: city, tapped: true}")
    assert status(already) == "pass"


def test_a_guildgate_enters_tapped(imported):
    q = """
id: q
ask: outcome
state:
  players:
    Alice:
      hand: [{card: Boros Guildgate, id: gate}]
actions:
  - {play: gate}
expect:
  - {object: gate, zone: battlefield, tapped: true}
"""
    assert run(q).status == "pass"                         # 614.1c: "enters the battlefield tapped"


# ---------------------------------------------------------------- split, double-faced, adventure cards

def test_split_card_can_be_cast_as_either_half(imported):
    # 709.3: the player chooses the half; only blue mana: Ice (tap target permanent) can be cast, Fire can't.
    a = ask(can_play("Fire // Ice", "[Island, Island]"))
    assert a.value is True and a.witness["face"] == "Ice"


def test_split_card_neither_half(imported):
    assert value(can_play("Fire // Ice", "[Swamp, Swamp]")) is False


def test_modal_double_faced_card_plays_its_land_face(imported):
    # 712.11b: either face; the back face is a land, played with no mana (305.1).
    a = ask(can_play("Kazandu Mammoth", "[]"))
    assert a.value is True and a.witness["face"] == "Kazandu Valley"


def test_adventure_can_be_cast_as_its_adventure(imported):
    # 715.3: Stomp ({1}{R}) with two Mountains; the Giant ({2}{R}) needs three.
    a = ask(can_play("Bonecrusher Giant", "[Mountain, Mountain]"))
    assert a.value is True and a.witness["face"] == "Stomp"


def test_transforming_card_is_cast_front_face_up(imported):
    assert value(can_play("Delver of Secrets", "[Island]")) is True


# ---------------------------------------------------------------- activated abilities (602, 606)

def loyalty(ability: int, counters: int, turn: str = "", done: str = "[]") -> str:
    return f"""
id: q
ask: can-activate
about: ajani
ability: {ability}
state:
  {turn}
  players:
    Alice:
      battlefield: [{{card: Ajani Goldmane, id: ajani, counters: {{loyalty: {counters}}}, activated_this_turn: {done}}}]
    Bob: {{}}
"""


def test_planeswalker_plus_ability_main_phase(imported):
    assert value(loyalty(1, 4)) is True                    # 606.3: as a sorcery


def test_planeswalker_ability_on_the_opponents_turn(imported):
    assert value(loyalty(1, 4, turn="turn: {active: Bob}")) is False


def test_one_loyalty_ability_per_turn(imported):
    a = ask(loyalty(2, 4, done="[1]"))                     # +1 was activated: -1 can't be (606.3)
    assert a.value is False and "606.3" in rules_of(a)


def test_minus_loyalty_needs_the_counters(imported):
    a = ask(loyalty(3, 4))                                 # -6 with 4 loyalty (606.6, 118.3)
    assert a.value is False and rules_of(a) & {"606.6", "118.3"}


def equip(turn: str = "", creature: str = ", {card: Grizzly Bears}") -> str:
    return f"""
id: q
ask: can-activate
about: star
state:
  {turn}
  players:
    Alice:
      battlefield: [{{card: Vulshok Morningstar, id: star}}, Mountain, Mountain{creature}]
    Bob: {{}}
"""


def test_equip_as_a_sorcery_with_a_creature(imported):
    assert value(equip()) is True                          # 702.6a


def test_equip_not_on_the_opponents_turn(imported):
    assert value(equip(turn="turn: {active: Bob}")) is False


def test_equip_needs_a_creature_you_control(imported):
    assert value(equip(creature="")) is False              # "target creature you control"


def test_tap_ability_of_a_creature_that_just_arrived(imported):
    q = """
id: q
ask: can-activate
about: sorc
state:
  players:
    Alice:
      battlefield: [{card: Prodigal Sorcerer, id: sorc, summoning_sick: %s}]
    Bob: {}
"""
    assert value(q % "true") is False                      # 302.6
    assert value(q % "false") is True


def test_new_template_sorcery_speed_once_each_turn(imported):
    q = """
id: q
ask: can-activate
about: smith
state:
  %s
  players:
    Alice:
      battlefield: [{card: Gingerbrute Smith, id: smith, activated_this_turn: %s}, Wastes]
    Bob: {}
"""
    assert value(q % ("", "[]")) is True
    assert value(q % ("", "[1]")) is False                 # 602.5b
    assert value(q % ("turn: {active: Bob}", "[]")) is False   # 602.5d


def test_any_player_may_activate(imported):
    # Flailing Soldier: "{1}: ~ gets +1/+1 until end of turn. Any player may activate this ability." 602.2: only the
    # controller may activate an ability "unless the object specifically says otherwise": Bob may, paying {1}.
    q = """
id: q
ask: can-activate
about: fs
ability: 1
by: Bob
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [{card: Flailing Soldier, id: fs}]
    Bob:
      battlefield: %s
"""
    assert value(q % "[Mountain]") is True
    assert value(q % "[]") is False                      # 118.3: nothing to pay {1} with


def test_outlast(imported):
    # Disowned Ancestor: "Outlast {1}{B}" = "{1}{B}, {T}: Put a +1/+1 counter on this creature. Activate only as a
    # sorcery." (702.107a): {T} needs it under Alice's control since her turn began (302.6), and a sorcery's timing.
    q = """
id: q
ask: can-activate
about: da
state:
  %s
  players:
    Alice:
      battlefield: [{card: Disowned Ancestor, id: da, summoning_sick: %s}, Swamp, Swamp]
    Bob: {}
"""
    assert value(q % ("", "false")) is True
    assert value(q % ("", "true")) is False                      # 302.6
    assert value(q % ("turn: {active: Bob}", "false")) is False  # 602.5d


def test_only_during_your_turn_before_attackers_are_declared(imported):
    # Apprentice Sorcerer: "{T}: ~ deals 1 damage to any target. Activate this ability only during your turn, before
    # attackers are declared." (602.5). Attackers are declared as the declare attackers step begins (508.1), so in
    # that step, after it, and on Bob's turn it can't be activated; in the beginning of combat step it can.
    q = """
id: q
ask: can-activate
about: s
state:
  turn: {active: %s, step: %s}
  players:
    Alice:
      battlefield: [{card: Apprentice Sorcerer, id: s}]
    Bob: {}
"""
    assert value(q % ("Alice", "precombat-main")) is True
    assert value(q % ("Alice", "beginning-of-combat")) is True
    assert value(q % ("Alice", "declare-attackers")) is False
    assert value(q % ("Alice", "postcombat-main")) is False
    assert value(q % ("Bob", "precombat-main")) is False


def test_only_if_you_have_no_cards_in_hand(imported):
    # Fool's Tome: "{2}, {T}: Draw a card. Activate this ability only if you have no cards in hand." (602.5)
    q = """
id: q
ask: can-activate
about: t
state:
  players:
    Alice:
      battlefield: [{card: Fool's Tome, id: t}, Wastes, Wastes]
      hand: %s
"""
    assert value(q % "[]") is True
    assert value(q % "[Grizzly Bears]") is False


def test_a_conditional_keyword_of_its_own_doesnt_change_activating(imported):
    # Myojin of Night's Reach: "~ has indestructible as long as it has a divinity counter on it." changes at most
    # what indestructible does (702.12b); "Remove a divinity counter from ~: Each opponent discards their hand." needs the
    # counter it removes (118.3).
    q = """
id: q
ask: can-activate
about: m
state:
  players:
    Alice:
      battlefield: [{card: Myojin of Night's Reach, id: m, counters: {divinity: %d}}]
"""
    assert value(q % 1) is True
    assert value(q % 0) is False


def test_cycling_is_not_an_ability_of_the_permanent_on_the_battlefield(imported):
    # 113.6j, 702.29a: cycling's cost discards the card: it functions only in the hand ({2}{G}{G}: four Forests).
    q = """
id: q
ask: can-activate
about: strider
ability: 1
state:
  players:
    Alice:
      battlefield: [%sForest, Forest, Forest, Forest]
      hand: [%s]
"""
    strider = "{card: Gempalm Strider, id: strider}"
    assert value(q % (strider + ", ", "")) is False
    assert value(q % ("", strider)) is True


def test_an_unread_activation_restriction_is_unsupported(imported):
    # Tainted Isle: "Activate this ability only if you control a Swamp." is not modelled.
    q = """
id: q
ask: can-activate
about: isle
ability: 2
state:
  players:
    Alice:
      battlefield: [{card: Tainted Isle, id: isle}]
"""
    assert status(q) == "unsupported"


# ---------------------------------------------------------------- what could be produced (106.7)

def produce(card: str, more: str = "") -> str:
    return f"""
id: q
ask: could-produce
about: land
state:
  players:
    Alice:
      battlefield: [{{card: "{card}", id: land}}{more}]
"""


def mana_options(battlefield: str) -> str:
    """"What mana can Alice make now?" with ``battlefield`` (a YAML list) as her permanents."""
    return f"""
id: q
ask: mana-options
state:
  players:
    Alice:
      battlefield: {battlefield}
"""


def test_painland_could_produce_three_types(imported):
    assert value(produce("Shivan Reef")) == frozenset("CUR")


def test_restrictions_dont_change_what_could_be_produced(imported):
    # 106.7: costs ignored; an activation restriction doesn't change what the ability would produce.
    assert value(produce("Tainted Isle")) == frozenset("CUB")


def test_mana_for_each_permanent_on_the_battlefield(imported):
    # Priest of Titania is an Elf itself (205.3m), so its "{G} for each Elf on the battlefield" adds at least {G}
    assert value(produce("Priest of Titania")) == frozenset("G")
    # "X mana of any one color, where X is the number of Elves on the battlefield": any color (105.1)
    assert value(produce("Wirewood Channeler")) == frozenset("WUBRG")


def test_an_aura_setting_the_enchanted_lands_type(imported):
    # 305.7: "Enchanted land is a Swamp." -- the Forest loses its land type and its {T}: Add {G}, and has the
    # Swamp's {T}: Add {B} instead (Evil Presence, 2018 text)
    assert value(produce("Forest", ", {card: Evil Presence, attached_to: land}")) == frozenset("B")


def test_an_aura_adding_every_basic_land_type(imported):
    # 305.7 last sentence: the Forest keeps its type and gains the others, with their mana abilities (305.6)
    assert value(produce("Forest", ", {card: Nylea's Presence, attached_to: land}")) == frozenset("WUBRG")


def test_an_instead_when_you_control_the_other_two(imported):
    # Urza's Power Plant: "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead."
    # Alone it adds {C}; with a Mine and a Tower (205.3i: lands with the subtypes Urza's and Mine, Urza's and Tower)
    # its own replacement applies (614.15) and it adds {C}{C}; the Tower then adds {C}{C}{C}: seven in all.
    assert value(produce("Urza's Power Plant")) == frozenset("C")
    q = mana_options("%s")
    assert value(q % "[Urza's Power Plant]") == frozenset({"{C}"})
    assert value(q % "[Urza's Power Plant, Urza's Mine]") == frozenset({"{C}{C}"})
    assert value(q % "[Urza's Power Plant, Urza's Mine, Urza's Tower]") == frozenset({"{C}{C}{C}{C}{C}{C}{C}"})


def test_an_ability_creating_a_treasure_is_no_mana_ability(imported):
    # 605.1a: Deadeye Plunderers' ability creates a token whose ability adds mana (111.4); it adds none
    # itself, so it is no mana ability and what Alice can make now is the Forest's {G}
    q = mana_options("[Deadeye Plunderers, Forest]")
    assert value(q) == frozenset({"{G}"})


def test_filter_land_produces_its_pair(imported):
    assert value(produce("Skycloud Expanse")) == frozenset("WU")


def test_gilded_lotus_any_one_color(imported):
    assert value(produce("Gilded Lotus")) == frozenset("WUBRG")


def test_ancient_tomb(imported):
    assert value(produce("Ancient Tomb")) == frozenset("C")


def test_blood_moon_makes_a_painland_a_mountain(imported):
    # 305.7: a nonbasic land that becomes a Mountain loses its abilities and has "{T}: Add {R}".
    assert value(produce("Shivan Reef", ", Blood Moon")) == frozenset("R")


def test_a_triggered_ability_that_isnt_a_mana_ability_doesnt_matter(imported):
    # Hypnotic Specter's trigger ("deals damage to an opponent") can't change what a land produces (603, 605.1b).
    assert value(produce("Forest", ", Hypnotic Specter")) == frozenset("G")


def test_anthem_doesnt_change_mana(imported):
    assert value(produce("Forest", ", Glorious Anthem")) == frozenset("G")


def test_an_unread_static_that_could_change_mana_is_unsupported(imported):
    # Living Plane: "All lands are 1/1 creatures that are still lands." is not modelled; it could matter (302.6).
    a = ask(produce("Forest", ", Living Plane"))
    assert a.unsupported and "Living Plane" in a.unsupported


def test_new_template_elf_with_a_mana_ability(imported):
    assert value(produce("Elvish Mystic")) == frozenset("G")


def test_shockland_produces_what_its_land_types_give(imported):
    # 305.6: a Mountain Plains has "{T}: Add {R}" and "{T}: Add {W}"; paying 2 life or entering tapped is about
    # how it enters (614.12), not what it produces.
    assert value(produce("Sacred Foundry")) == frozenset("RW")


def test_bounce_land(imported):
    # Azorius Chancery: "{T}: Add {W}{U}." Its enters trigger ("return a land you control") and "enters the
    # battlefield tapped" change nothing about what it could produce (106.7).
    assert value(produce("Azorius Chancery")) == frozenset("WU")


def test_level_striations_hold_only_at_their_levels(imported):
    # 711.2a: Student of Warfare has first strike only with 2 to 6 level counters: the compiled card has no
    # first strike of its own, and its striations are one unmodelled static ability.
    card, _ = card_db().find("Student of Warfare")
    kinds = [(a.kind, a.keyword) for a in card.faces[0].abilities]
    assert ("keyword", "First strike") not in kinds and ("keyword", "Double strike") not in kinds
    assert [a.kind for a in card.faces[0].abilities] == ["activated", "unmodelled"]


def test_storage_lands(imported):
    # "Remove any number of storage counters ...: Add {C} for each storage counter removed this way" and
    # "Remove X storage counters ...: Add X mana in any combination of {U} and/or {B}": 106.7 ignores costs, so
    # they could produce what an X of 1 or more would add.
    assert value(produce("Mage-Ring Network")) == frozenset("C")
    assert value(produce("Dreadship Reef")) == frozenset("CUB")


def test_a_replacement_of_its_own_entering_doesnt_change_what_it_produces(imported):
    # Heart of Yavimaya: "If ~ would enter the battlefield, sacrifice a Forest instead. ..." applies only to the
    # event of its entering (614.6); on the battlefield it has "{T}: Add {G}." (and a {T} ability that adds no
    # mana, 605.1a), so it could produce {G} (106.7).
    assert value(produce("Heart of Yavimaya")) == frozenset("G")


def test_removing_x_counters_needs_x_counters(imported):
    # Mage-Ring Network: "{T}, Remove any number of storage counters from ~: Add {C} for each storage counter
    # removed this way." The number removed is the X chosen as the cost is paid (107.3); a cost can't be paid
    # without the counters it removes (118.3), and removing 2 of 2 can.
    q = """
id: q
ask: can-activate
about: net
ability: 3
x: %d
state:
  players:
    Alice:
      battlefield: [{card: Mage-Ring Network, id: net, counters: {storage: 2}}]
"""
    assert value(q % 3) is False
    assert value(q % 2) is True


def test_mana_battery(imported):
    # Black Mana Battery: "{T}, Remove any number of charge counters from ~: Add {B}, then add an additional {B}
    # for each charge counter removed this way." "Any number" includes 0 (107.3): with no counters it still adds
    # {B}; with two, removing both adds {B}{B}{B}, the most it can make (106.4).
    assert value(produce("Black Mana Battery")) == frozenset("B")
    q = mana_options("[{card: Black Mana Battery, counters: {charge: %d}}]")
    assert value(q % 0) == frozenset({"{B}"})
    assert value(q % 2) == frozenset({"{B}{B}{B}"})
    # Kyren Toy: "Add an amount of {C} equal to X plus one": {C} even when X is 0
    assert value(produce("Kyren Toy")) == frozenset("C")


def crew(vehicle: str, others: str) -> str:
    return f"""
id: q
ask: can-activate
about: v
ability: {1 if vehicle == "Smuggler's Copter" else 2}
state:
  players:
    Alice:
      battlefield: [{{card: "{vehicle}", id: v}}, {others}]
"""


def test_crew_taps_other_creatures_with_enough_power(imported):
    # 702.122a: "Crew N": tap any number of other untapped creatures you control with total power N or greater.
    assert value(crew("Smuggler's Copter", "Grizzly Bears")) is True
    # a creature that came under Alice's control this turn can crew: the cost isn't its own {T} (302.6)
    assert value(crew("Smuggler's Copter", "{card: Grizzly Bears, summoning_sick: true}")) is True
    # a tapped creature can't be tapped for a cost (118.3); power 0 adds nothing toward 1
    assert value(crew("Smuggler's Copter", "{card: Grizzly Bears, tapped: true}")) is False
    assert value(crew("Smuggler's Copter", "Ornithopter")) is False
    # Crew 3: one 2-power creature is not enough, two are (total power 4)
    assert value(crew("Cultivator's Caravan", "Grizzly Bears")) is False
    assert value(crew("Cultivator's Caravan", "Grizzly Bears, Grizzly Bears")) is True
    # power counts its +1/+1 counters (122.1a, 613.4c): a 3/3 Bears crews 3 alone
    assert value(crew("Cultivator's Caravan", '{card: Grizzly Bears, counters: {"+1/+1": 1}}')) is True


def test_a_cost_from_the_library_doesnt_move_the_card_itself(imported):
    # Millikin: "{T}, Put the top card of your library into your graveyard: Add {C}." The cost moves another card,
    # not Millikin, so the ability functions on the battlefield (113.6, 113.6j) and could produce {C} (106.7 ignores
    # costs); paying that cost is not read, so what Alice can make now is unsupported, not guessed.
    assert value(produce("Millikin")) == frozenset("C")
    q = mana_options("[Millikin]")
    assert status(q) == "unsupported"


def test_mana_equal_to_its_power(imported):
    # Viridian Joiner (1/2): "{T}: Add an amount of {G} equal to ~'s power." Its power counts its counters (613.4c);
    # at power 0 the amount is 0 and no mana is added (107.1b, 106.5), at 3 it adds {G}{G}{G}.
    q = """
id: q
ask: %s
state:
  players:
    Alice:
      battlefield: [{card: Viridian Joiner, id: land, counters: %s}]
"""
    assert value(produce("Viridian Joiner")) == frozenset("G")
    assert value("about: land\n" + q % ("could-produce", '{"-1/-1": 1}')) == frozenset()
    assert value(q % ("mana-options", '{"+1/+1": 2}')) == frozenset({"{G}{G}{G}"})


def test_a_cost_not_read_doesnt_hide_what_could_be_produced(imported):
    # Aether Hub: "{T}, Pay {E}: Add one mana of any color." 106.7 ignores costs: it could produce any color
    # (and {C} from its other ability); whether it can be activated depends on the energy cost, not modelled.
    assert value(produce("Aether Hub")) == frozenset("WUBRGC")
    q = """
id: q
ask: can-activate
about: hub
ability: 2
state:
  players:
    Alice:
      battlefield: [{card: Aether Hub, id: hub}]
"""
    assert status(q) == "unsupported"


def test_loyalty_cost_of_x(imported):
    # Chandra Nalaar's "−X": X is chosen as it is activated (107.3); removing X loyalty counters needs X of them
    # (606.6). It targets a creature.
    q = """
id: q
ask: can-activate
about: chandra
ability: 2
x: %d
state:
  players:
    Alice:
      battlefield: [{card: Chandra Nalaar, id: chandra, counters: {loyalty: 6}}]
    Bob:
      battlefield: [Grizzly Bears]
"""
    assert value(q % 6) is True
    assert value(q % 7) is False


def test_an_ability_activated_from_the_hand_is_activated_there(imported):
    # Ghost-Lit Stalker's channel ability discards the card as its cost: it functions in the hand (113.6j), where
    # "Discard this card" is paid (701.9a) with {5}{B}{B} from seven Swamps, as a sorcery in Alice's main phase;
    # on the battlefield it can't be activated.
    q = """
id: q
ask: can-activate
about: stalker
ability: 2
state:
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp%s]
      hand: [%s]
    Bob: {}
"""
    assert value(q % ("", "{card: Ghost-Lit Stalker, id: stalker}")) is True
    assert value(q.replace("Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp", "Swamp, Swamp, Swamp, Swamp, Swamp, Swamp")
                 % ("", "{card: Ghost-Lit Stalker, id: stalker}")) is False
    assert value(q % (", {card: Ghost-Lit Stalker, id: stalker}", "")) is False


def test_a_split_second_spell_on_the_stack(imported):
    # 702.61a: while Sudden Shock is on the stack, players can't cast spells: casting Shock then is "no" (split
    # second is modelled: rules.timing.split_second_requirement)
    stack = "stack: [{card: Sudden Shock, id: ss, controller: Bob, targets: [Alice]}]"
    assert value(can_play("Shock", "[Mountain]", turn="turn: {active: Bob}", stack=stack)) is False


# ---------------------------------------------------------------- outcomes of imported spells (608.2)

def _cast_and_resolve(card: str, lands: str, target: str, bob: str) -> str:
    return f"""
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: {lands}
      hand: [{{card: "{card}", id: c}}]
    Bob:
      battlefield: {bob}
actions:
  - {{cast: c, targets: [{target}]}}
  - resolve: 1
expect: [{{object: bears, zone: graveyard}}, {{object: c, zone: graveyard}}]
"""


def test_imported_murder_destroys_701_8a(imported):
    # The compiled sentence "Destroy target creature." is the destroy word the engine performs.
    r = run(_cast_and_resolve("Murder", "[Swamp, Swamp, Swamp]", "bears", "[{card: Grizzly Bears, id: bears}]"))
    assert r.status == "pass", (r.status, r.message, r.answer and r.answer.unsupported)


def test_imported_shock_deals_damage_120_3e(imported):
    r = run(_cast_and_resolve("Shock", "[Mountain]", "bears", "[{card: Grizzly Bears, id: bears}]"))
    assert r.status == "pass", (r.status, r.message, r.answer and r.answer.unsupported)


def test_imported_divination_draws_two(imported):
    r = run("""
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: [Island, Island, Island]
      hand: [{card: Divination, id: c}]
      library: 3
actions:
  - cast: c
  - resolve: 1
expect: [{player: Alice, hand_size: 2, library_size: 1}]
""")
    assert r.status == "pass", (r.status, r.message, r.answer and r.answer.unsupported)


# ---------------------------------------------------------------- could-produce: the long tail (106.7)

def test_mana_with_an_effect_on_what_it_is_spent_on(imported):
    # 106.6: "If that mana is spent on ..., that spell can't be countered" (Boseiju) and "When that mana is spent to
    # cast a red instant or sorcery spell, copy that spell" (Pyromancer's Goggles) don't change the mana's type: they
    # could produce {C} and {R} (106.7). Paying with that mana has effects the model doesn't read: unsupported.
    assert value(produce("Boseiju, Who Shelters All")) == frozenset("C")
    assert value(produce("Pyromancer's Goggles")) == frozenset("R")
    assert status(mana_options('["Boseiju, Who Shelters All"]')) == "unsupported"


def test_costs_are_ignored_for_what_could_be_produced(imported):
    # 106.7 ignores costs: Grinning Ignus ("{R}, Return ~ to its owner's hand: Add {C}{C}{R}", a cost paid on the
    # battlefield, 113.6m) could produce {C} and {R}; Lion's Eye Diamond ("Discard your hand, Sacrifice ~: Add three
    # mana of any one color") any color. Whether the unread costs can be paid: unsupported.
    assert value(produce("Grinning Ignus")) == frozenset("CR")
    assert value(produce("Lion's Eye Diamond")) == frozenset("WUBRG")
    q = """
id: q
ask: can-activate
about: ig
ability: 1
state:
  players:
    Alice:
      battlefield: [{card: Grinning Ignus, id: ig}, {card: Mountain, id: m}]
"""
    assert status(q) == "unsupported"


@pytest.mark.parametrize("card, counters, expected", [
    # "Add X mana of any one color, where X is the number of petal counters on ~" (107.3a): none without counters
    # (106.5: no mana), any color with one
    ("Lotus Blossom", "{}", frozenset()),
    ("Lotus Blossom", "{petal: 1}", frozenset("WUBRG")),
    # "Choose a color. Add one mana of that color for each charge counter on ~."
    ("Astral Cornucopia", "{}", frozenset()),
    ("Astral Cornucopia", "{charge: 2}", frozenset("WUBRG")),
])
def test_mana_for_each_counter_on_it(imported, card, counters, expected):
    q = produce(card).replace('id: land}', 'id: land, counters: %s}' % counters)
    assert value(q) == expected


def test_mana_equal_to_life_total_or_greatest_power(imported):
    # Sanctum of the Sun: X is your life total as it resolves; at 0 life it adds no mana (107.1b), else any color.
    q = produce("Sanctum of the Sun").replace("    Alice:\n", "    Alice:\n      life: %d\n")
    assert value(q % 20) == frozenset("WUBRG")
    assert value(q % 0) == frozenset()
    # Selvala, Heart of the Wilds (2/3): X is the greatest power among creatures you control, its own 2 here: two
    # mana in any combination of colors; with two -1/-1 counters its power is 0 and it adds none (107.1b).
    assert value(produce("Selvala, Heart of the Wilds")) == frozenset("WUBRG")
    sel = produce("Selvala, Heart of the Wilds").replace('id: land}', 'id: land, counters: {"-1/-1": 2}}')
    assert value(sel) == frozenset()
    # paying with an amount another mana ability could change meanwhile (paying life): not modelled
    assert status(mana_options("[Sanctum of the Sun]")) == "unsupported"


def test_a_loyalty_ability_that_adds_mana_is_no_mana_ability(imported):
    # Chandra, Torch of Defiance: "+1: Add {R}{R}." is a loyalty ability, so no mana ability (605.1a); but 106.7
    # counts what any of its abilities would produce, and that line is unread: unsupported, never "nothing".
    assert status(produce("Chandra, Torch of Defiance")) == "unsupported"


def test_lines_that_cannot_change_its_mana(imported):
    # Foriysian Totem's "As long as ~ is a creature, it can block an additional creature each combat" (509.1),
    # Nephalia Academy's discard replacement (701.9) and Serum Powder's mulligan (103.5) don't change what they
    # produce: {R}, {C}, {C}.
    assert value(produce("Foriysian Totem")) == frozenset("R")
    assert value(produce("Nephalia Academy")) == frozenset("C")
    assert value(produce("Serum Powder")) == frozenset("C")


def test_devotion(imported):
    # 700.5: Karametra's Acolyte ({3}{G}) alone: devotion to green 1, so it could produce {G}. Nykthos with
    # Karametra's Acolyte and Boros Reckoner ({R/W}{R/W}{R/W}; Nykthos ruling 2013-09-15: hybrid symbols count
    # toward each of their colors): devotion to white 3, red 3, green 1, blue and black 0 (an amount of 0 adds no mana, 106.5); with its
    # "{T}: Add {C}" it could produce {C}, {W}, {R} and {G}.
    assert value(produce("Karametra's Acolyte")) == frozenset("G")
    q = produce("Nykthos, Shrine to Nyx", ", {card: \"Karametra's Acolyte\", id: k}, {card: Boros Reckoner, id: br}")
    assert value(q) == frozenset("CWRG")
    assert value(produce("Nykthos, Shrine to Nyx")) == frozenset("C")


def test_its_own_replacement_on_a_luck_counter(imported):
    # Gemstone Caverns: "{T}: Add {C}. If ~ has a luck counter on it, instead add one mana of any color." (614.15) With
    # no luck counter: {C}; with one: any color and never {C} (the replacement always applies, 616.1a).
    assert value(produce("Gemstone Caverns")) == frozenset("C")
    lucky = produce("Gemstone Caverns").replace('id: land}', 'id: land, counters: {luck: 1}}')
    assert value(lucky) == frozenset("WUBRG")


def test_mana_on_a_condition(imported):
    # Mana Screw: "{1}: Flip a coin. If you win the flip, add {C}{C}." It would add {C}{C} if won (106.7: what it
    # would produce); Rhystic Cave's mana "unless any player pays {1}" may not be paid for: any color; Spectral
    # Searchlight's chosen player adds any color (the mana is produced by it). Paying with any of them: unsupported.
    assert value(produce("Mana Screw")) == frozenset("C")
    assert value(produce("Rhystic Cave")) == frozenset("WUBRG")
    assert value(produce("Spectral Searchlight")) == frozenset("WUBRG")
    assert status(mana_options("[Mana Screw]")) == "unsupported"


def test_a_mana_ability_that_functions_from_the_hand(imported):
    # Simian Spirit Guide: "Exile ~ from your hand: Add {R}." functions only in the hand (113.6m): on the battlefield
    # it could produce nothing (106.7 counts the abilities that would resolve there).
    assert value(produce("Simian Spirit Guide")) == frozenset()
    # In the hand it is a mana ability (ruling 2007-02-01) that can pay for Lightning Bolt with no lands (601.2g):
    # yes, never the "no" a battlefield-only search gives; mana-options counts its {R} too
    r = run(can_play("Lightning Bolt").replace("      hand: [", '      hand: [{card: "Simian Spirit Guide", id: g}, '))
    assert r.answer.value is True and any("exiled from the hand" in s.text for s in r.answer.why)
    assert value(mana_options("[]").replace("      battlefield:", '      hand: [{card: "Simian Spirit Guide", id: g}]\n'
                                                                "      battlefield:")) == frozenset({"{R}"})
    # Casting the Spirit Guide itself: it is on the stack before mana abilities are activated (601.2a, 601.2g), so
    # its own ability can't pay; with {2}{R} from three Mountains the answer is yes (its mana cost {2}{R}).
    three = "[{card: Mountain, id: m1}, {card: Mountain, id: m2}, {card: Mountain, id: m3}]"
    assert value(can_play("Simian Spirit Guide", three)) is True


def test_text_functioning_from_a_graveyard(imported):
    # Riftstone Portal: "As long as ~ is in your graveyard, lands you control have "{T}: Add {G} or {W}."" functions
    # only there (113.6b). On the battlefield it adds {C} only; in the graveyard it would give a Plains {G} and {W}
    # (613.1f), which the model doesn't read: unsupported, never [W].
    assert value(produce("Riftstone Portal")) == frozenset("C")
    q = produce("Plains").replace("      battlefield:", "      graveyard: [{card: Riftstone Portal, id: rp}]\n"
                                                        "      battlefield:")
    assert status(q) == "unsupported"


def test_mana_counted_among_permanents_lands_and_cards(imported):
    # Bloom Tender: "For each color among permanents you control, add one mana of that color." Alone (green): {G};
    # with Boros Reckoner (red and white, 105.2): {W}, {R} and {G} (it adds one of each at once).
    assert value(produce("Bloom Tender")) == frozenset("G")
    assert value(produce("Bloom Tender", ", {card: Boros Reckoner, id: br}")) == frozenset("WRG")
    # Prismatic Geoscope: X is the number of basic land types among lands you control (305.6): none with no land
    # (no mana, 106.5); with a Forest, X is 1 and the one mana may be any color.
    assert value(produce("Prismatic Geoscope")) == frozenset()
    assert value(produce("Prismatic Geoscope", ", {card: Forest, id: f}")) == frozenset("WUBRG")
    # Crypt of Agadeem's second ability adds {B} for each black creature card in your graveyard; it could produce
    # {B} either way (its first ability adds {B}), with a black creature card in the graveyard or not.
    q = produce("Crypt of Agadeem").replace("      battlefield:", "      graveyard: [{card: Dread Shade, id: d}]\n"
                                                                  "      battlefield:")
    assert value(q) == frozenset("B")


# ---------------------------------------------------------------- where abilities function (113.6) and zone-change triggers

def test_rancor_falling_off_triggers_its_return(imported):
    # 704.5m puts Rancor into its owner's graveyard; "When Rancor is put into a graveyard from the battlefield"
    # triggers (700.4, 603.6c: any permanent, not only creatures; Rancor's ruling 2018-03-16 speaks of it
    # triggering so), and returns the card, still in the graveyard, to its owner's hand (603.10a, 400.7).
    q = """
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bears}, {card: Rancor, id: rancor, attached_to: bears}]
actions:
  - destroy: bears
  - resolve: all
expect:
  - {object: bears, zone: graveyard}
  - {object: rancor, zone: hand}
  - {player: Alice, hand_size: 1, graveyard_size: 1}
  - {stack_size: 0}
"""
    r = run(q)
    assert r.status == "pass", r


def _elves_with(zone: str, card: str) -> str:
    where = {"graveyard": f"      graveyard: [{card}]\n", "hand": f"      hand: [{card}]\n", "battlefield": ""}[zone]
    extra = f", {card}" if zone == "battlefield" else ""
    return f"""
id: q
ask: can-activate
about: elves
state:
  players:
    Alice:
      battlefield: [Mountain, Island, {{card: Llanowar Elves, id: elves, summoning_sick: true}}{extra}]
{where}"""


def test_a_static_ability_that_functions_in_the_graveyard_is_not_ignored(imported):
    # 113.6b: Anger's "As long as Anger is in your graveyard and you control a Mountain, creatures you control
    # have haste" functions in the graveyard (Anger's ruling 2004-10-04: its timestamp is set as it goes there);
    # then the Elves have haste (702.10c) and can pay {T}: not modelled, so unsupported, never the 302.6 "no".
    assert status(_elves_with("graveyard", "Anger")) == "unsupported"
    assert status(_elves_with("graveyard", "Wonder")) == "unsupported"
    # every kind alike: what the Elves could produce, casting a creature with Anger in the graveyard
    assert status(_elves_with("graveyard", "Anger").replace("can-activate", "could-produce")) == "unsupported"
    assert status(can_play("Llanowar Elves", "[Forest, Mountain]", alice_gy="[Anger]")) == "unsupported"
    # the same text in the hand or on the battlefield does not function (113.6b: only from the zone it states):
    # the summoning-sick Elves can't pay {T} (302.6); Anger's own haste is Anger's
    for zone in ("hand", "battlefield"):
        a = ask(_elves_with(zone, "Anger"))
        assert a.unsupported is None and a.value is False and "302.6" in rules_of(a), zone


def test_an_ability_moving_itself_from_the_graveyard_functions_there(imported):
    # 113.6m: Reassembling Skeleton's "{1}{B}: Return ~ from your graveyard to the battlefield tapped" functions
    # only in the graveyard: activated there by its owner (602.2, 108.4a), not on the battlefield
    q = """
id: q
ask: can-activate
about: s
state:
  players:
    Alice:
      battlefield: [Swamp, Swamp{bf}]
      graveyard: [{gy}]
"""
    skeleton = "{card: Reassembling Skeleton, id: s}"
    a = ask(q.format(bf="", gy=skeleton))
    assert a.unsupported is None and a.value is True and "113.6m" in rules_of(a)
    a = ask(q.format(bf=", " + skeleton, gy=""))
    assert a.unsupported is None and a.value is False and "113.6m" in rules_of(a)


def test_a_trigger_moving_itself_from_the_graveyard_watches_from_there(imported):
    # 113.6m (and its delayed-trigger sentence): Prized Amalgam's ability functions only in the graveyard. There,
    # a creature entering triggers it (not performed from there: unsupported); on the battlefield it doesn't.
    q = """
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: [Forest, Forest{bf}]
      hand: [{{card: Grizzly Bears, id: bears}}]
      graveyard: [{gy}]
actions:
  - cast: bears
  - resolve: 1
expect:
  - {{object: bears, zone: battlefield}}
  - {{stack_size: 0}}
"""
    amalgam = "{card: Prized Amalgam, id: amalgam}"
    assert status(q.format(bf="", gy=amalgam)) == "unsupported"
    assert status(q.format(bf=", " + amalgam, gy="")) == "pass"


# ---------------------------------------------------------------- whole readings and reader refusals

def test_a_target_phrase_read_short_leaves_the_line_unmodelled(imported):
    # "Return target spell or creature to its owner's hand." was read as "target spell": with a creature to target
    # and no spell on the stack can-play said no (115.1). A reading that drops a list item is none: unsupported
    q = can_play("Unsubstantiate", "[Island, Island]", bob="[Grizzly Bears]")
    assert status(q) == "unsupported", run(q).message
    # "Destroy target black or red creature that's attacking or blocking." was read as "target black"
    q = can_play("Surge of Righteousness", "[Plains, Plains]", bob="[Hypnotic Specter]")
    assert status(q) == "unsupported", run(q).message


def test_a_stack_ability_whose_text_is_not_modelled_takes_the_targets_given(imported):
    # Detention Sphere's enters trigger targets a nonland permanent (115.1); its text is not modelled, so the
    # question loads and what it does is unsupported, naming it
    q = """
id: q
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Detention Sphere, id: ds}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: gb}]
  stack:
    - {ability: ds, index: 1, targets: [gb]}
actions:
  - resolve: 1
expect: [{stack_size: 0}]
"""
    r = run(q)
    assert status(q) == "unsupported" and "Detention Sphere" in r.answer.unsupported, r.message


def test_a_token_with_a_name_of_its_own_is_known_by_it(imported):
    # 111.4: Jungle Patrol's tokens are named Wood; a Wood on the battlefield is a token kind the state reads
    q = """
id: q
ask: can-play
about: w
state:
  players:
    Alice:
      battlefield: [{card: Jungle Patrol, id: jp}, {card: Wood, token: true, id: w}]
"""
    r = run(q)
    assert r.status != "error", r.message
    assert r.answer.value is False and "601.3" in rules_of(r.answer)     # a token on the battlefield: no card


# ---------------------------------------------------------------- casting from the graveyard (601.3)

def from_graveyard(card: str, battlefield: str, hand: str = "[]", bob: str = "[]", life: int = 20) -> str:
    return f"""
id: q
ask: can-play
about: c
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      life: {life}
      battlefield: {battlefield}
      hand: {hand}
      graveyard: [{{card: "{card}", id: c}}]
    Bob:
      battlefield: {bob}
"""


def outcome(card: str, battlefield: str, actions: str, expect: str, zone: str = "graveyard", hand: str = "",
            bob_battlefield: str = "[]", bob_graveyard: str = "[]") -> str:
    """An outcome question: ``card`` (id c) in Alice's ``zone``, ``hand``: the other cards of her hand, as items."""
    card_item = f'{{card: "{card}", id: c}}'
    hand_items = ", ".join(i for i in (hand, card_item if zone == "hand" else "") if i)
    graveyard = card_item if zone == "graveyard" else ""
    return f"""
id: q
ask: outcome
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      battlefield: {battlefield}
      hand: [{hand_items}]
      graveyard: [{graveyard}]
      library: 10
    Bob:
      battlefield: {bob_battlefield}
      graveyard: {bob_graveyard}
      library: 10
actions: {actions}
expect: {expect}
"""


def test_flashback_from_the_graveyard_for_its_flashback_cost(imported):
    # 702.34a: Lingering Souls from the graveyard costs {1}{B}, not its mana cost {2}{W}
    a = ask(from_graveyard("Lingering Souls", "[Swamp, Swamp]"))
    assert a.value is True and "702.34a" in rules_of(a)
    assert value(from_graveyard("Lingering Souls", "[Plains, Plains, Plains]")) is False
    r = run(outcome("Lingering Souls", "[Swamp, Swamp]", "[{cast: c}, {resolve: all}]",
                    "[{object: c, zone: exile}, {count: 2, name: Spirit Token, zone: battlefield}]"))
    assert r.status == "pass", r.message


def test_flashback_cost_not_used_from_the_hand(imported):
    # 702.34a: flashback works from the graveyard only: from the hand Lingering Souls costs {2}{W} and goes to the
    # graveyard as it resolves (608.2n)
    assert value(can_play("Lingering Souls", "[Swamp, Swamp]")) is False
    r = run(outcome("Lingering Souls", "[Plains, Plains, Plains]", "[{cast: c}, {resolve: all}]",
                    "[{object: c, zone: graveyard}]", zone="hand"))
    assert r.status == "pass", r.message


def test_flashback_cost_that_is_not_mana(imported):
    # 702.34a: Battle Screech's flashback cost is tapping three untapped white creatures Alice controls
    assert value(from_graveyard("Battle Screech", "[Savannah Lions, Savannah Lions, Savannah Lions]")) is True
    assert value(from_graveyard("Battle Screech", "[Savannah Lions, Savannah Lions, Grizzly Bears]")) is False
    r = run(outcome("Battle Screech", "[{card: Savannah Lions, id: l1}, {card: Savannah Lions, id: l2}, "
                                      "{card: Savannah Lions, id: l3}]", "[{cast: c}, {resolve: all}]",
                    "[{object: l1, tapped: true}, {object: c, zone: exile}, {count: 2, name: Bird Token}]"))
    assert r.status == "pass", r.message


def test_jump_start_discards_a_card_and_exiles(imported):
    # 702.133a; Chemister's Insight rulings (2018-10-05): discard a card in addition to its mana cost; exiled afterward
    assert value(from_graveyard("Radical Idea", "[Island, Island]")) is False             # no card to discard
    assert value(from_graveyard("Radical Idea", "[Island, Island]", hand="[Forest]")) is True
    r = run(outcome("Radical Idea", "[Island, Island]", "[{cast: c}, {resolve: all}]",
                    "[{object: f, zone: graveyard}, {object: c, zone: exile}, {player: Alice, hand_size: 1}]",
                    hand="{card: Forest, id: f}"))
    assert r.status == "pass", r.message


def test_retrace_discards_a_land_card_and_returns_to_the_graveyard(imported):
    # 702.81a; Raven's Crime rulings (2008-08-01): discard a land card; it is put back into the graveyard
    assert value(from_graveyard("Flame Jab", "[Mountain]", hand="[Grizzly Bears]")) is False
    r = run(outcome("Flame Jab", "[Mountain]", "[{cast: c, targets: [Bob]}, {resolve: all}]",
                    "[{object: f, zone: graveyard}, {object: c, zone: graveyard}, {player: Bob, life: 19}]",
                    hand="{card: Forest, id: f}"))
    assert r.status == "pass", r.message


def test_aftermath_halves(imported):
    # 702.127a; Commit // Memory rulings (2017-04-18): the aftermath half is cast only from a graveyard, the first
    # half not from there (nothing lets it), and a card cast from the graveyard with aftermath is exiled afterward
    found = card_db().find("Ribbons")
    assert found is not None and found[0].name == "Cut // Ribbons" and found[1] == 1
    hand = ask(can_play("Cut // Ribbons", "[Swamp, Swamp, Swamp, Swamp]"))
    assert hand.value is False and "702.127a" in rules_of(hand)        # Cut has no target; Ribbons not from hand
    assert value(can_play("Cut // Ribbons", "[Mountain, Mountain]", bob="[Grizzly Bears]")) is True     # Cut
    gy = ask(from_graveyard("Cut // Ribbons", "[Mountain, Mountain]", bob="[Grizzly Bears]"))
    assert gy.value is False                       # Cut can't be cast from the graveyard; Ribbons needs {B}{B}
    r = run(outcome("Cut // Ribbons", "[Swamp, Swamp, Swamp, Swamp]", "[{cast: c, x: 2}, {resolve: all}]",
                    "[{object: c, zone: exile}, {player: Bob, life: 18}]"))
    assert r.status == "pass", r.message


def test_split_card_resolves_as_the_half_cast(imported):
    # 709.3b: cast as Ice, only Ice's text: it taps the target and draws a card; Fire's damage is no part of it
    r = run(outcome("Fire // Ice", "[Island, Island]", "[{cast: c, targets: [b]}, {resolve: all}]",
                    "[{object: b, tapped: true, damage: 0}, {player: Alice, hand_size: 1}, {object: c, zone: graveyard}]",
                    zone="hand", bob_battlefield="[{card: Grizzly Bears, id: b}]"))
    assert r.status == "pass", r.message


def test_an_unmodelled_way_to_cast_from_the_graveyard_is_unsupported(imported):
    # 113.6, 601.3: escape (702.138a) is not modelled; it could let Satyr's Cunning be cast from the graveyard, so
    # the answer is not a "no"
    assert status(from_graveyard("Satyr's Cunning", "[Mountain, Mountain, Mountain]")) == "unsupported"


def test_a_modal_double_faced_cards_land_face_is_not_cast(imported):
    # 712.11b, 305.1: casting Kazandu Mammoth casts its creature face; its land face is played, not cast
    r = run(outcome("Kazandu Mammoth", "[Forest, Forest, Forest, Forest]", "[{cast: c}, {resolve: all}]",
                    "[{object: c, zone: battlefield, power: 3}]", zone="hand"))
    assert r.status == "pass", r.message


def test_an_adventure_that_can_be_cast_is_unsupported_in_outcome(imported):
    # 715.3a, 715.3d: Bonecrusher Giant may be cast as Stomp, which is exiled as it resolves and may then be cast as
    # the creature; the engine doesn't perform that, so the outcome isn't the creature's branch alone
    q = outcome("Bonecrusher Giant", "[Mountain, Mountain, Mountain]", "[{cast: c}, {resolve: all}]",
                "[{object: c, zone: battlefield}]", zone="hand")
    assert status(q) == "unsupported"
