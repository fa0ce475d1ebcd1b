"""Reading the sentences of tokens (111): "Create two 1/1 white Soldier creature tokens." and "Create a 1/1 ...
token for each +1/+1 counter on ~." (``sentence_patterns``, in ``lines.effect_word``'s table), "Target opponent
creates ..." (111.2, ``player_sentence_patterns``), a token with a quoted ability (111.3, ``token_with_quote``
joins "It has "..."" to it), X tokens and tapped tokens ("Create X 1/1 green Saproling creature tokens.", "Create
an X/X green Ooze creature token, where X is the number of cards in your hand.", "Create thirteen tapped 2/2 black
Zombie creature tokens.") and predefined tokens by name ("Create a Treasure token.", 111.10): ``token_sentence``.
The frame of X and tapped tokens is the phrase grammar's ``tokens_create``; the token's words are read by the one
token reader when it is created (``words.tokens.describe``: 111.3); a count after "where X is" by ``rules.counts``
(107.3c). Also here for now: "those creatures" after a group (608.2c) and two instructions joined by "and".
"Untap those creatures." after several targets of one instruction is tapping's word: ``those_targets_after``
finds the targets and ``words.tapping.read.untap_those_word`` reads the sentence."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle.targets import find_targets
from mtgjudge.model.words.until.read import those_before, until_word
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.tokens.record import PREDEFINED
from mtgjudge.model.words.tapping.read import untap_those_word

def sentence_patterns(num: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number expression: "Create a 1/1
    colorless Thopter artifact creature token with flying for each +1/+1 counter on ~." (111.1, 608.2h), "Create
    two 1/1 white Soldier creature tokens." (111.1)."""
    return (
        (patterns.compile(r"^Create an? (\d+/\d+ [^.]+? token(?: with [a-z ]+)?) for each (\+1/\+1) counter on ~\.$",
                          re.I), "create_token_per_counter", ("token", "counter")),                # 111.1, 608.2h
        (patterns.compile(rf"^Create {num} (\d+/\d+ [^.]+? tokens?(?: with [a-z ]+)?)\.$", re.I), "create_tokens",
         ("n", "token")),                                                                            # 111.1
    )


def player_sentence_patterns(num: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: "Target opponent creates three 1/1 ... tokens"
    (111.2: the tokens are that player's)."""
    return (
        (patterns.compile(rf"^(target (?:player|opponent)) creates {num} (\d+/\d+ [^.]+? tokens?(?: with [a-z ]+)?)\.$",
                          re.I), "player_creates_tokens", ("target", "n", "token")),
    )


#: The zone of a word's target where it is not the battlefield (``lines.effect_word``): None, a player.
TARGET_ZONES = {"player_creates_tokens": None}

_CREATES = patterns.compile(r"^(?:you )?create .+ tokens?\.$", re.I)
_HAS_QUOTE = patterns.compile(r'^(?:it has|they have) ("[^"]+")\.?$', re.I)


def token_with_quote(parts: list[str]) -> list[str]:
    """111.3: "Create a 1/1 ... token. It has "[ability]"." describes one token: the two sentences are read as
    one, "Create a 1/1 ... token with "[ability]".", where the first says nothing of abilities ("with")."""
    out: list[str] = []
    for s in parts:
        m = _HAS_QUOTE.match(s)
        if m and out and _CREATES.match(out[-1]) and " with " not in out[-1]:
            out[-1] = out[-1][:-1] + f" with {m.group(1)}."
            continue
        out.append(s)
    return out


#: 111.1, 111.3: "Create two 1/1 colorless Eldrazi Spawn creature tokens with "Sacrifice ~: Add {C}."" (a quoted
#: ability: ``words.tokens.describe`` builds the token only where the compiler reads it).
_QUOTED = patterns.compile(r'^(?:you )?create (?P<n>an?|one|two|three|four|five|\d+) (?P<token>[^"]+? tokens?) with '
                           r'(?P<quote>"[^"]+")\.?$', re.I)


def _quoted(m: re.Match) -> Effect | None:
    """The ``create_tokens`` word of a token with a quoted ability (``_QUOTED``), or None."""
    token = re.sub(r"\btokens\b", "token", m.group("token")) + " with " + m.group("quote")
    try:
        return parse_effect({"create_tokens": {"n": phrases.number_word(m.group("n")), "token": token}})
    except DefinitionError:
        return None


#: "Create a Treasure token.", "Create two tapped Food tokens." (111.10: a predefined token, by its name).
_PREDEFINED = patterns.compile(r"^[Cc]reate (?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+) "
                               r"(?P<tapped>tapped )?(?P<name>[A-Z][a-z]+) tokens?\.$")
#: "..., where X is the number of cards in your hand." (107.3c)
_WHERE_X = patterns.compile(r"^(?P<rest>.+?), where X is (?P<count>[^,]+?)\.?$", re.I)


def token_sentence(sentence: str, found: tuple[str, ...] = ()) -> Effect | None:
    """The word of a sentence of this family, or None if the grammar does not read it whole: a token with a quoted
    ability, a predefined token, X tokens or tapped tokens. Plain "Create two 1/1 ... tokens." is read by
    ``sentence_patterns`` (in ``oracle.lines``' table), before this."""
    if found:
        return None
    s = sentence.strip()
    quoted = _QUOTED.match(s)
    if quoted is not None:
        return _quoted(quoted)
    predefined = _PREDEFINED.match(s)
    if predefined is not None:
        return _predefined(predefined)
    args: dict = {}
    where = _WHERE_X.match(s)
    if where is not None:
        try:
            counts.parse(where.group("count"))
        except DefinitionError:
            return None
        s, args["x_count"] = where.group("rest") + ".", where.group("count")
    try:
        r = phrases.parse(s, "tokens_create")
    except DefinitionError:
        return None
    uses_x = r["amount"] == "X" or "X/X" in r["token"]
    if not uses_x and not r["tapped"]:
        return None                 # the plain sentence is create_tokens' (one word for one sentence)
    if where is not None and not uses_x:
        return None
    if "X" in r["token"].replace("X/X", ""):
        return None                 # "X/1": not read
    args.update({"token": r["token"]})
    if r["amount"] == "X":
        args["x"] = True
    else:
        args["n"] = r["amount"]
    if r["tapped"]:
        args["tapped"] = True
    try:
        return parse_effect({"create_tokens": args})
    except DefinitionError:
        return None


def _predefined(m: re.Match) -> Effect | None:
    """A predefined token created by its name (111.10), read as the words that describe it; None for a name
    111.10 does not define here (the sentence is then no reading), or a number said in the singular with a
    plural noun or the other way round."""
    name = m.group("name")
    if name not in PREDEFINED:
        return None
    n = phrases.number_word(m.group("n")) if not m.group("n").isdigit() else int(m.group("n"))
    if (n == 1) != (not m.group(0).endswith("tokens.")):
        return None
    args: dict = {"n": n, "token": PREDEFINED[name][1], "predefined": name}
    if m.group("tapped"):
        args["tapped"] = True
    try:
        return parse_effect({"create_tokens": args})
    except DefinitionError:
        return None


# ------------------------------------------------------------------ "those creatures" after a group (608.2c)
#: "Untap those creatures." / "Untap them." (the object of the verb), "They gain flying until end of turn." /
#: "Those creatures gain haste until end of turn." (the subject).
_THOSE_OBJECT = patterns.compile(r"^(?P<verb>untap|tap) (?:those (?:creatures|permanents)|them)\.?$", re.I)
_THOSE_SUBJECT = patterns.compile(r"^(?:those (?:creatures|permanents)|they) (?P<rest>(?:gain|get)\b.+)$", re.I)
#: The words of an instruction before that act on every permanent a noun phrase names as it resolves, and change
#: none of what the stable noun phrases below read (types, subtypes, supertypes, colors, controller).
_GROUP_WORDS = ("until_end_of_turn", "untap_all", "tap_all", "pump_all")


def _stable_group(prev: Effect | None) -> str | None:
    """The noun phrase of the instruction before, if "those creatures" is exactly the permanents it names read
    again: the instruction acted on every permanent the phrase named (611.2c), and it reads only what that
    instruction (and nothing else between the two, in one resolution: no state-based action is checked, 704.3)
    can't change: card types, subtypes, supertypes, colors and controller; not tapped/untapped, keywords, power,
    toughness, "other", combat. None otherwise."""
    if prev is None or prev.kind not in _GROUP_WORDS or not prev.arg("affects"):
        return None
    if prev.kind == "until_end_of_turn" and prev.arg("control"):
        return None
    np = prev.arg("affects")
    try:
        sel = phrases.parse_np(np)
    except DefinitionError:
        return None
    if sel.untapped or sel.tapped or sel.with_keyword or sel.without_keyword or sel.stat or sel.combat \
            or sel.other or sel.chosen_type:
        return None
    if prev.arg("colors") and sel.reads_colors():
        return None         # "White creatures become black. Untap those creatures.": not "white creatures" again
    return np


def those_targets_after(sentence: str, earlier: list, read) -> Effect | None:
    """608.2c: "Untap those creatures." / "Untap them." / "They gain haste until end of turn." right after an
    instruction with one use of "target" that may choose several permanents ("Gain control of any number of target
    creatures until end of turn."): each of those targets (``words.until.read.those_before``; performed on each by
    ``resolve.run_effects``)."""
    ref = list(earlier)
    while ref and ref[-1] is not None and ref[-1].arg("those"):
        ref.pop()           # "Untap those creatures. They gain haste ...": still the targets before both
    if not those_before(ref):
        return None
    s = sentence.strip()
    if _THOSE_OBJECT.match(s) is not None:
        return untap_those_word(s)      # "Tap those creatures." is not read
    m = re.match(r"^(?:they(?: each)?|each of them) (?P<rest>(?:gains?|gets?)\b.+)$", s, re.I)
    if m is None:
        return None
    word = read(f"Those creatures {m.group('rest')}", (), ref)
    return word if word is not None and word.kind == "until_end_of_turn" and word.arg("those") else None


def group_after(sentence: str, earlier: list, read) -> Effect | None:
    """608.2c: "Untap those creatures." / "They gain haste until end of turn." right after an instruction that
    acted on the permanents a noun phrase names ("Creatures you control get +2/+1 until end of turn.", "Untap all
    creatures you control."): the same permanents, read as that noun phrase again (``_stable_group``). ``read``:
    the reader of a whole sentence (``lines.effect_word``)."""
    np = _stable_group(earlier[-1] if earlier else None)
    if np is None:
        return those_targets_after(sentence, earlier, read)
    s = sentence.strip()
    m = _THOSE_OBJECT.match(s)
    if m is not None:
        again = f"{m.group('verb').capitalize()} all {np}."
        kinds = ("untap_all", "tap_all")
    else:
        m = _THOSE_SUBJECT.match(s)
        if m is None:
            return None
        again = f"{np[0].upper()}{np[1:]} {m.group('rest')}"
        kinds = ("until_end_of_turn", "pump_all")
    word = read(again, (), earlier)
    if word is None or word.kind not in kinds or word.arg("affects") != np:
        return None
    try:
        return parse_effect({"those_group": {"again": again, "np": np, "effect": word}})
    except DefinitionError:
        return None


# ------------------------------------------------------------------ two instructions joined by "and" (608.2c)
#: "Untap target creature and gain control of it until end of turn." (Threaten), "Put a +1/+1 counter on target
#: creature and untap it." (Burst of Strength), "Until end of turn, you gain control of target creature and it
#: gains haste." (Grab the Reins): two instructions, the second naming the first one's target "it" (608.2c),
#: read as two sentences by the readers of each.
_JOINED: tuple[tuple[patterns.Pattern, str, str], ...] = (
    (patterns.compile(r"^(?P<a>untap (?:another )?target [^.]+?) and (?P<b>gain control of it until end of turn)\.?$", re.I),
     "{a}.", "{b}."),
    (patterns.compile(r"^(?P<a>put (?:an?|one|two|three) [+-]1/[+-]1 counters? on (?:another )?target [^.]+?) and "
                r"(?P<b>untap it)\.?$", re.I), "{a}.", "{b}."),
    (patterns.compile(r"^until end of turn, (?:you )?(?P<a>gain control of (?:another )?target [^.]+?) and "
                r"(?P<b>it gains [a-z ]+?)\.?$", re.I), "{a} until end of turn.", "{b} until end of turn."),
)


#: "Until end of turn, creatures you control get +1/+1 and creatures your opponents control get -1/-1." (Zealous
#: Persecution): one duration for two subjects; the second begins after an " and " with a subject's first words.
_LEAD = patterns.compile(r"^until end of turn, (?P<body>.+?)\.?$", re.I)
_SECOND_SUBJECT = patterns.compile(r" and (?=(?:target|creatures|each creature|all creatures)\b)", re.I)


def _two_subjects(s: str) -> list[str] | None:
    """611.2a: "Until end of turn, <subject> <verbs> and <subject> <verbs>." as two sentences with the same duration,
    where exactly one split reads both halves as until-end-of-turn words with their own targets."""
    m = _LEAD.match(s)
    if m is None:
        return None
    body = m.group("body")
    found = []
    for cut in _SECOND_SUBJECT.finditer(body):
        a, b = body[:cut.start()], body[cut.end():]
        halves = [f"Until end of turn, {a}.", f"Until end of turn, {b}."]
        targets = [find_targets(h) for h in halves]
        if any(t is None for t in targets):
            continue
        first = until_word(halves[0], tuple(targets[0] or ()))      # (None was passed over just above)
        second = until_word(halves[1], tuple(targets[1] or ()), [first]) if first is not None else None
        if first is not None and second is not None and not second.arg("it") and not second.arg("those"):
            found.append(halves)
    return found[0] if len(found) == 1 else None


def split_joined(sentence: str) -> list[str]:
    """The sentence as the instructions it joins with "and" (``_JOINED``, ``_two_subjects``), or itself."""
    s = sentence.strip()
    two = _two_subjects(s)
    if two is not None:
        return two
    for pattern, first, second in _JOINED:
        m = pattern.match(s)
        if m is not None:
            a, b = m.group("a"), m.group("b")
            return [first.format(a=a[0].upper() + a[1:]), second.format(b=b[0].upper() + b[1:])]
    return [s]
