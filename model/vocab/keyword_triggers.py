"""The trigger events of CR 702's triggered keyword abilities, in the rules' own words (each "means" sentence
of its rule), so that the engine reads them with the one trigger grammar (``trigger_condition``) and knows
which events they can't trigger on (603.2): Echo triggers only at the beginning of its controller's upkeep,
never on a spell being cast. The keyword's ability itself stays unmodelled: when its event happens, the
answer is unsupported, naming it; except the keywords of ``MEANINGS``, whose whole meaning is read (exalted,
prowess).

Keywords left out are those whose meaning is more than one trigger (Vanishing and Fading also make the
permanent enter with counters, 702.63a, 702.32a: read as the abilities they mean by ``words.counters``; Graft,
702.58a), whose event the grammar has no word for
(Haunt's "this spell is put into a graveyard during its resolution", 702.55a; Ripple and Gravestorm's
"when you cast this spell", 702.60a, 702.69a): those stay unrecognized, so any event while they exist is
unsupported. Cascade (702.85a) is read whole as its own ability by ``words.cascade``, storm (702.40a) by
``words.copies``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from mtgjudge.model.vocab import keywords
from mtgjudge.model.vocab.abilities import Ability, count_word

#: keyword -> (its rule, the trigger condition its rule gives, "this creature/permanent" written "~").
TRIGGERS: dict[str, tuple[str, str]] = {
    "Echo": ("702.30a", "At the beginning of your upkeep"),
    "Cumulative upkeep": ("702.24a", "At the beginning of your upkeep"),
    "Persist": ("702.79a", "When ~ is put into a graveyard from the battlefield"),
    "Undying": ("702.93a", "When ~ is put into a graveyard from the battlefield"),
    "Afterlife": ("702.135a", "When ~ is put into a graveyard from the battlefield"),
    "Prowess": ("702.108a", "Whenever you cast a noncreature spell"),
    "Extort": ("702.101a", "Whenever you cast a spell"),
    "Exploit": ("702.110a", "When ~ enters"),
    "Fabricate": ("702.123a", "When ~ enters"),
    "Evolve": ("702.100a", "Whenever a creature you control enters"),
    "Recover": ("702.59a", "When a creature is put into a graveyard from the battlefield"),
    # Combat: attackers and blockers (508.1, 509.1), combat damage (510.2).
    "Ingest": ("702.115a", "Whenever ~ deals combat damage to a player"),
    "Exalted": ("702.83a", "Whenever a creature you control attacks alone"),
    "Melee": ("702.121a", "Whenever ~ attacks"),
    "Dethrone": ("702.105a", "Whenever ~ attacks the player with the most life or tied for most life"),
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

#: Triggered keywords the engine performs: keyword -> (its rule, the ability its rule says it means, ``{n}`` its
#: number where it takes one), read by the one trigger reader (``oracle.lines``) as if printed; each instance is its
#: own ability (702.83b: exalted; 702.46b: soulshift).
def _fabricate(n: int) -> str:
    # 702.123a, "it" being the permanent itself (608.2c): written "~"
    counters = f"{count_word(n)} +1/+1 counter{'s' if n != 1 else ''}"
    tokens = f"{count_word(n)} 1/1 colorless Servo artifact creature token{'s' if n != 1 else ''}"
    return f"When ~ enters, you may put {counters} on ~. If you don't, create {tokens}."


MEANINGS: dict[str, tuple[str, str | Callable[[int], str]]] = {
    "Exalted": ("702.83a", "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of "
                           "turn."),
    "Prowess": ("702.108a", "Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn."),
    "Soulshift": ("702.46a", "When ~ is put into a graveyard from the battlefield, you may return target Spirit card "
                             "with mana value {n} or less from your graveyard to your hand."),
    "Fabricate": ("702.123a", _fabricate),
    # "Bushido N" (``{n}``: its number); 702.45b: each instance triggers separately
    "Bushido": ("702.45a", "Whenever ~ blocks or becomes blocked, it gets +{n}/+{n} until end of turn."),
    # "Rampage N": "it" is the creature itself, the blockers counted as it resolves (702.23b); 702.23c: each
    # instance triggers separately
    "Rampage": ("702.23a", "Whenever ~ becomes blocked, it gets +{n}/+{n} until end of turn for each creature "
                           "blocking it beyond the first."),
    # 702.25a's "the blocking creature" is "that creature" of "becomes blocked by a creature" (509.3d); 702.25b:
    # each instance triggers separately
    "Flanking": ("702.25a", "Whenever ~ becomes blocked by a creature without flanking, that creature gets -1/-1 "
                            "until end of turn."),
    # 702.101a: paid or not as it resolves, each way a branch (608.2d; Syndic of Tithes's rulings 2013-04-15: once
    # for each extort ability, and the life gained is the total life lost); 702.101b: each instance triggers
    # separately
    "Extort": ("702.101a", "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and "
                           "you gain that much life."),
    # 702.134a: "lesser power" than the creature with mentor, checked as it is put on the stack and as it resolves
    # (608.2b; Barging Sergeant's rulings 2018-10-05); 702.134b: each instance triggers separately
    "Mentor": ("702.134a", "Whenever ~ attacks, put a +1/+1 counter on target attacking creature with lesser "
                           "power."),
    # 702.105a: the life totals as attackers are declared decide; once triggered it resolves whatever they are then
    # (Grenzo's Cutthroat's rulings 2014-05-29); 702.105b: each instance triggers separately
    "Dethrone": ("702.105a", "Whenever ~ attacks the player with the most life or tied for most life, put a +1/+1 "
                             "counter on it."),
    # 702.91a ("each other": every attacking creature but the one with battle cry, counted as it resolves, 608.2h);
    # 702.91b: each instance triggers separately
    "Battle cry": ("702.91a", "Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn."),
    # 702.115a: "that player" is the player dealt the combat damage (510.2); the card is exiled face up, and an empty
    # library exiles nothing (Culling Drone's rulings 2015-08-25); 702.115b: each instance triggers separately
    "Ingest": ("702.115a", "Whenever ~ deals combat damage to a player, that player exiles the top card of their "
                           "library."),
    # 702.130a: the defending player is the player the creature attacks, or the controller of the planeswalker it
    # attacks (508.5; Khenra Eternal's rulings 2017-07-14); it triggers once however many creatures block it
    # (509.3c); life lost, not damage; 702.130b: each instance triggers separately
    "Afflict": ("702.130a", "Whenever ~ becomes blocked, defending player loses {n} life."),
}


def meaning(name: str, param: str) -> str | None:
    """The ability the keyword ``name`` with its parameter ``param`` means (``MEANINGS``), "~" for the object
    itself; None if it is not one of them, or takes a number and ``param`` is not one (or is one it doesn't take)."""
    if name not in MEANINGS:
        return None
    text = MEANINGS[name][1]
    takes = callable(text) or "{n}" in text
    if takes != bool(param) or (takes and not param.isdigit()) or (param and int(param) < 1):
        return None
    if callable(text):
        return text(int(param))
    return text.replace("{n}", param)

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
