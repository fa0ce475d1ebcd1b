"""Sentences about damage and countering, read into words of the encoding (120, 615, 701.6).

A sentence that joins two effects with "and" ("~ deals 3 damage to any target and you gain 3 life"; "~ deals
2 damage to target creature and 2 damage to target player") is split into its parts, each read like a
sentence of its own, in the order written (608.2c). In an ability of a permanent whose trigger names the
permanent itself ("When ~ enters the battlefield, it deals 2 damage to any target"), "it" at the start of a
sentence is that permanent (201.5).

Damage compounds and prevention add-ons:

- "~ deals X damage to <one target>, where X is <a count>." and "~ deals damage to target player equal to <a
  count of what that player controls>" -> ``damage_count`` (120.3, 107.3e, 608.2h: a count of ``rules.counts``
  read as the spell resolves; "2 plus ..." and "twice ..." are counts too).
- "~ deals X damage to <target> and you gain X life[, where X is <a count>]." -> the two instructions, each
  keeping the "where X is" (the count does not change between them: no state-based action is checked during a
  resolution, 704.3, and damage moves no card).
- "~ deals N damage to each player." -> ``damage_each_player`` (120.3a, 800.4a); "~ deals damage to each
  player (opponent) equal to the number of lands they control" -> ``damage_each_count``; "~ deals damage to
  <no target> equal to <a count>" -> the count family's ``counted``.
- "~ deals N damage to target player [or planeswalker] and [N damage to] each creature that player [or that
  planeswalker's controller] controls." -> the damage, then ``damage_each_theirs`` (608.2c).
- "~ deals 2 damage to any target and 1 damage to another target." / "..., and 3 damage to a third target."
  (601.2c: "another target" is any target not chosen before); "~ deals 3 damage to each of two targets.".
- "If this spell was kicked, it deals ..." (702.33d: "it" is the spell).
- "Damage can't be prevented this turn." -> ``no_prevention`` (615.12: prevention effects don't apply to
  damage dealt while it lasts); "The damage can't be prevented." after a damage instruction: that instruction's
  damage can't be prevented (its word with ``unpreventable``).
- "Prevent the next X damage that would be dealt to <it> this turn." -> ``prevent_next_x`` (615.7, 107.3a);
  "Prevent all damage a source of your choice would deal this turn." / "Prevent the next N damage that would be
  dealt to any target this turn by a source of your choice." -> ``prevent_source_choice`` (609.7a).

Near misses stay unread: a count the engine does not read ("cards named ~ in all graveyards", "attacking
creatures"), a "where X is" whose X the body does not use, "can't be prevented" with a condition before it
("If X is 5 or more, ..."), "The damage can't be prevented" after an instruction that is not one damage
instruction, "to each player who ...", "that player" after a target that is not a player, "X targets"."""
from __future__ import annotations

import re
from typing import Callable, Sequence
from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.words.counts.read import counted_word
from mtgjudge.model.words.shields.read import shield_sentence
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect


_N = r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
_AND_GAIN = patterns.compile(rf"^(~ deals (?:{_N}|X) damage to .+?) and you gain {_N} life\.$", re.I)
_AND_DAMAGE = patterns.compile(rf"^~ deals ({_N}) damage to (.+?) and ({_N}) damage to ([^.]+?)\.$", re.I)
_IT_DEALS = patterns.compile(r"^it deals\b", re.I)
#: "Counter target spell and ~ deals 3 damage to target creature." (two instructions, 608.2c)
_COUNTER_AND = patterns.compile(r"^(Counter target [^.]+?) and (~ deals [^.]+\.)$", re.I)


def split_compound(sentence: str, self_subject: bool = False) -> list[str]:
    """The sentence as one or more sentences, each naming one effect (see the module's docstring)."""
    s = sentence.strip()
    if self_subject:
        s = _IT_DEALS.sub("~ deals", s)
    more = split_damage_compound(s)         # "... X damage to <target> and you gain X life[, where X is ...]"
    if more is not None:
        return more
    m = _AND_GAIN.match(s)
    if m:
        return [m.group(1) + ".", f"You gain {m.group(m.lastindex)} life."]
    m = _COUNTER_AND.match(s)
    if m:
        return [m.group(1) + ".", m.group(2)]
    m = _AND_DAMAGE.match(s)
    if m:
        return [f"~ deals {m.group(1)} damage to {m.group(3)}.", f"~ deals {m.group(4)} damage to {m.group(6)}."]
    return [s]


def early_patterns(num: str) -> tuple:
    """Patterns ``lines.effect_word`` tries before its own (whose "each [permanents]" would refuse these)."""
    return (
        (patterns.compile(rf"^~ deals {num} damage to each opponent\.$", re.I), "damage_each_opponent", ("n",)),  # 120.3a
    )


def sentence_patterns(num: str, tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number and target expressions."""
    return (
        (patterns.compile(rf"^~ deals X damage to {tgt}\.$", re.I), "damage_x", ("target",)),                  # 107.3a
        (patterns.compile(r"^Counter (target spell) unless its controller pays ((?:\{\d+\})+|\{X\})\.$", re.I),
         "counter_unless_pays", ("target", "cost")),                                                    # 118.12a
        (patterns.compile(r"^~ deals (\d+|one|two|three|four|five|six|seven|eight|nine|ten|X) damage divided as you choose among (one or two targets|any number of "
                    r"targets|any number of target [^.]+?|one, two,? or three targets?(?: [^.]+?)?)\.$", re.I),
         "damage_divided", ("amount", "target")),                                                       # 601.2d
        # 601.2d, 122.1: "Distribute two +1/+1 counters among one or two target creatures"
        (patterns.compile(r"^Distribute (\d+|one|two|three|four|five|six) (\+1/\+1|-1/-1) counters among (one or two target "
                    r"creatures|any number of target [^.]+?)\.$", re.I), "distribute_counters", ("n", "kind", "target")),
        # 701.14a: "Target creature you control fights target creature you don't control"; "It fights ..." /
        # "Then that creature fights ...": "it" is the target of the effect before (608.2c).
        (patterns.compile(r"^(target [^.]+?) fights ((?:another )?target [^.]+?)\.$", re.I), "fight", ("target", "target2")),
        (patterns.compile(r"^(?:then )?(it|that creature) fights ((?:another )?target [^.]+?)\.$", re.I), "fight",
         ("it", "target2")),
        # 120.3: "Target creature you control deals damage equal to its power to target creature ..." (a bite)
        (patterns.compile(r"^(target [^.]+?) deals damage equal to its power to (any target|(?:another )?target [^.]+?)\.$",
                    re.I), "bite", ("target", "target2")),
        (patterns.compile(r"^(?:then )?(it|that creature) deals damage equal to its power to (any target|(?:another )?"
                    r"target [^.]+?)\.$", re.I), "bite", ("it", "target2")),
        (patterns.compile(r"^(target creature) deals damage to itself equal to its power\.$", re.I), "bite_itself",
         ("target",)),
        # 120.3, 603.2: "... that much damage to ...": as much as the trigger event's damage
        (patterns.compile(rf"^~ deals that much damage to ({tgt})\.$", re.I), "damage_that_much", ("target",)),
        (patterns.compile(r"^~ deals that much damage to (you)\.$", re.I), "damage_that_much", ("you",)),
        # 120.3, 608.2c: "... to that creature": what the effect before acted on, or what the trigger event is about
        (patterns.compile(rf"^~ deals {num} damage to (that) creature\.$", re.I), "damage_it", ("n", "it")),
        # 120.3a, 608.2h: "... to that creature's controller": the controller of the target of the effect before
        (patterns.compile(rf"^~ deals {num} damage to (that) (?:creature|land|permanent|artifact|planeswalker|spell)'s "
                    r"controller\.$", re.I), "damage_its_controller", ("n", "it")),    # "spell"
        # 107.3a, 120.3: X damage to each permanent a phrase names (and each player)
        (patterns.compile(r"^~ deals X damage to each ([a-z ]+?) and (each player)\.$", re.I), "damage_each_x",
         ("affects", "players")),
        (patterns.compile(r"^~ deals X damage to each ([a-z ]+?)\.$", re.I), "damage_each_x", ("affects",)),
    )


Reader = Callable[[str, tuple, list], "Effect | None"]

_WHERE = patterns.compile(r"^(?P<body>.+?), where X is (?P<count>[^,.]+?)\.?$", re.I)
_AND_GAIN_X = patterns.compile(r"^(?P<damage>~ deals X damage to [^,.]+?) and you gain X life(?P<where>, where X is [^,.]+?)?"
                         r"\.?$", re.I)
_DAMAGE_X = patterns.compile(r"^~ deals X damage to (?P<target>any target|target [^,.]+?)$", re.I)
#: Words whose damage "The damage can't be prevented" may refer to: one damage instruction to one target.
_ONE_DAMAGE = frozenset({"damage", "damage_x"})


_DIGITS = r"(\d+)"
#: "Prevent the next X damage that would be dealt to any target this turn." (the X of the spell, 107.3a)
_PREVENT_X = patterns.compile(r"^Prevent the next (X) damage that would be dealt to [^,]+? this turn\.?$", re.I)
#: "~ deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target." (Cone of Flame)
_THREE = patterns.compile(rf"^~ deals {_DIGITS} damage to ([^,.]+?), {_DIGITS} damage to ([^,.]+?),? and {_DIGITS} damage to ([^,.]+?)\.?$",
                    re.I)
_KICKED_IT = patterns.compile(r"^(If (?:this spell|~) was kicked, )it (?:also )?deals\b", re.I)
_THEIRS = r"each creature that player(?: or that planeswalker's controller)? controls"
_AND_THEIRS = patterns.compile(rf"^~ deals (\d+|X) damage to (target [^.]+?) and ({_THEIRS})\.?$", re.I)
#: "~ deals 1 damage to each creature that player controls." right after damage to a target player (608.2c)
_EACH_THEIRS = patterns.compile(rf"^~ deals (\d+|X) damage to ({_THEIRS})\.?$", re.I)
#: "~ deals 1 damage to another target." (after "... to any target": Arc Trail's second part)
_ANOTHER = patterns.compile(rf"^~ deals {_DIGITS} damage to (another target|a third target)\.?$", re.I)
#: "~ deals 2 damage to each of two targets." / "... each of up to three targets." (Pinnacle of Rage)
_EACH_OF = patterns.compile(r"^~ deals (\d+|X) damage to each of ((?:up to )?(?:two|three|four|five|six) targets)\.?$", re.I)


def split_damage_compound(s: str) -> list[str] | None:
    """"~ deals X damage to <target> and you gain X life[, where X is C]." and "~ deals N damage to A, M
    damage to B, and K damage to C." as their sentences (608.2c: in the order written), or None."""
    k = _KICKED_IT.match(s.strip())
    if k is not None:
        # 702.33d: "If this spell was kicked, it [also] deals ...": "it" is this spell (~), the subject before
        return [k.group(1) + "~ deals" + s.strip()[k.end():]]
    b = _AND_THEIRS.match(s.strip())
    if b is not None:
        # "~ deals 4 damage to target player or planeswalker and each creature that player or that planeswalker's
        # controller controls." (Flame Wave): the same amount to both, in the order written
        return [f"~ deals {b.group(1)} damage to {b.group(2)}.", f"~ deals {b.group(1)} damage to {b.group(3)}."]
    t = _THREE.match(s.strip())
    if t is not None:
        return [f"~ deals {t.group(k)} damage to {t.group(k + 1)}." for k in (1, 3, 5)]
    m = _AND_GAIN_X.match(s.strip())
    if m is None:
        return None
    where = m.group("where") or ""
    return [f"{m.group('damage')}{where}.", f"You gain X life{where}."]


_TARGET_EQUAL = patterns.compile(r"^~ deals damage to (?P<target>any target|target [^,.]+?) equal to (?P<count>[^,.]+?)\.?$",
                           re.I)


def damage_where(sentence: str, found: Sequence[str]) -> Effect | None:
    """"~ deals X damage to <one target>, where X is <a count>." as ``damage_count``, or None. A count of what
    "that player controls" / "they control" is the target player's (``of_target``; the target is a player)."""
    m = _WHERE.match(sentence.strip())
    d = _DAMAGE_X.match(m.group("body")) if m is not None else None
    if d is None:
        m = d = _TARGET_EQUAL.match(sentence.strip())
        if m is None or not _THEIR.search(m.group("count")):
            return None         # "~ deals damage to target creature equal to ...": the refs family's reading
    if len(found) != 1:
        return None
    phrase = d.group("target")[0].lower() + d.group("target")[1:]
    if found[0][:1].lower() + found[0][1:] != phrase:
        return None
    count = m.group("count")
    of_target = bool(_THEIR.search(count))
    if of_target:
        count = _THEIR.sub("you control", count)
        if re.search(r"\b(that player|they|them|their)\b", count, re.I):
            return None
    try:
        c = counts.parse(count)
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return None
    if c.kind == "this_way" or getattr(c.selector, "other", False):
        return None             # "this way" is another instruction's; "other" than what? not read
    if spec.zone != "battlefield" or spec.minimum != 1 or spec.maximum != 1:
        return None
    if of_target and (spec.objects or not spec.players):
        return None             # "that player" is the target only when the target is a player
    target = phrase if phrase == "any target" else phrase[len("target "):]
    try:
        return parse_effect({"damage_count": {"target": target, "count": count,
                                              **({"of_target": True} if of_target else {})}})
    except DefinitionError:
        return None


#: "~ deals damage to each player equal to the number of lands they control." (Acidic Soil, Price of Progress)
_EACH_EQUAL = patterns.compile(r"^~ deals damage to each (player|opponent) equal to (?P<count>[^,.]+?)\.?$", re.I)
#: "... that player controls" / "... they control": the count of each player in turn (read as "you control")
_THEIR = patterns.compile(r"\b(?:that player controls|they control)$", re.I)


def each_player_count(sentence: str, found: Sequence[str]) -> Effect | None:
    """"~ deals damage to each player (opponent) equal to <a count of what that player controls>" as
    ``damage_each_count`` (the count written for "you", evaluated for each player), or None."""
    m = _EACH_EQUAL.match(sentence.strip())
    if m is None or found:
        return None
    count = m.group("count")
    if not _THEIR.search(count):
        return None             # a count of the spell's controller's, or of no one: not this reading
    mine = _THEIR.sub("you control", count)
    if re.search(r"\b(that player|they|them|their)\b", mine, re.I):
        return None
    try:
        c = counts.parse(mine)
    except DefinitionError:
        return None
    if c.kind != "permanents" or getattr(c.selector, "other", False):
        return None
    try:
        return parse_effect({"damage_each_count": {"count": mine,
                                                   **({"opponents": True} if m.group(1).lower() == "opponent"
                                                      else {})}})
    except DefinitionError:
        return None


_BY_CHOICE = patterns.compile(r"^(?P<rest>Prevent the next \d+ damage that would be dealt to (?:any target|target [^,.]+?|you) "
                        r"this turn) by a source of your choice\.?$", re.I)


def source_choice(sentence: str, found: Sequence[str], earlier: Sequence[Effect | None]) -> Effect | None:
    """"Prevent all damage a source of your choice would deal this turn." and "Prevent the next N damage that
    would be dealt to <any target> this turn by a source of your choice." as ``prevent_source_choice`` (609.7a:
    the source is chosen as the spell resolves), or None."""
    s = sentence.strip()
    if re.fullmatch(r"Prevent all damage a source of your choice would deal this turn\.?", s, re.I):
        return None if found else parse_effect("prevent_source_choice")
    m = _BY_CHOICE.match(s)
    if m is None:
        return None
    word = shield_sentence(m.group("rest") + ".", found, earlier)
    if word is None or word.kind != "prevent_next" or word.arg("it") or word.arg("self"):
        return None
    try:
        return parse_effect({"prevent_source_choice": dict(word.args)})
    except DefinitionError:
        return None


_EQUAL_TO = (patterns.compile(r"^~ deals damage to (?P<what>[^.]+?) equal to (?P<count>[^,.]+?)\.?$", re.I),
             patterns.compile(r"^~ deals damage equal to (?P<count>[^,.]+?) to (?P<what>[^.]+?)\.?$", re.I))


def damage_equal_untargeted(sentence: str, found: Sequence[str], earlier: Sequence[Effect | None],
                            read: Reader) -> Effect | None:
    """"~ deals damage to each creature with flying equal to your devotion to green." (no target): the count
    family's ``counted`` word (``words.counts.read``: the sentence with its amount, read by ``read``, the other
    readers, and the count read as it resolves, 608.2h), or None."""
    if found:
        return None
    for pattern in _EQUAL_TO:
        m = pattern.match(sentence.strip())
        if m is None or re.search(r"\btarget|\bthat player|\bthey\b|\btheir\b", m.group("what") + " " + m.group("count"),
                                  re.I):
            continue
        return counted_word(f"~ deals X damage to {m.group('what')}, where X is {m.group('count')}.", (),
                            lambda t: read(t, (), list(earlier)))
    return None


def each_theirs(sentence: str, found: Sequence[str], earlier: Sequence[Effect | None]) -> Effect | None:
    """"~ deals N damage to each creature that player [or that planeswalker's controller] controls." right after
    an instruction dealing damage to one target player [or planeswalker] (608.2c: "that player" is that target)
    as ``damage_each_theirs``, or None."""
    m = _EACH_THEIRS.match(sentence.strip())
    prev = earlier[-1] if earlier else None
    if m is None or found or prev is None or prev.kind not in ("damage", "damage_x") or prev.arg("it"):
        return None
    try:
        spec = phrases.parse_target(prev.arg("target") if "target" in prev.arg("target").split()
                                    else "target " + prev.arg("target"))
    except DefinitionError:
        return None
    walkers = any("Planeswalker" in o.types for o in spec.objects)
    says_walker = "planeswalker" in m.group(2).lower()
    if spec.minimum != 1 or spec.maximum != 1 or not spec.players or walkers != says_walker or \
            any("Planeswalker" not in o.types for o in spec.objects):
        return None             # the target is one player (or planeswalker), as the sentence names it
    amount = {"x": True} if m.group(1).upper() == "X" else {"n": int(m.group(1))}
    try:
        return parse_effect({"damage_each_theirs": {**amount, "it": True}})
    except DefinitionError:
        return None


def damage_compound_sentence(sentence: str, found: Sequence[str], earlier: Sequence[Effect | None],
                     read: Reader) -> Effect | None:
    """The word of a sentence of damage compounds (the grammar's section on damage compounds, ``damage_compound_effect``, and the
    readers above); ``read(sentence, found, earlier)``: the other readers (``lines.effect_word``)."""
    word = damage_where(sentence, found) or each_player_count(sentence, found) or \
        damage_equal_untargeted(sentence, found, earlier, read)
    if word is not None:
        return word
    x = _PREVENT_X.match(sentence.strip())
    if x is not None:
        # 615.7, 107.3a: the shields family's "Prevent the next N damage ..." read with N written, then X kept
        word = shield_sentence(sentence.strip()[:x.start(1)] + "1" + sentence.strip()[x.end(1):], found, earlier)
        if word is None or word.kind != "prevent_next":
            return None
        try:
            return parse_effect({"prevent_next_x": {k: v for k, v in word.args if k != "n"}})
        except DefinitionError:
            return None
    word = source_choice(sentence, found, earlier)
    if word is not None:
        return word
    word = each_theirs(sentence, found, earlier)
    if word is not None:
        return word
    for pattern in (_ANOTHER, _EACH_OF):
        m = pattern.match(sentence.strip())
        if m is None or len(found) != 1 or found[0].lower() != m.group(2).lower():
            continue
        if m.group(1).upper() == "X":
            return parse_effect({"damage_x": {"target": found[0]}})        # 107.3a
        return parse_effect({"damage": {"n": int(m.group(1)), "target": found[0]}})   # 120.3, 601.2c
    if found:
        return None
    try:
        r = phrases.parse(sentence.strip(), "damage_compound_effect")
    except DefinitionError:
        return None
    kind = r.pop("word")
    try:
        return parse_effect({kind: r} if r else kind)
    except DefinitionError:
        return None


def unpreventable_after(sentence: str, words: list) -> bool:
    """608.2c: "The damage can't be prevented." right after one damage instruction (to a target): that
    instruction's damage can't be prevented (its word gets ``unpreventable``, in place in ``words``)."""
    if not re.fullmatch(r"the damage can't be prevented\.?", sentence.strip(), re.I):
        return False
    prev = words[-1] if words else None
    if prev is None or prev.kind not in _ONE_DAMAGE or prev.arg("unpreventable"):
        return False
    try:
        words[-1] = parse_effect({prev.kind: {**dict(prev.args), "unpreventable": True}})
    except DefinitionError:
        return False
    return True
