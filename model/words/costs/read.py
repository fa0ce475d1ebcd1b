"""Reading the costs a spell's own text changes (CR 601.2f).

- "This spell costs {N} less to cast for each <count>." (Blasphemous Act, Primeval Protector, Molderhulk):
  ``self_cost_reduction`` with ``per``, the count read by the one count reader (``rules.counts.parse``);
- "This spell costs {N} less to cast if you control <a permanent>." (Wizard's Lightning), "... if you control
  <N> or more <permanents>" (metalcraft), "... if there are <N> or more <permanents> on the battlefield" (Hour of
  Revelation): ``self_cost_reduction`` with ``if_count`` and ``at_least``.
- "Affinity for artifacts", "Affinity for Plains" (702.41a: "This spell costs {1} less to cast for each [text] you
  control"): the same ``self_cost_reduction`` it means, ``per`` "<text> you control" and ``affinity`` the text (said
  back as the keyword); a quality the count reader does not read ("Affinity for outlaws") leaves the keyword
  unmodelled.

The count phrase is free text that ``rules.counts`` reads (one count concept), so the sentence around it is
matched here and the phrase handed over; a count it does not read (attacking creatures, "card types among
cards in your graveyard") leaves the line unread, and the card unsupported, naming it. Reductions that depend on
the targets chosen ("if it targets a Dinosaur you control") are not read here.

- "You may <cost> rather than pay this spell's mana cost." (118.9: Daze, Fireblast, Gush, Flameshot) and "If you
  control a <permanent>, you may <cost> rather than pay this spell's mana cost." (Snuff Out, Dark Triumph):
  ``alternative_cost`` with the cost (read by the cost grammar) and ``if_control`` (a count ``rules.counts``
  reads, at least one). A cost or a condition not read leaves the line unread: it then only offers another way
  to cast the spell (``oracle.scopes``, Scope.CAST_OPTIONS).
- "Buyback {3}", "Buyback—Pay 4 life.", "Buyback—Pay 3 life, Discard a card at random." (702.27a: an optional
  additional cost): ``buyback`` with the cost, read whole by the cost grammar; a cost not read leaves the keyword
  unmodelled (``buyback_cost`` None), never its cost read as the spell's instructions.
- "Evoke {2}{U}", "Evoke—Exile a white card from your hand." (702.74a): the two abilities it means, an
  ``alternative_cost`` marked ``keyword: Evoke`` (cast for it, the spell is evoked, ``GameObject.evoked``) and
  ``EVOKE_TRIGGER``; a cost not read leaves the keyword unmodelled (``evoke_cost`` None).
- "Overload {3}{R}{R}{R}" (702.96a): an ``alternative_cost`` marked ``keyword: Overload``, read only where every
  line of the spell, "target" read as "each" (``overloaded_text``), is read whole with no target left
  (``oracle.compile``: ``Face.overloaded``); cast for it, the spell has that text (``GameObject.overloaded``). A
  cost with X, or a changed text not read whole, leaves the keyword unmodelled.
- "Dash {2}{R}" (702.109a): an ``alternative_cost`` marked ``keyword: Dash`` (cast for it, the spell is dashed,
  ``GameObject.dashed``, and as it resolves makes the delayed return to its owner's hand) and ``DASH_HASTE``; a
  cost not read leaves the keyword unmodelled (``dash_cost`` None).
- "Replicate {1}{U}" (702.56a): the cost (``replicate_cost``), which ``words.copies.read`` reads with the
  triggered ability it means.
- "Surge {1}{R}" (702.117a): an ``alternative_cost`` marked ``keyword: Surge``, which the caster may pay only if
  they (or a teammate: no teams are modelled, 102.3) cast another spell this turn (``rules.costs.alternative_costs``
  asks ``rules.this_turn``); a cost not read (Fall of the Titans' "{X}{R}") leaves the keyword unmodelled
  (``surge_cost`` None).
"""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static

_REDUCTION = patterns.compile(r"^~ costs \{(?P<n>\d+)\} less to cast (?:"
                        r"for each (?P<per>[^.,]+)|"
                        r"if you control (?P<at_least>\w+) or more (?P<many>[^.,]+)|"
                        r"if there are (?P<at_least2>\w+) or more (?P<many2>[^.,]+)|"
                        r"if you control (?P<one>an? [^.,]+))\.$", re.I)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    try:
        return phrases.number_word(word.lower())
    except (DefinitionError, KeyError, ValueError):
        return None


def self_cost_reduction(norm: str) -> dict | None:
    """The ``self_cost_reduction`` word's data of a line, or None when the line is not one of the templates
    above with a count ``rules.counts`` reads."""
    m = _REDUCTION.match(norm.strip())
    if m is None:
        return None
    data: dict = {"kind": "self_cost_reduction", "amount": int(m.group("n"))}
    if m.group("per"):
        data["per"] = m.group("per")
    elif m.group("one"):
        data["if_count"], data["at_least"] = m.group("one"), 1
        if " you control" not in data["if_count"]:
            data["if_count"] += " you control"
    else:
        n = _number(m.group("at_least") or m.group("at_least2"))
        if n is None:
            return None
        many = m.group("many") or m.group("many2")
        data["if_count"] = many + (" you control" if m.group("at_least") else "")
        data["at_least"] = n
    try:
        counts.parse(data.get("per") or data["if_count"])
    except DefinitionError:
        return None
    return data


def affinity(quality: str) -> dict | None:
    """702.41a: the ``self_cost_reduction`` word's data that "Affinity for <quality>" means ({1} less for each
    <quality> you control), or None when ``rules.counts`` does not read "<quality> you control"."""
    quality = quality.strip().rstrip(".")
    if not quality.lower().startswith("for ") or " you control" in quality:
        return None
    quality = quality[len("for "):].strip()
    per = f"{quality} you control"
    try:
        counted = counts.parse(per)
    except DefinitionError:
        return None
    if counted.kind != "permanents":
        return None
    return {"kind": "self_cost_reduction", "amount": 1, "per": per, "affinity": quality}


_ALTERNATIVE = patterns.compile(r"^(?:If you control (?P<control>an? [^.,]+), )?You may (?P<cost>[^.]+?) rather than pay ~'s "
                          r"mana cost\.$", re.I)
#: "A and B" in a cost: two parts, both paid (118.8: Force of Will's "pay 1 life and exile a blue card")
_AND_PART = patterns.compile(r" and (?=(?:discard|sacrifice|pay|exile|tap|return|put|reveal)\b)", re.I)


def cost_text(text: str, x_parts: bool = False) -> str | None:
    """A cost as a card writes it in a sentence ("discard a card and sacrifice a creature") as the cost grammar
    reads it ("Discard a card, sacrifice a creature"), or None when some part is not read."""
    text = text[:1].upper() + text[1:]
    for t in dict.fromkeys((text, _AND_PART.sub(", ", text))):
        try:
            phrases.cost_parts(t, x_parts)
            return t
        except DefinitionError:
            continue
    return None


def alternative_cost(norm: str) -> dict | None:
    """The ``alternative_cost`` word's data of a line (118.9), or None when the line is not one of the templates
    above with a cost and condition read."""
    m = _ALTERNATIVE.match(norm.strip())
    if m is None:
        return None
    cost = cost_text(m.group("cost"))
    if cost is None:
        return None
    data: dict = {"kind": "alternative_cost", "cost": cost}
    if m.group("control"):
        what = m.group("control") + " you control"
        try:
            counts.parse(what)
        except DefinitionError:
            return None
        data["if_control"] = what
    return data


#: "discard a card or pay {5}", "reveal a Dinosaur card from your hand or pay {1}": two costs, the second starting
#: with a cost's verb (so that "sacrifice a creature or land" stays one cost of two kinds of permanent)
_EITHER = patterns.compile(r"^(?P<a>.+?) or (?P<b>(?:discard|sacrifice|pay|exile|tap|return|put|reveal)\b.+)$", re.I)


def additional_either(text: str) -> tuple[str, str] | None:
    """An additional cost offering two ways to pay (601.2b: the caster announces which), each read by the cost
    grammar; None when the text is not two such costs."""
    m = _EITHER.match(text.strip())
    if m is None:
        return None
    a, b = cost_text(m.group("a"), x_parts=True), cost_text(m.group("b"), x_parts=True)
    return (a, b) if a is not None and b is not None else None


_BUYBACK = patterns.compile(r"^Buyback(?: (?P<mana>(?:\{[^}]+\})+)| ?— ?(?P<cost>.+?))\.?$")


def is_buyback_line(body: str) -> bool:
    """Is the line (reminder text removed) a buyback keyword ability (702.27a), read or not?"""
    return re.match(r"^Buyback\b(?! costs)", body.strip()) is not None


def buyback_cost(body: str) -> str | None:
    """The cost of a buyback line (702.27a) as the cost grammar reads it, or None when the line is not "Buyback
    <cost>" with every part of its cost read."""
    return _keyword_cost(_BUYBACK, body)


_EVOKE = patterns.compile(r"^Evoke(?: (?P<mana>(?:\{[^}]+\})+)| ?— ?(?P<cost>.+?))\.?$")

#: 702.74a: the triggered ability evoke means ("When this permanent enters, if its evoke cost was paid, its
#: controller sacrifices it"), "~" being the permanent; the ability's controller is the permanent's (603.3a),
#: so "sacrifice it" says the same.
EVOKE_TRIGGER = "When ~ enters, if its evoke cost was paid, sacrifice it."


def evoke_cost(body: str) -> str | None:
    """The cost of an evoke line (702.74a) as the cost grammar reads it, or None when the line is not "Evoke
    <cost>" with every part of its cost read."""
    return _keyword_cost(_EVOKE, body)


_DASH = patterns.compile(r"^Dash(?: (?P<mana>(?:\{[^}]+\})+)| ?— ?(?P<cost>.+?))\.?$")

#: 702.109a: dash's static ability on the battlefield, "As long as this permanent's dash cost was paid, it has
#: haste", as the ``as_long_as`` word says it (``conditions.record``: the condition ``dashed``).
DASH_HASTE = {"kind": "as_long_as", "condition": {"kind": "dashed"}, "static": {"kind": "grant_keyword", "keyword": "Haste"}}


def dash_cost(body: str) -> str | None:
    """The cost of a dash line (702.109a) as the cost grammar reads it, or None when the line is not "Dash <cost>"
    with every part of its cost read."""
    return _keyword_cost(_DASH, body)


_OVERLOAD = patterns.compile(r"^Overload (?P<mana>(?:\{[0-9WUBRGC/P]+\})+)\.?$")

#: 702.96a: overload's text change: every instance of the word "target" reads "each" (a capital for a capital).
_TARGET = patterns.compile(r"\b([Tt])arget\b")
#: A form of the word the text change does not name ("targets", "targeted"): such a text is not read changed.
_TARGET_FORMS = patterns.compile(r"\btarget(?:s|ed|ing)\b", re.I)


def overload_cost(body: str) -> str | None:
    """The mana cost of an overload line (702.96a), "Overload {3}{R}{R}{R}", or None when the line is not that (a
    cost with X, or not mana, is not read: X's value with an alternative cost is not decided here)."""
    return _keyword_cost(_OVERLOAD, body)


def overloaded_text(norm: str) -> str | None:
    """702.96a: a line of the spell's text as overload changes it, "target" replaced by "each"; None when the
    line has a form of the word the change does not name ("targets"). A line without "target" is unchanged."""
    if _TARGET_FORMS.search(norm):
        return None
    return _TARGET.sub(lambda m: "Each" if m.group(1) == "T" else "each", norm)


_SURGE = patterns.compile(r"^Surge (?P<mana>(?:\{[^}]+\})+)(?P<cost>)\.?$")


def surge_cost(body: str) -> str | None:
    """The cost of a surge line (702.117a) as the cost grammar reads it, or None when the line is not "Surge
    <mana cost>" with every symbol read. A cost with X ("Surge {X}{R}", Fall of the Titans: X is chosen and paid
    for the surge cost too, its ruling 2016-01-22) is not read: the engine makes X 0 for an alternative cost."""
    cost = _keyword_cost(_SURGE, body)
    return None if cost is None or "{X}" in cost.upper() else cost


def surge_line(body: str, printed: str) -> list[Ability] | None:
    """702.117a: "Surge {1}{R}" read as the alternative cost it means (``alternative_cost`` with ``keyword``
    Surge), on an instant, a sorcery or a permanent card alike; None for any other line, or when its cost is not
    read whole (the keyword then stays unmodelled)."""
    cost = surge_cost(body)
    if cost is None:
        return None
    return [Ability("static", static=parse_static({"kind": "alternative_cost", "cost": cost, "keyword": "Surge"}),
                    keyword="Surge", source_text=printed)]


_REPLICATE = patterns.compile(r"^Replicate(?: (?P<mana>(?:\{[^}]+\})+)| ?— ?(?P<cost>.+?))\.?$")


def replicate_cost(body: str) -> str | None:
    """The cost of a replicate line (702.56a) as the cost grammar reads it, or None when the line is not
    "Replicate <cost>" with every part of its cost read."""
    return _keyword_cost(_REPLICATE, body)


def _keyword_cost(pattern: patterns.Pattern, body: str) -> str | None:
    """The cost of a "<Keyword> <cost>" line ``pattern`` matches (its group ``mana``, or ``cost`` after a dash), if
    the cost grammar reads every part of it; else None."""
    m = pattern.match(body.strip())
    if m is None:
        return None
    text = m.group("mana") or m.group("cost")
    try:
        phrases.cost_parts(text)
    except DefinitionError:
        return None
    return text


def render_evoke(abilities: tuple) -> str | None:
    """The abilities of one line said as the evoke keyword they mean ("Evoke {2}{U}", 702.74a): its alternative
    cost marked Evoke, then exactly ``EVOKE_TRIGGER``; None for any other line."""
    if len(abilities) != 2 or any(a.keyword != "Evoke" for a in abilities):
        return None
    static, trigger = abilities
    if static.kind != "static" or static.static is None or static.static.kind != "alternative_cost":
        return None
    if trigger.kind != "triggered" or trigger.render() != EVOKE_TRIGGER:
        return None
    return static.static.render()


def render_dash(abilities: tuple) -> str | None:
    """The abilities of one line said as the dash keyword they mean ("Dash {2}{R}", 702.109a): its alternative cost
    marked Dash (which, paid, also makes the spell's delayed return: ``words.delayed.perform.dash_return``), then
    exactly ``DASH_HASTE``; None for any other line."""
    if len(abilities) != 2 or any(a.keyword != "Dash" for a in abilities):
        return None
    static, haste = abilities
    if static.kind != "static" or static.static is None or static.static.kind != "alternative_cost":
        return None
    if haste.kind != "static" or haste.static is None or haste.static.kind != "as_long_as" or \
            dict(haste.static.arg("condition")) != DASH_HASTE["condition"]:
        return None
    inner = haste.static.arg("static")
    if inner.kind != "grant_keyword" or inner.arg("keyword") != "Haste":
        return None
    return static.static.render()


def render_surge(abilities: tuple) -> str | None:
    """The ability of one line said as the surge keyword it means ("Surge {1}{R}", 702.117a): its alternative cost
    marked Surge, alone; None for any other line."""
    if len(abilities) != 1 or abilities[0].keyword != "Surge":
        return None
    static = abilities[0].static
    if abilities[0].kind != "static" or static is None or static.kind != "alternative_cost":
        return None
    return static.render()
