"""Kicker (702.33): reading what happens if a spell was kicked (``words.kicker.read``) and the engine's casting
(each announcement a branch, 601.2b) and resolution (``words.kicker.perform``). Expected values are worked out by hand
from the CR and the Gatherer rulings named, never from the verifier's output."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, InputError
from mtgjudge.model.oracle.lines import LineContext, compile_line, read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def kinds(text: str) -> list[str | None] | None:
    read = read_effect_words(sentences(text))
    return None if read is None else [w.kind if w is not None else None for w in read[0]]


def spell(text: str):
    (a,) = compile_line(text, text, LineContext(spell=True))
    return a


# ------------------------------------------------------------------------------------------- reading

def test_if_kicked_marks_the_instruction_after_it():
    assert kinds("Return target nonland permanent to its owner's hand. If this spell was kicked, draw a card.") == \
        ["bounce", "if_kicked", "draw"]


def test_instead_is_the_same_instruction_with_the_kicked_numbers_on_the_same_target():
    a = spell("Target creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets +5/+5 "
              "until end of turn instead.")
    assert a.kind == "spell"
    assert [e.kind for e in a.effects] == ["kicked_instead", "pump"]
    assert a.targets == ("target creature",)                    # one target, chosen once (601.2c)
    inner = a.effects[0].arg("effect")
    assert (inner.arg("power"), inner.arg("toughness")) == (5, 5)
    assert (a.effects[1].arg("power"), a.effects[1].arg("toughness")) == (2, 2)


def test_instead_reads_number_words_and_the_subject_it():
    a = spell("Target player discards two cards. If this spell was kicked, that player discards three cards instead.")
    assert [e.kind for e in a.effects][0] == "kicked_instead"
    b = spell("~ deals 2 damage to any target. If this spell was kicked, it deals 4 damage to that permanent or "
              "player instead.")
    assert b.effects[0].arg("effect").arg("n") == 4 and b.effects[1].arg("n") == 2


@pytest.mark.parametrize("text", [
    # a kicked sentence no reader reads
    "Destroy target land. If this spell was kicked, you may play an additional land this turn.",
    "Target creature gets +2/+2 until end of turn. If this spell was kicked, target creature gets +5/+5 until end "
    "of turn instead.",
    # "instead" that is not the same instruction with other numbers
    "Create six 1/1 white Kor Soldier creature tokens. If this spell was kicked, create twelve of those tokens instead.",
    "Target creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets +5/+5 and gains "
    "trample until end of turn instead.",
    # multikicker's count
    "Counter target spell unless its controller pays {3}. Draw a card for each time ~ was kicked.",
])
def test_near_misses_stay_unmodelled(text):
    assert spell(text).kind == "unmodelled"


def test_intervening_if_it_was_kicked_is_the_triggers_condition():
    text = "When ~ enters the battlefield, if it was kicked, target player sacrifices a creature."
    (a,) = compile_line(text, text, LineContext(spell=False))
    assert a.kind == "triggered" and a.intervening == "kicked"
    assert a.targets == ("target player",)


def test_kicked_with_one_of_two_kicker_costs_names_it():
    text = "When ~ enters the battlefield, if it was kicked with its {2}{U} kicker, target player discards three cards."
    (a,) = compile_line(text, text, LineContext(spell=False))
    assert a.kind == "triggered" and a.intervening == "kicked:{2}{U}"


# ------------------------------------------------------------------------------------------- engine

STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{{card: {card}, id: it}}]
      library: [{{card: Forest, id: top}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bear}}]
      hand: [Forest, Forest, Forest, Forest]
actions:
  - cast: it
{cast}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, lands: str, cast: str = "") -> list[Game]:
    (q,) = load_text(STATE.format(card=card, lands=lands, cast=cast))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_kicked_and_not_kicked_are_both_branches():
    games = finals("Into the Roil", "Island, Island, Island, Island", "    targets: [bear]")
    # 601.2b: the caster may announce the kicker or not; only the kicked spell draws (702.33d)
    assert sorted((zone(g, "top"), g.state.player("Alice").zone("battlefield").__len__()) for g in games) == \
        [("hand", 4), ("library", 4)]
    assert all(zone(g, "bear") == "hand" for g in games)


def test_kicked_false_fixes_the_announcement():
    g = one(finals("Into the Roil", "Island, Island, Island, Island", "    targets: [bear]\n    kicked: false"))
    assert zone(g, "top") == "library"


def test_kicked_true_that_cannot_be_paid_is_illegal():
    with pytest.raises(Illegal):
        finals("Into the Roil", "Island, Island", "    targets: [bear]\n    kicked: true")


def test_kicked_on_a_card_without_kicker_is_an_input_error():
    with pytest.raises(InputError):
        finals("Lightning Bolt", "Mountain", "    targets: [bear]\n    kicked: true")


def test_instead_kicked_follows_only_the_kicked_instruction():
    g = one(finals("Shivan Fire", "Mountain, Mountain, Mountain, Mountain, Mountain", "    targets: [bear]\n    kicked: true"))
    assert zone(g, "bear") == "graveyard"        # 4 damage to a 2/2 (704.5g)
    g = one(finals("Shivan Fire", "Mountain", "    targets: [bear]"))
    assert zone(g, "bear") == "graveyard"        # 2 damage is lethal too; only one branch: {4} unpayable


def test_bog_down_discards_two_or_three_not_five():
    games = finals("Bog Down", "Swamp, Swamp, Swamp, Swamp, Swamp", "    targets: [Bob]")
    # Gatherer ruling 2004-10-04: "The player discards 2 cards or 3 cards, not 5 cards."
    assert sorted({len(g.state.player("Bob").zone("hand")) for g in games}) == [1, 2]


def test_kicked_permanent_triggers_and_unkicked_does_not():
    games = finals("Gatekeeper of Malakir", "Swamp, Swamp, Swamp")
    kicked = [g for g in games if any("kicked" in c and "not" not in c for c in g.choices)]
    plain = [g for g in games if any("not kicked" in c for c in g.choices)]
    assert plain and all(zone(g, "bear") == "battlefield" and zone(g, "it") == "battlefield" for g in plain)
    # 603.4: kicked, the trigger targets a player, who sacrifices their only creature (Bob: the Bears; Alice:
    # the Gatekeeper itself)
    assert sorted((zone(g, "bear"), zone(g, "it")) for g in kicked) == \
        [("battlefield", "graveyard"), ("graveyard", "battlefield")]


def test_kicked_status_is_forgotten_by_a_new_object():
    # 400.7: the Gatekeeper returned to hand and cast again is a new object; not kicked this time, no trigger
    (q,) = load_text(STATE.format(card="Gatekeeper of Malakir", lands="Swamp, Swamp, Swamp, Swamp, Swamp",
                                  cast="    kicked: true"))
    g0 = [g for g in run(Game(q.state), q.actions[:1] + ({"resolve": 1},)) if True]
    for g in g0:
        assert g.state.obj("it").kicked == (1,)       # the permanent remembers (702.33e)
    from mtgjudge.model.words.removal.perform import remove
    g = remove(g0[0], "it", "bounce")
    assert g.state.obj("it").kicked == ()


# ------------------------------------------------------------------------------------------- on the stack

def test_cant_be_countered_is_a_static_read_by_the_grammar():
    (a,) = compile_line("~ can't be countered.", "This spell can't be countered.", LineContext(spell=True))
    assert a.kind == "static" and a.static.kind == "cant_be_countered"
    # near miss: a condition on who counters it is not read
    (b,) = compile_line("~ can't be countered by blue spells.", "x", LineContext(spell=True))
    assert b.kind == "unmodelled"


def test_cant_be_countered_if_x_is_a_static_with_its_condition_not_an_instruction():
    # 113.6g, 604.1: Banefire's line functions on the stack; its condition is the X chosen as it was cast (107.3)
    (a,) = compile_line("If X is 5 or more, ~ can't be countered and the damage can't be prevented.", "x",
                        LineContext(spell=True))
    assert a.kind == "static" and a.static.kind == "cant_be_countered"
    assert a.static.arg("x_at_least") == 5 and a.static.arg("damage_unpreventable") is True
    # Demonfire's hellbent condition is not read: the line stays an unmodelled static ability that may concern
    # resolution (so countering the spell is unsupported), never a spell instruction done as it resolves
    (b,) = compile_line("If you have no cards in hand, ~ can't be countered and the damage can't be prevented.", "x",
                        LineContext(spell=True))
    assert b.kind == "unmodelled" and b.unmodelled_kind == "static" and b.may_concern("resolution")


ON_STACK = """
id: t
ask: {ask}
about: {about}
{extra}
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp]
    Bob:
      battlefield: [{{card: Llanowar Elves, id: elves}}, Forest]
      hand: [{{card: Giant Growth, id: gg}}]
  stack: [{{card: Sudden Death, controller: Alice, targets: [elves]}}]
expect: {expect}
"""


def answer(ask: str, about: str, extra: str = "", expect: str = "yes"):
    from mtgjudge.queries.api import ask as run_ask
    (q,) = load_text(ON_STACK.format(ask=ask, about=about, extra=extra, expect=expect))
    assert not isinstance(q, Exception), q
    return run_ask(q, timeout=None).answer


def test_split_second_forbids_casting_but_not_mana_abilities():
    a = answer("can-play", "gg", "by: Bob")
    assert a.value is False and any("702.61a" in s.rules for s in a.why)
    # 702.61b: mana abilities may still be activated
    assert answer("can-activate", "elves", "by: Bob\nability: 1").value is True


def test_kicked_only_targets_are_chosen_only_if_kicked():
    from mtgjudge.model.words.kicker.read import as_announced
    a = spell("Destroy target land. If this spell was kicked, destroy another target land.")
    assert a.targets == ("target land", "target another land")
    # 702.33g: cast unkicked as if it did not have the kicked part's target
    assert as_announced(a, ()).targets == ("target land",)
    assert [e.kind for e in as_announced(a, ()).effects] == ["destroy"]
    assert as_announced(a, (1,)).targets == ("target land", "target another land")
    assert [e.kind for e in as_announced(a, (1,)).effects] == ["destroy", "destroy"]
    # the phrases read as the card is compiled go with their uses of "target"
    from mtgjudge.model.vocab.parse import read_targets
    read = read_targets(a)
    assert [s.phrase for s in as_announced(read, ()).target_specs] == ["target land"]
    assert [s.phrase for s in as_announced(read, (1,)).target_specs] == ["target land", "target another land"]


def test_kicker_with_a_cost_that_has_commas_is_one_kicker():
    (a,) = compile_line("Kicker—{2}{R}, Sacrifice a land.", "Kicker—{2}{R}, Sacrifice a land.", LineContext(spell=True))
    assert a.kind == "static" and a.static.kind == "kicker" and a.static.arg("cost") == "{2}{R}, Sacrifice a land"
    # 702.33b: "Kicker [A] and/or [B]" means "Kicker [A], kicker [B]"
    b = compile_line("Kicker {2}{U} and/or {1}{B}", "x", LineContext(spell=True))
    assert [x.static.arg("cost") for x in b] == ["{2}{U}", "{1}{B}"]
    # near miss: a non-mana cost with "and/or" stays unread
    (c,) = compile_line("Kicker {2}{U} and/or sacrifice a land", "x", LineContext(spell=True))
    assert c.kind == "unmodelled"


def test_multikicker_branches_stop_at_what_can_be_paid_and_at_the_bound(monkeypatch):
    from mtgjudge.model.engine import actions
    from mtgjudge.model.words.kicker import perform as kicker
    from mtgjudge.model.errors import SearchBound
    games = finals("Lightkeeper of Emeria", "Plains, Plains, Plains, Plains, Plains")
    assert sorted(g.state.player("Alice").life for g in games) == [20, 22]      # kicked 0 or 1 time (702.33c)
    # past the bound (here 1): paying it twice is possible, so the answer can't be complete
    monkeypatch.setattr(kicker, "MULTIKICKER_BOUND", 1)
    monkeypatch.setattr(actions, "MULTIKICKER_BOUND", 1)
    with pytest.raises(SearchBound):
        finals("Lightkeeper of Emeria", "Plains, Plains, Plains, Plains, Plains, Plains")


def test_count_of_times_kicked_is_read_from_the_object_itself():
    from mtgjudge.model.rules import counts
    c = counts.parse("time it was kicked")
    assert c.kind == "kicked"
    with pytest.raises(Exception):
        counts.parse("time it was cast")


def test_cast_from_hand_is_unknown_for_a_spell_the_state_puts_on_the_stack():
    from mtgjudge.model.errors import Unsupported
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice: {battlefield: [Mountain]}
  stack: [{card: Coal Stoker, controller: Alice, id: stoker}]
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")
    assert not isinstance(q, Exception), q
    with pytest.raises(Unsupported):
        run(Game(q.state), q.actions)


def test_a_kicker_spell_on_the_stack_must_say_whether_it_was_kicked():
    text = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice: {{battlefield: [Forest]}}
    Bob: {{battlefield: [{{card: Grizzly Bears, id: bear}}]}}
  stack: [{{card: Explosive Growth, controller: Alice, targets: [bear]{kicked}}}]
actions:
  - resolve: all
expect: [{{stack_size: 0}}]
"""
    (bad,) = load_text(text.format(kicked=""))
    assert isinstance(bad, Exception)
    (q,) = load_text(text.format(kicked=", kicked: true"))
    g = one(run(Game(q.state), q.actions))
    from mtgjudge.model.engine.sba import power
    assert power(g, "bear") == 7            # +5/+5 instead of +2/+2 (702.33d)


def test_instead_names_back_the_same_kind_of_target():
    # near miss: "that creature" can't be the player the sentence before targets
    a = spell("~ deals 3 damage to target player. If this spell was kicked, it deals 5 damage to that creature instead.")
    assert a.kind == "unmodelled"


# ------------------------------------------------------------------------------------------- other optional costs

def test_buyback_is_read_as_an_optional_additional_cost_never_as_instructions():
    (a,) = compile_line("Buyback—Pay 3 life, Discard a card at random.", "x", LineContext(spell=True))
    assert a.kind == "static" and a.static.kind == "buyback" and a.static.arg("cost") == "Pay 3 life, Discard a card at random"
    (b,) = compile_line("Buyback {3}", "x", LineContext(spell=True))
    assert b.static.kind == "buyback" and b.static.arg("cost") == "{3}"
    # a cost the grammar does not read: the keyword stays unmodelled (its scopes), not a spell instruction
    (c,) = compile_line("Buyback—Exile a card from your library.", "x", LineContext(spell=True))
    assert c.kind == "unmodelled" and c.unmodelled_kind == "static"


def test_buyback_paid_and_not_paid_are_both_branches():
    games = finals("Capsize", "Island, Island, Island, Island, Island, Island", "    targets: [bear]")
    # 702.27a: paid ({1}{U}{U}{3}), it goes back to the hand as it resolves; not paid, to the graveyard
    assert sorted(zone(g, "it") for g in games) == ["graveyard", "hand"]
    assert all(zone(g, "bear") == "hand" for g in games)


def test_buyback_that_cannot_be_paid_is_not_a_branch_and_fixed_true_is_illegal():
    g = one(finals("Capsize", "Island, Island, Island", "    targets: [bear]"))
    assert zone(g, "it") == "graveyard"
    with pytest.raises(Illegal):
        finals("Capsize", "Island, Island, Island", "    targets: [bear]\n    buyback: true")
    with pytest.raises(InputError):
        finals("Into the Roil", "Island, Island, Island, Island", "    targets: [bear]\n    buyback: true")


def test_replicate_paid_or_not_is_each_a_branch():
    # 702.56a, 601.2b: replicate may be paid any number of times as it is cast; never silently "not paid": with
    # four Mountains Pyromatics ({1}{R}) is cast with its replicate cost paid no times (1 damage: the 2/2 lives) or
    # once (the copy keeping the target, 2 damage: it dies)
    games = finals("Pyromatics", "Mountain, Mountain, Mountain, Mountain", "    targets: [bear]")
    assert {zone(g, "bear") for g in games} == {"battlefield", "graveyard"}
    assert all(zone(g, "bear") == "battlefield" for g in finals("Pyromatics", "Mountain, Mountain, Mountain, Mountain",
                                                                  "    targets: [bear]\n    replicated: 0"))


def test_a_buyback_spell_the_question_put_on_the_stack_is_unsupported_as_it_resolves():
    from mtgjudge.model.errors import Unsupported
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  stack: [{card: Capsize, controller: Alice, targets: [bear]}]
  players:
    Alice: {}
    Bob:
      battlefield: [{card: Grizzly Bears, id: bear}]
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")
    assert not isinstance(q, Exception), q
    with pytest.raises(Unsupported, match="buyback"):
        run(Game(q.state), q.actions)


CONSPIRE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Swamp, Swamp{creatures}]
      hand: [{{card: Disturbing Plot, id: plot}}]
    Bob:
      graveyard: [{{card: Grizzly Bears, id: bbear}}]
actions:
  - {{cast: plot, targets: [bbear]}}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def test_conspire_is_not_announced_only_where_it_cannot_be_paid():
    def cast(creatures: str) -> list[Game]:
        (q,) = load_text(CONSPIRE.format(creatures=creatures))
        assert not isinstance(q, Exception), q
        return run(Game(q.state), q.actions)
    # 702.78a, 118.3: with fewer than two untapped creatures Alice can't pay conspire: no other way to cast it
    assert zone(one(cast(", {card: Grizzly Bears, tapped: true}, Memnite")), "bbear") == "hand"
    # with two untapped black creatures she may: paid or not is each a branch (words.copies.perform), the copy
    # returning the card first in the one (the spell then fizzling, 608.2b); two untapped colorless ones share no
    # color with the spell (702.78a): she can't, so it isn't paid
    games = cast(", Fleshbag Marauder, Fleshbag Marauder")
    assert len(games) == 2 and all(zone(g, "bbear") == "hand" for g in games)
    assert sorted(sum(o.tapped for o in g.state.battlefield("Alice") if o.name == "Fleshbag Marauder")
                  for g in games) == [0, 2]
    assert zone(one(cast(", Memnite, Memnite")), "bbear") == "hand"


SPLICE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain]
      hand: [{{card: {spell}, id: it}}, {{card: Glacial Ray, id: other}}]
    Bob: {{}}
actions:
  - {{cast: it, targets: [Bob]}}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def test_a_splice_card_in_hand_is_a_choice_only_for_an_arcane_spell():
    def cast(spell: str) -> list[Game]:
        (q,) = load_text(SPLICE.format(spell=spell))
        assert not isinstance(q, Exception), q
        return run(Game(q.state), q.actions)
    # 702.47a: as Alice casts an Arcane spell she may splice the Glacial Ray in her hand onto it (``words.splice``);
    # one target named fits only the way that does not splice it (the spliced text has a target of its own)
    assert one(cast("Glacial Ray")).state.player("Bob").life == 18
    # Lightning Bolt is no Arcane spell: nothing can be spliced onto it
    assert one(cast("Lightning Bolt")).state.player("Bob").life == 17


def test_if_kicked_it_enters_with_counters_is_read_only_for_a_kicked_spell():
    """702.33d-e, 614.1c: "If ~ was kicked, it enters with three +1/+1 counters on it" applies only to the permanent
    a kicked spell becomes; without "If ~ was kicked" the counters are unconditional."""
    ctx = LineContext(spell=False)
    (a,) = compile_line("If ~ was kicked, it enters the battlefield with three +1/+1 counters on it.",
                        "If Untamed Kavu was kicked, it enters the battlefield with three +1/+1 counters on it.", ctx)
    assert a.static is not None and a.static.kind == "enters_with_counters"
    assert a.static.arg("if_kicked") is True and a.static.arg("n") == 3
    (plain,) = compile_line("~ enters the battlefield with seven +1/+1 counters on it.", "", ctx)
    assert plain.static is not None and plain.static.arg("if_kicked") is None and plain.static.arg("n") == 7
