"""Merging choices that provably lead to the same state before making them (``engine.commuting``: triggered
abilities that only change life totals, 603.3b, 119.3, 704.5a): the reduced search finds exactly the final
states of the full one (``game.full_search``), and does not apply where the order can be seen."""
from __future__ import annotations

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from mtgjudge.model.engine import game as engine_game
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game, full_search
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.queries.format.files import load_text


def _text(alice: list[str], bob: list[str], life: tuple[int, int], actions: str) -> str:
    return f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      life: {life[0]}
      battlefield: [Plains, Plains, Plains, Plains{''.join(', ' + c for c in alice)}]
      hand: [{{card: Wrath of God, id: wrath}}]
      library: 3
    Bob:
      life: {life[1]}
      battlefield: [{', '.join(bob)}]
      library: 3
actions: {actions}
expect: [{{stack_size: 0}}]
"""


def _games(text: str) -> list[Game]:
    (question,) = load_text(text)
    assert not isinstance(question, Exception), question
    return run(Game(question.state, initial=question.state), question.actions)


def _finals(text: str) -> tuple[set, int]:
    """The keys of the final states, and how many branches the engine considered."""
    before = engine_game.CONSIDERED[0]
    games = _games(text)
    return {g.key() for g in games}, engine_game.CONSIDERED[0] - before


def _both(text: str) -> tuple[tuple[set, int], tuple[set, int]]:
    reduced = _finals(text)
    with full_search():
        full = _finals(text)
    return reduced, full


WATCHERS = ["Blood Artist", "Moonlit Wake", "Grizzly Bears", "{card: Grizzly Bears, id: named}"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(st.sampled_from(WATCHERS), min_size=1, max_size=3), st.lists(st.sampled_from(WATCHERS[:3]), max_size=2),
       st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_reduced_search_finds_exactly_the_final_states_of_the_full_one(alice, bob, life):
    """A Wrath of God on a small board of Blood Artists (each trigger targets a player), Moonlit Wakes and
    creatures, low life totals (so that a player can reach 0 life in some orders, where the reduction must not
    apply): the final states are the same with and without merging the orders and choices of targets (``Game.key``
    on both sides: an ended game's leftover stack is not kept)."""
    creatures = len(alice) + len(bob) - alice.count("Moonlit Wake") - bob.count("Moonlit Wake")
    artists = alice.count("Blood Artist") + bob.count("Blood Artist")
    if alice.count("{card: Grizzly Bears, id: named}") > 1 or artists * creatures > 5:
        reject()        # (the full search of more is past its bound, or slow)
    text = _text(alice, bob, life, "[{cast: wrath}, {resolve: all}]")
    try:
        (reduced, _), (full, _) = _both(text)
    except (SearchBound, Unsupported) as e:
        if "bound" not in str(e):
            raise
        reject()        # the full search past its bound: nothing to compare
    assert reduced == full


def test_blood_artist_targets_are_chosen_as_a_multiset():
    """Blood Artist and four Grizzly Bears die (five triggers, each targeting Alice or Bob): 2^5 arrangements of
    targets in the full search, 6 in the reduced one (how many target Bob), the same 6 final states."""
    text = _text(["Blood Artist", "Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears", "Grizzly Bears"], (20, 20),
                 "[{cast: wrath}, {resolve: all}]")
    (reduced, n_reduced), (full, n_full) = _both(text)
    assert reduced == full and len(full) == 6
    assert n_reduced < n_full / 3


def test_a_player_who_can_reach_zero_life_keeps_every_order():
    """704.5a: Bob at 2 life and five Blood Artist triggers: in some orders Bob loses the game halfway (104.3),
    and what Alice gains depends on the order: the orders are not merged, the final states are those of the
    full search, some where Bob lost."""
    text = _text(["Blood Artist", "Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears", "Grizzly Bears"], (20, 2),
                 "[{cast: wrath}, {resolve: all}]")
    (reduced, _), (full, _) = _both(text)
    assert reduced == full
    assert any(g.state.left == ("Bob",) for g in _games(text)) and any(not g.state.left for g in _games(text))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(st.sampled_from(WATCHERS), min_size=1, max_size=3), st.lists(st.sampled_from(WATCHERS), max_size=2),
       st.tuples(st.integers(1, 3), st.integers(1, 3)))
def test_where_a_player_can_reach_zero_life_the_reduced_search_finds_the_final_states_of_the_full_one(alice, bob, life):
    """704.5a, 104.2a: life totals low enough that the game ends halfway in some orders, with Blood Artists on both
    sides (Bob's triggers go on the stack after Alice's and resolve first, 603.3b, 101.4: an order that mixed them
    would give states no player can reach) and Moonlit Wakes: one order for each final state, the same final
    states as every order and every choice of targets. Both sides compare ``Game.key``, which drops the leftover
    stack of an ended game (104.1, 104.2a): the full search's arrangements of it are one state there too."""
    creatures = len(alice) + len(bob) - alice.count("Moonlit Wake") - bob.count("Moonlit Wake")
    artists = alice.count("Blood Artist") + bob.count("Blood Artist")
    if alice.count("{card: Grizzly Bears, id: named}") + bob.count("{card: Grizzly Bears, id: named}") > 1 \
            or artists * creatures > 6 or not artists:
        reject()
    text = _text(alice, [b.replace("id: named", "id: bobs") for b in bob], life, "[{cast: wrath}, {resolve: all}]")
    try:
        (reduced, _), (full, _) = _both(text)
    except (SearchBound, Unsupported) as e:
        if "bound" not in str(e):
            raise
        reject()
    assert reduced == full


def test_where_bob_reaches_zero_life_the_game_ends_in_one_state_whatever_is_left_on_the_stack():
    """Blood Artist and eleven Grizzly Bears die (12 triggers, each "target player loses 1 life and you gain 1
    life", each targeting Alice or Bob), Bob at 10 life. By hand: a trigger targeting Bob moves Alice +1 and Bob
    -1; one targeting Alice moves her -1 + 1 = 0. With k < 10 triggers targeting Bob nobody reaches 0 and only k
    matters (Alice 20 + k, Bob 10 - k: 10 states). Otherwise Bob is at 0 after the tenth that targets him
    resolves, loses (704.5a) and the game ends (104.2a) with the r triggers above it still on the stack, r <= 2:
    ten targeting Bob have resolved and the 12 - 10 - r others targeting Alice, so Alice has 20 + 10 = 30 and
    Bob 0, whatever r and the arrangement of those r (1 + 2 + 4 = 7 leftover stacks, each a state of its own
    when the stack was kept). The game is over: nothing more happens (104.1) and the leftover stack is not kept,
    so those 7 are one state. 10 + 1 = 11 final states."""
    text = _text(["Blood Artist"] + ["Grizzly Bears"] * 5, ["Grizzly Bears"] * 6, (20, 10),
                 "[{cast: wrath}, {resolve: all}]")
    games = _games(text)
    assert len(games) == len({g.key() for g in games}) == 11
    ended = [g for g in games if g.state.left]
    assert len(ended) == 1 and ended[0].state.left == ("Bob",)
    assert (ended[0].state.player("Alice").life, ended[0].state.player("Bob").life) == (30, 0)
    going_on = sorted((g.state.player("Alice").life, g.state.player("Bob").life) for g in games if not g.state.left)
    assert going_on == [(20 + k, 10 - k) for k in range(10)]


def _outcome_answer(text: str):
    from mtgjudge.queries.kinds import outcome
    (question,) = load_text(text)
    assert not isinstance(question, Exception), question
    return outcome.answer(question)


def test_a_stack_assertion_on_an_ended_game_is_unsupported():
    """104.2a, 104.1: where the game ends with triggers left on the stack (Bob at 10, twelve Blood Artist
    triggers), the leftover stack is not kept: an assertion about its size answers unsupported, naming why;
    one about life totals and who lost answers exactly (Bob lost at 0 with Alice at 30, Alice never lost)."""
    base = _text(["Blood Artist"] + ["Grizzly Bears"] * 5, ["Grizzly Bears"] * 6, (20, 10),
                 "[{cast: wrath}, {resolve: all}]")
    stack = _outcome_answer(base.replace("expect: [{stack_size: 0}]", "possible: [{stack_size: 2}]"))
    assert stack.is_unsupported and "what was left on the stack is not kept" in stack.unsupported, stack
    lives = _outcome_answer(base.replace("expect: [{stack_size: 0}]",
                                         "possible_together: [[{player: Bob, lost: true, life: 0}, "
                                         "{player: Alice, life: 30}]]\nexpect: [{player: Alice, lost: false}, "
                                         "{count: 1, name: Blood Artist, zone: graveyard}]"))
    assert not lives.is_unsupported and lives.value is True, lives
    wrong = _outcome_answer(base.replace("expect: [{stack_size: 0}]", "possible: [{player: Alice, life: 31}]"))
    assert not wrong.is_unsupported and wrong.value is False, wrong


def test_a_spell_left_on_the_stack_of_an_ended_game_is_unsupported():
    """Alice casts Lightning Bolt at Bob (3 life), then another in response: the second resolves, Bob is at 0 and
    loses (704.5a), and the game ends (104.2a) with the first still on the stack, of which only that it is there
    is kept: that it is on the stack is answered, what it targets is unsupported; the second, in Alice's
    graveyard, is answered exactly."""
    text = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain]
      hand: [{card: Lightning Bolt, id: b1}, {card: Lightning Bolt, id: b2}]
    Bob:
      life: 3
actions: [{cast: b1, targets: [Bob]}, {cast: b2, targets: [Bob]}, {resolve: all}]
"""
    there = _outcome_answer(text + "expect: [{object: b1, zone: stack}]\n")
    assert not there.is_unsupported and there.value is True, there
    first = _outcome_answer(text + "expect: [{object: b1, zone: stack, tapped: false}]\n")
    assert first.is_unsupported and "b1 was on the stack when the game ended" in first.unsupported, first
    second = _outcome_answer(text + "expect: [{object: b2, zone: graveyard}, {player: Bob, lost: true}]\n")
    assert not second.is_unsupported and second.value is True, second


def test_a_game_that_did_not_end_keeps_its_stack_distinct():
    """``resolve: 1`` with Bob at 20: Wrath of God resolves and the three Blood Artist triggers stay on the stack;
    nobody has lost, so the game goes on and each arrangement of targets is a state of its own (2^3), however
    ended games merge theirs."""
    text = _text(["Blood Artist", "Grizzly Bears"], ["Grizzly Bears"], (20, 20), "[{cast: wrath}, {resolve: 1}]")
    games = _games(text)
    assert not any(g.state.left for g in games)
    assert sorted(tuple(ab.targets[0] for ab in g.state.stack) for g in games) == \
        sorted((a, b, c) for a in ("Alice", "Bob") for b in ("Alice", "Bob") for c in ("Alice", "Bob"))


def test_two_blood_artists_and_thirty_creatures_with_bob_at_twenty_answer():
    """Two Blood Artists and 28 Grizzly Bears die (60 triggers), Bob at 20 life. By hand: 20 states where fewer
    than 20 target Bob (Alice 20 + b, Bob 20 - b); otherwise the game ends after the twentieth that targets him
    resolves, Alice at 40 and Bob at 0, with any r <= 40 of the 60 still on the stack in any arrangement (about
    1.6 * 10^24 leftover stacks), which the ended game does not keep: one state. 21 final states."""
    text = _text(["Blood Artist", "Blood Artist"] + ["Grizzly Bears"] * 13, ["Grizzly Bears"] * 15, (20, 20),
                 "[{cast: wrath}, {resolve: all}]")
    games = _games(text)
    lives = sorted((g.state.player("Alice").life, g.state.player("Bob").life, g.state.left) for g in games)
    assert lives == sorted([(20 + b, 20 - b, ()) for b in range(20)] + [(40, 0, ("Bob",))])


def test_a_player_who_leaves_a_game_of_three_is_not_merged():
    """800.4a: with three players, one at 0 life leaves and the game goes on (not performed by the engine): the
    orders are not merged where a player can reach 0 life, and the answer is unsupported as in the full search."""
    text = _text(["Blood Artist", "Grizzly Bears"], ["Grizzly Bears"], (20, 1), "[{cast: wrath}, {resolve: all}]")
    text = text.replace("actions:", "    Carol:\n      library: 3\nactions:")
    for search in (lambda: _finals(text), lambda: _full(text)):
        try:
            search()
        except Unsupported as e:
            assert "3 players" in str(e)
        else:
            raise AssertionError("a player leaving a game of three answered")


def _full(text: str) -> tuple[set, int]:
    with full_search():
        return _finals(text)


def test_a_stack_an_action_can_see_keeps_every_arrangement():
    """``resolve: 1``: Wrath of God resolves and the three triggers stay on the stack, where the question sees
    them: every arrangement of targets is a final state (2^3), not one per multiset."""
    text = _text(["Blood Artist", "Grizzly Bears"], ["Grizzly Bears"], (20, 20), "[{cast: wrath}, {resolve: 1}]")
    (reduced, _), (full, _) = _both(text)
    assert reduced == full and len(full) == 8


def test_two_blood_artists_and_thirty_creatures_answer():
    """Two Blood Artists and 28 Grizzly Bears die (60 triggers, C(60, 30) orders times 2^60 targets in the full
    search); Bob has 100 life, so no one can reach 0: 61 final states (how many target Bob), Alice at 20 + the
    number that targeted Bob."""
    text = _text(["Blood Artist", "Blood Artist"] + ["Grizzly Bears"] * 13, ["Grizzly Bears"] * 15, (20, 100),
                 "[{cast: wrath}, {resolve: all}]")
    (question,) = load_text(text)
    games = run(Game(question.state, initial=question.state), question.actions)
    lives = sorted((g.state.player("Alice").life, g.state.player("Bob").life) for g in games)
    assert lives == sorted((20 + b, 100 - b) for b in range(61))


# ------------------------------------------------- interchangeable permanents chosen by count

def _with_purification(monkeypatch) -> None:
    """The built-in cards plus Razia's Purification's words on a one-mana sorcery."""
    from mtgjudge.model.cards import lookup
    from mtgjudge.model.cards.loader import built_in_cards, known_names
    from mtgjudge.model.cards.lookup import CardDB
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    text = "Each player chooses three permanents they control, then sacrifices the rest."
    record = CardRecord("Test Purification", "normal", (FaceRecord("Test Purification", "{W}", "Sorcery", text, None, None),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


LANDS = ["Forest", "Island", "{card: Forest, tapped: true}", "{card: Island, id: named}", "Grizzly Bears"]


def _purification(alice: list[str], bob: list[str]) -> str:
    return f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Plains{''.join(', ' + c for c in alice)}]
      hand: [{{card: Test Purification, id: rp}}]
      library: 3
    Bob:
      battlefield: [{', '.join(bob)}]
      library: 3
actions: [{{cast: rp}}, {{resolve: all}}]
expect: [{{stack_size: 0}}]
"""


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(LANDS), max_size=6), st.lists(st.sampled_from(LANDS[:3] + LANDS[4:]), max_size=6))
def test_keeping_interchangeable_permanents_by_count_finds_the_final_states_of_every_choice(monkeypatch, alice, bob):
    """701.21a (Razia's Purification's words): each player keeps three permanents, the rest are sacrificed. With
    untapped and tapped Forests and Islands, a named Island and creatures in any order, kept by count of each
    class of interchangeable ones or every set of three: the same final states."""
    if alice.count(LANDS[3]) > 1:
        reject()
    _with_purification(monkeypatch)
    (reduced, _), (full, _) = _both(_purification(alice, bob))
    assert reduced == full


def test_six_forests_are_kept_by_count(monkeypatch):
    """Bob's six Forests (one class): C(6, 3) = 20 choices in the full search, one kept by count; Alice's three
    Mountains and three Plains after a {W} paid from a Plains: the same final states either way, one Bob."""
    _with_purification(monkeypatch)
    text = _purification(["Mountain"] * 3 + ["Plains"] * 2, ["Forest"] * 6)
    (reduced, n_reduced), (full, n_full) = _both(text)
    assert reduced == full
    assert len({k[0][1] for k in full}) == 1           # Bob's side: one state (any three of six Forests)
    assert n_reduced * 5 < n_full
