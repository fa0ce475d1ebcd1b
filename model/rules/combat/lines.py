"""The lines of text that declaring attackers and blockers reads (506-509): restrictions ("~ can't block"),
requirements ("~ attacks each combat if able", Lure's "All creatures able to block enchanted creature do so"), the
number of creatures a blocker may block (509.1a) and costs to attack (508.1h: Ghostly Prison). (Protection is a
keyword the compiler reads, 702.16: ``rules.protection``.)

A line is read only whole (the pattern matches all of it); any other line that may concern combat is left to the
caller, which makes the declaration `unsupported`, naming it."""
from __future__ import annotations

import re
from dataclasses import replace

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.combat import record
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, StaticEffect
from mtgjudge.model.vocab.parse import parse_static
from mtgjudge.model.lazy_dataclass import dataclass

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: A line's subject: the object itself (``~``) or the creature its Aura enchants (303.4).
_SELF = r"(?P<who>~|enchanted creature)"


@dataclass(frozen=True)
class CombatLine:
    """What one line says for declaring attackers and blockers: ``fact`` is one of ``cant_attack``,
    ``cant_block``, ``cant_attack_or_block``, ``must_attack``, ``must_block``, ``lure`` (all creatures able to
    block it do so), ``must_be_blocked``, ``cant_be_blocked``, ``menace`` (can't be blocked except by two or more),
    ``extra_blocks`` (``n``: how many more creatures it can block; -1: any number), ``attack_unless`` (it can't
    attack unless the defending player controls a permanent of the subtype ``subtype``), ``attack_cost``
    (creatures can't attack the line's controller, and with ``planeswalkers`` the planeswalkers they control, unless
    their controller pays the mana ``cost`` for each of them: 508.1h), ``not_blocked_by`` / ``only_blocked_by`` (``quality``: the blockers it can't be blocked by / the only ones it
    can), ``blocks_only`` (``quality``: the only attackers it can block), ``cant_block_those`` (``quality``: the
    attackers it can't block), ``min_blockers`` / ``max_blockers`` (``n``), ``cant_attack_alone``,
    ``cant_block_alone`` (506.5), ``blocks_shadow`` (it can block creatures with shadow as though it had shadow, 702.28b),
    ``blocks_shadow_ignoring`` (... as though they didn't have shadow),
    ``must_attack_or_block`` ("attacks or blocks each combat if able": both requirements, 508.1d, 509.1c), ``exert`` (it may be exerted as it attacks: an optional cost to attack that can
    always be paid, 701.43b-d, 508.1g, so it changes no declaration; ``_EXERT``), and the
    keywords whose rules change nothing of declaring (``keyword_case``) in the case ``case`` names (``dash``: haste only if
    its dash cost was paid, 702.109a, which matters only to a creature 302.6 would stop; ``face_up``: morph,
    702.37a-e; ``unattached``: bestow, 702.103f; ``always``: ascend 702.131b-c, phasing 702.26a, a line that only
    grants a keyword of combat damage (``DAMAGE_KEYWORDS``) or only changes how combat damage is assigned, 510.1);
    ``enchanted``:
    it is about the creature the line's Aura enchants, not the object itself. ``condition``: the fact holds only
    while the condition is true (``unless``: only while it is false), as the board stands when attackers or
    blockers are declared (508.1c, 509.1b: restrictions are checked as the declaration is made).

    A ``quality`` is a tuple of what a creature has, all of it: ``("color", "B")``, ``("artifact",)``,
    ``("subtype", "Wall")``, ``("keyword", ("Flying", "Reach"))`` (any of them), ``("power_at_most", n)``,
    ``("power_at_least", n)``, or ``("power_less_than_its",)`` / ``("power_greater_than_its",)`` (than the line's
    own creature's)."""

    fact: str
    rule: str
    enchanted: bool = False
    n: int = 0
    subtype: str = ""
    cost: str = ""
    planeswalkers: bool = False
    quality: tuple = ()
    case: str = ""
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class Condition:
    """What a restriction's "unless" / "if" / "as long as" says, read whole: ``kind`` ``permanents`` (how many
    permanents any of ``selectors`` names: each selector's "you" is ``whose``: ``you`` the line's controller,
    ``defending`` the defending player (506.2), ``any`` with no controller named), ``cards`` (``count``: a
    ``rules.counts.Count`` of the line's controller's cards in a zone), ``attached`` (``subtype``: how many
    permanents of that subtype are attached to the line's creature: "it's equipped", "it's enchanted") or
    ``counters`` (how many counters of the kind ``subtype`` are on the line's creature); the number
    found is compared with ``n`` (``at_least``: >= ``n``; else <= ``n``)."""

    text: str
    kind: str
    n: int
    at_least: bool = True
    whose: str = "you"
    selectors: tuple[Selector, ...] = ()
    count: counts.Count | None = None
    subtype: str = ""


_PATTERNS: tuple[tuple[str, str, re.Pattern], ...] = tuple((fact, rule, re.compile(p, re.I)) for fact, rule, p in (
    ("cant_attack_or_block", "508.1c", rf"^{_SELF} can't attack or block\.$"),
    ("cant_attack", "508.1c", rf"^{_SELF} can't attack\.$"),
    ("cant_block", "509.1b", rf"^{_SELF} can't block\.$"),
    ("must_attack", "508.1d", rf"^{_SELF} attacks each (?:combat|turn) if able\.$"),
    ("must_block", "509.1c", rf"^{_SELF} blocks each (?:combat|turn) if able\.$"),
    ("lure", "509.1c", r"^All creatures able to block (?P<who>~|enchanted creature) do so\.$"),
    ("must_be_blocked", "509.1c", rf"^{_SELF} must be blocked (?:each combat )?if able\.$"),
    ("cant_be_blocked", "509.1b", rf"^{_SELF} can't be blocked\.$"),
    ("menace", "509.1b", rf"^{_SELF} can't be blocked except by two or more creatures\.$"),
    ("extra_one", "509.1a", rf"^{_SELF} can block an additional creature each combat\.$"),
    ("extra_any", "509.1a", rf"^{_SELF} can block any number of creatures(?: each combat)?\.$"),
    ("attack_unless", "508.1c", rf"^{_SELF} can't attack unless defending player controls an? (?P<subtype>(?-i:[A-Z][a-z]+))\.$"),
    ("cant_attack_or_block", "508.1c", r"^(?P<who>~) can't attack or block (?P<how>unless|if) (?P<cond>[^,;]+)\.$"),
    ("cant_attack", "508.1c", r"^(?P<who>~) can't attack (?P<how>unless|if) (?P<cond>[^,;]+)\.$"),
    ("cant_block", "509.1b", r"^(?P<who>~) can't block (?P<how>unless|if) (?P<cond>[^,;]+)\.$"),
    ("cant_be_blocked", "509.1b", r"^(?P<who>~) can't be blocked (?P<how>as long as|unless|if) (?P<cond>[^,;]+)\.$"),
    ("cant_be_blocked", "509.1b", r"^As long as (?P<cond>[^,;]+), (?P<who>~) can't be blocked\.$"),
    ("cant_block", "509.1b", r"^As long as (?P<cond>[^,;]+), (?P<who>~) can't block\.$"),
    ("cant_attack", "508.1c", r"^As long as (?P<cond>[^,;]+), (?P<who>~) can't attack\.$"),
    ("must_attack", "508.1d", r"^As long as (?P<cond>[^,;]+), (?P<who>~) attacks each combat if able\.$"),
    ("cant_block_and_cant_be_blocked", "509.1b", rf"^{_SELF} can't block and can't be blocked\.$"),
    # 702.28b: a permission to block creatures with shadow, the creature having no shadow itself
    ("blocks_shadow", "702.28b", r"^(?P<who>~) can block creatures with shadow as though ~ had shadow\.$"),
    # ... as though the attacker had no shadow: with shadow of its own it can then block nothing (702.28b; Aetherflame
    # Wall ruling 2006-09-25)
    ("blocks_shadow_ignoring", "702.28b", r"^(?P<who>~) can block creatures with shadow as though they didn't have "
                                          r"shadow\.$"),
    ("extra_n", "509.1a", rf"^{_SELF} can block an additional (?P<n>two|three|four|five) creatures each combat\.$"),
    ("must_attack_or_block", "508.1d", rf"^{_SELF} attacks or blocks each combat if able\.$"),
    ("cant_block_or_be_blocked_by", "509.1b", rf"^{_SELF} can't block or be blocked by (?P<q>.+)\.$"),
    ("cant_attack_or_block_alone", "506.5", rf"^{_SELF} can't attack or block alone\.$"),
    ("cant_attack_alone", "506.5", rf"^{_SELF} can't attack alone\.$"),
    ("cant_block_alone", "506.5", rf"^{_SELF} can't block alone\.$"),
    ("max_blockers", "509.1b", rf"^{_SELF} can't be blocked by more than one creature\.$"),
    ("min_blockers", "509.1b", rf"^{_SELF} can't be blocked except by (?P<n>three|four|five) or more creatures\.$"),
    ("not_blocked_by", "509.1b", rf"^{_SELF} can't be blocked by (?P<q>.+)\.$"),
    ("only_blocked_by", "509.1b", rf"^{_SELF} can't be blocked except by (?P<q>.+)\.$"),
    ("not_blocked_by_weaker", "509.1b", r"^Creatures with power (?P<dir>less|greater) than (?P<who>~)'s power can't block it\.$"),
    ("blocks_only", "509.1b", rf"^{_SELF} can block only (?P<q>.+)\.$"),
    ("cant_block_those", "509.1b", rf"^{_SELF} can't block (?P<q>.+)\.$"),
))


#: Costs to attack (508.1h): Ghostly Prison, Propaganda, Windborn Muse; Norn's Annex with planeswalkers. A cost
#: of mana symbols only, with no X (Sphere of Safety's X is the number of enchantments: no reading).
_COST = r"(?P<cost>(?:\{(?:[0-9]+|[WUBRGC]|[WUBRG2]/[WUBRGP])\})+)"
_ATTACK_COSTS = (
    (False, re.compile(rf"^Creatures can't attack you unless their controller pays {_COST} for each creature they "
                       r"control that's attacking you\.$", re.I)),
    (True, re.compile(rf"^Creatures can't attack you or a planeswalker you control unless their controller pays "
                      rf"{_COST} for each of those creatures\.$", re.I)),
)
#: The keywords whose rules change nothing of declaring in a case the declaration checks (``keyword_case``). (The
#: evasion keywords, landwalk and unleash are keyword abilities the compiler gives, ``declare.EVASION_KEYWORDS``,
#: ``declare.UNLEASH``.)
_NO_DECLARING = ((re.compile(r"^(?:Morph|Megamorph) (?:\{[^}]+\})+$", re.I), "face_up", "702.37e"),
                 (re.compile(r"^Bestow (?:\{[^}]+\})+$", re.I), "unattached", "702.103f"),
                 (re.compile(r"^Dash (?:\{[^}]+\})+$", re.I), "dash", "702.109a"),
                 (re.compile(r"^Ascend$", re.I), "always", "702.131c"),
                 (re.compile(r"^Phasing$", re.I), "always", "702.26a"))
#: Keywords whose rules are about combat damage and destruction (702.2 deathtouch, 702.4 double strike, 702.7 first
#: strike, 702.12 indestructible, 702.15 lifelink, 702.19 trample), never about which declarations are legal (508.1,
#: 509.1): a line that only grants one of them, whatever its condition, changes nothing of declaring.
DAMAGE_KEYWORDS = "first strike|double strike|trample|deathtouch|lifelink|indestructible"
#: The condition of such a line: one clause (no list, quotation or second sentence), with no second consequence
#: joined to it ("... as long as you control a Forest and it can't block" is no such line).
_CONDITION = r"(?:(?! and (?:it |~ |this creature )?(?:has|have|gets|gains|can|can't|is|isn't)\b)[^.,;\"])+"
_DAMAGE_ONLY = (
    re.compile(rf"^(?:[A-Z][a-z]+ — )?~ has (?:{DAMAGE_KEYWORDS})(?: and (?:{DAMAGE_KEYWORDS}))? as long as "
               rf"{_CONDITION}\.$", re.I),
    re.compile(r"^You may have ~ assign its combat damage as though it weren't blocked\.$", re.I),
)
#: 701.43d: "You may exert ~ as it attacks" is an optional cost to attack (508.1g), and the triggered ability
#: printed after it ("When you do, ...") is linked to it (607.2h): it triggers only when the creature is exerted,
#: as it attacks, and is put on the stack after the declaration is complete (508.2, 603.3), so it is a triggered
#: ability that changes nothing of declaring; its effect is kept as text, unread, for the engine, which does not
#: perform the choice to exert (``engine.declaring``). One sentence after it, no more.
_EXERT = re.compile(r"^You may exert ~ as it attacks\.(?: When you do, (?P<linked>[^.\"]+)\.)?$", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_KEYWORD_NAMES = {"flying": "Flying", "reach": "Reach", "horsemanship": "Horsemanship", "shadow": "Shadow"}


def quality(words: str) -> tuple | None:
    """The creatures a phrase names ("creatures with flying", "artifact creatures", "Walls", "black creatures",
    "creatures with power 2 or less", "creatures with flying or reach"), as a ``CombatLine.quality``; None for any
    other phrase (the line is then not read)."""
    w = words.strip()
    if w == "Walls":
        return (("subtype", "Wall"),)
    m = re.fullmatch(r"(white|blue|black|red|green) creatures", w, re.I)
    if m:
        return (("color", _COLORS[m.group(1).lower()]),)
    if re.fullmatch(r"artifact creatures", w, re.I):
        return (("artifact",),)
    m = re.fullmatch(r"creatures with (flying|reach|horsemanship|shadow)(?: or (flying|reach))?", w, re.I)
    if m:
        return (("keyword", tuple(_KEYWORD_NAMES[g.lower()] for g in m.groups() if g)),)
    m = re.fullmatch(r"creatures with power (less|greater) than ~'s power", w, re.I)
    if m:
        return (("power_less_than_its",) if m.group(1).lower() == "less" else ("power_greater_than_its",),)
    m = re.fullmatch(r"creatures with power (\d+) or (less|greater)", w, re.I)
    if m:
        return (("power_at_most" if m.group(2).lower() == "less" else "power_at_least", int(m.group(1))),)
    sels = selectors(w)
    return (("selector", sels),) if sels else None


#: Words of a phrase that no selector says: counts ("two or more creatures") and what another sentence would add.
_NOT_A_KIND = re.compile(r"\b(?:or more|or fewer|more than|unless|if|as long as|this turn|except)\b", re.I)


def selectors(phrase: str, articles: bool = False) -> tuple[Selector, ...] | None:
    """The permanents a noun phrase names ("Humans", "non-Wall creatures", "artifact creatures and/or white
    creatures", with ``articles`` also "an untapped land", "a Knight or a Soldier"), read whole by the phrase
    grammar's ``target_np`` (a list joined by "or" / "and/or" names any of them, 115.1), as selectors (any of
    them); None if the grammar does not read the phrase whole as permanents on the battlefield."""
    if _NOT_A_KIND.search(phrase):
        return None
    if articles:
        phrase = re.sub(r"\b(?:an?) (?=\w)", "", phrase, flags=re.I)
    # "another Wolf or Werewolf": "another" is said of the whole list (each item is another permanent)
    other = re.match(r"another ", phrase, re.I) is not None
    if other:
        phrase = phrase[len("another "):]
    try:
        spec = phrases.parse(phrase.strip(), "target_np")
    except DefinitionError:
        return None
    if getattr(spec, "zone", None) != "battlefield" or spec.players or spec.that_player or not spec.objects:
        return None
    return tuple(replace(o, other=True) for o in spec.objects) if other else tuple(spec.objects)


_NUM = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_N = rf"(?P<n>{_NUM})"
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


#: The conditions of restrictions read whole: (pattern, kind, whose, at least?), the phrase in ``np``, a number
#: in ``n`` (none: one).
_CONDITIONS: tuple[tuple[re.Pattern, str, str, bool], ...] = tuple(
    (re.compile(p, re.I), kind, whose, at_least) for p, kind, whose, at_least in (
        (r"^defending player controls (?:an?|one or more) (?P<np>.+)$", "permanents", "defending", True),
        (r"^defending player controls no (?P<np>.+)$", "permanents", "defending", False),
        (r"^you control (?:an?|one or more) (?P<np>.+)$", "permanents", "you", True),
        (r"^you control (?P<np>another .+)$", "permanents", "you", True),
        (r"^you control no (?P<np>.+)$", "permanents", "you", False),
        (rf"^you control (?:at least {_N}|(?P<n2>{_NUM}) or more) (?P<np>.+)$", "permanents", "you", True),
        (r"^there is an? (?P<np>.+) on the battlefield$", "permanents", "any", True),
        (r"^there's (?P<np>an? .+|another .+) on the battlefield$", "permanents", "any", True),
        (r"^(?P<np>an? .+) is on the battlefield$", "permanents", "any", True),
        (rf"^it has {_N} or more (?P<counter>[+-]1/[+-]1|[a-z]+) counters on it$", "counters", "you", True),
        (rf"^there are {_N} or more (?P<np>.+) on the battlefield$", "permanents", "any", True),
        (rf"^there are {_N} or more cards in your graveyard$", "graveyard", "you", True),
        (rf"^{_N} or more cards are in your graveyard$", "graveyard", "you", True),
        (rf"^you have {_N} or more cards in (?:your )?hand$", "hand", "you", True),
        (rf"^you have {_N} or fewer cards in (?:your )?hand$", "hand", "you", False),
        (r"^you have no cards in (?:your )?hand$", "hand", "you", False),
        (r"^it's (?P<attached>equipped|enchanted)$", "attached", "you", True),
    ))


def condition(text: str) -> Condition | None:
    """The condition ``text`` ("defending player controls an artifact", "you control another Giant", "there are
    seven or more cards in your graveyard", "it's equipped") read whole, or None."""
    t = text.strip()
    for pattern, kind, whose, at_least in _CONDITIONS:
        m = pattern.match(t)
        if not m:
            continue
        groups = m.groupdict()
        n = next((_number(g) for k, g in groups.items() if k.startswith("n") and k != "np" and g), None)
        if n is None:
            n = 1 if at_least else 0
        if kind == "attached":
            return Condition(t, kind, 1, subtype="Equipment" if groups["attached"].lower() == "equipped" else "Aura")
        if kind == "counters":
            return Condition(t, kind, n, subtype=groups["counter"])
        if kind in ("graveyard", "hand"):
            return Condition(t, "cards", n, at_least, count=counts.parse(f"cards in your {kind}"))
        sels = selectors(groups["np"], articles=True)
        if sels is None or any(s.controller != "any" for s in sels):
            return None     # "you control a creature you control": no such phrase
        if whose != "any":
            sels = tuple(replace(s, controller="you") for s in sels)
        return Condition(t, kind, n, at_least, whose, sels)
    return None



def _plain(text: str, name: str) -> str:
    """The line without reminder text, with the card's name as ``~``."""
    t = re.sub(r"\s*\([^)]*\)", "", text).strip()
    if name:
        t = t.replace(name, "~")
    return re.sub(r"\bthis creature\b", "~", t, flags=re.I)


#: A restriction or requirement on every creature a noun phrase names ("Beasts can't block.", "Creatures without
#: flying can't attack.", "Other Goblin creatures you control attack each combat if able.", "All creatures attack
#: each combat if able."): (fact, rule, pattern).
_GROUP = tuple((fact, rule, re.compile(rf"^(?:All )?(?P<np>.+?) {p}\.$", re.I)) for fact, rule, p in (
    ("cant_attack_or_block", "508.1c", "can't attack or block"),
    ("cant_attack", "508.1c", "can't attack"),
    ("cant_block", "509.1b", "can't block"),
    ("must_attack", "508.1d", "attack each (?:combat|turn) if able"),
    ("must_block", "509.1c", "block each (?:combat|turn) if able"),
    ("cant_be_blocked", "509.1b", "can't be blocked"),
))


def group(text: str, name: str) -> tuple[tuple[Selector, ...], CombatLine] | None:
    """A line that restricts or requires of every creature a noun phrase names (its "you" the line's controller,
    its "other" not the line's own object), read whole: the phrase's selectors (any of them) and the line; None for
    any other line (``read`` reads those about the object itself)."""
    t = _plain(text, name)
    for fact, rule, pattern in _GROUP:
        m = pattern.match(t)
        if not m:
            continue
        np = m.group("np")
        if "~" in np or re.match(r"(?:enchanted|equipped) ", np, re.I):
            return None
        sels = selectors(np[:1].lower() + np[1:] if np.startswith("Non-") else np)
        if not sels or any("Creature" not in sel.types and not sel.subtypes for sel in sels):
            return None
        return sels, CombatLine(fact, rule)
    return None


def read(text: str, name: str) -> CombatLine | None:
    """The combat line ``text`` (of the card named ``name``) is, read whole; None if it is none of them."""
    t = _plain(text, name)
    for planeswalkers, pattern in _ATTACK_COSTS:
        m = pattern.match(t)
        if m:
            return CombatLine("attack_cost", "508.1h", cost=m.group("cost"), planeswalkers=planeswalkers)
    for pattern, case, rule in _NO_DECLARING:
        if pattern.match(t):
            return CombatLine("keyword_case", rule, case=case)
    if _EXERT.match(t):
        return CombatLine("exert", "701.43d")
    if any(p.match(t) for p in _DAMAGE_ONLY):
        return CombatLine("keyword_case", "510.1", case="always")
    for fact, rule, pattern in _PATTERNS:
        m = pattern.match(t)
        if not m:
            continue
        enchanted = m.group("who").lower() == "enchanted creature"
        if "cond" in m.groupdict():
            cond = condition(m.group("cond"))
            if cond is None or (cond.whose == "defending" and fact not in ("cant_attack", "cant_be_blocked")):
                continue
            how = (m.groupdict().get("how") or "as long as").lower()
            return CombatLine(fact, rule, condition=cond, unless=how == "unless")
        if fact in ("not_blocked_by", "only_blocked_by", "blocks_only", "cant_block_those",
                    "cant_block_or_be_blocked_by"):
            q = quality(m.group("q"))
            if q is None:
                continue
            return CombatLine(fact, rule, enchanted, quality=q)
        if fact == "not_blocked_by_weaker":
            return CombatLine("not_blocked_by", rule, quality=(("power_less_than_its",) if m.group("dir") == "less"
                                                               else ("power_greater_than_its",),))
        if fact == "max_blockers":
            return CombatLine(fact, rule, enchanted, n=1)
        if fact == "min_blockers":
            return CombatLine(fact, rule, enchanted, n=_NUMBERS[m.group("n").lower()])
        if fact == "extra_n":
            return CombatLine("extra_blocks", rule, enchanted, n=_NUMBERS[m.group("n").lower()])
        if fact == "extra_one":
            return CombatLine("extra_blocks", rule, enchanted, n=1)
        if fact == "extra_any":
            return CombatLine("extra_blocks", rule, enchanted, n=-1)
        if fact == "attack_unless":
            return CombatLine(fact, rule, enchanted, subtype=m.group("subtype"))
        return CombatLine(fact, rule, enchanted)
    return None


#: The facts the ``declaring_rule`` word says (``combat.record``), of a line with no condition.
_WORD_FACTS = frozenset(record.RULES)


def declaring_static(norm: str, printed: str) -> Ability | None:
    """The line (``norm``: normalized, the object's name written "~") as the ``declaring_rule`` static, when
    ``read`` reads it whole as a fact of that word with no condition, and the word says back the line itself
    (``record.render``: "~ can't block.", "Enchanted creature attacks each combat if able."); None for any other
    line, which stays unmodelled (and is read by ``read`` as declaring is checked, if it is a combat line)."""
    line = read(norm, "")
    if line is None or line.fact not in _WORD_FACTS or line.condition is not None:
        return None
    if line.fact in record.QUALITY_FACTS and any(part[0] not in record.QUALITY_PARTS for part in line.quality):
        return None
    args: dict = {"kind": record.NAME, "fact": line.fact}
    if line.enchanted:
        args["enchanted"] = True
    if line.n:
        args["n"] = line.n
    if line.subtype:
        args["subtype"] = line.subtype
    if line.quality:
        args["quality"] = line.quality
    try:
        static = parse_static(args)
    except DefinitionError:
        return None
    said = static.render()
    if said is None or _compared(said) != _compared(_plain(norm, "")):
        return None
    return Ability("static", static=static, source_text=printed)


def damage_static(norm: str, printed: str) -> Ability | None:
    """The line (``norm``, the object's name written "~") as the static of ``record.AS_THOUGH_UNBLOCKED`` when it is
    that line whole; None for any other line."""
    if _compared(_plain(norm, "")) != _compared(record.AS_THOUGH_UNBLOCKED_TEXT):
        return None
    return Ability("static", static=parse_static({"kind": record.AS_THOUGH_UNBLOCKED}), source_text=printed)


def _compared(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".").lower()


def of_static(static: StaticEffect) -> CombatLine:
    """The ``declaring_rule`` static as the line it says (``declaring_static``'s reading)."""
    fact = static.arg("fact")
    return CombatLine(fact, record.RULES[fact], bool(static.arg("enchanted")), n=static.arg("n", 0),
                      subtype=static.arg("subtype", ""), quality=static.arg("quality", ()))
