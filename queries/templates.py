"""``mtgjudge new KIND``: a question of each kind, every key explained in a comment. Each runs as printed
(tests/test_templates.py answers them), so a judge starts from something that works and changes names."""
from __future__ import annotations

_HEAD = """\
# A question for mtgjudge ({kind}). Change the names, the state and the expectation, then:
#   mtgjudge ask this-file.yaml          (the format: `mtgjudge format`; completion in editors:
#                                         `mtgjudge schema`, see "Editors" there)
# Quote mana and rule numbers: "{{2}}{{W}}", "302.6". Names ignore case and punctuation; a name with a
# comma inside a [flow, list] must be quoted: ["Thalia, Guardian of Thraben"].
format: 1                     # optional: the version of the question format this file follows
"""

_STATE_NOTE = """\
state:                        # the game state; players in turn order
  turn:                       # optional
    active: Alice             # whose turn (default: the first player listed)
    step: precombat-main      # untap, upkeep, draw, precombat-main, ..., end, cleanup
"""

TEMPLATES: dict[str, str] = {
    "can-play": """\
id: can-i-cast-it             # lower-case letters, digits and '-'; unique among your questions
ask: can-play                 # could this player play this land or cast this spell now?
about: spell                  # the card asked about: an id below, or its name
""" + _STATE_NOTE + """\
  players:
    Alice:
      life: 20                # optional (default 20)
      battlefield:            # the permanents Alice controls
        - Mountain
        - {card: Mountain, tapped: true}
      hand:
        - {card: Lightning Bolt, id: spell}   # `id` is your handle for it
    Bob:
      battlefield: ["Thalia, Guardian of Thraben"]
# by: Alice                   # optional: who plays it (default: its owner)
# x: 0                        # optional: the X to cast it with
expect: no                    # optional: yes or no; without it the answer is only shown
because: ["601.2f"]           # optional: rules the reasons must cite
source: "where the answer comes from (a ruling, a judge)"   # optional
""",
    "can-activate": """\
id: can-i-tap-it
ask: can-activate             # could this player activate this ability now?
about: elves                  # the permanent or card: an id below, or its name
ability: 1                    # which activated ability: 1-based, or a piece of its text like "{T}: Add"
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield:
        - {card: Llanowar Elves, id: elves, summoning_sick: true}   # arrived this turn
    Bob: {}
expect: no                    # optional: yes or no
because: ["302.6"]            # optional: rules the reasons must cite
""",
    "can-pay": """\
id: can-i-pay-it
ask: can-pay                  # can the player pay this mana cost now (pool, mana abilities, life)?
cost: "{1}{G/W}{G/W}"         # quoted!
# x: 0                        # optional: the X to pay
# by: Alice                   # optional (default: the active player)
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield: [Forest, Sol Ring]
      mana_pool: ""           # optional: mana already in the pool, like "{G}"
expect: no                    # optional: yes or no
""",
    "can-attack": """\
id: can-it-attack
ask: can-attack               # is declaring these attackers legal in this turn's declare attackers step?
about: bears                  # the creature: an id below, or its name
# defending: Bob              # optional: the player, or the id of a planeswalker, it attacks (default: the opponent)
with: [brigand]               # optional: the other attackers, a list or {attacker: defending}
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield:
        - {card: Grizzly Bears, id: bears}
        - {card: Goblin Brigand, id: brigand}   # attacks each combat if able (508.1d)
    Bob:
      battlefield: [{card: Jace Beleren, counters: {loyalty: 3}}]
expect: yes                   # optional: yes or no; without Goblin Brigand in `with` it is no (508.1d)
""",
    "can-block": """\
id: can-it-block
ask: can-block                # is declaring these blockers legal?
about: spider                 # the blocker: an id below, or its name
attacker: angel               # the attacker it blocks (a list for several); attackers have attacking:
# with: {bears: goblin}       # optional: the other blockers, {blocker: attacker}
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield:
        - {card: Serra Angel, id: angel, attacking: Bob}   # flying (702.9b)
        - {card: Raging Goblin, id: goblin, attacking: Bob}
    Bob:
      battlefield:
        - {card: Giant Spider, id: spider}   # reach (702.17b)
        - {card: Grizzly Bears, id: bears}
expect: yes                   # optional: yes or no
because: ["509.1a"]           # optional: rules the reasons must cite
""",
    "could-produce": """\
id: what-does-it-tap-for
ask: could-produce            # which types of mana could this permanent produce (CR 106.7)?
about: urborg                 # the permanent: an id below, or its name
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield:
        - {card: "Urborg, Tomb of Yawgmoth", id: urborg}
    Bob:
      battlefield: [Blood Moon]
expect: [R]                   # optional: letters from W U B R G C, [] for none
""",
    "mana-options": """\
id: how-much-mana
ask: mana-options             # every largest amount of mana the player could have in their pool now
# by: Alice                   # optional (default: the active player)
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield: [Forest, Llanowar Elves, Sol Ring]
expect: ["{C}{C}{G}{G}"]      # optional: quoted amounts, any order; [""] for none; or unbounded;
                              #   or terms like "{C}{C} + 9 of [WUBRG]" (the factored form)
""",
    "outcome": """\
id: what-happens
ask: outcome                  # perform the actions, then check assertions about the result
""" + _STATE_NOTE + """\
  players:
    Alice:
      battlefield:
        - {card: Forest, id: f1}
        - {card: Forest, id: f2}
      hand:
        - {card: Grizzly Bears, id: bears}
    Bob: {}
actions:                      # in order; every choice the rules leave open is explored
  - cast: bears               # also: play, activate, resolve, destroy, exile, sacrifice, bounce, concede, advance
  - resolve: 1                # resolve the top object of the stack (or: all)
expect:                       # must hold however the choices go
  - {object: bears, zone: battlefield, controller: Alice}
  - {object: f1, tapped: true}
  - {stack_size: 0}
# possible:                   # optional: each must hold in at least one way the choices can go
#   - {player: Alice, life: 20}
""",
}


def template(kind: str) -> str:
    """The commented question of ``kind``."""
    body = TEMPLATES[kind]
    return _HEAD.format(kind=kind) + body
