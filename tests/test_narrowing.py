"""The narrowing table (model/oracle/narrowing.py): every row is tested in the case where it would be wrong. For
each row a test poses the line where it would matter (the card in the zone it works from, the event it waits
for, the option chosen) and asserts `unsupported` or the modelled answer, or shows that a line which would matter
in a question is not narrowed by the row (a near miss). ``test_every_row_has_a_test_where_it_would_be_wrong``
fails for a row without one. The narrowing rules' own cases (a line they cover is narrowed) are in
tests/test_oracle_scopes.py and tests/test_keyword_scopes.py."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.vocab.keywords import BY_NAME, TABLE as KEYWORDS, Keyword
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.narrowing import TABLE, keyword_of
from mtgjudge.model.vocab.cast_options import adds_ways, not_chosen, only_if_paid
from mtgjudge.model.oracle.scopes import declaration_only, scopes_of, zones_of
from mtgjudge.model.vocab.scopes import Scope
from tests.card_helpers import card, answer

#: Row name -> the tests that pose it where it would matter (filled by ``matters``).
TESTED: dict[str, list[str]] = {}


def matters(*rows: str) -> Callable:
    """Register the decorated test as the test of ``rows`` where they would be wrong."""
    def mark(f: Callable) -> Callable:
        for r in rows:
            TESTED.setdefault(r, []).append(f.__name__)
        return f
    return mark


def unmodelled(c: CardDef):
    """The card's one unmodelled line."""
    (a,) = [a for a in c.front.abilities if a.kind == "unmodelled"]
    return a


# ---------------------------------------------------------------- 113.6: zones

@matters("the usual zone")
def test_a_permanents_line_is_asked_where_it_functions_113_6():
    # "the usual zone": a permanent's line functions on the battlefield, and there it is asked
    beast = card("Frob Beast", "Creature — Beast", "{2}{G}", "Creatures you control frobnicate.", "2/2")
    assert unmodelled(beast).zones == ("battlefield",)
    status, _, msg = answer("""
id: t
ask: can-activate
about: elf
ability: 1
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Frob Beast}, {card: Llanowar Elves, id: elf, summoning_sick: true}]
    Bob: {}
expect: no
""", beast)
    assert status == "unsupported" and "frobnicate" in msg


@matters("an ability that states its zone")
def test_a_line_that_states_its_graveyard_is_asked_there_113_6b():
    ghost = card("Grave Ghost", "Creature — Spirit", "{2}{G}",
                 "As long as ~ is in your graveyard, creatures you control frobnicate.", "2/2")
    assert unmodelled(ghost).zones == ("graveyard",)
    status, _, msg = answer("""
id: t
ask: can-activate
about: elf
ability: 1
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Llanowar Elves, id: elf, summoning_sick: true}]
      graveyard: [{card: Grave Ghost}]
    Bob: {}
expect: no
""", ghost)
    assert status == "unsupported" and "frobnicate" in msg


@matters("a permanent's trigger that bounces itself")
def test_a_bounce_trigger_naming_the_zone_it_leaves_is_not_narrowed_113_6m():
    # the row narrows a bounce that names no zone it leaves; one that returns ~ from the graveyard works there
    assert zones_of("Whenever you cast a spell, you may return ~ to its owner's hand.", "triggered", False) == \
        ("battlefield",)
    assert zones_of("Whenever you cast a spell, you may return ~ from your graveyard to your hand.", "triggered",
                    False) == ()
    assert zones_of("When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand.",
                    "triggered", False) == ()


# ---------------------------------------------------------------- 603, 605, 602: triggers and activations

@matters("a trigger that adds no mana")
def test_a_trigger_is_asked_when_its_event_happens_603_2():
    beast = card("Frob Watcher", "Creature — Beast", "{2}{G}", "Whenever a creature dies, frobnicate.", "2/2")
    assert Scope.DIES in unmodelled(beast).scope and Scope.CASTING not in unmodelled(beast).scope
    status, _, msg = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, {card: Frob Watcher}]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {cast: bolt, targets: [bears]}
  - resolve: all
expect: [{object: bears, zone: graveyard}]
""", beast)
    assert status == "unsupported" and "frobnicate" in msg


@matters("an activated ability that adds no mana")
def test_an_activated_ability_is_asked_when_activated_602_2():
    rod = card("Frob Rod", "Artifact", "{2}", "{1}, Frob a creature: Draw a card.")
    assert Scope.ACTIVATION in unmodelled(rod).scope and Scope.MANA not in unmodelled(rod).scope
    status, _, _ = answer("""
id: t
ask: can-activate
about: rod
ability: 1
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, {card: Frob Rod, id: rod}]
    Bob: {}
expect: yes
""", rod)
    assert status == "unsupported"
    # and a line that could add mana is not narrowed to activating it (605.1a)
    assert scopes_of("{1}: Add one mana of any color frobnicated.", "activated") == ()


@matters("spending mana as though it were another type")
def test_spending_as_though_is_asked_when_a_cost_is_paid_609_4b():
    dawn = card("Frob Dawn", "Enchantment", "{2}{W}",
                "You may spend mana as though it were mana of any color.")
    a = [a for a in dawn.front.abilities]
    status, value, _ = answer("""
id: t
ask: can-play
about: cs
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain, {card: Frob Dawn}]
      hand: [{card: Counterspell, id: cs}]
    Bob: {}
  stack:
    - {card: Lightning Bolt, controller: Bob, targets: [Alice]}
expect: yes
""", dawn)
    # modelled (609.4b: red mana spent as blue) or unsupported: never "no"
    assert (status, value) in (("pass", True), ("unsupported", None)), (status, value, a)


@matters("a keyword the object itself has")
def test_a_keyword_given_to_itself_is_asked_where_the_keyword_matters_613_1f():
    # "~ has haste as long as ...": haste's scopes (702.10: activation, combat), asked where it matters
    # (a condition the model does not read: "as long as you control a Forest" is read, 611.3a)
    elf = card("Frob Elf", "Creature — Elf", "{G}", "~ has haste as long as you control a creature with flying.\n"
               "{T}: Add {G}.", "1/1")
    assert Scope.ACTIVATION in unmodelled(elf).scope
    status, value, _ = answer("""
id: t
ask: can-activate
about: elf
ability: 1
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, {card: Frob Elf, id: elf, summoning_sick: true}]
    Bob: {}
expect: yes
""", elf)
    assert (status, value) in (("pass", True), ("unsupported", None))
    # near miss: a keyword given to other creatures is not this row
    assert scopes_of("Creatures you control have flying as long as you control an artifact.", "static") == ()


# ---------------------------------------------------------------- static templates

def _outcome_unsupported(doc: str, *cards: CardDef) -> str:
    status, value, msg = answer(doc, *cards)
    assert status == "unsupported", (status, value, msg)
    return msg


@matters("can't be countered")
def test_cant_be_countered_is_asked_when_countered_701_6():
    # the row narrows to the resolution scope (701.6): Counterspell targeting it asks it
    sorc = card("Frob Sorcery", "Sorcery", "{R}", "~ can't be countered by blue spells.\nDraw a card.")
    assert [s for a in sorc.front.abilities if a.kind == "unmodelled" and a.scope for s in a.scope] == \
        [Scope.RESOLUTION]
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [Island, Island]
      hand: [{card: Counterspell, id: cs}]
    Bob: {}
  stack:
    - {card: Frob Sorcery, id: u, controller: Bob}
actions:
  - {cast: cs, by: Alice, targets: [u]}
  - resolve: 1
expect: [{object: u, zone: graveyard}]
""", sorc)


@matters("maximum hand size")
def test_a_maximum_hand_size_not_read_is_asked_at_cleanup_402_2():
    # ("You have no maximum hand size." is read, ``words.library``: a number the line gives is not)
    relic = card("Frob Relic", "Artifact", "{2}", "Your maximum hand size is increased by two.")
    assert unmodelled(relic).scope == (Scope.HAND_SIZE,)
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Frob Relic}]
      hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
      library: 5
    Bob:
      library: 5
actions:
  - advance: next-turn
expect: [{player: Alice, hand_size: 7}]
""", relic)


@matters("doesn't untap")
def test_doesnt_untap_is_asked_in_the_untap_step_502_3():
    # (the line without a condition is read, ``words.tapping``: a condition keeps it to the table's row)
    golem = card("Frob Golem", "Artifact Creature — Golem", "{3}",
                 "~ doesn't untap during your untap step if you control an Island.", "4/4")
    assert unmodelled(golem).scope == (Scope.UNTAP,)
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [{card: Frob Golem, id: g, tapped: true}]
      library: 5
    Bob:
      library: 5
actions:
  - advance: next-turn
expect: [{object: g, tapped: false}]
""", golem)


@matters("untaps in other untap steps")
def test_untapping_in_other_untap_steps_is_asked_there_502_3():
    golem = card("Frob Seer", "Artifact Creature — Golem", "{3}", "Untap ~ during each other player's untap step.",
                 "1/1")
    assert unmodelled(golem).scope == (Scope.UNTAP,)
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Frob Seer, id: g, tapped: true}]
      library: 5
    Bob:
      library: 5
actions:
  - advance: next-turn
expect: [{object: g, tapped: true}]
""", golem)


@matters("power and toughness changed", "power and toughness defined", "power and toughness raised")
def test_power_and_toughness_lines_are_asked_where_toughness_matters_613_4c():
    lord = card("Frob Lord", "Creature — Elf", "{1}{G}", "Elves you control get +1/+1 for each frob you control.",
                "1/1")
    avatar = card("Frob Avatar", "Creature — Avatar", "{3}{G}", "~'s power and toughness are each equal to the "
                  "number of frobs you control.", "*/*")
    for c in (lord, avatar):      # (a raise only: the lower bound of 704.5f-g, ``Scope.PT_RAISED``)
        assert {Scope.POWER_TOUGHNESS, Scope.PT_RAISED} & set(unmodelled(c).scope)
    for who in ("Frob Lord", "Frob Avatar"):
        _outcome_unsupported(f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, {{card: {who}, id: x}}]
      hand: [{{card: Lightning Bolt, id: bolt}}]
    Bob: {{}}
actions:
  - {{cast: bolt, targets: [x]}}
  - resolve: all
expect: [{{object: x, zone: graveyard}}]
""", lord, avatar)


@matters("a replacement of its own entering", "enters tapped or with counters", "choices as it enters",
         "kicked, it enters with counters")
def test_entering_lines_are_asked_as_it_enters_614_1c():
    lines = ["If ~ would enter the battlefield, sacrifice an untapped Mountain instead. If you do, put ~ onto the "
             "battlefield. If you don't, put it into its owner's graveyard.",
             "~ enters the battlefield tapped unless you control a frob.",
             "As ~ enters the battlefield, choose a frob.",
             "If ~ was kicked, it enters the battlefield with a frob counter and a blip counter on it."]
    for i, line in enumerate(lines):
        c = card(f"Frob Entrant {i}", "Creature — Beast", "{G}", line, "1/1")
        assert {Scope.ENTERS, Scope.ENTERS_ITSELF} & set(unmodelled(c).scope)     # (614.12: its own entering)
        _outcome_unsupported(f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Forest, Mountain]
      hand: [{{card: Frob Entrant {i}, id: x}}]
    Bob: {{}}
actions:
  - {{cast: x}}
  - resolve: all
expect: [{{object: x, zone: battlefield}}]
""", c)


@matters("attacking and blocking restrictions", "creatures that can't block it", "blocks more creatures")
def test_combat_lines_are_not_narrowed_past_combat_506_509():
    # the rows give combat alone; a line that says more (a second statement) is not theirs
    assert scopes_of("~ can't block.", "static") == (Scope.COMBAT,)
    assert scopes_of("~ can't block, and creatures you control have haste.", "static") == ()
    assert scopes_of("Creatures with power less than ~'s power can't block it.", "static") == (Scope.COMBAT,)
    assert scopes_of("Creatures with power less than ~'s power can't block it and frobnicate.", "static") == ()
    assert scopes_of("As long as you control a Forest, it can block an additional creature each combat and lands "
                     "you control have \"{T}: Add {G}.\"", "static") == ()


@matters("all creatures able to block it do so")
def test_a_blocking_requirement_is_combat_and_no_combat_damage_509_1c():
    # Lure's requirement concerns combat (it is asked when blockers are declared, 509.1c); what it says more is
    # not the row's; as a requirement on declaring it changes no combat damage (``declaration_only``), and a line
    # that also says something else is not one
    assert scopes_of("All creatures able to block enchanted creature do so.", "static") == (Scope.COMBAT,)
    assert scopes_of("All creatures able to block enchanted creature do so, and it has trample.", "static") == ()
    assert declaration_only("All creatures able to block enchanted creature do so.", "Lure")
    assert not declaration_only("All creatures able to block enchanted creature do so, and it has trample.", "Lure")
    assert not declaration_only("Enchanted creature has trample.", "Rancor")


@matters("where a discarded card goes")
def test_a_discard_replacement_is_asked_when_its_card_is_discarded_701_9():
    c = card("Frob Wisp", "Enchantment", "{1}{U}", "If a spell or ability an opponent controls causes you to "
             "discard ~, you may reveal it and put it on top of your library instead of putting it anywhere else.")
    assert Scope.DISCARD in unmodelled(c).scope
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      hand: [{card: Frob Wisp, id: w}]
    Bob:
      battlefield: [Swamp]
      hand: [{card: Duress, id: duress}]
actions:
  - {cast: duress, targets: [Alice]}
  - resolve: all
expect: [{object: w, zone: hand}]
""", c)


@matters("an alternative cost", "an alternative cost, condition first", "cast as though it had flash",
         "cast as though it had flash, with a rider", "a way to cast it matters only to a no")
def test_a_way_to_cast_it_is_asked_when_the_usual_way_fails_118_9():
    lines = ["You may frobnicate rather than pay ~'s mana cost.",
             "If you control a Forest, rather than pay ~'s mana cost, you may frobnicate.",
             "You may cast ~ as though it had flash if you pay {X} more to cast it.",   # no reading has X
             "You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't have been cast, "
             "frobnicate."]
    for i, line in enumerate(lines):
        c = card(f"Frob Option {i}", "Sorcery", "{5}{R}", line + "\nFrob Option deals 1 damage to any target.")
        assert Scope.CAST_OPTIONS in unmodelled(c).scope and adds_ways(unmodelled(c))
        # no lands for the mana cost (and, for the flash one, Bob's turn): only the line could let it be cast
        status, value, msg = answer(f"""
id: t
ask: can-play
about: x
state:
  turn: {{active: {"Bob" if "flash" in line else "Alice"}}}
  players:
    Alice:
      battlefield: [Forest{", Mountain, Mountain, Mountain, Mountain, Mountain, Mountain" if "flash" in line else ""}]
      hand: [{{card: Frob Option {i}, id: x}}]
    Bob: {{}}
{"  stack: [{card: Lightning Bolt, controller: Bob, targets: [Alice]}]" if "flash" in line else ""}
expect: no
""", c)
        assert status == "unsupported" and "another way" in msg, (line, status, value, msg)


@matters("begins the game on the battlefield", "begins the game with a counter", "mulligan", "ante", "drafting",
         "can be your commander")
def test_lines_before_the_game_are_not_narrowed_past_it_103():
    # the rows give the outside of the game alone; a line that acts in the game is not theirs
    for line in ["Any time you could mulligan and ~ is in your hand, you may put ~ onto the battlefield.",
                 "If ~ is in your opening hand, you may begin the game with it on the battlefield. Draw a card.",
                 "If ~ is in your opening hand and you're not playing first, you may begin the game with ~ on the "
                 "battlefield with a luck counter on it. If you do, draw a card.",
                 "Remove ~ from your deck before playing if you're not playing for ante. Draw a card.",
                 "Draft ~ face up. Draw a card.",
                 "~ can be your commander. Creatures you control have haste."]:
        assert scopes_of(line, "static") == (), line


@matters("the top card revealed")
def test_the_top_card_revealed_is_not_narrowed_past_drawing_401_5():
    assert scopes_of("Play with the top card of your library revealed.", "static") == (Scope.DRAW,)
    assert scopes_of("Play with the top card of your library revealed. You may play lands from the top of your "
                     "library.", "static") == ()


# ---------------------------------------------------------------- uses: a cost option cast for the mana cost

BUYBACK = card("Frob Slaughter", "Instant", "{2}{B}{B}", "Buyback—Frob a frob.\nDestroy target creature.")


@matters("a cost option not chosen")
def test_an_optional_additional_cost_is_asked_when_cast_for_its_mana_cost_702_27a():
    # 601.2b: buyback may be paid with the mana cost: the final positions with it paid are not left out (a cost
    # the compiler doesn't read: the cast itself is unsupported, words.kicker.perform.unperformed_options)
    assert keyword_of("Buyback—Frob a frob") is BY_NAME["buyback"] and BY_NAME["buyback"].additional
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp]
      hand: [{card: Frob Slaughter, id: s}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {cast: s, targets: [bears]}
  - resolve: all
possible: [{object: s, zone: hand}]
""", BUYBACK)
    # an alternative cost is not chosen when the actions cast it for its mana cost (118.9a): answered
    snuff = card("Frob Snuff", "Instant", "{3}{B}", "You may frobnicate rather than pay ~'s mana cost.\n"
                 "Destroy target creature.")
    assert not_chosen(unmodelled(snuff))
    status, value, _ = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp]
      hand: [{card: Frob Snuff, id: s}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {cast: s, targets: [bears]}
  - resolve: all
expect: [{object: bears, zone: graveyard}, {player: Alice, life: 20}]
""", snuff)
    assert (status, value) == ("pass", True)


@pytest.mark.parametrize("line", ["Kicker—Frobnicate.", "Multikicker—Frobnicate.", "Replicate—Frobnicate.",
                                  "Bargain", "Casualty 2"])
def test_no_optional_additional_cost_is_left_unpaid_601_2b(line):
    # an unread optional additional cost: a spell the actions cast for its mana cost may have it paid or not,
    # decided as it is cast (words.kicker.perform.unperformed_options): the cast is unsupported, never "not paid"
    bolt = card("Frob Bolt", "Instant", "{R}", line + "\nFrob Bolt deals 1 damage to any target.")
    assert any(a.kind == "unmodelled" for a in bolt.front.abilities), line
    assert line.split("—")[0].split(" ")[0] in _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, {card: Goblin Piker, id: p1}, {card: Goblin Piker, id: p2}]
      hand: [{card: Frob Bolt, id: b}]
    Bob: {}
actions:
  - {cast: b, targets: [Bob]}
  - resolve: all
expect: [{player: Bob, life: 19}]
""", bolt)


@matters("abilities that apply only if an alternative cost was paid")
def test_an_overload_spell_given_on_the_stack_is_asked_702_96a():
    # cast by the actions for its mana cost, overload changes nothing; put on the stack by the question, it may have
    # been overloaded: asked (tests/test_keyword_scopes.py has the engine's side)
    (a,) = compile_line("Overload {1}{R}", "Overload {1}{R}", LineContext(spell=True))
    assert only_if_paid(a) is BY_NAME["overload"]
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice: {}
    Bob:
      battlefield: [{card: Llanowar Elves, id: elf1}, {card: Llanowar Elves, id: elf2}]
  stack:
    - {card: Electrickery, id: zap, controller: Alice, targets: [elf1]}
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")


def test_an_evoke_creature_given_on_the_stack_is_asked_702_74a():
    # evoke is read (its alternative cost and its trigger, 702.74a); put on the stack by the question, whether its
    # evoke cost was paid is not known: its trigger's intervening "if" is unsupported, naming it
    msg = _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      library: 5
    Bob: {}
  stack:
    - {card: Mulldrifter, id: drifter, controller: Alice}
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")
    assert "evoke cost" in msg


@pytest.mark.parametrize("name", ["Affinity", "Undaunted", "Assist"])
def test_cost_reductions_and_help_paying_are_how_it_is_cast_601_2f(name):
    # 702.41a, 702.125a: a reduction always applies; 702.132a: another player may pay: no mere option
    assert Scope.SPELL_COSTS in BY_NAME[name.lower()].scopes


@matters("keyword Affinity")
def test_affinity_is_asked_as_the_spell_is_cast_702_41a():
    # a quality the count reader does not read (outlaws, 700.12): the keyword stays unmodelled
    frog = card("Frob Frog", "Artifact Creature — Frog", "{4}", "Affinity for outlaws", "2/2")
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Wastes, Wastes, Wastes, Wastes, Memnite, Memnite]
      hand: [{card: Frob Frog, id: f}]
    Bob: {}
actions:
  - {cast: f}
expect: [{object: f, zone: stack}]
""", frog)


# ---------------------------------------------------------------- keywords (702)

def _signature(kw: Keyword) -> tuple:
    return kw.kind, kw.scopes, kw.zones, kw.if_chosen, kw.additional


def _in_zone(name: str, line: str, type_line: str, zone: str, ask: str, extra: str = "", pt: str = "") -> tuple:
    c = card(name, type_line, "{1}{R}", line, pt)
    assert any(a.kind == "unmodelled" for a in c.front.abilities), line
    where = "battlefield" if zone == "battlefield" else zone
    return answer(f"""
id: t
ask: {ask}
about: x
{extra}
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain]
      {where}: [{{card: {name}, id: x}}]
    Bob: {{}}
""", c)


@matters("keyword Flashback", "keyword Harmonize", "keyword Mayhem", "keyword Disturb")
@pytest.mark.parametrize("line", ["Flashback—Frob a frob.", "Harmonize {1}{R}", "Mayhem {1}{R}", "Disturb {1}{R}"])
def test_a_keyword_that_casts_from_the_graveyard_is_asked_there_601_3(line):
    status, value, msg = _in_zone("Frob Bolt", line + "\nFrob Bolt deals 1 damage to any target.", "Sorcery",
                                  "graveyard", "can-play", "expect: no")
    assert status == "unsupported" or (status, value) == ("fail", True), (status, value, msg)


@matters("keyword Cycling", "keyword Ninjutsu", "keyword Transmute", "keyword Forecast", "keyword Reinforce")
# ("Reinforce 1—{1}{R}" is read, ``words.cycling``: the row keeps the reinforce lines it does not read, with X)
@pytest.mark.parametrize("line", ["Frobcycling {2}", "Ninjutsu {1}{R}", "Transmute—Pay 2 life.",
                                  "Forecast — {1}{R}, Reveal ~ from your hand: Frobnicate.", "Reinforce X—{X}{R}"])
def test_a_keyword_activated_from_the_hand_is_asked_there_113_6j(line):
    status, value, msg = _in_zone("Frob Cycler", line, "Creature — Beast", "hand", "can-activate",
                                  "ability: 1\nexpect: no", pt="1/1")
    assert status == "unsupported" or (status, value) == ("fail", True), (status, value, msg)


@matters("keyword Unearth", "keyword Scavenge", "keyword Embalm", "keyword Eternalize", "keyword Encore")
# ("Unearth {R}" and "Scavenge {1}{R}" are read, ``words.graveyard_abilities``: the rows keep the lines it does not read)
@pytest.mark.parametrize("line", ["Unearth—Pay 2 life.", "Scavenge—Pay 2 life.", "Embalm {1}{R}", "Eternalize {1}{R}",
                                  "Encore {1}{R}"])
def test_a_keyword_activated_from_the_graveyard_is_asked_there_113_6j(line):
    status, value, msg = _in_zone("Frob Digger", line, "Creature — Beast", "graveyard", "can-activate",
                                  "ability: 1\nexpect: no", pt="1/1")
    assert status == "unsupported" or (status, value) == ("fail", True), (status, value, msg)


@matters("keyword Madness", "keyword Suspend", "keyword Splice")
# (a madness, suspend or splice line the model reads is its own abilities, ``words.madness``, ``words.suspend``,
# ``words.splice``: the rows keep the lines it does not read, with X or a cost it does not read; "Fuse" is read
# whole, ``words.split``, and a fuse line with anything after it is no keyword line)
@pytest.mark.parametrize("line, zone", [("Madness {X}{R}", "hand"), ("Suspend X—{X}{R}", "hand"),
                                        ("Suspend X—{X}{R}", "exile"),
                                        ("Splice onto Arcane—Frob a frob.", "hand")])
def test_keywords_of_the_hand_and_exile_function_there_113_6b(line, zone):
    (a,) = compile_line(line, line, LineContext(spell=True))
    assert a.functions_in(zone) and Scope.CAST_OPTIONS in a.scope, line


@matters("keyword Fuse")
def test_fuse_is_read_whole_and_functions_in_the_hand_702_102a():
    # the row's narrowing (a way to cast it from the hand) is what the read word does: it functions in the hand only
    (a,) = compile_line("Fuse", "Fuse", LineContext(spell=True))
    assert a.kind == "static" and a.static.kind == "fuse"
    assert a.functions_in("hand") and not a.functions_in("graveyard")
    assert Scope.CAST_OPTIONS in a.static.word.scopes


#: For a keyword of each narrowing (kind, scopes, zones, options): a line, whether it is a spell's, a zone its rule
#: (702) says it works in, and a scope it changes there. A narrowing that left either out would be wrong.
KEYWORD_CASES = [
    ("Flying", False, "battlefield", Scope.COMBAT),                          # 702.9b
    ("Deathtouch", False, "battlefield", Scope.LIFE),                         # 702.2b-c: damage, destruction
    ("Haste", False, "battlefield", Scope.ACTIVATION),                       # 702.10b
    ("Hexproof", False, "battlefield", Scope.TARGETING),                     # 702.11b
    ("Protection from red", False, "battlefield", Scope.TARGETING),          # 702.16b
    ("Prowess", False, "battlefield", Scope.POWER_TOUGHNESS),                # 702.108a: a trigger
    ("Flash", True, "hand", Scope.CASTING),                                  # 702.8a
    ("Convoke", True, "stack", Scope.SPELL_COSTS),                           # 702.51a
    ("Split second", True, "stack", Scope.CASTING),                          # 702.61a
    ("Buyback {3}", True, "stack", Scope.CAST_OPTIONS),                      # 702.27a
    ("Splice onto Arcane {1}{R}", True, "hand", Scope.CAST_OPTIONS),         # 702.47a
    ("Squad {2}", False, "hand", Scope.CAST_OPTIONS),                        # 702.157a: and its trigger
    ("Morph {2}", False, "hand", Scope.CAST_OPTIONS),                        # 702.37a-c
    ("Evoke {2}", False, "hand", Scope.CAST_OPTIONS),                        # 702.74a
    ("Prowl {R}", True, "hand", Scope.CAST_OPTIONS),                         # 702.76a
    ("Overload {2}{R}", True, "stack", Scope.RESOLUTION),                    # 702.96a-b
    ("Entwine {2}", True, "stack", Scope.CAST_OPTIONS),                      # 702.42a
    ("Escape—{R}{R}, Exile two other cards from your graveyard.", False, "graveyard", Scope.CAST_OPTIONS),  # 702.138a
    ("Suspend X—{X}{R}", True, "exile", Scope.UPKEEP),                       # 702.62a (a line not read)
    ("Cycling {2}", False, "hand", Scope.ACTIVATION),                        # 702.29a
    ("Unearth—Pay 2 life.", False, "graveyard", Scope.ACTIVATION),           # 702.84a (a line not read)
    ("Aura swap {2}", False, "battlefield", Scope.ACTIVATION),               # 702.65a
    ("Dredge X", False, "graveyard", Scope.DRAW),                            # 702.52a (a line not read)
    ("Recover {2}", False, "graveyard", Scope.DIES),                         # 702.59a: triggers from the graveyard
    ("Haunt", False, "exile", Scope.DIES),                                   # 702.55a-c: triggers from exile
    ("Storm", True, "stack", Scope.RESOLUTION),                              # 702.40a: a trigger as it is cast
    ("Epic", True, "stack", Scope.RESOLUTION),                               # 702.50a
    ("Unleash", False, "battlefield", Scope.COMBAT),                         # 702.98a: can't block
    ("Amplify 1", False, "hand", Scope.ENTERS),                              # 702.38a: as it enters, from anywhere
    ("Riot", False, "stack", Scope.ENTERS),                                  # 702.136a
    ("Ravenous", False, "stack", Scope.DRAW),                                # 702.156a: and its draw trigger
    ("Changeling", False, "hand", Scope.CHARACTERISTICS),                    # 702.73a: everywhere (604.3)
    ("Living metal", False, "battlefield", Scope.CHARACTERISTICS),           # 702.161a: on your turn
    ("Enchant creature", False, "hand", Scope.TARGETING),                    # 702.5a, 303.4a: the Aura spell's target
    ("Partner", False, "hand", Scope.OUTSIDE_GAME),                          # 702.124a: deck construction
    ("Companion — Each nonland card in your starting deck has mana value 3 or less.", False, "hand",
     Scope.CAST_OPTIONS),                                                    # 702.139a: and 116.2g
    ("Affinity for outlaws", True, "stack", Scope.SPELL_COSTS),              # 702.41a: a quality not read
    ("Assist", True, "stack", Scope.SPELL_COSTS),                            # 702.132a
]


@matters(*{f"keyword {keyword_of(line).name}" for line, *_ in KEYWORD_CASES if keyword_of(line) is not None})
@pytest.mark.parametrize("line, spell, zone, scope", KEYWORD_CASES)
def test_a_keyword_functions_where_its_rule_says_and_changes_what_it_says_702(line, spell, zone, scope):
    for a in compile_line(line, line, LineContext(spell=spell)):
        if a.kind == "unmodelled":
            assert a.functions_in(zone) and a.may_concern(scope), (line, a.zones, a.scope)


def test_every_row_has_a_test_where_it_would_be_wrong():
    """A row of the table without a test where it would be wrong fails here. A keyword row is tested by a test of
    any keyword narrowed the same way (the same kind, scopes, zones and options): the same narrowing."""
    tested_signatures = {_signature(BY_NAME[name[len("keyword "):].lower()])
                         for name in TESTED if name.startswith("keyword ")}
    missing = []
    for row in TABLE:
        if row.name.startswith("keyword "):
            kw = BY_NAME[row.name[len("keyword "):].lower()]
            if row.name not in TESTED and _signature(kw) not in tested_signatures:
                missing.append(row.name)
        elif row.name not in TESTED:
            missing.append(row.name)
    assert missing == []


def test_every_row_has_a_rule_and_a_unique_name():
    names = [r.name for r in TABLE]
    assert len(names) == len(set(names))
    assert all(r.rule and r.narrows in ("zones", "scopes", "zones and scopes", "use") for r in TABLE)
    assert {r.name for r in TABLE if r.name.startswith("keyword ")} == {f"keyword {k.name}" for k in KEYWORDS}


@matters("a cost option not chosen")
def test_conspire_is_asked_only_where_it_could_be_paid_702_78a():
    # 601.2h: an optional cost that can't be paid can't be announced: with no two untapped black creatures, a black
    # creature card with conspire (not read on a permanent card: its copy would become a token, 707.10f) was cast
    # without conspire; with two, it may have been conspired (a copy): unsupported, naming it
    plotter = card("Frob Plotter", "Creature — Zombie", "{B}", "Conspire", "1/1")
    assert unmodelled(plotter).source_text == "Conspire"
    doc = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Swamp{creatures}]
      hand: [{{card: Frob Plotter, id: plot}}]
    Bob: {{}}
actions:
  - {{cast: plot}}
  - resolve: all
expect: [{{object: plot, zone: battlefield}}]
"""
    assert answer(doc.format(creatures=""), plotter)[:2] == ("pass", True)
    assert answer(doc.format(creatures=", Grizzly Bears, Grizzly Bears"), plotter)[:2] == ("pass", True)   # green
    status, _, msg = answer(doc.format(creatures=", Walking Dead, Walking Dead"), plotter)
    assert status == "unsupported" and "Conspire" in msg


@matters("level striations")
def test_a_levelers_striations_are_asked_on_the_battlefield_711_2():
    leveler = compile_card(CardRecord("Frob Leveler", "leveler", (FaceRecord(
        "Frob Leveler", "{R}", "Creature — Human", "Level up {1}\nLEVEL 1-3\n3/3\nLEVEL 4+\n5/5", "1", "1"),)))
    assert unmodelled(leveler).zones == ("battlefield",)
    _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, {card: Frob Leveler, id: x, counters: {level: 2}}]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob: {}
actions:
  - {cast: bolt, targets: [x]}
  - resolve: all
expect: [{object: x, zone: graveyard}]
""", leveler)


@matters("the same color for objects off the battlefield")
def test_the_color_of_cards_off_the_battlefield_is_asked_611_3a():
    dawn = card("Frob Dawn", "Enchantment", "{2}{W}", "Nonland permanents you control are white. The same is true "
                "for spells you control and nonland cards you own that aren't on the battlefield.")
    rest = unmodelled(dawn)
    assert rest.scope == (Scope.COLORS_OFF_BATTLEFIELD,) and rest.functions_in("battlefield")
    # near miss: another second sentence keeps the whole line unread, changing anything
    other = card("Frob Dusk", "Enchantment", "{2}{W}", "Nonland permanents you control are white. Spells you "
                 "control cost {1} less to cast.")
    assert unmodelled(other).scope == ()


@matters("keyword Splice")
def test_a_splice_card_in_hand_is_asked_when_another_spell_is_cast_702_47a():
    # splice functions in the hand (113.6b) as another instant or sorcery is cast: that cast is asked about it (a
    # splice line whose cost is read is the word ``splice``, performed: ``tests/test_splice.py``)
    glacial = card("Frob Ray", "Instant — Arcane", "{1}{R}", "Splice onto Arcane—Frob a frob.\n~ deals 2 damage to "
                   "any target.")
    arcane = card("Frob Arcana", "Instant — Arcane", "{R}", "~ deals 1 damage to any target.")
    msg = _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain, Mountain]
      hand: [{card: Frob Arcana, id: a}, {card: Frob Ray, id: r}]
    Bob: {}
actions:
  - {cast: a, targets: [Bob]}
  - resolve: all
expect: [{player: Bob, life: 19}]
""", glacial, arcane)
    assert "splice" in msg.lower()


@matters("keyword Dash", "keyword Blitz")
@pytest.mark.parametrize("line", ["Dash {1}{R}", "Blitz {1}{R}"])
def test_a_dash_creature_on_the_battlefield_may_have_haste_702_109a(line):
    # "as long as this permanent's dash cost was paid, it has haste": given on the battlefield, it may have been
    # dashed, so its {T} ability may be activated though it came under Alice's control this turn (302.6)
    c = card("Frob Dasher", "Creature — Goblin", "{2}{R}", line + "\n{T}: Add {R}.", "2/2")
    status, value, msg = answer("""
id: t
ask: can-activate
about: x
ability: 1
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Frob Dasher, id: x, summoning_sick: true}]
    Bob: {}
expect: no
""", c)
    assert status == "unsupported" and line.split()[0] in msg, (status, value, msg)


@matters("keyword Prototype", "keyword Bestow", "keyword Impending")
@pytest.mark.parametrize("name", ["Prototype", "Bestow", "Impending"])
def test_keywords_that_change_what_the_permanent_is_concern_its_characteristics_718_3(name):
    # 718.3 (prototyped), 702.103b (bestowed: an Aura), 702.176a (with time counters: not a creature)
    assert Scope.CHARACTERISTICS in BY_NAME[name.lower()].scopes


@matters("power and toughness changed")
def test_a_power_changing_line_is_asked_when_power_decides_a_target_613_4c():
    # "target creature with power 4 or greater": Frob Lord may be 4/4 or more by its own line (613.4c)
    lord = card("Frob Lord", "Creature — Elf", "{1}{G}", "Elves you control get +1/+1 for each frob you control.",
                "1/1")
    smash = card("Frob Smash", "Instant", "{R}", "Destroy target creature with power 4 or greater.")
    doc = """
id: t
ask: can-play
about: s
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain]
      hand: [{{card: Frob Smash, id: s}}]
    Bob:
      battlefield: [{{card: {who}}}]
expect: no
"""
    status, _, msg = answer(doc.format(who="Frob Lord"), lord, smash)
    assert status == "unsupported" and "frob" in msg
    assert answer(doc.format(who="Grizzly Bears"), smash)[:2] == ("pass", False)      # 2/2: no legal target


@matters("a keyword the object itself has")
def test_a_keyword_given_to_itself_is_asked_when_a_target_is_chosen_by_it_115_1():
    bird = card("Frob Bird", "Creature — Bird", "{1}{U}", "~ has flying as long as you control a frob.", "1/1")
    plummet = card("Frob Plummet", "Instant", "{G}", "Destroy target creature with flying.")
    status, _, msg = answer("""
id: t
ask: can-play
about: s
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest]
      hand: [{card: Frob Plummet, id: s}]
    Bob:
      battlefield: [{card: Frob Bird}]
expect: no
""", bird, plummet)
    assert status == "unsupported" and "frob" in msg


@matters("a raise joined to a combat rule")
def test_a_raise_joined_to_a_combat_rule_is_asked_where_toughness_matters_613_4c():
    # (of the creature itself or the one an Aura enchants, the combat rule is read: tests/test_combat_declare.py)
    rage = card("Frob Rage", "Enchantment", "{1}{R}", "Creatures you control get +2/+2 and can't block.")
    assert set(unmodelled(rage).scope) == {Scope.PT_RAISED, Scope.COMBAT}
    assert "Frob Rage" in _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      hand: [{card: Giant Growth, id: gg}]
      battlefield: [Forest]
    Bob:
      battlefield: [{card: Grizzly Bears, id: gb, damage: 2}, {card: Frob Rage}]
actions:
  - {cast: gg, targets: [gb]}
expect: [{object: gb, zone: battlefield}]
""", rage)


@matters("can't be countered if")
def test_cant_be_countered_with_a_condition_is_asked_when_countered_701_6():
    sorc = card("Frob Fire", "Sorcery", "{R}", "If you control a frob, ~ can't be countered.\nDraw a card.")
    assert "Frob Fire" in _outcome_unsupported("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [Island, Island]
      hand: [{card: Counterspell, id: cs}]
    Bob: {}
  stack:
    - {card: Frob Fire, id: u, controller: Bob}
actions:
  - {cast: cs, by: Alice, targets: [u]}
  - resolve: 1
expect: [{object: u, zone: graveyard}]
""", sorc)


@matters("keyword Escalate")
def test_an_unread_escalate_is_asked_when_the_spell_is_cast_with_more_modes_702_120():
    # 702.120a: escalate adds its cost for each mode beyond the first: an unread one matters to a cast of two
    # modes (unsupported, naming it), and to none of one mode (answered)
    charm = card("Frob Charm", "Instant", "{R}", "Escalate—Frob a frob.\nChoose one or more —\n• Frob Charm deals "
                 "1 damage to any target.\n• Draw a card.")
    doc = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain]
      hand: [{card: Frob Charm, id: c}]
      library: 3
    Bob: {}
actions:
  - {cast: c, targets: [Bob], choices: {modes: [1, 2]}}
  - resolve: all
expect: [{player: Bob, life: 19}]
"""
    assert "escalate" in _outcome_unsupported(doc, charm)
    one_mode = doc.replace("targets: [Bob], choices: {modes: [1, 2]}", "choices: {modes: [2]}").replace(
        "{player: Bob, life: 19}", "{player: Alice, hand_size: 1}")
    assert answer(one_mode, charm)[:2] == ("pass", True)


@matters("keyword Aftermath")
def test_aftermath_is_read_where_its_row_would_matter_702_127():
    # the keyword is read (engine: cast from the graveyard only, then exiled): its row narrows no line the compiler
    # reads; a half cast from the graveyard is answered, never left to the row (the corpus has the outcomes)
    (a,) = compile_line("Aftermath", "Aftermath", LineContext(spell=True))
    assert a.kind != "unmodelled"


@matters("a Bestow card that isn't bestowed")
def test_an_attached_bestow_permanent_is_a_bestowed_aura_702_103b():
    # 702.103b, 702.103f: the Bestow line is read (its alternative cost, ``words.attach``): the row narrows no line
    # the compiler reads. Attached, the permanent is a bestowed Aura (not a creature, so it can't attack);
    # unattached, an enchantment creature
    satyr = card("Frob Satyr", "Enchantment Creature — Satyr", "{1}{G}",
                 "Bestow {3}{G} (If you cast this card for its bestow cost, it's an Aura spell with enchant creature. "
                 "It becomes a creature again if it's not attached to a creature.)", "2/2")
    bears = card("Frob Bears", "Creature — Bear", "{1}{G}", "", "2/2")
    doc = """
id: t
ask: can-attack
about: s
state:
  turn: {{active: Alice, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{{card: Frob Bears, id: b}}, {{card: Frob Satyr, id: s{attached}}}]
    Bob: {{}}
expect: yes
"""
    assert satyr.faces[0].abilities[0].kind == "static"
    status, value, msg = answer(doc.format(attached=", attached_to: b"), satyr, bears)
    assert status == "fail" and value is False, (status, value, msg)
    status, value, msg = answer(doc.format(attached=""), satyr, bears)
    assert status == "pass" and value is True, (status, value, msg)
