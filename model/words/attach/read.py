"""Bestow read from its keyword line ("Bestow {3}{G}{G}", reminder text aside) as the alternative cost it offers
(702.103a: ``alternative_cost`` marked ``keyword: Bestow``); cast for it, the spell is bestowed (702.103b,
``GameObject.bestowed``: an Aura spell with enchant creature, ``rules.characteristics.bestowed_characteristics``).

Living weapon read from its keyword line ("Living weapon", reminder text aside) as the triggered ability its
rule says it means (702.92a): "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token,
then attach this Equipment to it." A keyword with anything after it is not this one and is left to the keyword
table (unmodelled)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.attach.record import BESTOW, GERM

#: "Bestow" and a mana cost (702.103a), reminder text dropped by the caller; anything else stays unread.
_BESTOW = re.compile(r"^Bestow (?P<cost>(?:\{[^}]+\})+)$")

KEYWORD = "Living weapon"


def living_weapon(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability living weapon means (702.92a), if ``keyword`` is it with no parameter; else None.
    It functions on the battlefield, triggering on the Equipment's own entering (603.6a)."""
    if keyword != KEYWORD or param:
        return None
    return Ability("triggered", keyword=KEYWORD, trigger="When ~ enters", trigger_event=TriggerEvent("enters"),
                   effects=(parse_effect({"create_tokens": {"n": 1, "token": GERM}}),
                            parse_effect("attach_to_created")),
                   source_text=printed, zones=("battlefield",))


def bestow_line(body: str, printed: str) -> list[Ability] | None:
    """702.103a: "Bestow <mana cost>" read as the alternative cost it offers (``alternative_cost``, ``keyword``
    Bestow), the cost read whole by the cost grammar; None for any other line (the keyword stays unmodelled)."""
    m = _BESTOW.match(body.strip())
    if m is None:
        return None
    try:
        phrases.cost_parts(m.group("cost"))
        static = parse_static({"kind": "alternative_cost", "cost": m.group("cost"), "keyword": BESTOW})
    except DefinitionError:
        return None
    return [Ability("static", static=static, keyword=BESTOW, source_text=printed)]
