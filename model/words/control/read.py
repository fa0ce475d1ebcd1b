"""Effect sentences of gaining control for the rest of the game (613.1b, 611.2a): "Gain control of target
creature." and "Gain control of all permanents you own." A sentence with a duration anywhere in it ("until end
of turn", "as long as", "this turn") is ``words.until.read``'s: these patterns must not take it. And an Aura's
static line "You control enchanted creature." (613.1b, layer 2), read only whole (``control_static``)."""
from __future__ import annotations

import re
from mtgjudge.model import patterns


def sentence_patterns(tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its target expression."""
    return (
        (patterns.compile(rf"^Gain control of (?!.*\b(?:until|as long as|this turn)\b){tgt}\.$", re.I), "gain_control",
         ("target",)),
        # the kinds a phrase names, owned by the controller of the spell or ability
        (patterns.compile(r"^Gain control of all ([a-z0-9, '-]+?) you own\.$", re.I), "gain_control_owned", ("affects",)),
    )


#: 613.1b: an Aura's whole line "You control enchanted creature." (the noun: ``record.ENCHANTED_KINDS``)
_CONTROL_ENCHANTED = patterns.compile(r"^You control enchanted (artifact creature|creature|permanent|artifact|land|"
                                      r"enchantment|Equipment)\.$")


def control_static(line: str) -> dict | None:
    """The arguments of the static ``control_enchanted`` word of a whole line ("You control enchanted creature."),
    or None if the line is not one this reader takes whole (another clause, a condition, a duration)."""
    m = _CONTROL_ENCHANTED.match(line.strip())
    if m is None:
        return None
    return {"kind": "control_enchanted", "enchanted": True, "what": m.group(1)}
