"""The game engine: performs the spec's actions on immutable game states (queries.outcome uses it).

game.py    the Game value (a GameState plus the engine's bookkeeping) and branching helpers
vocab.py   the effect and static kinds the engine performs (registered in model.abilities' vocabularies)
zones.py   zone changes with CR 400.7 semantics; tokens (111.7-111.8)
triggers.py triggered abilities (603.2-603.3): which trigger, putting them on the stack in every order
sba.py     state-based actions (704.5)
linked.py  "until ... leaves the battlefield" (610.3) and players leaving the game (800.4a)
resolve.py resolving stack objects (608)
actions.py the spec's actions (cast, resolve, destroy, exile, sacrifice, bounce, concede, advance)
"""
