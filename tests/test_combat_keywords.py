"""Combat keywords read as the abilities their rules say they mean: flanking (702.25a), rampage (702.23a: its
blockers counted as it resolves, 702.23b), unleash (702.98a: its entering choice, ``engine.unleash``, and its
restriction of declaring, ``rules.combat.declare``); the near misses (rampage without a number, or a "for each
creature blocking it" whose "it" is not the creature itself; unleash with a parameter it does not take; a flanking
line whose "it" could name either creature) stay unmodelled, so a question they could change is unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.rules import counts
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.queries.format.files import load_text


def _read(line: str):
    return compile_line(line, line, LineContext(spell=False))


def test_flanking_is_its_meaning_702_25a() -> None:
    """702.25a: "Flanking" means "Whenever this creature becomes blocked by a creature without flanking, the
    blocking creature gets -1/-1 until end of turn", a trigger of the attacker about its blocker (509.3d)."""
    (a,) = _read("Flanking")
    assert a.kind == "triggered" and a.keyword == "Flanking"
    assert a.trigger_event.event == "blocked_by_creature" and a.trigger_event.without == "Flanking"
    assert render_line((a,)) == ("Whenever ~ becomes blocked by a creature without flanking, it gets -1/-1 until "
                                 "end of turn.")


@pytest.mark.parametrize("n", [1, 2, 3])
def test_rampage_is_its_meaning_702_23a(n: int) -> None:
    """702.23a: "Rampage N" means "Whenever this creature becomes blocked, it gets +N/+N until end of turn for each
    creature blocking it beyond the first": "it" the creature itself, its blockers a count read as it resolves."""
    (a,) = _read(f"Rampage {n}")
    assert a.kind == "triggered" and a.keyword == f"Rampage {n}"
    assert a.trigger_event.event == "becomes_blocked" and a.trigger_event.who == "self"
    (e,) = a.effects
    assert e.arg("self") and (e.arg("power"), e.arg("toughness")) == (n, n)
    c = counts.stored(e, e.arg("per"))
    assert (c.kind, c.beyond) == ("blocking", 1)
    assert render_line((a,)) == f"Rampage {n}"


def test_creatures_blocking_it_is_read_only_as_the_source() -> None:
    """"it" of "creatures blocking it" is counted only where the caller says it is the source itself; "~" always is."""
    with pytest.raises(DefinitionError):
        counts.parse("creature blocking it beyond the first")
    assert counts.parse("creature blocking it beyond the first", it_is_source=True).beyond == 1
    assert counts.parse("the number of creatures blocking ~").kind == "blocking"


@pytest.mark.parametrize("line", [
    "Flanking 2",                                   # 702.25a takes no number
    "Rampage",                                      # 702.23a takes a number
    "Rampage X",
    "Unleash 2",                                    # 702.98a takes no number
    "Unleash—{2}",                                  # nor a cost
    # "it" is the target, or the creature the event is about: not the source whose blockers the count knows
    "Target creature gets +1/+1 until end of turn for each creature blocking it beyond the first.",
    "Whenever a creature you control becomes blocked, it gets +1/+1 until end of turn for each creature blocking it "
    "beyond the first.",
    "Whenever ~ becomes blocked, target creature gets +1/+1 until end of turn for each creature blocking it beyond "
    "the first.",
    # "for each" of more than +N/+N
    "Whenever ~ becomes blocked, it gets +1/+1 and gains trample until end of turn for each creature blocking it "
    "beyond the first.",
    # "it" could be either creature of a two-creature event (509.3d)
    "Whenever ~ becomes blocked by a creature without flanking, it gets -1/-1 until end of turn.",
    "Whenever ~ becomes blocked by a creature without first strike, that creature gets -1/-1 until end of turn.",
])
def test_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"


def _with_card(monkeypatch, name: str, text: str, pt=("2", "2")) -> None:
    record = CardRecord(name, "normal", (FaceRecord(name, "{1}", "Creature — Giant", text, *pt),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


_BLOCK = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{{card: {attacker}, id: a, attacking: Bob}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: b1}}, {{card: Grizzly Bears, id: b2}}]
actions: [{{block: {{b1: a, b2: a}}}}, {{advance: end-of-combat}}]
expect: [{{stack_size: 0}}]
"""


def _finals(attacker: str) -> list[Game]:
    (question,) = load_text(_BLOCK.format(attacker=attacker))
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


def test_rampage_not_read_whole_blocked_is_unsupported(monkeypatch) -> None:
    """Near miss: a rampage-like line whose "for each" also counts a keyword is not read, so its becoming blocked is
    unsupported rather than a 2/2 dealt 4 and destroyed as if it had no ability."""
    _with_card(monkeypatch, "Rampaging Giant", "Whenever ~ becomes blocked, it gets +1/+1 and gains trample until end "
                            "of turn for each creature blocking it beyond the first.")
    with pytest.raises(Unsupported):
        _finals("Rampaging Giant")


def test_rampage_instances_trigger_separately_702_23c(monkeypatch) -> None:
    """702.23c: two instances of Rampage 1, blocked by two creatures, each give +1/+1: the 3/3 is 5/5 and survives the
    Bears' 2 + 2 (with one instance, a 4/4, it would not)."""
    _with_card(monkeypatch, "Twice Rampaging", "Rampage 1\nRampage 1", ("3", "3"))
    gs = _finals("Twice Rampaging")
    assert gs
    for g in gs:
        assert g.state.obj("a").zone == "battlefield" and power(g, "a") == 5


def test_flanking_triggers_once_for_each_blocker_509_3d(monkeypatch) -> None:
    """702.25a, 509.3d: blocked by two creatures without flanking, flanking triggers for each: both Bears are
    1/1 as combat damage is dealt; their 1 + 1 damage destroys the 2/2 attacker, whose 2 damage, divided as Alice
    chooses (510.1c), destroys one or both."""
    _with_card(monkeypatch, "Flanker", "Flanking")
    gs = _finals("Flanker")
    assert gs
    for g in gs:
        assert g.state.obj("a").zone == "graveyard"
        bears = [g.state.obj(b) for b in ("b1", "b2")]
        assert any(b.zone == "graveyard" for b in bears)
    assert any(all(g.state.obj(b).zone == "graveyard" for b in ("b1", "b2")) for g in gs)


_RALLY = """
id: q
ask: can-play
about: rally
state:
  turn: {{active: Bob, step: declare-attackers}}
  players:
    Alice:
      battlefield: [Plains, {{card: Jace Beleren, id: jace}}]
      hand: [{{card: Rally the Troops, id: rally}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: attacker{attacks}}}]
"""


@pytest.mark.parametrize("attacks", ["", ", attacking: jace"])
def test_attacked_this_step_with_no_creature_attacking_you_is_unsupported_508_1(attacks: str) -> None:
    """Near miss: no creature attacks Alice now, but one may have attacked her this step and been removed from
    combat (506.4), which the state does not record; a creature attacking a planeswalker she controls is not
    attacking her (Heavy Fog's ruling 2009-10-01), so it does not decide it either."""
    import mtgjudge

    question, = mtgjudge.loads(_RALLY.format(attacks=attacks))
    answer = mtgjudge.ask(question).answer
    assert answer is not None and answer.unsupported and "attacked this step" in answer.unsupported


def test_attacked_this_step_by_a_creature_attacking_you_508_1() -> None:
    import mtgjudge

    question, = mtgjudge.loads(_RALLY.format(attacks=", attacking: Alice"))
    answer = mtgjudge.ask(question).answer
    assert answer is not None and not answer.unsupported and answer.value is True


def test_unleash_is_the_keyword_702_98a() -> None:
    (a,) = _read("Unleash")
    assert a.kind == "keyword" and a.keyword == "Unleash"
    assert render_line((a,)) == "Unleash"


_ENTERS = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp, Mountain]
      {zone}: [{{card: {card}, id: it}}]
    Bob: {{}}
actions: [{actions}]
expect: [{{stack_size: 0}}]
"""


def _entering(card: str, zone: str, actions: str) -> list[Game]:
    (question,) = load_text(_ENTERS.format(card=card, zone=zone, actions=actions))
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


def test_unleash_is_a_choice_each_way_as_the_spell_enters_702_98a() -> None:
    """702.98a, Gore-House Chainwalker ruling 2013-04-15: its controller chooses as it enters: two branches."""
    gs = _entering("Rakdos Cackler", "hand", "{cast: it}, {resolve: all}")
    assert {g.state.obj("it").counter("+1/+1") for g in gs} == {0, 1}


def test_unleash_entering_from_the_graveyard_is_unsupported() -> None:
    """Near miss: unleash applies wherever it enters from (ruling 2013-04-15), but its choice is performed only as
    a permanent spell resolves: returned by Zombify, it is unsupported rather than entering without the choice."""
    import mtgjudge

    text = _ENTERS.format(card="Rakdos Cackler", zone="graveyard", actions="").replace(
        "actions: []", "").replace("    Bob: {}", "      hand: [{card: Zombify, id: z}]\n    Bob: {}")
    text += "actions: [{cast: z, targets: [it]}, {resolve: all}]\n"
    question, = mtgjudge.loads(text)
    answer = mtgjudge.ask(question).answer
    assert answer is not None and answer.unsupported and "unleash" in answer.unsupported


def test_two_instances_of_unleash_are_unsupported(monkeypatch) -> None:
    """Near miss: each instance is its own choice of an additional counter (702.98a); not performed."""
    _with_card(monkeypatch, "Doubly Unleashed", "Unleash\nUnleash", ("1", "1"))
    with pytest.raises(Unsupported, match="more than one instance of unleash"):
        _entering("Doubly Unleashed", "hand", "{cast: it}, {resolve: all}")
