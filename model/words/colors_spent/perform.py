"""Sunburst (702.44) and converge's "enters with a counter for each color of mana spent to cast it" performed: the
number of colors recorded on the spell as it was cast (``GameObject.colors_spent``, ``engine.paying.pay``: each
number the payments allow a branch, 601.2g-h), read as the permanent it becomes enters (614.1c,
``engine.entering.enters_counters``).

- 702.44b and the rulings of converge and Chamber Sentry (2015-08-25, 2018-10-05): an object entering without being
  cast (not from the stack as a resolving spell) gets no counters; a copy of a spell was not cast and no mana was
  spent on it, so it gets none either ("The number of colors spent to cast the original spell is not copied").
- A spell the question put on the stack without saying how many colors were spent to cast it (the state's
  ``colors_spent``), or one the engine cast without recording them (cast without paying its mana cost as an ability
  resolves), enters unsupported, naming its text: never a guess.
- 702.44a: sunburst's counters are +1/+1 counters if it enters as a creature, ignoring type-changing effects, else
  charge counters; the card's own types decide (the face cast), and where the types it would enter with say
  otherwise about being a creature (an effect that may or may not be a type-changing one) it is unsupported.
"""
from __future__ import annotations

from typing import Any, Iterable

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.selectors import Count
from mtgjudge.model.vocab.abilities import Ability, Effect, StaticEffect
from mtgjudge.model.words.colors_spent.record import SUNBURST, SUNBURST_KINDS, colors_spent_to_cast

#: The static word this module gives meaning to as a permanent enters (``engine.entering``).
WORD = "enters_with_colors_spent"


def reads_colors_spent(abilities: Iterable[Ability]) -> bool:
    """Whether a spell with these abilities reads the number of colors of mana spent to cast it (702.44a,
    converge): sunburst or its like as it enters, or a count of them in its instructions; its caster's payment then
    records it (``engine.paying.pay``)."""
    return any((a.kind == "static" and a.static is not None and a.static.kind == WORD)
               or any(_counts_colors(e) for e in a.effects) for a in abilities)


def _counts_colors(value: Any) -> bool:
    """A count of the colors of mana spent (``rules.counts``' kind ``colors_spent``) anywhere in an instruction's
    arguments, its nested instructions included."""
    if isinstance(value, Count):
        return value.kind == "colors_spent"
    if isinstance(value, Effect):
        return any(_counts_colors(v) for _, v in value.args)
    if isinstance(value, (tuple, list)):
        return any(_counts_colors(v) for v in value)
    return False


def entering_counters(o: GameObject, s: StaticEffect, creature_as_it_enters: bool) -> tuple[str, int, str]:
    """614.1c, 702.44a-b: the kind and number of counters ``s`` (the ``enters_with_colors_spent`` word of ``o``, the
    object about to enter) puts on it, and why (for the log). ``creature_as_it_enters``: whether it would enter as a
    creature with the effects that apply to it there (614.12)."""
    kind = s.arg("counter")
    if kind == SUNBURST:
        printed = "Creature" in o.printed.types
        if printed != creature_as_it_enters:
            raise Unsupported(f"{o.name} ({o.id}) would enter {'as' if creature_as_it_enters else 'not as'} a creature "
                              f"but its card is {'one' if printed else 'none'}: whether an effect that changes that is "
                              "a type-changing effect sunburst ignores (702.44a) is not decided")
        kind = SUNBURST_KINDS[0] if printed else SUNBURST_KINDS[1]
    if o.zone != "stack":
        return kind, 0, "it was not cast: it enters from elsewhere than the stack"
    n, why = colors_spent_to_cast(o)
    return kind, n, why
