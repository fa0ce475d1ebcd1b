"""Declaring attackers and blockers (508.1, 509.1; model/rules/combat): the lines read, what is unsupported, and
the search's maximum checked against every declaration enumerated."""
from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.combat import declare, lines
from mtgjudge.queries.api import loads


def _state(alice: str, bob: str, step: str = "precombat-main"):
    text = f"""\
id: q
ask: outcome
actions: [{{advance: end}}]
expect: [{{stack_size: 0}}]
state:
  turn: {{active: Alice, step: {step}}}
  players:
    Alice:
      battlefield: [{alice}]
    Bob:
      battlefield: [{bob}]
"""
    return loads(text)[0].state


@pytest.mark.parametrize("text,fact", [
    ("Hulking Goblin can't block.", "cant_block"),
    ("Enchanted creature can't attack or block.", "cant_attack_or_block"),
    ("Goblin Brigand attacks each combat if able.", "must_attack"),
    ("All creatures able to block enchanted creature do so.", "lure"),
    ("Palace Guard can block any number of creatures.", "extra_blocks"),
    ("Juggernaut can't be blocked by Walls.", "not_blocked_by"),
    ("Juggernaut can't be blocked by more than one creature.", "max_blockers"),
    ("Juggernaut can't be blocked except by three or more creatures.", "min_blockers"),
    ("Juggernaut can block only creatures with flying.", "blocks_only"),
    ("Juggernaut can't attack or block alone.", "cant_attack_or_block_alone"),
    ("Morph {2}{U} (You may cast this card face down as a 2/2 creature for {3}.)", "keyword_case"),
    ("Juggernaut has first strike as long as it's attacking.", "keyword_case"),
    ("Metalcraft — Juggernaut has double strike as long as you control three or more artifacts.", "keyword_case"),
    ("You may have Juggernaut assign its combat damage as though it weren't blocked.", "keyword_case"),
    # the phrase grammar's noun phrases (115.1's lists): "Elves" is Elf
    ("Juggernaut can't be blocked by Elves.", "not_blocked_by"),
    ("Juggernaut can't be blocked except by artifact creatures and/or white creatures.", "only_blocked_by"),
    ("Juggernaut can't block Humans.", "cant_block_those"),
    # restrictions with a condition read whole (508.1c, 509.1b)
    ("Juggernaut can't attack unless there are seven or more cards in your graveyard.", "cant_attack"),
    ("Juggernaut can't attack or block unless you control another Giant.", "cant_attack_or_block"),
    ("Juggernaut can't be blocked as long as defending player controls an artifact.", "cant_be_blocked"),
    ("Juggernaut can't block unless you control another Wolf or Werewolf.", "cant_block"),
    # an optional cost to attack, with or without the ability linked to it (701.43d, 607.2h)
    ("You may exert Juggernaut as it attacks.", "exert"),
    ("You may exert Juggernaut as it attacks. When you do, it gets +1/+3 until end of turn.", "exert"),
])
def test_lines_read_whole(text, fact):
    name = next(n for n in ("Hulking Goblin", "Goblin Brigand", "Palace Guard", "Juggernaut", "White Knight")
                if n in text or n == "White Knight")
    assert lines.read(text, name).fact == fact


@pytest.mark.parametrize("text", [
    # a comparison it has no reading of
    "Juggernaut can't be blocked by creatures with power less than 2.",
    "Juggernaut can't be blocked except by two or more creatures with flying.",
    "Nonbasic landwalk",
    # a grant list that gives flying and haste too (Tribal Golem) is no line of combat damage alone, nor is a condition
    # with a second consequence joined to it
    'Juggernaut has trample as long as you control a Beast, haste as long as you control a Goblin, first strike as long '
    'as you control a Soldier, flying as long as you control a Wizard, and "{B}: Regenerate Juggernaut" as long as you '
    'control a Zombie.',
    "Juggernaut has trample as long as you control a Forest and it can't block.",
    "Juggernaut has trample and haste as long as it's attacking.",
    "Juggernaut has flying as long as it's attacking.",
    "Snow swampwalk",
    "Hulking Goblin can't block, and creatures you control have haste.",
    "Protection from creatures",
    # conditions the board does not show (the turn's history, a payment) and a defending player's condition on
    # blocking: no reading
    "Juggernaut can't attack unless you've cast a creature spell this turn.",
    "Juggernaut can't attack or block unless you pay {1}.",
    "Juggernaut can't block unless defending player controls an Island.",
    "Juggernaut can't be blocked if you've cast a historic spell this turn.",
    "Juggernaut can't block creatures with power 2 or greater unless you pay {1}.",
    "Juggernaut can't attack unless a black or green creature also attacks.",
    # exerting under a condition, and a linked ability of two sentences
    "If Juggernaut hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all other "
    "creatures you control.",
    "You may exert Juggernaut as it attacks. When you do, draw a card. Then discard a card.",
])
def test_lines_not_read(text):
    assert lines.read(text, "Juggernaut") is None


@pytest.mark.parametrize("text, cost, planeswalkers", [
    ("Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking "
     "you.", "{2}", False),
    ("Creatures can't attack you or a planeswalker you control unless their controller pays {W/P} for each of those "
     "creatures.", "{W/P}", True),
])
def test_costs_to_attack_read_whole(text, cost, planeswalkers):
    line = lines.read(text, "Ghostly Prison")
    assert (line.fact, line.cost, line.planeswalkers) == ("attack_cost", cost, planeswalkers)


SPHERE = ("Creatures can't attack you or a planeswalker you control unless their controller pays {X} for each of "
          "those creatures, where X is the number of enchantments you control.")
RESTRAINT = ("Domain — Creatures can't attack you unless their controller pays {X} for each creature they control "
             "that's attacking you, where X is the number of basic land types among lands you control.")


@pytest.mark.parametrize("text", [SPHERE, RESTRAINT,
                                  "Creatures can't attack you unless their controller pays {2} for each creature.",
                                  "Creatures can't attack you unless their controller pays {2} for each creature they "
                                  "control that's attacking you and sacrifices a land."])
def test_costs_to_attack_not_read(text):
    assert lines.read(text, "Test Sphere") is None


@pytest.mark.parametrize("text", [SPHERE, RESTRAINT])
def test_unread_costs_to_attack_are_unsupported(monkeypatch, text):
    """The near miss: a cost to attack whose amount the model does not read (Sphere of Safety's X) stays
    unsupported, naming the line, even for an attacker whose controller could pay anything."""
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Sphere", "Enchantment", text)
    st = _state("{card: Serra Angel, id: angel}, Forest, Forest, Forest, Forest", "Test Sphere")
    with pytest.raises(Unsupported, match="Test Sphere"):
        declare.check_attack(st, {"angel": "Bob"})


def test_the_most_requirements_are_counted_without_costs_508_1d():
    """508.1d: Goblin Brigand attacks each combat if able; attacking Bob costs {2} (Ghostly Prison), attacking
    Carol nothing: not attacking is illegal (it could attack Carol for free), attacking either is legal."""
    text = """\
id: q
ask: outcome
actions: [{advance: end}]
expect: [{stack_size: 0}]
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield: [{card: Goblin Brigand, id: brigand}, Mountain, Mountain]
    Bob:
      battlefield: [Ghostly Prison]
    Carol:
      battlefield: []
"""
    st = loads(text)[0].state
    assert declare.check_attack(st, {}).value is False
    assert declare.check_attack(st, {"brigand": "Carol"}).value is True
    assert declare.check_attack(st, {"brigand": "Bob"}).value is True
    st2 = loads(text.replace("Mountain, Mountain", "Mountain"))[0].state
    assert declare.check_attack(st2, {"brigand": "Bob"}).value is False        # 508.1j: {2} can't be paid


def test_a_restriction_on_the_creatures_a_phrase_names():
    """Magus of the Moat's "Creatures without flying can't attack." (508.1c) names the creatures as the declaration
    is made, whoever controls them: Serra Angel has flying and may attack; Grizzly Bears, without, can't."""
    st = _state("{card: Serra Angel, id: angel}, {card: Grizzly Bears, id: bears}", "Magus of the Moat")
    assert declare.check_attack(st, {"angel": "Bob"}).value is True
    assert declare.check_attack(st, {"bears": "Bob"}).value is False


@pytest.mark.parametrize("text", ["Creatures named Paper Tiger can't attack or block.", "Creatures can't attack you.",
                                  "Enchanted creature can't block.", "Juggernaut can't block."])
def test_group_lines_read_whole_only(text):
    """A phrase the grammar does not read ("named ..."), a restriction with an object ("attack you"), and the lines
    about the object itself or its Aura's creature (``lines.read``'s) are no group lines."""
    assert lines.group(text, "Juggernaut") is None


def test_declaring_no_attackers_ignores_restrictions_only():
    """508.1c restricts attacking creatures: declaring none is legal whatever Ghostly Prison says."""
    st = _state("{card: Grizzly Bears, id: bears}", "Ghostly Prison")
    assert declare.declaring_no_attackers(st).value is True


def _brute_force(state) -> int:
    """The most requirements any legal declaration of blockers obeys, by enumerating every declaration."""
    atk = declare.attackers(state)
    order = declare.potential_blockers(state)
    reqs = declare.block_requirements(state)
    best = -1
    for values in product(*[[()] + [(a,) for a in atk] for _ in order]):
        decl = {b: v for b, v in zip(order, values) if v}
        if declare.block_violation(state, decl) is None:
            best = max(best, sum(1 for r in reqs if r.obeyed(decl)))
    return best


@pytest.mark.parametrize("attackers,blockers", [
    (["Boggart Brute", "Grizzly Bears"], ["Grizzly Bears", "Pillarfield Ox", "Hulking Goblin"]),
    (["Air Elemental", "Prized Unicorn", "Gaea's Protector"], ["Giant Spider", "Grizzly Bears", "Pillarfield Ox"]),
    (["Boggart Brute", "Prized Unicorn"], ["Grizzly Bears", "Giant Spider"]),
    (["Gaea's Protector", "Boggart Brute", "Serra Angel"], ["Norwood Archers", "Grizzly Bears", "Black Knight"]),
])
def test_search_maximum_equals_enumeration(attackers, blockers):
    alice = ", ".join(f"{{card: {n}, id: a{i}, attacking: Bob}}" for i, n in enumerate(attackers))
    bob = ", ".join(f"{{card: {n}, id: b{i}}}" for i, n in enumerate(blockers))
    st = _state(alice + ", {card: Lure, attached_to: a0}", bob, step="declare-attackers")
    ans = declare.check_block(st, {})
    best = _brute_force(st)
    got = ans.witness["requirements"]
    assert got == best
    assert ans.value is (best == 0)


# Keywords read as changing nothing of declaring only in a case (lines.CombatLine.case): outside it, unsupported.
def test_dash_haste_is_known_only_if_the_state_says_702_109a():
    # 702.109a: it has haste only if its dash cost was paid, which the state says (dashed: false) or doesn't
    st = _state("{card: Mardu Scout, id: scout, dashed: false}", "", step="declare-attackers")
    assert declare.check_attack(st, {"scout": "Bob"}).value is True
    sick = _state("{card: Mardu Scout, id: scout, summoning_sick: true, dashed: false}", "", step="declare-attackers")
    assert declare.check_attack(sick, {"scout": "Bob"}).value is False
    unsaid = _state("{card: Mardu Scout, id: scout, summoning_sick: true}", "", step="declare-attackers")
    with pytest.raises(Unsupported, match="dash cost was paid"):
        declare.check_attack(unsaid, {"scout": "Bob"})


def test_bestow_unattached_a_creature_attached_an_aura_702_103f():
    # 702.103b, 702.103f: unattached, Nimbus Naiad is an enchantment creature that may attack; attached, a bestowed
    # Aura (not a creature, so it can't attack) whose creature may
    st = _state("{card: Nimbus Naiad, id: naiad}", "", step="declare-attackers")
    assert declare.check_attack(st, {"naiad": "Bob"}).value is True
    attached = _state("{card: Grizzly Bears, id: bears}, {card: Nimbus Naiad, id: naiad, attached_to: bears}", "",
                      step="declare-attackers")
    assert declare.check_attack(attached, {"bears": "Bob"}).value is True
    assert declare.check_attack(attached, {"naiad": "Bob"}).value is False


def test_a_face_down_morph_has_no_text_to_read():
    # 708.2: a face-down permanent is a 2/2 with no text, so its morph line is no ability it has now
    st = _state("{card: Battering Craghorn, id: c, face_down: true}", "", step="declare-attackers")
    assert declare.check_attack(st, {"c": "Bob"}).value is True


def test_unleash_reads_the_counters_it_has_now():
    blocker = "{card: Rakdos Cackler, id: cackler, counters: {+1/+1: 2}}"
    st = _state("{card: Grizzly Bears, id: bears, attacking: Bob}", blocker, step="declare-attackers")
    answer = declare.check_block(st, {"cackler": ("bears",)})
    assert answer.value is False and "702.98a" in answer.why[0].rules


def test_a_requirement_yields_to_how_many_may_block():
    # Lure on Charging Rhino: every creature able to block it must (509.1c), but no more than one may (509.1b):
    # the most requirements a legal declaration obeys is one, so one blocker is legal and two are not
    st = _state("{card: Charging Rhino, id: rhino, attacking: Bob}, {card: Lure, attached_to: rhino}",
                "{card: Grizzly Bears, id: bears}, {card: Pillarfield Ox, id: ox}", step="declare-attackers")
    assert declare.check_block(st, {"bears": ("rhino",)}).value is True
    two = declare.check_block(st, {"bears": ("rhino",), "ox": ("rhino",)})
    assert two.value is False and "509.1b" in two.why[0].rules
    assert declare.check_block(st, {}).value is False


def test_a_line_of_combat_damage_changes_nothing_of_declaring_and_is_read_for_combat_damage():
    # declaring reads nothing of it (declare.DAMAGE_WORDS); combat damage assigns it either way (510.1b-c)
    text = """\
id: q
ask: outcome
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield: [{card: Thorn Elemental, id: thorn, attacking: Bob}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - block: {bears: thorn}
  - advance: end-of-combat
possible: [{player: Bob, life: 20}, {player: Bob, life: 13}]
"""
    from mtgjudge.queries.runner import run_question
    st = loads(text)[0]
    assert declare.check_attack(_state("{card: Thorn Elemental, id: thorn}", "", step="declare-attackers"),
                                {"thorn": "Bob"}).value is True
    result = run_question(st)
    assert result.status == "pass", result.message
def test_a_blocker_with_too_many_choices_is_unsupported_not_enumerated():
    """509.1a: Palace Guard facing 30 attackers has 2**30 ways to block; the search says so as unsupported
    instead of building them (which took minutes and gigabytes, past any bound, and in a worker thread no
    alarm stops it). With 3 attackers it still answers."""
    many = ", ".join(f"{{card: Raging Goblin, id: g{i}, attacking: Bob}}" for i in range(30))
    st = _state(many, "{card: Palace Guard, id: guard}", step="declare-attackers")
    with pytest.raises(Unsupported, match="Palace Guard could block 30 of 30 attackers"):
        declare.check_block(st, {"guard": ("g0", "g1")})
    few = ", ".join(f"{{card: Raging Goblin, id: g{i}, attacking: Bob}}" for i in range(3))
    st = _state(few, "{card: Palace Guard, id: guard}", step="declare-attackers")
    assert declare.check_block(st, {"guard": ("g0", "g1", "g2")}).value is True


def test_another_is_said_of_the_whole_list():
    """"another Wolf or Werewolf": the creature itself is neither of them (it is "another" Wolf, and "another"
    Werewolf)."""
    cond = lines.read("Juggernaut can't block unless you control another Wolf or Werewolf.", "Juggernaut").condition
    assert cond is not None and [s.other for s in cond.selectors] == [True, True]


def test_attack_unless_names_a_subtype_only():
    """"an artifact" is a card type, no subtype: the reading of "unless defending player controls a Swamp" (a
    subtype) does not take it (which would make the restriction apply whatever Bob controls)."""
    line = lines.read("Juggernaut can't attack unless defending player controls an artifact.", "Juggernaut")
    assert line.fact == "cant_attack" and line.unless and line.condition.whose == "defending"



def test_all_slivers_is_every_sliver():
    """"All Sliver creatures have flying." is a grant to every Sliver creature, whoever controls it (613.1f): read
    as "Sliver creatures have flying." is."""
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    face = FaceRecord("Test Sliver", "{1}{U}", "Creature — Sliver", "All Sliver creatures have flying.", "1", "1")
    (a,) = compile_card(CardRecord("Test Sliver", "normal", (face,))).faces[0].abilities
    assert a.kind == "static" and a.static.kind == "grant_keyword" and a.static.arg("keyword") == "Flying"
    assert a.static.affects.subtypes == ("Sliver",) and a.static.affects.controller == "any"


def test_a_grant_to_creatures_with_a_counter():
    """"Each creature you control with a +1/+1 counter on it has flying." (Abzan Falconer, 613.1f): the creatures
    with such a counter as the layer applies (122.1), and no other."""
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    from mtgjudge.model.rules.characteristics import matches
    from mtgjudge.model.rules.layers import current
    text = "Each creature you control with a +1/+1 counter on it has flying."
    face = FaceRecord("Test Falconer", "{2}{W}", "Creature — Bird", text, "2", "3")
    (a,) = compile_card(CardRecord("Test Falconer", "normal", (face,))).faces[0].abilities
    assert a.static.kind == "grant_keyword" and a.static.affects.counter == "+1/+1"
    st = _state("{card: Grizzly Bears, id: bears, counters: {+1/+1: 1}}, {card: Grizzly Bears, id: plain}", "Island")
    sel = a.static.affects
    assert matches(sel, current(st, "bears"), st.obj("bears"), "Alice", None)
    assert not matches(sel, current(st, "plain"), st.obj("plain"), "Alice", None)


_NEAR_MISS = """\
id: near-miss
ask: {ask}
{keys}
state:
  turn: {{active: {active}, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{alice}]
    Bob:
      battlefield: [{bob}]
"""


@pytest.mark.parametrize("ask,keys,active,alice,bob,named", [
    # a condition on the turn's history is not read (508.1c): no answer
    ("can-attack", "about: cohort", "Alice", "{card: Goblin Cohort, id: cohort}", "Grizzly Bears", "Goblin Cohort"),
    # a prevention effect whose sources' phrase the grammar does not read ("artifact sources") stays unmodelled
    ("can-attack", "about: tree", "Alice", "{card: Argothian Treefolk, id: tree}", "Grizzly Bears", "Argothian Treefolk"),
    # a group named by a card name is no phrase the grammar reads
    ("can-attack", "about: bears", "Alice", "{card: Grizzly Bears, id: bears}", "Paper Tiger", "Paper Tiger"),
    # 702.22c, 702.22h: an attacker with banding beside another may be in a band: blocking is unsupported
    ("can-block", "about: bears\nattacker: hero", "Alice",
     "{card: Benalish Hero, id: hero, attacking: Bob}, {card: Hill Giant, attacking: Bob}",
     "{card: Grizzly Bears, id: bears}", "banding"),
    # 701.43d: the attack action does not perform exerting
    ("outcome", "actions: [{attack: {twins: Bob}}]\nexpect: [{player: Bob, life: 16}]", "Alice",
     "{card: Trueheart Twins, id: twins}", "Grizzly Bears", "exert"),
])
def test_near_misses_stay_unsupported(ask, keys, active, alice, bob, named):
    from mtgjudge.queries.format.files import load_text
    from mtgjudge.queries.runner import run_question
    (q,) = load_text(_NEAR_MISS.format(ask=ask, keys=keys, active=active, alice=alice, bob=bob))
    r = run_question(q)
    assert r.status == "unsupported" and named in r.message, (r.status, r.message)



_PHANTOM = """\
id: phantom
ask: outcome
actions: {actions}
expect: [{{object: nomad, zone: battlefield}}]
state:
  turn: {{active: {active}, step: {step}}}
  players:
    Alice:
      battlefield: [Mountain, {{card: Phantom Nomad, id: nomad, counters: {{+1/+1: 2}}}}]
      hand: [Lightning Bolt]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bears{attacking}}}]
"""


@pytest.mark.parametrize("actions,active,step,attacking", [
    ("[{cast: Lightning Bolt, targets: [nomad]}]", "Alice", "precombat-main", ""),
    ("[{block: {nomad: bears}}, {advance: end-of-combat}]", "Bob", "declare-attackers", ", attacking: Alice"),
])
def test_phantom_damage_is_not_performed(actions, active, step, attacking):
    """615.5 and the Phantom rulings (2004-10-04: one counter for damage dealt at once, one even for damage that
    can't be prevented): the prevention with a counter removed is read but not performed, so damage to Phantom
    Nomad, noncombat or in combat, is unsupported, naming its line."""
    from mtgjudge.queries.format.files import load_text
    from mtgjudge.queries.runner import run_question
    (q,) = load_text(_PHANTOM.format(actions=actions, active=active, step=step, attacking=attacking))
    r = run_question(q)
    assert r.status == "unsupported" and "Phantom Nomad" in r.message, (r.status, r.message)


# ------------------------------------------------------------------ the lines compiled to the encoding

from mtgjudge.model.oracle.lines import LineContext, compile_line      # noqa: E402
from mtgjudge.model.oracle.reading import normalize_reading, render_line      # noqa: E402
from mtgjudge.model.rules.combat import record      # noqa: E402

PERMANENT = LineContext(spell=False)


@pytest.mark.parametrize("line,keyword", [
    ("Swampwalk", "Swampwalk"), ("Islandwalk", "Islandwalk"), ("Forestwalk", "Forestwalk"),
    ("Mountainwalk", "Mountainwalk"), ("Plainswalk", "Plainswalk"), ("Fear", "Fear"), ("Intimidate", "Intimidate"),
    ("Shadow", "Shadow"), ("Horsemanship", "Horsemanship"), ("Skulk", "Skulk"),
])
def test_evasion_keywords_are_keyword_abilities(line, keyword):
    """702.13, 702.14, 702.28, 702.31, 702.36, 702.118: the keyword line is the keyword ability declaring reads
    (``declare.EVASION_KEYWORDS``, ``declare.LANDWALK``), and it renders as the keyword."""
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "keyword" and a.keyword == keyword
    assert render_line((a,)) == line


@pytest.mark.parametrize("line", ["Nonbasic landwalk", "Legendary landwalk", "Snow swampwalk", "Desertwalk"])
def test_other_landwalks_stay_unmodelled(line):
    """702.14a-c: a landwalk of any other quality is no keyword the model performs."""
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "unmodelled"


@pytest.mark.parametrize("line,fact", [
    ("~ can't block.", "cant_block"),
    ("~ can't attack.", "cant_attack"),
    ("~ can't attack or block.", "cant_attack_or_block"),
    ("~ can't be blocked.", "cant_be_blocked"),
    ("~ attacks each combat if able.", "must_attack"),
    ("~ blocks each combat if able.", "must_block"),
    ("~ attacks or blocks each combat if able.", "must_attack_or_block"),
    ("~ can block only creatures with flying.", "blocks_only"),
    ("~ can't attack unless defending player controls an Island.", "attack_unless"),
    ("~ can't be blocked except by two or more creatures.", "menace"),
    ("~ can't be blocked except by three or more creatures.", "min_blockers"),
    ("~ can't be blocked by more than one creature.", "max_blockers"),
    ("~ can block an additional creature each combat.", "extra_blocks"),
    ("~ can block any number of creatures.", "extra_blocks"),
    ("~ can't be blocked by Walls.", "not_blocked_by"),
    ("~ can't be blocked by black creatures.", "not_blocked_by"),
    ("~ can't be blocked except by artifact creatures.", "only_blocked_by"),
    ("~ can't block creatures with power 2 or greater.", "cant_block_those"),
    ("~ can't attack or block alone.", "cant_attack_or_block_alone"),
    ("~ can't block and can't be blocked.", "cant_block_and_cant_be_blocked"),
    ("~ can block creatures with shadow as though they didn't have shadow.", "blocks_shadow_ignoring"),
    ("~ can block creatures with shadow as though ~ had shadow.", "blocks_shadow"),
    ("Enchanted creature can't block.", "cant_block"),
    ("Enchanted creature attacks each combat if able.", "must_attack"),
    ("All creatures able to block enchanted creature do so.", "lure"),
    ("All creatures able to block ~ do so.", "lure"),
    ("~ must be blocked if able.", "must_be_blocked"),
    ("Creatures with power less than ~'s power can't block it.", "not_blocked_by"),
    ("Creatures with power greater than ~'s power can't block it.", "not_blocked_by"),
    ("~ can't block creatures with power greater than ~'s power.", "cant_block_those"),
])
def test_declaring_lines_are_the_declaring_word(line, fact):
    """508.1c-d, 509.1a-c: a restriction or requirement of declaring with no condition is the ``declaring_rule``
    static, which renders back as the line, and declaring reads it as the line it is (``lines.of_static``)."""
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "static" and a.static.kind == record.NAME and a.static.arg("fact") == fact
    assert normalize_reading(render_line((a,))) == normalize_reading(line)
    assert lines.of_static(a.static) == replace(lines.read(line, ""), condition=None)


@pytest.mark.parametrize("line", [
    # a condition is read as declaring is checked (``lines.read``), not by the word
    "~ can't block unless you control another Wolf or Werewolf.",
    "~ can't be blocked as long as defending player controls an artifact.",
    # a noun phrase of the phrase grammar (``lines.selectors``), a comparison said another way, an older wording
    "~ can't be blocked by Elves.",
    "~ can't be blocked by creatures with power less than ~'s power.",
    "~ attacks each turn if able.",
    "~ must be blocked each combat if able.",
    # of other creatures: a group line
    "Creatures you control can't block.",
    # with more words than the fact
    "~ can't block, and creatures you control have haste.",
])
def test_other_declaring_lines_stay_unmodelled(line):
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "unmodelled"


@pytest.mark.parametrize("line,fact", [
    ("Enchanted creature gets +2/+2 and can't block.", "cant_block"),
    ("Enchanted creature gets -1/-1 and can't attack.", "cant_attack"),
    ("Enchanted creature gets +1/+0 and can't be blocked.", "cant_be_blocked"),
    ("Enchanted creature gets +2/+0 and can't be blocked by creatures with flying.", "not_blocked_by"),
])
def test_a_raise_joined_to_a_restriction_is_both_words(line, fact):
    """613.4c and 509.1b: the raise is the pt_change word and the restriction the declaring word, both of the
    creature the Aura enchants."""
    raised, rule = compile_line(line, line, PERMANENT)
    assert raised.static.kind == "pt_change" and raised.static.arg("enchanted")
    assert rule.static.kind == record.NAME and rule.static.arg("fact") == fact and rule.static.arg("enchanted")


@pytest.mark.parametrize("line", [
    "Enchanted creature gets +2/+2 and can't block Walls unless you control an Island.",
    "Enchanted creature gets +2/+2 and attacks each combat if able.",
    "Enchanted creature gets +2/+2 and can't be blocked by Elves.",
    "Equipped creature gets +2/+2 and can't block.",
])
def test_near_misses_of_a_raise_joined_to_a_restriction(line):
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "unmodelled"


def test_declaring_no_attackers_reads_the_word_of_a_requirement_508_1d():
    """508.1d: Goblin Brigand's "attacks each combat if able" is the declaring word: declaring no attackers while it
    can attack obeys fewer requirements than attacking with it."""
    st = _state("{card: Goblin Brigand, id: brigand}", "Grizzly Bears", step="declare-attackers")
    (a,) = [a for a in st.obj("brigand").printed.abilities]
    assert a.kind == "static" and a.static.kind == record.NAME
    assert declare.declaring_no_attackers(st).value is False


@pytest.mark.parametrize("blocker,attacker,shadow,legal", [
    # 702.28b, Aetherflame Wall ruling 2006-09-25: "as though they didn't have shadow" with shadow of its own blocks
    # nothing; "as though ~ had shadow" (Wall of Diffusion) with shadow of its own blocks creatures with shadow only
    ("Aetherflame Wall", "Dauthi Slayer", False, True), ("Aetherflame Wall", "Grizzly Bears", False, True),
    ("Aetherflame Wall", "Dauthi Slayer", True, False), ("Aetherflame Wall", "Grizzly Bears", True, False),
    ("Wall of Diffusion", "Dauthi Slayer", False, True), ("Wall of Diffusion", "Grizzly Bears", False, True),
    ("Wall of Diffusion", "Dauthi Slayer", True, True), ("Wall of Diffusion", "Grizzly Bears", True, False),
])
def test_blocking_creatures_with_shadow_as_though(blocker, attacker, shadow, legal):
    st = _state(f"{{card: {attacker}, id: a, attacking: Bob}}", f"{{card: {blocker}, id: b}}", step="declare-attackers")
    if shadow:
        from mtgjudge.model.state import Duration, Lasting, PTChange
        st = st.adding(Lasting(PTChange("b", 0, 0, "test", keywords=("Shadow",)), Duration("end_of_turn", st.turn.number)))
    assert (declare.block_restriction(st, "b", "a") is None) is legal


@pytest.mark.parametrize("line,fact,condition", [
    ("Threshold — As long as seven or more cards are in your graveyard, ~ gets +2/+2 and can't block.", "cant_block",
     "graveyard_at_least"),
    ("As long as you control a Forest, ~ can't block.", "cant_block", "control_at_least"),
    ("As long as ~ is untapped, ~ can't attack.", "cant_attack", "untapped"),
])
def test_a_restriction_under_a_condition_is_the_declaring_word_governed_by_it(line, fact, condition):
    """611.3a, 508.1c, 509.1b: the restriction applies while the condition holds, decided as the declaration is made
    (``declare.declaring_word``): one ``as_long_as`` static governing the ``declaring_rule``."""
    governed = [a for a in compile_line(line, line, PERMANENT) if declare.declaring_word(a) is not None]
    (a,) = governed
    assert a.static.kind == "as_long_as" and dict(a.static.arg("condition"))["kind"] == condition
    assert declare.declaring_word(a).arg("fact") == fact


@pytest.mark.parametrize("line", [
    # a condition the layers' word does not read (the defending player's permanents): read by the combat reader
    # as declaring is checked, not compiled
    "As long as defending player controls an Island, ~ can't be blocked.",
    # "enchanted creature" is not the object itself
    "As long as you control a Forest, enchanted creature can't block.",
])
def test_other_conditional_restrictions_stay_unmodelled(line):
    (a,) = compile_line(line, line, PERMANENT)
    assert a.kind == "unmodelled"


def test_the_condition_is_decided_on_the_board_as_it_stands():
    """611.3a: the same Frightcrawler blocks with six cards in its controller's graveyard and can't with seven."""
    def can_block(cards: int) -> bool:
        text = f"""\
id: q
ask: can-block
about: crawler
attacker: bears
state:
  turn: {{active: Alice, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{{card: Grizzly Bears, id: bears, attacking: Bob}}]
    Bob:
      battlefield: [{{card: Frightcrawler, id: crawler}}]
      graveyard: [{", ".join(["Forest"] * cards)}]
"""
        (q,) = loads(text)
        from mtgjudge.queries.runner import run_question
        return run_question(q).answer.value
    assert (can_block(6), can_block(7)) == (True, False)
