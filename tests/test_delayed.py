"""Delayed triggered abilities (CR 603.7), untap steps skipped (502.3), rebound (702.88a) and "this turn" parts
of a sentence (611.2a): reading (with near misses that stay unread) and the engine on hand-written states.
Expected answers are derived from the CR and the rulings cited, by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone
from mtgjudge.model.state import DelayedTrigger, UntapSkip


def _words(text: str):
    read = read_effect_words(sentences(text))
    assert read is not None
    return read[0]


def _run(text):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


# ---------------------------------------------------------------- reading

@pytest.mark.parametrize("text, at, inner", [
    ("Draw a card at the beginning of the next turn's upkeep.", "next_turn_upkeep", "draw"),
    ("Draw three cards. Discard three cards at the beginning of the next end step.", "next_end_step", "player_acts"),
    ("Draw a card at the beginning of your next upkeep.", "your_next_upkeep", "draw"),
])
def test_delayed_instruction_is_read_603_7a(text, at, inner):
    d = _words(text)[-1]
    assert d.kind == "delayed" and d.arg("at") == at and d.arg("effect").kind == inner


@pytest.mark.parametrize("text, act, ref", [
    ("Create a 4/4 red and green Giant Warrior creature token with haste. Exile it at the beginning of the next "
     "end step.", "exile", "made"),
    ("Create three 1/1 red Human creature tokens with haste. Sacrifice those tokens at the beginning of the next end "
     "step.", "sacrifice", "made"),
    ("Exile target creature. Return that card to the battlefield under its owner's control at the beginning of the "
     "next end step.", "return_to_battlefield", "it"),
    ("Return target creature card from your graveyard to the battlefield. Sacrifice that creature at the beginning "
     "of the next end step.", "sacrifice", "it"),
])
def test_delayed_act_on_what_the_instruction_before_named_603_7c(text, act, ref):
    d = _words(text)[-1]
    assert d.kind == "delayed" and d.arg("act") == act and d.arg(ref)


@pytest.mark.parametrize("text", [
    "Exile it at the beginning of the next end step.",                       # "it": nothing before
    "Tap up to two target creatures. Exile it at the beginning of the next end step.",   # several: not "it"
    "Create a 1/1 white Soldier creature token. Draw a card. Exile it at the beginning of the next end step.",
    "Draw a card at the beginning of the next combat.",                      # a time the grammar does not read
    "Destroy target creature at the beginning of the next end step.",        # a target of its own
    # "made": only tokens of a stated number and stated words, untapped (not X, tapped or predefined ones)
    "Create X 1/1 red Goblin creature tokens. Sacrifice those tokens at the beginning of the next end step.",
    "Create an X/X green Ooze creature token. Exile it at the beginning of the next end step.",
    "Create two tapped 1/1 red Goblin creature tokens. Sacrifice those tokens at the beginning of the next end step.",
    "Create a Treasure token. Sacrifice it at the beginning of the next end step.",
])
def test_delayed_near_misses_stay_unread(text):
    assert not any(w is not None and w.kind == "delayed" for w in _words(text))


def test_an_instruction_not_read_is_kept_as_text_and_never_performed():
    # the delayed ability is created (603.7a); what it does is not read: resolving it is unsupported
    words = _words("Exile target creature. At the beginning of the next end step, return that card to the "
                   "battlefield under its owner's control with two +1/+1 counters on it.")
    assert words[1].kind == "delayed" and words[1].arg("unread") and not words[1].arg("act")


@pytest.mark.parametrize("text, subject, steps", [
    ("Tap target creature. It doesn't untap during its controller's next untap step.", "it", 1),
    ("Tap target land. That land doesn't untap during its controller's next untap step.", "it", 1),
    ("Target creature an opponent controls doesn't untap during its controller's next untap step.", "target", 1),
    ("Tap up to two target creatures. Those creatures don't untap during their controller's next untap step.",
     "those", 1),
    ("Tap target creature. It doesn't untap during its controller's next two untap steps.", "it", 2),
])
def test_untap_skip_is_read_502_3(text, subject, steps):
    w = _words(text)[-1]
    assert w.kind == "skip_untap" and w.arg(subject) and w.arg("steps") == steps


@pytest.mark.parametrize("text", [
    "It doesn't untap during its controller's next untap step.",             # nothing before
    "Tap target creature. Those creatures don't untap during their controller's next untap step.",  # one target
    "Tap up to two target creatures. It doesn't untap during its controller's next untap step.",
    "Tap target creature. It doesn't untap during its controller's untap step.",   # every untap step, not one
])
def test_untap_skip_near_misses_stay_unread(text):
    assert not any(w is not None and w.kind == "skip_untap" for w in _words(text))


@pytest.mark.parametrize("text, args", [
    ("Target creature you control gets +1/+0 until end of turn and can't be blocked this turn.",
     {"power": 1, "cant_be_blocked": True}),
    ("Target creature must be blocked this turn if able.", {"must_be_blocked_if_able": True}),
    ("Target creature you don't control gets -2/-0 until end of turn and attacks this turn if able.",
     {"power": -2, "must_attack": True}),
    ("Up to two target creatures can't block this turn.", {"target": "up to two target creatures", "cant_block": True}),
    ("~ deals 1 damage to each of up to two target creatures. Those creatures can't block this turn.",
     {"those": True, "cant_block": True}),
    ("Target creature can't attack or block this turn.", {"cant_attack": True, "cant_block": True}),
    ("Untap target creature you don't control. That creature blocks this turn if able.",
     {"it": True, "must_block": True}),
])
def test_this_turn_parts_are_read_611_2a(text, args):
    w = _words(text)[-1]
    assert w.kind == "until_end_of_turn"
    assert all(w.arg(k) == v for k, v in args.items())


@pytest.mark.parametrize("text", [
    "Tap target creature. Those creatures can't block this turn.",           # "those" after one target
    "Target creature gets +1/+1 until end of turn and can't block until your next turn.",
    "Target creature can't attack or block until your next turn.",           # another duration
])
def test_this_turn_near_misses_stay_unread(text):
    assert not any(w is not None and w.kind == "until_end_of_turn" and (w.arg("those") or w.arg("cant_block"))
                   for w in _words(text) or ())


# ---------------------------------------------------------------- the engine

_BOARD = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      hand: [%(hand)s]
      battlefield: [%(lands)s]
      library: 5
    Bob:
      battlefield: [%(bob)s]
      library: 5
actions:
%(actions)s
expect: [{stack_size: 0}]
"""


def _board(hand, lands, actions, bob=""):
    return _BOARD % {"hand": hand, "lands": lands, "bob": bob, "actions": actions}


def test_next_turn_upkeep_draw_waits_and_triggers_once_603_7c():
    g = one(_run(_board("{card: Flare, id: f}", "Mountain, Mountain, Mountain",
                        "  - {cast: f, targets: [Bob]}\n  - resolve: 1\n  - advance: end\n  - resolve: all")))
    assert len(g.state.in_force(DelayedTrigger)) == 1 and len(g.state.player("Alice").zone("hand")) == 0
    g = one(_run(_board("{card: Flare, id: f}", "Mountain, Mountain, Mountain",
                        "  - {cast: f, targets: [Bob]}\n  - resolve: 1\n  - advance: next-turn\n  - resolve: all\n"
                        "  - advance: next-turn\n  - resolve: all")))
    # Bob's turn 4: Alice draws 1; Alice's turn 5: her own draw step has not come (upkeep), and nothing more
    assert not g.state.in_force(DelayedTrigger) and len(g.state.player("Alice").zone("hand")) == 1


def test_a_player_who_left_does_not_get_the_delayed_trigger_800_4a():
    text = _board("{card: Flare, id: f}", "Mountain, Mountain, Mountain",
                  "  - {cast: f, targets: [Bob]}\n  - resolve: 1\n  - concede: Alice").replace(
        "actions:", "    Carol:\n      library: 5\nactions:", 1)
    g = one(_run(text))
    from mtgjudge.model.words.delayed.perform import fire
    g2 = fire(g.with_state(g.state.evolve(turn=g.state.turn.__class__("Bob", 4, "upkeep"))), "upkeep")
    assert not g2.state.in_force(DelayedTrigger) and not g2.pending
    assert any("800.4a" in s.rules for s in g2.steps)


def test_tokens_exiled_at_the_next_end_step_cease_to_exist_111_7():
    g = one(_run(_board("{card: Feral Lightning, id: fl}", ", ".join(["Mountain"] * 6),
                        "  - cast: fl\n  - resolve: 1\n  - advance: end\n  - resolve: all")))
    assert not [o for o in g.state.objects if o.token]


def test_the_returned_card_is_a_new_object_and_a_token_does_not_return_400_7():
    g = one(_run(_board("{card: Turn to Mist, id: m}", "Island, Plains",
                        "  - {cast: m, targets: [bears]}\n  - resolve: 1\n  - advance: end\n  - resolve: all",
                        bob="{card: Grizzly Bears, id: bears, tapped: true}")))
    o = g.state.obj("bears")
    assert o.zone == "battlefield" and o.controller == "Bob" and not o.tapped


def test_sacrifice_only_if_still_controlled_701_21a():
    # Footsteps of the Goryo's creature given to Bob before the end step: Alice can't sacrifice it.
    from mtgjudge.model.words.delayed.perform import resolve_delayed
    from mtgjudge.model.engine.resolve import perform_word
    from mtgjudge.model.state import StackAbility
    g = one(_run(_board("{card: Footsteps of the Goryo, id: fs}", "Swamp, Swamp, Swamp",
                        "  - {cast: fs, targets: [bears]}\n  - resolve: 1").replace(
        "library: 5\n    Bob", "library: 5\n      graveyard: [{card: Grizzly Bears, id: bears}]\n    Bob", 1)))
    (d,) = g.state.in_force(DelayedTrigger)
    st = g.state
    g = g.with_state(st.with_object(st.obj("bears").__class__(**{**st.obj("bears").__dict__, "controller": "Bob"})))
    (r,) = resolve_delayed(g, StackAbility("fs", 0, "Alice", delayed=d), perform_word)
    assert zone(r, "bears") == "battlefield"


def test_untap_skip_holds_one_untap_step_of_the_controller_502_3():
    text = _board("{card: Crippling Chill, id: c}", "Island, Island, Island",
                  "  - {cast: c, targets: [bears]}\n  - resolve: 1\n  - advance: next-turn",
                  bob="{card: Grizzly Bears, id: bears}")
    g = one(_run(text))
    assert g.state.obj("bears").tapped and not g.state.in_force(UntapSkip)


def test_untap_skip_ends_when_the_permanent_leaves_400_7():
    from mtgjudge.model.words.tapping.perform import untapping
    from mtgjudge.model.state import Duration, Lasting
    g = one(_run(_board("", "Island", "  - advance: precombat-main", bob="{card: Grizzly Bears, id: bears, tapped: true}")))
    g = g.with_state(g.state.adding(Lasting(UntapSkip("bears", g.moved("bears") + 1, "test"), Duration("untap_step", 1))))
    g2, held = untapping(g, "Bob")
    assert not held and not g2.state.in_force(UntapSkip)


def test_rebound_only_from_hand_and_unknown_on_a_given_stack_702_88a():
    g = one(_run(_board("{card: Staggershock, id: s}", "Mountain, Mountain, Mountain",
                        "  - {cast: s, targets: [Bob]}\n  - resolve: 1")))
    assert zone(g, "s") == "exile" and len(g.state.in_force(DelayedTrigger)) == 1 and g.state.in_force(DelayedTrigger)[0].whose == "Alice"
    with pytest.raises(Unsupported, match="Rebound"):
        _run("""
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice: {library: 5}
    Bob: {library: 5}
  stack:
    - {card: Staggershock, id: s, controller: Alice, targets: [Bob]}
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")


REBOUND = """
id: t
ask: outcome
state:
  turn: {{active: Alice, number: 3}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain]
      hand: [{{card: Staggershock, id: shock}}]
      library: 5
    Bob:
      battlefield: [{bob}]
      library: 5
actions:
  - {{cast: shock, targets: [Bob]}}
  - resolve: 1
  - advance: next-turn
  - advance: next-turn
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def test_rebound_casts_the_card_from_exile_or_not_each_a_branch_702_88a():
    # Staggershock ruling 2010-06-15: cast (at either player) it goes to the graveyard; not cast it stays exiled
    games = _run(REBOUND.format(bob=""))
    seen = {(zone(g, "shock"), g.state.player("Alice").life, g.state.player("Bob").life) for g in games}
    assert seen == {("exile", 20, 18), ("graveyard", 18, 18), ("graveyard", 20, 16)}
    assert all(not g.state.in_force(DelayedTrigger) for g in games)


def test_rebound_of_a_card_no_longer_in_exile_does_nothing_400_7():
    from mtgjudge.model.engine import zones
    from mtgjudge.model.words.delayed.perform import resolve_delayed
    from mtgjudge.model.engine.resolve import perform_word
    from mtgjudge.model.state import StackAbility
    g = one(_run(_board("{card: Staggershock, id: s}", "Mountain, Mountain, Mountain",
                        "  - {cast: s, targets: [Bob]}\n  - resolve: 1")))
    (d,) = g.state.in_force(DelayedTrigger)
    g = zones.move(g, "s", "graveyard")
    (r,) = resolve_delayed(g, StackAbility("s", 0, "Alice", delayed=d), perform_word)
    assert zone(r, "s") == "graveyard" and not r.state.stack


def test_rebound_with_a_cost_left_to_pay_stays_unsupported_118_9d():
    # near miss: Thalia makes the noncreature spell cost {1} more even cast without paying its mana cost (118.9d);
    # paying a cost as the rebound trigger resolves is not performed: unsupported, never "not cast"
    with pytest.raises(Unsupported, match="total cost is not nothing"):
        _run(REBOUND.format(bob='{card: "Thalia, Guardian of Thraben", id: thalia}'))


def test_those_creatures_are_each_target_of_the_instruction_before_608_2c():
    g = one(_run(_board("{card: Frost Breath, id: fb}", "Island, Island, Island",
                        "  - {cast: fb, targets: [b1, b2]}\n  - resolve: 1",
                        bob="{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}")))
    assert {u.object for u in g.state.in_force(UntapSkip)} == {"b1", "b2"}


def test_a_delayed_trigger_in_the_cleanup_step_resolves_then_another_cleanup_step_begins_514_3a():
    # Waylay's Knights are exiled at the beginning of the next cleanup step: the trigger makes players receive
    # priority in that step, it resolves (the tokens leave and cease to exist, 111.7), then another cleanup
    # step begins (514.3a) and the next turn is Bob's.
    g = one(_run(_board("{card: Waylay, id: w}", "Plains, Plains, Plains", "  - cast: w\n  - resolve: 1")))
    assert len([o for o in g.state.objects if o.token]) == 3 and g.state.in_force(DelayedTrigger)[0].step == "cleanup"
    g = one(_run(_board("{card: Waylay, id: w}", "Plains, Plains, Plains",
                        "  - cast: w\n  - resolve: 1\n  - advance: next-turn")))
    assert not [o for o in g.state.objects if o.token] and not g.state.in_force(DelayedTrigger)
    assert g.state.active_player == "Bob" and not g.state.stack
    assert [s for s in g.steps if "514.3a" in str(s)], g.steps


def test_a_players_permanents_skip_their_next_untap_step_reader():
    from mtgjudge.model.words.tapping.read import skip_untap_word
    w = skip_untap_word("Creatures and lands target opponent controls don't untap during their next untap step.",
                        ("target opponent",), [])
    assert w.arg("player") == "opponent" and w.arg("kinds") == "Creature,Land"
    assert skip_untap_word("Lands target player controls don't untap during their next untap step.", (), []) is None
    assert skip_untap_word("Lands you control don't untap during their next untap step.", (), []) is None
    assert skip_untap_word("Enchantments you control don't untap during your next untap step.", (), []) is None


def test_a_delayed_ability_written_first_runs_to_the_end_of_its_paragraph_603_7a():
    from mtgjudge.model.oracle.lines import LineContext, compile_line
    text = "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you lose the game."
    (a,) = compile_line(text, text, LineContext(spell=True))
    assert a.kind == "spell" and len(a.effects) == 1 and a.effects[0].kind == "delayed"
    assert a.effects[0].arg("unread") == "Pay {3}{U}{U}. If you don't, you lose the game"
    # on a permanent it is a triggered ability of its own (not read here)
    (b,) = compile_line(text, text, LineContext(spell=False))
    assert b.kind != "spell"
    # "At the beginning of ..., X. Y." in the middle of an effect: Y is the delayed ability's, so unread
    words = _words("Exile target creature. At the beginning of the next end step, return that card to the "
                   "battlefield under its owner's control. Draw a card.")
    assert words[1] is None


def test_an_unread_delayed_instruction_is_unsupported_when_it_resolves():
    text = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      hand: [{card: Pact of Negation, id: p}]
      library: 5
    Bob:
      hand: [{card: Lightning Bolt, id: bolt}]
      battlefield: [Mountain]
      library: 5
actions:
  - {cast: bolt, by: Bob, targets: [Alice]}
  - {cast: p, targets: [bolt]}
  - resolve: all
  - advance: next-turn
%s
expect: [{stack_size: 0}]
"""
    g = one(_run(text % "  - resolve: all"))            # Bob's upkeep: not Alice's next upkeep
    assert len(g.state.in_force(DelayedTrigger)) == 1
    with pytest.raises(Unsupported, match="Pay"):
        _run(text % "  - advance: next-turn\n  - resolve: all")


@pytest.mark.parametrize("args", [
    {"at": "your_next_upkeep", "act": "cast", "it": True},              # rebound (702.88a)
    {"at": "next_end_step", "act": "bounce", "it": True},               # dash (702.109a)
    {"at": "next_cleanup_step", "act": "controller_sacrifices", "it": True},
])
def test_the_delayed_words_the_engine_makes_are_the_words_the_reader_makes_603_7a(args):
    """A delayed triggered ability the engine creates as a spell resolves (rebound, dash) has the instruction the
    reader would make of the same arguments, made without reading any text."""
    from mtgjudge.model.vocab.parse import parse_effect
    from mtgjudge.model.vocab.words import made_effect
    assert made_effect("delayed", **args) == parse_effect({"delayed": args})


def test_a_made_word_with_an_argument_it_does_not_have_is_refused():
    from mtgjudge.model.errors import DefinitionError
    from mtgjudge.model.vocab.words import made_effect
    with pytest.raises(DefinitionError, match="whence"):
        made_effect("delayed", at="next_end_step", act="bounce", whence="here")
