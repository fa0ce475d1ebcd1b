"""Counts: amounts an effect reads from the game as it resolves (608.2h: determined once, when the effect
is performed; 107.3a/107.3e: "where X is ..."). One concept used by mana abilities ("Add {G} for each Elf you
control", "... equal to your devotion to green", "..., where X is the number of basic land types among lands
you control"), until-end-of-turn effects ("+1/+1 for each artifact you control", "+X/+X ..., where X is the
number of creatures you control") and other effects ("You gain 1 life for each creature you control").

A count is written as its phrase (``Count.text``: "creatures you control", "creature cards in your graveyard",
"cards in your hand", "basic land types among lands you control", "devotion to black") and read by ``parse``;
``value`` evaluates it on a state for a player, after the layers (the evaluation itself, over whatever
characteristics its caller sees, is ``rules.count_values``: the layers use it too). What the engine does not know (attacking creatures, "this
turn" histories, cards of a library nobody knows) is not a count ``parse`` reads (DefinitionError).
"""
from __future__ import annotations

import re
from dataclasses import replace

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import count_values
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.count_values import ARG, Seen, devotion, reads_power_toughness, stored  # noqa: F401 - counts' names
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.selectors import Count, Selector
from mtgjudge.model.vocab import phrases

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: "the number of X" / "each X" around the counted phrase (107.3a, 608.2h).
_WRAP = patterns.compile(r"^(?:the number of|each|an? )\s*(?P<what>.+)$", re.I)


#: "... this way" (608.2c): the objects the instruction before moved: from which zone (None: any) to which (None:
#: any). A destroyed or sacrificed permanent counts wherever it went (Fumigate ruling 2016-09-20).
THIS_WAY = {"destroyed": ("battlefield", None), "sacrificed": ("battlefield", None), "exiled": (None, "exile"),
            "discarded": ("hand", None), "put into a graveyard": (None, "graveyard")}
_THIS_WAY = patterns.compile(r"^(?P<what>[a-z ]+?) (?P<how>" + "|".join(THIS_WAY) + r") this way$", re.I)


#: "the greatest power among creatures you control", "the highest converted mana cost among
#: permanents you control": the largest value of a characteristic among permanents (0 if there is none).
_GREATEST = patterns.compile(r"(?:the )?(?:greatest|highest) (?P<stat>power|toughness|converted mana cost|mana value) among "
                       r"(?P<np>[A-Za-z ]+)", re.I)
#: "the number of charge counters on ~", "each +1/+1 counter on ~" (122.1): the counters of one kind on the source.
_COUNTERS_ON_SELF = patterns.compile(r"(?:the number of |each |an? )?(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on ~", re.I)
#: "Aura attached to ~", "each Equipment attached to it" (301.5, 303.4): what is attached to the source now.
_ATTACHED = patterns.compile(r"(?:the number of |each |an? )?(?P<what>Auras?|Equipment) attached to (?P<whom>~|it)", re.I)
#: "creatures blocking ~", "creature blocking it beyond the first" (702.23a): the creatures blocking the source now.
_BLOCKING = patterns.compile(r"(?:the number of |each |an? )?creatures? blocking (?P<whom>~|it)(?P<beyond> beyond the first)?",
                             re.I)
#: "N plus <count>" / "twice <count>" (Welding Sparks, Price of Progress).
_SCALED = patterns.compile(r"^(?:(?P<plus>\d+|one|two|three|four|five) plus )?(?P<twice>twice )?(?P<rest>.+)$", re.I)


def parse(text: str, it_is_source: bool = False) -> Count:
    """The count a phrase names: "the number of creatures you control", "each creature card in your
    graveyard", "cards in your hand", "your devotion to green", "basic land types among lands you control"
    (with or without "the number of" / "each"), "creature destroyed this way" (kind "this_way": what the
    instruction before did, ``zone`` the verb; ``selector`` None for any card), "creature ~ devoured" (kind
    "devoured", 702.82b), "creature blocking ~ beyond the
    first" (kind "blocking"; "it" for "~" only where the caller knows ``it_is_source``: the effect's own subject
    is the source). DefinitionError for any other phrase."""
    t = text.strip().rstrip(".")
    m = _BLOCKING.fullmatch(t)
    if m:
        if m.group("whom") == "it" and not it_is_source:
            raise DefinitionError(f"the count {text!r}: what 'it' names is not known here")
        return Count("blocking", t, beyond=1 if m.group("beyond") else 0)
    m = _SCALED.fullmatch(t)
    if m and (m.group("plus") or m.group("twice")):
        # 107.3e: "2 plus the number of ...", "twice the number of ...": the count read, then scaled
        inner = parse(m.group("rest"))
        if inner.kind == "this_way" or inner.times != 1 or inner.plus:
            raise DefinitionError(f"the count {text!r} is not one the verifier reads")
        return replace(inner, text=t, times=2 if m.group("twice") else 1,
                       plus=phrases.number_word(m.group("plus")) if m.group("plus") else 0)
    if re.fullmatch(r"(?:the number of )?opponents?(?: you have)?", t, re.I):
        return Count("opponents", t)        # 102.3, 702.125b: the other players still in the game
    if re.fullmatch(r"(?:the number of )?colors? of mana spent to cast (?:~|this spell)", t, re.I):
        return Count("colors_spent", t)     # converge (207.2c): how many colors its caster's payment spent
    if re.fullmatch(r"(?:the number of )?times? (?:it|~|this spell) was kicked", t, re.I):
        return Count("kicked", t)       # 702.33c-d: how many times its kicker costs were paid
    if re.fullmatch(r"(?:the number of )?creatures? ~ devoured", t, re.I):
        return Count("devoured", t)     # 702.82b: the creatures sacrificed for its devour ability as it entered
    m = _THIS_WAY.fullmatch(t)
    if m:
        w = _WRAP.match(m.group("what"))
        what = w.group("what") if w else m.group("what")
        if re.fullmatch(r"cards?", what, re.I):
            return Count("this_way", t, selector=None, zone=m.group("how").lower())
        for phrase in (what, what + " permanent"):
            try:
                return Count("this_way", t, selector=phrases.parse_np(phrase), zone=m.group("how").lower())
            except DefinitionError:
                continue
        raise DefinitionError(f"the count {text!r} is not one the verifier reads")
    m = _GREATEST.fullmatch(t)
    if m:       # "the greatest power among creatures you control" (Miming Slime ruling 2013-01-24)
        try:
            sel = phrases.parse_np(m.group("np"))
        except DefinitionError:
            raise DefinitionError(f"the count {text!r} is not one the verifier reads") from None
        if sel.combat or sel.stat is not None or sel.other:
            raise DefinitionError(f"the count {text!r} is not one the verifier reads")
        stat = m.group("stat").lower()
        return Count("greatest", t, selector=sel, zone="mana value" if "mana" in stat else stat)
    m = re.fullmatch(r"(?:your )?devotion to (white|blue|black|red|green)", t, re.I)
    if m:
        return Count("devotion", t, color=_COLORS[m.group(1).lower()])
    m = _ATTACHED.fullmatch(t)
    if m:       # 301.5, 303.4: "each Aura attached to ~", "Equipment attached to it" (the source itself)
        if m.group("whom") == "it" and not it_is_source:
            raise DefinitionError(f"the count {text!r}: what 'it' names is not known here")
        return Count("attached", t, selector=phrases.parse_np(m.group("what")))
    m = _COUNTERS_ON_SELF.fullmatch(t)
    if m:       # 122.1: "the number of charge counters on ~", "each +1/+1 counter on ~"
        return Count("counters", t, counter=m.group("kind").lower())
    m = _WRAP.match(t)
    what = m.group("what") if m else t
    if re.fullmatch(r"(?:the )?basic land types? among lands you control", what, re.I):
        return Count("domain", what)
    if re.fullmatch(r"card types among cards in your graveyard", what, re.I):
        return Count("card_types", what, zone="graveyard")     # delirium (207.2c): 205.2a's card types
    if re.fullmatch(r"cards? in your hand", what, re.I):
        return Count("cards", what, zone="hand")
    for phrase in (what, what[0].lower() + what[1:]):
        try:
            sel = phrases.parse_np(phrase)
        except DefinitionError:
            pass
        else:
            if sel.combat or (sel.stat is not None and sel.stat[0] != "mana value"):
                # ("other": other than the source, which ``value`` is given; a reader for which "other" names
                # something else, a target, leaves it unread: words.until.read) attacking/blocking: not in the
                # states it reads;
                # "with power 4 or greater": the selector reads power before counters and layer 7c (which
                # engine.sba.power adds), so counting by it could be wrong
                raise DefinitionError(f"the count {text!r} is not one the verifier reads")
            return Count("permanents", phrase, selector=sel)
        try:
            # "instant and sorcery cards": the cards that are either (Spite of Mogis)
            spec = phrases.parse_target("target " + re.sub(r"^instant and sorcery cards\b", "instant or sorcery cards",
                                                           phrase, flags=re.I))
        except DefinitionError:
            continue
        if spec.zone == "graveyard" and spec.zone_owner == "you" and spec.objects and not spec.players \
                and not spec.that_player:
            any_of = spec.objects[0] if len(spec.objects) == 1 else tuple(spec.objects)   # a tuple: any of them
            return Count("cards", phrase, selector=any_of, zone="graveyard")
    raise DefinitionError(f"the count {text!r} is not one the verifier reads")




def compiled(a: dict, *texts: str, it_is_source: bool = False) -> dict:
    """The arguments ``a`` of a word with its count phrases ``texts`` (empty ones skipped) read once, as the card
    is compiled, into ``ARG``: pairs (phrase, Count), none if there are no phrases (``it_is_source``: as ``parse``).
    DefinitionError for a phrase ``parse`` does not read, so the line is unmodelled then, not failing as it
    resolves. Whatever ``ARG`` held before is replaced."""
    out = dict(a)
    out.pop(ARG, None)
    read = tuple((t, parse(t, it_is_source)) for t in dict.fromkeys(texts) if t)
    if read:
        out[ARG] = read
    return out


def seen(state) -> Seen:
    """What a count sees on ``state``: the characteristics after the layers (613)."""
    return Seen(compute_all(state), lambda oid: current(state, oid))


def permanents(state, selector, player: str, source=None) -> int:
    """The permanents on the battlefield ``selector`` names for ``player`` (after the layers, 613)."""
    return count_values.permanents(state, seen(state), selector, player, source)


def cards_in(state, player: str, zone: str, selector, source=None) -> int:
    """``player``'s cards in their ``zone`` (hand, graveyard) that ``selector`` names (None: every card)."""
    return count_values.cards_in(state, seen(state), player, zone, selector, source)


def domain(state, player: str) -> int:
    """305.6: the basic land types among lands ``player`` controls."""
    return count_values.domain(state, seen(state), player)


def value(state, player: str, count: Count, source=None, pt_guarded: bool = False) -> int:
    """The value of ``count`` for ``player`` (the controller of the effect) on ``state``, after the layers: read as
    the effect resolves (608.2h), once. A "this way" count is read from two states (``this_way``), not here."""
    return count_values.value(state, seen(state), player, count, source, pt_guarded)



def this_way(before, after, player: str, count: Count, source=None) -> int:
    """608.2c, 608.2h: the objects the instruction performed between the states ``before`` and ``after`` moved
    as the count's verb says (``THIS_WAY``), of its kind as they last existed before they moved."""
    origin, dest = THIS_WAY[count.zone]
    n = 0
    for o in before.objects:
        if after.moved(o.id) == before.moved(o.id) or (origin is not None and o.zone != origin):
            continue
        if dest is not None and not (after.has(o.id) and after.obj(o.id).zone == dest):
            continue
        if count.selector is None and o.token:
            continue            # "for each card ...": a token is not a card (108.2)
        sel = count.selector
        assert not isinstance(sel, tuple)   # a "this way" count reads one phrase (``parse``)
        if sel is None or matches(sel, current(before, o.id), o, player, source):
            n += 1
    return n
