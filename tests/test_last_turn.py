"""What was cast last turn (``state.TurnHistory.last_spells_cast``, ``rules.this_turn.spells_last_turn``), as the
werewolves ask it at the beginning of each upkeep ("if no spells were cast last turn, transform ~", "if a player
cast two or more spells last turn, transform ~", 603.4): read by the intervening "if" reader, stated by the
question's ``last_turn:``, carried over as a turn ends, and unsupported when neither says it, never assumed."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle.intervening import read_condition, split_intervening
from mtgjudge.model.rules import this_turn
from mtgjudge.model.state import TurnHistory
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import ask_text, one

HEAD = """
id: q
ask: outcome
state:
  turn: {{active: {active}, step: {step}}}
{history}  players:
    Alice:
      battlefield: {alice_bf}
      hand: {alice_hand}
      library: 5
    Bob:
      library: 5
actions: {actions}
expect:
  - {{stack_size: 0}}
"""


def _text(alice_bf="[]", alice_hand="[]", actions="[{advance: upkeep}, {resolve: all}]", this="", last="",
          active="Bob", step="untap") -> str:
    history = (f"  this_turn: {this}\n" if this else "") + (f"  last_turn: {last}\n" if last else "")
    return HEAD.format(alice_bf=alice_bf, alice_hand=alice_hand, actions=actions, history=history, active=active,
                       step=step)


def _games(**kw) -> list[Game]:
    (q,) = load_text(_text(**kw))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def _face(g: Game, oid: str) -> str:
    return g.state.obj(oid).name


# ---- reading the conditions

def test_the_two_werewolf_conditions_are_read() -> None:
    assert read_condition("no spells were cast last turn") == ("last turn: spells cast", "==", 0)
    assert read_condition("a player cast two or more spells last turn") == \
        ("last turn: most spells cast by a player", ">=", 2)
    assert split_intervening("if no spells were cast last turn, transform ~.") == \
        ("no spells were cast last turn", "Transform ~.")


@pytest.mark.parametrize("condition", [
    "you cast two or more spells last turn",          # one player's own count: not this wording
    "an opponent cast two or more spells last turn",
    "no spells were cast this turn",
    "a player cast two or more spells this turn",
    "no creatures entered the battlefield last turn",
])
def test_other_last_turn_conditions_stay_unread(condition: str) -> None:
    with pytest.raises(DefinitionError):
        read_condition(condition)


# ---- the count: stated, carried over, or unsupported

def test_unstated_last_turn_is_unsupported_naming_the_key() -> None:
    r = ask_text(_text(alice_bf="[{card: Village Ironsmith, id: smith}]", this="{}"))
    assert r.status == "unsupported", r
    assert "last_turn" in r.answer.unsupported and "no spells were cast last turn" in r.answer.unsupported


def test_the_back_face_unstated_is_unsupported_too() -> None:
    r = ask_text(_text(alice_bf="[{card: Ironfang, id: fang}]", this="{}"))
    assert r.status == "unsupported", r
    assert "last_turn" in r.answer.unsupported


def test_one_spell_cast_by_the_actions_does_not_decide_two_or_more() -> None:
    """The near miss: the question's turn's history is not stated, its actions cast one spell; as the next turn's
    upkeep begins, whether a player cast two or more last turn is not known (one may have been cast before)."""
    r = ask_text(_text(alice_bf="[{card: Ironfang, id: fang}, Mountain]",
                       alice_hand="[{card: Lightning Bolt, id: bolt}]", active="Alice", step="precombat-main",
                       actions="[{cast: bolt, targets: [Bob]}, {resolve: all}, {advance: next-turn}, {resolve: all}]"))
    assert r.status == "unsupported", r
    assert "two or more spells last turn" in r.answer.unsupported and "last_turn" in r.answer.unsupported


def test_one_spell_cast_by_the_actions_decides_no_spells() -> None:
    g = one(_games(alice_bf="[{card: Village Ironsmith, id: smith}, Mountain]",
                   alice_hand="[{card: Lightning Bolt, id: bolt}]", active="Alice", step="precombat-main",
                   actions="[{cast: bolt, targets: [Bob]}, {resolve: all}, {advance: next-turn}, {resolve: all}]"))
    assert _face(g, "smith") == "Village Ironsmith"
    assert g.state.this_turn.last_spells_cast == (("Alice", 1),) and not g.state.this_turn.last_known


@pytest.mark.parametrize("last, face", [
    ("{}", "Ironfang"),
    ("{spells_cast: {Alice: 1}}", "Village Ironsmith"),
    ("{spells_cast: {Bob: 3}}", "Village Ironsmith"),
])
def test_the_front_face_transforms_only_after_a_turn_with_no_spells(last: str, face: str) -> None:
    g = one(_games(alice_bf="[{card: Village Ironsmith, id: smith}]", this="{}", last=last))
    assert _face(g, "smith") == face


@pytest.mark.parametrize("last, face", [
    ("{}", "Ironfang"),
    ("{spells_cast: {Alice: 1, Bob: 1}}", "Ironfang"),       # Branded Howler ruling (2016-04-08): one player
    ("{spells_cast: {Alice: 2}}", "Village Ironsmith"),
    ("{spells_cast: {Bob: 4, Alice: 1}}", "Village Ironsmith"),
])
def test_the_back_face_transforms_only_after_one_player_cast_two(last: str, face: str) -> None:
    g = one(_games(alice_bf="[{card: Ironfang, id: fang}]", this="{}", last=last))
    assert _face(g, "fang") == face


def test_a_turn_that_ends_known_gives_a_known_last_turn() -> None:
    g = one(_games(active="Alice", step="end", this="{spells_cast: {Bob: 1}}", actions="[{advance: next-turn}]"))
    h = g.state.this_turn
    assert h.known and h.last_known and h.last_spells_cast == (("Bob", 1),) and h.spells_cast == ()
    two = one(run(g, [{"advance": "next-turn"}]))
    assert two.state.this_turn.last_known and two.state.this_turn.last_spells_cast == ()


def test_the_record_of_the_following_turn() -> None:
    h = TurnHistory(known=True, died=2, last_known=True, last_spells_cast=(("Bob", 5),)).cast("Alice")
    assert h.following() == TurnHistory(known=True, last_known=True, last_spells_cast=(("Alice", 1),))
    assert TurnHistory().following().last_known is False


def test_the_lower_bound_decides_only_what_more_spells_cannot_change() -> None:
    def state(spells):
        (q,) = load_text(_text())
        assert not isinstance(q, Exception), q
        return q.state.evolve(this_turn=TurnHistory(last_spells_cast=spells))
    assert this_turn.spells_last_turn(state((("Alice", 2),)), "most spells cast by a player", ">=", 2, "t")
    assert not this_turn.spells_last_turn(state((("Alice", 1),)), "spells cast", "==", 0, "t")
    with pytest.raises(Unsupported, match="last_turn"):
        this_turn.spells_last_turn(state((("Alice", 1),)), "most spells cast by a player", ">=", 2, "t")
    with pytest.raises(Unsupported, match="last_turn"):
        this_turn.spells_last_turn(state(()), "spells cast", "==", 0, "t")


# ---- the question format

def test_last_turn_is_read() -> None:
    (q,) = load_text(_text(last="{spells_cast: {Alice: 2, Bob: 0}}"))
    assert not isinstance(q, Exception), q
    h = q.state.this_turn
    assert h.last_known and h.last_spells_cast == (("Alice", 2),) and not h.known
    (q,) = load_text(_text(last="{}"))
    assert not isinstance(q, Exception) and q.state.this_turn.last_known


@pytest.mark.parametrize("last, key, words", [
    ("{died: 1}", "state.last_turn.died", "unknown key"),
    ("[Alice]", "state.last_turn", "must be a mapping"),
    ("{spells_cast: [Alice]}", "state.last_turn.spells_cast", "mapping"),
    ("{spells_cast: {Carol: 1}}", "state.last_turn.spells_cast", "not a player"),
    ("{spells_cast: {Alice: -1}}", "state.last_turn.spells_cast.Alice", "at least 0"),
])
def test_bad_last_turn_is_a_clear_error(last: str, key: str, words: str) -> None:
    (e,) = load_text(_text(last=last))
    assert isinstance(e, QuestionError), e
    assert e.key == key and words in str(e), str(e)


# ---- a near miss: a werewolf whose other face's "transforms into" ability is not modelled

HUNTMASTER = {
    "object": "card", "name": "Huntmaster of the Fells // Ravager of the Fells", "layout": "transform",
    "card_faces": [
        {"object": "card_face", "name": "Huntmaster of the Fells", "mana_cost": "{2}{R}{G}",
         "type_line": "Creature — Human Werewolf", "power": "2", "toughness": "2",
         "oracle_text": "Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 green "
                        "Wolf creature token and you gain 2 life.\nAt the beginning of each upkeep, if no spells were "
                        "cast last turn, transform Huntmaster of the Fells."},
        {"object": "card_face", "name": "Ravager of the Fells", "mana_cost": "", "color_indicator": ["R", "G"],
         "type_line": "Creature — Werewolf", "power": "4", "toughness": "4",
         "oracle_text": "Trample\nWhenever this creature transforms into Ravager of the Fells, it deals 2 damage to "
                        "target opponent or planeswalker and 2 damage to up to one target creature that player or "
                        "that planeswalker's controller controls.\nAt the beginning of each upkeep, if a player cast "
                        "two or more spells last turn, transform Ravager of the Fells."}]}


def test_huntmaster_transforming_stays_unsupported(tmp_path, monkeypatch, capsys) -> None:
    """Its transform line is read, and the condition holds (no spells last turn), but transforming it into Ravager
    of the Fells triggers an ability the model does not read (701.27e): the answer is unsupported, naming it,
    never a transform with that ability left out."""
    import json

    from mtgjudge.model.cards.store import ENV_VAR, use_store
    from mtgjudge.queries.cli import main

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "store" / "cards.sqlite"))
    data = tmp_path / "oracle-cards.json"
    data.write_text(json.dumps([HUNTMASTER]), encoding="utf-8")
    try:
        assert main(["cards", "import", str(data)]) == 0, capsys.readouterr().err
        r = ask_text(_text(alice_bf="[{card: Huntmaster of the Fells, id: hm}]", this="{}", last="{}"))
    finally:
        use_store(None)
    assert r.status == "unsupported", r
    assert "Ravager of the Fells" in r.answer.unsupported and "transforms" in r.answer.unsupported, r.answer.unsupported
