"""The keyword abilities of CR 702, as the compiler knows them: for each, what it is (static, triggered or
activated), where it functions (113.6) and what it can change (its scopes). A keyword the model implements
compiles to an Ability of the vocabulary (``oracle.lines``); every other keyword is kept unmodelled with
the scopes and zones below, each a consequence of the keyword's rule:

- triggered keywords (prowess, exalted, ...) change the game only when they resolve (603): event scopes;
- combat keywords (flying, shadow, landwalk, ...) are about attacking and blocking (506-509): combat;
- alternative costs, optional additional costs, other zones to cast from and the card's own cost reductions
  only add ways to cast it (118.9, 601.2b, 601.3): cast options, which can matter only to a "no" (and, for an
  optional additional cost, to a cast that does not say whether it is paid: ``Keyword.additional``);
- keywords whose ability functions only in a zone other than the battlefield say so (113.6b, 113.6j): cycling
  from the hand, unearth from the graveyard.
A keyword missing from this table is not known, and its line is unmodelled with every scope.
"""
from __future__ import annotations

import re

from mtgjudge.model.vocab.scopes import EVENT_SCOPES, Scope
from mtgjudge.model.lazy_dataclass import dataclass

BF = ("battlefield",)
HAND = ("hand",)
#: Every zone but the stack: where a card may be cast from (601.3) and the battlefield.
NOT_STACK = ("hand", "graveyard", "exile", "library", "command", "battlefield")
GRAVEYARD = ("graveyard",)
STACK = ("stack",)
ANYWHERE: tuple[str, ...] = ()

EVENTS = EVENT_SCOPES
COMBAT = frozenset({Scope.COMBAT})
OPTIONS = frozenset({Scope.CAST_OPTIONS})
ACTIVATED = EVENT_SCOPES | {Scope.ACTIVATION}
ENTERS = frozenset({Scope.ENTERS})
CHARACTERISTICS = frozenset({Scope.CHARACTERISTICS, Scope.COLORS_OFF_BATTLEFIELD})
#: What a permanent that may have haste (702.10) changes: what it may activate ({T} abilities, 302.6), how it
#: attacks, and its abilities (characteristics).
HASTE = frozenset({Scope.ACTIVATION, Scope.COMBAT, Scope.CHARACTERISTICS})
#: What a keyword about damage or destruction can change: every event but how permanents enter (614.1c-d).
NOT_ENTERING = EVENT_SCOPES - {Scope.ENTERS, Scope.ENTERS_ITSELF}
#: 702.16b-e: protection is damage, enchanting/equipping/fortifying (attach), blocking and targeting (DEBT); not
#: how a permanent enters (an Aura entering attached to it is the attach scope's, 303.4f).
PROTECTION = NOT_ENTERING | {Scope.TARGETING}
OUTSIDE = frozenset({Scope.OUTSIDE_GAME})
#: What a spell's ability that does its work only as the spell resolves (608.2) can change before then: whether
#: and how it resolves (the engine's guard as it resolves, ``resolve._guard_own_text``, and as it is countered).
AS_IT_RESOLVES = frozenset({Scope.RESOLUTION})


@dataclass(frozen=True)
class Keyword:
    """One keyword ability: its name as printed, its rule, the parameter it takes (``""``: none; ``cost``: a
    cost; ``n``: a number; ``n_cost``: "N—cost"; ``quality``: words, as "from red" or "creature"), the kind of
    ability it is, its scopes and the zones it functions in (empty: any)."""

    name: str
    rule: str
    param: str
    kind: str
    scopes: frozenset[Scope]
    zones: tuple[str, ...] = BF
    #: Its abilities other than the cost option apply only if its alternative cost was paid (118.9, 601.2b):
    #: a spell cast for its mana cost is unchanged by them (``only_if_chosen``).
    if_chosen: bool = False
    #: It is an optional additional cost (601.2b, 601.2f: "the player announces ... any ... additional costs"),
    #: payable however the spell is cast: casting the spell for its mana cost does not decline it, so a cast that
    #: does not branch on paying it is no reading (``optional_additional``).
    additional: bool = False


def _k(name: str, rule: str, param: str, kind: str, scopes: frozenset[Scope], zones: tuple[str, ...] = BF,
       if_chosen: bool = False, additional: bool = False) -> Keyword:
    return Keyword(name, rule, param, kind, frozenset(scopes), zones, if_chosen, additional)


TABLE: tuple[Keyword, ...] = (
    # Evasion and combat (506-510).
    _k("Flying", "702.9", "", "static", COMBAT),
    _k("Defender", "702.3", "", "static", COMBAT),
    _k("First strike", "702.7", "", "static", COMBAT),
    _k("Double strike", "702.4", "", "static", COMBAT),
    _k("Trample", "702.19", "", "static", COMBAT),
    _k("Vigilance", "702.20", "", "static", COMBAT),
    _k("Reach", "702.17", "", "static", COMBAT),
    _k("Menace", "702.111", "", "static", COMBAT),
    _k("Fear", "702.36", "", "static", COMBAT),
    _k("Intimidate", "702.13", "", "static", COMBAT),
    _k("Shadow", "702.28", "", "static", COMBAT),
    _k("Horsemanship", "702.31", "", "static", COMBAT),
    _k("Skulk", "702.118", "", "static", COMBAT),
    _k("Banding", "702.22", "", "static", COMBAT),
    _k("Landwalk", "702.14", "quality", "static", COMBAT),
    # Damage (120): what combat and other damage does, and destruction (701.8); none of them is how a permanent
    # enters (614.1c-d, 614.12).
    _k("Deathtouch", "702.2", "", "static", NOT_ENTERING),
    _k("Lifelink", "702.15", "", "static", NOT_ENTERING),
    _k("Infect", "702.90", "", "static", NOT_ENTERING),
    _k("Wither", "702.80", "", "static", NOT_ENTERING),
    _k("Toxic", "702.164", "n", "static", NOT_ENTERING),
    _k("Indestructible", "702.12", "", "static", NOT_ENTERING),
    _k("Haste", "702.10", "", "static", frozenset({Scope.ACTIVATION, Scope.COMBAT})),
    # Targeting (115): what may target the permanent.
    _k("Hexproof", "702.11", "", "static", frozenset({Scope.TARGETING})),
    _k("Shroud", "702.18", "", "static", frozenset({Scope.TARGETING})),
    _k("Protection", "702.16", "quality", "static", PROTECTION),
    _k("Ward", "702.21", "cost", "triggered", EVENTS),
    # Casting (601, 702.8): timing, and ways to pay.
    _k("Flash", "702.8", "", "static", frozenset({Scope.CASTING}), ANYWHERE),
    _k("Convoke", "702.51", "", "static", frozenset({Scope.SPELL_COSTS}), STACK),
    _k("Delve", "702.66", "", "static", frozenset({Scope.SPELL_COSTS}), STACK),
    _k("Improvise", "702.126", "", "static", frozenset({Scope.SPELL_COSTS}), STACK),
    _k("Split second", "702.61", "", "static", frozenset({Scope.CASTING, Scope.ACTIVATION}), STACK),
    # Ways to cast a card that only add ways (118.9, 601.2b): alternative and optional additional costs. An
    # optional additional cost (``additional``) adds ways to cast it, but a spell cast without saying whether it is
    # paid may have been cast either way (601.2b): each is a branch, or the cast is unsupported.
    _k("Kicker", "702.33", "cost", "static", OPTIONS, STACK, additional=True),
    _k("Multikicker", "702.33", "cost", "static", OPTIONS, STACK, additional=True),
    _k("Buyback", "702.27", "cost", "static", OPTIONS, STACK, additional=True),
    # a line read whole is the static word ``entwine`` (``words.modes.perform``); the row keeps the lines that are not
    _k("Entwine", "702.42", "cost", "static", OPTIONS, STACK, additional=True),
    _k("Replicate", "702.56", "cost", "static", OPTIONS, STACK, additional=True),
    _k("Conspire", "702.78", "", "static", OPTIONS, STACK, additional=True),
    # 702.47a: the splice card's cost is paid as an additional cost of another spell (an Arcane one) being cast; a
    # line read whole is the static word ``splice`` (``words.splice``); the row keeps the lines that are not
    _k("Splice", "702.47", "quality", "static", OPTIONS, HAND, additional=True),
    _k("Squad", "702.157", "cost", "static", OPTIONS | EVENTS, ANYWHERE, additional=True),
    _k("Offspring", "702.175", "cost", "static", OPTIONS | EVENTS, ANYWHERE, additional=True),
    _k("Bargain", "702.166", "", "static", OPTIONS, STACK, additional=True),
    _k("Casualty", "702.153", "n", "static", OPTIONS, STACK, additional=True),
    _k("Gift", "702.174", "quality", "static", OPTIONS | EVENTS, ANYWHERE, additional=True),
    _k("Escalate", "702.120", "cost", "static", OPTIONS, STACK),
    _k("Morph", "702.37", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    _k("Megamorph", "702.37", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    _k("Disguise", "702.168", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    # 702.74a: a static ability in the zones it can be cast from, and "When this permanent enters, if its evoke
    # cost was paid, its controller sacrifices it", which can trigger only on its own entering (checked as it
    # enters, ``engine.entering``), and only if it was cast for its evoke cost (603.4). Neither functions on
    # the stack, and the counters and characteristics of other objects are none of its business.
    _k("Evoke", "702.74", "cost", "static", OPTIONS | ENTERS, NOT_STACK[:-1], if_chosen=True),
    # 702.109a, 702.152a: on the battlefield, "as long as this permanent's dash (blitz) cost was paid, it has haste"
    # (and blitz's draw trigger): a permanent given on the battlefield may have it; one the actions cast for its mana
    # cost doesn't (``if_chosen``). A dash line whose cost is read is no unmodelled line (``oracle.lines._dash``:
    # the alternative cost, the haste as long as it was paid, the delayed return); these rows are for the rest.
    _k("Dash", "702.109", "cost", "static", OPTIONS | EVENTS | HASTE, ANYWHERE, if_chosen=True),
    _k("Blitz", "702.152", "cost", "static", OPTIONS | EVENTS | HASTE, ANYWHERE, if_chosen=True),
    # 702.103b-f: a bestowed permanent is an Aura, not a creature, while attached: its characteristics; if its
    # creature leaves it stays, unattached, a creature again (an exception to 704.5m): events. All of it applies
    # only to a spell cast bestowed (702.103a: for its bestow cost) and what it becomes (``if_chosen``;
    # ``cast_options.unbestowed``: an object that can't be bestowed).
    _k("Bestow", "702.103", "cost", "static", OPTIONS | EVENTS | CHARACTERISTICS, ANYWHERE, if_chosen=True),
    _k("Prowl", "702.76", "cost", "static", OPTIONS, ANYWHERE),
    _k("Surge", "702.117", "cost", "static", OPTIONS, ANYWHERE),
    _k("Spectacle", "702.137", "cost", "static", OPTIONS, ANYWHERE),
    _k("Emerge", "702.119", "cost", "static", OPTIONS, ANYWHERE),
    # 702.96a: both abilities function on the stack; if the overload cost was paid, "target" reads "each" in the
    # spell's own text: its targets are chosen as it is cast (601.2c, the cast's own choice: a cast option) and
    # its text does its work as it resolves (608.2); it changes nothing else while it waits on the stack.
    _k("Overload", "702.96", "cost", "static", OPTIONS | AS_IT_RESOLVES, STACK, if_chosen=True),
    # 702.113a: a cost option and a spell ability ("If this spell's awaken cost was paid, put N +1/+1 counters on
    # target land you control ..."), whose target is chosen as it is cast only if that cost is paid (601.2b-c) and
    # which does its work only as the spell resolves (608.2).
    _k("Awaken", "702.113", "n_cost", "static", OPTIONS | AS_IT_RESOLVES, STACK, if_chosen=True),
    _k("Miracle", "702.94", "cost", "static", OPTIONS, ANYWHERE),
    # 702.160a, 718.3: a prototyped permanent has the other power, toughness, mana cost and color.
    _k("Prototype", "702.160", "quality", "static", OPTIONS | EVENTS | CHARACTERISTICS, ANYWHERE),
    # 702.41a, 702.125a: cost reductions that always apply (601.2f), not options: they change the total cost the
    # caster pays. 702.132a: another player may pay part of it (601.2g-h): who pays is a choice of the casting.
    _k("Affinity", "702.41", "quality", "static", OPTIONS | {Scope.SPELL_COSTS}, STACK),
    _k("Assist", "702.132", "", "static", OPTIONS | {Scope.SPELL_COSTS}, STACK),
    _k("Undaunted", "702.125", "", "static", OPTIONS | {Scope.SPELL_COSTS}, STACK),
    _k("Offering", "702.48", "quality", "static", OPTIONS, ANYWHERE),
    _k("Mutate", "702.140", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    _k("Cleave", "702.148", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    _k("Warp", "702.185", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    # 702.176a: with a time counter on it, the permanent isn't a creature: its characteristics.
    _k("Impending", "702.176", "n_cost", "static", OPTIONS | EVENTS | CHARACTERISTICS, ANYWHERE),
    _k("Freerunning", "702.173", "cost", "static", OPTIONS, ANYWHERE),
    _k("Web-slinging", "702.188", "cost", "static", OPTIONS, ANYWHERE),
    _k("Sneak", "702.190", "cost", "static", OPTIONS | EVENTS, ANYWHERE),
    # Other zones to cast or put it from (601.3, 113.6b): these function only there.
    _k("Flashback", "702.34", "cost", "static", OPTIONS, GRAVEYARD),
    _k("Retrace", "702.81", "", "static", OPTIONS, GRAVEYARD),
    _k("Jump-start", "702.133", "", "static", OPTIONS, GRAVEYARD),
    _k("Escape", "702.138", "cost", "static", OPTIONS | EVENTS, GRAVEYARD),
    _k("Harmonize", "702.180", "cost", "static", OPTIONS, GRAVEYARD),
    _k("Mayhem", "702.187", "cost", "static", OPTIONS, GRAVEYARD),
    _k("Disturb", "702.146", "cost", "static", OPTIONS | EVENTS, GRAVEYARD),
    # 702.127a: a permission from the graveyard, a restriction on casting this half from any other zone, and the
    # card exiled as it leaves the stack: it concerns casting from every zone, and what happens as it resolves.
    _k("Aftermath", "702.127", "", "static", OPTIONS | {Scope.CASTING} | AS_IT_RESOLVES, ANYWHERE),
    # 702.35a: a replacement of its own discard, functioning in the hand, and a trigger on that replacement
    # being applied (cast it for its madness cost). "Madness <mana>" is read (``words.madness``); this row keeps a
    # madness line the model does not read.
    _k("Madness", "702.35", "cost", "static", OPTIONS | {Scope.DISCARD}, HAND),
    # 702.62a: a static ability in the hand (exile it with time counters) and two triggers in exile. "Suspend
    # N—<mana>" is read (``words.suspend``); this row keeps a suspend line the model does not read.
    # Casting it from exile makes a spell, not a permanent entering: it changes no one's way of entering (614.1c).
    _k("Suspend", "702.62", "n_cost", "static", OPTIONS | (EVENTS - ENTERS), ("hand", "exile")),
    # 702.102a-b: a split card with fuse may also be cast with both halves from the hand: a way to cast it added
    # to casting one half (709.3), which is unchanged.
    _k("Fuse", "702.102", "", "static", OPTIONS, HAND),
    _k("Foretell", "702.143", "cost", "static", OPTIONS, ANYWHERE),
    _k("Plot", "702.170", "cost", "static", OPTIONS, ANYWHERE),
    # Activated abilities that function in the hand or the graveyard (113.6j).
    _k("Cycling", "702.29", "cost", "activated", ACTIVATED, HAND),
    _k("Ninjutsu", "702.49", "cost", "activated", ACTIVATED, HAND),
    _k("Transmute", "702.53", "cost", "activated", ACTIVATED, HAND),
    _k("Forecast", "702.57", "", "activated", ACTIVATED, HAND),
    _k("Reinforce", "702.77", "n_cost", "activated", ACTIVATED, HAND),
    _k("Unearth", "702.84", "cost", "activated", ACTIVATED, GRAVEYARD),
    _k("Scavenge", "702.97", "cost", "activated", ACTIVATED, GRAVEYARD),
    _k("Embalm", "702.128", "cost", "activated", ACTIVATED, GRAVEYARD),
    _k("Eternalize", "702.129", "cost", "activated", ACTIVATED, GRAVEYARD),
    _k("Encore", "702.141", "cost", "activated", ACTIVATED, GRAVEYARD),
    _k("Aura swap", "702.65", "cost", "activated", ACTIVATED),
    # 702.52a-b: a static ability that functions only while the card is in a graveyard, a replacement of its owner's
    # draws (614.1a, 121.6). "Dredge N" is read (``words.library``); this row keeps a dredge line the model does not
    # read.
    _k("Dredge", "702.52", "n", "static", frozenset({Scope.DRAW}), GRAVEYARD),
    _k("Recover", "702.59", "cost", "triggered", EVENTS, GRAVEYARD),
    # Activated abilities of permanents (602).
    _k("Equip", "702.6", "cost", "activated", ACTIVATED),
    _k("Fortify", "702.67", "cost", "activated", ACTIVATED),
    _k("Reconfigure", "702.151", "cost", "activated", ACTIVATED),
    _k("Crew", "702.122", "n", "activated", ACTIVATED),
    _k("Level up", "702.87", "cost", "activated", ACTIVATED),
    _k("Outlast", "702.107", "cost", "activated", ACTIVATED),
    _k("Boast", "702.142", "cost", "activated", ACTIVATED),
    _k("Saddle", "702.171", "n", "activated", ACTIVATED),
    _k("Station", "702.184", "", "activated", ACTIVATED),
    _k("Exhaust", "702.177", "cost", "activated", ACTIVATED),
    # Triggered abilities of permanents (603): they change the game when they resolve.
    _k("Prowess", "702.108", "", "triggered", EVENTS),
    _k("Exalted", "702.83", "", "triggered", EVENTS),
    _k("Bushido", "702.45", "n", "triggered", EVENTS),
    _k("Flanking", "702.25", "", "triggered", EVENTS),
    _k("Rampage", "702.23", "n", "triggered", EVENTS),
    _k("Soulshift", "702.46", "n", "triggered", EVENTS),
    _k("Persist", "702.79", "", "triggered", EVENTS),
    _k("Undying", "702.93", "", "triggered", EVENTS),
    _k("Renown", "702.112", "n", "triggered", EVENTS),
    _k("Evolve", "702.100", "", "triggered", EVENTS),
    _k("Extort", "702.101", "", "triggered", EVENTS),
    _k("Exploit", "702.110", "", "triggered", EVENTS),
    _k("Fabricate", "702.123", "n", "triggered", EVENTS),
    _k("Mentor", "702.134", "", "triggered", EVENTS),
    _k("Melee", "702.121", "", "triggered", EVENTS),
    _k("Dethrone", "702.105", "", "triggered", EVENTS),
    _k("Afflict", "702.130", "n", "triggered", EVENTS),
    _k("Annihilator", "702.86", "n", "triggered", EVENTS),
    _k("Battle cry", "702.91", "", "triggered", EVENTS),
    _k("Provoke", "702.39", "", "triggered", EVENTS),
    _k("Myriad", "702.116", "", "triggered", EVENTS),
    _k("Afterlife", "702.135", "n", "triggered", EVENTS),
    _k("Training", "702.149", "", "triggered", EVENTS),
    _k("Backup", "702.165", "n", "triggered", EVENTS),
    _k("Ingest", "702.115", "", "triggered", EVENTS),
    _k("Cumulative upkeep", "702.24", "cost", "triggered", EVENTS),
    _k("Echo", "702.30", "cost", "triggered", EVENTS),
    _k("Fading", "702.32", "n", "triggered", EVENTS),
    _k("Vanishing", "702.63", "n", "triggered", EVENTS),
    _k("Modular", "702.43", "n", "triggered", EVENTS),
    _k("Graft", "702.58", "n", "triggered", EVENTS),
    _k("Soulbond", "702.95", "", "triggered", EVENTS),
    _k("Living weapon", "702.92", "", "triggered", EVENTS),
    _k("Haunt", "702.55", "", "triggered", EVENTS, ANYWHERE),
    _k("Hideaway", "702.75", "n", "triggered", EVENTS),
    _k("Champion", "702.72", "quality", "triggered", EVENTS),
    _k("Cascade", "702.85", "", "triggered", EVENTS, STACK),
    _k("Storm", "702.40", "", "triggered", EVENTS, STACK),
    _k("Gravestorm", "702.69", "", "triggered", EVENTS, STACK),
    _k("Ripple", "702.60", "n", "triggered", EVENTS, STACK),
    # 702.50a: two spell abilities, which do something only as the spell resolves (608.2).
    _k("Epic", "702.50", "", "static", AS_IT_RESOLVES, STACK),
    # 702.88a: a static ability on the stack that changes where the spell goes as it resolves (608.2n).
    _k("Rebound", "702.88", "", "static", AS_IT_RESOLVES, STACK),
    # 702.99a: on the stack, a spell ability (encode it on a creature as it resolves, 608.2). The line "Cipher" of an
    # instant or sorcery is read whole (``words.cipher``: the encoded creature's trigger, the static ability in
    # exile, is guarded where combat damage is dealt); the row keeps the lines that are not.
    _k("Cipher", "702.99", "", "static", AS_IT_RESOLVES, STACK),
    _k("Unleash", "702.98", "", "static", EVENTS),
    _k("Enlist", "702.154", "", "static", EVENTS),
    _k("Decayed", "702.147", "", "static", EVENTS),
    _k("Mobilize", "702.181", "n", "triggered", EVENTS),
    _k("Firebending", "702.189", "n", "triggered", EVENTS),
    _k("For Mirrodin!", "702.163", "", "triggered", EVENTS),
    _k("Job select", "702.182", "", "triggered", EVENTS),
    _k("Poisonous", "702.70", "n", "triggered", EVENTS),
    _k("Frenzy", "702.68", "n", "triggered", EVENTS),
    _k("Absorb", "702.64", "n", "static", EVENTS),
    _k("Phasing", "702.26", "", "static", EVENTS),
    _k("Ascend", "702.131", "", "static", EVENTS),           # the city's blessing: read by other abilities
    # How it enters the battlefield (614.1c, 113.6h): these function as it enters.
    _k("Amplify", "702.38", "n", "static", ENTERS, ANYWHERE),
    _k("Sunburst", "702.44", "", "static", ENTERS, ANYWHERE),
    # 702.104a, 702.82a: replacements of how the object itself enters (113.6h, 614.12), checked as it enters
    # (``engine.entering``): once it is on the battlefield its counters are the state's.
    _k("Tribute", "702.104", "n", "static", ENTERS, ANYWHERE),
    _k("Devour", "702.82", "n", "static", ENTERS, ANYWHERE),
    _k("Bloodthirst", "702.54", "n", "static", ENTERS, ANYWHERE),
    _k("Riot", "702.136", "", "static", ENTERS | COMBAT, ANYWHERE),
    _k("Ravenous", "702.156", "", "static", ENTERS | EVENTS, ANYWHERE),
    _k("Read ahead", "702.155", "", "static", ENTERS | EVENTS, ANYWHERE),
    _k("Compleated", "702.150", "", "static", ENTERS, ANYWHERE),
    # Characteristic-defining abilities function everywhere (604.3, 113.6a).
    _k("Changeling", "702.73", "", "static", CHARACTERISTICS, ANYWHERE),
    _k("Devoid", "702.114", "", "static", CHARACTERISTICS, ANYWHERE),
    _k("Living metal", "702.161", "", "static", CHARACTERISTICS),
    # Enchant: an Aura spell's target (115.1b) and what the Aura can be attached to (303.4a, 704.5m).
    _k("Enchant", "702.5", "quality", "static", frozenset({Scope.CASTING, Scope.TARGETING, Scope.ATTACH}), ANYWHERE),
    _k("Umbra armor", "702.89", "", "static", EVENTS),
    _k("Totem armor", "702.89", "", "static", EVENTS),
    # Deck construction and the game's start (113.6n).
    _k("Partner", "702.124", "quality", "static", OUTSIDE, ANYWHERE),
    _k("Companion", "702.139", "quality", "static", OUTSIDE | OPTIONS, ANYWHERE),
    _k("Hidden agenda", "702.106", "", "static", OUTSIDE, ANYWHERE),
    _k("Double agenda", "702.106", "", "static", OUTSIDE, ANYWHERE),
)

BY_NAME: dict[str, Keyword] = {k.name.lower(): k for k in TABLE}

#: Landwalk's forms (702.14a): "<land type or quality>walk".
LANDWALK_SUFFIX = "walk"


def lookup(head: str) -> Keyword | None:
    """The keyword a line's first words name ("Cumulative upkeep", "Swampwalk", "Protection"), if any."""
    low = head.lower()
    if low in BY_NAME:
        return BY_NAME[low]
    if low.endswith(LANDWALK_SUFFIX) and len(low) > len(LANDWALK_SUFFIX):
        return BY_NAME["landwalk"]
    return None


def only_if_chosen(text: str) -> Keyword | None:
    """The keyword this line is, if it is one keyword whose abilities, but for its cost option, apply only if its
    alternative cost was paid (``Keyword.if_chosen``: "Overload {2}{R}", "Awaken 2—{4}{W}", "Evoke {U}"): a
    spell cast for its mana cost (601.2b: that option not chosen) is unchanged by it. Any other line (reminder
    text aside, a keyword with other words, another keyword): None."""
    line = text.split("(")[0].strip().rstrip(".")
    if any(sep in line for sep in (",", ";")):
        return None
    words = line.replace("—", " ").split()
    for n in (2, 1):
        kw = lookup(" ".join(words[:n])) if len(words) >= n else None
        if kw is not None:
            size = n + {"": 0, "cost": 1, "n": 1, "n_cost": 2}.get(kw.param, -1)
            return kw if kw.if_chosen and len(words) == size else None
    return None


def optional_additional(text: str) -> Keyword | None:
    """The keyword a line names, if it is one whose cost is an optional additional cost (``Keyword.additional``:
    "Buyback {3}", "Entwine {2}", "Replicate {1}{U}", "Splice onto Arcane {1}{R}"), whatever follows its name;
    None for any other line."""
    words = re.split(r"[\s—]+", text.split("(")[0].strip())
    for n in (2, 1):
        kw = lookup(" ".join(words[:n])) if len(words) >= n else None
        if kw is not None:
            return kw if kw.additional else None
    return None
