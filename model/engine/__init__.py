"""The game engine: performs the question format's actions on game states (the outcome kind and "any kind
may carry actions" use it), every choice the rules leave open a branch.

game.py         a branch: the state it reached, the steps taken and the choices made; merging equal branches
zones.py        zone changes with CR 400.7 semantics; tokens (111.7-111.8)
entering.py     entering the battlefield with counters (614.1c)
triggers.py     triggered abilities (603.2-603.3): which trigger (own and other objects' zone changes with last
                known information 603.10a, casting 603.2e, upkeep and end step), on the stack in every order
sba.py          state-based actions (704.5)
settle.py       what follows events: 610.3 returns, triggers, then state-based actions and the stack (704.3, 603.3b)
exile_until.py  "exile ... until this leaves the battlefield" (610.3); linked "the exiled card" (607.2a)
leave_game.py   a player leaving the game (800.4a)
paying.py       paying costs: every distinct payment of the payment model, performed (601.2g-h)
targeting.py    choosing targets as spells are cast and abilities activated (601.2c), checking them again (608.2b)
removal.py      destroy, sacrifice, exile, return to hand: one permanent leaving by an effect (701.8, 701.21)
resolve.py      resolving stack objects (608) and the effects the engine performs; the resolve action
effects.py      more effects (issue 9): "all"/"each" effects, tokens, counters, tap/untap, graveyard, discard,
                sacrifice; registered in resolve.HANDLERS when this package is imported (below)
tokens.py       tokens an effect describes (111.3, 111.4): built from the words, quoted abilities compiled
auras.py        Aura spells resolving attached to their target (608.3b-c) and staying attached (303.4c, 704.5m)
perm.py         issue 9's "perm" effects: tap enchanted, return / sacrifice a permanent of a kind, each player
                sacrifices, sacrifice unless (118.12a), bolster (701.39a); registered in resolve.HANDLERS
prevent.py      prevention shields of resolved spells (615.1a "Prevent all combat damage ... this turn")
shields.py      shields consulted by damage, destruction and dying: prevention on one object or player (615.7),
                regeneration (701.19), "exile it instead" (614.1a)
shield_effects.py  the effects that create them; registered in resolve.HANDLERS
refs.py         references between a spell's instructions (608.2c, 608.2h): "its controller", "If it's ...",
                "equal to its power", "this way", X; flicker (400.7); registered in resolve.HANDLERS
turn.py         the turn's structure for advance (500-514)
kicker.py       kicker (702.33): announcing it as a spell is cast, "if it was kicked", intervening "if" (603.4)
on_stack.py     a spell's statics on the stack: "can't be countered" (113.6g); split second is rules.timing's
players.py      a player's instructions (issue 9, round 4): "each player <verb phrase>", sacrifice, counts,
                shuffling zones into a library, choices; registers the handler of player_acts
etb.py          issue 9's enters-trigger family: intervening "if" (603.4, intervening.py); registered in
                resolve.HANDLERS
turn_effects.py extra turns (500.7), "Exile ~." (608.2n); registered in resolve.HANDLERS
conditions.py   instructions that depend on a condition checked on resolution (608.2c) and coin flips (705)
library2.py     issue 9's library2 family: searches whose cards are exiled (701.23a, 406.3), a search of a library
                and a graveyard for a card with a name; registered in resolve.HANDLERS
gains.py        issue 9's "gains" family: X and tapped tokens (111.1, 107.3a), "those creatures" after a group
                or several targets, "tap that creature" (608.2c); registered in resolve.HANDLERS
etb2.py         issue 9 round 4, etb2: "untap up to N lands" (701.26b); registered in resolve.HANDLERS
tribute.py      Tribute (702.104): the opponent's choice as a creature spell enters, each a branch
damage2.py      issue 9's damage2 family: damage to each player / each creature that player controls, "damage
                can't be prevented" (615.12), "a source of your choice" (609.7a); registered in resolve.HANDLERS
control.py      gaining control of a permanent for the rest of the game (613.1b, 611.2a); registered in
                resolve.HANDLERS
actions.py      the question format's actions (cast, play, activate, resolve, destroy, exile, sacrifice, bounce,
                transform, concede, advance)
"""

# The handlers of ``effects`` register themselves in ``resolve.HANDLERS``: importing it here makes them present
# whenever any engine module is used (effects imports resolve; resolve does not import effects: no cycle).
from mtgjudge.model.engine import instructions as _effects
from mtgjudge.model.engine import until as _until  # noqa: E402,F401  (e-until: "until end of turn" effects)
from mtgjudge.model.engine import damage as _damage  # noqa: E402,F401
from mtgjudge.model.engine import library as _library  # noqa: E402,F401  (e-library: libraries, hands and players)
from mtgjudge.model.engine import players as _players  # noqa: E402,F401  (issue 9, players: a player's instructions)
from mtgjudge.model.engine import hands as _hands  # noqa: E402,F401  (issue 9, hands: Splinter's search; registers its handlers)
from mtgjudge.model.engine import permanents as _perm
from mtgjudge.model.engine import prevent as _prevent  # noqa: E402,F401  (issue 9, r-prevent: prevention shields, 615)
from mtgjudge.model.engine import counted as _counted  # noqa: E402,F401  (issue 9, r-count: registers its handler)
from mtgjudge.model.engine import delayed as _delayed  # noqa: E402,F401  (issue 9, delayed: 603.7, 502.3)
from mtgjudge.model.engine import shield_effects as _shield_effects  # noqa: E402,F401  (issue 9, shields: 615.7, 701.19, 614.1a)
from mtgjudge.model.engine import refs as _refs  # noqa: E402,F401  (issue 9, refs: references between instructions)
from mtgjudge.model.engine import etb as _etb  # noqa: E402,F401  (issue 9, etb: enters triggers' handlers)
from mtgjudge.model.engine import turn_effects as _turn_effects  # noqa: E402,F401  (issue 9: 500.7, 608.2n)
from mtgjudge.model.engine import library as _library2
from mtgjudge.model.engine import token_groups as _gains
from mtgjudge.model.engine import choose as _choose  # noqa: E402,F401  (issue 9, round 4, choose: 608.2c-d)
from mtgjudge.model.engine import conditions as _conditions  # noqa: E402,F401  (issue 9: 608.2c conditions, 705 flips, 701.38 votes)
from mtgjudge.model.engine import etb as _etb2
from mtgjudge.model.engine import damage as _damage2
from mtgjudge.model.engine import control as _control  # noqa: E402,F401  (issue 9, removal: gain control, 613.1b)
