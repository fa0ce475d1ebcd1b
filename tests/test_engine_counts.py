"""Counts read as the effect resolves (608.2h; 107.3e "where X is ..."; 305.6 domain; 700.5 devotion):
``rules.counts`` read and evaluated, and used by the engine. Expected answers derived by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one
from tests.test_until import BASE, until


@pytest.mark.parametrize("text, kind", [
    ("the number of creatures you control", "permanents"),
    ("each Forest you control", "permanents"),
    ("each other creature you control", "permanents"),      # other than the source (Goldnight Redeemer)
    ("the number of cards in your hand", "cards"),
    ("each creature card in your graveyard", "cards"),
    ("the number of basic land types among lands you control", "domain"),
    ("your devotion to black", "devotion"),
])
def test_count_phrases(text, kind):
    assert counts.parse(text).kind == kind


@pytest.mark.parametrize("text", [
    # what the engine doesn't know or that names something else than permanents / own cards
    "the number of attacking creatures you control",
    "each card returned this way",       # "this way" counts: only what rules.counts.THIS_WAY names (refs)
    "each creature you control with power 4 or greater",         # power before counters: not counted here
    "the number of cards in target player's library",
    "each time you've cast your commander from the command zone this game",
])
def test_counts_the_engine_does_not_know_stay_unread(text):
    with pytest.raises(DefinitionError):
        counts.parse(text)


def test_where_x_is_a_count_is_read_by_the_until_reader():
    assert until("Target creature gets -X/-X until end of turn, where X is the number of cards in your hand.") == \
        {"target": "creature", "power": 0, "toughness": 0, "x_power": -1, "x_toughness": -1,
         "x_count": "the number of cards in your hand"}


def finals(actions: str, alice_bf: str, alice_hand: str, bob_bf: str = "[]") -> list[Game]:
    (q,) = load_text(BASE.format(alice_bf=alice_bf, alice_hand=alice_hand, bob_bf=bob_bf, actions=actions))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_x_is_the_cards_in_hand_as_it_resolves():
    # Inner Calm, Outer Strength {2}{G}: "Target creature gets +X/+X until end of turn, where X is the number of
    # cards in your hand." Alice holds it and two Forests; as it resolves it is on the stack, not in her hand
    # (608.2h): X = 2, Grizzly Bears 2/2 -> 4/4.
    g = one(finals("  - {cast: s, targets: [bears]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: bears}, Forest, Forest, Forest]",
                   "[{card: 'Inner Calm, Outer Strength', id: s}, Forest, Forest]"))
    assert (power(g, "bears"), toughness(g, "bears")) == (4, 4)


def test_x_of_zero_cards_in_hand():
    # the same with nothing else in hand: X = 0, the Bears stay 2/2
    g = one(finals("  - {cast: s, targets: [bears]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: bears}, Forest, Forest, Forest]",
                   "[{card: 'Inner Calm, Outer Strength', id: s}]"))
    assert (power(g, "bears"), toughness(g, "bears")) == (2, 2)


def test_count_value_devotion_and_domain():
    # 700.5: Alice's permanents' mana costs: Grizzly Bears {1}{G}, Llanowar Elves {G}: devotion to green 2,
    # to black 0; 305.6: Forest and Swamp among her lands: domain 2 (two Forests count once)
    (q,) = load_text(BASE.format(alice_bf="[Grizzly Bears, Llanowar Elves, Forest, Forest, Swamp]", alice_hand="[]",
                                 bob_bf="[Island]", actions="  - resolve: all"))
    st = q.state
    assert counts.value(st, "Alice", counts.parse("your devotion to green")) == 2
    assert counts.value(st, "Alice", counts.parse("your devotion to black")) == 0
    assert counts.value(st, "Alice", counts.parse("the number of basic land types among lands you control")) == 2
    assert counts.value(st, "Alice", counts.parse("the number of creatures you control")) == 2
    assert counts.value(st, "Bob", counts.parse("each Island you control")) == 1


def test_life_for_each_creature_card_in_your_graveyard():
    # Gnaw to the Bone: "You gain 2 life for each creature card in your graveyard." Alice's graveyard: Grizzly
    # Bears, Llanowar Elves (creature cards) and a Forest: 2 x 2 = 4 life, 20 -> 24. Bob's creature card in his
    # graveyard is not hers.
    (q,) = load_text(BASE.format(alice_bf="[Forest, Forest, Forest]", alice_hand="[{card: Gnaw to the Bone, id: g}]",
                                 bob_bf="[]", actions="  - cast: g\n  - resolve: all")
                     .replace("      library: 3\n    Bob:", "      library: 3\n      graveyard: [Grizzly Bears, "
                              "Llanowar Elves, Forest]\n    Bob:\n      graveyard: [Grizzly Bears]"))
    assert not isinstance(q, Exception), q
    g = one(run(Game(q.state), q.actions))
    assert g.state.player("Alice").life == 24


def test_nightmarish_end_kills_with_enough_cards():
    # Nightmarish End: -X/-X, X = cards in Alice's hand as it resolves (ruling 2014-04-26): two cards, the
    # Bears 2/2 -> 0/0 and are put into the graveyard (704.5f)
    g = one(finals("  - {cast: s, targets: [bears]}\n  - resolve: all",
                   "[Swamp, Swamp, Swamp]", "[{card: Nightmarish End, id: s}, Forest, Forest]",
                   "[{card: Grizzly Bears, id: bears}]"))
    assert g.state.obj("bears").zone == "graveyard"


def _run(text_state: str) -> list[Game]:
    (q,) = load_text(text_state)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_draw_a_card_for_each_creature_you_control():
    # Collective Unconscious: Alice controls Grizzly Bears and Llanowar Elves (Bob's Bears don't count): she
    # draws 2 of her 3 cards
    # (every way to pay: tapping the Elves for mana doesn't change what she controls)
    games = finals("  - cast: s\n  - resolve: all",
                   "[Grizzly Bears, Llanowar Elves, Forest, Forest, Forest, Forest, Forest, Forest]",
                   "[{card: Collective Unconscious, id: s}]", "[Grizzly Bears]")
    assert games and all(len(g.state.player("Alice").zone("hand")) == 2 for g in games)


def test_a_token_for_each_forest_and_x_tokens_where_x_counts_the_battlefield():
    # Howl of the Night Pack with 7 lands, 3 of them Forests: three 2/2 Wolves
    g = one(finals("  - cast: s\n  - resolve: all", "[Forest, Forest, Forest, Mountain, Mountain, Mountain, Mountain]",
                   "[{card: Howl of the Night Pack, id: s}]"))
    wolves = [o for o in g.state.battlefield("Alice") if o.name.startswith("Wolf")]
    assert len(wolves) == 3 and all((power(g, o.id), toughness(g, o.id)) == (2, 2) for o in wolves)
    # Deploy to the Front: creatures on the battlefield, both players': Alice's Bears and Bob's Bears = 2
    g = one(finals("  - cast: s\n  - resolve: all", "[Grizzly Bears, Plains, Plains, Plains, Plains, Plains, Plains, Plains]",
                   "[{card: Deploy to the Front, id: s}]", "[Grizzly Bears]"))
    assert len([o for o in g.state.battlefield("Alice") if o.name.startswith("Soldier")]) == 2


@pytest.mark.parametrize("text", [
    "Draw a card for each attacking creature.",                     # attacking: not a count the engine reads
    "Create X 1/1 white Soldier creature tokens, where X is your life total plus one.",
    "Create an X/X green Ooze creature token, where X is the number of creatures you control.",   # X/X: not an amount
    "Target player draws a card for each creature you control.",    # a target: chosen as it is cast, not here
    "Draw a card for each card returned this way.",
])
def test_counted_near_misses_stay_unread(text):
    from mtgjudge.model.oracle.lines import read_effect_words, sentences
    read = read_effect_words(sentences(text))
    assert read is None or not any(w is not None and w.kind == "counted" for w in read[0])


def test_until_for_each_reads_only_counts():
    # "for each creature you control with power 4 or greater" is a noun phrase of permanents but not a count
    # rules.counts reads (power before counters): the sentence stays unread rather than counted wrongly
    from mtgjudge.model.words.until.read import until_word
    assert until_word("Target creature gets +1/+1 until end of turn for each creature you control with power 4 or "
                      "greater.", ("target creature",)) is None
    assert until_word("Target creature gets +1/+1 until end of turn for each creature you control.",
                      ("target creature",)) is not None


def test_other_is_other_than_the_source():
    # "other creature you control" counted for Grizzly Bears as the source: Llanowar Elves only (1); without a
    # source on the battlefield (a spell): both (2)
    (q,) = load_text(BASE.format(alice_bf="[{card: Grizzly Bears, id: bears}, Llanowar Elves]", alice_hand="[]",
                                 bob_bf="[]", actions="  - resolve: all"))
    st = q.state
    c = counts.parse("each other creature you control")
    assert counts.value(st, "Alice", c, st.obj("bears")) == 1
    assert counts.value(st, "Alice", c, None) == 2


def test_other_next_to_another_object_stays_unread():
    from mtgjudge.model.words.until.read import until_word
    from mtgjudge.model.oracle.lines import read_effect_words, sentences
    assert until_word("Target creature gets +X/+X until end of turn, where X is the number of other creatures you "
                      "control.", ("target creature",)) is None
    read = read_effect_words(sentences("Put a +1/+1 counter on target creature. Then put a +1/+1 counter on it for "
                                       "each other creature you control."))
    assert read is None or not any(w is not None and w.kind == "counted" for w in read[0])


@pytest.mark.parametrize("sentence, body", [
    ("Create a 2/2 green Wolf creature token for each Forest you control.", "Create {n} 2/2 green Wolf creature token."),
    # the amount in an item of an argument: each player's act (Syphon Mind, The Scarab God)
    ("Each opponent loses X life and you scry X, where X is the number of Zombies you control.",
     "Each opponent loses {n} life and you scry {n}."),
    # the amount in a noun phrase (Scourge of Fleets)
    ("Return each creature your opponents control with toughness X or less to its owner's hand, where X is the "
     "number of Islands you control.", "Return each creature your opponents control with toughness {n} or less to "
     "its owner's hand."),
])
def test_a_counted_sentence_is_read_once_with_where_its_amount_is(sentence, body):
    # 608.2h: the amount is counted as the effect is performed; the sentence was read as the card was compiled,
    # and the word it is with an amount is that word with the amount put where it is: the same as reading the
    # sentence with that amount written
    from mtgjudge.model.oracle.lines import effect_word
    from mtgjudge.model.words.counts.read import fill
    from mtgjudge.model.words.counts.record import with_amount

    word = effect_word(sentence, ())
    assert word is not None and word.kind == "counted"
    for n in (1, 4, 13):
        assert with_amount(word.arg("effect"), word.arg("holes"), n) == effect_word(fill(body, n), ())
    assert with_amount(word.arg("effect"), word.arg("holes"), 4) != effect_word(fill(body, 5), ())


# ------------------------------------------------------------------- counts read once, as the card is compiled

def test_a_count_is_read_as_the_card_is_compiled_and_kept_with_its_word():
    # 608.2h: the count is evaluated as the effect resolves, but its phrase is read once, by the compiler
    from tests.test_until import words
    (w,) = words("Target creature gets +1/+0 until end of turn for each artifact you control.")
    assert w.arg(counts.ARG) == (("artifact you control", counts.parse("artifact you control")),)
    assert counts.stored(w, "artifact you control").kind == "permanents"


@pytest.mark.parametrize("data", [
    {"gain_life_per": {"n": 1, "affects": "attacking creature you control"}},      # attacking: not a count read
    {"damage_each_count": {"count": "the number of cards in target player's library"}},
    {"create_tokens": {"x": True, "token": "X/X green Ooze creature token", "x_count": "the number of attacking creatures"}},
    {"until_end_of_turn": {"target": "creature", "power": 1, "toughness": 1, "per": "attacking creature"}},
])
def test_a_word_encoded_by_hand_with_a_count_not_read_is_refused_as_it_loads(data):
    # not read at compile time, so not failing as it resolves: the definition is refused, naming the count
    from mtgjudge.model.vocab.parse import parse_effect
    with pytest.raises(DefinitionError, match="count"):
        parse_effect(data)


def test_a_reduction_whose_count_is_not_read_is_refused_as_it_loads():
    from mtgjudge.model.vocab.parse import parse_static
    with pytest.raises(DefinitionError, match="count"):
        parse_static({"kind": "self_cost_reduction", "amount": 1, "per": "attacking creature you control"})
    s = parse_static({"kind": "self_cost_reduction", "amount": 1, "per": "artifact you control"})
    assert counts.stored(s, "artifact you control").kind == "permanents"


def test_a_line_whose_count_is_not_read_stays_unmodelled():
    from tests.test_until import words
    from mtgjudge.model.oracle.lines import read_effect_words, sentences
    read = read_effect_words(sentences("You gain 1 life for each attacking creature you control."))
    assert read is None or None in read[0]
    assert words("You gain 1 life for each creature you control.")[0].arg(counts.ARG)


def test_a_word_made_without_its_count_is_unsupported_not_read_as_it_resolves():
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.vocab.abilities import Effect
    from mtgjudge.model.vocab.words import EFFECT_WORDS
    made = Effect("gain_life_per", (("affects", "creature you control"), ("n", 1)), EFFECT_WORDS["gain_life_per"])
    with pytest.raises(Unsupported, match="compiled"):
        counts.stored(made, "creature you control")


def test_the_kept_counts_survive_the_cache_encoding():
    # the compiled card is kept as plain data (model.cards.compiled, model.cache: JSON, no pickles)
    from mtgjudge.model import cache
    from mtgjudge.model.cards.compiled import decode, encode
    from tests.test_until import words
    (w,) = words("Target creature gets +1/+0 until end of turn for each artifact you control.")
    back = decode(cache.loads(cache.dumps(encode(w))))
    assert back == w and back.arg(counts.ARG) == w.arg(counts.ARG)


def test_the_kinds_a_word_acts_on_are_read_as_the_card_is_compiled():
    # 611.2c: which permanents "Creatures you control get +1/+1" affects is decided as it resolves, from the
    # selectors read once from the phrase (selectors.SELECTS), never from the phrase then
    from mtgjudge.model.selectors import SELECTS, kinds_stored
    from mtgjudge.model.vocab.parse import parse_effect
    from mtgjudge.model.vocab.phrases import parse_nps
    w = parse_effect({"destroy_all_or": {"affects": "lands", "affects2": "creatures"}})
    assert kinds_stored(w, "lands") == parse_nps("lands") and kinds_stored(w, "creatures") == parse_nps("creatures")
    with pytest.raises(DefinitionError, match="affects"):
        parse_effect({"destroy_all": {"affects": "the creatures it blocked"}})     # not kinds of permanents
    assert parse_effect({"destroy_all": {"affects": "creatures", SELECTS: ()}}).arg(SELECTS) == \
        (("creatures", parse_nps("creatures")),)    # read again, never taken as given


def test_a_counted_noun_phrase_keeps_its_selectors_with_the_amount():
    # "toughness X or less, where X is ...": the amount is put in the selector read as the card was compiled
    # (words.counts.record.with_amount), as reading the phrase with that amount would give
    from mtgjudge.model.oracle.lines import effect_word
    from mtgjudge.model.selectors import kinds_stored
    from mtgjudge.model.words.counts.record import with_amount
    from mtgjudge.model.vocab.phrases import parse_nps
    word = effect_word("Return each creature your opponents control with toughness X or less to its owner's hand, "
                       "where X is the number of Islands you control.", ())
    assert word is not None and word.kind == "counted"
    four = with_amount(word.arg("effect"), word.arg("holes"), 4)
    assert kinds_stored(four, four.arg("affects")) == parse_nps(four.arg("affects"))
    assert "4" in four.arg("affects")
