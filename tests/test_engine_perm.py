"""Permanents entering, tokens and triggers (family "perm"): tokens an effect describes (111.3,
111.4), built from the words and created on resolution. Expected values are worked out from the rules by
hand: the token has exactly the characteristics the words give and no others (111.3), and its name is its
subtypes plus "Token" (111.4)."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.words.tokens.describe import token_card
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.rules.layers import current
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one


def _face(words):
    card = token_card(words)
    assert card.token and len(card.faces) == 1
    return card.faces[0]


def test_a_described_token_has_the_words_characteristics_111_3():
    f = _face("5/5 green Wurm creature token with trample")
    assert (f.power, f.toughness, f.types, f.subtypes, f.color_indicator) == (5, 5, ("Creature",), ("Wurm",), ("G",))
    assert f.mana_cost is None and f.supertypes == ()          # 111.3: no characteristic the effect doesn't define
    assert [a.keyword for a in f.abilities] == ["Trample"]


@pytest.mark.parametrize("words, types, subtypes, colors, keywords", [
    ("3/3 colorless Golem artifact creature token", ("Artifact", "Creature"), ("Golem",), None, []),
    ("5/5 blue and red Elemental creature token with flying", ("Creature",), ("Elemental",), ("U", "R"), ["Flying"]),
    ("1/1 green Insect creature token with flying and deathtouch", ("Creature",), ("Insect",), ("G",),
     ["Flying", "Deathtouch"]),
    ("1/1 white Kithkin Soldier creature token", ("Creature",), ("Kithkin", "Soldier"), ("W",), []),
])
def test_described_tokens(words, types, subtypes, colors, keywords):
    f = _face(words)
    assert (f.types, f.subtypes, f.color_indicator) == (types, subtypes, colors)
    assert [a.keyword for a in f.abilities if a.kind == "keyword"] == keywords


@pytest.mark.parametrize("words", [
    # near misses: a count that depends on the game, several tokens in one phrase, a subtype of another card
    # type, no power and toughness for a creature, an ability that is no keyword
    "1/2 green Spider creature token with reach for each creature card in your graveyard",
    "1/1 green Snake creature token, a 2/2 green Wolf creature token, and a 3/3 green Elephant creature token",
    "2/2 black Zombie enchantment token",
    "green Wurm creature token",
    "1/1 white Spirit creature token with flying named",      # a name of its own is named (111.4), not left out
    "2/2 black Zombie creature token with tapped",
])
def test_descriptions_not_read_stay_unsupported(words):
    with pytest.raises(Unsupported):
        token_card(words)


def test_a_token_named_by_its_effect_has_that_name_111_4():
    # Jungle Patrol: "a 0/1 green Wall creature token with defender named Wood": named Wood, still a Wall
    f = _face("0/1 green Wall creature token with defender named Wood")
    assert (f.name, f.subtypes, f.power, f.toughness) == ("Wood", ("Wall",), 0, 1)
    assert [a.keyword for a in f.abilities if a.kind == "keyword"] == ["Defender"]
    # a token not named otherwise is named by its subtypes (the game adds "Token")
    assert _face("0/1 green Wall creature token with defender").name == "Wall"


Q = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Forest, id: g1}, {card: Forest, id: g2}, {card: Forest, id: g3}, {card: Plains, id: w1}]
      hand: [{card: Advent of the Wurm, id: advent}]
    Bob: {}
actions:
  - {cast: advent, paying: [g1, g2, g3, w1]}
  - resolve: all
expect: [{stack_size: 0}]
"""


def test_advent_of_the_wurm_creates_a_5_5_trampling_wurm_token_111_4():
    (q,) = load_text(Q)
    g = one(run(Game(q.state), q.actions))
    (tok,) = [o for o in g.state.battlefield("Alice") if o.token]
    assert normalize("Wurm Token") in names_of(tok) and tok.owner == tok.controller == "Alice"    # 111.2, 111.4
    assert (power(g, tok.id), toughness(g, tok.id)) == (5, 5)
    ch = current(g.state, tok.id)
    assert ch.has_keyword("Trample") and set(ch.colors) == {"G"}


# ---------------------------------------------------------------- Auras (303.4, 608.3b-c, 704.5m)

from mtgjudge.model.rules.enchanting import can_enchant       # noqa: E402
from mtgjudge.model.oracle.lines import read_effect_words, sentences   # noqa: E402

AURA_STATE = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Island, id: u1}, {card: Claustrophobia, id: claus, attached_to: scout}]
    Bob:
      battlefield: [{card: Gladecover Scout, id: scout}, {card: Forest, id: f1}]
actions: [{resolve: all}]
expect: [{stack_size: 0}]
"""


def test_what_an_aura_may_enchant_is_its_enchant_ability_not_targeting_303_4c():
    (q,) = load_text(AURA_STATE)
    st = q.state
    # Gladecover Scout has hexproof: it can't be targeted by Alice (702.11b) but can be enchanted (303.4c).
    assert can_enchant(st, "claus", "scout") is True
    assert can_enchant(st, "claus", "f1") is False          # Enchant creature: a land is illegal (704.5m)
    assert can_enchant(st, "claus", "claus") is False       # 303.4d: an Aura can't enchant itself


@pytest.mark.parametrize("text, kinds", [
    ("Tap enchanted creature.", ["tap_enchanted"]),
    ("Tap enchanted permanent.", ["tap_enchanted"]),
    # near misses: more in the sentence, or a player
    ("Tap enchanted creature and put three pupa counters on ~.", [None]),
    ("Tap enchanted player.", [None]),
])
def test_tap_enchanted_is_read(text, kinds):
    words, _ = read_effect_words(sentences(text))
    assert [w.kind if w else None for w in words] == kinds


# ---------------------------------------------------------------- triggered keywords' events (702, 603.2)

from mtgjudge.model.vocab.keyword_triggers import keyword_trigger   # noqa: E402


@pytest.mark.parametrize("line, rule, event", [
    ("Echo {G}{G}", "702.30a", ("upkeep", "you")),
    ("Cumulative upkeep—Pay 1 life", "702.24a", ("upkeep", "you")),
    ("Persist", "702.79a", ("dies", "self")),
    ("Prowess", "702.108a", ("cast", "you")),
    ("Bushido 2", "702.45a", ("blocks", "self")),
    ("Exalted", "702.83a", ("attacks_alone", "any")),
])
def test_triggered_keywords_trigger_on_their_702_event(line, rule, event):
    found = keyword_trigger(line)
    assert found is not None and found[0] == rule
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import read_trigger
    t = read_trigger(Ability("unmodelled", source_text=line, unmodelled_kind="triggered"), "Test Card").watched
    assert t is not None and (t.event, t.who) == event


@pytest.mark.parametrize("line", [
    # near misses: a cast trigger of the spell itself (702.40a), a keyword that also makes the permanent enter
    # with counters (702.63a), two keywords on one line, a keyword that isn't triggered
    "Storm", "Cascade", "Vanishing 3", "Flying, persist", "Haunt", "Flying",
])
def test_other_keywords_keep_an_unread_trigger(line):
    assert keyword_trigger(line) is None


def _run(text):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


ECHO_UPKEEP = """
id: t
ask: outcome
state:
  turn: {active: Alice, step: untap}
  players:
    Alice:
      battlefield: [{card: Multani's Acolyte, id: acolyte}]
      library: [Island, Island]
    Bob: {}
actions:
  - advance: upkeep
expect: [{stack_size: 0}]
"""


def test_echo_at_the_upkeep_asks_when_the_permanent_came_under_control_702_30a():
    # The near miss of the corpus question: at the beginning of Alice's upkeep echo would trigger if the Acolyte
    # came under her control since her last upkeep, which the state does not say: unsupported, naming the key.
    with pytest.raises(Unsupported, match=r"702\.30a.*upkeeps_controlled"):
        _run(ECHO_UPKEEP)


def test_persist_triggers_as_the_creature_dies_702_79a():
    # 702.79a, 603.3: Kitchen Finks dies without a -1/-1 counter: its persist ability waits on the stack
    (g,) = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Kitchen Finks, id: finks}]
    Bob: {}
actions:
  - destroy: finks
expect: [{stack_size: 0}]
""")
    assert g.state.obj("finks").zone == "graveyard" and len(g.state.stack) == 1


# ---------------------------------------------------------------- enters abilities' choices (400.6, 701.21a)

@pytest.mark.parametrize("text, kind, args", [
    ("Return a land you control to its owner's hand.", "return_own", {"affects": "land you control"}),
    ("Return a white or blue creature you control to its owner's hand.", "return_own",
     {"affects": "white or blue creature you control"}),
    ("Sacrifice a creature.", "sacrifice_own", {"affects": "creature"}),
    ("Each opponent sacrifices a creature.", "sacrifice_each", {"affects": "creature", "who": "opponent"}),
    ("Each player sacrifices an artifact.", "sacrifice_each", {"affects": "artifact", "who": "player"}),
])
def test_choice_sentences_are_read(text, kind, args):
    (w,), _ = read_effect_words(sentences(text))
    assert w is not None and w.kind == kind and {k: w.arg(k) for k in args} == args


@pytest.mark.parametrize("text", [
    # near misses: whose permanent is not said (a target-less "return a creature"), two of them, a condition
    "Return a creature to its owner's hand.",
    # ("Each player sacrifices two creatures.": read by the player rules, tests/test_players.py)
    "Sacrifice a creature unless you pay {4} for each card in your hand.",
    "Each opponent sacrifices a creature with the greatest power among creatures that player controls.",
])
def test_choice_sentences_near_misses(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0]


def test_a_choice_unless_you_pay_is_the_choice_after_the_payment_118_12a():
    # "Sacrifice a creature unless you pay {2}" is "You may pay {2}. If you don't, sacrifice a creature."
    words, _ = read_effect_words(sentences("Sacrifice a creature unless you pay {2}."))
    assert [w.kind for w in words] == ["unless_you_pay", "sacrifice_own"]


def test_each_opponent_sacrifices_only_opponents_choose_701_21a(monkeypatch):
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Edict Beast", "Creature — Beast", "When ~ enters the battlefield, each opponent "
              "sacrifices a creature.".replace("~", "Test Edict Beast"), ("2", "2"))
    games = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Forest, id: g1}, {card: Grizzly Bears, id: bears}]
      hand: [{card: Test Edict Beast, id: beast}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: b1}, {card: Memnite, id: b2}]
actions:
  - {cast: beast, paying: [g1]}
  - resolve: all
expect: [{stack_size: 0}]
""")
    # Bob chooses which of his two creatures: two branches; Alice's creatures stay.
    gone = sorted(oid for g in games for oid in ("b1", "b2") if g.state.obj(oid).zone == "graveyard")
    assert gone == ["b1", "b2"] and len(games) == 2
    assert all(g.state.obj("bears").zone == "battlefield" and g.state.obj("beast").zone == "battlefield" for g in games)


@pytest.mark.parametrize("text, args", [
    ("Sacrifice it unless you pay {2}.", {"action": "pay", "mana": "{2}"}),
    ("Sacrifice it unless you return another creature you control to its owner's hand.",
     {"action": "return_own", "affects": "another creature you control"}),
    ("Sacrifice ~ unless you sacrifice a Forest.", {"action": "sacrifice_own", "affects": "Forest"}),
    ("Sacrifice it unless you discard a land card.", {"action": "discard", "affects": "land"}),
    ("Sacrifice it unless you discard a card at random.", {"action": "discard", "affects": "", "random": True}),
])
def test_sacrifice_unless_is_read_118_12a(text, args):
    (w,), _ = read_effect_words(sentences(text))
    assert w is not None and w.kind == "sacrifice_unless" and {k: w.arg(k) for k in args} == args


@pytest.mark.parametrize("text", [
    # near misses: a cost with X or one per card, a total power, a condition on how it was cast (two
    # permanents: read, tests/test_etb.py)
    "Sacrifice it unless you pay {X}.",
    "Sacrifice it unless you pay {1} for each card in your hand.",
    "Sacrifice it unless you sacrifice any number of creatures with total power 12 or greater.",
    "Sacrifice it unless {G} was spent to cast it.",
    "Sacrifice it unless you discard X cards.",        # (two cards: read, test_etb)
])
def test_sacrifice_unless_near_misses(text):
    (w,), _ = read_effect_words(sentences(text))
    assert w is None


# ---------------------------------------------------------------- tokens with a quoted ability (111.3)

def test_create_token_then_it_has_quote_is_one_description_111_3():
    words, _ = read_effect_words(sentences('Create two 0/1 colorless Eldrazi Spawn creature tokens. They have '
                                           '"Sacrifice ~: Add {C}."'))
    (w,) = words
    assert w.kind == "create_tokens" and w.arg("n") == 2
    f = _face(w.arg("token"))
    assert (f.power, f.toughness, f.subtypes, f.color_indicator) == (0, 1, ("Eldrazi", "Spawn"), None)
    assert [a.kind for a in f.abilities] == ["mana"]          # the quoted ability is the token's text


def test_a_quoted_ability_the_compiler_does_not_read_is_unsupported():
    with pytest.raises(Unsupported, match="does not read"):
        token_card('1/1 red Devil creature token with "When ~ dies, you may pay 1 life. If you do, draw a card."')
    # a sentence after "with flying" is not merged into the description (its abilities are stated already)
    words, _ = read_effect_words(sentences('Create a 1/1 white Spirit creature token with flying. It has "~ can\'t '
                                           'block."'))
    assert words[1] is None


@pytest.mark.parametrize("text", ['1/1 white Soldier creature token with "This creature enters tapped."',
                                  '0/0 green Ooze creature token with "This creature enters with two +1/+1 counters '
                                  'on it."'])
def test_a_token_whose_own_text_applies_as_it_enters_is_unsupported_614_1c(text):
    # 614.1c: the token would enter tapped or with counters; creating it untapped and bare would be wrong
    from mtgjudge.model.engine.kernel.objects import create_token
    card = token_card(text)
    (q,) = load_text("id: t\nask: outcome\nstate:\n  players:\n    Alice: {}\n    Bob: {}\nactions: [{resolve: all}]\n"
                     "expect: []\n")
    with pytest.raises(Unsupported, match="applies as it enters"):
        create_token(Game(q.state), card, "Alice", "111.2")
    plain = token_card("1/1 white Soldier creature token")
    g = create_token(Game(q.state), plain, "Alice", "111.2")
    assert [o.tapped for o in g.state.battlefield()] == [False]


# ---------------------------------------------------------------- one ability, two events (603.2)

def test_enters_or_dies_triggers_on_both_events_603_2(monkeypatch):
    from tests.test_engine_triggers import with_card
    name = "Test Marshal"
    with_card(monkeypatch, name, "Creature — Goblin Soldier", f"When {name} enters the battlefield or dies, create "
              "two 1/1 red Goblin creature tokens.", ("1", "1"))
    games = _run(f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{{card: Mountain, id: r1}}]
      hand: [{{card: {name}, id: marshal}}]
    Bob: {{}}
actions:
  - {{cast: marshal, paying: [r1]}}
  - resolve: all
  - destroy: marshal
  - resolve: all
expect: [{{stack_size: 0}}]
""")
    g = one(games)
    goblins = [o for o in g.state.battlefield("Alice") if o.token and o.printed.subtypes == ("Goblin",)]
    assert len(goblins) == 4 and g.state.obj("marshal").zone == "graveyard"


def test_enters_or_attacks_is_read_as_two_events():
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import read_trigger

    def read(words: str):
        return read_trigger(Ability("triggered", trigger=words), "Test Card").watched

    t = read("Whenever Test Card enters the battlefield or attacks")
    assert (t.event, t.also, t.who) == ("enters", "attacks", "self") and t.on("attacks") and not t.on("dies")
    assert read("Whenever ~ enters the battlefield or blocks") is None     # near miss: not read


# ---------------------------------------------------------------- bolster (701.39a)

def _bolster_game(monkeypatch, alice_bf):
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Bolsterer", "Creature — Human", "When Test Bolsterer enters the battlefield, "
              "bolster 2.", ("3", "3"))
    return _run(f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{{card: Forest, id: g1}}, {alice_bf}]
      hand: [{{card: Test Bolsterer, id: b}}]
    Bob:
      battlefield: [{{card: Memnite, id: bmem}}]
actions:
  - {{cast: b, paying: [g1]}}
  - resolve: all
expect: [{{stack_size: 0}}]
""")


def test_bolster_puts_counters_on_the_least_toughness_creature_701_39a(monkeypatch):
    g = one(_bolster_game(monkeypatch, "{card: Grizzly Bears, id: bears}, {card: Memnite, id: mem}"))
    # Memnite (toughness 1) is the least among Alice's (Bears 2, Bolsterer 3); Bob's Memnite is not hers.
    assert g.state.obj("mem").counter("+1/+1") == 2
    assert g.state.obj("bears").counter("+1/+1") == 0 and g.state.obj("bmem").counter("+1/+1") == 0


def test_bolster_ties_are_each_a_choice_701_39a(monkeypatch):
    games = _bolster_game(monkeypatch, "{card: Memnite, id: m1}, {card: Memnite, id: m2}")
    got = sorted(tuple(g.state.obj(m).counter("+1/+1") for m in ("m1", "m2")) for g in games)
    assert got == [(0, 2), (2, 0)]


def test_bolster_x_is_not_read():
    # (r-count: "where X is the number of cards in your hand" is a count now; attacking creatures are not)
    (w,), _ = read_effect_words(sentences("Bolster X, where X is the number of attacking creatures."))
    assert w is None


def test_each_opponents_upkeep_triggers_only_on_opponents_turns_503_1a(monkeypatch):
    from tests.test_engine_triggers import board, with_card
    with_card(monkeypatch, "Test Chime", "Enchantment", "At the beginning of each opponent's upkeep, you gain 1 life.",
              (None, None))
    gs = board("[{card: Test Chime, id: c}]", actions="[{advance: next-turn}, {resolve: all}]",
               turn="{active: Alice, number: 2}")
    assert len(gs) == 1 and gs[0].state.turn.active == "Bob" and gs[0].state.player("Alice").life == 21
    # near miss: Alice's own upkeep (Bob's turn ends, hers begins) triggers nothing
    gs = board("[{card: Test Chime, id: c}]", actions="[{advance: next-turn}, {resolve: all}]",
               turn="{active: Bob, number: 2}")
    assert len(gs) == 1 and gs[0].state.turn.active == "Alice" and gs[0].state.player("Alice").life == 20


# ---------------------------------------------------------------- energy (122.1)

def test_you_get_energy_puts_energy_counters_on_the_controller_122_1(monkeypatch):
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Chaser", "Creature — Human", "When Test Chaser enters the battlefield, you get {E}{E}.",
              ("2", "1"))
    g = one(_run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Forest, id: g1}]
      hand: [{card: Test Chaser, id: c}]
    Bob: {}
actions:
  - {cast: c, paying: [g1]}
  - resolve: all
expect: [{stack_size: 0}]
"""))
    assert dict(g.state.player("Alice").counters) == {"energy": 2} and g.state.player("Bob").counters == ()


@pytest.mark.parametrize("text", ["You get {E} for each creature you control."])
def test_energy_near_misses(text):
    (w,), _ = read_effect_words(sentences(text))
    assert w is None


def test_investigate_creates_a_clue_token_701_16a(monkeypatch):
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Inspector", "Creature — Human", "When Test Inspector enters the battlefield, "
              "investigate.", ("1", "2"))
    g = one(_run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Plains, id: w1}]
      hand: [{card: Test Inspector, id: i}]
    Bob: {}
actions:
  - {cast: i, paying: [w1]}
  - resolve: all
expect: [{stack_size: 0}]
"""))
    (clue,) = [o for o in g.state.battlefield("Alice") if o.token]
    f = clue.printed
    # 111.10f: a colorless Clue artifact token with "{2}, Sacrifice this token: Draw a card."
    assert (f.types, f.subtypes, f.color_indicator, f.power) == (("Artifact",), ("Clue",), None, None)
    assert [a.kind for a in f.abilities] == ["activated"] and [x.kind for x in f.abilities[0].effects] == ["draw"]
    assert normalize("Clue Token") in names_of(clue)


def test_the_kinds_a_sacrifice_or_return_chooses_from_are_read_as_the_card_is_compiled():
    # 701.21a, 400.6: the permanents a player may choose are matched against the selectors read once from the
    # phrase (selectors.OBJECTS), never from the phrase as it resolves; a phrase the grammar does not read refuses
    # the word, so the line is unmodelled
    from mtgjudge.model.errors import DefinitionError
    from mtgjudge.model.selectors import OBJECTS, kinds_stored
    from mtgjudge.model.vocab import phrases
    from mtgjudge.model.vocab.parse import parse_effect
    w = parse_effect({"sacrifice_own": {"affects": "white or blue creature you control"}})
    assert kinds_stored(w, "white or blue creature you control", OBJECTS) == \
        phrases.parse("white or blue creature you control", "target_np").objects
    with pytest.raises(DefinitionError, match="affects"):
        parse_effect({"return_own": {"affects": "creature it blocked this turn"}})
