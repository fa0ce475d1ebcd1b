"""What a line of text the compiler does not read could change, and where it functions: the rules that narrow
an unmodelled line's scopes and zones below "anything, anywhere". Each rule is stated with its CR basis and
tested (tests/test_oracle_scopes.py); a line no rule narrows keeps every scope, in every zone.

Zones (113.6): an ability of a permanent card functions only on the battlefield, and an instant's or
sorcery's only on the stack, unless it is one of 113.6's exceptions. Those exceptions are about the object
itself or name a zone: characteristic-defining abilities (113.6a), abilities that say where they function
(113.6b-c), that change how the object is cast or played (113.6d-f), can't be countered (113.6g), enters
(113.6h-i), costs payable elsewhere (113.6j), triggers from elsewhere (113.6k), moving itself (113.6m), deck
construction (113.6n). A line with none of those markers functions only in the usual zone.

Scopes: a triggered ability changes the game only when it resolves (603.3, 608.2), unless it is a mana ability
(605.1b: it could add mana; its text says "add" or "mana"); an activated ability that could add no mana is
not a mana ability (605.1a) and likewise acts only when activated and resolved. Neither, then, changes what
is true now: what may be cast or activated, what can be paid or produced (the scopes of ``NOW_SCOPES``).
Some static templates change only one part of the game (``STATIC_TEMPLATES``).
"""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.keywords import lookup
from mtgjudge.model.oracle.text import normalize_self, self_names, strip_reminder
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import EVENT_SCOPES, Narrowing, Scope

#: Words by which a line names a zone other than the battlefield (113.6b-c, 113.6j-k, 113.6m).
_ZONE_WORDS = patterns.compile(r"\b(hands?|graveyards?|librar(y|ies)|exiled?|command zone|anywhere|outside the game|stack|"
                         r"sideboard|deck|draft|drafted|commander)\b", re.I)
#: Words by which a line about the object itself changes how it is cast, played, countered, copied or enters,
#: or defines a characteristic (113.6a, 113.6d-i).
_SELF_WORDS = patterns.compile(r"\b(cast|casts|costs?|spells?|play|played|flash|countered|copied|enters?|entered|"
                         r"put onto|face[ -]down|face up|transform|transforms|meld|counters? can't|is every|"
                         r"is all colors|is colorless|is (?:also )?(?:white|blue|black|red|green)|power|toughness|"
                         r"is also|discard|discards|discarded|cycle|cycled|reveal|revealed)\b", re.I)
#: Words by which a triggered or activated ability could add mana (605.1a-b); "mana cost" and "mana value" are
#: characteristics, not mana.
#: A second statement joined to the first ("~ can't block, and creatures you control have haste"): a template
#: that reads the first would miss it.
_SECOND_CLAUSE = patterns.compile(r"\band (?:has|have|gains?|can|can't|is|are|gets?|loses?|doesn't|don't)\b", re.I)
_MANA_WORDS = patterns.compile(r"\b(add|adds)\b|\bmana\b(?! (?:cost|value|symbols?))", re.I)
#: What a line says about mana that adds none itself: an ability in quotation marks is granted to another object
#: (a token, an emblem: 111.4, 113.1a, 114.2), whose ability adds that mana, not this one; tapping a permanent
#: "for mana" is an event a trigger waits for (106.12), not mana added; a restriction on the
#: mana spent to pay this ability's own cost (106.6, 107.3) or a note of what was spent concerns activating it.
_NOT_ADDING = patterns.compile(r"\btap(?:s|ped)? (?:an? |enchanted |target )?[\w' ]*? for mana\b|\"[^\"]*\"|\bspend only [^.]*? mana on x\b|\b(?:note the )?(?:types? (?:and amount )?of )?mana "
                         r"(?:you )?spent (?:on|to pay) (?:\{?x\b\}?|this activation cost|~'s activation cost)|"
                         # a permission to spend mana as though it were another type (609.4b) adds none
                         r"\bspend mana as though it were mana of any (?:type|color)\b", re.I)

_SUBJECT = r"(?:~|enchanted (?:creature|permanent|land|artifact)|equipped creature|(?:other )?(?:[\w-]+ )*creatures(?: you control| your opponents control)?|each creature(?: you control)?|[A-Z][\w-]+s you control)"
#: Static templates that change one part of the game, whole-line matches: (name, rule, pattern, scopes). Each is
#: a row of the narrowing table (``narrowing.TABLE``).
STATIC_TEMPLATES: tuple[tuple[str, str, re.Pattern | patterns.Pattern, frozenset[Scope]], ...] = (
    # Restrictions and requirements on attacking and blocking (508.1c-d, 509.1b-c).
    ("attacking and blocking restrictions", "506-509", patterns.compile(rf"^{_SUBJECT} (?:can't attack|can't block|can't attack or block|can block|attacks? each "
                           rf"(?:combat|turn) if able|blocks? each (?:combat|turn) if able|attacks? or blocks? each "
                           rf"(?:combat|turn) if able|can't be blocked|must be blocked)\b[^.,;]*\.$", re.I),
     frozenset({Scope.COMBAT})),
    # Power and toughness changed, in layer 7c (613.4c), or defined (604.3, layer 7a).
    # (a raise only, "+N/+M": 704.5f-g can't be made to apply by it, ``Scope.PT_RAISED``)
    ("power and toughness raised", "613.4c",
     patterns.compile(rf"^{_SUBJECT} gets? \+\d+/\+\d+(?: (?:for each|as long as|until|while)[^.,;]*)?\.$", re.I),
     frozenset({Scope.PT_RAISED})),
    ("power and toughness changed", "613.4c", patterns.compile(rf"^{_SUBJECT} gets? [+-]\d+/[+-]\d+(?: (?:for each|as long as|until|while)[^.,;]*)?\.$", re.I),
     frozenset({Scope.POWER_TOUGHNESS})),
    ("power and toughness defined", "604.3", patterns.compile(r"^~'s (?:power|toughness|power and toughness) (?:is|are) (?:each )?equal to [^.]*\.$", re.I),
     frozenset({Scope.POWER_TOUGHNESS})),
    # Untapping (502.3).
    ("doesn't untap", "502.3", patterns.compile(rf"^(?:{_SUBJECT}) (?:doesn't|don't) untap during (?:its controller's|your|their "
                         rf"controllers') untap steps?(?: if [^.]*)?\.$|^You may choose not to untap ~ during your untap "
                         rf"step\.$", re.I),
     frozenset({Scope.UNTAP})),
    # Untapping during other players' untap steps (502.3: which permanents untap in an untap step).
    ("untaps in other untap steps", "502.3", patterns.compile(r"^Untap ~ during each other player's untap step\.$", re.I), frozenset({Scope.UNTAP})),
    # Blocking more creatures (509.1a-b), with or without a condition on the object itself.
    ("blocks more creatures", "509.1", patterns.compile(r"^(?:As long as ~ is a creature, )?(?:~|it) can block (?:an additional creature|any number "
                         r"of creatures) each combat\.$", re.I), frozenset({Scope.COMBAT})),
    # Where a discarded card goes (614.1a: a replacement of the discard event, 701.9): it changes no mana.
    ("where a discarded card goes", "701.9", patterns.compile(r"^If a spell or ability an opponent controls causes you to discard (?:a card|~), you may "
                         r"reveal (?:that card|it) and put it [^.]* instead of putting it (?:anywhere else|into your "
                         r"graveyard)\.$", re.I), frozenset({Scope.DISCARD})),
    # Maximum hand size (402.2).
    ("maximum hand size", "402.2", patterns.compile(r"^(?:You have no maximum hand size|Your maximum hand size is [^.]*)\.$", re.I),
     frozenset({Scope.HAND_SIZE})),
    # Being countered (701.6).
    ("can't be countered", "701.6", patterns.compile(r"^~ can't be countered(?: by [^.]*)?\.$", re.I), frozenset({Scope.RESOLUTION})),
    # The same with a condition, and "the damage can't be prevented" (615.12: what its damage does), a static
    # ability of the spell on the stack (113.6g, 604.1): whatever the condition, being countered and its damage.
    ("can't be countered if", "701.6",
     patterns.compile(r"^If [^.]*?, ~ can't be countered(?: and the damage can't be prevented)?\.$", re.I),
     frozenset({Scope.RESOLUTION, Scope.LIFE, Scope.DIES})),
    ("creatures that can't block it", "506-509", patterns.compile(r"^Creatures with [^.,;]* can't block (?:it|~)\.$", re.I), frozenset({Scope.COMBAT})),
    # A requirement on blocking (509.1c: "All creatures able to block enchanted creature do so.", Lure).
    ("all creatures able to block it do so", "509.1c",
     patterns.compile(r"^All creatures able to block (?:~|enchanted creature|equipped creature) do so\.$", re.I),
     frozenset({Scope.COMBAT})),
    # Alternative costs and other ways to cast the card (118.9, 702.8): they only add ways to cast it.
    # "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost." (Snuff Out), "If you control a
    # Forest, rather than pay ~'s mana cost, you may have an opponent gain 3 life." (Invigorate): the condition
    # says only when the option exists (118.9); the option is still one more way to cast it, no other change.
    ("an alternative cost", "118.9", patterns.compile(r"^(?:If [^.,]*, )?You may [^.]* rather than pay ~'s mana cost\.$", re.I),
     frozenset({Scope.CAST_OPTIONS})),
    ("an alternative cost, condition first", "118.9", patterns.compile(r"^If [^.,]*, rather than pay ~'s mana cost, you may [^.]*\.$", re.I),
     frozenset({Scope.CAST_OPTIONS})),
    ("cast as though it had flash", "702.8", patterns.compile(r"^You may cast ~ as though it had flash\b[^.]*\.$", re.I),
     frozenset({Scope.CAST_OPTIONS})),
    # "If you cast it any time a sorcery couldn't have been cast, ...": a rider the timing word does not read acts
    # only on the spell cast by this permission (Armor of Thorns ruling 2009-10-01: not when it was given flash by
    # another effect), as events do, after it was cast.
    ("cast as though it had flash, with a rider", "702.8", re.compile(r"^You may cast ~ as though it had flash\b[^.]*\. "
                                                                      r"If you cast it [^.]*\.$", re.I),
     frozenset({Scope.CAST_OPTIONS}) | EVENT_SCOPES),
    # A kicked permanent entering with counters (614.1c).
    ("kicked, it enters with counters", "614.1c", patterns.compile(r"^If ~ was kicked, (?:it|~) enters(?: the battlefield)? with [^.,;]*\.$", re.I),
     frozenset({Scope.ENTERS_ITSELF})),
    # Before the game and outside it: opening hands (103.6), ante, drafting (905).
    ("begins the game on the battlefield", "103.6", patterns.compile(r"^If ~ is in your opening hand, you may begin the game with it on the battlefield\.$", re.I),
     frozenset({Scope.OUTSIDE_GAME})),
    ("begins the game with a counter", "103.6a", patterns.compile(r"^If ~ is in your opening hand and you're not playing first, you may begin the game with ~ "
                          r"on the battlefield with an? [\w-]+ counter on it\. If you do, exile a card from your hand\.$",
                          re.I), frozenset({Scope.OUTSIDE_GAME})),
    # Mulligans happen before the game's first turn (103.5).
    ("mulligan", "103.5", patterns.compile(r"^Any time you could mulligan and ~ is in your hand, you may exile all the cards from your "
                         r"hand, then draw that many cards\.$", re.I), frozenset({Scope.OUTSIDE_GAME})),
    ("ante", "407", patterns.compile(r"^Remove ~ from your deck before playing if you're not playing for ante\.$", re.I),
     frozenset({Scope.OUTSIDE_GAME})),
    ("drafting", "905", patterns.compile(r"^(?:Draft ~ face up|As you draft [^.]*|Reveal ~ as you draft it)\.$", re.I),
     frozenset({Scope.OUTSIDE_GAME})),
    # Revealing the top card of a library changes what players know, not what they may do (401.5).
    ("the top card revealed", "401.5", patterns.compile(r"^(?:Players play|Play) with the top card of (?:your|their) librar(?:y|ies) revealed\.$", re.I),
     frozenset({Scope.DRAW})),
    # Commanders and deck construction (903.3, 113.6n).
    ("can be your commander", "903.3", patterns.compile(r"^~ can be your commander\.$", re.I), frozenset({Scope.OUTSIDE_GAME})),
    # Replacement effects on how the object enters (614.1c-d, 614.12): choices made as it enters, counters,
    # entering tapped. 614.12: they apply to the object's own entering only, never to another permanent's.
    ("choices as it enters", "614.12", patterns.compile(r"^As ~ enters(?: the battlefield)?, (?:choose|you may|an opponent chooses)[^.]*\."
                          r"(?: If you don't, (?:~|it) enters(?: the battlefield)? tapped\.)?$", re.I),
     frozenset({Scope.ENTERS_ITSELF})),
    ("enters tapped or with counters", "614.1c", patterns.compile(r"^~ enters(?: the battlefield)? (?:tapped|with [^.]*counters? on it)[^.]*\.$", re.I),
     frozenset({Scope.ENTERS_ITSELF})),
    # A replacement effect of the object's own entering (614.1a, 614.6: it applies only to that event, which
    # then never happens or happens as modified): "If ~ would enter the battlefield, sacrifice an untapped
    # Mountain instead. If you do, put ~ onto the battlefield. If you don't, put it into its owner's graveyard."
    ("a replacement of its own entering", "614.6", patterns.compile(r"^If ~ would enter(?: the battlefield)?, (?:(?:sacrifice|you may discard) [^.]* instead\. "
                         r"If you do, put ~ onto the battlefield\. If you don't, put it into its owner's graveyard|"
                         r"instead sacrifice [^.]*, then put ~ onto the battlefield)\.$", re.I),
     frozenset({Scope.ENTERS_ITSELF})),
)


#: A P/T change joined to a restriction on attacking or blocking ("Enchanted creature gets +2/+2 and can't block."):
#: two statements whose parts are each a template's above (613.4c, 508.1c-d, 509.1b-c), read together; matched
#: before the second-clause test that keeps any other joined statement unnarrowed.
JOINED_TEMPLATES: tuple[tuple[str, str, re.Pattern, frozenset[Scope]], ...] = (
    ("a raise joined to a combat rule", "613.4c, 506-509", re.compile(rf"^{_SUBJECT} gets? \+\d+/\+\d+ and (?:can't attack|can't block|can't attack "
                                   rf"or block|attacks each combat if able|blocks each combat if able|can't be "
                                   rf"blocked)\.$", re.I), frozenset({Scope.PT_RAISED, Scope.COMBAT})),
)


#: "~ has indestructible as long as it has a divinity counter on it.", "As long as ..., ~ has flying.": a static
#: ability that gives the object itself one keyword ability (613.1f) changes at most what that keyword does: the
#: keyword's own scopes (``keywords.TABLE``, 702), and what may be targeted ("target creature with flying").
_SELF_KEYWORD = patterns.compile(r"^(?:~ has (?P<a>[a-z ]+?) as long as [^.]*|As long as [^.]*?, ~ has (?P<b>[a-z ]+?))\.$")


def _self_keyword_scopes(norm: str) -> frozenset[Scope] | None:
    m = _SELF_KEYWORD.match(norm)
    kw = lookup(m.group("a") or m.group("b")) if m else None
    if kw is None or kw.param or kw.kind != "static" or not kw.scopes:
        return None
    # the keyword is one of its abilities, a characteristic that a target may be chosen by ("target creature with
    # flying", 115.1, 109.3): what may be targeted, too
    return kw.scopes | {Scope.TARGETING}


#: 113.6b: an ability that states the zone it functions in ("As long as ~ is in your graveyard, ...", and with a
#: further condition joined by "and": "As long as ~ is in your graveyard and you control a Mountain, ...": the
#: conjunction holds only while ~ is there).
_STATES_ITS_ZONE = patterns.compile(r"^As long as ~ is in your (graveyard|hand)(?: and [^,.\"]+)?, (?:[^.\"]|\"[^\"]*\")+\.?$",
                              re.I)


def _spending_only(norm: str) -> bool:
    """609.4b: a line whose every sentence lets a player spend mana "as though it were" mana of another type, or
    only so ("You may spend other mana only as though it were colorless mana"), affects only how costs are paid:
    it changes neither the costs nor the mana (``spend_as_line`` in the phrase grammar)."""
    try:
        return bool(phrases.parse(norm, "spend_as_line"))
    except DefinitionError:
        return False


#: Delirium's condition (207.2c: an ability word) counts the card types among the cards in a graveyard: a zone
#: whose cards are counted is not a zone the ability states it functions in (113.6b), so it is no zone word.
_COUNTED_ZONE = patterns.compile(r"\bcard types among cards in your graveyard\b", re.I)

#: "<trigger condition>, [you may] return ~ to its owner's hand.": a permanent's trigger that bounces itself.
_BOUNCES_ITSELF = patterns.compile(r"^(?P<when>(?:When|Whenever) [^,]+), (?:you may )?return ~ to its owner's hand\.$")


def _bounces_itself_from_the_battlefield(norm: str) -> bool:
    """113.6, 113.6k, 113.6m: a permanent's triggered ability whose condition the grammar reads as an event that
    can trigger from the battlefield (another object's or a player's: not "~", whose own events may be in other
    zones) and whose effect moves the object into its owner's hand without naming a zone it leaves (113.6m needs
    one) states no other zone: it functions on the battlefield only, even though it says "hand" and "cast"."""
    m = _BOUNCES_ITSELF.match(norm)
    if m is None or "~" in m.group("when") or _ZONE_WORDS.search(m.group("when")):
        return False
    try:
        event = phrases.parse(m.group("when"), "trigger_condition")
    except DefinitionError:
        return False
    return event is not None and event.who != "self"


#: 113.6m: an effect that moves the object itself ("~") out of a zone it names: "Return ~ from your graveyard to
#: the battlefield", "Put ~ from exile onto the battlefield", "Shuffle ~ from your graveyard into your library".
_MOVES_ITSELF_FROM = patterns.compile(r"\b(?:return|put|exile|shuffle)s? ~ from (?:(?:your|its owner's|a) (?P<zone>graveyard|"
                                r"hand|library)|(?P<exile>exile))\b", re.I)
#: Verbs by which an earlier part of an effect could put the object itself into a zone (113.6m's "unless").
_MOVES_ITSELF = patterns.compile(r"\b(?:return|put|exile|shuffle|sacrifice|discard|mill|destroy)s? ~", re.I)


def moved_out_of(effect: str) -> tuple[str, ...] | None:
    """113.6m: the zone an ability's effect moves the object it is on out of, where the ability then functions
    only; () if the effect names no such move; None if it names one that this reading can't place: two
    zones, or an earlier part of the effect that could have put the object there (113.6m's "unless"). Text in
    quotation marks is another object's ability (113.1a), and "a card named ~" another card: neither counts."""
    text = re.sub(r"\"[^\"]*\"", " ", effect)
    found = [m for m in _MOVES_ITSELF_FROM.finditer(text)]
    if not found:
        return ()
    zones = {m.group("zone").lower() if m.group("zone") else "exile" for m in found}
    if len(zones) > 1 or _MOVES_ITSELF.search(text[:found[0].start()]):
        return None
    return (zones.pop(),)


def _bounce_trigger_zones(norm: str, kind: str, spell: bool) -> tuple[str, ...] | None:
    if kind == "triggered" and not spell and _bounces_itself_from_the_battlefield(norm):
        return ("battlefield",)
    return None


def _stated_zone(norm: str, kind: str, spell: bool) -> tuple[str, ...] | None:
    stated = _STATES_ITS_ZONE.match(norm)
    return (stated.group(1).lower(),) if stated and kind == "static" else None


def _usual_zone(norm: str, kind: str, spell: bool) -> tuple[str, ...] | None:
    """113.6: a line with no word of a zone (113.6b-c, j-k, m; the graveyard delirium counts is none) and, if it
    names the object itself, no word of 113.6a, d-i functions only in its object's usual zone."""
    if _ZONE_WORDS.search(_COUNTED_ZONE.sub(" ", norm)) or ("~" in norm and _SELF_WORDS.search(norm)):
        return None
    return ("stack",) if spell else ("battlefield",)


#: The rows that narrow where an unmodelled line functions (113.6), tried in order; the first that gives zones
#: decides; none: anywhere.
ZONE_ROWS: tuple[Narrowing, ...] = (
    Narrowing("a permanent's trigger that bounces itself", "zones", "113.6, 113.6k, 113.6m", _bounce_trigger_zones),
    Narrowing("an ability that states its zone", "zones", "113.6b", _stated_zone),
    Narrowing("the usual zone", "zones", "113.6", _usual_zone),
)


def zones_of(norm: str, kind: str, spell: bool) -> tuple[str, ...]:
    """Where an unmodelled line functions (113.6): () when it may be anywhere (``ZONE_ROWS``)."""
    for row in ZONE_ROWS:
        zones = row.test(norm, kind, spell)
        if zones is not None:
            return zones
    return ()


def could_add_mana(text: str) -> bool:
    """Could an ability with this text add mana when it resolves (605.1a-b)? Only if it speaks of adding mana
    or of mana other than what pays its cost, outside any ability it grants."""
    return bool(_MANA_WORDS.search(_NOT_ADDING.sub(" ", text)))


#: A loyalty cost (606.4: "+N", "−N", "0", "−X") and a target outside quotation marks (115.1, 601.2c).
_LOYALTY_COST = patterns.compile(r"^[+−-]?(?:\d+|X)$")
#: Adding mana is said "add"/"adds" (106.4), or doubling the mana in a pool (Doubling Cube, 106.6 example);
#: "it produces ... instead" is a replacement effect on another ability's mana (614.1a), which adds none itself.
_ADDING = patterns.compile(r"\b(?:add|adds|double)\b", re.I)
_TARGET_WORD = patterns.compile(r"\btargets?\b", re.I)
_SPENT_RIDER = patterns.compile(r"\b(?:If|When) (?:that|this) mana is spent (?:on|to cast)\b[^.]*\.", re.I)


def is_mana_ability_text(cost_text: str, effect: str) -> bool:
    """Is an activated ability with this cost and effect a mana ability (605.1a)? Only if it could add mana
    (``could_add_mana``), doesn't require a target and isn't a loyalty ability; otherwise it is an activated
    ability that does its work only when it resolves, even if that work adds mana (a planeswalker's "+1: Add
    {R}{R}", 606; "Exile target land card from a graveyard. Add one mana of any color.")."""
    if not could_add_mana(effect) or not _ADDING.search(_NOT_ADDING.sub(" ", effect)):
        return False
    if _LOYALTY_COST.match(cost_text.strip()):
        return False
    # a target in what happens to the spell the mana is spent on is that effect's (106.6), not the ability's
    return not _TARGET_WORD.search(_SPENT_RIDER.sub(" ", re.sub(r"\"[^\"]*\"", " ", effect)))


def _trigger_scopes(norm: str, kind: str) -> frozenset[Scope] | None:
    return EVENT_SCOPES if kind == "triggered" and not could_add_mana(norm) else None


def _activated_scopes(norm: str, kind: str) -> frozenset[Scope] | None:
    return EVENT_SCOPES | {Scope.ACTIVATION} if kind == "activated" and not could_add_mana(norm) else None


def _spending_scopes(norm: str, kind: str) -> frozenset[Scope] | None:
    return frozenset({Scope.SPENDING}) if kind == "static" and _spending_only(norm) else None


def _one_statement(kind: str, norm: str) -> bool:
    return kind == "static" and not _SECOND_CLAUSE.search(norm)


def _own_keyword_scopes(norm: str, kind: str) -> frozenset[Scope] | None:
    return _self_keyword_scopes(norm) if _one_statement(kind, norm) else None


def _template_row(name: str, rule: str, pattern: re.Pattern | patterns.Pattern, scopes: frozenset[Scope]) -> Narrowing:
    return Narrowing(name, "scopes", rule,
                     lambda norm, kind: scopes if _one_statement(kind, norm) and pattern.match(norm) else None)


def _joined_row(name: str, rule: str, pattern: re.Pattern, scopes: frozenset[Scope]) -> Narrowing:
    return Narrowing(name, "scopes", rule, lambda norm, kind: scopes if kind == "static" and pattern.match(norm) else None)


#: The rows that narrow what an unmodelled line could change, tried in order; the first that gives scopes decides;
#: none: anything.
SCOPE_ROWS: tuple[Narrowing, ...] = (
    Narrowing("a trigger that adds no mana", "scopes", "603.3, 608.2, 605.1b", _trigger_scopes),
    Narrowing("an activated ability that adds no mana", "scopes", "602.2, 608.2, 605.1a", _activated_scopes),
    Narrowing("spending mana as though it were another type", "scopes", "609.4b", _spending_scopes),
) + tuple(_joined_row(*t) for t in JOINED_TEMPLATES) + (
    Narrowing("a keyword the object itself has", "scopes", "613.1f, 702", _own_keyword_scopes),
) + tuple(_template_row(*t) for t in STATIC_TEMPLATES)


#: The rules of the templates that are restrictions and requirements on declaring attackers and blockers: the game
#: checks them only as attackers or blockers are declared (508.1c-d, 509.1b-c), so they can't change combat damage.
DECLARATION_RULES = ("506-509", "509.1c")


def declaration_only(text: str, name: str, legendary: bool = False) -> bool:
    """Is the printed static line ``text`` of a card named ``name`` a restriction or requirement on declaring
    attackers or blockers and nothing else (``DECLARATION_RULES``)?"""
    norm = normalize_self(strip_reminder(text).strip(), self_names(name, legendary))
    if _SECOND_CLAUSE.search(norm):
        return False
    return any(rule in DECLARATION_RULES and pattern.match(norm) for _, rule, pattern, _ in STATIC_TEMPLATES)


def scopes_of(norm: str, kind: str) -> tuple[Scope, ...]:
    """What an unmodelled line could change; () for anything (``SCOPE_ROWS``)."""
    for row in SCOPE_ROWS:
        scopes = row.test(norm, kind)
        if scopes is not None:
            return tuple(sorted(scopes, key=lambda s: s.value))
    return ()


def unmodelled(norm: str, printed: str, kind: str, spell: bool) -> Ability:
    """The unmodelled ability for a line the grammar does not read, narrowed only by the rules above."""
    # A trigger's event words as normalized ("When ~ enters"; the card's own name, commas and all, is "~"),
    # for the engine's reading of which events trigger it (``engine.triggers.condition``).
    trigger = norm.split(", ")[0] if kind == "triggered" else ""
    return Ability("unmodelled", source_text=printed, unmodelled_kind=kind, scope=scopes_of(norm, kind),
                   zones=zones_of(norm, kind, spell), trigger=trigger)
