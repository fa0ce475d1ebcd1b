"""The one dispatch table: every word of the encoding the engine performs, with its performer, listed module by
module (as Forge's ``ApiType`` lists its effects). ``engine.resolve`` reads it; a word that is in no module's
``PERFORMERS`` is not performed, and the answer that needs it is unsupported, naming its text. A word listed
twice is an error as this module is imported (``tests/test_vocabulary.py`` checks the table against the
vocabulary).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from mtgjudge.model.engine import basics, hands, instructions
from mtgjudge.model.words.control import perform as control
from mtgjudge.model.words.choices import perform as choose
from mtgjudge.model.words.conditions import perform as conditions
from mtgjudge.model.words.counts import perform as counted
from mtgjudge.model.words.damage import perform as damage
from mtgjudge.model.words.delayed import perform as delayed
from mtgjudge.model.words.entering import perform as etb
from mtgjudge.model.words.kicker import perform as kicker
from mtgjudge.model.words.library import perform as library
from mtgjudge.model.words.optional import perform as optional
from mtgjudge.model.words.permanents import perform as permanents
from mtgjudge.model.words.players import perform as players
from mtgjudge.model.words.prevention import perform as prevent
from mtgjudge.model.words.references import perform as refs
from mtgjudge.model.words.shields import perform as shield_effects
from mtgjudge.model.words.tokens import perform as tokens
from mtgjudge.model.words.tapping import perform as tapping
from mtgjudge.model.words.turns import perform as turn_effects
from mtgjudge.model.words.until import perform as until
from mtgjudge.model.engine.kernel.context import Performer
from mtgjudge.model.words.attach import perform as attach
from mtgjudge.model.words.proliferate import perform as proliferate
from mtgjudge.model.words.cascade import perform as cascade
from mtgjudge.model.words.madness import perform as madness
from mtgjudge.model.words.suspend import perform as suspend
from mtgjudge.model.words.copies import perform as copies
from mtgjudge.model.words.cycling import perform as cycling
from mtgjudge.model.words.graveyard_abilities import perform as graveyard_abilities
from mtgjudge.model.words.becomes import perform as becomes
from mtgjudge.model.words.counters import perform as counters
from mtgjudge.model.words.removal import perform as removal
from mtgjudge.model.words.persist import perform as persist
from mtgjudge.model.words.explore import perform as explore
from mtgjudge.model.words.evolve import perform as evolve
from mtgjudge.model.words.renown import perform as renown
from mtgjudge.model.words.provoke import perform as provoke
from mtgjudge.model.words.cipher import perform as cipher

#: The modules that perform words, each with its ``PERFORMERS``: one line each.
_MODULES = (
    basics, instructions, until, damage, library, players, hands, permanents, prevent, counted, delayed,
    shield_effects, refs, etb, turn_effects, tokens, choose, conditions, control,
    proliferate, cascade, attach, cycling, becomes, counters, removal, persist, evolve, renown,
    tapping, madness, suspend, copies, graveyard_abilities, explore, cipher, provoke,
)


def _table() -> Mapping[str, Performer]:
    table: dict[str, Performer] = {}
    for module in _MODULES:
        for word, performer in module.PERFORMERS.items():
            if word in table:
                raise RuntimeError(f"the word {word!r} has two performers ({module.__name__} and another)")
            table[word] = performer
    for markers in (optional.MARKER_HANDLERS, kicker.MARKER_HANDLERS):
        for word, performer in markers.items():
            if word in table:
                raise RuntimeError(f"the marker {word!r} has two performers")
            table[word] = performer
    return MappingProxyType(table)


#: Every word the engine performs, with its performer.
PERFORMERS: Mapping[str, Performer] = _table()

#: Words whose performer acts on every target of its use of "target" at once (``Ctx.group``), not once per target.
WHOLE_USE: frozenset[str] = basics.WHOLE_USE | damage.WHOLE_USE | delayed.WHOLE_USE | refs.WHOLE_USE

#: Marker words that govern the instructions after them, with the function that performs them (608.2c, 705,
#: 701.38a: "If <condition>, <instruction>", coin flips and votes; 118.12a: "<instruction> unless you pay <cost>").
MARKER_RUNNERS = MappingProxyType({**conditions.MARKER_RUNNERS, **optional.MARKER_RUNNERS})
