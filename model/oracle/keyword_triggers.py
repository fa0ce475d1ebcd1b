"""The trigger events of CR 702's triggered keyword abilities, in the rules' own words (each "means" sentence
of its rule), so that the engine reads them with the one trigger grammar (``trigger_condition``) and knows
which events they can't trigger on (603.2): Echo triggers only at the beginning of its controller's upkeep,
never on a spell being cast. The keyword's ability itself stays unmodelled: when its event happens, the
answer is unsupported, naming it; except the keywords of ``MEANINGS``, whose whole meaning is read (exalted).

Keywords left out are those whose meaning is more than one trigger (Vanishing and Fading also make the
permanent enter with counters, 702.63a, 702.32a; Graft, 702.58a), whose event the grammar has no word for
(Haunt's "this spell is put into a graveyard during its resolution", 702.55a; Storm, Cascade, Ripple and
Gravestorm's "when you cast this spell", 702.40a, 702.85a, 702.60a, 702.69a): those stay unrecognized, so any
event while they exist is unsupported.
"""
from __future__ import annotations

import re
from dataclasses import replace

from mtgjudge.model.oracle import keywords
from mtgjudge.model.vocab.abilities import Ability

#: keyword -> (its rule, the trigger condition its rule gives, "this creature/permanent" written "~").
TRIGGERS: dict[str, tuple[str, str]] = {
    "Echo": ("702.30a", "At the beginning of your upkeep"),
    "Cumulative upkeep": ("702.24a", "At the beginning of your upkeep"),
    "Persist": ("702.79a", "When ~ is put into a graveyard from the battlefield"),
    "Undying": ("702.93a", "When ~ is put into a graveyard from the battlefield"),
    "Afterlife": ("702.135a", "When ~ is put into a graveyard from the battlefield"),
    "Prowess": ("702.108a", "Whenever you cast a noncreature spell"),
    "Exploit": ("702.110a", "When ~ enters"),
    "Fabricate": ("702.123a", "When ~ enters"),
    "Evolve": ("702.100a", "Whenever a creature you control enters"),
    "Recover": ("702.59a", "When a creature is put into a graveyard from the battlefield"),
    # Combat: attackers and blockers (508.1, 509.1).
    "Exalted": ("702.83a", "Whenever a creature you control attacks alone"),
    "Melee": ("702.121a", "Whenever ~ attacks"),
    "Dethrone": ("702.105a", "Whenever ~ attacks"),
    "Annihilator": ("702.86a", "Whenever ~ attacks"),
    "Battle cry": ("702.91a", "Whenever ~ attacks"),
    "Myriad": ("702.116a", "Whenever ~ attacks"),
    "Mentor": ("702.134a", "Whenever ~ attacks"),
    "Training": ("702.149a", "Whenever ~ attacks"),
    "Bushido": ("702.45a", "Whenever ~ blocks or becomes blocked"),
    "Rampage": ("702.23a", "Whenever ~ becomes blocked"),
    "Flanking": ("702.25a", "Whenever ~ becomes blocked"),
    "Afflict": ("702.130a", "Whenever ~ becomes blocked"),
}

#: Triggered keywords the engine performs: keyword -> (its rule, the ability its rule says it means), read by
#: the one trigger reader (``oracle.lines``) as if printed; each instance is its own ability (702.83b: exalted).
MEANINGS: dict[str, tuple[str, str]] = {
    "Exalted": ("702.83a", "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of "
                           "turn."),
    # "Bushido N" (``{n}``: its number); 702.45b: each instance triggers separately
    "Bushido": ("702.45a", "Whenever ~ blocks or becomes blocked, it gets +{n}/+{n} until end of turn."),
}


def meaning(keyword: str, param: str) -> str | None:
    """The ability the triggered keyword ``keyword`` with its parameter ``param`` ("" or a number) means
    (``MEANINGS``); None when the parameter is not the one its meaning takes."""
    if keyword not in MEANINGS:
        return None
    text = MEANINGS[keyword][1]
    if ("{n}" in text) != bool(param) or (param and not param.isdigit()):
        return None
    return text.format(n=int(param)) if param else text


def keyword_said(keyword: str, rendering: str) -> str | None:
    """The keyword line a triggered keyword ability says ("Bushido 2"), from what the ability renders as: when the
    rendering is the keyword's meaning (``MEANINGS``) with one number for its ``{n}``; None otherwise."""
    if keyword not in MEANINGS:
        return None
    pattern = re.escape(MEANINGS[keyword][1]).replace(re.escape("{n}"), r"(\d+)")
    m = re.fullmatch(pattern, rendering)
    if m is None or len(set(m.groups())) > 1:
        return None
    return keyword + (f" {m.group(1)}" if m.groups() else "")

#: Keywords whose trigger depends on the card's type: a permanent's (the words here), an instant's or sorcery's
#: (another event, left unrecognized). Haunt: "When this permanent is put into a graveyard from the
#: battlefield, exile it haunting target creature" (702.55a); a spell's triggers during its resolution.
PERMANENT_TRIGGERS: dict[str, tuple[str, str]] = {
    "Haunt": ("702.55a", "When ~ is put into a graveyard from the battlefield"),
}


def keyword_trigger(text: str) -> tuple[str, str] | None:
    """(rule, trigger words) of a line that is one triggered keyword ability of ``TRIGGERS`` ("Echo {2}{R}",
    "Bushido 2", "Cumulative upkeep—Pay 1 life"); None for any other line (several keywords, other text)."""
    line = text.strip().rstrip(".")
    if any(sep in line for sep in (",", ";", "(")):
        return None
    words = line.replace("—", " ").split()
    for n in (2, 1):
        kw = keywords.lookup(" ".join(words[:n])) if len(words) >= n else None
        if kw is not None and kw.name in TRIGGERS:
            return TRIGGERS[kw.name]

    return None


def on_permanent(ability: Ability, spell: bool) -> Ability:
    """A keyword line of a permanent card (not ``spell``) whose trigger depends on the card's type
    (``PERMANENT_TRIGGERS``), still unmodelled, with its trigger words as a permanent's, so the engine reads when
    it triggers (603.2); any other ability as it is."""
    if spell or ability.kind != "unmodelled" or ability.unmodelled_kind != "triggered":
        return ability
    kw = keywords.lookup(ability.source_text.strip().rstrip("."))
    if kw is None or kw.name not in PERMANENT_TRIGGERS:
        return ability
    return replace(ability, trigger=PERMANENT_TRIGGERS[kw.name][1])
