"""The coverage sweep (``mtgjudge cards coverage``): the boards it builds answer what a judge expects, the
unsupported reasons name the line as a template, crashes are counted and listed (never raised), the JSON
object has exactly the documented shape, samples are deterministic, and a data file in MTGJSON v3 format
is read, compiled and swept in parallel with the same counts as in one process."""
from __future__ import annotations

import argparse
import io
import json
import time

import pytest
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab.abilities import Ability, CostPart
from mtgjudge.model.vocab.parse import read_targets
from mtgjudge.queries.cli import main as mtgjudge_main
from mtgjudge.queries.coverage import board
from mtgjudge.queries.coverage import core as sweep_module
from mtgjudge.queries.coverage.cli import cards_source, chosen
from mtgjudge.queries.coverage.cli import main as coverage_main
from mtgjudge.queries.coverage.core import sweep, sweep_card
from mtgjudge.queries.coverage.progress import Progress
from mtgjudge.queries.coverage.reasons import reason_template, text_template
from mtgjudge.queries.runner import run_question


def record(name: str, cost: str | None, type_line: str, text: str = "", pt: tuple[str, str] | None = None) -> CardRecord:
    power, toughness = pt or (None, None)
    return CardRecord(name, "normal", (FaceRecord(name, cost, type_line, text, power, toughness),))


def product(name: str) -> CardDef:
    return card_db().find(name)[0]


def answer(q):
    r = run_question(q)
    assert r.status == "answered", r.message
    return r.answer.value


BEAR = record("Coverage Bear", "{1}{G}", "Creature — Bear", pt=("2", "2"))
# (a restriction on casting that the verifier does not read: what was cast this turn is not in the state)
FLIER = record("Coverage Flier", "{2}{U}", "Creature — Bird", "Cast Coverage Flier only if you've cast another spell "
               "this turn.", ("2", "1"))


# ------------------------------------------------------------------------------------------- the boards

def test_vanilla_two_mana_creature_can_be_cast():
    q = board.can_play(compile_card(BEAR))
    assert q.ask == "can-play" and q.state.obj(board.CARD_ID).zone == "hand"
    lands = sorted(o.name for o in q.state.battlefield("Alice") if "Land" in o.printed.types)
    assert lands == ["Forest", "Wastes"]          # {G} by a Forest, {1} by a colorless land
    assert answer(q) is True


def test_lands_are_exactly_the_cost_so_a_costlier_spell_is_no():
    # The board pays the front face's cost; the same board without one of its lands can't.
    q = board.can_play(compile_card(record("Coverage Ogre", "{2}{R}{R}", "Creature — Ogre", pt=("4", "4"))))
    assert sorted(o.name for o in q.state.battlefield("Alice") if "Land" in o.printed.types) == \
        ["Mountain", "Mountain", "Wastes", "Wastes"]
    assert answer(q) is True


def test_a_land_can_be_played():
    assert answer(board.can_play(compile_card(record("Coverage Flats", None, "Land")))) is True


def test_hybrid_and_phyrexian_symbols_get_lands_that_pay_them():
    lands, x = board.lands_for(card_db().find("Reaper King")[0].front.mana_cost)
    assert sorted(lands) == ["Forest", "Island", "Mountain", "Plains", "Swamp"] and not x
    lands, _ = board.lands_for(product("Dismember").front.mana_cost)
    assert sorted(lands) == ["Swamp", "Swamp", "Wastes"]
    lands, x = board.lands_for(product("Fireball").front.mana_cost)
    assert sorted(lands) == ["Mountain", "Wastes"] and x      # X paid as 1


def test_an_enormous_cost_gets_a_bounded_board():
    lands, _ = board.lands_for(compile_card(record("Coverage Giant", "{1000000}{G}", "Creature — Giant")).front.mana_cost)
    assert len(lands) == board.MAX_LANDS and lands[0] == "Forest"
    assert answer(board.can_play(compile_card(record("Coverage Giant", "{1000000}{G}", "Creature — Giant",
                                                     pt=("1", "1"))))) is False


def test_x_spell_is_asked_with_x_one():
    q = board.can_play(product("Chord of Calling"))
    assert q.params["x"] == 1
    assert answer(q) is True


def test_could_produce_on_the_battlefield_untapped():
    q = board.on_battlefield(compile_card(record("Coverage Grove", None, "Land — Forest Island")), 0)
    card = q.state.obj(board.CARD_ID)
    assert card.zone == "battlefield" and not card.tapped and not card.summoning_sick
    assert board.has_mana_ability(q)
    assert answer(q) == frozenset("GU")
    assert answer(board.on_battlefield(product("Llanowar Elves"), 0)) == frozenset("G")


@pytest.mark.parametrize("name,index", [
    ("Prodigal Pyromancer", 1),   # {T}: any target
    ("Birthing Pod", 1),          # {1}{G/P}, {T}, sacrifice a creature
    ("Pili-Pala", 1),             # {2}, {Q}: the card is tapped so that it can untap
    ("Gemstone Mine", 1),         # remove a mining counter
    ("Hangarback Walker", 1),     # {1}, {T}: a mana cost beside {T}
    ("Springleaf Drum", 1),       # tap an untapped creature you control
    ("Mouth of Ronom", 2),        # {4}{S}: a snow land pays {S}; "target creature"
])
def test_activated_ability_costs_are_payable_on_its_board(name, index):
    card = product(name)
    probe = board.on_battlefield(card, 0)
    ability = board.activated(probe)[index - 1]
    q = board.can_activate(card, 0, index, ability)
    if any(p.kind == "untap" for p in ability.cost):
        assert q.state.obj(board.CARD_ID).tapped
    assert answer(q) is True


def test_missing_target_and_sacrifice_fodder_come_from_the_pool():
    spell = read_targets(Ability("spell", targets=("nonbasic land",)))
    card = CardDef((Face("Coverage Quake", mana_cost=(), types=("Sorcery",), abilities=(spell,)),))
    q = board.can_play(card)
    assert any("Land" in o.printed.types and "Basic" not in o.printed.supertypes for o in q.state.battlefield("Bob"))
    assert answer(q) is True
    sac = Ability("activated", cost=(CostPart("sacrifice", what=Selector(types=("Land",), controller="you")),))
    card = CardDef((Face("Coverage Altar", mana_cost=(), types=("Artifact",), abilities=(sac,)),))
    q = board.can_activate(card, 0, 1, sac)
    assert any("Land" in o.printed.types for o in q.state.battlefield("Alice"))
    assert answer(q) is True


def _graveyard(q, player: str) -> list:
    return [q.state.obj(i) for i in q.state.player(player).zone("graveyard")]


def test_graveyard_targets_come_from_the_pool_as_many_as_the_phrase_asks():
    # the generic graveyards hold one creature card each and no artifact card; a filler is an opponent's
    # card where it can be
    spell = read_targets(Ability("spell", targets=("two target creature cards from your graveyard",)))
    card = CardDef((Face("Coverage Raise", mana_cost=(), types=("Sorcery",), abilities=(spell,)),))
    q = board.can_play(card)
    creatures = [o for o in _graveyard(q, "Alice") if "Creature" in o.printed.types]
    assert len(creatures) == 2 and answer(q) is True
    spell = read_targets(Ability("spell", targets=("artifact card from a graveyard",)))
    card = CardDef((Face("Coverage Salvage", mana_cost=(), types=("Sorcery",), abilities=(spell,)),))
    q = board.can_play(card)
    assert any("Artifact" in o.printed.types for o in _graveyard(q, "Bob"))
    assert not any("Artifact" in o.printed.types for o in _graveyard(q, "Alice"))
    assert answer(q) is True


def test_an_outcome_stack_gets_a_spell_of_the_kind_a_target_asks_for():
    spell = read_targets(Ability("spell", targets=("sorcery spell",)))
    card = CardDef((Face("Coverage Denial", mana_cost=(), types=("Instant",), abilities=(spell,)),))
    q = board.outcome(card)
    sorceries = [i for i in q.state.stack if "Sorcery" in q.state.obj(i).printed.types]
    assert len(sorceries) == 1 and q.state.obj(sorceries[0]).controller == "Bob"
    # a filler spell resolves choosing nothing: it has no targets
    assert not board.spell_targets(q.state.obj(sorceries[0]).card.front)


def test_a_target_creature_in_combat_gets_a_board_in_combat():
    # 506.4: only in combat are there attacking and blocking creatures: Bob's declare blockers step, his
    # creature attacking Alice and hers blocking it; the spell is cast at instant speed there (117.3a)
    card = compile_card(record("Coverage Ambush", "{W}", "Instant", "Destroy target attacking creature."))
    q = board.outcome(card)
    assert q.state.turn.active == "Bob" and q.state.turn.step == "declare-blockers"
    assert q.state.obj(board.ATTACKER).attacking == "Alice" and q.state.obj(board.BLOCKER).controller == "Alice"
    r = run_question(q)
    assert r.status == "pass", r.message             # the outcome computed (the sweep asserts nothing)
    plain = compile_card(record("Coverage Snipe", "{W}", "Instant", "Destroy target creature."))
    assert board.outcome(plain).state.turn.active == "Alice"      # the generic board otherwise


def test_a_spell_cast_only_when_attacked_gets_the_declare_attackers_step_with_an_attacker():
    # 508.1, 508.6: the spell can be cast only in the declare attackers step by a player a creature was declared
    # as attacking: Bob's step, his creature attacking Alice (not blocked: blockers are not declared yet)
    text = ("Cast this spell only during the declare attackers step and only if you've been attacked this step.\n"
            "You gain 3 life.")
    card = compile_card(record("Coverage Ambushed", "{W}", "Instant", text))
    assert board.cast_in_attackers_step(card.front)
    for q in (board.outcome(card), board.can_play(card)):
        assert q.state.turn.active == "Bob" and q.state.turn.step == "declare-attackers"
        assert q.state.obj(board.ATTACKER).attacking == "Alice" and not q.state.obj(board.ATTACKER).blocked
        assert not any(o.blocking for o in q.state.battlefield())
    r = run_question(board.outcome(card))
    assert r.status == "pass", r.message
    played = run_question(board.can_play(card))
    assert played.answer is not None and played.answer.value is True, played.message
    # the generic board otherwise, where the same spell could not be cast (Alice's main phase)
    plain = compile_card(record("Coverage Gain", "{W}", "Instant", "You gain 3 life."))
    assert board.outcome(plain).state.turn.active == "Alice"


def test_a_creature_with_power_four_or_greater_is_a_filler_where_the_board_has_none():
    spell = read_targets(Ability("spell", targets=("creature with power 4 or greater",)))
    card = CardDef((Face("Coverage Slayer", mana_cost=(), types=("Instant",), abilities=(spell,)),))
    q = board.can_play(card)
    assert any(o.printed.power is not None and int(o.printed.power) >= 4 for o in q.state.battlefield("Bob"))
    assert answer(q) is True


def test_spells_go_on_the_stack_only_for_a_spell_target():
    assert board.can_play(product("Counterspell")).state.stack
    assert not board.can_play(product("Giant Growth")).state.stack


def test_a_tapped_filler_where_only_a_tapped_permanent_is_a_legal_target():
    spell = read_targets(Ability("spell", targets=("tapped creature",)))
    card = CardDef((Face("Coverage Ambush", mana_cost=(), types=("Instant",), abilities=(spell,)),))
    q = board.can_play(card)
    assert any(o.tapped and "Creature" in o.printed.types for o in q.state.battlefield("Bob"))
    assert answer(q) is True


def test_an_outcome_stack_has_an_untargeted_noncreature_spell():
    """Bob's spells for an outcome have no targets, and one is an instant: "target instant or sorcery spell"
    (Negate, Dispel) has a legal target on an outcome board as on the can-play one."""
    q = board.outcome(product("Counterspell"))
    kinds = [q.state.obj(i).printed.types for i in q.state.stack]
    assert ("Instant",) in kinds and ("Creature",) in kinds


def test_fillers_are_inert_cards_the_product_defines():
    permanents = set(board.OURS + board.THEIRS + board.COLOR_LANDS) | set(board.LAND_FOR.values())
    for name in permanents:
        assert board.is_inert(card_db().find(name)[0]), name
    for name in board.HAND + board.GRAVEYARD + board.SPELLS + board.OUTCOME_SPELLS:      # cards elsewhere: modelled, all their text
        card = card_db().find(name)[0]
        assert card.modelled and all(a.kind != "unmodelled" for f in card.faces for a in f.abilities), name
    assert board.pool() and all(board.is_inert(c) for c in board.pool())
    # an unattached Equipment's "Equipped creature gets +2/+0" affects nothing; an unattached Aura would
    # be put into its owner's graveyard (704.5m), so no Aura is a filler
    names = {c.name for c in board.pool()}
    assert "Bonesplitter" in names and not any("Aura" in c.front.subtypes for c in board.pool())
    spells = [c for c in board.card_pool() if c not in board.pool()]
    assert spells and all(not board.spell_targets(c.front) for c in spells)


# ------------------------------------------------------------------------------------------- combat

WRAITH = record("Coverage Wraith", "{3}{B}", "Creature — Wraith",
                "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)", ("3", "3"))
WALL = record("Coverage Wall", "{1}{W}", "Creature — Wall", "Defender", ("0", "4"))
SHADE = record("Coverage Shade", "{W}", "Creature — Spirit", "Shadow", ("1", "1"))
KNIGHTLY = record("Coverage Squire", "{1}{W}", "Creature — Human",
                  "Coverage Squire can't attack unless you've cast a creature spell this turn.", ("2", "2"))
SHOCK = record("Coverage Shock", "{R}", "Instant", "Coverage Shock deals 2 damage to any target.")


def test_combat_boards_put_the_card_beside_a_vanilla_creature_a_flier_and_a_reach_creature():
    bear = compile_card(BEAR)
    attack, block = board.can_attack(bear, 0), board.can_block(bear, 0)
    for q in (attack, block):
        card = q.state.obj(board.CARD_ID)
        assert card.zone == "battlefield" and card.controller == "Alice" and not card.tapped
        assert q.state.turn.step == "declare-attackers"
        assert sorted(o.name for o in q.state.battlefield("Bob")) == sorted(board.COMBAT_OPPONENT)
    assert attack.state.turn.active == "Alice" and not any(o.attacking for o in attack.state.battlefield())
    assert block.state.turn.active == "Bob" and block.params["attacker"] == (board.VANILLA_ID,)
    assert all(o.attacking == "Alice" for o in block.state.battlefield("Bob"))


def test_combat_kinds_per_card_answered_or_unsupported():
    # by hand: a vanilla creature attacks (508.1a) and blocks the vanilla attacker (509.1a); defender can't attack
    # (702.3b) but blocks; swampwalk changes neither (702.14c: it is about blocking it); shadow can't block a
    # creature without shadow (702.28b); "can't attack unless you've cast a creature spell this turn" (the turn's
    # history) is no line the model reads, so both questions about that card are unsupported, naming it (declaring reads every creature)
    expected = {BEAR: (True, True), WALL: (False, True), WRAITH: (True, True), SHADE: (True, False)}
    for rec, (attacks, blocks) in expected.items():
        card = compile_card(rec)
        assert answer(board.can_attack(card, 0)) is attacks, rec.name
        assert answer(board.can_block(card, 0)) is blocks, rec.name
    report = sweep([BEAR, WALL, WRAITH, SHADE, KNIGHTLY, SHOCK], kinds=("can-attack", "can-block"))
    assert list(report.kinds) == ["can-attack", "can-block"] and report.cards == 6
    for kind in ("can-attack", "can-block"):
        t = report.kinds[kind]
        # five creatures asked (the instant is no creature), four answered
        assert (t.asked, t.answered, t.unsupported, t.crashed) == (5, 4, 1, 0), kind
        (reason, _n), = t.reasons.items()
        assert "can't attack unless you've cast a creature spell this turn" in reason and "Coverage Squire" not in reason
    assert not report.crashes


def test_kinds_option_asks_only_those(v3_file, capsys):
    code, data = run_json(capsys, "--from", str(v3_file), "-j", "1", "--kinds", "can-attack", "can-block")
    assert code == 0 and list(data["kinds"]) == ["can-attack", "can-block"]
    # the v3 file's creatures: Bear, Flier and Elf, each asked both
    assert data["kinds"]["can-attack"]["asked"] == data["kinds"]["can-block"]["asked"] == 3
    with pytest.raises(SystemExit) as exit_:
        coverage_main(["--from", str(v3_file), "--kinds", "can-fly"])
    assert exit_.value.code == 2 and "can-fly" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------- reasons

def test_unmodelled_line_is_unsupported_naming_the_line():
    report = sweep([FLIER])
    t = report.kinds["can-play"]
    assert (t.asked, t.answered, t.unsupported, t.crashed) == (1, 0, 1, 0)
    (reason, _count), = t.reasons.items()
    assert "Cast ~ only if you've cast another spell this turn." in reason and "Coverage Flier" not in reason and "(card)" not in reason


def test_reasons_are_templates():
    a = "{2}{R}: Coverage Imp deals 2 damage to any target."
    b = "{1}{B}{B}: Coverage Imp deals three damage to any target."
    assert text_template(a, ["Coverage Imp"]) == text_template(b, ["Coverage Imp"]) == \
        "{M}: ~ deals N damage to any target."
    assert text_template("{T}, Sacrifice Kor, the Bold: Add {C}{C}.", ["Kor, the Bold"]) == "{T}, Sacrifice ~: Add {M}."
    assert text_template("Defender (This creature can't attack.)") == "Defender"
    message = f"Coverage Imp's ability {a!r} is not modelled"
    assert reason_template(message, ["Coverage Imp"], ["card"], [a]) == \
        "~'s ability '{M}: ~ deals N damage to any target.' is not modelled"


# ------------------------------------------------------------------------------------------- crashes

def test_crashes_are_counted_and_listed_not_raised(monkeypatch):
    def broken(q, **options):
        if q.ask == "can-play":
            raise ZeroDivisionError("a model bug")
        return run_question(q, **options)
    monkeypatch.setattr(sweep_module, "run_question", broken)
    report = sweep([BEAR, compile_card(BEAR)])
    t = report.kinds["can-play"]
    assert (t.asked, t.answered, t.crashed) == (2, 0, 2)
    assert [(c.kind, c.card, c.type, c.message) for c in report.crashes] == \
        [("can-play", "Coverage Bear", "ZeroDivisionError", "a model bug")] * 2
    assert "test_coverage.py" in report.crashes[0].where


def test_compile_crash_is_a_can_play_crash(monkeypatch):
    def broken(record):
        raise KeyError("oops")
    monkeypatch.setattr(sweep_module, "compile_card", broken)
    report = sweep_card(BEAR)
    assert report.kinds["can-play"].crashed == 1
    assert report.crashes[0].message == "while compiling: 'oops'"


def test_a_question_past_the_time_bound_is_a_crash(monkeypatch):
    monkeypatch.setattr(sweep_module, "QUESTION_SECONDS", 0.05)
    monkeypatch.setattr(board, "can_play", lambda card: time.sleep(2))
    report = sweep_card(compile_card(BEAR), kinds=("can-play",))
    assert report.crashes[0].type == "QuestionTimeout"


# ------------------------------------------------------------------------------------------- the command

V3 = {
    "Coverage Bear": {"layout": "normal", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
                      "power": "2", "toughness": "2"},
    "Coverage Flier": {"layout": "normal", "manaCost": "{2}{U}", "type": "Creature — Bird", "types": ["Creature"],
                       "text": "Flying", "power": "2", "toughness": "1"},
    "Coverage Elf": {"layout": "normal", "manaCost": "{G}", "type": "Creature — Elf Druid", "types": ["Creature"],
                     "text": "{T}: Add {G}.", "power": "1", "toughness": "1"},
    "Coverage Grove": {"layout": "normal", "type": "Land — Forest Island", "types": ["Land"],
                       "text": "({T}: Add {G} or {U}.)"},
    "Coverage Shock": {"layout": "normal", "manaCost": "{R}", "type": "Instant", "types": ["Instant"],
                       "text": "Coverage Shock deals 2 damage to any target."},
    "Coverage Dawn": {"layout": "split", "names": ["Coverage Dawn", "Coverage Dusk"], "manaCost": "{W}",
                      "type": "Sorcery", "types": ["Sorcery"], "text": "You gain 2 life."},
    "Coverage Dusk": {"layout": "split", "names": ["Coverage Dawn", "Coverage Dusk"], "manaCost": "{B}",
                      "type": "Sorcery", "types": ["Sorcery"], "text": "You lose 2 life."},
}


@pytest.fixture
def v3_file(tmp_path):
    path = tmp_path / "cards_v3.json"
    path.write_text(json.dumps(V3), encoding="utf-8")
    return path


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code = mtgjudge_main(["cards", "coverage", "--json", *argv])
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return code, json.loads(out)


def test_json_shape_is_exact_and_a_v3_file_is_swept(v3_file, capsys):
    code, data = run_json(capsys, "--from", str(v3_file), "-j", "1")
    assert code == 0
    assert set(data) == {"cards", "kinds", "reading", "crashes", "seconds", "workers"}
    reading = data["reading"]
    assert set(reading) == {"lines", "modelled", "round_trip", "partly_read", "mismatches"}
    # every card's lines are read back (oracle.reading): Flying, the Elf's mana ability, Shock and the split card's
    # halves (the Grove's line is reminder text only, no line), each as its text
    assert reading["lines"] == 5 and reading["round_trip"] == reading["modelled"] == 5
    assert data["cards"] == 6
    assert list(data["kinds"]) == ["can-play", "could-produce", "can-activate", "outcome", "can-attack", "can-block"]
    for tally in data["kinds"].values():
        assert set(tally) == {"asked", "answered", "unsupported", "crashed", "reasons"}
        assert tally["asked"] == tally["answered"] + tally["unsupported"] + tally["crashed"]
        assert all(isinstance(r, str) and isinstance(n, int) for r, n in tally["reasons"])
    play = data["kinds"]["can-play"]
    # Bear and Grove are answered; Flier, Elf, Shock and the split card have unmodelled text (stub compiler
    # or not, the split card's halves' lines make this so only once they compile).
    assert play["asked"] == 6 and play["answered"] >= 2 and play["crashed"] == 0
    produce = data["kinds"]["could-produce"]
    assert produce["asked"] == 2          # the Elf (its text) and the Grove (its land types, 305.6)
    outcome = data["kinds"]["outcome"]
    # the instant and the split sorcery are cast and resolved; Shock's 2 damage to any target is performed
    # in every branch of its targets (120.3), so at least it is answered
    assert outcome["asked"] == 2 and outcome["answered"] >= 1
    assert data["crashes"] == []


def test_parallel_sweep_counts_the_same_as_one_process(v3_file, capsys):
    _, one = run_json(capsys, "--from", str(v3_file), "-j", "1")
    _, two = run_json(capsys, "--from", str(v3_file), "-j", "2")
    assert two["workers"] in (1, 2)
    assert one["kinds"] == two["kinds"] and one["cards"] == two["cards"] and one["reading"] == two["reading"]


def test_sample_is_deterministic(v3_file, capsys):
    seen = []
    for seed in ("1", "1"):
        _, data = run_json(capsys, "--from", str(v3_file), "--sample", "3", "--seed", seed, "-j", "1",)
        assert data["cards"] == 3
        seen.append(json.dumps(data["kinds"], sort_keys=True))
    assert seen[0] == seen[1]


def test_sample_picks_the_same_cards_for_a_seed(v3_file):
    args = argparse.Namespace(from_files=[str(v3_file)], card=None, sample=3, seed=5)
    first = [c.name for c in chosen(cards_source(args), args)]
    assert first == [c.name for c in chosen(cards_source(args), args)] and len(first) == 3
    others = {tuple(c.name for c in chosen(cards_source(args), argparse.Namespace(**{**vars(args), "seed": s})))
              for s in range(10)}
    assert len(others) > 1


def test_card_option_and_unreadable_file(v3_file, tmp_path, capsys):
    code, data = run_json(capsys, "--from", str(v3_file), "--card", "coverage bear", "-j", "1")
    assert code == 0 and data["cards"] == 1 and data["kinds"]["can-play"]["answered"] == 1
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    assert coverage_main(["--from", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_table_for_people_and_crash_exit_code(v3_file, capsys, monkeypatch):
    monkeypatch.setattr(sweep_module, "run_question", lambda q, **o: 1 / 0)
    assert coverage_main(["--from", str(v3_file), "-j", "1", "--card", "Coverage Bear", "--kinds", "can-play"]) == 1
    out = capsys.readouterr().out
    assert "can-play" in out and "crashes: 1 (1 distinct)" in out and "ZeroDivisionError" in out
    assert "Coverage Bear" in out


def test_default_cards_are_the_products_and_mostly_answered(capsys):
    code, data = run_json(capsys, "-j", "1", "--sample", "20")
    assert code == 0 and data["cards"] == 20
    play = data["kinds"]["can-play"]
    assert play["answered"] >= 15


def test_progress_bar_only_on_a_terminal():
    quiet = io.StringIO()
    bar = Progress(10, stream=quiet)
    bar(5)
    bar.close()
    assert quiet.getvalue() == ""

    class Terminal(io.StringIO):
        def isatty(self):
            return True
    shown = Terminal()
    bar = Progress(10, stream=shown)
    bar(5)
    assert "5/10 cards" in shown.getvalue()


def test_a_board_the_model_refuses_to_lay_out_is_unsupported_not_a_crash(monkeypatch):
    # "a phrase names a chosen creature type, but none was chosen": a limit the model states, not a bug
    def refuse(card):
        raise Unsupported("a phrase names a chosen creature type, but none was chosen")
    monkeypatch.setattr(board, "can_play", refuse)
    report = sweep([BEAR])
    t = report.kinds["can-play"]
    assert (t.asked, t.answered, t.unsupported, t.crashed) == (1, 0, 1, 0)
    assert not report.crashes and "chosen creature type" in next(iter(t.reasons))


def test_reasons_leave_out_the_ids_of_objects_the_actions_made():
    message = "Alice could discard a card nobody knows (_unknown_Alice_1): what it is matters"
    assert reason_template(message, ["Careful Study"], ["_hand_Alice_1"], []) == \
        "Alice could discard a card nobody knows: what it is matters"
    assert reason_template("Soldier (soldier-token-1) can't be moved", [], [], []) == "Soldier can't be moved"
    board_ids = {"_battlefield_Bob_1": "Grizzly Bears", "_hand_Alice_1": "Coverage Imp"}
    assert reason_template("_battlefield_Bob_1 can't be targeted by _hand_Alice_1's ability", ["Coverage Imp"],
                           board_ids, []) == "Grizzly Bears can't be targeted by ~'s ability"


def test_a_saga_is_asked_cast_and_resolved_and_answered():
    # 714.3a, 714.2b: a Saga's chapter I triggers as it enters, so the sweep asks it "cast it and let it resolve"
    (saga,) = [card_db().find(n)[0] for n in ("History of Benalia",)]
    assert board.casts_and_resolves(saga)
    t = sweep([saga]).kinds["outcome"]
    assert (t.asked, t.answered, t.crashed) == (1, 1, 0)


def test_the_board_states_that_nothing_happened_earlier_this_turn():
    # 702.40a: storm counts the spells cast before it this turn; the board says none were, so Grapeshot makes no
    # copy and is answered (unknown, the storm trigger is unsupported)
    q = board.outcome(product("Grapeshot"))
    assert q.state.this_turn.known
    r = run_question(q)
    assert r.status == "pass", r.message


def test_a_permanent_with_dash_on_the_board_was_not_dashed():
    # 702.109a: whether its dash cost was paid decides its haste; the board says it was not (``dashed: false``), so
    # a Mardu Scout under Alice's control since her turn began may attack (302.6)
    q = board.can_attack(product("Mardu Scout"), 0)
    assert q.state.obj(board.CARD_ID).dashed is False
    assert answer(q) is True
