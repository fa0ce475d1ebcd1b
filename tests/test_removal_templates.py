"""Removal: "Destroy all" / "each" with a list of kinds read as their union
(701.8a, ``phrases.parse_nps``), selectors of power that count +1/+1 counters (613.4c), gaining control with no
duration (613.1b, 611.2a), one instruction on two targets (601.2c, 608.2b, 115.3), cards with a qualifier from
your graveyard and from any graveyard (400.6), a target player's graveyard exiled (406.2). Each template with a
near miss that must stay unread; expected values worked out by hand from the rules."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.vocab.phrases import parse_nps
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


@pytest.mark.parametrize("phrase, n", [
    ("creatures", 1),
    ("artifacts and enchantments", 2),
    ("artifacts, creatures, and lands", 3),
    ("creatures you don't control and all planeswalkers you don't control", 2),
    ("creatures with converted mana cost 3 or less", 1),
    ("nonartifact, nonblack creatures", 1),           # a comma inside one phrase: read whole first
])
def test_lists_of_kinds_are_read_as_their_union(phrase, n):
    assert len(parse_nps(phrase)) == n


@pytest.mark.parametrize("phrase", [
    "artifacts and creatures you control",      # does "you control" qualify the artifacts too? not read
    "nonbasic lands and creatures",             # does "nonbasic" qualify the creatures? not read
    "creatures and all cards in graveyards",    # not permanents
])
def test_lists_whose_words_could_be_misread_stay_unread(phrase):
    with pytest.raises(DefinitionError):
        parse_nps(phrase)


@pytest.mark.parametrize("text, kinds", [
    ("Destroy all artifacts, creatures, and enchantments.", ["destroy_all"]),
    ("Destroy each creature with converted mana cost 3 or less.", ["destroy_all"]),
    ("Destroy all creatures with power 4 or greater. They can't be regenerated.", ["destroy_all", "no_regeneration"]),
    ("Destroy all creatures you don't control.", ["destroy_all"]),
    ("Return all artifacts you control to their owner's hand.", ["bounce_all"]),
    ("Gain control of target creature.", ["gain_control"]),
    ("Gain control of target creature until end of turn.", ["until_end_of_turn"]),   # until's, with its duration
    ("Destroy target creature and target land.", ["destroy_two"]),
    ("Destroy target nonblack creature and target land. They can't be regenerated.", ["destroy_two", "no_regeneration"]),
    ("Exile target creature and target land.", ["exile_two"]),
    ("Return target creature and target land to their owners' hands.", ["bounce_two"]),
    ("Return target creature card with converted mana cost 3 or less from your graveyard to the battlefield.",
     ["reanimate"]),
    ("Return up to two target creature cards with converted mana cost 2 or less from your graveyard to your hand.",
     ["regrow"]),
    ("Return target creature card from a graveyard to its owner's hand.", ["regrow"]),
])
def test_the_sentences_are_read_as_words(text, kinds):
    words, _ = read_effect_words(sentences(text))
    assert [w.kind if w is not None else None for w in words] == kinds


@pytest.mark.parametrize("text", [
    "Destroy all creatures target player controls.",               # a target inside the phrase: not this word
    "Return target creature card from a graveyard to your hand.",  # a card goes to its owner's hand (400.6)
    "Destroy all creatures and all permanents attached to creatures.",
    "Destroy target creature and all other creatures with the same name as that creature.",
    "Gain control of target creature of an opponent's choice they control.",
])
def test_near_misses_stay_unread(text):
    words, _ = read_effect_words(sentences(text)) or ([None], [])
    assert all(w is None or w.kind not in ("destroy_all", "destroy_two", "gain_control", "regrow", "reanimate")
               for w in words)


BASE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: {alice_bf}
      hand: {alice_hand}
    Bob:
      battlefield: {bob_bf}
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def finals(actions: str, alice_bf: str, alice_hand: str, bob_bf: str) -> list[Game]:
    (q,) = load_text(BASE.format(alice_bf=alice_bf, alice_hand=alice_hand, bob_bf=bob_bf, actions=actions))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_power_selector_counts_plus_one_counters_613_4c():
    # Hill Giant 3/3 with a +1/+1 counter has power 4 (613.4c): "power 4 or greater" destroys it; the one
    # without a counter (3/3) stays.
    g = one(finals("  - cast: rotm\n  - resolve: all", "[Plains, Plains, Plains]",
                   "[{card: Retribution of the Meek, id: rotm}]",
                   '[{card: Hill Giant, id: big, counters: {"+1/+1": 1}}, {card: Hill Giant, id: small}]'))
    assert zone(g, "big") == "graveyard" and zone(g, "small") == "battlefield"


def test_power_selector_counts_minus_one_counters_613_4c():
    # Hill Giant 3/3 with two +1/+1 counters and one -1/-1 counter has power 4.
    g = one(finals("  - cast: rotm\n  - resolve: all", "[Plains, Plains, Plains]",
                   "[{card: Retribution of the Meek, id: rotm}]",
                   '[{card: Hill Giant, id: big, counters: {"+1/+1": 2, "-1/-1": 1}}, '
                   '{card: Hill Giant, id: small, counters: {"-1/-1": 1, "+1/+1": 1}}]'))
    assert zone(g, "big") == "graveyard" and zone(g, "small") == "battlefield"


def test_gained_control_lasts_past_the_turn_611_2a():
    # No duration: Alice controls Bob's Hill Giant for the rest of the game (611.2a), also in Bob's turn.
    g = one(finals("  - {cast: ritual, targets: [giant]}\n  - resolve: all\n"
                   "  - advance: next-turn",
                   "[{card: Grizzly Bears, id: bears}, Swamp, Swamp, Swamp, Swamp]",
                   "[{card: Ritual of the Machine, id: ritual}]", "[{card: Hill Giant, id: giant}]"))
    assert g.state.obj("giant").controller == "Alice" and g.state.turn.active == "Bob"
    assert zone(g, "bears") == "graveyard"


def test_two_targets_leave_together_and_an_illegal_one_is_not_affected_608_2b():
    g = one(finals("  - {cast: blow, targets: [bbear, forest]}\n  - bounce: forest\n  - resolve: all",
                   "[Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]", "[{card: Spiteful Blow, id: blow}]",
                   "[{card: Grizzly Bears, id: bbear}, {card: Forest, id: forest}]"))
    assert zone(g, "bbear") == "graveyard" and zone(g, "forest") == "hand"


@pytest.mark.parametrize("text, second", [
    # 108.3: the owner of the target; 608.2h, 202.3: its mana value as it last existed
    ("Destroy target creature. Its owner gains 4 life.", ("player_acts", "who", "its owner")),
    ("Destroy target artifact. You gain life equal to its converted mana cost.", ("life_equal", "equal", "mana value")),
    ("Put target creature card from a graveyard onto the battlefield under your control. You lose life equal to its "
     "converted mana cost.", ("life_equal", "equal", "mana value")),
    # near misses: a sum, and a misspelt owner, stay unread
    ("Destroy target artifact. You gain life equal to its converted mana cost plus one.", None),
    ("Destroy target creature. Its owners gains 4 life.", None),
])
def test_riders_after_removal(text, second):
    words, _ = read_effect_words(sentences(text))
    if second is None:
        assert words[1] is None
    else:
        kind, key, value = second
        assert words[1].kind == kind and words[1].arg(key) == value


@pytest.mark.parametrize("text, kind", [
    ("Destroy all enchantments target player controls.", "destroy_all_of"),
    ("Destroy all creatures target opponent controls.", "destroy_all_of"),
    ("Exile all nonland permanents target player controls.", "exile_all_of"),
    ("Return all nonland permanents target player controls to their owner's hand.", "bounce_all_of"),
    ("Return all artifacts target player owns to their hand.", None),      # owns, not controls: unread
    ("Destroy all creatures target player controls with flying.", None),   # a qualifier after "controls": unread
])
def test_all_of_a_target_player(text, kind):
    words, _ = read_effect_words(sentences(text)) or ([None], [])
    assert (words[0].kind if words[0] is not None else None) == kind


def test_exile_this_spell_is_read_only_as_a_whole_sentence():
    words, _ = read_effect_words(sentences("Return target card from your graveyard to your hand. Exile ~."))
    assert [w.kind for w in words] == ["regrow", "exile_self"]
    # near misses: exiling it from a zone, with counters, or with another object, is another instruction
    for text in ("Exile ~ with three time counters on it.", "Exile ~ from your graveyard.", "Exile ~ and target creature."):
        words, _ = read_effect_words(sentences(text)) or ([None], [])
        assert all(w is None or w.kind != "exile_self" for w in words), text


def test_gain_control_of_what_you_own():
    words, _ = read_effect_words(sentences("Gain control of all permanents you own."))
    assert words[0].kind == "gain_control_owned" and words[0].arg("affects") == "permanents"
    words, _ = read_effect_words(sentences("Gain control of all permanents you own until end of turn."))
    assert words[0] is None or words[0].kind != "gain_control_owned"


def test_destroy_all_one_or_the_other():
    words, _ = read_effect_words(sentences("Destroy all enchantments or all nonwhite enchantments."))
    assert words[0].kind == "destroy_all_or" and (words[0].arg("affects"), words[0].arg("affects2")) == \
        ("enchantments", "nonwhite enchantments")
    # 701.19c: "Creatures destroyed this way" after a choice one of whose phrases names no creatures: unread
    words, _ = read_effect_words(sentences("Destroy all lands or all creatures. Creatures destroyed this way can't be "
                                           "regenerated."))
    assert words[1] is None


def test_destroy_all_or_is_a_choice_with_a_branch_each_608_2d():
    # Gaea's Anthem (green) dies either way; Celebrate the Mountain-king (white) only if "all enchantments" is chosen.
    games = finals("  - cast: filter\n  - resolve: all", "[Forest, Forest, Forest]",
                   "[{card: Essence Filter, id: filter}]",
                   "[{card: Gaea's Anthem, id: anthem}, {card: Celebrate the Mountain-king, id: white}]")
    assert len(games) == 2
    assert all(zone(g, "anthem") == "graveyard" for g in games)
    assert sorted(zone(g, "white") for g in games) == ["battlefield", "graveyard"]


def test_a_card_from_an_opponents_graveyard():
    words, targets = read_effect_words(sentences("Put target creature card from an opponent's graveyard onto the "
                                                 "battlefield under your control."))
    assert words[0].kind == "reanimate" and targets == ["target creature card from an opponent's graveyard"]


def test_a_target_inside_an_all_phrase_is_left_to_its_own_pattern():
    # "Exile all cards from target player's graveyard." is exile_graveyard, not "exile all <kinds>"
    words, _ = read_effect_words(sentences("Exile all cards from target player's graveyard."))
    assert words[0].kind == "exile_graveyard"


def _ability(text: str, type_line: str):
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    first, = card.faces[0].abilities
    return first


def test_exile_all_cards_from_target_players_graveyard_406_2():
    a = _ability("When ~ enters the battlefield, exile all cards from target player's graveyard.", "Land")
    assert [e.kind for e in a.effects] == ["exile_graveyard"] and a.targets == ("target player",)
    # near miss: only some of the cards ("all creature cards") is another instruction, unread here
    assert _ability("When ~ enters the battlefield, exile all creature cards from target player's graveyard.",
                    "Land").kind == "unmodelled"
    g = finals("  - {play: it}\n  - resolve: all", "[]", "[{card: Bojuka Bog, id: it}]", "[]")
    assert g and all(zone(x, "it") == "battlefield" for x in g)


# ---------------------------------------------------------------- "Return ~ to its owner's hand." (400.6)

def _answer(doc: str, *cards):
    import yaml
    from mtgjudge.model.names import normalize
    from mtgjudge.queries.format.fields import QuestionValidator
    from mtgjudge.queries.format.questions import read_question
    from mtgjudge.queries.runner import run_question
    d = QuestionValidator(file="<test>", line=1, cards={normalize(c.name): (c, 0) for c in cards})
    r = run_question(read_question(d, yaml.safe_load(doc)))
    return r.status, (r.answer.value if r.answer is not None else None), r.message


def _frob(type_line: str, text: str, pt: tuple = (None, None)):
    return compile_card(CardRecord("Frob", "normal", (FaceRecord("Frob", "{1}{U}", type_line, text, *pt),)))


SPELL = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [Island, Island]
      hand: [{card: Frob, id: f}]
      library: [Island]
    Bob: {}
actions:
  - cast: f
  - resolve: all
expect:
  - {object: f, zone: hand}
  - {player: Alice, hand_size: 2, graveyard_size: 0}
"""


def test_an_instant_that_returns_itself_goes_to_its_owners_hand_not_the_graveyard_608_2n():
    frob = _frob("Instant", "Draw a card.\nReturn Frob to its owner's hand.")
    assert _answer(SPELL, frob)[:2] == ("pass", True)


def test_a_leaves_the_battlefield_ability_that_returns_itself_is_unsupported_603_10a():
    # "~" of a leaves-the-battlefield ability names the card where it went (not the permanent, gone): not performed
    frob = _frob("Creature — Frob", "When Frob leaves the battlefield, return Frob to its owner's hand.", ("1", "1"))
    status, _, msg = _answer("""
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Frob, id: f}]
    Bob:
      battlefield: [Mountain]
      hand: [{card: Lightning Bolt, id: bolt}]
actions:
  - {cast: bolt, by: Bob, targets: [f]}
  - resolve: all
expect:
  - {object: f, zone: graveyard}
""", frob)
    assert status == "unsupported" and "a permanent's own ability" in msg, msg


@pytest.mark.parametrize("line", [
    "Return Frob to its owner's hand and draw a card.",    # more than the one instruction: not this word
    "Return Frob to your hand.",                           # not "its owner's": not read as 400.6's own
])
def test_near_misses_of_returning_itself_stay_unread(line):
    frob = _frob("Creature — Frob", "{U}: " + line, ("1", "1"))
    assert all(e.kind != "bounce_self" for a in frob.faces[0].abilities for e in a.effects)
