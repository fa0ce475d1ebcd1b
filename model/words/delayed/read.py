"""Reading sentences that create delayed triggered abilities (603.7) and that say what a player can't do this
turn (101.2, 611.2a): the phrase grammar's section "delayed" (``phrases.parse_delayed``).

"Draw a card at the beginning of the next turn's upkeep." "Exile it at the beginning of the next end step."
"At the beginning of the next end step, return that card to the battlefield under its owner's control." The
time phrase is split off the sentence where "at the beginning of" starts it or ends it; the rest is the
instruction the delayed ability holds: a word another reader reads whole with no target and no "it" (603.7c:
the delayed ability does what the effect said, "draw a card"), or an act on what the instruction before named
(the grammar's ``delayed_act``): "it" / "that creature" after an instruction with one target (608.2c), "it" /
"them" / "those tokens" after the first instruction created tokens.

"It doesn't untap during its controller's next untap step." (the section's ``untap_skip``) is tapping's
(``words.tapping.read.skip_untap_word``), which reads "it" with ``one_target_before``.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.words.until.read import those_before
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

#: "<instruction> at the beginning of ..." and "At the beginning of ..., <instruction>".
_TRAILING = patterns.compile(r"^(?P<inner>.+?) (?P<when>at the beginning of [^,]+?)\.?$", re.I)
_LEADING = patterns.compile(r"^(?P<when>at the beginning of [^,]+?), (?P<inner>.+?)\.?$", re.I)


def target_spec(phrase: str):
    """The TargetSpec of a word's target argument ("creature" or "two target creatures"), or None."""
    try:
        return phrases.parse_target(phrase if re.search(r"\btargets?\b", phrase) else "target " + phrase)
    except DefinitionError:
        return None


def one_target_before(earlier: Sequence[Effect | None]) -> bool:
    """608.2c: "it" names the object the instruction before acted on: one with exactly one target (of any
    zone: "return target creature card ... Sacrifice that creature"), or an "it" itself."""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.arg("target2"):
        return False
    if prev.arg("it"):
        return True
    target = prev.arg("target")
    if not target or target == "any target":
        return False
    spec = target_spec(target)
    return spec is not None and (spec.minimum, spec.maximum) == (1, 1) and bool(spec.objects) and not spec.players


def _made_before(earlier: Sequence[Effect | None], many: bool) -> bool:
    """"Exile it" / "Sacrifice those tokens": the tokens the first and only instruction before created."""
    if len(earlier) != 1 or earlier[0] is None or earlier[0].kind != "create_tokens":
        return False
    if any(earlier[0].arg(k) for k in ("x", "tapped", "predefined")) or "X/X" in earlier[0].arg("token"):
        return False            # read only after a stated number of tokens of stated words, untapped
    n = earlier[0].arg("n")
    return many or n == 1


def _draw_up_to(inner: str) -> int | None:
    try:
        return phrases.parse_delayed(inner, "delayed_draw")
    except DefinitionError:
        return None


def delayed_word(sentence: str, found: tuple[str, ...], earlier: Sequence[Effect | None],
                 read: Callable[[str, tuple, list], Effect | None]) -> Effect | None:
    """The ``delayed`` word of a whole sentence, or None. ``read``: the sentence reader (``lines.effect_word``)
    for the instruction the delayed ability holds."""
    s = sentence.strip()
    m = _LEADING.match(s) or _TRAILING.match(s)
    if m is None or found:
        return None         # 603.7c: the delayed abilities read here have no targets of their own
    try:
        at = phrases.parse_delayed(m.group("when"), "delayed_when")
    except DefinitionError:
        return None
    inner = m.group("inner").strip()
    inner = inner[0].upper() + inner[1:] + "."
    args: dict = {"at": at}
    try:
        act = phrases.parse_delayed(inner, "delayed_act")
    except DefinitionError:
        act = None
    if act is not None:
        args["act"] = act["act"]
        if act.get("counter"):
            args["counter"] = act["counter"]
        if _made_before(earlier, act["many"]) and act["act"] != "return_to_battlefield":
            args["made"] = True
        elif not act["many"] and one_target_before(earlier):
            args["it"] = True
        elif act["many"] and those_before(earlier):
            args["those"] = True
        else:
            return None
    elif _draw_up_to(inner) is not None:
        if not one_target_before(earlier):
            return None
        args.update({"act": "draw_up_to", "n": _draw_up_to(inner), "it": True})
    else:
        word = read(inner, (), [])
        if word is None or word.arg("it") or word.arg("target") or word.kind in ("delayed", "other"):
            if re.search(r"\btargets?\b", inner, re.I):
                return None     # a target is chosen as the spell is cast (601.2c): not deferred
            # what it will do is not read: the ability is created (603.7a) and resolving it stays unsupported
            args["unread"] = inner.rstrip(".")
        else:
            args["effect"] = word
    try:
        return parse_effect({"delayed": args})
    except DefinitionError:
        return None


def player_cant_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """The ``player_cant`` word of a whole sentence ("Target player can't play lands this turn."), or None."""
    try:
        r = phrases.parse_delayed(sentence.strip(), "player_cant")
    except DefinitionError:
        return None
    args: dict = {"what": r["what"]}
    if r["who"] == "target":
        if len(found) != 1 or not found[0].lower().startswith("target "):
            return None
        args["target"] = found[0][len("target "):].lower()
    elif found:
        return None
    else:
        args["opponents"] = True
    try:
        return parse_effect({"player_cant": args})
    except DefinitionError:
        return None


def leading(sentence: str) -> bool:
    """Is the sentence a delayed trigger written first ("At the beginning of the next end step, ...")? Such a
    delayed ability runs to the end of its paragraph: read only as the paragraph's last sentence."""
    return _LEADING.match(sentence.strip()) is not None


def delayed_paragraph(body: str) -> Effect | None:
    """A spell's paragraph that is a delayed triggered ability written first (603.7a: "At the beginning of your
    next upkeep, pay {3}{U}{U}. If you don't, you lose the game."): one ``delayed`` word whose instruction is
    the whole rest of the paragraph (read if it is one sentence a reader reads whole, else kept unread); None
    if the paragraph is not one."""
    m = re.match(r"^(?P<when>at the beginning of [^,]+?), (?P<inner>.+)$", body.strip(), re.I)
    if m is None:
        return None
    try:
        at = phrases.parse_delayed(m.group("when"), "delayed_when")
    except DefinitionError:
        return None
    inner = m.group("inner").strip()
    if re.search(r"\btargets?\b", inner, re.I):
        return None
    try:
        return parse_effect({"delayed": {"at": at, "unread": inner[0].upper() + inner[1:].rstrip(".")}})
    except DefinitionError:
        return None
