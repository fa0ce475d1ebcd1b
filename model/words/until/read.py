"""Reading one sentence of an effect as an "until end of turn" continuous effect (611.2a): the phrase grammar's
``until_effect`` (subject, verb phrases joined by "and", one duration) into the word ``until_end_of_turn``.

The subject is a target phrase (the one ``find_targets`` read in the sentence), "it" / "that creature" (the
previous instruction's target, 608.2c: read only right after an instruction with one target that is a
permanent), "~" (the source), or a noun phrase of permanents ("creatures you control", "all creatures"),
kept as written for ``phrases.parse_np``.
"""
from __future__ import annotations

import re
from typing import Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

#: The subject's words of a noun-phrase subject: from the start (after "Until end of turn, " and "All ")
#: to the first verb (noun phrases hold none of these words).
_NP_SUBJECT = patterns.compile(r"^(?:until end of turn, )?(?:all )?(?P<np>.+?) (?:also )?(?:gets?|gains?|can't|loses?|becomes?)\b",
                         re.I)     # "loses", "becomes": 613.1f, 613.1e


#: "..., where X is the number of creatures you control." (a count, rules.counts)
_WHERE_X = patterns.compile(r"^(?P<rest>.+?), where X is (?P<count>[^,]+?)\.?$", re.I)

#: "where X is its power": a characteristic of the target (608.2h); the word's name for it.
_X_STAT = patterns.compile(r"^(?:its|that creature's) (power|toughness|converted mana cost|mana value)$", re.I)
_STATS = {"power": "power", "toughness": "toughness", "converted mana cost": "mana value", "mana value": "mana value"}

#: "... until end of turn for each artifact you control."
_PER = patterns.compile(r" for each (.+?)\.?$", re.I)
#: "~ gets +2/+2 until end of turn for each creature blocking it beyond the first." (702.23a: "it" the subject,
#: the source): a count of ``rules.counts`` the noun-phrase grammar has no words for, read before it.
_PER_BLOCKING = patterns.compile(r"^(?P<rest>.+ until end of turn) for each (?P<count>creatures? blocking it"
                                 r"(?: beyond the first)?)\.?$", re.I)


def _permanents(phrase: str) -> bool:
    try:
        phrases.parse_np(phrase)
    except DefinitionError:
        return False
    return True


def _permanent_target(phrase: str) -> bool:
    try:
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return False
    return spec.zone == "battlefield" and not spec.players and bool(spec.objects)


def refers_back(earlier: Sequence[Effect | None]) -> bool:
    """608.2c: "it" names the object the instruction before acted on: one with a target that is a permanent,
    or an "it" itself."""
    prev = earlier[-1] if earlier else None
    if prev is None:
        return False
    if prev.arg("it"):
        return True
    target = prev.arg("target")
    return bool(target) and target != "any target" and _permanent_target("target " + target)


def those_before(earlier: Sequence[Effect | None]) -> bool:
    """608.2c: "those creatures" names the objects the instruction before acted on: one use of "target" of
    permanents that may choose several ("up to two target creatures", "each of up to three target creatures")."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.arg("target2") or not prev.arg("target"):
        return False
    target = prev.arg("target")
    if "target" not in target:
        return False        # "target creature": one object ("it", not "those")
    try:
        spec = phrases.parse_target(target)
    except DefinitionError:
        return False
    return spec.zone == "battlefield" and not spec.players and bool(spec.objects) and \
        (spec.maximum is None or spec.maximum > 1)


#: "until end of combat" (511.2), and the other durations a sentence may say.
_UNTIL_COMBAT = patterns.compile(r" until end of combat\b", re.I)
_OTHER_DURATION = patterns.compile(r"\b(?:until end of turn|this turn|until end of combat\b.*\buntil end of combat)\b|"
                                   r"^until end of combat\b", re.I)
#: What the engine performs only until end of turn: control changes, combat's rules for the object.
_TURN_ONLY = ("control", "cant_block", "cant_be_blocked", "must_attack", "must_be_blocked", "must_be_blocked_if_able",
              "cant_attack", "must_block")


def until_word(sentence: str, found: tuple[str, ...], earlier: Sequence[Effect | None] = ()) -> Effect | None:
    """The ``until_end_of_turn`` word of a whole sentence, or None if it is not one the grammar reads (or its
    subject is not one the engine can name)."""
    args: dict = {}
    if _UNTIL_COMBAT.search(sentence):
        # 511.2: "... until end of combat." read as its "until end of turn" twin with that duration; a sentence
        # with another duration too, or a combat rule or control change (which say "this turn"), is not read
        if _OTHER_DURATION.search(sentence):
            return None
        word = until_word(_UNTIL_COMBAT.sub(" until end of turn", sentence), found, earlier)
        if word is None or any(word.arg(k) for k in _TURN_ONLY):
            return None
        return parse_effect({"until_end_of_turn": {**dict(word.args), "until": "end_of_combat"}})
    where = _WHERE_X.match(sentence.strip())
    if where is not None:
        # 107.3e: "..., where X is the number of creatures you control": a count (rules.counts) read as the
        # effect begins (608.2h); any other definition of X leaves the sentence unread
        stat = _X_STAT.match(where.group("count"))
        if stat is not None:
            # 107.3c, 608.2h: "where X is its power": a value of the one target, read as the effect
            # begins (Rush of Blood ruling 2012-05-01)
            sentence, args["x_stat"] = where.group("rest") + ".", _STATS[stat.group(1).lower()]
        else:
            try:
                c = counts.parse(where.group("count"))
            except DefinitionError:
                return None
            if getattr(c.selector, "other", False):
                return None             # "other" than the creature the effect changes, not the source
            sentence, args["x_count"] = where.group("rest") + ".", where.group("count")
    blocking = _PER_BLOCKING.match(sentence.strip()) if where is None else None
    if blocking is not None:
        sentence, per_blocking = blocking.group("rest") + ".", blocking.group("count")
    if sentence.startswith("Non-"):
        sentence = "non-" + sentence[4:]     # "Non-Elf creatures get -2/-2 ...": the capital is the sentence's
    try:
        r = phrases.parse(sentence.strip(), "until_effect")
    except DefinitionError:
        return None
    if where is not None and "pt_x" not in r:
        return None
    subject = r.pop("subject")
    if args.get("x_stat") and (subject != "target" or len(found) != 1 or not found[0].lower().startswith("target ")):
        return None     # "its" names the one target the sentence's subject is (608.2c), nothing else
    if subject == "target":
        if len(found) != 1:
            return None
        phrase = found[0]
        if phrase.startswith("another target "):
            phrase = "target another " + phrase[len("another target "):]
        if not phrase.lower().startswith("target "):
            # a counted phrase ("Up to two target creatures"): kept whole, each target affected
            phrase = phrase[0].lower() + phrase[1:]
            if not re.match(r"^(?:(?:up to )?(?:one|two|three|four|five|\d+)|any number of) target ", phrase) or \
                    not _permanent_target(phrase):
                return None
            args["target"] = phrase
        elif not _permanent_target(phrase):
            return None
        else:
            args["target"] = phrase[len("target "):]
    elif found:
        return None
    elif subject == "it":
        if not refers_back(earlier):
            return None
        args["it"] = True
    elif subject == "self":
        args["self"] = True
    elif subject == "those":
        # "Those creatures": every target of the instruction before (608.2c), one use of "target" that may
        # choose several permanents (``resolve.run_effects``)
        if not those_before(earlier):
            return None
        args["those"] = True
    else:
        m = _NP_SUBJECT.match(sentence.strip())
        if m is None:
            return None
        np = m.group("np")
        for phrase in (np[0].lower() + np[1:], np):
            try:
                sel = phrases.parse_np(phrase)
            except DefinitionError:
                continue
            args["affects"] = phrase
            break
        else:
            return None
        # "Other creatures you control" after an earlier sentence may mean other than what that sentence named
        # ("Zombies you control get +2/+1 until end of turn. Other creatures you control get +1/+1 until end of
        # turn."), not other than the source: read only as the first sentence
        if sel.other and earlier:
            return None
    if "pt" in r and "pt_x" in r:
        return None
    if blocking is not None:
        # "for each creature blocking it": "it" is the subject, read only as the source itself (the one object
        # whose blockers the count knows); +N/+N only, as any "for each" (``ue_per``)
        if not args.get("self") or set(r) != {"pt"}:
            return None
        args["per"] = per_blocking
    elif r.pop("per", False):
        # "for each artifact you control": the noun phrase as written; "other" would be other than the target
        # (not the source the engine's phrases compare with), so it is not read
        per = _PER.search(sentence.strip()).group(1)
        args["per"] = next((p for p in (per, per[0].lower() + per[1:]) if _permanents(p)), "")
        if not args["per"] or phrases.parse_np(args["per"]).other:
            return None
        try:
            counts.parse(args["per"])       # one count (rules.counts): what it does not read stays unread
        except DefinitionError:
            return None
    if "pt" in r:
        args["power"], args["toughness"] = r.pop("pt")
    if "pt_x" in r:
        (args["power"], args["x_power"]), (args["toughness"], args["x_toughness"]) = r.pop("pt_x")
    if r.pop("cant_attack_or_block", False):      # "can't attack or block": both restrictions
        if "cant_attack" in r or "cant_block" in r:
            return None
        r["cant_attack"] = r["cant_block"] = True
    if r.pop("untap", False):
        return parse_effect({"untap_it": {"it": True}}) if not r and args.get("it") else None
    if r.pop("tap", False):         # "Tap that creature.": the word of words.tapping
        return parse_effect({"tap_it": {"it": True}}) if not r and args.get("it") else None
    args.update(r)
    try:
        return parse_effect({"until_end_of_turn": args})
    except DefinitionError:
        return None
