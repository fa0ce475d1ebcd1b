"""The static word of a characteristic-defining ability that sets power, toughness or both (604.3, 613.4a):
"~'s power and toughness are each equal to <count>.", "~'s power is equal to <count>.", "~'s toughness is equal
to <count>."

The count is read once, as the card is compiled (``rules.counts.compiled``), and refused unless it reads only
what layers 1 to 6 settle: a count of power or toughness ("the greatest power among ...") would read what this
layer is setting (613.8 dependencies are not modelled), and one of an event ("... this way", "blocking ~", "times it
was kicked") is no characteristic. The layers apply it to the permanent in layer 7a (``rules.layers``); off the
battlefield the stat it defines is not known to the model (``rules.characteristics``: unsupported where read)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import count_values, counts
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

#: The stats the ability may define, as its line says them (``rules.characteristics.defined_stats``).
STATS = ("power and toughness", "power", "toughness")


def _validate(a: dict) -> dict:
    if a.get("stats") not in STATS:
        raise DefinitionError(f"stats must be one of {', '.join(STATS)}, not {a.get('stats')!r}")
    out = counts.compiled(a, str(a.get("count") or "-"))
    (_, count), = out[counts.ARG]
    if count.kind not in count_values.STATE_KINDS:
        raise DefinitionError(f"the count {a['count']!r} is not one a characteristic-defining ability is read with")
    return out


def _render(s) -> str:
    stats = s.arg("stats")
    verb = "are each" if stats == "power and toughness" else "is"
    return f"~'s {stats} {verb} equal to {s.arg('count')}"



WORDS: tuple[Word, ...] = (
    # 604.3, 613.4a (layer 7a): the stats it names are the count's value, in every zone (604.3)
    Word("defined_pt", "static", {"stats": str, "count": str, counts.ARG: tuple}, _render,
         frozenset({Scope.POWER_TOUGHNESS}), frozenset({"layers", "engine"}), _validate),
)
