"""Reading the words of tapping and untapping (``words.tapping.record``).

The statics of untapping (502.3): "~ doesn't untap during your untap step.", "Enchanted creature doesn't untap
during its controller's untap step." (and "Enchanted permanent/artifact/land", "Equipped creature"), "You may
choose not to untap ~ during your untap step.", "~ doesn't untap during your untap step if it has a depletion
counter on it.", each read whole. A condition ("... if you control ...") or
another step ("untap steps", another player's) leaves the line unmodelled.

The intervening "if ~ is tapped" / "if ~ is untapped" of a triggered ability (603.4, ``intervening``).

The sentences (701.26a-b) "Tap target creature.", "Untap all lands you control." (``all_patterns``,
``target_patterns``: rows of ``lines.effect_word``'s table, spliced where they stand in its reading order);
"Untap those creatures." after one use of "target" that chose several (``untap_those_word``, called by
``words.tokens.read.those_targets_after``, which finds those targets); and "It doesn't untap during its
controller's next untap step." (``skip_untap_word``, the grammar's ``untap_skip``): "it" after an instruction
with one target that is a permanent, or a target of its own. "Tap that creature." (``tap_it``) is read with the
sentence it is joined to, in the grammar's "until" section (``words.until.read``)."""
from __future__ import annotations

import re
from typing import Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.delayed.read import one_target_before, target_spec
from mtgjudge.model.words.until.read import those_before

_SELF = patterns.compile(r"^~ doesn't untap during your untap step\.?$")
_ATTACHED = patterns.compile(r"^(?P<subject>Enchanted|Equipped) (?P<kind>creature|artifact|land|permanent) doesn't "
                             r"untap during its controller's untap step\.?$")
_MAY = patterns.compile(r"^You may choose not to untap ~ during your untap step\.?$")
_IF_COUNTER = patterns.compile(r"^~ doesn't untap during your untap step if it has an? ([a-z]+) counter on it\.?$")
_STATUS = patterns.compile(r"^if ~ is (tapped|untapped), (.+)$", re.I)


def intervening(effect: str) -> tuple[str, str] | None:
    """603.4: a triggered ability's effect text beginning with the intervening "if ~ is tapped, " or "if ~ is
    untapped, " (the permanent's own status, 110.5): the condition (``tapped``, ``untapped``:
    ``engine.intervening.source_holds``) and the effect after it; None otherwise."""
    m = _STATUS.match(effect.strip())
    if m is None:
        return None
    return m.group(1).lower(), m.group(2)[:1].upper() + m.group(2)[1:]


def untap_static(norm: str, printed: str) -> Ability | None:
    """The line as a ``no_untap`` static, or None when it is not one read whole here."""
    s = norm.strip()
    args: dict | None = None
    counter = _IF_COUNTER.match(s)
    if _SELF.match(s):
        args = {"subject": "self"}
    elif counter is not None:
        args = {"subject": "self", "counter": counter.group(1).lower()}
    elif _MAY.match(s):
        args = {"subject": "self", "may": True}
    else:
        m = _ATTACHED.match(s)
        if m is not None:
            args = {"subject": m.group("subject").lower(), "type": m.group("kind")}
    if args is None:
        return None
    try:
        return Ability("static", static=parse_static({"kind": "no_untap", **args}), source_text=printed)
    except DefinitionError:
        return None


def all_patterns() -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: "Tap all ...", "Untap all ..." (701.26a-b)."""
    return (
        (patterns.compile(r"^Tap all ([a-z -]+?)\.$", re.I), "tap_all", ("affects",)),                        # 701.26a
        (patterns.compile(r"^Untap all ([a-z -]+?)\.$", re.I), "untap_all", ("affects",)),                    # 701.26b
    )


def self_patterns() -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: "Untap ~.", "Tap ~." (701.26a-b: the permanent
    whose ability it is)."""
    return (
        (patterns.compile(r"^Tap ~\.$", re.I), "tap_self", ()),                 # 701.26a
        (patterns.compile(r"^Untap ~\.$", re.I), "untap_self", ()),             # 701.26b
    )


def target_patterns(tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``: "Tap target creature.", "Untap up to two target
    lands." (701.26a-b); ``tgt``: the table's target phrase (with its count, 601.2c)."""
    return (
        (patterns.compile(rf"^Tap {tgt}\.$", re.I), "tap_target", ("target",)),         # 701.26a
        (patterns.compile(rf"^Untap {tgt}\.$", re.I), "untap_target", ("target",)),     # 701.26b
    )


#: "Untap those creatures." / "Untap them." (the object of the verb).
_UNTAP_THOSE = patterns.compile(r"^untap (?:those (?:creatures|permanents)|them)\.?$", re.I)


def untap_those_word(sentence: str) -> Effect | None:
    """608.2c: the ``untap_those`` word of "Untap those creatures." / "Untap them.", or None; the caller has
    found the targets of the instruction before it names (``words.tokens.read.those_targets_after``)."""
    if _UNTAP_THOSE.match(sentence.strip()) is None:
        return None
    try:
        return parse_effect({"untap_those": {"those": True}})
    except DefinitionError:
        return None


def skip_untap_word(sentence: str, found: tuple[str, ...], earlier: Sequence[Effect | None]) -> Effect | None:
    """The ``skip_untap`` word of a whole sentence, or None."""
    try:
        r = phrases.parse_delayed(sentence.strip(), "untap_skip")
    except DefinitionError:
        try:
            r = phrases.parse_delayed(sentence.strip(), "untap_skip_yours")
        except DefinitionError:
            return None
        args: dict = {"kinds": ",".join(r["kinds"])}
        if r["subject"] == "target":
            if len(found) != 1 or not found[0].lower().startswith("target "):
                return None
            args["player"] = found[0][len("target "):].lower()
        elif found:
            return None
        else:
            args["yours"] = True
        try:
            return parse_effect({"skip_untap": args})
        except DefinitionError:
            return None
    args = {"steps": r["steps"]}
    if r["subject"] == "target":
        if len(found) != 1 or not found[0].lower().startswith("target "):
            return None
        phrase = found[0][len("target "):]
        spec = target_spec(phrase)
        if spec is None or spec.zone != "battlefield" or spec.players or (spec.minimum, spec.maximum) != (1, 1):
            return None
        args["target"] = phrase
    elif r["subject"] == "those":
        if found or not those_before(earlier):
            return None
        args["those"] = True
    else:
        if found or not one_target_before(earlier):
            return None
        prev = earlier[-1]
        assert prev is not None     # one_target_before holds only of a word
        if not prev.arg("it"):
            spec = target_spec(prev.arg("target"))
            if spec is None or spec.zone != "battlefield":
                return None     # "it" must be a permanent
        args["it"] = True
    try:
        return parse_effect({"skip_untap": args})
    except DefinitionError:
        return None
