"""The game engine: performs the question format's actions on game states (the outcome kind and "any kind
may carry actions" use it), every choice the rules leave open a branch.

game.py         a branch: the state it reached, the steps taken and the choices made; merging equal branches;
                interchangeable permanents (chosen by count); ``full_search`` (no reduction, for the tests)
zones.py        zone changes with CR 400.7 semantics; tokens (111.7-111.8)
entering.py     entering the battlefield with counters (614.1c)
triggers.py     triggered abilities (603.2-603.3): which trigger (own and other objects' zone changes with last
                known information 603.10a, casting 603.2e, upkeep and end step, combat: attacking, blocking,
                becoming blocked, combat damage to a player 508.1m-510.3a), on the stack in every order
sba.py          state-based actions (704.5)
settle.py       what follows events: 610.3 returns, triggers, then state-based actions and the stack (704.3, 603.3b)
commuting.py    triggered abilities that only change life totals: their orders and arrangements of targets that
                provably lead to equal states put on the stack once (603.3b), a run of equal ones resolved at once
exile_until.py  "exile ... until this leaves the battlefield" (610.3); linked "the exiled card" (607.2a)
leave_game.py   a player leaving the game (800.4a)
paying.py       paying costs: every distinct payment of the payment model, performed (601.2g-h)
targeting.py    choosing targets as spells are cast and abilities activated (601.2c), checking them again (608.2b)
removal.py      destroy, sacrifice, exile, return to hand: one permanent leaving by an effect (701.8, 701.21)
resolve.py      resolving stack objects (608) and the effects the engine performs; the resolve action
instructions.py the instructions real cards use most: "all"/"each" effects, counters, tap/untap,
                graveyard returns, discard, sacrifice
auras.py        Aura spells resolving attached to their target (608.3b-c) and staying attached (303.4c, 704.5m)
permanents.py   instructions about permanents of a kind: tap enchanted, return / sacrifice a permanent of a kind,
                each player sacrifices, sacrifice unless (118.12a), bolster (701.39a)
prevent.py      prevention shields of resolved spells (615.1a "Prevent all combat damage ... this turn")
shields.py      shields consulted by damage, destruction and dying: prevention on one object or player (615.7),
                regeneration (701.19), "exile it instead" (614.1a)
shield_effects.py  the effects that create them
refs.py         references between a spell's instructions (608.2c, 608.2h): "its controller", "If it's ...",
                "equal to its power", "this way", X; flicker (400.7)
turn.py         the turn's structure for advance (500-514)
kicker.py       kicker (702.33): announcing it as a spell is cast, "if it was kicked", intervening "if" (603.4)
on_stack.py     a spell's statics on the stack: "can't be countered" (113.6g); split second is rules.timing's
players.py      a player's instructions: "each player <verb phrase>", sacrifice, counts, shuffling zones into a
                library, choices
library.py      libraries, hands and players: drawing, milling, scry, surveil, looking, searching (701.23),
                searches whose cards are exiled (406.3), a player's X and "discards their hand" (701.9a)
hands.py        searches of a graveyard, hand and library for the cards of one name (701.23b)
etb.py          a permanent's own triggers: intervening "if" (603.4, intervening.py), fighting (701.14),
                "untap up to N lands" (701.26b)
turn_effects.py extra turns (500.7), "Exile ~." (608.2n)
conditions.py   instructions that depend on a condition checked on resolution (608.2c) and coin flips (705)
tribute.py      Tribute (702.104): the opponent's choice as a creature spell enters, each a branch
unleash.py      Unleash (702.98a): its controller's choice of a +1/+1 counter as a permanent spell enters, each a branch
damage.py       damage (120): X damage, to each player / each creature that player controls, "damage can't be
                prevented" (615.12), "a source of your choice" (609.7a), counter unless its controller pays
control.py      gaining control of a permanent for the rest of the game (613.1b, 611.2a)
choose.py       choices made as a spell resolves (608.2d) and countering with a condition
actions.py      the question format's actions (cast, play, activate, resolve, destroy, exile, sacrifice, bounce,
                transform, concede, advance)

kernel/         what every performer shares, as public functions: the context of an instruction (``Ctx``, 608.2b),
                damage (120.3), drawing, discarding and life (121, 701.9, 119.3), tokens, counters and +N/+N
                (111, 122, 613.4c), countering (701.6a)
basics.py       the performers of the basic words (life, draw, damage, destroy, exile, bounce, pump, counter, ...)
performers.py   the one dispatch table: every word the engine performs, with its performer, listed module by module

Each module that performs words lists them in its ``PERFORMERS``; ``performers.py`` gathers those lists into
the one table ``resolve`` reads. No module writes into another's names.
"""

