"""Copies of spells (CR 707.10): storm (702.40a), replicate (702.56a) and "Copy target instant or sorcery spell.
You may choose new targets for the copy." The model does not put copies on the stack, so each of these lines
stays unmodelled (Storm, Replicate: keyword rows the engine does not perform; the copy sentence: not read), and a
question whose answer a copy could change is unsupported, naming the line: the near misses here. What is decided
before any copy exists (casting Twincast needs a spell to target, 601.2c; storm adds no cost, 702.40a) is in
queries/corpus/permissions/spell-copies.yaml."""
from __future__ import annotations

import yaml

from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.format.questions import read_question
from mtgjudge.queries.runner import run_question


def _run(doc: str) -> tuple[str, str]:
    r = run_question(read_question(QuestionValidator(file="<test>", line=1), yaml.safe_load(doc)))
    return r.status, r.message


def test_near_miss_storm_with_a_spell_cast_before_is_unsupported():
    # 702.40a: with Lightning Bolt cast before it this turn, Grapeshot's storm makes one copy (Bob at 18), but
    # the engine puts no copy on the stack: an answer of 19 would be wrong, so none is given
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain]
      hand: [{card: Lightning Bolt, id: bolt}, {card: Grapeshot, id: gs}]
    Bob: {}
actions:
  - {cast: bolt, targets: [Bob]}
  - {resolve: all}
  - {cast: gs, targets: [Bob]}
  - {resolve: all}
expect:
  - {player: Bob, life: 16}
""")
    assert status == "unsupported" and "Storm" in msg, (status, msg)


def test_near_miss_storm_as_the_first_spell_is_still_unsupported():
    # 702.40a: no spell before it: zero copies, yet the trigger itself (Grapeshot ruling 2013-06-07: it can be
    # countered) is not performed, so even the one-damage answer is not given
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain]
      hand: [{card: Grapeshot, id: gs}]
    Bob: {}
actions:
  - {cast: gs, targets: [Bob]}
  - {resolve: all}
expect:
  - {player: Bob, life: 19}
""")
    assert status == "unsupported" and "Storm" in msg, (status, msg)


def test_near_miss_twincast_resolving_is_unsupported():
    # 707.10, 707.10c: Twincast copies Bob's Lightning Bolt (Alice may aim the copy at Bob: 17), not performed
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Island, Island]
      hand: [{card: Twincast, id: tc}]
    Bob: {}
  stack: [{card: Lightning Bolt, id: bolt, owner: Bob, controller: Bob, targets: [Alice]}]
actions:
  - {cast: tc, targets: [bolt]}
  - {resolve: all}
expect:
  - {player: Alice, life: 17}
""")
    assert status == "unsupported" and "Copy target" in msg, (status, msg)


def test_near_miss_casting_with_replicate_is_unsupported():
    # 702.56a: Train of Thought's replicate cost may be paid any number of times, a copy each: not performed
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Island, Island, Island, Island]
      hand: [{card: Train of Thought, id: tot}]
      library: 5
    Bob: {}
actions:
  - {cast: tot}
  - {resolve: all}
expect:
  - {player: Alice, hand_size: 1}
""")
    assert status == "unsupported" and "eplicate" in msg, (status, msg)
